"""The typed analytics query API over the index: the only SQL the dashboard and CLI use.

Every function takes a ``Source`` (the DuckDB index file, or an exported Parquet
dataset) and returns frozen row structs. All values reach SQL as parameters, never by
string formatting. Connections are short-lived and read-only, so readers never block
the indexer for long and always see the games it has committed.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, NamedTuple, TypeVar

import duckdb
import msgspec
from duckdb import DuckDBPyConnection as Connection

from engine import events as ev
from replay.index_schema import TABLES, column_type
from replay.indexer import (
    IndexBusy,
    NotAnIndex,
    check_index_file,
    connect_retrying,
    default_index_path,
)

__all__ = [
    "NAMED_QUERIES", "AgentRow", "CardRow", "CharacterRow", "CountRow", "Filters", "GameRow",
    "IndexBusy", "IndexMissing", "LengthRow", "MatchupRow", "NamedQuery", "QueryError",
    "QueryTimeout", "Source", "StrikeRow", "agents", "card_performance", "characters", "counts",
    "default_index_path", "game", "game_lengths", "game_strikes", "games",
    "matchup_win_rates", "open_source", "resolve_game_id", "run_sql",
]


class GameRow(msgspec.Struct, frozen=True, kw_only=True):
    """One indexed game (the ``games`` table)."""

    game_id: str
    path: str
    seed: int
    p1: str
    p2: str
    agent1: str
    agent2: str
    first: int
    winner: int | None
    reason: str | None
    turns: int
    strikes: int
    decisions: int
    events: int
    p1_life: int
    p2_life: int
    sealed: bool
    damage: str | None
    card_data: str
    engine: str


class StrikeRow(msgspec.Struct, frozen=True, kw_only=True):
    """One strike of a game: ``replay.strikes.StrikeSummary`` plus its game and characters."""

    game_id: str
    strike: int
    turn: int
    first_event: int
    last_event: int
    attacker: int
    defender: int
    first: int
    a_char: str
    d_char: str
    a_card: str
    d_card: str
    a_set_card: str | None
    d_set_card: str | None
    a_ex: bool
    d_ex: bool
    a_wild: bool
    d_wild: bool
    a_critical: bool
    d_critical: bool
    a_invalid: int
    d_invalid: int
    a_speed: int
    d_speed: int
    a_hit: bool
    d_hit: bool
    a_damage: int
    d_damage: int
    a_absorbed: int
    d_absorbed: int
    a_stunned: bool
    d_stunned: bool
    a_distance: int | None
    d_distance: int | None
    a_space_before: int
    d_space_before: int
    a_space_after: int
    d_space_after: int
    a_life_before: int
    d_life_before: int
    a_life_after: int
    d_life_after: int
    a_gauge_before: int
    d_gauge_before: int
    a_gauge_after: int
    d_gauge_after: int
    advantage: int | None


class MatchupRow(msgspec.Struct, frozen=True, kw_only=True):
    """How ``character`` fares against ``opponent`` over finished games (either seat)."""

    character: str
    opponent: str
    games: int
    wins: int
    win_rate: float


class CardRow(msgspec.Struct, frozen=True, kw_only=True):
    """How one card performs for one character.

    ``struck``: strikes in which the card was the resolved attack; ``hits`` /
    ``hit_rate`` of those; ``damage`` total and ``avg_damage`` per strike; ``stuns``:
    strikes where it stunned the opponent; ``boosted``: times played as a boost;
    ``wild_swung``: strikes where it came from a wild swing.
    """

    character: str
    card: str
    struck: int
    hits: int
    hit_rate: float
    damage: int
    avg_damage: float
    stuns: int
    stun_rate: float
    boosted: int
    wild_swung: int


class LengthRow(msgspec.Struct, frozen=True, kw_only=True):
    """Game-length distribution: how many finished games lasted ``turns`` turns."""

    turns: int
    games: int


class CharacterRow(msgspec.Struct, frozen=True, kw_only=True):
    """A character that appears in the index (either seat)."""

    character: str


class AgentRow(msgspec.Struct, frozen=True, kw_only=True):
    """An agent name that appears in the index (either seat)."""

    agent: str


class CountRow(msgspec.Struct, frozen=True, kw_only=True):
    """How many rows ``table`` holds."""

    table: str
    rows: int


# --- sources ------------------------------------------------------------------------------

DEFAULT_TIMEOUT = 10.0
"""Seconds a reader waits while the indexer holds the DuckDB file."""
DEFAULT_LIMIT = 30.0
"""Seconds any one query may run before it is interrupted (``Source.limit``)."""
SQL_LIMIT = 5.0
"""The default time limit of ``exceed query --sql``."""


class IndexMissing(Exception):
    """There is no index where one was expected. ``str()`` is one line."""


class QueryError(Exception):
    """A refused query or a bad filter value. ``str()`` is one line."""


class QueryTimeout(QueryError):
    """A query ran past its source's time limit and was interrupted. ``str()`` is one line."""


class Source(msgspec.Struct, frozen=True, kw_only=True):
    """Where the index is read from: a DuckDB file, or a Parquet dataset from ``exceed export``.

    Sources are small frozen values (hashable, so a UI can cache on them); every query
    opens a short-lived read-only connection with ``connect()`` and closes it at once.
    ``timeout``: seconds to wait while the indexer holds the file; ``limit``: seconds a
    query may run before it is interrupted (``QueryTimeout``; 0 for no limit).
    """

    kind: Literal["duckdb", "parquet"]
    path: str
    timeout: float = DEFAULT_TIMEOUT
    limit: float = DEFAULT_LIMIT

    @classmethod
    def duckdb(cls, path: str | os.PathLike[str], timeout: float = DEFAULT_TIMEOUT,
               limit: float = DEFAULT_LIMIT) -> Source:
        return cls(kind="duckdb", path=os.fspath(path), timeout=timeout, limit=limit)

    @classmethod
    def parquet(cls, directory: str | os.PathLike[str], limit: float = DEFAULT_LIMIT) -> Source:
        return cls(kind="parquet", path=os.fspath(directory), limit=limit)

    def with_limit(self, limit: float) -> Source:
        """This source with another query time limit (seconds, 0 for none)."""
        return msgspec.structs.replace(self, limit=limit)

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """A read-only connection, closed on exit. A DuckDB file being written is waited
        for (up to ``timeout`` seconds, then ``IndexBusy``), never failed at once."""
        if self.kind == "duckdb":
            if not Path(self.path).is_file():
                raise IndexMissing(_missing_message(self.path))
            _check_file(Path(self.path))
            try:
                con = connect_retrying(Path(self.path), read_only=True, timeout=self.timeout)
            except duckdb.Error as error:
                raise IndexMissing(f"{self.path} is not a DuckDB index: "
                                   f"{_first_line(error)}") from None
        else:
            con = _parquet_connection(Path(self.path))
        try:
            # table names must never resolve to Python variables of the caller
            con.execute("SET python_enable_replacements = false")
            yield con
        finally:
            con.close()


def _missing_message(path: str) -> str:
    return f"no index at {path}: run `exceed index LOGS...` first (or pass --db)"


def _check_file(path: Path) -> None:
    """Refuse a file that is not a DuckDB database before anything is created beside it."""
    try:
        check_index_file(path)
    except NotAnIndex as error:
        raise IndexMissing(str(error)) from None


def open_source(path: str | os.PathLike[str] | None = None,
                timeout: float = DEFAULT_TIMEOUT, limit: float = DEFAULT_LIMIT) -> Source:
    """The source at ``path`` (default: ``default_index_path()``): a directory holding
    ``games/`` is a Parquet dataset, anything else a DuckDB file (which must exist and
    be a DuckDB database: anything else raises ``IndexMissing`` before any file is
    created beside it)."""
    where = Path(path) if path is not None else default_index_path()
    if where.is_dir():
        if (where / "games").is_dir():
            return Source.parquet(where, limit)
        raise IndexMissing(f"{where} is a directory but not an exported index (no games/ in it)")
    if not where.is_file():
        raise IndexMissing(_missing_message(os.fspath(where)))
    _check_file(where)
    return Source.duckdb(where, timeout, limit)


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _parquet_connection(directory: Path) -> duckdb.DuckDBPyConnection:
    """An in-memory connection with one view per table over ``<dir>/<table>/**/*.parquet``."""
    for table in TABLES:
        if not (directory / table).is_dir():
            raise IndexMissing(f"{directory} is not an exported index: {table}/ is missing "
                               f"(run `exceed export --parquet {directory}`)")
    con = duckdb.connect()
    try:
        for table, columns in TABLES.items():
            files = _sql_string(str(directory.resolve() / table / "**" / "*.parquet"))
            select = ", ".join(f'CAST("{n}" AS {column_type(d)}) AS "{n}"' for n, d in columns)
            con.execute(
                f"CREATE VIEW {table} AS SELECT {select} FROM read_parquet({files}, "
                "hive_partitioning = true, hive_types = {'bucket': VARCHAR})"
            )
    except BaseException:
        con.close()
        raise
    return con


@contextmanager
def _locked_down(src: Source, con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """No file access beyond the dataset itself for user SQL.

    DuckDB keeps its temporary directory readable even without external access (by
    default ``.tmp/`` under the current directory, or ``<db>.tmp/`` beside an index
    file), following symlinks in it; so it is pinned first to a fresh private directory,
    removed afterwards, which nobody else can fill.
    """
    private = tempfile.mkdtemp(prefix="exceed-sql-")
    try:
        con.execute(f"SET temp_directory = {_sql_string(private)}")
        if src.kind == "parquet":
            allowed = _sql_string(str(Path(src.path).resolve()) + os.sep)
            con.execute(f"SET allowed_directories = [{allowed}]")
        con.execute("SET enable_external_access = false")
        yield
    finally:
        shutil.rmtree(private, ignore_errors=True)


@contextmanager
def _time_limit(src: Source, con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Interrupt ``con``'s query once it has run ``src.limit`` seconds (``QueryTimeout``)."""
    if src.limit <= 0:
        yield
        return
    guard = threading.Lock()
    state = {"open": True, "fired": False}

    def interrupt() -> None:
        with guard:
            if state["open"]:
                state["fired"] = True
                con.interrupt()

    timer = threading.Timer(src.limit, interrupt)
    timer.daemon = True
    timer.start()
    try:
        yield
    except duckdb.InterruptException:
        if state["fired"]:
            raise QueryTimeout(f"the query ran longer than {src.limit:g} s and was "
                               "interrupted (give a longer time limit, or a narrower "
                               "query)") from None
        raise
    finally:
        with guard:
            state["open"] = False
        timer.cancel()


def _execute(src: Source, con: duckdb.DuckDBPyConnection, sql: str,
             params: Sequence[object] | None, where: str | None
             ) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run one query within ``src``'s time limit: ``(column names, rows)``. A DuckDB
    error becomes a one-line ``QueryError`` (prefixed by ``where``, if given)."""
    try:
        with _time_limit(src, con):
            cursor = con.execute(sql, None if params is None else list(params))
            names = [d[0] for d in cursor.description]
            return names, [tuple(row) for row in cursor.fetchall()]
    except QueryError:
        raise
    except duckdb.Error as error:  # e.g. a file that is not an exceed index
        message = _first_line(error)
        raise QueryError(message if where is None else f"{where}: {message}") from None


# --- queries ------------------------------------------------------------------------------

R = TypeVar("R", bound=msgspec.Struct)


def _columns(row_type: type[msgspec.Struct]) -> str:
    return ", ".join(f'"{name}"' for name in row_type.__struct_fields__)


def _fetch(src: Source, sql: str, params: Sequence[object], row_type: type[R]) -> list[R]:
    with src.connect() as con:
        names, rows = _execute(src, con, sql, params, src.path)
    return [msgspec.convert(dict(zip(names, row, strict=True)), row_type) for row in rows]


class _Where:
    """WHERE clauses from fixed SQL fragments; values only ever travel as parameters."""

    def __init__(self) -> None:
        self.clauses: list[str] = []
        self.params: list[object] = []

    def add(self, clause: str, *params: object) -> None:
        self.clauses.append(clause)
        self.params.extend(params)

    def sql(self) -> str:
        return " WHERE " + " AND ".join(self.clauses) if self.clauses else ""


def _check_count(name: str, value: int | None) -> None:
    if value is not None and value < 0:
        raise QueryError(f"{name} must be 0 or more, got {value}")


def games(src: Source, *, character: str | None = None, p1: str | None = None,
          p2: str | None = None, winner: str | None = None, agent: str | None = None,
          seed: int | None = None, min_turns: int | None = None, max_turns: int | None = None,
          limit: int = 500, offset: int = 0) -> list[GameRow]:
    """Games matching every given filter, ordered by p1, p2 and seed.

    ``character`` and ``agent`` match either seat; ``winner`` is the character that won.
    """
    _check_count("limit", limit)
    _check_count("offset", offset)
    if seed is not None and not 0 <= seed < 2**64:
        return []
    where = _Where()
    if character is not None:
        where.add("(p1 = ? OR p2 = ?)", character, character)
    if p1 is not None:
        where.add("p1 = ?", p1)
    if p2 is not None:
        where.add("p2 = ?", p2)
    if winner is not None:
        where.add("CASE winner WHEN 0 THEN p1 WHEN 1 THEN p2 END = ?", winner)
    if agent is not None:
        where.add("(agent1 = ? OR agent2 = ?)", agent, agent)
    if seed is not None:
        where.add("seed = CAST(? AS UBIGINT)", str(seed))
    if min_turns is not None:
        where.add("turns >= ?", min_turns)
    if max_turns is not None:
        where.add("turns <= ?", max_turns)
    sql = (f"SELECT {_columns(GameRow)} FROM games{where.sql()} "
           "ORDER BY p1, p2, seed, game_id LIMIT ? OFFSET ?")
    return _fetch(src, sql, [*where.params, limit, offset], GameRow)


def game(src: Source, game_id: str) -> GameRow | None:
    """One game by its id (the sha256 of its log), or None."""
    rows = _fetch(src, f"SELECT {_columns(GameRow)} FROM games WHERE game_id = ?",
                  [game_id], GameRow)
    return rows[0] if rows else None


SHORT_ID_MIN = 4
"""The shortest game-id prefix accepted (the Games table shows 12 characters)."""


def resolve_game_id(src: Source, text: str) -> str:
    """The full id of the one game whose id starts with ``text`` (case-insensitive).

    Accepts a whole id or a prefix of at least ``SHORT_ID_MIN`` hex digits, such as the
    12 characters the Games table shows. Raises ``QueryError`` (one line) when ``text`` is
    not hex, too short, or matches no game or more than one.
    """
    prefix = text.strip().lower()
    if not prefix or any(c not in "0123456789abcdef" for c in prefix):
        raise QueryError(f"game id {text!r} is not a hex game id (or a prefix of one)")
    if len(prefix) < SHORT_ID_MIN:
        raise QueryError(f"game id {text!r} is too short: give at least {SHORT_ID_MIN} "
                         "characters")
    with src.connect() as con:
        _, rows = _execute(src, con, "SELECT game_id FROM games WHERE starts_with(game_id, ?) "
                           "ORDER BY game_id LIMIT 3", [prefix], src.path)
    found = [str(r[0]) for r in rows]
    if not found:
        raise QueryError(f"no game in {src.path} has an id starting with {prefix!r}")
    if len(found) > 1:
        more = " and more" if len(found) > 2 else ""
        raise QueryError(f"game id {prefix!r} is ambiguous in {src.path}: it matches "
                         f"{found[0][:16]}…, {found[1][:16]}…{more}; give more characters")
    return found[0]


def game_strikes(src: Source, game_id: str) -> list[StrikeRow]:
    """The strikes of one game, in order."""
    sql = f"SELECT {_columns(StrikeRow)} FROM strikes WHERE game_id = ? ORDER BY strike"
    return _fetch(src, sql, [game_id], StrikeRow)


MATCHUP_SQL = """
WITH sides AS (
    SELECT p1 AS character, p2 AS opponent, CASE WHEN winner = 0 THEN 1 ELSE 0 END AS won
    FROM games WHERE winner IS NOT NULL
    UNION ALL
    SELECT p2 AS character, p1 AS opponent, CASE WHEN winner = 1 THEN 1 ELSE 0 END AS won
    FROM games WHERE winner IS NOT NULL AND p1 <> p2
)
SELECT character, opponent, count(*) AS games,
       CASE WHEN character = opponent THEN count(*) ELSE sum(won) END AS wins,
       CASE WHEN character = opponent THEN 0.5
            ELSE CAST(sum(won) AS DOUBLE) / count(*) END AS win_rate
FROM sides
GROUP BY character, opponent
ORDER BY character, opponent
"""


def matchup_win_rates(src: Source) -> list[MatchupRow]:
    """Win rates per ordered pair of characters over finished games, either seat.

    A mirror game (same character in both seats) counts once; the character both won
    and lost it, so a mirror row has ``wins == games`` and ``win_rate`` 0.5 by
    construction.
    """
    return _fetch(src, MATCHUP_SQL, [], MatchupRow)


_BOOST_REASON_PATH = f"$[{ev.CardMoved.__struct_fields__.index('reason') + 1}]"

CARDS_SQL = """
WITH plays AS (
    SELECT a_char AS character, a_card AS card, a_hit AS hit, a_damage AS damage,
           d_stunned AS stun, a_wild AS wild
    FROM strikes WHERE a_card <> ''
    UNION ALL
    SELECT d_char, d_card, d_hit, d_damage, a_stunned, d_wild
    FROM strikes WHERE d_card <> ''
), struck AS (
    SELECT character, card, count(*) AS struck,
           sum(CASE WHEN hit THEN 1 ELSE 0 END) AS hits, sum(damage) AS damage,
           sum(CASE WHEN stun THEN 1 ELSE 0 END) AS stuns,
           sum(CASE WHEN wild THEN 1 ELSE 0 END) AS wild_swung
    FROM plays GROUP BY character, card
), boosts AS (
    SELECT CASE e.player WHEN 0 THEN g.p1 ELSE g.p2 END AS character, e.card,
           count(*) AS boosted
    FROM events e JOIN games g ON g.game_id = e.game_id
    WHERE e.type = 'card_moved' AND CAST(json_extract_string(e.data, ?) AS INTEGER) = ?
    GROUP BY 1, 2
), merged AS (
    SELECT coalesce(s.character, b.character) AS character, coalesce(s.card, b.card) AS card,
           coalesce(s.struck, 0) AS struck, coalesce(s.hits, 0) AS hits,
           coalesce(s.damage, 0) AS damage, coalesce(s.stuns, 0) AS stuns,
           coalesce(b.boosted, 0) AS boosted, coalesce(s.wild_swung, 0) AS wild_swung
    FROM struck s FULL OUTER JOIN boosts b ON s.character = b.character AND s.card = b.card
)
SELECT character, card, struck, hits,
       CASE WHEN struck > 0 THEN CAST(hits AS DOUBLE) / struck ELSE 0.0 END AS hit_rate,
       damage,
       CASE WHEN struck > 0 THEN CAST(damage AS DOUBLE) / struck ELSE 0.0 END AS avg_damage,
       stuns,
       CASE WHEN struck > 0 THEN CAST(stuns AS DOUBLE) / struck ELSE 0.0 END AS stun_rate,
       boosted, wild_swung
FROM merged
"""


def card_performance(src: Source, character: str | None = None) -> list[CardRow]:
    """Per character and card: strikes with it (attacking or defending), hits, damage,
    stuns and wild swings from ``strikes``; boosts from ``card_moved`` events."""
    where = _Where()
    if character is not None:
        where.add("character = ?", character)
    sql = f"{CARDS_SQL}{where.sql()} ORDER BY character, card"
    params = [_BOOST_REASON_PATH, int(ev.MoveReason.BOOST), *where.params]
    return _fetch(src, sql, params, CardRow)


def game_lengths(src: Source, character: str | None = None) -> list[LengthRow]:
    """How many finished games lasted each number of turns (``character`` in either seat)."""
    where = _Where()
    where.add("winner IS NOT NULL")
    if character is not None:
        where.add("(p1 = ? OR p2 = ?)", character, character)
    sql = f"SELECT turns, count(*) AS games FROM games{where.sql()} GROUP BY turns ORDER BY turns"
    return _fetch(src, sql, where.params, LengthRow)


def characters(src: Source) -> list[str]:
    """Every character in the index, sorted."""
    sql = "SELECT p1 AS character FROM games UNION SELECT p2 FROM games ORDER BY 1"
    return [r.character for r in _fetch(src, sql, [], CharacterRow)]


def agents(src: Source) -> list[str]:
    """Every agent name in the index, sorted."""
    sql = "SELECT agent1 AS agent FROM games UNION SELECT agent2 FROM games ORDER BY 1"
    return [r.agent for r in _fetch(src, sql, [], AgentRow)]


def counts(src: Source) -> dict[str, int]:
    """Rows per table."""
    sql = " UNION ALL ".join(f"SELECT '{t}' AS \"table\", count(*) AS \"rows\" FROM {t}"
                             for t in TABLES)
    return {r.table: r.rows for r in _fetch(src, sql, [], CountRow)}


def run_sql(src: Source, sql: str) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run one read-only SELECT (or WITH ... SELECT) query: ``(column names, rows)``.

    Anything else (DDL, DML, COPY, ATTACH, SET, several statements) raises
    ``QueryError``; the query cannot read or write files outside the index, and is
    interrupted after ``src.limit`` seconds (``QueryTimeout``).
    """
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as error:
        raise QueryError(f"cannot parse the query: {_first_line(error)}") from None
    if len(statements) != 1:
        raise QueryError(f"expected exactly one statement, got {len(statements)}")
    kind = statements[0].type
    if kind != duckdb.StatementType.SELECT:
        raise QueryError(f"only SELECT (or WITH ... SELECT) queries are allowed, not {kind.name}")
    with src.connect() as con, _locked_down(src, con):
        return _execute(src, con, sql, None, None)


def _first_line(error: BaseException) -> str:
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


# --- named queries for the CLI -------------------------------------------------------------


class Filters(msgspec.Struct, frozen=True, kw_only=True):
    """Filter values from the command line; each named query uses some of them."""

    character: str | None = None
    p1: str | None = None
    p2: str | None = None
    winner: str | None = None
    agent: str | None = None
    seed: int | None = None
    min_turns: int | None = None
    max_turns: int | None = None
    game: str | None = None
    limit: int | None = None
    offset: int = 0

    def given(self) -> set[str]:
        """Names of the filters set to something other than their default."""
        defaults = Filters()
        return {name for name in self.__struct_fields__
                if getattr(self, name) != getattr(defaults, name)}


class NamedQuery(NamedTuple):
    """A query the CLI runs by name: ``run(source, filters)`` and the filters it accepts."""

    run: Callable[[Source, Filters], Sequence[msgspec.Struct]]
    row: type[msgspec.Struct]
    filters: frozenset[str]
    help: str


GAMES_LIMIT = 500
"""The rows ``exceed query games`` prints without ``--limit``."""


def _game_rows(src: Source, f: Filters) -> list[GameRow]:
    return games(src, character=f.character, p1=f.p1, p2=f.p2, winner=f.winner,
                 agent=f.agent, seed=f.seed, min_turns=f.min_turns, max_turns=f.max_turns,
                 limit=GAMES_LIMIT if f.limit is None else f.limit, offset=f.offset)


def _paged(run: Callable[[Source, Filters], Sequence[R]]
           ) -> Callable[[Source, Filters], Sequence[R]]:
    """``run`` with ``--limit`` / ``--offset`` applied to its rows."""
    def paged(src: Source, f: Filters) -> Sequence[R]:
        rows = run(src, f)
        end = None if f.limit is None else f.offset + f.limit
        return rows[f.offset:end]
    return paged


def _one_game(src: Source, f: Filters) -> list[GameRow]:
    row = game(src, _required_game(f))
    return [] if row is None else [row]


def _required_game(f: Filters) -> str:
    if f.game is None:
        raise QueryError("this query needs --game GAME_ID")
    return f.game


_PAGING = frozenset({"limit", "offset"})
_GAME_FILTERS = frozenset({"character", "p1", "p2", "winner", "agent", "seed", "min_turns",
                           "max_turns"}) | _PAGING


def _named(run: Callable[[Source, Filters], Sequence[msgspec.Struct]],
           row: type[msgspec.Struct], filters: frozenset[str], what: str) -> NamedQuery:
    """A named query that also takes ``--limit`` and ``--offset``."""
    return NamedQuery(_paged(run), row, filters | _PAGING, what)


NAMED_QUERIES: dict[str, NamedQuery] = {
    "games": NamedQuery(_game_rows, GameRow, _GAME_FILTERS, "games matching the filters"),
    "game": _named(_one_game, GameRow, frozenset({"game"}), "one game by --game ID"),
    "strikes": _named(lambda s, f: game_strikes(s, _required_game(f)), StrikeRow,
                      frozenset({"game"}), "the strikes of --game ID"),
    "matchups": _named(lambda s, f: matchup_win_rates(s), MatchupRow, frozenset(),
                       "win rates per ordered pair of characters"),
    "cards": _named(lambda s, f: card_performance(s, f.character), CardRow,
                    frozenset({"character"}), "card performance per character"),
    "lengths": _named(lambda s, f: game_lengths(s, f.character), LengthRow,
                      frozenset({"character"}), "game length distribution (finished games)"),
    "characters": _named(lambda s, f: [CharacterRow(character=c) for c in characters(s)],
                         CharacterRow, frozenset(), "characters in the index"),
    "agents": _named(lambda s, f: [AgentRow(agent=a) for a in agents(s)], AgentRow,
                     frozenset(), "agents in the index"),
    "counts": _named(lambda s, f: [CountRow(table=t, rows=n) for t, n in counts(s).items()],
                     CountRow, frozenset(), "rows per table"),
}


# --- the replay viewer and upload checks, re-exported so the dashboard imports only this --

from replay.upload import UploadReport, inspect_upload  # noqa: E402
from replay.viewer import (  # noqa: E402
    PERSPECTIVES,
    Ending,
    FighterLife,
    Frame,
    GameReplay,
    GameUnavailable,
    LifePoint,
    Perspective,
    PlayerFrame,
    SideFrame,
    StrikeFrame,
    Switch,
    card_names,
    character_name,
    fighter_lives,
    frame,
    life_series,
    open_game,
    open_game_bytes,
    strike_positions,
    switches,
)

__all__ += [
    "PERSPECTIVES",
    "Ending",
    "FighterLife",
    "Frame",
    "GameReplay",
    "GameUnavailable",
    "LifePoint",
    "Perspective",
    "PlayerFrame",
    "SideFrame",
    "StrikeFrame",
    "Switch",
    "UploadReport",
    "card_names",
    "character_name",
    "fighter_lives",
    "frame",
    "inspect_upload",
    "life_series",
    "open_game",
    "open_game_bytes",
    "strike_positions",
    "switches",
]
