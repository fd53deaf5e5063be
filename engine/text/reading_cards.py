"""The card reader's phrases for what an effect does with cards: drawing and discarding,
the piles, the gauge, the sealed and overdrive areas, a boost leaving play, and naming
and revealing cards. Meanings as ``docs/effects.md`` states them; the card reader is
``engine.text.reading`` (boosts played, buddies and choices: ``reading_boosts``).
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.text.reading_base import Reader, amount, cards, phrase, span, words
from engine.vocabulary.card_flow import ReturnSealedWithSameSpeed
from engine.vocabulary.discards import CardsFromDiscard

_PLACES = {
    "hand": "your hand", "gauge": "your gauge", "discard": "your discard pile",
    "sealed": "your sealed area", "top_of_deck": "the top of your deck",
    "bottom_of_deck": "the bottom of your deck", "topdeck": "the top of your deck",
    "owner_hand": "its owner's hand",
}


def _place(value: object) -> str:
    return _PLACES.get(str(getattr(value, "value", value)), words(value))


def _into(value: object) -> str:
    """``into your gauge``, ``on top of your deck``."""
    place = _place(value)
    return f"on {place.removeprefix('the ')}" if place.startswith("the top") else f"into {place}"


def _top(number: int, pile: str) -> str:
    """``the top card of your deck goes``, ``the top 2 cards of your deck go``."""
    if number == 1:
        return f"the top card of {pile} goes"
    return f"the top {cards(number)} of {pile} go"


_PLAIN: dict[type[c.Effect], str] = {
    c.AddBoostToGaugeOnMove: "this boost goes to your gauge when you move yourself",
    c.AddBoostToGaugeOnStrikeCleanup: "this boost goes to your gauge",
    c.AddBoostToOverdriveDuringStrikeImmediately: "this boost goes to your overdrive area",
    c.AddBottomDiscardToGauge: "the bottom card of your discard pile goes to your gauge",
    c.AddBottomDiscardToHand: "the bottom card of your discard pile goes to your hand",
    c.AddStrikeToGaugeAfterCleanup: "your attack goes to your gauge after the strike",
    c.AddStrikeToOverdriveAfterCleanup:
        "your attack goes to your overdrive area after the strike",
    c.AddToGaugeBoostPlayCleanup: "once played, this boost goes to your gauge",
    c.AddToGaugeImmediately: "this boost goes to your gauge",
    c.AddToGaugeImmediatelyMidStrikeUndoEffects:
        "this boost goes to your gauge and stops counting this strike",
    c.BoostDiscardedOverdrive: "boost the card just discarded from your overdrive area",
    c.DiscardStrikeAfterCleanup: "your attack goes to your discard pile after the strike",
    c.SealThis: "your attack is sealed after the strike",
    c.SealThisBoost: "this boost is sealed",
    c.ReturnAttackToHand: "your attack card returns to your hand",
    c.ReturnAttackToTopOfDeck: "your attack card goes on top of your deck",
    c.ReturnThisBoostToHand: "this boost returns to your hand",
    c.ReturnAllCopiesOfTopDiscardToHand:
        "every copy of your discard pile's top card returns to your hand",
    ReturnSealedWithSameSpeed: "a sealed card of the same speed returns to your hand",
    c.ReshuffleDiscardIntoDeck: "shuffle your discard pile into your deck",
    c.ShuffleDeck: "shuffle your deck",
    c.ShuffleHandToDeck: "shuffle your hand into your deck",
    c.RevealTopdeck: "reveal the top card of your deck",
    c.DrawAnyNumber: "draw any number of cards",
    c.ChooseOpponentCardToDiscard: "choose a card of the opponent's hand: they discard it",
    c.SavePowerOfCardFromHand: "reveal a card of your hand and save its power",
    c.NameCardForBoost: "name a card for this boost",
    c.NameRange: "name a range: the opponent discards a card with it, or reveals their hand",
    c.ReadingNormal: "name a Normal: the opponent must strike with it if they can",
    c.ZeroVector: "name a card: attacks with it are invalid this turn",
    c.SustainThis: "this boost stays in play after the strike",
    c.SustainAllBoosts: "your boosts stay in play after the strike",
    c.SetEndOfTurnBoostDelay: "this boost's end-of-turn effects wait for your next turn",
    c.SpendAllGaugeAndSaveAmount: "discard your whole gauge and note how many cards",
    c.PlaceBoostInSpace: "play this boost onto a space",
}


@phrase(*_PLAIN)
def _plain(e: c.Effect, r: Reader) -> str:
    return _PLAIN[type(e)]


# drawing, discarding, the piles

@phrase(c.Draw)
def _draw(e: c.Draw, r: Reader) -> str:
    return f"{'the opponent draws' if e.opponent else 'draw'} {amount(e.amount)}"


@phrase(c.DiscardRandom)
def _discard_random(e: c.DiscardRandom, r: Reader) -> str:
    return f"discard {cards(e.amount)} at random"


@phrase(c.DiscardHand)
def _discard_hand(e: c.DiscardHand, r: Reader) -> str:
    text = "the opponent discards their hand" if e.opponent else "discard your hand"
    return text + (" (X is the cards discarded)" if e.save_as_strike_x else "")


@phrase(c.OpponentDiscardRandom)
def _opponent_random(e: c.OpponentDiscardRandom, r: Reader) -> str:
    return f"the opponent discards {cards(e.amount)} at random"


@phrase(c.OpponentDiscardChoose)
def _opponent_choose(e: c.OpponentDiscardChoose, r: Reader) -> str:
    noun = "card" if e.card_kind is None else words(e.card_kind).capitalize()
    text = f"the opponent discards {cards(e.amount, noun)} of their choice"
    if e.reveal_if_fewer:
        text += " (holding fewer, they reveal their hand)"
    if e.per_discard_effect:
        text += f"; per card: {r.chain(e.per_discard_effect)}"
    return text


@phrase(c.DiscardFromGauge)
def _discard_gauge(e: c.DiscardFromGauge, r: Reader) -> str:
    if e.opponent:
        return f"the opponent discards {cards(e.amount)} of their gauge"
    return f"discard {cards(e.amount)} of your gauge"


@phrase(c.MoveTopCards)
def _top_cards(e: c.MoveTopCards, r: Reader) -> str:
    pile = "deck" if e.source is c.Pile.DECK else "discard pile"
    whose = "the opponent's" if e.opponent else "your"
    dest = _place(e.destination).replace("your", "their") if e.opponent else _place(
        e.destination)
    return f"{_top(e.amount, f'{whose} {pile}')} to {dest}"


@phrase(c.CardsFromHand)
def _from_hand(e: c.CardsFromHand, r: Reader) -> str:
    who = "the opponent puts" if e.opponent else "put"
    whose = "their" if e.opponent else "your"
    into = _into(e.destination).replace("your", whose)
    text = f"{who} {span(e.min_amount, e.max_amount)} of {whose} hand {into}"
    if e.destination is c.HandDestination.DISCARD:
        text = f"{'the opponent discards' if e.opponent else 'discard'} " \
               f"{span(e.min_amount, e.max_amount)} of {whose} choice"
    if e.from_last_cards is not None:
        drew = "they drew" if e.opponent else "you drew"
        text += f", among the last {cards(e.from_last_cards)} {drew}"
    if e.per_card_effect:
        text += f"; per card: {r.chain(e.per_card_effect)}"
    return text


@phrase(CardsFromDiscard)
def _from_discard(e: CardsFromDiscard, r: Reader) -> str:
    what = span(e.min_amount, e.max_amount)
    if e.limitation:
        what += " (" + " or ".join(words(k).capitalize() for k in e.limitation) + ")"
    return f"put {what} of your discard pile {_into(e.destination)}"


@phrase(c.AddSetAsideCardToDeck)
def _set_aside(e: c.AddSetAsideCardToDeck, r: Reader) -> str:
    return f"put your set-aside {r.name(e.id)} on top of your deck"


@phrase(c.MoveCardCopies)
def _copies(e: c.MoveCardCopies, r: Reader) -> str:
    text = (f"move {span(e.min_amount, e.max_amount, 'copy').replace('copys', 'copies')} "
            f"of {r.name(e.card)} from {_place(e.source)} to {_place(e.destination)}")
    if e.per_card_effect:
        text += f"; per copy: {r.chain(e.per_card_effect)}"
    return text


@phrase(c.ChooseCardsFromTopDeck)
def _look(e: c.ChooseCardsFromTopDeck, r: Reader) -> str:
    actions = {
        c.TopDeckAction.ADD_TO_HAND: "your hand", c.TopDeckAction.ADD_TO_GAUGE: "your gauge",
        c.TopDeckAction.DISCARD: "your discard pile",
        c.TopDeckAction.ADD_TO_TOPDECK_UNDER: "second from the top of your deck",
        c.TopDeckAction.ADD_TO_TOPDECK_UNDER_2: "third from the top of your deck",
        c.TopDeckAction.ADD_TO_SEALED: "your sealed area",
    }
    where = " or ".join(actions[a] for a in e.action_choices)
    rest = ("the rest are discarded" if e.destination_unchosen is c.UnchosenDestination.DISCARD
            else "the rest stay on top")
    optional = " (you may pick none)" if e.can_pass else ""
    return (f"look at the top {cards(e.look_amount)} of your deck: one goes to {where}"
            f"{optional}, {rest}")


@phrase(c.RevealHand)
def _reveal_hand(e: c.RevealHand, r: Reader) -> str:
    return "the opponent reveals their hand" if e.opponent else "reveal your hand"


@phrase(c.RevealCopy)
def _reveal_copy(e: c.RevealCopy, r: Reader) -> str:
    text = f"you may reveal {r.name(e.card)} from your hand"
    return text + (f": if you do, {r.chain(e.reveal_effect)}" if e.reveal_effect else "")


@phrase(c.RevealCopiesFromHand)
def _reveal_copies(e: c.RevealCopiesFromHand, r: Reader) -> str:
    text = "reveal any copies of your attack from your hand"
    if e.per_card_effect:
        text += f"; per copy: {r.chain(e.per_card_effect)}"
    if e.revealed_effect:
        text += f"; if any: {r.chain(e.revealed_effect)}"
    return text


@phrase(c.NameCardOpponentDiscards, c.NameCardsOpponentDiscards)
def _name_cards(e: c.NameCardOpponentDiscards | c.NameCardsOpponentDiscards, r: Reader) -> str:
    many = isinstance(e, c.NameCardsOpponentDiscards)
    named = f"name {e.amount} cards" if isinstance(e, c.NameCardsOpponentDiscards) else \
        "name a card"
    copies = "every copy" if e.discard_all_copies else "a copy"
    text = f"{named}: the opponent discards {copies} of {'each' if many else 'it'} they hold"
    text += (", then reveals their hand" if e.reveal_hand_after
             else ", or reveals their hand")
    if isinstance(e, c.NameCardOpponentDiscards) and e.discard_effect:
        text += f"; if they discard: {r.chain(e.discard_effect)}"
    return text


@phrase(c.SpendAllForce)
def _all_force(e: c.SpendAllForce, r: Reader) -> str:
    return "discard your hand and gauge as force" + (" (X is the force made)"
                                                     if e.save_as_strike_x else "")


# the overdrive area (BlazBlue)

@phrase(c.AddTopDiscardToOverdrive)
def _top_discard_overdrive(e: c.AddTopDiscardToOverdrive, r: Reader) -> str:
    return f"{_top(e.amount, 'your discard pile')} to your overdrive area"


@phrase(c.CardsFromOverdrive)
def _from_overdrive(e: c.CardsFromOverdrive, r: Reader) -> str:
    whose, owner = ("the opponent's", "their") if e.opponent else ("your", "your")
    dest = _place(e.destination).replace("your", owner)
    text = f"move {span(e.min_amount, e.max_amount)} of {whose} overdrive area to {dest}"
    if e.per_card_effect:
        text += f"; per card: {r.chain(e.per_card_effect)}"
    return text


@phrase(c.CardsToOverdrive)
def _to_overdrive(e: c.CardsToOverdrive, r: Reader) -> str:
    whose = "the opponent's" if e.to_opponent else "your"
    source = "hand" if e.source is c.OverdriveSource.HAND else "discard pile"
    return f"put {span(e.min_amount, e.max_amount)} of your {source} into {whose} overdrive area"


@phrase(c.OpponentDiscardRandomToOverdrive)
def _random_to_overdrive(e: c.OpponentDiscardRandomToOverdrive, r: Reader) -> str:
    goes = "goes" if e.amount == 1 else "go"
    return f"{cards(e.amount)} at random from the opponent's hand {goes} to your overdrive area"


@phrase(c.TopDeckCardToOverdrive)
def _top_deck_overdrive(e: c.TopDeckCardToOverdrive, r: Reader) -> str:
    return (f"look at the top {cards(e.look_amount)} of your deck: one goes to your "
            "overdrive area, the rest stay on top")


__all__: list[str] = []
