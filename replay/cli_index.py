"""``exceed index``, ``exceed query`` and ``exceed export``: build, ask and share the index.

The index lives at ``--db``, else ``$EXCEED_INDEX``, else ``.exceed/index.duckdb`` under
the current directory. Exit codes: 0 success; 1 when ``index`` skipped a file that is
not a readable log; 2 for a usage error (bad filter, refused SQL, no index, a ``--db``
that is not an index); 3 when the index stayed locked by another process past the wait;
4 when a query ran past its time limit (``--timeout``) and was interrupted.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import duckdb
import msgspec

from engine.catalog import default_catalog
from replay.index.export import export_parquet
from replay.index.named import GAMES_LIMIT, NAMED_QUERIES, Filters
from replay.index.writer import (
    DEFAULT_BATCH,
    DEFAULT_INDEX,
    DEFAULT_WAIT,
    INDEX_ENV,
    IndexBusy,
    Indexer,
    NotAnIndex,
    default_index_path,
)
from replay.query import (
    DEFAULT_LIMIT,
    DEFAULT_TIMEOUT,
    SQL_LIMIT,
    IndexMissing,
    QueryError,
    QueryTimeout,
    Source,
    card_names,
    character_name,
    open_source,
    resolve_game_id,
    run_sql,
)

EXIT_SKIPPED = 1
EXIT_USAGE = 2
EXIT_BUSY = 3
EXIT_TIMEOUT = 4

_WHERE = f"default: ${INDEX_ENV} if set, else {DEFAULT_INDEX} under the current directory"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    index = subparsers.add_parser(
        "index", help="index game logs into the DuckDB analytics index",
        description=f"Index .exlog files (directories are scanned recursively) into a DuckDB "
                    f"file ({_WHERE}). Re-indexing is idempotent.")
    index.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                       help=".exlog files or directories to scan for them")
    index.add_argument("--db", type=Path, help=f"index file ({_WHERE})")
    index.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1,
                       help="decoding processes (default: all cores)")
    index.add_argument("--batch", type=_positive, default=DEFAULT_BATCH,
                       help=f"games per transaction (default {DEFAULT_BATCH})")
    index.add_argument("--wait", type=_seconds, default=DEFAULT_WAIT,
                       help="seconds to wait for another indexer or reader "
                            f"(default {DEFAULT_WAIT:g})")
    index.set_defaults(func=cmd_index)

    query = subparsers.add_parser(
        "query", help="run a named analytics query or one read-only SQL SELECT",
        description=f"Query the index ({_WHERE}) or an exported Parquet directory. "
                    "Characters and cards are shown by id with their display names "
                    "beside them (the *_name columns).")
    query.add_argument("name", nargs="?", choices=sorted(NAMED_QUERIES), metavar="NAME",
                       help="; ".join(f"{n}: {NAMED_QUERIES[n].help}"
                                      for n in sorted(NAMED_QUERIES)))
    query.add_argument("--sql", help="a single SELECT / WITH query instead of NAME")
    _source_arguments(query)
    query.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                       help=f"interrupt the query after this many seconds (default "
                            f"{SQL_LIMIT:g} for --sql, {DEFAULT_LIMIT:g} for NAME; 0: no "
                            "limit)")
    query.add_argument("--format", choices=("table", "csv", "json"), default="table",
                       help="output format (default table)")
    for flag, what in _FILTER_HELP.items():
        query.add_argument(f"--{flag}", metavar=flag.upper(), help=what)
    query.add_argument("--seed", type=_count, help="games: only this seed")
    query.add_argument("--min-turns", type=_count, metavar="N",
                       help="games: only games of at least N turns")
    query.add_argument("--max-turns", type=_count, metavar="N",
                       help="games: only games of at most N turns")
    query.add_argument("--limit", type=_count, metavar="N",
                       help=f"print at most N rows (default: {GAMES_LIMIT} for games, "
                            "all for the other queries)")
    query.add_argument("--offset", type=_count, default=0, metavar="N",
                       help="skip the first N rows (with --limit: page through them)")
    query.set_defaults(func=cmd_query)

    export = subparsers.add_parser(
        "export", help="export the index as a hive-partitioned Parquet dataset",
        description="Write DIR/<table>/bucket=<h>/*.parquet for every table.")
    export.add_argument("--parquet", type=Path, required=True, metavar="DIR",
                        help="directory to write the dataset to (tables in it are replaced)")
    _source_arguments(export)
    export.set_defaults(func=cmd_export)


def _source_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, metavar="FILE|DIR",
                        help=f"index file or exported Parquet directory ({_WHERE})")
    parser.add_argument("--wait", type=_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help="seconds to wait while the indexer holds the file "
                             f"(default {DEFAULT_TIMEOUT:g})")


_FILTER_HELP = {
    "character": "games, cards, lengths: only this character id (either seat)",
    "p1": "games: only games with this character id in seat p1",
    "p2": "games: only games with this character id in seat p2",
    "winner": "games: only games this character id won",
    "agent": "games: only games with this agent in either seat",
    "game": "game, strikes: the game id, or a unique prefix of 4+ characters "
            "(such as the 12 the Games table shows)",
}


def _positive(text: str) -> int:
    value = _count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more seconds, got {text!r}")
    return value


def _fail(args: argparse.Namespace, message: str, code: int) -> int:
    print(f"exceed {args.command}: {message}", file=sys.stderr)
    return code


# --- index ----------------------------------------------------------------------------------


def cmd_index(args: argparse.Namespace) -> int:
    db = args.db if args.db is not None else default_index_path()
    if db.is_dir():
        return _fail(args, f"{db} is a directory; --db takes the index file", EXIT_USAGE)

    def say(line: str) -> None:
        print(line, file=sys.stderr)

    indexer = Indexer(db, jobs=args.jobs, batch=args.batch, wait=args.wait, say=say,
                      progress=_progress)
    try:
        report = indexer.run(args.paths)
    except NotAnIndex as error:
        return _fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return _fail(args, str(error), EXIT_BUSY)
    except OSError as error:
        return _fail(args, f"{db}: {error.strerror or error}", EXIT_USAGE)
    except duckdb.Error as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        return _fail(args, f"{db}: {first}", EXIT_USAGE)
    print(f"{report.summary()} -> {db}")
    return EXIT_SKIPPED if report.skipped else 0


def _progress(done: int, total: int, stream: TextIO = sys.stderr) -> None:
    """A one-line progress bar, drawn only on a terminal (silent in CI and pipes)."""
    if not stream.isatty() or total == 0:
        return
    width = 30
    filled = width * done // total
    end = "\n" if done == total else ""
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
    stream.flush()


# --- query ----------------------------------------------------------------------------------


def cmd_query(args: argparse.Namespace) -> int:
    filters = Filters(character=args.character, p1=args.p1, p2=args.p2, winner=args.winner,
                      agent=args.agent, seed=args.seed, min_turns=args.min_turns,
                      max_turns=args.max_turns, game=args.game, limit=args.limit,
                      offset=args.offset)
    limit = args.timeout
    if limit is None:
        limit = SQL_LIMIT if args.sql is not None else DEFAULT_LIMIT
    try:
        if (args.sql is None) == (args.name is None):
            raise QueryError("give either a query NAME or --sql, not both or neither")
        src = open_source(args.db, args.wait, limit)
        if args.sql is not None:
            if filters.given():
                raise QueryError("filters do not apply to --sql; put them in the query")
            names, rows = run_sql(src, args.sql)
        else:
            names, rows = _named(src, args.name, filters)
    except QueryTimeout as error:
        return _fail(args, str(error), EXIT_TIMEOUT)
    except (QueryError, IndexMissing) as error:
        return _fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return _fail(args, str(error), EXIT_BUSY)
    _write(sys.stdout, args.format, names, rows)
    return 0


def _named(src: Source, name: str, filters: Filters) -> tuple[list[str], list[tuple[object, ...]]]:
    query = NAMED_QUERIES[name]
    extra = sorted(filters.given() - query.filters)
    if extra:
        flags = ", ".join("--" + f.replace("_", "-") for f in extra)
        raise QueryError(f"query {name!r} does not take {flags}")
    if filters.game is not None:
        filters = msgspec.structs.replace(filters, game=resolve_game_id(src, filters.game))
    rows = [msgspec.structs.astuple(row) for row in query.run(src, filters)]
    return with_names(list(query.row.__struct_fields__), rows)


CHARACTER_COLUMNS = frozenset({"p1", "p2", "character", "opponent", "a_char", "d_char"})
CARD_COLUMNS = frozenset({"card", "a_card", "d_card", "a_set_card", "d_set_card"})


def with_names(names: list[str], rows: list[tuple[object, ...]]
               ) -> tuple[list[str], list[tuple[object, ...]]]:
    """Put a ``<column>_name`` column, the display name, right after every character and
    card id column of a named query's result (an unknown id names itself)."""
    catalog = default_catalog()
    named = [i for i, n in enumerate(names) if n in CHARACTER_COLUMNS | CARD_COLUMNS]
    if not named:
        return names, rows
    cards = card_names({str(row[i]) for row in rows for i in named
                        if names[i] in CARD_COLUMNS and row[i]}, catalog)

    def display(column: str, value: object) -> object:
        if value is None or value == "":
            return value
        if column in CARD_COLUMNS:
            return cards[str(value)]
        return character_name(str(value), catalog)

    out_names: list[str] = []
    for i, name in enumerate(names):
        out_names += [name, f"{name}_name"] if i in named else [name]
    out_rows = []
    for row in rows:
        cells: list[object] = []
        for i, value in enumerate(row):
            cells += [value, display(names[i], value)] if i in named else [value]
        out_rows.append(tuple(cells))
    return out_names, out_rows


def _write(out: TextIO, fmt: str, names: list[str], rows: Sequence[tuple[object, ...]]) -> None:
    if fmt == "json":
        records = [dict(zip(names, row, strict=True)) for row in rows]
        out.write(msgspec.json.encode(records, enc_hook=str).decode() + "\n")
    elif fmt == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(names)
        writer.writerows(["" if v is None else v for v in row] for row in rows)
    else:
        _write_table(out, names, rows)


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _write_table(out: TextIO, names: list[str], rows: Sequence[tuple[object, ...]]) -> None:
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([len(n), *(len(r[i]) for r in cells)]) for i, n in enumerate(names)]
    out.write("  ".join(n.ljust(w) for n, w in zip(names, widths, strict=True)).rstrip() + "\n")
    for row in cells:
        out.write("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() + "\n")
    out.write(f"({len(rows)} row{'s' if len(rows) != 1 else ''})\n")


# --- export ---------------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    try:
        src = open_source(args.db, args.wait, limit=0)  # an export takes as long as it takes
        if src.kind == "parquet" and Path(src.path).resolve() == args.parquet.resolve():
            raise QueryError("--parquet must differ from the dataset being read")
        written = export_parquet(src, args.parquet)
    except (QueryError, IndexMissing) as error:
        return _fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return _fail(args, str(error), EXIT_BUSY)
    except OSError as error:
        return _fail(args, f"{args.parquet}: {error.strerror or error}", EXIT_USAGE)
    summary = ", ".join(f"{table} {rows}" for table, rows in written.items())
    print(f"exported {summary} row(s) to {args.parquet}")
    return 0
