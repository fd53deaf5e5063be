"""The live games of a folder still to be finished, for the Play page's list.

A game is listed while its log is neither sealed (the game is over) nor abandoned, and
a game against a friend while it waits for them to join (no log yet; ``waiting``), until
its host cancels it. Each log (and each waiting game's seats file) is read only once it
changed since the last list: a finished game's log never does, and every game played
stays in the folder (``replay.live.store``).
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path

import msgspec

from engine import LogFormatError, read_game
from replay.live import store
from replay.live.table import Now


class Listed(msgspec.Struct, frozen=True, kw_only=True):
    """An unfinished live game, for the Play page's list."""

    game_id: str
    p1: str
    p2: str
    names: tuple[str, str]
    decisions: int
    idle_s: int
    waiting: str = ""
    """A game not started yet: ``friend`` (it waits for the friend to join) or
    ``rematch`` (a rematch waiting for the other player's accept); ``""``: started."""
    friend_seat: str = ""
    """The seat the friend joins (``p1`` or ``p2``) of a waiting game."""


_Seen = dict[str, tuple[store.FileKey, Listed | None]]

LOOKED_AT = 300
"""The most recently written live logs the list looks at. Every game played stays in the
folder and a log costs about 3 ms to read, so a dashboard (re)started over thousands of
them read them all before the Play page showed (2,000 finished games: 6.5 s); an older
unfinished game still opens from its link."""
LISTED_ROOTS = 8
"""Live folders whose list ``_LISTED`` keeps (a dashboard lists one)."""
_LISTED: OrderedDict[str, _Seen] = OrderedDict()
"""root -> game id -> (the log's size, mtime and inode, what it was for the list: None when
finished, abandoned or unreadable), so the Play page reads a log again only once it
changed: a finished game's log never does, and every game played stays in the folder.
A folder's entries are rebuilt on every list, so they are the games in it now (one
gone from it is dropped), for the ``LISTED_ROOTS`` folders listed last."""
_WAITING: OrderedDict[str, _Seen] = OrderedDict()
"""root -> game id -> (the seats file's size, mtime and inode, what it was for the list) for the
games without a log (waiting for a friend, or cancelled before), kept as ``_LISTED``."""
_LISTED_LOCK = threading.Lock()  # the page's sessions list from several threads


def _keep(cache: OrderedDict[str, _Seen], root: Path, seen: _Seen) -> None:
    """``seen`` as ``root``'s entries in ``cache``, for the ``LISTED_ROOTS`` folders
    listed last (under ``_LISTED_LOCK``)."""
    cache[str(root)] = seen
    cache.move_to_end(str(root))
    while len(cache) > LISTED_ROOTS:
        cache.popitem(last=False)


def unfinished_live(root: Path, now: Now = time.time_ns) -> list[Listed]:
    """The live games still to be finished (not over, not abandoned; a game waiting for
    a friend, not cancelled), the most recently moved first; of the games with a log,
    the ``LOOKED_AT`` most recently written only."""
    found = []
    with _LISTED_LOCK:
        before = _LISTED.get(str(root), {})
        before_waiting = _WAITING.get(str(root), {})
    seen_now: _Seen = {}
    waiting_now: _Seen = {}
    for game_id in store.game_ids(root)[:LOOKED_AT]:
        path = store.log_path(root, game_id)
        try:
            stat = os.stat(path)
        except OSError:
            continue
        seen = store.file_key(stat)
        kept = before.get(game_id)
        listed = kept[1] if kept is not None and kept[0] == seen else _listed(path, game_id)
        seen_now[game_id] = (seen, listed)
        if listed is not None:
            idle = max(0, now() - stat.st_mtime_ns) // 1_000_000_000
            found.append(msgspec.structs.replace(listed, idle_s=idle))
    for seats, game_id in store.waiting_ids(root):
        seen, changed = store.file_key(seats), seats.st_mtime_ns
        kept = before_waiting.get(game_id)
        listed = kept[1] if kept is not None and kept[0] == seen else _waiting(root, game_id)
        waiting_now[game_id] = (seen, listed)
        if listed is not None:
            idle = max(0, now() - changed) // 1_000_000_000
            found.append(msgspec.structs.replace(listed, idle_s=idle))
    with _LISTED_LOCK:
        _keep(_LISTED, root, seen_now)
        _keep(_WAITING, root, waiting_now)
    found.sort(key=lambda listed: listed.idle_s)  # the waiting games among the others
    return found


class ForBrowser(msgspec.Struct, frozen=True, kw_only=True):
    """What one browser's list of unfinished games shows (``for_browser``)."""

    games: list[Listed]
    others_waiting: int = 0
    """The games waiting for a friend that the list leaves out: none of their seats is
    this browser's."""
    tokens: dict[str, str] = msgspec.field(default_factory=dict)
    """Game id -> the held token that opens a seat of that waiting game: its own, or,
    for a rematch offer, the token of the game before (each person keeps theirs)."""


def for_browser(root: Path, games: list[Listed], held: Mapping[str, str]) -> ForBrowser:
    """The games of ``games`` (``unfinished_live``) a browser's list shows: every game
    started, but a game waiting for a friend only when ``held`` (game id -> seat token,
    the browser's ``exceed_seats`` cookie and its session's) holds a token that opens one
    of its seats. Anyone with the dashboard's address can start games that wait, and
    listed to all they pushed the games being played off the list; the friend joins
    from their link, and a game not started has nothing to watch. A forged token opens
    no seat, so lists nothing. A rematch offer opens with the token its person held in
    the game before, kept under that game's id: the person it was offered to found it
    in no list (counted among the other browsers' games), only from the old game's
    page."""
    shown: list[Listed] = []
    tokens: dict[str, str] = {}
    others = 0
    for game in games:
        if not game.waiting:
            shown.append(game)
            continue
        candidates = [held.get(game.game_id, "")]
        if game.waiting == "rematch":
            candidates += list(held.values())
        token = _opener(root, game.game_id, candidates)
        if token:
            shown.append(game)
            tokens[game.game_id] = token
        else:
            others += 1
    return ForBrowser(games=shown, others_waiting=others, tokens=tokens)


def _opener(root: Path, game_id: str, tokens: list[str]) -> str:
    """The first of ``tokens`` that opens a seat of the game ``game_id`` ("": none).
    Without a token its seats file is not read (the other browsers' waiting games)."""
    tokens = [token for token in tokens if token]
    if not tokens:
        return ""
    try:
        settings = store.read_live_settings(root, game_id)
    except store.LiveError:
        return ""
    for token in tokens:
        try:
            store.seat_of_token(settings, token)
        except store.LiveError:
            continue
        return token
    return ""


def not_looked_at(root: Path) -> int:
    """How many live logs under ``root`` the list does not look at (older than the
    ``LOOKED_AT`` newest)."""
    return max(0, store.log_count(root) - LOOKED_AT)


def _waiting(root: Path, game_id: str) -> Listed | None:
    """The list's entry of the game waiting for a friend (its idle time 0), or None when
    it was cancelled, has joined since, or its seats file cannot be read."""
    try:
        waiting = store.read_live_settings(root, game_id).waiting
    except store.LiveError:
        return None
    if waiting is None or waiting.cancelled:
        return None
    names = tuple(typed or ("waiting to join" if f"p{w + 1}" == waiting.seat
                            else f"P{w + 1} (guest)")
                  for w, typed in enumerate(waiting.players))
    return Listed(game_id=game_id, p1=waiting.p1, p2=waiting.p2, names=(names[0], names[1]),
                  decisions=0, idle_s=0, waiting="rematch" if waiting.rematch else "friend",
                  friend_seat=waiting.seat)


def _listed(path: Path, game_id: str) -> Listed | None:
    """The list's entry of the live game whose log is at ``path`` (its idle time 0), or
    None when it is finished, abandoned or cannot be read."""
    try:
        log = read_game(path)
    except (LogFormatError, OSError):
        return None
    if log.sealed or log.abandoned:
        return None
    h = log.header
    return Listed(game_id=game_id, p1=h.p1, p2=h.p2,
                  names=(h.players[0] or h.agents[0], h.players[1] or h.agents[1]),
                  decisions=len(log.decisions), idle_s=0)
