"""The search agent's PUCT constants, tuned by regret on positions (issue 32: search
strength).

    python -m bench.search_tuning [--games 30] [--per-game 5] [--truth 200]
                                  [--iterations 128] [--repeats 2] [--jobs 2]
                                  [--variant 2.0/0.3 --variant 1.0/0.5 ...]

A ladder game of ``search:128`` against heuristic costs about 22 CPU seconds and says
little: telling 72% from 75% takes thousands. A position says more for less. The
positions are the turns' first action choices and the attacks set in the heuristic
sample games (``sample_games``, every ``--per-game``-th point of the first ``--games``
of them, where the search would search and there is more than one move). Each move of
each position is played ``--truth`` times from the decider's information set (the
analysis's worlds and rollout seeds, ``replay.analysis.rollout``: common random numbers
across the moves), which gives each move's chance for the decider. A variant
(``exploration/prior``, PUCT's two constants of ``engine.play.search.tree``) then
searches each position ``--repeats`` times with its own seeds, and its **regret** is the
best move's chance less the chance of the move it chose, averaged over the positions and
repeats (in points; the heuristic agent's regret is that of the move played in the
sample). Each variant is compared with the first, position by position, with a paired
standard error.

The truth is cached (``bench/results/search_tuning_truth.json``, by position and
``--truth``), so a later run with other variants costs only their searches.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence

from bench.config import ROOT
from engine import default_catalog, derive_seed, heuristic_policy, inferred, ismcts
from engine.core.decisions import ActionRequest, SetAttackRequest
from replay.analysis.labels import option_key
from replay.analysis.positions import Point, points
from replay.analysis.rollout import Params, option_groups, play_scores, rollout_seeds
from replay.analysis.run import load
from replay.workers import executor

TRUTH = ROOT / "bench" / "results" / "search_tuning_truth.json"
CHOICES = ROOT / "bench" / "results" / "search_tuning_choices.json"
SAMPLES = ROOT / "sample_games"

Position = tuple[str, int]
"""A sample log's file name and the point's decision index."""

_CACHE: dict[str, dict[int, Point]] = {}


def _points(name: str) -> dict[int, Point]:
    if name not in _CACHE:
        _CACHE.clear()
        log, _ = load(str(SAMPLES / name), default_catalog())
        _CACHE[name] = {p.id.index: p for p in points(log, default_catalog())}
    return _CACHE[name]


def positions(games: int, per_game: int) -> list[Position]:
    """Every ``per_game``-th searchable point of the first ``games`` heuristic samples."""
    found: list[Position] = []
    names = sorted(p.name for p in SAMPLES.glob("*_heuristic-vs-heuristic_*.exlog"))
    for name in names[:games]:
        searchable = [i for i, p in sorted(_points(name).items())
                      if isinstance(p.request, ActionRequest | SetAttackRequest)
                      and len(option_groups(p, Params())[2]) > 1]
        found += [(name, i) for i in searchable[per_game // 2::per_game]]
    return found


def truth(task: tuple[Position, int]) -> tuple[Position, dict[str, float], str]:
    """Each move's chance for the decider at a position over ``rollouts`` rollouts, and
    the key of the move played there."""
    (name, index), rollouts = task
    point = _points(name)[index]
    catalog = default_catalog()
    params = Params(rollouts=rollouts, seed=4242)
    worlds, seeds = rollout_seeds(point, params, catalog, range(rollouts))
    groups, chosen, keys = option_groups(point, params)
    chances: dict[str, float] = {}
    for key in keys:
        scores = [s for s in play_scores(point, params, catalog, worlds, seeds,
                                         groups[key][0]) if s is not None]
        if scores:
            chances[key] = sum(scores) / len(scores)
    return (name, index), chances, chosen


def choose(task: tuple[Position, int, float, float, int]) -> str:
    """The key of the move a variant's search chooses at a position (``repeat``: its
    seed)."""
    (name, index), iterations, exploration, prior, repeat = task
    point = _points(name)[index]
    catalog = default_catalog()
    policy = heuristic_policy(catalog)
    draw = inferred(point.seen, policy) if point.seen is not None else None
    result = ismcts(point.state, point.knowledge, point.request, iterations,
                    derive_seed(91, f"tune/{name}/{index}/{repeat}"), catalog, policy,
                    determinizer=draw, exploration=exploration, prior=prior)
    decision = point.decision if result is None else result.decision
    return option_key(decision, point.state)


def _paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return mean, math.sqrt(var / len(diffs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search_tuning")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--per-game", type=int, default=5)
    parser.add_argument("--truth", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", action="append", default=[],
                        help="exploration/prior (default: 2.0/0.3, the agent's)")
    args = parser.parse_args(argv)
    variants = [(float(v.split("/")[0]), float(v.split("/")[1])) for v in args.variant
                ] or [(2.0, 0.3)]
    where = positions(args.games, args.per_game)
    cache = json.loads(TRUTH.read_text()) if TRUTH.exists() else {}
    wanted = [p for p in where if f"{p[0]}#{p[1]}@{args.truth}" not in cache]
    print(f"bench.search_tuning: {len(where)} positions; truth of {len(wanted)} to play",
          file=sys.stderr)
    with executor(args.jobs) as pool:
        for (name, index), chances, played in pool.map(
                truth, [(p, args.truth) for p in wanted], chunksize=1):
            cache[f"{name}#{index}@{args.truth}"] = {"chances": chances, "played": played}
            TRUTH.write_text(json.dumps(cache, indent=0, sort_keys=True))
        made = json.loads(CHOICES.read_text()) if CHOICES.exists() else {}

        def named(task: tuple[Position, int, float, float, int]) -> str:
            (name, index), iterations, exploration, prior, repeat = task
            return f"{name}#{index}@{iterations}/{exploration:g}/{prior:g}/{repeat}"

        tasks = [(p, args.iterations, e, pr, r) for e, pr in variants for p in where
                 for r in range(args.repeats)]
        todo = [t for t in tasks if named(t) not in made]
        print(f"bench.search_tuning: {len(todo)} of {len(tasks)} searches to run",
              file=sys.stderr)
        for key, task in zip(pool.map(choose, todo, chunksize=1), todo, strict=True):
            made[named(task)] = key
            if len(made) % 50 == 0:
                CHOICES.write_text(json.dumps(made, indent=0, sort_keys=True))
        CHOICES.write_text(json.dumps(made, indent=0, sort_keys=True))
        chosen = {v: {(p, r): made[named((p, args.iterations, *v, r))] for p in where
                      for r in range(args.repeats)} for v in variants}

    def regret(position: Position, key: str) -> float:
        entry = cache[f"{position[0]}#{position[1]}@{args.truth}"]
        chances: dict[str, float] = entry["chances"]
        return 100 * (max(chances.values()) - chances.get(key, min(chances.values())))

    heuristic = [regret(p, cache[f"{p[0]}#{p[1]}@{args.truth}"]["played"])
                 for p in where for _ in range(args.repeats)]
    rows = {v: [regret(p, chosen[v][(p, r)]) for p in where for r in range(args.repeats)]
            for v in variants}
    first = rows[variants[0]]
    print(f"{len(where)} positions x {args.repeats} repeats, truth {args.truth} rollouts "
          f"a move, search:{args.iterations}")
    print(f"heuristic: regret {sum(heuristic) / len(heuristic):.2f} points")
    for v in variants:
        row = rows[v]
        mean, se = _paired(row, first)
        agree = sum(1 for a, b in zip(row, heuristic, strict=True) if a == b) / len(row)
        print(f"exploration {v[0]:g}, prior {v[1]:g}: regret {sum(row) / len(row):.2f} "
              f"points; against the first {mean:+.2f} +- {se:.2f}; "
              f"same regret as heuristic {100 * agree:.0f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
