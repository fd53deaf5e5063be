"""Card flow effects of the Street Fighter fighters: paying life, discarding whole hands,
the opponent's chosen discards (their own decision), and naming a range.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx, Flow, choose
from engine.decisions import Discard, DiscardRequest
from engine.effects.registry import handler
from engine.ids import ARENA_MAX, Player, Zone
from engine.state import EndReason

NO_RANGE = "no range"


def _discard(ctx: EffectCtx, who: Player, cards: Sequence[int]) -> None:
    for card in list(cards):
        ctx.table.move(who, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.EFFECT)


def _they_discard(ctx: EffectCtx, count: int, candidates: Sequence[int]) -> Flow[None]:
    """The opponent discards ``count`` of ``candidates``, choosing which if there are more."""
    if len(candidates) <= count:
        _discard(ctx, ctx.opponent, candidates)
        return
    decision = yield DiscardRequest(player=ctx.opponent, count=count, candidates=tuple(candidates))
    assert isinstance(decision, Discard)
    _discard(ctx, ctx.opponent, decision.cards)


@handler(c.SpendLife)
def spend_life(ctx: EffectCtx, e: c.SpendLife) -> None:
    """Lose ``amount`` life as a cost. It is not damage (no armor, no stun) and it can
    reduce you to 0 (life never goes below 0), losing the game.

    Example: Akuma's Demon Illusion, ``now: choice spend_life 1, then draw 1 | ...``.
    """
    life = ctx.table.p(ctx.player).life
    ctx.table.emit(ev.LifeSpent(player=ctx.player, amount=min(e.amount, life)))
    if ctx.table.p(ctx.player).life <= 0:
        ctx.table.lose(ctx.player, EndReason.LIFE)


@handler(c.DiscardHand)
def discard_hand(ctx: EffectCtx, e: c.DiscardHand) -> None:
    """You discard your whole hand. Example: Zangief's Ultimate Atomic Buster, ``hit``."""
    _discard(ctx, ctx.player, ctx.table.p(ctx.player).hand)


@handler(c.OpponentDiscardHand)
def opponent_discard_hand(ctx: EffectCtx, e: c.OpponentDiscardHand) -> None:
    """The opponent discards their whole hand.

    Example: Zangief's Ultimate Atomic Buster, ``hit: discard_hand, then
    opponent_discard_hand``.
    """
    _discard(ctx, ctx.opponent, ctx.table.p(ctx.opponent).hand)


@handler(c.OpponentDiscardChoose)
def opponent_discard_choose(ctx: EffectCtx, e: c.OpponentDiscardChoose) -> Flow[None]:
    """The opponent chooses ``amount`` cards from their hand to discard (their own
    decision); holding ``amount`` or fewer, they discard them all.

    Example: Sagat's Tiger Shot, ``hit: [if is_critical] draw 1, then
    opponent_discard_choose 1``.
    """
    yield from _they_discard(ctx, e.amount, ctx.table.p(ctx.opponent).hand)


@handler(c.OpponentDiscardNormalsOrReveal)
def opponent_discard_normals_or_reveal(
    ctx: EffectCtx, e: c.OpponentDiscardNormalsOrReveal
) -> Flow[None]:
    """The opponent discards ``amount`` Normals of their choice; holding fewer, they
    discard all their Normals and then reveal their hand.

    Example: Chun-Li's Ultra Parry (Hosenka boost), ``opponent_discard_normals_or_reveal 3``.
    """
    table = ctx.table
    hand = table.p(ctx.opponent).hand
    normals = [card for card in hand if table.card(card).kind is c.CardKind.NORMAL]
    yield from _they_discard(ctx, e.amount, normals)
    if len(normals) < e.amount:
        table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(hand)))


def _in_range(card: c.CardDef, named: int | None) -> bool:
    if named is None or card.range is None:
        return named is None and card.range is None
    return card.range[0] <= named <= card.range[1]


@handler(c.NameRange)
def name_range(ctx: EffectCtx, e: c.NameRange) -> Flow[None]:
    """Decision: name a range, 0 to 9 or "no range". The opponent discards a card from
    hand whose printed range includes it (they choose which); with none, they reveal
    their hand. "No range" matches cards without a printed range (Block, Head Stomp).

    Example: Zangief's Intimidate (Flying Power Bomb boost).
    """
    table = ctx.table
    values: list[int | None] = [*range(ARENA_MAX + 1), None]
    labels = [NO_RANGE if v is None else f"range {v}" for v in values]
    named = values[(yield from choose(table, ctx.player, labels))]
    table.emit(ev.RangeNamed(player=ctx.player, value=named))
    hand = table.p(ctx.opponent).hand
    matching = [card for card in hand if _in_range(table.card(card), named)]
    if matching:
        yield from _they_discard(ctx, 1, matching)
    else:
        table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(hand)))
