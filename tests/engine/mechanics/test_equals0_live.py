"""Arakune's Equals 0 (If p, then q's continuous boost): ``during_strike: speedup -1,
dodge_at_range {special_range=OVERDRIVE_COUNT}`` (roster.md, Arakune; effects.md,
``dodge_at_range``: "``OVERDRIVE_COUNT`` range = overdrive size"). The reference client
notes only *that* the dodge is held (``dodge_at_range_late_calculate_with``) and counts
the overdrive area when the opponent's attack is checked for a hit, so a card put there
earlier in the strike counts: Arakune faster, his hit effects (f of g's ``hit:
choose_discard 3 to overdrive``, his ability's ``add_top_discard_to_overdrive``) resolve
before the opponent's hit check.

The engine counted the area once, as the boost's during-strike effect ran
(``DodgeAtRangeGained(low=count, high=count)``); it now notes the dodge
(``OverdriveCountDodgeGained``) and the BlazBlue mechanic's ``dodge_ranges`` hook gives
the count at the hit check. The boost leaving play mid-strike ends the dodge
(``OverdriveCountDodgeEnded``).

Positions: Arakune (P1) on 2 strikes with f of g (2 gauge, range 3-7, power 3, speed 3,
1 less with Equals 0) against Ryu's Sweep (range 1-3, power 6, speed 2, guard 6) from 3
spaces: the speeds tie at 2 and the initiator goes first; f of g hits (3 < 6 guard, no
stun), then Sweep is checked from range 3.
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ChoiceRequest, SelectCardsRequest
from engine.core.ids import Zone
from engine.text.notation import Transcript


def _fofg_vs_sweep(overdrive: list[str]) -> Driver:
    """Arakune on 2 (Equals 0 in play, ``overdrive`` in his overdrive area, Assault on
    his discard pile) strikes with f of g, paying Grasp and Cross from gauge (they go to
    his discard pile, Cross on top); Ryu on 5 answers with Sweep."""
    d = position(p1=dict(space=2, hand=["fofg"], gauge=["grasp", "cross"],
                         boosts=["ifpthenq"], overdrive=overdrive, discard=["assault"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("arakune", "ryu"))
    d.strike("fofg", "sweep")
    d.pay("grasp", "cross")
    return d


def _hit_effects(d: Driver, to_overdrive: tuple[str, ...], ability: str) -> None:
    """f of g's hit (``choose_discard`` 0..3 to overdrive: ``to_overdrive``), then his
    ability's choice (``ability``: "add top discard to overdrive" or "pass")."""
    d.expect(SelectCardsRequest, P1)
    d.select(P1, *to_overdrive)
    d.expect(ChoiceRequest, P1)
    d.choose(ability)


def _sweep(d: Driver) -> Any:
    """Ryu's attack's outcome: its AttackHit or AttackMissed event."""
    [outcome] = [e for e in d.events(ev.AttackHit) + d.events(ev.AttackMissed)
                 if e.player == P2]
    return outcome


def test_equals_0_count_grown_by_hit_dodges_from_the_new_count() -> None:
    """2 overdrive cards as the strike starts; f of g's hit puts Assault there (3). Ryu's
    Sweep from range 3, the count at its hit check, misses: Arakune keeps 30 life (the
    engine read 2, and Sweep hit him for 6)."""
    d = _fofg_vs_sweep(["dive", "spike"])
    _hit_effects(d, ("assault",), "pass")
    assert d.area(P1, "overdrive") == ["Dive", "Spike", "Assault"]
    outcome = _sweep(d)
    assert isinstance(outcome, ev.AttackMissed)
    assert (outcome.reason, outcome.distance) == (ev.MissReason.DODGED_AT_RANGE, 3)
    assert d.life(P1) == 30 and d.life(P2) == 27


def test_equals_0_count_grown_by_ability_old_count_no_longer_dodges() -> None:
    """3 overdrive cards as the strike starts; his ability's ``add_top_discard_to_
    overdrive`` puts Cross (the top of his discard pile) there (4). Sweep from range 3,
    the old count, now hits him for 6 (the engine read 3, and Sweep missed)."""
    d = _fofg_vs_sweep(["dive", "spike", "focus"])
    _hit_effects(d, (), "add top discard to overdrive")
    assert d.area(P1, "overdrive") == ["Dive", "Spike", "Focus", "Cross"]
    assert isinstance(_sweep(d), ev.AttackHit)
    assert d.life(P1) == 24


def test_equals_0_count_unchanged_dodges_as_before() -> None:
    """The count unchanged (3, nothing added): Sweep from range 3 misses, as before. The
    dodge is noted once, as ``OverdriveCountDodgeGained``, not as a fixed range."""
    d = _fofg_vs_sweep(["dive", "spike", "focus"])
    _hit_effects(d, (), "pass")
    assert len(d.area(P1, "overdrive")) == 3
    assert isinstance(_sweep(d), ev.AttackMissed)
    assert d.life(P1) == 30
    assert d.events(ev.OverdriveCountDodgeGained) == [ev.OverdriveCountDodgeGained(player=P1)]
    assert d.events(ev.DodgeAtRangeGained) == []


def test_equals_0_count_unchanged_other_range_hits() -> None:
    """The count unchanged at 2: Sweep from range 3 hits him for 6."""
    d = _fofg_vs_sweep(["dive", "spike"])
    _hit_effects(d, (), "pass")
    assert isinstance(_sweep(d), ev.AttackHit)
    assert d.life(P1) == 24


def _shuriken_vs_cross(boost_tech: bool) -> tuple[Driver, list[str]]:
    """Bang (P2, on 5) strikes Arakune (on 3, Equals 0 in play, 2 overdrive cards) with
    Bang-Style Shuriken (1F, range 1-4, power 1, speed 6; ``before: draw 1 + choice
    <boost_then_sustain from hand | pass>``), paying Cross; Arakune answers with Cross
    (speed 6 - 1). ``boost_tech``: Bang boosts Dive's Tech (``discard_continuous_boost
    1``, required), which discards Equals 0 before the Shuriken's hit check. Returns the
    driver and the strike's transcript lines."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["ifpthenq"],
                         overdrive=["dive", "spike"]),
                 p2=dict(space=5, hand=["bangstyleshuriken", "dive", "cross"]),
                 chars=("arakune", "bang"), active=P2)
    transcript = Transcript(d.state, CATALOG)
    d.strike("bangstyleshuriken", "cross")
    d.pay("cross")
    if boost_tech:
        d.choose("boost")
        d.select(P2, "dive")
    else:
        d.choose("pass")
    return d, [line for e in d.log if (line := transcript.feed(e)) is not None]


def test_equals_0_discarded_mid_strike_ends_the_dodge() -> None:
    """Tech discards Equals 0 in the Shuriken's before step: the dodge ends
    (``OverdriveCountDodgeEnded``, with its speed -1), and the Shuriken hits from range
    2, the overdrive count, for 1. The transcript says both (the count named as the
    dodge is gained)."""
    d, lines = _shuriken_vs_cross(boost_tech=True)
    assert ("p1 Arakune dodges attacks from a range equal to their overdrive count (now 2)"
            in lines)
    assert "p1 Arakune no longer dodges attacks from a range equal to their overdrive count" in lines
    assert "If p, then q" in d.zone(P1, Zone.DISCARD)
    assert d.events(ev.OverdriveCountDodgeEnded) == [ev.OverdriveCountDodgeEnded(player=P1)]
    assert [e.distance for e in d.events(ev.AttackHit) if e.player == P2] == [2]
    assert d.life(P1) == 29


def test_equals_0_kept_in_play_dodges_the_shuriken() -> None:
    """The control: Bang passes, Equals 0 stays in play and the Shuriken from range 2
    (the count) misses; nothing ends."""
    d, lines = _shuriken_vs_cross(boost_tech=False)
    assert d.events(ev.OverdriveCountDodgeEnded) == []
    assert not any("no longer dodges" in line for line in lines)
    assert [(e.reason, e.distance) for e in d.events(ev.AttackMissed) if e.player == P2] == [
        (ev.MissReason.DODGED_AT_RANGE, 2)]
    assert d.life(P1) == 30


def test_if_p_then_q_sent_to_overdrive_counts_at_the_opponents_later_hit_check() -> None:
    """If p, then q's ``after: choice add_strike_to_overdrive_after_cleanup | pass``: the
    attack leaves the strike for the overdrive area at once (reference effects.md: "Your
    attack leaves play into your overdrive"; the reference client's handler removes the
    attack immediately, ``handle_strike_attack_immediate_removal``, ``always_add_to_
    overdrive``), so it counts when the slower opponent's attack is checked. Arakune on 2
    (Equals 0 in play, 2 overdrive cards) strikes with If p, then q (speed 5, 4 with
    Equals 0) against Ryu's Sweep (speed 2) on 5: he passes his advance and misses from
    range 3, sends the attack to overdrive (3 cards), and Sweep from range 3 misses. The
    engine moved it at cleanup: the count was 2, and Sweep hit him for 6."""
    d = position(p1=dict(space=2, hand=["ifpthenq", "dive"], boosts=["ifpthenq"],
                         overdrive=["spike", "focus"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("arakune", "ryu"))
    d.strike("ifpthenq", "sweep")
    d.pay("dive")
    d.choose("pass")  # no advance: range 3, If p, then q (range 1) misses
    d.choose("add strike to overdrive after cleanup")
    outcome = _sweep(d)
    assert isinstance(outcome, ev.AttackMissed)
    assert (outcome.reason, outcome.distance) == (ev.MissReason.DODGED_AT_RANGE, 3)
    assert d.life(P1) == 30 and d.life(P2) == 30
    assert d.area(P1, "overdrive") == ["Spike", "Focus", "If p, then q"]
    # the other copy, Equals 0, is discarded with the boosts at cleanup
    assert d.zone(P1, Zone.DISCARD) == ["Dive", "If p, then q"]
    assert d.zone(P1, Zone.GAUGE) == []
