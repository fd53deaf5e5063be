"""Litchi Faye Ling: situations of the reference client's ``test/unit/test_litchi.gd``
(her ability's staff-less bonus read live during the strike; Nine Gates of Heaven
landing on Mantenbo or not), written with our builder in our own words.

Card facts: roster.md, "Litchi Faye Ling": ability ``during_strike: [if
not_buddy_in_play] speedup -1 + rangeup 0/1``; Reach: Robbing the Kong (1 force, range
1, power 4, speed 6): ``before: [if buddy_space_unoccupied] move_to_buddy else powerup
2, then remove_buddy``; ``after: place_buddy_onto_opponent``; Nine Gates of Heaven (4
gauge, range 1, power 3, speed 7): ``before: advance 3, then [if on_buddy_space]
powerup 6``. Nehtali answers with Assault (range 1, power 4, speed 5, before: close 2).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import ActionRequest, Strike
from engine.mechanics.buddies.state import buddy_spaces


def test_robbing_the_kong_gains_the_staffless_range_once_mantenbo_is_removed() -> None:
    """Client test_litchi_robbingkong. Nehtali (7) initiates Assault; Litchi (3, Mantenbo
    on 5) answers with Robbing the Kong: speed 6 (Mantenbo in play: no -1) beats 5. Its
    before moves her to Mantenbo (5) and removes it; with no Mantenbo in play her
    ability now gives +0/+1 range, so from 5 she reaches Nehtali on 7 (range 2) for 4,
    stunning Assault; after, Mantenbo is placed on Nehtali's space."""
    d = position(p1=dict(space=3, hand=["reachrobbingthekong", "grasp"],
                         buddies={"mantenbo": 5}),
                 p2=dict(space=7, hand=["assault"]), chars=("litchi", "nehtali"), active=P2)
    d.act(Strike())
    d.set_attack(P2, "assault")
    d.set_attack(P1, "reachrobbingthekong")
    d.pay("grasp")
    assert d.space(P1) == 5 and d.space(P2) == 7
    assert d.life(P2) == 26 and d.life(P1) == 30
    assert buddy_spaces(d.game.table, P1, "mantenbo") == [7]


def test_nine_gates_powered_only_when_the_advance_lands_on_mantenbo() -> None:
    """Client test_litchi_ninegates_powerup / _no_powerup. Litchi on 3, Nehtali on 7:
    Nine Gates (speed 7) advances 3 to 6; with Mantenbo on 6 she is on it: +6, 9
    damage; with Mantenbo on 5 (passed over) no bonus: 3 damage."""
    for staff, life in ((6, 21), (5, 27)):
        d = position(p1=dict(space=3, hand=["ninegatesofheaven"], buddies={"mantenbo": staff},
                             gauge=["grasp", "grasp", "cross", "cross"], set_aside=[]),
                     p2=dict(space=7, hand=["assault"]), chars=("litchi", "nehtali"))
        d.strike("ninegatesofheaven", "assault")
        d.pay("grasp", "grasp", "cross", "cross")
        assert isinstance(d.pending, ActionRequest)  # no choice: Mantenbo not on her space
        assert d.space(P1) == 6 and d.space(P2) == 7, staff
        assert d.life(P2) == life and d.life(P1) == 30, staff


def test_staffless_litchi_is_slower_than_one_holding_mantenbo() -> None:
    """Client test_litchi_slow_with_mantenbo and _range_with_mantenbo (versions 0db94f4
    and 2583265). Her ability, ``during_strike: [if not_buddy_in_play] speedup -1 +
    rangeup 0/1``, Litchi against Litchi with Assault (range 1, power 4, speed 5;
    ``before: close 2``). P1 (4) has no Mantenbo, P2 (7) has hers in play: P1's Assault
    is speed 4 against 5, so P2 goes first, closes 7 -> 5 and stuns P1 for 4. With
    neither holding Mantenbo (P1 on 3), both are speed 4: P1 goes first as the
    attacker, closes 3 -> 5 and reaches P2 at range 2 (1 + 1), stunning her for 4."""
    d = position(p1=dict(space=4, hand=["assault"]),
                 p2=dict(space=7, hand=["assault"], buddies={"mantenbo": 7}),
                 chars=("litchi", "litchi"))
    d.strike("assault", "assault")
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=7, hand=["assault"]),
                 chars=("litchi", "litchi"))
    d.strike("assault", "assault")
    assert (d.space(P1), d.space(P2)) == (5, 7)
    assert (d.life(P1), d.life(P2)) == (30, 26)
