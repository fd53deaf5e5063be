"""A/B of rollout throughput: the same rollouts on two source trees, same run (issue 31).

Plays the ``analysis.rollouts`` rollouts (``replay.analysis.rollout.analyse_point`` from
the first point of a sample game: determinized folded states, heuristic agents, one core)
in child processes that alternate between tree A (the pre-change code, by default
``/work/wt/before``, tag ``speed3-before``) and tree B (this tree), each child importing
only its own tree (``PYTHONPATH``) and reading the sample from its own ``sample_games/``.
Each child times its rollouts in process time after a warm-up and prints rollouts/s;
this prints every run, the medians and the ratio B / A. ``--random-games`` times random
Ryu vs Ken games instead (the ``engine.random`` row's games), the same way.

    .venv/bin/python -m bench.ab_rollouts [--before DIR] [--rounds 5] [--rollouts 150]
                                          [--sample NAME.exlog] [--random-games]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
DEFAULT_BEFORE = Path("/work/wt/before")

RANDOM_CHILD = """
import sys, time
from engine import GameSetup, default_catalog, play_game
catalog = default_catalog()
setup = GameSetup(p1="ryu", p2="ken")
n = int(sys.argv[2])
for seed in range(max(10, n // 10)):  # warm-up
    play_game(setup, seed, ("random", "random"), catalog)
start = time.process_time()
for seed in range(n):
    play_game(setup, seed, ("random", "random"), catalog)
print(n / (time.process_time() - start), n)
"""

CHILD = """
import sys, time
from pathlib import Path
from engine import default_catalog, read_game
from replay.analysis.positions import points
from replay.analysis.rollout import Params, analyse_point
catalog = default_catalog()
log = read_game(Path("sample_games") / sys.argv[1])
first = next(points(log, catalog))
n = int(sys.argv[2])
analyse_point(first, Params(rollouts=max(10, n // 10), review=False), catalog)  # warm-up
start = time.process_time()
result = analyse_point(first, Params(rollouts=n, review=False), catalog)
seconds = time.process_time() - start
print(n / seconds, result.p1.n)
"""


def median_sample(tree: Path) -> str:
    """The ``analysis.rollouts`` row's sample: the median-length sample game of ``tree``."""
    out = _run(tree, "from bench.bench_analysis import median_sample; "
                     "print(median_sample().name)")
    return out.strip()


def _run(tree: Path, code: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=tree, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        raise SystemExit(f"ab_rollouts: the child in {tree} failed: {tail[0]}")
    return done.stdout


def rollouts_per_second(tree: Path, sample: str, rollouts: int,
                        random_games: bool = False) -> tuple[float, int]:
    """Rollouts (or, ``random_games``, random Ryu vs Ken games) per second in ``tree``."""
    rate, played = _run(tree, RANDOM_CHILD if random_games else CHILD, sample,
                        str(rollouts)).split()
    return float(rate), int(played)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, default=DEFAULT_BEFORE,
                        help="tree A, the old code (default: %(default)s)")
    parser.add_argument("--after", type=Path, default=HERE, help="tree B (default: this tree)")
    parser.add_argument("--rounds", type=int, default=5, help="A/B pairs (default: 5)")
    parser.add_argument("--rollouts", type=int, default=150,
                        help="rollouts per child (default: 150)")
    parser.add_argument("--sample", help="sample game file name (default: the median one)")
    parser.add_argument("--random-games", action="store_true",
                        help="time random Ryu vs Ken games (engine.random) instead, "
                             "--rollouts of them per run")
    args = parser.parse_args(argv)
    for tree in (args.before, args.after):
        if not (tree / "engine").is_dir() or not (tree / "sample_games").is_dir():
            print(f"ab_rollouts: {tree} is not a source tree (no engine/ or sample_games/)",
                  file=sys.stderr)
            return 2
    if args.rounds < 1 or args.rollouts < 1:
        print("ab_rollouts: --rounds and --rollouts must be at least 1", file=sys.stderr)
        return 2
    sample = args.sample or median_sample(args.after)
    for tree in (args.before, args.after):
        if not (tree / "sample_games" / sample).is_file():
            print(f"ab_rollouts: {tree / 'sample_games' / sample} does not exist",
                  file=sys.stderr)
            return 2
    what = (f"{args.rollouts} random Ryu vs Ken games per run" if args.random_games else
            f"{sample}: first point, {args.rollouts} heuristic rollouts per run")
    print(f"{what}, A = {args.before}, B = {args.after}")
    unit = "games/s" if args.random_games else "rollouts/s"
    before: list[float] = []
    after: list[float] = []
    for i in range(args.rounds):
        pair = [(args.before, before), (args.after, after)]
        if i % 2:
            pair.reverse()  # alternate which tree runs first
        for tree, rates in pair:
            rate, played = rollouts_per_second(tree, sample, args.rollouts,
                                               args.random_games)
            rates.append(rate)
            label = "A" if tree == args.before else "B"
            print(f"  round {i + 1} {label}: {rate:8.1f} {unit} ({played} played)")
    a, b = statistics.median(before), statistics.median(after)
    ratios = [y / x for x, y in zip(before, after, strict=True)]
    print(f"median A {a:.1f} {unit}, median B {b:.1f} {unit}, "
          f"ratio B/A {b / a:.2f} (per round: {', '.join(f'{r:.2f}' for r in ratios)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
