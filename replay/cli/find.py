"""``exceed find PATTERN``: moments across the index that match a search pattern.

    exceed find "hit damage>=7 range=1" [--db FILE|DIR] [--limit N] [--json]
                [--port N | --url URL]

Each result is a game, turn, strike and event number (counted from 1, as everywhere:
docs/log-format.md, "Event numbers"), a short description and the dashboard link that
opens the Game page at that event, right after it (``URL/game?game=ID&event=N``; URL:
``--url``, else ``http://127.0.0.1:PORT`` with ``--port``, else ``$EXCEED_DASHBOARD_PORT``,
else 8501: the port ``exceed dashboard`` serves on). A table on a
terminal (the links numbered below it, whole, so they stay clickable), one tab-separated
line per moment otherwise, or JSON. A pattern that does not
make sense is one line naming the column and the token, exit 2 (docs/search.md).
"""

from __future__ import annotations

import argparse
import sys
from urllib.parse import urlencode

import msgspec

from replay.cli import args as types
from replay.cli.errors import EXIT_USAGE, fail
from replay.cli.index import EXIT_BUSY, EXIT_TIMEOUT
from replay.cli.links import add_link_options, base_url, whole
from replay.cli.output import json_text, on_terminal, printable, table
from replay.query import (
    DEFAULT_TIMEOUT,
    IndexBusy,
    IndexMissing,
    MomentRow,
    PatternError,
    QueryError,
    QueryTimeout,
    event_number,
    find_moments,
    open_source,
)
from replay.search.pattern import KINDS, by_note, parse_pattern

DEFAULT_FIND_LIMIT = 100


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = subparsers.add_parser(
        "find", help="find moments matching a pattern across the index",
        description="Find moments across the index, e.g. 'stunned defender by wild_swing', "
                    "'miss card=Shoryuken', 'decked_out', 'boost then strike same turn', "
                    f"'hit damage>=7 range=1'. Kinds: {', '.join(KINDS)}. Grammar and every "
                    "condition: docs/search.md.")
    cmd.add_argument("pattern", metavar="PATTERN", help="the pattern (quote it)")
    cmd.add_argument("--db", type=types.index_path, metavar="FILE|DIR",
                     help="index file or exported Parquet directory (default: $EXCEED_INDEX "
                          "if set, else .exceed/index.duckdb)")
    cmd.add_argument("--limit", type=types.count, default=DEFAULT_FIND_LIMIT, metavar="N",
                     help=f"at most N moments (default {DEFAULT_FIND_LIMIT})")
    cmd.add_argument("--json", action="store_true", help="print the moments as JSON")
    add_link_options(cmd)
    cmd.add_argument("--wait", type=types.seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                     help="seconds to wait while the indexer holds the file "
                          f"(default {DEFAULT_TIMEOUT:g})")
    cmd.set_defaults(func=cmd_find)


def link(base: str, moment: MomentRow) -> str:
    """The dashboard link that opens ``moment``'s game at its event (``replay.cli.links``:
    its values URL-encoded, so an id read from the index is never more than a value)."""
    return whole(base, "/game?" + urlencode({"game": moment.game_id,
                                             "event": event_number(moment.event)}))


def _record(base: str, moment: MomentRow) -> dict[str, object]:
    """``moment`` as JSON: its fields, the events as the numbers users see, the link."""
    return {**msgspec.structs.asdict(moment), "event": event_number(moment.event),
            "events": [event_number(e) for e in moment.events], "link": link(base, moment)}


def cmd_find(args: argparse.Namespace) -> int:
    args.url = base_url(args)
    try:
        pattern = parse_pattern(args.pattern)
        note = by_note(pattern)
        src = open_source(args.db, args.wait)
        moments = find_moments(src, pattern, args.limit)
    except PatternError as error:
        return fail(args, f"pattern: {error}", EXIT_USAGE)
    except QueryTimeout as error:
        return fail(args, str(error), EXIT_TIMEOUT)
    except (QueryError, IndexMissing) as error:
        return fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return fail(args, str(error), EXIT_BUSY)
    if note:  # the pattern reads two ways: say which (docs/search.md, Conditions)
        print(printable(f"exceed find: note: {note}"), file=sys.stderr)
    out = sys.stdout
    if args.json:
        records = [_record(args.url, m) for m in moments]
        out.write(json_text(records) + "\n")
    # the index's values (a game id, the names in a description) are data: escaped, so
    # one from a foreign index can neither drive the terminal nor split a line
    elif on_terminal(out):  # links below the table: folded inside a cell they break
        rows = [[str(i), printable(m.game_id[:12]), str(m.turn), "" if m.strike is None else
                 str(m.strike), str(event_number(m.event)), printable(m.description)]
                for i, m in enumerate(moments, 1)]
        table(out, ["#", "game", "turn", "strike", "event", "moment"], rows,
              caption=f"({len(moments)} moment{'s' if len(moments) != 1 else ''})")
        for i, m in enumerate(moments, 1):
            out.write(f"{i:>3}  {printable(link(args.url, m))}\n")
    else:
        for m in moments:
            strike = "-" if m.strike is None else str(m.strike)
            out.write(f"{printable(m.game_id)}\tturn {m.turn}\tstrike {strike}\t"
                      f"event {event_number(m.event)}\t{printable(m.description)}\t"
                      f"{printable(link(args.url, m))}\n")
    return 0
