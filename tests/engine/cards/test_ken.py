"""Ken Masters: every attack and boost, his Critical ability (both sides), his character
actions and his ``on_exceed`` hook.

Card facts: roster.md, "Ken Masters". Here Ken is P1 and Ryu P2 (``KEN_VS_RYU``); Ryu
mostly answers with Block (power 0, armor 2, guard 3, never hits) so that Ken's card is
the only thing at work. A test's name contains the effect and condition tags it
exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

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
from engine.core.ids import Zone
from engine.core.state import Stat

KEN_VS_RYU = ("ken", "ryu")


def ken(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Any:
    """A position with Ken as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=KEN_VS_RYU, active=active)


def _next(d: Any) -> Any:
    return d.expect(ActionRequest).player


def _mods(d: Any) -> list[tuple[Any, Stat, int]]:
    return [(e.player, e.stat, e.amount) for e in d.events(ev.StatModified)]


def _reasons(d: Any, reason: ev.MoveReason) -> list[str]:
    return [d.name(e.card) for e in d.events(ev.CardMoved) if e.reason is reason]


# --- Axe Kick / Ki Charge ----------------------------------------------------------


def test_ken_axe_kick_before_close_during_strike_ignore_armor() -> None:
    """Ken, Axe Kick: before: close 1; during_strike: ignore_armor.

    Ken closes from 3 to 4 next to Ryu and deals all 5 through Block's armor (stun).
    """
    d = ken(dict(space=3, hand=["axekick"]), dict(space=5, hand=["block"]))
    d.strike("axekick", "block")
    assert d.space(P1) == 4
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=5, absorbed=0)]
    assert d.life(P2) == 25
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


@pytest.mark.parametrize("crit", [True, False])
def test_ken_axe_kick_ignore_armor_then_is_critical_speedup(crit: bool) -> None:
    """Ken, Axe Kick: during_strike: ignore_armor, then [if is_critical] speedup 2.

    Critical Axe Kick (4 + 2) ties Ryu's Cross (6) and wins as the initiator, hits for 5
    and stuns him. Without Critical, Cross goes first (3 damage) and retreats out of
    reach.
    """
    d = ken(dict(space=3, hand=["axekick"], gauge=["grasp"]), dict(space=4, hand=["cross"]))
    d.strike("axekick", "cross", crit=(crit, False))
    priority = d.events(ev.PriorityDetermined)[0]
    if crit:
        assert (priority.first, priority.speed_p1) == (P1, 6)
        assert d.life(P2) == 25
        assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    else:
        assert (priority.first, priority.speed_p1) == (P2, 4)
        assert d.life(P1) == 27
        assert d.life(P2) == 30
        assert d.space(P2) == 7


def test_ken_ki_charge_immediate_add_to_gauge_boost_play_cleanup() -> None:
    """Ken, Axe Kick's boost Ki Charge (immediate): add_to_gauge_boost_play_cleanup."""
    d = ken(dict(hand=["axekick"], deck=["spike"]), dict())
    boost(d, "axekick")
    assert d.zone(P1, Zone.GAUGE) == ["Axe Kick"]
    assert d.zone(P1, Zone.DISCARD) == []
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2


# --- Hadoken / Overpower -----------------------------------------------------------


@pytest.mark.parametrize(("crit", "ryu_life"), [(True, 26), (False, 28)])
def test_ken_hadoken_is_critical_powerup(crit: bool, ryu_life: int) -> None:
    """Ken, Hadoken: during_strike: [if is_critical] powerup 2 (6 or 4 power vs armor 2)."""
    d = ken(dict(space=3, hand=["hadoken"], gauge=["grasp"]), dict(space=6, hand=["block"]))
    d.strike("hadoken", "block", crit=(crit, False))
    d.choose("pass")
    assert d.life(P2) == ryu_life
    assert _mods(d) == ([(P1, Stat.POWER, 2)] if crit else [])


def test_ken_hadoken_after_hit_opponent_choice_return_attack_to_top_of_deck_add_top_discard_to_gauge() -> None:
    """Ken, Hadoken: after: [if hit_opponent] choice (return_attack_to_top_of_deck, then
    move_top_cards discard to gauge) | pass."""
    d = ken(dict(space=3, hand=["hadoken"], discard=["dive"]), dict(space=6, hand=["block"]))
    d.strike("hadoken", "block")
    d.choose("return attack")
    assert d.zone(P1, Zone.DECK)[0] == "Hadoken"
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
    assert d.zone(P1, Zone.DISCARD) == []


def test_ken_hadoken_not_hit_opponent_no_choice() -> None:
    """Ken, Hadoken: a miss (range 1 < 3) offers no choice and the card is discarded."""
    d = ken(dict(space=3, hand=["hadoken"]), dict(space=4, hand=["block"]))
    d.strike("hadoken", "block")
    assert _next(d) == P2
    assert d.zone(P1, Zone.DISCARD) == ["Hadoken"]


def test_ken_overpower_now_strike_during_strike_powerup() -> None:
    """Ken, Hadoken's boost Overpower (continuous): now: strike; during_strike: powerup 1.

    Ken strikes at once with Cross: 3 + 1 - 2 armor = 2 damage; the boost is discarded
    at cleanup and there is no end-of-turn draw.
    """
    d = ken(dict(space=4, hand=["hadoken", "cross"], deck=["spike"]),
            dict(space=5, hand=["block"]))
    boost(d, "hadoken")
    d.expect(SetAttackRequest, P1)
    d.respond(P1, "cross", "block")
    assert _mods(d) == [(P1, Stat.POWER, 1)]
    assert d.life(P2) == 28
    assert d.zone(P1, Zone.DISCARD) == ["Hadoken"]
    assert d.zone(P1, Zone.HAND) == []
    assert _next(d) == P2


# --- Knee Bash / Custom Combo ------------------------------------------------------


def test_ken_knee_bash_initiated_strike_rangeup() -> None:
    """Ken, Knee Bash: during_strike: [if initiated_strike] rangeup 0/1.

    As the attacker Knee Bash reaches range 3 and hits Block for 5 - 2 = 3.
    """
    d = ken(dict(space=3, hand=["kneebash"]), dict(space=6, hand=["block"]))
    d.strike("kneebash", "block")
    assert _mods(d) == [(P1, Stat.MAX_RANGE, 1)]
    assert d.life(P2) == 27


def test_ken_knee_bash_not_initiated_strike_no_rangeup() -> None:
    """Ken, Knee Bash: as the defender its range stays 1-2, so range 3 misses."""
    d = ken(dict(space=3, hand=["kneebash"]), dict(space=6, hand=["block"]), active=P2)
    d.strike("block", "kneebash")
    assert _mods(d) == []
    assert [(e.player, e.reason) for e in d.events(ev.AttackMissed)] == [
        (P1, ev.MissReason.OUT_OF_RANGE), (P2, ev.MissReason.DOES_NOT_HIT)]
    assert d.life(P2) == 30


@pytest.mark.parametrize(("crit", "ken_space", "ryu_life"), [(True, 5, 27), (False, 7, 30)])
def test_ken_knee_bash_is_critical_before_close(crit: bool, ken_space: int, ryu_life: int) -> None:
    """Ken, Knee Bash: before: [if is_critical] close 2. Defending at range 4, only the
    Critical Knee Bash closes to range 2 and hits."""
    d = ken(dict(space=7, hand=["kneebash"], gauge=["grasp"]), dict(space=3, hand=["block"]),
            active=P2)
    d.strike("block", "kneebash", crit=(crit, False))
    assert d.space(P1) == ken_space
    assert d.life(P2) == ryu_life


def test_ken_custom_combo_now_draw_then_hit_gain_advantage() -> None:
    """Ken, Knee Bash's boost Custom Combo (continuous): now: draw 2; hit: gain_advantage.

    Ken boosts it (2 cards, plus the end-of-turn draw). After Ryu's turn Ken strikes with
    Cross, hits, and so takes the next turn as well.
    """
    d = ken(dict(space=4, hand=["kneebash", "cross"], deck=["spike", "dive", "focus"]),
            dict(space=5, hand=["block"]))
    boost(d, "kneebash")
    assert d.zone(P1, Zone.HAND) == ["Cross", "Spike", "Dive", "Focus"]
    assert d.zone(P1, Zone.BOOSTS) == ["Knee Bash"]
    d.act(Prepare())  # Ryu's turn: he draws 2
    d.strike("cross", "block")
    d.decline()  # Ryu spends no force for armor on his Block
    assert d.life(P2) == 29
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.zone(P1, Zone.DISCARD) == ["Knee Bash"]
    assert _next(d) == P1


# --- Shoryuken / Burning Passion ---------------------------------------------------


def test_ken_shoryuken_initiated_strike_speedup() -> None:
    """Ken, Shoryuken: during_strike: [if initiated_strike] speedup 2.

    Attacking, Shoryuken (7) beats Ryu's Cross (6), hits for 4 and stuns him.
    """
    d = ken(dict(space=4, hand=["shoryuken"]), dict(space=5, hand=["cross"]))
    d.strike("shoryuken", "cross")
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P1, speed_p1=7, speed_p2=6)]
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]


def test_ken_shoryuken_not_initiated_strike_no_speedup() -> None:
    """Ken, Shoryuken: defending it stays at 5; Ryu's Cross hits (3 < guard 4, no stun)
    and retreats, so Shoryuken misses."""
    d = ken(dict(space=4, hand=["shoryuken"]), dict(space=5, hand=["cross"]), active=P2)
    d.strike("cross", "shoryuken")
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P2, speed_p1=5, speed_p2=6)]
    assert d.life(P1) == 27
    assert d.events(ev.PlayerStunned) == []
    assert d.life(P2) == 30


@pytest.mark.parametrize(("crit", "ken_space", "ryu_life"), [(True, 4, 28), (False, 3, 30)])
def test_ken_shoryuken_is_critical_before_close(crit: bool, ken_space: int, ryu_life: int) -> None:
    """Ken, Shoryuken: before: [if is_critical] close 1 (range 2 -> 1, 4 - 2 damage)."""
    d = ken(dict(space=3, hand=["shoryuken"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("shoryuken", "block", crit=(crit, False))
    assert d.space(P1) == ken_space
    assert d.life(P2) == ryu_life


def test_ken_burning_passion_now_draw() -> None:
    """Ken, Shoryuken's boost Burning Passion (continuous): now: draw 1 (plus the
    end-of-turn draw); the boost stays in play."""
    d = ken(dict(hand=["shoryuken"], deck=["spike", "dive"]), dict())
    boost(d, "shoryuken")
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive"]
    assert d.zone(P1, Zone.BOOSTS) == ["Shoryuken"]
    assert _next(d) == P2


def test_ken_burning_passion_during_strike_speedup() -> None:
    """Ken, Burning Passion: during_strike: speedup 1. Ken's Sweep (2 + 1) beats Ryu's
    Sweep (2) even though Ryu initiated."""
    d = ken(dict(space=4, hand=["sweep"], boosts=["shoryuken"]), dict(space=5, hand=["sweep"]),
            active=P2)
    d.strike("sweep", "sweep")
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P1, speed_p1=3, speed_p2=2)]
    assert d.life(P2) == 24
    assert d.life(P1) == 24


# --- Tatsumaki Senpukyaku / Quick Attack -------------------------------------------


def test_ken_tatsumaki_before_advance_advanced_through_add_attack_effect_ignore_guard() -> None:
    """Ken, Tatsumaki Senpukyaku: before: advance 2, then [if advanced_through]
    add_attack_effect (hit: ignore_guard).

    Ken jumps from 3 over Ryu (4) to 6 and hits for 5 - 2 = 3; with Block's guard 3
    ignored, 3 damage stuns, so Block never reaches its after and is discarded.
    """
    d = ken(dict(space=3, hand=["tatsumakisenpukyaku"]), dict(space=4, hand=["block"]))
    d.strike("tatsumakisenpukyaku", "block")
    assert d.space(P1) == 6
    assert [e.player for e in d.events(ev.AttackEffectAdded)] == [P1]
    assert d.life(P2) == 27
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P2, Zone.DISCARD) == ["Block"]


def test_ken_tatsumaki_advance_not_advanced_through_keeps_guard() -> None:
    """Ken, Tatsumaki Senpukyaku: without crossing (3 -> 5) the same 3 damage does not
    beat guard 3: Ryu is not stunned and Block goes to gauge."""
    d = ken(dict(space=3, hand=["tatsumakisenpukyaku"]), dict(space=6, hand=["block"]))
    d.strike("tatsumakisenpukyaku", "block")
    assert d.space(P1) == 5
    assert d.events(ev.AttackEffectAdded) == []
    assert d.life(P2) == 27
    assert d.events(ev.PlayerStunned) == []
    assert d.zone(P2, Zone.GAUGE) == ["Block"]


def test_ken_quick_attack_now_strike_during_strike_speedup() -> None:
    """Ken, Tatsumaki's boost Quick Attack (continuous): now: strike; during_strike:
    speedup 1.

    Ken strikes at once; his Cross (6 + 1) ties Ryu's Grasp (7) and wins as the
    initiator, hits for 3 and retreats out of Grasp's range.
    """
    d = ken(dict(space=4, hand=["tatsumakisenpukyaku", "cross"]),
            dict(space=5, hand=["grasp"]))
    boost(d, "tatsumakisenpukyaku")
    d.respond(P1, "cross", "grasp")
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P1, speed_p1=7, speed_p2=7)]
    assert d.life(P2) == 27
    assert d.life(P1) == 30
    assert d.zone(P1, Zone.DISCARD) == ["Tatsumaki Senpukyaku"]


# --- Guren Senpukyaku / True Master ------------------------------------------------


def test_ken_guren_ultra_before_advance_not_advanced_through_powerup() -> None:
    """Ken, Guren Senpukyaku (Ultra, 3 gauge): before: advance 2, then
    [if not_advanced_through] powerup 3.

    Advancing 3 -> 5 (Ryu on 6) does not cross: 5 + 3 power, 6 damage through Block.
    """
    gauge = ["grasp", "cross", "assault"]
    d = ken(dict(space=3, hand=["gurensenpukyaku"], gauge=gauge), dict(space=6, hand=["block"]))
    d.strike("gurensenpukyaku", "block")
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 3
    d.pay(*gauge)
    assert d.space(P1) == 5
    assert _mods(d) == [(P1, Stat.POWER, 3)]
    assert d.life(P2) == 24
    assert d.zone(P1, Zone.GAUGE) == ["Guren Senpukyaku"]


def test_ken_guren_advance_advanced_through_no_powerup() -> None:
    """Ken, Guren Senpukyaku: crossing (3 -> 6 over Ryu on 4) loses the bonus: 5 - 2."""
    gauge = ["grasp", "cross", "assault"]
    d = ken(dict(space=3, hand=["gurensenpukyaku"], gauge=gauge), dict(space=4, hand=["block"]))
    d.strike("gurensenpukyaku", "block")
    d.pay(*gauge)
    assert d.space(P1) == 6
    assert _mods(d) == []
    assert d.life(P2) == 27


def test_ken_true_master_during_strike_powerup_speedup() -> None:
    """Ken, Guren's boost True Master (continuous, 1 force): during_strike: powerup 2,
    then speedup 2.

    Ken boosts it paying Grasp. On Ryu's turn Ryu strikes with Grasp (7); Ken's Cross
    (6 + 2) goes first for 3 + 2 and retreats out of range.
    """
    d = ken(dict(space=4, hand=["gurensenpukyaku", "grasp", "cross"]),
            dict(space=5, hand=["grasp"]))
    boost(d, "gurensenpukyaku", "grasp")
    assert _reasons(d, ev.MoveReason.FORCE) == ["Grasp"]
    assert d.zone(P1, Zone.BOOSTS) == ["Guren Senpukyaku"]
    d.strike("grasp", "cross")
    assert _mods(d) == [(P1, Stat.POWER, 2), (P1, Stat.SPEED, 2)]
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.life(P2) == 25
    assert d.life(P1) == 30


# --- Shinryuken / Rushdown Style ---------------------------------------------------


def test_ken_shinryuken_ultra_initiated_strike_powerup() -> None:
    """Ken, Shinryuken (Ultra, 4 gauge): during_strike: [if initiated_strike] powerup 4.

    Attacking: 7 + 4 - 2 armor = 9 damage.
    """
    gauge = ["grasp", "cross", "assault", "dive"]
    d = ken(dict(space=4, hand=["shinryuken"], gauge=gauge), dict(space=5, hand=["block"]))
    d.strike("shinryuken", "block")
    d.pay(*gauge)
    assert _mods(d) == [(P1, Stat.POWER, 4)]
    assert d.life(P2) == 21


def test_ken_shinryuken_not_initiated_strike_no_powerup() -> None:
    """Ken, Shinryuken: defending there is no bonus: 7 - 2 = 5 damage."""
    gauge = ["grasp", "cross", "assault", "dive"]
    d = ken(dict(space=4, hand=["shinryuken"], gauge=gauge), dict(space=5, hand=["block"]),
            active=P2)
    d.strike("block", "shinryuken")
    d.pay(*gauge)
    assert _mods(d) == []
    assert d.life(P2) == 25


def test_ken_rushdown_style_immediate_close_then_strike() -> None:
    """Ken, Shinryuken's boost Rushdown Style (immediate, 1 force): close 3; strike.

    Ken pays Grasp, closes from 3 to 6 (Ryu on 7) and strikes at once with Cross.
    """
    d = ken(dict(space=3, hand=["shinryuken", "grasp", "cross"]),
            dict(space=7, hand=["block"]))
    boost(d, "shinryuken", "grasp")
    assert d.space(P1) == 6
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Shinryuken"]
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 3  # Cross's retreat 3
    assert _next(d) == P2


# --- character card ----------------------------------------------------------------


def test_ken_ability_gauge_for_effect_critical() -> None:
    """Ken, ability: set_strike: gauge_for_effect 1 -> critical, offered right after
    setting and before Ryu responds."""
    d = ken(dict(space=3, hand=["hadoken"], gauge=["grasp"]), dict(space=6, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "hadoken")
    request = d.expect(PayGaugeRequest, P1)
    assert request.optional and request.amount == 1
    d.pay("grasp")
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    assert _reasons(d, ev.MoveReason.GAUGE_SPENT) == ["Grasp"]
    d.expect(SetAttackRequest, P2)


def test_ken_exceed_ability_gauge_for_effect_critical() -> None:
    """Ken, exceed ability: set_strike: gauge_for_effect 1 -> critical (as the front)."""
    d = ken(dict(space=3, hand=["hadoken"], gauge=["grasp"], exceeded=True),
            dict(space=6, hand=["block"]))
    d.strike("hadoken", "block", crit=(True, False))
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    d.choose("pass")
    assert d.life(P2) == 26


def test_ken_character_action_close_then_draw() -> None:
    """Ken, character action (default side), cost 0: close 1, then draw 1."""
    d = ken(dict(space=3, deck=["spike", "dive"]), dict(space=7))
    d.act(CharacterAction(index=0))
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive"]
    assert _next(d) == P2


def test_ken_exceeded_character_action_close_draw_choice_strike() -> None:
    """Ken, character action (exceeded side), cost 0: close 1, then draw 1, then choice
    strike | pass. Choosing strike starts a strike at once (no end-of-turn draw)."""
    d = ken(dict(space=3, hand=["cross"], exceeded=True, deck=["spike", "dive"]),
            dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Cross", "Spike"]
    assert list(d.expect(ChoiceRequest, P1).labels) == ["strike", "pass"]
    d.choose("strike")
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2


def test_ken_exceeded_character_action_choice_pass() -> None:
    """Ken, exceeded character action: choosing pass ends the turn with its draw."""
    d = ken(dict(space=3, exceeded=True, deck=["spike", "dive"]), dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("pass")
    assert d.events(ev.StrikeStarted) == []
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive"]
    assert _next(d) == P2


@pytest.mark.parametrize(("option", "ken_space"), [("close 1", 4), ("close 2", 5), ("pass", 3)])
def test_ken_on_exceed_draw_then_choice_close_pass(option: str, ken_space: int) -> None:
    """Ken, on_exceed hook: draw 1, then choice close 1 | close 2 | pass.

    Ken pays 3 gauge to Exceed, draws, closes as chosen, then draws for the end of turn.
    """
    d = ken(dict(space=3, gauge=["grasp", "cross", "dive"], deck=["spike", "focus"]),
            dict(space=7))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert list(d.expect(ChoiceRequest, P1).labels) == ["close 1", "close 2", "pass"]
    d.choose(option)
    assert d.space(P1) == ken_space
    assert d.zone(P1, Zone.HAND) == ["Spike", "Focus"]
    assert _next(d) == P2
