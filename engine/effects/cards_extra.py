"""Card flow and attack stat effects of Dan, C. Viper, Vega, Guile and M. Bison.

Cards between hand, deck, gauge and discard (``gauge_from_hand``, ``topdeck_from_hand``,
``self_discard_choose``, searching the deck...), revealing hands, and the stat effects
that read the table (``powerup_per_gauge``, ``speedup_by_spaces_modifier``, X).
"""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx, Flow, choose, select_cards
from engine.decisions import CardPurpose
from engine.effects.registry import add_stat, attack_side, handler, resolve_all
from engine.ids import Zone
from engine.state import Stat

_ACTION_ZONES = {
    c.TopDeckAction.ADD_TO_HAND: (Zone.HAND, CardPurpose.TO_HAND),
    c.TopDeckAction.ADD_TO_GAUGE: (Zone.GAUGE, CardPurpose.TO_GAUGE),
    c.TopDeckAction.DISCARD: (Zone.DISCARD, CardPurpose.DISCARD),
}

# --- deck --------------------------------------------------------------------------


@handler(c.AddTopDeckToGauge)
def add_top_deck_to_gauge(ctx: EffectCtx, e: c.AddTopDeckToGauge) -> None:
    """The top ``amount`` cards of your deck go to your gauge (fewer if the deck runs
    out; an empty deck is not reshuffled). Example: Dan's Peek (Saikyo Haraigoshi boost).
    """
    table = ctx.table
    deck = table.p(ctx.player).deck
    for _ in range(min(e.amount, len(deck))):
        table.move(ctx.player, deck[0], Zone.DECK, Zone.GAUGE, ev.MoveReason.EFFECT)


@handler(c.DiscardTopdeck)
def discard_topdeck(ctx: EffectCtx, e: c.DiscardTopdeck) -> None:
    """The top card of your deck goes to your discard pile (nothing if the deck is
    empty). Example: Dan's Koryuken, ``hit: [if deck_not_empty] discard_topdeck, then
    set_strike_x top_discard_power, then powerup strike_x``.
    """
    deck = ctx.table.p(ctx.player).deck
    if deck:
        ctx.table.move(ctx.player, deck[0], Zone.DECK, Zone.DISCARD, ev.MoveReason.EFFECT)


@handler(c.ShuffleDeck)
def shuffle_deck(ctx: EffectCtx, e: c.ShuffleDeck) -> None:
    """Shuffle your deck. Example: Dan's Secret Technique, after searching the deck."""
    ctx.table.shuffle_deck(ctx.player)


@handler(c.ChooseCardsFromTopDeck)
def choose_cards_from_top_deck(ctx: EffectCtx, e: c.ChooseCardsFromTopDeck) -> Flow[None]:
    """Look at the top ``look_amount`` cards of your deck and pick one for an action of
    ``action_choices`` (``add_to_hand``, ``add_to_gauge``, ``discard``; asked first when
    there are several); ``can_pass`` allows picking none. The others stay on top of the
    deck in order, or go to the discard pile (``destination_unchosen: discard``).

    Example: Dan's Secret Technique (Legendary Taunt boost): look at 30, one to hand.
    """
    table, who = ctx.table, ctx.player
    looked = tuple(table.p(who).deck[: e.look_amount])
    if not looked:
        return
    labels = [action.value.replace("_", " ") for action in e.action_choices]
    action = e.action_choices[(yield from choose(table, who, labels))]
    zone, purpose = _ACTION_ZONES[action]
    least = 0 if e.can_pass else 1
    for card in (yield from select_cards(who, purpose, looked, least, 1)):
        table.move(who, card, Zone.DECK, zone, ev.MoveReason.EFFECT)
    if e.destination_unchosen is c.UnchosenDestination.DISCARD:
        for card in looked:
            if card in table.p(who).deck:
                table.move(who, card, Zone.DECK, Zone.DISCARD, ev.MoveReason.EFFECT)


# --- hand ----------------------------------------------------------------------------


@handler(c.GaugeFromHand)
def gauge_from_hand(ctx: EffectCtx, e: c.GaugeFromHand) -> Flow[None]:
    """Choose ``min_amount``..``max_amount`` cards from your hand (as many as you hold,
    if fewer) and put them in your gauge; ``per_card_effect`` then runs once per card.

    Example: M. Bison's exceeded action, 1..3 cards, drawing 1 per card.
    """
    table, who = ctx.table, ctx.player
    hand = table.p(who).hand
    picked = yield from select_cards(who, CardPurpose.TO_GAUGE, hand, e.min_amount, e.max_amount)
    for card in picked:
        table.move(who, card, Zone.HAND, Zone.GAUGE, ev.MoveReason.EFFECT)
    for _ in picked:
        yield from resolve_all(ctx, e.per_card_effect)


@handler(c.TopdeckFromHand)
def topdeck_from_hand(ctx: EffectCtx, e: c.TopdeckFromHand) -> Flow[None]:
    """Choose ``min_amount``..``max_amount`` cards from your hand and put them on top of
    your deck (the last one picked ends on top). Example: Dan's Lucky! (Shisso Buraiken
    boost), one card.
    """
    table, who = ctx.table, ctx.player
    hand = table.p(who).hand
    picked = yield from select_cards(
        who, CardPurpose.TO_TOP_OF_DECK, hand, e.min_amount, e.max_amount
    )
    for card in picked:
        table.move(who, card, Zone.HAND, Zone.DECK, ev.MoveReason.EFFECT)


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


@handler(c.RevealHand)
def reveal_hand(ctx: EffectCtx, e: c.RevealHand) -> None:
    """Reveal your hand (``opponent``: the opponent reveals theirs). Information only.

    Examples: M. Bison's Psycho Booster; Dan's Saikyo Vision (``opponent``).
    """
    whose = ctx.opponent if e.opponent else ctx.player
    ctx.table.emit(ev.HandRevealed(player=whose, cards=tuple(ctx.table.p(whose).hand)))


# --- attack stats --------------------------------------------------------------------


@handler(c.PowerupOpponent)
def powerup_opponent(ctx: EffectCtx, e: c.PowerupOpponent) -> None:
    """The opponent's attack gets +``amount`` power (negative: less) for this strike.

    Examples: C. Viper's Stylish (+3, the price of its draws); her Burning Kick,
    ``hit: [if is_critical] powerup_opponent -2``.
    """
    if attack_side(ctx) is not None and e.amount:
        ctx.table.emit(ev.StatModified(player=ctx.opponent, stat=Stat.POWER, amount=e.amount))


@handler(c.PowerupPerGauge)
def powerup_per_gauge(ctx: EffectCtx, e: c.PowerupPerGauge) -> None:
    """+``amount`` power per card in your gauge when it resolves; the bonus is at most
    ``amount_max``. Example: M. Bison's Psycho Power, +1 per gauge card, at most +5.
    """
    bonus = e.amount * len(ctx.table.p(ctx.player).gauge)
    if e.amount_max is not None:
        bonus = min(bonus, e.amount_max)
    add_stat(ctx, Stat.POWER, bonus)


@handler(c.SpeedupBySpacesModifier)
def speedup_by_spaces_modifier(ctx: EffectCtx, e: c.SpeedupBySpacesModifier) -> None:
    """+``amount`` speed per empty space between the fighters.

    Counted when it resolves (during-strike), which equals the live count at the speed
    comparison: nothing moves in between. Example: Vega's Rolling Crystal Flash.
    """
    table = ctx.table
    gap = abs(table.p(ctx.player).space - table.p(ctx.opponent).space) - 1
    add_stat(ctx, Stat.SPEED, e.amount * gap)


@handler(c.SetStrikeX)
def set_strike_x(ctx: EffectCtx, e: c.SetStrikeX) -> None:
    """Set X for your attack this strike from ``source``: ``top_discard_power`` (the
    printed power of your discard pile's top card) or ``top_deck_power``; 0 when that
    pile is empty. ``powerup strike_x`` then adds X.

    Example: Dan's Koryuken (power 0) gains the power of the card it discards.
    """
    table = ctx.table
    p = table.p(ctx.player)
    pile = p.discard[-1:] if e.source is c.StrikeXSource.TOP_DISCARD_POWER else p.deck[:1]
    value = max(0, table.card(pile[0]).power) if pile else 0
    if attack_side(ctx) is not None:
        table.emit(ev.StrikeXSet(player=ctx.player, value=value))
