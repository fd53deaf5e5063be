"""Rule tests for ``engine.play.heuristic_reach``: where the heuristic agent's attacks
reach beyond their printed range (movement before the hit, range the fighter adds, range
from the center), and the moves it makes to get a strong attack in range.

Each test builds a position with the scenario builder, asks the heuristic agent for its
decision from its own view, and asserts it; the card or rulebook section each rule reads
is named in the test's docstring.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards.catalog import default_catalog
from engine.core.decisions import (
    Decision,
    MoveTo,
    PayCards,
    PayForceRequest,
    Prepare,
    SetAttack,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Player
from engine.knowledge.views import observe
from engine.play.api import Game
from engine.play.heuristic import HeuristicAgent
from engine.play.heuristic_reach import moved
from engine.play.scenario import Scenario

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2
FILLER = ["block", "cross"]
"""Cards too weak to strike with (Block has no range; Cross: power 3, range 1-2)."""


def _position(fighter: str, opponent: str = "ryu", **seat: Any) -> Game:
    them = seat.pop("them", {})
    sc = Scenario(fighter, opponent, CATALOG).player(P1, **seat)
    return sc.player(P2, **{"space": 7, **them}).active(P1).game()


def _play(game: Game, agent: HeuristicAgent) -> Decision:
    request = game.pending
    assert request is not None and request.player is P1, request
    decision = agent.decide(observe(game.state, P1), request)
    game.step(decision)
    return decision


def _decide(game: Game) -> Decision:
    request = game.pending
    assert request is not None and request.player is P1, request
    return HeuristicAgent(0, P1, CATALOG).decide(observe(game.state, P1), request)


@pytest.mark.parametrize(("here", "them", "moves", "end"), [
    (2, 6, (("advance", 3),), 5),  # ends next to the opponent
    (3, 6, (("advance", 3),), 7),  # the third space is past them: their space skipped
    (5, 6, (("advance", 3),), 9),
    (2, 3, (("advance", 3),), 6),
    (8, 9, (("advance", 3),), 8),  # no space beyond them: no move
    (2, 6, (("close", 2),), 4),
    (2, 3, (("close", 2),), 2),  # already next to them
    (2, 6, (("retreat", 3),), 1),  # the arena ends at space 1
])
def test_movement_before_the_hit(here: int, them: int, moves: Any, end: int) -> None:
    """Core rulebook, Movement: advancing past the opponent skips their space; closing
    stops next to them; nobody leaves the arena (spaces 1 to 9)."""
    assert moved(here, them, moves) == end


def test_dive_reaches_from_three_spaces_away() -> None:
    """Dive (range 1, "Before: Advance 3") from 3 spaces away ends just past the
    opponent: it reaches, and striking from there the agent sets it (power 5, speed 4;
    Cross, range 1-2, does not reach). Whether to strike is the clash's: Dive lands in
    reach of Ryu's slower answers (``heuristic_first``)."""
    game = _position("ryu", space=3, hand=["dive", *FILLER], them={"space": 6})
    agent = HeuristicAgent(0, P1, CATALOG)
    game.step(Strike())
    assert isinstance(game.pending, SetAttackRequest)
    decision = _play(game, agent)
    assert isinstance(decision, SetAttack)
    assert CATALOG.card(game.state.card_defs[decision.cards[0]]).name == "Dive"


def test_dive_misses_from_next_to_the_opponent() -> None:
    """Dive from range 1 advances past the opponent and ends 3 spaces away: it misses,
    so with only Dive and no attack in range the agent does not strike."""
    game = _position("ryu", space=5, hand=["dive", *FILLER], them={"space": 6})
    assert _decide(game) != Strike()


def test_assault_closes_into_range() -> None:
    """Assault (range 1, "Before: Close 2") reaches an opponent 3 spaces away; striking
    from 3 spaces with Assault and Grasp, the agent sets Assault (Grasp reaches 1
    only). (Whether to strike from there is the clash's: Assault lands next to Ryu,
    whose slower Sweep and One Inch Punch then reach: ``test_kit_round6``.)"""
    sc = Scenario("ryu", "ryu", CATALOG).player(P1, space=3, hand=["assault", "grasp",
                                                                    *FILLER])
    game = sc.player(P2, space=6).active(P1).strike("first_sets").game()
    decision = _decide(game)
    assert isinstance(decision, SetAttack)
    assert CATALOG.card(game.state.card_defs[decision.cards[0]]).name == "Assault"


@pytest.mark.parametrize(("them", "pays"), [(7, True), (4, False)])
def test_nu13_buys_range_only_to_reach(them: int, pays: bool) -> None:
    """Nu-13's ability: "spend 1 force: +3~4 range" as she sets an attack. Spike
    (range 2-3) reaches 5 spaces only with it: she pays; 2 spaces away it would move
    Spike out of reach (5-7): she declines. (2 spaces away she no longer strikes with
    Spike of her own accord, ``heuristic_clash``: that strike starts set up.)"""
    hand = ["spike", "block", "grasp", "dive", "block"]
    agent = HeuristicAgent(0, P1, CATALOG)
    if pays:
        game = _position("nu13", space=2, hand=hand, them={"space": them})
        assert _play(game, agent) == Strike()
    else:
        game = Scenario("nu13", "ryu", CATALOG).player(P1, space=2, hand=hand).player(
            P2, space=them).active(P1).strike("first_sets").game()
    decision = _play(game, agent)
    assert isinstance(decision, SetAttack)
    assert CATALOG.card(game.state.card_defs[decision.cards[0]]).name == "Spike"
    assert isinstance(game.pending, PayForceRequest) and game.pending.optional
    paid = _play(game, agent)
    assert isinstance(paid, PayCards)
    assert bool(paid.cards) is pays


@pytest.mark.parametrize(("here", "them", "strikes"), [(4, 5, True), (8, 9, False)])
def test_mika_galaxy_measures_from_the_center(here: int, them: int, strikes: bool) -> None:
    """Mika's Galaxy (range 0-1, power 12): "calculate range from the center space"
    (space 5). Next to the opponent on 5 it reaches; next to one on 9 it does not (4
    spaces from the center), and with nothing else in reach the agent does not strike."""
    game = _position("mika", space=here, hand=["galaxy", *FILLER],
                     gauge=["sweep", "dive", "grasp"], them={"space": them})
    assert (_decide(game) == Strike()) is strikes


def test_moves_only_to_bring_a_strong_attack_in_range() -> None:
    """Core rulebook, Move (1 force a space): Cross (power 3, speed 6) would reach a
    space closer but is too weak to strike with (Grasp, range 1, would not); the agent
    prepares instead of paying a card to step in range of it (Nanase stepped back and
    forth, a card a turn)."""
    game = _position("nanase", space=2, hand=["cross", "grasp", *FILLER], them={"space": 5})
    assert _decide(game) == Prepare()


def test_moves_a_space_to_bring_sweep_in_range() -> None:
    """Core rulebook, Move: Sweep (range 1-3, power 6) reaches a space closer, so the
    agent moves there."""
    game = _position("nanase", space=2, hand=["sweep", *FILLER, "block"], them={"space": 6})
    assert _decide(game) == MoveTo(space=3)


def test_caught_you_is_not_counted_on_to_hit() -> None:
    """Byakuya's Caught You! (range 1-4, speed 8): "does not hit an opponent of speed 4
    or less", which is not known as it is set; in reach it does not make the agent
    strike (it struck with it, and missed, in lost games). Beside it, Block and Grasp
    (range 1), which reach nothing 2 spaces away (Cross would: it hits first and its
    "After: Retreat 3" takes Byakuya out of most answers' reach, ``heuristic_first``)."""
    game = _position("byakuya", space=3, hand=["caughtyou", "block", "grasp"],
                     them={"space": 5})
    assert _decide(game) == Prepare()  # neither Strike nor his character action's strike


def test_a_full_hand_moves_into_range_rather_than_striking_blind() -> None:
    """Core rulebook, Move: with a full hand (6) and nothing in reach, Cross (range
    1-2, too weak to move for with a short hand) reaches a space closer (Grasp, range 1,
    does not); the agent moves there rather than strike with nothing in range."""
    game = _position("nanase", space=2, hand=["cross", "block", "grasp"] * 2,
                     them={"space": 5})
    assert _decide(game) == MoveTo(space=3)
