"""The index at scale: real simulated games, or copies, and the queries on them.

    python -m bench.scale --games 1000000          # simulate, index, measure (resumable)
    python -m bench.scale --copies 1000000         # an index of copies (bench_index._scaled)

``--games N`` simulates N random Ryu vs Ken games into the bench cache in chunks of
2,000 consecutive seeds (``bench.corpus``: a chunk is kept once complete, so a run that
is stopped resumes at the chunk it was simulating), indexes them with ``exceed index
--jobs 2`` into ``<cache>/schema<V>/real<N>.duckdb`` (resumable too: the indexer skips
the games it already holds) and reports the wall time of each phase, the logs' and the
index's size on disk, the indexer's peak memory (the largest process, ``ru_maxrss``) and
the query times. ``--copies N`` measures the queries on the index of N games made by
copying the 2,000-game bench index under new ids (what ``bench.run`` uses), without
simulating anything. ``--pages`` then times the dashboard's statistics pages (the Games
page first) on that index in headless chromium, served as it is (read-only).

Queries: ``matchup_win_rates`` and ``card_performance`` through ``replay.query``
(connect + query + close, median of ``--runs`` after a warm-up), against ``SELECT
count(*) FROM games`` on the same path. 1,000,000 games take about 1 h of 2 cores and
34 GB of logs: run it on a machine nobody else is using.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench import corpus
from bench.bench_index import JOBS, _count_games, _scaled
from bench.config import WORK, Config
from bench.harness import Sample, peak_rss_mib
from bench.index_bench import times_ms
from replay import query as q


def disk_bytes(path: Path) -> int:
    """Bytes ``path`` takes on disk (``du``: allocated blocks), a directory's files summed."""
    if path.is_file():
        return path.stat().st_blocks * 512
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(root, name)).st_blocks * 512
    return total


def simulate(cfg: Config, games: int) -> tuple[list[Path], float]:
    """The chunk directories (and single files) of ``games`` logs, simulating what the
    cache lacks; seconds spent simulating."""
    start = time.perf_counter()
    first = cfg.seed
    while first < cfg.seed + games:
        if not (corpus.cache_dir(cfg) / f"seeds{first}").is_dir():
            corpus._chunk(cfg, first)
        first += corpus.CHUNK
    simulated = time.perf_counter() - start
    return corpus.logs(cfg, games), simulated


def index(paths: list[Path], db: Path, jobs: int) -> tuple[float, float]:
    """Index ``paths`` into ``db`` with ``exceed index``: (wall seconds, peak MiB)."""
    start = time.perf_counter()
    peak = peak_rss_mib([*corpus.exceed(), "index", *map(str, paths), "--db", str(db),
                         "--jobs", str(jobs)])
    return time.perf_counter() - start, peak


def query_times(db: Path, runs: int) -> dict[str, float]:
    """Median ms of each measured query on ``db`` (connect + query + close)."""
    src = q.Source.duckdb(db, limit=0)
    calls: dict[str, Callable[[], object]] = {
             "SELECT count(*) FROM games": partial(_count_games, src),
             "matchup_win_rates": partial(q.matchup_win_rates, src),
             "card_performance": partial(q.card_performance, src)}
    return {name: statistics.median(times_ms(fn, runs)) for name, fn in calls.items()}


def _gib(size: int) -> str:
    return f"{size / 2**30:.2f} GiB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale",
                                     description=__doc__.splitlines()[0] if __doc__ else "")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--games", type=int, help="simulate and index this many real games")
    what.add_argument("--copies", type=int, help="measure an index of this many copies")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--work", type=Path, default=WORK, help="bench cache (default: "
                        "%(default)s)")
    parser.add_argument("--jobs", type=int, default=JOBS, help="indexer processes")
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each query")
    parser.add_argument("--pages", action="store_true", help="also time the dashboard's "
                        "statistics pages on the index in a browser (bench_dashboard."
                        "stats_pages: the Games page first, then the other pages)")
    args = parser.parse_args(argv)
    cfg = Config(seed=args.seed, work=args.work)
    if args.copies is not None:
        games = args.copies
        db = Path(_scaled(cfg, games))
        print(f"index of {args.copies:,} games (copies of 2,000 under new ids): {db}, "
              f"{_gib(disk_bytes(db))}")
    else:
        games = args.games
        paths, simulated = simulate(cfg, games)
        logs = sum(disk_bytes(p) for p in paths)
        print(f"logs: {games:,} games, {_gib(logs)}; simulated {simulated:.0f} s in this run")
        db = corpus.scratch(cfg, f"real{games}.duckdb")
        try:
            wall, peak = index(paths, db, args.jobs)
        except RuntimeError as error:  # the indexer's one line; what it committed stays
            raise SystemExit(f"bench.scale: {error} (the games it indexed are kept: run "
                             "again to resume)") from None
        held = _count_games(q.Source.duckdb(db))
        print(f"index: {held:,} games in {db}, {_gib(disk_bytes(db))}; exceed index "
              f"--jobs {args.jobs}: {wall:.0f} s in this run ({held / wall:.0f} games/s if "
              f"it indexed them all), peak memory {peak:.0f} MiB")
        if held != games:
            raise SystemExit(f"bench.scale: the index holds {held} games, not {games}")
    for name, ms in query_times(db, args.runs).items():
        print(f"  {name}: median {ms:.1f} ms")
    if args.pages:
        from bench.bench_dashboard import stats_pages
        for metric in stats_pages(cfg, db, games):  # the index holds exactly ``games``
            assert isinstance(metric.value, Sample)
            print(f"  {metric.name}: median {metric.value.median:.0f} ms "
                  f"(runs {', '.join(f'{v:.0f}' for v in metric.value.values)}); {metric.note}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
