"""Card flow effects (``engine.effects.card_flow``): searching and emptying the deck,
moving the top cards of a pile, and chosen cards from hand to gauge, deck or discard.

Card behaviour is in ``tests/engine/cards/``; these reach edge cases no card shows.
"""

from __future__ import annotations

import pytest
from conftest import P1, position
from effect_runner import resolve_now

from engine.cards import schema as c
from engine.core.decisions import ChoiceRequest, ChooseOption, SelectCards, SelectCardsRequest
from engine.core.ids import Zone
from engine.text.notation import describe_effect


def test_choose_cards_from_top_deck_actions_pass_and_unchosen_to_discard() -> None:
    """choose_cards_from_top_deck: several actions are a choice first; can_pass allows
    none; destination_unchosen discard sends the rest of the looked-at cards away."""
    d = position(p1=dict(deck=["spike", "dive", "focus", "block"]), p2=dict())
    effect = c.ChooseCardsFromTopDeck(
        look_amount=3, action_choices=(c.TopDeckAction.DISCARD, c.TopDeckAction.ADD_TO_GAUGE),
        can_pass=True, destination_unchosen=c.UnchosenDestination.DISCARD)
    asked = resolve_now(d, P1, effect, [ChooseOption(index=1), SelectCards(cards=(d.ref(P1, "dive",
                                                                                  Zone.DECK),))])
    assert isinstance(asked[0], ChoiceRequest)
    assert asked[0].labels == ("discard", "add to gauge")
    assert isinstance(asked[1], SelectCardsRequest) and asked[1].min_count == 0
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Spike", "Focus"]
    assert d.zone(P1, Zone.DECK)[0] == "Block"


DECK, DISCARD = c.Pile.DECK, c.Pile.DISCARD
TO_GAUGE, TO_DISCARD = c.PileDestination.GAUGE, c.PileDestination.DISCARD


def test_move_top_cards_from_an_empty_deck_moves_nothing() -> None:
    """An empty deck is looked at, not reshuffled: nothing moves."""
    d = position(p1=dict(), p2=dict())
    d.p(P1).deck.clear()
    before = len(d.game.events)
    for effect in (c.MoveTopCards(source=DECK, destination=TO_GAUGE, amount=2),
                   c.MoveTopCards(source=DECK, destination=TO_DISCARD)):
        assert resolve_now(d, P1, effect) == []
    assert d.game.events[before:] == []


def test_move_top_cards_takes_the_last_discarded_one_at_a_time() -> None:
    """Discard pile Grasp, Cross, Dive (Dive on top): two to gauge are Dive, then Cross;
    asking for more than the pile holds moves what there is."""
    d = position(p1=dict(discard=["grasp", "cross", "dive"]), p2=dict())
    resolve_now(d, P1, c.MoveTopCards(source=DISCARD, destination=TO_GAUGE, amount=2))
    assert d.zone(P1, Zone.GAUGE) == ["Dive", "Cross"]
    resolve_now(d, P1, c.MoveTopCards(source=DISCARD, destination=TO_GAUGE, amount=5))
    assert d.zone(P1, Zone.GAUGE) == ["Dive", "Cross", "Grasp"]
    assert d.zone(P1, Zone.DISCARD) == []


@pytest.mark.parametrize(
    ("effect", "label"),
    [
        (c.MoveTopCards(source=DISCARD, destination=TO_GAUGE), "add top discard to gauge"),
        (c.MoveTopCards(source=DECK, destination=TO_GAUGE), "add top deck to gauge 1"),
        (c.MoveTopCards(source=DECK, destination=TO_DISCARD), "discard topdeck"),
    ],
)
def test_move_top_cards_keeps_the_choice_labels_recorded_logs_carry(
    effect: c.MoveTopCards, label: str
) -> None:
    """Hadoken's and Dan's Peek's choices were recorded with the words of the effects
    move_top_cards replaced; a re-simulation must offer the same labels."""
    assert describe_effect(effect) == label


@pytest.mark.parametrize(
    ("destination", "hand", "label"),
    [
        (c.HandDestination.GAUGE, ["Cross", "Spike", "Sweep"], "gauge from hand"),
        (c.HandDestination.TOP_OF_DECK, ["Cross", "Dive", "Grasp"], "topdeck from hand"),
        (c.HandDestination.DISCARD, ["Cross", "Spike", "Sweep"], "self discard choose"),
    ],
)
def test_cards_from_hand_moves_the_chosen_cards_and_runs_the_per_card_effect(
    destination: c.HandDestination, hand: list[str], label: str
) -> None:
    """Grasp then Dive chosen of three cards, then ``draw 1`` once per card. To gauge or
    discard: Spike and Sweep are drawn. On top of the deck: Dive (picked last) is on top, so the
    draws bring back Dive, then Grasp. The choice label keeps the words of the effect it
    replaced, as recorded logs carry them."""
    d = position(p1=dict(hand=["grasp", "cross", "dive"], deck=["spike", "sweep", "focus"]),
                 p2=dict())
    effect = c.CardsFromHand(destination=destination, min_amount=0, max_amount=2,
                             per_card_effect=(c.Draw(amount=1),))
    picked = (d.ref(P1, "grasp"), d.ref(P1, "dive"))
    asked = resolve_now(d, P1, effect, [SelectCards(cards=picked)])
    assert len(asked) == 1 and isinstance(asked[0], SelectCardsRequest)
    assert (asked[0].min_count, asked[0].max_count) == (0, 2)
    assert d.zone(P1, Zone.HAND) == hand
    gauge = ["Grasp", "Dive"] if destination is c.HandDestination.GAUGE else []
    assert d.zone(P1, Zone.GAUGE) == gauge
    discard = ["Grasp", "Dive"] if destination is c.HandDestination.DISCARD else []
    assert d.zone(P1, Zone.DISCARD) == discard
    assert describe_effect(effect) == label


def _discard(least: int | c.Count, most: int | c.Count) -> c.CardsFromHand:
    return c.CardsFromHand(destination=c.HandDestination.DISCARD, min_amount=least,
                           max_amount=most)


def test_discard_exactly_two_holding_one_card_discards_the_hand() -> None:
    """cards_from_hand discard 2..2 holding 1 card: it goes, nothing asked."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    assert resolve_now(d, P1, _discard(2, 2)) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_discard_down_to_more_than_the_hand_does_nothing() -> None:
    """Discard down to 3 (``{count: cards_in_hand, plus: -3}`` for both bounds) holding
    1 card: the amount is negative, nothing is asked or discarded."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    down_to_3 = c.Count(count=c.Quantity.CARDS_IN_HAND, plus=-3)
    assert resolve_now(d, P1, _discard(down_to_3, down_to_3)) == []
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
