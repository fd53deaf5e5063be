"""``exceed query`` and ``exceed export`` from the command line: formats and one-line errors."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay import query as q

Cli = Callable[..., Any]


def test_named_queries_in_every_format(built_index: Path, cli: Cli) -> None:
    table = cli("query", "matchups", "--db", built_index)
    assert table.code == 0, table.err
    lines = table.out.splitlines()
    assert lines[0].split() == ["character", "character_name", "opponent", "opponent_name",
                                "games", "wins", "win_rate"]
    assert lines[-1] == "(4 rows)"
    as_csv = list(csv.DictReader(io.StringIO(cli("query", "matchups", "--db", built_index,
                                                 "--format", "csv").out)))
    as_json = json.loads(cli("query", "matchups", "--db", built_index, "--format", "json").out)
    rows = q.matchup_win_rates(q.Source.duckdb(built_index))
    assert [r["character"] for r in as_csv] == [r.character for r in rows]
    names = {"ken": "Ken Masters", "ryu": "Ryu"}
    assert as_json == [{"character": r.character, "character_name": names[r.character],
                        "opponent": r.opponent, "opponent_name": names[r.opponent],
                        "games": r.games, "wins": r.wins, "win_rate": r.win_rate}
                       for r in rows]


def test_filters_reach_the_games_query(built_index: Path, cli: Cli) -> None:
    result = cli("query", "games", "--db", built_index, "--p1", "ryu", "--p2", "ryu",
                 "--min-turns", "1", "--limit", "5", "--format", "json")
    rows = json.loads(result.out)
    assert len(rows) == 5 and {(r["p1"], r["p2"]) for r in rows} == {("ryu", "ryu")}
    game_id = rows[0]["game_id"]
    strikes = json.loads(cli("query", "strikes", "--db", built_index, "--game", game_id,
                             "--format", "json").out)
    assert [s["strike"] for s in strikes] == list(range(1, len(strikes) + 1))


def test_sql_from_the_command_line(built_index: Path, cli: Cli) -> None:
    result = cli("query", "--db", built_index, "--format", "csv", "--sql",
                 "SELECT p1, count(*) AS n FROM games GROUP BY p1 ORDER BY p1")
    assert result.code == 0, result.err
    assert result.out.splitlines() == ["p1,n", "ken,24", "ryu,36"]


def test_empty_results_still_print_the_header(built_index: Path, cli: Cli) -> None:
    result = cli("query", "games", "--db", built_index, "--character", "nobody")
    assert result.out.splitlines()[-1] == "(0 rows)"
    assert result.out.split()[0] == "game_id"


@pytest.mark.parametrize("args, message", [
    (["query", "--sql", "DROP TABLE games"],
     "exceed query: only SELECT (or WITH ... SELECT) queries are allowed, not DROP"),
    (["query", "--sql", "SELECT 1; SELECT 2"],
     "exceed query: expected exactly one statement, got 2"),
    (["query", "--sql", "SELECT nope FROM games"], "exceed query: Binder Error:"),
    (["query", "matchups", "--p1", "ryu"], "exceed query: query 'matchups' does not take --p1"),
    (["query", "strikes"], "exceed query: this query needs --game GAME_ID"),
    (["query"], "exceed query: give either a query NAME or --sql, not both or neither"),
    (["query", "games", "--sql", "SELECT 1"], "exceed query: give either a query NAME"),
    (["query", "--sql", "SELECT 1", "--p1", "ryu"], "exceed query: filters do not apply"),
])
def test_query_errors_are_one_line(built_index: Path, cli: Cli, args: list[str],
                                   message: str) -> None:
    result = cli(*args, "--db", built_index)
    assert result.code == 2
    assert result.out == ""
    assert len(result.err.splitlines()) == 1 and result.err.startswith(message)


def test_a_missing_index_is_one_line(tmp_path: Path, cli: Cli) -> None:
    for command in (["query", "games"], ["export", "--parquet", tmp_path / "out"]):
        result = cli(*command, "--db", tmp_path / "none.duckdb")
        assert result.code == 2
        assert result.err == (f"exceed {command[0]}: no index at {tmp_path / 'none.duckdb'}: "
                              "run `exceed index LOGS...` first (or pass --db)\n")


def test_export_writes_a_partitioned_dataset_and_replaces_it(built_index: Path, tmp_path: Path,
                                                             cli: Cli) -> None:
    out = tmp_path / "pq"
    for _ in range(2):  # exporting again replaces every table, leaving no stale files
        result = cli("export", "--parquet", out, "--db", built_index)
        assert result.code == 0, result.err
    assert sorted(p.name for p in out.iterdir()) == ["decisions", "events", "games", "strikes"]
    buckets = sorted(p.name for p in (out / "games").iterdir())
    assert buckets and all(b.startswith("bucket=") for b in buckets)
    assert len(list((out / "games").rglob("*.parquet"))) == len(buckets)
    src = q.Source.parquet(out)
    assert q.counts(src) == q.counts(q.Source.duckdb(built_index))
    assert cli("query", "counts", "--db", out).code == 0
