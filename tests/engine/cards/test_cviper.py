"""C. Viper: every attack and boost, her ability (after playing a continuous boost she
may strike), her exceed ability (that strike is Critical for free), and her Exceed hook.

Card facts: roster.md, "C. Viper". C. Viper is P1 and Ryu P2; Ryu mostly answers with
Block (power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    ChoiceRequest,
    Exceed,
    PayGaugeRequest,
    SelectCardsRequest,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("cviper", "ryu")


def viper(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with C. Viper as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat) -> list[tuple[object, int]]:
    return [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is stat]


# --- Burning Kick / Blazing ------------------------------------------------------------


def test_cviper_burning_kick_hit_is_critical_powerup_opponent_gain_advantage_after_close() -> None:
    """C. Viper, Burning Kick: hit: [if is_critical] powerup_opponent -2, then
    gain_advantage; after: close 1.

    The Critical kick (speed 5) hits Ryu's Focus at range 2 for 4 - 2 = 2 and weakens it
    by 2; Viper closes to range 1, where Focus hits back for only 4 - 2 = 2. Viper takes
    the next turn.
    """
    d = viper(dict(space=3, hand=["burningkick"], gauge=["grasp"]),
              dict(space=5, hand=["focus"]))
    d.strike("burningkick", "focus", crit=(True, False))
    assert _mods(d, Stat.POWER) == [(P2, -2)]
    assert d.space(P1) == 4
    assert d.life(P2) == 28
    assert d.life(P1) == 28
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


def test_cviper_burning_kick_not_critical_full_power_back() -> None:
    """C. Viper, Burning Kick: without Critical, Focus keeps its 4 power."""
    d = viper(dict(space=3, hand=["burningkick"]), dict(space=5, hand=["focus"]))
    d.strike("burningkick", "focus")
    assert _mods(d, Stat.POWER) == []
    assert d.life(P1) == 26
    assert _next(d) == P2


def test_cviper_blazing_during_strike_powerup_ignore_armor() -> None:
    """C. Viper, Burning Kick's boost Blazing (continuous): during_strike: powerup 1,
    then ignore_armor. Sweep hits Block for the full 6 + 1."""
    d = viper(dict(space=3, hand=["sweep"], boosts=["burningkick"]),
              dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=7, absorbed=0)]


# --- Emergency Combination / Hidden Weapons --------------------------------------------


@pytest.mark.parametrize(("boosts", "ryu_life"), [(["seismichammer"], 26), ([], 29)])
def test_cviper_emergency_combination_before_boost_in_play_powerup(
    boosts: list[str], ryu_life: int
) -> None:
    """C. Viper, Emergency Combination: before: [if boost_in_play] powerup 2.

    With Blasting in play (itself +1 power): 3 + 2 + 1 - 2 = 4 against Block; without
    any boost, 3 - 2 = 1.
    """
    d = viper(dict(space=3, hand=["emergencycombination"], boosts=boosts),
              dict(space=5, hand=["block"]))
    d.strike("emergencycombination", "block")
    assert d.life(P2) == ryu_life


def test_cviper_hidden_weapons_immediate_draw_add_to_gauge_boost_play_cleanup() -> None:
    """C. Viper, Emergency Combination's boost Hidden Weapons (immediate, 1 force): draw
    2, then add_to_gauge_boost_play_cleanup; then the end-of-turn draw."""
    d = viper(dict(hand=["emergencycombination", "grasp"], deck=["spike", "dive", "focus"]),
              dict())
    boost(d, "emergencycombination", "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Emergency Combination"]
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive", "Focus"]
    assert _next(d) == P2


# --- Seismic Hammer / Blasting ---------------------------------------------------------


def test_cviper_seismic_hammer_is_critical_speedup_after_choice() -> None:
    """C. Viper, Seismic Hammer (speed 1): during_strike: [if is_critical] speedup 3;
    after: choice advance 1 | advance 2 | retreat 1 | retreat 2 | pass.

    Critical, it ties Ryu's Hadoken (4) and the initiator goes first: 5 damage (Ryu's
    Hadoken, guard 0, is stunned), then Viper retreats 2.
    """
    d = viper(dict(space=3, hand=["seismichammer"], gauge=["grasp"]),
              dict(space=6, hand=["hadoken"]))
    d.strike("seismichammer", "hadoken", crit=(True, False))
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "advance 1", "advance 2", "retreat 1", "retreat 2", "pass"]
    d.choose("retreat 2")
    assert d.space(P1) == 1
    assert d.life(P2) == 25


def test_cviper_seismic_hammer_not_critical_slow() -> None:
    """C. Viper, Seismic Hammer: without Critical (speed 1) Ryu's Hadoken goes first and
    stuns Viper (4 > guard 0): no hammer, no after choice."""
    d = viper(dict(space=3, hand=["seismichammer"]), dict(space=6, hand=["hadoken"]))
    d.strike("seismichammer", "hadoken")
    assert d.events(ev.PriorityDetermined)[0].first == P2
    d.choose("pass")  # Ryu's Hadoken after choice
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P1]
    assert d.space(P1) == 3


def test_cviper_blasting_during_strike_powerup_guardup() -> None:
    """C. Viper, Seismic Hammer's boost Blasting (continuous, 1 force): during_strike:
    powerup 1, then guardup 5. Viper's Grasp (guard 0 + 5) takes Ryu's Sweep (6) and is
    stunned only because 6 > 5."""
    d = viper(dict(space=4, hand=["grasp"], boosts=["seismichammer"]),
              dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "grasp")
    d.choose("push 1")  # Grasp first (speed 7)
    assert _mods(d, Stat.POWER) == [(P1, 1)]
    assert _mods(d, Stat.GUARD) == [(P1, 5)]
    assert d.life(P2) == 26  # 3 + 1
    assert d.life(P1) == 24
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]


# --- Temple Massage / Cheater ----------------------------------------------------------


def test_cviper_temple_massage_hit_is_critical_draw_force_for_effect_powerup() -> None:
    """C. Viper, Temple Massage: hit: [if is_critical] draw 3; hit: force_for_effect up
    to 4 force, powerup 1 per force.

    Critical: Viper draws 3, then spends 2 force (Spike, Dive) for +2: 4 + 2 - 2 = 4
    damage stuns Block.
    """
    d = viper(dict(space=3, hand=["templemassage", "spike", "dive"], gauge=["grasp"],
                   deck=["cross", "assault", "focus"]),
              dict(space=4, hand=["block"]))
    d.strike("templemassage", "block", crit=(True, False))
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive", "Cross", "Assault", "Focus"]
    labels = list(d.expect(ChoiceRequest, P1).labels)
    assert labels == [f"spend {n} force" for n in range(5)]
    d.choose("spend 2 force")
    d.pay("spike", "dive")
    assert _mods(d, Stat.POWER) == [(P1, 1), (P1, 1)]
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_cviper_temple_massage_force_for_effect_spend_nothing() -> None:
    """C. Viper, Temple Massage: spending 0 force adds nothing (4 - 2 = 2)."""
    d = viper(dict(space=3, hand=["templemassage", "spike"]), dict(space=4, hand=["block"]))
    d.strike("templemassage", "block")
    d.choose("spend 0 force")
    assert _mods(d, Stat.POWER) == []
    assert d.life(P2) == 28


def test_cviper_cheater_immediate_boost_additional_continuous_from_discard() -> None:
    """C. Viper, Temple Massage's boost Cheater (immediate): boost_additional, a
    continuous boost from the discard pile (its force cost paid).

    Offered: Blasting (1 force) and Fierce (Grasp), not Run (Cross, immediate). Viper
    plays Blasting paying Spike; her ability then offers a strike, which she declines.
    """
    d = viper(dict(hand=["templemassage", "spike"],
                   discard=["seismichammer", "grasp", "cross"]), dict())
    boost(d, "templemassage")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.BOOST
    assert (request.min_count, request.max_count) == (0, 1)
    assert d.names(request.candidates) == ["Seismic Hammer", "Grasp"]
    d.select(P1, "seismichammer")
    d.pay("spike")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["strike", "pass"]
    d.choose("pass")
    assert d.zone(P1, Zone.BOOSTS) == ["Seismic Hammer"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Spike", "Temple Massage"]
    assert _next(d) == P2


# --- Thunder Knuckle / Electrifying ----------------------------------------------------


@pytest.mark.parametrize(("crit", "stunned"), [(True, [P2]), (False, [])])
def test_cviper_thunder_knuckle_is_critical_ignore_guard_before_close(
    crit: bool, stunned: list[object]
) -> None:
    """C. Viper, Thunder Knuckle: during_strike: [if is_critical] ignore_guard; before:
    close 1. It closes to Block and deals 3 - 2 = 1, which stuns only through guard 0."""
    d = viper(dict(space=3, hand=["thunderknuckle"], gauge=["grasp"]),
              dict(space=5, hand=["block"]))
    d.strike("thunderknuckle", "block", crit=(crit, False))
    assert d.space(P1) == 4
    assert d.life(P2) == 29
    assert [e.player for e in d.events(ev.PlayerStunned)] == stunned


def test_cviper_electrifying_hit_force_for_effect_powerup() -> None:
    """C. Viper, Thunder Knuckle's boost Electrifying (continuous): hit: force_for_effect
    up to 4, powerup 1 per force. An ultra in gauge pays 2 force: +2."""
    d = viper(dict(space=3, hand=["sweep"], gauge=["burningdance"], boosts=["thunderknuckle"]),
              dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "spend 0 force", "spend 1 force", "spend 2 force"]
    d.choose("spend 2 force")
    d.pay("burningdance")
    assert d.life(P2) == 24  # 6 + 2 - 2


# --- Burning Dance / Stylish -----------------------------------------------------------


def test_cviper_burning_dance_ignore_armor_hit_push_after_close() -> None:
    """C. Viper, Burning Dance (Ultra, 3 gauge): during_strike: ignore_armor; hit: push
    8; after: close 8. 5 through Block's armor, Ryu to the wall (9), Viper after him."""
    gauge = ["grasp", "cross", "dive"]
    d = viper(dict(space=3, hand=["burningdance"], gauge=gauge), dict(space=5, hand=["block"]))
    d.strike("burningdance", "block")
    d.pay(*gauge)
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=5, absorbed=0)]
    assert d.space(P2) == 9
    assert d.space(P1) == 8


def test_cviper_stylish_now_draw_bonus_action_during_strike_powerup_opponent() -> None:
    """C. Viper, Burning Dance's boost Stylish (continuous): now: draw 3, then
    bonus_action; during_strike: powerup_opponent 3.

    Viper draws 3, declines her ability's strike, and uses the bonus action to strike:
    Ryu's Sweep gets +3 (9 - Block's 2 armor = 7 damage).
    """
    d = viper(dict(space=3, hand=["burningdance"], deck=["block", "spike", "dive"]),
              dict(space=5, hand=["sweep"]))
    boost(d, "burningdance")
    assert d.zone(P1, Zone.HAND) == ["Block", "Spike", "Dive"]
    assert [e.player for e in d.events(ev.BonusActionGranted)] == [P1]
    d.choose("pass")
    d.strike("block", "sweep")
    d.decline()  # no force for Block's armor
    assert _mods(d, Stat.POWER) == [(P2, 3)]
    assert d.life(P1) == 23


def test_cviper_stylish_bonus_action_lost_when_ability_strike_taken() -> None:
    """C. Viper, Stylish (now: draw 3, then bonus_action) with her ability's strike
    (on_continuous_boost: choice strike | pass) taken: the strike ends her turn and the
    bonus action is never taken; Ryu acts next.

    effects.md, ``bonus_action``: "you take another action after the boost resolves";
    the reference client settles the order: its boost resolution runs the Now effects
    (``bonus_action`` only flags an action after the boost), then the on-boost character
    effects (her strike choice), and at the boost's cleanup a pending strike wins over
    the flagged action (scenes/game/local_game.gd, ``boost_play_cleanup``: strike first,
    ``elif`` action after boost).
    """
    d = viper(dict(space=3, hand=["burningdance"], deck=["block", "spike", "dive", "cross"]),
              dict(space=5, hand=["sweep"]))
    boost(d, "burningdance")
    assert [e.player for e in d.events(ev.BonusActionGranted)] == [P1]
    d.choose("strike")
    d.respond(P1, "spike", "sweep")
    assert _next(d) == P2


# --- Burst Time / Exoskeleton ----------------------------------------------------------


def test_cviper_burst_time_stun_immunity_no_boost_in_play_attack_does_not_hit() -> None:
    """C. Viper, Burst Time (Ultra, 4 gauge, 10 power): during_strike: stun_immunity;
    during_strike: [if no_boost_in_play] attack_does_not_hit. With no boost it misses,
    and Ryu's Sweep (6 > guard 0) does not stun her."""
    gauge = ["grasp", "cross", "dive", "focus"]
    d = viper(dict(space=3, hand=["bursttime"], gauge=gauge), dict(space=5, hand=["sweep"]))
    d.strike("bursttime", "sweep")
    d.pay(*gauge)
    assert d.events(ev.PlayerStunned) == []
    (missed,) = [e for e in d.events(ev.AttackMissed) if e.player == P1]
    assert missed.reason is ev.MissReason.DOES_NOT_HIT
    assert d.life(P1) == 24


def test_cviper_burst_time_boost_in_play_hits() -> None:
    """C. Viper, Burst Time: with a boost in play (Exoskeleton: armorup 3, then guardup
    1) it hits Block for 10 - 2 = 8."""
    gauge = ["grasp", "cross", "dive", "focus"]
    d = viper(dict(space=3, hand=["bursttime"], gauge=gauge, boosts=["bursttime"]),
              dict(space=5, hand=["block"]))
    d.strike("bursttime", "block")
    d.pay(*gauge)
    assert _mods(d, Stat.ARMOR) == [(P1, 3)]
    assert _mods(d, Stat.GUARD) == [(P1, 1)]
    assert d.life(P2) == 22


def test_cviper_exoskeleton_during_strike_armorup_guardup() -> None:
    """C. Viper, Burst Time's boost Exoskeleton (continuous): armorup 3, then guardup 1.
    Ryu's Sweep (6) against Viper's Block (armor 2 + 3): 1 damage, no stun."""
    d = viper(dict(space=4, hand=["block"], boosts=["bursttime"]),
              dict(space=6, hand=["sweep"]), active=P2)
    d.strike("sweep", "block")
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P1, amount=1, absorbed=5)]
    assert d.events(ev.PlayerStunned) == []
    assert d.life(P1) == 29


# --- character card --------------------------------------------------------------------


def test_cviper_ability_on_continuous_boost_choice_strike() -> None:
    """C. Viper, ability: on_continuous_boost: choice strike | pass. After Blazing is in
    play she strikes at once (no end-of-turn draw)."""
    d = viper(dict(space=3, hand=["burningkick", "sweep"], deck=["spike"]),
              dict(space=5, hand=["block"]))
    boost(d, "burningkick")
    d.choose("strike")
    d.respond(P1, "sweep", "block")
    assert d.life(P2) == 23  # 6 + 1, Blazing ignores armor
    assert d.zone(P1, Zone.HAND) == []
    assert _next(d) == P2


def test_cviper_ability_not_offered_for_an_immediate_boost() -> None:
    """C. Viper, ability: an immediate boost (Hidden Weapons) offers no strike."""
    d = viper(dict(hand=["emergencycombination", "grasp"]), dict())
    boost(d, "emergencycombination", "grasp")
    assert _next(d) == P2


def test_cviper_ability_is_not_critical_gauge_for_effect_critical() -> None:
    """C. Viper, ability: set_strike: [if is_not_critical] gauge_for_effect 1: critical."""
    d = viper(dict(space=3, hand=["sweep"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "sweep")
    assert d.expect(PayGaugeRequest, P1).optional
    d.pay("grasp")
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]


def test_cviper_exceed_ability_on_continuous_boost_set_used_character_bonus_used_character_bonus_critical() -> None:
    """C. Viper, exceed ability: on_continuous_boost: choice set_mode used_character_bonus,
    then strike | pass; set_strike: [if used_character_bonus] critical.

    The strike after her boost is Critical for free: no gauge is asked (her
    ``[if is_not_critical]`` payment no longer applies).
    """
    d = viper(dict(space=3, hand=["seismichammer", "thunderknuckle", "grasp"], gauge=["dive"],
                   exceeded=True),
              dict(space=5, hand=["block"]))
    boost(d, "seismichammer", "grasp")
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "set used character bonus, then strike", "pass"]
    d.choose("set used")
    assert d.events(ev.CharacterBonusUsed) == [ev.CharacterBonusUsed(player=P1)]
    d.set_attack(P1, "thunderknuckle")
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, "block")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]  # ignore_guard
    assert d.zone(P1, Zone.GAUGE) == ["Dive", "Thunder Knuckle"]
    assert _next(d) == P2
    assert not d.p(P1).used_character_bonus  # reset when Ryu's turn started


def test_cviper_exceed_on_exceed_draw() -> None:
    """C. Viper, Exceed (3 gauge): on_exceed: draw 5, then the end-of-turn draw."""
    d = viper(dict(gauge=["grasp", "cross", "dive"]), dict())
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded
    assert len(d.zone(P1, Zone.HAND)) == 6
    assert _next(d) == P2
