"""Discard effects: cards leaving a hand for the discard pile (yours or the opponent's; at
random, chosen, or named) and revealed hands.

One registered handler per effect type of ``engine.vocabulary.discards``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import cards as c
from engine import events as ev
from engine.context import (
    EffectCtx,
    Flow,
    choose,
    select_cards,
)
from engine.decisions import CardPurpose, Discard, DiscardRequest, NameCard, NameCardRequest
from engine.effects.registry import (
    handler,
    resolve_all,
)
from engine.ids import ARENA_MAX, Player, Zone
from engine.team import deck_card_names

NO_RANGE = "no range"


@handler(c.OpponentDiscardRandom)
def opponent_discard_random(ctx: EffectCtx, e: c.OpponentDiscardRandom) -> None:
    """The opponent discards ``amount`` cards at random from hand. Example: Sweep."""
    table = ctx.table
    hand = table.p(ctx.opponent).hand
    for _ in range(min(e.amount, len(hand))):
        card = hand[table.rng.randbelow(len(hand))]
        table.move(ctx.opponent, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.RANDOM_DISCARD)


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


@handler(c.RevealHand)
def reveal_hand(ctx: EffectCtx, e: c.RevealHand) -> None:
    """Reveal your hand (``opponent``: the opponent reveals theirs). Information only.

    Examples: M. Bison's Psycho Booster; Dan's Saikyo Vision (``opponent``).
    """
    whose = ctx.opponent if e.opponent else ctx.player
    ctx.table.emit(ev.HandRevealed(player=whose, cards=tuple(ctx.table.p(whose).hand)))


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


def _in_range(card: c.CardDef, named: int | None) -> bool:
    if named is None or card.range is None:
        return named is None and card.range is None
    return card.range[0] <= named <= card.range[1]


@handler(c.SelfDiscardChoose)
def self_discard_choose(ctx: EffectCtx, e: c.SelfDiscardChoose) -> Flow[None]:
    """Discard ``amount`` cards of your choice from hand (your whole hand if you hold
    fewer); ``optional``: or none; ``any_number``: as many as you like, none included.

    Examples: Dan's Saikyo Vision (``any_number``, so that his ultras become free); Dan
    exceeded, ``end_of_turn: [if did_end_of_turn_draw] self_discard_choose 1, optional``.
    """
    table, who = ctx.table, ctx.player
    hand = table.p(who).hand
    most = len(hand) if e.any_number else e.amount
    least = 0 if e.optional or e.any_number else most
    for card in (yield from select_cards(who, CardPurpose.DISCARD, hand, least, most)):
        table.move(who, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.EFFECT)


@handler(c.DiscardTo)
def discard_to(ctx: EffectCtx, e: c.DiscardTo) -> Flow[None]:
    """Choose cards from your hand to discard until you hold ``amount``.

    Example: Dan's Secret Technique, ``discard_to 1`` after searching the deck.
    """
    table, who = ctx.table, ctx.player
    hand = table.p(who).hand
    excess = len(hand) - e.amount
    for card in (yield from select_cards(who, CardPurpose.DISCARD, hand, excess, excess)):
        table.move(who, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.EFFECT)


@handler(c.DiscardRandom)
def discard_random(ctx: EffectCtx, e: c.DiscardRandom) -> None:
    """You discard ``amount`` cards from your hand at random (all of them, if fewer).

    Example: Dan's Saikyo Haraigoshi, ``hit: choice [if min_cards_in_hand 2]
    discard_random 2, then powerup 2, then pull 1, then pull 1 | ...``.
    """
    table = ctx.table
    hand = table.p(ctx.player).hand
    for _ in range(min(e.amount, len(hand))):
        card = hand[table.rng.randbelow(len(hand))]
        table.move(ctx.player, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.RANDOM_DISCARD)


@handler(c.DiscardHand)
def discard_hand(ctx: EffectCtx, e: c.DiscardHand) -> None:
    """You discard your whole hand. Example: Zangief's Ultimate Atomic Buster, ``hit``."""
    _discard(ctx, ctx.player, ctx.table.p(ctx.player).hand)
