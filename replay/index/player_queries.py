"""Each player's record over the index: the people (and, in agent games, the agents)
who played, with their games, wins and losses, the fighters they played and when they
last played (``exceed query players``).

A player is the name a seat was played under (``games.player1`` / ``player2``,
``replay.players.seat_player``): a person's typed name, a guest's ``P2 (guest)``, or an
agent's name in an agent game. A game counts once for each player in it. A game whose
two seats have one player (``heuristic`` against itself, one person at both seats of a
terminal) is counted as a game of that player, in ``both_seats``, and never as a win
or a loss: it says nothing of the player against others. ``win_rate`` is wins over
wins and losses (the games they finished against another player); ``unfinished`` are
the games with no winner yet.

One player's page (the dashboard's Players page) reads ``player_fighters`` (their record
per fighter) and ``player_games`` (their newest games).
"""

from __future__ import annotations

import msgspec

from replay.index.queries import GameRow, _columns, check_players
from replay.index.source import QueryError, Source, execute


class PlayerRow(msgspec.Struct, frozen=True, kw_only=True):
    """One player's record (module docstring): ``characters`` are the fighters they
    played (ids, comma-separated, most played first), ``last_played`` the latest game's
    time (ISO 8601 UTC)."""

    player: str
    games: int
    wins: int
    losses: int
    unfinished: int
    both_seats: int
    win_rate: float | None
    characters: str
    last_played: str


_SQL = """
WITH seats AS (
    SELECT player1 AS player, p1 AS character, winner, 0 AS seat, player1 = player2 AS own,
           played, game_id FROM games
    UNION ALL
    SELECT player2, p2, winner, 1, player1 = player2, played, game_id FROM games
), mine AS (SELECT * FROM seats {where}
), record AS (
    SELECT player,
           count(DISTINCT game_id) AS games,
           count(*) FILTER (WHERE NOT own AND winner = seat) AS wins,
           count(*) FILTER (WHERE NOT own AND winner = 1 - seat) AS losses,
           count(DISTINCT game_id) FILTER (WHERE winner IS NULL) AS unfinished,
           count(DISTINCT game_id) FILTER (WHERE own) AS both_seats,
           max(played) AS last_played
    FROM mine GROUP BY player
), fighters AS (
    SELECT player, string_agg(character, ',' ORDER BY n DESC, character) AS characters
    FROM (SELECT player, character, count(*) AS n FROM mine GROUP BY player, character)
    GROUP BY player
)
SELECT r.player, r.games, r.wins, r.losses, r.unfinished, r.both_seats,
       CASE WHEN r.wins + r.losses > 0 THEN r.wins / (r.wins + r.losses) END AS win_rate,
       f.characters, r.last_played
FROM record r JOIN fighters f USING (player)
ORDER BY r.games DESC, r.player
"""


def player_records(src: Source, player: str | None = None,
                   character: str | None = None) -> list[PlayerRow]:
    """Every player's record, most games first; only ``player`` if given, and only the
    games they played as ``character`` (a fighter id: a Tag Team seat holding it counts)
    if given. An index built before games had players is one clear line
    (``check_players``)."""
    clauses: list[str] = []
    params: list[object] = []
    if player is not None:
        clauses.append("player = ?")
        params.append(player)
    if character is not None:
        clauses.append("(character = ? OR list_contains(string_split(character, '+'), ?))")
        params += [character, character]
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    sql = _SQL.format(where=where)
    try:
        with src.connect() as con:
            names, rows = execute(src, con, sql, params, src.path)
    except QueryError:
        check_players(src)
        raise
    return [msgspec.convert(dict(zip(names, row, strict=True)), PlayerRow) for row in rows]


class PlayerFighterRow(msgspec.Struct, frozen=True, kw_only=True):
    """One player's record with one fighter (a seat's spec, ``ryu`` or a Tag Team
    ``ryu+ken``), counted as ``PlayerRow`` counts (module docstring): a game at both
    seats counts for each fighter played in it, once, never as a win or a loss."""

    character: str
    games: int
    wins: int
    losses: int
    unfinished: int
    both_seats: int
    win_rate: float | None


_FIGHTERS_SQL = """
WITH mine AS (
    SELECT p1 AS character, winner, 0 AS seat, player1 = player2 AS own, game_id
    FROM games WHERE player1 = ?
    UNION ALL
    SELECT p2, winner, 1, player1 = player2, game_id FROM games WHERE player2 = ?
), record AS (
    SELECT character,
           count(DISTINCT game_id) AS games,
           count(*) FILTER (WHERE NOT own AND winner = seat) AS wins,
           count(*) FILTER (WHERE NOT own AND winner = 1 - seat) AS losses,
           count(DISTINCT game_id) FILTER (WHERE winner IS NULL) AS unfinished,
           count(DISTINCT game_id) FILTER (WHERE own) AS both_seats
    FROM mine GROUP BY character
)
SELECT character, games, wins, losses, unfinished, both_seats,
       CASE WHEN wins + losses > 0 THEN wins / (wins + losses) END AS win_rate
FROM record ORDER BY games DESC, character
"""


def player_fighters(src: Source, player: str) -> list[PlayerFighterRow]:
    """``player``'s record per fighter they played, most games first (an unknown player:
    none). An index built before games had players is one clear line (``check_players``)."""
    try:
        with src.connect() as con:
            names, rows = execute(src, con, _FIGHTERS_SQL, [player, player], src.path)
    except QueryError:
        check_players(src)
        raise
    return [msgspec.convert(dict(zip(names, row, strict=True)), PlayerFighterRow)
            for row in rows]


def player_games(src: Source, player: str, limit: int = 20) -> list[GameRow]:
    """``player``'s ``limit`` newest games (either seat), newest first (by ``played``,
    then id). An index built before games had players is one clear line."""
    if limit < 0:
        raise QueryError(f"limit must be 0 or more, got {limit}")
    sql = (f"SELECT {_columns(GameRow)} FROM games WHERE player1 = ? OR player2 = ? "
           "ORDER BY played DESC, game_id LIMIT ?")
    try:
        with src.connect() as con:
            names, rows = execute(src, con, sql, [player, player, limit], src.path)
    except QueryError:
        check_players(src)
        raise
    return [msgspec.convert(dict(zip(names, row, strict=True)), GameRow) for row in rows]
