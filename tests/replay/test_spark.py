"""Spark (pyspark, local mode) reads ``exceed export --parquet`` and ``replay/spark_job.py``
gives exactly the rows of ``replay.query`` on DuckDB: the matchup table and the card
statistics, same columns, same order, same values.

The corpus is ``sample_games/`` (fighters of every season, tag teams, mirrors) plus one
log cut short, indexed as unsealed (no winner), so the ``winner IS NOT NULL`` filters matter.
One test runs Spark (``local[1]``, one shuffle partition, no UI), so that one JVM
starts whichever xdist worker runs it (two more run the job as ``spark-submit`` does, in
a process and JVM of their own: out of memory, and a session that does not start) (``xdist_group`` with ``--dist loadgroup`` would
group several tests, but pytest-xdist 3.8 does not group them under pytest 9.2). Java
is the one thing that may be missing: ``make java`` installs Debian's
``default-jre-headless``; without it (or with a Java older than 17) that test is
skipped, saying so.
"""

from __future__ import annotations

import ast
import csv
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest
from pyspark.sql import SparkSession

from replay import query as q
from replay import spark_job
from replay.index import queries
from tests.replay.spark_kit import NO_JAVA

ROOT = Path(__file__).resolve().parents[2]
Cli = Callable[..., Any]




def _session() -> SparkSession:
    """A small local session: one core, one shuffle partition, no UI, a short-lived JVM
    (the C1 compiler only, no whole-stage code generation)."""
    return (SparkSession.builder.master("local[1]").appName("exceed-test")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.sql.shuffle.partitions", "1")
            .config("spark.default.parallelism", "1")
            .config("spark.driver.memory", "512m")
            .config("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1")
            .config("spark.sql.codegen.wholeStage", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.pyspark.python", sys.executable)
            .config("spark.log.level", "ERROR")
            .getOrCreate())


def _index_and_export(sample_paths: list[Path], tmp: Path, cli: Cli) -> tuple[Path, Path]:
    """(the DuckDB index, its Parquet export) of the samples and one cut-short log."""
    logs = tmp / "logs"
    logs.mkdir()
    for path in sample_paths:
        shutil.copy(path, logs / path.name)
    data = sample_paths[0].read_bytes()
    (logs / "cut.exlog").write_bytes(data[: len(data) * 2 // 3])
    db, out = tmp / "index.duckdb", tmp / "dataset"
    for args in (("index", logs, "--db", db, "--jobs", "1"),
                 ("export", "--parquet", out, "--db", db)):
        result = cli(*args)
        assert result.code == 0, result.err
    games = q.games(q.Source.duckdb(db), limit=1000)
    assert len(games) == len(sample_paths) + 1
    assert sum(g.winner is None for g in games) == 1, "the cut log is indexed unfinished"
    return db, out


def _duckdb_rows(rows: Sequence[msgspec.Struct]) -> tuple[list[str], list[tuple[object, ...]]]:
    return list(type(rows[0]).__struct_fields__), [msgspec.structs.astuple(r) for r in rows]


def _csv(names: list[str], rows: list[tuple[object, ...]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(names)
    writer.writerows(rows)
    return out.getvalue()


def test_spark_reads_the_export_and_gives_duckdbs_rows(
        sample_paths: list[Path], tmp_path: Path, cli: Cli,
        capsys: pytest.CaptureFixture[str]) -> None:
    """One test, so one JVM whichever xdist worker runs it (~10 s to start and warm up)."""
    if NO_JAVA is not None:
        pytest.skip(NO_JAVA)
    db, dataset = _index_and_export(sample_paths, tmp_path, cli)
    src = q.Source.duckdb(db)
    matchups = _duckdb_rows(q.matchup_win_rates(src))
    cards = _duckdb_rows(q.card_performance(src))
    spark = _session()
    try:
        got = spark_job.rows(spark_job.run(spark, str(dataset), "matchups"))
        assert got == matchups, "matchups: Spark's rows differ from DuckDB's"
        names, rows = got
        assert names == ["character", "opponent", "games", "wins", "win_rate", "mirrors"]
        mirrors = [r for r in rows if r[0] == r[1]]
        assert mirrors, "the samples hold mirror games"
        assert all(r[2] == r[3] == 0 and r[4] is None and isinstance(r[5], int) and r[5] > 0
                   for r in mirrors)
        assert all(type(r[4]) is float for r in rows if r[0] != r[1])

        got = spark_job.rows(spark_job.run(spark, str(dataset), "cards"))
        assert got == cards, "cards: Spark's rows differ from DuckDB's"
        names, rows = got
        assert names == list(q.CardRow.__struct_fields__)
        boosted = names.index("boosted")
        assert any(r[boosted] for r in rows) and any(r[2] == 0 for r in rows), \
            "some cards were boosted, some only boosted (never struck with)"

        # --agent, as `exceed query matchups|cards --agent`: the sides that agent played
        # (the samples hold heuristic-vs-random games both ways round)
        for agent in ("heuristic", "random"):
            for name, duck in (("matchups", q.matchup_win_rates(src, agent=agent)),
                               ("cards", q.card_performance(src, agent=agent))):
                assert duck, f"{name} of {agent}: the samples hold its games"
                got = spark_job.rows(spark_job.run(spark, str(dataset), name, agent))
                assert got == _duckdb_rows(duck), f"{name} of {agent}: Spark's rows differ"
        assert spark_job.main([str(dataset), "--query", "cards", "--agent", "random"],
                              spark) == 0
        assert capsys.readouterr().out == _csv(*_duckdb_rows(
            q.card_performance(src, agent="random")))
        assert spark_job.rows(spark_job.run(spark, str(dataset), "matchups", "nobody"))[1] == []
        # the command: an agent no seat played is one line, exit 2 (a typo read as
        # "never played": an empty table, exit 0)
        assert spark_job.main([str(dataset), "--query", "cards", "--agent", "heuristc"],
                              spark) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == (f'spark_job.py: --agent "heuristc": no seat in {dataset} was '
                                'played by that agent; its agents are "heuristic", "random"\n')

        # the command: CSV on stdout (floats as repr), JSON into --out
        assert spark_job.main([str(dataset), "--query", "matchups"], spark) == 0
        assert capsys.readouterr().out == _csv(*matchups)
        out = tmp_path / "cards.json"
        assert spark_job.main([str(dataset), "--query", "cards", "--format", "json",
                               "--out", str(out)], spark) == 0
        assert json.loads(out.read_text()) == [dict(zip(cards[0], r, strict=True))
                                               for r in cards[1]]

        # a directory that is not an export: one line, exit 2
        nowhere = tmp_path / "nowhere"
        assert spark_job.main([str(nowhere), "--query", "cards"], spark) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert err == (f"spark_job.py: {nowhere}/games: no bucket=*/*.parquet files in it "
                       "(not an `exceed export --parquet` directory?)\n")

        # only the partition files are read, as by `exceed query --db DIR`: a stray file
        # is ignored; a table folder of logs, or a partition file that is not Parquet, is
        # one line (it was a py4j traceback of a hundred lines), exit 2
        stray = tmp_path / "stray"
        shutil.copytree(dataset, stray)
        (stray / "games" / "notes.parquet").write_text("not parquet")
        (stray / "games" / "game.exlog").write_bytes(sample_paths[0].read_bytes())
        assert spark_job.rows(spark_job.run(spark, str(stray), "matchups")) == matchups
        logs = tmp_path / "logs-only"
        (logs / "games").mkdir(parents=True)
        shutil.copy(sample_paths[0], logs / "games" / sample_paths[0].name)
        assert spark_job.main([str(logs), "--query", "matchups"], spark) == 2
        assert capsys.readouterr().err == (
            f"spark_job.py: {logs}/games: no bucket=*/*.parquet files in it "
            "(not an `exceed export --parquet` directory?)\n")
        damaged = tmp_path / "damaged"
        shutil.copytree(dataset, damaged)
        part = sorted((damaged / "games").glob("bucket=*/*.parquet"))[0]
        part.write_bytes(sample_paths[0].read_bytes())
        assert spark_job.main([str(damaged), "--query", "matchups"], spark) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, err
        assert err.startswith(f"spark_job.py: {damaged}/games: cannot read it as a Parquet "
                              "table (not an `exceed export --parquet` directory?): "), err
        assert "is not a Parquet file" in err, err
        # a partition file zeroed after its magic, its footer intact: read as a table,
        # then failing in a task; the line named the dataset and thrift's words alone
        # ("Required field 'uncompressed_page_size' was not found ..."), now the file
        zeroed = tmp_path / "zeroed"
        shutil.copytree(dataset, zeroed)
        part = max((f for t in spark_job.TABLES for f in (zeroed / t).glob("bucket=*/*")),
                   key=lambda f: f.stat().st_size)
        data = bytearray(part.read_bytes())
        data[4:68] = bytes(64)
        part.write_bytes(bytes(data))
        assert spark_job.main([str(zeroed), "--query", "cards"], spark) == 2
        last = capsys.readouterr().err.splitlines()[-1]
        assert last.startswith(f"spark_job.py: {part}: damaged Parquet file, it cannot be "
                               "read ("), last
        assert last.endswith("); export the index again"), last

        # a value over the cap `exceed query --db DIR` holds it to (TEXT_VALUE): refused
        # as it is read, naming the file, the column and the size, as DuckDB's side does
        # (only the JVM's heap bounded it)
        import pyarrow as pa
        import pyarrow.parquet as pq

        long = tmp_path / "long"
        shutil.copytree(dataset, long)
        part = sorted((long / "games").glob("bucket=*/*.parquet"))[0]
        table = pq.read_table(part)
        names = table.column("p1").to_pylist()
        names[0] = "q" * (spark_job.TEXT_VALUE + 1)
        pq.write_table(table.set_column(table.schema.get_field_index("p1"), "p1",
                                        pa.array(names)), part)
        assert spark_job.main([str(long), "--query", "matchups"], spark) == 2
        assert capsys.readouterr().err.splitlines()[-1] == (
            f"spark_job.py: {part}: games.p1 holds a value of 16,385 bytes, over the "
            "16,384 an exported index value may hold")

        # an export in a folder named like a Hadoop pattern is read as it is: it was
        # "x[1]/games: no bucket=*/*.parquet files in it (not an `exceed export
        # --parquet` directory?)", and so were {x} and q? (which matched qa too)
        named = tmp_path / "named"
        named.mkdir()
        other = shutil.copytree(dataset, named / "qa")  # what q? matched too
        sorted((Path(other) / "games").glob("bucket=*/*.parquet"))[0].unlink()
        for name in ("x[1]", "{x}", "q?", "a,b", "st*r", "back\\slash"):
            shutil.copytree(dataset, named / name)
            got = spark_job.rows(spark_job.run(spark, str(named / name), "matchups"))
            assert got == matchups, name

        # a table without the columns the query names: one line, exit 2
        broken = tmp_path / "broken"
        shutil.copytree(dataset, broken)
        shutil.rmtree(broken / "strikes")
        shutil.copytree(dataset / "games", broken / "strikes")
        assert spark_job.main([str(broken), "--query", "cards"], spark) == 2
        # (pyspark's own SQLQueryContextLogger may log the error as JSON before it)
        last = capsys.readouterr().err.splitlines()[-1]
        assert last.startswith(f"spark_job.py: {broken}: [UNRESOLVED_COLUMN"), last
    finally:
        spark.stop()


def test_a_name_is_escaped_for_hadoops_list_and_glob() -> None:
    assert spark_job.hadoop_literal("file:/l/a,b [1]{x}*?\\.exlog") == (
        "file:/l/a{\\,}b \\[1\\]\\{x\\}\\*\\?\\\\.exlog")


def test_the_spark_sql_is_duckdbs_sql_in_sparks_dialect() -> None:
    """The job cannot import replay.query (it ships alone), so it holds a copy of the
    matchup query: the same text but for the stated dialect difference. Its card query
    computes from ``strikes`` and ``boosts`` what the indexer sums into ``card_totals``
    (``replay/index/rows.py``), which DuckDB's ``card_performance`` reads: the rows are
    held equal by the test above."""
    for agent in (False, True):
        assert spark_job.matchup_sql(agent) == queries.matchup_sql(agent).replace(
            "ORDER BY character, opponent",
            "ORDER BY character ASC NULLS LAST, opponent ASC NULLS LAST").replace(
            "= ?", "= :agent")
    assert "FROM card_totals" in queries.CARDS_SQL
    assert "FROM strikes" in spark_job.CARDS_SQL and "FROM boosts" in spark_job.CARDS_SQL
    assert "FROM events" not in spark_job.CARDS_SQL


def test_the_job_imports_only_pyspark_and_the_standard_library() -> None:
    tree = ast.parse((ROOT / "replay" / "spark_job.py").read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)}
    # py4j is pyspark's own bridge to the JVM, wherever pyspark runs
    assert imported - {"pyspark", "py4j"} <= set(sys.stdlib_module_names) | {"__future__"}


def test_a_job_out_of_java_memory_is_one_line_without_a_traceback(
        exported: Path, tmp_path: Path) -> None:
    """A handed-over export whose games hold one 200 MB name (a few KiB of Parquet) runs
    the job's JVM out of memory. Java's OutOfMemoryError ends a local session's JVM,
    and ``spark.stop()`` then raised py4j's connection errors: a traceback under the
    job's line (or, when the JVM was gone first, only "[Errno 111] Connection refused").
    Now the job says in one line that memory ran out, and how to give it more. Its own
    process and JVM (512 MiB of heap), as ``spark-submit`` runs it."""
    if NO_JAVA is not None:
        pytest.skip(NO_JAVA)
    import pyarrow as pa
    import pyarrow.parquet as pq

    dataset = Path(shutil.copytree(exported, tmp_path / "dataset"))
    for where in (dataset / "games").glob("bucket=*/*.parquet"):
        rows = pq.read_table(where).slice(0, 1).take([0] * 8)
        name = pa.DictionaryArray.from_arrays(pa.array([0] * 8, pa.int32()),
                                              pa.array(["q" * (200 * 2**20)]))
        pq.write_table(rows.set_column(rows.schema.get_field_index("p1"), "p1", name),
                       where, compression="zstd")
    env = {**os.environ, "PYSPARK_SUBMIT_ARGS": "--driver-memory 512m --conf "
           "spark.ui.enabled=false --conf spark.driver.host=127.0.0.1 pyspark-shell"}
    done = subprocess.run([sys.executable, str(ROOT / "replay" / "spark_job.py"),
                           str(dataset), "--query", "matchups"], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=600)
    assert done.returncode == 2, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    [line] = [text for text in done.stderr.splitlines() if "spark_job.py: " in text]
    said = line[line.index("spark_job.py: "):]
    assert said.startswith(f"spark_job.py: {dataset}: ")
    assert "OutOfMemoryError" in said
    assert said.endswith(f"{spark_job.MORE_MEMORY})")
    assert done.stdout == ""


def test_a_session_that_does_not_start_is_one_line(tmp_path: Path) -> None:
    """Spark refuses a driver memory under 450 MiB as it starts the session: the job
    used to print py4j's traceback; now one line, exit 2."""
    if NO_JAVA is not None:
        pytest.skip(NO_JAVA)
    env = {**os.environ, "PYSPARK_SUBMIT_ARGS": "--driver-memory 256m pyspark-shell"}
    done = subprocess.run([sys.executable, str(ROOT / "replay" / "spark_job.py"),
                           str(tmp_path), "--query", "cards"], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=600)
    assert done.returncode == 2, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.stderr.splitlines()[-1] == (
        "spark_job.py: Spark did not start: [INVALID_DRIVER_MEMORY] System memory 268435456 "
        "must be at least 471859200.")


class _GoneJava:
    """A py4j Java exception whose JVM has gone: every call is refused, as py4j's
    socket to a JVM ended by an OutOfMemoryError is."""

    def getMessage(self) -> str:
        raise ConnectionRefusedError(111, "Connection refused")

    def getCause(self) -> None:
        raise ConnectionRefusedError(111, "Connection refused")


def test_a_jvm_gone_while_its_error_is_read_names_no_file() -> None:
    """CI's run of the out-of-memory job above: ``_said`` read the OutOfMemoryError
    while the JVM lived, then ``damaged_file`` asked the dead JVM for the error's causes
    and the job printed py4j's "Connection refused" traceback. A JVM gone then means no
    file is named, and the error's own line stands."""
    error = RuntimeError("An error occurred while calling o41.collectToPython.")
    error.java_exception = _GoneJava()  # type: ignore[attr-defined]
    assert spark_job.damaged_file(error) is None
    assert spark_job._said(error) == spark_job.JVM_STOPPED
