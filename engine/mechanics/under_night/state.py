"""``UnderNightState``: the per-game state of the Under Night In-Birth mechanic, kept in
``State.mechanics[UNDER_NIGHT]`` and written only by ``engine.mechanics.under_night.folds``.
"""

from __future__ import annotations

import msgspec

from engine import vocabulary
from engine.core.ids import Player
from engine.core.state import MechanicState, SpaceObject, State, game_record, kept_record

UNDER_NIGHT = "under_night"
"""The ``State.mechanics`` key (and the mechanic's name)."""

SET_ASIDE = "set_aside"
"""The area name of a player's set-aside cards (``UnderNightState.areas``)."""


class UnderNightState(MechanicState, kw_only=True):
    """``after_set``: per player, effects waiting for the attacks to be set; ``areas``: per player, area
    name -> card references (``"set_aside"`` and the character-specific areas; the
    sealed area is the core ``PlayerState.sealed``); ``traps``: card reference -> the
    space a Trap boost was played onto (while it is in its owner's boost area);
    ``turn_strike``: see below."""

    after_set: list[list[vocabulary.Effect]] = msgspec.field(
        default_factory=lambda: [[], []])
    areas: list[dict[str, list[int]]] = msgspec.field(default_factory=lambda: [{}, {}])
    traps: dict[int, int] = msgspec.field(default_factory=dict)
    strike_turn: int = 0
    """The last turn during which a strike happened (0: none yet)."""
    boost_names: dict[int, str] = msgspec.field(default_factory=dict)
    """Card reference of a continuous boost in play -> the card name it was given
    (``name_card_for_boost``)."""
    turn_strike: list[bool] = msgspec.field(default_factory=lambda: [False, False])
    """Per player: a boost forced them to strike this turn (``start_of_turn_strike``)."""
    invalidated: list[int] = msgspec.field(default_factory=list)
    """Attack cards made invalid (``invalidate_attack``), while in the strike."""

    def named_areas(self, who: int) -> dict[str, list[int]]:
        """``who``'s set-aside and character areas (entered ones only), by name."""
        return {name: list(cards) for name, cards in self.areas[who].items() if cards}

    def space_objects(self, state: State) -> list[SpaceObject]:
        """The Trap boosts in play, each on the space it was played onto. Only a card in a
        boost area is one: a Trap set from boosts as an attack that became invalid goes
        to the discard pile by ``AttackInvalid``, not a ``CardMoved``, so its record stays
        (the rules read a Trap only while it is among the boosts); it drew a Trap on the
        arena and broke every capsule after it ("trap ... is not among the boosts")."""
        p1, p2 = state.players[0].boosts, state.players[1].boosts
        return [SpaceObject(space=space, card=card, kind="trap",
                            owner=Player.P1 if card in p1 else Player.P2)
                for card, space in self.traps.items() if card in p1 or card in p2]


def of(state: State) -> UnderNightState | None:
    """The mechanic's state, None before its first event."""
    return kept_record(state, UNDER_NIGHT, UnderNightState)


def ensure(state: State) -> UnderNightState:
    """The mechanic's state, created on its first event (folds only)."""
    return game_record(state, UNDER_NIGHT, UnderNightState)


def area(state: State, who: Player, name: str) -> list[int]:
    """The cards in ``who``'s area ``name`` (empty if none entered it). Reads only."""
    found = of(state)
    return [] if found is None else list(found.areas[who].get(name, ()))


def trap_space(state: State, card: int) -> int | None:
    """The space the Trap boost ``card`` was played onto, None if it is not a trap."""
    found = of(state)
    return None if found is None else found.traps.get(card)


TRAP_STOPS = "trap_stops"
"""The ``State.mechanics`` key of the Traps that stop movement (``TrapStopState``)."""


class TrapStopState(MechanicState, kw_only=True):
    """Traps that stop a fighter moving onto or through their space during a strike
    (``place_trap`` with a ``stop_on_space_effect``), kept apart from ``UnderNightState`` and created by
    the first one placed, so that no other game's state (and hash) changes."""

    stopping: list[int] = msgspec.field(default_factory=list)
    """Stopping Traps in play (card references)."""
    sprung: list[int] = msgspec.field(default_factory=list)
    """Stopping Traps a fighter has just stopped on, whose effects have not run yet."""


def trap_stops(state: State) -> TrapStopState | None:
    """The stopping Traps' state, None before the first is placed."""
    return kept_record(state, TRAP_STOPS, TrapStopState)


def traps_stop_now(state: State) -> bool:
    """Stopping Traps stop movement now: a strike is in progress and its attacks are
    revealed (not at the set, not outside a strike: the reference client's Web Traps,
    ``test_byakuya_webtrap_outside_strike``: a fighter moving through one by a boost
    outside a strike is not stopped, and it stays in play)."""
    strike = state.strike
    return strike is not None and all(side.revealed for side in strike.sides)

