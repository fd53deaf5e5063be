"""The scenario builder refuses positions the rules cannot reach."""

from __future__ import annotations

import pytest

from engine.ids import Player
from engine.scenario import Scenario, ScenarioError


def test_two_fighters_on_one_space_is_refused() -> None:
    """Core rulebook, Move: "You can never be in the same space as the opponent"."""
    builder = Scenario("ryu", "ken").player(Player.P1, space=5).player(Player.P2, space=5)
    with pytest.raises(ScenarioError, match="two different spaces"):
        builder.build()


def test_a_space_off_the_arena_is_refused() -> None:
    """Core rulebook, Setup: the arena is always 9 spaces."""
    with pytest.raises(ScenarioError, match=r"1\.\.9"):
        Scenario("ryu", "ken").player(Player.P1, space=10).build()


def test_more_copies_than_the_deck_holds_is_refused() -> None:
    with pytest.raises(ScenarioError, match="no more copies"):
        Scenario("ryu", "ken").player(Player.P1, hand=["hadoken"] * 3).build()
