"""Chaos: situations of the reference client's ``test/unit/test_chaos.gd`` that our
Chaos tests (``test_chaos.py``, ``tests/engine/rules/test_uni_audit.py``) did not pin,
written with our scenario builder.

Card facts: roster.md, "Chaos", and the ``uni`` normals. As in the client's tests, P2
is Chaos too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import CharacterAction, WildSwing

CHARS = ("chaos", "chaos")


def test_chaos_chaos_code_special_measures_from_chaos() -> None:
    """Chaos Code (Deep Revenance's boost; "now: strike; set_strike: place your attack
    in any space; [if is_normal_attack] calculate_range_from_buddy") with Spew Out, a
    Special, set in space 5 (client: ``test_chaos_chaos_code_special``): its range 2-3
    counts from Chaos on 2, so it misses P2 on 7; after, he retreats 1; Sweep misses."""
    d = position(p1=dict(space=2, hand=["deeprevenance", "grasp", "spewout"]),
                 p2=dict(space=7, hand=["sweep"]), chars=CHARS)
    boost(d, "deeprevenance", "grasp")
    d.set_attack(P1, "spewout")
    d.move_to(P1, 5)
    d.set_attack(P2, "sweep")
    d.choose("retreat 1")
    assert (d.space(P1), d.space(P2)) == (1, 7)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_chaos_dissect_barrage_set_far_still_measures_from_chaos_then_moves() -> None:
    """Dissect Barrage (range 1-2 from Chaos even when set in a space; "after: [if buddy
    in play] move_to_buddy") set in space 8 through his character action (client:
    ``test_chaos_dissect_barrage_from_chaos``): it hits P2 on 4 from Chaos on 2 for 5
    (Sweep's guard 6 holds), then he moves to 8, out of Sweep's range."""
    d = position(p1=dict(space=2, hand=["dissectbarrage"], gauge=["grasp", "cross"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "dissectbarrage")
    d.move_to(P1, 8)
    d.set_attack(P2, "sweep")
    d.pay("grasp", "cross")
    assert (d.space(P1), d.space(P2)) == (8, 4)
    assert (d.life(P1), d.life(P2)) == (30, 25)


def _action_set(d: Driver, attack: str | None, space: int, response: str) -> None:
    """Chaos's character action: set ``attack`` (None: wild swing), place it (Azhi) on
    ``space``, P2 sets ``response``."""
    d.act(CharacterAction(index=0))
    if attack is None:
        d.act(WildSwing())
    else:
        d.set_attack(P1, attack)
    d.move_to(P1, space)
    d.set_attack(P2, response)


def test_chaos_action_wild_swing_special_measures_from_where_it_is_set() -> None:
    """Chaos's character action ("strike, placing your attack in any space") with a wild
    swing, Spew Out, placed on 5 (client: ``test_chaos_ua_wild_swing``, newer version):
    its range 2-3 is counted from 5, so it hits P2 on 7 for 4 (Sweep's guard 6 holds);
    after, he retreats 1 (2 to 1) and Sweep, at range 6, misses."""
    d = position(p1=dict(space=2, hand=["grasp"], deck=["spewout", "cross"]),
                 p2=dict(space=7, hand=["sweep"]), chars=CHARS)
    _action_set(d, None, 5, "sweep")
    d.choose("retreat 1")
    assert (d.space(P1), d.space(P2)) == (1, 7)
    assert (d.life(P1), d.life(P2)) == (30, 26)


def test_chaos_action_invalid_ultra_replacement_wild_swing_measures_from_chaos() -> None:
    """Deep Revenance ("on_invalid: remove_buddy") set on 5 by the character action
    without the 4 gauge to pay (client: ``test_chaos_ua_invalidated_ultra``, newer
    version): it is invalid, Azhi is removed, and the replacement wild swing (Spew Out)
    has no Azhi to measure from, so its range 2-3 counts from Chaos on 2 and misses P2
    on 7; he retreats 1 after; Sweep misses."""
    d = position(p1=dict(space=2, hand=["deeprevenance"], deck=["spewout", "cross"]),
                 p2=dict(space=7, hand=["sweep"]), chars=CHARS)
    _action_set(d, "deeprevenance", 5, "sweep")
    assert d.names(e.card for e in d.events(ev.AttackInvalid)) == ["Deep Revenance"]
    d.choose("retreat 1")
    assert (d.space(P1), d.space(P2)) == (1, 7)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_chaos_cold_reflection_set_in_a_space_pushes_away_from_chaos() -> None:
    """Cold Reflection set on 5 by the action (client:
    ``test_chaos_cold_reflection_push_from_chaos``, newer version): with Azhi in play it
    has no +2 speed (4, still beating Spike's 3); range counts from 5, so P2 on 4 is hit
    for 2; "hit: push 3" pushes away from Chaos (2), not from Azhi: 4 to 7. Spike misses."""
    d = position(p1=dict(space=2, hand=["coldreflection"]), p2=dict(space=4, hand=["spike"]),
                 chars=CHARS)
    _action_set(d, "coldreflection", 5, "spike")
    assert (d.space(P1), d.space(P2)) == (2, 7)
    assert (d.life(P1), d.life(P2)) == (30, 28)


def test_chaos_repel_set_between_stops_an_advance() -> None:
    """Repel ("[if buddy_in_play] opponent_cant_move_past_buddy") set on 4 (client:
    ``test_chaos_repel_block_advance``): P2's Dive from 6 ("advance 3") cannot enter or
    pass 4 and stops on 5; Dive misses Chaos on 2 and Repel (range 0 from Azhi on 4)
    misses P2 on 5."""
    d = position(p1=dict(space=2, hand=["repel"]), p2=dict(space=6, hand=["dive"]),
                 chars=CHARS)
    _action_set(d, "repel", 4, "dive")
    assert (d.space(P1), d.space(P2)) == (2, 5)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_chaos_repel_on_or_behind_the_opponent_does_not_stop_a_close() -> None:
    """Repel set on P2's own space 5, or behind him on 7 (client:
    ``test_chaos_repel_no_block_opponent_space``, ``..._sandwich``): his Assault closes
    2 toward Chaos (5 to 3) without entering Azhi's space; it hits Chaos for 4 and Repel
    (range 0 from Azhi) misses."""
    for space in (5, 7):
        d = position(p1=dict(space=2, hand=["repel"]), p2=dict(space=5, hand=["assault"]),
                     chars=CHARS)
        _action_set(d, "repel", space, "assault")
        assert (d.space(P1), d.space(P2)) == (2, 3)
        assert (d.life(P1), d.life(P2)) == (26, 30)


def test_chaos_dissect_barrage_set_on_his_own_space_does_not_move() -> None:
    """Dissect Barrage set on Chaos's own space 2 (client:
    ``test_chaos_dissect_barrage_on_self``, newer version): it hits P2 on 4 first (speed
    5, the initiator wins the tie with Assault) for 5 and stuns him; "after: move_to_buddy"
    leaves Chaos where he is."""
    d = position(p1=dict(space=2, hand=["dissectbarrage"], gauge=["grasp", "cross"]),
                 p2=dict(space=4, hand=["assault"]), chars=CHARS)
    _action_set(d, "dissectbarrage", 2, "assault")
    d.pay("grasp", "cross")
    assert (d.space(P1), d.space(P2)) == (2, 4)
    assert (d.life(P1), d.life(P2)) == (30, 25)
