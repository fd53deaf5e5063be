"""Calibration of the win-probability estimates, published in ``docs/analysis.md``.

    python -m bench.calibration [--games 2000] [--rollouts 100] [--jobs 2] [--seed 0]

Two sets of heuristic-vs-heuristic games between seeded random ordered pairs of every
fighter, on seeds no other part of the project uses (so none of them was looked at while
the analysis was built):

- the **baseline's training set** (``--games`` games, seeds from 2,000,000): at one
  point per game (chosen at random among its turn starts and attacks set) the life
  difference and the difference in cards in hand (P1 less P2) are taken with the game's
  result, and a logistic model ``P(P1 wins) = σ(a + b·life + c·hand)`` is fitted to them
  (Newton-Raphson);
- the **evaluation set** (``--games`` games, seeds from 1,000,000): at one random point
  per game, the analysis's estimate of P1's win probability (``--rollouts`` rollouts from
  the deciding player's information set, ``replay.analysis.rollout``) and the baseline's
  prediction are compared with the game's result.

Reported: the Brier score of each (and of always predicting the evaluation set's P1 win
rate), and the reliability table by decile of the predicted probability (predictions in
[0, 0.1), ..., [0.9, 1]: count, mean prediction, observed P1 win rate), drawn as
``docs/analysis-reliability.svg``. ``docs/analysis.md`` is rewritten with the figures and
this command line.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import shlex
import sys
import time
from dataclasses import dataclass

import numpy as np

from bench.config import ROOT
from engine import GameSetup, default_catalog, read_game_bytes
from engine.recording.record import record_game
from replay import workers
from replay.analysis.positions import points
from replay.analysis.rollout import Params, analyse_point

DOC = ROOT / "docs" / "analysis.md"
SVG = ROOT / "docs" / "analysis-reliability.svg"
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


def _pairs(count: int, seed: int) -> list[tuple[str, str, int]]:
    chars = default_catalog().character_ids()
    rng = random.Random(f"calibration-{seed}")
    return [(rng.choice(chars), rng.choice(chars), seed + i) for i in range(count)]


def _one(task: tuple[str, str, int, int, bool]) -> Sample | None:
    """Play game ``seed`` of ``p1`` vs ``p2``, pick one point, estimate it if asked."""
    p1, p2, seed, rollouts, estimate = task
    catalog = default_catalog()
    stream = io.BytesIO()
    game = record_game(GameSetup(p1=p1, p2=p2), seed, stream, ("heuristic", "heuristic"),
                       catalog)
    winner = game.state.winner
    if winner is None:
        return None
    log = read_game_bytes(stream.getvalue(), f"{p1}-vs-{p2}_{seed}")
    found = list(points(log, catalog))
    if not found:
        return None
    point = found[random.Random(seed).randrange(len(found))]
    players = point.state.players
    predicted = -1.0
    if estimate:
        result = analyse_point(point, Params(rollouts=rollouts, seed=seed, review=False),
                               catalog)
        predicted = result.p1.p
    return Sample(p1=p1, p2=p2, seed=seed, life=players[0].life - players[1].life,
                  hand=len(players[0].hand) - len(players[1].hand), predicted=predicted,
                  won=1.0 if int(winner) == 0 else 0.0)


def _run(tasks: list[tuple[str, str, int, int, bool]], jobs: int) -> list[Sample]:
    with workers.executor(jobs) as pool:
        return [s for s in pool.map(_one, tasks, chunksize=8) if s is not None]


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


def svg(series: dict[str, list[tuple[str, int, float, float]]]) -> str:
    """A reliability plot: observed rate against mean prediction per decile."""
    size, pad = 420, 50
    span = size - 2 * pad

    def xy(px: float, py: float) -> tuple[float, float]:
        return pad + px * span, size - pad - py * span

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}" font-family="sans-serif" font-size="11">',
             f'<rect width="{size}" height="{size}" fill="white"/>']
    x0, y0 = xy(0, 0)
    x1, y1 = xy(1, 1)
    parts.append(f'<rect x="{x0}" y="{y1}" width="{span}" height="{span}" fill="none" '
                 'stroke="#999"/>')
    parts.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#bbb" '
                 'stroke-dasharray="4 3"/>')
    for t in range(0, 11, 2):
        tx, ty = xy(t / 10, 0)
        parts.append(f'<text x="{tx}" y="{ty + 16}" text-anchor="middle">{t / 10:.1f}</text>')
        lx, ly = xy(0, t / 10)
        parts.append(f'<text x="{lx - 8}" y="{ly + 4}" text-anchor="end">{t / 10:.1f}</text>')
    parts.append(f'<text x="{size / 2}" y="{size - 12}" text-anchor="middle">predicted '
                 'P(P1 wins), mean per decile</text>')
    parts.append(f'<text x="14" y="{size / 2}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {size / 2})">observed P1 win rate</text>')
    colours = {"rollouts": "#1f77b4", "baseline": "#ff7f0e"}
    for i, (name, rows) in enumerate(series.items()):
        colour = colours.get(name, "#333")
        pts = [(xy(m, o), n) for _, n, m, o in rows if n and not math.isnan(m)]
        path = " ".join(f"{'M' if j == 0 else 'L'}{x:.1f},{y:.1f}"
                        for j, ((x, y), _) in enumerate(pts))
        parts.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        for (x, y), n in pts:
            r = 2.5 + 2.5 * math.sqrt(n / max(1, max(c for _, c, _, _ in rows)))
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}" '
                         'fill-opacity="0.8"/>')
        parts.append(f'<rect x="{pad + 8}" y="{pad + 8 + 16 * i}" width="10" height="10" '
                     f'fill="{colour}"/><text x="{pad + 24}" y="{pad + 17 + 16 * i}">'
                     f'{name}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.calibration")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    train = _run([(a, b, s, 0, False) for a, b, s in _pairs(args.games, TRAIN_SEED +
                                                             args.seed)], args.jobs)
    evaluation = _run([(a, b, s, args.rollouts, True)
                       for a, b, s in _pairs(args.games, EVAL_SEED + args.seed)], args.jobs)
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
    tables = {"rollouts": deciles(roll, ye), "baseline": deciles(base, ye)}
    SVG.write_text(svg(tables), encoding="utf-8")
    command = "python -m bench.calibration " + shlex.join(argv if argv is not None
                                                          else sys.argv[1:])
    DOC.write_text(_doc(args, command, len(train), len(evaluation), w, rate, scores, tables,
                        seconds), encoding="utf-8")
    print(f"brier: rollouts {scores['rollouts']:.4f}, baseline {scores['baseline']:.4f}, "
          f"base rate {scores['base rate']:.4f}; {len(evaluation)} evaluation games; "
          f"{seconds:.0f} s; wrote {DOC.relative_to(ROOT)}")
    return 0


def _doc(args: argparse.Namespace, command: str, trained: int, evaluated: int,
         w: np.ndarray, rate: float, scores: dict[str, float],
         tables: dict[str, list[tuple[str, int, float, float]]], seconds: float) -> str:
    def cell(x: float) -> str:
        return "–" if math.isnan(x) else f"{x:.3f}"

    rows = []
    for (label, n, m, o), (_, bn, bm, bo) in zip(tables["rollouts"], tables["baseline"],
                                                 strict=True):
        rows.append(f"| {label} | {n} | {cell(m)} | {cell(o)} | {bn} | {cell(bm)} | "
                    f"{cell(bo)} |")
    return f"""# Analysis: how well the win probabilities are calibrated

Generated by `{command.strip()}` (`bench/calibration.py`; {seconds:.0f} s on this
machine, {args.jobs} processes). Do not edit by hand: run the command again.

**Method.** {evaluated} heuristic-vs-heuristic games between seeded random ordered pairs
of all fighters (seeds from {EVAL_SEED + args.seed}; games of no other use in the
project, none looked at while building the analysis) are each analysed at one point
chosen at random among its turn starts and attacks set: P1's win probability there, by
{args.rollouts} rollouts from the deciding player's information set (`docs/metrics.md`),
is compared with the game's result. The baseline is a logistic model on the life
difference and the difference in cards in hand (P1 less P2) at one random point, fitted
on {trained} other games (seeds from {TRAIN_SEED + args.seed}):
`P(P1 wins) = σ({w[0]:.3f} + {w[1]:.3f}·life + {w[2]:.3f}·hand)`. Games that hit the
decision cap are left out (none is expected).

## Brier score (lower is better)

| Predictor | Brier |
|---|---|
| rollouts ({args.rollouts} per point) | {scores['rollouts']:.4f} |
| logistic baseline (life, hand) | {scores['baseline']:.4f} |
| always the P1 win rate ({rate:.3f}) | {scores['base rate']:.4f} |

## Reliability by decile of the prediction

![reliability](analysis-reliability.svg)

| Predicted | Games (rollouts) | Mean predicted | Observed P1 wins | Games (baseline) | Mean predicted | Observed P1 wins |
|---|---|---|---|---|---|---|
{chr(10).join(rows)}

A well calibrated predictor's observed rate equals its mean prediction in every decile
(the dashed diagonal of the plot). Only what this run measured is reported here.

What this does not show: the games are between heuristic agents, the same agent the
rollouts play, so it measures the estimator on games its own model of play describes.
For games between people, whose choices the heuristic agent does not model, the figures
are estimates of how the position fares under heuristic play from there on, and their
calibration against human results is not measured here.

The best move of the decision review (`docs/metrics.md`, "Best move") is not calibrated
here: its chance is the search agent's estimate (play on by the search's tree, not by
the heuristic agent alone), and this run makes no review.
"""


if __name__ == "__main__":
    raise SystemExit(main())
