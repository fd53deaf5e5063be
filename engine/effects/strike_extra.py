"""Strike control and boost effects of the Street Fighter fighters: a set attack turned
face-up (Sagat), a strike where the opponent sets first (Akuma's Fakeout), and choosing
boosts to sustain (Chun-Li's Lightning Legs).
"""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx, Flow, choose
from engine.effects.registry import attack_side, handler


@handler(c.RevealStrike)
def reveal_strike(ctx: EffectCtx, e: c.RevealStrike) -> None:
    """Your set attack turns face-up now, so the opponent sees it before responding.

    Example: Sagat's ``set_strike: [if initiated_strike] choice reveal_strike, then
    speedup 1 | pass``.
    """
    side = attack_side(ctx)
    if side is not None and side.cards and not side.revealed:
        ctx.table.emit(ev.AttackTurnedFaceUp(player=ctx.player, cards=tuple(side.cards)))


@handler(c.StrikeOpponentSetsFirst)
def strike_opponent_sets_first(ctx: EffectCtx, e: c.StrikeOpponentSetsFirst) -> None:
    """Outside a strike: once this boost resolves you initiate a strike in which the
    opponent sets their attack (and resolves their set effects) before you set yours.

    Ignored during a strike. Example: Akuma's Fakeout (Hyakkishu boost), ``now``.
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True
        ctx.scope.opponent_sets_first = True


@handler(c.ChooseSustainBoost)
def choose_sustain_boost(ctx: EffectCtx, e: c.ChooseSustainBoost) -> Flow[None]:
    """Decision: choose up to ``amount`` of your continuous boosts in play to sustain
    (they stay in play at this strike's cleanup); the first ``amount_min`` choices are
    required while you have a boost left to choose.

    Example: Chun-Li's Lightning Legs, critical ``after``: return it to the deck, then
    ``choose_sustain_boost 1``.
    """
    table = ctx.table
    for count in range(e.amount):
        p = table.p(ctx.player)
        boosts = [b for b in p.boosts if b not in p.sustained]
        if not boosts:
            return
        labels = [f"sustain {table.card(b).boost.name}" for b in boosts]
        if count >= e.amount_min:
            labels.append("pass")
        index = yield from choose(table, ctx.player, labels)
        if index == len(boosts):
            return
        table.emit(ev.BoostSustained(player=ctx.player, card=boosts[index]))
