"""What a mutation fuzzer found ``exceed verify`` let through or printed whole: every
line of the report is cut to ``LINE_CHARS`` characters (a hostile request's 2 MiB label
came out on one line of 2,097,852 bytes), and a step's turn number is checked against
the turn its events end in."""

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


def _renumbered(steps: Steps) -> None:
    """Step 4 (decision 3, p2's force for a move, which ends turn 1: the log numbers it
    turn 2) numbered turn 3, as the next step, which ends turn 2, is: every turn still
    rises and both steps carry a state hash, so the reader takes it."""
    assert steps[4]["turn"] == 2 and steps[5]["turn"] == 3
    steps[4]["turn"] = 3


def test_a_step_numbered_in_another_turn_diverges(tmp_path: Path) -> None:
    """Found by the fuzzer: a step's turn number was checked only for rising, so a log
    whose every event and hash agree but which numbers one step a turn late verified
    "identical" (and ``exceed replay --turn`` seeks by those numbers). Now it diverges
    there, saying which number the events give."""
    path = altered_copy(tmp_path, "turn.exlog", _renumbered)
    verdict = verify(read_game(path))
    d = verdict.divergence
    assert d is not None and d.decision == 3 and d.kind.name == "TURN"
    assert d.what == ("the log numbers this step turn 3, where its events end turn 2 (the "
                      "log was altered or written by a faulty recorder)")
    assert d.expected and d.expected == d.actual
