"""``exceed index``, ``exceed query`` and ``exceed export``: build, ask and share the index.

The index lives at ``--db``, else ``$EXCEED_INDEX``, else ``.exceed/index.duckdb`` under
the current directory. Exit codes: 0 success; 1 when ``index`` skipped a file that is
not a readable log, or a folder it was given holds no log or cannot be read (named in
one line, not counted as a skipped file); 2 for a usage error (bad filter, refused SQL, no index, a ``--db``
that is not an index); 3 when the index stayed locked by another process past the wait;
4 when a query was stopped by its time limit (``--timeout``) or, for ``--sql``, its
memory limit.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

import duckdb

from replay.cli import args as types
from replay.cli.errors import EXIT_USAGE, fail
from replay.cli.output import printable, progress
from replay.cli.queries import (
    GAMES_LIMIT,
    NAMED_QUERIES,
    Filters,
    cut_default,
    player_note,
    run_named,
    team_order_note,
    write_rows,
)
from replay.index.analysis import AnalysisDirError, load_analysis_dir
from replay.index.export import export_parquet, not_an_export, overlap
from replay.index.locks import IndexBusy, NotAnIndex
from replay.index.writer import (
    DEFAULT_BATCH,
    DEFAULT_INDEX,
    DEFAULT_WAIT,
    INDEX_ENV,
    Indexer,
    default_index_path,
)
from replay.query import (
    DEFAULT_LIMIT,
    DEFAULT_TIMEOUT,
    SQL_LIMIT,
    IndexMissing,
    QueryError,
    QueryLimit,
    first_line,
    open_source,
    run_sql,
)
from replay.quoting import file_named

EXIT_SKIPPED = 1
EXIT_BUSY = 3
EXIT_TIMEOUT = 4

_WHERE = f"default: ${INDEX_ENV} if set, else {DEFAULT_INDEX} under the current directory"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    index = subparsers.add_parser(
        "index", help="index game logs into the DuckDB analytics index",
        description=f"Index .exlog files (directories are scanned recursively) into a DuckDB "
                    f"file ({_WHERE}). Re-indexing is idempotent.")
    index.add_argument("paths", nargs="*", type=types.path, metavar="PATH",
                       help=".exlog files or directories to scan for them")
    index.add_argument("--analysis", type=types.folder, metavar="DIR",
                       help="also load the analyses in DIR (the Parquet output of "
                            "replay/spark_analyze.py, docs/scaling.md)")
    index.add_argument("--db", type=types.index_path, help=f"index file ({_WHERE})")
    index.add_argument("--jobs", type=types.jobs, default=os.cpu_count() or 1,
                       help="decoding processes (default: all cores)")
    index.add_argument("--batch", type=types.positive, default=DEFAULT_BATCH,
                       help=f"games per transaction (default {DEFAULT_BATCH})")
    index.add_argument("--wait", type=types.seconds, default=DEFAULT_WAIT,
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
    query.add_argument("--timeout", type=types.seconds, metavar="SECONDS",
                       help=f"interrupt the query after this many seconds (default "
                            f"{SQL_LIMIT:g} for --sql, {DEFAULT_LIMIT:g} for NAME; 0: no "
                            "limit)")
    query.add_argument("--format", choices=("table", "csv", "json"), default="table",
                       help="output format (default table)")
    for flag, what in _FILTER_HELP.items():
        query.add_argument(f"--{flag}", metavar=flag.upper(), help=what)
    query.add_argument("--seed", type=types.seed, help="games: only this seed")
    query.add_argument("--min-turns", type=types.count, metavar="N",
                       help="games: only games of at least N turns")
    query.add_argument("--max-turns", type=types.count, metavar="N",
                       help="games: only games of at most N turns")
    query.add_argument("--limit", type=types.count, metavar="N",
                       help=f"print at most N rows (default: {GAMES_LIMIT} for games, "
                            "all for the other queries)")
    query.add_argument("--offset", type=types.count, default=0, metavar="N",
                       help="skip the first N rows (with --limit: page through them)")
    query.set_defaults(func=cmd_query)

    export = subparsers.add_parser(
        "export", help="export the index as a hive-partitioned Parquet dataset",
        description="Write DIR/<table>/bucket=<h>/*.parquet for every table.")
    export.add_argument("--parquet", type=types.export_folder, required=True, metavar="DIR",
                        help="directory to write the dataset to (its table folders are "
                             "replaced; one holding anything an export does not write is "
                             "refused)")
    _source_arguments(export)
    export.set_defaults(func=cmd_export)


def _source_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=types.index_path, metavar="FILE|DIR",
                        help=f"index file or exported Parquet directory ({_WHERE})")
    parser.add_argument("--wait", type=types.seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help="seconds to wait while the indexer holds the file "
                             f"(default {DEFAULT_TIMEOUT:g})")


_FILTER_HELP = {
    "character": "games, cards, lengths, players: only this character id (either seat; "
                 "players: the games played as it)",
    "p1": "games: only games with this character id in seat p1",
    "p2": "games: only games with this character id in seat p2",
    "winner": "games: only games this character id won",
    "agent": "games: only games with this agent in either seat; matchups: only the sides "
             "this agent played (the row character's); cards: only the plays of the seats "
             "this agent played",
    "player": "games, players: only games this player played (either seat; an agent "
              "game's players are its agents)",
    "game": "game, strikes: the game id, or a unique prefix of 4+ characters "
            "(such as the 12 the Games table shows)",
}


# --- index ----------------------------------------------------------------------------------


def cmd_index(args: argparse.Namespace) -> int:
    db = args.db if args.db is not None else default_index_path()
    if db.is_dir():
        return fail(args, f"{db} is a directory; --db takes the index file", EXIT_USAGE)

    def say(line: str) -> None:
        print(printable(line), file=sys.stderr)

    if not args.paths and args.analysis is None:
        return fail(args, "give PATH... (logs to index), --analysis DIR, or both", EXIT_USAGE)
    if not args.paths:
        return _load_analysis(args, db, say)
    try:
        with progress("index") as advance:
            indexer = Indexer(db, jobs=args.jobs, batch=args.batch, wait=args.wait, say=say,
                              progress=advance)
            report = indexer.run(args.paths)
    except NotAnIndex as error:
        return fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return fail(args, str(error), EXIT_BUSY)
    except OSError as error:
        named = db if error.filename is None else error.filename
        return fail(args, f"{file_named(named)}: {error.strerror or error}", EXIT_USAGE)
    except duckdb.Error as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        return fail(args, f"{db}: {first}", EXIT_USAGE)
    print(printable(f"{report.summary()} -> {db}"))  # a name is data
    code = EXIT_SKIPPED if report.skipped or report.empty or report.unreadable_folders else 0
    if args.analysis is not None:
        code = max(code, _load_analysis(args, db, say))
    return code


def _load_analysis(args: argparse.Namespace, db: Path, say: Callable[[str], None]) -> int:
    """``--analysis DIR``: store the Parquet analyses in ``db`` (one transaction)."""
    try:
        games, points, unindexed = load_analysis_dir(db, args.analysis, wait=args.wait,
                                                     say=say)
    except (AnalysisDirError, NotAnIndex) as error:
        return fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return fail(args, str(error), EXIT_BUSY)
    print(printable(f"loaded the analyses of {games} game(s), {points} point(s), from "
                    f"{args.analysis} -> {db}"))
    if unindexed:
        print(printable(f"exceed index: note: {unindexed} of those game(s) are not in {db}: "
                        "their analyses are stored, but no page or `exceed insights` shows "
                        "them until their logs are indexed (`exceed index LOGS... --db ...`)"),
              file=sys.stderr)
    return 0


# --- query ----------------------------------------------------------------------------------


def cmd_query(args: argparse.Namespace) -> int:
    filters = Filters(character=args.character, p1=args.p1, p2=args.p2, winner=args.winner,
                      agent=args.agent, player=args.player, seed=args.seed,
                      min_turns=args.min_turns,
                      max_turns=args.max_turns, game=args.game, limit=args.limit,
                      offset=args.offset)
    limit = args.timeout
    if limit is None:
        limit = SQL_LIMIT if args.sql is not None else DEFAULT_LIMIT
    note: str | None = None
    try:
        if (args.sql is None) == (args.name is None):
            raise QueryError("give either a query NAME or --sql, not both or neither")
        src = open_source(args.db, args.wait, limit)
        if args.sql is not None:
            if filters.given():
                raise QueryError("filters do not apply to --sql; put them in the query")
            names, rows = run_sql(src, args.sql)
        else:
            names, rows = run_named(src, args.name, filters)
            rows, note = cut_default(args.name, filters, rows)
            if not rows:
                note = team_order_note(src, filters) or player_note(src, filters)
    except QueryLimit as error:
        return fail(args, str(error), EXIT_TIMEOUT)
    except (QueryError, IndexMissing) as error:
        return fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return fail(args, str(error), EXIT_BUSY)
    write_rows(sys.stdout, args.format, names, rows)
    if note is not None:
        sys.stdout.flush()
        print(f"exceed query: note: {note}", file=sys.stderr)
    return 0


# --- export ---------------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    try:
        if os.path.lexists(args.parquet) and not args.parquet.is_dir():
            raise QueryError(f"--parquet {file_named(args.parquet)} is not a folder; "
                             "--parquet takes the folder to write the dataset into")
        src = open_source(args.db, args.wait, limit=0)  # an export takes as long as it takes
        if src.kind == "parquet" and Path(src.path).resolve() == args.parquet.resolve():
            raise QueryError("--parquet must differ from the dataset being read")
        problem = overlap(src, args.parquet)
        if problem is not None:
            raise QueryError(f"{problem}; write the export elsewhere")
        problem = not_an_export(args.parquet)
        if problem is not None:
            raise QueryError(f"{problem}; refusing to replace it (an export replaces "
                             "each table folder whole): write the export elsewhere")
        written = export_parquet(src, args.parquet)
    except (QueryError, IndexMissing) as error:
        return fail(args, str(error), EXIT_USAGE)
    except IndexBusy as error:
        return fail(args, str(error), EXIT_BUSY)
    except OSError as error:
        return fail(args, f"{file_named(args.parquet)}: {error.strerror or error}", EXIT_USAGE)
    except duckdb.Error as error:
        db = args.db if args.db is not None else default_index_path()
        if isinstance(error, (duckdb.InvalidInputException, duckdb.IOException)):
            # an export with a damaged file (a partition file that is not Parquet)
            return fail(args, f"{db}: cannot be read whole: {first_line(error)}; "
                        f"{args.parquet} is left as it was", EXIT_USAGE)
        # a DuckDB file without the index's tables (a Catalog or Binder error)
        return fail(args, f"{db} is not an exceed index: {first_line(error)}; "
                    f"{args.parquet} is left as it was", EXIT_USAGE)
    summary = ", ".join(f"{table} {rows}" for table, rows in written.items())
    print(printable(f"exported {summary} row(s) to {args.parquet}"))  # a name is data
    return 0
