"""The events of a continuous boost leaving play mid-strike (core rulebook, Boosts:
continuous boost effects "are active until they are discarded after Cleanup or by a
card effect"): what the boost gave the strike in progress stops counting.

``engine.core.context.Table.move`` emits them, one per lasting strike modifier the boost's
effects made this strike (its ``StatModified``, ``AttackFlagged``, ``DodgeAtRangeGained``,
``PowerSpeedSwapped``, ``PrintedPowerSet`` and ``RangeIncluded`` events, found by their
causes; a season mechanic ends its own through its ``boost_bonus_ended`` hook), as the boost leaves play by any
way (discarded, to gauge, hand, deck, sealed or overdrive area). Their folds are in
``engine.core.apply``.
"""

from __future__ import annotations

from engine.core.event_base import EventStruct
from engine.core.events.effects import PowerSpeedSwapped, PrintedPowerSet, RangeIncluded
from engine.core.events.strike import AttackFlagged, DodgeAtRangeGained, StatModified
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


class PowerSpeedSwapEnded(EventStruct, frozen=True, tag="power_speed_swap_ended"):
    """A boost that left play had traded ``player``'s attack's total power and total
    speed (``swap_power_speed``: Hilda's Masquerade); they are no longer traded."""

    player: Player


class PrintedPowerEnded(EventStruct, frozen=True, tag="printed_power_ended"):
    """A boost that left play had replaced ``player``'s attack's printed power
    (``use_saved_power_as_printed_power``: Phonon's Muniel); the card's own counts again."""

    player: Player


class IncludedRangeEnded(EventStruct, frozen=True, tag="included_range_ended"):
    """A boost that left play had let ``player``'s attack also hit an opponent exactly
    ``distance`` spaces away (``attack_includes_range``: Merkava's Dark Bite); it no
    longer does."""

    player: Player
    distance: int


Ending = (StatBonusEnded | AttackFlagCleared | DodgeAtRangeEnded | PowerSpeedSwapEnded
          | PrintedPowerEnded | IncludedRangeEnded)


def ending(event: EventStruct) -> Ending | None:
    """The event that ends the lasting strike modifier ``event`` made (None: ``event`` is
    not a core one; a mechanic's own end through its ``boost_bonus_ended`` hook)."""
    if isinstance(event, StatModified):
        return StatBonusEnded(player=event.player, stat=event.stat, amount=event.amount)
    if isinstance(event, AttackFlagged):
        return AttackFlagCleared(player=event.player, flag=event.flag)
    if isinstance(event, DodgeAtRangeGained):
        return DodgeAtRangeEnded(player=event.player, low=event.low, high=event.high)
    if isinstance(event, PowerSpeedSwapped):
        return PowerSpeedSwapEnded(player=event.player)
    if isinstance(event, PrintedPowerSet):
        return PrintedPowerEnded(player=event.player)
    if isinstance(event, RangeIncluded):
        return IncludedRangeEnded(player=event.player, distance=event.distance)
    return None
