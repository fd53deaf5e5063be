"""How much the decision review's racing changes its answers (issue 31).

Every option of every point of a game is played on all ``--rollouts`` rollouts (no
racing: the "full run"), with the analysis's own seeds (``replay.analysis.rollout``), and
the scores are kept per rollout. Because the review uses common random numbers, an
option's score on rollout ``j`` is the same whether it is played in a race or in the full
run, so any racing rule can be replayed on this matrix exactly: the script reports, for
the old rule (every option on 25, the 4 best and the played one on all) and for the rule
of ``replay.analysis.rollout`` today, how many rollouts each plays, how often the best
option and the label differ from the full run's, and the mean absolute difference of
the swings.

    .venv/bin/python -m bench.racing_accuracy [--log PATH] [--rollouts 200] [--jobs 2]

The matrix is cached beside the results (``bench/results/racing_matrix_<stem>.json``;
not committed) so a second run only evaluates.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.bench_analysis import median_sample
from engine import Catalog, default_catalog, read_game
from replay import workers
from replay.analysis.positions import Point, points
from replay.analysis.race import Race, race
from replay.analysis.rollout import Params, option_groups, play_scores, rollout_seeds
from replay.analysis.verdict import classify, paired_test

Matrix = dict[str, dict[str, object]]
"""Per point index: ``chosen`` key, ``options`` {key: [score or None per rollout]}."""


def _point_matrix(point: Point, params: Params, catalog: Catalog) -> dict[str, object]:
    worlds, seeds = rollout_seeds(point, params, catalog, range(params.rollouts))
    groups, chosen_key, keys = option_groups(point, params)
    scores = {key: play_scores(point, params, catalog, worlds, seeds,
                               point.decision if key == chosen_key else groups[key][0])
              for key in keys}
    return {"chosen": chosen_key, "options": scores}


def _work(path: str, wanted: list[int], rollouts: int) -> dict[int, dict[str, object]]:
    catalog = default_catalog()
    params = Params(rollouts=rollouts)
    return {p.id.index: _point_matrix(p, params, catalog)
            for p in points(read_game(path), catalog, set(wanted))}


def matrix(path: Path, rollouts: int, jobs: int) -> Matrix:
    """The full run's scores, computed once and cached."""
    cache = Path("bench/results") / f"racing_matrix_{path.stem}_{rollouts}.json"
    if cache.exists():
        loaded: Matrix = json.loads(cache.read_text())
        return loaded
    catalog = default_catalog()
    indices = [p.id.index for p in points(read_game(path), catalog)]
    out: dict[int, dict[str, object]] = {}
    with workers.executor(jobs) as pool:
        futures = [pool.submit(_work, str(path), [i], rollouts) for i in indices]
        for future in futures:
            out.update(future.result())
    result = {str(k): v for k, v in sorted(out.items())}
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(result))
    return result


def _verdict(scores: dict[str, list[float | None]], chosen: str, full: bool,
             ranked: Sequence[str]) -> tuple[str, float, str]:
    """(best key, swing, severity) of a review whose options played ``scores``."""
    best = ranked[0]
    if best == chosen:
        return best, 0.0, ""
    diffs = [b - c for b, c in zip(scores[best], scores[chosen], strict=False)
             if b is not None and c is not None]
    compared = sum(1 for k, v in scores.items() if k != chosen and any(s is not None for s in v))
    test = paired_test(diffs, compared)
    return best, test.swing, classify(test.swing, test.significant, test.n).value


def _mean(xs: Sequence[float | None]) -> float:
    played = [x for x in xs if x is not None]
    return sum(played) / len(played) if played else -1.0


def replay_rule(m: Matrix, rule: Callable[[dict[str, list[float | None]], str], Race]
                ) -> dict[str, tuple[str, float, str, int]]:
    """Per point: best, swing, severity and rollouts played under ``rule``."""
    out = {}
    for index, entry in m.items():
        options: dict[str, list[float | None]] = entry["options"]  # type: ignore[assignment]
        chosen: str = entry["chosen"]  # type: ignore[assignment]
        result = rule(options, chosen)
        played = {k: options[k][:n] for k, n in result.played.items()}
        best, swing, severity = _verdict(played, chosen, False, result.ranked)
        out[index] = (best, swing, severity, sum(result.played.values()))
    return out


def full_rule(options: dict[str, list[float | None]], chosen: str) -> Race:
    n = len(next(iter(options.values())))
    ranked = sorted(options, key=lambda k: (-_mean(options[k]), k != chosen))
    return Race(played={k: n for k in options}, ranked=tuple(ranked), cut=frozenset())


def old_rule(options: dict[str, list[float | None]], chosen: str, screen: int = 25,
             finalists: int = 4) -> Race:
    n = len(next(iter(options.values())))
    keys = list(options)
    first = min(screen, n) if len(keys) > finalists + 1 else n
    played = {k: first for k in keys}
    if first < n:
        ranked = sorted(keys, key=lambda k: -_mean(options[k][:first]))
        final = ranked[:finalists] + ([chosen] if chosen not in ranked[:finalists] else [])
        for k in final:
            played[k] = n
    order = sorted(keys, key=lambda k: (-_mean(options[k][:played[k]]), k != chosen,
                                        -played[k]))
    return Race(played=played, ranked=tuple(order), cut=frozenset())


def new_rule(options: dict[str, list[float | None]], chosen: str) -> Race:
    n = len(next(iter(options.values())))
    return race(list(options), chosen, lambda k, a, b: options[k][a:b], Params(rollouts=n))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.racing_accuracy")
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    path = args.log if args.log is not None else median_sample()
    m = matrix(path, args.rollouts, args.jobs)
    full = replay_rule(m, full_rule)
    print(f"{path.stem}: {len(m)} points, {args.rollouts} rollouts")
    for name, rule in (("full", full_rule), ("old (screen 25, 4 finalists)", old_rule),
                       ("new (racing, docs/metrics.md)", new_rule)):
        got = replay_rule(m, rule)
        best_diff = sum(1 for i in m if got[i][0] != full[i][0])
        label_diff = sum(1 for i in m if got[i][2] != full[i][2])
        mad = sum(abs(got[i][1] - full[i][1]) for i in m) / len(m)
        cost = sum(g[3] for g in got.values())
        if rule is old_rule:  # it played the curve apart: 200 more per point
            cost += args.rollouts * len(m)
        print(f"{name}: {cost} rollouts with the curve's; best differs at {best_diff}, label at "
              f"{label_diff}; mean |swing - full swing| = {100 * mad:.2f} points")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
