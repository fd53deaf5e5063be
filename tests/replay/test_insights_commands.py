"""The commands ``exceed insights`` suggests (analyse the rest, list every game, analyse
the rough games again) run as printed, on the corpus of ``test_insights.py``
(``tests/insights_corpus.py``; split from ``test_insights.py``)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from insights_corpus import ANALYSED, HABIT, build

from replay import query as q
from replay.analysis.run import GameAnalysis

Cli = Callable[..., Any]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[GameAnalysis]]:
    return build(tmp_path_factory.mktemp("insights"))


# --- the suggested command works as printed (review item) ------------------------------------


def test_the_suggested_commands_run_as_printed(corpus: Any, cli: Cli, tmp_path: Path) -> None:
    """Review item: the suggestion must be a command that works as printed. Past five
    games the "and more" listing said ``exceed query games --player human --format
    csv`` without ``--db``: it read the default index, not this one."""
    import shlex

    from replay.cli import build_parser

    db, _ = corpus
    fresh = tmp_path / "fresh.duckdb"  # the same six games, none analysed
    assert cli("index", db.parent / "logs", "--db", fresh, "--jobs", "1").code == 0
    result = cli("insights", "--player", HABIT, "--db", fresh)
    assert result.code == 0, result.err
    line = next(line for line in result.out.splitlines() if "analyse the rest: " in line)
    command, more = line.split("analyse the rest: ", 1)[1].split("   # and more: ")
    words = shlex.split(command)
    parsed = build_parser().parse_args(words[1:])
    assert words[0] == "exceed" and parsed.command == "analyze"
    assert parsed.db == fresh and len(parsed.files) == 5
    assert all(path.is_file() for path in parsed.files)
    listing = shlex.split(more.split("`")[1])
    assert listing[:3] == ["exceed", "query", "games"] and str(fresh) in listing
    rows = cli(*listing[1:])
    assert rows.code == 0 and len(rows.out.splitlines()) == 1 + ANALYSED + 1, rows.out


def test_the_listing_of_every_game_lists_every_game_past_the_default_limit(
        corpus: Any, cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found in a coach's walk: the "and more" listing, ``exceed query games --player P
    --db DB --format csv``, "lists every game", but ``query games`` prints 500 rows
    unless given ``--limit``, and its CSV says nothing of the rest. The default cut to 3
    here stands for 500 on a player of thousands of games."""
    import shlex

    from replay.cli import queries

    db, _ = corpus
    fresh = tmp_path / "fresh.duckdb"
    assert cli("index", db.parent / "logs", "--db", fresh, "--jobs", "1").code == 0
    monkeypatch.setattr(queries, "GAMES_LIMIT", 3)
    out = cli("insights", "--player", HABIT, "--db", fresh).out
    more = out.split("   # and more: ", 1)[1].splitlines()[0]
    listing = shlex.split(more.split("`")[1])
    rows = cli(*listing[1:])
    assert rows.code == 0 and len(rows.out.splitlines()) == 1 + ANALYSED + 1, rows.out


def test_a_parquet_export_gets_no_command_that_cannot_store(
        corpus: Any, cli: Cli, tmp_path: Path) -> None:
    """``exceed insights --db EXPORT`` (a Parquet export holds no analyses) suggested
    ``exceed analyze ... --db EXPORT``, which analysed for minutes and then refused to
    store: "EXPORT is a directory; --db takes the index file". It says where analyses
    go instead."""
    db, _ = corpus
    export = tmp_path / "export"
    assert cli("export", "--parquet", export, "--db", db).code == 0
    text = cli("insights", "--player", HABIT, "--db", export)
    assert text.code == 0, text.err
    assert "exceed analyze /" not in text.out and f"--db {export}" not in text.out
    assert (f"  {export} is a Parquet export, which holds no analyses: analyse the games "
            "into the DuckDB index it was exported from") in text.out, text.out
    doc = json.loads(cli("insights", "--player", HABIT, "--db", export, "--json").out)
    assert doc["analyse_command"] == ""
    assert doc["analyse_note"].startswith(f"{export} is a Parquet export")


@pytest.mark.parametrize("name", ["evil\x1b[2Jname", "tab\there", "c1\x9bx", "it's \\ ok"])
def test_a_control_character_in_a_logs_name_is_escaped_and_the_command_still_runs(
        tmp_path: Path, cli: Cli, sample_paths: list[Path], name: str) -> None:
    """Attack near the review item: a log named with an escape sequence was printed raw
    in "analyse the rest: exceed analyze '...\\x1b[2J...'" (it cleared the terminal);
    escaped as text it would no longer name the file. bash's $'...' does both."""
    import subprocess

    logs = tmp_path / "logs"
    logs.mkdir()
    log = logs / f"{name}.exlog"
    shutil.copy(sample_paths[0], log)
    db = tmp_path / "index.duckdb"
    assert cli("index", logs, "--db", db, "--jobs", "1").code == 0
    player = q.games(q.open_source(db))[0].player1
    result = cli("insights", "--player", player, "--db", db)
    assert result.code == 0, result.err
    assert all(line.isprintable() for line in result.out.splitlines()), result.out
    command = result.out.split("analyse the rest: ", 1)[1].splitlines()[0]
    words = subprocess.run(["bash", "-c", f"printf '%s\\0' {command}"], capture_output=True,
                           check=True).stdout.split(b"\0")[:-1]
    assert words == [b"exceed", b"analyze", str(log).encode(), b"--db", str(db).encode()]


def test_the_reanalyse_command_names_five_logs_and_counts_the_rest() -> None:
    paths = tuple(f"/logs/g{i}.exlog" for i in range(6))
    rough = q.Rough(decisions=80, games=8, paths=paths)
    command = q.reanalyse_command(rough, "/ix.duckdb")
    assert command == (q.analyze_logs_command(paths[:5], "/ix.duckdb")
                       + "   # and 3 more games analysed roughly")
    assert q.reanalyse_command(q.Rough(), "/ix.duckdb") == ""


def test_an_empty_index_says_it_holds_no_games_yet(cli: Cli, tmp_path: Path) -> None:
    """Walking a coach's corpus: on an index of no games ``insights --player Ann`` said
    ``no player 'Ann' in INDEX (players: none)``; it now says what the Insights page
    says, and how games get there."""
    empty = tmp_path / "empty"
    empty.mkdir()
    db = tmp_path / "index.duckdb"
    assert cli("index", empty, "--db", db).code == 1  # the folder holds no logs: exit 1
    result = cli("insights", "--player", "Ann", "--db", db)
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"exceed insights: {db} holds no games yet: run `exceed index "
                          "DIR` (or play on the dashboard's Play page) and they appear here\n")


def test_a_player_named_in_another_case_is_pointed_at(corpus: Any, cli: Cli) -> None:
    """``insights --player`` in another case listed the players, where ``query --player``
    names the one meant; both say it the same way now (a name is still matched exactly)."""
    db, _ = corpus
    typed = HABIT.swapcase()
    assert typed != HABIT
    result = cli("insights", "--player", typed, "--db", db)
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"exceed insights: no player '{typed}' in {db}; a name is matched "
                          f"exactly: did you mean '{HABIT}'?\n")
