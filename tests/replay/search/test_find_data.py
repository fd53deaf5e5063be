"""``exceed find`` prints an index's values as data: a game id from a foreign index with
an escape sequence and URL characters in it neither drives the terminal nor changes
the link's query (found attacking ``find`` after sharing its links with ``insights``)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import duckdb

Planted = tuple[Path, dict[str, Path]]

EVIL = "\x1b]0;owned\x07\x1b[31m&event=1&x "
"""An id that sets the terminal's title, turns it red and adds its own event."""


def test_a_hostile_game_id_is_escaped_in_the_lines_and_encoded_in_the_link(
        planted: Planted, cli: Callable[..., Any], tmp_path: Path) -> None:
    db, _ = planted
    hostile = tmp_path / "hostile.duckdb"
    shutil.copy(db, hostile)
    con = duckdb.connect(str(hostile))
    try:
        tables = [r[0] for r in con.execute(
            "SELECT DISTINCT table_name FROM information_schema.columns "
            "WHERE column_name = 'game_id'").fetchall()]
        for table in tables:
            con.execute(f"UPDATE {table} SET game_id = ? || game_id", [EVIL])
    finally:
        con.close()
    result = cli("find", "hit", "--db", hostile, "--limit", "3")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert len(lines) == 3 and "\x1b" not in result.out and "\x07" not in result.out
    for line in lines:
        game, *_, url = line.split("\t")
        assert game.startswith("\\x1b]0;owned\\x07\\x1b[31m&event=1&x ")
        query = parse_qs(urlsplit(url).query)
        assert query["game"][0].startswith(EVIL) and len(query["event"]) == 1, url
