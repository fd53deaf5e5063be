"""Replay benchmarks: full fold against raw msgpack decode, and seek latency.

- full fold: read the longest sample log with the typed reader and fold every event,
  in events/s, against decoding the same file's frames with plain ``msgpack`` (framing,
  CRC checks and, for a format 6 log, inflating its BLOCKs included on both sides; no
  typing, no checks, no folding in the baseline);
- seek: p50 and p99 latency of seeking to random events of the longest sample with
  keyframes every 64 events (``replay.viewer.cursor.Replay``'s default), against the same
  seeks refolding from the start. The cursor is put back at event 0 (untimed) before
  every seek, so each seek is a cold jump, not a short walk from the previous one.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import msgpack

from bench.config import SAMPLES, Config
from bench.harness import Metric, Sample, Target, calibrate, rate, repeat_pair
from engine.core.apply import fold
from engine.recording.blocks import BlockReader, iter_records
from engine.recording.log import MAX_FRAME, FrameKind, iter_frames
from engine.recording.record import read_game_bytes
from replay.viewer.cursor import Replay

FOLD_TARGET = Target("ratio", ">=", 1 / 3, ">= 1/3 of raw decode (ratio >= 0.333)")
SEEK_TARGET = Target("value", "<=", 5.0, "p99 <= 5 ms")


def longest_sample() -> Path:
    """The sample with the most bytes (the long random game)."""
    return max(SAMPLES.glob("*.exlog"), key=lambda p: (p.stat().st_size, p.name))


def fold_vs_decode(cfg: Config) -> list[Metric]:
    path = longest_sample()
    data = path.read_bytes()
    count = read_game_bytes(data).event_count

    def fold_once() -> None:
        parsed = read_game_bytes(data)
        fold(parsed.initial_state(), list(parsed.events()))

    reps = calibrate(fold_once, 0.2 if cfg.quick else 0.5)

    def read_and_fold() -> None:
        for _ in range(reps):
            fold_once()

    def raw_decode() -> None:
        for _ in range(reps):
            blocks = BlockReader()
            for kind, _offset, payload in iter_frames(data):
                if kind == FrameKind.BLOCK:
                    for _, record in iter_records(blocks.records(payload), MAX_FRAME):
                        msgpack.unpackb(record, raw=False)
                else:
                    msgpack.unpackb(payload, raw=False)

    value, base = repeat_pair(lambda: rate(count * reps, read_and_fold),
                              lambda: rate(count * reps, raw_decode), cfg.runs)
    return [Metric(
        id="replay.fold", name="replay: read + full fold of the longest sample",
        unit="events/s", value=value,
        baseline_name="raw decode of the same file's frames (zstd inflate of its blocks, "
        "then plain msgpack)", baseline=base,
        higher_is_better=True, targets=(FOLD_TARGET,),
        note=f"{path.name}: {len(data):,} bytes, {count} events; {reps} passes per timing",
    )]


def _seek_ms(replay: Replay, targets: list[int]) -> list[float]:
    times = []
    for target in targets:
        replay.seek(0)
        start = time.perf_counter()
        replay.seek(target)
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)


def _pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))]


def seek_latency(cfg: Config) -> list[Metric]:
    path = longest_sample()
    log = read_game_bytes(path.read_bytes())
    keyed = Replay(log)
    flat = Replay(log, keyframe_every=10**9)
    rng = random.Random(cfg.seed)
    targets = [rng.randrange(1, keyed.length + 1) for _ in range(cfg.seeks)]
    _seek_ms(keyed, targets[:50])  # warm-up
    _seek_ms(flat, targets[:50])
    runs = [(_seek_ms(keyed, targets), _seek_ms(flat, targets)) for _ in range(cfg.runs)]

    def sample(which: int, q: float) -> Sample:
        return Sample(tuple(_pct(run[which], q) for run in runs))

    note = (f"{cfg.seeks} seeks to random events of {path.name} ({keyed.length} events), "
            f"keyframes every {keyed.keyframe_every} events")
    return [
        Metric(id="replay.seek.p50", name="replay: seek p50, keyframes", unit="ms",
               value=sample(0, 0.5), baseline_name="refold from the start",
               baseline=sample(1, 0.5), higher_is_better=False, note=note),
        Metric(id="replay.seek.p99", name="replay: seek p99, keyframes", unit="ms",
               value=sample(0, 0.99), baseline_name="refold from the start",
               baseline=sample(1, 0.99), higher_is_better=False, targets=(SEEK_TARGET,),
               note=note),
    ]
