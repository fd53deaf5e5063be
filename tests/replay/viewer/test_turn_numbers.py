"""Turn numbers in the replay viewer are the game's own, as every other surface says them.

A game played on from a built position (``exceed play --position``, a bug capsule) starts
at the turn its recipe names: here turn 5 after a stated turn 4. The transcript prints
``== turn 5``, ``exceed info`` counts up to the last turn number, ``verify`` and the index
use ``state.turn``; ``exceed replay --turn N``, its header and the interactive ``t``/``T``
keys used to count turn starts instead, so ``--turn 5`` showed turn 9 headed "turn 5" and
``--turn 17`` (the last turn, as ``info`` says) was refused.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine import events as ev
from engine.recording.record import read_game
from replay.cli import main
from replay.viewer.cursor import Replay, SeekError
from replay.viewer.session import Session, run_lines

RECIPE = {"p1": {"space": 3, "hand": ["hadoken", "hadoken", "focus"]},
          "p2": {"space": 6, "hand": ["grasp"], "life": 9},
          "active": "p1", "turn": 4}


@pytest.fixture(scope="module")
def built_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A heuristic game played on from a built position whose next turn is turn 5."""
    folder = tmp_path_factory.mktemp("built")
    (folder / "pos.json").write_text(json.dumps(RECIPE))
    log = folder / "built.exlog"
    code = main(["play", "--p1", "ryu", "--p2", "ken", "--position", str(folder / "pos.json"),
                 "--out", str(log)])
    assert code == 0
    return log


def _turn_started(replay: Replay) -> list[tuple[int, int]]:
    """(position just after it, its turn) for every TurnStarted of the log."""
    return [(i + 1, e.turn) for i, e in enumerate(replay.events) if type(e) is ev.TurnStarted]


def test_turns_are_the_games_numbers(built_log: Path) -> None:
    replay = Replay(read_game(built_log))
    started = _turn_started(replay)
    assert started[0][1] == 5  # the recipe's turn 4 is over: turn 5 is the first played
    for position, turn in started:
        replay.seek_turn(turn)
        assert replay.position == position
        assert replay.turn_at() == turn == replay.state.turn
    replay.seek(replay.length)
    log = read_game(built_log)
    assert log.trailer is not None and replay.turn_at() == log.trailer.turns
    with pytest.raises(SeekError, match=r"^turn 1 is outside 5\.\."):
        replay.seek_turn(1)


def test_turn_at_is_the_state_turn_at_every_position(built_log: Path) -> None:
    replay = Replay(read_game(built_log))
    for position in range(replay.length + 1):
        replay.seek(position)
        assert replay.turn_at() == replay.state.turn, position


def test_cli_turn_shows_that_turn(built_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(built_log), "--turn", "5", "--recent", "1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("== turn 5 · ")
    assert out.splitlines()[-1].endswith("== turn 5: p1 Ryu ==")
    last = read_game(built_log).trailer
    assert last is not None
    assert main(["replay", str(built_log), "--turn", str(last.turns), "--recent", "1"]) == 0
    assert capsys.readouterr().out.startswith(f"== turn {last.turns} · ")
    assert main(["replay", str(built_log), "--turn", "1"]) == 2
    err = capsys.readouterr().err
    assert err == f"exceed replay: turn 1 is outside 5..{last.turns}\n"


def test_keys_step_through_the_games_turns(built_log: Path) -> None:
    replay = Replay(read_game(built_log))
    out = io.StringIO()
    run_lines(Session(replay, None, recent=0), ["t", "t", "T", "T", "q"], out)
    headers = [line.split(" · ")[0] for line in out.getvalue().splitlines()
               if line.startswith("== turn ")]
    assert headers == ["== turn 0", "== turn 5", "== turn 6", "== turn 5", "== turn 5"]


def test_the_help_says_turn_is_the_games_turn_number(built_log: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Found checking `exceed replay -h` against docs/cli.md: --turn N was "(1-based)",
    but a game from a built position refuses --turn 1 (its turns start after the
    recipe's); the help now says N is the game's turn number, as the docs do."""
    assert main(["replay", str(built_log), "--turn", "1"]) == 2
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "1-based)" not in text.split("--turn N", 2)[2].split("--strike K")[0]
    assert ("the start of turn N, the game's turn number as the transcript's '== turn N' "
            "line gives it") in text
