"""``exceed index`` on moved logs, identical files and a ``--db`` that is not an index
(issue 11 items 8, 22 and 27)."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pytest

from replay import query as q
from replay.index.locks import NotAnIndex
from replay.index.writer import Indexer

Cli = Callable[..., Any]


def _logs(corpus: Path, out: Path, count: int) -> list[Path]:
    """``count`` logs of the corpus copied into ``out``."""
    out.mkdir(parents=True)
    picked = sorted((corpus / "ryu-ken").glob("*.exlog"))[:count]
    return [Path(shutil.copy(p, out / p.name)) for p in picked]


def _game_id(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- item 8: a moved log ----------------------------------------------------------------


def test_a_moved_log_gets_its_new_path(corpus: Path, tmp_path: Path, cli: Cli) -> None:
    logs = _logs(corpus, tmp_path / "old", 3)
    db = tmp_path / "ix.duckdb"
    assert cli("index", tmp_path / "old", "--db", db, "--jobs", "1").code == 0
    moved = tmp_path / "new" / logs[0].name
    moved.parent.mkdir()
    logs[0].rename(moved)

    result = cli("index", tmp_path / "new", "--db", db, "--jobs", "1")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        f"{moved}: moved: indexed as {logs[0]}, which is gone; path updated"]
    assert result.out == ("indexed 0 game(s), 0 already indexed, 1 moved (path updated), "
                          f"0 skipped, 0 damaged (indexed as unsealed) -> {db}\n")
    src = q.Source.duckdb(db)
    row = q.game(src, _game_id(moved))
    assert row is not None and row.path == str(moved)
    assert {g.path for g in q.games(src)} == {str(moved), str(logs[1]), str(logs[2])}

    again = cli("index", tmp_path / "new", "--db", db, "--jobs", "1")
    assert again.out.startswith("indexed 0 game(s), 1 already indexed, 0 skipped")


def test_a_copied_log_keeps_the_live_path(corpus: Path, tmp_path: Path) -> None:
    logs = _logs(corpus, tmp_path / "old", 2)
    db = tmp_path / "ix.duckdb"
    Indexer(db, jobs=1, say=lambda _: None).run([tmp_path / "old"])
    copy = Path(shutil.copytree(tmp_path / "old", tmp_path / "copy"))
    lines: list[str] = []
    report = Indexer(db, jobs=1, say=lines.append).run([copy])
    assert (report.indexed, report.already, report.moved, report.skipped) == (0, 2, 0, 0)
    assert lines == []
    assert sorted(g.path for g in q.games(q.Source.duckdb(db))) == sorted(map(str, logs))


# --- item 22: identical files -------------------------------------------------------------


def test_identical_bad_files_each_get_a_line(corpus: Path, tmp_path: Path, cli: Cli) -> None:
    logs = tmp_path / "logs"
    [good] = _logs(corpus, logs, 1)
    for name in ("a.exlog", "b.exlog"):
        (logs / name).write_bytes(b"")
    for name in ("c.exlog", "d.exlog"):
        (logs / name).write_bytes(b"garbage, not a log\n")
    db = tmp_path / "ix.duckdb"
    result = cli("index", logs, "--db", db, "--jobs", "2")
    assert result.code == 1
    lines = sorted(result.err.splitlines())
    assert len(lines) == 4
    empty = [line for line in lines if line.startswith((str(logs / "a"), str(logs / "b")))]
    garbage = [line for line in lines if line.startswith((str(logs / "c"), str(logs / "d")))]
    assert [line.split(": skipped: ")[0] for line in empty + garbage] == [
        str(logs / n) for n in ("a.exlog", "b.exlog", "c.exlog", "d.exlog")]
    assert garbage[0].endswith(": skipped: not an EXCEED log (bad magic)")
    assert garbage[1].endswith(": skipped: not an EXCEED log (bad magic)")
    assert empty[0].split(": skipped: ")[1] == empty[1].split(": skipped: ")[1]
    assert result.out == ("indexed 1 game(s), 0 already indexed, 4 skipped, "
                          f"0 damaged (indexed as unsealed) -> {db}\n")
    assert [g.game_id for g in q.games(q.Source.duckdb(db))] == [_game_id(good)]

    # a second run still reports each of them, and calls nothing "already indexed" that
    # is not in the index
    again = cli("index", logs, "--db", db, "--jobs", "1")
    assert len(again.err.splitlines()) == 4
    assert again.out.startswith("indexed 0 game(s), 1 already indexed, 4 skipped,")


def test_identical_good_files_are_indexed_once_and_counted_apart(corpus: Path,
                                                                 tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    [good] = _logs(corpus, logs, 1)
    twin = Path(shutil.copy(good, logs / "twin.exlog"))
    lines: list[str] = []
    report = Indexer(tmp_path / "ix.duckdb", jobs=1, say=lines.append).run([logs])
    assert (report.indexed, report.already, report.copies, report.skipped) == (1, 0, 1, 0)
    first, second = sorted([good, twin])
    assert lines == [f"{second}: same bytes as {first}; indexed once"]
    assert report.summary() == ("indexed 1 game(s), 0 already indexed, 1 copy(ies) of a file "
                                "indexed in this run, 0 skipped, 0 damaged (indexed as "
                                "unsealed)")


# --- item 27: a --db that is not an index --------------------------------------------------


def _beside(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name + "."))


@pytest.mark.parametrize("content", [b"", b"EXLG not a database"], ids=["empty", "junk"])
def test_index_and_query_refuse_a_db_that_is_not_an_index(corpus: Path, tmp_path: Path,
                                                          cli: Cli, content: bytes) -> None:
    [log] = _logs(corpus, tmp_path / "logs", 1)
    for db in (log, tmp_path / "other.bin"):
        if db != log:
            db.write_bytes(content)
        before = db.read_bytes()
        message = f"{db} is not an exceed index (not a DuckDB database file); refusing to use it"
        result = cli("index", tmp_path / "logs", "--db", db)
        assert (result.code, result.out, result.err) == (2, "", f"exceed index: {message}\n")
        for command in (["query", "games"], ["query", "--sql", "SELECT 1"],
                        ["export", "--parquet", tmp_path / "pq"]):
            result = cli(*command, "--db", db)
            assert (result.code, result.out) == (2, "")
            assert result.err == f"exceed {command[0]}: {message}\n"
        assert db.read_bytes() == before
        assert _beside(db) == []  # no .lock, .turn, .wal or .tmp
    with pytest.raises(NotAnIndex):
        Indexer(log, jobs=1).run([tmp_path / "logs"])
    with pytest.raises(q.IndexMissing):
        q.games(q.Source.duckdb(log))
    assert _beside(log) == []


def test_index_refuses_a_foreign_duckdb_database(corpus: Path, tmp_path: Path,
                                                 cli: Cli) -> None:
    _logs(corpus, tmp_path / "logs", 1)
    db = tmp_path / "theirs.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE games (who VARCHAR)")
        con.execute("INSERT INTO games VALUES ('precious')")
    result = cli("index", tmp_path / "logs", "--db", db)
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"exceed index: {db} is a DuckDB database but not an exceed index "
                          "(it has no schema_version table); refusing to change it\n")
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT * FROM games").fetchall() == [("precious",)]


def test_index_still_creates_a_new_db(corpus: Path, tmp_path: Path, cli: Cli) -> None:
    _logs(corpus, tmp_path / "logs", 1)
    db = tmp_path / "deep" / "new.duckdb"
    result = cli("index", tmp_path / "logs", "--db", db)
    assert result.code == 0, result.err
    assert q.counts(q.Source.duckdb(db))["games"] == 1


def test_an_empty_db_beside_a_lock_is_checked_again_under_the_lock(corpus: Path,
                                                                   tmp_path: Path,
                                                                   cli: Cli) -> None:
    # an empty file beside ``.lock`` may be an index another indexer is creating, so it
    # passes the first check; under the lock, with nobody creating it, it is refused
    _logs(corpus, tmp_path / "logs", 1)
    db = tmp_path / "ix.duckdb"
    db.write_bytes(b"")
    Path(f"{db}.lock").write_bytes(b"")
    result = cli("index", tmp_path / "logs", "--db", db, "--jobs", "1")
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"exceed index: {db} is not an exceed index (not a DuckDB database "
                          "file); refusing to use it\n")
    assert db.read_bytes() == b""


def test_a_folder_without_logs_is_one_line_not_a_silent_zero(corpus: Path, tmp_path: Path,
                                                             cli: Cli) -> None:
    """A mistyped or empty folder read "indexed 0 game(s) ..." with exit 0, where info,
    verify and analyze say the folder holds no log (newcomer's walk)."""
    empty = tmp_path / "nothing"
    (empty / "sub").mkdir(parents=True)
    (empty / "notes.txt").write_text("no logs here\n")
    db = tmp_path / "ix.duckdb"
    result = cli("index", empty, "--db", db)
    assert result.code == 1
    # named as info and verify name it; no file was skipped (tests/replay/cli/test_index.py)
    assert result.err == f"{empty}: no .exlog files in this folder (or its subfolders)\n"
    assert result.out.startswith("indexed 0 game(s), 0 already indexed, 0 skipped,")
    # beside a folder that has logs, the others are indexed and the empty one named
    logs = tmp_path / "logs"
    [good] = _logs(corpus, logs, 1)
    both = cli("index", logs, empty, "--db", db)
    assert both.code == 1
    assert both.out.startswith("indexed 1 game(s), 0 already indexed, 0 skipped,")
    assert [g.game_id for g in q.games(q.Source.duckdb(db))] == [_game_id(good)]


def test_a_file_found_twice_is_taken_once(corpus: Path, tmp_path: Path, cli: Cli) -> None:
    """``exceed index logs logs logs/a.exlog`` (a folder given twice, or a folder and a
    log inside it) counted every extra sighting: "logs/a.exlog: same bytes as
    logs/a.exlog; indexed once", 7 copies of 4 games, each bad file skipped twice. Each
    file is now taken once; the counts are those of one `exceed index logs`."""
    logs = tmp_path / "logs"
    good = _logs(corpus, logs, 2)
    (logs / "bad.exlog").write_bytes(b"garbage, not a log\n")
    db = tmp_path / "ix.duckdb"
    result = cli("index", logs, logs, good[0], tmp_path / "." / "logs", "--db", db,
                 "--jobs", "1")
    assert result.code == 1
    assert result.err == f"{logs / 'bad.exlog'}: skipped: not an EXCEED log (bad magic)\n"
    assert result.out == ("indexed 2 game(s), 0 already indexed, 1 skipped, "
                          f"0 damaged (indexed as unsealed) -> {db}\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    twice = cli("index", empty, empty, "--db", db)
    assert twice.err.count("no .exlog files") == 1, twice.err
