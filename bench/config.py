"""How big a benchmark run is: the full suite or ``--quick``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_games"
WORK = Path("/tmp/exceed-bench")  # simulated corpora and scratch indexes (cached by seed)


@dataclass(frozen=True)
class Config:
    quick: bool = False
    seed: int = 0
    work: Path = WORK

    @property
    def runs(self) -> int:
        """Timed repetitions of each figure (the median is reported)."""
        return 3 if self.quick else 5

    @property
    def games(self) -> int:
        """Games per timed engine run (seeds ``seed .. seed + games - 1``)."""
        return 200 if self.quick else 500

    @property
    def memory_games(self) -> int:
        return 500

    @property
    def memory_runs(self) -> int:
        return 3

    @property
    def seeks(self) -> int:
        return 500 if self.quick else 2000

    @property
    def index_games(self) -> int:
        return 500 if self.quick else 2000

    @property
    def index_runs(self) -> int:
        return 3

    @property
    def index_memory_games(self) -> int:
        return 2000 if self.quick else 10_000

    @property
    def query_runs(self) -> int:
        return 7

    @property
    def page_runs(self) -> int:
        return 3 if self.quick else 7
