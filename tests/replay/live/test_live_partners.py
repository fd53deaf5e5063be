"""The Tag Team partners the Play form lists (``replay.live.table.live_partners``):
Street Fighter rulebook, Variant: Tag Team, builds the 52-card team deck from the two
fighters' unique cards and Normals, so a fighter whose setup deals cards out of its deck
(a BlazBlue Astral Heat set aside, Nine's sealed cards) can be no one's partner. The
form listed every fighter, and choosing one of those was refused only at Start."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import default_catalog, team_member_problem
from replay.live import new_games, table
from replay.live.store import LiveError


def test_the_partners_are_the_fighters_a_team_may_hold() -> None:
    catalog = default_catalog()
    fighters = dict(table.live_fighters())
    partners = dict(table.live_partners())
    left_out = set(fighters) - set(partners)
    assert set(partners) <= set(fighters)
    assert {"ragna", "nine", "hazama"} <= left_out  # an Astral Heat aside; sealed gems
    assert {"ryu", "ken", "akuma", "gordeau"} <= set(partners)
    for char_id in left_out:  # each left out says why, and names itself
        assert (team_member_problem(catalog, char_id) or "").startswith(
            f"{char_id} cannot join a Tag Team")
    assert list(partners.items()) == [(c, n) for c, n in fighters.items() if c in partners]


@pytest.mark.parametrize("partner", ["ragna", "nine"])
def test_a_partner_left_off_the_list_is_refused_at_start(tmp_path: Path, partner: str) -> None:
    with pytest.raises(LiveError, match=f"{partner} cannot join a Tag Team"):
        new_games.create_live(tmp_path, f"ryu+{partner}", "ken")
    created = new_games.create_live(tmp_path, "ryu+ken", "ken")  # a listed pair starts
    assert created.game_id


def test_a_pair_that_makes_no_team_is_named_by_its_fighters() -> None:
    names = dict(table.live_fighters())
    assert table.team_refusal("p1", "ryu", "ken") is None
    assert table.team_refusal("p2", "ryu", "hyde") == (
        f"p2's Tag Team: Ryu and {names['hyde']} do not share the same Normals, as a team's "
        "two fighters must (Street Fighter rulebook, Variant: Tag Team); choose another "
        "partner")
    assert table.team_refusal("p1", "nine", "ryu") == (
        f"p1's Tag Team: {names['nine']} cannot be in a Tag Team (the team deck has no "
        "place for its cards dealt out of the deck at setup, set aside or sealed); choose "
        "another fighter")
    assert table.team_refusal("p1", "ken", "ken") == (
        "p1's Tag Team: Ken Masters twice; choose a partner other than the fighter")
