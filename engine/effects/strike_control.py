"""Strike control effects: advantage, starting strikes, extra actions and attacks, and
what happens to the attack card.

One registered handler per effect type of ``engine.vocabulary.strike_control``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx, Flow
from engine.decisions import NameCard, NameCardRequest
from engine.effects.registry import add_flag, attack_side, handler
from engine.ids import Zone
from engine.state import AttackFlag


@handler(c.GainAdvantage)
def gain_advantage(ctx: EffectCtx, e: c.GainAdvantage) -> None:
    """You take the next turn; the last player to gain advantage wins. Example: Assault."""
    ctx.table.emit(ev.AdvantageGained(player=ctx.player))


@handler(c.Strike)
def strike(ctx: EffectCtx, e: c.Strike) -> None:
    """Outside a strike: you initiate a strike once this boost or action has resolved;
    with ``opponent_sets_first``, one in which the opponent sets their attack (and
    resolves their set effects) before you set yours.

    Ignored during a strike. Examples: Reading (Focus boost); Akuma's Fakeout (Hyakkishu
    boost), ``now: strike, opponent_sets_first``.
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True
        if e.opponent_sets_first:
            ctx.scope.opponent_sets_first = True


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


@handler(c.RevealStrike)
def reveal_strike(ctx: EffectCtx, e: c.RevealStrike) -> None:
    """Your set attack turns face-up now, so the opponent sees it before responding.

    Example: Sagat's ``set_strike: [if initiated_strike] choice reveal_strike, then
    speedup 1 | pass``.

    Own type: turning a set attack face-up is a strike-control primitive with its own
    event.
    """
    side = attack_side(ctx)
    if side is not None and side.cards and not side.revealed:
        ctx.table.emit(ev.AttackTurnedFaceUp(player=ctx.player, cards=tuple(side.cards)))


@handler(c.PlayAttackFromHand)
def play_attack_from_hand(ctx: EffectCtx, e: c.PlayAttackFromHand) -> None:
    """During a strike: you may make an extra attack with a card from your hand that you
    can pay for, once the current timing's effects are done. It pays its cost, then runs
    its own during-strike and before effects, range check, hit effects and damage (its
    printed power plus its own bonuses; boosts and character bonuses do not apply, your
    Critical does) and after effects. At cleanup it goes to gauge if it hit, else to the
    discard pile.

    Example: Dan's Legendary Taunt, ``before: choice advance 1..3 | pass, then choice
    draw 1, then play_attack_from_hand | play_attack_from_hand``.

    Own type: an extra attack inside a strike, carried out by the strike rules; no
    composition of effects can make an attack.
    """
    if attack_side(ctx) is not None:
        ctx.scope.extra_attacks += 1


def _normal_names(ctx: EffectCtx) -> tuple[str, ...]:
    table = ctx.table
    char = table.catalog.character(table.p(ctx.opponent).character)
    names = [table.catalog.card(d.card).name for d in char.deck]
    kinds = [table.catalog.card(d.card).kind for d in char.deck]
    return tuple(n for n, k in zip(names, kinds, strict=True) if k is c.CardKind.NORMAL)
