"""Vega: situations of the reference client's ``test/unit/test_vega.gd`` that our Vega
tests (``test_vega.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Vega" (ability: at the edge when setting, Specials and Ultras
+2 power; exceeded +3 power +1 speed; after Repel Leap, any attack), the ``standard``
normals, Nanase's Lumiere of the Dawn and Chaos's Conceal. As in the client's tests, P2
is Vega too unless a test names another fighter.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine.core.decisions import ActionRequest
from engine.core.ids import Zone

CHARS = ("vega", "vega")
ULTRA_GAUGE = ["grasp", "cross", "dive"]


@pytest.mark.parametrize("exceeded", [False, True])
def test_vega_edge_bonus_not_for_normals(exceeded: bool) -> None:
    """Vega's ability applies to Specials and Ultras only (client:
    ``test_vega_ua_normal``, ``test_vega_ua_exceeded_normal``): at the edge (1), Sweep
    against Sweep trades 6 for 6."""
    d = position(p1=dict(space=1, hand=["sweep"], exceeded=exceeded),
                 p2=dict(space=2, hand=["sweep"]), chars=CHARS)
    d.strike("sweep", "sweep")
    assert (d.space(P1), d.space(P2)) == (1, 2)
    assert (d.life(P1), d.life(P2)) == (24, 24)


def test_vega_edge_bonus_on_a_special() -> None:
    """Vega's ability on Scarlet Terror at the edge (client: ``test_vega_ua_special``):
    3 + 2 = 5, not above Sweep's guard 6; Sweep answers for 6."""
    d = position(p1=dict(space=1, hand=["scarletterror"]), p2=dict(space=2, hand=["sweep"]),
                 chars=CHARS)
    d.strike("scarletterror", "sweep")
    assert (d.life(P1), d.life(P2)) == (24, 25)


def test_vega_exceeded_edge_bonus_speed_wins_the_tie() -> None:
    """Vega's exceed ability (+3 power, +1 speed at the edge) (client:
    ``test_vega_ua_exceeded_special``): Scarlet Terror (4 + 1) ties Assault and goes
    first as the attacker, hitting for 6 and stunning P2."""
    d = position(p1=dict(space=1, hand=["scarletterror"], exceeded=True),
                 p2=dict(space=2, hand=["assault"]), chars=CHARS)
    d.strike("scarletterror", "assault")
    assert (d.space(P1), d.space(P2)) == (1, 2)
    assert (d.life(P1), d.life(P2)) == (30, 24)


@pytest.mark.parametrize(("vega", "opp", "dest", "life"), [
    (4, 3, 9, (30, 26)), (5, 4, 1, (30, 23)), (6, 7, 9, (24, 26)), (5, 6, 5, (30, 23))])
def test_vega_bloody_high_claw_spaces_behind_either_side(
        vega: int, opp: int, dest: int, life: tuple[int, int]) -> None:
    """Vega, Bloody High Claw ("before: [if min_spaces_behind_opponent 3] powerup 3;
    hit: move_to_any_space") with the opponent on either side (client:
    ``test_vega_bloodyhigh_{2,3}_spaces_player{right,left}``). Two spaces behind: 4,
    which Sweep's guard 6 survives (and hits back if Vega lands in its range); three:
    7, stunning Sweep."""
    d = position(p1=dict(space=vega, hand=["bloodyhighclaw"], gauge=ULTRA_GAUGE),
                 p2=dict(space=opp, hand=["sweep"]), chars=CHARS)
    d.strike("bloodyhighclaw", "sweep")
    d.pay(*ULTRA_GAUGE)
    d.move_to(P1, dest)
    assert (d.space(P1), d.space(P2)) == (dest, opp)
    assert (d.life(P1), d.life(P2)) == life


def test_vega_repel_leap_gives_the_bonus_to_bloody_high_claw() -> None:
    """Vega, Repel Leap ("[if at_edge_of_arena] set_used_character_bonus +
    move_to_any_space + strike") (client: ``test_vega_scarletterror_boost``). From 1 to
    5; Bloody High Claw against Focus on 6: 4 + 3 (3 spaces behind) + 2 - 2 armor = 7."""
    d = position(p1=dict(space=1, hand=["scarletterror", "spike", "sweep", "bloodyhighclaw"],
                         gauge=ULTRA_GAUGE),
                 p2=dict(space=6, hand=["focus"]), chars=CHARS)
    boost(d, "scarletterror", "spike", "sweep")
    d.move_to(P1, 5)
    d.respond(P1, "bloodyhighclaw", "focus")
    d.pay(*ULTRA_GAUGE)
    d.move_to(P1, 5)
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (30, 23)


@pytest.mark.parametrize("dest", [5, 9])
def test_vega_exceeded_repel_leap_bonus_counted_once(dest: int) -> None:
    """Vega exceeded, Repel Leap then Bloody High Claw against an EX Cross (client:
    ``test_vega_scarletterror_boost_exceeded``, ``..._no_difference_edge``): landing on
    5 or on the edge (9), the +3 applies once: 4 + 3 + 3 - 1 (EX armor) = 9."""
    opp = 6 if dest == 5 else 7
    d = position(p1=dict(space=1, hand=["scarletterror", "spike", "sweep", "bloodyhighclaw"],
                         gauge=ULTRA_GAUGE, exceeded=True),
                 p2=dict(space=opp, hand=["cross", "cross"]), chars=CHARS)
    boost(d, "scarletterror", "spike", "sweep")
    d.move_to(P1, dest)
    d.respond(P1, "bloodyhighclaw", ["cross", "cross"])
    d.pay(*ULTRA_GAUGE)
    d.move_to(P1, dest)
    assert (d.space(P1), d.space(P2)) == (dest, opp)
    assert (d.life(P1), d.life(P2)) == (30, 21)


@pytest.mark.parametrize(("exceeded", "attack", "spaces", "p2_life", "next_player"), [
    (False, "cross", (9, 7), 25, P2), (True, "assault", (8, 7), 23, P1)])
def test_vega_repel_leap_bonus_on_normals(exceeded: bool, attack: str, spaces: tuple[int, int],
                                          p2_life: int, next_player: object) -> None:
    """Vega, Repel Leap to the far edge (9), then a Normal (client:
    ``test_vega_scarletterror_boost_default_edge_normal``, ``..._exceeded_edge_normal``):
    the used bonus applies to Normals too: Cross 3 + 2 = 5; exceeded, Assault (5 + 1
    speed) beats Cross, closes to 8 and hits for 4 + 3 = 7, with advantage."""
    d = position(p1=dict(space=1, hand=["scarletterror", "spike", "sweep", attack],
                         exceeded=exceeded),
                 p2=dict(space=7, hand=["cross"]), chars=CHARS)
    boost(d, "scarletterror", "spike", "sweep")
    d.move_to(P1, 9)
    d.respond(P1, attack, "cross")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
    assert d.expect(ActionRequest).player == next_player


@pytest.mark.parametrize(("vega", "spaces", "life"), [(4, (4, 5), (26, 30)), (3, (6, 9), (30, 27))])
def test_vega_rolling_crystal_flash_speed_from_empty_spaces(
        vega: int, spaces: tuple[int, int], life: tuple[int, int]) -> None:
    """Vega, Rolling Crystal Flash (speed 2, +1 per space between the fighters; before:
    close 5; hit: push 3) against Assault (5) on 7 (client:
    ``test_vega_rollingcrystalflash_speedboost_tooslow``, ``..._justright``): from 4 it
    is 4 and Assault stuns him first; from 3 it is 5, wins the tie, closes to 6, hits for
    3 and pushes P2 to 9."""
    d = position(p1=dict(space=vega, hand=["rollingcrystalflash"]),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    d.strike("rollingcrystalflash", "assault")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == life


@pytest.mark.parametrize(("light", "p1_life", "p2_gauge"), [(False, 30, 0), (True, 21, 1)])
def test_vega_rolling_crystal_flash_speed_read_again_by_lumiere(
        light: bool, p1_life: int, p2_gauge: int) -> None:
    """Vega, Rolling Crystal Flash against Nanase's Lumiere of the Dawn (speed 4, armor
    6; "before: [if speed_greater_than OPPONENT_SPEED] attack_does_not_hit +
    lose_all_armor") (client: ``test_vega_rollingcrystalflash_speed_reset_vs_active``,
    ``..._attack_only``). From 5 against 9 RCF is 5 (7 with Sweep's boost Light) and
    goes first: closes to 8, hits for 3 - 6 = 0. When Lumiere reads the speeds, Vega is
    adjacent: 2 (4 with Light). 4 > 2: Lumiere does not hit; 4 > 4 is false: it hits
    for 9."""
    p1: dict[str, object] = dict(space=5, hand=["rollingcrystalflash"])
    if light:
        p1["boosts"] = ["sweep"]
    d = position(p1=p1, p2=dict(space=9, hand=["lumiereofthedawn"], gauge=ULTRA_GAUGE),
                 chars=("vega", "nanase"))
    d.strike("rollingcrystalflash", "lumiereofthedawn")
    d.pay(*ULTRA_GAUGE)
    assert (d.space(P1), d.space(P2)) == (8, 9)
    assert (d.life(P1), d.life(P2)) == (p1_life, 30)
    assert d.zone(P1, Zone.GAUGE) == ["Rolling Crystal Flash"]
    assert len(d.zone(P2, Zone.GAUGE)) == p2_gauge


def test_vega_rolling_crystal_flash_adjacent_speed_hits_through_conceal() -> None:
    """Vega's Rolling Crystal Flash (from the edge: +2 power) against Chaos's Conceal
    ("higher_speed_misses: attacks of speed 5 or more do not hit you") (client:
    ``test_vega_rollingcrystalflash_speed_reset_vs_passive``). Vega on 9, Chaos on 5:
    RCF is 5 and goes first, closes to 6, and at the hit its speed is 2: it hits for 5,
    pushes Chaos 3 (to 2) and stuns her."""
    d = position(p1=dict(space=5, hand=["conceal"]),
                 p2=dict(space=9, hand=["rollingcrystalflash"]), chars=("chaos", "vega"),
                 active=P1)
    d.strike("conceal", "rollingcrystalflash")
    assert (d.space(P1), d.space(P2)) == (2, 6)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert d.zone(P2, Zone.GAUGE) == ["Rolling Crystal Flash"]
