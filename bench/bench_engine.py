"""Engine and recording benchmarks: games per second, recording overhead, log size.

- games/s for random-vs-random and heuristic-vs-heuristic Ryu vs Ken, against a
  baseline of folding the same games' events with ``engine.apply`` (the cost of the
  state changes alone, without rules or agents);
- decisions/s and events/s;
- recording: simulation with recording against simulation without (the same games);
- log size per game against the same decisions and events as JSON lines with zstd and
  with gzip.
"""

from __future__ import annotations

import gzip
import io
import statistics

import msgspec
import zstandard

from bench.harness import Metric, Sample, rate, repeat
from engine.api import GameSetup, initial_state
from engine.apply import fold
from engine.catalog import default_catalog
from engine.match import play_game
from engine.record import record_game

RVK = GameSetup(p1="ryu", p2="ken")


def _games(setup: GameSetup, agents: tuple[str, str], seeds: range) -> int:
    for seed in seeds:
        play_game(setup, seed, agents)
    return len(seeds)


def games_per_second(agents: tuple[str, str], games: int, runs: int) -> Metric:
    seeds = range(games)
    catalog = default_catalog()
    played = [play_game(RVK, s, agents) for s in seeds]
    event_lists = [g.events for g in played]

    def fold_all() -> None:
        for events in event_lists:
            fold(initial_state(RVK, catalog), events)

    value = repeat(lambda: rate(games, lambda: _games(RVK, agents, seeds)), runs)
    base = repeat(lambda: rate(games, fold_all), runs)
    return Metric(
        name=f"engine: Ryu vs Ken games/s, {agents[0]} vs {agents[1]} (1 core)",
        unit="games/s", value=value, baseline_name="fold of the same events (no rules)",
        baseline=base, higher_is_better=True,
        target=">= 300 with recording" if agents == ("random", "random") else "",
    )


def throughput(games: int, runs: int) -> list[Metric]:
    seeds = range(games)
    played = [play_game(RVK, s) for s in seeds]
    decisions = sum(len(g.decisions) for g in played)
    events = sum(len(g.events) for g in played)
    per_game = repeat(lambda: rate(games, lambda: _games(RVK, ("random", "random"), seeds)), runs)
    dps = Sample(tuple(v * decisions / games for v in per_game.values))
    eps = Sample(tuple(v * events / games for v in per_game.values))
    return [
        Metric(name="engine: decisions/s, random Ryu vs Ken", unit="decisions/s", value=dps,
               baseline_name="games/s x 1", baseline=per_game, higher_is_better=True),
        Metric(name="engine: events/s, random Ryu vs Ken", unit="events/s", value=eps,
               baseline_name="games/s x 1", baseline=per_game, higher_is_better=True),
    ]


def recording_overhead(games: int, runs: int) -> Metric:
    seeds = range(games)

    def recorded() -> None:
        for seed in seeds:
            record_game(RVK, seed, io.BytesIO())

    value = repeat(lambda: rate(games, recorded), runs)
    base = repeat(lambda: rate(games, lambda: _games(RVK, ("random", "random"), seeds)), runs)
    return Metric(
        name="recording: games/s with recording, random Ryu vs Ken", unit="games/s",
        value=value, baseline_name="the same games without recording", baseline=base,
        higher_is_better=True, target="ratio >= 0.91 (overhead <= 10%); >= 300 games/s",
    )


def log_sizes(games: int) -> list[Metric]:
    ours: list[float] = []
    zstd_sizes: list[float] = []
    gzip_sizes: list[float] = []
    compressor = zstandard.ZstdCompressor(level=3)
    for seed in range(games):
        stream = io.BytesIO()
        game = record_game(RVK, seed, stream)
        ours.append(len(stream.getvalue()))
        lines = [msgspec.json.encode({"decision": msgspec.to_builtins(d)})
                 for d in game.decisions]
        lines += [msgspec.json.encode({"event": msgspec.to_builtins(e)}) for e in game.events]
        jsonl = b"\n".join(lines)
        zstd_sizes.append(len(compressor.compress(jsonl)))
        gzip_sizes.append(len(gzip.compress(jsonl, compresslevel=6)))
    median = statistics.median(ours)
    return [
        Metric(name="log: bytes per game (.exlog, median)", unit="bytes",
               value=Sample((median,)), baseline_name="JSON lines + zstd (level 3)",
               baseline=Sample((statistics.median(zstd_sizes),)), higher_is_better=False),
        Metric(name="log: bytes per game (.exlog, median)", unit="bytes",
               value=Sample((median,)), baseline_name="JSON lines + gzip (level 6)",
               baseline=Sample((statistics.median(gzip_sizes),)), higher_is_better=False),
    ]
