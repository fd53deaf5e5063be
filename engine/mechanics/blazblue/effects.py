"""BlazBlue's effect handlers (``engine.vocabulary.blazblue``) and its helpers for
cards entering or leaving an overdrive area. Each docstring is the effect's reference
entry in ``docs/effects.md``."""

from __future__ import annotations

from engine import cards as c
from engine.context import EffectCtx, Table
from engine.effects.registry import handler
from engine.events.blazblue import EnteredOverdrive, LeftOverdrive, OverdriveExit
from engine.ids import Player, Zone


def to_overdrive(table: Table, who: Player, card: int, src: Zone,
                 from_player: Player | None = None) -> None:
    """``card`` leaves ``from_player``'s (default ``who``'s) zone ``src`` for ``who``'s
    overdrive area."""
    table.emit(EnteredOverdrive(player=who, card=card, src=src,
                                from_player=who if from_player is None else from_player))


def from_overdrive(table: Table, who: Player, card: int, dst: Zone,
                   bottom: bool = False) -> None:
    """``card`` leaves ``who``'s overdrive area for its owner's zone ``dst``."""
    table.emit(LeftOverdrive(player=who, card=card, dst=dst, reason=OverdriveExit.EFFECT,
                             bottom=bottom))


@handler(c.AddTopDiscardToOverdrive)
def add_top_discard_to_overdrive(ctx: EffectCtx, e: c.AddTopDiscardToOverdrive) -> None:
    """The top ``amount`` cards of your discard pile (the last discarded first) enter
    your overdrive area; fewer if the pile runs out.

    Example: Arakune's ability, ``hit: [if is_special_or_ultra_attack] ... choice
    add_top_discard_to_overdrive | pass``.

    Own type: the overdrive area is BlazBlue's.
    """
    for _ in range(e.amount):
        discard = ctx.table.p(ctx.player).discard
        if not discard:
            return
        to_overdrive(ctx.table, ctx.player, discard[-1], Zone.DISCARD)
