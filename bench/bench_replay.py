"""Replay benchmarks: full fold against raw msgpack decode, and seek latency.

- full fold: read the longest sample log with the typed reader and fold every event,
  in events/s, against decoding the same file's frames with plain ``msgpack`` (no
  typing, no folding);
- seek: p50 and p99 latency of seeking to random events of the longest sample with
  keyframes every 64 events, against the same seeks refolding from the start.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import msgpack

from bench.harness import Metric, Sample, rate, repeat
from engine.apply import fold
from engine.log import iter_frames
from engine.record import read_game_bytes
from replay.replayer import Replay

SAMPLES = Path("sample_games")


def longest_sample() -> Path:
    """The sample with the most bytes (the long random game)."""
    return max(SAMPLES.glob("*.exlog"), key=lambda p: p.stat().st_size)


def fold_vs_decode(runs: int) -> Metric:
    data = longest_sample().read_bytes()
    log = read_game_bytes(data)
    count = log.event_count

    def read_and_fold() -> None:
        parsed = read_game_bytes(data)
        fold(parsed.initial_state(), list(parsed.events()))

    def raw_decode() -> None:
        for _kind, _offset, payload in iter_frames(data):
            msgpack.unpackb(payload, raw=False)

    value = repeat(lambda: rate(count, read_and_fold), runs)
    base = repeat(lambda: rate(count, raw_decode), runs)
    return Metric(
        name="replay: read + full fold of the longest sample", unit="events/s", value=value,
        baseline_name="raw msgpack decode of the same frames", baseline=base,
        higher_is_better=True, target="ratio >= 0.33",
    )


def _seek_times(replay: Replay, targets: list[int]) -> list[float]:
    times = []
    for target in targets:
        start = time.perf_counter()
        replay.seek(target)
        times.append(time.perf_counter() - start)
    return times


def seek_latency(seeks: int) -> list[Metric]:
    log = read_game_bytes(longest_sample().read_bytes())
    rng = random.Random(7)
    keyed = Replay(log)
    flat = Replay(log, keyframe_every=10**9)
    targets = [rng.randrange(keyed.length + 1) for _ in range(seeks)]
    with_keys = sorted(_seek_times(keyed, targets))
    without = sorted(_seek_times(flat, targets))

    def pct(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    return [
        Metric(name="replay: seek p50, random events of the longest sample", unit="ms",
               value=Sample((pct(with_keys, 0.5),)), baseline_name="refold from the start",
               baseline=Sample((pct(without, 0.5),)), higher_is_better=False),
        Metric(name="replay: seek p99, random events of the longest sample", unit="ms",
               value=Sample((pct(with_keys, 0.99),)), baseline_name="refold from the start",
               baseline=Sample((pct(without, 0.99),)), higher_is_better=False,
               target="<= 5 ms"),
    ]


