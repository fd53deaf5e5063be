"""The test driver (``tests/conftest.py``) fails at a step that does not fit, naming the
pending request, instead of passing over it (issue 29: a failure then read "life 30")."""

from __future__ import annotations

import pytest
from conftest import P1, P2, position

from engine.core.decisions import ActionRequest, Strike


def test_set_attack_while_an_action_is_pending_names_the_action_request() -> None:
    d = position(p1=dict(space=3, hand=["hadoken"]), p2=dict(space=5, hand=["hadoken"]))
    with pytest.raises(AssertionError, match="expected SetAttackRequest for p1, pending is "
                                             "ActionRequest for p1"):
        d.set_attack(P1, "hadoken")


def test_set_attack_for_the_wrong_player_names_whose_request_it_is() -> None:
    d = position(p1=dict(space=3, hand=["hadoken"]), p2=dict(space=5, hand=["hadoken"]))
    d.act(Strike())
    with pytest.raises(AssertionError, match="expected SetAttackRequest for p2, pending is "
                                             "SetAttackRequest for p1"):
        d.set_attack(P2, "hadoken")


def test_pay_with_nothing_to_pay_names_the_pending_request() -> None:
    d = position(p1=dict(space=3, hand=["hadoken"]), p2=dict(space=5, hand=["hadoken"]))
    with pytest.raises(AssertionError, match="pending is ActionRequest for p1"):
        d.pay("hadoken")


def test_a_strike_still_runs_and_the_steps_fit() -> None:
    d = position(p1=dict(space=3, hand=["hadoken"]), p2=dict(space=6, hand=["hadoken"]))
    d.expect(ActionRequest, P1)
    d.strike("hadoken", "hadoken")
    assert d.life(P2) < 30 or d.life(P1) < 30
