"""Londrekia: situations of the reference client's ``test/unit/test_londrekia.gd`` that
our Londrekia tests (``test_londrekia.py``) did not pin, written with our scenario
builder.

Card facts: roster.md, "Londrekia Light", and the ``uni`` normals. As in the client's
tests, P2 is Londrekia too (answering with ``uni`` normals).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import CharacterAction, Prepare, Strike
from engine.core.ids import Zone
from engine.mechanics.buddies.state import buddy_spaces

CHARS = ("londrekia", "londrekia")


def test_londrekia_frozen_spire_power_lost_to_armor_used() -> None:
    """Frozen Spire (range 1-4, power 4, speed 1, armor 4; "before: powerup_per_armor_used
    -1") (client: ``test_londrekia_frozen_spire_lost_armor``): Cross hits first for 3,
    all absorbed by 3 armor, then retreats 3 (4 -> 7); Frozen Spire hits at 4 for
    4 - 3 = 1."""
    d = position(p1=dict(space=3, hand=["frozenspire"]), p2=dict(space=4, hand=["cross"]),
                 chars=CHARS)
    d.strike("frozenspire", "cross")
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 29)


def test_londrekia_frozen_spire_bonus_armor_used_counts_too() -> None:
    """Just Defense (Sweep's boost; "armorup 3; now: strike") under Frozen Spire (client:
    ``test_londrekia_frozen_spire_lost_bonus_armor``): Assault closes to 4 and its 4
    damage is all absorbed (armor 7); Frozen Spire then has 4 - 4 = 0 power."""
    d = position(p1=dict(space=3, hand=["sweep", "frozenspire"]),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    boost(d, "sweep")
    d.respond(P1, "frozenspire", "assault")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_londrekia_iceflower_between_shields_against_an_ex_sweep() -> None:
    """Iceflower (Snow Blossom's boost) placed on 5, between Londrekia (3) and P2 (6)
    (client: ``test_londrekia_iceflower_basic``): P2's EX Sweep (first: ties to the
    attacker) deals 7 - 2 armor and does not stun; Spike hits back for 5; the boost is
    discarded and its buddy gone."""
    d = position(p1=dict(space=3, hand=["snowblossom", "spike"]),
                 p2=dict(space=6, hand=["sweep", "sweep"]), chars=CHARS)
    boost(d, "snowblossom")
    d.move_to(P1, 5)
    d.act(Strike())
    d.set_attack(P2, ("sweep", "sweep"))
    d.set_attack(P1, "spike")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (25, 25)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Snow Blossom" in d.zone(P1, Zone.DISCARD)


@pytest.mark.parametrize(("attack", "response", "spaces", "lives", "kept"),
                         [("sweep", "assault", (3, 4), (26, 24), True),
                          ("assault", "sweep", (5, 6), (24, 26), False)])
def test_londrekia_iceflower_sustained_unless_stunned(
        attack: str, response: str, spaces: tuple[int, int], lives: tuple[int, int],
        kept: bool) -> None:
    """Iceflower on 9 (not between) ("cleanup: [if not_stunned] sustain_this") (client:
    ``test_londrekia_iceflower_sustain_if_not_stunned``, ``..._not_sustained_if_stunned``).
    Sweep against Assault: not stunned, it stays; Assault against Sweep: Sweep's 6
    stuns him, it goes to the discard pile."""
    d = position(p1=dict(space=3, hand=[attack], boosts=["snowblossom"],
                         traps={"snowblossom": 9}),
                 p2=dict(space=6, hand=[response]), chars=CHARS)
    d.strike(attack, response)
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == lives
    assert d.zone(P1, Zone.BOOSTS) == (["Snow Blossom"] if kept else [])


@pytest.mark.parametrize(("p2_space", "place", "p1_life"), [(4, 3, 24), (3, 4, 26)])
def test_londrekia_snow_blossom_placed_after_its_hit_shields_only_between(
        p2_space: int, place: int, p1_life: int) -> None:
    """Snow Blossom hits first for 3 and is placed as Iceflower in its range (client:
    ``test_londrekia_snow_blossom_boosted_but_stunned``, ``..._boosted_and_activated``).
    From 6: on 3 with P2 on 4 it is not between them, Sweep's 6 stuns him and it is
    discarded; on 4 with P2 on 3 it is, 6 - 2 armor, and it discards itself."""
    d = position(p1=dict(space=6, hand=["snowblossom"]), p2=dict(space=p2_space, hand=["sweep"]),
                 chars=CHARS)
    d.strike("snowblossom", "sweep")
    d.choose("place")
    d.move_to(P1, place)
    assert (d.space(P1), d.space(P2)) == (6, p2_space)
    assert (d.life(P1), d.life(P2)) == (p1_life, 27)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Snow Blossom" in d.zone(P1, Zone.DISCARD)


@pytest.mark.parametrize(("attack", "gauge", "p2_life"),
                         [("sweep", ["grasp", "cross", "dive", "focus"], 20),
                          ("hailstorm", ["grasp", "cross", "dive", "focus", "spike"], 24)])
def test_londrekia_dare_glacial_spends_the_gauge_left(
        attack: str, gauge: list[str], p2_life: int) -> None:
    """Dare Glacial (Cocytus Ice Prison's boost; "hit: spend_all_gauge_and_save_amount
    + set_strike_x + powerup strike_x") (client: ``test_londrekia_dare_glacial_some_gauge``,
    ``..._after_spending_gauge``). Sweep with 4 gauge: 6 + 4; Hail Storm (2 gauge)
    with 5: 3 + 3 (Focus ignores its pull). Only the attack is left in the gauge."""
    d = position(p1=dict(space=4, hand=[attack], boosts=["cocytusiceprison"], gauge=gauge),
                 p2=dict(space=6, hand=["focus"]), chars=CHARS)
    d.strike(attack, "focus")
    if attack == "hailstorm":
        d.pay("grasp", "cross")
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
    assert len(d.zone(P1, Zone.GAUGE)) == 1


@pytest.mark.parametrize("gauge", [0, 1, 2, 3, 7])
def test_londrekia_character_action_bonuses_by_gauge_spent(gauge: int) -> None:
    """His ability by the gauge his character action spent (client:
    ``test_londrekia_ua_no_gauge`` ... ``..._more_gauge``): 0: nothing, Sweep hits
    Focus for 6 - 2 armor and Focus hits back for 4; 1 or more: he may retreat 1 (4 ->
    3) before Focus reaches him; 2 or more: draw 2; 3 or more: P2's hand is revealed."""
    cards = ["grasp", "cross", "dive", "spike", "assault", "block", "frozenvine"][:gauge]
    d = position(p1=dict(space=4, hand=["sweep"], gauge=cards),
                 p2=dict(space=6, hand=["focus", "grasp"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "sweep")
    d.set_attack(P2, "focus")
    if gauge:
        d.choose("retreat 1")
    assert (d.space(P1), d.space(P2)) == (4 if gauge == 0 else 3, 6)
    assert (d.life(P1), d.life(P2)) == (26 if gauge == 0 else 30, 26)
    assert len(d.zone(P1, Zone.HAND)) == (2 if gauge >= 2 else 0)
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"]
    assert bool(d.events(ev.HandRevealed)) == (gauge >= 3)


def test_londrekia_two_iceflowers_only_the_one_between_shields() -> None:
    """Two Iceflowers ("when_hit: [if boost_space_between_opponent] armorup 2 +
    stun_immunity + discard_this"), on 5 (between Londrekia on 4 and P2 on 7) and on 2
    (behind him) (client: ``test_londrekia_iceflower_double``): P2's EX Sweep (first on
    the tie) deals 7 - 2 and does not stun; only the Iceflower on 5 is discarded, the
    one on 2 stays in play; Spike hits back for 5."""
    d = position(p1=dict(space=4, hand=["snowblossom", "snowblossom", "spike"]),
                 p2=dict(space=7, hand=["sweep", "sweep"]), chars=CHARS)
    boost(d, "snowblossom")
    d.move_to(P1, 5)
    d.act(Prepare())  # P2's turn passes
    boost(d, "snowblossom")
    d.move_to(P1, 2)
    d.act(Strike())
    d.set_attack(P2, ("sweep", "sweep"))
    d.set_attack(P1, "spike")
    assert (d.space(P1), d.space(P2)) == (4, 7)
    assert (d.life(P1), d.life(P2)) == (25, 25)
    assert d.zone(P1, Zone.BOOSTS) == ["Snow Blossom"]
    assert d.zone(P1, Zone.DISCARD).count("Snow Blossom") == 1
    assert buddy_spaces(d.game.table, P1, "Iceflower") == [2]
