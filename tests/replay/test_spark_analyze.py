"""``replay/spark_analyze.py`` (issue 33 item 4): ``exceed analyze`` over a folder of logs
on Spark's executors (``local[2]``), the project shipped to them as a zip, gives exactly
the rows ``exceed analyze`` stores for the same logs, parameters and seed, once
``exceed index --analysis DIR`` has loaded them. A log that cannot be analysed is one
line; a damaged one is analysed up to its damage, as ``exceed analyze`` does. Java 17+ is
the one thing that may be missing (``make java``): the Spark test is then skipped,
saying so."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from pyspark import SparkFiles
from pyspark.sql import SparkSession

from replay import spark_analyze
from replay.analysis.stored import ANALYSIS_TABLES
from tests.peak_kit import exceed_with_peak
from tests.replay.spark_kit import ARGS, LOGS, NO_JAVA, ROOT, SAMPLES

Cli = Callable[..., Any]


def _rows(db: Path, table: str) -> list[tuple[object, ...]]:
    names = ", ".join(f'"{n}"' for n, _ in ANALYSIS_TABLES[table])
    order = "game_id, idx" + (", rank" if table == "analysis_options" else "")
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(f"SELECT {names} FROM {table} ORDER BY {order}").fetchall()
    finally:
        con.close()


@pytest.mark.slow
@pytest.mark.skipif(NO_JAVA is not None, reason=NO_JAVA or "")
def test_spark_analyze_gives_the_rows_of_exceed_analyze(tmp_path: Path, cli: Cli,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # the executors' Python: this one, with the project's dependencies (pyspark reads
    # PYSPARK_PYTHON when the context starts; without it, `python3` on PATH)
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in LOGS:
        shutil.copy(SAMPLES / name, logs / name)
    data = (SAMPLES / LOGS[0]).read_bytes()
    (logs / "cut.exlog").write_bytes(data[: len(data) // 2])
    (logs / "junk.exlog").write_bytes(b"not a log")
    with (logs / "huge.exlog").open("wb") as stream:  # over the reader's cap: not read
        stream.truncate(2**28 + 1)
    out = tmp_path / "out"
    spark = (SparkSession.builder.master("local[2]").appName("exceed-analyze-test")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.sql.shuffle.partitions", "2")
             .config("spark.driver.memory", "512m")
             .config("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1")
             .config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.pyspark.python", sys.executable)
             .config("spark.log.level", "ERROR")
             .getOrCreate())
    try:
        code = spark_analyze.main([str(logs), "--out", str(out), *ARGS], spark=spark)
        origins = spark.sparkContext.parallelize([0, 1], 2).map(
            spark_analyze.shipped_origin).collect()
    finally:
        spark.stop()
    assert code == 1  # the junk log refused, the cut one analysed up to its damage
    # the executors ran the shipped project, not the checkout
    assert all("exceed-project-" in o and not o.startswith(str(ROOT)) for o in origins)
    loaded, analysed = tmp_path / "spark.duckdb", tmp_path / "analyze.duckdb"
    result = cli("index", logs, "--db", loaded, "--analysis", out)
    assert result.code == 1, result.err  # junk.exlog skipped by the indexer
    assert "loaded the analyses of 3 game(s)" in result.out
    result = cli("analyze", logs, *ARGS, "--db", analysed)
    assert result.code == 2, result.err  # junk refused
    for table in ANALYSIS_TABLES:
        spark_rows, own_rows = _rows(loaded, table), _rows(analysed, table)
        assert spark_rows and spark_rows == own_rows, table
    assert len({r[0] for r in _rows(loaded, "analysis_points")}) == 3


@pytest.mark.parametrize(("data", "why"), [
    (b"not a log", "not an EXCEED log (bad magic)"),
    (b"", "empty file (not an EXCEED log)"),
])
def test_a_refused_log_is_named_once(monkeypatch: pytest.MonkeyPatch, data: bytes,
                                     why: str) -> None:
    """Walking the corpus: a log an executor refused was named twice, ``spark_analyze.py:
    file:/logs/junk.exlog: file:/logs/junk.exlog: not an EXCEED log (bad magic)
    (refused)``: the refusal already names its file (the executor's temporary copy,
    replaced by Spark's name for it). Run here on the driver, with the checkout as the
    shipped project."""
    monkeypatch.setattr(spark_analyze, "unpack_shipped", lambda archive: str(ROOT))
    monkeypatch.setattr(SparkFiles, "get", staticmethod(lambda name: name))
    name = "file:/logs/junk.exlog"
    params = {"rollouts": 2, "seed": 0, "max_options": 2, "best": 0}
    assert list(spark_analyze.analyse_file((name, data), params)) == [
        ("e", (f"{name}: {why}",))]


def test_a_folder_that_is_not_spark_output_is_one_line(tmp_path: Path, cli: Cli) -> None:
    db = tmp_path / "index.duckdb"
    result = cli("index", "--analysis", tmp_path / "nowhere", "--db", db)
    assert result.code == 2
    assert result.err == (f"exceed index: {tmp_path / 'nowhere'}: no analysis_points/ in "
                          "it: not the output of replay/spark_analyze.py\n")
    wrong = tmp_path / "wrong"
    for table in ANALYSIS_TABLES:
        (wrong / table).mkdir(parents=True)
        pq.write_table(pa.table({"game_id": ["x"]}), wrong / table / "part-0.parquet")
    result = cli("index", "--analysis", wrong, "--db", db)
    assert result.code == 2 and "lacks the column(s) card_data, params" in result.err
    assert result.err.count("\n") == 1
    nothing = cli("index", "--db", db)
    assert nothing.code == 2 and "give PATH..." in nothing.err


def test_loaded_analyses_replace_those_of_the_same_parameters(tmp_path: Path,
                                                              cli: Cli) -> None:
    """Spark's output stored twice is stored once; rows of other parameters stay."""
    from replay.analysis.stored import OPTIONS, POINTS
    from replay.index.analysis import arrow_schema

    out = tmp_path / "out"
    point = ("g" * 64, "c", "rollouts=2", 0, 1, 0, 0, "turn", 0, "Strike", 0.5, 2, 0.1,
             0.9, 0.25, True, "", 3, 2, "", "strike", 30, 28, 4, 1, 6,
             "Strike", 0, 0.5, 2, True)  # the best move (issue 32 item 3)
    option = ("g" * 64, "c", "rollouts=2", 0, 0, "Strike", True, 0, 1, 0.5, 2, 0.1, 0.9,
              False)
    assert len(point) == len(POINTS) and len(option) == len(OPTIONS)
    for table, row in (("analysis_points", point), ("analysis_options", option)):
        (out / table).mkdir(parents=True)
        schema = arrow_schema(table)
        pq.write_table(pa.table([pa.array([v], f.type) for v, f in zip(row, schema,
                                                                         strict=True)],
                                schema=schema), out / table / "part-0.parquet")
    db = tmp_path / "index.duckdb"
    for _ in range(2):
        result = cli("index", "--analysis", out, "--db", db)
        assert result.code == 0, result.err
        # the game is not in the index: stored, and said so (it was loaded silently,
        # where no page or insights showed it)
        assert result.err == (
            f"exceed index: note: 1 of those game(s) are not in {db}: their analyses are "
            "stored, but no page or `exceed insights` shows them until their logs are "
            "indexed (`exceed index LOGS... --db ...`)\n")
    assert _rows(db, "analysis_points") == [point]
    assert _rows(db, "analysis_options") == [option]


def test_output_written_before_the_cut_column_still_loads(tmp_path: Path, cli: Cli) -> None:
    """Parquet output of an older Spark job (``analysis_options`` without ``cut``, issue
    31; ``analysis_points`` without the best move, issue 32) loads; its options read
    ``cut`` NULL and its points the best move's columns NULL."""
    from replay.analysis.stored import OPTIONS, POINTS
    from replay.index.analysis import arrow_schema

    out = tmp_path / "out"
    point = ("g" * 64, "c", "rollouts=2", 0, 1, 0, 0, "turn", 0, "Strike", 0.5, 2, 0.1,
             0.9, 0.25, True, "", 3, 2, "", "strike", 30, 28, 4, 1, 6)
    option = ("g" * 64, "c", "rollouts=2", 0, 0, "Strike", True, 0, 1, 0.5, 2, 0.1, 0.9)
    best = {"best_move", "best_option", "best_p", "best_n", "found"}
    assert len(point) == len(POINTS) - len(best) and len(option) == len(OPTIONS) - 1
    for table, row in (("analysis_points", point), ("analysis_options", option)):
        (out / table).mkdir(parents=True)
        schema = arrow_schema(table)
        fields = [f for f in schema if f.name != "cut" and f.name not in best]
        pq.write_table(pa.table([pa.array([v], f.type) for v, f in zip(row, fields,
                                                                         strict=True)],
                                schema=pa.schema(fields)), out / table / "part-0.parquet")
    db = tmp_path / "index.duckdb"
    result = cli("index", "--analysis", out, "--db", db)
    assert result.code == 0, result.err
    assert _rows(db, "analysis_options") == [(*option, None)]
    assert _rows(db, "analysis_points") == [(*point, None, None, None, None, None)]


def test_a_negative_best_move_budget_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        spark_analyze.main(["logs", "--out", "out", "--best", "-1"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(
        "--best must be 0 or more")


def _one_point_folder(out: Path, rows: int) -> None:
    """``out``: Spark-shaped output whose ``analysis_points`` holds ``rows`` copies of one
    well-formed point (and one option)."""
    from replay.analysis.stored import OPTIONS, POINTS
    from replay.index.analysis import arrow_schema

    point = ("g" * 64, "c", "rollouts=2", 0, 1, 0, 0, "turn", 0, "Strike", 0.5, 2, 0.1,
             0.9, 0.25, True, "", 3, 2, "", "strike", 30, 28, 4, 1, 6,
             "Strike", 0, 0.5, 2, True)
    option = ("g" * 64, "c", "rollouts=2", 0, 0, "Strike", True, 0, 1, 0.5, 2, 0.1, 0.9,
              False)
    assert len(point) == len(POINTS) and len(option) == len(OPTIONS)
    for table, row, count in (("analysis_points", point, rows), ("analysis_options", option, 1)):
        (out / table).mkdir(parents=True)
        schema = arrow_schema(table)
        pq.write_table(pa.table([pa.array([v] * count, f.type) for v, f in zip(row, schema,
                                                                                strict=True)],
                                schema=schema), out / table / "part-0.parquet")


def _load_with_peak(folder: Path, db: Path) -> tuple[int, str, int]:
    """``exceed index --analysis folder --db db`` in a fresh process: its exit code, its
    one stderr line and its own peak memory in KiB (``exceed_with_peak``)."""
    code, [line], peak = exceed_with_peak("index", "--analysis", str(folder), "--db", str(db))
    return code, line, peak


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_a_foreign_parquet_folder_is_refused_before_its_data_is_decoded(
        tmp_path: Path) -> None:
    """A folder of some other Parquet is refused from its footers: a 100-million-row
    column of zeros in each table (under 2 MB on disk, 800 MB decoded) was read whole
    before ``lacks the column(s)``, the process peaking at 5 GB (a larger one took the
    machine's memory); now it stays near its usual size."""
    bomb = tmp_path / "bomb"
    chunk = pa.table({"x": pa.array([0] * 10_000_000, pa.int64())})
    for table in ANALYSIS_TABLES:
        (bomb / table).mkdir(parents=True)
        with pq.ParquetWriter(bomb / table / "part-0.parquet", chunk.schema,
                              compression="zstd") as writer:
            for _ in range(10):
                writer.write_table(chunk)
    assert (bomb / "analysis_points" / "part-0.parquet").stat().st_size < 2_000_000
    db = tmp_path / "index.duckdb"
    code, line, peak = _load_with_peak(bomb, db)
    assert code == 2
    assert line.startswith(f"exceed index: {bomb / 'analysis_points'}: lacks the column(s) "
                           "game_id, card_data, params, ")
    assert peak < 500_000, f"peak {peak >> 10} MiB"  # KiB: under 500 MB
    assert not db.exists()


def _string_bomb(out: Path, dictionary: bool) -> None:
    """``out``: Spark-shaped output whose ``analysis_points`` has every column, its
    ``decision`` a long string: with ``dictionary``, one 10 KB string in each of 400,000
    rows (4 GB decoded, a dictionary of one entry on disk); without it, eight rows of
    a 300 MB string (2.4 GB decoded; zstd: a few hundred KB on disk)."""
    from replay.index.analysis import arrow_schema

    _one_point_folder(out, 1)
    where = out / "analysis_points" / "part-0.parquet"
    one = pq.read_table(where)
    schema = arrow_schema("analysis_points")
    if dictionary:
        rows = one.take([0] * 400_000).set_column(
            schema.get_field_index("decision"), "decision",
            pa.DictionaryArray.from_arrays(pa.array([0] * 400_000, pa.int32()),
                                           pa.array(["d" * 10_000])))
        pq.write_table(rows, where, use_dictionary=True, compression="zstd")
        return
    index = schema.get_field_index("decision")
    with pq.ParquetWriter(where, one.schema, compression="zstd",
                          use_dictionary=False) as writer:
        for _ in range(8):
            writer.write_table(one.set_column(index, "decision",
                                              pa.array(["d" * 300_000_000])))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("dictionary", [True, False])
def test_long_strings_are_refused_before_they_are_decoded(tmp_path: Path,
                                                          dictionary: bool) -> None:
    """Attack: the row count was capped, the strings were not: a few hundred KB of
    Parquet decoded to gigabytes (a dictionary of one 10 KB string in 400,000 rows, or
    eight compressed 300 MB strings) and went into the index. Both are refused in one
    line (``MAX_ANALYSIS_BYTES``, 2 GiB: the footers' uncompressed sizes before decoding,
    the dictionaries measured before they are expanded), the command's own peak well
    under what the strings would take, and no index is made."""
    bomb = tmp_path / "bomb"
    _string_bomb(bomb, dictionary)
    assert (bomb / "analysis_points" / "part-0.parquet").stat().st_size < 5_000_000
    db = tmp_path / "index.duckdb"
    code, line, peak = _load_with_peak(bomb, db)
    assert code == 2, line
    verb = "hold" if dictionary else "declare"
    assert line.startswith(f"exceed index: {bomb / 'analysis_points'}: its Parquet files "
                           f"{verb} "), line
    assert line.endswith(" bytes decoded, over the 2,147,483,648 one load takes: load its "
                         "part files in smaller folders, one `exceed index --analysis` "
                         "each"), line
    assert peak < 1_000_000, f"peak {peak >> 10} MiB"  # KiB: under 1 GB
    assert not db.exists()


def test_a_folder_declaring_more_rows_than_one_load_takes_is_one_line(
        tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The row count of the footers is capped before decoding (``MAX_ANALYSIS_ROWS``,
    lowered here to 3): over it, one line naming the folder and the count, exit 2, and
    the index keeps what it held."""
    from replay.index import analysis

    fits, over = tmp_path / "fits", tmp_path / "over"
    _one_point_folder(fits, 3)
    _one_point_folder(over, 4)
    monkeypatch.setattr(analysis, "MAX_ANALYSIS_ROWS", 3)
    db = tmp_path / "index.duckdb"
    assert cli("index", "--analysis", fits, "--db", db).code == 0
    held = _rows(db, "analysis_points")
    assert len(held) == 3
    result = cli("index", "--analysis", over, "--db", db)
    assert result.code == 2
    assert result.err == (f"exceed index: {over / 'analysis_points'}: its Parquet files "
                          "declare 4 rows, over the 3 one load takes: load its part files "
                          "in smaller folders, one `exceed index --analysis` each\n")
    assert _rows(db, "analysis_points") == held


@pytest.mark.skipif(NO_JAVA is not None, reason=NO_JAVA or "")
def test_a_session_that_does_not_start_is_one_line(tmp_path: Path) -> None:
    """Spark refuses a driver memory under 450 MiB as it starts the session: the job
    printed py4j's traceback; now one line (on stdout, as its other lines), exit 2."""
    env = {**os.environ, "PYSPARK_SUBMIT_ARGS": "--driver-memory 256m pyspark-shell"}
    done = subprocess.run([sys.executable, str(ROOT / "replay" / "spark_analyze.py"),
                           str(ROOT / "sample_games"), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    assert done.returncode == 2, done.stderr[-3000:]
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-3000:]
    assert done.stdout.splitlines() == [
        "spark_analyze.py: Spark did not start: [INVALID_DRIVER_MEMORY] System memory "
        "268435456 must be at least 471859200."]
    assert not (tmp_path / "out").exists()


def test_the_summary_counts_and_names_the_logs_only_partly_analysed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Walking the corpus: the last line counted the refused logs but not the damaged
    ones, of which only the good part was analysed (``wrote OUT/analysis_points and
    analysis_options; 1 log(s) refused``). Now those are counted and named too, with
    what was kept. Run here on the driver, with the checkout as the shipped project."""
    monkeypatch.setattr(spark_analyze, "unpack_shipped", lambda archive: str(ROOT))
    monkeypatch.setattr(SparkFiles, "get", staticmethod(lambda name: name))
    params = {"rollouts": 2, "seed": 0, "max_options": 2, "best": 0}
    data = (SAMPLES / LOGS[0]).read_bytes()
    damaged = bytearray(data)
    middle = len(data) // 2
    damaged[middle:middle + 64] = bytes(64)
    notes = []
    for name, content in (("file:/logs/junk.exlog", b"not a log"),
                          ("file:/logs/cut.exlog", data[: len(data) // 2]),
                          ("file:/logs/hole.exlog", bytes(damaged)),
                          ("file:/logs/whole.exlog", data)):
        notes += [f"{tag}: {row[0]}" for tag, row in
                  spark_analyze.analyse_file((name, content), params) if tag in "ew"]
    notes.sort()
    lines = spark_analyze.summary("out", notes)
    [cut] = [n for n in notes if "cut.exlog" in n]
    [hole] = [n for n in notes if "hole.exlog" in n]
    kept = {name: int(n.rpartition("up to decision ")[2]) for name, n in
            (("cut", cut), ("hole", hole))}
    assert hole.startswith("w: file:/logs/hole.exlog: damaged at byte "), hole
    assert cut.startswith("w: file:/logs/cut.exlog: damaged at byte "), cut
    assert lines == [
        "file:/logs/junk.exlog: not an EXCEED log (bad magic) (refused)",
        cut[3:], hole[3:],
        "wrote out/analysis_points and analysis_options; 1 log(s) refused "
        "(file:/logs/junk.exlog); 2 log(s) damaged or unfinished, analysed up to their "
        f"last good step (file:/logs/cut.exlog: damaged, decisions 1-{kept['cut']} "
        f"kept; file:/logs/hole.exlog: damaged, decisions 1-{kept['hole']} kept)"]


def test_a_log_over_the_readers_cap_is_refused_by_its_size_before_it_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``binaryFiles`` read every log whole into the JVM's and Python's memory, whatever
    its size (only the heap bounded it), where ``exceed index`` and ``exceed analyze``
    refuse a file over ``MAX_FILE`` by its size before reading it. Now the job does the
    same: the file is named (as the folder was given, ``logs/deep/huge.exlog``, as every
    command names it), counted as refused, the others are read."""
    from engine import MAX_LOG_FILE as MAX_FILE

    logs = tmp_path / "logs"
    (logs / "deep").mkdir(parents=True)
    shutil.copy(SAMPLES / LOGS[0], logs / LOGS[0])
    huge = logs / "deep" / "huge.exlog"
    with huge.open("wb") as stream:  # sparse: no disk space taken
        stream.truncate(MAX_FILE + 1)
    monkeypatch.chdir(tmp_path)
    inputs, refused, links = spark_analyze._inputs("logs")
    assert (inputs, links) == ([(f"logs/{LOGS[0]}", str(logs / LOGS[0]))], [])
    name = "logs/deep/huge.exlog"
    assert refused == [f"e: {name}: file is larger than the {MAX_FILE >> 20} MiB cap "
                       f"({MAX_FILE + 1:,} bytes): not read"]
    assert spark_analyze.summary("out", refused) == [
        f"{name}: file is larger than the 256 MiB cap ({MAX_FILE + 1:,} bytes): not read "
        "(refused)",
        f"wrote out/analysis_points and analysis_options; 1 log(s) refused ({name})"]


SHORT = sorted(SAMPLES.glob("*.exlog"), key=lambda p: p.stat().st_size)
"""The sample games, shortest first."""
NAMES = ("a,b.exlog", "st*r.exlog", "br[1].exlog", "q?.exlog", "qx.exlog", "sp ace.exlog",
         "{x,y}.exlog", "un{open.exlog", "clo}se.exlog", "back\\slash.exlog")
"""File names holding what Hadoop reads as a list (``,``) or a pattern (``* ? [ ] { }
\\``): each one a different game (``q?`` would match ``qx`` too)."""


@pytest.mark.slow
@pytest.mark.skipif(NO_JAVA is not None, reason=NO_JAVA or "")
def test_file_names_hadoop_reads_as_a_list_or_pattern_are_each_analysed_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Walking the corpus: the job joined the names with ',' for ``binaryFiles``, so
    ``a,b.exlog`` was read as ``a`` and ``b.exlog`` and the whole job failed ('Input path
    does not exist: file:/logs/a'), as did ``br[1].exlog`` (a pattern matching no file);
    ``q?.exlog`` matched ``qx.exlog`` too. A local folder's logs are now read by the
    executors from their paths, so every name is one log, a ':' and bytes that are not
    UTF-8 too; a named pipe, a link to nothing and a link to a folder are one line each.
    Two copies of one log gave its rows twice, and ``exceed index --analysis`` loaded
    both (``exceed analyze`` stores a game once): they are written once. A URI's listing is still read by ``binaryFiles``, each name escaped: that is run
    here over the same names as ``file:`` paths."""
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    logs = tmp_path / "logs"
    logs.mkdir()
    names = [*NAMES, "colon:x.exlog", "line\nbreak.exlog"]
    for name, source in zip(names, SHORT, strict=False):
        shutil.copy(source, logs / name)
    shutil.copy(os.fsencode(SHORT[len(names)]), os.path.join(os.fsencode(logs), b"not-utf8-\xff.exlog"))
    shutil.copy(SHORT[0], logs / "copy of a,b.exlog")  # the same game: its rows once
    os.mkfifo(logs / "pipe.exlog")
    (logs / "dead.exlog").symlink_to(logs / "gone.exlog")
    (logs / "up").symlink_to(".")
    wanted = {hashlib.sha256(SHORT[i].read_bytes()).hexdigest() for i in range(len(names) + 1)}
    # the same names, but no ':' (Hadoop cannot list a folder holding one), for binaryFiles
    uri = tmp_path / "uri"
    uri.mkdir()
    for name, source in zip(NAMES, SHORT, strict=False):
        shutil.copy(source, uri / name)
    out = tmp_path / "out"
    spark = (SparkSession.builder.master("local[2]").appName("exceed-analyze-names")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.memory", "512m")
             .config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.pyspark.python", sys.executable)
             .config("spark.log.level", "ERROR")
             .getOrCreate())
    try:
        code = spark_analyze.main([str(logs), "--out", str(out), "--rollouts", "1",
                                   "--max-options", "1", "--best", "0"], spark=spark)
        read = spark_analyze._read_by_spark(
            spark.sparkContext, [f"file:{uri / name}" for name in NAMES]
        ).map(lambda item: (item[0], len(item[1]))).collect()
    finally:
        spark.stop()
    assert code == 1  # the pipe and the dead link refused
    said = capsys.readouterr().out.splitlines()
    assert said == [  # each named as the folder was given (it was file:/...)
        f"spark_analyze.py: {logs / 'dead.exlog'}: cannot read: a symbolic link to "
        f"{logs / 'gone.exlog'}, which does not exist (refused)",
        f"spark_analyze.py: {logs / 'pipe.exlog'}: cannot read: not a regular file "
        "(a named pipe) (refused)",
        f"spark_analyze.py: {logs / 'up'}: a link to a folder, not followed (name "
        "that folder to read its logs)",
        f"spark_analyze.py: wrote {out}/analysis_points and analysis_options; 2 log(s) "
        f"refused ({logs / 'dead.exlog'}, {logs / 'pipe.exlog'})"]
    assert sorted(read) == sorted((f"file:{uri / name}", (uri / name).stat().st_size)
                                  for name in NAMES)
    con = duckdb.connect()
    per_game = con.execute(
        "SELECT game_id, count(*), count(DISTINCT idx) FROM read_parquet(?) GROUP BY 1",
        [f"{out}/analysis_points/*.parquet"]).fetchall()
    assert {game for game, _, _ in per_game} == wanted  # every log, each one once
    assert all(rows == points for _, rows, points in per_game)
