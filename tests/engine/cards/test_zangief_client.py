"""Zangief: situations of the reference client's ``test/unit/test_zangief.gd`` that our
Zangief tests (``test_zangief.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Zangief" (his ability: "[if is_critical] ... [if range(amount=1)]
powerup 1 + speedup 1", exceeded powerup 3), Phonon's and Nine's cards for Intimidate.
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import Exceed, Prepare
from engine.core.ids import Zone


def test_zangief_mirror_both_critical_at_range_one() -> None:
    """Zangief's ability, both fighters Critical at range 1 (client:
    ``test_zangief_crit_power``). P1's Flying Power Bomb (6/2, Critical: stun immunity)
    on 6, P2's Atomic Suplex (4/6; hit: push 3; after: [if is_critical] close 3) on 7:
    both +1 power, +1 speed. Suplex (7) hits first for 5 and pushes P1 to 3; P2 closes
    3 to 4; Flying Power Bomb, stun-immune, hits for 7."""
    d = position(p1=dict(space=6, hand=["flyingpowerbomb"], gauge=["grasp"]),
                 p2=dict(space=7, hand=["atomicsuplex"], gauge=["grasp", "cross"]),
                 chars=("zangief", "zangief"))
    d.strike("flyingpowerbomb", "atomicsuplex", crit=(True, True))
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (25, 23)


def test_zangief_exceeded_critical_suplex_pulls_then_hits_for_seven() -> None:
    """Zangief exceeding (3 gauge; on_exceed: choice <pull 1 | pull 2 | pass>) and his
    exceed ability ("[if range(amount=1)] powerup 3 + speedup 1") (client:
    ``test_zangief_exceed_crit``). From 4 he pulls P2 2 (7 -> 5); on P2's turn P2's
    Cross (6) meets his Critical Atomic Suplex (7): it hits first for 7, pushes P2 3
    (to 8) and closes 3 (to 7); Cross, stunned, never hits."""
    d = position(p1=dict(space=4, hand=["atomicsuplex"], gauge=["grasp", "cross", "dive", "spike"]),
                 p2=dict(space=7, hand=["cross"]), chars=("zangief", "zangief"))
    d.act(Exceed())
    d.pay("cross", "dive", "spike")
    d.choose("pull 2")
    assert (d.space(P1), d.space(P2)) == (4, 5)
    d.strike("cross", "atomicsuplex", crit=(True, False))
    assert (d.space(P1), d.space(P2)) == (7, 8)
    assert (d.life(P1), d.life(P2)) == (30, 23)


def test_zangief_intimidate_range_three_matches_impulsive_frustration() -> None:
    """Zangief, Intimidate (name_range: "the opponent must discard a card whose range
    includes it") vs Phonon's Impulsive Frustration (range 2 to its power, 3) (client:
    ``test_zangief_flyingpowerbomb_boost_discard_3_with_X_eval``): naming 3 discards it."""
    d = position(p1=dict(hand=["flyingpowerbomb"]),
                 p2=dict(hand=["impulsivefrustration"]), chars=("zangief", "phonon"))
    boost(d, "flyingpowerbomb")
    d.choose("range 3")
    assert d.zone(P2, Zone.DISCARD) == ["Impulsive Frustration"]
    assert d.events(ev.HandRevealed) == []


def test_zangief_intimidate_range_four_misses_impulsive_frustration_despite_a_power_boost() -> None:
    """Zangief, Intimidate vs Impulsive Frustration with Phonon's Compounding Plots
    (during_strike: powerup 1) in play (client:
    ``test_zangief_flyingpowerbomb_boost_discard_4_with_X_eval_fails``): out of a
    strike the bonus does not apply, its range is 2-3, so naming 4 reveals her hand."""
    d = position(p1=dict(hand=["flyingpowerbomb"]),
                 p2=dict(hand=["impulsivefrustration"], boosts=["turningsatisfaction"]),
                 chars=("zangief", "phonon"))
    boost(d, "flyingpowerbomb")
    d.choose("range 4")
    assert d.zone(P2, Zone.DISCARD) == []
    (revealed,) = d.events(ev.HandRevealed)
    assert d.names(revealed.cards) == ["Impulsive Frustration"]


def test_zangief_intimidate_range_to_opponent_matches_kunzite() -> None:
    """Zangief, Intimidate vs Nine's Kunzite of Keep Breaker (range: the range to the
    opponent) (client: ``test_zangief_flyingpowerbomb_boost_discard_kunzite``): at
    range 2, naming 2 discards it."""
    d = position(p1=dict(space=1, hand=["flyingpowerbomb"]),
                 p2=dict(space=3, hand=["kunzite"]), chars=("zangief", "nine"))
    boost(d, "flyingpowerbomb")
    d.choose("range 2")
    assert d.zone(P2, Zone.DISCARD) == ["Kunzite of Keep Breaker"]


def test_zangief_intimidate_sweep_range_three() -> None:
    """Zangief, Intimidate (client: ``test_zangief_flyingpowerbomb_boost_discard_3``):
    Sweep (1-3) matches 3."""
    d = position(p1=dict(hand=["flyingpowerbomb"]), p2=dict(hand=["sweep"]),
                 chars=("zangief", "zangief"))
    boost(d, "flyingpowerbomb")
    d.choose("range 3")
    assert d.zone(P2, Zone.DISCARD) == ["Sweep"]
    d.act(Prepare())


def test_zangief_intimidate_x_matches_impulsive_frustration() -> None:
    """Zangief, Intimidate ("Name a range (0-9, X or no range)") vs Phonon's Impulsive
    Frustration, range 2~X (X: its power) (client:
    ``test_zangief_flyingpowerbomb_boost_discard_X``, "Range 2~X; Zangief calls X"):
    naming X discards it. The engine matched X only for Head Stomp's printed X and
    revealed her hand."""
    d = position(p1=dict(hand=["flyingpowerbomb"]),
                 p2=dict(hand=["impulsivefrustration"]), chars=("zangief", "phonon"))
    boost(d, "flyingpowerbomb")
    d.choose("range X")
    assert d.zone(P2, Zone.DISCARD) == ["Impulsive Frustration"]
    assert d.events(ev.HandRevealed) == []


def test_zangief_intimidate_x_matches_kunzite() -> None:
    """Zangief, Intimidate vs Nine's Kunzite of Keep Breaker, "Range X, where X is your
    range to the opponent" (the client's comment in
    ``test_zangief_flyingpowerbomb_boost_discard_kunzite``): naming X discards it."""
    d = position(p1=dict(space=1, hand=["flyingpowerbomb"]),
                 p2=dict(space=3, hand=["kunzite"]), chars=("zangief", "nine"))
    boost(d, "flyingpowerbomb")
    d.choose("range X")
    assert d.zone(P2, Zone.DISCARD) == ["Kunzite of Keep Breaker"]


def test_zangief_intimidate_another_number_misses_kunzite() -> None:
    """The same at range 2, naming 5: Kunzite's X is the range to the opponent, 2 now, so
    5 is not in it and Nine reveals her hand. The engine read Kunzite's range as every
    distance (1-8) and discarded it."""
    d = position(p1=dict(space=1, hand=["flyingpowerbomb"]),
                 p2=dict(space=3, hand=["kunzite"]), chars=("zangief", "nine"))
    boost(d, "flyingpowerbomb")
    d.choose("range 5")
    assert d.zone(P2, Zone.DISCARD) == []
    (revealed,) = d.events(ev.HandRevealed)
    assert d.names(revealed.cards) == ["Kunzite of Keep Breaker"]


def test_zangief_intimidate_x_matches_guidance_ascension() -> None:
    """Zangief, Intimidate vs Phonon's Guidance Ascension, whose range is its total
    power (roster.md: range ``TOTAL_POWER``, printed X): naming X discards it, as X
    does Impulsive Frustration's 2~X."""
    d = position(p1=dict(hand=["flyingpowerbomb"]),
                 p2=dict(hand=["guidanceascension"]), chars=("zangief", "phonon"))
    boost(d, "flyingpowerbomb")
    d.choose("range X")
    assert d.zone(P2, Zone.DISCARD) == ["Guidance Ascension"]
    assert d.events(ev.HandRevealed) == []
