"""Moment search benchmark: the five examples of docs/search.md on the scaled bench index.

Each pattern runs through ``replay.query.find_moments`` (connect, query, close; 100
moments at most) on the 100,000-game index scaled up from 2,000 random Ryu vs Ken games
(``bench_index._scaled``; 10,000 and 25,000 games under ``--quick`` unless the 100,000
index is already built), against ``SELECT count(*) FROM games`` through the same kind of
connection. Target: at most 200 ms each on 100,000 games.
"""

from __future__ import annotations

from functools import partial

from bench.bench_index import BASE_GAMES, _count_games, _scaled, query_scales
from bench.config import Config
from bench.harness import Metric, Sample, Target
from bench.index_bench import times_ms
from replay import query as q

SEARCH_TARGET = Target("value", "<=", 200.0, "<= 200 ms on 100,000 games")
EXAMPLES = {
    "stun": "stunned defender by wild_swing",
    "miss": "miss card=Shoryuken",
    "decked": "decked_out",
    "boost": "boost then strike same turn",
    "hit": "hit damage>=7 range=1",
}


def searches(cfg: Config) -> list[Metric]:
    games = query_scales(cfg)[1]
    src = q.Source.duckdb(_scaled(cfg, games))
    assert _count_games(src) == games
    base = Sample(tuple(times_ms(partial(_count_games, src), cfg.query_runs)))
    metrics = []
    for key, pattern in EXAMPLES.items():
        found = q.find_moments(src, pattern)
        value = Sample(tuple(times_ms(partial(q.find_moments, src, pattern), cfg.query_runs)))
        metrics.append(Metric(
            id=f"search.{key}", name=f"search: `{pattern}`, {games:,} games", unit="ms",
            value=value, baseline_name="SELECT count(*) FROM games, same file and connection "
            "path", baseline=base, higher_is_better=False, targets=(SEARCH_TARGET,),
            target_applies=games >= 100_000,
            note=f"median of {cfg.query_runs} (connect + query + close, at most 100 "
                 f"moments, {len(found)} found); copies of {BASE_GAMES} random Ryu vs Ken "
                 "games under new ids"))
    return metrics
