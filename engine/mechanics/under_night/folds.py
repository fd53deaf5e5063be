"""Under Night In-Birth's folds: the events of ``engine.core.events.under_night``, and what
runs right after a core event's fold (``ALSO``): a played Trap stops being one when it
leaves its owner's boost area, and an opponent's card returns to its owner's discard
when it would enter an area it may not be in (UNI rulebook, FAQ).

``UnderNightState`` (``State.mechanics["under_night"]``) is created by the first of
these folds, so a game without a UNI fighter never has it and hashes as before.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events import CardMoved, PlayerMoved, TurnEnded
from engine.core.events.under_night import (
    AfterSetEffectsDue,
    AfterSetEffectsPending,
    AttackExEnded,
    AttackInvalidated,
    AttackMadeEx,
    BoostNamedCard,
    CardEnteredArea,
    Reverted,
    StartOfTurnStrikeForced,
    StrikeTurnNoted,
    TrapPlaced,
    TrapSprung,
    TrapStopsMovement,
)
from engine.core.ids import CARDS_PER_PLAYER_BASE, Zone, owner_of
from engine.core.state import State
from engine.mechanics.under_night.state import (
    TRAP_STOPS,
    TrapStopState,
    ensure,
    of,
    trap_stops,
    traps_stop_now,
)


def _made_ex(state: State, e: AttackMadeEx) -> None:
    assert state.strike is not None, "strike event outside a strike"
    state.strike.sides[e.player].ex = True


def _ex_ended(state: State, e: AttackExEnded) -> None:
    assert state.strike is not None, "strike event outside a strike"
    state.strike.sides[e.player].ex = False


def _after_set_pending(state: State, e: AfterSetEffectsPending) -> None:
    ensure(state).after_set[e.player].extend(e.effects)


def _after_set_due(state: State, e: AfterSetEffectsDue) -> None:
    ensure(state).after_set[e.player] = []


def _reverted(state: State, e: Reverted) -> None:
    state.players[e.player].exceeded = False


def _entered_area(state: State, e: CardEnteredArea) -> None:
    areas = ensure(state).areas[e.player]
    for cards in areas.values():
        if e.card in cards:
            cards.remove(e.card)
    p = state.players[e.player]
    for zone in (p.hand, p.deck, p.discard, p.gauge, p.boosts, p.sealed):
        if e.card in zone:
            zone.remove(e.card)
    areas.setdefault(e.area, []).append(e.card)


def _trap_placed(state: State, e: TrapPlaced) -> None:
    ensure(state).traps[e.card] = e.space


def _strike_turn(state: State, e: StrikeTurnNoted) -> None:
    ensure(state).strike_turn = e.turn


def _boost_named(state: State, e: BoostNamedCard) -> None:
    ensure(state).boost_names[e.card] = e.name


def _turn_strike_forced(state: State, e: StartOfTurnStrikeForced) -> None:
    ensure(state).turn_strike[e.player] = True


def _attack_invalidated(state: State, e: AttackInvalidated) -> None:
    found = ensure(state)
    if e.card not in found.invalidated:
        found.invalidated.append(e.card)


def _turn_ended(state: State, e: TurnEnded) -> None:
    """After a ``TurnEnded``: a strike forced at the start of that turn is over."""
    found = of(state)
    if found is not None and found.turn_strike[e.player]:
        found.turn_strike[e.player] = False


OPPONENTS_CARD_MAY_ENTER: frozenset[Zone] = frozenset(
    {Zone.BOOSTS, Zone.GAUGE, Zone.SEALED, Zone.STRIKE})
"""The core areas where a player may hold an opponent's card (UNI rulebook, FAQ: boost,
gauge, sealed, and the character-specific areas; the strike zone, where an effect may set
it as an attack, is left to that effect)."""


_BOOSTS, _STRIKE = Zone.BOOSTS, Zone.STRIKE
"""Module constants: an enum member read through its class costs several times a global
on CPython 3.11, and this fold runs after every card move of every game."""


def _card_moved(state: State, e: CardMoved) -> None:
    """After a ``CardMoved``: a Trap that left its owner's boost area is no longer on a
    space (and a boost forgets the card name it was given); an opponent's card that entered
    ``e.player``'s hand, deck or discard returns to its owner's discard instead (UNI
    rulebook, FAQ: a card taken from the opponent). Most moves are neither: a card of the
    mover's own leaving another zone, answered by the first two tests."""
    src = e.src
    if src is _BOOSTS or src is _STRIKE:
        _left_boosts_or_strike(state, e, src)
    if e.card // CARDS_PER_PLAYER_BASE != e.player and e.dst not in OPPONENTS_CARD_MAY_ENTER:
        p = state.players[e.player]
        for zone in (p.hand, p.deck, p.discard):
            if e.card in zone:
                zone.remove(e.card)
        state.players[owner_of(e.card)].discard.append(e.card)


def _left_boosts_or_strike(state: State, e: CardMoved, src: Zone) -> None:
    found = of(state)
    if found is not None:
        if e.card in found.traps:
            del found.traps[e.card]  # from the strike: a Trap set as an attack
        if src is _BOOSTS and e.card in found.boost_names:
            del found.boost_names[e.card]
        if src is _STRIKE and e.card in found.invalidated:
            found.invalidated.remove(e.card)
    stops = trap_stops(state) if src is _BOOSTS else None
    if stops is not None and e.card in stops.stopping:
        stops.stopping.remove(e.card)
        if e.card in stops.sprung:
            stops.sprung.remove(e.card)


def _trap_stops(state: State, e: TrapStopsMovement) -> None:
    stops = trap_stops(state)
    if stops is None:
        stops = state.mechanics[TRAP_STOPS] = TrapStopState()
    if e.card not in stops.stopping:
        stops.stopping.append(e.card)


def _trap_sprung(state: State, e: TrapSprung) -> None:
    stops = trap_stops(state)
    if stops is not None and e.card in stops.sprung:
        stops.sprung.remove(e.card)


def _player_moved(state: State, e: PlayerMoved) -> None:
    """After a ``PlayerMoved`` during a strike's attacks (``traps_stop_now``): a stopping
    Trap of either player's on the space the mover ended on, which they moved onto (not
    one placed under them), is sprung: its effects wait for the end of the movement's
    effect (the mechanic's ``after_effect``)."""
    found, stops = of(state), trap_stops(state)
    if (found is None or stops is None or not stops.stopping or e.src == e.dst
            or not traps_stop_now(state)):
        return
    mine = state.players[e.player].boosts
    theirs = state.players[e.player.other].boosts
    for card in stops.stopping:
        if ((card in mine or card in theirs) and found.traps.get(card) == e.dst
                and card not in stops.sprung):
            stops.sprung.append(card)


APPLY: dict[type, Callable[..., None]] = {
    AttackMadeEx: _made_ex,
    AttackExEnded: _ex_ended,
    AfterSetEffectsPending: _after_set_pending,
    AfterSetEffectsDue: _after_set_due,
    Reverted: _reverted,
    CardEnteredArea: _entered_area,
    TrapPlaced: _trap_placed,
    StrikeTurnNoted: _strike_turn,
    BoostNamedCard: _boost_named,
    StartOfTurnStrikeForced: _turn_strike_forced,
    AttackInvalidated: _attack_invalidated,
    TrapStopsMovement: _trap_stops,
    TrapSprung: _trap_sprung,
}
"""This mechanic's events and their folds."""
ALSO: dict[str, Callable[..., None]] = {"card_moved": _card_moved, "turn_ended": _turn_ended,
                                        "moved": _player_moved}
"""Core event tag -> a fold run right after the core one."""
