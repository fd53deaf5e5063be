"""Choosing cards: the ``select_cards`` request helper and the agents' answers to card
and space requests; Dan's ultra cost rule; and the events of an extra attack
(``play_attack_from_hand``) folded into the state.

The effect handlers' own edge cases are in ``tests/engine/effects/``.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import pytest
from conftest import CATALOG, P1, position

from engine import events as ev
from engine.core.apply import apply
from engine.core.asking import select_cards
from engine.core.decisions import (
    CardPurpose,
    MoveTo,
    PayCards,
    Request,
    SelectCards,
    SelectCardsRequest,
    SpaceRequest,
)
from engine.core.state import AttackSide, Stat, StrikeState
from engine.knowledge.views import observe
from engine.play.heuristic import HeuristicAgent
from engine.play.random_agent import RandomAgent
from engine.rules.strike.costs import gauge_cost

# --- select_cards -----------------------------------------------------------------------


def _select(candidates: Sequence[int], low: int, high: int) -> tuple[list[Request], object]:
    flow = select_cards(P1, CardPurpose.DISCARD, candidates, low, high)
    try:
        return [next(flow)], None
    except StopIteration as done:
        return [], done.value


@pytest.mark.parametrize(
    ("candidates", "low", "high", "asked", "result"),
    [((), 1, 1, False, ()), ((1, 2), 0, 0, False, ()), ((1, 2), 2, 3, False, (1, 2)),
     ((1, 2), 5, 5, False, (1, 2)), ((1, 2), -3, -3, False, ()), ((1, 2, 3), 1, 2, True, None)],
)
def test_select_cards_clips_and_skips_forced_outcomes(
    candidates: tuple[int, ...], low: int, high: int, asked: bool, result: object
) -> None:
    """select_cards: bounds are clipped to the candidates; forced outcomes are not asked."""
    requests, value = _select(candidates, low, high)
    assert bool(requests) == asked
    if asked:
        request = requests[0]
        assert isinstance(request, SelectCardsRequest)
        assert (request.min_count, request.max_count) == (1, 2)
    else:
        assert value == result


def test_select_cards_request_checks_counts_and_candidates() -> None:
    request = SelectCardsRequest(player=P1, purpose=CardPurpose.TO_GAUGE, candidates=(1, 2, 3),
                                 min_count=1, max_count=2)
    assert request.check(SelectCards(cards=(1,))) is None
    assert request.check(SelectCards(cards=())) == "pick 1..2 cards"
    assert request.check(SelectCards(cards=(1, 1))) is not None
    assert request.check(SelectCards(cards=(4,))) is not None
    assert request.check(PayCards(cards=(1,))) == "expected SelectCards"
    assert len(list(request.options())) == 3 + 3
    assert "to gauge" in request.describe()


# --- ultra costs ---------------------------------------------------------------------------


def test_gauge_cost_free_if_no_cards_in_hand_counts_other_cards_only() -> None:
    d = position(p1=dict(hand=["haohgadouken"]), p2=dict(), chars=("dan", "ken"))
    haoh = d.ref(P1, "haohgadouken")
    assert gauge_cost(d.game.table, P1, haoh) == 0
    d = position(p1=dict(hand=["haohgadouken", "grasp"]), p2=dict(), chars=("dan", "ken"))
    assert gauge_cost(d.game.table, P1, d.ref(P1, "haohgadouken")) == 3


# --- the extra attack's events --------------------------------------------------------------


def test_extra_attack_events_set_aside_and_restore_the_main_attack() -> None:
    """ExtraAttackStarted gives the extra card a fresh side (keeping Critical, damage
    taken and stun); ExtraAttackEnded restores the main side and records where the extra
    card goes. Both survive a msgpack round trip of the state."""
    side = AttackSide(cards=[1], attack=1, critical=True, power=3, damage_taken=2)
    state = msgspec.structs.replace(
        position().state, strike=StrikeState(attacker=P1, sides=[side, AttackSide()]))
    assert state.strike is not None
    state.strike.sides[P1].cards.append(7)
    apply(state, ev.ExtraAttackStarted(player=P1, card=7))
    extra = state.strike.sides[P1]
    assert (extra.attack, extra.power, extra.critical, extra.damage_taken) == (7, 0, True, 2)
    assert extra.main is side and extra.extra_cards == [7]
    copy = state.copy()
    assert copy.strike is not None and copy.strike.sides[P1].main == side
    apply(state, ev.StatModified(player=P1, stat=Stat.POWER, amount=5))
    apply(state, ev.ExtraAttackEnded(player=P1, to_gauge=True))
    main = state.strike.sides[P1]
    assert (main.attack, main.power, main.main) == (1, 3, None)
    assert main.extra_cards == [7] and main.extra_to_gauge == [7]


# --- agents ----------------------------------------------------------------------------------


@pytest.mark.parametrize("purpose", list(CardPurpose))
def test_agents_answer_select_cards_and_space_requests_legally(purpose: CardPurpose) -> None:
    d = position(p1=dict(space=3, hand=["grasp", "spike", "sweep"]), p2=dict(space=6))
    view = observe(d.state, P1)
    request = SelectCardsRequest(player=P1, purpose=purpose, candidates=tuple(d.p(P1).hand),
                                 min_count=1, max_count=2)
    space = SpaceRequest(player=P1, choices=tuple(MoveTo(space=s) for s in (1, 2, 4, 5)))
    for agent in (RandomAgent(3, P1), HeuristicAgent(3, P1, CATALOG)):
        for req in (request, space):
            assert req.check(agent.decide(view, req)) is None
    assert HeuristicAgent(3, P1, CATALOG).decide(view, space) == MoveTo(space=5)
