"""Card audit of the BlazBlue fighters (season 5): attacks, boosts, abilities, kickers and
overdrive effects checked against roster.md and effects.md where the fighters' own
tests leave a behaviour open that the engine got wrong (or a subtle one right).

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, P2, boost, versus

from engine.core.decisions import ActionRequest
from engine.core.ids import Zone

# --- Kokonoe Mercury ----------------------------------------------------------------------


def test_kokonoe_planar_haze_else_branch_takes_no_bonus_action() -> None:
    """Kokonoe, Banishing Rays' boost Planar Haze v1.24 (immediate, 1F): ``immediate:
    [if buddy_space_unoccupied(Gravitron)] move_to_buddy else (choice <advance 4 |
    advance 5>) + bonus_action`` (roster.md; roster.json puts bonus_action in the
    ``and`` of move_to_buddy). roster.md, Notation: "``+ x`` = chained follow-up (runs
    after, only if the parent ran)"; effects.md, Conditions: "when false, the effect is
    skipped (its else branch runs if present) and its and chain is skipped too". With
    no Gravitron in play she advances 2 -> 7 and her turn ends (Ryu acts next), with no
    second action."""
    d = versus(("kokonoe", "ryu"), dict(space=2, hand=["banishingrays", "dive"]),
             dict(space=5))
    boost(d, "banishingrays", "dive")
    d.choose("advance 4")
    assert d.space(P1) == 7
    assert d.expect(ActionRequest).player == P2
    assert d.zone(P1, Zone.DISCARD) == ["Dive", "Banishing Rays v3.10"]


def test_kokonoe_planar_haze_gravitron_under_the_opponent_takes_no_bonus_action() -> None:
    """Kokonoe, Planar Haze v1.24 with Gravitron on Ryu's space (5): the space is
    occupied, so ``buddy_space_unoccupied`` fails; the else branch (advance 4 or 5) runs
    and the chained ``bonus_action`` does not (roster.md Notation, effects.md
    Conditions): she advances 3 -> 8 and Ryu acts next."""
    d = versus(("kokonoe", "ryu"),
             dict(space=3, hand=["banishingrays", "dive"], buddies={"gravitron": 5}),
             dict(space=5))
    boost(d, "banishingrays", "dive")
    d.choose("advance 4")
    assert d.space(P1) == 8
    assert d.expect(ActionRequest).player == P2
