"""You choose the order of your effects that share a trigger (core rulebook, "If you have
multiple effects with the same trigger, you choose the order"; the Under Night rulebook
repeats it): the ``EffectOrderRequest``, asked only when the order can matter
(``engine.rules.effect_order.order_matters``), answered by a permutation.

The worked example is issue 28's: Linne has Sweep's boost Just Defense in play (``during
strike: +3 armor``, ``after: lose all armor``) and strikes with Tenacious Mist (range 1,
power 4, speed 5, ``after: +1 armor per damage dealt``) against Nehtali's Focus (power
4, speed 1, armor 2, guard 5). Linne hits first for 4 - 2 = 2; then her two ``after``
effects share the trigger.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, Driver, position

from engine.cards import schema as c
from engine.cards.catalog import default_catalog
from engine.core.decisions import EffectOrderRequest, IllegalDecision, OrderEffects
from engine.play.agents import make_agent
from engine.rules.effect_order import order_matters


def _linne() -> Driver:
    d = position(p1=dict(space=4, hand=["tenaciousmist"], boosts=["uni_normal_sweep"]),
                 p2=dict(space=5, hand=["focus"]), chars=("linne", "nehtali"))
    d.printed_order = False  # this file answers the request itself
    d.strike("tenaciousmist", "focus")
    return d


def test_linne_after_effects_are_listed_with_card_and_rulebook_words() -> None:
    """The request lists both pending effects, each with its card and its text."""
    d = _linne()
    request = d.expect(EffectOrderRequest, P1)
    assert d.life(P2) == 28
    assert [(d.name(e.card), e.tags, e.text) for e in request.effects] == [
        ("Tenacious Mist", ("armorup",), "Tenacious Mist: After: +1 Armor per damage dealt"),
        ("Sweep", ("lose_all_armor",), "Just Defense: After: Lose all armor")]


def test_linne_gain_armor_then_lose_all_armor_takes_the_full_hit() -> None:
    """The printed order (the engine's only order before issue 28): +2 armor (5 in all),
    then lose all armor: Focus's 4 power hits her for 4."""
    d = _linne()
    d.act(OrderEffects(order=(0, 1)))
    assert d.life(P1) == 26


def test_linne_lose_all_armor_first_keeps_tenacious_mists_armor() -> None:
    """Issue 28: she may resolve "lose all armor" first and keep the 2 armor Tenacious
    Mist then gives: Focus deals 4 - 2 = 2, two life more than the other order."""
    d = _linne()
    d.act(OrderEffects(order=(1, 0)))
    assert d.life(P1) == 28


@pytest.mark.parametrize("order", [(0, 0), (0,), (0, 1, 2), (1, 2), (-1, 0)])
def test_an_order_that_is_not_a_permutation_is_illegal(order: tuple[int, ...]) -> None:
    """Bad input: an answer that is not a permutation of the pending effects is an
    ``IllegalDecision`` naming what is allowed; the game is unchanged."""
    d = _linne()
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(OrderEffects(order=order))
    message = str(raised.value)
    assert "each of 0..1 once" in message and "Lose all armor" in message
    assert d.state == before


def test_the_heuristic_agent_resolves_resets_first_deterministically() -> None:
    """The heuristic agent takes a sensible order, never a random one: effects that reset
    a total (lose all armor) before the rest, the same answer every time."""
    d = _linne()
    request = d.expect(EffectOrderRequest, P1)
    answers = {make_agent("heuristic", seed, P1, default_catalog()).decide(d.state, request)
               for seed in range(5)}
    assert answers == {OrderEffects(order=(1, 0))}


def test_the_random_agent_answers_with_a_permutation_from_its_stream() -> None:
    d = _linne()
    request = d.expect(EffectOrderRequest, P1)
    answers = {make_agent("random", seed, P1, default_catalog()).decide(d.state, request)
               for seed in range(12)}
    assert answers == {OrderEffects(order=(0, 1)), OrderEffects(order=(1, 0))}


def test_printed_order_game_answers_unasked_as_the_old_engine() -> None:
    """A game replaying a log older than format 4 (``Game.printed_order``) is never asked:
    the request is answered within the step with the printed order."""
    d = position(p1=dict(space=4, hand=["tenaciousmist"], boosts=["uni_normal_sweep"]),
                 p2=dict(space=5, hand=["focus"]), chars=("linne", "nehtali"))
    d.printed_order = False  # the test driver leaves the request to the game
    d.game.printed_order = True
    d.strike("tenaciousmist", "focus")
    assert not isinstance(d.pending, EffectOrderRequest)
    assert d.life(P1) == 26


_P2, _A2, _D1 = c.Powerup(amount=2), c.Armorup(amount=2), c.Draw(amount=1)


@pytest.mark.parametrize(("effects", "matters"), [
    ((_P2, c.GainAdvantage()), False),  # free effects: any order gives the same
    ((c.Advance(amount=2), _P2), False),  # one bound effect beside free ones
    ((c.Advance(amount=2), _D1), True),  # two bound effects
    ((_D1, _D1), False),  # the same effect twice
    ((c.LoseAllArmor(), _A2), True),  # a reset beside a bonus (Linne)
    ((c.Powerup(amount=2, condition=c.Condition(kind=c.ConditionKind.RANGE, amount=1)),
      c.Advance(amount=1)), True),  # a condition the other may change (a move, the range)
    ((c.Powerup(amount=2, condition=c.Condition(kind=c.ConditionKind.HIT_OPPONENT)),
      c.Advance(amount=1)), False),  # a settled condition: the strike has decided it
    ((_P2,), False),
])
def test_order_matters_only_when_it_can(effects: tuple[c.Effect, ...], matters: bool) -> None:
    """The rule that decides when the request is asked (docs/effects.md, "Rules the
    effects follow"), one effect per card here."""
    assert order_matters([(e,) for e in effects]) is matters


def test_one_cards_effects_keep_their_printed_order_and_are_not_asked() -> None:
    """The effects one card prints at one timing are one text: Akuma's ``set_strike``
    (Critical for 1 gauge, then ``[if is_critical] add_attack_effect``) resolve as
    printed, with no order asked, and his Critical still gives the added effect."""
    d = position(p1=dict(space=4, hand=["grasp"], gauge=["cross"]), p2=dict(space=5,
                 hand=["block"]), chars=("akuma", "ryu"))
    d.printed_order = False
    d.strike("grasp", "block", crit=(True, False))
    assert not isinstance(d.pending, EffectOrderRequest)
    assert d.side(P1).critical or d.state.strike is None
