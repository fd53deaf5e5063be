"""``exceed capsule`` on a log whose recorded decision this engine refuses.

``exceed verify`` calls such a log a divergence (``the recorded decision is illegal
here``), but the capsule took the refusal for an exception: ``--failing`` then shrank it
by dropping illegal decisions, so it never reproduced (``the failure at decision 2 does
not reproduce from the position at event 24``, exit 2), and ``--at`` past it said
``exception at decision 2 (IllegalDecision: ...)`` and sent the user to that ``--failing``.
It is a divergence now: the capsule is written, its test fails while the engine refuses
the decision, and its log verifies.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from engine.play.api import GameSetup
from engine.recording.log import read_log
from engine.recording.record import record_to_file
from replay.cli import main
from tests.engine.recording.log_helpers import with_decision

ROOT = Path(__file__).resolve().parents[3]


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _illegal_log(tmp_path: Path) -> Path:
    """A game whose decision 2 (p2's first action) is made a move to p1's own space."""
    played = tmp_path / "played.exlog"
    record_to_file(played, GameSetup(p1="ryu", p2="ken"), 1, ("heuristic", "random"))
    assert dict(read_log(played).steps[3])["decision"] == ["move", 1]
    # p1 stands on 7: no legal move goes there
    return with_decision(played, tmp_path / "illegal.exlog", 3, ["move", 7])


def test_failing_cuts_an_illegal_decision_as_a_divergence(tmp_path: Path) -> None:
    log = _illegal_log(tmp_path)
    code, out, _ = _run("verify", str(log))
    assert code == 1 and "the recorded decision is illegal here" in out
    caps = tmp_path / "caps"
    code, out, err = _run("capsule", str(log), "--failing", "--out", str(caps))
    assert code == 0, err
    line = out.splitlines()[0]
    assert "divergence at decision 2 (decision 2 is illegal on this engine: illegal " \
        "decision move(space=7) for p2" in line
    assert "not shrunk" in line
    test = caps / "test_illegal_failing.py"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's engine
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "--rootdir", str(caps), str(test)], capture_output=True, text=True,
                         env=env, cwd=caps, timeout=600)
    assert ran.returncode == 1, ran.stdout  # fails while this engine refuses the decision
    assert "IllegalDecision" in ran.stdout
    code, out, err = _run("verify", str(caps / "illegal_failing.exlog"))
    assert code == 0 and "identical" in out, out + err


def test_at_past_an_illegal_decision_names_it(tmp_path: Path) -> None:
    log = _illegal_log(tmp_path)
    code, _, err = _run("capsule", str(log), "--at", "60", "--out", str(tmp_path / "c"))
    assert code == 2
    assert "--at 60 is past where this engine stops re-simulating the log: divergence " \
        "at decision 2 (decision 2 is illegal on this engine: illegal decision " in err
    assert "IllegalDecision" not in err
