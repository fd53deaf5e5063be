"""Cammy: every attack and boost, her ability (her attacks reach an opponent she has
moved past, both sides) and her Exceed.

Card facts: roster.md, "Cammy". Cammy is P1 and Ryu P2; Ryu mostly answers with Block
(power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, ChoiceRequest, Exceed, Prepare
from engine.core.ids import Zone

CHARS = ("cammy", "ryu")


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- character ability ----------------------------------------------------------------


def test_cammy_ability_range_includes_if_moved_past_moved_past() -> None:
    """Cammy (ability): set_strike: add_attack_effect (during_strike:
    range_includes_if_moved_past).

    Her Dive jumps over Ryu (3 -> 7, Ryu on 4): at range 3 the range-1 Dive still hits,
    because she moved past him (5 - 2 armor).
    """
    d = position(p1=dict(space=3, hand=["dive"]), p2=dict(space=4, hand=["block"]),
                 chars=CHARS)
    d.strike("dive", "block")
    assert d.space(P1) == 7
    assert d.events(ev.AttackHit) == [ev.AttackHit(player=P1, distance=3)]
    assert d.life(P2) == 27


def test_cammy_ability_is_hers_alone() -> None:
    """The same Dive by Ryu (no such ability) misses Cammy at range 3."""
    d = position(p1=dict(space=4, hand=["block"]), p2=dict(space=3, hand=["dive"]),
                 chars=CHARS, active=P2)
    d.strike("dive", "block")
    assert d.space(P2) == 7
    assert d.events(ev.AttackMissed)[0] == ev.AttackMissed(
        player=P2, reason=ev.MissReason.OUT_OF_RANGE, distance=3)


def test_cammy_ability_moved_past_by_a_pull_counts() -> None:
    """Cammy (ability): being pulled past Ryu counts as moving past him (the rules: a
    pull moves you "as if advancing"). Ryu's Grasp pulls her from 3 over him to 5;
    her Spike (range 2-3) then hits him at range 1 (5 damage, ignoring armor)."""
    d = position(p1=dict(space=3, hand=["spike"]), p2=dict(space=4, hand=["grasp"]),
                 chars=CHARS, active=P2)
    d.strike("grasp", "spike")
    d.choose("pull 1")
    assert d.space(P1) == 5
    assert d.events(ev.AttackHit)[-1] == ev.AttackHit(player=P1, distance=1)
    assert d.life(P2) == 25


def test_cammy_exceed_ability_moved_past_powerup_gain_advantage() -> None:
    """Cammy (exceed ability): range_includes_if_moved_past, then add_attack_effect
    (hit: [if moved_past] powerup 1, then gain_advantage). The Dive over Ryu hits for
    5 + 1 - 2 and Cammy goes again."""
    d = position(p1=dict(space=3, hand=["dive"], exceeded=True),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("dive", "block")
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


def test_cammy_exceed_ability_not_moved_past_no_bonus() -> None:
    """Cammy (exceed ability): a hit without moving past gives neither bonus."""
    d = position(p1=dict(space=3, hand=["cross"], exceeded=True),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("cross", "block")
    assert d.life(P2) == 29
    assert _next(d) == P2


def test_cammy_exceed_pays_3_gauge() -> None:
    """Cammy (exceed cost 3): the Exceed action spends 3 gauge and flips her card."""
    d = position(p1=dict(gauge=["grasp", "cross", "dive"]), chars=CHARS)
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded
    assert _next(d) == P2


# --- Cannon Spike / Backflip ------------------------------------------------------------


@pytest.mark.parametrize(("option", "ryu_space"), [("push 3", 7), ("pull 3", 1)])
def test_cammy_cannon_spike_hit_choice_push_pull(option: str, ryu_space: int) -> None:
    """Cammy, Cannon Spike: hit: choice push 3 | pull 3 (a pull of 3 carries Ryu from 4
    over Cammy on 3 to the wall at 1)."""
    d = position(p1=dict(space=3, hand=["cannonspike"]), p2=dict(space=4, hand=["block"]),
                 chars=CHARS)
    d.strike("cannonspike", "block")
    d.choose(option)
    assert d.space(P2) == ryu_space
    assert d.life(P2) == 30


@pytest.mark.parametrize(("option", "space"), [("retreat 4", 1), ("retreat 1", 4), ("pass", 5)])
def test_cammy_backflip_choice_retreat(option: str, space: int) -> None:
    """Cammy, Cannon Spike's boost Backflip (immediate): choice retreat 1..4 | pass."""
    d = position(p1=dict(space=5, hand=["cannonspike"]), p2=dict(space=7), chars=CHARS)
    boost(d, "cannonspike")
    assert len(d.expect(ChoiceRequest, P1).labels) == 5
    d.choose(option)
    assert d.space(P1) == space
    assert _next(d) == P2


# --- Cannonball / Skip --------------------------------------------------------------------


def test_cammy_cannonball_advance_hit_pull_gain_advantage() -> None:
    """Cammy, Cannonball: before: advance 3; hit: pull 3, then gain_advantage.
    From 3 she advances to 6, hits Block for 3 and pulls Ryu from 7 to 3."""
    d = position(p1=dict(space=3, hand=["cannonball"]), p2=dict(space=7, hand=["block"]),
                 chars=CHARS)
    d.strike("cannonball", "block")
    assert d.space(P1) == 6
    assert d.space(P2) == 3
    assert d.life(P2) == 27
    assert _next(d) == P1


@pytest.mark.parametrize(("crit", "stunned"), [(True, [P2]), (False, [])])
def test_cammy_cannonball_is_critical_ignore_guard(crit: bool, stunned: list[object]) -> None:
    """Cammy, Cannonball: during_strike: [if is_critical] ignore_guard (3 damage through
    Block's armor then stuns it)."""
    d = position(p1=dict(space=3, hand=["cannonball"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("cannonball", "block", crit=(crit, False))
    assert [e.player for e in d.events(ev.PlayerStunned)] == stunned


def test_cammy_skip_speedup_set_end_of_turn_boost_delay_end_of_turn_add_to_gauge_immediately() -> None:
    """Cammy, Cannonball's boost Skip (continuous): during_strike: speedup 2; now:
    set_end_of_turn_boost_delay; end_of_turn: add_to_gauge_immediately.

    It survives the end of the turn it was played and goes to gauge at the end of
    Cammy's next turn (if no strike has discarded it).
    """
    d = position(p1=dict(hand=["cannonball"]), chars=CHARS)
    boost(d, "cannonball")
    assert d.zone(P1, Zone.BOOSTS) == ["Cannonball"]
    d.act(Prepare())  # Ryu
    assert d.zone(P1, Zone.BOOSTS) == ["Cannonball"]
    d.act(Prepare())  # Cammy
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Cannonball"]


def test_cammy_skip_during_strike_speedup() -> None:
    """Cammy, Skip in play: her Sweep (2) gets +2 speed; the strike discards Skip."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["cannonball"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("sweep", "block")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 4
    assert d.zone(P1, Zone.DISCARD) == ["Cannonball"]


# --- Dive Kick / Slide ----------------------------------------------------------------------


def test_cammy_dive_kick_before_advance_after_dodge_at_range() -> None:
    """Cammy, Dive Kick: before: advance 2; after: dodge_at_range 1-1.

    Faster than Ryu's Sweep, she advances to 5, hits for 4 (guard 6 holds), then
    dodges attacks from range 1: the Sweep misses.
    """
    d = position(p1=dict(space=3, hand=["divekick"]), p2=dict(space=6, hand=["sweep"]),
                 chars=CHARS)
    d.strike("divekick", "sweep")
    assert d.space(P1) == 5
    assert d.life(P2) == 26
    assert d.events(ev.AttackMissed) == [
        ev.AttackMissed(player=P2, reason=ev.MissReason.DODGED_AT_RANGE, distance=1)]
    assert d.life(P1) == 30


def test_cammy_slide_before_is_normal_attack_advance() -> None:
    """Cammy, Dive Kick's boost Slide (continuous): before: [if is_normal_attack]
    advance 3. Her Grasp gets from range 4 to Ryu; a Normal does not keep Slide."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["divekick"]),
                 p2=dict(space=7, hand=["block"]), chars=CHARS)
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.events(ev.PlayerMoved)[0] == ev.PlayerMoved(player=P1, src=3, dst=6)
    assert d.zone(P1, Zone.DISCARD) == ["Dive Kick"]


@pytest.mark.parametrize(("option", "boosts"), [("sustain this", ["Dive Kick"]), ("pass", [])])
def test_cammy_slide_cleanup_is_special_or_ultra_attack_choice_sustain_this(
    option: str, boosts: list[str]
) -> None:
    """Cammy, Slide: cleanup: [if is_special_or_ultra_attack] choice sustain_this | pass.
    With a Special (Cannon Spike) no advance, and she may keep Slide in play."""
    d = position(p1=dict(space=3, hand=["cannonspike"], boosts=["divekick"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("cannonspike", "block")
    d.choose("push 3")
    assert d.space(P1) == 3
    d.choose(option)
    assert d.zone(P1, Zone.BOOSTS) == boosts


# --- Razor's Edge Slicer / High Jump -------------------------------------------------------


@pytest.mark.parametrize(("distance", "missed"), [(3, False), (4, True), (5, True), (6, False)])
def test_cammy_razors_edge_is_critical_dodge_at_range_boundaries(
    distance: int, missed: bool
) -> None:
    """Cammy, Razor's Edge Slicer: during_strike: [if is_critical] dodge_at_range 4-5.

    Ryu's Hadoken (3-6) misses her from 4 and 5 (both ends inclusive), not from 3 or 6.
    """
    d = position(p1=dict(space=1, hand=["razorsedgeslicer"], gauge=["grasp"]),
                 p2=dict(space=1 + distance, hand=["hadoken"]), chars=CHARS, active=P2)
    d.strike("hadoken", "razorsedgeslicer", crit=(True, False))
    outcomes = [e for e in d.log if isinstance(e, ev.AttackHit | ev.AttackMissed)]
    ryus = next(e for e in outcomes if e.player == P2)
    if missed:
        assert ryus == ev.AttackMissed(
            player=P2, reason=ev.MissReason.DODGED_AT_RANGE, distance=distance)
    else:
        assert ryus == ev.AttackHit(player=P2, distance=distance)


@pytest.mark.parametrize(("start", "ryu_space", "end", "life"), [(5, 9, 8, 26), (1, 6, 5, 28)])
def test_cammy_razors_edge_advance_hit_opponent_at_edge_of_arena_powerup(
    start: int, ryu_space: int, end: int, life: int
) -> None:
    """Cammy, Razor's Edge Slicer: before: advance 4; hit: [if opponent_at_edge_of_arena]
    powerup 2 (4 + 2 - 2 against Block on space 9; 4 - 2 on space 6)."""
    d = position(p1=dict(space=start, hand=["razorsedgeslicer"]),
                 p2=dict(space=ryu_space, hand=["block"]), chars=CHARS)
    d.strike("razorsedgeslicer", "block")
    assert d.space(P1) == end
    assert d.life(P2) == life


@pytest.mark.parametrize(("option", "space"), [("retreat 3", 2), ("advance 3", 9)])
def test_cammy_high_jump_choice_retreat_advance(option: str, space: int) -> None:
    """Cammy, Razor's Edge's boost High Jump (immediate): choice retreat 3 | advance 3
    (advancing from 5 over Ryu on 7 lands on 9)."""
    d = position(p1=dict(space=5, hand=["razorsedgeslicer"]), p2=dict(space=7), chars=CHARS)
    boost(d, "razorsedgeslicer")
    d.choose(option)
    assert d.space(P1) == space


# --- Spiral Arrow / Ejection Kick --------------------------------------------------------


@pytest.mark.parametrize(("crit", "cammy_life", "ryu_life"), [(True, 28, 25), (False, 27, 30)])
def test_cammy_spiral_arrow_is_critical_armorup_guardup_before_advance(
    crit: bool, cammy_life: int, ryu_life: int
) -> None:
    """Cammy, Spiral Arrow: during_strike: [if is_critical] armorup 1, then guardup 4;
    before: advance 4.

    Ryu's Cross hits first for 3 (2 through the Critical armor, within guard 4) and
    retreats to 7; Spiral Arrow then advances 4 from 3 over him to 8 and hits. Without
    Critical the 3 damage stuns her (guard 0).
    """
    d = position(p1=dict(space=3, hand=["spiralarrow"], gauge=["grasp"]),
                 p2=dict(space=4, hand=["cross"]), chars=CHARS, active=P2)
    d.strike("cross", "spiralarrow", crit=(crit, False))
    assert d.life(P1) == cammy_life
    assert d.life(P2) == ryu_life
    if crit:
        assert d.space(P1) == 8


@pytest.mark.parametrize(("ryu_space", "after"), [(4, 7), (5, 5)])
def test_cammy_ejection_kick_range_push(ryu_space: int, after: int) -> None:
    """Cammy, Spiral Arrow's boost Ejection Kick (immediate): [if range 1] push 3."""
    d = position(p1=dict(space=3, hand=["spiralarrow"]), p2=dict(space=ryu_space),
                 chars=CHARS)
    boost(d, "spiralarrow")
    assert d.space(P2) == after


# --- CQC / Acrobatics ---------------------------------------------------------------------


def test_cammy_cqc_dodge_at_range_hit_push_or_pull_to_any_space() -> None:
    """Cammy, CQC (3 gauge): during_strike: dodge_at_range 1-1; hit:
    push_or_pull_to_any_space.

    Ryu's Grasp (7) misses from range 1; CQC hits for 6 (stunning him) and Cammy sends
    him anywhere but her space and his: here to space 9.
    """
    d = position(p1=dict(space=3, hand=["cqc"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=4, hand=["grasp"]), chars=CHARS)
    d.strike("cqc", "grasp")
    d.pay("grasp", "cross", "dive")
    assert d.events(ev.AttackMissed)[0].reason is ev.MissReason.DODGED_AT_RANGE
    labels = d.expect(ChoiceRequest, P1).labels
    assert list(labels) == [f"move opponent to space {s}" for s in (1, 2, 5, 6, 7, 8, 9)] + [
        "pass"]
    d.choose("space 9")
    assert d.space(P2) == 9
    assert d.life(P2) == 24


def test_cammy_cqc_push_or_pull_to_any_space_past_her() -> None:
    """Cammy, CQC: the chosen space may be on her other side (a pull past her)."""
    d = position(p1=dict(space=3, hand=["cqc"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("cqc", "block")
    d.pay("grasp", "cross", "dive")
    d.choose("space 1")
    assert d.space(P2) == 1


def test_cammy_acrobatics_dodge_at_range_set_end_of_turn_boost_delay() -> None:
    """Cammy, CQC's boost Acrobatics (continuous): during_strike: dodge_at_range 1-1;
    now: set_end_of_turn_boost_delay; end_of_turn: add_to_gauge_immediately.

    It stays in play through Ryu's turn; when he strikes at range 1 his Grasp misses.
    """
    d = position(p1=dict(space=3, hand=["cqc", "block"]), p2=dict(space=4, hand=["grasp"]),
                 chars=CHARS)
    boost(d, "cqc")
    assert d.zone(P1, Zone.BOOSTS) == ["CQC"]
    d.strike("grasp", "block")
    assert d.events(ev.AttackMissed)[0] == ev.AttackMissed(
        player=P2, reason=ev.MissReason.DODGED_AT_RANGE, distance=1)
    assert d.zone(P1, Zone.DISCARD) == ["CQC"]


# --- Gyro Driver Smasher / Hooligan Combination ---------------------------------------------


def test_cammy_gyro_drive_smasher_dodge_at_range_advance_pull_any_number_of_spaces_and_gain_power() -> None:
    """Cammy, Gyro Driver Smasher (2 gauge): during_strike: dodge_at_range 4-5; before:
    advance 8; hit: pull_any_number_of_spaces_and_gain_power.

    Ryu's Hadoken from range 4 misses. Cammy advances from 1 over Ryu to 9 (her ability
    lets the range-1 attack hit him at range 4), pulls him 3 (5 -> 8) and gains +3:
    5 + 3 = 8 damage.
    """
    d = position(p1=dict(space=1, hand=["gyrodrivesmasher"], gauge=["grasp", "cross"]),
                 p2=dict(space=5, hand=["hadoken"]), chars=CHARS, active=P2)
    d.strike("hadoken", "gyrodrivesmasher")
    d.pay("grasp", "cross")
    assert d.events(ev.AttackMissed)[0].reason is ev.MissReason.DODGED_AT_RANGE
    assert d.space(P1) == 9
    assert list(d.expect(ChoiceRequest, P1).labels) == ["pass", "pull 1", "pull 2", "pull 3"]
    d.choose("pull 3")
    assert d.space(P2) == 8
    assert d.events(ev.DamageDealt)[-1] == ev.DamageDealt(target=P2, amount=8, absorbed=0)


def test_cammy_pull_any_number_of_spaces_past_her_counts_spaces_moved() -> None:
    """pull_any_number_of_spaces_and_gain_power, against Zangief's Siberian Blizzard
    (set_mode opponent_cant_move_past): Cammy's advance 8 stops next to him (3 -> 4); she then
    pulls him 2 over herself (5 -> 2; her space is not counted, pulls are not blocked)
    and gains exactly 2: 5 + 2 = 7 damage, above his guard 6."""
    d = position(p1=dict(space=3, hand=["gyrodrivesmasher"], gauge=["grasp", "cross"]),
                 p2=dict(space=5, hand=["siberianblizzard"], gauge=["grasp", "cross", "dive"]),
                 chars=("cammy", "zangief"))
    d.strike("gyrodrivesmasher", "siberianblizzard")
    d.pay("grasp", "cross")
    d.pay("grasp", "cross", "dive")
    assert d.space(P1) == 4
    assert list(d.expect(ChoiceRequest, P1).labels) == ["pass", "pull 1", "pull 2", "pull 3"]
    d.choose("pull 2")
    assert d.space(P2) == 2
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=7, absorbed=0)]
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_cammy_pull_any_number_of_spaces_ignored_by_focus() -> None:
    """pull_any_number_of_spaces_and_gain_power: Ryu's Focus ignores pulls, so there is
    no choice and no power."""
    d = position(p1=dict(space=4, hand=["gyrodrivesmasher"], gauge=["grasp", "cross"]),
                 p2=dict(space=5, hand=["focus"]), chars=CHARS)
    d.strike("gyrodrivesmasher", "focus")
    d.pay("grasp", "cross")
    assert d.events(ev.DamageDealt)[0] == ev.DamageDealt(target=P2, amount=3, absorbed=2)
    assert d.space(P2) == 5


@pytest.mark.parametrize(("option", "space"), [("retreat 3", 2), ("pass", 5)])
def test_cammy_hooligan_combination_choice_retreat_strike(option: str, space: int) -> None:
    """Cammy, GDS's boost Hooligan Combination (immediate, 1 force): choice retreat
    1..3 | pass; strike."""
    d = position(p1=dict(space=5, hand=["gyrodrivesmasher", "cross", "dive"]),
                 p2=dict(space=7, hand=["block"]), chars=CHARS)
    boost(d, "gyrodrivesmasher", "dive")
    d.choose(option)
    assert d.space(P1) == space
    d.respond(P1, "cross", "block")
    assert d.zone(P1, Zone.DISCARD)[:2] == ["Dive", "Gyro Driver Smasher"]
