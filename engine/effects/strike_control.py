"""Strike control effects: advantage, forced strikes, bonus actions, granted effects."""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx, Flow
from engine.decisions import NameCard, NameCardRequest
from engine.effects.registry import (
    add_flag,
    attack_side,
    handler,
)
from engine.ids import Zone
from engine.state import AttackFlag


@handler(c.GainAdvantage)
def gain_advantage(ctx: EffectCtx, e: c.GainAdvantage) -> None:
    """You take the next turn; the last player to gain advantage wins. Example: Assault."""
    ctx.table.emit(ev.AdvantageGained(player=ctx.player))


@handler(c.Strike)
def strike(ctx: EffectCtx, e: c.Strike) -> None:
    """Outside a strike: you initiate a strike once this boost or action has resolved.

    Ignored during a strike. Example: Reading (Focus boost).
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True


@handler(c.BonusAction)
def bonus_action(ctx: EffectCtx, e: c.BonusAction) -> None:
    """After this boost resolves you take another action. Example: Quick Step."""
    ctx.table.emit(ev.BonusActionGranted(player=ctx.player))


@handler(c.AddAttackEffect)
def add_attack_effect(ctx: EffectCtx, e: c.AddAttackEffect) -> None:
    """Your attack gains ``added_effect`` (with its own timing) for this strike.

    Example: Ryu's Tatsumaki Senpukyaku gains ``hit: gain_advantage`` after crossing.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.AttackEffectAdded(player=ctx.player, effect=e.added_effect))


@handler(c.AddStrikeToGaugeAfterCleanup)
def add_strike_to_gauge_after_cleanup(ctx: EffectCtx, e: c.AddStrikeToGaugeAfterCleanup) -> None:
    """Your attack goes to your gauge at cleanup even if it did not hit. Example: Block."""
    add_flag(ctx, AttackFlag.TO_GAUGE_AFTER_CLEANUP)


@handler(c.ReturnAttackToTopOfDeck)
def return_attack_to_top_of_deck(ctx: EffectCtx, e: c.ReturnAttackToTopOfDeck) -> None:
    """Your attack card leaves the strike and goes on top of your deck. Example: Hadoken."""
    side = attack_side(ctx)
    if side is None or side.card is None or side.card not in side.cards:
        return
    card = side.card
    ctx.table.move(ctx.player, card, Zone.STRIKE, Zone.DECK, ev.MoveReason.EFFECT)
    add_flag(ctx, AttackFlag.RETURNED_TO_DECK)


@handler(c.ReadingNormal)
def reading_normal(ctx: EffectCtx, e: c.ReadingNormal) -> Flow[None]:
    """Name a Normal: in the opponent's next strike response they must set it (EX
    allowed) if they hold it, otherwise their hand is revealed. Example: Reading.
    """
    table = ctx.table
    names = _normal_names(ctx)
    decision = yield NameCardRequest(player=ctx.player, names=names, reading=True)
    assert isinstance(decision, NameCard)
    table.emit(ev.CardNamed(player=ctx.player, name=decision.name, reading=True))


def _normal_names(ctx: EffectCtx) -> tuple[str, ...]:
    table = ctx.table
    char = table.catalog.character(table.p(ctx.opponent).character)
    names = [table.catalog.card(d.card).name for d in char.deck]
    kinds = [table.catalog.card(d.card).kind for d in char.deck]
    return tuple(n for n, k in zip(names, kinds, strict=True) if k is c.CardKind.NORMAL)
