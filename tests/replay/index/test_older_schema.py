"""Reading an index or an export made before the columns a query reads existed: one line
that says what the file is and how to rebuild it, never DuckDB's "column not found"
(schema version 7 added the strikes' ``a_fighter`` / ``d_fighter`` and the boosts'
``fighter``, which moment search reads)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb

from replay.index.checksums import write_checksums
from replay.index.schema import SCHEMA_VERSION


def _as_version_6(db: Path) -> None:
    """Turn a current index into what schema version 6 wrote: no fighter columns."""
    with duckdb.connect(str(db)) as con:
        con.execute("ALTER TABLE strikes DROP a_fighter")
        con.execute("ALTER TABLE strikes DROP d_fighter")
        con.execute("ALTER TABLE boosts DROP fighter")
        con.execute("UPDATE schema_version SET version = 6")


def test_find_on_a_version_6_index_says_rebuild_it(built_index: Path, tmp_path: Path,
                                                   cli: Callable[..., Any]) -> None:
    db = tmp_path / "old.duckdb"
    shutil.copyfile(built_index, db)
    _as_version_6(db)
    result = cli("find", "hit fighter=ryu", "--db", db)
    assert result.code != 0 and result.out == ""
    assert result.err == (f"exceed find: {db} was built by an older `exceed index` (schema "
                          f"version 6, this exceed-replay reads {SCHEMA_VERSION}): run "
                          "`exceed index LOGS...` on it again to rebuild it\n")
    # the user's own SQL keeps DuckDB's first line, then says the same
    result = cli("query", "--sql", "SELECT a_fighter FROM strikes", "--db", db)
    assert result.code != 0
    assert result.err.startswith("exceed query: Binder Error: ")
    assert "was built by an older `exceed index` (schema version 6" in result.err
    assert result.err.count("\n") == 1
    # what does not read the new columns still answers
    result = cli("query", "games", "--db", db)
    assert result.code == 0, result.err


def test_an_index_run_rebuilds_it_and_find_answers(built_index: Path, corpus: Path,
                                                    tmp_path: Path,
                                                    cli: Callable[..., Any]) -> None:
    db = tmp_path / "old.duckdb"
    shutil.copyfile(built_index, db)
    _as_version_6(db)
    result = cli("index", corpus, "--db", db, "--jobs", "1")
    assert result.code == 0, result.err
    assert "schema version 6 differs from this indexer's 7" in result.err + result.out
    result = cli("find", "hit fighter=ryu", "--db", db)
    assert result.code == 0 and result.out, result.err


def test_find_on_an_export_without_the_columns_says_export_again(
        built_index: Path, tmp_path: Path, cli: Callable[..., Any]) -> None:
    out = tmp_path / "export"
    result = cli("export", "--parquet", out, "--db", built_index)
    assert result.code == 0, result.err
    for part in (out / "strikes").rglob("*.parquet"):  # an export of version 6
        with duckdb.connect() as con:
            con.execute(f"COPY (SELECT * EXCLUDE (a_fighter, d_fighter) FROM "
                        f"read_parquet('{part}')) TO '{part}.new' (FORMAT parquet)")
        part.with_name(part.name + ".new").replace(part)
    write_checksums(out / "strikes")  # as that older export listed its own files
    result = cli("find", "hit fighter=ryu", "--db", out)
    assert result.code != 0 and result.out == ""
    assert result.err == (f"exceed find: {out} was exported by an older exceed-replay (its "
                          "strikes lack a_fighter, d_fighter): export the index again with "
                          f"`exceed export --parquet {out}`\n")

