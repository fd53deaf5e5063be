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
    # the log's own name is not counted: it is the person's path, never cut away
    assert all(len(line) <= LINE_CHARS + len(str(path)) + len("… (1,000,000 characters)")
               for line in lines)
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


DIVERGING = Path(__file__).resolve().parents[2] / "fixtures" / "v5" / (
    "ryu-vs-ken_random-vs-random_seed150.exlog")
"""A log that diverges at decision 152 on this engine (``tests/ruling_changes.py``)."""


def _deep_copy_of(source: Path, root: Path, length: int) -> Path:
    """``source`` copied into folders under ``root`` so that its path is ``length``
    characters long: a real path, which the system opens (under ``PATH_MAX``)."""
    folder = root
    while len(str(folder)) + 250 + len("/x.exlog") < length:
        folder = folder / ("d" * 249)
    folder = folder / ("e" * (length - len(str(folder)) - len("//x.exlog")))
    folder.mkdir(parents=True)
    path = folder / "x.exlog"
    path.write_bytes(source.read_bytes())
    assert len(str(path)) == length
    return path


def test_a_log_in_a_deep_folder_keeps_its_verdict_and_its_replay_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The cut to ``LINE_CHARS`` counted the log's path too: a log 4,050 characters deep
    (a path the system opens) lost its whole verdict, ``FILE: DIVERGES at decision 152
    ...`` read ``FILE…`` and its length, and the ``where:`` line lost the ``exceed replay``
    command's ``--event``. Now only what the log recorded is cut; the path is kept."""
    path = _deep_copy_of(DIVERGING, tmp_path, 4050)
    assert main(["verify", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (f"{path}: DIVERGES at decision 152 (turn 70, strike 15): different "
                        "events from event 11 of this step on")
    where = [line for line in lines if line.startswith("  where: ")]
    assert where == [f"  where: event 681 of the game is the first that differs; exceed "
                     f"replay {path} --event 680 shows the table before it"]
    assert not any(line.endswith(" characters)") for line in lines)
