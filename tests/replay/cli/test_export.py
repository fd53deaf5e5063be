"""``exceed export`` from the command line: the Parquet dataset it writes, and its one-line
refusals (a foreign index, a target that is a file, unwritable or over the data it reads)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pytest

from replay import query as q
from tests.replay.cli.test_games import run

Cli = Callable[..., Any]


def test_export_writes_a_partitioned_dataset_and_replaces_it(built_index: Path, tmp_path: Path,
                                                             cli: Cli) -> None:
    out = tmp_path / "pq"
    for _ in range(2):  # exporting again replaces every table, leaving no stale files
        result = cli("export", "--parquet", out, "--db", built_index)
        assert result.code == 0, result.err
    assert sorted(p.name for p in out.iterdir()) == ["boosts", "card_totals", "decisions",
                                                     "events", "games", "strikes"]
    names = sorted(p.name for p in (out / "games").iterdir())
    assert names[0] == "_checksums.json"  # each file's size and SHA-256
    buckets = names[1:]
    assert buckets and all(b.startswith("bucket=") for b in buckets)
    assert len(list((out / "games").rglob("*.parquet"))) == len(buckets)
    src = q.Source.parquet(out)
    assert q.counts(src) == q.counts(q.Source.duckdb(built_index))
    assert cli("query", "counts", "--db", out).code == 0


# --- export: a foreign index, a target over the source (audit) ------------------------------


@pytest.mark.parametrize("tables", [["people"], ["games"]])
def test_export_of_a_duckdb_file_that_is_not_an_index_is_one_line(
        tmp_path: Path, cli: Cli, tables: list[str]) -> None:
    """Audit: a DuckDB file without the index's tables was an internal error over two
    lines (a Catalog or Binder error, exit 70), and left ``.games.new-PID`` folders in
    the half-made ``--parquet`` folder."""
    db = tmp_path / "other.duckdb"
    with duckdb.connect(str(db)) as con:
        for table in tables:
            con.execute(f"CREATE TABLE {table} (x INTEGER)")
    out = tmp_path / "pq"
    result = cli("export", "--parquet", out, "--db", db)
    assert result.code == 2 and result.out == ""
    assert len(result.err.splitlines()) == 1, result.err
    assert result.err.startswith(f"exceed export: {db} is not an exceed index: Catalog Error")
    assert "internal error" not in result.err and not out.exists()


def test_export_to_an_empty_folder_name_is_refused_and_writes_nothing(
        built_index: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Walking the terminal: ``exceed export --parquet "$DIR"`` with ``DIR`` unset wrote
    its six table folders into the current folder (``Path("")`` is ``.``), where
    ``simulate``, ``samples``, ``fuzz`` and ``capsule`` refuse an empty ``--out``."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, ["export", "--parquet", "", "--db", str(built_index)])
    assert (code, out) == (2, "")
    assert err.startswith("usage: exceed export ")
    assert err.splitlines()[-1] == ("exceed export: error: argument --parquet: expected a "
                                    "folder, got '' (write . for the current folder)")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("name", "shown"), [("game.exlog", "game.exlog"),
                                           ("a\x1b[2Jb", "a\\x1b[2Jb")])
def test_export_to_a_file_is_one_line_naming_it(built_index: Path, tmp_path: Path, cli: Cli,
                                                name: str, shown: str) -> None:
    """``exceed export --parquet game.exlog`` said only ``game.exlog: File exists`` (the
    ``mkdir``'s error); it names the option and what it takes, as ``simulate --out``
    does, the name's control characters escaped, and leaves the file as it was."""
    target = tmp_path / name
    target.write_bytes(b"mine")
    result = cli("export", "--parquet", target, "--db", built_index)
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"exceed export: --parquet {tmp_path}/{shown} is not a folder; "
                          "--parquet takes the folder to write the dataset into\n")
    assert target.read_bytes() == b"mine"
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_export_into_a_folder_it_cannot_write_names_that_folder(
        built_index: Path, tmp_path: Path, cli: Cli) -> None:
    """Walking the corpus: ``exceed export --parquet DIR`` into a read-only folder said
    ``exceed export: INDEX: cannot be read whole: IO Error: Failed to create directory
    "DIR/.games.new-PID": Read-only file system; DIR is left as it was``, blaming the
    index being read for DuckDB's failure to write. The folder is named, with the
    system's reason, exit 2, nothing written. ``/sys`` refuses a new folder even to
    root (``Operation not permitted``); a folder without write permission does for
    anyone else."""
    targets: list[Path] = []
    if Path("/sys/kernel").is_dir():
        targets.append(Path("/sys"))
    if os.geteuid() != 0:
        mine = tmp_path / "read-only"
        mine.mkdir()
        mine.chmod(0o555)
        targets.append(mine)
    if not targets:
        pytest.skip("no folder this user cannot write into (root, without /sys)")
    for target in targets:
        before = sorted(p.name for p in target.iterdir())
        result = cli("export", "--parquet", target, "--db", built_index)
        assert (result.code, result.out) == (2, ""), target
        assert result.err in (f"exceed export: {target}: Operation not permitted\n",
                              f"exceed export: {target}: Permission denied\n"), result.err
        assert sorted(p.name for p in target.iterdir()) == before


def test_export_over_the_dataset_being_read_is_refused_and_loses_nothing(
        built_index: Path, tmp_path: Path, cli: Cli) -> None:
    """Audit: an exported dataset kept in a folder named ``games`` and exported to its
    parent: the first table's swap renamed the whole source dataset away and deleted
    it, then the next table failed (internal error, exit 70). All six tables were lost."""
    dataset = tmp_path / "games"
    assert cli("export", "--parquet", dataset, "--db", built_index).code == 0
    before = sorted(p.relative_to(dataset) for p in dataset.rglob("*"))
    result = cli("export", "--parquet", tmp_path, "--db", dataset)
    assert result.code == 2 and result.out == ""
    assert result.err == (f"exceed export: --parquet {tmp_path} would replace {dataset}, "
                          f"which holds the index being read ({dataset}); write the export "
                          "elsewhere\n")
    assert sorted(p.relative_to(dataset) for p in dataset.rglob("*")) == before
    inside = dataset / "games" / "copy"
    result = cli("export", "--parquet", inside, "--db", dataset)
    assert result.code == 2 and "is inside the dataset being read" in result.err
    assert not inside.exists()


def test_export_beside_an_index_file_named_like_a_table_is_refused(
        built_index: Path, tmp_path: Path, cli: Cli) -> None:
    """The same for an index file called ``games``: the swap would have renamed it to a
    hidden ``.games.old-PID`` and written the export's ``games/`` in its place."""
    db = Path(shutil.copy(built_index, tmp_path / "games"))
    result = cli("export", "--parquet", tmp_path, "--db", db)
    assert result.code == 2 and "would replace" in result.err
    assert db.is_file() and sorted(p.name for p in tmp_path.iterdir()) == ["games"]


@pytest.mark.parametrize("stray", ["games/mine.exlog", "events/bucket=7/notes.txt",
                                   "decisions/old", "strikes/bucket=3/x/y.parquet"])
def test_export_over_a_table_folder_it_did_not_write_is_refused_and_loses_nothing(
        built_index: Path, tmp_path: Path, cli: Cli, stray: str) -> None:
    """An export replaces each table folder whole: ``exceed export --parquet .`` in a
    folder whose ``games/`` held the user's logs deleted them, and a re-export deleted
    anything put inside an earlier one. A table folder holding anything but
    ``bucket=<h>/`` folders of ``.parquet`` files is refused in one line, naming it,
    before anything is written; an earlier export is still replaced."""
    out = tmp_path / "pq"
    assert cli("export", "--parquet", out, "--db", built_index).code == 0
    kept = out / stray
    kept.parent.mkdir(parents=True, exist_ok=True)
    if stray.endswith("old"):
        kept.mkdir()
    else:
        kept.write_bytes(b"precious")
    before = sorted((p.relative_to(out), p.stat().st_mtime_ns) for p in out.rglob("*"))
    result = cli("export", "--parquet", out, "--db", built_index)
    assert result.code == 2 and result.out == ""
    table = stray.split("/")[0]
    folder, entry = ((out / table, stray.split("/")[1]) if stray.count("/") == 1 else
                     (out / table / stray.split("/")[1], stray.split("/")[2]))
    assert result.err == (f"exceed export: {folder} holds '{entry}', which no export "
                          "writes; refusing to replace it (an export replaces each table "
                          "folder whole): write the export elsewhere\n")
    assert sorted((p.relative_to(out), p.stat().st_mtime_ns) for p in out.rglob("*")) == before
    assert kept.is_dir() if stray.endswith("old") else kept.read_bytes() == b"precious"
    shutil.rmtree(folder / entry) if (folder / entry).is_dir() else (folder / entry).unlink()
    assert cli("export", "--parquet", out, "--db", built_index).code == 0


def test_export_of_an_export_with_a_damaged_file_says_so(
        exported: Path, tmp_path: Path, cli: Cli) -> None:
    """Exporting a Parquet export one of whose partition files is not Parquet said
    ``DIR is not an exceed index: ...``: it is one, with a damaged file, which the line
    now names as such (as ``exceed query`` does), and exits 2 writing nothing."""
    damaged = tmp_path / "damaged"
    shutil.copytree(exported, damaged)
    # the last file: DuckDB reads the first one's schema when the views are made
    part = sorted((damaged / "strikes").glob("bucket=*/*.parquet"))[-1]
    part.write_text("junk")
    out = tmp_path / "again"
    result = cli("export", "--parquet", out, "--db", damaged)
    assert result.code == 2 and result.out == "" and not out.exists()
    assert len(result.err.splitlines()) == 1, result.err
    assert result.err.startswith(f"exceed export: {damaged}: cannot be read whole: "), \
        result.err
    assert f"{part}" in result.err and "not an exceed index" not in result.err


@pytest.mark.parametrize(("args", "what"), [
    (["export", "--parquet", "w\\x"], "--parquet: DuckDB reads '\\' as a folder separator, "
     "so an export"),
    (["query", "counts", "--db", "a\\b.duckdb"], "--db: DuckDB reads '\\' as a folder "
     "separator, so an index"),
])
def test_a_path_holding_a_backslash_is_one_usage_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: list[str], what: str) -> None:
    """DuckDB reads every '\\' as a folder separator: ``export --parquet 'w\\x'`` said
    "INDEX: cannot be read whole: IO Error: Failed to create directory "w/x/.games.new-
    .../bucket=4": No such file or directory" (blaming the index), and an index at
    ``a\\b.duckdb`` "Cannot open file "a/b.duckdb""."""
    from replay.cli import main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (f"exceed {args[0]}: error: argument {what} cannot be at a path "
                       f"holding one, got {args[-1]!r} (rename or move it)")
    assert list(tmp_path.iterdir()) == []
