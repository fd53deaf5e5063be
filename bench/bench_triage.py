"""Corpus triage benchmark: ``exceed verify --jobs 2`` against simulating the same games.

Triage (``replay.verification.triage.triage``: read every log, re-simulate it on this
engine, compare step by step, group the divergences) of the bench corpus (random Ryu vs
Ken, ``bench/corpus.py``: 10,000 games, 2,000 with ``--quick``) over 2 worker
processes, in games/s, against two baselines on 2 forked worker processes, the same
seeds and agents:

- ``verify.triage``: simulating them as ``exceed simulate --jobs 2`` does, each game
  played and recorded to a log file in a scratch folder (the work that made the corpus;
  the target applies here);
- ``verify.triage.play``: only playing them (``engine.play_game``, nothing recorded),
  the stricter comparison, shown without a target.

The corpus must triage as wholly identical (checked on every run). The three timings
alternate; no warm-up run (each timing is long).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from bench import corpus
from bench.config import Config
from bench.harness import Metric, Sample, Target, rate
from engine import GameSetup, log_name, play_game, record_to_file
from replay import workers
from replay.verification.triage import corpus_files, triage

JOBS = 2
TARGET = Target("ratio", ">=", 0.8, ">= 0.8 of simulating the same games on 2 cores")
SETUP = GameSetup(p1="ryu", p2="ken")
AGENTS = ("random", "random")


def games(cfg: Config) -> int:
    return 2000 if cfg.quick else 10_000


def _play(seed: int) -> int:
    return len(play_game(SETUP, seed, AGENTS).decisions)


def _record(job: tuple[int, str]) -> int:
    seed, out = job
    record_to_file(Path(out) / log_name(SETUP, AGENTS, seed), SETUP, seed, AGENTS)
    return seed


def play(seeds: range) -> None:
    """Play ``seeds`` (random Ryu vs Ken, not recorded) over ``JOBS`` forked workers."""
    with workers.pool(JOBS) as pool:
        for _ in pool.imap(_play, seeds, chunksize=8):
            pass


def simulate(seeds: range, out: Path) -> None:
    """Play and record ``seeds`` into ``out`` over ``JOBS`` forked workers, as ``exceed
    simulate --jobs 2`` does (the folder is emptied first)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with workers.pool(JOBS) as pool:
        for _ in pool.imap(_record, [(seed, str(out)) for seed in seeds], chunksize=4):
            pass


def triage_vs_simulate(cfg: Config) -> list[Metric]:
    n = games(cfg)
    found = corpus_files(corpus.logs(cfg, n))
    files = found.files
    assert not found.problems and not found.refused and len(files) == n, (
        len(files), found.problems[:3], list(found.refused)[:3])
    seeds = range(cfg.seed, cfg.seed + n)

    def triage_once() -> None:
        result = triage(files, JOBS)
        assert result.counts["identical"] == n, result.counts

    scratch = cfg.work / "tmp" / "triage-simulate"
    values: list[float] = []
    recorded: list[float] = []
    played: list[float] = []
    for _ in range(cfg.index_runs):
        values.append(rate(n, triage_once))
        recorded.append(rate(n, lambda: simulate(seeds, scratch)))
        played.append(rate(n, lambda: play(seeds)))
    shutil.rmtree(scratch, ignore_errors=True)
    name = f"verify: triage of {n:,} games (exceed verify --jobs 2), random Ryu vs Ken, 2 cores"
    note = (f"{n} logs of bench/corpus.py (seeds {cfg.seed}..{cfg.seed + n - 1}); every "
            "log triaged identical")
    return [
        Metric(id="verify.triage", name=name, unit="games/s", value=Sample(tuple(values)),
               baseline_name="simulating the same seeds as exceed simulate --jobs 2 does "
               "(played and recorded to files, 2 processes)", baseline=Sample(tuple(recorded)),
               higher_is_better=True, targets=(TARGET,), note=note,
               target_applies=not cfg.quick),
        Metric(id="verify.triage.play", name=name + " (vs play only)", unit="games/s",
               value=Sample(tuple(values)), baseline_name="playing the same seeds, nothing "
               "recorded (engine.play_game, 2 processes)", baseline=Sample(tuple(played)),
               higher_is_better=True, note=note),
    ]
