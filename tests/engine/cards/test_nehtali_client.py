"""Nehtali: situations of the reference client's ``test/unit/test_nehtali.gd`` that our
Nehtali tests (``test_nehtali.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Nehtali" and the ``standard`` normals. As in the client's
tests, P2 is Nehtali too.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, position

CHARS = ("nehtali", "nehtali")
GAUGE5 = ["grasp", "cross", "dive", "spike", "sweep"]


@pytest.mark.parametrize(("p2_gauge", "option", "spaces", "p2_life"), [
    ([], "retreat 1", (3, 5), 30), (GAUGE5, "advance 1", (5, 7), 20)])
def test_nehtali_heavens_punishment_counts_the_opponents_gauge(
        p2_gauge: list[str], option: str, spaces: tuple[int, int], p2_life: int) -> None:
    """Heaven's Punishment (3 gauge, power 0; "before: powerup_per_gauge 2
    {count_opponent}"; after: advance 1 | retreat 1) against Assault (client:
    ``test_nehtali_heavenspunishment_poweruppergauge_opponent_none``, ``..._opponent``).
    From 4 against 7 it goes first (tie). With P2's gauge empty it hits for 0 (no
    stun), Nehtali retreats to 3, and Assault closes to 5 and misses; with 5 gauge
    cards it hits for 10 and stuns."""
    d = position(p1=dict(space=4, hand=["heavenspunishment"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=7, hand=["assault"], gauge=p2_gauge), chars=CHARS)
    d.strike("heavenspunishment", "assault")
    d.pay("grasp", "cross", "dive")
    d.choose(option)
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == (30, p2_life)


@pytest.mark.parametrize(("p2_gauge", "p2_life"), [(GAUGE5[:2], 27), (GAUGE5[:3], 24)])
def test_nehtali_azazels_torment_needs_three_opposing_gauge(p2_gauge: list[str],
                                                            p2_life: int) -> None:
    """Azazel's Torment ("[if min_cards_in_gauge 3, of the opponent] powerup 3; hit: push
    3") against Assault (client: ``test_nehtali_azazelstorment_mincardsgauge_opponent_fail``,
    ``..._success``): from 1 it hits P2 (3) first for 3 (6 with 3 opposing gauge) and
    pushes him to 6; stunned (guard 0), his Assault never acts."""
    d = position(p1=dict(space=1, hand=["azazelstorment"]),
                 p2=dict(space=3, hand=["assault"], gauge=p2_gauge), chars=CHARS)
    d.strike("azazelstorment", "assault")
    assert (d.space(P1), d.space(P2)) == (1, 6)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
