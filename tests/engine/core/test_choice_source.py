"""A choice names what asks it (``ChoiceRequest.source``, docs/log-format.md P.3 "What
asks a choice"): the card whose effect offers it, -1 the asked seat's character card,
None a rule of the game. ``same_as_recorded`` takes a choice recorded before sources
were recorded (None) as the same request."""

from __future__ import annotations

import msgspec
from conftest import P1, P2, boost, position

from engine.core.decisions import (
    CharacterAction,
    ChoiceRequest,
    Exceed,
    MoveTo,
    SpaceRequest,
    same_as_recorded,
)


def test_grasp_hit_choice_names_the_grasp() -> None:
    """Grasp (Normal), hit: choice push 1 | push 2 | pull 1 | pull 2, asked by the Grasp
    p1 struck with."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["block"]))
    grasp = d.ref(P1, "grasp")
    d.strike("grasp", "block")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("push 1", "push 2", "pull 1", "pull 2")
    assert request.source == grasp
    assert d.name(request.source) == "Grasp"


def test_a_boost_choice_names_the_boosted_card() -> None:
    """Cross (Normal) boosted as Run: advance 1..3 or pass, asked by the Cross in play."""
    d = position(p1=dict(space=3, hand=["cross"]), p2=dict(space=7))
    cross = d.ref(P1, "cross")
    boost(d, "cross")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("advance 1", "advance 2", "advance 3", "pass")
    assert request.source == cross
    assert cross in d.p(P1).boosts


def test_an_opponents_card_names_itself_to_the_seat_it_asks() -> None:
    """Arakune's Permutation n, r boosted (A +- B, 1 force): the opponent chooses; the
    question names Arakune's card, not one of the opponent's."""
    d = position(p1=dict(hand=["permutationnr", "dive"]), p2=dict(hand=["grasp", "block"]),
                 chars=("arakune", "ryu"))
    card = d.ref(P1, "permutationnr")
    boost(d, "permutationnr", "dive")
    request = d.expect(ChoiceRequest, P2)
    assert request.source == card


def test_a_character_ability_is_the_character_card() -> None:
    """Ryu's character action (Ryu's step): choice advance 1 | retreat 1, asked by his
    character card (-1)."""
    d = position(p1=dict(space=3), p2=dict(space=7))
    d.act(CharacterAction(index=0))
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("advance 1", "retreat 1")
    assert request.source == -1


def test_a_rules_question_names_no_card() -> None:
    """Dan exceeded: the end-of-turn draw from the top or the bottom is the rule's
    question (``end_of_turn_draw``), not a card's."""
    d = position(p1=dict(hand=["spike"], gauge=["grasp", "cross"], deck=["dive", "focus"]),
                 p2=dict(), chars=("dan", "ryu"))
    d.act(Exceed())
    d.pay("grasp", "cross")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("draw from the top", "draw from the bottom")
    assert request.source is None


def test_a_choice_recorded_without_a_source_is_the_same_request() -> None:
    """A log recorded before sources holds None: the same request as this engine's with
    one; any other difference, or another recorded source, is not."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    asked = d.expect(ChoiceRequest, P1)
    old = msgspec.structs.replace(asked, source=None)
    assert old != asked
    assert same_as_recorded(asked, old)
    assert same_as_recorded(asked, asked)
    other = d.side(P2).card  # p2's Block
    assert other is not None and other != asked.source
    assert not same_as_recorded(asked, msgspec.structs.replace(asked, source=other))
    assert not same_as_recorded(asked, msgspec.structs.replace(old, labels=("push 1",)))
    assert not same_as_recorded(old, asked)  # the engine never asks without its source
    space = SpaceRequest(player=P1, choices=(MoveTo(space=2),))
    assert not same_as_recorded(space, old)
