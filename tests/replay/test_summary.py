"""The summary of a log (``replay/summary.py``): the lines ``exceed info`` prints and the
dashboard's Verify page shows, and the same facts labelled for a table."""

from __future__ import annotations

from pathlib import Path

from engine import read_game, read_game_bytes
from replay.summary import summarise, summary_rows


def test_rows_label_the_lines_of_a_sealed_log(sample_path: Path) -> None:
    log = read_game(sample_path)
    rows = summary_rows(log)
    assert [label for label, _ in rows] == [log.name, "engine", "result", "counts", "sealed"]
    assert [line for _, line in rows] == summarise(log)
    assert summarise(log)[0].startswith(f"{log.name}: p1 ")
    assert summarise(log)[-1] == "  sealed: yes"


def test_a_cut_log_ends_with_its_problem(sample_path: Path) -> None:
    data = sample_path.read_bytes()
    log = read_game_bytes(data[: len(data) // 2], "cut.exlog")
    label, line = summary_rows(log)[-1]
    assert label == "problem"
    assert line.startswith("  problem: stopped at byte ")
    assert f"kept {len(log.steps)} step(s)" in line
    assert summarise(log)[-2] == "  sealed: no"
