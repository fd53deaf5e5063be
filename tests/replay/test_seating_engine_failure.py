"""A person's game at the terminal, and a fork played on, when the engine raises.

Found walking the developer's path with a planted bug (Powerup raising from turn 8):
``exceed play --agents human,random --out hum.exlog`` answered 53 decisions and then
printed ``exceed play: internal error: RuntimeError: ...`` and deleted the whole game
(``record_seated`` removed its ``.part`` file on any exception); ``exceed fork ...
--choose 0`` did the same with the fork played on. Now the log keeps every step before
the failure, unfinished, under its name, and the one line names the decision, the turn
and that log (exit 70, an internal error).

The bug is planted by making ``Game._advance`` raise at one decision.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import plant_engine_bug

from engine import read_game
from replay.cli import main
from replay.verification.verify import verify

ROOT = Path(__file__).resolve().parents[2]
PARENT = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
FAILS_AT = 12  # the decision (from 0) at which the planted bug raises


@pytest.fixture(autouse=True)
def planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    plant_engine_bug(monkeypatch, FAILS_AT)


def assert_kept(log: Path, err: str, command: str) -> None:
    """One line naming the decision and the log; the log holds every step before it."""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"exceed {command}: internal error at decision {FAILS_AT} (turn ")
    assert "RuntimeError: planted bug" in err
    assert err.rstrip("\n").endswith(f"; the game so far is kept, unfinished, in {log}")
    assert not log.with_name(log.name + ".part").exists()
    game = read_game(log)
    assert game.trailer is None and len(game.decisions) == FAILS_AT
    verdict = verify(game)
    assert verdict.divergence is None and verdict.checked == FAILS_AT


def test_a_persons_game_is_kept_when_the_engine_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n" * 200))
    log = tmp_path / "mine.exlog"
    code = main(["play", "--p1", "ryu", "--p2", "ken", "--seed", "3",
                 "--agents", "human,random", "--out", str(log)])
    out, err = capsys.readouterr()
    assert code == 70
    assert "what your seat saw above is the game up to it" in err
    assert "-- decision " in out  # the person was asked before the bug
    assert_kept(log, err, "play")


def test_a_fork_played_on_is_kept_when_the_engine_raises(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "fork.exlog"
    code = main(["fork", str(PARENT), "--at", "2", "--choose", "0", "--out", str(log)])
    _, err = capsys.readouterr()
    assert code == 70
    assert_kept(log, err, "fork")
    assert read_game(log).header.fork_at == 2
