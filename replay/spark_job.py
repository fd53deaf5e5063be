"""A Spark job: ``replay.query``'s matchup and card statistics over an exported dataset.

Reads the hive-partitioned Parquet dataset of ``exceed export --parquet DIR``
(``docs/scaling.md``) with Spark and computes the rows of
``replay.query.matchup_win_rates`` (``--query matchups``) or
``replay.query.card_performance`` (``--query cards``): the same columns in the same
order, the same rows in the same order, the same values (no rounding: the rates are
the same IEEE double divisions as on DuckDB). ``tests/replay/test_spark.py`` holds the
two to equal rows, and this module's matchup SQL to DuckDB's text.

It imports only pyspark (with py4j, its bridge to the JVM) and the standard library
(never the engine, DuckDB or the rest of ``replay``), so ``spark-submit`` can ship this
one file to a cluster::

    spark-submit replay/spark_job.py DIR --query matchups [--agent NAME] [--format csv|json]
                                         [--out FILE]

DIR may be any path Spark reads (``s3a://bucket/exceed``, ``hdfs://...``). The result is
printed as CSV (a header, then one line per row; floats written exactly, as Python's
``repr``) or as a JSON list of objects, on stdout or into ``--out FILE``.
"""

from __future__ import annotations

import argparse
import csv
import json
import logging
import re
import sys
from collections.abc import Sequence
from typing import TextIO

from py4j.protocol import Py4JError, Py4JNetworkError
from pyspark.errors import PySparkException
from pyspark.sql import DataFrame, SparkSession

TABLES = ("games", "strikes", "boosts")
"""The exported tables these queries read (``events`` and ``decisions`` are not needed)."""

def matchup_sql(agent: bool) -> str:
    """``replay.index.queries.matchup_sql`` in Spark's dialect: with ``agent``, the
    named parameter ``:agent`` names the agent of the row side; the ORDER BY names
    DuckDB's default null order (last), which Spark does not share (first)."""
    p1_side, p2_side, p2_too, p1_too = (
        (" AND agent1 = :agent", " AND agent2 = :agent", "agent2 = :agent",
         "agent1 = :agent") if agent else ("", "", "TRUE", "TRUE"))
    return f"""
WITH sides AS (
    SELECT p1 AS character, p2 AS opponent, winner = 0 AS won, p1 = p2 AND {p2_too} AS mirror
    FROM games WHERE winner IS NOT NULL{p1_side}
    UNION ALL
    SELECT p2 AS character, p1 AS opponent, winner = 1 AS won, FALSE AS mirror
    FROM games WHERE winner IS NOT NULL AND NOT (p1 = p2 AND {p1_too}){p2_side}
)
SELECT character, opponent, count(*) FILTER (WHERE NOT mirror) AS games,
       count(*) FILTER (WHERE won AND NOT mirror) AS wins,
       CASE WHEN count(*) FILTER (WHERE NOT mirror) > 0
            THEN CAST(count(*) FILTER (WHERE won AND NOT mirror) AS DOUBLE)
                 / count(*) FILTER (WHERE NOT mirror) END AS win_rate,
       count(*) FILTER (WHERE mirror) AS mirrors
FROM sides
GROUP BY character, opponent
ORDER BY character ASC NULLS LAST, opponent ASC NULLS LAST
"""


MATCHUP_SQL = matchup_sql(agent=False)
"""The matchup query over every game."""


def cards_sql(agent: bool) -> str:
    """``replay.query.card_performance`` computed from the raw tables: what the indexer
    sums per batch into ``card_totals`` (``replay/index/rows.py``), which DuckDB's query
    reads, here worked out by Spark from ``strikes`` and ``boosts`` (the Boost actions
    naming a card, by the seat's character), ordered as DuckDB orders (nulls last). With
    ``agent``, only the sides whose seat the agent named by ``:agent`` played (a strike's
    attacker is seat ``attacker``, its defender the other seat)."""
    plays_agent = " WHERE agent = :agent" if agent else ""
    boosts_agent = (" AND CASE b.player WHEN 0 THEN g.agent1 ELSE g.agent2 END = :agent"
                    if agent else "")
    return f"""
WITH sides AS (
    SELECT s.a_char AS character, s.a_card AS card, s.a_hit AS hit, s.a_damage AS damage,
           s.d_stunned AS stun, s.a_wild AS wild,
           CASE s.attacker WHEN 0 THEN g.agent1 ELSE g.agent2 END AS agent
    FROM strikes s JOIN games g ON g.game_id = s.game_id WHERE s.a_card <> ''
    UNION ALL
    SELECT s.d_char, s.d_card, s.d_hit, s.d_damage, s.a_stunned, s.d_wild,
           CASE s.attacker WHEN 0 THEN g.agent2 ELSE g.agent1 END
    FROM strikes s JOIN games g ON g.game_id = s.game_id WHERE s.d_card <> ''
), plays AS (
    SELECT * FROM sides{plays_agent}
), struck AS (
    SELECT character, card, count(*) AS struck,
           sum(CASE WHEN hit THEN 1 ELSE 0 END) AS hits, sum(damage) AS damage,
           sum(CASE WHEN stun THEN 1 ELSE 0 END) AS stuns,
           sum(CASE WHEN wild THEN 1 ELSE 0 END) AS wild_swung
    FROM plays GROUP BY character, card
), boosted AS (
    SELECT CASE b.player WHEN 0 THEN g.p1 ELSE g.p2 END AS character, b.card,
           count(*) AS boosted
    FROM boosts b JOIN games g ON g.game_id = b.game_id
    WHERE b.card IS NOT NULL{boosts_agent}
    GROUP BY 1, 2
), merged AS (
    SELECT coalesce(s.character, b.character) AS character, coalesce(s.card, b.card) AS card,
           coalesce(s.struck, 0) AS struck, coalesce(s.hits, 0) AS hits,
           coalesce(s.damage, 0) AS damage, coalesce(s.stuns, 0) AS stuns,
           coalesce(b.boosted, 0) AS boosted, coalesce(s.wild_swung, 0) AS wild_swung
    FROM struck s FULL OUTER JOIN boosted b ON s.character = b.character AND s.card = b.card
)
SELECT character, card, struck, hits,
       CASE WHEN struck > 0 THEN CAST(hits AS DOUBLE) / struck END AS hit_rate,
       damage,
       CASE WHEN struck > 0 THEN CAST(damage AS DOUBLE) / struck END AS avg_damage,
       stuns,
       CASE WHEN struck > 0 THEN CAST(stuns AS DOUBLE) / struck END AS stun_rate,
       boosted, wild_swung
FROM merged
ORDER BY character ASC NULLS LAST, card ASC NULLS LAST
"""


CARDS_SQL = cards_sql(agent=False)
"""The card statistics over every game."""

QUERIES = {"matchups": matchup_sql, "cards": cards_sql}
"""Each query's SQL, with or without the agent filter."""


class JobError(Exception):
    """A dataset that cannot be read (a missing table): one line, exit 2."""


PARTITION_FILES = "bucket=*/*.parquet"
"""The files of a table an export writes (``DIR/<table>/bucket=<h>/*.parquet``): the only
ones read, as ``exceed query --db DIR`` reads them (``replay.index.source.PARTITIONS``),
so a stray file beside them (``games/x.parquet``, a log) is ignored."""


def hadoop_literal(name: str) -> str:
    """``name`` (a path or URI) as a Hadoop path pattern matching that one path: each
    character Hadoop's glob reads (``\\ * ? [ ] { }``) escaped, and each comma written
    as a group of one escaped comma, ``{\\,}``, which the comma-separated list of
    ``binaryFiles`` (``FileInputFormat.getPathStrings``) does not split on: it splits on
    a comma outside braces only. ``spark.read.parquet`` and Hadoop's ``globStatus`` read
    a path as a pattern too: an export in a folder named ``x[1]`` was "no
    bucket=*/*.parquet files in it"."""
    out = []
    for char in name:
        if char == ",":
            out.append("{\\,}")
        elif char in "\\*?[]{}":
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


def partition_files(spark: SparkSession, table_dir: str) -> list[str]:
    """The partition files under ``table_dir`` (any path Hadoop reads, its name taken as
    it is: ``hadoop_literal``), sorted; none when the folder is missing or holds none.
    Listed with Hadoop's file system rather than left to ``spark.read``, which logs a
    Java stack trace for a missing path."""
    jvm = spark.sparkContext._jvm
    assert jvm is not None
    pattern = jvm.org.apache.hadoop.fs.Path(
        f"{hadoop_literal(table_dir)}/{PARTITION_FILES}")
    found = pattern.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration()) \
        .globStatus(pattern)
    return sorted(str(status.getPath().toString()) for status in (found or []))


def register(spark: SparkSession, dataset: str) -> None:
    """Register the exported tables under ``dataset`` as temporary views, over their
    partition files only (``PARTITION_FILES``).

    ``bucket`` is a partition column taken from the directory names: partition type
    inference is switched off so it stays a string (``bucket=0`` .. ``bucket=9`` would
    otherwise read as integers).
    """
    spark.conf.set("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
    base = dataset.rstrip("/")
    for table in TABLES:
        table_dir = f"{base}/{table}"
        files = partition_files(spark, table_dir)
        if not files:
            raise JobError(f"{table_dir}: no {PARTITION_FILES} files in it (not an "
                           "`exceed export --parquet` directory?)")
        try:
            frame = spark.read.option("basePath", table_dir).parquet(
                *map(hadoop_literal, files))
        except Exception as error:  # PySparkException, or py4j's for a file not Parquet
            raise JobError(f"{table_dir}: cannot read it as a Parquet table "
                           f"(not an `exceed export --parquet` directory?): "
                           f"{_first_line(error)}") from None
        frame.createOrReplaceTempView(table)
        spark.sql(capped_select(table, frame)).createOrReplaceTempView(table)


TEXT_VALUE = 16 * 1024
"""Bytes a text value of an exported index may hold, as ``exceed query --db DIR`` caps
it (``replay.index.source.TEXT_VALUE``: the tables this job reads hold ids, names and
card ids; ``exceed export`` writes none longer)."""
OVER_CAP = "an exported index value may hold"


def capped_select(table: str, frame: DataFrame) -> str:
    """The view of ``table`` (registered as ``frame``) with each text value checked
    against ``TEXT_VALUE`` as it is read: a longer one fails the job, naming the file,
    the column and the value's size, as ``replay.index.source`` refuses it."""
    columns = []
    for field in frame.schema.fields:
        name = f"`{field.name.replace('`', '``')}`"
        if field.dataType.typeName() == "string" and field.name != "bucket":
            said = _sql_string(f": {table}.{field.name} holds a value of ")
            tail = _sql_string(f" bytes, over the {TEXT_VALUE:,} {OVER_CAP}")
            columns.append(
                f"CASE WHEN octet_length({name}) > {TEXT_VALUE} THEN CAST(raise_error("
                f"concat(input_file_name(), {said}, octet_length({name}), {tail})) AS STRING) "
                f"ELSE {name} END AS {name}")
        else:
            columns.append(name)
    return f"SELECT {', '.join(columns)} FROM {table}"


def over_cap(line: str) -> str | None:
    """The line for a value refused by ``capped_select`` (Spark's ``[USER_RAISED_EXCEPTION]
    FILE: TABLE.COLUMN holds ... SQLSTATE: P0001``): its own words, the file's path
    without ``file://``, the size with thousands separators; None for any other line."""
    found = re.search(rf"(\S+): (\S+) holds a value of (\d+) (bytes, over the \S+ {OVER_CAP})",
                      line)
    if found is None:
        return None
    return (f"{found[1].removeprefix('file://')}: {found[2]} holds a value of "
            f"{int(found[3]):,} {found[4]}")


def _sql_string(text: str) -> str:
    """``text`` as a Spark SQL string literal."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def run(spark: SparkSession, dataset: str, query: str,
        agent: str | None = None) -> DataFrame:
    """The result of ``query`` (``matchups`` or ``cards``) over ``dataset``, ordered;
    with ``agent``, of the sides that agent played, as ``exceed query --agent``."""
    register(spark, dataset)
    if agent is None:
        return spark.sql(QUERIES[query](False))
    return spark.sql(QUERIES[query](True), args={"agent": agent})


def check_agent(spark: SparkSession, dataset: str, agent: str) -> None:
    """``JobError`` when no seat of ``dataset`` (registered by ``run``) was played by
    ``agent``: an empty answer to ``--agent heuristc`` read as "never played". The job
    cannot import the engine to tell a typo from an agent that is merely absent, so it
    names the dataset's agents instead."""
    held = [str(row[0]) for row in spark.sql(
        "SELECT agent1 FROM games UNION SELECT agent2 FROM games ORDER BY 1").collect()]
    if agent not in held:
        shown = ", ".join(json.dumps(name) for name in held[:20]) or "none"
        more = f" and {len(held) - 20} more" if len(held) > 20 else ""
        raise JobError(f"--agent {json.dumps(agent)}: no seat in {dataset} was played by "
                       f"that agent; its agents are {shown}{more}")


def rows(frame: DataFrame) -> tuple[list[str], list[tuple[object, ...]]]:
    """Collect a (small) result on the driver: its column names and rows, in order."""
    return list(frame.columns), [tuple(row) for row in frame.collect()]


def write(out: TextIO, fmt: str, names: Sequence[str],
          result: Sequence[tuple[object, ...]]) -> None:
    """Print ``result`` as CSV (header first) or a JSON list of objects."""
    if fmt == "json":
        out.write(json.dumps([dict(zip(names, row, strict=True)) for row in result]) + "\n")
        return
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(names)
    writer.writerows(["" if value is None else value for value in row] for row in result)


MORE_MEMORY = ("Spark's memory holds less than the dataset needs at once: give it more, e.g. "
               "spark-submit --driver-memory 4g; no value `exceed export` writes is over "
               "1 MiB, so a larger one was written by something else")
"""What a job stopped by Java's OutOfMemoryError says of it."""


_READING = re.compile(r"Encountered error while reading file (\S+?)\.?\s")
"""Spark's words for a task that failed reading a file (``FAILED_READ_FILE``), which name
it; its cause (thrift's ``Required field 'uncompressed_page_size' was not found``,
Snappy's ``FAILED_TO_UNCOMPRESS``) does not."""


def damaged_file(error: BaseException) -> str | None:
    """The one line for a partition file found damaged while read (zeroed in its middle,
    its footer intact), naming it, with its deepest cause; None when no file is named,
    or when the JVM is gone before its causes are read (an OutOfMemoryError ends it
    moments after the error, so ``_said`` may have read the line and this not)."""
    try:
        cause = getattr(error, "java_exception", None)
        found = None
        while cause is not None:
            found = _READING.search(str(cause.getMessage() or "") + " ") or found
            cause = cause.getCause()
        if found is None:
            return None
        deepest = _first_line(error)
    except (Py4JError, ConnectionError):
        return None
    file = found[1].removeprefix("file://")
    return f"{file}: damaged Parquet file, it cannot be read ({deepest}); export the index again"


def _first_line(error: BaseException) -> str:
    """The first line of ``error``'s message; for a Java exception (py4j's, which says
    only which call failed) the first line of its deepest cause's."""
    cause = getattr(error, "java_exception", None)
    if cause is not None:
        while cause.getCause() is not None:
            cause = cause.getCause()
        text = str(cause.getMessage() or cause.toString()).strip()
        if "OutOfMemoryError" in str(cause.getClass().getName()):
            text = str(cause.toString()).strip()  # "java.lang.OutOfMemoryError: Java heap space"
    else:
        text = str(error).strip()
    line = text.splitlines()[0] if text else type(error).__name__
    if "java.lang.OutOfMemoryError" in line:
        line += f" ({MORE_MEMORY})"
    return line


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spark_job.py",
        description="replay.query's matchup or card statistics over an `exceed export "
                    "--parquet` dataset, computed by Spark.")
    parser.add_argument("dataset", metavar="DIR",
                        help="the export directory (holding games/, strikes/, boosts/)")
    parser.add_argument("--query", choices=sorted(QUERIES), required=True)
    parser.add_argument("--agent", metavar="NAME",
                        help="only the sides this agent played (as `exceed query --agent`)")
    parser.add_argument("--format", choices=("csv", "json"), default="csv")
    parser.add_argument("--out", metavar="FILE", help="write the result here, not to stdout")
    return parser


def main(argv: Sequence[str] | None = None, spark: SparkSession | None = None) -> int:
    """``spark-submit replay/spark_job.py DIR --query NAME``; the exit code.

    Without ``spark`` it starts the session spark-submit configured (master, memory) and
    stops it at the end; a given session (the tests') is used and left running.
    """
    args = _parser().parse_args(argv)
    own = spark is None
    if spark is None:
        spark, why = start_session(f"exceed-{args.query}")
        if spark is None:
            print(f"spark_job.py: {why}", file=sys.stderr)
            return 2
    try:
        names, result = rows(run(spark, args.dataset, args.query, args.agent))
        if args.agent is not None and not result:
            check_agent(spark, args.dataset, args.agent)
        if args.out is None:
            write(sys.stdout, args.format, names, result)
        else:
            with open(args.out, "w", encoding="utf-8", newline="") as out:
                write(out, args.format, names, result)
    except Exception as error:
        # Spark's and its JVM's first (a table without the columns the query names, a
        # partition file found damaged while read, memory run out), then the job's own
        line = spark_failure(error)
        if line is None and not isinstance(error, (JobError, OSError)):
            raise
        damaged = (None if line is None or line == JVM_STOPPED or "OutOfMemoryError" in line
                   else damaged_file(error))
        said = (str(error) if line is None else damaged if damaged is not None
                else over_cap(line) or f"{args.dataset}: {line}")
        print(f"spark_job.py: {said}", file=sys.stderr)
        return 2
    finally:
        if own:
            stop_session(spark)
    return 0


def start_session(name: str) -> tuple[SparkSession | None, str]:
    """The session spark-submit configured, named ``name``; or None and the one line
    saying why it did not start (no Java, a refused setting such as a driver memory
    under Spark's minimum). py4j's log of a socket closed under it (the JVM gone) is
    silenced: it is a traceback (on its own loggers, and on the root logger through
    ``logging.exception``), where the job says what happened in one line."""
    logging.getLogger("py4j").setLevel(logging.CRITICAL)
    logging.getLogger().addFilter(_no_py4j_network_errors)
    try:
        return SparkSession.builder.appName(name).getOrCreate(), ""
    except (PySparkException, Py4JError) as error:
        return None, f"Spark did not start: {_said(error)}"


def _no_py4j_network_errors(record: logging.LogRecord) -> bool:
    """Whether ``record`` is not py4j's report of its socket to the JVM failing."""
    return not (record.exc_info and isinstance(record.exc_info[1], Py4JNetworkError))


def spark_failure(error: BaseException) -> str | None:
    """The one line for an error Spark or its JVM raised while a job ran, or None for
    any other. An ``OutOfMemoryError`` in a task ends a local session's JVM: py4j then
    says only that its socket closed."""
    if isinstance(error, (ConnectionError, Py4JNetworkError)):
        return JVM_STOPPED
    if isinstance(error, PySparkException) or getattr(error, "java_exception", None) is not None:
        return _said(error)
    return None


JVM_STOPPED = ("Spark's JVM stopped while the job ran (its log above says why; for a "
               f"java.lang.OutOfMemoryError, {MORE_MEMORY})")


def _said(error: BaseException) -> str:
    """``_first_line(error)``, which asks the JVM for a Java error's cause: if the JVM is
    gone by then (an OutOfMemoryError ends it moments after the error), ``JVM_STOPPED``."""
    try:
        line = _first_line(error)
    except (Py4JError, ConnectionError):
        return JVM_STOPPED
    # the JVM's shutdown (after an OutOfMemoryError) cancelled the job first
    return JVM_STOPPED if "because SparkContext was shut down" in line else line


def stop_session(spark: SparkSession) -> None:
    """Stop ``spark``, unless its JVM is gone (``stop()`` then raised py4j's connection
    errors, a traceback under the job's one line)."""
    try:
        spark.stop()
    except (Py4JError, ConnectionError):
        pass


if __name__ == "__main__":
    sys.exit(main())
