"""The heuristic agent moves Iron Tager by his movement limit when it judges reach.

roster.md, Iron Tager: flags ``movement_limit=2, movement_limit_optional_exceeded=True``
(his character card: an advance, retreat or close moves him at most 2 spaces; exceeded,
he may ignore the limit). Dive ("Before: Advance 3", range 1) therefore reaches from 3
spaces away, not from 4, as the engine moves him (``engine.effects.movement``). The
agent judged Dive by the printed advance 3 and struck with it from 4 spaces away, where
it misses (a kit-table game, Iron Tager against random Ryu, seed 9000: "Iron Tager moves
7 -> 5 ... misses (out of range, range 2)").

Each test builds a position with the scenario builder and asks the heuristic agent from
its own view (``observe``).
"""

from __future__ import annotations

from conftest import CATALOG, heuristic_decision

from engine.core.decisions import Prepare
from engine.core.ids import Player
from engine.knowledge.views import observe
from engine.play import heuristic_reach as reach
from engine.play.api import Game
from engine.play.heuristic import HeuristicAgent
from engine.play.scenario import Scenario

P1, P2 = Player.P1, Player.P2
DIVE = CATALOG.card("standard_normal_dive")
HAND = ["standard_normal_dive", "standard_normal_block", "standard_normal_grasp"]


def _game(here: int, exceeded: bool = False) -> Game:
    """Iron Tager on ``here``, Ryu on 3, Tager to act."""
    extra = {"exceeded": True, "overdrive": ["standard_normal_cross"] * 2} if exceeded else {}
    sc = Scenario("tager", "ryu", CATALOG).player(P1, space=here, hand=HAND, **extra)
    return sc.player(P2, space=3, hand=["grasp", "cross"]).active(P1).game()


def _dive_reaches(game: Game) -> bool:
    view = observe(game.state, P1)
    agent = HeuristicAgent(0, P1, CATALOG)
    here = view.players[P1].space
    return reach.hits_from(agent, view, DIVE, here, reach.range_bonuses(agent, view))


def test_dive_reaches_from_3_spaces_not_4_under_the_limit() -> None:
    """Advance 3 moves Tager 2: from 6 (3 away) he ends next to Ryu, from 7 (4 away)
    2 spaces short of range 1."""
    assert DIVE.range == (1, 1)
    assert _dive_reaches(_game(6))
    assert not _dive_reaches(_game(7))


def test_four_spaces_away_tager_does_not_strike_with_dive() -> None:
    """With nothing else in reach, 4 spaces away he does not strike (he Prepares); before,
    reading Dive's advance 3 in full, he struck and missed."""
    _, decision = heuristic_decision(_game(7))
    assert isinstance(decision, Prepare), decision


def test_exceeded_tager_takes_the_full_advance() -> None:
    """Exceeded (in Overdrive, two cards there so the turn's Overdrive step leaves him
    exceeded), Tager may ignore the limit (``movement_limit_optional_exceeded``): Dive
    reaches from 4 spaces away again."""
    game = _game(7, exceeded=True)
    assert game.state.players[P1].exceeded
    assert _dive_reaches(game)
