"""The statistics queries behind the dashboard's Matchups, Fighter, Cards and Games pages.

Counts only (games, wins, strikes, hits, boosts): the intervals and the "not enough
games" threshold are the reader's (``dashboard/stats.py``, defined in docs/metrics.md).
A *fighter* is a seat's spec as the ``games`` table holds it (``ryu``, or ``ryu+ken`` for
a Tag Team). Every value reaches SQL as a parameter.

Matchups are seen from a *row* side against a *column* side. In the **ordered** view
the row is the first seat (p1) and the column the second (p2); in the **unordered**
view every finished game is seen from both seats, so the row is either seat. The
filters follow the sides: ``row_agent`` / ``col_agent`` name the agent that played the
row / column side, ``first`` who went first (``"row"`` or ``"col"``). A mirror game
(one fighter in both seats) seen from both of its seats in one unordered cell tells
nothing (one side won, one lost): it is counted in ``mirrors``, not in ``games``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from replay.index.queries import GameRow, _columns, _fetch, _Where, seat_holds
from replay.index.source import QueryError, Source

View = Literal["ordered", "unordered"]
Side = Literal["row", "col"]


class MatchupCell(msgspec.Struct, frozen=True, kw_only=True):
    """Finished games of ``character`` (the row side) against ``opponent`` (the column
    side) that pass the filters: ``games`` counted, ``wins`` of the row side among them,
    ``mirrors`` mirror games left out (unordered view only)."""

    character: str
    opponent: str
    games: int
    wins: int
    mirrors: int


class FirstPlayerRow(msgspec.Struct, frozen=True, kw_only=True):
    """Finished games and how many of them the player who went first won."""

    games: int
    first_wins: int


class FighterRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One fighter's games (either seat): all of them, ``finished``, ``mirrors`` (finished
    games against itself, which tell nothing about winning), ``wins`` of the other
    finished games, and the average length in turns of the finished games (None when
    none), of those won and of those lost."""

    fighter: str
    games: int
    finished: int
    mirrors: int
    wins: int
    avg_turns: float | None
    avg_turns_won: float | None
    avg_turns_lost: float | None


class CardUsageRow(msgspec.Struct, frozen=True, kw_only=True):
    """One card of one fighter: ``struck`` strikes in which it was the fighter's resolved
    attack (attacking or defending), ``hits``, ``damage``, ``stuns`` (it stunned the
    opponent) and ``wild_swung`` of those; ``boosted``: Boost actions that played it."""

    card: str
    struck: int
    hits: int
    damage: int
    stuns: int
    wild_swung: int
    boosted: int


class GamePage(msgspec.Struct, frozen=True, kw_only=True):
    """One page of the games matching a filter, and how many match in all."""

    total: int
    rows: list[GameRow]


class _Count(msgspec.Struct, frozen=True):
    n: int


def _check_choice(name: str, value: object, allowed: tuple[object, ...]) -> None:
    if value not in allowed:
        raise QueryError(f"{name} must be one of {', '.join(map(str, allowed))}, not {value!r}")


# Every finished game seen from the row side: seat 0 (p1) in the ordered view, each seat
# in the unordered one.
_SIDES = """
WITH sides AS (
    SELECT game_id, p1 AS character, p2 AS opponent, agent1 AS row_agent,
           agent2 AS col_agent, first = 0 AS row_first, winner = 0 AS won, turns
    FROM games WHERE winner IS NOT NULL
    UNION ALL
    SELECT game_id, p2, p1, agent2, agent1, first = 1, winner = 1, turns
    FROM games WHERE winner IS NOT NULL AND ?
)"""


def _side_filters(where: _Where, row_agent: str | None, col_agent: str | None,
                  first: Side | None) -> None:
    if first is not None:
        _check_choice("first", first, ("row", "col"))
        where.add("row_first = ?", first == "row")
    if row_agent is not None:
        where.add("row_agent = ?", row_agent)
    if col_agent is not None:
        where.add("col_agent = ?", col_agent)


def matchup_cells(src: Source, view: View = "unordered", *, row_agent: str | None = None,
                  col_agent: str | None = None, first: Side | None = None,
                  character: str | None = None) -> list[MatchupCell]:
    """Wins per (row fighter, column fighter) over finished games passing the filters
    (see the module docstring), ordered by fighter; ``character`` keeps one row."""
    _check_choice("view", view, ("ordered", "unordered"))
    where = _Where()
    _side_filters(where, row_agent, col_agent, first)
    if character is not None:
        where.add("character = ?", character)
    sql = f"""{_SIDES}, kept AS (
    SELECT character, opponent, won,
           count(*) OVER (PARTITION BY game_id, character, opponent) AS seen
    FROM sides{where.sql()}
)
SELECT character, opponent,
       count(*) FILTER (WHERE seen = 1) AS games,
       coalesce(sum(CASE WHEN won THEN 1 ELSE 0 END) FILTER (WHERE seen = 1), 0) AS wins,
       CAST(count(*) FILTER (WHERE seen = 2) / 2 AS INTEGER) AS mirrors
FROM kept GROUP BY character, opponent ORDER BY character, opponent"""
    return _fetch(src, sql, [view == "unordered", *where.params], MatchupCell)


def first_player_advantage(src: Source, *, p1_agent: str | None = None,
                           p2_agent: str | None = None, character: str | None = None
                           ) -> FirstPlayerRow:
    """Finished games (with ``p1_agent`` / ``p2_agent`` in those seats, and ``character``
    in either seat, if given) and how many the player who went first won."""
    where = _Where()
    where.add("winner IS NOT NULL")
    if p1_agent is not None:
        where.add("agent1 = ?", p1_agent)
    if p2_agent is not None:
        where.add("agent2 = ?", p2_agent)
    if character is not None:
        where.add("(p1 = ? OR p2 = ?)", character, character)
    sql = ("SELECT count(*) AS games, coalesce(sum(CASE WHEN winner = first THEN 1 ELSE 0 "
           f"END), 0) AS first_wins FROM games{where.sql()}")
    return _fetch(src, sql, where.params, FirstPlayerRow)[0]


def fighter_record(src: Source, fighter: str) -> FighterRecord:
    """``fighter``'s games, wins and average game length (see ``FighterRecord``)."""
    sql = """
SELECT ? AS fighter, count(*) AS games, count(winner) AS finished,
       count(*) FILTER (WHERE winner IS NOT NULL AND p1 = p2) AS mirrors,
       count(*) FILTER (WHERE p1 <> p2 AND CASE winner WHEN 0 THEN p1 WHEN 1 THEN p2 END = ?)
           AS wins,
       avg(turns) FILTER (WHERE winner IS NOT NULL) AS avg_turns,
       avg(turns) FILTER (WHERE p1 <> p2 AND CASE winner WHEN 0 THEN p1 WHEN 1 THEN p2 END = ?)
           AS avg_turns_won,
       avg(turns) FILTER (WHERE p1 <> p2 AND CASE winner WHEN 0 THEN p2 WHEN 1 THEN p1 END = ?)
           AS avg_turns_lost
FROM games WHERE p1 = ? OR p2 = ?"""
    return _fetch(src, sql, [fighter] * 6, FighterRecord)[0]


_CARD_USAGE = """
WITH plays AS (
    SELECT a_card AS card, a_hit AS hit, a_damage AS damage, d_stunned AS stun, a_wild AS wild
    FROM strikes WHERE a_char = ? AND a_card <> ''{a_seat}
    UNION ALL
    SELECT d_card, d_hit, d_damage, a_stunned, d_wild
    FROM strikes WHERE d_char = ? AND d_card <> ''{d_seat}
), struck AS (
    SELECT card, count(*) AS struck, count(*) FILTER (WHERE hit) AS hits,
           coalesce(sum(damage), 0) AS damage, count(*) FILTER (WHERE stun) AS stuns,
           count(*) FILTER (WHERE wild) AS wild_swung
    FROM plays GROUP BY card
), boosts AS (
    SELECT card, count(*) AS boosted FROM boosts
    WHERE card IS NOT NULL AND (game_id, player) IN ({seats})
    GROUP BY card
)
SELECT coalesce(s.card, b.card) AS card, coalesce(s.struck, 0) AS struck,
       coalesce(s.hits, 0) AS hits, coalesce(s.damage, 0) AS damage,
       coalesce(s.stuns, 0) AS stuns, coalesce(s.wild_swung, 0) AS wild_swung,
       coalesce(b.boosted, 0) AS boosted
FROM struck s FULL OUTER JOIN boosts b ON s.card = b.card
ORDER BY struck DESC, boosted DESC, card"""


def _fighter_seats(fighter: str, agent: str | None, opp_agent: str | None,
                   first: Side | None) -> tuple[str, list[object]]:
    """SQL selecting ``(game_id, seat)`` of every seat ``fighter`` played that passes the
    filters (its agent, its opponent's, who went first), and its parameters."""
    parts: list[str] = []
    params: list[object] = []
    for seat, own, other in ((0, "agent1", "agent2"), (1, "agent2", "agent1")):
        where = _Where()
        where.add(f"p{seat + 1} = ?", fighter)
        if agent is not None:
            where.add(f"{own} = ?", agent)
        if opp_agent is not None:
            where.add(f"{other} = ?", opp_agent)
        if first is not None:
            where.add(f"(first = {seat}) = ?", first == "row")
        parts.append(f"SELECT game_id, {seat} FROM games{where.sql()}")
        params += where.params
    return " UNION ALL ".join(parts), params


def card_usage(src: Source, fighter: str, agent: str | None = None, *,
               opp_agent: str | None = None, first: Side | None = None) -> list[CardUsageRow]:
    """Per card of ``fighter`` (either seat): strikes with it and their outcomes, from
    ``strikes``; Boost actions that played it, from ``boosts`` (each Boost or Cross
    Boost decision with the card its action event names: the only action events that
    name a card are boosts, ``ActionTaken.card``). Reading ``events`` instead, the
    query took 2.6–3.6 s on a million games; 0.3–0.5 s with ``boosts``. Filters, as
    the Fighter page's win rates take them: ``agent`` keeps the plays of a seat that
    agent played, ``opp_agent`` those against a seat that agent played, ``first`` those
    of a seat that went first (``"row"``) or whose opponent did (``"col"``)."""
    if first is not None:
        _check_choice("first", first, ("row", "col"))
    seats, params = _fighter_seats(fighter, agent, opp_agent, first)
    if agent is None and opp_agent is None and first is None:  # every seat: by a_char
        sql = _CARD_USAGE.format(a_seat="", d_seat="", seats=seats)
        return _fetch(src, sql, [fighter, fighter, *params], CardUsageRow)
    sql = _CARD_USAGE.format(a_seat=f" AND (game_id, attacker) IN ({seats})",
                             d_seat=f" AND (game_id, 1 - attacker) IN ({seats})",
                             seats=seats)
    return _fetch(src, sql, [fighter, *params, fighter, *params, *params], CardUsageRow)


def _game_filters(fighter: str | None, winner: str | None, agent: str | None,
                  seed: int | None, min_turns: int | None, max_turns: int | None,
                  player: str | None = None) -> _Where:
    where = _Where()
    if fighter is not None:  # a Tag Team that includes the fighter counts
        where.add(f"({seat_holds('p1')} OR {seat_holds('p2')})", *[fighter] * 4)
    if winner is not None:
        where.add(seat_holds("CASE winner WHEN 0 THEN p1 WHEN 1 THEN p2 END"), winner, winner)
    if agent is not None:
        where.add("(agent1 = ? OR agent2 = ?)", agent, agent)
    if player is not None:
        where.add("(player1 = ? OR player2 = ?)", player, player)
    if seed is not None:
        where.add("seed = CAST(? AS UBIGINT)", str(seed))
    if min_turns is not None:
        where.add("turns >= ?", min_turns)
    if max_turns is not None:
        where.add("turns <= ?", max_turns)
    return where


def game_page(src: Source, *, fighter: str | None = None, winner: str | None = None,
              agent: str | None = None, seed: int | None = None, min_turns: int | None = None,
              max_turns: int | None = None, limit: int = 100, offset: int = 0,
              order: Sequence[str] | None = None, player: str | None = None,
              newest: bool = False) -> GamePage:
    """Games matching every given filter, ordered by p1, p2, seed and id (``newest``:
    the latest played first, by ``games.played``, the log's time; games without one
    last; then as before): ``limit`` of them from ``offset``, and the number that
    match. ``fighter`` (either seat) and
    ``winner`` (the winning seat) also match a Tag Team that includes them (``ryu`` finds
    ``ryu+ken``); ``agent`` and ``player`` (``games.player1``/``player2``) play either
    seat. ``order``: the seat specs in the order to
    sort them by (e.g. by the names a player reads; specs not in it come last, by id)."""
    if limit < 0 or offset < 0:
        raise QueryError(f"limit and offset must be 0 or more, got {limit} and {offset}")
    if seed is not None and not 0 <= seed < 2**64:
        return GamePage(total=0, rows=[])
    where = _game_filters(fighter, winner, agent, seed, min_turns, max_turns, player)
    total = _fetch(src, f"SELECT count(*) AS n FROM games{where.sql()}", where.params,
                   _Count)[0].n
    ranks = list(order or [])
    latest = "coalesce(played, '') = '', played DESC, " if newest else ""
    rows = _fetch(src, f"SELECT {_columns(GameRow)} FROM games{where.sql()} "
                  f"ORDER BY {latest}coalesce(list_position(?, p1), 1000000), p1, "
                  "coalesce(list_position(?, p2), 1000000), p2, seed, game_id LIMIT ? OFFSET ?",
                  [*where.params, ranks, ranks, limit, offset], GameRow)
    return GamePage(total=total, rows=rows)


def longest_game(src: Source) -> int:
    """The most turns any indexed game lasted (0 for an empty index)."""
    return _fetch(src, "SELECT coalesce(max(turns), 0) AS n FROM games", [], _Count)[0].n
