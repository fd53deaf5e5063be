"""``exceed play`` with a person at the terminal, as a real process: Ctrl-C and a closed
output keep the game so far (split from ``test_terminal_play.py``)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

from engine import read_game
from replay.verification.verify import verify

SEED = 2
ZEROS = "0\n" * 1000


def as_from_a_terminal() -> None:
    """A ``preexec_fn``: Ctrl-C at its default in the command, as from a terminal (an
    ignored SIGINT would be inherited; tests/replay/test_workers.py says why)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_in_a_real_process_keeps_the_game_so_far(tmp_path: Path) -> None:
    out = tmp_path / "sigint.exlog"
    env = {k: v for k, v in os.environ.items() if k != "EXCEED_DEBUG"}
    process = subprocess.Popen(
        [sys.executable, "-m", "replay.cli", "play", "--p1", "ryu", "--p2", "ken", "--agents",
         "human,heuristic", "--out", str(out)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env, preexec_fn=as_from_a_terminal)
    try:
        assert process.stdout is not None and process.stdin is not None
        seen = ""
        while "(? for help): " not in seen:  # the first question is waiting for input
            char = process.stdout.read(1)
            assert char, f"exited before asking: {seen[-500:]}"
            seen += char
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=300)
    finally:
        process.kill()
    assert process.returncode == 130
    assert err == (f"exceed play: stopped at decision 1 (interrupted); the game so far is "
                   f"kept, unfinished, in {out}\n")
    log = read_game(out)
    assert not log.sealed and len(log.decisions) == 1


def test_a_closed_output_keeps_the_game_so_far(tmp_path: Path) -> None:
    """``exceed play --agents human,heuristic | head``: the reader of the transcript goes
    away. The game so far is kept, as for any stop, and the one line says why; before,
    the broken pipe was blamed on the log (``cannot write OUT: Broken pipe``), the log
    was deleted and the exit was 2."""
    out = tmp_path / "piped.exlog"
    env = {k: v for k, v in os.environ.items() if k != "EXCEED_DEBUG"}
    process = subprocess.Popen(
        [sys.executable, "-m", "replay.cli", "play", "--p1", "ryu", "--p2", "ken", "--agents",
         "human,heuristic", "--seed", str(SEED), "--out", str(out)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env)
    try:
        assert process.stdout is not None and process.stdin is not None
        assert process.stdout.readline().startswith("EXCEED p1 Ryu (human) vs p2 Ken Masters")
        process.stdout.close()  # as `| head -1` does
        with contextlib.suppress(BrokenPipeError):  # it may have stopped already
            process.stdin.write(ZEROS)
            process.stdin.close()
        assert process.stderr is not None
        err = process.stderr.read()
        process.wait(timeout=300)
    finally:
        process.kill()
    log = read_game(out)
    assert process.returncode == 1
    assert err == (f"exceed play: stopped at decision {len(log.decisions)} (output closed); "
                   f"the game so far is kept, unfinished, in {out}\n")
    assert not log.sealed and verify(log).divergence is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["piped.exlog"]
