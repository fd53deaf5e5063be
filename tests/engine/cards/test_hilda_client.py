"""Hilda: situations of the reference client's ``test/unit/test_hilda.gd`` that our
Hilda tests (``test_hilda.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Hilda", and the ``uni`` normals (the client's tests use the
standard set, whose attack halves are the same). As in the client's tests, P2 is Hilda
too.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction, ChoiceRequest, Strike
from engine.core.ids import Zone

CHARS = ("hilda", "hilda")


@pytest.mark.parametrize(("gauge", "lives"), [(["skewer", "skewer"], (30, 23)),
                                              (["skewer", "trifurket"], (25, 25))])
def test_hilda_ex_impalement_counts_gauge_spent_matching_the_range(
        gauge: list[str], lives: tuple[int, int]) -> None:
    """EX Impalement ("hit: powerup_per_spent_gauge_matching_range_to_opponent 2") at
    range 3 (client: ``test_hilda_impalement_attack_ex_max_bonus``, ``..._ex_1_bonus``).
    Two Skewers (range 1-8) spent: 3 + 4 = 7, stunning Sweep (guard 6); a Skewer and a
    Tri-Furket (1-2): 3 + 2 = 5, and Sweep hits back for 6 less EX armor 1."""
    d = position(p1=dict(space=2, hand=["impalement", "impalement"], gauge=gauge),
                 p2=dict(space=5, hand=["sweep"]), chars=CHARS)
    d.strike(("impalement", "impalement"), "sweep")
    d.pay(*gauge)
    assert (d.space(P1), d.space(P2)) == (2, 5)
    assert (d.life(P1), d.life(P2)) == lives


@pytest.mark.parametrize(("p2_space", "lives"), [(4, (30, 28)), (3, (24, 30))])
def test_hilda_character_action_grasp_range_2_only(p2_space: int, lives: tuple[int, int]) -> None:
    """Hilda's ability: a Normal struck through her character action gets "rangeup 1/1
    + powerup -1" (client: ``test_hilda_ua_grasp``, ``..._min_range_miss``). Grasp is
    range 2-2, power 2: at 2 it hits and pushes 2 (4 -> 6); at 1 it misses and Sweep
    hits her for 6."""
    d = position(p1=dict(space=2, hand=["grasp"]), p2=dict(space=p2_space, hand=["sweep"]),
                 chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "grasp")
    d.set_attack(P2, "sweep")
    if p2_space == 4:
        d.choose("push 2")
    assert (d.life(P1), d.life(P2)) == lives
    assert (d.space(P1), d.space(P2)) == (2, 6 if p2_space == 4 else 3)


@pytest.mark.parametrize("where", ["gauge", "hand"])
def test_hilda_trifurket_bottom_discard_then_the_attack(where: str) -> None:
    """Tri-Furket ("before: [if was_hit] rangeup 0/2; hit: choice
    <add_bottom_discard_to_gauge | add_bottom_discard_to_hand>") after Assault hits
    her for 4 - 1 armor (client: ``test_hilda_trifurket_bottom_to_gauge``,
    ``..._to_hand``): it hits back for 4; the bottom card of her discard pile (Dive)
    goes where she chose, and the attack then to her gauge, after it."""
    d = position(p1=dict(space=2, hand=["trifurket"], discard=["dive", "focus"]),
                 p2=dict(space=3, hand=["assault"]), chars=CHARS)
    d.strike("trifurket", "assault")
    d.choose(where)
    assert (d.life(P1), d.life(P2)) == (27, 26)
    assert (d.space(P1), d.space(P2)) == (2, 3)
    if where == "gauge":
        assert d.zone(P1, Zone.GAUGE) == ["Dive", "Tri-Furket"]
    else:
        assert d.zone(P1, Zone.HAND) == ["Dive"]
        assert d.zone(P1, Zone.GAUGE) == ["Tri-Furket"]


def test_hilda_revenant_pillar_advantage_then_push() -> None:
    """Revenant Pillar's "choice {multiple_amount=2} <push 1 | pull 1 | draw 1 |
    opponent_discard_random 1 | gain_advantage>": gain_advantage first, then push 1
    from the four left (client: ``test_hilda_revenantpillar_choosemultiple2``): 5
    damage (not over Sweep's guard 6: no stun), P2 to 6, and Hilda acts next."""
    d = position(p1=dict(space=2, hand=["revenantpillar"]), p2=dict(space=5, hand=["sweep"]),
                 chars=CHARS)
    d.strike("revenantpillar", "sweep")
    d.choose("advantage")
    assert len(d.expect(ChoiceRequest, P1).labels) == 4
    d.choose("push")
    assert (d.space(P1), d.space(P2)) == (2, 6)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    d.expect(ActionRequest, P1)


def test_hilda_ex_condensity_gloom_placed_beside_the_opponent_then_moves_there() -> None:
    """EX Condensity Gloom placed on 5 with P2 on 6 (range 0-1 from it) (client:
    ``test_hilda_condensity_ex_space``): speed 3 beats Sweep, hits for 6 (no stun at
    guard 6); Sweep hits her at 4 for 6 - 2 armor; after, she moves to the buddy's 5."""
    d = position(p1=dict(space=2, hand=["condensitygloom", "condensitygloom"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, ("condensitygloom", "condensitygloom"))
    d.choose("place")
    d.move_to(P1, 5)
    d.set_attack(P2, "sweep")
    d.choose("move")
    assert (d.life(P1), d.life(P2)) == (26, 24)
    assert (d.space(P1), d.space(P2)) == (5, 6)


def test_hilda_condensity_gloom_not_placed_measures_from_her() -> None:
    """Condensity Gloom not placed (client: ``test_hilda_condensity_notinspace``):
    Assault closes 2 (5 -> 3) and hits her for 4 - 1 armor (guard 4, no stun); the
    Gloom, range 0-1 from Hilda on 2, hits back for 5."""
    d = position(p1=dict(space=2, hand=["condensitygloom"]), p2=dict(space=5, hand=["assault"]),
                 chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "condensitygloom")
    d.choose("pass")
    d.set_attack(P2, "assault")
    assert (d.life(P1), d.life(P2)) == (27, 25)
    assert (d.space(P1), d.space(P2)) == (2, 3)
    assert d.events(ev.BuddyPlaced) == []


def test_hilda_ex_impalement_a_fixed_range_four_does_not_match_range_three() -> None:
    """EX Impalement ("hit: powerup_per_spent_gauge_matching_range_to_opponent 2") at
    range 3 paid with In The Darkness (range 4 exactly) and Revenant Pillar (3-5)
    (client: ``test_hilda_impalement_pay_revenant_darkness_vs_not_tinker``, newer version
    only): only Revenant Pillar's range includes 3, so 3 + 2 = 5; Sweep (guard 6) is not
    stunned and hits back for 6 less EX armor 1."""
    d = position(p1=dict(space=3, hand=["impalement", "impalement"],
                         gauge=["inthedarkness", "revenantpillar"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.strike(("impalement", "impalement"), "sweep")
    d.pay("inthedarkness", "revenantpillar")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (25, 25)
