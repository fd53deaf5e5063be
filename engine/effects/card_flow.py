"""Card flow effects: drawing, discarding, gauge and naming cards."""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx, Flow, pay_gauge
from engine.decisions import NameCard, NameCardRequest
from engine.effects.registry import (
    handler,
    resolve_all,
)
from engine.ids import Zone
from engine.team import deck_card_names


@handler(c.Draw)
def draw(ctx: EffectCtx, e: c.Draw) -> None:
    """Draw ``amount`` cards (an empty deck reshuffles once, then loses). Example: Focus."""
    ctx.table.draw(ctx.player, e.amount)


@handler(c.OpponentDiscardRandom)
def opponent_discard_random(ctx: EffectCtx, e: c.OpponentDiscardRandom) -> None:
    """The opponent discards ``amount`` cards at random from hand. Example: Sweep."""
    table = ctx.table
    hand = table.p(ctx.opponent).hand
    for _ in range(min(e.amount, len(hand))):
        card = hand[table.rng.randbelow(len(hand))]
        table.move(ctx.opponent, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.RANDOM_DISCARD)


@handler(c.AddTopDiscardToGauge)
def add_top_discard_to_gauge(ctx: EffectCtx, e: c.AddTopDiscardToGauge) -> None:
    """The top ``amount`` cards of your discard pile go to your gauge. Example: Hadoken."""
    table = ctx.table
    discard = table.p(ctx.player).discard
    for _ in range(min(e.amount, len(discard))):
        table.move(ctx.player, discard[-1], Zone.DISCARD, Zone.GAUGE, ev.MoveReason.EFFECT)


@handler(c.NameCardOpponentDiscards)
def name_card_opponent_discards(ctx: EffectCtx, e: c.NameCardOpponentDiscards) -> Flow[None]:
    """Name a card: the opponent discards a copy if they hold one, otherwise they
    reveal their hand. Example: Parry (Block boost).

    ``discard_effect`` runs only if a card was discarded: M. Bison's Shadaloo
    Intelligence strikes then.
    """
    table = ctx.table
    names = deck_card_names(table.catalog, table.p(ctx.opponent))
    decision = yield NameCardRequest(player=ctx.player, names=names, reading=False)
    assert isinstance(decision, NameCard)
    table.emit(ev.CardNamed(player=ctx.player, name=decision.name, reading=False))
    hand = table.p(ctx.opponent).hand
    copies = [card for card in hand if table.card(card).name == decision.name]
    if copies:
        table.move(ctx.opponent, copies[0], Zone.HAND, Zone.DISCARD, ev.MoveReason.EFFECT)
        yield from resolve_all(ctx, e.discard_effect)
    else:
        table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(hand)))


@handler(c.GaugeForEffect)
def gauge_for_effect(ctx: EffectCtx, e: c.GaugeForEffect) -> Flow[None]:
    """You may spend exactly ``gauge_max`` gauge to run ``overall_effect``.

    Not offered when you cannot afford it. Street Fighter Critical is this effect at
    ``set_strike`` timing: 1 gauge for ``critical``.
    """
    if (yield from pay_gauge(ctx.table, ctx.player, e.gauge_max, optional=True)):
        yield from resolve_all(ctx, e.overall_effect)
