"""A log rewritten in place: re-indexing its path replaces the game it held (the index is
keyed by content, and kept both as two games), says so in the summary (``replaced N``),
takes the old game's share out of the card statistics, and keeps what is still good:
an old game whose bytes another file of the run holds (it moved there), the old game
when the new content is not a readable log, the analyses of a game that only grew."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import duckdb
import pytest

from engine.recording.log import MAX_FILE
from replay import query as q
from replay.index.analysis import create_tables
from tests.replay.conftest import run_cli

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "sample_games"
OLD = SAMPLES / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
NEW = SAMPLES / "ryu-vs-ryu_random-vs-random_seed12.exlog"


def _id(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _index(db: Path, *paths: Path, code: int = 0) -> str:
    result = run_cli("index", *paths, "--db", db, "--jobs", "1")
    assert result.code == code, result.err
    assert "Traceback" not in result.err
    return result.out + result.err


def _stats(db: Path) -> tuple[list[str], list[q.CardRow], list[q.MatchupRow]]:
    src = q.open_source(db)
    return ([g.game_id for g in q.games(src)], q.card_performance(src),
            q.matchup_win_rates(src))


def test_a_rewritten_log_replaces_its_old_game(tmp_path: Path) -> None:
    log, db = tmp_path / "game.exlog", tmp_path / "ix.duckdb"
    shutil.copy(OLD, log)
    _index(db, log)
    shutil.copy(NEW, log)
    said = _index(db, log)
    assert ("indexed 1 game(s), 0 already indexed, replaced 1 (a rewritten log's old game "
            "removed), 0 skipped") in said
    assert (f"{log}: replaced: its content changed; the game indexed from it before "
            f"({_id(OLD)[:12]}) is removed") in said
    fresh = tmp_path / "fresh.duckdb"
    _index(fresh, NEW)
    assert _stats(db) == _stats(fresh) and _stats(db)[0] == [_id(NEW)]
    counts = q.counts(q.open_source(db))
    assert counts == q.counts(q.open_source(fresh))
    # indexing it again changes nothing
    assert "indexed 0 game(s), 1 already indexed, 0 skipped" in _index(db, log)


def test_the_old_bytes_at_another_path_move_there(tmp_path: Path) -> None:
    logs, db = tmp_path / "logs", tmp_path / "ix.duckdb"
    logs.mkdir()
    shutil.copy(OLD, logs / "a.exlog")
    _index(db, logs)
    shutil.copy(OLD, logs / "b.exlog")  # the old game, kept at another path
    shutil.copy(NEW, logs / "a.exlog")
    said = _index(db, logs)
    assert "replaced" not in said
    assert (f"{logs / 'b.exlog'}: moved: indexed as {logs / 'a.exlog'}, which is rewritten; "
            "path updated") in said
    games = {g.game_id: g.path for g in q.games(q.open_source(db))}
    assert games == {_id(OLD): str(logs / "b.exlog"), _id(NEW): str(logs / "a.exlog")}


def test_an_unreadable_rewrite_keeps_the_old_game(tmp_path: Path) -> None:
    log, db = tmp_path / "game.exlog", tmp_path / "ix.duckdb"
    shutil.copy(OLD, log)
    _index(db, log)
    log.write_bytes(b"not a log at all")
    said = _index(db, log, code=1)
    assert f"the game indexed from this path before ({_id(OLD)[:12]}) is kept" in said
    assert [g.game_id for g in q.games(q.open_source(db))] == [_id(OLD)]


def _analyse(db: Path, game_id: str) -> None:
    """A stored analysis of ``game_id`` (two points), as ``exceed analyze`` keys one."""
    con = duckdb.connect(str(db))
    try:
        create_tables(con)
        for idx in (0, 1):
            con.execute("INSERT INTO analysis_points (game_id, card_data, params, idx) "
                        "VALUES (?, 'cards', 'n=20', ?)", [game_id, idx])
        con.execute("INSERT INTO analysis_options (game_id, card_data, params, idx, rank) "
                    "VALUES (?, 'cards', 'n=20', 0, 0)", [game_id])
    finally:
        con.close()


def _analysed(db: Path) -> dict[str, int]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return dict(con.execute("SELECT game_id, count(*) FROM analysis_points "
                                "GROUP BY game_id").fetchall())
    finally:
        con.close()


@pytest.mark.parametrize("grown", [True, False], ids=["same-game", "another-game"])
def test_a_growing_game_keeps_its_analyses(tmp_path: Path, grown: bool) -> None:
    """A live game's log grows turn by turn: each snapshot indexed is unfinished, and the
    next replaces it. An analysis of the snapshot goes with the game; one of a game the
    path no longer holds stays under its id."""
    log, db = tmp_path / "game.exlog", tmp_path / "ix.duckdb"
    data = OLD.read_bytes()
    log.write_bytes(data[: len(data) // 2])
    assert "damaged" in _index(db, log)
    part = _id(log)
    _analyse(db, part)
    shutil.copy(OLD if grown else NEW, log)
    said = _index(db, log)
    assert "replaced 1" in said
    assert [g.game_id for g in q.games(q.open_source(db))] == [_id(log)]
    if grown:
        assert "its analyses (2 point(s)) now belong to the new one" in said
        assert _analysed(db) == {_id(OLD): 2}
    else:
        assert "analyses" not in said
        assert _analysed(db) == {part: 2}
    fresh = tmp_path / "fresh.duckdb"
    _index(fresh, log)
    assert _stats(db) == _stats(fresh)


def test_the_card_totals_stay_the_sums_of_the_games_held(tmp_path: Path) -> None:
    """After replacements the summed ``card_totals`` equal the card statistics of the
    games held, computed from their rows (the dashboard's ``card_usage``), per agent."""
    logs, db = tmp_path / "logs", tmp_path / "ix.duckdb"
    logs.mkdir()
    picked = sorted(SAMPLES.glob("*-vs-ryu_*.exlog"))[:12]
    for i, path in enumerate(picked[:6]):
        shutil.copy(path, logs / f"{i}.exlog")
    _index(db, logs)
    for i, path in enumerate(picked[6:]):  # every file rewritten
        shutil.copy(path, logs / f"{i}.exlog")
    said = _index(db, logs)
    assert "replaced 6" in said
    src = q.open_source(db)
    assert sorted(g.game_id for g in q.games(src)) == sorted(map(_id, picked[6:]))
    for agent in (None, "heuristic", "random"):
        for fighter in q.characters(src):
            cli = {r.card: (r.struck, r.hits, r.damage, r.stuns, r.wild_swung, r.boosted)
                   for r in q.card_performance(src, fighter, agent)}
            usage = {u.card: (u.struck, u.hits, u.damage, u.stuns, u.wild_swung, u.boosted)
                     for u in q.card_usage(src, fighter, agent)}
            assert cli == usage, (fighter, agent)


def test_a_log_rewritten_with_a_game_already_indexed_drops_its_old_game(
        tmp_path: Path) -> None:
    """``a.exlog`` rewritten with the bytes of ``b.exlog`` (both indexed): the game ``a``
    held is gone from the files, so it leaves the index; ``b``'s game stays, once."""
    logs, db = tmp_path / "logs", tmp_path / "ix.duckdb"
    logs.mkdir()
    shutil.copy(OLD, logs / "a.exlog")
    shutil.copy(NEW, logs / "b.exlog")
    _index(db, logs)
    shutil.copy(NEW, logs / "a.exlog")
    said = _index(db, logs)
    assert "replaced 1" in said
    assert (f"{logs / 'a.exlog'}: replaced: its content changed; the game indexed from it "
            f"before ({_id(OLD)[:12]}) is removed") in said
    assert [g.game_id for g in q.games(q.open_source(db))] == [_id(NEW)]
    fresh = tmp_path / "fresh.duckdb"
    _index(fresh, NEW)
    assert _stats(db) == _stats(fresh)


def test_a_rewritten_log_that_is_a_copy_of_a_new_one_replaces_its_old_game(
        tmp_path: Path) -> None:
    """``a.exlog`` rewritten with the bytes of a new log that ``0.exlog`` (scanned first)
    also holds: the new game is indexed once, from ``0.exlog``, and the game ``a.exlog``
    held leaves the index with it."""
    logs, db = tmp_path / "logs", tmp_path / "ix.duckdb"
    logs.mkdir()
    shutil.copy(OLD, logs / "a.exlog")
    _index(db, logs)
    shutil.copy(NEW, logs / "0.exlog")
    shutil.copy(NEW, logs / "a.exlog")
    said = _index(db, logs)
    assert "indexed 1 game(s), 0 already indexed, replaced 1" in said
    assert f"{logs / 'a.exlog'}: same bytes as {logs / '0.exlog'}; indexed once" in said
    assert (f"{logs / 'a.exlog'}: replaced: its content changed; the game indexed from it "
            f"before ({_id(OLD)[:12]}) is removed") in said
    assert [g.game_id for g in q.games(q.open_source(db))] == [_id(NEW)]


def test_a_log_grown_past_the_cap_keeps_its_old_game_and_says_so(tmp_path: Path) -> None:
    """A file the indexer cannot even hash (over the size cap) is skipped; the game its
    path held stays, and the line says so, as for a rewrite that is not a log."""
    log, db = tmp_path / "game.exlog", tmp_path / "ix.duckdb"
    shutil.copy(OLD, log)
    _index(db, log)
    os.truncate(log, MAX_FILE + 1)  # sparse: nothing is written
    said = _index(db, log, code=1)
    assert (f"{log}: skipped: file is larger than the {MAX_FILE >> 20} MiB cap; the game "
            f"indexed from this path before ({_id(OLD)[:12]}) is kept") in said
    assert [g.game_id for g in q.games(q.open_source(db))] == [_id(OLD)]
