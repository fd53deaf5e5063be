"""Calibration of the win-probability estimates, published in ``docs/analysis.md``.

    python -m bench.calibration [--agents A,B] [--games 2000] [--rollouts 100] [--jobs 2]
                                [--seed 0] [--train-games N] [--note TEXT] [--no-write]

Two sets of games between seeded random ordered pairs of every fighter, on seeds no
other part of the project uses (so none of them was looked at while the analysis was
built):

- the **baseline's training set** (``--train-games`` heuristic-vs-heuristic games, by
  default as many as ``--games``, seeds from 2,000,000): at one point per game (chosen
  at random among its turn starts and attacks set) the life difference and the
  difference in cards in hand (P1 less P2) are taken with the game's result, and a
  logistic model ``P(P1 wins) = σ(a + b·life + c·hand)`` is fitted to them
  (Newton-Raphson);
- the **evaluation set** (``--games`` games of ``--agents``, seeds from 1,000,000): at
  one random point per game, the analysis's estimate of P1's win probability
  (``--rollouts`` rollouts from the deciding player's information set,
  ``replay.analysis.rollout``) and the baseline's prediction are compared with the
  game's result. With two different agents (``--agents search:32,heuristic``) every seed
  is played twice, the seats swapped, so each agent is P1 in half of the games.

Reported: the Brier score of each (and of always predicting the evaluation set's P1 win
rate), and the reliability table by decile of the predicted probability (predictions in
[0, 0.1), ..., [0.9, 1]: count, mean prediction, observed P1 win rate). The run is
appended to ``bench/results/calibration.json``, and ``docs/analysis.md`` is rewritten
with every kept run (``bench.calibration_doc``), the older ones beside the newest.
"""

from __future__ import annotations

import argparse
import datetime
import io
import math
import random
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass

import numpy as np

from bench import calibration_doc
from bench.config import ROOT
from engine import Catalog, GameSetup, Player, agent_problem, default_catalog, read_game_bytes
from engine.recording.record import record_game
from replay import workers
from replay.analysis.positions import Point, points
from replay.analysis.rollout import Params, analyse_point

EVAL_SEED = 1_000_000
TRAIN_SEED = 2_000_000


@dataclass(frozen=True)
class Sample:
    """One game's point: its features, the predictions and the result (1: P1 won)."""

    p1: str
    p2: str
    seed: int
    life: int
    hand: int
    predicted: float
    won: float


Task = tuple[str, str, int, int, bool, tuple[str, str]]
"""(p1, p2, seed, rollouts, estimate, (p1's agent, p2's agent)): one game to play."""


def _pairs(count: int, seed: int) -> list[tuple[str, str, int]]:
    chars = default_catalog().character_ids()
    rng = random.Random(f"calibration-{seed}")
    return [(rng.choice(chars), rng.choice(chars), seed + i) for i in range(count)]


def tasks(count: int, seed: int, rollouts: int, estimate: bool,
          agents: tuple[str, str]) -> list[Task]:
    """``count`` games; with two different agents, ``count // 2`` seeds played twice, the
    seats swapped (the first agent is P1 in the even games)."""
    first, second = agents
    if first == second:
        return [(a, b, s, rollouts, estimate, agents) for a, b, s in _pairs(count, seed)]
    return [(a, b, s, rollouts, estimate, seats)
            for a, b, s in _pairs(count // 2, seed)
            for seats in ((first, second), (second, first))]


def calibration_point(p1: str, p2: str, seed: int, agents: tuple[str, str],
                      catalog: Catalog) -> tuple[Player, Point] | None:
    """Play game ``seed`` of ``p1`` vs ``p2`` and pick its calibration point: (the
    winner, one point drawn by the seed); None for an unfinished game or one with no
    point. ``bench.horizon_calibration`` picks the same points."""
    stream = io.BytesIO()
    game = record_game(GameSetup(p1=p1, p2=p2), seed, stream, agents, catalog)
    winner = game.state.winner
    if winner is None:
        return None
    log = read_game_bytes(stream.getvalue(), f"{p1}-vs-{p2}_{seed}")
    found = list(points(log, catalog))
    if not found:
        return None
    return winner, found[random.Random(seed).randrange(len(found))]


def _one(task: Task) -> Sample | None:
    """Play game ``seed`` of ``p1`` vs ``p2``, pick one point, estimate it if asked."""
    p1, p2, seed, rollouts, estimate, agents = task
    catalog = default_catalog()
    picked = calibration_point(p1, p2, seed, agents, catalog)
    if picked is None:
        return None
    winner, point = picked
    players = point.state.players
    predicted = -1.0
    if estimate:
        result = analyse_point(point, Params(rollouts=rollouts, seed=seed, review=False),
                               catalog)
        predicted = result.p1.p
    return Sample(p1=p1, p2=p2, seed=seed, life=players[0].life - players[1].life,
                  hand=len(players[0].hand) - len(players[1].hand), predicted=predicted,
                  won=1.0 if int(winner) == 0 else 0.0)


def _run(work: list[Task], jobs: int) -> list[Sample]:
    with workers.executor(jobs) as pool:
        return [s for s in pool.map(_one, work, chunksize=4) if s is not None]


def fit_logistic(x: np.ndarray, y: np.ndarray, steps: int = 50) -> np.ndarray:
    """Logistic regression weights (intercept first) by Newton-Raphson."""
    design = np.column_stack([np.ones(len(x)), x])
    w = np.zeros(design.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-design @ w))
        grad = design.T @ (y - p)
        hess = design.T @ (design * (p * (1 - p))[:, None]) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w = w + step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return w


def predict(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    result: np.ndarray = 1 / (1 + np.exp(-(np.column_stack([np.ones(len(x)), x]) @ w)))
    return result


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((p - y) ** 2))


def deciles(p: np.ndarray, y: np.ndarray) -> list[tuple[str, int, float, float]]:
    """(bin, count, mean prediction, observed rate) for predictions in tenths."""
    rows = []
    bins = np.minimum((p * 10).astype(int), 9)
    for b in range(10):
        mask = bins == b
        n = int(mask.sum())
        label = f"{b / 10:.1f}–{(b + 1) / 10:.1f}"
        rows.append((label, n, float(p[mask].mean()) if n else math.nan,
                     float(y[mask].mean()) if n else math.nan))
    return rows


def _agents(text: str) -> tuple[str, str]:
    """``A,B`` (or one name for both seats), each checked by ``agent_problem``."""
    names = [name.strip() for name in text.split(",")]
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"--agents {text!r}: give one agent or two, A,B")
    for name in names:
        problem = agent_problem(name)
        if problem:
            raise argparse.ArgumentTypeError(problem)
    return names[0], names[1]


def _commit(*paths: str) -> str:
    """The short commit of HEAD (or of the last change to ``paths``), ``+`` if dirty."""
    try:
        head = subprocess.run(["git", "log", "-1", "--format=%h", "--", *paths], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", *(paths or (".",))],
                               cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.calibration")
    parser.add_argument("--agents", type=_agents, default=("heuristic", "heuristic"),
                        help="the evaluation games' agents, A,B (default heuristic)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--train-games", type=int, default=None)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--note", default="", help="a sentence kept with the run")
    parser.add_argument("--no-write", action="store_true",
                        help="print only; keep no run and leave the doc alone")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    commit, agent_version = _commit(), _commit("engine/play")  # the code that plays the run
    train_games = args.games if args.train_games is None else args.train_games
    train = _run(tasks(train_games, TRAIN_SEED + args.seed, 0, False,
                       ("heuristic", "heuristic")), args.jobs)
    evaluation = _run(tasks(args.games, EVAL_SEED + args.seed, args.rollouts, True,
                            args.agents), args.jobs)
    seconds = time.perf_counter() - started
    xt = np.array([[s.life, s.hand] for s in train], dtype=float)
    yt = np.array([s.won for s in train])
    w = fit_logistic(xt, yt)
    xe = np.array([[s.life, s.hand] for s in evaluation], dtype=float)
    ye = np.array([s.won for s in evaluation])
    roll = np.array([s.predicted for s in evaluation])
    base = predict(w, xe)
    rate = float(ye.mean())
    scores = {"rollouts": brier(roll, ye), "baseline": brier(base, ye),
              "base rate": brier(np.full(len(ye), rate), ye)}
    first, second = args.agents
    command = "python -m bench.calibration " + shlex.join(argv if argv is not None
                                                          else sys.argv[1:])
    run = {"set": f"{first} vs {second}", "agents": [first, second],
           "date": datetime.date.today().isoformat(), "commit": commit,
           "agent_version": agent_version, "command": command.strip(),
           "seconds": round(seconds), "jobs": args.jobs, "note": args.note,
           "evaluated": len(evaluation), "eval_seed": EVAL_SEED + args.seed,
           "trained": len(train), "train_seed": TRAIN_SEED + args.seed,
           "train_set": "heuristic vs heuristic", "rollouts": args.rollouts,
           "weights": [float(x) for x in w], "rate": rate, "brier": scores,
           "deciles": {"rollouts": [list(r) for r in _nan_free(deciles(roll, ye))],
                       "baseline": [list(r) for r in _nan_free(deciles(base, ye))]}}
    if not args.no_write:
        calibration_doc.write(calibration_doc.store(run))
    print(f"brier: rollouts {scores['rollouts']:.4f}, baseline {scores['baseline']:.4f}, "
          f"base rate {scores['base rate']:.4f}; {len(evaluation)} evaluation games of "
          f"{run['set']}; {seconds:.0f} s"
          + ("" if args.no_write else f"; wrote {calibration_doc.DOC.relative_to(ROOT)}"))
    return 0


def _nan_free(rows: list[tuple[str, int, float, float]]
              ) -> list[tuple[str, int, float | None, float | None]]:
    """JSON has no NaN: an empty decile's means are kept as null."""
    return [(label, n, None if math.isnan(m) else m, None if math.isnan(o) else o)
            for label, n, m, o in rows]


if __name__ == "__main__":
    raise SystemExit(main())
