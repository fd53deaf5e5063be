"""BlazBlue's transcript lines (``Mechanic.describe``): the overdrive area, lightning
rods (Rachel) and Arakune's overdrive effects (his dodge at the overdrive count: the
line names the count when it is gained; the rules read it again at each hit check)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.events.blazblue import (
    AttackMarkedForOverdrive,
    AttacksNamedInvalid,
    EnteredOverdrive,
    LeftOverdrive,
    LightningRodPlaced,
    LightningRodStruck,
    OverdriveCountDodgeEnded,
    OverdriveCountDodgeGained,
    OverdriveExit,
    RangeIncludesLightningRods,
)
from engine.core.hooks.mechanic import Teller
from engine.core.ids import Zone
from engine.mechanics.blazblue.state import overdrive


def _entered(t: Teller, e: EnteredOverdrive) -> str:
    source = ("" if e.from_player == e.player
              else f" from {t.whose(e.from_player)} {e.src.name.lower()}")
    return f"{t.who(e.player)} puts {t.name(e.card)} into overdrive{source}"


def _left(t: Teller, e: LeftOverdrive) -> str:
    verb = "discards" if e.reason is OverdriveExit.TURN_START else "moves"
    where = "" if e.dst is Zone.DISCARD else f" to {e.dst.name.lower()}"
    return f"{t.who(e.player)} {verb} {t.name(e.card)} from overdrive{where}"


def _count_dodge(t: Teller, e: OverdriveCountDodgeGained) -> str:
    count = len(overdrive(t.state, e.player))
    return (f"{t.who(e.player)} dodges attacks from a range equal to their overdrive count "
            f"(now {count})")


WORDS: Mapping[type, Callable[[Teller, Any], str | None]] = {
    EnteredOverdrive: _entered,
    LeftOverdrive: _left,
    LightningRodPlaced: lambda t, e: (
        f"{t.who(e.player)} places {t.name(e.card)} as a lightning rod on space {e.space}"),
    LightningRodStruck: lambda t, e: (
        f"{t.whose(e.player)} lightning rod {t.name(e.card)} strikes and returns to hand"),
    RangeIncludesLightningRods: lambda t, e: (
        f"{t.whose(e.player)} attack reaches an opponent on a lightning rod"),
    AttackMarkedForOverdrive: lambda t, e: (
        f"{t.whose(e.player)} attack will go into overdrive at cleanup"),
    AttacksNamedInvalid: lambda t, e: (
        f"{t.who(e.player)} names {e.name}: invalid as an attack this turn"),
    OverdriveCountDodgeGained: _count_dodge,
    OverdriveCountDodgeEnded: lambda t, e: (
        f"{t.who(e.player)} no longer dodges attacks from a range equal to their overdrive count"),
}
"""Event type -> its transcript line."""
