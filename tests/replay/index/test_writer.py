"""``exceed index``: idempotent ingestion, damaged and foreign files, schema versions."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import msgspec
import pytest

from engine.recording.record import read_game
from replay import query as q
from replay.cli import main
from replay.index import writer
from replay.index.schema import BOOST_DECISIONS, SCHEMA_VERSION, TABLES
from replay.index.writer import default_index_path

Cli = Callable[..., Any]
Fn = Callable[..., Any]


def _counts(db: Path) -> dict[str, int]:
    return q.counts(q.Source.duckdb(db))


def boost_decisions(path: str) -> int:
    """The Boost and Cross Boost decisions of a log (its ``boosts`` rows)."""
    return sum(1 for d in read_game(path).decisions
               if d.__struct_config__.tag in BOOST_DECISIONS)


def _expected_counts(expected: dict[str, Any]) -> dict[str, int]:
    return {
        "games": len(expected),
        "strikes": sum(len(e.strikes) for e in expected.values()),
        "events": sum(e.events for e in expected.values()),
        "decisions": sum(e.decisions for e in expected.values()),
        "boosts": sum(boost_decisions(e.path) for e in expected.values()),
    }


def test_the_index_holds_every_row_of_every_log(built_index: Path,
                                                expected: dict[str, Any]) -> None:
    assert _counts(built_index) == _expected_counts(expected)
    with duckdb.connect(str(built_index), read_only=True) as con:
        per_game = con.execute(
            "SELECT g.game_id, g.events, g.decisions, g.strikes,"
            " (SELECT count(*) FROM events e WHERE e.game_id = g.game_id),"
            " (SELECT count(*) FROM decisions d WHERE d.game_id = g.game_id),"
            " (SELECT count(*) FROM strikes s WHERE s.game_id = g.game_id) FROM games g"
        ).fetchall()
    for game_id, events, decisions, strikes, n_ev, n_dec, n_str in per_game:
        e = expected[game_id]
        assert (events, decisions, strikes) == (e.events, e.decisions, len(e.strikes))
        assert (n_ev, n_dec, n_str) == (e.events, e.decisions, len(e.strikes))


def test_indexing_twice_gives_the_same_counts(corpus: Path, tmp_path: Path, cli: Cli) -> None:
    db = tmp_path / "ix.duckdb"
    first = cli("index", corpus, "--db", db, "--jobs", "2")
    before = _counts(db)
    second = cli("index", corpus, "--db", db, "--jobs", "2")
    assert (first.code, second.code) == (0, 0)
    assert _counts(db) == before
    assert "indexed 0 game(s), 60 already indexed, 0 skipped" in second.out


def test_adding_five_logs_adds_exactly_five_games(built_index: Path, corpus: Path,
                                                  tmp_path: Path, cli: Cli, record_logs: Fn,
                                                  expect_log: Fn) -> None:
    db = tmp_path / "ix.duckdb"
    shutil.copy(built_index, db)
    more = record_logs(tmp_path / "more", (("ken", "ryu", ("random", "random"), 5),),
                         first_seed=1000)
    before = _counts(db)
    result = cli("index", corpus, tmp_path / "more", "--db", db, "--jobs", "2")
    assert result.code == 0, result.err
    assert "indexed 5 game(s), 60 already indexed" in result.out
    after = _counts(db)
    assert after["games"] == before["games"] + 5
    added = [expect_log(p) for p in more]
    assert after["events"] == before["events"] + sum(e.events for e in added)


def test_the_write_limit_grows_with_the_games_already_indexed(
        built_index: Path, tmp_path: Path, cli: Cli, record_logs: Fn,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a batch checks its ids against the ``games`` primary key, whose index must be
    in memory: the connection's limit is the batch's share plus ``KEY_MEMORY`` per game
    held (a fixed 64 MB failed with "Out of Memory" at 492,000 games)."""
    db = tmp_path / "ix.duckdb"
    shutil.copy(built_index, db)
    held = _counts(db)["games"]
    record_logs(tmp_path / "more", (("ken", "ryu", ("random", "random"), 3),),
                first_seed=2000)
    limits: list[str] = []
    insert = writer.insert_arrow

    def spy(con: duckdb.DuckDBPyConnection, tables: dict[str, Any],
            replaced: Any = ()) -> Any:
        row = con.execute("SELECT current_setting('memory_limit')").fetchone()
        assert row is not None
        limits.append(row[0])
        return insert(con, tables, replaced)

    monkeypatch.setattr(writer, "insert_arrow", spy)
    # a MiB per game, so that the part the games held add shows in DuckDB's rounded figure
    monkeypatch.setattr(writer, "KEY_MEMORY", 2**20)
    result = cli("index", tmp_path / "more", "--db", db, "--jobs", "1")
    assert result.code == 0, result.err
    assert _counts(db)["games"] == held + 3
    assert writer.WRITE_MEMORY == 64 * 2**20
    assert limits == [f"{64 + held}.0 MiB"]


def test_a_truncated_log_indexes_its_prefix_unsealed(corpus: Path, tmp_path: Path, cli: Cli,
                                                     expect_log: Fn) -> None:
    source = sorted(corpus.rglob("*.exlog"))[0]
    data = source.read_bytes()
    cut = tmp_path / "logs" / "cut.exlog"
    cut.parent.mkdir()
    cut.write_bytes(data[: len(data) * 2 // 3])
    db = tmp_path / "ix.duckdb"
    result = cli("index", cut.parent, "--db", db, "--jobs", "1")
    assert result.code == 0, result.err
    assert "1 damaged" in result.out
    assert f"{cut}: damaged: stopped at byte" in result.err
    log = read_game(cut)
    expected = expect_log(cut)
    row = q.game(q.Source.duckdb(db), expected.game_id)
    assert row is not None
    assert not row.sealed and row.winner is None and row.reason is None
    assert row.damage is not None and row.damage.startswith("stopped at byte")
    assert (row.events, row.decisions) == (log.event_count, len(log.decisions))
    strikes = q.game_strikes(q.Source.duckdb(db), expected.game_id)
    assert [msgspec.structs.asdict(s) for s in strikes] == [
        {"game_id": expected.game_id, **s} for s in expected.strikes]


def test_a_foreign_file_is_skipped_with_one_line_and_counted(corpus: Path, tmp_path: Path,
                                                             cli: Cli) -> None:
    logs = tmp_path / "logs"
    shutil.copytree(corpus / "ryu-ken", logs)
    (logs / "notes.exlog").write_text("not a game log\n")
    (logs / "ignored.txt").write_text("only *.exlog files are scanned\n")
    db = tmp_path / "ix.duckdb"
    result = cli("index", logs, tmp_path / "missing", "--db", db, "--jobs", "2")
    assert result.code == 1
    lines = result.err.splitlines()
    assert [line for line in lines if "notes.exlog" in line] == [
        f"{logs / 'notes.exlog'}: skipped: not an EXCEED log (bad magic)"]
    assert f"{tmp_path / 'missing'}: skipped: no such file or directory" in lines
    assert "indexed 24 game(s), 0 already indexed, 2 skipped, 0 damaged" in result.out
    assert _counts(db)["games"] == 24


def test_an_older_schema_version_rebuilds_the_tables(built_index: Path, corpus: Path,
                                                     tmp_path: Path, cli: Cli) -> None:
    db = tmp_path / "ix.duckdb"
    shutil.copy(built_index, db)
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE schema_version SET version = ?", [SCHEMA_VERSION - 1])
        con.execute("DELETE FROM events")
    result = cli("index", corpus, "--db", db, "--jobs", "2")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        f"index schema version {SCHEMA_VERSION - 1} differs from this indexer's "
        f"{SCHEMA_VERSION}: rebuilding the tables (every log will be indexed again)"]
    assert "indexed 60 game(s)" in result.out
    assert _counts(db) == _counts(built_index)


def test_a_newer_schema_version_is_refused_and_the_index_kept(
        built_index: Path, corpus: Path, tmp_path: Path, cli: Cli) -> None:
    """An index a newer exceed-replay built was dropped and rebuilt by an older one: every
    game indexed from folders other than this run's was gone (and the newer version
    rebuilt it again). It is refused in one line, its bytes unchanged, as a log of a
    newer format is."""
    db = tmp_path / "ix.duckdb"
    shutil.copy(built_index, db)
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE schema_version SET version = ?", [SCHEMA_VERSION + 1])
    before = db.read_bytes()
    result = cli("index", corpus / "ken-ken", "--db", db, "--jobs", "1")
    assert result.code == 2 and result.out == ""
    assert result.err == (
        f"exceed index: {db} is an index of schema version {SCHEMA_VERSION + 1}, newer "
        f"than this indexer's {SCHEMA_VERSION} (built by a newer exceed-replay); refusing "
        "to change it: upgrade exceed-replay, or give another --db\n")
    assert db.read_bytes() == before


def test_table_columns_follow_the_row_types() -> None:
    games = [name for name, _ in TABLES["games"]]
    strikes = [name for name, _ in TABLES["strikes"]]
    assert games == [*q.GameRow.__struct_fields__, "bucket"]
    assert strikes == [*q.StrikeRow.__struct_fields__, "bucket"]


def test_the_default_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("EXCEED_INDEX", raising=False)
    assert default_index_path() == Path(".exceed/index.duckdb")
    monkeypatch.setenv("EXCEED_INDEX", str(tmp_path / "elsewhere.duckdb"))
    assert default_index_path() == tmp_path / "elsewhere.duckdb"


def test_index_without_db_writes_the_default_location(
        corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Cli) -> None:
    monkeypatch.delenv("EXCEED_INDEX", raising=False)
    monkeypatch.chdir(tmp_path)
    result = cli("index", corpus / "ken-ken", "--jobs", "1")
    assert result.code == 0, result.err
    assert (tmp_path / ".exceed" / "index.duckdb").is_file()
    assert q.counts(q.open_source())["games"] == 12


@pytest.mark.parametrize("command", ["index", "query", "export"])
def test_help_names_the_default_location(command: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "$EXCEED_INDEX if set, else .exceed/index.duckdb" in text


def test_a_log_whose_name_is_not_utf8_is_skipped_and_the_rest_indexed(
        corpus: Path, tmp_path: Path, cli: Cli) -> None:
    """Audit: one log whose file name holds a byte that is not UTF-8 (a name from another
    system's archive) failed the whole run: Arrow cannot hold the surrogate-escaped path,
    so ``exceed index`` was an internal error (exit 70) and indexed nothing. Now that file
    is skipped with one line naming it (escaped) and every other log is indexed."""
    logs = tmp_path / "logs"
    shutil.copytree(corpus / "ryu-ken", logs)
    odd = logs / os.fsdecode(b"copied-\xff.exlog")
    shutil.copy(sorted(corpus.rglob("*.exlog"))[-1], odd)
    db = tmp_path / "ix.duckdb"
    result = cli("index", logs, "--db", db, "--jobs", "2")
    assert result.code == 1, result.err
    assert "internal error" not in result.err
    skipped = [line for line in result.err.splitlines() if "copied-" in line]
    assert skipped == [f"{logs}/copied-\\udcff.exlog: skipped: its name is not valid UTF-8 "
                       "text, which the index stores names as; rename the file to index it"]
    assert "indexed 24 game(s), 0 already indexed, 1 skipped, 0 damaged" in result.out
    assert _counts(db)["games"] == 24


def test_an_abandoned_or_unfinished_live_game_is_not_called_damaged(
        tmp_path: Path, cli: Cli) -> None:
    """The dashboard audit left: ``exceed index`` said a game its players abandoned on
    the Play page was "damaged: no trailer", where ``exceed info`` says "unfinished
    (abandoned)"; a log without a trailer is an unfinished game, not damage
    (docs/log-format.md section 7). Each is indexed unsealed, and counted as unfinished."""
    live = tmp_path / "live"
    left = q.create_live(live, "ryu", "ken", seat="p1", seed=5)
    q.abandon_live(live, left.game_id, left.tokens["p1"], "t")
    going = q.create_live(live, "ryu", "ken", seat="p1", seed=6)
    db = tmp_path / "ix.duckdb"
    result = cli("index", live, "--db", db, "--jobs", "1")
    assert result.code == 0, result.err
    assert result.out == (f"indexed 2 game(s), 0 already indexed, 0 skipped, 0 damaged "
                          f"(indexed as unsealed), 2 unfinished (indexed as unsealed) -> {db}\n")
    assert sorted(result.err.splitlines()) == sorted([
        f"{live / left.game_id}.exlog: unfinished (abandoned): its players left it; "
        "indexed as unsealed",
        f"{live / going.game_id}.exlog: no trailer: the game was not finished; "
        "indexed as unsealed"])
    with duckdb.connect(str(db), read_only=True) as con:
        rows = dict(con.execute("SELECT path, damage FROM games WHERE NOT sealed").fetchall())
    assert rows == {f"{live / left.game_id}.exlog": "unfinished (abandoned): its players left it",
                    f"{live / going.game_id}.exlog": "no trailer: the game was not finished"}
