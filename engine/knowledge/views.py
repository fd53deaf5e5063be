"""Hidden information as a view: what one player may see of the state and the events.

``observe(state, player)`` returns a copy of the state in which every card that player
cannot see is replaced by ``HIDDEN`` (counts are kept: hand sizes are open knowledge).
Nobody sees deck order, not even the owner; the opponent's hand and face-down attack
are hidden; a face-down wild swing is hidden from both; the cards of a secret sealed
area (Arakune's, ``CardSealedFaceDown``) are hidden from the opponent, and so is which
face-down buddy token is which (Hazama's Ouroboros, ``BuddyPlacedFaceDown``: each
mechanic's record hides its own secrets, ``MechanicState.hide_from``). A season mechanic's areas
(Under Night's set-aside and character areas, ``MechanicState.area_cards``) are open to both
players, as every area but the hand and deck is (UNI rulebook, The Play Area). ``redact(event, viewer)`` does
the same for one event, so a single omniscient log serves all three perspectives.
Agents see only ``observe``'s view: the match loop hands them a ``glance``, the same view
without a copy of what they may see. ``counters`` are the seasons' open numbers (overdrive, a
partner's life...), shown by every board with no per-season code.
"""

from __future__ import annotations

import msgspec

from engine.cards.catalog import Catalog
from engine.core import events as ev
from engine.core.hooks.registry import seat_mechanics
from engine.core.ids import HIDDEN as HIDDEN
from engine.core.ids import Player, Zone
from engine.core.state import AttackBit, AttackSide, SpaceObject, State, secret_sealed
from engine.core.state.mechanic import MECHANICS_ATTR


def _hide(cards: list[int]) -> list[int]:
    return [HIDDEN] * len(cards)


def observe(state: State, player: Player | None) -> State:
    """A copy of ``state`` as ``player`` sees it (``None``: omniscient, nothing hidden):
    a ``glance`` made a copy to keep or change, so what a seat may see is said once."""
    if player is None:
        return state.copy()
    return glance(state, player).copy()


def glance(state: State, player: Player) -> State:
    """``player``'s view of ``state`` as ``observe`` gives it (equal to it), without copying
    what ``player`` may see: the hidden zones are new lists of ``HIDDEN``, the players and
    attack sides are new structs, the mechanics' records are copied (each hides its own
    secrets), and every other list is the live state's own. For a decision made at once
    (``engine.play.match`` hands it to an agent): it is valid until the state changes, and
    must never be changed; ``observe`` gives a copy to keep or change."""
    players = []
    for who, p in enumerate(state.players):
        if who == player:
            players.append(msgspec.structs.replace(p, deck=_hide(p.deck)))
            continue
        face_down = secret_sealed(state, who)
        sealed = [HIDDEN if card in face_down else card for card in p.sealed] if face_down \
            else p.sealed
        players.append(msgspec.structs.replace(p, deck=_hide(p.deck), hand=_hide(p.hand),
                                               sealed=sealed))
    strike = state.strike
    if strike is not None:
        sides = []
        for owner, side in zip(_SEATS, strike.sides, strict=True):
            if _attack_visible(side, owner, player):
                sides.append(side)
            else:
                sides.append(msgspec.structs.replace(
                    side, cards=_hide(side.cards),
                    attack=None if side.attack is None else HIDDEN))
        strike = msgspec.structs.replace(strike, sides=sides)
    view = msgspec.structs.replace(state, players=players, strike=strike)
    mechanics = state.__dict__.get(MECHANICS_ATTR)
    if mechanics:
        view.__dict__[MECHANICS_ATTR] = {
            name: msgspec.msgpack.decode(_ENCODER.encode(record), type=type(record))
            for name, record in mechanics.items()}
        for mechanic in view.mechanics.values():
            mechanic.hide_from(view, player)
    return view


_ENCODER = msgspec.msgpack.Encoder()
_SEATS = (Player.P1, Player.P2)


def _attack_visible(side: AttackSide, owner: Player, viewer: Player) -> bool:
    if side.revealed:
        return True
    return owner == viewer and not side.wild


def _zone_visible(zone: Zone, owner: Player, viewer: Player) -> bool:
    if zone is Zone.DECK:
        return False
    if zone is Zone.HAND:
        return owner == viewer
    return True


def _looked_at(event: ev.CardMoved, viewer: Player) -> bool:
    """A card moved within ``viewer``'s own deck: only ever one they looked at and put
    back in the order they chose (``choose_cards_from_top_deck``'s tuck: Morathi's Casting
    Bones), so they know which card it is (core rulebook, The Play Area, Deck)."""
    return event.player == viewer and event.src is Zone.DECK and event.dst is Zone.DECK


def redact(event: ev.Event, viewer: Player | None) -> ev.Event:
    """``event`` as ``viewer`` may see it (``None``: omniscient)."""
    if viewer is None:
        return event
    if isinstance(event, ev.DeckShuffled | ev.DeckReshuffled | ev.DiscardShuffledIntoDeck):
        return msgspec.structs.replace(event, order=(HIDDEN,) * len(event.order))
    if isinstance(event, ev.CardMoved):
        if _zone_visible(event.src, event.player, viewer) or _zone_visible(
            event.dst, event.player, viewer
        ) or _looked_at(event, viewer):
            return event
        return msgspec.structs.replace(event, card=HIDDEN)
    if isinstance(event, ev.PositionEdited):  # a built position's zone, as a move's
        if event.kind is not ev.EditKind.ZONE or _zone_visible(event.zone, event.player,
                                                                viewer):
            return event
        return msgspec.structs.replace(event, cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, ev.CardsCreated):  # which cards: the owner's knowledge
        if event.player == viewer:
            return event
        return msgspec.structs.replace(event, card_ids=("",) * len(event.card_ids))
    if isinstance(event, ev.CardSealedFaceDown):  # a secret sealed area: the owner's
        return event if event.player == viewer else msgspec.structs.replace(event, card=HIDDEN)
    if isinstance(event, ev.BuddyPlacedFaceDown):  # which token: the owner's knowledge
        if event.player == viewer:
            return event
        return msgspec.structs.replace(event, buddy=event.shown_as)
    if isinstance(event, ev.AttackSet):
        if event.player == viewer and not event.wild:
            return event
        return msgspec.structs.replace(event, cards=(HIDDEN,) * len(event.cards))
    return event


def space_objects(state: State) -> list[SpaceObject]:
    """Everything the season mechanics keep on arena spaces (Trap boosts, buddies), by
    space then owner. Open to both players, so the same for every view."""
    found = [obj for mechanic in state.mechanics.values() for obj in mechanic.space_objects(state)]
    return sorted(found, key=lambda obj: (obj.space, obj.owner, obj.kind, obj.name,
                                          -1 if obj.card is None else obj.card))


def named_areas(state: State, who: Player) -> dict[str, list[int]]:
    """``who``'s areas beyond the core zones (set-aside, character areas), by name, from
    every mechanic. Open to both players (UNI rulebook, The Play Area)."""
    areas: dict[str, list[int]] = {}
    for mechanic in state.mechanics.values():
        for name, cards in mechanic.named_areas(who).items():
            areas.setdefault(name, []).extend(cards)
    return areas


def counters(state: State, catalog: Catalog, who: Player) -> dict[str, int]:
    """``who``'s numbers beyond the core's, by name (overdrive count, a tagged-out
    partner's life, whether a Critical can be paid for), from every mechanic attached to
    that seat (``Mechanic.counters``) then every mechanic record
    (``MechanicState.counters``). Open to both players."""
    found: dict[str, int] = {}
    for mechanic in seat_mechanics(state, catalog, who):
        found.update(mechanic.counters(state, who))
    for record in state.mechanics.values():
        found.update(record.counters(who))
    return found


def located_cards(state: State) -> set[int]:
    """Every real card reference ``state`` places somewhere: a zone, an attack or a
    mechanic's area (``HIDDEN`` placeholders of a view left out)."""
    seen: set[int] = set()
    for p in state.players:
        for zone in (p.deck, p.hand, p.discard, p.gauge, p.boosts, p.sealed):
            seen.update(zone)
    for who in range(len(state.players)):  # a mechanic's areas: open (UNI rulebook)
        for mechanic in state.mechanics.values():
            seen.update(mechanic.area_cards(who))
    if state.strike is not None:
        for side in state.strike.sides:
            seen.update(side.cards)
    seen.discard(HIDDEN)
    return seen


def hidden_cards(state: State) -> set[int]:
    """Every card reference that appears nowhere in ``state`` as a real card."""
    return set(state.card_defs) - located_cards(state)


CENTER = "center"
"""``attack_origin`` of an attack measured from the arena's center space (Mika's Galaxy)."""


def attack_origin(state: State, who: Player) -> str | None:
    """Where ``who``'s attack in the strike in progress measures its range from, when not
    from its fighter: ``CENTER``, or a buddy (its id, or a placed boost's name) any
    mechanic names; None: from the fighter, or no strike. Open to both players."""
    if state.strike is None:
        return None
    if state.strike.sides[who].flags & AttackBit.RANGE_FROM_CENTER:
        return CENTER
    for mechanic in state.mechanics.values():
        origin = mechanic.attack_origin(state, who)
        if origin is not None:
            return origin
    return None
