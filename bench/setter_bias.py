"""The first setter's bias between a strike's two set points, at a size that resolves
one point (issue 32 item 4).

Between the first and the second attack set in a strike nothing public happens but a
face-down card. Each setter's own estimate of P1's chance (the decision review's, from
the decider's information set, ``replay.analysis.rollout.analyse_point``) is taken at
both points with common random numbers: the strike's shared seeds (``stream``:
``strike/<k>``, the same determinization seeds and rollout seeds). The *bias* is the
mean change of the first setter's chance from their own estimate at the first point to
the second setter's estimate at the second, over strikes, with its 95% interval; a
second setter whose worlds draw the first setter's face-down attack blindly (uniformly
among what is possible, though its owner chose it) is expected to rate it lower.

Methods of the second point (the first point is the same for both: no face-down
attack of the first setter's opponent lies on the table there):

- ``uniform``: ``engine.determinize`` as the analysis drew it before inference;
- ``infer``: the face-down set attack weighted by how likely the opponent's policy was
  to set it (``engine.play.search.inference``, ``Params.infer``).

The games are fresh heuristic-vs-heuristic games on seeds from 3,000,000 (no other
part of the project uses them): ordered matchups with a p1 from each of the four lines
in turn and a p2 from any line (seeded), recorded in memory. Every finished game is
appended to a journal (``--journal``, default in ``/tmp``) and a later run reuses the
values there (a method added later plays only the second points). Every rollout is
seeded: the figures do not depend on ``--jobs`` or the load.

    nice .venv/bin/python -m bench.setter_bias [--games 59] [--rollouts 200] [--jobs 2]
        [--methods uniform,infer] [--journal /tmp/setter_bias.jsonl] [--report]
    nice .venv/bin/python -m bench.setter_bias --cost 2 --rollouts 50   # time, not bias
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.analysis_jitter import set_pairs
from engine import Season, default_catalog, read_game, read_game_bytes
from engine.cards.seasons import roster
from engine.play.api import GameSetup
from engine.recording.record import record_game
from replay import workers
from replay.analysis.positions import points
from replay.analysis.rollout import Params, analyse_point

METHODS = ("uniform", "infer")
FIRST_SEED = 3_000_000
JOURNAL = Path("/tmp/setter_bias.jsonl")
Z95 = 1.959963984540054


def matchups(count: int) -> list[tuple[str, str, int]]:
    """``count`` games: (p1, p2, seed), p1 from each line in turn, p2 from any line."""
    catalog = default_catalog()
    lines = [roster(catalog, season) for season in Season]
    everyone = sorted({fighter for line in lines for fighter in line})
    rng = random.Random("bench.setter_bias matchups")
    return [(rng.choice(lines[i % len(lines)]), rng.choice(everyone), FIRST_SEED + i)
            for i in range(count)]


def _game(task: tuple[str, str, int, int, tuple[str, ...], bool]) -> Row:
    """Play game ``seed`` and estimate every set pair by the methods asked (and the
    first point unless it is known)."""
    p1, p2, seed, rollouts, methods, first_too = task
    catalog = default_catalog()
    stream = io.BytesIO()
    record_game(GameSetup(p1=p1, p2=p2), seed, stream, ("heuristic", "heuristic"), catalog)
    log = read_game_bytes(stream.getvalue(), f"{p1}-vs-{p2}_{seed}")
    pts = {p.id.index: p for p in points(log, catalog)}
    pairs = set_pairs(list(pts.values()))
    values: dict[str, list[float]] = {m: [] for m in methods}
    if first_too:
        values["first"] = []
    setters: list[int] = []
    for a, b in pairs:
        setters.append(int(pts[a].id.player))
        if first_too:
            values["first"].append(analyse_point(
                pts[a], Params(rollouts=rollouts, review=False), catalog).p1.p)
        for m in methods:
            params = Params(rollouts=rollouts, review=False, infer=m == "infer")
            values[m].append(analyse_point(pts[b], params, catalog).p1.p)
    return {"p1": p1, "p2": p2, "seed": seed, "rollouts": rollouts, "pairs": pairs,
            "setter": setters, "values": values}


Row = dict[str, Any]
"""One journal line: p1, p2, seed, rollouts, pairs, setter (0: P1 set first), values
(per method, and ``first``: P1's chance at each pair's points)."""


def _load(journal: Path, rollouts: int) -> dict[int, Row]:
    """The journal's games at ``rollouts``, merged by seed (a torn last line ignored)."""
    out: dict[int, Row] = {}
    if not journal.exists():
        return out
    for line in journal.read_text().splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(row, dict) or row.get("rollouts") != rollouts:
            continue
        seen = out.setdefault(row["seed"], row)
        if seen is not row:
            seen["values"].update(row["values"])
    return out


@dataclass(frozen=True)
class Bias:
    """Over ``strikes``: the first setter's mean change (points) and its 95% half-width."""

    strikes: int
    mean: float
    half: float

    def __str__(self) -> str:
        return (f"{self.strikes} strikes: {self.mean:+.2f} points "
                f"(95% {self.mean - self.half:+.2f} to {self.mean + self.half:+.2f})")


def bias(changes: Sequence[float]) -> Bias:
    """Mean and 95% half-width of ``changes`` (fractions) in points."""
    sd = statistics.stdev(changes) if len(changes) > 1 else 0.0
    return Bias(strikes=len(changes), mean=100 * statistics.fmean(changes) if changes else 0.0,
                half=100 * Z95 * sd / math.sqrt(max(1, len(changes))))


def _setter_changes(rows: Sequence[Row], later: str, earlier: str) -> list[float]:
    """Per strike, ``later`` less ``earlier`` for the first setter (rows having both)."""
    out = []
    for row in rows:
        vals = row["values"]
        if later not in vals or earlier not in vals:
            continue
        for i, who in enumerate(row["setter"]):
            change = vals[later][i] - vals[earlier][i]
            out.append(change if who == 0 else -change)
    return out


def measure(count: int, rollouts: int, methods: tuple[str, ...], jobs: int,
            journal: Path, play: bool = True) -> dict[str, Bias]:
    """Play what the journal lacks (unless not ``play``), then the bias of each method
    over the games that have it, and ``infer-uniform``: inference less the uniform draw
    at the second point, for the first setter (what inference changes, paired seeds)."""
    done = _load(journal, rollouts)
    tasks = []
    for p1, p2, seed in matchups(count):
        have = done.get(seed, {}).get("values", {})
        missing = tuple(m for m in methods if m not in have)
        if missing or "first" not in have:
            tasks.append((p1, p2, seed, rollouts, missing, "first" not in have))
    if play and tasks:
        with workers.executor(jobs) as pool, journal.open("a") as out:
            for row in pool.map(_game, tasks):
                out.write(json.dumps(row) + "\n")
                out.flush()
    done = _load(journal, rollouts)
    rows = [done[seed] for _, _, seed in matchups(count) if seed in done]
    result = {m: bias(_setter_changes(rows, m, "first")) for m in methods}
    if all(m in methods for m in METHODS):
        both = [r for r in rows if all(m in r["values"] for m in METHODS)]
        result["infer-uniform"] = bias(_setter_changes(both, "infer", "uniform"))
        result["uniform (same games)"] = bias(_setter_changes(both, "uniform", "first"))
    return result


def cost(count: int, rollouts: int) -> dict[str, float]:
    """Seconds per world drawn uniformly and by inference, and per rollout (the played
    decision, heuristic play), at the second set points of the first ``count``
    heuristic sample games (CPU time of one process, so the load changes little)."""
    from bench.analysis_jitter import games
    from replay.analysis.rollout import play_scores, rollout_seeds

    catalog = default_catalog()
    spent = {"uniform": 0.0, "infer": 0.0, "rollout": 0.0}
    worlds = played = 0
    for path in games(count):
        for point in points(read_game(path), catalog):
            if point.seen is None:
                continue
            for infer in (False, True):
                start = time.process_time()
                drawn, seeds = rollout_seeds(point, Params(rollouts=rollouts, infer=infer),
                                             catalog, range(rollouts))
                spent["infer" if infer else "uniform"] += time.process_time() - start
            start = time.process_time()
            play_scores(point, Params(), catalog, drawn, seeds, point.decision)
            spent["rollout"] += time.process_time() - start
            worlds += rollouts
            played += rollouts
    return {"uniform world": spent["uniform"] / max(1, worlds),
            "inferred world": spent["infer"] / max(1, worlds),
            "rollout": spent["rollout"] / max(1, played)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.setter_bias")
    parser.add_argument("--games", type=int, default=59)
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--methods", default=",".join(METHODS))
    parser.add_argument("--journal", type=Path, default=JOURNAL)
    parser.add_argument("--cost", type=int, default=0, metavar="GAMES",
                        help="instead: time worlds and rollouts at the second set points "
                             "of that many sample games")
    parser.add_argument("--report", action="store_true",
                        help="only report the games the journal holds; play none")
    args = parser.parse_args(argv)
    methods = tuple(m for m in args.methods.split(",") if m)
    bad = [m for m in methods if m not in METHODS]
    if bad or not methods or args.games < 1 or args.rollouts < 2:
        parser.error(f"--methods takes {', '.join(METHODS)}; --games >= 1, --rollouts >= 2")
    if args.cost:
        for name, seconds in cost(args.cost, args.rollouts).items():
            print(f"{name}: {1000 * seconds:.2f} ms")
        return 0
    for name, b in measure(args.games, args.rollouts, methods, args.jobs,
                           args.journal, play=not args.report).items():
        print(f"{name}: {args.rollouts} rollouts, first setter's change over {b}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
