"""Targeted tests of the tricky handlers of ``engine.effects`` (``card_flow``,
``discards``, ``boosts``, ``costs``...) used by Dan, C. Viper, Vega, Guile and M. Bison, of the
``select_cards`` helper, the extra-attack events and the agents' new requests.

Card behaviour is in ``tests/engine/cards/``; here effects are resolved by hand (with
``_run``, which answers the requests it is given) to reach edge cases no card shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest
from conftest import CATALOG, P1, P2, position

from engine import cards as c
from engine import events as ev
from engine.agents import HeuristicAgent, RandomAgent
from engine.apply import apply
from engine.context import EffectCtx, select_cards
from engine.decisions import (
    CardPurpose,
    ChooseOption,
    Decision,
    MoveTo,
    PayCards,
    Request,
    SelectCards,
    SelectCardsRequest,
    SetAttackRequest,
    SpaceRequest,
    Strike,
)
from engine.effects import resolve
from engine.ids import Player, Zone
from engine.rules.strike import gauge_cost
from engine.state import AttackSide, Stat, StrikeState
from engine.views import observe


def _run(d: Any, who: Player, effect: c.Effect, answers: Sequence[Decision] = (),
         source: int | None = None) -> list[Request]:
    """Resolve ``effect`` for ``who`` now, answering its requests with ``answers``."""
    flow = resolve(EffectCtx(d.game.table, who, source), effect)
    asked: list[Request] = []
    pending = iter(answers)
    try:
        request = next(flow)
        while True:
            asked.append(request)
            request = flow.send(next(pending))
    except StopIteration:
        return asked


def _in_strike(d: Any) -> None:
    """Ryu strikes with Spike (no Critical); pause while Ken is asked to respond."""
    d.act(Strike())
    d.set_attack(P1, "spike")
    d.critical(P1, False)
    d.expect(SetAttackRequest, P2)


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


# --- movement and force -------------------------------------------------------------------


def test_move_to_any_space_respects_bounds_and_a_blocked_crossing() -> None:
    """move_to_any_space: move_min/move_max count spaces moved (the opponent's space not
    counted); an opponent who cannot be moved past removes the far side."""
    d = position(p1=dict(space=3), p2=dict(space=5))
    asked = _run(d, P1, c.MoveToAnySpace(move_min=1, move_max=2), [MoveTo(space=6)])
    assert isinstance(asked[0], SpaceRequest)
    assert [m.space for m in asked[0].choices if isinstance(m, MoveTo)] == [1, 2, 4, 6]
    assert d.space(P1) == 6
    d.game.table.emit(ev.PassingBlocked(player=P1, blocked=True))  # Siberian Blizzard
    asked = _run(d, P2, c.MoveToAnySpace(), [MoveTo(space=8)])
    assert [m.space for m in asked[0].choices if isinstance(m, MoveTo)] == [1, 2, 3, 4, 5]


def test_force_for_effect_overall_needs_the_full_amount() -> None:
    """force_for_effect (overall): not offered when you cannot pay exactly force_max."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    effect = c.ForceForEffect(force_max=2, overall_effect=(c.Draw(amount=1),))
    assert _run(d, P1, effect) == []
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_force_for_effect_per_force_capped_by_available_force() -> None:
    """force_for_effect (per force): the choice stops at the force you can make."""
    d = position(p1=dict(hand=["grasp"], gauge=["metsuhadoken"]), p2=dict())
    effect = c.ForceForEffect(force_max=4, per_force_effect=(c.Draw(amount=1),))
    grasp = d.ref(P1, "grasp")
    asked = _run(d, P1, effect, [ChooseOption(index=1), PayCards(cards=(grasp,))])
    assert asked[0].labels == ("spend 0 force", "spend 1 force", "spend 2 force", "spend 3 force")
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert len(d.zone(P1, Zone.HAND)) == 1


# --- boosts --------------------------------------------------------------------------------


def test_boost_additional_nothing_to_play_does_nothing() -> None:
    """boost_additional: with no matching card nothing is asked."""
    d = position(p1=dict(discard=["cross"]), p2=dict())
    assert _run(d, P1, c.BoostAdditional(limitation=c.BoostKind.CONTINUOUS,
                                         valid_zones=(c.BoostSource.DISCARD,))) == []


def test_boost_additional_immediate_from_hand_resolves_and_leaves() -> None:
    """boost_additional (any kind, from hand): an immediate boost resolves and goes to
    its destination (Ki Charge: gauge); a strike it asks for is passed on."""
    d = position(p1=dict(hand=["donkeykick", "metsushoryuken", "grasp"]), p2=dict(space=7))
    dk = d.ref(P1, "donkeykick")
    _run(d, P1, c.BoostAdditional(), [SelectCards(cards=(dk,))])
    assert d.zone(P1, Zone.GAUGE) == ["Donkey Kick"]
    ctx = EffectCtx(d.game.table, P1)
    flow = resolve(ctx, c.BoostAdditional())
    request = next(flow)
    assert isinstance(request, SelectCardsRequest)
    assert d.names(request.candidates) == ["Metsu Shoryuken", "Grasp"]
    request = flow.send(SelectCards(cards=(d.ref(P1, "metsushoryuken"),)))
    request = flow.send(PayCards(cards=(d.ref(P1, "grasp"),)))
    with pytest.raises(StopIteration):
        flow.send(ChooseOption(index=1))  # Lightning Reflexes: retreat 2, then strike
    assert ctx.scope.strike_requested
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Metsu Shoryuken"]


def test_sustain_and_gauge_and_delay_ignore_cards_not_in_play() -> None:
    """sustain_this, add_to_gauge_immediately and set_end_of_turn_boost_delay need their
    source boost in play; from the character card (no source) they do nothing."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    before = len(d.game.events)
    for effect in (c.SustainThis(), c.AddToGaugeImmediately(), c.SetEndOfTurnBoostDelay()):
        assert _run(d, P1, effect) == []
        assert _run(d, P1, effect, source=d.ref(P1, "grasp")) == []
    assert d.game.events[before:] == []


# --- card flow -----------------------------------------------------------------------------


def test_choose_cards_from_top_deck_actions_pass_and_unchosen_to_discard() -> None:
    """choose_cards_from_top_deck: several actions are a choice first; can_pass allows
    none; destination_unchosen discard sends the rest of the looked-at cards away."""
    d = position(p1=dict(deck=["spike", "dive", "focus", "block"]), p2=dict())
    effect = c.ChooseCardsFromTopDeck(
        look_amount=3, action_choices=(c.TopDeckAction.DISCARD, c.TopDeckAction.ADD_TO_GAUGE),
        can_pass=True, destination_unchosen=c.UnchosenDestination.DISCARD)
    asked = _run(d, P1, effect, [ChooseOption(index=1), SelectCards(cards=(d.ref(P1, "dive",
                                                                                  Zone.DECK),))])
    assert asked[0].labels == ("discard", "add to gauge")
    assert isinstance(asked[1], SelectCardsRequest) and asked[1].min_count == 0
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Spike", "Focus"]
    assert d.zone(P1, Zone.DECK)[0] == "Block"


def test_self_discard_choose_not_optional_with_too_few_cards_discards_the_hand() -> None:
    """self_discard_choose 2 (not optional) holding 1 card: it goes, nothing asked."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    assert _run(d, P1, c.SelfDiscardChoose(amount=2)) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_self_discard_choose_down_to_more_than_the_hand_does_nothing() -> None:
    """Discard down to 3 (``amount: {count: cards_in_hand, plus: -3}``) holding 1 card:
    the amount is negative, nothing is asked or discarded."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    down_to_3 = c.Count(count=c.Quantity.CARDS_IN_HAND, plus=-3)
    assert _run(d, P1, c.SelfDiscardChoose(amount=down_to_3)) == []
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_add_top_deck_to_gauge_and_discard_topdeck_with_an_empty_deck() -> None:
    """An empty deck is looked at, not reshuffled: nothing moves."""
    d = position(p1=dict(), p2=dict())
    d.p(P1).deck.clear()
    before = len(d.game.events)
    for effect in (c.AddTopDeckToGauge(amount=2), c.DiscardTopdeck()):
        assert _run(d, P1, effect) == []
    assert d.game.events[before:] == []


# --- stats and X ---------------------------------------------------------------------------


def test_set_strike_x_top_deck_power_and_powerup_strike_x() -> None:
    """set_strike_x top_deck_power reads the deck's top card; powerup strike_x adds X
    (and adds 0 outside a strike)."""
    d = position(p1=dict(space=3, hand=["spike"], deck=["sweep"]), p2=dict(space=5, hand=["focus"]))
    _run(d, P1, c.Powerup(amount=c.SymbolicAmount.STRIKE_X))
    assert d.events(ev.StatModified) == []
    _in_strike(d)
    _run(d, P1, c.SetStrikeX(source=c.StrikeXSource.TOP_DECK_POWER))
    _run(d, P1, c.Powerup(amount=c.SymbolicAmount.STRIKE_X))
    assert d.side(P1).strike_x == 6
    assert [e.amount for e in d.game.events if isinstance(e, ev.StatModified)] == [6]


def test_speedup_per_space_between_adjacent_adds_nothing() -> None:
    d = position(p1=dict(space=4, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    _in_strike(d)
    _run(d, P1, c.Speedup(amount=c.Count(count=c.Quantity.SPACES_BETWEEN)))
    assert [e for e in d.game.events if isinstance(e, ev.StatModified)] == []


def test_powerup_per_gauge_without_cap() -> None:
    d = position(p1=dict(space=3, hand=["spike"], gauge=["grasp", "cross"]),
                 p2=dict(space=5, hand=["focus"]))
    _in_strike(d)
    _run(d, P1, c.Powerup(amount=c.Count(count=c.Quantity.GAUGE, times=2)))
    assert d.side(P1).power == 4


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
