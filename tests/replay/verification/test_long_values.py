"""A divergence report stays readable whatever a log holds: every line of ``exceed
verify`` is cut to ``LINE_CHARS`` characters (found by a mutation fuzzer: a hostile
request's 2 MiB label came out on one line of 2,097,852 bytes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.recording.record import read_game
from replay.cli import main
from replay.verification.verify import LINE_CHARS, verify

from .test_verify import Steps, altered_copy

NAMES = 22
"""The STEP frame of decision 21: p2 names a card for Ryu's Parry (``name_card``)."""


def _long_name(steps: Steps) -> None:
    request = steps[NAMES]["request"]
    assert isinstance(request, list) and request[0] == "name_card"
    request[2][0] = "G" * 500_000


def test_a_recorded_request_of_half_a_megabyte_is_cut_in_the_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The log's name_card request lists a card name of 500,000 characters (under the
    1 MiB string cap, so the log reads): the engine asks otherwise, so verify reports the
    request at decision 21, and the line naming the log's request is cut, saying how
    long it was."""
    path = altered_copy(tmp_path, "long.exlog", _long_name)
    verdict = verify(read_game(path))
    assert verdict.divergence is not None and verdict.divergence.decision == 21
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    cut = [line for line in lines if line.endswith(" characters)") and "…" in line]
    assert len(cut) == 1 and "the log recorded" in cut[0][:LINE_CHARS]
    assert all(len(line) <= LINE_CHARS + len("… (1,000,000 characters)") for line in lines)
    assert "DIVERGES at decision 21" in lines[0]
