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


def test_a_tag_team_lost_on_life_names_the_fighter_who_fell(sample_paths: list[Path]) -> None:
    """`exceed info` (and the Verify page) read "p1 Cammy + Chun-Li's life reached 0":
    a team loses when one of its fighters reaches 0 (Street Fighter rulebook, Tag Team),
    and the other keeps its life. It names the fighter in play at the end, as the Game
    page's viewer does."""
    from replay.viewer.cursor import Replay

    path = next(p for p in sample_paths if p.name.startswith("cammy+chunli-vs-guile+bison"))
    log = read_game(path)
    replay = Replay(log)
    replay.seek(replay.length)
    state = replay.state
    assert state.winner is not None
    loser = state.players[state.winner.other]
    assert loser.life == 0 and loser.partner is not None
    fallen = replay.catalog.character(loser.character).name
    result = next(line for label, line in summary_rows(log) if label == "result")
    assert result.endswith(f"(p{state.winner.other + 1} {fallen}'s life reached 0)"), result


def test_a_log_with_its_own_definitions_names_its_fighters_by_them(tmp_path: Path) -> None:
    """`exceed info` (and the Verify page) named the fighters as this engine does, while
    the game's replay and board name them by the log's own definitions: a log whose
    definitions rename Bang read "p1 Bang Shishigami" in its summary and the new name
    everywhere else. The summary now names them as the replay does."""
    from replay.viewer.frames import naming_catalog
    from tests.forged_names import FORGED, forged_log

    log = read_game(forged_log(tmp_path / "renamed.exlog"))
    assert naming_catalog(log).character("bang").name == "bang" + FORGED
    rows = dict(summary_rows(log))
    assert rows[log.name].startswith(f"{log.name}: p1 bang{FORGED} vs p2 ryu{FORGED}, seed ")
    assert "Shishigami" not in rows[log.name] and "Ryu vs" not in rows[log.name]
    assert rows["result"].startswith("  result: p")
    assert f"bang{FORGED}" in rows["result"] or f"ryu{FORGED}" in rows["result"]
