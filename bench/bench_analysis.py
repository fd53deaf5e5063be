"""Analysis benchmarks (issue 16): the win-probability curve and the full decision review
of the median-length sample game, and rollout throughput.

- ``analysis.curve``: seconds for the win-probability curve of the median-length sample
  game (by decisions), 200 rollouts per point, 2 worker processes, no review, with the
  analysis's default parameters; baseline: simulating the same number of heuristic games
  of that matchup from the start, also over 2 processes (what the same rollouts would
  cost if each replayed from the deal).
- ``analysis.review``: seconds for the full analysis of that game (curve and decision
  review, 200 rollouts, 2 processes; since issue 32 item 3 the review includes each
  point's best move, a search of as many iterations as rollouts, not counted in the
  rollouts played); same baseline kind, as many games as it played.
- ``analysis.curve.horizon``, ``analysis.review.horizon`` (issue 31 round 4): the same
  with truncated rollouts (``Params.horizon``: the default's, or ``BENCH_HORIZON`` while
  the default plays to the end), against the same with full rollouts, the runs
  alternated; the note gives the rollouts played and the CPU seconds of each (the
  workers' too: less sensitive to the machine's load than the wall time).
- ``analysis.first_look`` (issue 31): seconds for the first look the dashboard's Analyze
  stores before the full analysis (``replay.query.first_look``: the curve alone, 100
  rollouts a point truncated after 2 strikes), against the full curve (200 full
  rollouts), alternated, 2 processes; the note gives how far the first look lies from
  the full curve (mean and largest |P - full| over the points) and the median width of
  their intervals.
- ``analysis.rollouts``: rollouts per second from the game's first point (a determinized
  folded state, ``engine.game_from_state``), against ``play_game`` of as many games of the
  same matchup from the start, both on one core: the cost of determinizing and restarting.
  Full rollouts (horizon 0), whatever the analysis's default. Every pass (the warm-up
  too) plays its own seeds on both sides (the analysis's ``Params.seed``, the games'
  seeds), so no timed pass replays the warm-up's games.
- ``analysis.positions`` (issue 31 round 4): positions scored per second from that
  point with the default horizon, or ``BENCH_HORIZON`` (a truncated rollout: the heuristic agent plays until
  the horizon's strikes have ended, then the leaf evaluator scores the position; a game
  that ends first scores its result), against full rollouts per second from the same
  point and worlds, alternated, one core. Not a rollout rate: a truncated rollout plays
  only part of a game.
- ``analysis.jitter`` (issue 32): the mean absolute change of P1's chance between the two
  set points of one strike, today (one viewer per strike) against the curve before (each
  set point from its decider's view, ``bench.analysis_jitter``).
"""

from __future__ import annotations

import itertools
import resource
import statistics
import time
from dataclasses import replace
from pathlib import Path

from bench import analysis_jitter
from bench.config import SAMPLES, Config
from bench.harness import Metric, Sample, Target, rate, repeat_pair
from engine import Catalog, GameLog, GameSetup, default_catalog, play_game, read_game
from replay import workers
from replay.analysis.positions import Point, points, second_set_points
from replay.analysis.rollout import Params, analyse_point
from replay.analysis.rollout import first_look as first_look_of
from replay.analysis.run import analyse_log

CURVE_TARGET = Target("value", "<=", 10.0, "<= 10 s on 2 cores")
REVIEW_TARGET = Target("value", "<=", 60.0, "<= 60 s on 2 cores")
CURVE_TARGET_31 = Target("value", "<=", 3.0, "<= 3 s (issue 31)")
REVIEW_TARGET_31 = Target("value", "<=", 15.0, "<= 15 s at the same precision (issue 31)")
ROLLOUT_TARGET = Target("ratio", ">=", 0.8, "rollouts/s >= 0.8 of simulate")
JOBS = 2


def median_sample() -> Path:
    """The sample game of median length (decisions), ties by name."""
    logs = sorted((len(read_game(p).decisions), p.name, p) for p in SAMPLES.glob("*.exlog"))
    return logs[len(logs) // 2][2]


def _simulate(setup: GameSetup, seeds: list[int]) -> None:
    catalog = default_catalog()
    for seed in seeds:
        play_game(setup, seed, ("heuristic", "heuristic"), catalog)


def _simulate_parallel(setup: GameSetup, games: int) -> float:
    """Seconds to play ``games`` heuristic games from the start over ``JOBS`` processes."""
    start = time.perf_counter()
    with workers.executor(JOBS) as pool:
        chunks = [list(range(i, games, JOBS)) for i in range(JOBS)]
        for future in [pool.submit(_simulate, setup, chunk) for chunk in chunks]:
            future.result()
    return time.perf_counter() - start


def _cpu() -> float:
    """This process's CPU seconds and its reaped children's (the analysis's workers)."""
    own = time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + kids.ru_utime + kids.ru_stime


def _timed_analysis(path: Path, params: Params) -> tuple[float, float, int]:
    """Seconds and CPU seconds for the analysis and how many rollouts it played."""
    start, cpu = time.perf_counter(), _cpu()
    analysis = analyse_log(str(path), params, JOBS)
    seconds, cpu = time.perf_counter() - start, _cpu() - cpu
    shared = second_set_points(points(read_game(path), default_catalog()))
    played = sum(sum(o.estimate.n for o in r.options if o.estimate is not None)
                 if r.options else (0 if r.id.index in shared else r.p1.n)
                 for r in analysis.points)  # curve = played option; a second set point
    return seconds, cpu, played  # without a review plays none (rollout.on_curve)


BENCH_HORIZON = 2
"""The horizon the ``.horizon`` rows measure while the analysis's default plays every
rollout to the end (``Params.horizon`` 0); otherwise they measure the default."""


def curve_and_review(cfg: Config) -> list[Metric]:
    path = median_sample()
    log = read_game(path)
    setup = log.header.setup
    runs = 1 if cfg.quick else 3
    default = Params().horizon
    cut = default or BENCH_HORIZON
    metrics = []
    for review in (False, True):
        full = Params(rollouts=200, review=review, horizon=0)
        truncated = replace(full, horizon=cut)
        values, bases, fulls, cuts, cpu_full, cpu_cut = [], [], [], [], [], []
        played = full_played = 0
        for _ in range(runs):  # alternated: full rollouts, truncated, the baseline
            seconds, cpu, full_played = _timed_analysis(path, full)
            fulls.append(seconds)
            cpu_full.append(cpu)
            seconds, cpu, played = _timed_analysis(path, truncated)
            cuts.append(seconds)
            cpu_cut.append(cpu)
            shipped = played if default else full_played
            values.append(cuts[-1] if default else fulls[-1])
            bases.append(_simulate_parallel(setup, shipped))
        kind = "review" if review else "curve"
        what = "full decision review" if review else "win-probability curve"
        game = f"the median sample game ({path.stem}, {len(log.decisions)} decisions)"
        targets = (REVIEW_TARGET, REVIEW_TARGET_31) if review else (CURVE_TARGET,
                                                                    CURVE_TARGET_31)
        metrics.append(Metric(
            id=f"analysis.{kind}",
            name=f"analysis: {what} of {game}, 200 rollouts, {JOBS} processes"
                 + (f", horizon {default} strikes" if default else ""),
            unit="s", value=Sample(tuple(values)),
            baseline_name=f"simulate the same {played if default else full_played} "
                          f"heuristic games from the start ({JOBS} processes)",
            baseline=Sample(tuple(bases)), higher_is_better=False, targets=targets,
            note=f"{played if default else full_played} rollouts"))
        ratio = statistics.median(cpu_full) / statistics.median(cpu_cut)
        metrics.append(Metric(
            id=f"analysis.{kind}.horizon",
            name=f"analysis: {what} of {game}, 200 truncated rollouts (horizon {cut} "
                 f"strikes, then the leaf evaluator{'' if default else '; opt-in'}), "
                 f"{JOBS} processes",
            unit="s", value=Sample(tuple(cuts)),
            baseline_name="the same with full rollouts (horizon 0), alternated",
            baseline=Sample(tuple(fulls)), higher_is_better=False, targets=targets,
            note=f"{played} truncated rollouts against {full_played} full; CPU seconds "
                 f"{statistics.median(cpu_cut):.1f} against "
                 f"{statistics.median(cpu_full):.1f} (full / truncated {ratio:.2f})"))
    return metrics


def first_look(cfg: Config) -> list[Metric]:
    path = median_sample()
    log = read_game(path)
    runs = 1 if cfg.quick else 3
    full_params = Params(rollouts=200, review=False, horizon=0)
    look_params = first_look_of(Params())
    looks, fulls = [], []
    look = full = None
    for _ in range(runs):  # alternated: the first look, then the full curve
        start = time.perf_counter()
        look = analyse_log(str(path), look_params, JOBS)
        looks.append(time.perf_counter() - start)
        start = time.perf_counter()
        full = analyse_log(str(path), full_params, JOBS)
        fulls.append(time.perf_counter() - start)
    assert look is not None and full is not None
    by_id = {r.id: r.p1 for r in full.points}
    gaps = [abs(r.p1.p - by_id[r.id].p) * 100 for r in look.points
            if r.p1.p is not None and r.id in by_id and by_id[r.id].p is not None]
    widths = [statistics.median((r.p1.high - r.p1.low) * 100 for r in a.points)
              for a in (look, full)]
    game = f"the median sample game ({path.stem}, {len(log.decisions)} decisions)"
    return [Metric(
        id="analysis.first_look",
        name=f"analysis: the Game page's first look at {game} (the curve alone, "
             f"{look_params.rollouts} rollouts truncated after {look_params.horizon} "
             f"strikes), {JOBS} processes",
        unit="s", value=Sample(tuple(looks)),
        baseline_name="the full curve (200 full rollouts), alternated",
        baseline=Sample(tuple(fulls)), higher_is_better=False,
        note=f"{len(gaps)} points; |P - full curve| mean {statistics.mean(gaps):.1f}, "
             f"largest {max(gaps):.1f} points; median interval width {widths[0]:.1f} "
             f"against {widths[1]:.1f} points")]


def _first_point(cfg: Config) -> tuple[GameLog, Catalog, Point, int]:
    """The median sample's log, the catalog, its first point and the rollouts to time."""
    log = read_game(median_sample())
    catalog = default_catalog()
    return log, catalog, next(points(log, catalog)), 100 if cfg.quick else 300


def rollout_throughput(cfg: Config) -> list[Metric]:
    log, catalog, first, n = _first_point(cfg)
    setup = log.header.setup
    runs = itertools.count()  # every pass its own seeds: the warm-up times nothing again
    bases = itertools.count()

    def analysed() -> float:
        params = Params(rollouts=n, review=False, horizon=0, seed=next(runs))
        return rate(n, lambda: analyse_point(first, params, catalog))

    def simulated() -> float:
        start = next(bases) * n
        return rate(n, lambda: _simulate(setup, list(range(start, start + n))))

    value, base = repeat_pair(analysed, simulated, cfg.runs)
    return [Metric(
        id="analysis.rollouts", name=f"analysis: rollouts/s from a folded, determinized "
        f"state ({setup.p1} vs {setup.p2}, first point, heuristic, 1 core)",
        unit="rollouts/s", value=value,
        baseline_name="play_game of as many heuristic games of the matchup from the start",
        baseline=base, higher_is_better=True, targets=(ROLLOUT_TARGET,))]


def positions_throughput(cfg: Config) -> list[Metric]:
    """``analysis.positions``: see the module docstring."""
    log, catalog, first, n = _first_point(cfg)
    horizon = Params().horizon or BENCH_HORIZON
    truncated = Params(rollouts=n, review=False, horizon=horizon)
    full = Params(rollouts=n, review=False, horizon=0)
    setup = log.header.setup

    def cpu_rate(params: Params) -> float:
        start = time.process_time()
        analyse_point(first, params, catalog)
        return n / (time.process_time() - start)

    value, base = repeat_pair(lambda: cpu_rate(truncated), lambda: cpu_rate(full), cfg.runs)
    return [Metric(
        id="analysis.positions", name=f"analysis: positions scored/s by truncated rollouts "
        f"(horizon {horizon} strikes, then the leaf evaluator) from a folded, determinized "
        f"state ({setup.p1} vs {setup.p2}, first point, heuristic, 1 core, process time)",
        unit="positions/s", value=value,
        baseline_name="full rollouts/s from the same point and worlds (horizon 0)",
        baseline=base, higher_is_better=True, targets=(POSITIONS_TARGET,),
        note="a truncated rollout plays the game only up to the horizon: not a rollout rate")]


POSITIONS_TARGET = Target("ratio", ">=", 3.0, ">= 3x full rollouts/s (issue 31 round 4)")
JITTER_TARGET = Target("value", "<=", 4.0, "<= 4 points (issue 32)")


def jitter(cfg: Config) -> list[Metric]:
    """``analysis.jitter``: the mean absolute change of P1's chance between the two set
    points of one strike, 200 rollouts, over the strikes of the first heuristic sample
    games (``bench.analysis_jitter``: the curve today, one viewer per strike, the first
    setter); baseline: the curve before it (each set point from its decider's information
    set, the strike's shared seeds: the decision reviews' own estimates), on the same
    strikes in the same run; the note gives the first setter's change between those
    (the setter bias). One measurement each: the rollouts are seeded, so the figure is
    exact for the code."""
    count = 2 if cfg.quick else 6
    result = analysis_jitter.measure(analysis_jitter.games(count), ("new", "views"), 200,
                                     JOBS)
    new, views = result["new"], result["views"]
    return [Metric(
        id="analysis.jitter",
        name=f"analysis: mean |change| of P1's chance between the two set points of one "
             f"strike ({new.strikes} strikes of {count} heuristic sample games), 200 rollouts",
        unit="points", value=Sample((new.mean_abs,)),
        baseline_name="the curve before one viewer per strike: each set point from its "
                      "decider's information set, shared seeds",
        baseline=Sample((views.mean_abs,)), higher_is_better=False, exact=True,
        targets=(JITTER_TARGET,),
        note=f"first setter's change between the deciders' own estimates: "
             f"{views.bias:+.2f} ± {views.bias_half:.2f} points (the curve's: 0 by "
             f"construction)")]
