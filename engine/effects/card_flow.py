"""Card flow effects: drawing, and cards moving between deck, hand, gauge and discard
(those taken back from the discard pile are in ``discards``).

One registered handler per effect type of ``engine.vocabulary.card_flow``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.core import events as ev
from engine.core.asking import choose, select_cards
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import CardPurpose, ChoiceOption
from engine.core.ids import MAX_LIFE, Zone
from engine.core.state import DRAW_BONUS, set_aside_cards, strike_value
from engine.effects.amounts import amount_value
from engine.effects.registry import attack_side, handler, resolve_all, seal_card
from engine.vocabulary.card_flow import ReturnSealedWithSameSpeed

_PILE_DESTINATIONS = {
    c.PileDestination.GAUGE: Zone.GAUGE,
    c.PileDestination.DISCARD: Zone.DISCARD,
    c.PileDestination.SEALED: Zone.SEALED,
}
_HAND_DESTINATIONS = {
    c.HandDestination.GAUGE: (Zone.GAUGE, CardPurpose.TO_GAUGE),
    c.HandDestination.TOP_OF_DECK: (Zone.DECK, CardPurpose.TO_TOP_OF_DECK),
    c.HandDestination.DISCARD: (Zone.DISCARD, CardPurpose.DISCARD),
    c.HandDestination.SEALED: (Zone.SEALED, CardPurpose.TO_SEALED),
}
_ACTION_ZONES = {
    c.TopDeckAction.ADD_TO_HAND: (Zone.HAND, CardPurpose.TO_HAND),
    c.TopDeckAction.ADD_TO_GAUGE: (Zone.GAUGE, CardPurpose.TO_GAUGE),
    c.TopDeckAction.DISCARD: (Zone.DISCARD, CardPurpose.DISCARD),
    c.TopDeckAction.ADD_TO_SEALED: (Zone.SEALED, CardPurpose.TO_SEALED),
}


@handler(c.Draw)
def draw(ctx: EffectCtx, e: c.Draw) -> None:
    """Draw ``amount`` cards (an empty deck reshuffles once, then loses). Example: Focus.

    ``amount`` may be a ``Count`` (nothing is drawn when it comes to 0 or less): "draw
    until you have 3 cards" is Vincent's National Debt, ``immediate: draw {count:
    cards_in_hand, times: -1, plus: 3}``.

    ``opponent``: the opponent draws (Linne's character action, ``draw 2, then draw 1
    {opponent}``). Your own draws get ``increase_draw_effects``'s bonus.
    """
    who = ctx.opponent if e.opponent else ctx.player
    bonus = 0 if e.opponent else draw_bonus(ctx)
    ctx.table.draw(who, max(0, amount_value(ctx, e.amount)) + bonus)


@handler(c.MoveTopCards)
def move_top_cards(ctx: EffectCtx, e: c.MoveTopCards) -> None:
    """The top ``amount`` cards of your ``source`` pile (``deck``: its first cards;
    ``discard``: the last discarded) go to ``destination`` (``gauge`` or ``discard``),
    one at a time; fewer if the pile runs out (an empty deck is not reshuffled).

    Examples: Hadoken, ``after: choice return_attack_to_top_of_deck, then
    move_top_cards discard to gauge | pass``; Dan's Peek (Saikyo Haraigoshi boost), deck
    to gauge; Dan's Koryuken, ``hit: [if deck_not_empty] move_top_cards deck to discard,
    then set_strike_x top_discard_power, then powerup strike_x``.

    ``opponent``: the opponent's pile instead, to their own ``destination``. Example:
    Nehtali's character action, ``move_top_cards discard to gauge, then move_top_cards
    discard to gauge, opponent`` (each player's top discard goes to their gauge).

    ``sealed``: into the sealed area, face down if the fighter's is secret (Arakune's
    overdrive effect, upstream ``seal_topdeck``: ``choice move_top_cards deck to sealed |
    pass``).
    """
    table = ctx.table
    who = ctx.opponent if e.opponent else ctx.player
    from_deck = e.source is c.Pile.DECK
    pile = table.p(who).deck if from_deck else table.p(who).discard
    src = Zone.DECK if from_deck else Zone.DISCARD
    dst = _PILE_DESTINATIONS[e.destination]
    for _ in range(min(e.amount, len(pile))):
        card = pile[0] if from_deck else pile[-1]
        if dst is Zone.SEALED:
            table.seal(who, card, src)
        else:
            table.move(who, card, src, dst, ev.MoveReason.EFFECT)


@handler(c.ShuffleDeck)
def shuffle_deck(ctx: EffectCtx, e: c.ShuffleDeck) -> None:
    """Shuffle your deck. Example: Dan's Secret Technique, after searching the deck.

    Own type: a card-flow primitive (shuffling a deck).
    """
    ctx.table.shuffle_deck(ctx.player)


@handler(c.ChooseCardsFromTopDeck)
def choose_cards_from_top_deck(ctx: EffectCtx, e: c.ChooseCardsFromTopDeck) -> Flow[None]:
    """Look at the top ``look_amount`` cards of your deck and pick one for an action of
    ``action_choices`` (``add_to_hand``, ``add_to_gauge``, ``discard``; asked first when
    there are several); ``can_pass`` allows picking none. The others stay on top of the
    deck in order, or go to the discard pile (``destination_unchosen: discard``).

    Example: Dan's Secret Technique (Legendary Taunt boost): look at 30, one to hand.
    ``add_to_topdeck_under`` / ``add_to_topdeck_under_2`` put the chosen card back
    under one / two of the other looked-at cards (Morathi's Casting Bones, which so
    orders his top three cards); ``add_to_sealed`` seals it (face down in a secret
    sealed area: Arakune's Forbidden Knowledge, look at 5, one sealed).

    Own type: a card-flow primitive: a search of the deck with its own card decision; no
    composition of other effects looks at hidden deck cards.
    """
    table, who = ctx.table, ctx.player
    looked = tuple(table.p(who).deck[: e.look_amount])
    if not looked:
        return
    labels = [action.value.replace("_", " ") for action in e.action_choices]
    tag = c.effect_tag(c.ChooseCardsFromTopDeck)
    options = [ChoiceOption(tag=tag, word=action.value) for action in e.action_choices]
    action = e.action_choices[(yield from choose(table, who, labels, options))]
    least = 0 if e.can_pass else 1
    if action in _TUCK_DEPTHS:
        for card in (yield from select_cards(who, CardPurpose.TO_TOP_OF_DECK, looked, least, 1)):
            _tuck(ctx, card, looked, _TUCK_DEPTHS[action])
        return
    zone, purpose = _ACTION_ZONES[action]
    for card in (yield from select_cards(who, purpose, looked, least, 1)):
        if zone is Zone.SEALED:
            table.seal(who, card, Zone.DECK)
        else:
            table.move(who, card, Zone.DECK, zone, ev.MoveReason.EFFECT)
    if e.destination_unchosen is c.UnchosenDestination.DISCARD:
        for card in looked:
            if card in table.p(who).deck:
                table.move(who, card, Zone.DECK, Zone.DISCARD, ev.MoveReason.EFFECT)


@handler(c.CardsFromHand)
def cards_from_hand(ctx: EffectCtx, e: c.CardsFromHand) -> Flow[None]:
    """Choose ``min_amount``..``max_amount`` cards from your hand (as many as you hold,
    if fewer; none if the most is not positive) and put them in your gauge
    (``destination: gauge``), on top of your deck (``top_of_deck``: the last one picked
    ends on top), in your discard pile (``discard``) or your sealed area (``sealed``);
    ``per_card_effect`` then runs once per card moved. Either bound may be a ``Count``.

    Examples: M. Bison's exceeded action, 1..3 cards to gauge, drawing 1 per card; Dan's
    Lucky! (Shisso Buraiken boost), one card on top of the deck; Dan's Saikyo Vision,
    discard 0..``{count: cards_in_hand}`` (so that his ultras become free); Dan's Secret
    Technique, discard exactly ``{count: cards_in_hand, plus: -1}`` (down to one card);
    Litchi's Lao Jiu (upstream ``seal_hand``), exactly ``{count: cards_in_hand}`` to
    ``sealed``: the whole hand, with no question.

    ``from_last_cards``: only the last that many cards put into your hand are offered
    (the cards just drawn). Example: Nehtali's Building Power (Hell's Salvation boost),
    ``draw 2, then cards_from_hand to gauge 1..1, from_last_cards 2``.

    ``opponent``: the opponent chooses from their hand into their own zone. Example:
    Hilda's The Darkness (Tri-Furket boost): the opponent, then you, put exactly 3
    cards from hand into gauge.

    ``destination: sealed`` seals them (each runs your ``on_seal`` effects). Example:
    Nine's Heliodor of Humility, ``now: cards_from_hand to sealed 1..1``. Her Flax
    Nurture shuffles 2 cards into the deck: ``cards_from_hand to top_of_deck 2..2,
    then shuffle_deck``; her Hi no Kagutsuchi puts her whole hand in gauge: ``{count:
    cards_in_hand}`` for both bounds (as Vatista's Zahhishio).
    """
    table, who = ctx.table, ctx.opponent if e.opponent else ctx.player
    zone, purpose = _HAND_DESTINATIONS[e.destination]
    hand = table.p(who).hand
    if e.from_last_cards is not None:
        hand = hand[len(hand) - min(e.from_last_cards, len(hand)) :]
    least, most = amount_value(ctx, e.min_amount), amount_value(ctx, e.max_amount)
    picked = yield from select_cards(who, purpose, hand, least, most)
    for card in picked:
        if zone is Zone.SEALED:
            yield from seal_card(table, who, card, Zone.HAND, ev.MoveReason.EFFECT)
        else:
            table.move(who, card, Zone.HAND, zone, ev.MoveReason.EFFECT)
    for _ in picked:
        yield from resolve_all(ctx, e.per_card_effect)


_TUCK_DEPTHS = {
    c.TopDeckAction.ADD_TO_TOPDECK_UNDER: 1,
    c.TopDeckAction.ADD_TO_TOPDECK_UNDER_2: 2,
}


def _tuck(ctx: EffectCtx, card: int, looked: tuple[int, ...], depth: int) -> None:
    """Put ``card`` (one of the top cards ``looked``) under ``depth`` of the others,
    which keep their order on top: it is put on top, then those others over it."""
    table, who = ctx.table, ctx.player
    over = [other for other in looked if other != card][:depth]
    for moved in (card, *reversed(over)):
        table.move(who, moved, Zone.DECK, Zone.DECK, ev.MoveReason.EFFECT)


@handler(c.GainLife)
def gain_life(ctx: EffectCtx, e: c.GainLife) -> None:
    """Gain ``amount`` life, never above the maximum (30): at 28 life, gaining 4 gives 2.
    A mechanic may set a lower maximum (``max_life``): a Tag Team fighter's is 20.

    Example: Vincent's Phoenix Revival, ``hit: gain_life 4``.

    Own type: life gained has its own event and cap; no other effect raises life.
    """
    table = ctx.table
    most = MAX_LIFE
    for cap in table.hooks.max_life:
        lower = cap(table, ctx.player)
        if lower is not None and lower < most:
            most = lower
    gained = min(e.amount, most - table.p(ctx.player).life)
    if gained > 0:
        ctx.table.emit(ev.LifeGained(player=ctx.player, amount=gained))


def draw_bonus(ctx: EffectCtx) -> int:
    """What ``increase_draw_effects`` adds to your draw amounts in the strike in progress
    (0 outside a strike)."""
    return strike_value(ctx.table.state, DRAW_BONUS, ctx.player)


@handler(c.IncreaseDrawEffects)
def increase_draw_effects(ctx: EffectCtx, e: c.IncreaseDrawEffects) -> None:
    """This strike, each of your draw effects draws ``amount`` more cards (the
    opponent's draws, and the end-of-turn draw, are unchanged).

    Example: Vatista's ability, ``set_strike: [if used_character_action 0]
    increase_draw_effects 1``: Lumen Stella's ``hit: draw 1`` draws 2.

    Own type: a strike-long modifier of the draw effects themselves.
    """
    if ctx.table.state.strike is not None:
        ctx.table.emit(ev.DrawEffectsIncreased(player=ctx.player, amount=e.amount))


@handler(c.RevealTopdeck)
def reveal_topdeck(ctx: EffectCtx, e: c.RevealTopdeck) -> None:
    """Reveal the top card of your deck to both players; it stays on top. An empty deck
    reveals nothing (and is not reshuffled).

    Example: Vatista's Instant Flight (Lumen Stella boost), ``before: reveal_topdeck,
    then set_strike_x top_deck_power, then choice advance strike_x | retreat strike_x``.

    Own type: it shows a card of the deck to both players without moving it, which no
    draw or deck effect does.
    """
    deck = ctx.table.p(ctx.player).deck
    if deck:
        ctx.table.emit(ev.TopDeckRevealed(player=ctx.player, card=deck[0]))


_COPY_SOURCES = {c.CopySource.GAUGE: Zone.GAUGE, c.CopySource.DISCARD: Zone.DISCARD}
_COPY_DESTINATIONS = {
    c.CopyDestination.HAND: (Zone.HAND, CardPurpose.TO_HAND),
    c.CopyDestination.SEALED: (Zone.SEALED, CardPurpose.TO_SEALED),
}


@handler(c.MoveCardCopies)
def move_card_copies(ctx: EffectCtx, e: c.MoveCardCopies) -> Flow[None]:
    """Move ``min_amount``..``max_amount`` copies of the card ``card`` from your
    ``source`` (``gauge`` or ``discard``) to ``destination`` (``hand`` or ``sealed``):
    you choose how many, at least ``min_amount`` if you have that many (all you have if
    fewer). ``per_card_effect`` runs once per copy moved, so "if you do" effects run
    only when one moved.

    Examples: Enkidu's character action, 0 force: ``move_card_copies`` of Three Precept
    Strike from discard to hand (1..1), per card ``close 1``; his exceed ability, after
    his character action strike, ``set_strike:`` from gauge to sealed (1..1), per card
    ``powerup 2, speedup 1``; Demon Seal: Abyssal Force's ``after:`` any number from
    gauge to hand.

    Own type: it moves copies of one named card between your zones, which no other
    card-flow effect (a pile's top cards, chosen cards from hand) can say.
    """
    table = ctx.table
    src = _COPY_SOURCES[e.source]
    dst, purpose = _COPY_DESTINATIONS[e.destination]
    zone = table.p(ctx.player).gauge if src is Zone.GAUGE else table.p(ctx.player).discard
    copies = [card for card in zone if table.state.card_defs[card] == e.card]
    picked = yield from select_cards(ctx.player, purpose, copies, e.min_amount, e.max_amount)
    for card in picked:
        if dst is Zone.SEALED:
            yield from seal_card(table, ctx.player, card, src, ev.MoveReason.EFFECT)
        else:
            table.move(ctx.player, card, src, dst, ev.MoveReason.EFFECT)
    for _ in picked:
        yield from resolve_all(ctx, e.per_card_effect)


@handler(c.RevealCopy)
def reveal_copy(ctx: EffectCtx, e: c.RevealCopy) -> Flow[None]:
    """Reveal a copy of the card ``card`` from your hand, if you hold one (it stays in
    hand); ``reveal_effect`` then runs, only if you revealed one.

    Example: Enkidu's Three Precept Strike, ``after: close 1, then choice reveal_copy
    (Three Precept Strike) with reveal_effect gain_advantage | pass``.

    Own type: it shows one named card of your hand (``reveal_hand`` shows all of it)
    and gates its effect on holding that card.
    """
    table = ctx.table
    copies = [card for card in table.p(ctx.player).hand if table.state.card_defs[card] == e.card]
    if not copies:
        return
    table.emit(ev.HandRevealed(player=ctx.player, cards=(copies[0],)))
    yield from resolve_all(ctx, e.reveal_effect)


@handler(c.RevealCopiesFromHand)
def reveal_copies_from_hand(ctx: EffectCtx, e: c.RevealCopiesFromHand) -> Flow[None]:
    """Decision: reveal any number (0 or more) of the copies of your attack's card you
    hold in hand (``HandRevealed`` names them; they stay in hand); ``per_card_effect``
    runs once per card revealed, then ``revealed_effect`` once if you revealed any.

    Example: Byakuya's How Shall I Cook You?, ``hit: reveal_copies_from_hand
    {per_card_effect: powerup 1, then pull 1}``: each copy revealed gives +1 power and a
    pull (roster.md's ``discard_effect=(powerup 1 {per_discard} + pull 1)``, the chain
    repeated per card).

    Own type: cards shown from hand, not discarded, counted for an effect.
    """
    table = ctx.table
    side = attack_side(ctx)
    if side is None or side.card is None:
        return
    name = table.card(side.card).name
    copies = [card for card in table.p(ctx.player).hand if table.card(card).name == name]
    picked = yield from select_cards(ctx.player, CardPurpose.REVEAL, copies, 0, len(copies))
    if not picked:
        return
    table.emit(ev.HandRevealed(player=ctx.player, cards=tuple(picked)))
    for _ in picked:
        yield from resolve_all(ctx, e.per_card_effect)
    yield from resolve_all(ctx, e.revealed_effect)


@handler(ReturnSealedWithSameSpeed)
def return_sealed_with_same_speed(ctx: EffectCtx, e: ReturnSealedWithSameSpeed) -> Flow[None]:
    """(An ``on_seal`` effect.) The card just sealed is the top of your sealed area: a
    card under it with the same printed speed returns to your hand (you choose if
    several; none: nothing). A dealt game never has several, as each swap keeps one
    card per speed.

    Example: Nine's ability, ``on_seal: return_sealed_with_same_speed``: her gems start
    sealed, one per speed 0..8, so sealing an Assault (speed 5) hands back Morganite
    of Malice (speed 5).

    Own type: a swap keyed to the card just sealed, which no zone-to-zone effect
    names.
    """
    table, who = ctx.table, ctx.player
    sealed = table.p(who).sealed
    if not sealed:
        return
    speed = table.card(sealed[-1]).speed
    same = [card for card in sealed[:-1] if table.card(card).speed == speed]
    for card in (yield from select_cards(who, CardPurpose.TO_HAND, same, 1, 1)):
        table.move(who, card, Zone.SEALED, Zone.HAND, ev.MoveReason.EFFECT)


@handler(c.AddSetAsideCardToDeck)
def add_set_aside_card_to_deck(ctx: EffectCtx, e: c.AddSetAsideCardToDeck) -> None:
    """Your set-aside card ``id`` goes on top of your deck; nothing if it is not set
    aside (any more).

    Example: every BlazBlue fighter's ability, ``on_reshuffle: [if manual_reshuffle]
    add_set_aside_card_to_deck {id: ragna_blackonslaught}``: after the Reshuffle action
    the Astral Heat is the next card drawn.

    Own type: the set-aside area is left only this way (each BlazBlue fighter's Astral
    Heat).
    """
    state = ctx.table.state
    card = next((ref for ref in set_aside_cards(state, ctx.player)
                 if state.card_defs[ref] == e.id), None)
    if card is not None:
        ctx.table.emit(ev.SetAsideCardAdded(player=ctx.player, card=card))


@handler(c.ReshuffleDiscardIntoDeck)
def reshuffle_discard_into_deck(ctx: EffectCtx, e: c.ReshuffleDiscardIntoDeck) -> None:
    """Your discard pile is shuffled into your deck (deck and pile shuffled together, as
    a reshuffle does), without using your one reshuffle: you may still Reshuffle later.
    Nothing happens if the pile is empty.

    Example: Hakumen's kicker (``on_exceed``), ``reshuffle_discard_into_deck, then
    gauge_costs_reduced_passive 99``.

    Own type: the rulebook's reshuffle (``DeckReshuffled``) is the once-per-game one and
    ``shuffle_deck`` shuffles the deck alone.
    """
    table, who = ctx.table, ctx.player
    p = table.p(who)
    if not p.discard:
        return
    order = tuple(table.rng.shuffle(p.deck + p.discard))
    table.emit(ev.DiscardShuffledIntoDeck(player=who, order=order))


@handler(c.ShuffleHandToDeck)
def shuffle_hand_to_deck(ctx: EffectCtx, e: c.ShuffleHandToDeck) -> None:
    """Every card in your hand goes into your deck, then your deck is shuffled (with an
    empty hand: only the shuffle).

    Example: Nu-13's Broken Weapon (Calamity Sword's boost), ``immediate:
    shuffle_hand_to_deck``, ``immediate: draw 5``: a fresh hand of five.

    Own type: the whole hand leaves without a choice and is shuffled in; ``cards_from_hand``
    asks which cards, and no other effect shuffles the deck after a move.
    """
    table, who = ctx.table, ctx.player
    for card in tuple(table.p(who).hand):
        table.move(who, card, Zone.HAND, Zone.DECK, ev.MoveReason.EFFECT)
    table.shuffle_deck(who)


@handler(c.DrawAnyNumber)
def draw_any_number(ctx: EffectCtx, e: c.DrawAnyNumber) -> Flow[None]:
    """Decision: draw 0 up to N cards, N being your deck, plus your discard pile while
    your reshuffle is unused (drawing past the deck reshuffles it in); a choice
    ``draw n``.

    Example: Kokonoe's Ultimate Impact, ``hit: push 3, then [if range 4]
    draw_any_number``.

    Own type: the player names the amount drawn.
    """
    p = ctx.table.p(ctx.player)
    most = len(p.deck) + (0 if p.reshuffled else len(p.discard))
    if most == 0:
        return
    labels = [f"draw {n}" for n in range(most + 1)]
    options = [ChoiceOption(tag=c.effect_tag(c.DrawAnyNumber), amounts=(n,))
               for n in range(most + 1)]
    count = yield from choose(ctx.table, ctx.player, labels, options)
    if count:
        ctx.table.draw(ctx.player, count)
