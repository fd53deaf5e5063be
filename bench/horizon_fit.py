"""Fit the leaf evaluator of truncated rollouts (issue 31, ``replay.analysis.leaf``).

    python -m bench.horizon_fit [--games 20000] [--jobs 2] [--features a,b,...]
                                [--no-fighters] [--write]

Heuristic-vs-heuristic games between seeded random ordered pairs of every fighter of every
line (``bench.calibration``'s draw of pairs), on seeds from ``FIT_SEED`` (3,000,000: no
other part of the project uses them; the calibration's evaluation set starts at
1,000,000, its baseline's training set at 2,000,000, the samples below 1,000). At every
turn's first action choice of every game the features (``replay.analysis.leaf.features``)
are taken, with the fighters in play and the game's result (a draw or an over-long game
is left out). The games with an even index train the logistic model (Newton-Raphson with
a ridge of ``RIDGE``), the odd ones hold out: the log loss and Brier score of each
feature set tried, without and with the fighters' terms, are printed on them. The
fighters' terms (``replay.analysis.leaf.fighters``) are two columns per fighter, +1 for
P1's fighter and −1 for P2's (a mirror: 0), the second times the share of the starting
life both have left. ``--write`` fits the chosen (``CHOSEN`` unless ``--features``)
features and the fighters' terms (unless ``--no-fighters``) on every game and writes the
weights, rounded to 6 decimals, to ``replay/analysis/leaf_model.py`` (committed): the
same arguments write the same file.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from bench.calibration import _pairs, brier
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
       "active", "threat", "late_lead", "deckout")
TRIED = (("life", "hand"), ("life", "hand", "gauge"),
         ("life", "danger", "hand", "gauge"),
         ("life", "life_share", "danger", "hand", "gauge", "exceeded"),
         ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active"),
         ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active",
          "threat"),
         ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active",
          "threat", "late_lead"),
         ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active",
          "deckout"),
         ALL)
CHOSEN = ("life", "danger", "hand", "gauge", "deck", "boosts", "exceeded", "active",
          "deckout")
"""The features written by default: the best held-out log loss among the sets whose life
terms all rise with P1's life (with ``life_share`` beside ``danger`` the fit gives one of
them a negative weight, and the value falls with P1's life near the end)."""
MODEL = ROOT / "replay" / "analysis" / "leaf_model.py"
RIDGE = 1.0
"""The ridge on every weight but the intercept: the fighters' columns of a row sum to 0
(+1 and −1), so without it their weights are not determined."""
FIGHTERS = tuple(default_catalog().character_ids())

Row = tuple[int, dict[str, float], tuple[str, str, float], float]
"""(game index, features by name, (P1's fighter, P2's, life share left), P1 won)."""
Rows = list[Row]


def _game(task: tuple[int, str, str, int]) -> Rows:
    """One game's turn starts with its result."""
    index, p1, p2, seed = task
    catalog = default_catalog()
    seen: list[tuple[dict[str, float], tuple[str, str, float]]] = []
    turns: set[int] = set()

    def hook(game: Game, request: Request, decision: Decision, caused: list[object]) -> None:
        pending = game.pending
        state = game.state
        if isinstance(pending, ActionRequest) and state.turn not in turns:
            turns.add(state.turn)
            left = (leaf.life(state, Player.P1) + leaf.life(state, Player.P2)) / (
                2 * leaf.START_LIFE)
            seen.append((leaf.named_features(state),
                         (state.players[0].character, state.players[1].character, left)))

    try:
        game = play_game(GameSetup(p1=p1, p2=p2), seed, ("heuristic", "heuristic"), catalog,
                         on_step=hook)  # type: ignore[arg-type]
    except GameTooLong:
        return []
    winner = game.state.winner
    if winner is None:
        return []
    won = 1.0 if winner is Player.P1 else 0.0
    return [(index, row, who, won) for row, who in seen]


def collect(games: int, jobs: int) -> Rows:
    work = [(i, a, b, s) for i, (a, b, s) in enumerate(_pairs(games, FIT_SEED))]
    rows: Rows = []
    with workers.executor(jobs) as pool:
        for found in pool.map(_game, work, chunksize=8):
            rows.extend(found)
    return rows


def _matrix(rows: Rows, names: Sequence[str], fighters: bool
            ) -> tuple[np.ndarray, np.ndarray]:
    """The design (``names``' columns, then with ``fighters`` each fighter's two) and the
    results."""
    x = np.array([[r[1][n] for n in names] for r in rows], dtype=float)
    if fighters:
        column = {name: i for i, name in enumerate(FIGHTERS)}
        sides = np.zeros((len(rows), len(FIGHTERS)))
        left = np.array([r[2][2] for r in rows], dtype=float)
        for i, (_, _, (one, two, _), _) in enumerate(rows):
            sides[i, column[one]] += 1.0
            sides[i, column[two]] -= 1.0
        x = np.column_stack([x, sides, sides * left[:, None]])
    y = np.array([r[3] for r in rows], dtype=float)
    return x, y


def fit_ridge(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE,
              steps: int = 60) -> np.ndarray:
    """Logistic regression weights (intercept first) by Newton-Raphson, with ``ridge``
    on every weight but the intercept."""
    design = np.column_stack([np.ones(len(x)), x])
    penalty = ridge * np.eye(design.shape[1])
    penalty[0, 0] = 0.0
    w = np.zeros(design.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-design @ w))
        grad = design.T @ (y - p) - penalty @ w
        hess = design.T @ (design * (p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hess, grad)
        w = w + step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _predict(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    out: np.ndarray = 1 / (1 + np.exp(-(np.column_stack([np.ones(len(x)), x]) @ w)))
    return out


def write(names: Sequence[str], w: np.ndarray, fighters: bool, games: int,
          rows: int) -> None:
    count = len(names) + 1
    weights = ",\n    ".join(repr(round(float(v), 6)) for v in w[:count])
    features = ",\n    ".join(repr(n) for n in ("intercept", *names))
    strengths = "".join(
        f"    {name!r}: ({round(float(w[count + i]), 6)!r}, "
        f"{round(float(w[count + len(FIGHTERS) + i]), 6)!r}),\n"
        for i, name in enumerate(FIGHTERS)) if fighters else ""
    flag = "" if fighters else " --no-fighters"
    MODEL.write_text(
        '"""The leaf evaluator\'s fitted weights (``replay.analysis.leaf``), written by\n'
        f"``python -m bench.horizon_fit --games {games}{flag} --write``: {rows} turn starts\n"
        f"of {games} heuristic-vs-heuristic games of every line, seeds from {FIT_SEED:,}.\n"
        'Do not edit by hand: run the script again."""\n\n'
        f"FEATURES: tuple[str, ...] = (\n    {features},\n)\n"
        f"WEIGHTS: tuple[float, ...] = (\n    {weights},\n)\n"
        "FIGHTERS: dict[str, tuple[float, float]] = {\n"
        f"{strengths}}}\n"
        '"""Each fighter\'s (strength, fading term): ``replay.analysis.leaf.fighters``."""\n')


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.horizon_fit")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--features", default=None,
                        help="the features to write, comma-separated (default: "
                             f"{','.join(CHOSEN)})")
    parser.add_argument("--no-fighters", action="store_true",
                        help="write no fighter terms (the model before 1 Dec 2026)")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    rows = collect(args.games, args.jobs)
    train = [r for r in rows if r[0] % 2 == 0]
    held = [r for r in rows if r[0] % 2 == 1]
    print(f"{len(rows)} turn starts of {args.games} games ({len(train)} train, "
          f"{len(held)} held out)")
    for names in TRIED:
        for fighters in (False, True):
            xt, yt = _matrix(train, names, fighters)
            xh, yh = _matrix(held, names, fighters)
            w = fit_ridge(xt, yt)
            p = _predict(w, xh)
            loss = log_loss(p, yh)
            print(f"{','.join(names)}{' + fighters' if fighters else ''}: held-out log "
                  f"loss {loss:.4f}, Brier {brier(p, yh):.4f}; weights "
                  f"{np.round(w[:len(names) + 1], 4).tolist()}")
    names = tuple(args.features.split(",")) if args.features else CHOSEN
    unknown = [n for n in names if n not in ALL]
    if unknown:
        parser.error(f"--features: unknown {', '.join(unknown)} (known: {', '.join(ALL)})")
    if args.write:
        fighters = not args.no_fighters
        x, y = _matrix(rows, names, fighters)
        w = fit_ridge(x, y)
        write(names, w, fighters, args.games, len(rows))
        print(f"wrote {MODEL.relative_to(ROOT)}: {','.join(names)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
