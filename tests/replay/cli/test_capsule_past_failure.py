"""``exceed capsule FILE --at E`` for a moment past where this engine stops re-simulating
the log (a bug it raises, a broken invariant, a divergence).

Found walking the developer's path with a planted bug (Powerup raising from turn 8):
``exceed capsule sample_games/akuma-vs-bison_heuristic-vs-heuristic_seed200.exlog --at
230`` said ``--at 230 is out of range: the game has events 1-216``, though the log has
234 events (``exceed info`` says so): 216 is where this engine raised. The line now
says that this engine stops there, why, and how to cut that failure (``--failing``).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from engine import read_game
from replay.cli import main
from tests.planted_kit import PLANTED, plant_powerup_bug

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "sample_games" / "akuma-vs-bison_heuristic-vs-heuristic_seed200.exlog"


def test_a_moment_past_the_engines_failure_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plant_powerup_bug(monkeypatch)
    assert read_game(GAME).event_count == 234
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["capsule", str(GAME), "--at", "230", "--out", str(tmp_path)])
    assert (code, out.getvalue()) == (2, "")
    assert err.getvalue() == (
        f"exceed capsule: {GAME}: --at 230 is past where this engine stops re-simulating "
        f"the log: exception at decision 52 (RuntimeError: {PLANTED}), after event 216; cut "
        "that failure with --failing (exceed verify reports it)\n")
    assert not any(tmp_path.iterdir())
