"""Boost effects: discarding boosts in play and where boosts go when they leave."""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx, Flow, choose
from engine.effects.registry import (
    handler,
)
from engine.ids import Zone


@handler(c.DiscardContinuousBoost)
def discard_continuous_boost(ctx: EffectCtx, e: c.DiscardContinuousBoost) -> Flow[None]:
    """Choose a continuous boost in play (either player's) and discard it. Example: Tech."""
    table = ctx.table
    targets = [
        (who, card)
        for who in (ctx.player, ctx.opponent)
        for card in table.p(who).boosts
        if card != ctx.source
    ]
    if not targets:
        return
    labels = [f"{who.label} {table.card(card).boost.name}" for who, card in targets]
    if not e.required:
        labels.append("pass")
    index = yield from choose(table, ctx.player, labels)
    if index < len(targets):
        who, card = targets[index]
        table.move(who, card, Zone.BOOSTS, Zone.DISCARD, ev.MoveReason.EFFECT)


@handler(c.AddToGaugeBoostPlayCleanup)
def add_to_gauge_boost_play_cleanup(ctx: EffectCtx, e: c.AddToGaugeBoostPlayCleanup) -> None:
    """When this boost finishes resolving it goes to your gauge, not the discard pile.

    Example: Ki Charge.
    """
    ctx.scope.boost_to_gauge = True


@handler(c.AddBoostToGaugeOnStrikeCleanup)
def add_boost_to_gauge_on_strike_cleanup(
    ctx: EffectCtx, e: c.AddBoostToGaugeOnStrikeCleanup
) -> None:
    """This continuous boost goes to your gauge when it leaves play at cleanup.

    Example: Ryu's Overhead, when its attack hits.
    """
    source = ctx.source
    if source is not None and source in ctx.table.p(ctx.player).boosts:
        ctx.table.emit(ev.BoostMarkedForGauge(player=ctx.player, card=source))
