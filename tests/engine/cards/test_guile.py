"""Guile: every attack and boost (four of his boosts go to gauge at the end of his next
turn), his ability (Critical), his Change Cards bonus (+2 cards when gauge is spent;
exceeded, a strike may follow) and his Exceed.

Card facts: roster.md, "Guile". Guile is P1 and Ryu P2; Ryu mostly answers with Block
(power 0, armor 2, guard 3, never hits). A test's name contains the effect and condition
tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChangeCards,
    ChoiceRequest,
    Exceed,
    PayGaugeRequest,
    Prepare,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("guile", "ryu")


def guile(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Guile as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat) -> list[tuple[object, int]]:
    return [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is stat]


# --- Double Sweep Kick / Sonic Force ---------------------------------------------------


def test_guile_double_sweep_kick_before_advance_hit_gain_advantage() -> None:
    """Guile, Double Sweep Kick: before: advance 2; hit: gain_advantage. Guile advances
    3 -> 5 next to Ryu and hits (2 power, all absorbed by Block): his turn again."""
    d = guile(dict(space=3, hand=["doublesweepkick"]), dict(space=6, hand=["block"]))
    d.strike("doublesweepkick", "block")
    assert d.space(P1) == 5
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=0, absorbed=2)]
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


def test_guile_sonic_force_now_set_end_of_turn_boost_delay_end_of_turn_add_to_gauge_immediately() -> None:
    """Guile, Double Sweep Kick's boost Sonic Force (continuous): now:
    set_end_of_turn_boost_delay; end_of_turn: add_to_gauge_immediately.

    The end of the turn Guile plays it is skipped; at the end of his next turn (no
    strike in between) it leaves play into his gauge.
    """
    d = guile(dict(hand=["doublesweepkick"]), dict())
    boost(d, "doublesweepkick")
    card = d.ref(P1, "doublesweepkick", Zone.BOOSTS)
    assert d.events(ev.BoostDelayed) == [ev.BoostDelayed(player=P1, card=card)]
    assert d.events(ev.BoostDelayEnded) == [ev.BoostDelayEnded(player=P1, card=card)]
    assert d.zone(P1, Zone.BOOSTS) == ["Double Sweep Kick"]
    assert _next(d) == P2
    d.act(Prepare())  # Ryu
    d.act(Prepare())  # Guile
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Double Sweep Kick"]


def test_guile_sonic_force_rangeup_used_in_a_strike_is_discarded() -> None:
    """Guile, Sonic Force: during_strike: rangeup 0/1. Ryu strikes first: Guile's Grasp
    reaches range 2, and the boost, used up by the strike, is discarded at cleanup."""
    d = guile(dict(space=3, hand=["doublesweepkick", "grasp"]), dict(space=5, hand=["block"]))
    boost(d, "doublesweepkick")
    d.strike("block", "grasp")
    d.choose("push 1")
    assert _mods(d, Stat.MAX_RANGE) == [(P1, 1)]
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.DISCARD) == ["Double Sweep Kick"]
    assert d.p(P1).delayed_boosts == []


# --- Flash Kick / Patience -------------------------------------------------------------


@pytest.mark.parametrize(("crit", "ryu_life"), [(True, 26), (False, 28)])
def test_guile_flash_kick_is_critical_powerup_hit_push_after_choice(
    crit: bool, ryu_life: int
) -> None:
    """Guile, Flash Kick: during_strike: [if is_critical] powerup 2; hit: push 2; after:
    choice advance 1 | retreat 1."""
    d = guile(dict(space=3, hand=["flashkick"], gauge=["grasp"]), dict(space=4, hand=["block"]))
    d.strike("flashkick", "block", crit=(crit, False))
    assert d.space(P2) == 6
    assert list(d.expect(ChoiceRequest, P1).labels) == ["advance 1", "retreat 1"]
    d.choose("retreat 1")
    assert d.space(P1) == 2
    assert d.life(P2) == ryu_life


def test_guile_patience_during_strike_powerup_set_end_of_turn_boost_delay() -> None:
    """Guile, Flash Kick's boost Patience (continuous): during_strike: powerup 2 (and the
    same end-of-turn delay and gauge as Sonic Force). Sweep: 6 + 2 - 2 = 6."""
    d = guile(dict(space=3, hand=["sweep"], boosts=["flashkick"]), dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert _mods(d, Stat.POWER) == [(P1, 2)]
    assert d.life(P2) == 24


# --- Reverse Spin Kick / Homeland Defense ----------------------------------------------


def test_guile_reverse_spin_kick_ignore_guard_hit_is_critical_opponent_discard_random() -> None:
    """Guile, Reverse Spin Kick: during_strike: ignore_guard; hit: [if is_critical]
    opponent_discard_random 2. Ryu discards his 2 other cards (before he could spend
    them on Block's armor) and 5 - 2 = 3 stuns through Block's guard."""
    d = guile(dict(space=3, hand=["reversespinkick"], gauge=["grasp"]),
              dict(space=4, hand=["block", "spike", "dive"]))
    d.strike("reversespinkick", "block", crit=(True, False))
    assert d.life(P2) == 27
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P2, Zone.HAND) == []
    assert sorted(d.zone(P2, Zone.DISCARD)) == ["Block", "Dive", "Spike"]


def test_guile_homeland_defense_during_strike_armorup_guardup() -> None:
    """Guile, Reverse Spin Kick's boost Homeland Defense (continuous): armorup 1, then
    guardup 3. Ryu's Sweep deals 6 - 3 = 3 to Guile's Block (armor 2 + 1, guard
    3 + 3): no stun."""
    d = guile(dict(space=4, hand=["block"], boosts=["reversespinkick"]),
              dict(space=6, hand=["sweep"]), active=P2)
    d.strike("sweep", "block")
    assert _mods(d, Stat.ARMOR) == [(P1, 1)]
    assert _mods(d, Stat.GUARD) == [(P1, 3)]
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P1, amount=3, absorbed=3)]
    assert d.events(ev.PlayerStunned) == []


# --- Sonic Boom / Military Discipline --------------------------------------------------


def test_guile_sonic_boom_is_critical_powerup_after_choice_advance() -> None:
    """Guile, Sonic Boom (range 3-8): during_strike: [if is_critical] powerup 2; after:
    choice advance 1 | advance 2 | retreat 1 | retreat 2. 4 + 2 - 2 = 4 from range 6."""
    d = guile(dict(space=1, hand=["sonicboom"], gauge=["grasp"]), dict(space=7, hand=["block"]))
    d.strike("sonicboom", "block", crit=(True, False))
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "advance 1", "advance 2", "retreat 1", "retreat 2"]
    d.choose("advance 2")
    assert d.space(P1) == 3
    assert d.life(P2) == 26


def test_guile_military_discipline_during_strike_speedup() -> None:
    """Guile, Sonic Boom's boost Military Discipline (continuous): speedup 2. Guile's
    Cross (6 + 2) beats Ryu's Grasp (7) to the hit."""
    d = guile(dict(space=4, hand=["cross"], boosts=["sonicboom"]),
              dict(space=5, hand=["grasp"]), active=P2)
    d.strike("grasp", "cross")
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.life(P2) == 27


# --- Spinning Back Knuckle / Roll ------------------------------------------------------


def test_guile_spinning_back_knuckle_hit_choice_advance_opponent_discard_random() -> None:
    """Guile, Spinning Back Knuckle: during_strike: [if is_critical] powerup 2; hit:
    choice advance 1, then opponent_discard_random 1 | retreat 1, then the same."""
    d = guile(dict(space=3, hand=["spinningbackknuckle"]),
              dict(space=5, hand=["block", "spike"]))
    d.strike("spinningbackknuckle", "block")
    d.choose("retreat 1")
    assert d.space(P1) == 2
    assert d.zone(P2, Zone.HAND) == []
    assert d.life(P2) == 27


@pytest.mark.parametrize(("ryu", "bonus"), [(7, True), (6, False)])
def test_guile_roll_immediate_close_range_greater_or_equal_bonus_action(
    ryu: int, bonus: bool
) -> None:
    """Guile, Spinning Back Knuckle's boost Roll (immediate): close 2; [if
    range_greater_or_equal 2] bonus_action. Closing 3 -> 5 leaves range 2 against Ryu
    on 7 (another action) but range 1 against Ryu on 6 (none)."""
    d = guile(dict(space=3, hand=["spinningbackknuckle"]), dict(space=ryu))
    boost(d, "spinningbackknuckle")
    assert d.space(P1) == 5
    assert bool(d.events(ev.BonusActionGranted)) == bonus
    assert _next(d) == (P1 if bonus else P2)


# --- Flash Explosion / Shades of Glory -------------------------------------------------


def test_guile_flash_explosion_hit_push_after_choice() -> None:
    """Guile, Flash Explosion (Ultra, 4 gauge): hit: push 3; after: choice advance 2 |
    retreat 2. 9 - 2 = 7 to Block, Ryu pushed 4 -> 7, Guile advances 3 -> 5."""
    gauge = ["grasp", "cross", "dive", "spike"]
    d = guile(dict(space=3, hand=["flashexplosion"], gauge=gauge), dict(space=4, hand=["block"]))
    d.strike("flashexplosion", "block")
    d.pay(*gauge)
    assert d.space(P2) == 7
    d.choose("advance 2")
    assert d.space(P1) == 5
    assert d.life(P2) == 23


def test_guile_shades_of_glory_set_strike_critical_guardup_cleanup_not_stunned_sustain_this() -> None:
    """Guile, Flash Explosion's boost Shades of Glory (continuous): set_strike: critical;
    during_strike: guardup 2; cleanup: [if not_stunned] sustain_this. The attack is
    Critical for free and the boost stays in play after the strike."""
    d = guile(dict(space=3, hand=["flashkick"], gauge=["grasp"], boosts=["flashexplosion"]),
              dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "flashkick")
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, "block")
    d.choose("advance 1")
    assert _mods(d, Stat.GUARD) == [(P1, 2)]
    assert len(d.events(ev.BoostSustained)) == 1
    assert d.zone(P1, Zone.BOOSTS) == ["Flash Explosion"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Flash Kick"]


def test_guile_shades_of_glory_not_stunned_false_discarded() -> None:
    """Guile, Shades of Glory: a stunned Guile does not sustain it."""
    d = guile(dict(space=4, hand=["dive"], boosts=["flashexplosion"]),
              dict(space=5, hand=["donkeykick"]), active=P2)
    d.strike("donkeykick", "dive")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.zone(P1, Zone.DISCARD) == ["Flash Explosion", "Dive"]


# --- Sonic Hurricane / Preemptive Strike -----------------------------------------------


def test_guile_sonic_hurricane_after_choice_retreat() -> None:
    """Guile, Sonic Hurricane (Ultra, 3 gauge, range 2-5): after: choice advance 1..3 |
    retreat 1..3 | pass. 8 - 2 = 6, then Guile retreats 3."""
    gauge = ["grasp", "cross", "dive"]
    d = guile(dict(space=4, hand=["sonichurricane"], gauge=gauge), dict(space=7, hand=["block"]))
    d.strike("sonichurricane", "block")
    d.pay(*gauge)
    assert len(d.expect(ChoiceRequest, P1).labels) == 7
    d.choose("retreat 3")
    assert d.space(P1) == 1
    assert d.life(P2) == 24


def test_guile_preemptive_strike_now_strike_during_strike_speedup() -> None:
    """Guile, Sonic Hurricane's boost Preemptive Strike (continuous, 1 force): now:
    strike; during_strike: speedup 2."""
    d = guile(dict(space=3, hand=["sonichurricane", "grasp", "cross"]),
              dict(space=4, hand=["grasp"]))
    boost(d, "sonichurricane", "grasp")
    d.respond(P1, "cross", "grasp")
    assert _mods(d, Stat.SPEED) == [(P1, 2)]
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.space(P1) == 1  # Cross's after: retreat 3
    assert d.life(P2) == 27


# --- character card --------------------------------------------------------------------


def test_guile_ability_is_not_critical_gauge_for_effect_critical() -> None:
    """Guile, ability: set_strike: [if is_not_critical] gauge_for_effect 1: critical."""
    d = guile(dict(space=3, hand=["sonicboom"], gauge=["grasp"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "sonicboom")
    assert d.expect(PayGaugeRequest, P1).optional
    d.decline()
    assert d.events(ev.AttackMadeCritical) == []


@pytest.mark.parametrize(("pay", "hand"), [(("grasp", "spike"), 5), (("spike",), 2)])
def test_guile_change_cards_gauge_bonus(pay: tuple[str, ...], hand: int) -> None:
    """Guile, Change Cards bonus (``change_cards_gauge_bonus``): spending a gauge card
    draws 2 more cards (Grasp from gauge + Spike: 2 force, 4 cards); hand cards only: no
    bonus (1 card). Then the end-of-turn draw."""
    d = guile(dict(hand=["spike"], gauge=["grasp"]), dict())
    d.act(ChangeCards())
    d.pay(*pay)
    assert len(d.zone(P1, Zone.HAND)) == hand
    assert _next(d) == P2


def test_guile_exceed_on_exceed_pass() -> None:
    """Guile, Exceed (2 gauge): on_exceed: pass."""
    d = guile(dict(gauge=["grasp", "cross"]), dict())
    d.act(Exceed())
    d.pay("grasp", "cross")
    assert d.p(P1).exceeded
    assert _next(d) == P2


def test_guile_change_cards_bonus_exceeded_may_strike() -> None:
    """Guile's character card (roster.md, "Character flags", ``guile_change_cards_bonus``):
    exceeded, a Change Cards that discards a gauge card (Grasp) draws 1 + 2 cards and
    then offers a choice between strike and pass; striking starts a strike at once
    (Sweep into Ryu's Block on the next space), and no end-of-turn draw follows."""
    d = guile(dict(space=4, hand=["sweep"], gauge=["grasp"], exceeded=True),
              dict(space=5, hand=["block"]))
    d.act(ChangeCards())
    d.pay("grasp")
    assert len(d.zone(P1, Zone.HAND)) == 4
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("strike", "pass")
    d.choose("strike")
    d.respond(P1, "sweep", "block")
    assert len(d.events(ev.StrikeEnded)) == 1
    assert d.life(P2) == 30 - (6 - 2)
    assert len(d.zone(P1, Zone.HAND)) == 3  # 4 drawn - Sweep; no end-of-turn draw


def test_guile_change_cards_bonus_exceeded_pass_ends_the_turn() -> None:
    """The same Change Cards, answering pass: the turn ends as after any Change Cards
    (the end-of-turn draw), with no strike."""
    d = guile(dict(hand=["sweep"], gauge=["grasp"], exceeded=True), dict())
    d.act(ChangeCards())
    d.pay("grasp")
    d.choose("pass")
    assert not d.events(ev.StrikeStarted)
    assert len(d.zone(P1, Zone.HAND)) == 5  # 1 + 3 drawn + the end-of-turn draw
    assert _next(d) == P2


@pytest.mark.parametrize("exceeded", [False, True])
def test_guile_change_cards_no_strike_offered_without_gauge_or_exceed(exceeded: bool) -> None:
    """No strike is offered when no gauge card was discarded (exceeded or not), nor
    after a gauge Change Cards while not exceeded: his turn ends."""
    d = guile(dict(hand=["sweep", "spike"], gauge=["grasp"], exceeded=exceeded), dict())
    d.act(ChangeCards())
    d.pay("spike")
    assert _next(d) == P2
    d = guile(dict(hand=["sweep"], gauge=["grasp"]), dict())
    d.act(ChangeCards())
    d.pay("grasp")
    assert _next(d) == P2 and not d.events(ev.StrikeStarted)
