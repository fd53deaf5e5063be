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
