"""Ryu: every attack and boost, his Critical ability (both sides), his character actions
and his Exceed.

Card facts: roster.md, "Ryu". Ryu is P1 and Ken P2; Ken mostly answers with Block
(power 0, armor 2, guard 3, never hits) so that Ryu's card is the only thing at work.
A test's name contains the effect and condition tags it exercises (the effect-registry
meta-test relies on it).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    Exceed,
    PayGaugeRequest,
    Prepare,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Player, Zone
from engine.core.state import Stat


def _next(d: object) -> object:
    return d.expect(ActionRequest).player  # type: ignore[attr-defined]


def _reasons(d: object, reason: ev.MoveReason) -> list[str]:
    moves = d.events(ev.CardMoved)  # type: ignore[attr-defined]
    return [d.name(e.card) for e in moves if e.reason is reason]  # type: ignore[attr-defined]


# --- Donkey Kick / Ki Charge -------------------------------------------------------


def test_ryu_donkey_kick_hit_push_gain_advantage() -> None:
    """Ryu, Donkey Kick: hit: push 2, then gain_advantage.

    Donkey Kick hits Block on 4 for 6 - 2 = 4, pushing Ken to 6; 4 > guard 3 stuns Ken,
    so his Block never acts and is discarded. Ryu takes the next turn.
    """
    d = position(p1=dict(space=3, hand=["donkeykick"]), p2=dict(space=4, hand=["block"]))
    d.strike("donkeykick", "block")
    assert d.space(P2) == 6
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.zone(P1, Zone.GAUGE) == ["Donkey Kick"]
    assert d.zone(P2, Zone.DISCARD) == ["Block"]
    assert _next(d) == P1


def test_ryu_donkey_kick_miss_no_push_no_advantage() -> None:
    """Ryu, Donkey Kick: out of range (3) it misses: no push, no advantage."""
    d = position(p1=dict(space=3, hand=["donkeykick"]), p2=dict(space=6, hand=["block"]))
    d.strike("donkeykick", "block")
    assert d.space(P2) == 6
    assert d.events(ev.AdvantageGained) == []
    assert d.zone(P1, Zone.DISCARD) == ["Donkey Kick"]
    assert _next(d) == P2


def test_ryu_ki_charge_immediate_add_to_gauge_boost_play_cleanup() -> None:
    """Ryu, Donkey Kick's boost Ki Charge (immediate): add_to_gauge_boost_play_cleanup.

    After resolving, the card goes to Ryu's gauge instead of his discard pile.
    """
    d = position(p1=dict(hand=["donkeykick"], deck=["spike"]))
    boost(d, "donkeykick")
    done = [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.BOOST_DONE]
    assert [(d.name(e.card), e.src, e.dst) for e in done] == [
        ("Donkey Kick", Zone.BOOSTS, Zone.GAUGE)]
    assert d.zone(P1, Zone.GAUGE) == ["Donkey Kick"]
    assert d.zone(P1, Zone.DISCARD) == []
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2


# --- Hadoken / Defensive -----------------------------------------------------------


@pytest.mark.parametrize(("crit", "first", "speed"), [(True, P1, 6), (False, P2, 4)])
def test_ryu_hadoken_is_critical_speedup(crit: bool, first: Player, speed: int) -> None:
    """Ryu, Hadoken: during_strike: [if is_critical] speedup 2.

    Critical Hadoken (4 + 2) outspeeds Ken's Shoryuken (5, no bonus as defender); without
    Critical, Ken goes first.
    """
    d = position(p1=dict(space=3, hand=["hadoken"], gauge=["grasp"]),
                 p2=dict(space=6, hand=["shoryuken"]))
    d.strike("hadoken", "shoryuken", crit=(crit, False))
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=first, speed_p1=speed, speed_p2=5)]
    d.choose("pass")
    assert d.life(P2) == 26


def test_ryu_hadoken_after_hit_opponent_choice_return_attack_to_top_of_deck_add_top_discard_to_gauge() -> None:
    """Ryu, Hadoken: after: [if hit_opponent] choice (return_attack_to_top_of_deck, then
    move_top_cards discard to gauge) | pass.

    Hadoken hits Block at range 3 for 2. Ryu returns Hadoken to the top of his deck and
    the top of his discard pile (Cross) goes to his gauge.
    """
    d = position(p1=dict(space=3, hand=["hadoken"], discard=["assault", "cross"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("hadoken", "block")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == [
        "return attack to top of deck, then add top discard to gauge", "pass"]
    d.choose("return attack")
    assert d.life(P2) == 28
    assert d.zone(P1, Zone.DECK)[0] == "Hadoken"
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert d.zone(P1, Zone.DISCARD) == ["Assault"]
    assert d.zone(P2, Zone.GAUGE) == ["Block"]
    assert _next(d) == P2


def test_ryu_hadoken_after_hit_opponent_choice_pass() -> None:
    """Ryu, Hadoken: choosing pass leaves the hit attack to go to gauge as usual."""
    d = position(p1=dict(space=3, hand=["hadoken"], discard=["cross"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("hadoken", "block")
    d.choose("pass")
    assert d.zone(P1, Zone.GAUGE) == ["Hadoken"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


def test_ryu_hadoken_not_hit_opponent_no_choice() -> None:
    """Ryu, Hadoken: on a miss the after choice is not offered; Hadoken is discarded."""
    d = position(p1=dict(space=3, hand=["hadoken"], discard=["cross"]),
                 p2=dict(space=4, hand=["block"]))
    d.strike("hadoken", "block")
    assert _next(d) == P2
    assert d.zone(P1, Zone.DISCARD) == ["Cross", "Hadoken"]
    assert d.zone(P1, Zone.GAUGE) == []


def test_ryu_defensive_during_strike_powerup_armorup() -> None:
    """Ryu, Hadoken's boost Defensive (continuous): during_strike: powerup 2, then
    armorup 1.

    Ken's Assault (speed 5) hits first for 4 - 1 = 3; Ryu's Sweep hits back for 6 + 2.
    """
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["hadoken"]),
                 p2=dict(space=5, hand=["assault"]))
    d.strike("sweep", "assault")
    mods = [(e.player, e.stat, e.amount) for e in d.events(ev.StatModified)]
    assert mods == [(P1, Stat.POWER, 2), (P1, Stat.ARMOR, 1)]
    assert d.life(P1) == 27
    assert d.life(P2) == 22
    assert d.zone(P1, Zone.DISCARD) == ["Hadoken"]
    assert _next(d) == P2  # Assault's advantage


# --- One Inch Punch / Quick Step ---------------------------------------------------


def test_ryu_one_inch_punch_ignore_armor_hit_push() -> None:
    """Ryu, One Inch Punch: during_strike: ignore_armor; hit: push 3.

    5 damage through Block's armor, Ken pushed from 4 to 7, and stunned (5 > 3).
    """
    d = position(p1=dict(space=3, hand=["oneinchpunch"]), p2=dict(space=4, hand=["block"]))
    d.strike("oneinchpunch", "block")
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=5, absorbed=0)]
    assert d.space(P2) == 7
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


@pytest.mark.parametrize(("crit", "ryu_life"), [(True, 28), (False, 26)])
def test_ryu_one_inch_punch_is_critical_armorup(crit: bool, ryu_life: int) -> None:
    """Ryu, One Inch Punch: during_strike: [if is_critical] armorup 2.

    Ken's Assault (4 power) hits first: 2 damage through the Critical armor, 4 without.
    One Inch Punch (guard 6) is not stunned and hits back for 5.
    """
    d = position(p1=dict(space=3, hand=["oneinchpunch"], gauge=["grasp"]),
                 p2=dict(space=4, hand=["assault"]))
    d.strike("oneinchpunch", "assault", crit=(crit, False))
    assert d.life(P1) == ryu_life
    assert d.life(P2) == 25
    assert d.space(P2) == 7


@pytest.mark.parametrize(("option", "p1_space"), [("advance 1", 4), ("retreat 1", 2)])
def test_ryu_quick_step_immediate_choice_bonus_action(option: str, p1_space: int) -> None:
    """Ryu, One Inch Punch's boost Quick Step (immediate): choice advance 1 | retreat 1;
    bonus_action.

    After the boost Ryu acts again (here Prepare), then draws for the end of turn.
    """
    d = position(p1=dict(space=3, hand=["oneinchpunch"], deck=["spike", "dive"]),
                 p2=dict(space=7))
    boost(d, "oneinchpunch")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["advance 1", "retreat 1"]
    d.choose(option)
    assert d.space(P1) == p1_space
    assert [e.player for e in d.events(ev.BonusActionGranted)] == [P1]
    assert _next(d) == P1
    d.act(Prepare())
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive"]
    assert _next(d) == P2


# --- Shoryuken / Overhead ----------------------------------------------------------


def test_ryu_shoryuken_not_initiated_strike_speedup() -> None:
    """Ryu, Shoryuken: during_strike: [if not_initiated_strike] speedup 2.

    Defending against Ken's Assault (5), Shoryuken is 7: it hits first for 4 and stuns
    Ken (guard 0), whose Assault never activates.
    """
    d = position(p1=dict(space=4, hand=["shoryuken"]), p2=dict(space=5, hand=["assault"]),
                 active=P2)
    d.strike("assault", "shoryuken")
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P1, speed_p1=7, speed_p2=5)]
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert d.life(P1) == 30


def test_ryu_shoryuken_initiated_strike_no_speedup() -> None:
    """Ryu, Shoryuken: as the attacker it keeps speed 5, so Ken's Cross (6) goes first."""
    d = position(p1=dict(space=4, hand=["shoryuken"]), p2=dict(space=5, hand=["cross"]))
    d.strike("shoryuken", "cross")
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P2, speed_p1=5, speed_p2=6)]
    assert d.life(P1) == 27
    assert d.space(P2) == 8
    assert d.life(P2) == 30


@pytest.mark.parametrize(("crit", "p1_space", "ken_life"), [(True, 4, 28), (False, 3, 30)])
def test_ryu_shoryuken_is_critical_before_close(crit: bool, p1_space: int, ken_life: int) -> None:
    """Ryu, Shoryuken: before: [if is_critical] close 1. At range 2 only the Critical
    Shoryuken reaches Block (4 - 2 = 2 damage)."""
    d = position(p1=dict(space=3, hand=["shoryuken"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]))
    d.strike("shoryuken", "block", crit=(crit, False))
    assert d.space(P1) == p1_space
    assert d.life(P2) == ken_life


def test_ryu_overhead_now_strike_hit_ignore_armor_add_boost_to_gauge_on_strike_cleanup() -> None:
    """Ryu, Shoryuken's boost Overhead (continuous): now: strike; hit: ignore_armor, then
    add_boost_to_gauge_on_strike_cleanup.

    Ryu strikes at once with Sweep; it hits Block ignoring its armor (6 damage).
    Overhead goes to Ryu's gauge as the hit resolves, before the damage (effects.md,
    ``add_boost_to_gauge_on_strike_cleanup``: "Move this boost from play into your gauge
    (immediately by default ...)"; it was held to cleanup until 2 Dec 2026), and its
    ignore_armor still counts; the Sweep follows at cleanup. No end-of-turn draw.
    """
    d = position(p1=dict(space=3, hand=["shoryuken", "sweep"], deck=["spike"]),
                 p2=dict(space=4, hand=["block"]))
    boost(d, "shoryuken")
    assert d.zone(P1, Zone.BOOSTS) == ["Shoryuken"]
    d.expect(SetAttackRequest, P1)
    d.respond(P1, "sweep", "block")
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=6, absorbed=0)]
    left = [e for e in d.events(ev.CardMoved) if e.src is Zone.BOOSTS]
    assert [(d.name(e.card), e.dst, e.reason) for e in left] == [
        ("Shoryuken", Zone.GAUGE, ev.MoveReason.EFFECT)]
    assert d.log.index(left[0]) < d.log.index(d.events(ev.DamageDealt)[0])
    assert d.events(ev.BoostMarkedForGauge) == []
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Shoryuken", "Sweep"]
    assert d.zone(P1, Zone.HAND) == []
    assert _next(d) == P2


def test_ryu_overhead_now_strike_miss_boost_discarded() -> None:
    """Ryu, Overhead: if the attack misses, the boost is discarded at cleanup."""
    d = position(p1=dict(space=3, hand=["shoryuken", "sweep"]),
                 p2=dict(space=7, hand=["block"]))
    boost(d, "shoryuken")
    d.respond(P1, "sweep", "block")
    left = [e for e in d.events(ev.CardMoved) if e.src is Zone.BOOSTS]
    assert [(d.name(e.card), e.dst, e.reason) for e in left] == [
        ("Shoryuken", Zone.DISCARD, ev.MoveReason.CLEANUP)]
    assert d.zone(P1, Zone.DISCARD) == ["Shoryuken", "Sweep"]
    assert d.zone(P1, Zone.GAUGE) == []


# --- Tatsumaki Senpukyaku / Swift --------------------------------------------------


def test_ryu_tatsumaki_before_advance_advanced_through_add_attack_effect_gain_advantage() -> None:
    """Ryu, Tatsumaki Senpukyaku: before: advance 2, then [if advanced_through]
    add_attack_effect (hit: gain_advantage).

    Ryu jumps from 3 over Ken (4) to 6, hits at range 2 for 5 - 2 = 3 and so gains the
    advantage: he takes the next turn.
    """
    d = position(p1=dict(space=3, hand=["tatsumakisenpukyaku"]),
                 p2=dict(space=4, hand=["block"]))
    d.strike("tatsumakisenpukyaku", "block")
    assert d.space(P1) == 6
    assert [e.player for e in d.events(ev.AttackEffectAdded)] == [P1]
    assert d.life(P2) == 27
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


def test_ryu_tatsumaki_advance_not_advanced_through_no_advantage() -> None:
    """Ryu, Tatsumaki Senpukyaku: advancing without crossing (3 -> 5, Ken on 6) adds
    nothing: the hit gains no advantage and Ken takes the next turn."""
    d = position(p1=dict(space=3, hand=["tatsumakisenpukyaku"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("tatsumakisenpukyaku", "block")
    assert d.space(P1) == 5
    assert d.events(ev.AttackEffectAdded) == []
    assert d.life(P2) == 27
    assert d.events(ev.AdvantageGained) == []
    assert _next(d) == P2


def test_ryu_swift_during_strike_powerup_speedup() -> None:
    """Ryu, Tatsumaki's boost Swift (continuous): during_strike: powerup 1, then speedup 1.

    Cross (6 + 1) ties Ken's Grasp (7) and the initiator wins ties; 3 + 1 damage.
    """
    d = position(p1=dict(space=4, hand=["cross"], boosts=["tatsumakisenpukyaku"]),
                 p2=dict(space=5, hand=["grasp"]))
    d.strike("cross", "grasp")
    mods = [(e.player, e.stat, e.amount) for e in d.events(ev.StatModified)]
    assert mods == [(P1, Stat.POWER, 1), (P1, Stat.SPEED, 1)]
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P1, speed_p1=7, speed_p2=7)]
    assert d.life(P2) == 26
    assert d.space(P1) == 1
    assert d.life(P1) == 30


# --- Metsu Hadoken / Way of the Warrior --------------------------------------------


def test_ryu_metsu_hadoken_ultra_gauge_cost_after_choice_retreat() -> None:
    """Ryu, Metsu Hadoken (Ultra, 3 gauge): after: choice advance 1 | advance 2 |
    retreat 1 | retreat 2 | pass.

    Ryu pays 3 gauge, hits Block at range 3 for 7 - 2 = 5, then retreats 2.
    """
    d = position(p1=dict(space=3, hand=["metsuhadoken"], gauge=["grasp", "cross", "assault"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("metsuhadoken", "block")
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 3 and not request.optional
    d.pay("grasp", "cross", "assault")
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "advance 1", "advance 2", "retreat 1", "retreat 2", "pass"]
    d.choose("retreat 2")
    assert d.space(P1) == 1
    assert d.life(P2) == 25
    assert _reasons(d, ev.MoveReason.GAUGE_SPENT) == ["Grasp", "Cross", "Assault"]
    assert d.zone(P1, Zone.GAUGE) == ["Metsu Hadoken"]


def test_ryu_metsu_hadoken_after_choice_advance() -> None:
    """Ryu, Metsu Hadoken: the after choice can advance (3 -> 5 with Ken on 6)."""
    d = position(p1=dict(space=3, hand=["metsuhadoken"], gauge=["grasp", "cross", "assault"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("metsuhadoken", "block")
    d.pay("grasp", "cross", "assault")
    d.choose("advance 2")
    assert d.space(P1) == 5


def test_ryu_way_of_the_warrior_during_strike_powerup_speedup() -> None:
    """Ryu, Metsu Hadoken's boost Way of the Warrior (continuous, 1 force): during_strike:
    powerup 2, then speedup 2.

    Ryu boosts it paying Grasp; on Ken's turn Ken strikes with Grasp (7) and Ryu's Cross
    (6 + 2) goes first for 3 + 2 = 5, then retreats out of Grasp's range.
    """
    d = position(p1=dict(space=4, hand=["metsuhadoken", "grasp", "cross"], deck=["spike"]),
                 p2=dict(space=5, hand=["grasp"]))
    boost(d, "metsuhadoken", "grasp")
    assert _reasons(d, ev.MoveReason.FORCE) == ["Grasp"]
    assert d.zone(P1, Zone.BOOSTS) == ["Metsu Hadoken"]
    d.strike("grasp", "cross")
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P1, speed_p1=8, speed_p2=7)]
    assert d.life(P2) == 25
    assert d.life(P1) == 30
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Metsu Hadoken"]
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]


# --- Metsu Shoryuken / Lightning Reflexes ------------------------------------------


def test_ryu_metsu_shoryuken_ultra_not_initiated_strike_speedup() -> None:
    """Ryu, Metsu Shoryuken (Ultra, 4 gauge): during_strike: [if not_initiated_strike]
    speedup 3.

    Defending against Ken's Grasp (7), it is 8: it hits first for 7 and stuns Ken.
    """
    gauge = ["grasp", "cross", "assault", "dive"]
    d = position(p1=dict(space=4, hand=["metsushoryuken"], gauge=gauge),
                 p2=dict(space=5, hand=["grasp"]), active=P2)
    d.strike("grasp", "metsushoryuken")
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 4
    d.pay(*gauge)
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P1, speed_p1=8, speed_p2=7)]
    assert d.life(P2) == 23
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert d.zone(P1, Zone.GAUGE) == ["Metsu Shoryuken"]


def test_ryu_metsu_shoryuken_initiated_strike_no_speedup() -> None:
    """Ryu, Metsu Shoryuken: as the attacker it stays at speed 5 (Ken's Grasp first)."""
    gauge = ["grasp", "cross", "assault", "dive"]
    d = position(p1=dict(space=4, hand=["metsushoryuken"], gauge=gauge),
                 p2=dict(space=5, hand=["grasp"]))
    d.strike("metsushoryuken", "grasp")
    d.pay(*gauge)
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P2, speed_p1=5, speed_p2=7)]


@pytest.mark.parametrize(("option", "p1_space"), [("advance 2", 5), ("retreat 2", 1)])
def test_ryu_lightning_reflexes_immediate_choice_then_strike(option: str, p1_space: int) -> None:
    """Ryu, Metsu Shoryuken's boost Lightning Reflexes (immediate, 1 force): choice
    advance 2 | retreat 2; strike.

    Ryu pays Block as force, moves, and must strike at once; the boost is discarded.
    """
    d = position(p1=dict(space=3, hand=["metsushoryuken", "block", "spike"]),
                 p2=dict(space=6, hand=["block"]))
    boost(d, "metsushoryuken", "block")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["advance 2", "retreat 2"]
    d.choose(option)
    assert d.space(P1) == p1_space
    assert d.zone(P1, Zone.DISCARD) == ["Block", "Metsu Shoryuken"]
    assert [e.attacker for e in d.events(ev.StrikeStarted)] == [P1]
    d.respond(P1, "spike", "block")
    assert d.events(ev.StrikeEnded)


# --- character card ----------------------------------------------------------------


def test_ryu_ability_gauge_for_effect_critical() -> None:
    """Ryu, ability: set_strike: gauge_for_effect 1 -> critical.

    Right after setting, before Ken responds, Ryu may spend 1 gauge: the attack is
    Critical and the gauge card is discarded.
    """
    d = position(p1=dict(space=3, hand=["cross"], gauge=["grasp", "dive"]),
                 p2=dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "cross")
    request = d.expect(PayGaugeRequest, P1)
    assert request.optional and request.amount == 1
    d.pay("dive")
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    assert _reasons(d, ev.MoveReason.GAUGE_SPENT) == ["Dive"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    d.expect(SetAttackRequest, P2)


def test_ryu_ability_gauge_for_effect_critical_declined_or_unaffordable() -> None:
    """Ryu, ability: declining keeps the gauge; with no gauge nothing is asked."""
    d = position(p1=dict(space=3, hand=["cross"], gauge=["grasp"]),
                 p2=dict(space=7, hand=["block"]))
    d.strike("cross", "block", crit=(False, False))
    assert d.events(ev.AttackMadeCritical) == []
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    d = position(p1=dict(space=3, hand=["cross"]), p2=dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "cross")
    d.expect(SetAttackRequest, P2)


def test_ryu_ability_gauge_for_effect_critical_as_defender() -> None:
    """Ryu, ability: the defender is offered Critical after setting his response."""
    d = position(p1=dict(space=3, hand=["shoryuken"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "shoryuken", crit=(True, False))
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    assert d.space(P1) == 4  # Shoryuken's Critical close 1
    assert d.life(P2) == 28


def test_ryu_exceed_ability_gauge_for_effect_critical() -> None:
    """Ryu, exceed ability: set_strike: gauge_for_effect 1 -> critical (same as front)."""
    d = position(p1=dict(space=3, hand=["hadoken"], gauge=["grasp"], exceeded=True),
                 p2=dict(space=6, hand=["shoryuken"]))
    d.strike("hadoken", "shoryuken", crit=(True, False))
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 6


@pytest.mark.parametrize(("option", "p1_space"), [("advance 1", 5), ("retreat 1", 2)])
def test_ryu_character_action_choice_advance_retreat(option: str, p1_space: int) -> None:
    """Ryu, character action (default side), cost 0: choice advance 1 | retreat 1.

    Advancing 1 from 3 with Ken on 4 jumps over him to 5. Then the end-of-turn draw.
    """
    d = position(p1=dict(space=3, deck=["spike"]), p2=dict(space=4))
    d.act(CharacterAction(index=0))
    assert list(d.expect(ChoiceRequest, P1).labels) == ["advance 1", "retreat 1"]
    d.choose(option)
    assert d.space(P1) == p1_space
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2


def test_ryu_exceeded_character_action_choice_advance_retreat_then_draw() -> None:
    """Ryu, character action (exceeded side), cost 0: choice advance 1 | retreat 1, then
    draw 1 (plus the end-of-turn draw)."""
    d = position(p1=dict(space=3, exceeded=True, deck=["spike", "dive"]), p2=dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("retreat 1")
    assert d.space(P1) == 2
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive"]
    assert _next(d) == P2


def test_ryu_exceed_costs_two_gauge_and_flips_the_actions() -> None:
    """Ryu, Exceed (2 gauge): the gauge is spent, Ryu has no on_exceed hook, and from
    then on his character action draws too."""
    d = position(p1=dict(gauge=["grasp", "cross"], deck=["spike", "dive", "focus"]))
    d.act(Exceed())
    d.pay("grasp", "cross")
    assert d.p(P1).exceeded
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross"]
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2

