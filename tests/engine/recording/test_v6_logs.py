"""Log format 6 read by the format 7 reader (``docs/log-format.md``, section 10,
"Version 6 -> 7"): four sample logs recorded in format 6 just before the format changed
(``tests/fixtures/v6/``: BLOCK frames, raw definitions) read with every value checked,
and ``exceed verify`` re-simulates them identically; a format 6 step may not record the
decision format 7 added (``LeftGame``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruling_changes import assert_verdict

from engine.core.decisions import LeftGame
from engine.recording.definitions import VERIFIED, is_raw
from engine.recording.log import FORMAT_VERSION, FrameKind, iter_frames
from engine.recording.record import read_game
from replay.verification.verify import verify

V6 = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "v6").glob("*.exlog"))


@pytest.mark.parametrize("path", V6, ids=[p.stem for p in V6])
def test_a_v6_log_reads_and_verifies(path: Path) -> None:
    data = path.read_bytes()
    assert FrameKind.BLOCK in {kind for kind, _, _ in iter_frames(data)}
    log = read_game(path)
    assert log.header.format == 6 < FORMAT_VERSION
    assert log.sealed and log.damage is None
    assert is_raw(log.header.definitions) and log.definitions_status == VERIFIED
    assert not any(isinstance(d, LeftGame) for d in log.decisions)
    verdict = verify(log)
    assert not verdict.card_data_differs, verdict.lines()
    assert_verdict(path, verdict)


def test_there_are_v6_fixtures() -> None:
    assert len(V6) == 4
