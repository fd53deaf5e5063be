"""The calibration runs kept and published: ``bench/results/calibration.json`` and
``docs/analysis.md`` with one reliability plot per run (``docs/calibration/``).

A run is one evaluation **set** (the agents of its games, e.g. ``heuristic vs
heuristic`` or ``search:32 vs heuristic``) measured once. Every run is kept: the newest
run of each set is shown in full and the older ones beside it (their Brier scores in the
summary, their plots and tables below), so a rerun after a change to the agents or the
analysis never hides what was measured before.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from bench.config import ROOT

RESULTS = ROOT / "bench" / "results" / "calibration.json"
DOC = ROOT / "docs" / "analysis.md"
PLOTS = ROOT / "docs" / "calibration"

Deciles = list[tuple[str, int, float, float]]
"""(bin, count, mean prediction, observed P1 win rate) for predictions in tenths."""


def load(path: Path = RESULTS) -> list[dict[str, Any]]:
    """The kept runs, oldest first (none when the file does not exist yet)."""
    if not path.exists():
        return []
    runs: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["runs"]
    return runs


def store(run: dict[str, Any], path: Path = RESULTS) -> list[dict[str, Any]]:
    """Append ``run`` to the kept runs and write them; returns all of them."""
    runs = [*load(path), run]
    path.write_text(json.dumps({"runs": runs}, indent=1) + "\n", encoding="utf-8")
    return runs


def slug(run: dict[str, Any]) -> str:
    """The run's plot file name: its set and date (``search-32-vs-heuristic_2026-11-29``)."""
    name = re.sub(r"[^a-z0-9]+", "-", run["set"].lower()).strip("-")
    return f"{name}_{run['date']}_{run['commit'][:7]}"


def cell(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.3f}"


def svg(series: dict[str, Deciles]) -> str:
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


def _deciles(run: dict[str, Any], name: str) -> Deciles:
    return [(str(label), int(n), float("nan") if m is None else float(m),
             float("nan") if o is None else float(o))
            for label, n, m, o in run["deciles"][name]]


def _term(x: float) -> str:
    """``+ 0.213`` or ``− 0.003``: a weight after the first, with its sign."""
    return f"{'+' if x >= 0 else '−'} {abs(x):.3f}"


def _section(run: dict[str, Any], level: str) -> str:
    """One run in full: its method, Brier scores, plot and deciles."""
    w = run["weights"]
    brier = run["brier"]
    seats = ("" if run["agents"][0] == run["agents"][1] else
             f" Every seed is played twice over the set's pairs with the seats swapped: "
             f"{run['agents'][0]} is P1 in half of the games.")
    rows = "\n".join(
        f"| {label} | {n} | {cell(m)} | {cell(o)} | {bn} | {cell(bm)} | {cell(bo)} |"
        for (label, n, m, o), (_, bn, bm, bo)
        in zip(_deciles(run, "rollouts"), _deciles(run, "baseline"), strict=True))
    return f"""{level} {run['set']}: {run['date']}, commit {run['commit'][:7]}

Generated by `{run['command']}` ({run['seconds']:.0f} s, {run['jobs']} processes).{
        ' ' + run['note'] if run.get('note') else ''}

**Method.** {run['evaluated']} games of {run['set']} between seeded random ordered pairs
of all fighters (seeds from {run['eval_seed']}; games of no other use in the project,
none looked at while building the analysis).{seats} Each is analysed at one point chosen
at random among its turn starts and attacks set: P1's win probability there, by
{run['rollouts']} heuristic rollouts from the deciding player's information set
(`docs/metrics.md`), is compared with the game's result. The baseline is a logistic
model on the life difference and the difference in cards in hand (P1 less P2) at one
random point, fitted on {run['trained']} {run['train_set']} games (seeds from
{run['train_seed']}): `P(P1 wins) = σ({w[0]:.3f} {_term(w[1])}·life {_term(w[2])}·hand)`.
Games that hit the decision cap are left out (none is expected).

| Predictor | Brier (lower is better) |
|---|---|
| rollouts ({run['rollouts']} per point) | {brier['rollouts']:.4f} |
| logistic baseline (life, hand) | {brier['baseline']:.4f} |
| always the P1 win rate ({run['rate']:.3f}) | {brier['base rate']:.4f} |

![reliability, {run['set']}, {run['date']}](calibration/{slug(run)}.svg)

| Predicted | Games (rollouts) | Mean predicted | Observed P1 wins | Games (baseline) | Mean predicted | Observed P1 wins |
|---|---|---|---|---|---|---|
{rows}
"""


def render(runs: list[dict[str, Any]]) -> str:
    """``docs/analysis.md`` for the kept runs (newest of each set first, in full)."""
    latest: dict[str, dict[str, Any]] = {}
    for run in runs:
        latest[run["set"]] = run
    summary = "\n".join(
        f"| {run['set']} | {run['date']} | {run['commit'][:7]} | {run['agent_version']} | "
        f"{run['evaluated']} | {run['rollouts']} | {run['brier']['rollouts']:.4f} | "
        f"{run['brier']['baseline']:.4f} | {run['brier']['base rate']:.4f} | "
        f"{'latest' if latest[run['set']] is run else 'earlier'} |"
        for _, run in sorted(enumerate(runs), key=lambda t: (t[1]["set"], t[0]),
                             reverse=True))
    newest = "\n".join(_section(run, "###") for run in latest.values())
    older = [run for run in runs if latest[run["set"]] is not run]
    earlier = ("\n".join(_section(run, "###") for run in reversed(older)) if older
               else "None yet.\n")
    return f"""# Analysis: how well the win probabilities are calibrated

Generated by `bench/calibration.py` from the kept runs in
`bench/results/calibration.json`; do not edit by hand. A run is added with
`python -m bench.calibration [--agents A,B] [--games N] [--rollouts R] [--jobs 2]`
(`--agents search:32,heuristic` for games of the search agent against the heuristic,
the seats swapped); every earlier run stays below, so a change is seen beside what it
replaced.

## Brier scores of every run

| Set | Date | Commit | Agents as of | Evaluation games | Rollouts | Rollouts' Brier | Baseline's Brier | Base rate's Brier | |
|---|---|---|---|---|---|---|---|---|---|
{summary}

A well calibrated predictor's observed rate equals its mean prediction in every decile
(the dashed diagonal of each plot). Only what each run measured is reported.

What this does not show: in the `heuristic vs heuristic` set the games are between the
agent the rollouts play, so it measures the estimator on games its own model of play
describes. The `search vs heuristic` set has one seat that plays differently from the
rollouts' model (it searches); the two seats are swapped so neither side is always the
searcher. For games between people, whose choices the heuristic agent does not model,
the figures are estimates of how the position fares under heuristic play from there on,
and their calibration against human results is not measured here.

The best move of the decision review (`docs/metrics.md`, "Best move") is not calibrated
here: its chance is the search agent's estimate (play on by the search's tree, not by
the heuristic agent alone), and these runs make no review.

## Latest run of each set

{newest}
## Earlier runs

{earlier}"""


def write(runs: list[dict[str, Any]]) -> None:
    """Rewrite ``docs/analysis.md`` and every run's plot."""
    PLOTS.mkdir(parents=True, exist_ok=True)
    for run in runs:
        (PLOTS / f"{slug(run)}.svg").write_text(
            svg({"rollouts": _deciles(run, "rollouts"), "baseline": _deciles(run, "baseline")}),
            encoding="utf-8")
    DOC.write_text(render(runs), encoding="utf-8")
