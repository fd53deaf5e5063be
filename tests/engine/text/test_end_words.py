"""The transcript's last line names the loser (``engine.text.notation``): the loser read
"GAME OVER: p2 Ken Masters wins (opponent resigned)" after resigning, as if Ken had
resigned, and "(life)" said whose life ran out only from the board. Found playing the
Play page as a newcomer."""

from __future__ import annotations

import copy

from engine import GameSetup, Player, Transcript, default_catalog, new_game
from engine.core.decisions import Resign


def _last_line(seed: int, resign: bool) -> str:
    catalog = default_catalog()
    game = new_game(GameSetup(p1="ryu", p2="ken"), seed, catalog)
    words = Transcript(copy.deepcopy(game.state), catalog)
    lines: list[str | None] = []
    while game.pending is not None:
        start = len(game.events)
        options = list(game.pending.options())
        strike = [o for o in options if type(o).__name__ == "Strike"]
        game.step(Resign(player=Player.P1) if resign else (strike or options)[0])
        lines += [words.feed(event) for event in game.events[start:]]
    return [line for line in lines if line is not None][-1]


def test_a_resignation_names_who_resigned() -> None:
    assert _last_line(5, resign=True) == "GAME OVER: p2 Ken Masters wins (p1 Ryu resigned)"


def test_a_life_loss_names_whose_life_reached_0() -> None:
    assert _last_line(1, resign=False) == "GAME OVER: p2 Ken Masters wins (p1 Ryu's life reached 0)"
    assert _last_line(5, resign=False) == \
        "GAME OVER: p1 Ryu wins (p2 Ken Masters' life reached 0)"
