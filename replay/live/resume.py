"""A live game rebuilt from its log (``_load``): the log read, a frame cut short by a
crash set aside, the game dealt and its decisions re-played on this engine, which must
give the events the log recorded, and the result kept per process while the log is
unchanged (``_CACHE``). ``replay.live.table`` acts on it.

A log this engine re-plays otherwise (a rule changed since it was recorded, or a bug) is
refused in one line and kept as it is: the game cannot go on here, since its next steps
would be appended after events this engine does not reach (``exceed verify`` names the
first difference).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from engine import (
    Catalog,
    Game,
    GameLog,
    IllegalDecision,
    LogFormatError,
    error_text,
    is_torn,
    new_game,
    read_game,
)
from replay.live import store
from replay.live.store import LiveError

MULLIGAN = "mulligan"

class _Live:
    """One rebuilt game, as this process last saw its log."""

    def __init__(self, log: GameLog, game: Game, size: int, since: int,
                 catalog: Catalog) -> None:
        self.log = log
        self.game = game
        self.size = size
        self.since = since
        """When the pending request was put (the log's last write), ns since the epoch."""
        self.inode = 0
        """The log's inode when this process last read or wrote it (with ``size`` and
        ``since``, what says the log is unchanged: ``_unchanged``)."""
        self.catalog = catalog
        self.thinking = dict(log.thinking)
        self.deciders = [s.request.player for s in log.steps if s.request is not None]
        """The seat each decision was asked of."""
        self.mulligans = {i for i, s in enumerate(r for r in log.steps if r.request is not None)
                          if s.request is not None and s.request.kind == MULLIGAN}
        """The decisions that answered a mulligan (the clock and ``opened`` skip them)."""
        self.step_sizes = [len(s.events) for s in log.steps if s.request is not None]
        """How many events each decision caused."""


_CACHE: dict[tuple[str, str], _Live] = {}
Now = Callable[[], int]
"""Nanoseconds since the epoch (``time.time_ns``; tests pass their own)."""


CANCELLED = "the host cancelled this game before the friend joined; nothing was played"


def _load(root: Path, game_id: str, catalog: Catalog | None = None) -> _Live:
    """The game as its log holds it now (from this process's cache when unchanged)."""
    path = store.log_path(root, game_id)
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        waiting = _waiting(root, game_id)
        if waiting is not None and waiting.cancelled:
            raise LiveError(CANCELLED) from None
        if waiting is not None:
            raise LiveError("the game waits for the friend to join; nothing is played "
                            "before") from None
        raise LiveError("no such live game (its log is gone)") from None
    key = (str(root), game_id)
    cached = _CACHE.get(key)
    if cached is not None and _unchanged(cached, stat):
        return cached
    try:
        log = read_game(path)
    except (LogFormatError, OSError) as error:
        raise LiveError(f"the game's log cannot be read: {error}") from None
    if log.damage is not None:
        if not is_torn(log.damage):
            d = log.damage
            raise LiveError(f"{path.name}: damaged at byte {d.offset} (frame {d.frame_index}): "
                            f"{d.reason}; the game cannot go on, and its log is kept as it "
                            f"is, the {len(log.decisions)} decision(s) before the damage "
                            "intact (exceed replay shows them)")
        _set_aside(root, game_id, log.damage.offset)  # a write cut short by a crash
        return _load(root, game_id, catalog)
    cat = catalog if catalog is not None else log.catalog()
    try:
        game = new_game(log.header.setup, log.header.seed, cat)
    except Exception as error:  # a bug of this engine, met setting the game up
        if os.environ.get("EXCEED_DEBUG"):
            raise
        raise LiveError(f"{path.name}: this engine failed setting the game up "
                        f"({error_text(error)}; set EXCEED_DEBUG=1 for a traceback); the "
                        "log is kept as it is") from None
    recorded = [s for s in log.steps if s.decision is not None]
    setup = [e for s in log.steps if s.index < 0 for e in s.events]
    if setup != game.setup_events:
        raise LiveError(_otherwise(path.name, "sets the game up"))
    for number, decision in enumerate(log.decisions):
        try:
            caused = game.step(decision)
        except IllegalDecision as error:
            raise LiveError(f"{path.name}: decision {number} of the log cannot be replayed on "
                            f"this engine ({error}); the log is kept as it is") from None
        except Exception as error:  # a bug of this engine, met replaying the log
            if os.environ.get("EXCEED_DEBUG"):
                raise
            raise LiveError(f"{path.name}: this engine failed replaying decision {number} of "
                            f"the log ({error_text(error)}; set EXCEED_DEBUG=1 for a "
                            "traceback); the log is kept as it is") from None
        if list(caused) != list(recorded[number].events):
            raise LiveError(_otherwise(path.name, f"plays decision {number} of the log"))
    live = _Live(log, game, stat.st_size, stat.st_mtime_ns, cat)
    live.inode = stat.st_ino
    _CACHE[key] = live
    return live


def _otherwise(name: str, what: str) -> str:
    """The one line for a log this engine re-plays otherwise than it was recorded."""
    return (f"{name}: this engine {what} otherwise than it was recorded (a rule changed "
            "since, or a bug: exceed verify names the first difference); the game cannot "
            "go on here; the log is kept as it is")


def _unchanged(live: _Live, stat: os.stat_result) -> bool:
    """Whether the log is as ``live`` last saw it: same size, modification time and
    inode. The size alone missed a log changed in place to the same length (a byte
    damaged on disk, a copy put back), and the next decision went after stale frames."""
    return (live.size, live.since, live.inode) == (stat.st_size, stat.st_mtime_ns,
                                                   stat.st_ino)


def _waiting(root: Path, game_id: str) -> store.Waiting | None:
    """What the game waits for, if it waits for a friend to join (it has no log yet)."""
    try:
        return store.read_live_settings(root, game_id).waiting
    except LiveError:
        return None


def _set_aside(root: Path, game_id: str, offset: int) -> None:
    """Cut the log at ``offset``, where a frame is cut short, keeping the bytes cut off in
    ``store.cut_path`` (never overwritten): a write torn by a crash is one frame cut
    short at the end, but a length field damaged on disk reads the same, and the frames
    after it are then good ones. They used to be dropped: a game of 20 decisions whose
    fourth frame's length was damaged went on from decision 2, the rest gone."""
    path = store.log_path(root, game_id)
    with open(path, "rb") as stream:
        stream.seek(offset)
        tail = stream.read()
    for n in range(1, 1000):
        aside = store.cut_path(root, game_id, offset, n)
        try:
            with open(aside, "xb") as kept:
                kept.write(tail)
                kept.flush()
                os.fsync(kept.fileno())
            break
        except FileExistsError:
            continue
        except OSError as error:
            raise LiveError(f"{path.name}: a frame is cut short at byte {offset}, and the "
                            f"bytes after it cannot be set aside ({error.strerror or error}); "
                            "the log is kept as it is") from None
    else:
        raise LiveError(f"{path.name}: a frame is cut short at byte {offset}, and the bytes "
                        "after it cannot be set aside (too many kept already); the log is "
                        "kept as it is")
    os.truncate(path, offset)
    with contextlib.suppress(LiveError):  # a log without its seats file is opened by none
        store.update_settings(root, game_id, cut=aside.name)
