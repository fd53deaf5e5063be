"""The calibration bench (issue 32 item 5): search-vs-heuristic games with the seats
swapped, agent names checked, and every earlier run kept beside the newest."""

from __future__ import annotations

import argparse
import copy
import json
from pathlib import Path

import pytest

from bench import calibration, calibration_doc


def test_two_agents_play_each_seed_twice_with_the_seats_swapped() -> None:
    work = calibration.tasks(6, 1_000_000, 50, True, ("search:8", "heuristic"))
    assert len(work) == 6
    assert [t[5] for t in work] == [("search:8", "heuristic"), ("heuristic", "search:8")] * 3
    # the same fighters and seed in each swapped pair
    assert [t[:3] for t in work[0::2]] == [t[:3] for t in work[1::2]]
    assert len({t[2] for t in work}) == 3


def test_one_agent_plays_every_seed_once() -> None:
    work = calibration.tasks(4, 7, 0, False, ("heuristic", "heuristic"))
    assert [t[2] for t in work] == [7, 8, 9, 10]
    assert {t[5] for t in work} == {("heuristic", "heuristic")}


@pytest.mark.parametrize("text", ["search:0", "search:abc", "nobody", "a,b,c"])
def test_bad_agent_names_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as error:
        calibration._agents(text)
    assert "\n" not in str(error.value)


def test_agent_names_parse() -> None:
    assert calibration._agents("search:32,heuristic") == ("search:32", "heuristic")
    assert calibration._agents("heuristic") == ("heuristic", "heuristic")


def _run(kind: str, date: str, score: float) -> dict[str, object]:
    runs = json.loads(Path(calibration_doc.RESULTS).read_text(encoding="utf-8"))["runs"]
    run: dict[str, object] = copy.deepcopy(runs[0])
    first, second = kind.split(" vs ")
    run.update({"set": kind, "agents": [first, second], "date": date, "commit": "abcdef1",
                "brier": {"rollouts": score, "baseline": 0.2, "base rate": 0.25}})
    return run


def test_the_doc_shows_the_newest_run_of_each_set_and_keeps_the_older(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    calibration_doc.store(_run("heuristic vs heuristic", "2026-01-01", 0.1111), path)
    calibration_doc.store(_run("heuristic vs heuristic", "2026-02-01", 0.1222), path)
    runs = calibration_doc.store(_run("search:8 vs heuristic", "2026-02-02", 0.1333), path)
    assert len(calibration_doc.load(path)) == 3
    doc = calibration_doc.render(runs)
    latest, earlier = doc.split("## Earlier runs")
    assert "### heuristic vs heuristic: 2026-02-01" in latest
    assert "### search:8 vs heuristic: 2026-02-02" in latest
    assert "### heuristic vs heuristic: 2026-01-01" in earlier
    assert "2026-01-01" not in latest.split("## Latest run of each set")[1]
    assert "Every seed is played twice" in latest.split("### search:8")[1]
    for score, mark in (("0.1111", "earlier"), ("0.1222", "latest"), ("0.1333", "latest")):
        row = next(line for line in doc.splitlines() if f"| {score} |" in line)
        assert row.endswith(f"| {mark} |")


def test_the_published_doc_is_the_kept_runs() -> None:
    assert calibration_doc.DOC.read_text(encoding="utf-8") == calibration_doc.render(
        calibration_doc.load())
