"""Built positions for the heuristic agent's kit tests (``tests/engine/play/test_kit*.py``):
P1's fighter on the scenario builder's defaults against an opponent on space 7, P1 to act,
and the agent's answer to P1's pending request."""

from __future__ import annotations

from typing import Any

from engine import default_catalog
from engine.core.decisions import Decision
from engine.core.ids import Player
from engine.knowledge.views import observe
from engine.play.api import Game
from engine.play.heuristic import HeuristicAgent
from engine.play.scenario import Scenario

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2
FILLER = ["block", "focus"]
"""Cards that reach nothing at range 3 or more (Block has no range)."""


def position(fighter: str, opponent: str = "ryu", **seat: Any) -> Game:
    """``fighter`` as P1 with ``seat``'s fields (``them``: P2's), P2 on space 7 unless
    said, P1 to act."""
    them = seat.pop("them", {})
    sc = Scenario(fighter, opponent, CATALOG).player(P1, **seat)
    return sc.player(P2, **{"space": 7, **them}).active(P1).game()


def decide(game: Game, agent: HeuristicAgent | None = None) -> Decision:
    """The heuristic agent's answer (a fresh one unless ``agent``) to P1's pending request."""
    request = game.pending
    assert request is not None and request.player is P1, request
    return (agent or HeuristicAgent(0, P1, CATALOG)).decide(observe(game.state, P1), request)


def play(game: Game, agent: HeuristicAgent) -> Decision:
    """The agent answers P1's pending request, which is then played."""
    decision = decide(game, agent)
    game.step(decision)
    return decision
