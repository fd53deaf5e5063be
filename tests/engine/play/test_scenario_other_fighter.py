"""A position naming another fighter's card: said as such, not as "no more copies".

Found walking the developer's path: a bug capsule's position (Ryu against Ken) played
with the seats the other way round, ``exceed play --p1 ken --p2 ryu --position
CAPSULE.position.json``, said ``ken has no more copies of ryu_shoryuken``, as if Ken's
deck held some and the position took too many; Ken's deck holds none. The builder now
says the card belongs to another fighter and that the seat holds none of it, and keeps
"no more copies" for a card of the seat's own (a set-aside Astral Heat included).
"""

from __future__ import annotations

import pytest

from engine import Player, Scenario
from engine.play.seat_cards import ScenarioError


def test_another_fighters_card_is_named_as_such() -> None:
    with pytest.raises(ScenarioError) as refused:
        Scenario("ken", "ryu").player(Player.P1, hand=["ryu_shoryuken"]).build()
    assert str(refused.value) == ("p1: ryu_shoryuken belongs to another fighter; ken holds "
                                  "none of it (a position written for other fighters?)")


def test_too_many_copies_of_an_own_card_are_still_no_more_copies() -> None:
    with pytest.raises(ScenarioError, match=r"^ryu has no more copies of ryu_hadoken$"):
        Scenario("ryu", "ken").player(Player.P1, hand=["hadoken"] * 3).build()
    with pytest.raises(ScenarioError, match="no more copies of ragna_blackonslaught"):
        Scenario("ragna", "ryu").player(Player.P1, hand=["ragna_blackonslaught"] * 2).build()


def test_a_tag_team_holds_both_fighters_cards() -> None:
    state = Scenario("ryu+ken", "sagat").player(
        Player.P1, hand=["ryu_hadoken", "ken_hadoken"]).build()
    assert len(state.players[0].hand) == 2
