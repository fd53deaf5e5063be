"""Arakune: situations of the reference client's ``test/unit/test_arakune.gd`` that our
Arakune tests (``test_arakune.py``, ``test_card_audit_bb3.py``,
``tests/engine/mechanics/test_equals0_live.py``) did not pin, written with our scenario
builder.

Card facts: roster.md, "Arakune", and the ``standard`` normals. As in the client's
tests, P2 is Arakune too (answering with ``standard`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import NameCard, Prepare
from engine.core.ids import Zone

CHARS = ("arakune", "arakune")


def test_arakune_disjoint_union_stuns_ability_then_after_two_discards_to_overdrive() -> None:
    """Disjoint Union (range 4; ``before: [if range 1] push 3 | push 4 | pass``; ``after:
    [if opponent_stunned] add_top_discard_to_overdrive``) and his ability (``hit: [if
    is_special_or_ultra_attack] ... choice <add_top_discard_to_overdrive | pass>``)
    against Assault, tied at speed 5 (client:
    ``test_arakune_ability_disjointunion_stunned``): he pushes 4 -> 7, hits for 3 and
    stuns (guard 0); the hit puts his top discard (Spike) into overdrive, then the after
    the next one (Dive), in that order; Assault never resolves."""
    d = position(p1=dict(space=3, hand=["disjointunion"], discard=["cross", "dive", "spike"]),
                 p2=dict(space=4, hand=["assault"]), chars=CHARS)
    d.strike("disjointunion", "assault")
    d.choose("push 3")
    assert d.space(P2) == 7
    d.choose("add top discard to overdrive")
    assert d.area(P1, "overdrive") == ["Spike", "Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.zone(P1, Zone.GAUGE) == ["Disjoint Union"]


def test_arakune_disjoint_union_not_stunned_only_the_ability_adds() -> None:
    """The same against Sweep (guard 6; client:
    ``test_arakune_ability_disjointunion_notstunned``): 3 damage does not stun, so only
    the ability's pick (Spike) goes into overdrive; Sweep (range 1-3) misses from 4."""
    d = position(p1=dict(space=3, hand=["disjointunion"], discard=["cross", "dive", "spike"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.strike("disjointunion", "sweep")
    d.choose("push 3")
    d.choose("add top discard to overdrive")
    assert d.area(P1, "overdrive") == ["Spike"]
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 27)


def test_arakune_if_p_then_q_advance_stops_at_the_edge_hit_for_0_feeds_overdrive() -> None:
    """If p, then q (1 force, range 1, power 0, speed 5: ``set_total_power 0,
    higher_speed_misses``; ``before: advance 3 | pass``; ``after: choice
    add_strike_to_overdrive_after_cleanup | pass``) against Cross (speed 6) with P2 on 1
    (client: ``test_arakune_ifpthenq_go_to_overdrive``): Cross misses (faster), its
    retreat is stopped by the edge; Arakune advances 3 -> 2 (nowhere past P2), hits for
    0; the ability puts his force card (Dive, top discard) into overdrive, and at
    cleanup the attack follows it."""
    d = position(p1=dict(space=3, hand=["ifpthenq", "dive"]),
                 p2=dict(space=1, hand=["cross"]), chars=CHARS)
    d.strike("ifpthenq", "cross")
    d.pay("dive")
    d.choose("advance 3")
    d.choose("add top discard to overdrive")
    d.choose("add strike to overdrive after cleanup")
    assert (d.space(P1), d.space(P2)) == (2, 1)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.area(P1, "overdrive") == ["Dive", "If p, then q"]
    assert d.zone(P1, Zone.GAUGE) == []


def test_arakune_if_p_then_q_missing_still_offers_its_after() -> None:
    """If p, then q without the advance (client: ``test_arakune_ifpthenq_go_to_overdrive
    _miss``): from range 2 it misses, but its after (not a hit effect) still offers the
    attack to overdrive; no hit, so the ability asks nothing."""
    d = position(p1=dict(space=3, hand=["ifpthenq", "dive"]),
                 p2=dict(space=1, hand=["cross"]), chars=CHARS)
    d.strike("ifpthenq", "cross")
    d.pay("dive")
    d.choose("pass")
    d.choose("add strike to overdrive after cleanup")
    assert (d.space(P1), d.space(P2)) == (3, 1)
    assert d.area(P1, "overdrive") == ["If p, then q"]
    assert d.zone(P1, Zone.GAUGE) == [] and d.life(P2) == 30


def test_arakune_equals_0_with_one_overdrive_card_dodges_grasp_adjacent() -> None:
    """Equals 0 (If p, then q's boost: ``now: draw 1``; ``during_strike: speedup -1,
    dodge_at_range {special_range=OVERDRIVE_COUNT}``) with one overdrive card (client:
    ``test_arakune_ifpthenq_boost``): on his next turn Grasp (speed 7) misses him at
    range 1; his Assault hits for 4 and stuns."""
    d = position(p1=dict(space=3, hand=["ifpthenq", "assault"], overdrive=["cross"],
                         deck=["focus"]),
                 p2=dict(space=4, hand=["grasp", "block"]), chars=CHARS)
    boost(d, "ifpthenq")
    assert "Focus" in d.zone(P1, Zone.HAND)
    d.act(Prepare())  # P2's turn
    d.strike("assault", "grasp")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (30, 26)
    assert d.area(P1, "overdrive") == ["Cross"]
    assert d.zone(P1, Zone.GAUGE) == ["Assault"]


def test_arakune_irrationality_grasp_misses_adjacent_two_dash_advances_past() -> None:
    """Irrationality (y, two-dash's boost: ``rangeup_both_players 1/1,
    powerup_both_players -1``) then y, two-dash (range 2-3, power 4: ``advance 3 + [if
    advanced_through] powerup 2``) against Grasp, Arakune on 2 and P2 on 3 (client:
    ``test_arakune_ytwodash_boostandattack``): Grasp is range 2-2 and misses; he advances
    past P2 to 6 and hits from range 3 (his range 3-4) for 4+2-1 = 5."""
    d = position(p1=dict(space=2, hand=["ytwodash", "ytwodash"]),
                 p2=dict(space=3, hand=["grasp", "block"]), chars=CHARS)
    boost(d, "ytwodash")
    d.act(Prepare())  # P2's turn
    d.strike("ytwodash", "grasp")
    d.choose("advance 3")
    assert (d.space(P1), d.space(P2)) == (6, 3)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.GAUGE) == ["y, two-dash"]


def test_arakune_permutation_three_force_range_1_two_hit_effects_to_overdrive() -> None:
    """Permutation n, r (range 7, power 5, speed 3, armor 1: ``before: force_for_effect``
    up to 3, ``rangeup -2/-2`` each; ``hit: opponent_discard_random 1 {destination=
    overdrive}``) against Cross from range 1 (client:
    ``test_arakune_permutationnr_attack``): Cross hits first for 3-1 = 2 and cannot
    retreat from 1; three force bring Permutation to range 1; it hits for 5, P2's one
    card (Block) goes into his overdrive and his ability adds his top discard (a force
    card): two overdrive cards."""
    d = position(p1=dict(space=2, hand=["permutationnr", "dive", "dive", "spike"]),
                 p2=dict(space=1, hand=["cross", "block"]), chars=CHARS)
    d.strike("permutationnr", "cross")
    d.choose("spend 3")
    d.pay("dive", "dive", "spike")
    d.choose("add top discard to overdrive")
    assert (d.space(P1), d.space(P2)) == (2, 1)
    assert (d.life(P1), d.life(P2)) == (28, 25)
    overdrive = d.area(P1, "overdrive")
    assert sorted(overdrive) in (["Block", "Dive"], ["Block", "Spike"])
    assert d.zone(P2, Zone.HAND) == []
    assert d.zone(P1, Zone.GAUGE) == ["Permutation n, r"]


def test_arakune_f_piecewise_odd_range_misses_then_advances_past() -> None:
    """f piecewise (range 0, power 6, speed 2, guard 6: ``before: force_for_effect`` up to
    3, ``rangeup 2/2`` each; ``after: advance 2 | retreat 2``) against Sweep, P2
    adjacent (client: ``test_arakune_piecewise_odd_miss``): tied at speed 2 he goes
    first; one force makes range 2, which misses at range 1; he advances past P2 to 5;
    Sweep then hits from range 2 for 6 (his guard 6 holds)."""
    d = position(p1=dict(space=2, hand=["fpiecewise", "dive"]),
                 p2=dict(space=3, hand=["sweep"]), chars=CHARS)
    d.strike("fpiecewise", "sweep")
    d.choose("spend 1")
    d.pay("dive")
    d.choose("advance 2")
    assert (d.space(P1), d.space(P2)) == (5, 3)
    assert (d.life(P1), d.life(P2)) == (24, 30)
    assert d.zone(P1, Zone.GAUGE) == [] and d.zone(P2, Zone.GAUGE) == ["Sweep"]


def test_arakune_f_piecewise_even_range_hits_force_card_to_overdrive() -> None:
    """f piecewise from range 2 (client: ``test_arakune_piecewise_even_hit``): one force
    makes range 2, it hits for 6; his ability puts the force card (Dive) into overdrive;
    he advances 2 past P2 to 5 and Sweep hits back from range 1 for 6."""
    d = position(p1=dict(space=2, hand=["fpiecewise", "dive"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.strike("fpiecewise", "sweep")
    d.choose("spend 1")
    d.pay("dive")
    d.choose("add top discard to overdrive")
    assert d.area(P1, "overdrive") == ["Dive"]
    d.choose("advance 2")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (24, 24)
    assert d.zone(P1, Zone.GAUGE) == ["f piecewise"]


def test_arakune_zero_vector_both_invalid_stunned_loses_its_after() -> None:
    """Zero Vector (f piecewise's boost: ``now: zero_vector``, ``now: strike``; ``after:
    add_boost_to_overdrive_during_strike_immediately``), Assault named and both players
    setting Assault (client: ``test_arakune_piecewise_boost``): both are invalid and
    both wild swing (his Sweep, P2's Spike). Spike (speed 3, ignoring guard) hits him
    first for 5 and stuns him: his attack and its after do not happen (core rulebook:
    "If they are Stunned, skip their attack entirely"), so Zero Vector is not put into
    overdrive."""
    d = position(p1=dict(space=2, hand=["fpiecewise", "assault"], deck=["sweep"]),
                 p2=dict(space=4, hand=["assault"], deck=["spike"]), chars=CHARS)
    boost(d, "fpiecewise")
    d.act(NameCard(name="Assault"))
    d.respond(P1, "assault", "assault")
    assert sorted(e.player for e in d.events(ev.AttackInvalid)) == [P1, P2]
    assert (d.space(P1), d.space(P2)) == (2, 4)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert d.area(P1, "overdrive") == []
    assert d.zone(P1, Zone.GAUGE) == [] and d.zone(P2, Zone.GAUGE) == ["Spike"]
    assert "f piecewise" in d.zone(P1, Zone.DISCARD)
