"""Sagat: every attack and boost, his ability (Critical, and revealing his attack for
speed when he initiates), his exceed ability, his Exceed and its hook.

Card facts: roster.md, "Sagat". Sagat is P1 and Ryu P2; Ryu mostly answers with Block
(power 0, armor 2, guard 3, never hits). When Sagat initiates, his ability asks
"reveal | pass" after he sets; ``_strike`` answers it. A test's name contains the effect
and condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    DiscardRequest,
    Exceed,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.knowledge.views import HIDDEN, observe

CHARS = ("sagat", "ryu")


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat) -> list[tuple[object, int]]:
    return [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is stat]


def _strike(d: Driver, attack: str, response: str, crit: bool = False,
            reveal: bool = False) -> None:
    """Sagat (P1) strikes: sets, answers Critical, then his reveal choice; Ryu responds."""
    d.expect(ActionRequest, P1)
    d.act(Strike())
    d.set_attack(P1, attack)
    d.critical(P1, crit)
    d.choose("reveal" if reveal else "pass")
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, response)


# --- character ability ----------------------------------------------------------------


def test_sagat_ability_initiated_strike_choice_reveal_strike_speedup() -> None:
    """Sagat (ability): set_strike: [if initiated_strike] choice reveal_strike, then
    speedup 1 | pass.

    Revealed, his set Cross is public before Ryu responds (Ryu's view shows it), and it
    gets +1 speed: 7 beats Ryu's Grasp (7, but ties go to the attacker anyway).
    """
    d = position(p1=dict(space=3, hand=["cross"]), p2=dict(space=4, hand=["grasp"]),
                 chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "cross")
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "reveal strike, then speedup 1", "pass"]
    strike = observe(d.state, P2).strike
    assert strike is not None
    hidden = strike.sides[P1]
    assert hidden.cards == [HIDDEN]
    d.choose("reveal")
    (shown,) = d.events(ev.AttackTurnedFaceUp)
    assert shown.player == P1 and d.names(shown.cards) == ["Cross"]
    d.expect(SetAttackRequest, P2)
    strike = observe(d.state, P2).strike
    assert strike is not None
    view = strike.sides[P1]
    assert d.names(view.cards) == ["Cross"]
    d.set_attack(P2, "grasp")
    assert _mods(d, Stat.SPEED) == [(P1, 1)]
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 7


def test_sagat_ability_pass_keeps_attack_hidden() -> None:
    """Sagat (ability): passing keeps his attack face-down and adds nothing."""
    d = position(p1=dict(space=3, hand=["cross"]), p2=dict(space=4, hand=["block"]),
                 chars=CHARS)
    _strike(d, "cross", "block")
    assert d.events(ev.AttackTurnedFaceUp) == []
    assert _mods(d, Stat.SPEED) == []


def test_sagat_ability_not_initiated_strike_no_reveal_choice() -> None:
    """Sagat (ability): defending, he is not offered the reveal."""
    d = position(p1=dict(space=3, hand=["block"]), p2=dict(space=4, hand=["cross"]),
                 chars=CHARS, active=P2)
    d.strike("cross", "block")
    assert d.events(ev.AttackTurnedFaceUp) == []
    assert _next(d) == P1


def test_sagat_ability_is_not_critical_gauge_for_effect_critical() -> None:
    """Sagat (ability): set_strike: [if is_not_critical] gauge_for_effect 1: critical."""
    d = position(p1=dict(space=3, hand=["tigeruppercut"], gauge=["grasp"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    _strike(d, "tigeruppercut", "block", crit=True)
    assert [e.player for e in d.events(ev.AttackMadeCritical)] == [P1]
    assert d.space(P2) == 6  # Tiger Uppercut's Critical push 2


def test_sagat_exceed_ability_reveal_strike_speedup_powerup() -> None:
    """Sagat (exceed ability): reveal_strike, then speedup 1, then powerup 1 (Cross hits
    Block for 3 + 1 - 2 = 2)."""
    d = position(p1=dict(space=3, hand=["cross"], exceeded=True),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    _strike(d, "cross", "block", reveal=True)
    assert _mods(d, Stat.SPEED) == [(P1, 1)]
    assert _mods(d, Stat.POWER) == [(P1, 1)]
    assert d.life(P2) == 28


@pytest.mark.parametrize(("option", "space"), [("retreat 2", 1), ("pass", 3)])
def test_sagat_exceed_on_exceed_draw_choice_retreat(option: str, space: int) -> None:
    """Sagat (exceed cost 3), hook on_exceed: draw 2, then choice retreat 1 | retreat 2 |
    pass (and the usual end-of-turn draw)."""
    d = position(p1=dict(space=3, gauge=["grasp", "cross", "dive"],
                         deck=["spike", "sweep", "focus"]),
                 p2=dict(space=7), chars=CHARS)
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    d.choose(option)
    assert d.p(P1).exceeded
    assert d.space(P1) == space
    assert d.zone(P1, Zone.HAND) == ["Spike", "Sweep", "Focus"]
    assert _next(d) == P2


# --- Low Step Kick / Anger Charge -------------------------------------------------------


@pytest.mark.parametrize(("crit", "stunned", "space"), [(True, [P2], 4), (False, [P1], 2)])
def test_sagat_low_step_kick_before_close_is_critical_ignore_guard(
    crit: bool, stunned: list[object], space: int
) -> None:
    """Sagat, Low Step Kick: during_strike: [if is_critical] ignore_guard; before:
    close 1. It closes from range 2 and hits Ryu's Donkey Kick for 2: guard 4 holds
    unless the Critical ignores it; then the Donkey Kick stuns Sagat and pushes him 2."""
    d = position(p1=dict(space=3, hand=["lowstepkick"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["donkeykick"]), chars=CHARS)
    _strike(d, "lowstepkick", "donkeykick", crit=crit)
    assert d.events(ev.PlayerMoved)[0] == ev.PlayerMoved(player=P1, src=3, dst=4)
    assert d.space(P1) == space
    assert [e.player for e in d.events(ev.PlayerStunned)] == stunned
    assert d.life(P2) == 28


@pytest.mark.parametrize(("attack", "bonus"), [("tigeruppercut", True), ("cross", False)])
def test_sagat_anger_charge_matches_named_card_guardup_powerup_speedup_critical(
    attack: str, bonus: bool
) -> None:
    """Sagat, Low Step Kick's boost Anger Charge (continuous): during_strike: [if
    matches_named_card Tiger Uppercut] guardup 2, then powerup 2, then speedup 2, then
    critical. Tiger Uppercut gets it all (and its Critical push); Cross gets nothing."""
    d = position(p1=dict(space=3, hand=[attack], boosts=["lowstepkick"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    _strike(d, attack, "block")
    expected = [(P1, 2)] if bonus else []
    assert _mods(d, Stat.GUARD) == expected
    assert _mods(d, Stat.POWER) == expected
    assert _mods(d, Stat.SPEED) == expected
    assert [e.player for e in d.events(ev.AttackMadeCritical)] == ([P1] if bonus else [])
    if bonus:
        assert d.life(P2) == 26
        assert d.space(P2) == 6


# --- Low Tiger Shot / Quick Backdash ----------------------------------------------------


def test_sagat_low_tiger_shot_hit_push_after_hit_opponent_return_attack_add_top_discard() -> None:
    """Sagat, Low Tiger Shot: hit: push 1; after: [if hit_opponent] choice
    (return_attack_to_top_of_deck, then move_top_cards discard to gauge) | pass."""
    d = position(p1=dict(space=1, hand=["lowtigershot"], discard=["sweep"]),
                 p2=dict(space=8, hand=["block"]), chars=CHARS)
    _strike(d, "lowtigershot", "block")
    assert d.space(P2) == 9
    d.choose("return attack")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.DECK)[0] == "Low Tiger Shot"
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"]


def test_sagat_low_tiger_shot_is_critical_hit_powerup_draw() -> None:
    """Sagat, Low Tiger Shot: hit: [if is_critical] powerup 1, then draw 1."""
    d = position(p1=dict(space=1, hand=["lowtigershot"], gauge=["grasp"], deck=["spike"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    _strike(d, "lowtigershot", "block", crit=True)
    d.choose("pass")
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.HAND) == ["Spike"]


@pytest.mark.parametrize(("ryu_space", "bonus"), [(6, True), (7, False)])
def test_sagat_quick_backdash_retreat_range_bonus_action(ryu_space: int, bonus: bool) -> None:
    """Sagat, Low Tiger Shot's boost Quick Backdash (immediate): retreat 2; [if range 3]
    bonus_action. From 5 he backs to 3: Ryu on 6 is then at range 3."""
    d = position(p1=dict(space=5, hand=["lowtigershot"]), p2=dict(space=ryu_space),
                 chars=CHARS)
    boost(d, "lowtigershot")
    assert d.space(P1) == 3
    assert _next(d) == (P1 if bonus else P2)


# --- Tiger Knee / Spite --------------------------------------------------------------------


def test_sagat_tiger_knee_before_close_hit_gain_advantage() -> None:
    """Sagat, Tiger Knee: before: close 2; hit: gain_advantage (Sagat goes again)."""
    d = position(p1=dict(space=3, hand=["tigerknee"]), p2=dict(space=6, hand=["block"]),
                 chars=CHARS)
    _strike(d, "tigerknee", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 27
    assert _next(d) == P1


@pytest.mark.parametrize(("crit", "ryu_space"), [(True, 7), (False, 4)])
def test_sagat_tiger_knee_is_critical_after_opponent_stunned_push(
    crit: bool, ryu_space: int
) -> None:
    """Sagat, Tiger Knee: after: [if is_critical] pass, then [if opponent_stunned]
    push 3. Ryu's Hadoken (faster) misses at range 1; Tiger Knee stuns him (5 > guard
    0), and only the Critical one then pushes him from 4 to 7."""
    d = position(p1=dict(space=3, hand=["tigerknee"], gauge=["grasp"]),
                 p2=dict(space=4, hand=["hadoken"]), chars=CHARS)
    _strike(d, "tigerknee", "hadoken", crit=crit)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.space(P2) == ryu_space


def test_sagat_spite_speedup_hit_add_boost_to_gauge() -> None:
    """Sagat, Tiger Knee's boost Spite (continuous): during_strike: speedup 1; hit:
    add_boost_to_gauge_on_strike_cleanup."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["tigerknee"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    _strike(d, "cross", "block")
    assert _mods(d, Stat.SPEED) == [(P1, 1)]
    assert d.zone(P1, Zone.GAUGE) == ["Tiger Knee", "Cross"]


# --- Tiger Shot / Reach -------------------------------------------------------------------


def test_sagat_tiger_shot_hit_push_add_top_discard_to_gauge_draw() -> None:
    """Sagat, Tiger Shot: hit: push 1, then move_top_cards discard to gauge, then draw 1."""
    d = position(p1=dict(space=3, hand=["tigershot"], discard=["sweep"], deck=["spike"]),
                 p2=dict(space=6, hand=["block"]), chars=CHARS)
    _strike(d, "tigershot", "block")
    assert d.space(P2) == 7
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.GAUGE) == ["Sweep", "Tiger Shot"]
    assert d.zone(P1, Zone.HAND) == ["Spike"]


def test_sagat_tiger_shot_is_critical_draw_opponent_discard_choose() -> None:
    """Sagat, Tiger Shot: hit: [if is_critical] draw 1, then opponent_discard_choose 1.
    Ryu picks the card he discards (his own decision)."""
    d = position(p1=dict(space=3, hand=["tigershot"], gauge=["grasp"],
                         deck=["spike", "dive"]),
                 p2=dict(space=6, hand=["block", "hadoken", "cross"]), chars=CHARS)
    _strike(d, "tigershot", "block", crit=True)
    request = d.pending
    assert isinstance(request, DiscardRequest)
    assert request.player == P2 and request.count == 1
    assert d.names(request.candidates) == ["Hadoken", "Cross"]
    d.discard(P2, "cross")
    assert d.zone(P2, Zone.HAND) == ["Hadoken"]
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive"]


def test_sagat_tiger_shot_opponent_discard_choose_small_hand_discards_all() -> None:
    """Sagat, Tiger Shot: with one card (or none) left, Ryu discards it without a choice."""
    d = position(p1=dict(space=3, hand=["tigershot"], gauge=["grasp"]),
                 p2=dict(space=6, hand=["block", "hadoken"]), chars=CHARS)
    _strike(d, "tigershot", "block", crit=True)
    assert d.zone(P2, Zone.HAND) == []
    assert d.zone(P2, Zone.DISCARD)[0] == "Hadoken"


def test_sagat_reach_now_strike_rangeup() -> None:
    """Sagat, Tiger Shot's boost Reach (continuous, 1 force): now: strike; during_strike:
    rangeup 0/1 (Cross reaches Block at 3)."""
    d = position(p1=dict(space=3, hand=["tigershot", "cross", "dive"]),
                 p2=dict(space=6, hand=["block"]), chars=CHARS)
    boost(d, "tigershot", "dive")
    d.set_attack(P1, "cross")
    d.choose("pass")
    d.set_attack(P2, "block")
    assert d.events(ev.AttackHit) == [ev.AttackHit(player=P1, distance=3)]


# --- Tiger Uppercut / Terrifying -------------------------------------------------------


def test_sagat_tiger_uppercut_before_close_after_lose_all_armor() -> None:
    """Sagat, Tiger Uppercut (armor 3): before: close 1; after: lose_all_armor.

    Speed 4 beats Ryu's Sweep (2): Sagat closes, hits for 4, then loses his 3 armor, so
    the Sweep hits him for the full 6.
    """
    d = position(p1=dict(space=3, hand=["tigeruppercut"]), p2=dict(space=5, hand=["sweep"]),
                 chars=CHARS)
    _strike(d, "tigeruppercut", "sweep")
    assert d.space(P1) == 4
    assert _mods(d, Stat.ARMOR) == [(P1, -3)]
    assert d.life(P2) == 26
    assert d.events(ev.DamageDealt)[-1] == ev.DamageDealt(target=P1, amount=6, absorbed=0)


def test_sagat_tiger_uppercut_is_critical_hit_push() -> None:
    """Sagat, Tiger Uppercut: hit: [if is_critical] push 2."""
    d = position(p1=dict(space=3, hand=["tigeruppercut"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    _strike(d, "tigeruppercut", "block", crit=True)
    assert d.space(P2) == 7


@pytest.mark.parametrize(("ryu_space", "discarded"), [(4, 2), (5, 0)])
def test_sagat_terrifying_range_opponent_discard_random_strike(
    ryu_space: int, discarded: int
) -> None:
    """Sagat, Tiger Uppercut's boost Terrifying (immediate, 1 force): [if range 1]
    opponent_discard_random 2; strike."""
    d = position(p1=dict(space=3, hand=["tigeruppercut", "cross", "dive"]),
                 p2=dict(space=ryu_space, hand=["block", "hadoken", "spike"]), chars=CHARS)
    boost(d, "tigeruppercut", "dive")
    assert len(d.zone(P2, Zone.DISCARD)) == discarded
    d.expect(SetAttackRequest, P1)


# --- Tiger Cannon / Swift Destruction ---------------------------------------------------


def test_sagat_tiger_cannon_hit_gain_advantage_push() -> None:
    """Sagat, Tiger Cannon (4 gauge): hit: gain_advantage, then push 3."""
    d = position(p1=dict(space=3, hand=["tigercannon"], gauge=["grasp", "cross", "dive",
                                                                "spike"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    _strike(d, "tigercannon", "block")
    d.pay("grasp", "cross", "dive", "spike")
    assert d.life(P2) == 28
    assert d.space(P2) == 8
    assert _next(d) == P1


def test_sagat_swift_destruction_speedup() -> None:
    """Sagat, Tiger Cannon's boost Swift Destruction (continuous, 1 force): speedup 4."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["tigercannon"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    _strike(d, "sweep", "block")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 6


# --- Tiger Destruction / Massive --------------------------------------------------------


def test_sagat_tiger_destruction_before_advance() -> None:
    """Sagat, Tiger Destruction (2 gauge): before: advance 3 (3 -> 6, hits Block for 5)."""
    d = position(p1=dict(space=3, hand=["tigerdestruction"], gauge=["grasp", "cross"]),
                 p2=dict(space=7, hand=["block"]), chars=CHARS)
    _strike(d, "tigerdestruction", "block")
    d.pay("grasp", "cross")
    assert d.space(P1) == 6
    assert d.life(P2) == 25


def test_sagat_massive_rangeup_armorup_guardup() -> None:
    """Sagat, Tiger Destruction's boost Massive (continuous): during_strike: rangeup 0/1;
    armorup 2; guardup 2.

    Ryu's Donkey Kick hits Sagat's Spike first: 6 - 2 armor = 4, not above guard 4 + 2,
    and pushes him from 3 to 1; Spike (2-3, now 2-4) still reaches Ryu at range 4.
    """
    d = position(p1=dict(space=3, hand=["spike"], boosts=["tigerdestruction"]),
                 p2=dict(space=5, hand=["donkeykick"]), chars=CHARS, active=P2)
    d.strike("donkeykick", "spike")
    assert _mods(d, Stat.MAX_RANGE) == [(P1, 1)]
    assert _mods(d, Stat.ARMOR) == [(P1, 2)]
    assert _mods(d, Stat.GUARD) == [(P1, 2)]
    assert d.life(P1) == 26
    assert d.space(P1) == 1
    assert d.events(ev.AttackHit)[-1] == ev.AttackHit(player=P1, distance=4)
    assert d.life(P2) == 25
