"""Index benchmark pieces, and a standalone report (the suite, ``bench/run.py``, reuses them).

    .venv/bin/python -m bench.index_bench --logs /tmp/bench_logs --jobs 2 --work /tmp/ixbench

``--logs`` is a directory of ``.exlog`` files (e.g. 2,000 games from ``exceed simulate``).
It measures, in one run:

1. ``Indexer.run`` on all logs into a fresh DuckDB file: games/s and events/s end to end;
2. inside that same run, the time of the Arrow -> DuckDB inserts alone (``insert_arrow``,
   i.e. ``INSERT ... SELECT`` from registered Arrow tables, commit included), and the
   same inserts replayed afterwards into another fresh file with nothing else running;
3. a 10,000-game scratch index made by copying every table of (1) under new game ids
   with SQL (``sha256(game_id || copy)``) until it holds ``--scale`` games, and the
   median time of ``matchup_win_rates`` (and ``card_performance``) on it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow as pa

from replay import query as q
from replay.index import schema as index_schema
from replay.index import writer as indexer
from replay.index.replace import Replaced


@dataclass
class IndexRun:
    """One ``Indexer.run`` into a fresh file, with the Arrow batches it inserted."""

    games: int
    events: int
    rows: int
    wall: float  # seconds, end to end
    insert_time: float  # seconds inside insert_arrow (Arrow -> DuckDB, commit included)
    main_cpu: float
    workers_cpu: float
    batches: list[dict[str, pa.Table]]


@contextmanager
def _capture_inserts() -> Iterator[tuple[list[dict[str, pa.Table]], list[float]]]:
    inserted: list[dict[str, pa.Table]] = []
    insert_time = [0.0]
    original = indexer.insert_arrow

    def timed_insert(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table],
                     replaced: Sequence[Replaced] = ()) -> list[Replaced]:
        inserted.append(dict(tables))  # insert_arrow empties the dict it is given
        start = time.perf_counter()
        done = original(con, tables, replaced)
        insert_time[0] += time.perf_counter() - start
        return done

    indexer.insert_arrow = timed_insert
    try:
        yield inserted, insert_time
    finally:
        indexer.insert_arrow = original


def index_once(paths: Sequence[Path], db: Path, jobs: int,
               batch: int = indexer.DEFAULT_BATCH,
               say: Callable[[str], None] = lambda _: None) -> IndexRun:
    """Index ``paths`` into ``db`` (removed first) and time it."""
    for stale in (db, db.with_name(db.name + ".wal")):
        stale.unlink(missing_ok=True)
    with _capture_inserts() as (inserted, insert_time):
        cpu = os.times()
        start = time.perf_counter()
        report = indexer.Indexer(db, jobs=jobs, batch=batch, say=say).run(list(paths))
        wall = time.perf_counter() - start
        after = os.times()
    rows = sum(t.num_rows for tables in inserted for t in tables.values())
    return IndexRun(
        games=report.indexed, events=report.events, rows=rows, wall=wall,
        insert_time=insert_time[0],
        main_cpu=after.user + after.system - cpu.user - cpu.system,
        workers_cpu=(after.children_user + after.children_system
                     - cpu.children_user - cpu.children_system),
        batches=inserted,
    )


def raw_ingest(path: Path, batches: list[dict[str, pa.Table]]) -> float:
    """Seconds to insert ``batches`` (same tables, same batches) into a fresh file."""
    for stale in (path, path.with_name(path.name + ".wal")):
        stale.unlink(missing_ok=True)
    con = duckdb.connect(str(path))
    indexer._ensure_schema(con, print)
    start = time.perf_counter()
    for tables in batches:
        indexer.insert_arrow(con, dict(tables))
    con.close()
    return time.perf_counter() - start


def scale_up(src: Path, dst: Path, target: int) -> int:
    """Copy ``src`` to ``dst`` and append renamed copies of its games up to ``target``.
    The aggregate tables (``card_totals``) get their rows again for each whole copy (a
    partial last copy adds none to them)."""
    shutil.copy(src, dst)
    con = duckdb.connect(str(dst))
    con.execute("SET enable_progress_bar = false")
    for table in index_schema.AGGREGATES:
        con.execute(f"CREATE TEMP TABLE original_{table} AS SELECT * FROM {table}")
    con.execute("CREATE TEMP TABLE originals AS SELECT game_id FROM games ORDER BY game_id")
    row = con.execute("SELECT count(*) FROM originals").fetchone()
    base = int(row[0]) if row else 0
    copy = 0
    while base and base * (copy + 1) < target:
        copy += 1
        take = min(base, target - base * copy)
        new_id = f"sha256(game_id || '-copy{copy}')"
        con.execute("BEGIN")
        for table in index_schema.TABLES:
            if table in index_schema.AGGREGATES:
                if take == base:
                    con.execute(f"INSERT INTO {table} SELECT * FROM original_{table}")
                continue
            con.execute(f"INSERT INTO {table} SELECT * REPLACE ({new_id} AS game_id, "
                        f"substr({new_id}, 1, 1) AS bucket) FROM {table} WHERE game_id IN "
                        f"(SELECT game_id FROM originals LIMIT {take})")
        con.execute("COMMIT")
    con.execute("CHECKPOINT")
    row = con.execute("SELECT count(*) FROM games").fetchone()
    con.close()
    return int(row[0]) if row else 0


def times_ms(fn: Callable[[], object], runs: int = 7) -> list[float]:
    """Wall times of ``runs`` calls of ``fn`` (after one warm-up), in ms."""
    fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def median_ms(fn: Callable[[], object], runs: int = 7) -> float:
    return statistics.median(times_ms(fn, runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=Path, required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--batch", type=int, default=indexer.DEFAULT_BATCH)
    parser.add_argument("--work", type=Path, default=Path("/tmp/ixbench"))
    parser.add_argument("--scale", type=int, default=10_000)
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    args.work.mkdir(parents=True)

    db = args.work / "index.duckdb"
    run = index_once([args.logs], db, args.jobs, args.batch, say=print)
    games, events, rows, wall = run.games, run.events, run.rows, run.wall
    print(f"index: {games} games, {events} events, {rows} rows in {wall:.2f} s with "
          f"--jobs {args.jobs}: {games / wall:.0f} games/s, {events / wall:.0f} events/s")
    print(f"  CPU: main process {run.main_cpu:.2f} s, workers {run.workers_cpu:.2f} s "
          f"({(run.main_cpu + run.workers_cpu) / games * 1000:.2f} ms of CPU per game)")
    print(f"  Arrow->DuckDB inserts (+commit) inside that run: {run.insert_time:.2f} s, "
          f"{run.insert_time / wall:.0%} of the wall time ({rows / run.insert_time:.0f} rows/s)")

    raw = raw_ingest(args.work / "raw.duckdb", run.batches)
    print(f"raw ingest: the same Arrow tables, same batches, into a fresh file with nothing "
          f"else running: {raw:.2f} s ({rows / raw:.0f} rows/s, {games / raw:.0f} games/s)")
    print(f"  index throughput / raw ingest throughput = {raw / wall:.2f}")

    big = args.work / "big.duckdb"
    total = scale_up(db, big, args.scale)
    print(f"scratch index: {total} games, copies of the {games} under new game ids "
          f"(sha256(game_id || '-copyN')) made with INSERT ... SELECT on every table")
    src = q.Source.duckdb(big)
    for name, fn in (("matchup_win_rates", lambda: q.matchup_win_rates(src)),
                     ("card_performance", lambda: q.card_performance(src)),
                     ("games(limit 500)", lambda: q.games(src, character="ryu"))):
        print(f"  {name} on {total} games: median {median_ms(fn):.1f} ms "
              "(connect + query + close)")


if __name__ == "__main__":
    main()
