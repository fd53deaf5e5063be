"""``exceed analyze``: win probability at every turn start and strike of a game, and the
review of every decision there, stored in the index for the dashboard.

For each log (a folder stands for every ``*.exlog`` under it, recursively, sorted) it
prints a readable per-turn report on stdout (``--json``: one JSON document per log, one
per line) and stores the result in the index (``--db``, the default index unless
``--no-store``). A progress bar runs on a terminal. Exit 0 when every log was analysed
whole, 1 when any was damaged or unfinished (its good part is analysed and the report
says where it stops), 2 when any was refused (unreadable, foreign, future version,
other card data) or the index could not be written.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from engine import Catalog, LogFormatError, display_name
from replay.analysis.positions import PointKind
from replay.analysis.rollout import OptionResult, Params, PointResult, Severity
from replay.analysis.run import AnalysisRefused, GameAnalysis, analyse_log
from replay.analysis.ties import tied_text, ties_best
from replay.analysis.verdict import INACCURACY, LABEL_MIN_N, rough
from replay.cli import args as types
from replay.cli.errors import EXIT_INTERNAL, UsageError, guarded, load_catalog_or_fail
from replay.cli.logs import EXIT_DAMAGED, EXIT_REFUSED, GOOD, expand, refuse
from replay.cli.output import json_text, printable, progress
from replay.index.analysis import check_store, store_analysis
from replay.index.locks import IndexBusy, NotAnIndex
from replay.index.writer import DEFAULT_WAIT, default_index_path
from replay.quoting import error_text, file_named


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``analyze``."""
    cmd = subparsers.add_parser(
        "analyze", help="win probability and decision review of recorded games",
        description="Estimate each player's chance to win at every turn start and every "
                    "attack set, by rollouts with the heuristic agent from the deciding "
                    "player's information set, and review each decision there against "
                    "its alternatives (docs/metrics.md). Results are stored in the index "
                    "for the dashboard. Exit 0 when every log was analysed whole, 1 when "
                    "any was damaged or unfinished, 2 when any was refused.")
    cmd.add_argument("files", nargs="+", type=types.log_file, metavar="FILE|DIR",
                     help="a .exlog file, or a folder scanned recursively for *.exlog")
    cmd.add_argument("--rollouts", type=types.at_most(types.MAX_ROLLOUTS), default=200,
                     metavar="N", help="rollouts per point and per reviewed option, "
                     f"1..{types.MAX_ROLLOUTS:,} (default 200)")
    cmd.add_argument("--jobs", type=types.jobs, default=1, metavar="N",
                     help="worker processes (default 1); the figures do not depend on it")
    cmd.add_argument("--seed", type=types.seed, default=0, metavar="S",
                     help="the analysis seed (default 0): same log, parameters and seed "
                          "give the same figures")
    cmd.add_argument("--no-review", action="store_true",
                     help="win probability only, no decision review")
    cmd.add_argument("--max-options", type=types.positive, default=24, metavar="N",
                     help="review at most N option groups per decision (default 24)")
    cmd.add_argument("--best", type=types.at_most(types.MAX_ROLLOUTS, low=0), default=None,
                     metavar="N", help="search iterations for each point's best move, "
                     f"0..{types.MAX_ROLLOUTS:,} (default: as many as --rollouts; 0: no "
                     "best move)")
    cmd.add_argument("--horizon", type=types.count, default=None, metavar="N",
                     help="truncated rollouts: each stops after N strikes and scores the "
                          "position with the fitted leaf evaluator (default "
                          f"{Params().horizon}; 0: every rollout plays to the end; "
                          "docs/metrics.md)")
    cmd.add_argument("--json", action="store_true", help="one JSON document per log")
    cmd.add_argument("--db", type=types.index_path, default=None, metavar="PATH",
                     help="the index to store the analysis in (default: the default index)")
    cmd.add_argument("--no-store", action="store_true", help="do not store in the index")
    cmd.add_argument("--wait", type=types.seconds, default=DEFAULT_WAIT, metavar="S",
                     help=f"wait up to S seconds for a busy index (default {DEFAULT_WAIT:g})")
    cmd.set_defaults(func=cmd_analyze)


def cmd_analyze(args: argparse.Namespace) -> int:
    return guarded(args, _analyze)


def _analyze(args: argparse.Namespace) -> int:
    twice = types.stdin_twice(args.files)
    if twice is not None:
        raise UsageError(twice)
    catalog = load_catalog_or_fail()
    params = Params(rollouts=args.rollouts, seed=args.seed, max_options=args.max_options,
                    review=not args.no_review, best=args.best,
                    **({} if args.horizon is None else {"horizon": args.horizon}))
    db = args.db if args.db is not None else default_index_path()
    if not args.no_store:  # before minutes of rollouts whose results it could not keep
        try:
            check_store(db, min(args.wait, 2.0))  # a busy index is looked at when stored
        except NotAnIndex as error:
            raise UsageError(f"{error} (--no-store analyses without storing)") from None
        except IndexBusy:
            pass
    files, refused, worst, _ = expand(args.files)
    for path in once_each(files):
        if path in refused:
            worst = max(worst, refuse(path, refused[path]))
            continue
        try:
            with progress(f"analyze {path.name}") as advance:
                analysis = analyse_log(str(path), params, args.jobs, advance, catalog)
        except (LogFormatError, AnalysisRefused) as error:
            print(printable(str(error)), file=sys.stderr)
            worst = max(worst, EXIT_REFUSED)
            continue
        except OSError as error:
            print(printable(f"{file_named(path)}: cannot read: {error.strerror}"), file=sys.stderr)
            worst = max(worst, EXIT_REFUSED)
            continue
        except Exception as error:  # a bug of this engine, met in this log's points or rollouts
            if os.environ.get("EXCEED_DEBUG"):
                raise
            print(printable(f"exceed analyze: internal error analysing {path}: "
                            f"{error_text(error)} (set EXCEED_DEBUG=1 for a traceback); "
                            "nothing stored for it"), file=sys.stderr)
            worst = max(worst, EXIT_INTERNAL)
            continue
        if args.json:
            print(json_text(_json(analysis)))
        else:
            print(report(analysis, catalog, str(path)))
        if not args.no_store:
            try:
                store_analysis(db, analysis, wait=args.wait,
                               say=lambda line: print(printable(line), file=sys.stderr))
            except (IndexBusy, NotAnIndex) as error:
                print(printable(f"{path}: analysis not stored: {error}"), file=sys.stderr)
                worst = max(worst, EXIT_REFUSED)
        worst = max(worst, EXIT_DAMAGED if analysis.stopped else GOOD)
    return worst


def once_each(files: list[Path]) -> list[Path]:
    """``files`` without a log named again (``DIR DIR/game.exlog``, the same file twice
    or by another path): the first naming of each, in order. Each costs minutes of
    rollouts, and its report printed twice read as two games."""
    seen: set[str] = set()
    kept = []
    for path in files:
        try:
            key = os.path.realpath(path)
        except (OSError, ValueError):  # a name the system cannot resolve: as named
            key = str(path)
        if key not in seen:
            seen.add(key)
            kept.append(path)
    return kept


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


LABEL_WIDTH = 28
"""The least width of the report's decision column: a longer label widens the column for
the whole game, never is cut (cut, "Ken's rush and strike" read as "Ken's rush", another
option of the same menu)."""


def _line(r: PointResult, width: int = LABEL_WIDTH, first: PointResult | None = None) -> str:
    """One point's line. ``first``: the strike's first set point when ``r`` is its
    second, where the curve holds the first setter's figure (``curve=setter``,
    docs/metrics.md): the line says whose view P1's chance is from, and gives the
    decider's own chance after the option played, so that the swing adds up."""
    who = f"p{int(r.id.player) + 1}"
    where = f"turn {r.id.turn:>3}" if r.id.kind.value == "turn" else f"  strike {r.id.strike:>2}"
    text = (f"  {where}  {who}  {r.decision_label:<{width}}  P1 {_pct(r.p1.p):>4} "
            f"({_pct(r.p1.low)}-{_pct(r.p1.high)}, n={r.p1.n})")
    if first is not None:
        text += f" from p{int(first.id.player) + 1}'s view"
        played = next((o for o in r.options if o.chosen and o.estimate is not None), None)
        if played is not None and played.estimate is not None:
            text += f"  {who}'s own: {_pct(played.estimate.p)}"
    if r.options:
        best = r.options[0]
        tied = tied_text(len(_tied(r)))
        if not best.chosen and best.estimate is not None:
            text += (f"  {who}'s best: {best.label} {_pct(best.estimate.p)}"
                     + (f" ({tied})" if tied else "") + f", swing {100 * r.swing:+.0f}")
        elif tied:  # a tie is no "cut: no better" (docs/metrics.md, Order)
            text += f"  best played ({tied})"
        elif best.chosen:  # said, so that no verdict never reads as no review
            text += "  best played"
        if r.severity is not Severity.NONE:
            text += f"  {r.severity.value.upper()}"
        elif r.swing >= INACCURACY and not r.significant:
            # why a swing of a mistake's size has no label, as the Game page says it
            text += "  not significant"
        if r.options_total > len(r.options):
            text += f"  ({len(r.options)} of {r.options_total} options reviewed)"
    if r.best is not None:
        text += f"  search: {best_text(r)}"
    return text


def first_setters(points: Sequence[PointResult]) -> dict[int, PointResult]:
    """For each strike's second set point (by its decision index), the strike's first
    set point, set by the other player (as the Game page's
    ``dashboard.analysis_panel.first_setter`` finds it)."""
    seen: dict[int, list[PointResult]] = {}
    out: dict[int, PointResult] = {}
    for r in sorted(points, key=lambda r: r.id.index):
        if r.id.kind is not PointKind.STRIKE:
            continue
        same = seen.setdefault(r.id.strike, [])
        same.append(r)
        if len(same) == 2 and same[0].id.player != r.id.player:
            out[r.id.index] = same[0]
    return out


def _tied(r: PointResult) -> list[OptionResult]:
    """The reviewed options besides the best (``r.options[0]``) whose estimate equals
    the best's, cut early or not (``replay.analysis.ties``)."""
    if not r.options or r.options[0].estimate is None:
        return []
    best = r.options[0].estimate.p
    return [o for o in r.options[1:]
            if o.estimate is not None and ties_best(o.estimate.p, best)]


def best_text(r: PointResult) -> str:
    """The search's best move beside the played option, as the decision panel says it:
    ``Best: EX Shoryuken (71%), played: Sweep (52%)`` or ``Best: Sweep (52%), found``
    (the best's chance is the search's, the played one's the review's)."""
    b = r.best
    assert b is not None
    chance = "" if b.p is None else f" ({_pct(b.p)})"
    if b.found:
        return f"Best: {b.label}{chance}, found"
    played = next((o for o in r.options if o.chosen and o.estimate is not None), None)
    shown = "" if played is None else f" ({_pct(played.estimate.p)})"  # type: ignore[union-attr]
    return f"Best: {b.label}{chance}, played: {r.decision_label}{shown}"


LEGEND = ("  P1 is P1's chance to win after the decision played (95% interval, rollouts); "
          "every other figure is the deciding player's own chance")
"""The report's key, under its header: a p2 decision's "p2's best: X 85%" beside "P1 60%"
read as P1's 85% without it."""


def report(analysis: GameAnalysis, catalog: Catalog | None = None,
           named: str | None = None) -> str:
    """The readable per-turn report of one analysis; its fighters named from ``catalog``
    ("p1 Byakuya vs p2 Ryu", as ``exceed info`` and the dashboard name them; ids it does
    not know, and every id without one, as they are). ``named``: the log as the command
    was given it (``analyze`` passes it, as its refusals and ``info`` name a log); else
    the stored absolute path."""
    p = analysis.params
    result = "unfinished" if analysis.winner is None else f"p{analysis.winner + 1} won"
    p1, p2 = ((analysis.p1, analysis.p2) if catalog is None else
              (display_name(catalog, analysis.p1), display_name(catalog, analysis.p2)))
    lines = [f"{printable(analysis.path if named is None else named)}: p1 {printable(p1)} vs p2 {printable(p2)}, {result}; "
             f"{len(analysis.points)} points, {p.rollouts} rollouts each, seed {p.seed}"
             + (f", horizon {p.horizon} strikes" if p.horizon else "")
             + ("" if p.review else ", no review")]
    if p.review and rough(p.rollouts):
        lines.append(f"  rough: fewer than {LABEL_MIN_N} rollouts, so swings are shown but "
                     "no decision is labelled (docs/metrics.md)")
    if analysis.stopped:
        lines.append(f"  note: {analysis.stopped}")
    if analysis.points:
        lines.append(LEGEND)
    width = max([LABEL_WIDTH, *(len(r.decision_label) for r in analysis.points)])
    firsts = first_setters(analysis.points) if "curve=setter" in p.key().split(";") else {}
    lines.extend(_line(r, width, firsts.get(r.id.index)) for r in analysis.points)
    for who in (0, 1):
        counts = {s: sum(1 for r in analysis.points if int(r.id.player) == who and r.severity is s)
                  for s in (Severity.BLUNDER, Severity.MISTAKE, Severity.INACCURACY)}
        if p.review and rough(p.rollouts):  # "0 blunder(s)" would read as a clean game
            lines.append(f"  p{who + 1}: no labels (a rough analysis)")
        elif p.review:
            lines.append(f"  p{who + 1}: {counts[Severity.BLUNDER]} blunder(s), "
                         f"{counts[Severity.MISTAKE]} mistake(s), "
                         f"{counts[Severity.INACCURACY]} inaccuracy(ies)")
    return "\n".join(lines)


def _json(analysis: GameAnalysis) -> dict[str, object]:
    """The analysis as plain data (decisions as their labels)."""
    return {
        "game_id": analysis.game_id, "path": analysis.path, "card_data": analysis.card_data,
        "params": dataclasses.asdict(analysis.params),
        "p1": analysis.p1, "p2": analysis.p2, "winner": analysis.winner,
        "stopped": analysis.stopped,
        "points": [{
            "decision": r.id.index, "turn": r.id.turn, "strike": r.id.strike,
            "event": r.id.event, "kind": r.id.kind.value, "player": int(r.id.player),
            "played": r.decision_label,
            "p1": r.p1.p, "n": r.p1.n, "low": r.p1.low, "high": r.p1.high,
            "swing": r.swing, "significant": r.significant, "severity": r.severity.value,
            "options_total": r.options_total,
            "options": [{"label": o.label, "chosen": o.chosen,
                         "p": None if o.estimate is None else o.estimate.p,
                         "n": 0 if o.estimate is None else o.estimate.n,
                         "low": None if o.estimate is None else o.estimate.low,
                         "high": None if o.estimate is None else o.estimate.high,
                         "cut": o.cut, "tied_best": any(o is t for t in _tied(r))}
                        for o in r.options],
            "best": None if r.best is None else {
                "label": r.best.label, "option": r.best.option, "p": r.best.p,
                "n": r.best.n, "found": r.best.found},
        } for r in analysis.points],
    }

