"""Index and query benchmarks.

- index: ``Indexer.run`` with 2 jobs on simulated games into a fresh file, games/s and
  events/s end to end, against raw DuckDB Arrow ingest of the very batches that run
  inserted (same tables, same batches, a fresh file, nothing else running);
- peak memory of an ``exceed index`` child indexing 10,000 games against a child that
  only imports the indexer;
- queries: ``matchup_win_rates`` and ``card_performance`` (connect + query + close) on
  10,000 and 100,000 games,
  scaled up from a 2,000-game index by SQL copies under new ids, against
  ``SELECT count(*) FROM games`` through the same kind of connection.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

from bench import corpus
from bench.config import Config
from bench.harness import Metric, Sample, Target, peak_rss_mib
from bench.index_bench import index_once, raw_ingest, scale_up, times_ms
from replay import query as q

INDEX_TARGET = Target("ratio", ">=", 0.5, ">= 0.5 of raw Arrow ingest (issue 18; was 1/3)")
MEMORY_TARGET = Target("value", "<=", 300.0, "<= 300 MiB for 10,000 games (issue 18)")
QUERY_TARGET = Target("value", "<=", 100.0, "<= 100 ms on 100,000 games")
JOBS = 2
BASE_GAMES = 2000  # the index the query benchmarks scale up


def index_throughput(cfg: Config) -> list[Metric]:
    games = cfg.index_games
    paths = corpus.logs(cfg, games)
    tmp = cfg.work / "tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    db, raw_db = tmp / "index.duckdb", tmp / "raw.duckdb"
    runs = []
    if not cfg.quick:
        index_once(paths, db, JOBS)  # warm-up: the page cache, the pool, DuckDB
    for _ in range(cfg.index_runs):
        run = index_once(paths, db, JOBS)
        assert run.games == games, (run.games, games)
        runs.append((run, raw_ingest(raw_db, run.batches)))
        run.batches.clear()
    first = runs[0][0]
    gps = Sample(tuple(r.games / r.wall for r, _ in runs))
    eps = Sample(tuple(r.events / r.wall for r, _ in runs))
    raw_gps = Sample(tuple(r.games / raw for r, raw in runs))
    raw_eps = Sample(tuple(r.events / raw for r, raw in runs))
    inserts = sum(r.insert_time / r.wall for r, _ in runs) / len(runs)
    cpu = sum((r.main_cpu + r.workers_cpu) / r.games for r, _ in runs) / len(runs) * 1000
    note = (f"{games} random Ryu vs Ken games, {first.events / games:.0f} events and "
            f"{first.rows / games:.0f} rows per game; --jobs {JOBS}; Arrow inserts are "
            f"{inserts:.0%} of the wall time; {cpu:.2f} ms of CPU per game")
    raw_name = "raw DuckDB Arrow ingest of the same batches into a fresh file"
    for stale in (db, raw_db):
        stale.unlink(missing_ok=True)
    return [
        Metric(id="index.games", name=f"index: games/s, {games} games, 2 cores",
               unit="games/s", value=gps, baseline_name=raw_name, baseline=raw_gps,
               higher_is_better=True, targets=(INDEX_TARGET,), note=note),
        Metric(id="index.events", name=f"index: events/s, {games} games, 2 cores",
               unit="events/s", value=eps, baseline_name=raw_name, baseline=raw_eps,
               higher_is_better=True, targets=(INDEX_TARGET,), note=note),
    ]


def index_memory(cfg: Config) -> list[Metric]:
    games = cfg.index_memory_games
    paths = corpus.logs(cfg, games)
    db = cfg.work / "tmp" / "memory.duckdb"
    db.parent.mkdir(parents=True, exist_ok=True)

    def index() -> float:
        for stale in (db, db.with_name(db.name + ".wal")):
            stale.unlink(missing_ok=True)
        return peak_rss_mib([*corpus.exceed(), "index", *map(str, paths), "--db", str(db),
                             "--jobs", str(JOBS)])

    imports = [sys.executable, "-c", "import replay.cli, replay.index.writer"]
    values = []
    bases = []
    for _ in range(cfg.memory_runs):
        values.append(index())
        bases.append(peak_rss_mib(imports))
    db.unlink(missing_ok=True)
    return [Metric(
        id="index.memory", name=f"index: peak memory, `exceed index` of {games:,} games "
        f"(--jobs {JOBS})", unit="MiB (max RSS)", value=Sample(tuple(values)),
        baseline_name="a process that only imports the indexer", baseline=Sample(tuple(bases)),
        higher_is_better=False, targets=(MEMORY_TARGET,), target_applies=games >= 10_000,
        note="largest single process (the indexer or a worker), as ru_maxrss reports it",
    )]


def _base_index(cfg: Config) -> Path:
    path = corpus.scratch(cfg, f"index{BASE_GAMES}.duckdb")
    if not path.exists():
        part = path.with_name("building-" + path.name)
        run = index_once(corpus.logs(cfg, BASE_GAMES), part, JOBS)
        assert run.games == BASE_GAMES
        part.rename(path)
        part.with_name(part.name + ".wal").unlink(missing_ok=True)
    return path


def _scaled(cfg: Config, games: int) -> str:
    path = corpus.scratch(cfg, f"scaled{games}.duckdb")
    if not path.exists():
        print(f"  scaling the {BASE_GAMES}-game index to {games:,} games by SQL copies",
              flush=True)
        part = path.with_name("building-" + path.name)
        part.unlink(missing_ok=True)
        base = _base_index(cfg)
        total = scale_up(base, part, games)
        assert total == games, (total, games)
        part.rename(path)
    return str(path)


def _count_games(src: q.Source) -> int:
    with src.connect() as con:
        row = con.execute("SELECT count(*) FROM games").fetchone()
    return int(row[0]) if row else 0


def query_scales(cfg: Config) -> tuple[int, int]:
    if not cfg.quick or corpus.scratch(cfg, "scaled100000.duckdb").exists():
        return 10_000, 100_000
    return 10_000, 25_000


def queries(cfg: Config) -> list[Metric]:
    metrics = []
    for games in query_scales(cfg):
        src = q.Source.duckdb(_scaled(cfg, games))
        assert _count_games(src) == games
        base = Sample(tuple(times_ms(partial(_count_games, src), cfg.query_runs)))
        big = games >= 100_000
        for key, what, query, how in (
            ("matchups", "matchup win rates", q.matchup_win_rates, ""),
            ("cards", "card performance", q.card_performance, "; sums of card_totals"),
        ):
            rows = query(src)
            value = Sample(tuple(times_ms(partial(query, src), cfg.query_runs)))
            metrics.append(Metric(
                id=f"query.{key}.small" if games == 10_000 else f"query.{key}.large",
                name=f"query: {what}, {games:,} games", unit="ms", value=value,
                baseline_name="SELECT count(*) FROM games, same file and connection path",
                baseline=base, higher_is_better=False,
                targets=(QUERY_TARGET,) if games != 10_000 else (), target_applies=big,
                note=f"median of {cfg.query_runs} (connect + query + close{how}); copies of "
                     f"{BASE_GAMES} random Ryu vs Ken games under new ids; {len(rows)} rows",
            ))
    return metrics
