"""Calibration of truncated rollouts (issue 31, ``Params.horizon``) against full ones.

    python -m bench.horizon_calibration [--games 400] [--rollouts 100] [--horizons 0,1,2]
                                        [--jobs 2] [--seed 0]

The first ``--games`` games of ``bench.calibration``'s evaluation set (heuristic vs
heuristic, seeds from 1,000,000, the same pairs and the same random point per game): at
that point P1's chance is estimated with each horizon (0: full rollouts) on the same
seeds, and each estimate is scored against the game's result: Brier score and the
reliability table by decile (``bench.calibration.deciles``), with the mean |difference|
from the full rollouts' estimate. Prints one JSON line per horizon.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

import numpy as np

from bench.calibration import EVAL_SEED, _nan_free, _pairs, brier, calibration_point, deciles
from engine import default_catalog
from replay import workers
from replay.analysis.rollout import Params, analyse_point

Task = tuple[str, str, int, int, tuple[int, ...]]


def _one(task: Task) -> tuple[float, list[float]] | None:
    """(P1 won, P1's chance by each horizon) at the game's calibration point."""
    p1, p2, seed, rollouts, horizons = task
    catalog = default_catalog()
    picked = calibration_point(p1, p2, seed, ("heuristic", "heuristic"), catalog)
    if picked is None:
        return None
    winner, point = picked  # bench.calibration's point
    chances = [analyse_point(point, Params(rollouts=rollouts, seed=seed, review=False,
                                           horizon=h), catalog).p1.p for h in horizons]
    return (1.0 if int(winner) == 0 else 0.0), chances


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.horizon_calibration")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--horizons", default="0,1,2")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    horizons = tuple(int(h) for h in args.horizons.split(","))
    work = [(a, b, s, args.rollouts, horizons)
            for a, b, s in _pairs(args.games, EVAL_SEED + args.seed)]
    with workers.executor(args.jobs) as pool:
        found = [r for r in pool.map(_one, work, chunksize=2) if r is not None]
    y = np.array([r[0] for r in found])
    table = np.array([r[1] for r in found])
    full = table[:, horizons.index(0)] if 0 in horizons else None
    for j, h in enumerate(horizons):
        p = table[:, j]
        print(json.dumps({
            "horizon": h, "games": len(found), "rollouts": args.rollouts,
            "brier": round(brier(p, y), 4),
            "mean_abs_vs_full": None if full is None else round(float(np.mean(np.abs(
                p - full))), 4),
            "deciles": [[label, n, None if m is None else round(m, 3),
                         None if o is None else round(o, 3)]
                        for label, n, m, o in _nan_free(deciles(p, y))]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
