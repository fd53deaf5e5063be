"""How truncated rollouts (issue 31, ``Params.horizon``) change the analysis's answers.

For each horizon (0: the full rollouts of today), every option of every point of a game
is played on all ``--rollouts`` rollouts with the analysis's own seeds
(``bench.racing_accuracy``'s matrix, with the horizon), keeping each rollout's score and
the process time of each point. From the matrices:

- **curve**: mean and largest |P1's chance − the full rollouts'| over the points (the
  played option's rollouts, as the curve takes them);
- **review**: the race of ``replay.analysis.rollout`` replayed on each matrix (common
  random numbers make the replay exact): where the best option, the label and the swing
  differ from the full rollouts' race, and from the full run (no race, horizon 0); and
  the *regret* of the best option it finds: the full run's estimate of the full run's
  best less its estimate of that option (0 where they agree or the two are as good);
- **precision**: every option the race plays to the end at both horizons, its interval's
  half-width (``rollout.estimate``: for a horizon, the Wilson interval of the effective
  sample) against the full rollouts' at the same option: how many are wider, and the
  median ratio;
- **cost**: rollouts the race plays, process seconds per rollout.

    .venv/bin/python -m bench.horizon_accuracy [--log PATH] [--horizons 0,1,2,3]
                                               [--rollouts 200] [--jobs 2]

Matrices are cached in ``bench/results/horizon_matrix_<stem>_<rollouts>_h<H>.json`` (not
committed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from bench.bench_analysis import median_sample
from bench.racing_accuracy import _verdict, full_rule
from engine import Catalog, Player, default_catalog, read_game
from replay import workers
from replay.analysis.positions import Point, points
from replay.analysis.race import race
from replay.analysis.rollout import Params, estimate, option_groups, play_scores, rollout_seeds

Entry = dict[str, object]


def _point(point: Point, params: Params, catalog: Catalog) -> Entry:
    start = time.process_time()
    worlds, seeds = rollout_seeds(point, params, catalog, range(params.rollouts))
    groups, chosen_key, keys = option_groups(point, params)
    scores = {key: play_scores(point, params, catalog, worlds, seeds,
                               point.decision if key == chosen_key else groups[key][0])
              for key in keys}
    return {"chosen": chosen_key, "options": scores, "player": int(point.id.player),
            "cpu": time.process_time() - start}


def _work(path: str, wanted: int, rollouts: int, horizon: int) -> tuple[int, Entry]:
    catalog = default_catalog()
    params = Params(rollouts=rollouts, horizon=horizon)
    point = next(points(read_game(path), catalog, {wanted}))
    return wanted, _point(point, params, catalog)


def matrix(path: Path, rollouts: int, horizon: int, jobs: int) -> dict[str, Entry]:
    cache = Path("bench/results") / f"horizon_matrix_{path.stem}_{rollouts}_h{horizon}.json"
    if cache.exists():
        loaded: dict[str, Entry] = json.loads(cache.read_text())
        return loaded
    catalog = default_catalog()
    indices = [p.id.index for p in points(read_game(path), catalog)]
    out: dict[int, Entry] = {}
    with workers.executor(jobs) as pool:
        for future in [pool.submit(_work, str(path), i, rollouts, horizon) for i in indices]:
            index, entry = future.result()
            out[index] = entry
    result = {str(k): v for k, v in sorted(out.items())}
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(result))
    return result


def _race(entry: Entry, rollouts: int) -> tuple[tuple[str, float, str], dict[str, int]]:
    options: dict[str, list[float | None]] = entry["options"]  # type: ignore[assignment]
    chosen: str = entry["chosen"]  # type: ignore[assignment]
    result = race(list(options), chosen, lambda k, a, b: options[k][a:b],
                  Params(rollouts=rollouts))
    played = {k: options[k][:n] for k, n in result.played.items()}
    return _verdict(played, chosen, False, result.ranked), result.played


def _mean(scores: Sequence[float | None]) -> float:
    played = [s for s in scores if s is not None]
    return sum(played) / len(played) if played else -1.0


def _p1(entry: Entry) -> float:
    options: dict[str, list[float | None]] = entry["options"]  # type: ignore[assignment]
    row = [s for s in options[str(entry["chosen"])] if s is not None]
    p = sum(row) / len(row) if row else 0.5
    return p if entry["player"] == int(Player.P1) else 1.0 - p


def _half(scores: Sequence[float | None], spread: bool) -> float:
    est = estimate([s for s in scores if s is not None], spread)
    return (est.high - est.low) / 2


def compare(full: dict[str, Entry], trunc: dict[str, Entry], horizon: int,
            rollouts: int) -> dict[str, object]:
    curve = [abs(_p1(trunc[i]) - _p1(full[i])) for i in full]
    best_race = label_race = best_full = label_full = 0
    swings = []
    wider = compared = 0
    ratios = []
    played_total = 0
    regrets: list[float] = []
    for i in full:
        ref, ref_played = _race(full[i], rollouts)
        got, got_played = _race(trunc[i], rollouts)
        opts: dict[str, list[float | None]] = full[i]["options"]  # type: ignore[assignment]
        no_race = _verdict(opts, str(full[i]["chosen"]), True,
                           full_rule(opts, str(full[i]["chosen"])).ranked)
        full_means = {k: _mean(v) for k, v in opts.items()}
        regret = max(full_means.values()) - full_means[got[0]]
        regrets.append(regret)
        best_race += int(got[0] != ref[0])
        label_race += int(got[2] != ref[2])
        best_full += int(got[0] != no_race[0])
        label_full += int(got[2] != no_race[2])
        swings.append(abs(got[1] - ref[1]))
        played_total += sum(got_played.values())
        topts: dict[str, list[float | None]] = trunc[i]["options"]  # type: ignore[assignment]
        for key, n in got_played.items():
            if n < rollouts or ref_played.get(key, 0) < rollouts:
                continue
            a = _half(topts[key], horizon > 0)
            b = _half(opts[key], False)
            if b <= 0:
                continue
            compared += 1
            wider += int(a > b + 1e-12)
            ratios.append(a / b)
    cpu = 0.0
    cells = 0
    for e in trunc.values():
        cpu += float(e["cpu"])  # type: ignore[arg-type]
        row: dict[str, list[float | None]] = e["options"]  # type: ignore[assignment]
        cells += sum(len(v) for v in row.values())
    return {"horizon": horizon, "points": len(full),
            "curve_mean_abs": statistics.fmean(curve), "curve_max_abs": max(curve),
            "best_vs_race": best_race, "label_vs_race": label_race,
            "best_vs_full_run": best_full, "label_vs_full_run": label_full,
            "swing_mean_abs": statistics.fmean(swings), "race_rollouts": played_total,
            "regret_mean": statistics.fmean(regrets), "regret_max": max(regrets),
            "regret_over_5_points": sum(1 for r in regrets if r >= 0.05),
            "halfwidth_compared": compared, "halfwidth_wider": wider,
            "halfwidth_median_ratio": statistics.median(ratios) if ratios else float("nan"),
            "cpu_ms_per_rollout": 1000 * cpu / cells}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.horizon_accuracy")
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--horizons", default="0,1,2,3")
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    path = args.log if args.log is not None else median_sample()
    horizons = [int(h) for h in args.horizons.split(",")]
    full = matrix(path, args.rollouts, 0, args.jobs)
    print(f"{path.stem}: {len(full)} points, {args.rollouts} rollouts")
    for h in horizons:
        row = compare(full, matrix(path, args.rollouts, h, args.jobs), h, args.rollouts)
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
