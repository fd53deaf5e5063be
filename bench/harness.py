"""Benchmark harness: repeated timings, medians with spread, targets and peak memory.

Each benchmark returns one or more ``Metric`` rows: a value, a baseline measured in
the same run on the same machine, and their ratio (value / baseline). ``bench/run.py``
collects them, saves them as JSON and rewrites ``docs/performance.md``. Benchmarks never
run inside ``make test``.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from replay.workers import child_preexec


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

    def scaled(self, factor: float) -> Sample:
        return Sample(tuple(v * factor for v in self.values))


@dataclass(frozen=True)
class Target:
    """A goal from issue 8: ``value`` or ``ratio`` compared (``>=``/``<=``) with a threshold."""

    on: Literal["value", "ratio"]
    op: Literal[">=", "<="]
    threshold: float
    text: str

    def met(self, metric: Metric) -> bool:
        x = metric.value.median if self.on == "value" else metric.ratio
        return x >= self.threshold if self.op == ">=" else x <= self.threshold


@dataclass(frozen=True)
class Metric:
    """One row of the performance table. ``ratio`` is value / baseline."""

    id: str
    name: str
    unit: str
    value: Sample
    baseline_name: str
    baseline: Sample
    higher_is_better: bool
    targets: tuple[Target, ...] = ()
    exact: bool = False  # deterministic (sizes): one measurement, no spread
    note: str = ""
    target_applies: bool = True  # False when a quick run measures a smaller case
    bench: str = ""  # the benchmark (``--only`` name) that produced it; set by run.py

    @property
    def ratio(self) -> float:
        base = self.baseline.median
        return self.value.median / base if base else float("nan")

    @property
    def met(self) -> bool | None:
        if not self.targets or not self.target_applies:
            return None
        return all(t.met(self) for t in self.targets)

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id, "bench": self.bench, "name": self.name, "unit": self.unit,
            "value": list(self.value.values), "baseline_name": self.baseline_name,
            "baseline": list(self.baseline.values), "higher_is_better": self.higher_is_better,
            "targets": [{"on": t.on, "op": t.op, "threshold": t.threshold, "text": t.text}
                        for t in self.targets],
            "exact": self.exact, "note": self.note, "target_applies": self.target_applies,
            "median": self.value.median, "baseline_median": self.baseline.median,
            "ratio": self.ratio, "met": self.met,
        }

    @classmethod
    def from_json(cls, raw: dict[str, object]) -> Metric:
        def floats(key: str) -> Sample:
            values = raw[key]
            assert isinstance(values, list)
            return Sample(tuple(float(v) for v in values))

        targets = raw.get("targets", [])
        assert isinstance(targets, list)
        return cls(
            id=str(raw["id"]), bench=str(raw.get("bench", "")), name=str(raw["name"]),
            unit=str(raw["unit"]), value=floats("value"),
            baseline_name=str(raw["baseline_name"]), baseline=floats("baseline"),
            higher_is_better=bool(raw["higher_is_better"]),
            targets=tuple(Target(on=t["on"], op=t["op"], threshold=float(t["threshold"]),
                                 text=str(t["text"])) for t in targets),
            exact=bool(raw.get("exact", False)), note=str(raw.get("note", "")),
            target_applies=bool(raw.get("target_applies", True)),
        )


def repeat(fn: Callable[[], float], runs: int, warmup: bool = True) -> Sample:
    """Call ``fn`` ``runs`` times (after one warm-up) and keep what it returns."""
    if warmup:
        fn()
    return Sample(tuple(fn() for _ in range(runs)))


def repeat_pair(value: Callable[[], float], baseline: Callable[[], float], runs: int,
                warmup: bool = True) -> tuple[Sample, Sample]:
    """Measure ``value`` and ``baseline`` alternately, so drift hits both alike."""
    if warmup:
        value()
        baseline()
    values: list[float] = []
    bases: list[float] = []
    for _ in range(runs):
        values.append(value())
        bases.append(baseline())
    return Sample(tuple(values)), Sample(tuple(bases))


def rate(count: float, fn: Callable[[], object]) -> float:
    """``count`` divided by the wall time of one call of ``fn``."""
    start = time.perf_counter()
    fn()
    return count / (time.perf_counter() - start)


def calibrate(fn: Callable[[], object], min_seconds: float) -> int:
    """How many calls of ``fn`` take at least ``min_seconds`` (for very short operations)."""
    fn()
    once = max(seconds(fn), 1e-6)
    return max(1, int(min_seconds / once) + 1)


def seconds(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


_PEAK_WRAPPER = (
    "import resource, subprocess, sys\n"
    "from replay.workers import child_preexec\n"
    "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL,\n"
    "               preexec_fn=child_preexec())\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def peak_rss_mib(command: Sequence[str], cwd: str | None = None) -> float:
    """Max RSS (MiB) of ``command`` run to completion, as ``getrusage(RUSAGE_CHILDREN)``
    reports it after ``subprocess.run``.

    A fresh wrapper process runs the command, so no other child of the benchmark process
    can be the one measured. ``ru_maxrss`` is the largest single process among the child
    and the descendants it waited for (e.g. the indexer's workers), not their sum.
    """
    out = subprocess.run([sys.executable, "-c", _PEAK_WRAPPER, *command],
                         capture_output=True, text=True, cwd=cwd, preexec_fn=child_preexec())
    if out.returncode != 0:  # the command's own one-line error, not the wrapper's traceback
        said = next((line for line in out.stderr.splitlines()
                     if line and not line[0].isspace() and not line.startswith("Traceback")),
                    "no output")
        raise RuntimeError(f"{' '.join(command[:2])} ... failed (exit {out.returncode}): "
                           f"{said}")
    return int(out.stdout.split()[-1]) / 1024  # Linux reports KiB


def machine() -> dict[str, str]:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cores": str(os.cpu_count()),
        "cpu": model,
        "arch": platform.machine(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "os": f"{platform.system()} {platform.release()}",
    }


def fmt(x: float) -> str:
    if x != x:  # nan
        return "n/a"
    if x == 0:
        return "0"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"
