"""The events of a continuous boost leaving play mid-strike (core rulebook, Boosts:
continuous boost effects "are active until they are discarded after Cleanup or by a
card effect"): what the boost gave the strike in progress stops counting.

``engine.core.context.Table.move`` emits them, one per lasting strike modifier the boost's
effects made this strike (its ``StatModified``, ``AttackFlagged`` and
``DodgeAtRangeGained`` events, found by their causes), as the boost leaves play by any
way (discarded, to gauge, hand, deck, sealed or overdrive area). Their folds are in
``engine.core.apply``.
"""

from __future__ import annotations

from engine.core.event_base import EventStruct
from engine.core.ids import Player
from engine.core.state import AttackFlag, Stat


class StatBonusEnded(EventStruct, frozen=True, tag="stat_ended"):
    """The ``amount`` a boost that left play gave ``player``'s ``stat`` no longer counts
    (a positive power bonus also leaves the positive bonuses a multiplier counts)."""

    player: Player
    stat: Stat
    amount: int


class AttackFlagCleared(EventStruct, frozen=True, tag="flag_cleared"):
    """A boost that left play had given ``player``'s attack ``flag``; it no longer has it."""

    player: Player
    flag: AttackFlag


class DodgeAtRangeEnded(EventStruct, frozen=True, tag="dodge_at_range_ended"):
    """A boost that left play had made attacks on ``player`` from ``low``..``high`` miss;
    they no longer do."""

    player: Player
    low: int
    high: int
