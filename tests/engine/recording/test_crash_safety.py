"""A recorder killed with SIGKILL leaves a readable log of every finished turn.

A real subprocess records a long game and, once turn 10 has ended and been flushed,
says "ready" and sleeps. The test kills it with SIGKILL (no cleanup, no atexit, no
buffer flush) and reads what reached the file: an unfinished game, undamaged or damaged
only at its tail, holding every step through turn 10, whose events are exactly the first
events of the same game played to the end in-process.
"""

from __future__ import annotations

import io
import os
import select
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine import events as ev
from engine.play.api import GameSetup
from engine.play.match import play_game
from engine.recording.game_log import GameLog
from engine.recording.record import read_game, read_game_bytes, record_game

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

SETUP = GameSetup(p1="ryu", p2="ken")
AGENTS = ("random", "random")
KILL_AFTER_TURN = 10
ROOT = Path(__file__).resolve().parents[3]

# Runs in the child. argv: path, seed. Records with a plain stream (no .part file).
DIRECT = textwrap.dedent(
    """
    import sys, time
    from engine import events as ev
    from engine.play.api import GameSetup
    from engine.cards.catalog import default_catalog
    from engine.play.match import play_game
    from engine.recording.record import Recorder, header_for

    path, seed, after = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    catalog = default_catalog()
    stream = open(path, "wb")
    recorder = None

    def start(game):
        global recorder
        recorder = Recorder(stream, header_for(game, seed, ("random", "random"), catalog), game)

    def hook(game, request, decision, caused):
        recorder.on_step(game, request, decision, caused)
        # the recorder flushes on every TurnEnded; wait until turn `after` has ended
        if any(type(e) is ev.TurnEnded for e in caused) and game.state.turn > after:
            print("ready", recorder.count, flush=True)
            while True:
                time.sleep(3600)

    play_game(GameSetup(p1="ryu", p2="ken"), seed, ("random", "random"), catalog,
              on_step=hook, on_start=start)
    print("finished without stopping", flush=True)
    """
)

# The same through record_to_file: the game must stay in the .part file.
VIA_PART = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    import engine.recording.record as record
    from engine import events as ev
    from engine.play.api import GameSetup

    path, seed, after = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    real_play_game = record.play_game

    def play_and_stop(setup, seed, agents, catalog, on_step, **more):
        def hook(game, request, decision, caused):
            on_step(game, request, decision, caused)
            if any(type(e) is ev.TurnEnded for e in caused) and game.state.turn > after:
                print("ready", flush=True)
                while True:
                    time.sleep(3600)
        return real_play_game(setup, seed, agents, catalog, on_step=hook, **more)

    record.play_game = play_and_stop
    record.record_to_file(path, GameSetup(p1="ryu", p2="ken"), seed, ("random", "random"))
    print("finished without stopping", flush=True)
    """
)


def _long_seed() -> int:
    """The first seed whose random-vs-random game lasts more than 20 turns."""
    for seed in range(50):
        if play_game(SETUP, seed, AGENTS).state.turn > 20:
            return seed
    raise AssertionError("no game among seeds 0..49 lasts more than 20 turns")


def _kill_when_ready(script: str, path: Path, seed: int) -> str:
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(path), str(seed), str(KILL_AFTER_TURN)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, text=True,
    )
    try:
        assert proc.stdout is not None and proc.stderr is not None
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, "the recorder never said ready"
        line = proc.stdout.readline()
        assert line.startswith("ready"), f"child said {line!r}; stderr: {proc.stderr.read()}"
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=30) == -signal.SIGKILL
        return line
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()


def _full(seed: int) -> tuple[GameLog, list[ev.Event]]:
    stream = io.BytesIO()
    game = record_game(SETUP, seed, stream, AGENTS)
    return read_game_bytes(stream.getvalue()), game.events


def _check_killed_log(log: GameLog, seed: int) -> None:
    full, events = _full(seed)
    assert not log.sealed and log.trailer is None
    # no damage at all, or only at the tail: nothing readable after the stopping point
    if log.damage is not None:
        assert "truncated" in log.damage.reason, log.damage
    assert log.header == full.header
    # every step through turn 10 survived, and the turn that ended it too
    through = [s for s in full.steps if s.turn <= KILL_AFTER_TURN]
    assert log.steps[: len(through)] == through
    assert any(type(e) is ev.TurnEnded for e in log.steps[-1].events)
    assert log.steps[-1].turn == KILL_AFTER_TURN + 1
    # nothing was invented: a prefix of the finished game's steps and events
    assert log.steps == full.steps[: len(log.steps)]
    assert len(log.steps) < len(full.steps)
    got = list(log.events())
    assert got == events[: len(got)]


def test_sigkill_after_turn_10_leaves_every_finished_turn(tmp_path: Path) -> None:
    seed = _long_seed()
    path = tmp_path / "killed.exlog"
    line = _kill_when_ready(DIRECT, path, seed)
    log = read_game(path)
    assert log.damage is None  # the last write was a flush at a turn boundary
    _check_killed_log(log, seed)
    assert len(log.steps) == 1 + int(line.split()[1])  # setup + every decision recorded


def test_sigkill_of_record_to_file_leaves_only_the_part_file(tmp_path: Path) -> None:
    seed = _long_seed()
    path = tmp_path / "killed.exlog"
    _kill_when_ready(VIA_PART, path, seed)
    assert not path.exists()
    part = tmp_path / "killed.exlog.part"
    _check_killed_log(read_game(part), seed)
