"""Who played (issue 33 item 1): every indexed game has a player per seat, read through
``replay.players.seat_player`` (a log without player names shows its agents), and when
it was played; ``exceed query games --player``; an index from before the players is one
clear line for a reader and rebuilt by ``exceed index``."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb

from engine import read_game
from replay import query as q
from replay.players import played_at, seat_player

Cli = Callable[..., Any]


def test_an_agent_game_shows_its_agents_as_players(built_index: Path) -> None:
    rows = q.games(q.Source.duckdb(built_index), limit=1000)
    assert len(rows) == 60
    for row in rows:
        log = read_game(row.path)
        assert (row.player1, row.player2) == (seat_player(log, 0), seat_player(log, 1))
        assert (row.player1, row.player2) == (row.agent1, row.agent2)
        assert row.played == played_at(row.path) != ""


def test_played_is_the_log_files_last_write_in_utc(tmp_path: Path) -> None:
    path = tmp_path / "x.exlog"
    path.write_bytes(b"")
    os.utime(path, (1767268800, 1767268800))  # 2026-01-01 12:00:00 UTC
    assert played_at(str(path)) == "2026-01-01T12:00:00Z"
    assert played_at(str(tmp_path / "missing")) == ""


def test_query_games_by_player(built_index: Path, cli: Cli) -> None:
    result = cli("query", "games", "--db", built_index, "--player", "heuristic",
                 "--format", "json", "--limit", "1000")
    assert result.code == 0, result.err
    rows = json.loads(result.out)
    # the corpus: 24 ryu-ken random/heuristic, 12 ken-ryu heuristic/random, 12 ken-ken
    # heuristic/heuristic, 12 ryu-ryu random/random
    assert len(rows) == 48
    assert all("heuristic" in (r["player1"], r["player2"]) for r in rows)
    none = cli("query", "games", "--db", built_index, "--player", "nobody", "--format", "json")
    assert none.code == 0 and json.loads(none.out) == []
    other = cli("query", "matchups", "--db", built_index, "--player", "heuristic")
    assert other.code == 2 and "does not take --player" in other.err


def test_an_index_from_before_the_players_is_one_clear_line(built_index: Path, cli: Cli,
                                                            tmp_path: Path) -> None:
    old = tmp_path / "old.duckdb"
    shutil.copy(built_index, old)
    con = duckdb.connect(str(old))
    try:  # what schema version 4 held: no players, no date
        for column in ("player1", "player2", "played"):
            con.execute(f"ALTER TABLE games DROP COLUMN {column}")
        con.execute("UPDATE schema_version SET version = 4")
    finally:
        con.close()
    for args in (("query", "games"), ("insights", "--player", "random")):
        result = cli(*args, "--db", old)
        assert result.code == 2
        assert result.err.strip().count("\n") == 0
        assert "built by an older `exceed index`" in result.err
        assert "run `exceed index LOGS...` on it again" in result.err
    rebuilt = cli("index", built_index.parent, "--db", old)  # no logs there: just the schema
    assert "schema version 4 differs" in rebuilt.err


def test_a_named_seat_is_its_player_and_an_unnamed_one_its_agent(tmp_path: Path,
                                                                  cli: Cli) -> None:
    """Issue 33 item 1 with issue 30's header: a name the Play page recorded for a seat is
    that seat's player in the index (`query games --player`); the other seat, unnamed,
    shows its agent."""
    from engine import GameSetup, Recording, new_game

    path = tmp_path / "named.exlog"
    with path.open("wb") as stream:
        recording = Recording(new_game(GameSetup(p1="ryu", p2="ken"), 5), 5, stream,
                              agents=("human", "heuristic"), players=("Ann <b>", ""))
        recording.close()
    log = read_game(path)
    assert (seat_player(log, 0), seat_player(log, 1)) == ("Ann <b>", "heuristic")
    db = tmp_path / "index.duckdb"
    assert cli("index", path, "--db", db).code == 0
    rows = json.loads(cli("query", "games", "--db", db, "--player", "Ann <b>",
                          "--format", "json").out)
    assert [(r["player1"], r["player2"]) for r in rows] == [("Ann <b>", "heuristic")]
