"""Card audit (third, depth-first pass) of the intricate Under Night In-Birth kits
(Carmine, Byakuya, Phonon, Merkava, Seth, Hilda) and Red Horizon's Morathi: behaviours
that were right but untested and subtle, each pinned by a scenario test (no engine
change came out of this pass; the open questions are in the pass's report).

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, P2, offered, versus

from engine.core.decisions import ActionRequest, MoveTo, PayForceRequest, SpaceRequest, Strike
from engine.core.ids import Zone
from engine.core.state import Stat

# --- Carmine --------------------------------------------------------------------------------


def test_carmine_bloodletting_before_was_hit_rangeup_and_powerup() -> None:
    """Carmine, Thrust!'s boost Bloodletting (continuous, 1F): ``during_strike: guardup
    3``; ``before: [if was_hit] rangeup 0/1 + powerup 2`` (roster.md). test_carmine's
    Bloodletting test asserts only the guard; this pins the before line.

    Ryu's Assault (speed 5) closes 2 (5 -> 4) and hits Carmine on 3 first for 4 (guard
    6 + 3: no stun); hit, Carmine's Spin! (range 1-4, power 4) gets +0/+1 range and +2
    power: it hits Ryu for 6 (30 -> 24), and Spin!'s after offers spaces up to 5 away
    (8), which range 1-4 would not reach."""
    d = versus(("carmine", "ryu"), dict(space=3, hand=["spin"], boosts=["thrust"]),
               dict(space=5, hand=["assault"]))
    d.strike("spin", "assault")
    assert d.life(P1) == 26
    assert d.stat_mods(P1, Stat.POWER) == [2]
    assert d.stat_mods(P1, Stat.MAX_RANGE) == [1]
    assert d.life(P2) == 24
    spaces = [choice.space for choice in offered(d.expect(SpaceRequest, P1), MoveTo)]
    assert max(spaces) == 8


def test_carmine_two_dissolves_in_range_each_add_their_bonus_and_go_to_gauge() -> None:
    """Carmine, Dissolve (the boost of Twist! and of Be Devoured!): ``before: [if
    boost_space_in_range_towards_opponent] rangeup 0/1 + powerup 2 +
    add_boost_to_gauge_on_strike_cleanup`` (roster.md): the condition is each boost's
    own space, so two Dissolves that both lie towards Ryu within reach both apply.

    Both on 5, between Carmine (4) and Ryu (6): Grasp (3) + 2 + 2 = 7 through Block's 2
    armor is 5 (30 -> 25), and both Dissolves go to gauge with the hit Grasp."""
    d = versus(("carmine", "ryu"),
               dict(space=4, hand=["grasp"], boosts=["twist", "bedevoured"],
                    traps={"twist": 5, "bedevoured": 5}),
               dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.stat_mods(P1, Stat.POWER) == [2, 2]
    assert d.life(P2) == 25
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Grasp", "Hahahaha! Be Devoured!", "Twist!"]
    assert d.zone(P1, Zone.BOOSTS) == []


# --- Byakuya's Web Trap against the other kits' own movements --------------------------------


def test_seth_distant_frontier_close_stopped_by_a_web_trap_draws_the_spaces_closed() -> None:
    """Seth, Distant Frontier (3G, range 1): ``before: close 6 {save_spaces_as_strike_x}
    + draw strike_x`` (roster.md; effects.md, close: "Options save spaces closed ... as
    X"); Byakuya's Web Trap (``stop_on_space_effect=(discard_this + choice <push 1 |
    pull 1 | gain_advantage>)``) stops the opponent on its space, by any movement.

    Seth on 1 closes towards Byakuya on 8 and is stopped on the trap on 3: X is the 2
    spaces he closed, so he draws 2 (Focus, Block), not 6; Byakuya pulls him 1 (3 -> 4)."""
    d = versus(("seth", "byakuya"),
               dict(space=1, hand=["distantfrontier"], gauge=["grasp", "cross", "dive"],
                    deck=["focus", "block", "sweep", "spike", "assault"]),
               dict(space=8, hand=["block"], boosts=["becomeapartofme"],
                    traps={"becomeapartofme": 3}))
    d.strike("distantfrontier", "block")
    d.pay("grasp", "cross", "dive")
    d.choose("pull 1")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Focus", "Block"]
    assert d.zone(P2, Zone.DISCARD) == ["Become a Part of Me"]


def test_hilda_move_to_buddy_stopped_by_a_web_trap() -> None:
    """Hilda, Condensity Gloom: ``after: [if buddy_space_unoccupied] choice
    <move_to_buddy | pass>`` (roster.md); Byakuya's Web Trap stops the opponent who
    "would move onto or through its space, by any movement" (roster.md,
    ``stop_on_space_effect``), her move to her buddy too.

    Hilda on 2 places her attack on 7 and hits Byakuya on 8 (5 - 2 armor = 3); moving
    to her buddy she is stopped on the trap on 4 (not 7), and Byakuya pushes her 1 (4 ->
    3)."""
    d = versus(("hilda", "byakuya"), dict(space=2, hand=["condensitygloom"]),
               dict(space=8, hand=["block"], boosts=["becomeapartofme"],
                    traps={"becomeapartofme": 4}))
    d.act(Strike())
    d.set_attack(P1, "condensitygloom")
    d.choose("place")
    d.move_to(P1, 7)
    d.set_attack(P2, "block")
    if isinstance(d.pending, PayForceRequest):
        d.decline()
    assert d.life(P2) == 27
    d.choose("move to buddy")
    d.choose("push 1")
    assert d.space(P1) == 3
    assert d.zone(P2, Zone.BOOSTS) == []
    assert d.expect(ActionRequest).player == P2
