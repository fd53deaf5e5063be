"""Per-strike records: what one player's attack gained for the strike in progress beyond
``AttackSide`` (modifiers, effect bonuses, moves noted, cleanup and cost rules, trades,
included ranges, life floors, recorded discards).

Each is a ``StrikeRecord`` in ``State.mechanics`` under its own key
(``engine.core.state.mechanic``); a record of an earlier strike counts as none, and a game
that never uses one hashes as before.
"""


from __future__ import annotations

import msgspec

from engine.core.state.mechanic import StrikeRecord, strike_record
from engine.core.state.table import State

DISCARD_RECORD = "discard_record"
"""The ``State.mechanics`` key of the strike's recorded discards (``DiscardRecordState``)."""


class DiscardRecordState(StrikeRecord, kw_only=True):
    """The cards each player discarded with ``record_discarded_amount`` in strike number
    ``strike`` (Morathi's Neck Snapper). Kept beside the core fields, as a mechanic's
    state is, so that a game that never records hashes as before; a record of an earlier
    strike counts as none."""

    discarded: list[int] = msgspec.field(default_factory=lambda: [0, 0])



STRIKE_MODS = "strike_mods"
"""The ``State.mechanics`` key of the strike-long modifiers below (``StrikeModsState``)."""


class StrikeModsState(StrikeRecord, kw_only=True):
    """Per player, modifiers of strike number ``strike`` beyond ``AttackSide`` (kept
    beside the core fields so that a game that never uses them hashes as before; a record
    of an earlier strike counts as none): ``printed_power`` replaces the attack's printed
    power; ``dodge_speed`` makes attacks at least that fast miss (-1: faster than yours);
    ``movement_bonus`` is added to your advance, close and retreat amounts."""

    printed_power: list[int | None] = msgspec.field(default_factory=lambda: [None, None])
    dodge_speed: list[int | None] = msgspec.field(default_factory=lambda: [None, None])
    movement_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def strike_mods(state: State) -> StrikeModsState | None:
    """The strike in progress's ``StrikeModsState``, None if it has none. Reads only."""
    return strike_record(state, STRIKE_MODS, StrikeModsState)


EFFECT_BONUSES = "effect_bonuses"
"""The ``State.mechanics`` key of the strike-long effect bonuses below
(``EffectBonusState``)."""


class EffectBonusState(StrikeRecord, kw_only=True):
    """Per player, bonuses to effect amounts in strike number ``strike`` (a record of an
    earlier strike counts as none; kept apart from ``StrikeModsState`` so that games that
    never use them hash as before): ``push_pull_bonus`` is added to your push and pull
    amounts, ``draw_bonus`` to your draw amounts."""

    push_pull_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    draw_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def effect_bonuses(state: State) -> EffectBonusState | None:
    """The strike in progress's ``EffectBonusState``, None if it has none. Reads only."""
    return strike_record(state, EFFECT_BONUSES, EffectBonusState)


SELF_MOVES = "self_moves"
"""The ``State.mechanics`` key of the self-moves noted this strike (``SelfMoveState``)."""


class SelfMoveState(StrikeRecord, kw_only=True):
    """Which players moved themselves in strike number ``strike`` (``SelfMoveNoted``).
    Kept beside the core fields, as a mechanic's state is, so a game that never notes a
    self-move hashes as before; a record of an earlier strike counts as none."""

    moved: list[bool] = msgspec.field(default_factory=lambda: [False, False])


MOVES = "moves"
"""The ``State.mechanics`` key of the moves noted this strike (``MoveState``)."""


class MoveState(StrikeRecord, kw_only=True):
    """Which players moved (themselves, or pushed or pulled) in strike number ``strike``
    (``MoveNoted``); absent in games that never note one, so they hash as before."""

    moved: list[bool] = msgspec.field(default_factory=lambda: [False, False])


def moved_this_strike(state: State, who: int) -> bool:
    """``who`` moved (or was moved) during the strike in progress, as noted."""
    record = strike_record(state, MOVES, MoveState)
    return record is not None and record.moved[who]


def moved_self_this_strike(state: State, who: int) -> bool:
    """``who`` moved themselves during the strike in progress."""
    record = strike_record(state, SELF_MOVES, SelfMoveState)
    return record is not None and record.moved[who]



CLEANUP_DISCARDS = "cleanup_discards"
"""The ``State.mechanics`` key of the attacks sent to discard at cleanup this strike
(``CleanupDiscardState``)."""


class CleanupDiscardState(StrikeRecord, kw_only=True):
    """Per player, whether their attack in strike number ``strike`` goes to the discard
    pile at cleanup even if it hit (``discard_strike_after_cleanup``). Kept beside the
    core fields, as a mechanic's state is, so that a game that never uses it hashes as
    before; a record of an earlier strike counts as none."""

    to_discard: list[bool] = msgspec.field(default_factory=lambda: [False, False])


def discards_attack_at_cleanup(state: State, who: int) -> bool:
    """``who``'s attack in the strike in progress goes to discard at cleanup."""
    record = strike_record(state, CLEANUP_DISCARDS, CleanupDiscardState)
    return record is not None and record.to_discard[who]


ATTACK_TRADES = "attack_trades"
"""The ``State.mechanics`` key of the strike-long stat trades below (``AttackTradeState``)."""


class AttackTradeState(StrikeRecord, kw_only=True):
    """Per player, in strike number ``strike``: ``power_speed_swapped`` (``swap_power_speed``:
    total power and total speed trade places) and ``gauge_spent`` (the gauge cards spent on
    the attack's cost, noted only when the attack reads them). Kept beside the core fields
    so that games that never use them hash as before."""

    power_speed_swapped: list[bool] = msgspec.field(default_factory=lambda: [False, False])
    gauge_spent: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


def attack_trades(state: State) -> AttackTradeState | None:
    """The strike in progress's ``AttackTradeState``, None if it has none. Reads only."""
    return strike_record(state, ATTACK_TRADES, AttackTradeState)



INCLUDED_RANGES = "included_ranges"
"""The ``State.mechanics`` key of the distances attacks also reach this strike
(``IncludedRangeState``)."""


class IncludedRangeState(StrikeRecord, kw_only=True):
    """Per player, the distances their attack in strike number ``strike`` also hits at,
    whatever its range (``attack_includes_range``). Kept beside the core fields, as a
    mechanic's state is, so that a game that never uses it hashes as before; a record of
    an earlier strike counts as none."""

    distances: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


def included_ranges(state: State, who: int) -> list[int]:
    """The distances ``who``'s attack in the strike in progress also hits at."""
    record = strike_record(state, INCLUDED_RANGES, IncludedRangeState)
    return [] if record is None else record.distances[who]



LIFE_FLOORS = "life_floors"
"""The ``State.mechanics`` key of this strike's life floors (``LifeFloorState``)."""


class LifeFloorState(StrikeRecord, kw_only=True):
    """Per player, the life that attack damage cannot take them below in strike number
    ``strike`` (``cannot_go_below_life``; 0: none). A record of an earlier strike counts
    as none."""

    floor: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def life_floor(state: State, who: int) -> int:
    """The life attack damage cannot take ``who`` below this strike (0: none)."""
    found = strike_record(state, LIFE_FLOORS, LifeFloorState)
    return 0 if found is None else found.floor[who]


COST_MODS = "cost_mods"
"""The ``State.mechanics`` key of the strike's payment rules (``CostModsState``)."""


class CostModsState(StrikeRecord, kw_only=True):
    """Per player, in strike number ``strike``: gauge costs are paid with force
    (``force_for_gauge``: ``may_generate_gauge_with_force``), and a revealed Ultra's cost
    may be declined (``invalidate_ultras``: ``may_invalidate_ultras``). Kept beside the
    core fields, as a mechanic's state is, so a game that never uses them hashes as
    before."""

    force_for_gauge: list[bool] = msgspec.field(default_factory=lambda: [False, False])
    invalidate_ultras: list[bool] = msgspec.field(default_factory=lambda: [False, False])


def force_pays_gauge(state: State, who: int) -> bool:
    """``who``'s gauge costs are paid with force in the strike in progress."""
    record = strike_record(state, COST_MODS, CostModsState)
    return record is not None and record.force_for_gauge[who]


def ultras_may_be_invalidated(state: State, who: int) -> bool:
    """``who`` may decline to pay for their revealed Ultra in the strike in progress."""
    record = strike_record(state, COST_MODS, CostModsState)
    return record is not None and record.invalidate_ultras[who]

