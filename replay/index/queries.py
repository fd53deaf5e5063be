"""The typed analytics queries over the index: row types and the SQL behind them.

Every function takes a ``Source`` (``replay.index.source``) and returns frozen row
structs; all values reach SQL as parameters, never by string formatting. The strike rows
are ``replay.strikes.StrikeRow``, the one strike summary keyed by its game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import duckdb
import msgspec

from replay.index.sandbox import run_isolated
from replay.index.schema import AGGREGATES, TABLES
from replay.index.source import QueryError, Source, capped_rows, execute, first_line
from replay.quoting import quoted, shortened
from replay.strikes import StrikeRow


class GameRow(msgspec.Struct, frozen=True, kw_only=True):
    """One indexed game (the ``games`` table): ``player1`` / ``player2`` played its
    seats (``replay.players.seat_player``), ``played`` is when (ISO 8601 UTC)."""

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
    player1: str
    player2: str
    played: str


class MatchupRow(msgspec.Struct, frozen=True, kw_only=True):
    """How ``character`` (the row side, from either seat) fares against ``opponent`` over
    finished games: ``games`` counted in the win rate, ``wins`` of the row side among
    them, ``win_rate`` = wins / games (None when no game counts), and ``mirrors``: mirror
    games (one character in both seats, both seats passing the filter), each counted
    once and left out of ``games``, ``wins`` and the rate, as on the dashboard's Matchups
    page (docs/metrics.md)."""

    character: str
    opponent: str
    games: int
    wins: int
    win_rate: float | None
    mirrors: int


class CardRow(msgspec.Struct, frozen=True, kw_only=True):
    """How one card performs for one character.

    ``struck``: strikes in which the card was the resolved attack; ``hits`` /
    ``hit_rate`` of those; ``damage`` total and ``avg_damage`` per strike; ``stuns``:
    strikes where it stunned the opponent (``stun_rate`` of those); ``boosted``: Boost
    actions that played it (Boost or Cross Boost, the ``boosts`` rows naming it; not a
    card an effect moved to the boost area); ``wild_swung``: strikes where it came from a
    wild swing. The three per-strike figures are None for a card never struck (only
    boosted), as ``MatchupRow.win_rate`` is with no game: not a rate of 0.
    """

    character: str
    card: str
    struck: int
    hits: int
    hit_rate: float | None
    damage: int
    avg_damage: float | None
    stuns: int
    stun_rate: float | None
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


R = TypeVar("R", bound=msgspec.Struct)


def _columns(row_type: type[msgspec.Struct]) -> str:
    return ", ".join(f'"{name}"' for name in row_type.__struct_fields__)


def _fetch(src: Source, sql: str, params: Sequence[object], row_type: type[R]) -> list[R]:
    with src.connect() as con:
        names, rows = execute(src, con, sql, params, src.path)
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


def seat_holds(spec: str) -> str:
    """SQL true when the seat spec ``spec`` (a column or expression) is a character, given
    twice as parameters, or a Tag Team that includes it (``ryu`` in ``ryu+ken``)."""
    return f"({spec} = ? OR list_contains(string_split({spec}, '+'), ?))"


def _check_count(name: str, value: int | None) -> None:
    if value is not None and value < 0:
        raise QueryError(f"{name} must be 0 or more, got {value}")


def games(src: Source, *, character: str | None = None, p1: str | None = None,
          p2: str | None = None, winner: str | None = None, agent: str | None = None,
          seed: int | None = None, min_turns: int | None = None, max_turns: int | None = None,
          limit: int = 500, offset: int = 0, player: str | None = None) -> list[GameRow]:
    """Games matching every given filter, ordered by p1, p2 and seed.

    ``character``, ``agent`` and ``player`` match either seat; ``winner`` is the
    character that won. A character (``character``, ``p1``, ``p2``, ``winner``) matches a
    seat's spec or a Tag Team that includes it (``ryu`` finds ``ryu+ken``), as the Games
    page's filters do (``stats_queries.game_page``).
    """
    _check_count("limit", limit)
    _check_count("offset", offset)
    if seed is not None and not 0 <= seed < 2**64:
        return []
    where = _Where()
    if character is not None:
        where.add(f"({seat_holds('p1')} OR {seat_holds('p2')})", *[character] * 4)
    if p1 is not None:
        where.add(seat_holds("p1"), p1, p1)
    if p2 is not None:
        where.add(seat_holds("p2"), p2, p2)
    if winner is not None:
        where.add(seat_holds("CASE winner WHEN 0 THEN p1 WHEN 1 THEN p2 END"), winner, winner)
    if agent is not None:
        where.add("(agent1 = ? OR agent2 = ?)", agent, agent)
    if player is not None:
        where.add("(player1 = ? OR player2 = ?)", player, player)
    if seed is not None:
        where.add("seed = CAST(? AS UBIGINT)", str(seed))
    if min_turns is not None:
        where.add("turns >= ?", _turns_bound(min_turns))
    if max_turns is not None:
        where.add("turns <= ?", _turns_bound(max_turns))
    sql = (f"SELECT {_columns(GameRow)} FROM games{where.sql()} "
           "ORDER BY p1, p2, seed, game_id LIMIT ? OFFSET ?")
    return _fetch_games(src, sql, [*where.params, capped_rows(limit), capped_rows(offset)])


def _turns_bound(turns: int) -> int:
    """A bound on a game's turns as a 64-bit parameter, meaning the same: a game has at
    most 100,000 turns, so any bound past 2**62 either way selects as that one does (a
    bound past 2**127 met DuckDB's error, echoing every digit)."""
    return max(-(2**62), min(turns, 2**62))


def game(src: Source, game_id: str) -> GameRow | None:
    """One game by its id (the sha256 of its log), or None."""
    rows = _fetch_games(src, f"SELECT {_columns(GameRow)} FROM games WHERE game_id = ?",
                        [game_id])
    return rows[0] if rows else None


def games_by_id(src: Source, game_ids: Sequence[str]) -> dict[str, GameRow]:
    """The games of ``game_ids`` that the index holds, by id (one query: the Search
    page names the game of each of its up to 100 moments)."""
    if not game_ids:
        return {}
    marks = ", ".join("?" for _ in game_ids)
    rows = _fetch_games(src, f"SELECT {_columns(GameRow)} FROM games "
                        f"WHERE game_id IN ({marks})", list(game_ids))
    return {row.game_id: row for row in rows}


def _fetch_games(src: Source, sql: str, params: Sequence[object]) -> list[GameRow]:
    """``GameRow``s; an index built before the games had players is one clear line."""
    try:
        return _fetch(src, sql, params, GameRow)
    except QueryError:
        check_players(src)
        raise


def check_players(src: Source) -> None:
    """Raise ``QueryError`` (one line) when ``src``'s games have no players per seat: an
    index built by an older ``exceed index`` (schema version 4 or less). Another DuckDB
    file (no ``schema_version`` table) passes: the caller's own error says what it is."""
    with src.connect() as con:
        _, rows = execute(src, con, "SELECT count(*) FILTER (column_name = 'player1'), "
                          "(SELECT count(*) FROM information_schema.tables "
                          "WHERE table_name = 'schema_version') FROM information_schema.columns "
                          "WHERE table_name = 'games'", [], src.path)
    if src.kind == "duckdb" and rows and not rows[0][1]:
        return
    if rows and not rows[0][0]:
        raise QueryError(f"{src.path} was built by an older `exceed index` (its games have "
                         "no players): run `exceed index LOGS...` on it again to rebuild it")


SHORT_ID_MIN = 4
"""The shortest game-id prefix accepted (the Games table shows 12 characters)."""
SHOWN_ID = 80
"""The characters of a game id a refusal shows: a whole id (64 hex digits) and a few
more; a longer text (a 5,000-character ``?game=``) is cut short (``replay.quoting``)."""


def resolve_game_id(src: Source, text: str) -> str:
    """The full id of the one game whose id starts with ``text`` (case-insensitive).

    Accepts a whole id or a prefix of at least ``SHORT_ID_MIN`` hex digits, such as the
    12 characters the Games table shows. Raises ``QueryError`` (one line) when ``text`` is
    not hex, too short, or matches no game or more than one.
    """
    prefix = text.strip().lower()
    if not prefix or any(c not in "0123456789abcdef" for c in prefix):
        raise QueryError(f"game id {quoted(text, SHOWN_ID)} is not a hex game id (or a "
                         "prefix of one)")
    if len(prefix) < SHORT_ID_MIN:
        raise QueryError(f"game id {quoted(text, SHOWN_ID)} is too short: give at least "
                         f"{SHORT_ID_MIN} characters")
    with src.connect() as con:
        _, rows = execute(src, con, "SELECT game_id FROM games WHERE starts_with(game_id, ?) "
                           "ORDER BY game_id LIMIT 3", [prefix], src.path)
    found = [str(r[0]) for r in rows]
    if not found:
        raise QueryError(f"no game in {src.path} has an id starting with "
                         f"{quoted(prefix, SHOWN_ID)}")
    if len(found) > 1:
        more = " and more" if len(found) > 2 else ""
        raise QueryError(f"game id {quoted(prefix, SHOWN_ID)} is ambiguous in {src.path}: "
                         "it matches "
                         f"{found[0][:16]}…, {found[1][:16]}…{more}; give more characters")
    return found[0]


def game_strikes(src: Source, game_id: str) -> list[StrikeRow]:
    """The strikes of one game, in order."""
    sql = f"SELECT {_columns(StrikeRow)} FROM strikes WHERE game_id = ? ORDER BY strike"
    return _fetch(src, sql, [game_id], StrikeRow)


def matchup_sql(agent: bool) -> str:
    """The matchup query; with ``agent``, its four parameters name the agent of the row
    side. Each finished game is seen from seat p1, then from seat p2 unless it is a
    mirror seen from p1 already: a mirror game counts once, in ``mirrors``."""
    p1_side, p2_side, p2_too, p1_too = (
        (" AND agent1 = ?", " AND agent2 = ?", "agent2 = ?", "agent1 = ?") if agent
        else ("", "", "TRUE", "TRUE"))
    return f"""
WITH sides AS (
    SELECT p1 AS character, p2 AS opponent, winner = 0 AS won, p1 = p2 AND {p2_too} AS mirror
    FROM games WHERE winner IS NOT NULL{p1_side}
    UNION ALL
    SELECT p2 AS character, p1 AS opponent, winner = 1 AS won, FALSE AS mirror
    FROM games WHERE winner IS NOT NULL AND NOT (p1 = p2 AND {p1_too}){p2_side}
)
SELECT character, opponent, count(*) FILTER (WHERE NOT mirror) AS games,
       count(*) FILTER (WHERE won AND NOT mirror) AS wins,
       CASE WHEN count(*) FILTER (WHERE NOT mirror) > 0
            THEN CAST(count(*) FILTER (WHERE won AND NOT mirror) AS DOUBLE)
                 / count(*) FILTER (WHERE NOT mirror) END AS win_rate,
       count(*) FILTER (WHERE mirror) AS mirrors
FROM sides
GROUP BY character, opponent
ORDER BY character, opponent
"""


MATCHUP_SQL = matchup_sql(agent=False)
"""The matchup query over every game (``replay/spark_job.py`` holds a copy)."""


def matchup_win_rates(src: Source, agent: str | None = None) -> list[MatchupRow]:
    """Win rates per ordered pair of characters over finished games, either seat (the
    dashboard's unordered view: ``stats_queries.matchup_cells``). A mirror game (same
    character in both seats) counts once, in ``mirrors``: one side won and the other
    lost, which says nothing of the character, so it is left out of ``games``, ``wins``
    and ``win_rate`` (None when only mirrors remain). ``agent`` keeps the sides that
    agent played (the dashboard's "Row fighter played by"): a mirror game whose other
    seat another agent played then counts as a game like any other."""
    if agent is None:
        return _fetch(src, MATCHUP_SQL, [], MatchupRow)
    return _fetch(src, matchup_sql(agent=True), [agent] * 4, MatchupRow)


CARDS_SQL = """
WITH merged AS (
    SELECT character, card, sum(struck) AS struck, sum(hits) AS hits,
           sum(damage) AS damage, sum(stuns) AS stuns, sum(boosted) AS boosted,
           sum(wild_swung) AS wild_swung
    FROM card_totals{where} GROUP BY character, card
)
SELECT character, card, struck, hits,
       CASE WHEN struck > 0 THEN CAST(hits AS DOUBLE) / struck END AS hit_rate,
       damage,
       CASE WHEN struck > 0 THEN CAST(damage AS DOUBLE) / struck END AS avg_damage,
       stuns,
       CASE WHEN struck > 0 THEN CAST(stuns AS DOUBLE) / struck END AS stun_rate,
       boosted, wild_swung
FROM merged
WHERE struck > 0 OR boosted > 0
ORDER BY character, card
"""


def card_performance(src: Source, character: str | None = None,
                     agent: str | None = None) -> list[CardRow]:
    """Per character and card: strikes with it (attacking or defending: each side of a
    ``strikes`` row whose card is set), hits, damage, stuns of the opponent and wild
    swings; Boost actions that played it (``boosts``, by the seat's character). Read
    from ``card_totals``, the sums the indexer keeps per batch (a table of a few rows per
    thousand games, keyed by the side's agent too), not from ``strikes`` and ``boosts``.
    ``agent`` keeps the plays of the seats that agent played, as the dashboard's Cards
    page does (``stats_queries.card_usage``)."""
    where = _Where()
    if character is not None:
        where.add("character = ?", character)
    if agent is not None:
        where.add("agent = ?", agent)
    return _fetch(src, CARDS_SQL.format(where=where.sql()), where.params, CardRow)


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
                             for t in TABLES if t not in AGGREGATES)
    return {r.table: r.rows for r in _fetch(src, sql, [], CountRow)}


def run_sql(src: Source, sql: str) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run one read-only SELECT (or WITH ... SELECT) query: ``(column names, rows)``.

    Anything else (DDL, DML, COPY, ATTACH, SET, several statements) raises
    ``QueryError``; the query runs in a child process (``replay.index.sandbox``), cannot
    read or write files outside the index, and is stopped after ``src.limit`` seconds
    (``QueryTimeout``) or past its memory limits (``QueryOutOfMemory``).
    """
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as error:
        # DuckDB's parser echoes the query from the error on: cut, as execute cuts errors
        raise QueryError(f"cannot parse the query: {shortened(first_line(error))}") from None
    if len(statements) != 1:
        raise QueryError(f"expected exactly one statement, got {len(statements)}")
    kind = statements[0].type
    if kind != duckdb.StatementType.SELECT:
        raise QueryError("only SELECT (or WITH ... SELECT) queries are allowed, not "
                         f"{_statement_word(statements[0].query, kind.name)}")
    return run_isolated(src, sql)


def _statement_word(query: str, kind: str) -> str:
    """The refused statement as it was typed: its first word (``INSTALL``, which DuckDB
    files under ``LOAD``), or DuckDB's kind when the first word is no statement's (a
    ``WITH`` before an ``INSERT``)."""
    first = query.split(None, 1)[0].upper() if query.strip() else ""
    return first if first.isalpha() and first != "WITH" else kind
