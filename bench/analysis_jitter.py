"""The curve's jitter between the two set points of one strike, and the first setter's
bias (issue 32 item 4).

Between the first and the second attack set in a strike nothing public happens but a
face-down card, yet the curve moved. For every strike of some sample games with both
set points analysed, P1's chance is estimated at both points by two methods:

- ``old``: the curve before issue 31/32: the heuristic agent decides at the point itself,
  each point with its own seeds (``world/<decision>/j``, ``play/<decision>/j``);
- ``views``: the curve before it had one viewer per strike (issue 31/32, up to
  ``curve=setter``): the decision played there is taken, each point from its decider's
  information set, and the two set points share their seeds (``stream``: common random
  numbers); still each decider's own estimate in their decision review (the second
  setter's worlds draw the first setter's face-down attack by inference since issue 32
  item 4; ``bench.setter_bias`` measures the bias with and without it).
- ``new``: the curve today (``replay.analysis.run``): ``views`` at the first set point,
  and the second on the curve at the first setter's value (``rollout.on_curve``: one
  viewer for the strike), so it plays only the first point's rollouts.
- ``old-crn`` (for the bias only): as ``old`` but with the shared seeds, so the change
  between the points is measured on paired random numbers.

Reported: the mean absolute change of P1's chance between the two points, and the mean
change of the first setter's chance (the bias: ``views`` and ``old-crn`` measure it; the
curve's is 0 by construction) with its 95% interval over strikes.

    .venv/bin/python -m bench.analysis_jitter [--games 9] [--rollouts 200] [--jobs 2]
        [--methods old,new,old-crn]
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.config import SAMPLES
from engine import (
    Catalog,
    GameTooLong,
    Player,
    Rng,
    default_catalog,
    derive_seed,
    determinize,
    game_from_state,
    play_on,
    read_game,
)
from replay import workers
from replay.analysis.positions import Point, PointKind, held_points, points
from replay.analysis.rollout import Params, analyse_point, stream

METHODS = ("old", "new", "views", "old-crn")


def games(count: int) -> list[Path]:
    """The first ``count`` heuristic-vs-heuristic sample games by name."""
    return sorted(SAMPLES.glob("*_heuristic-vs-heuristic_*.exlog"))[:count]


def set_pairs(pts: Sequence[Point]) -> list[tuple[int, int]]:
    """(first, second) decision indices of every strike whose two attacks set are both
    points (the same strike count, consecutive strike points, different players)."""
    strikes = [p for p in pts if p.id.kind is PointKind.STRIKE]
    return [(a.id.index, b.id.index) for a, b in itertools.pairwise(strikes)
            if a.id.strike == b.id.strike and a.id.player != b.id.player]


def _heuristic_value(point: Point, rollouts: int, label: str, catalog: Catalog) -> float:
    """P1's chance with the heuristic agent deciding at ``point`` (the old curve), seeds
    from stream ``label``."""
    total = 0.0
    for j in range(rollouts):
        world = determinize(point.state, point.knowledge,
                            Rng(derive_seed(0, f"world/{label}/{j}")), catalog)
        seed = derive_seed(0, f"play/{label}/{j}")
        game = game_from_state(world, point.request, seed, catalog)
        try:
            play_on(game, seed, ("heuristic", "heuristic"), catalog)
        except GameTooLong:
            total += 0.5
            continue
        winner = game.state.winner
        total += 0.5 if winner is None else (1.0 if winner is Player.P1 else 0.0)
    return total / rollouts


def value(point: Point, method: str, rollouts: int, catalog: Catalog) -> float:
    """P1's chance at ``point`` by ``method`` (module docstring)."""
    if method in ("new", "views"):
        return analyse_point(point, Params(rollouts=rollouts, review=False), catalog).p1.p
    label = stream(point) if method == "old-crn" else str(point.id.index)
    return _heuristic_value(point, rollouts, label, catalog)


def _pair(path: str, pair: tuple[int, int], methods: tuple[str, ...], rollouts: int
          ) -> dict[str, tuple[float, float, int]]:
    """Per method: P1's chance at the pair's two points and the first setter."""
    catalog = default_catalog()
    held = held_points(path, catalog)
    a, b = held[pair[0]], held[pair[1]]
    out = {}
    for m in methods:
        first = value(a, m, rollouts, catalog)
        # the curve: the second set point at the first setter's value (rollout.on_curve)
        second = first if m == "new" else value(b, m, rollouts, catalog)
        out[m] = (first, second, int(a.id.player))
    return out


@dataclass(frozen=True)
class Jitter:
    """Over ``strikes``: mean |ΔP1| between the set points and the first setter's mean
    change with its 95% interval (points of win probability)."""

    strikes: int
    mean_abs: float
    bias: float
    bias_half: float


def measure(paths: Sequence[Path], methods: tuple[str, ...], rollouts: int, jobs: int
            ) -> dict[str, Jitter]:
    """The jitter and bias of each method over every set pair of ``paths``."""
    catalog = default_catalog()
    tasks = [(str(path), pair) for path in paths
             for pair in set_pairs(list(points(read_game(path), catalog)))]
    with workers.executor(jobs) as pool:
        futures = [pool.submit(_pair, path, pair, methods, rollouts) for path, pair in tasks]
        rows = [f.result() for f in futures]
    out = {}
    for m in methods:
        changes = [row[m][1] - row[m][0] for row in rows]
        setter = [c if row[m][2] == 0 else -c for c, row in zip(changes, rows, strict=True)]
        sd = statistics.stdev(setter) if len(setter) > 1 else 0.0
        out[m] = Jitter(strikes=len(rows),
                        mean_abs=100 * sum(abs(c) for c in changes) / max(1, len(rows)),
                        bias=100 * statistics.fmean(setter) if setter else 0.0,
                        bias_half=100 * 1.96 * sd / math.sqrt(max(1, len(setter))))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.analysis_jitter")
    parser.add_argument("--games", type=int, default=9)
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--methods", default=",".join(METHODS))
    args = parser.parse_args(argv)
    methods = tuple(m for m in args.methods.split(",") if m)
    bad = [m for m in methods if m not in METHODS]
    if bad or args.games < 1 or args.rollouts < 2:
        parser.error(f"--methods takes {', '.join(METHODS)}; --games >= 1, --rollouts >= 2")
    result = measure(games(args.games), methods, args.rollouts, args.jobs)
    for m, j in result.items():
        print(f"{m}: {j.strikes} strikes, {args.rollouts} rollouts: mean |change| "
              f"{j.mean_abs:.2f} points; first setter's change {j.bias:+.2f} "
              f"(95% ±{j.bias_half:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
