"""Log format v1 read through the upcaster (``docs/log-format.md``, section 10): three
sample logs recorded before format 2 (``tests/fixtures/v1/``) read as format 1, every
event's cause is unknown, they replay, and ``exceed verify`` re-simulates them on this
engine with identical events."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import CauseKind, read_game
from replay.verification.verify import verify
from replay.viewer.cursor import Replay
from replay.viewer.why import why_lines

V1 = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "v1").glob("*.exlog"))


@pytest.mark.parametrize("path", V1, ids=[p.stem for p in V1])
def test_a_v1_log_upcasts_replays_and_verifies(path: Path) -> None:
    log = read_game(path)
    assert log.header.format == 1 and not log.header.definitions
    causes = log.causes()
    assert len(causes) == log.event_count
    assert {c.kind for c in causes} == {CauseKind.UNKNOWN}
    replay = Replay(log)
    replay.seek(replay.length)
    assert why_lines(replay, 10) == [why_lines(replay, 10)[0]]
    assert why_lines(replay, 10)[0].endswith("-- unknown (not recorded in a v1 log)")
    verdict = verify(log)
    assert verdict.identical, verdict.lines()


def test_there_are_v1_fixtures() -> None:
    assert len(V1) == 3
