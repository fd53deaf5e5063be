"""The agents' ladder (``bench.agents``, issue 32 item 2) resumes from its journal: a
finished game is never played twice, a torn last line is skipped, and games played by
other agents or rules (another fingerprint) are set aside, never mixed in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import agents
from bench.agents import Game, read_journal


def _game(seed: int, score: float) -> Game:
    return Game("heuristic", "random", "ryu", "ken", seed, 0, score, 0, 0.0)


def _journal(path: Path, stamp: str, games: list[Game], tail: str = "") -> None:
    lines = [json.dumps({"fingerprint": stamp})] + [json.dumps(g.__dict__) for g in games]
    path.write_text("\n".join(lines) + "\n" + tail, encoding="utf-8")


def test_a_journal_of_the_same_agents_gives_its_games_and_skips_a_torn_tail(
        tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    _journal(path, "abc", [_game(0, 1.0), _game(1, 0.0)], tail='{"first": "heur')
    found = read_journal(path, "abc")
    assert sorted(g.seed for g in found.values()) == [0, 1]
    assert found[("heuristic", "random", "ryu", "ken", 1, 0)].score == 0.0


def test_a_journal_of_other_agents_is_set_aside(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    _journal(path, "old", [_game(0, 1.0)])
    assert read_journal(path, "new") == {}
    assert not path.exists() and (tmp_path / "games.stale").exists()
    assert "set aside as games.stale" in capsys.readouterr().err


def test_a_second_run_plays_nothing_already_played(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.jsonl"
    two = [("ryu", "ken"), ("hyde", "ragna")]
    monkeypatch.setattr(agents, "matchups", lambda count=20: two)
    args = ["--pairs", "heuristic-random", "--seeds", "1", "--no-write",
            "--journal", str(path)]
    assert agents.main(args) == 0
    first = capsys.readouterr()
    assert "0 of 4 games already" in first.err
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1 + 4
    played: list[object] = []
    monkeypatch.setattr(agents, "_play", lambda task: played.append(task))
    assert agents.main(args) == 0
    second = capsys.readouterr()
    assert "4 of 4 games already" in second.err and played == []
    assert second.out == first.out  # the same table, from the journal


def test_a_report_reads_the_journal_of_other_agents_without_playing_or_setting_it_aside(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.jsonl"
    p1, p2 = agents.matchups()[0]
    games = [Game("heuristic", "random", p1, p2, 0, seat, score, 0, 0.0)
             for seat, score in ((0, 1.0), (1, 0.0))]
    _journal(path, "played-elsewhere", games)
    monkeypatch.setattr(agents, "fingerprint", lambda: pytest.fail("a report plays nothing"))
    monkeypatch.setattr(agents, "_play", lambda task: pytest.fail("a report plays nothing"))
    assert agents.main(["--report", "--no-write", "--seeds", "1", "--journal", str(path),
                        "--note", "Played on commit abc."]) == 0
    shown = capsys.readouterr().out
    assert "**Partial: the games played so far**" in shown
    assert "2 of 360 games" in shown and "played-elsewhere" in shown
    assert "Played on commit abc." in shown
    assert "| heuristic vs random | 2 | 1 (50.0%) |" in shown
    assert path.exists() and not path.with_suffix(".stale").exists()


def test_a_report_of_a_complete_journal_is_the_full_ladder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of the ladder in the journal: the report says so as a full run does
    (not "partial"), with the note, and writes the results file too."""
    path = tmp_path / "games.jsonl"
    two = [("ryu", "ken"), ("hyde", "ragna")]
    monkeypatch.setattr(agents, "matchups", lambda count=20: two)
    games = [Game("heuristic", "random", p1, p2, 0, seat, 1.0, 0, 0.0)
             for p1, p2 in two for seat in (0, 1)]
    _journal(path, "played-elsewhere", games)
    results, doc = tmp_path / "agents.json", tmp_path / "agents.md"
    doc.write_text(f"before\n{agents.START}\nold\n{agents.END}\nafter\n", encoding="utf-8")
    monkeypatch.setattr(agents, "RESULTS", results)
    monkeypatch.setattr(agents, "DOC", doc)
    monkeypatch.setattr(agents, "_play", lambda task: pytest.fail("a report plays nothing"))
    assert agents.main(["--report", "--pairs", "heuristic-random", "--seeds", "1",
                        "--journal", str(path), "--note", "Played on commit abc."]) == 0
    shown = capsys.readouterr().out
    assert "Partial" not in shown and "Played on commit abc." in shown
    assert "Read from the journal (`--report`; agents' fingerprint played-elsewhere)." in shown
    assert "| heuristic vs random | 4 | 4 (100.0%) |" in shown
    saved = json.loads(results.read_text(encoding="utf-8"))
    assert saved["seeds"] == 1 and len(saved["games"]) == 4
    assert saved["rows"][0]["games"] == 4
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("before\n") and text.endswith("after\n") and "old" not in text


def test_a_report_without_a_journal_is_one_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert agents.main(["--report", "--journal", str(tmp_path / "none.jsonl")]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "none.jsonl: no journal to report" in err


def test_the_fingerprint_plays_a_heuristic_game_of_every_ladder_matchup(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Besides ``PROBES``, the fingerprint holds the final state of a heuristic-against-
    heuristic game of each of the ladder's 20 matchups (seed 0), so a change that only
    one ladder fighter meets (the heuristic agent reading Merkava's I, Defile at its
    printed power) gives another fingerprint and sets the old journal aside."""
    played: list[tuple[str, str, str, str, int]] = []
    real = agents._played

    def spy(first: str, second: str, p1: str, p2: str, seed: int, first_seat: int,
            ) -> tuple[object, int, float]:
        played.append((first, second, p1, p2, seed))
        return real(first, second, p1, p2, seed, first_seat)

    monkeypatch.setattr(agents, "_played", spy)
    monkeypatch.setattr(agents, "PROBES", (("heuristic", "random", "ryu", "ken", 0),))
    stamp = agents.fingerprint()
    assert len(stamp) == 16
    matchups = agents.matchups()
    assert ("hilda", "merkava") in matchups
    assert played == [("heuristic", "random", "ryu", "ken", 0)] + [
        ("heuristic", "heuristic", p1, p2, 0) for p1, p2 in matchups]


def test_a_split_report_gives_each_block_of_seeds_all_and_each_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--split-seeds 1``: the pairing over seed 0 alone, seed 1 alone, all, and as p1
    and as p2, each with its own Wilson interval (the 800-game extension's reading: the
    first and the second 400 apart, and pooled)."""
    path = tmp_path / "games.jsonl"
    monkeypatch.setattr(agents, "matchups", lambda count=20: [("ryu", "ken")])
    scores = {(0, 0): 1.0, (0, 1): 1.0, (1, 0): 1.0, (1, 1): 0.0}
    games = [Game("search:128", "heuristic", "ryu", "ken", seed, seat, score, 10, 5.0)
             for (seed, seat), score in scores.items()]
    _journal(path, "played-elsewhere", games)
    monkeypatch.setattr(agents, "_play", lambda task: pytest.fail("a report plays nothing"))
    assert agents.main(["--report", "--pairs", "search:128-heuristic", "--seeds", "2",
                        "--journal", str(path), "--no-write", "--split-seeds", "1"]) == 0
    shown = capsys.readouterr().out
    low, high = agents.wilson(1, 2)
    assert (f"| search:128 vs heuristic, seeds 1-1 | 2 | 1 (50.0%) | {100 * low:.1f}-"
            f"{100 * high:.1f}% | +0 |") in shown
    assert "| search:128 vs heuristic, seeds 0-0 | 2 | 2 (100.0%) |" in shown
    assert "| search:128 vs heuristic, all | 4 | 3 (75.0%) |" in shown
    assert "| search:128 vs heuristic, first agent as p1 | 2 | 2 (100.0%) |" in shown
    assert "| search:128 vs heuristic, first agent as p2 | 2 | 1 (50.0%) |" in shown
