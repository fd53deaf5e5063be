"""``exceed analyze`` when this engine raises while it analyses a log (a bug met in the
log's points or in a rollout from them).

Found walking the developer's path with a planted bug (Powerup raising from turn 8):
``exceed analyze sample_games/akuma-vs-bison_heuristic-vs-heuristic_seed200.exlog``
printed only ``exceed analyze: internal error: RuntimeError: ...``, naming no log, and
with several logs (a folder) stopped at the first, the others never analysed. Now each
such log gets one line naming it, nothing is stored for it, the next logs are analysed,
and the exit is 70 (an internal error), the worst over the files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.cards import schema as c
from engine.effects.registry import HANDLERS
from replay.cli import main

ROOT = Path(__file__).resolve().parents[3]
LOGS = [ROOT / "sample_games" / "akuma-vs-bison_heuristic-vs-heuristic_seed200.exlog",
        ROOT / "sample_games" / "ryu-vs-ken_random-vs-random_seed0.exlog"]
QUICK = ["--rollouts", "2", "--best", "0", "--no-review", "--no-store"]


def test_each_failing_log_is_named_and_the_next_is_analysed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def powerup(ctx: object, effect: object) -> None:
        raise RuntimeError("planted bug")

    monkeypatch.setitem(HANDLERS, c.Powerup, (powerup, False))
    monkeypatch.delenv("EXCEED_DEBUG", raising=False)
    code = main(["analyze", *map(os.fspath, LOGS), *QUICK])
    out, err = capsys.readouterr()
    assert code == 70 and out == "" and "Traceback" not in err
    assert err.splitlines() == [
        f"exceed analyze: internal error analysing {log}: RuntimeError: planted bug (set "
        "EXCEED_DEBUG=1 for a traceback); nothing stored for it" for log in LOGS]
