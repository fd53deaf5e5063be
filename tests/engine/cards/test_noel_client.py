"""Noel: situations of the reference client's ``test/unit/test_noel.gd`` that our Noel
tests (``test_noel.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Noel Vermillion", and the ``standard`` normals. As in the
client's tests, P2 is Noel too (answering with ``standard`` normals, never initiating,
so her ability asks nothing).
"""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import PayGaugeRequest, Strike
from engine.core.ids import Zone

CHARS = ("noel", "noel")


def _overdrive_turn_start(d: Driver) -> None:
    """Exceeded Noel's turn start: one overdrive card (Focus) is discarded and her
    overdrive effect (roster.md, hook ``overdrive: choice <close 1 | retreat 1>``; "an
    effect that happens when you lose gauge from Overdrive", BlazBlue rulebook) runs:
    she retreats 4 -> 3, where the client's test has her. (The client sets her exceeded
    with an empty overdrive area; here she would revert at once.)"""
    d.select(P1, "focus")
    d.choose("retreat 1")
    assert d.space(P1) == 3 and d.p(P1).exceeded


def test_noel_declines_her_speed_gauge_and_assault_stuns_her_dive() -> None:
    """Her ability (``set_strike: [if initiated_strike] gauge_for_effect 1: speedup 1``)
    declined: Dive (speed 4) is slower than Assault (5) (client:
    ``test_noel_gets_hit``): Assault closes 6 -> 4 and hits her for 4, stunning her
    (guard 0): Dive never advances."""
    d = position(p1=dict(space=3, hand=["dive"], gauge=["cross"]),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "dive")
    request = d.expect(PayGaugeRequest, P1)
    assert request.optional
    d.decline()
    d.set_attack(P2, "assault")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]


def test_noel_pays_her_speed_gauge_dive_wins_the_tie_and_passes_through() -> None:
    """The same, paying the gauge (client: ``test_noel_character_ability``): Dive at
    speed 5 ties Assault and, as initiator, goes first: it advances 3 -> 7 past P2 on 6
    (``[if advanced_through] dodge_attacks``) and hits for 5; P2 is stunned."""
    d = position(p1=dict(space=3, hand=["dive"], gauge=["cross"]),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "dive")
    d.pay("cross")
    d.set_attack(P2, "assault")
    assert (d.space(P1), d.space(P2)) == (7, 6)
    assert (d.life(P1), d.life(P2)) == (30, 25)


def test_noel_exceeded_dive_speed_and_advantage_on_the_hit() -> None:
    """Exceeded (after her turn start; exceed ability ``set_strike: [if initiated_strike] speedup 1 +
    add_attack_effect (hit: gain_advantage)``; client: ``test_noel_exceeded_ability``):
    no gauge asked; Dive goes first at speed 5, passes P2 to 7, hits for 5 and she gains
    the advantage."""
    d = position(p1=dict(space=4, exceeded=True, overdrive=["focus", "sweep"], hand=["dive"],
                         gauge=["cross"]),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    _overdrive_turn_start(d)
    d.strike("dive", "assault")
    assert (d.space(P1), d.space(P2)) == (7, 6)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.zone(P1, Zone.GAUGE) == ["Cross", "Dive"]  # no gauge was asked


def test_noel_exceeded_spike_misses_no_advantage() -> None:
    """Exceeded, Spike (speed 3+1 = 4) against Assault (client:
    ``test_noel_exceeded_loses``): Assault closes 6 -> 4 and hits for 4 (Spike's guard 4
    holds); Spike (range 2-3) misses at range 1, so the added ``hit: gain_advantage``
    does not happen: P2 acts next."""
    d = position(p1=dict(space=4, exceeded=True, overdrive=["focus", "sweep"],
                         hand=["spike"]),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    _overdrive_turn_start(d)
    d.strike("spike", "assault")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P2]


def test_noel_optic_barrel_raised_min_range_misses_then_advances_past() -> None:
    """Optic Barrel (range 2-3, speed 3: ``before: force_for_effect 1: rangeup 1/2``;
    ``after: advance 2 | pass``) against Spike from range 2 (client:
    ``test_noel_optic_barrel_minrange``): tied at speed 3 she goes first; the force makes
    her range 3-5, which misses at range 2; she advances 3 -> 6 past P2 on 5; Spike
    (range 2-3) then misses from range 1."""
    d = position(p1=dict(space=3, hand=["opticbarrel", "assault"]),
                 p2=dict(space=5, hand=["spike"]), chars=CHARS)
    d.strike("opticbarrel", "spike")
    d.pay("assault")
    d.choose("advance 2")
    assert (d.space(P1), d.space(P2)) == (6, 5)
    assert (d.life(P1), d.life(P2)) == (30, 30)
