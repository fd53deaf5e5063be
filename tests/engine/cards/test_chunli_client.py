"""Chun-Li: situations of the reference client's ``test/unit/test_chunli.gd`` that our
Chun-Li tests (``test_chunli.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Chun-Li" and the ``standard`` normals. Chun-Li is P1, Ryu P2.
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import Prepare
from engine.core.ids import Zone

CHARS = ("chunli", "ryu")


def test_chunli_head_stomp_landing_next_to_the_opponent_misses_and_draws_nothing() -> None:
    """Chun-Li, Head Stomp (range "include the opponent if moved past"; hit: [if
    is_critical] powerup 1 + draw 1) (client: ``test_chunli_headstomp_miss``). A Critical
    Head Stomp from 1 against Ryu's Assault on 5: she advances 3 to 4, stops short of
    him, and misses (no draw); Assault then hits her for 4."""
    d = position(p1=dict(space=1, hand=["headstomp"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    hand_before = len(d.p(P1).hand)
    d.strike("headstomp", "assault", crit=(True, False))
    assert d.space(P1) == 4
    assert d.space(P2) == 5
    assert [e.reason for e in d.events(ev.AttackMissed) if e.player == P1] == [
        ev.MissReason.NO_RANGE]
    assert d.life(P1) == 26
    assert d.life(P2) == 30
    assert len(d.p(P1).hand) == hand_before - 1


def test_chunli_head_stomp_miss_with_defend_boost_in_play() -> None:
    """Chun-Li, Head Stomp missing with Spike's boost Defend (continuous: armorup 1,
    guardup 3) in play (client: ``test_chunli_headstomp_miss_even_with_boost``). She
    boosts Defend on 2 and takes her ability's "retreat 1" (to 1); Ryu prepares; her
    Critical Head Stomp lands on 4 and misses; Assault hits her for 4 - 1 armor."""
    d = position(p1=dict(space=2, hand=["spike", "headstomp"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    boost(d, "spike")
    d.choose("retreat 1")
    assert d.space(P1) == 1
    d.act(Prepare())
    d.strike("headstomp", "assault", crit=(True, False))
    assert d.space(P1) == 4
    assert d.life(P1) == 27
    assert d.life(P2) == 30


def test_chunli_spinning_bird_kick_and_dive_both_jump_past() -> None:
    """Chun-Li, Spinning Bird Kick (range 1-2, before: advance 3) against Dive (before:
    advance 3 + [if advanced_through] dodge_attacks) (client:
    ``test_chunli_spinning_bird_pass_miss``). Chun-Li on 4, Ryu on 5; tied at speed 4,
    she goes first and jumps to 8, 3 away from Ryu: she misses. Ryu's Dive then advances
    3 (6, 7, past her to 9) and hits her at range 1 for 5."""
    d = position(p1=dict(space=4, hand=["spinningbirdkick"]), p2=dict(space=5, hand=["dive"]),
                 chars=CHARS)
    d.strike("spinningbirdkick", "dive")
    assert d.space(P1) == 8
    assert d.space(P2) == 9
    assert d.life(P1) == 25
    assert d.life(P2) == 30


def test_chunli_spinning_bird_kick_short_of_dive_hits_without_a_choice() -> None:
    """Chun-Li, Spinning Bird Kick (client: ``test_chunli_spinning_bird_nopass``): from
    1 she advances to 4, next to Ryu on 5 (not past him: no push/pull choice) and hits
    his Dive for 5, stunning him (guard 0)."""
    d = position(p1=dict(space=1, hand=["spinningbirdkick"]), p2=dict(space=5, hand=["dive"]),
                 chars=CHARS)
    d.strike("spinningbirdkick", "dive")
    assert d.space(P1) == 4
    assert d.space(P2) == 5
    assert d.life(P2) == 25
    assert d.life(P1) == 30


def test_chunli_exceeded_range_per_boost_counts_boosts_played_this_game() -> None:
    """Chun-Li, exceed ability: "rangeup_per_boost_modifier 0/1" (+1 maximum range per
    continuous boost she has in play) (client: ``test_chunli_exceed_ua``). Exceeded on
    4 she boosts two Defends (Spike), retreating 1 after each (to 2); her Grasp (range 1)
    then reaches Ryu on 5 at range 3 and, first at speed 7, hits his Dive for 3 and
    pushes him 1."""
    d = position(p1=dict(space=4, hand=["spike", "spike", "grasp"], exceeded=True),
                 p2=dict(space=5, hand=["dive"]), chars=CHARS)
    boost(d, "spike")
    d.choose("retreat 1")
    d.act(Prepare())
    boost(d, "spike")
    d.choose("retreat 1")
    d.act(Prepare())
    assert d.space(P1) == 2
    d.strike("grasp", "dive")
    d.choose("push 1")
    assert d.space(P1) == 2
    assert d.space(P2) == 6
    assert d.life(P2) == 27
    assert d.life(P1) == 30


def test_chunli_critical_head_stomp_over_assault_draws() -> None:
    """Chun-Li, Head Stomp (client: ``test_chunli_headstomp``): Critical from 3 against
    Assault on 5, she jumps over to 7, hits at range 2 for 5 + 1 and draws 1."""
    d = position(p1=dict(space=3, hand=["headstomp", "grasp"], gauge=["cross"]),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    d.strike("headstomp", "assault", crit=(True, False))
    assert (d.space(P1), d.space(P2)) == (7, 5)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert len(d.zone(P1, Zone.HAND)) == 2


def test_chunli_ultra_parry_exactly_three_normals_no_reveal() -> None:
    """Chun-Li, Hosenka's boost Ultra Parry ("opponent_discard_normals_or_reveal 3")
    (client: ``test_chunli_ultra_parry_choose``): holding exactly three Normals and Head
    Stomp, P2 discards the three Normals and does not reveal his hand."""
    d = position(p1=dict(hand=["hosenka", "grasp", "cross"]),
                 p2=dict(hand=["sweep", "grasp", "spike", "headstomp"]), chars=("chunli", "chunli"))
    boost(d, "hosenka", "grasp", "cross")
    if d.pending is not None and d.pending.player == P2:
        d.discard(P2, "sweep", "grasp", "spike")
    assert d.zone(P2, Zone.HAND) == ["Head Stomp"]
    assert sorted(d.zone(P2, Zone.DISCARD)) == ["Grasp", "Spike", "Sweep"]
    assert d.events(ev.HandRevealed) == []
