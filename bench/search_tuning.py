"""The search agent's PUCT constants, tuned by regret on positions (issue 32: search
strength).

    python -m bench.search_tuning [--games 30] [--per-game 5] [--truth 200]
                                  [--iterations 128] [--repeats 2] [--jobs 2] [--table N]
                                  [--variant 2.0/0.3 --variant 1.0/0.5 --variant sh ...]

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

A variant ``sh`` is the root's sequential halving (``engine.play.search.halving``)
with the same budget instead of PUCT.

``--table N`` measures the regret against a second truth, **at the real table**: the
sample's true hidden cards (the log is omniscient), each move played N times with both
decks reshuffled (what neither player knows) and the rollout seeds common to the moves;
the information-set truth's regret is printed beside it. It tells whether a choice that
looks good in the worlds drawn from the decider's information set is good at the real
table too.

The truths are cached (``bench/results/search_tuning_truth.json`` and
``search_tuning_table_truth.json``, by position and rollouts a move), so a later run
with other variants costs only their searches.

What it cannot do: the regret rates a search's first move with heuristic play after
it, and it has ranked searches unlike the games (PUCT's exploration 1, the halving:
better here, weaker or no stronger in 200 ladder games; bench/notes.md). Use it to
screen a change, never to accept one.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path

from bench.config import ROOT
from engine import default_catalog, derive_seed, heuristic_policy, inferred, ismcts
from engine.core.decisions import ActionRequest, SetAttackRequest
from engine.core.rng import Rng
from engine.core.state import State
from engine.play.search.halving import halve
from replay.analysis.labels import option_key
from replay.analysis.positions import Point, held_points
from replay.analysis.rollout import Params, option_groups, play_scores, rollout_seeds
from replay.workers import executor

TRUTH = ROOT / "bench" / "results" / "search_tuning_truth.json"
TABLE_TRUTH = ROOT / "bench" / "results" / "search_tuning_table_truth.json"
HALVING = "sh"
CHOICES = ROOT / "bench" / "results" / "search_tuning_choices.json"
SAMPLES = ROOT / "sample_games"

Position = tuple[str, int]
"""A sample log's file name and the point's decision index."""

def _points(name: str) -> dict[int, Point]:
    return held_points(str(SAMPLES / name), default_catalog())


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
    params = Params(rollouts=rollouts, seed=4242)
    worlds, seeds = rollout_seeds(point, params, default_catalog(), range(rollouts))
    return (name, index), *_chances(point, params, worlds, seeds)


def table_truth(task: tuple[Position, int]) -> tuple[Position, dict[str, float], str]:
    """Each move's chance for the decider at the real table (true hidden cards, both
    decks reshuffled) over ``rollouts`` rollouts, and the key of the move played."""
    (name, index), rollouts = task
    point = _points(name)[index]
    worlds: list[State] = []
    for j in range(rollouts):
        world = point.state.copy()
        rng = Rng(derive_seed(777, f"real/{name}/{index}/{j}"))
        for player in world.players:
            player.deck[:] = rng.shuffle(player.deck)
        worlds.append(world)
    seeds = [derive_seed(777, f"play/{name}/{index}/{j}") for j in range(rollouts)]
    return (name, index), *_chances(point, Params(rollouts=rollouts, seed=777), worlds, seeds)


def _chances(point: Point, params: Params, worlds: Sequence[State],
             seeds: Sequence[int]) -> tuple[dict[str, float], str]:
    """Each move's mean score for the decider over ``worlds`` with ``seeds`` (common to
    the moves), and the key of the move played."""
    catalog = default_catalog()
    groups, chosen, keys = option_groups(point, params)
    chances: dict[str, float] = {}
    for key in keys:
        scores = [s for s in play_scores(point, params, catalog, worlds, seeds,
                                         groups[key][0]) if s is not None]
        if scores:
            chances[key] = sum(scores) / len(scores)
    return chances, chosen


Variant = str
"""``exploration/prior`` (PUCT's constants, ``2/0.3``) or ``sh`` (sequential halving)."""


def choose(task: tuple[Position, int, Variant, int]) -> str:
    """The key of the move a variant's search chooses at a position (``repeat``: its
    seed)."""
    (name, index), iterations, variant, repeat = task
    point = _points(name)[index]
    catalog = default_catalog()
    policy = heuristic_policy(catalog)
    draw = inferred(point.seen, policy) if point.seen is not None else None
    seed = derive_seed(91, f"tune/{name}/{index}/{repeat}")
    if variant == HALVING:
        result = halve(point.state, point.knowledge, point.request, iterations, seed,
                       catalog, policy, determinizer=draw)
    else:
        exploration, prior = _constants(variant)
        result = ismcts(point.state, point.knowledge, point.request, iterations, seed,
                        catalog, policy, determinizer=draw, exploration=exploration,
                        prior=prior)
    decision = point.decision if result is None else result.decision
    return option_key(decision, point.state)


def _constants(variant: Variant) -> tuple[float, float]:
    exploration, _, prior = variant.partition("/")
    return float(exploration), float(prior)


def _name(variant: Variant) -> str:
    """The variant as the choices cache names it (``2/0.3``, ``sh``)."""
    if variant == HALVING:
        return HALVING
    exploration, prior = _constants(variant)
    return f"{exploration:g}/{prior:g}"


def _paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return mean, math.sqrt(var / len(diffs))


def _truths(path: Path, where: list[Position], rollouts: int, pool: Executor,
            play: Callable[[tuple[Position, int]], tuple[Position, dict[str, float], str]]
            ) -> dict[str, dict[str, object]]:
    """The cached truth at ``path``, completed for ``where`` by ``play``."""
    cache = json.loads(path.read_text()) if path.exists() else {}
    wanted = [p for p in where if f"{p[0]}#{p[1]}@{rollouts}" not in cache]
    print(f"bench.search_tuning: {len(where)} positions; {path.name}: {len(wanted)} to play",
          file=sys.stderr)
    for (name, index), chances, played in pool.map(play, [(p, rollouts) for p in wanted],
                                                   chunksize=1):
        cache[f"{name}#{index}@{rollouts}"] = {"chances": chances, "played": played}
        path.write_text(json.dumps(cache, indent=0, sort_keys=True))
    return cache


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search_tuning")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--per-game", type=int, default=5)
    parser.add_argument("--truth", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--table", type=int, default=0, metavar="N",
                        help="regret at the real table too, its truth of N rollouts a move")
    parser.add_argument("--variant", action="append", default=[],
                        help="exploration/prior, or sh (default: 2.0/0.3, the agent's)")
    args = parser.parse_args(argv)
    variants = [_name(v) for v in args.variant] or ["2/0.3"]
    where = positions(args.games, args.per_game)
    with executor(args.jobs) as pool:
        cache = _truths(TRUTH, where, args.truth, pool, truth)
        table = _truths(TABLE_TRUTH, where, args.table, pool, table_truth) if args.table else {}
        made = json.loads(CHOICES.read_text()) if CHOICES.exists() else {}

        def named(task: tuple[Position, int, Variant, int]) -> str:
            (name, index), iterations, variant, repeat = task
            return f"{name}#{index}@{iterations}/{variant}/{repeat}"

        tasks = [(p, args.iterations, v, r) for v in variants for p in where
                 for r in range(args.repeats)]
        todo = [t for t in tasks if named(t) not in made]
        print(f"bench.search_tuning: {len(todo)} of {len(tasks)} searches to run",
              file=sys.stderr)
        for key, task in zip(pool.map(choose, todo, chunksize=1), todo, strict=True):
            made[named(task)] = key
            if len(made) % 50 == 0:
                CHOICES.write_text(json.dumps(made, indent=0, sort_keys=True))
        CHOICES.write_text(json.dumps(made, indent=0, sort_keys=True))
        chosen = {v: {(p, r): made[named((p, args.iterations, v, r))] for p in where
                      for r in range(args.repeats)} for v in variants}

    def regret(truths: dict[str, dict[str, object]], position: Position, key: str) -> float:
        entry = truths[f"{position[0]}#{position[1]}@{args.table if truths is table else args.truth}"]
        chances = entry["chances"]
        assert isinstance(chances, dict)
        values = [float(c) for c in chances.values()]
        return 100 * (max(values) - float(chances.get(key, min(values))))

    def played(position: Position) -> str:
        return str(cache[f"{position[0]}#{position[1]}@{args.truth}"]["played"])

    print(f"{len(where)} positions x {args.repeats} repeats, truth {args.truth} rollouts "
          f"a move, search:{args.iterations}")
    for label, truths in [("information set", cache)] + ([("real table", table)] if table else []):
        heuristic = [regret(truths, p, played(p)) for p in where for _ in range(args.repeats)]
        rows = {v: [regret(truths, p, chosen[v][(p, r)]) for p in where
                    for r in range(args.repeats)] for v in variants}
        first = rows[variants[0]]
        print(f"truth {label}: heuristic's regret {sum(heuristic) / len(heuristic):.2f} points")
        for v in variants:
            row = rows[v]
            mean, se = _paired(row, first)
            agree = sum(1 for a, b in zip(row, heuristic, strict=True) if a == b) / len(row)
            print(f"  {v}: regret {sum(row) / len(row):.2f} points; against {variants[0]} "
                  f"{mean:+.2f} +- {se:.2f}; same regret as heuristic {100 * agree:.0f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
