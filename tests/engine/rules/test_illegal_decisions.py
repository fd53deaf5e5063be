"""Every request type refuses a decision it does not allow with ``IllegalDecision``: a
one-line message naming what was asked and what is allowed, and nothing happens.

The rules behind each refusal: core rulebook "Setup" 5 (Mulligan), "Actions" (Move),
"Resolving Strikes" (EX needs two copies of the same card), "Force" (no overpaying),
"Gauge", "Hand Size", and Block's Parry boost (name a card)."""

from __future__ import annotations

import re

import pytest
from conftest import P1, P2, boost, position

from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    ChooseOption,
    Decision,
    Discard,
    DiscardRequest,
    IllegalDecision,
    MoveTo,
    Mulligan,
    MulliganRequest,
    NameCard,
    NameCardRequest,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    Prepare,
    SetAttack,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.play.api import Game, GameSetup, new_game


def _refused(game: Game, decision: Decision, why: str, kind: str) -> str:
    """Step ``decision``, expect the refusal, check nothing happened; returns the message."""
    pending, count = game.pending, len(game.events)
    with pytest.raises(IllegalDecision) as raised:
        game.step(decision)
    message = str(raised.value)
    assert "\n" not in message
    assert why in message
    assert re.search(rf"asked {kind}, allowed: .+", message), message
    assert game.pending == pending and len(game.events) == count
    return message


def test_mulligan_request() -> None:
    """Core rulebook, Setup 5: set aside cards from your starting hand only."""
    game = new_game(GameSetup(p1="ryu", p2="ken"), 0)
    request = game.pending
    assert isinstance(request, MulliganRequest)
    deck_card = game.state.players[request.player].deck[0]
    _refused(game, Mulligan(cards=(deck_card,)), "cards must come from the opening hand",
             "mulligan")
    _refused(game, Prepare(), "expected a Mulligan", "mulligan")


def test_action_request() -> None:
    """Core rulebook, "Move": you may not move onto the opponent's space."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4))
    d.expect(ActionRequest, P1)
    message = _refused(d.game, MoveTo(space=4), "not one of the offered options", "action")
    assert "prepare()" in message and "move(space=2)" in message


def test_set_attack_request() -> None:
    """Core rulebook, "Resolving Strikes": an EX attack is two cards with the same name."""
    d = position(p1=dict(space=3, hand=["grasp", "cross"]), p2=dict(space=4, hand=["dive"]))
    d.act(Strike())
    d.expect(SetAttackRequest, P1)
    mixed = SetAttack(cards=(d.ref(P1, "grasp"), d.ref(P1, "cross")))
    _refused(d.game, mixed, "not one of the offered options", "set_attack")
    _refused(d.game, SetAttack(cards=(d.ref(P2, "dive"),)), "not one of the offered options",
             "set_attack")


def test_choice_request() -> None:
    """Core rulebook, "Trigger Effects": a choice offers a fixed set of options (Grasp)."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    d.expect(ChoiceRequest, P1)
    message = _refused(d.game, ChooseOption(index=4), "index must be in 0..3", "choice")
    assert "0: push 1" in message
    _refused(d.game, PayCards(), "expected ChooseOption", "choice")


def test_pay_force_request() -> None:
    """Core rulebook, "Force": it is not possible to overpay."""
    d = position(p1=dict(space=3, hand=["grasp", "cross"]), p2=dict(space=7))
    d.act(MoveTo(space=4))
    d.expect(PayForceRequest, P1)
    both = PayCards(cards=(d.ref(P1, "grasp"), d.ref(P1, "cross")))
    message = _refused(d.game, both, "these cards make 2 force, not the 1 needed",
                       "pay_force")
    assert "exactly 1 force from" in message


def test_pay_gauge_request() -> None:
    """Core rulebook, "Reveal Step": an Ultra's whole Gauge cost must be paid."""
    d = position(p1=dict(space=3, hand=["metsuhadoken"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("metsuhadoken", "block")
    d.expect(PayGaugeRequest, P1)
    one = PayCards(cards=(d.ref(P1, "grasp", Zone.GAUGE),))
    message = _refused(d.game, one, "pay exactly 3 gauge", "pay_gauge")
    assert "exactly 3 gauge from" in message


def test_name_card_request() -> None:
    """Block's Parry boost: name a card of the opponent's deck."""
    d = position(p1=dict(hand=["block"]), p2=dict(hand=["grasp"]))
    boost(d, "block")
    d.expect(NameCardRequest, P1)
    message = _refused(d.game, NameCard(name="Metsu Hadoken"), "name one of the listed cards",
                       "name_card")
    assert "Shinryuken" in message


def test_discard_request() -> None:
    """Core rulebook, "Hand Size": discard down to exactly 7."""
    hand = ["grasp", "cross", "dive", "spike", "sweep", "focus", "block"]
    d = position(p1=dict(hand=hand))
    d.act(Prepare())
    d.expect(DiscardRequest, P1)
    _refused(d.game, Discard(cards=(d.ref(P1, "grasp"),)), "discard exactly 2", "discard")


def test_no_decision_once_the_game_is_over() -> None:
    """Core rulebook, "Actions": the game ends when a player loses; nothing more is
    accepted."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, life=1, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.pending is None
    with pytest.raises(IllegalDecision, match="the game is over"):
        d.act(Prepare())
