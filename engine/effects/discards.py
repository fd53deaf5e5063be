"""Discard effects: cards leaving a hand for the discard pile (yours or the opponent's; at
random, chosen, or named), revealed hands, and cards taken back from the discard pile (chosen,
from its bottom, or every copy of its top card).

One registered handler per effect type of ``engine.vocabulary.discards``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import schema as c
from engine.cards.team import deck_card_names
from engine.core import events as ev
from engine.core.asking import choose, select_cards
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import (
    CardPurpose,
    ChoiceOption,
    Discard,
    DiscardRequest,
    NameCard,
    NameCardRequest,
)
from engine.core.ids import ARENA_MAX, Player, Zone
from engine.effects.amounts import amount_value
from engine.effects.registry import attack_side, handler, resolve_all, seal_card
from engine.vocabulary.discards import CardsFromDiscard

NO_RANGE = "no range"
RANGE_X = "X"
_DISCARD_PICK_DESTINATIONS = {
    c.DiscardPickDestination.HAND: (Zone.HAND, CardPurpose.TO_HAND),
    c.DiscardPickDestination.GAUGE: (Zone.GAUGE, CardPurpose.TO_GAUGE),
    c.DiscardPickDestination.SEALED: (Zone.SEALED, CardPurpose.TO_SEALED),
    c.DiscardPickDestination.TOP_OF_DECK: (Zone.DECK, CardPurpose.TO_TOP_OF_DECK),
}


@handler(c.OpponentDiscardRandom)
def opponent_discard_random(ctx: EffectCtx, e: c.OpponentDiscardRandom) -> None:
    """The opponent discards ``amount`` cards at random from hand. Example: Sweep."""
    _discard_at_random(ctx, ctx.opponent, e.amount)


@handler(c.OpponentDiscardChoose)
def opponent_discard_choose(ctx: EffectCtx, e: c.OpponentDiscardChoose) -> Flow[None]:
    """The opponent chooses ``amount`` cards from their hand to discard (their own
    decision), only cards of ``card_kind`` if it is given; holding ``amount`` or fewer
    such cards, they discard them all, and with ``reveal_if_fewer`` they then reveal
    their hand if that was fewer than ``amount``.

    Examples: Sagat's Tiger Shot, ``hit: [if is_critical] draw 1, then
    opponent_discard_choose 1``; Chun-Li's Ultra Parry (Hosenka boost),
    ``opponent_discard_choose 3, card_kind normal, reveal_if_fewer``.

    ``per_discard_effect`` then runs (for you) once per card discarded. Example:
    Gordeau's Soul Exodus, ``hit: gain_advantage, then opponent_discard_choose 2`` with
    ``per_discard_effect: move_top_cards deck to gauge`` (for each card discarded, the
    top card of Gordeau's deck goes to his gauge: upstream's ``discard_effect`` is
    resolved by the player who discarded, so its ``{opponent}`` is Gordeau).
    """
    table = ctx.table
    hand = table.p(ctx.opponent).hand
    kind = e.card_kind
    candidates = [card for card in hand if kind is None or table.card(card).kind is kind]
    amount = amount_value(ctx, e.amount)
    before = len(hand)
    yield from _they_discard(ctx, amount, candidates)
    if e.reveal_if_fewer and len(candidates) < amount:
        table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(hand)))
    for _ in range(before - len(table.p(ctx.opponent).hand)):
        yield from resolve_all(ctx, e.per_discard_effect)


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
    Intelligence strikes then. ``discard_all_copies``: every copy they hold is
    discarded; ``reveal_hand_after``: they reveal their hand afterwards even if they
    held it.
    """
    table = ctx.table
    name = yield from _name_a_card(ctx)
    hand = table.p(ctx.opponent).hand
    copies = [card for card in hand if table.card(card).name == name]
    if copies:
        _discard(ctx, ctx.opponent, copies if e.discard_all_copies else copies[:1])
        if e.reveal_hand_after:
            hand = table.p(ctx.opponent).hand
            table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(hand)))
        yield from resolve_all(ctx, e.discard_effect)
    else:
        table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(hand)))


@handler(c.NameCardsOpponentDiscards)
def name_cards_opponent_discards(
    ctx: EffectCtx, e: c.NameCardsOpponentDiscards
) -> Flow[None]:
    """Name ``amount`` cards, each before any is discarded; then the opponent discards
    the copies of each named card they hold (every copy with ``discard_all_copies``,
    else one) and reveals their hand once, after: always with ``reveal_hand_after``,
    otherwise only if a named card was not in their hand.

    Example: Vincent's Crimson Barrage, ``hit: name_cards_opponent_discards 2,
    discard_all_copies, reveal_hand_after``.

    Own type: ``name_card_opponent_discards`` resolves one name at a time, revealing the
    hand in between, so the second name would be chosen with the hand seen; roster.md's
    ``name_card_opponent_discards 2`` names both first, as the reference client does.
    """
    table = ctx.table
    named: list[str] = []
    for _ in range(e.amount):
        named.append((yield from _name_a_card(ctx)))
    missed = False
    for name in named:
        copies = [card for card in table.p(ctx.opponent).hand if table.card(card).name == name]
        missed |= not copies
        if copies:
            _discard(ctx, ctx.opponent, copies if e.discard_all_copies else copies[:1])
    if e.reveal_hand_after or missed:
        table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(table.p(ctx.opponent).hand)))


def _name_a_card(ctx: EffectCtx) -> Flow[str]:
    """Decision: name a card of the opponent's deck list (``CardNamed``)."""
    names = deck_card_names(ctx.table.catalog, ctx.table.p(ctx.opponent))
    decision = yield NameCardRequest(player=ctx.player, names=names, reading=False)
    assert isinstance(decision, NameCard)
    ctx.table.emit(ev.CardNamed(player=ctx.player, name=decision.name, reading=False))
    return decision.name


@handler(c.NameRange)
def name_range(ctx: EffectCtx, e: c.NameRange) -> Flow[None]:
    """Decision: name a range, 0 to 9, "no range" or X. The opponent discards a card
    from hand whose printed range includes it (they choose which); with none, they
    reveal their hand. "No range" matches cards without a printed range (Block, Legendary
    Taunt); X matches cards whose printed range has an X (Head Stomp's, set by its text;
    Kunzite of Keep Breaker's, the range to the opponent; Impulsive Frustration's 2~X,
    its power), and a number matches such an X as it evaluates now (``_in_range``).

    Example: Zangief's Intimidate (Flying Power Bomb boost): "Name a range (0-9, X or
    no range)". The options are ``range 0`` .. ``range 9``, ``no range``, ``range X``.

    Own type: naming a range (0 to 9, no range or X) is a decision of its own, and the
    discard it forces depends on printed ranges.
    """
    table = ctx.table
    values: list[int | None] = [*range(ARENA_MAX + 1), None]
    labels = [NO_RANGE if v is None else f"range {v}" for v in values] + [f"range {RANGE_X}"]
    tag = c.effect_tag(c.NameRange)
    options = [ChoiceOption(tag=tag, amounts=(v,)) for v in values]
    options.append(ChoiceOption(tag=tag, word=RANGE_X))
    index = yield from choose(table, ctx.player, labels, options)
    x = index == len(values)
    named = None if x else values[index]
    table.emit(ev.RangeNamed(player=ctx.player, value=named, x=x))
    hand = table.p(ctx.opponent).hand
    distance = abs(table.p(ctx.player).space - table.p(ctx.opponent).space)
    matching = [card for card in hand if _in_range(table.card(card), named, x, distance)]
    if matching:
        yield from _they_discard(ctx, 1, matching)
    else:
        table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(hand)))


def _discard(ctx: EffectCtx, who: Player, cards: Sequence[int]) -> None:
    for card in list(cards):
        ctx.table.move(who, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.EFFECT)


def _discard_at_random(ctx: EffectCtx, who: Player, amount: int) -> int:
    """``who`` discards ``amount`` cards from hand at random (all of them, if fewer);
    returns how many."""
    table = ctx.table
    hand = table.p(who).hand
    count = min(amount, len(hand))
    for _ in range(count):
        card = hand[table.rng.randbelow(len(hand))]
        table.move(who, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.RANDOM_DISCARD)
    return count


def _they_discard(ctx: EffectCtx, count: int, candidates: Sequence[int]) -> Flow[None]:
    """The opponent discards ``count`` of ``candidates``, choosing which if there are more."""
    if count <= 0:
        return
    if len(candidates) <= count:
        _discard(ctx, ctx.opponent, candidates)
        return
    decision = yield DiscardRequest(player=ctx.opponent, count=count, candidates=tuple(candidates))
    assert isinstance(decision, Discard)
    _discard(ctx, ctx.opponent, decision.cards)


def _in_range(card: c.CardDef, named: int | None, x: bool, distance: int) -> bool:
    """The card's printed range includes the range named (a number, X, or no range).
    An X printed in the range matches X: a range its text sets (Head Stomp), the range
    to the opponent (Kunzite of Keep Breaker's "X"), a bound that is the attack's total
    power (Impulsive Frustration's "2~X"). A number matches that X as it evaluates now,
    outside a strike: the range to the opponent is ``distance``, a power bound the
    printed power (the reference client's test_zangief.gd: X named discards Impulsive
    Frustration, 3 does and 4 does not with its printed power 3, and 2 discards Kunzite
    at range 2); Head Stomp's X has no number."""
    if x:
        return (card.printed_range_x or card.range_is_range_to_opponent
                or card.min_range_is_total_power or card.max_range_is_total_power)
    if card.printed_range_x:
        return False
    if named is None or card.range is None:
        return named is None and card.range is None
    if card.range_is_range_to_opponent:
        return named == distance
    return card.range[0] <= named <= card.range[1]


@handler(c.DiscardRandom)
def discard_random(ctx: EffectCtx, e: c.DiscardRandom) -> None:
    """You discard ``amount`` cards from your hand at random (all of them, if fewer).

    Example: Dan's Saikyo Haraigoshi, ``hit: choice [if min_cards_in_hand 2]
    discard_random 2, then powerup 2, then pull 1, then pull 1 | ...``.

    Own type: the random-discard primitive for your own hand. Its opponent twin keeps
    its own tag, opponent_discard_random: attacks gain it (Sweep), and a merged struct
    would change how added effects encode in the state hash.

    ``record_discarded_amount``: the cards discarded count towards this strike's
    ``cards_discarded_this_strike`` (Morathi's Neck Snapper, ``before: choice
    discard_random 2 record_discarded_amount, then close 2 | ...``).
    """
    count = _discard_at_random(ctx, ctx.player, e.amount)
    if e.record_discarded_amount and count and ctx.table.state.strike is not None:
        ctx.table.emit(ev.DiscardsRecorded(player=ctx.player, amount=count))


@handler(c.DiscardHand)
def discard_hand(ctx: EffectCtx, e: c.DiscardHand) -> None:
    """You discard your whole hand (``opponent``: the opponent discards theirs).

    Example: Zangief's Ultimate Atomic Buster, ``hit: discard_hand, then discard_hand
    opponent``.

    ``save_as_strike_x``: the number of cards discarded becomes your X this strike
    (Hazama's Hungry Darkness of 1000 Souls, ``hit: discard_hand opponent
    save_as_strike_x, then powerup strike_x, then repeat_effect_optionally strike_x
    draw 1``).

    Own type: a card-flow primitive (a whole hand to the discard pile, either player's);
    no other effect empties a hand.
    """
    whose = ctx.opponent if e.opponent else ctx.player
    hand = list(ctx.table.p(whose).hand)
    _discard(ctx, whose, hand)
    if e.save_as_strike_x and attack_side(ctx) is not None:
        ctx.table.emit(ev.StrikeXSet(player=ctx.player, value=len(hand)))


@handler(c.DiscardFromGauge)
def discard_from_gauge(ctx: EffectCtx, e: c.DiscardFromGauge) -> Flow[None]:
    """You choose ``amount`` cards of your gauge; they go to your discard pile
    (``opponent``: the opponent chooses as many of their own gauge, as upstream's
    ``choose_discard {opponent}`` asks the player it targets). Holding ``amount`` or
    fewer, they all go without asking; none, nothing happens.

    Example: Nehtali's Soul Exchange (Darkness Barrier boost), ``[if
    opponent_min_cards_in_gauge 1] add_to_gauge_boost_play_cleanup, then
    discard_from_gauge 1, opponent``: the opponent picks the gauge card they lose.

    Own type: no other effect takes cards out of a gauge except as a cost.
    """
    owner = ctx.opponent if e.opponent else ctx.player
    gauge = ctx.table.p(owner).gauge
    picked = yield from select_cards(owner, CardPurpose.DISCARD, gauge, e.amount, e.amount)
    for card in picked:
        ctx.table.move(owner, card, Zone.GAUGE, Zone.DISCARD, ev.MoveReason.EFFECT)


@handler(c.ChooseOpponentCardToDiscard)
def choose_opponent_card_to_discard(ctx: EffectCtx, e: c.ChooseOpponentCardToDiscard) -> Flow[None]:
    """Decision: you pick one card of the opponent's hand (your decision, after they
    revealed it); they discard it. An empty hand: nothing happens; one card: it goes
    without asking.

    Example: Gordeau's Snatcher (Soul Exodus boost), ``immediate: [if range 1]
    reveal_hand opponent, then choose_opponent_card_to_discard``.

    Own type: ``opponent_discard_choose`` is the opponent's choice; here it is yours.
    """
    hand = ctx.table.p(ctx.opponent).hand
    picked = yield from select_cards(ctx.player, CardPurpose.DISCARD, hand, 1, 1)
    _discard(ctx, ctx.opponent, picked)


@handler(CardsFromDiscard)
def cards_from_discard(ctx: EffectCtx, e: CardsFromDiscard) -> Flow[None]:
    """Decision: choose ``min_amount``..``max_amount`` cards of a kind in ``limitation``
    (any kind if empty) from your discard pile (as many as there are, if fewer) and put
    them into your hand.

    Example: Wagner's Recover (Filthy Dog! boost), ``advance 2, then [if
    advanced_through] cards_from_discard {special, ultra} 1..1``.

    ``destination: gauge``: they go to your gauge instead. Example: Bang's Infinite
    Chaos-Fist of the Void, ``hit: cards_from_discard 0..1 {destination: gauge}``.
    ``destination: top_of_deck``: on top of your deck, the last chosen on top
    (Platinum's Cure Dot Typhoon, ``after: cards_from_discard 0..1 {destination:
    top_of_deck}``).

    ``destination: sealed``: into your sealed area instead (each card sealed runs your
    ``on_seal`` effects). Examples: Nine's Seamoss Gate (Emerald of Enmity boost),
    ``cards_from_discard to sealed 1..1, then bonus_action``; her Azurite Inferno, ``hit:``
    0..2 to sealed; her overdrive effect, ``choice <cards_from_discard to sealed 1..1 |
    pass>``.

    Own type: the discard pile is the source; ``cards_from_hand`` and
    ``choose_cards_from_top_deck`` take from the hand and the deck.
    """
    table, who = ctx.table, ctx.player
    candidates = [
        card for card in table.p(who).discard
        if not e.limitation or table.card(card).kind in e.limitation
    ]
    zone, purpose = _DISCARD_PICK_DESTINATIONS[e.destination]
    picked = yield from select_cards(who, purpose, candidates, e.min_amount, e.max_amount)
    for card in picked:
        if zone is Zone.SEALED:
            yield from seal_card(table, who, card, Zone.DISCARD, ev.MoveReason.EFFECT)
        else:
            table.move(who, card, Zone.DISCARD, zone, ev.MoveReason.EFFECT)


def _bottom_discard_to(ctx: EffectCtx, zone: Zone) -> None:
    table, who = ctx.table, ctx.player
    discard = table.p(who).discard
    if discard:
        table.move(who, discard[0], Zone.DISCARD, zone, ev.MoveReason.EFFECT)


@handler(c.AddBottomDiscardToGauge)
def add_bottom_discard_to_gauge(ctx: EffectCtx, e: c.AddBottomDiscardToGauge) -> None:
    """The bottom card of your discard pile (the one discarded longest ago) goes to your
    gauge; nothing with an empty discard pile.

    Example: Hilda's Tri-Furket, ``hit: choice <add_bottom_discard_to_gauge |
    add_bottom_discard_to_hand>``.

    Own type: ``move_top_cards`` takes from the top of a pile; no effect reaches the
    bottom of the discard pile.
    """
    _bottom_discard_to(ctx, Zone.GAUGE)


@handler(c.AddBottomDiscardToHand)
def add_bottom_discard_to_hand(ctx: EffectCtx, e: c.AddBottomDiscardToHand) -> None:
    """The bottom card of your discard pile goes to your hand; nothing with an empty
    discard pile.

    Example: Hilda's Tri-Furket (the other option of its hit choice).

    Own type: no effect returns a discarded card to hand by its place in the pile.
    """
    _bottom_discard_to(ctx, Zone.HAND)


@handler(c.ReturnAllCopiesOfTopDiscardToHand)
def return_all_copies_of_top_discard_to_hand(
    ctx: EffectCtx, e: c.ReturnAllCopiesOfTopDiscardToHand
) -> None:
    """Every copy in your discard pile of the card on top of it (that card included)
    goes to your hand, the top one first; nothing with an empty discard pile.

    Example: Bang's overdrive effect, ``return_all_copies_of_top_discard_to_hand``:
    with Fatal Eruption on top and its other copy deeper in the pile, both return.

    Own type: the card is named by the pile's top card when it resolves;
    ``move_card_copies`` names a fixed card and asks how many.
    """
    table, who = ctx.table, ctx.player
    discard = table.p(who).discard
    if not discard:
        return
    wanted = table.state.card_defs[discard[-1]]
    for card in reversed(list(discard)):
        if table.state.card_defs[card] == wanted:
            table.move(who, card, Zone.DISCARD, Zone.HAND, ev.MoveReason.EFFECT)
