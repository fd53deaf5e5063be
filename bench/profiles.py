"""Profiles kept in docs/performance.md: where the time goes, by ``tottime``.

- engine: cProfile over 200 random Ryu vs Ken games recorded with
  ``engine.recording.record.record_game`` into memory (top 15);
- index: cProfile over ``Indexer.run`` with ``--jobs 1`` (decode in-process, so the
  profile sees it) on 200 simulated games into a fresh file (top 10).
"""

from __future__ import annotations

import cProfile
import io
import pstats
import time
from pathlib import Path

from bench import corpus
from bench.bench_engine import RVK
from bench.config import ROOT, Config
from engine.cards.catalog import default_catalog
from engine.recording.record import record_game
from replay.index.writer import Indexer

Profile = dict[str, object]


def _where(key: tuple[str, int, str]) -> str:
    filename, line, func = key
    if filename == "~":
        return func  # e.g. <built-in method builtins.isinstance>
    path = Path(filename)
    try:
        shown = str(path.resolve().relative_to(ROOT))
    except ValueError:
        parts = filename.split("site-packages/", 1)
        shown = parts[1] if len(parts) == 2 else filename.rsplit("/lib/", 1)[-1]
    return f"{shown}:{line}({func})"


def _top(profiler: cProfile.Profile, count: int) -> list[list[object]]:
    stats = pstats.Stats(profiler, stream=io.StringIO())
    table = stats.stats  # type: ignore[attr-defined]
    rows = sorted(table.items(), key=lambda item: item[1][2], reverse=True)[:count]
    out: list[list[object]] = []
    for key, (primitive, calls, tottime, cumtime, _callers) in rows:
        shown_calls = str(calls) if calls == primitive else f"{calls}/{primitive}"
        out.append([_where(key), shown_calls, round(tottime, 4), round(cumtime, 4)])
    return out


def engine_profile(cfg: Config, games: int = 200, top: int = 15) -> Profile:
    catalog = default_catalog()
    seeds = range(cfg.seed, cfg.seed + games)

    def play() -> None:
        for seed in seeds:
            record_game(RVK, seed, io.BytesIO(), catalog=catalog)

    play()  # warm caches outside the profile
    start = time.perf_counter()
    play()
    plain = time.perf_counter() - start
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.runcall(play)
    profiled = time.perf_counter() - start
    return {
        "title": f"engine: {games} random Ryu vs Ken games recorded into memory",
        "command": "python -m bench.run --only profile.engine",
        "plain_s": plain, "profiled_s": profiled, "top": top, "rows": _top(profiler, top),
    }


def index_profile(cfg: Config, games: int = 200, top: int = 10) -> Profile:
    paths = corpus.logs(cfg, games)
    db = cfg.work / "tmp" / "profile.duckdb"
    db.parent.mkdir(parents=True, exist_ok=True)

    def index() -> None:
        for stale in (db, db.with_name(db.name + ".wal")):
            stale.unlink(missing_ok=True)
        Indexer(db, jobs=1, say=lambda _: None).run(paths)

    index()
    start = time.perf_counter()
    index()
    plain = time.perf_counter() - start
    profiler = cProfile.Profile()
    for stale in (db, db.with_name(db.name + ".wal")):
        stale.unlink(missing_ok=True)
    start = time.perf_counter()
    profiler.runcall(Indexer(db, jobs=1, say=lambda _: None).run, paths)
    profiled = time.perf_counter() - start
    db.unlink(missing_ok=True)
    return {
        "title": f"index: `Indexer.run` of {games} simulated games, --jobs 1 (decode in-process)",
        "command": "python -m bench.run --only profile.index",
        "plain_s": plain, "profiled_s": profiled, "top": top, "rows": _top(profiler, top),
    }
