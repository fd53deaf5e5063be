"""A position's ``areas`` only for a fighter that keeps named areas (Under Night).

Found by reading the builder: ``areas`` took any name for any fighter, and for one that
is not Under Night's the cards left every zone the rules read (only Under Night's
mechanic keeps named areas and no other rule emits ``CardEnteredArea``): a recipe gave
Ryu ``{"areas": {"web": ["grasp"]}}`` and the Grasp was simply gone. It is refused now
in one line naming the seat, the field and the name, as the other recipe refusals are.
"""

from __future__ import annotations

import pytest
from uni_fixture import UNI_CATALOG

from engine import Player, Scenario
from engine.mechanics.under_night.state import area
from engine.play.seat_cards import ScenarioError


def test_an_area_for_a_fighter_without_areas_is_refused() -> None:
    with pytest.raises(ScenarioError) as refused:
        Scenario.from_recipe("ryu", "ken", {"p1": {"areas": {"web": ["grasp"]}}}).build()
    assert str(refused.value) == (
        "p1: areas names 'web', but Ryu keeps no named areas (only an Under Night fighter "
        "does; set-aside cards go in set_aside)")


def test_a_set_aside_area_for_a_tag_team_is_refused_too() -> None:
    with pytest.raises(ScenarioError, match=r"^p2: areas names 'set_aside', but .* and .* "
                       r"keep no named areas"):
        Scenario("ryu", "ryu+ken").player(Player.P2, areas={"set_aside": ["grasp"]}).build()


def test_an_under_night_fighter_keeps_its_areas_and_the_other_seat_is_checked() -> None:
    state = Scenario("unitester", "ryu", UNI_CATALOG).player(
        Player.P1, areas={"web": ["grasp"]}).build()
    assert len(area(state, Player.P1, "web")) == 1
    with pytest.raises(ScenarioError, match=r"^p2: areas names 'web', but Ryu keeps"):
        Scenario("unitester", "ryu", UNI_CATALOG).player(
            Player.P2, areas={"web": ["grasp"]}).build()


def test_an_empty_area_places_nothing_and_is_not_refused() -> None:
    """``{"web": []}`` for Ryu places no card, so nothing is lost: built like the same
    recipe without it (the cards in every zone, the same hand)."""
    empty = Scenario.from_recipe("ryu", "ken", {"p1": {"hand": ["grasp"], "areas": {"web": []}}})
    plain = Scenario.from_recipe("ryu", "ken", {"p1": {"hand": ["grasp"]}})
    with_empty, without = empty.build(), plain.build()
    assert with_empty.players[Player.P1].hand == without.players[Player.P1].hand
    assert with_empty.players[Player.P1].deck == without.players[Player.P1].deck
    assert len(with_empty.players[Player.P1].hand) == 1
    # an area with cards beside it is still refused, by its own name
    with pytest.raises(ScenarioError, match=r"^p1: areas names 'web2', but Ryu keeps"):
        Scenario.from_recipe("ryu", "ken", {"p1": {"areas": {"web": [], "web2": ["dive"]}}}
                             ).build()
