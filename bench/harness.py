"""Benchmark harness: repeated timings, medians with spread, and the performance table.

Each benchmark returns one or more ``Metric`` rows: a value, a baseline measured in
the same run on the same machine, and their ratio. ``bench/run.py`` collects them and
rewrites ``docs/performance.md``. Benchmarks never run inside ``make test``.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Sample:
    """Repeated measurements of one quantity (already in its unit, e.g. games/s)."""

    values: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def spread(self) -> float:
        """Half the range of the runs, as a fraction of the median."""
        if len(self.values) < 2 or self.median == 0:
            return 0.0
        return (max(self.values) - min(self.values)) / 2 / abs(self.median)


@dataclass(frozen=True)
class Metric:
    """One row of the performance table."""

    name: str
    unit: str
    value: Sample
    baseline_name: str
    baseline: Sample
    higher_is_better: bool
    target: str = ""

    @property
    def ratio(self) -> float:
        base = self.baseline.median
        return self.value.median / base if base else float("nan")


def repeat(fn: Callable[[], float], runs: int) -> Sample:
    """Call ``fn`` ``runs`` times (after one warm-up) and keep what it returns."""
    fn()
    return Sample(tuple(fn() for _ in range(runs)))


def rate(count: int, fn: Callable[[], object]) -> float:
    """``count`` divided by the wall time of one call of ``fn``."""
    start = time.perf_counter()
    fn()
    return count / (time.perf_counter() - start)


def seconds(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def machine() -> str:
    cores = os.cpu_count()
    return f"{platform.machine()}, {cores} cores, Python {platform.python_version()}"


def fmt(x: float) -> str:
    if x == 0:
        return "0"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 1:
        return f"{x:.2f}"
    return f"{x:.4g}"
