"""Log format v2 read by this reader (``docs/log-format.md``, section 10): three sample
logs recorded in format 2 (``tests/fixtures/v2/``, a state hash in every step) read as
format 2 with every cause known, replay, and ``exceed verify`` re-simulates them on this
engine (which records format 3, a hash only where a turn or the game ends) with
identical events, every recorded hash checked, but for a rule fix's divergence
(``tests/ruling_changes.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruling_changes import assert_verdict

from engine import CauseKind, read_game
from engine.recording.log import FORMAT_VERSION
from replay.verification.verify import verify
from replay.viewer.cursor import Replay

V2 = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "v2").glob("*.exlog"))


@pytest.mark.parametrize("path", V2, ids=[p.stem for p in V2])
def test_a_v2_log_reads_replays_and_verifies(path: Path) -> None:
    log = read_game(path)
    assert log.header.format == 2 < FORMAT_VERSION and log.header.definitions
    assert all(len(step.hash) == 16 for step in log.steps)
    assert CauseKind.UNKNOWN not in {c.kind for c in log.causes()}
    replay = Replay(log)
    replay.seek(replay.length)
    assert replay.state.winner is not None
    assert_verdict(path, verify(log))


def test_a_changed_hash_in_a_v2_step_is_still_caught(tmp_path: Path) -> None:
    """Every hash of a v2 log is compared: one flipped bit in a mid-turn step's hash (a
    step format 3 would not hash) is reported at that step."""
    log = read_game(V2[-1])
    position = next(i for i, step in enumerate(log.steps)
                    if i > 1 and step.turn == log.steps[i + 1].turn)
    step = log.steps[position]
    flipped = bytes([step.hash[0] ^ 1]) + step.hash[1:]
    log.steps[position] = type(step)(**{**{f: getattr(step, f) for f in step.__struct_fields__},
                                        "hash": flipped})
    verdict = verify(log)
    assert not verdict.identical and verdict.divergence is not None
    assert verdict.divergence.decision == step.index


def test_there_are_v2_fixtures() -> None:
    assert len(V2) == 3
