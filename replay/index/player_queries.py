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

One player's page (the dashboard's Players page) reads ``player_profile`` (their record
and their record per fighter, in one scan) and ``player_games`` (their newest games).
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
    SELECT player1 AS player, p1 AS character, p2 AS other, winner, 0 AS seat,
           player1 = player2 AS own, false AS again, played FROM games
    UNION ALL
    SELECT player2, p2, p1, winner, 1, player1 = player2, player1 = player2, played FROM games
), mine AS (SELECT *, {dup} AS dup FROM seats {where}
), record AS (
    SELECT player,
           count(*) FILTER (WHERE NOT dup) AS games,
           count(*) FILTER (WHERE NOT own AND winner = seat) AS wins,
           count(*) FILTER (WHERE NOT own AND winner = 1 - seat) AS losses,
           count(*) FILTER (WHERE winner IS NULL AND NOT dup) AS unfinished,
           count(*) FILTER (WHERE own AND NOT dup) AS both_seats,
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
"""Each game counts once per player: a game at both seats is two seats of one player,
and its second (``again``) is a repeat (``dup``) unless the first was filtered out (the
fighter filter keeping only the second seat's). No ``count(DISTINCT game_id)``: on the
100,000-game bench index the records took 0.75 s with it."""


def _holds(column: str) -> str:
    """SQL true when the seat spec ``column`` is the fighter given twice as parameters or
    a Tag Team holding it."""
    return f"({column} = ? OR list_contains(string_split({column}, '+'), ?))"


def player_records(src: Source, player: str | None = None,
                   character: str | None = None) -> list[PlayerRow]:
    """Every player's record, most games first; only ``player`` if given, and only the
    games they played as ``character`` (a fighter id: a Tag Team seat holding it counts)
    if given. An index built before games had players is one clear line
    (``check_players``)."""
    clauses: list[str] = []
    params: list[object] = []
    dup = "again"
    if character is not None:  # a repeat only if the first seat passes the filter too
        dup = f"again AND {_holds('other')}"
        params += [character, character]
    if player is not None:
        clauses.append("player = ?")
        params.append(player)
    if character is not None:
        clauses.append(_holds("character"))
        params += [character, character]
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    sql = _SQL.format(dup=dup, where=where)
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


class PlayerProfile(msgspec.Struct, frozen=True, kw_only=True):
    """One player's record (None: no such player) and their record per fighter, most
    games first; the record's ``characters`` are in that order."""

    record: PlayerRow | None
    fighters: list[PlayerFighterRow]


_PROFILE_SQL = """
WITH mine AS (
    SELECT p1 AS character, winner, 0 AS seat, player1 = player2 AS own, false AS again,
           false AS same, played FROM games WHERE player1 = ?
    UNION ALL
    SELECT p2, winner, 1, player1 = player2, player1 = player2, p1 = p2, played
    FROM games WHERE player2 = ?
)
SELECT character, grouping(character) AS whole,
       count(*) FILTER (WHERE NOT again) AS games,
       count(*) FILTER (WHERE NOT (again AND same)) AS fighter_games,
       count(*) FILTER (WHERE NOT own AND winner = seat) AS wins,
       count(*) FILTER (WHERE NOT own AND winner = 1 - seat) AS losses,
       count(*) FILTER (WHERE winner IS NULL AND NOT again) AS unfinished,
       count(*) FILTER (WHERE winner IS NULL AND NOT (again AND same)) AS fighter_unfinished,
       count(*) FILTER (WHERE own AND NOT again) AS both_seats,
       count(*) FILTER (WHERE own AND NOT (again AND same)) AS fighter_both_seats,
       max(played) AS last_played
FROM mine GROUP BY GROUPING SETS ((character), ())
"""
"""Every seat the player played, once: the record (``whole``) and one row per fighter.
A game at both seats is two seats; ``again`` marks its second, left out of the record's
counts, and of a fighter's only when both seats held that fighter (``same``). No
``count(DISTINCT game_id)``: on the 100,000-game bench index it took 0.7 s, this 0.05 s."""


class _ProfileRow(msgspec.Struct, frozen=True, kw_only=True):
    """A row of ``_PROFILE_SQL``: the record (``whole``) or one fighter's."""

    character: str | None
    whole: int
    games: int
    fighter_games: int
    wins: int
    losses: int
    unfinished: int
    fighter_unfinished: int
    both_seats: int
    fighter_both_seats: int
    last_played: str | None


def _rate(wins: int, losses: int) -> float | None:
    return wins / (wins + losses) if wins + losses else None


def player_profile(src: Source, player: str) -> PlayerProfile:
    """``player``'s record and their record per fighter, in one scan (an unknown player:
    no record, no fighters). An index built before games had players is one clear line
    (``check_players``)."""
    try:
        with src.connect() as con:
            names, rows = execute(src, con, _PROFILE_SQL, [player, player], src.path)
    except QueryError:
        check_players(src)
        raise
    found = [msgspec.convert(dict(zip(names, row, strict=True)), _ProfileRow) for row in rows]
    fighters = sorted((PlayerFighterRow(
        character=r.character or "", games=r.fighter_games, wins=r.wins, losses=r.losses,
        unfinished=r.fighter_unfinished, both_seats=r.fighter_both_seats,
        win_rate=_rate(r.wins, r.losses)) for r in found if not r.whole),
        key=lambda f: (-f.games, f.character))
    whole = [r for r in found if r.whole and r.games]
    if not whole:
        return PlayerProfile(record=None, fighters=[])
    r = whole[0]
    record = PlayerRow(player=player, games=r.games, wins=r.wins, losses=r.losses,
                       unfinished=r.unfinished, both_seats=r.both_seats,
                       win_rate=_rate(r.wins, r.losses),
                       characters=",".join(f.character for f in fighters),
                       last_played=r.last_played or "")
    return PlayerProfile(record=record, fighters=fighters)


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
