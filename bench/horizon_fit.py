"""Fit the leaf evaluator of truncated rollouts (issue 31, ``replay.analysis.leaf``).

    python -m bench.horizon_fit [--games 3000] [--jobs 2] [--features a,b,...] [--write]

Heuristic-vs-heuristic games between seeded random ordered pairs of every fighter of every
line (``bench.calibration``'s draw of pairs), on seeds from ``FIT_SEED`` (3,000,000: no
other part of the project uses them; the calibration's evaluation set starts at
1,000,000, its baseline's training set at 2,000,000, the samples below 1,000). At every
turn's first action choice of every game the features (``replay.analysis.leaf.features``)
are taken with the game's result (a draw or an over-long game is left out). The games
with an even index train the logistic model (Newton-Raphson, ``bench.calibration``), the
odd ones hold out: the log loss and Brier score of each feature set tried are printed on
them. ``--write`` fits the chosen (``CHOSEN`` unless ``--features``) features on every game and writes the weights, rounded
to 6 decimals, to ``replay/analysis/leaf_model.py`` (committed): the same arguments write
the same file.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from bench.calibration import _pairs, brier, fit_logistic
from bench.config import ROOT
from engine import (
    ActionRequest,
    Decision,
    GameSetup,
    GameTooLong,
    Player,
    Request,
    default_catalog,
    play_game,
)
from engine.play.api import Game
from replay import workers
from replay.analysis import leaf

FIT_SEED = 3_000_000
ALL = ("life", "life_share", "danger", "hand", "gauge", "deck", "boosts", "exceeded",
       "active", "threat", "late_lead")
TRIED = (("life", "hand"), ("life", "hand", "gauge"),
         ("life", "danger", "hand", "gauge"),
         ("life", "life_share", "danger", "hand", "gauge", "exceeded"),
         ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active"),
         ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active",
          "threat"),
         ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active",
          "threat", "late_lead"),
         ALL)
CHOSEN = ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active")
"""The features written by default: the best held-out log loss among the sets whose life
terms all rise with P1's life (with ``life_share`` beside ``danger`` the fit gives one of
them a negative weight, and the value falls with P1's life near the end)."""
MODEL = ROOT / "replay" / "analysis" / "leaf_model.py"

Rows = list[tuple[int, dict[str, float], float]]
"""(game index, features by name, P1 won)."""


def _game(task: tuple[int, str, str, int]) -> Rows:
    """One game's turn starts with its result."""
    index, p1, p2, seed = task
    catalog = default_catalog()
    seen: list[dict[str, float]] = []
    turns: set[int] = set()

    def hook(game: Game, request: Request, decision: Decision, caused: list[object]) -> None:
        pending = game.pending
        if isinstance(pending, ActionRequest) and game.state.turn not in turns:
            turns.add(game.state.turn)
            seen.append(leaf.named_features(game.state))

    try:
        game = play_game(GameSetup(p1=p1, p2=p2), seed, ("heuristic", "heuristic"), catalog,
                         on_step=hook)  # type: ignore[arg-type]
    except GameTooLong:
        return []
    winner = game.state.winner
    if winner is None:
        return []
    won = 1.0 if winner is Player.P1 else 0.0
    return [(index, row, won) for row in seen]


def collect(games: int, jobs: int) -> Rows:
    work = [(i, a, b, s) for i, (a, b, s) in enumerate(_pairs(games, FIT_SEED))]
    rows: Rows = []
    with workers.executor(jobs) as pool:
        for found in pool.map(_game, work, chunksize=8):
            rows.extend(found)
    return rows


def _matrix(rows: Rows, names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    x = np.array([[r[1][n] for n in names] for r in rows], dtype=float)
    y = np.array([r[2] for r in rows], dtype=float)
    return x, y


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _predict(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    out: np.ndarray = 1 / (1 + np.exp(-(np.column_stack([np.ones(len(x)), x]) @ w)))
    return out


def write(names: Sequence[str], w: np.ndarray, games: int, rows: int) -> None:
    weights = ",\n    ".join(repr(round(float(v), 6)) for v in w)
    features = ",\n    ".join(repr(n) for n in ("intercept", *names))
    MODEL.write_text(
        '"""The leaf evaluator\'s fitted weights (``replay.analysis.leaf``), written by\n'
        f"``python -m bench.horizon_fit --games {games} --write``: {rows} turn starts of\n"
        f"{games} heuristic-vs-heuristic games of every line, seeds from {FIT_SEED:,}.\n"
        'Do not edit by hand: run the script again."""\n\n'
        f"FEATURES: tuple[str, ...] = (\n    {features},\n)\n"
        f"WEIGHTS: tuple[float, ...] = (\n    {weights},\n)\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.horizon_fit")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--features", default=None,
                        help="the features to write, comma-separated (default: "
                             f"{','.join(CHOSEN)})")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    rows = collect(args.games, args.jobs)
    train = [r for r in rows if r[0] % 2 == 0]
    held = [r for r in rows if r[0] % 2 == 1]
    print(f"{len(rows)} turn starts of {args.games} games ({len(train)} train, "
          f"{len(held)} held out)")
    for names in TRIED:
        xt, yt = _matrix(train, names)
        xh, yh = _matrix(held, names)
        w = fit_logistic(xt, yt)
        p = _predict(w, xh)
        loss = log_loss(p, yh)
        print(f"{','.join(names)}: held-out log loss {loss:.4f}, Brier {brier(p, yh):.4f}; "
              f"weights {np.round(w, 4).tolist()}")
    names = tuple(args.features.split(",")) if args.features else CHOSEN
    unknown = [n for n in names if n not in ALL]
    if unknown:
        parser.error(f"--features: unknown {', '.join(unknown)} (known: {', '.join(ALL)})")
    if args.write:
        x, y = _matrix(rows, names)
        w = fit_logistic(x, y)
        write(names, w, args.games, len(rows))
        print(f"wrote {MODEL.relative_to(ROOT)}: {','.join(names)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
