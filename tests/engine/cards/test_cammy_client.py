"""Cammy: situations of the reference client's ``test/unit/test_cammy.gd`` that our
Cammy tests (``test_cammy.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Cammy" and the ``standard`` normals. As in the client's tests
both fighters are Cammy (so P2's attacks also reach a fighter she moved past), except
in the last test.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import Prepare
from engine.core.ids import Zone

CHARS = ("cammy", "cammy")


def test_cammy_critical_spiral_arrow_armor_and_guard_then_past() -> None:
    """Cammy, Spiral Arrow: "[if is_critical] armorup 1 + guardup 4; before: advance 4"
    (client: ``test_cammy_crit_spiral_arrow``). P1 on 3, P2's Assault (5, faster than 4)
    closes to 4 and hits for 4 - 1 armor = 3, not above guard 4; Spiral Arrow then
    advances 4 over P2 (5, 6, 7, 8) and hits him from range 4 (her ability: "range
    includes if moved past") for 5."""
    d = position(p1=dict(space=3, hand=["spiralarrow"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    d.strike("spiralarrow", "assault", crit=(True, False))
    assert (d.space(P1), d.space(P2)) == (8, 4)
    assert (d.life(P1), d.life(P2)) == (27, 25)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]  # not P1: 3 <= guard 4


@pytest.mark.parametrize(("exceeded", "p2_life", "advantage"),
                         [(False, 25, []), (True, 24, [P1])])
def test_cammy_dive_over_the_opponent(exceeded: bool, p2_life: int,
                                      advantage: list[object]) -> None:
    """Cammy's ability on Dive (client: ``test_cammy_ua_dive``,
    ``test_cammy_exceeded_ua_dive``): Dive advances 3 from 3 over P2 (4) to 7 and hits
    him at range 3 for 5, dodging his Sweep; exceeded, having moved past adds "powerup 1
    + gain_advantage"."""
    d = position(p1=dict(space=3, hand=["dive"], exceeded=exceeded),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.strike("dive", "sweep")
    assert (d.space(P1), d.space(P2)) == (7, 4)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
    assert [e.player for e in d.events(ev.AdvantageGained)] == advantage


@pytest.mark.parametrize("exceeded", [False, True])
def test_cammy_spike_without_moving_gets_no_bonus(exceeded: bool) -> None:
    """Cammy's exceed bonus needs "moved_past" (client: ``test_cammy_standard_spike``,
    ``test_cammy_exceeded_standard_spike``): Spike from 3 hits P2's Sweep on 5 for 5
    either way (guard ignored)."""
    d = position(p1=dict(space=3, hand=["spike"], exceeded=exceeded),
                 p2=dict(space=5, hand=["sweep"]), chars=CHARS)
    d.strike("spike", "sweep")
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.events(ev.AdvantageGained) == []


@pytest.mark.parametrize(("exceeded", "p2_life", "advantage"),
                         [(False, 27, []), (True, 26, [P1])])
def test_cammy_slide_grasp_over_the_opponent(exceeded: bool, p2_life: int,
                                             advantage: list[object]) -> None:
    """Cammy, Dive Kick's boost Slide: "before: [if is_normal_attack] advance 3"
    (client: ``test_cammy_slide_grasp``, ``test_cammy_exceeded_slide_grasp``). With
    Slide in play, her Grasp from 3 advances over P2 (5) to 7, hits for 3 and pushes him
    2 (to 3); his Sweep (range 1-3) then misses at range 4."""
    d = position(p1=dict(space=3, hand=["divekick", "grasp"], exceeded=exceeded),
                 p2=dict(space=5, hand=["sweep"]), chars=CHARS)
    boost(d, "divekick")
    d.act(Prepare())
    d.strike("grasp", "sweep")
    d.choose("push 2")
    assert (d.space(P1), d.space(P2)) == (7, 3)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
    assert [e.player for e in d.events(ev.AdvantageGained)] == advantage


def test_cammy_slide_sustained_after_a_special() -> None:
    """Cammy, Slide: "cleanup: [if is_special_or_ultra_attack] choice <sustain_this |
    pass>" (client: ``test_cammy_slide_specials``). Spiral Arrow (a special: no Slide
    advance) goes 4 from 1 over P2 (2) to 6 and hits for 5; at cleanup she keeps
    Slide in play."""
    d = position(p1=dict(space=1, hand=["divekick", "spiralarrow"]),
                 p2=dict(space=2, hand=["sweep"]), chars=CHARS)
    boost(d, "divekick")
    d.act(Prepare())
    d.strike("spiralarrow", "sweep")
    d.choose("sustain")
    assert (d.space(P1), d.space(P2)) == (6, 2)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.BOOSTS) == ["Dive Kick"]


@pytest.mark.parametrize(("exceeded", "p2_life"), [(False, 19), (True, 18)])
def test_cammy_gyro_driver_smasher_pulls_six(exceeded: bool, p2_life: int) -> None:
    """Cammy, Gyro Driver Smasher (2 gauge; before: advance 8; hit:
    pull_any_number_of_spaces_and_gain_power) with Critical (client:
    ``test_cammy_gds_vs_sweep``, ``test_cammy_exceeded_gds_vs_sweep``). From 1 over P2
    (2) to 9; she pulls him 6 (to 8) for +6: 5 + 6 = 11 (+1 exceeded, moved past)."""
    d = position(p1=dict(space=1, hand=["gyrodrivesmasher"], gauge=["grasp", "cross", "dive"],
                         exceeded=exceeded),
                 p2=dict(space=2, hand=["sweep"]), chars=CHARS)
    d.strike("gyrodrivesmasher", "sweep", crit=(True, False))
    d.pay("cross", "dive")
    d.choose("pull 6")
    assert (d.space(P1), d.space(P2)) == (9, 8)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)


@pytest.mark.parametrize(("exceeded", "p2_life"), [(False, 27), (True, 26)])
def test_cammy_gyro_driver_smasher_against_focus(exceeded: bool, p2_life: int) -> None:
    """Cammy, Gyro Driver Smasher against Focus ("ignore_push_and_pull") (client:
    ``test_cammy_gds_vs_focus``, ``test_cammy_exceeded_gds_vs_focus``): no pull, no
    power: 5 (+1 exceeded) - 2 armor."""
    d = position(p1=dict(space=1, hand=["gyrodrivesmasher"], gauge=["grasp", "cross", "dive"],
                         exceeded=exceeded),
                 p2=dict(space=2, hand=["focus"]), chars=CHARS)
    d.strike("gyrodrivesmasher", "focus", crit=(True, False))
    d.pay("cross", "dive")
    assert (d.space(P1), d.space(P2)) == (9, 2)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)


def test_cammy_cqc_dodges_grasp_and_sends_to_the_far_edge() -> None:
    """Cammy, CQC (client: ``test_cammy_cqc_vs_grasp``): P2's Grasp at range 1 misses
    (dodge_at_range 1); CQC hits for 6 and moves him to space 9."""
    d = position(p1=dict(space=1, hand=["cqc"], gauge=["grasp", "cross", "dive", "spike"]),
                 p2=dict(space=2, hand=["grasp"]), chars=CHARS)
    d.strike("cqc", "grasp", crit=(True, False))
    d.pay("cross", "dive", "spike")
    d.choose("space 9")
    assert (d.space(P1), d.space(P2)) == (1, 9)
    assert (d.life(P1), d.life(P2)) == (30, 24)


def test_cammy_cqc_does_not_dodge_spike_at_range_two() -> None:
    """Cammy, CQC dodges range 1 only (client: ``test_cammy_cqc_vs_spike``): P2's Spike
    (3) from range 2 hits first for 5 and stuns her; CQC never hits."""
    d = position(p1=dict(space=1, hand=["cqc"], gauge=["grasp", "cross", "dive", "spike"]),
                 p2=dict(space=3, hand=["spike"]), chars=CHARS)
    d.strike("cqc", "spike", crit=(True, False))
    d.pay("cross", "dive", "spike")
    assert (d.space(P1), d.space(P2)) == (1, 3)
    assert (d.life(P1), d.life(P2)) == (25, 30)


def test_cammy_cqc_against_focus_cannot_move_it() -> None:
    """Cammy, CQC against Focus (client: ``test_cammy_cqc_vs_focus``): 6 - 2 armor, and
    Focus ignores the move to any space."""
    d = position(p1=dict(space=1, hand=["cqc"], gauge=["grasp", "cross", "dive", "spike"]),
                 p2=dict(space=2, hand=["focus"]), chars=CHARS)
    d.strike("cqc", "focus", crit=(True, False))
    d.pay("cross", "dive", "spike")
    if d.pending is not None and type(d.pending).__name__ == "ChoiceRequest":
        d.choose("space 8")
    assert (d.space(P1), d.space(P2)) == (1, 2)
    assert (d.life(P1), d.life(P2)) == (30, 26)


def test_cammy_two_dodge_ranges_at_once() -> None:
    """Cammy, Acrobatics (CQC's boost: dodge_at_range 1) in play together with a Critical
    Razor's Edge Slicer ("[if is_critical] dodge_at_range 4-5") (client:
    ``test_cammy_double_range_dodge``): Ryu's Hadoken (range 3-6) from 4 misses; Razor's
    Edge advances 4 from 3 over Ryu (7) to 8 and hits him for 4."""
    d = position(p1=dict(space=3, hand=["cqc", "razorsedgeslicer"], gauge=["grasp"]),
                 p2=dict(space=7, hand=["hadoken"]), chars=("cammy", "ryu"))
    boost(d, "cqc")
    d.act(Prepare())
    d.strike("razorsedgeslicer", "hadoken", crit=(True, False))
    assert [e.reason for e in d.events(ev.AttackMissed)] == [ev.MissReason.DODGED_AT_RANGE]
    assert (d.space(P1), d.space(P2)) == (8, 7)
    assert (d.life(P1), d.life(P2)) == (30, 26)
