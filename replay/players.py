"""Who played a game: a player name per seat, and when the game was played.

Every indexed game has a player per seat (``games.player1`` / ``player2``), read through
``seat_player`` alone (from the log's header): the name the log's header gives the seat (the Play page records
it), else the agent's name (``heuristic``, ``random``, ``human``), so older logs show
their agents as players. ``played_at`` is the date a game was played, for the trends
of ``exceed insights``: the log file's last modification, when its recorder wrote its
last step (the header holds no clock time, and the event stream must hold none).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

from engine import GameLog


def seat_player(log: GameLog, seat: int) -> str:
    """The player of ``seat`` (0 = p1, 1 = p2) in the game of ``log``."""
    header = log.header
    return header.players[seat] or header.agents[seat]


def played_at(path: str) -> str:
    """When the log at ``path`` was last written, as ISO 8601 UTC to the second
    (``2026-11-29T09:41:20Z``); "" if the file cannot be read."""
    try:
        stamp = os.stat(path).st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(int(stamp), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
