"""``exceed insights``: a player's costly habits across their analysed games.

Reads only stored analyses (``exceed analyze``, or ``exceed index --analysis DIR`` for
Spark's results) and prints the figures of the dashboard's Insights page
(``replay.insights``, ``docs/metrics.md``): accuracy, breakdowns by decision kind,
situation, fighter and matchup, the costliest habits with their worst decisions, and the
trend by date played; ``--json`` prints them as one JSON document. The worst decisions'
links are whole addresses on the dashboard (``--port`` / ``--url``, as ``exceed find``:
``replay.cli.links``). Exit 0; 2 for an
unknown player, filters that leave no game, or an index that cannot be read; 3 when the
index stayed locked.
"""

from __future__ import annotations

import argparse
import datetime

from replay.cli import args as types
from replay.cli.errors import EXIT_USAGE, fail
from replay.cli.links import add_link_options, base_url, whole
from replay.cli.output import json_text, printable
from replay.cli.queries import character_named, player_meant
from replay.index.insight_queries import Filter, players
from replay.insights import (
    MIN_DECISIONS,
    Insights,
    Mean,
    analyse_command,
    example_game,
    game_link,
    insights,
    no_analyses_here,
    reanalyse_command,
    rough_text,
)
from replay.query import (
    DEFAULT_LIMIT,
    DEFAULT_TIMEOUT,
    IndexBusy,
    IndexMissing,
    QueryError,
    character_name,
    open_source,
)
from replay.quoting import QUOTE_CHARS, as_written, quoted, shortened

EXIT_BUSY = 3
DIMENSIONS = {"kind": "decision kind", "lead": "life lead",
              "life": "life difference (yours less theirs)",
              "distance": "distance", "gauge": "gauge", "hand": "cards in hand",
              "turn": "turn", "fighter": "fighter", "matchup": "matchup"}
"""The breakdowns in the order they are printed, with their headings."""


def _day(text: str) -> str:
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date YYYY-MM-DD, got {quoted(text)}"
                                         ) from None


MOST_DECISIONS = 10_000
"""The largest ``--min-decisions``, as the Insights page's ``min=``."""


def min_decisions(text: str) -> int:
    """``--min-decisions``: 2..``MOST_DECISIONS``. One decision has no spread, so no
    interval and no test: with 1, the groups of one still read "not enough decisions"
    under a header saying "at least 1", and every cell of one was counted among the
    cells tested, raising the bar (Bonferroni) the others had to clear."""
    value = types.at_most(MOST_DECISIONS, what="decisions")(text)
    if value < 2:
        raise argparse.ArgumentTypeError(
            f"expected 2 or more (one decision has no interval), got {as_written(text)}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``insights``."""
    cmd = subparsers.add_parser(
        "insights", help="a player's costly habits across their analysed games",
        description="Accuracy, breakdowns and the costliest habits of one player over the "
                    "stored analyses of their games (docs/metrics.md, Insights).")
    cmd.add_argument("--player", required=True, metavar="NAME",
                     help="the player (an agent game's players are its agents)")
    cmd.add_argument("--fighter", metavar="C", help="only the games they played as C")
    cmd.add_argument("--opponent", metavar="C", help="only the games against C")
    cmd.add_argument("--since", type=_day, metavar="YYYY-MM-DD",
                     help="only the games played on or after this day")
    cmd.add_argument("--min-decisions", type=min_decisions, default=MIN_DECISIONS,
                     metavar="N", help="fewer decisions than N in a group: not enough "
                                       f"(default {MIN_DECISIONS}; 2..{MOST_DECISIONS:,}, as "
                                       "the Insights page's min=)")
    cmd.add_argument("--json", action="store_true", help="one JSON document")
    add_link_options(cmd)
    cmd.add_argument("--db", type=types.index_path, metavar="FILE|DIR",
                     help="index file or exported Parquet directory (default: the default "
                          "index; an export holds no analyses: the report says so)")
    cmd.add_argument("--wait", type=types.seconds, default=DEFAULT_TIMEOUT, metavar="S",
                     help=f"seconds to wait while the indexer holds the file "
                          f"(default {DEFAULT_TIMEOUT:g})")
    cmd.set_defaults(func=cmd_insights)


def cmd_insights(args: argparse.Namespace) -> int:
    try:
        src = open_source(args.db, args.wait, DEFAULT_LIMIT)
        known = players(src)
        if not known:  # as the Insights page says it
            raise QueryError(f"{src.path} holds no games yet: run `exceed index DIR` (or play "
                             "on the dashboard's Play page) and they appear here")
        if args.player not in known:
            meant = player_meant(args.player, known)  # as `exceed query --player` says it
            if meant:
                raise QueryError(f"no player {quoted(args.player)} in {src.path}; {meant}")
            shown = ", ".join(known[:10]) + (", ..." if len(known) > 10 else "")
            raise QueryError(f"no player {quoted(args.player)} in {src.path} (players: "
                             f"{shown or 'none'})")
        # "Ken Masters" is ken; a fighter neither the index nor this engine knows (a typo,
        # --fighter kenn) is one line, not "no game ... matches"
        fighter, opponent = (None if typed is None else character_named(src, flag, typed)
                             for flag, typed in (("fighter", args.fighter),
                                                 ("opponent", args.opponent)))
        f = Filter(player=args.player, fighter=fighter, opponent=opponent, since=args.since)
        found = insights(src, f, args.min_decisions)
        if not found.coverage.games:
            raise QueryError(f"no game of {quoted(args.player)} matches {_filters(f)}; drop a "
                             "filter to see more")
        command = analyse_command(src, f, src.path)
        note = no_analyses_here(src) if found.coverage.analysed < found.coverage.games else ""
        again = reanalyse_command(found.rough, src.path)
    except (QueryError, IndexMissing) as error:
        return fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return fail(args, str(error), EXIT_BUSY)
    base = base_url(args)
    if args.json:
        print(json_text(as_json(found, command, note, base, again)))
    else:
        print("\n".join(map(printable,
                             report(found, command, note, base, again).splitlines())))
    return 0


def _filters(f: Filter) -> str:
    parts = [f"{name} {shortened(value, QUOTE_CHARS)}"  # a typed value: cut when long
             for name, value in (("fighter", f.fighter),
             ("opponent", f.opponent), ("since", f.since)) if value is not None]
    return ", ".join(parts) or "no filter"


def _mean(m: Mean, scale: float = 100.0) -> dict[str, object]:
    interval = m.interval
    return {"n": m.n, "mean": None if m.mean is None else scale * m.mean,
            "low": None if interval is None else scale * interval[0],
            "high": None if interval is None else scale * interval[1],
            "total": scale * m.total, "enough": m.enough}


def as_json(found: Insights, command: str, note: str = "",
            base: str = "", again: str = "") -> dict[str, object]:
    """The insights as plain data (swings in points of win probability); ``note`` says
    why there is no ``analyse_command`` (``no_analyses_here``); ``base``: the dashboard
    address the examples' links are whole addresses on (``replay.cli.links``); ``again``:
    the command that analyses the rough games again (``reanalyse_command``)."""
    f = found.filter
    return {
        "player": f.player, "fighter": f.fighter, "opponent": f.opponent, "since": f.since,
        "games": found.coverage.games, "analysed": found.coverage.analysed,
        "analyse_command": command, "analyse_note": note,
        "min_decisions": found.min_decisions,
        "accuracy": _mean(found.accuracy), "labelled": found.labelled,
        "rough": {"decisions": found.rough.decisions, "games": found.rough.games,
                  "note": rough_text(found.rough),
                  "command": again},
        "per_game": {k: _mean(v, 1.0) for k, v in found.per_game.items()},
        "breakdowns": [{"dimension": g.dimension, "value": g.value, **_mean(g.swing)}
                       for g in found.breakdowns],
        "cells_tested": found.cells_tested, "critical_z": found.critical_z,
        "habits": [{"dimension": h.dimension, "value": h.value, "kind": h.kind,
                    **_mean(h.swing), "z": h.z,
                    "examples": [{"game_id": e.game_id, "fighter": e.fighter,
                                  "opponent": e.opponent, "day": e.played,
                                  "game": example_game(e, character_name),
                                  "decision": e.idx, "turn": e.turn,
                                  "played": e.decision, "swing": 100 * e.swing,
                                  "link": whole(base, game_link(e.game_id, e.idx))}
                                 for e in h.examples]} for h in found.habits],
        "trend": [{"day": g.value, **_mean(g.swing)} for g in found.trend],
    }


def report(found: Insights, command: str, note: str = "", base: str = "",
           again: str = "") -> str:
    """The readable report (swings in points of win probability, 95% intervals);
    ``note`` stands where ``command`` cannot (``no_analyses_here``); the examples'
    links are whole addresses on the dashboard at ``base`` (``replay.cli.links``);
    ``again`` follows the rough note (``reanalyse_command``)."""
    f, c = found.filter, found.coverage
    lines = [f"Insights for {f.player} ({_filters(f)}): {c.analysed} of {c.games} game(s) "
             "analysed"]
    if command:
        lines.append(f"  analyse the rest: {command}")
    elif note:
        lines.append(f"  {note}")
    if not c.analysed:
        return "\n".join(lines)
    lines.append(f"Swing lost per decision (points of win probability, 95% interval): "
                 f"{found.accuracy.text()}")
    per = ", ".join(f"{k} {v.text(1.0, 'games').replace(' n=', ' over n=')}"
                    for k, v in found.per_game.items())
    lines.append(f"Per game analysed on enough rollouts to label: {per}")
    if found.rough.decisions:
        lines.append(f"  note: {rough_text(found.rough)}")
        if again:
            lines.append(f"  analyse them again: {again}")
    # no bar without a cell: "z > 1.64 over 0 cells" named a test that was never run
    bar = (f" at z > {found.critical_z:.2f} over {found.cells_tested} cells"
           if found.cells_tested else "")
    lines.append(f"Costliest habits (situation x decision kind, at least "
                 f"{found.min_decisions} decisions, mean swing lost above your other "
                 f"decisions'{bar}):")
    if not found.cells_tested:  # "none found ... over 0 cells" read as a clean bill
        lines.append(f"  none tested yet: no situation x decision kind cell has "
                     f"{found.min_decisions} decisions")
    elif not found.habits:
        lines.append("  none found")
    for number, h in enumerate(found.habits, 1):
        lines.append(f"  {number}. {DIMENSIONS[h.dimension]} {h.value}, {h.kind}: "
                     f"{h.swing.text()}, {100 * h.swing.total:.0f} points lost in all, "
                     f"z={h.z:.1f}")
        for e in h.examples:
            lines.append(f"       {whole(base, game_link(e.game_id, e.idx))}  "
                         f"{example_game(e, character_name)}  turn {e.turn}  "
                         f"{e.decision}  lost {100 * e.swing:.0f}")
    for dimension, heading in DIMENSIONS.items():
        rows = [g for g in found.breakdowns if g.dimension == dimension]
        if rows:
            lines.append(f"By {heading}:")
            shown = [g.shown(character_name) for g in rows]
            width = max(24, *map(len, shown))  # one column: "Ken Masters vs Ken Masters"
            lines.extend(f"  {label:<{width}} {g.swing.text()}" for label, g in zip(shown, rows, strict=True))
    if found.trend:
        lines.append("By day played:")
        lines.extend(f"  {g.value}  {g.swing.text()}" for g in found.trend)
    return "\n".join(lines)


__all__ = ["as_json", "cmd_insights", "register", "report"]
