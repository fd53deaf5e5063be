"""Log format 5 read by the format 6 reader (``docs/log-format.md``, section 10,
"Version 5 -> 6"): four sample logs recorded in format 5 just before the format changed
(``tests/fixtures/v5/``: plain frames, zlib'ed definitions) read with every value
checked, and ``exceed verify`` re-simulates them identically up to the rule fixes since
(``tests/ruling_changes.py``: one meets the boost now moved to gauge at once)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruling_changes import assert_verdict

from engine.recording.definitions import VERIFIED, is_raw
from engine.recording.log import FORMAT_VERSION, FrameKind, iter_frames
from engine.recording.record import read_game
from replay.verification.verify import verify

V5 = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "v5").glob("*.exlog"))


@pytest.mark.parametrize("path", V5, ids=[p.stem for p in V5])
def test_a_v5_log_reads_and_verifies(path: Path) -> None:
    data = path.read_bytes()
    assert FrameKind.BLOCK not in {kind for kind, _, _ in iter_frames(data)}
    log = read_game(path)
    assert log.header.format == 5 < FORMAT_VERSION
    assert log.sealed and log.damage is None
    assert not is_raw(log.header.definitions) and log.definitions_status == VERIFIED
    verdict = verify(log)
    assert not verdict.card_data_differs, verdict.lines()
    assert_verdict(path, verdict)


def test_there_are_v5_fixtures() -> None:
    assert len(V5) == 4
