"""Position export: a folded ``State`` as a scenario-builder recipe (``Scenario.from_recipe``).

``export_position(state)`` states the table between turns (before a ``TurnStarted``:
the position the builder's game starts from, ``engine.rules.turn.resume``), or where an
attack is to be set (the recipe's ``strike``, ``first_sets`` or ``second_sets``: the
set attack goes back to the hand, a wild swing to the top of the deck) as the JSON
recipe ``exceed play --position`` reads: each seat's space, life, every zone as full
card ids in order (the deck whole, ``deck_rest="none"``), Exceed, reshuffles left, the
set-aside cards and named areas, and each season mechanic's own fields
(``Mechanic.recipe``: Tag Team values, overdrive, lightning rods, Traps, buddies...), with
the active player and turn.
Building the recipe gives back the same position up to which copy of a card is which:
``position_signature`` compares two states by card ids, and ``ref_map`` pairs each card
reference of the original with the built one in the same place (the builder takes
copies in deck-list order), so decisions can be carried over (``map_decision``).

What a recipe cannot carry is listed in ``Export.gaps`` (one line each): a strike past
the setting of its attacks, turn-long flags (bonus actions, a used character bonus, a skipped draw...),
sustained or delayed boosts, a Reading, an opponent's card held in a zone, two Traps of
one card, a face-down buddy, and any season record no mechanic's recipe states
(``stated_keys``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import msgspec

from engine.cards.catalog import Catalog
from engine.cards.team import spec_of
from engine.core.decisions import Decision
from engine.core.hooks.registry import MECHANICS
from engine.core.ids import CARDS_PER_PLAYER_BASE, Player
from engine.core.state import POSITION, SET_ASIDE, PlayerState, State, StrikeRecord
from engine.knowledge.views import named_areas, space_objects


def stated_keys() -> frozenset[str]:
    """The ``State.mechanics`` records a recipe states: a built position's created
    cards, the set-aside cards, and every registered mechanic's ``recipe_keys``."""
    return frozenset({POSITION, SET_ASIDE}).union(*(m.recipe_keys for m in MECHANICS))


_TURN_FLAGS = ("sustained", "boosts_to_gauge", "reading", "blocks_passing",
               "used_character_bonus", "skip_end_of_turn_draw", "draw_from_bottom",
               "delayed_boosts", "partner_draw_from_bottom")
"""``PlayerState`` fields no recipe states; a non-default value is a gap."""
_ZONES = ("hand", "gauge", "boosts", "discard", "sealed", "deck")
_Names = Callable[[Sequence[int], str], list[str]]


class Export(msgspec.Struct, kw_only=True):
    """A position as a recipe: the seat specs, the recipe and what it leaves out."""

    p1: str
    p2: str
    recipe: dict[str, object]
    gaps: list[str]
    foreign: list[str] = msgspec.field(default_factory=list)
    """The gaps that are an opponent's card held in a zone or area (Arakune's overdrive,
    a sealed area): its owner's seat then lacks a card of its deck list, so the recipe
    cannot be built at all (the other gaps are only left out)."""


def export_position(state: State) -> Export:
    """``state`` (between turns: no strike in progress) as a builder recipe."""
    gaps: list[str] = []
    stated = stated_keys()
    strike = _strike(state, gaps)
    if state.bonus_actions:
        gaps.append(f"{state.bonus_actions} bonus action(s) pending")
    for key, record in sorted(state.mechanics.items()):
        if key in stated or record == type(record)():
            continue
        if isinstance(record, StrikeRecord) and (state.strike is None
                                                or record.strike != state.strikes):
            continue
        gaps.append(f"season record {key!r} is not stated by a recipe")
    recipe: dict[str, object] = {}
    foreign: list[str] = []
    for who in (Player.P1, Player.P2):
        recipe[who.label] = _seat(state, who, gaps, foreign)
    recipe["active"] = state.active.label
    recipe["turn"] = state.turn
    if strike is not None:
        recipe["turn"] = max(state.turn - 1, 0)
        recipe["strike"] = strike
        for who in (Player.P1, Player.P2):
            side = state.strike.sides[who] if state.strike is not None else None
            if side is None or not side.cards:
                continue
            seat = recipe[who.label]
            assert isinstance(seat, dict)
            names = [state.card_defs[r] for r in side.cards]
            if side.wild:
                seat["deck"] = names + list(seat["deck"])
            else:  # first: the builder sets the first copies of a name in the hand, so
                # another copy of the same card keeps its place in the hand's order
                seat["hand"] = names + list(seat["hand"])
    return Export(p1=spec_of(state.players[0]), p2=spec_of(state.players[1]), recipe=recipe,
                  gaps=gaps, foreign=foreign)


def _strike(state: State, gaps: list[str]) -> dict[str, object] | None:
    """A strike whose attacks are being set, as the recipe's ``strike`` (its attacks
    go back to the hand, a wild swing to the top of the deck, for the builder to set
    again); None between strikes, or past the setting (a gap)."""
    strike = state.strike
    if strike is None:
        return None
    attacker, defender = strike.sides[strike.attacker], strike.sides[strike.defender]
    if strike.attacker != state.active or defender.cards or state.turn < 1:
        gaps.append("a strike past the setting of its attacks (or not the active player's) "
                    "is not stated")
        return None
    if any(side.wild and not side.cards for side in strike.sides):
        gaps.append("a side marked wild before it set an attack is not stated")
        return None
    if not attacker.cards:
        return {"step": "first_sets"}
    attack: object = "wild" if attacker.wild else [state.card_defs[r] for r in attacker.cards]
    return {"step": "second_sets", strike.attacker.label: attack}


def _seat(state: State, who: Player, gaps: list[str], foreign: list[str]
          ) -> dict[str, object]:
    p = state.players[who]
    defs = state.card_defs
    created = set(state.created_cards())
    base = CARDS_PER_PLAYER_BASE * who

    def own(ref: int) -> bool:
        return base <= ref < base + CARDS_PER_PLAYER_BASE

    def names(refs: Sequence[int], where: str) -> list[str]:
        held = [r for r in refs if not own(r)]
        if held:
            gap = (f"{who.label}: {where} holds the opponent's card(s) "
                   f"{', '.join(defs[r] for r in held)}; left out")
            gaps.append(gap)
            foreign.append(gap)
        return [defs[r] for r in refs if own(r) and r not in created]

    seat: dict[str, object] = {"space": p.space, "life": max(p.life, 1)}
    if p.life < 1:
        gaps.append(f"{who.label}: life {p.life} (a recipe states 1 or more)")
    extra: dict[str, list[str]] = {}
    for zone in _ZONES:
        refs: list[int] = getattr(p, zone)
        seat[zone] = names(refs, zone)
        made = [defs[r] for r in refs if r in created]
        if made:
            extra[zone] = made
            if [r for r in refs if r in created] != refs[len(refs) - len(made):]:
                gaps.append(f"{who.label}: created cards in {zone} are stated after the "
                            "others")
    if extra:
        seat["extra"] = extra
    seat["deck_rest"] = "none"
    seat["exceeded"] = p.exceeded
    seat["reshuffles_left"] = 0 if p.reshuffled else 1
    for field in _TURN_FLAGS:
        if getattr(p, field) != getattr(_blank(p), field):
            gaps.append(f"{who.label}: {field} = {getattr(p, field)!r} is not stated")
    _season(state, who, seat, names, gaps)
    return seat


class _ExportSeat:
    """One seat being exported, as a mechanic's ``recipe`` sees it (``RecipeSeat``)."""

    def __init__(self, state: State, who: Player, names: _Names, gaps: list[str]) -> None:
        self.state, self.who, self.names, self.gaps = state, who, names, gaps
        self.catalog: Catalog | None = None  # a recipe reads the state alone

    def gap(self, line: str) -> None:
        self.gaps.append(line)

    def take(self, name: str) -> int:
        raise NotImplementedError  # building only

    def card_id(self, name: str) -> str:
        raise NotImplementedError  # building only


def _season(state: State, who: Player, seat: dict[str, object], names: _Names,
            gaps: list[str]) -> None:
    """The set-aside cards and named areas of ``who``, then each mechanic's fields."""
    records = state.mechanics
    aside = records.get(SET_ASIDE)
    seat["set_aside"] = names(aside.named_areas(who).get("set_aside", []) if aside else [],
                              "set-aside")
    own = {SET_ASIDE}.union(*(m.recipe_areas for m in MECHANICS))
    areas: dict[str, list[str]] = {}
    for record in records.values():
        for name, cards in record.named_areas(who).items():
            if name not in own:
                areas.setdefault(name, []).extend(names(cards, f"area {name}"))
    if areas:
        seat["areas"] = areas
    place = _ExportSeat(state, who, names, gaps)
    for mechanic in MECHANICS:
        seat.update(mechanic.recipe(place))  # type: ignore[arg-type]


def _blank(p: PlayerState) -> PlayerState:
    return PlayerState(character=p.character, life=p.life, space=p.space)


# --- comparing a built position with its original ---------------------------------------


def places(state: State) -> dict[str, list[int]]:
    """Every place holding cards, by name (``p1.hand``, ``p2.area.overdrive``...), with
    its card references in order."""
    found: dict[str, list[int]] = {}
    for who in (Player.P1, Player.P2):
        p = state.players[who]
        for zone in _ZONES:
            found[f"{who.label}.{zone}"] = list(getattr(p, zone))
        for name, cards in sorted(named_areas(state, who).items()):
            found[f"{who.label}.area.{name}"] = list(cards)
        if state.strike is not None:
            found[f"{who.label}.strike"] = list(state.strike.sides[who].cards)
    return {name: cards for name, cards in found.items() if cards}


def position_signature(state: State) -> dict[str, object]:
    """What a position is, card copies aside: each place's card ids in order, life,
    spaces, Exceed, reshuffles, Tag Team values, arena objects, the active player, the
    turn and the winner."""
    defs = state.card_defs
    sig: dict[str, object] = {
        name: [defs[r] for r in cards] for name, cards in places(state).items()}
    for who in (Player.P1, Player.P2):
        p = state.players[who]
        sig[who.label] = (spec_of(p), p.life, p.space, p.exceeded, p.reshuffled,
                          p.partner_life, p.partner_exceeded)
    sig["objects"] = sorted((o.space, int(o.owner), o.kind, o.name,
                             "" if o.card is None else defs[o.card])
                            for o in space_objects(state))
    sig["turn"] = (state.active.label, state.turn, state.phase.name,
                   None if state.winner is None else state.winner.label)
    if state.strike is not None:
        sig["strike"] = (state.strike.attacker.label,
                         [side.wild for side in state.strike.sides])
    return sig


def ref_map(original: State, built: State) -> dict[int, int]:
    """Each card reference of ``original`` -> the one in the same place of ``built``."""
    mapping: dict[int, int] = {}
    others = places(built)
    for name, cards in places(original).items():
        for old, new in zip(cards, others.get(name, []), strict=False):
            if original.card_defs[old] == built.card_defs.get(new):
                mapping[old] = new
    return mapping


_CARD_FIELDS = ("card", "cards")


def map_decision(decision: Decision, mapping: Mapping[int, int]) -> Decision:
    """``decision`` with its card references (fields ``card``/``cards``) mapped."""
    changes: dict[str, object] = {}
    for field in _CARD_FIELDS:
        value = getattr(decision, field, None)
        if isinstance(value, int):
            changes[field] = mapping.get(value, value)
        elif isinstance(value, tuple):
            changes[field] = tuple(mapping.get(r, r) for r in value)
    return msgspec.structs.replace(decision, **changes) if changes else decision
