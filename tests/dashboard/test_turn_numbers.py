"""The Game page numbers turns as the game does, on a game played on from a built position.

Such a game (``exceed play --position``, a bug capsule) starts at the turn its recipe
names: here turn 5 after a stated turn 4. The board's header says "turn 5" through the
replay's cursor (tests/replay/viewer/test_turn_numbers.py); the timeline's turn ticks,
its win-probability hover texts and the analysed decisions' labels counted turn starts
instead, so the same moment read "turn 1" under the chart and "turn 5" on the board.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import winprob
from engine import events as ev
from engine.recording.record import read_game
from replay.cli import main
from replay.query import Params, analyse_and_store, games, open_source
from replay.viewer.cursor import Replay
from tests.dashboard.page_kit import decision_radio

RECIPE = {"p1": {"space": 3, "hand": ["hadoken", "hadoken", "focus"]},
          "p2": {"space": 6, "hand": ["grasp"], "life": 9},
          "active": "p1", "turn": 4}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the log, an index holding it with a stored analysis): a heuristic game played
    on from a built position whose first turn is turn 5."""
    folder = tmp_path_factory.mktemp("built-game")
    (folder / "pos.json").write_text(json.dumps(RECIPE))
    log, db = folder / "built.exlog", folder / "index.duckdb"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        assert main(["play", "--p1", "ryu", "--p2", "ken", "--position",
                     str(folder / "pos.json"), "--out", str(log)]) == 0, out.getvalue()
        assert main(["index", str(log), "--db", str(db), "--jobs", "1"]) == 0, out.getvalue()
    analyse_and_store(str(log), db, Params(rollouts=4, max_options=2), jobs=1)
    return log, db


def _numbers(log: Path) -> tuple[list[int], list[int]]:
    replay = Replay(read_game(log))
    starts = [i for i, e in enumerate(replay.events) if type(e) is ev.TurnStarted]
    return starts, [e.turn for e in replay.events if type(e) is ev.TurnStarted]


def test_turn_at_and_turn_positions_use_the_games_numbers(built: tuple[Path, Path]) -> None:
    starts, numbers = _numbers(built[0])
    assert numbers[0] == 5 and len(numbers) > 1
    assert winprob.turn_at(starts[0], starts, numbers) is None  # before turn 5 starts
    assert winprob.turn_at(starts[0] + 1, starts, numbers) == 5
    assert winprob.turn_at(starts[1] + 1, starts, numbers) == numbers[1]
    assert winprob.turn_positions((), starts, numbers) == {
        n: s + 1 for n, s in zip(numbers, starts, strict=True)}
    # without numbers (a dealt game's turn starts) the count is the turn, as before
    assert winprob.turn_at(starts[1] + 1, starts) == 2


def test_the_game_page_ticks_and_decisions_say_the_games_turns(
        built: tuple[Path, Path], app: Callable[..., AppTest]) -> None:
    log, db = built
    _, numbers = _numbers(log)
    game = games(open_source(db))[0]
    at = app(game=game.game_id, db=db)
    spec: dict[str, Any] = json.loads(at.get_by_key(f"game.timeline.{game.game_id}").proto.spec)
    layout = spec["layout"]
    ticks = [t for key, axis in layout.items() if key.startswith("xaxis")
             for t in axis.get("ticktext", [])]
    assert ticks and ticks[0] == "5", ticks
    assert set(ticks) <= {str(n) for n in numbers}, ticks
    radio = decision_radio(at, game.game_id)
    labels = [str(o) for o in radio.options]
    assert labels, "the analysed decisions are listed"
    turns = {int(label.split(" · ")[0].removeprefix("T")) for label in labels}
    assert min(turns) >= 5 and turns <= set(numbers), labels
    hovers = [t for trace in spec["data"] for t in (trace.get("hovertext") or [])
              if isinstance(t, str) and t.startswith("turn ")]
    assert hovers and all(int(h.split()[1].split("<")[0]) >= 5 for h in hovers), hovers[:3]
