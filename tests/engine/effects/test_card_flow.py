"""Card flow effects (``engine.effects.card_flow``): searching and emptying the deck.

Card behaviour is in ``tests/engine/cards/``; these reach edge cases no card shows.
"""

from __future__ import annotations

from conftest import P1, position
from effect_runner import resolve_now

from engine import cards as c
from engine.decisions import (
    ChooseOption,
    SelectCards,
    SelectCardsRequest,
)
from engine.ids import Zone


def test_choose_cards_from_top_deck_actions_pass_and_unchosen_to_discard() -> None:
    """choose_cards_from_top_deck: several actions are a choice first; can_pass allows
    none; destination_unchosen discard sends the rest of the looked-at cards away."""
    d = position(p1=dict(deck=["spike", "dive", "focus", "block"]), p2=dict())
    effect = c.ChooseCardsFromTopDeck(
        look_amount=3, action_choices=(c.TopDeckAction.DISCARD, c.TopDeckAction.ADD_TO_GAUGE),
        can_pass=True, destination_unchosen=c.UnchosenDestination.DISCARD)
    asked = resolve_now(d, P1, effect, [ChooseOption(index=1), SelectCards(cards=(d.ref(P1, "dive",
                                                                                  Zone.DECK),))])
    assert asked[0].labels == ("discard", "add to gauge")
    assert isinstance(asked[1], SelectCardsRequest) and asked[1].min_count == 0
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Spike", "Focus"]
    assert d.zone(P1, Zone.DECK)[0] == "Block"


def test_add_top_deck_to_gauge_and_discard_topdeck_with_an_empty_deck() -> None:
    """An empty deck is looked at, not reshuffled: nothing moves."""
    d = position(p1=dict(), p2=dict())
    d.p(P1).deck.clear()
    before = len(d.game.events)
    for effect in (c.AddTopDeckToGauge(amount=2), c.DiscardTopdeck()):
        assert resolve_now(d, P1, effect) == []
    assert d.game.events[before:] == []
