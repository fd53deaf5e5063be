"""A log rewritten in place: the path's new content replaces the game it held.

The index is keyed by content (a game's id is the sha256 of its log), so a log whose
bytes changed under the same path (a live game that grew by a turn, a log re-recorded
or repaired) is a new game. The indexer (``replay.index.writer``, the only writer)
inserts it and, in the same transaction, removes the game the path held before, unless
another file of the run still holds the old bytes (then the old game has moved there).
Removing a game takes back its share of ``card_totals`` (a row of the negated sums,
worked out from its own ``strikes``, ``boosts`` and ``games`` rows, as the worker summed
them) and deletes its rows from every per-game table.

Stored analyses (``analysis_points``, ``analysis_options``) are keyed by game id. Those
of a game whose new log is **the same game further on** (the same header, and its
decisions the first decisions of the new log: a live game that grew) move to the new
id, unless the new game has one of the same key; the others stay under the old id,
which they still describe: should those bytes be indexed again, their analysis is there.
"""

from __future__ import annotations

from collections.abc import Sequence

import duckdb
import msgspec

from replay.index.schema import AGGREGATES, TABLES


class Replaced(msgspec.Struct, frozen=True, kw_only=True):
    """One game replaced in a transaction: ``old`` removed, ``new`` inserted from ``path``;
    ``analyses``: analysis rows moved to ``new`` (the same game, further on)."""

    path: str
    old: str
    new: str
    analyses: int = 0


_NEGATED = """
INSERT INTO card_totals BY NAME
WITH gone AS (
    SELECT game_id, p1, p2, agent1, agent2 FROM games
    WHERE game_id IN (SELECT unnest(CAST(? AS VARCHAR[])))
), plays AS (
    SELECT s.game_id, s.a_char AS character,
           CASE s.attacker WHEN 0 THEN g.agent1 ELSE g.agent2 END AS agent, s.a_card AS card,
           1 AS struck, CAST(s.a_hit AS INTEGER) AS hits, s.a_damage AS damage,
           CAST(s.d_stunned AS INTEGER) AS stuns, CAST(s.a_wild AS INTEGER) AS wild_swung,
           0 AS boosted
    FROM strikes s JOIN gone g ON s.game_id = g.game_id WHERE s.a_card <> ''
    UNION ALL
    SELECT s.game_id, s.d_char, CASE s.attacker WHEN 0 THEN g.agent2 ELSE g.agent1 END,
           s.d_card, 1, CAST(s.d_hit AS INTEGER), s.d_damage, CAST(s.a_stunned AS INTEGER),
           CAST(s.d_wild AS INTEGER), 0
    FROM strikes s JOIN gone g ON s.game_id = g.game_id WHERE s.d_card <> ''
    UNION ALL
    SELECT b.game_id, CASE b.player WHEN 0 THEN g.p1 ELSE g.p2 END,
           CASE b.player WHEN 0 THEN g.agent1 ELSE g.agent2 END, b.card, 0, 0, 0, 0, 0, 1
    FROM boosts b JOIN gone g ON b.game_id = g.game_id WHERE b.card IS NOT NULL
)
SELECT left(game_id, 1) AS bucket, character, agent, card, -sum(struck) AS struck,
       -sum(hits) AS hits, -sum(damage) AS damage, -sum(stuns) AS stuns,
       -sum(wild_swung) AS wild_swung, -sum(boosted) AS boosted
FROM plays GROUP BY ALL
"""
"""The removed games' ``card_totals`` share, negated: the sums ``rows._card_totals`` made
of their strikes (each side that got to priority) and Boost actions, by seat. Its one
parameter lists the games' ids."""

_SAME_GAME = """
SELECT count(*) = 1 AND (
    SELECT count(*) FROM decisions o
    WHERE o.game_id = ? AND NOT EXISTS (
        SELECT 1 FROM decisions n WHERE n.game_id = ? AND n.idx = o.idx AND n.data = o.data))
    = 0
FROM games o JOIN games n
  ON (o.seed, o.p1, o.p2, o.agent1, o.agent2, o.first, o.card_data)
   = (n.seed, n.p1, n.p2, n.agent1, n.agent2, n.first, n.card_data)
WHERE o.game_id = ? AND n.game_id = ? AND o.decisions <= n.decisions
"""
"""Whether the new log is the old game further on: the same header (seed, fighters,
agents, first player, cards) and every decision of the old log, at the same index, in
the new one."""


def _tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {str(row[0]) for row in con.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
    ).fetchall()}


def replace_games(con: duckdb.DuckDBPyConnection, replaced: Sequence[Replaced]
                  ) -> list[Replaced]:
    """Remove each ``old`` game, inside the caller's transaction, its ``new`` game being
    inserted already; returns them with the analysis rows each carried over."""
    if not replaced:
        return []
    old = sorted({r.old for r in replaced})
    # only an old game with analyses is compared with its new one (the comparison scans
    # ``decisions``: 0.8 s a game on 100,000 games), and its analyses move once
    analysed: set[str] = set()
    if {"analysis_points", "analysis_options"} <= _tables(con):
        analysed = {str(row[0]) for row in con.execute(
            "SELECT DISTINCT game_id FROM analysis_points "
            "WHERE game_id IN (SELECT unnest(CAST(? AS VARCHAR[])))", [old]).fetchall()}
    done = []
    for r in replaced:
        moved = 0
        if r.old in analysed:
            moved = _carry_analyses(con, r.old, r.new)
            analysed.discard(r.old)
        done.append(msgspec.structs.replace(r, analyses=moved))
    # every old game at once: a DELETE scans its whole table (DuckDB keeps no index on
    # game_id), so one per table, not one per game (1.1 s a game on 100,000 games)
    con.execute(_NEGATED, [old])
    for table in TABLES:
        if table not in AGGREGATES:
            con.execute(f"DELETE FROM {table} WHERE game_id IN "
                        "(SELECT unnest(CAST(? AS VARCHAR[])))", [old])
    return done


def _carry_analyses(con: duckdb.DuckDBPyConnection, old: str, new: str) -> int:
    """Move ``old``'s analyses to ``new`` when it is the same game further on (and ``new``
    has no analysis of the same key); the analysis points moved."""
    row = con.execute(_SAME_GAME, [old, new, old, new]).fetchone()
    if not (row and row[0]):
        return 0
    free = ("game_id = ? AND (card_data, params) NOT IN (SELECT card_data, params FROM "
            "analysis_points WHERE game_id = ?)")
    found = con.execute(f"SELECT count(*) FROM analysis_points WHERE {free}",
                        [old, new]).fetchone()
    moved = int(found[0]) if found else 0
    for table in ("analysis_options", "analysis_points"):  # points last: ``free`` reads them
        con.execute(f"UPDATE {table} SET game_id = ? WHERE {free}", [new, old, new])
    return moved
