"""A Spark job: ``exceed analyze`` over a folder of logs on the executors, its results
written as Parquet for ``exceed index --analysis DIR``.

    spark-submit replay/spark_analyze.py LOGS_DIR --out DIR [--rollouts N] [--seed S]
                 [--max-options N] [--best N]

The driver zips the project's own packages (``engine/`` with its card data, ``replay/``)
and ships the archive with ``SparkContext.addFile``; each executor unpacks it once and
imports the analysis from it, so the executors run exactly the code of ``exceed
analyze`` (``replay.analysis.run.analyse_log`` and ``replay.analysis.stored``: nothing
is re-implemented here), with the same parameters and seed, hence the same figures bit
for bit. Each log is one task. A local ``LOGS_DIR`` is walked on the driver as ``exceed analyze``
walks it (``replay.folders.walk``: a named pipe, a link to nothing or a subfolder that
cannot be read is one line, the subfolder counted as a folder, not a refused log; a link
to a folder is not followed; each log and folder is named in the job's lines as every
command names it, from the folder as given, ``DIR/sub/x.exlog``) and each executor reads
its log from that path with the project's own reader, as Spark's ``binaryFiles`` would
for a ``file:`` path (so the folder must be where every executor sees it), but with no
file name read as a Hadoop list or pattern: a name holding ``,`` was cut in two there,
one holding ``[`` or ``{`` matched no file, either failing the whole job, and ``*`` or
``?`` could match other logs too. A
``LOGS_DIR`` that is a URI (``hdfs://``, ``s3a://``) is read by Spark (``binaryFiles``
of its ``*.exlog`` files, each name escaped) and analysed from a temporary file on the
executor. The executors need the project's dependencies (msgspec) in their Python, as
the driver does (``docs/scaling.md``).

Output: ``DIR/analysis_points/`` and ``DIR/analysis_options/``, the rows
``exceed analyze`` stores in the index (``replay.analysis.stored``), as Parquet. A log
that cannot be analysed (not a log, other card data, a future format) is one line on
stdout naming it; the others are written. Exit 0 when every log was analysed whole, 1
when any was refused, damaged or unfinished or a subfolder could not be read, 2 for a
bad folder.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pyspark import SparkFiles, StorageLevel, cloudpickle
from pyspark.sql import SparkSession
from pyspark.sql import types as T

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "replay")
"""The project's packages shipped to the executors (``engine/data`` included)."""
ARCHIVE = "exceed-project.zip"

_SPARK_TYPES = {"VARCHAR": T.StringType(), "INTEGER": T.IntegerType(),
                "DOUBLE": T.DoubleType(), "BOOLEAN": T.BooleanType()}


def project_zip(root: Path, out: Path) -> Path:
    """Zip ``PACKAGES`` under ``root`` into ``out/ARCHIVE`` (no caches), in a fixed
    order with fixed times, so the same sources give the same bytes."""
    target = out / ARCHIVE
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for package in PACKAGES:
            for path in sorted((root / package).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                    info = zipfile.ZipInfo(str(path.relative_to(root)), (2020, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    archive.writestr(info, path.read_bytes())
    return target


def unpack_shipped(archive: str) -> str:
    """On an executor: unpack the shipped ``archive`` once (per content) into the temp
    folder and put it first on ``sys.path``; returns the folder."""
    with open(archive, "rb") as stream:
        digest = hashlib.sha256(stream.read()).hexdigest()[:16]
    where = os.path.join(tempfile.gettempdir(), f"exceed-project-{digest}")
    if not os.path.isdir(where):
        part = tempfile.mkdtemp(prefix=f"exceed-project-{digest}-")
        with zipfile.ZipFile(archive) as zipped:
            zipped.extractall(part)
        try:
            os.rename(part, where)
        except OSError:  # another task unpacked it first
            pass
    if sys.path[:1] != [where]:
        sys.path.insert(0, where)
    return where


def ship_by_value() -> None:
    """Send this module's functions to the executors by value, as spark-submit does for
    its ``__main__`` script, also when it is imported (the tests): an executor then
    imports nothing of the project but from the shipped archive."""
    if __name__ != "__main__":
        cloudpickle.register_pickle_by_value(sys.modules[__name__])  # type: ignore[no-untyped-call]


def shipped_origin(_item: object) -> str:
    """On an executor: the file the analysis is imported from (inside the unpacked
    archive when the project was shipped)."""
    unpack_shipped(SparkFiles.get(ARCHIVE))
    from replay.analysis import run as analysis

    return str(analysis.__file__)


def analyse_file(item: tuple[str, bytes], params: dict[str, Any]
                 ) -> Iterator[tuple[str, tuple[object, ...]]]:
    """On an executor: analyse one log read by Spark (its name and bytes) with the
    shipped project, from a temporary file (``analysed``)."""
    unpack_shipped(SparkFiles.get(ARCHIVE))
    name, data = item
    with tempfile.TemporaryDirectory(prefix="exceed-analyze-") as folder:
        path = os.path.join(folder, os.path.basename(name) or "game.exlog")
        with open(path, "wb") as stream:
            stream.write(data)
        yield from analysed(name, path, params)


def analyse_path(item: tuple[str, str], params: dict[str, Any]
                 ) -> Iterator[tuple[str, tuple[object, ...]]]:
    """On an executor: analyse the log of a local folder named ``name`` (as the person
    gave the folder: ``DIR/sub/x.exlog``), read from its absolute ``path`` by the
    project's reader (its size cap, no pipe waited on), with the shipped project
    (``analysed``)."""
    unpack_shipped(SparkFiles.get(ARCHIVE))
    name, path = item
    yield from analysed(name, path, params)


def analysed(name: str, path: str, params: dict[str, Any]
             ) -> Iterator[tuple[str, tuple[object, ...]]]:
    """The analysis of the log at ``path``, called ``name`` in what is said of it:
    ``("p", row)`` per ``analysis_points`` row, ``("o", row)`` per ``analysis_options``
    row, ``("e", line)`` for a log refused and ``("w", line)`` for one analysed only up
    to its damage or end."""
    from replay.analysis.rollout import Params
    from replay.analysis.run import AnalysisRefused, LogFormatError, analyse_log
    from replay.analysis.stored import analysis_rows

    try:
        analysis = analyse_log(path, Params(**params))
    except (LogFormatError, AnalysisRefused, OSError) as error:
        if isinstance(error, OSError) and not isinstance(error, LogFormatError):
            said = f"cannot read: {error.strerror}"
        else:
            said = str(error).replace(path, name)
        # a LogFormatError names its file already ("NAME: not an EXCEED log ...")
        yield "e", (said if said.startswith(f"{name}: ") else f"{name}: {said}",)
        return
    points, options = analysis_rows(analysis)
    yield from (("p", row) for row in points)
    yield from (("o", row) for row in options)
    if analysis.stopped:
        yield "w", (f"{name}: {analysis.stopped}",)


def _schema(columns: Sequence[tuple[str, str]]) -> T.StructType:
    return T.StructType([T.StructField(name, _SPARK_TYPES[decl], True)
                         for name, decl in columns])


def _inputs(logs: str, spark: SparkSession | None = None
            ) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """The logs to analyse, each as ``(name, where)``: every ``*.exlog`` under a local
    folder (``replay.folders.walk``), named as every command names it, from the folder
    as the person gave it (``DIR/sub/x.exlog``), and read from its absolute path (the
    executors' working folder may be another); or in ``LOGS/*.exlog`` for a URI (listed
    through Hadoop's file system with ``spark``), named and read by its URI. Then the
    notes (``e: NAME: why``) of the logs refused before any executor reads them: by the
    walk (a named pipe, a link to nothing), or by their size, over ``MAX_FILE``, the cap
    of the reader (``engine.recording.log.read_capped``) which ``exceed index`` and
    ``exceed analyze`` apply before reading a log (``binaryFiles`` reads each file whole
    into the JVM's and then Python's memory, whatever its size); and the notes of the
    folders: ``u: DIR/sub: cannot read folder: why`` for a subfolder the walk could not
    read (a folder, not a refused log: the commands count it apart,
    ``replay.folders.folder_counts``), then ``n: DIR/a: why`` for a link to a folder it
    did not follow. A local log or folder was named ``file:/abs/DIR/sub``, where every
    other command says ``DIR/sub``."""
    from engine import MAX_LOG_FILE as MAX_FILE
    from replay.folders import LINKED_FOLDER, walk
    from replay.quoting import file_named

    refused: list[str] = []
    folders: list[str] = []
    if "://" in logs and not logs.startswith("file://"):
        assert spark is not None
        jvm = spark.sparkContext._jvm
        assert jvm is not None
        pattern = jvm.org.apache.hadoop.fs.Path(logs.rstrip("/") + "/*.exlog")
        found = pattern.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration()) \
            .globStatus(pattern)
        sized = sorted((str(f.getPath().toString()), str(f.getPath().toString()),
                        int(f.getLen())) for f in (found or []) if f.isFile())
    else:
        local = Path(logs.removeprefix("file://"))
        if not os.path.isdir(local):
            raise NotADirectoryError(f"{logs}: not a folder of logs")
        walked = walk(local)
        refused += [f"e: {file_named(path)}: {why}" for path, why in walked.refused.items()]
        folders = [f"u: {file_named(path)}: {why}" for path, why in walked.unreadable] + [
            f"n: {file_named(path)}: {LINKED_FOLDER}" for path in walked.links]
        sized = []
        for path in walked.logs:
            if path not in walked.refused:
                try:
                    sized.append((file_named(path), os.path.abspath(path),
                                  os.stat(path).st_size))
                except OSError as error:  # gone since the walk, or a folder it cannot search
                    refused.append(f"e: {file_named(path)}: cannot read: {error.strerror}")
    if not sized and not refused and not any(n.startswith("u: ") for n in folders):
        raise NotADirectoryError(f"{logs}: no *.exlog in it")
    refused += [f"e: {name}: file is larger than the {MAX_FILE >> 20} MiB cap ({size:,} "
                "bytes): not read" for name, _, size in sized if size > MAX_FILE]
    return [(name, where) for name, where, size in sized if size <= MAX_FILE], refused, folders


def _read_by_spark(context: Any, names: Sequence[str]) -> Any:
    """The RDD of ``(name, bytes)`` of the files ``names`` (of a URI's listing) read by
    ``binaryFiles``, one task each: the names without braces in one list, each with a
    brace on its own (``replay.spark_job.hadoop_literal``: that list counts braces,
    escaped or not, and one left open would keep it from splitting the names after it)."""
    from replay.spark_job import hadoop_literal

    plain = [name for name in names if "{" not in name and "}" not in name]
    lists = [[name] for name in names if "{" in name or "}" in name]
    if plain:
        lists.insert(0, plain)
    read = [context.binaryFiles(",".join(map(hadoop_literal, group)), minPartitions=len(group))
            for group in lists]
    return (read[0] if len(read) == 1 else context.union(read)).repartition(len(names))


def _tagged(rows: Any, tag: str) -> Any:
    """The rows of ``rows`` (an RDD of ``(tag, row)``) tagged ``tag``."""
    return rows.filter(lambda r: r[0] == tag).map(lambda r: r[1])


def _project_on_path() -> None:
    """Put the project first on ``sys.path`` for the driver's imports of ``replay``:
    spark-submit puts ``replay/``, not the project, first."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def run(spark: SparkSession, logs: str, out: str, params: dict[str, Any]) -> list[str]:
    """Analyse every log under ``logs`` on the executors and write the Parquet tables
    under ``out`` (replaced); returns the one-line notes (refused, damaged logs, links
    to folders not followed, subfolders that could not be read)."""
    _project_on_path()
    from replay.analysis.stored import KEY, OPTIONS, POINTS

    ship_by_value()
    inputs, refused, folders = _inputs(logs, spark)
    context = spark.sparkContext
    with tempfile.TemporaryDirectory(prefix="exceed-ship-") as folder:
        context.addFile(str(project_zip(ROOT, Path(folder))))
        if not inputs:  # every log refused
            rows = context.emptyRDD()
        elif "://" in logs and not logs.startswith("file://"):
            rows = _read_by_spark(context, [where for _, where in inputs]).flatMap(
                lambda item: analyse_file(item, params))
        else:
            rows = context.parallelize(inputs, len(inputs)).flatMap(
                lambda item: analyse_path(item, params))
        rows.persist(StorageLevel.MEMORY_AND_DISK)  # the analyses run once, not per table
        try:
            for tag, table, columns, unique in (
                    ("p", "analysis_points", POINTS, [*KEY, "idx"]),
                    ("o", "analysis_options", OPTIONS, [*KEY, "idx", "rank"])):
                # copies of one log (its game id is its bytes' hash) give the same rows:
                # kept once, as exceed analyze stores a game's analysis once
                frame = spark.createDataFrame(_tagged(rows, tag), _schema(columns)) \
                    .dropDuplicates(unique)
                frame.write.mode("overwrite").parquet(f"{out.rstrip('/')}/{table}")
            notes = sorted([r[0] + ": " + str(r[1][0]) for r in rows.filter(
                lambda r: r[0] in ("e", "w")).collect()] + refused) + folders
        finally:
            rows.unpersist()
    return notes


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spark_analyze.py",
        description="exceed analyze over a folder of logs on Spark's executors; the "
                    "results as Parquet for `exceed index --analysis DIR`.")
    parser.add_argument("logs", metavar="LOGS_DIR", help="the logs (a folder, recursively)")
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="write DIR/analysis_points/ and DIR/analysis_options/ here")
    parser.add_argument("--rollouts", type=int, default=200, metavar="N",
                        help="rollouts per point and per reviewed option (default 200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="the analysis seed (default 0), as for exceed analyze")
    parser.add_argument("--max-options", type=int, default=24, metavar="N",
                        help="review at most N option groups per decision (default 24)")
    parser.add_argument("--best", type=int, default=None, metavar="N",
                        help="search iterations for each point's best move (default: as many "
                             "as --rollouts; 0: no best move), as for exceed analyze")
    return parser


def main(argv: Sequence[str] | None = None, spark: SparkSession | None = None) -> int:
    """``spark-submit replay/spark_analyze.py LOGS_DIR --out DIR``; the exit code. A
    given session (the tests') is used and left running."""
    parser = _parser()
    args = parser.parse_args(argv)
    for name in ("rollouts", "max_options"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be 1 or more")
    if not 0 <= args.seed < 2**64:
        parser.error("--seed must be in 0..2**64-1")
    if args.best is not None and args.best < 0:
        parser.error("--best must be 0 or more")
    params = {"rollouts": args.rollouts, "seed": args.seed, "max_options": args.max_options,
              "best": args.best}
    _project_on_path()
    from replay.spark_job import spark_failure, start_session, stop_session

    own = spark is None
    if spark is None:
        spark, why = start_session("exceed-analyze")
        if spark is None:
            print(f"spark_analyze.py: {why}")
            return 2
    try:
        notes = run(spark, args.logs, args.out, params)
    except Exception as error:  # Spark's and its JVM's (spark_job.spark_failure), then ours
        line = spark_failure(error)
        if line is None and not isinstance(error, OSError):
            raise
        print(f"spark_analyze.py: {error if line is None else f'{args.logs}: {line}'}")
        return 2
    finally:
        if own:
            stop_session(spark)
    from replay.quoting import printable

    for line in summary(args.out, notes):
        print(printable(f"spark_analyze.py: {line}"))
    return 1 if any(not note.startswith("n: ") for note in notes) else 0


def summary(out: str, notes: Sequence[str]) -> list[str]:
    """The lines of the job's report: one per note of ``run`` (``e: `` a refused log,
    ``w: `` one analysed up to its damage or end, ``u: `` a subfolder that could not be
    read, ``n: `` a link to a folder not followed), then what was written, with the logs
    refused and those of which only the good part was kept, counted and named, and the
    folders that could not be read counted apart from the logs, as ``exceed index`` and
    ``verify`` count them (``1 folder(s) unreadable``)."""
    from replay.folders import folder_counts

    refused = [n[3:].partition(": ")[0] for n in notes if n.startswith("e: ")]
    unreadable = sum(1 for n in notes if n.startswith("u: "))
    kept = [n[3:] for n in notes if n.startswith("w: ")]
    lines = [f"{n[3:]}{' (refused)' if n.startswith('e: ') else ''}" for n in notes]
    said = f"wrote {out}/analysis_points and analysis_options"
    if refused:
        said += f"; {len(refused)} log(s) refused ({', '.join(refused)})"
    if kept:
        parts = [f"{name}: {'damaged' if note.startswith('damaged') else 'unfinished'}, "
                 f"decisions 1-{note.rpartition('up to decision ')[2]} kept"
                 for name, _, note in (k.partition(": ") for k in kept)]
        said += (f"; {len(kept)} log(s) damaged or unfinished, analysed up to their last "
                 f"good step ({'; '.join(parts)})")
    for clause in folder_counts(unreadable, 0):
        said += f"; {clause}"
    return [*lines, said]


if __name__ == "__main__":
    sys.exit(main())
