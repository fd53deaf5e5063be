"""Who is still at a live game between two people, and the win the one still there may
claim from the one who left (format 7, ``LeftGame``).

A seat's page looks at the game every second, whoever is on move (``dashboard``'s Play
page: the waiting table, the deciding seat's watch of offers, the clock); each look
marks the seat seen (``mark_seen``): the modification time of ``<id>.tab-<seat>``, the file
that names the seat's newest tab, is set to now. A page closed, a browser gone or a
machine asleep stops looking, so the mark ages. A browser slows the timers of a tab in
the background, to one run a minute after five minutes hidden (Chrome's "intensive
throttling"), so a seat counts as gone only after ``AWAY_S``, twice that.

As on lichess, the seat still there may then **claim the win** (``live_claim``): in a
game between two people (not against an engine agent, whose seat never leaves, nor
hotseat, where both seats are one person), once both seats have made their first
decision after the mulligan (before it the game is abandoned, unscored, instead), while
the game waits on the seat that left, whose page has not been seen for ``AWAY_S``. It
is recorded as ``LeftGame`` for the seat that left (``EndReason.LEFT``: "p2 left the
game"), at the request then pending, like a resignation. A game begun before format 7
goes on in its own format (``Recorder.resumed``) and cannot record it: no claim there.
Without a claim, a game on a clock ends when the absent seat's flag falls; one without
stays unfinished and listed, as before.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from engine import LEFT_GAME_FORMAT, LeftGame, Player
from replay.live import store
from replay.live.store import Settings
from replay.live.table import (
    PERSON,
    LiveRefused,
    Now,
    _acting,
    _append,
    _Live,
    opened,
)

AWAY_S = 120
"""How long a seat's page must not have been seen before the other may claim the win
(seconds): twice the one run a minute a browser allows a tab long in the background."""


def mark_seen(root: Path, game_id: str, seat: str, now: Now = time.time_ns) -> None:
    """Mark ``seat``'s page (``p1`` or ``p2``) as seen at ``now``: the modification time
    of its tab file. Nothing when the seat has no tab file (no page opened it), when it
    is not a regular file (a link is not followed) or cannot be touched: a mark missed
    is a look missed, and the next one a second later marks it."""
    if seat not in ("p1", "p2"):
        return
    path = store.tab_path(root, game_id, seat)
    try:
        if stat.S_ISREG(os.lstat(path).st_mode):
            at = now()
            os.utime(path, ns=(at, at), follow_symlinks=False)
    except OSError:
        pass


def last_seen(root: Path, game_id: str, seat: str) -> int | None:
    """When ``seat``'s page was last seen (ns since the epoch: its tab file's
    modification time, set when a page opened the seat and at each of its looks since);
    None when no page opened it or the file is not a regular one."""
    try:
        found = os.lstat(store.tab_path(root, game_id, seat))
    except OSError:
        return None
    return found.st_mtime_ns if stat.S_ISREG(found.st_mode) else None


def away_ms(root: Path, game_id: str, live: _Live, settings: Settings, seat: str,
            now: int) -> int | None:
    """How long (ms) the seat opposite ``seat`` has not been seen, where ``seat`` could
    claim the win from it once that reaches ``AWAY_S``: a game between two people, on,
    not abandoned, opened by both seats, of format 7 or later, waiting on the seat
    opposite. None where no claim can be made (then the page says nothing of
    presence). A seat never seen counts from the game's last write."""
    pending = live.game.pending
    if (pending is None or live.log.abandoned
            or _unclaimable(live, settings, seat, pending.player)):
        return None
    other = pending.player.label
    mark = last_seen(root, game_id, other)
    return max(0, now - (live.since if mark is None else mark)) // 1_000_000


def live_claim(root: Path, game_id: str, token: str, tab: str,
               now: Now = time.time_ns) -> None:
    """The seat ``token`` opens claims the win from the other seat, which left: recorded
    as ``LeftGame`` for it. ``LiveRefused`` (one line, nothing recorded) unless the
    game waits on the other seat and its page has not been seen for ``AWAY_S``
    (``away_ms``), saying what stands in the way."""
    settings = store.read_live_settings(root, game_id)
    seat = store.seat_of_token(settings, token)
    with store.locked(root, game_id):
        live = _acting(root, game_id, seat, tab, settings, now)
        pending = live.game.pending
        if pending is None:
            raise LiveRefused("the game is over; nothing was recorded")
        why = _unclaimable(live, settings, seat, pending.player)
        if why:
            raise LiveRefused(f"{why}; nothing was recorded")
        away = away_ms(root, game_id, live, settings, seat, now())
        assert away is not None
        if away < AWAY_S * 1000:
            raise LiveRefused(f"{pending.player.label}'s page was seen {away // 1000} s ago; "
                              f"the win can be claimed once it has not been seen for "
                              f"{AWAY_S} s; nothing was recorded")
        _append(root, game_id, live, [(LeftGame(player=pending.player), None)], now)


def _unclaimable(live: _Live, settings: Settings, seat: str, asked: Player) -> str:
    """Why ``seat`` may not claim the win at all now (``""``: it may, once the other has
    been away long enough)."""
    if seat not in ("p1", "p2") or settings.opponent != PERSON:
        return "a win is claimed only in a game between two people, by one of them"
    if live.log.header.format < LEFT_GAME_FORMAT:
        return (f"this game's log is format {live.log.header.format}, begun before a "
                f"claimed win could be recorded (format {LEFT_GAME_FORMAT})")
    if not opened(live):
        return ("not both seats have made their first decision after the mulligan: the "
                "game can be abandoned instead")
    if asked.label == seat:
        return "the game waits for you, not for the other seat"
    return ""

