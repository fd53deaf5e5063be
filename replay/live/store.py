"""Where live games live: each game's log, the seat tokens' digests, the newest tab of
each seat and the lock that serialises appends.

A live game ``<id>`` is the log ``<root>/<id>.exlog`` (the only store of its play: it is
re-read to resume) and ``<root>/<id>.seats.json``, which holds what the log cannot:
the opponent, clock and search time budget, a game against a friend still waiting for
them to join (``Waiting``: its log is written when they join, with the name they
type), and for each seat a person holds, the SHA-256 digest of its token (``secrets.token_urlsafe``), never the token. A token opens
the seat whose digest it matches and nothing else; the spectator link needs none.
``<id>.tab-<seat>`` names the newest tab of a seat (only it may act), ``<id>.lock`` is
``flock``-ed around every append. A log found cut short (a frame torn by a crash, or a
length field damaged on disk) is cut at that frame, the bytes after it kept in
``<id>.exlog.cut-<offset>``. A person's typed name is kept in their browser as a
cookie (``name_cookie``), read back through ``kept_name``, which checks it as a typed
name is checked; the seat tokens a browser opened likewise (``seats_cookie``,
``kept_seats``), so its page lists its seats after a reload.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import hmac
import os
import re
import secrets
import stat
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import msgspec

from engine import Player, player_name_problem
from replay.live.timed import MAX_BUDGET_MS

GAME_ID = re.compile(r"[0-9a-f]{16}")
"""A live game's id: 16 hex digits (``secrets.token_hex(8)``)."""
MAX_SETTINGS = 4096
"""The largest seats file read, in bytes (it is ours, but a file is still input)."""

BOTH_SEATS = "both"
"""The seat of a hotseat token: it acts for whichever seat the game waits on."""
SEATS = ("p1", "p2", BOTH_SEATS)


class LiveError(Exception):
    """A live game that cannot be opened or acted on; the message is one line."""


MAX_BANK_MS = 24 * 3600_000
"""The longest time bank a game may give a seat (a day), as ``create_live`` checks it."""
MAX_INCREMENT_MS = 3600_000
"""The longest increment per decision (an hour)."""


class Clock(msgspec.Struct, frozen=True, kw_only=True):
    """A time bank per person's seat plus an increment after each decision, in ms. The
    bounds are checked again when a seats file is read: an edited one with a bank of
    10**400 made every move fail."""

    bank_ms: Annotated[int, msgspec.Meta(gt=0, le=MAX_BANK_MS)]
    increment_ms: Annotated[int, msgspec.Meta(ge=0, le=MAX_INCREMENT_MS)] = 0


class Waiting(msgspec.Struct, frozen=True, kw_only=True):
    """A game against a friend before the friend joined: what its log's header will
    hold but the friend's name. Nothing can be played before (there is no log yet), so
    nothing is lost, and no clock runs."""

    p1: str
    p2: str
    """Each seat's fighter (checked when the game was created)."""
    seed: int
    players: tuple[str, str]
    """The names typed so far: the host's in the host's seat, ``""`` in the friend's."""
    seat: str
    """The friend's seat, ``p1`` or ``p2``: its token joins the game."""
    rematch: bool = False
    """A rematch (``new_games.live_rematch``): the friend holds their seat's token already
    and joins from the game before, so no new link is made for them."""
    cancelled: bool = False
    """The host cancelled the game before the friend joined (``new_games.cancel_waiting``):
    it opens nothing but that one line from then on, and is no longer listed."""


class TakebackOffer(msgspec.Struct, frozen=True, kw_only=True):
    """A takeback one person offered the other (``replay.live.takeback``)."""

    by: str
    """The offering seat, ``p1`` or ``p2``: its last decision is undone."""
    at: int
    """The game's decision count when offered: a decision since and the offer lapses."""
    declined: bool = False
    """The other seat declined it: until a decision is made (``at`` passed) the offering
    seat may not offer again (as lichess: no offering over and over after a no)."""


class Settings(msgspec.Struct, kw_only=True):
    """What a live game needs beside its log."""

    opponent: str
    """``heuristic``, ``random`` (any engine agent), ``person`` or ``hotseat``."""
    tokens: dict[str, str]
    """Seat (``p1``, ``p2`` or ``both``) -> SHA-256 hex digest of its token."""
    clock: Clock | None = None
    budget_ms: Annotated[int, msgspec.Meta(ge=0, le=MAX_BUDGET_MS)] = 0
    """A search opponent's wall-clock budget per decision in ms (``replay.live.timed``);
    0: the agent's own iteration budget. Bounded when read: an edited seats file with a
    budget of 10**400 made every move of the search fail."""
    replaced_by: str = ""
    """A takeback's new game id (this game was forked there and abandoned)."""
    indexed: str = ""
    """The finished game's id in the index, once indexed (it is indexed once)."""
    rematch: str = ""
    """The rematch's game id, once a seat started one (``new_games.live_rematch``): the
    other seat's page and the spectators' offer it from here."""
    waiting: Waiting | None = None
    """Until the friend joins (``new_games.join_live``): the game to write then; None once
    its log is written (and for every game not waiting for a friend)."""
    takeback: TakebackOffer | None = None
    """A takeback offered between people, until answered, and kept ``declined`` once
    declined, until the next decision (``replay.live.takeback``)."""
    aborted: str = ""
    """Why the game was abandoned: a flag that fell before both seats had made their first
    decision (``table._flag``), or who pressed Abandon (``table.abandon_live``)."""
    cut: str = ""
    """The file (``cut_path``) holding the bytes last cut off the log, where a frame was
    cut short (``resume._load``): the page says so."""


def guest_name(seat: Player) -> str:
    """The name a person's seat gets when nobody typed one (``P2 (guest)``): the log
    records it, so the page, ``exceed info`` and the Games list all show it (an empty
    name fell back to the seat's agent, ``human``, which names nobody)."""
    return f"{seat.label.upper()} (guest)"


def seat_named(seat: str, typed: tuple[str, str]) -> str:
    """``seat`` (``p1``, ``p2``) as the other person reads it, ``typed`` the names the
    log's header holds: with its person's name (``p1 (Ann)``), or alone for a guest's
    seat (``guest_name``) and an agent's."""
    who = Player.P1 if seat == "p1" else Player.P2
    name = typed[who]
    return f"{seat} ({name})" if name and name != guest_name(who) else seat


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_id() -> str:
    return secrets.token_hex(8)


def check_id(game_id: str) -> str:
    if not GAME_ID.fullmatch(game_id):
        raise LiveError("no such live game (the link is wrong or cut short)")
    return game_id


def log_path(root: Path, game_id: str) -> Path:
    return root / f"{check_id(game_id)}.exlog"


def log_mark(root: Path, game_id: str) -> tuple[int, int]:
    """The game's log as a ``stat`` sees it (size, modification time in ns; zeros when
    there is none): a page that stands still while its seat decides looks at it every
    second, and is drawn again once it changed (the other person resigned), reading
    nothing else."""
    try:
        stat = log_path(root, game_id).stat()
    except OSError:
        return 0, 0
    return stat.st_size, stat.st_mtime_ns


def settings_path(root: Path, game_id: str) -> Path:
    """``<id>.seats.json``: the game's settings and seat tokens."""
    return root / f"{check_id(game_id)}.seats.json"


def tab_path(root: Path, game_id: str, seat: str) -> Path:
    """``<id>.tab-<seat>``: the newest tab of ``seat``."""
    return root / f"{check_id(game_id)}.tab-{seat}"


def _write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a fresh file beside it (``<name>.part-<hex>``)
    renamed over it: whatever stood at ``path`` (a pipe, which a plain open for writing
    waits on for good) is replaced, never opened. ``LiveError`` (one line naming
    ``path``) when it cannot be (a folder of that name, a read-only folder)."""
    part = path.with_name(f"{path.name}.part-{secrets.token_hex(4)}")
    try:
        handle = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        try:
            with open(handle, "wb") as stream:
                stream.write(data)
            os.replace(part, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(part)
    except OSError as error:
        raise LiveError(f"{path.name}: cannot be written ({error.strerror or error})"
                        ) from None


PART_STALE_S = 3600
"""A ``.part-<hex>`` file older than this is one a process left when it was killed
between writing it and renaming it over its name (a write takes milliseconds)."""
_PART = re.compile(r"[0-9a-f]{16}\.[a-z0-9.-]+\.part-[0-9a-f]{8}")


def sweep_parts(root: Path) -> int:
    """Remove the ``<id>.<name>.part-<hex>`` files under ``root`` older than
    ``PART_STALE_S`` (``_write_whole``'s, left by a process killed mid-write: nothing
    reads them); how many. Run when a game is made, at a person's pace; anything else,
    and whatever cannot be removed, is left alone."""
    try:
        names = os.listdir(root)
    except OSError:
        return 0
    before = time.time() - PART_STALE_S
    removed = 0
    for name in names:
        if not _PART.fullmatch(name):
            continue
        path = os.path.join(root, name)
        with contextlib.suppress(OSError):
            if os.lstat(path).st_mtime < before:
                os.unlink(path)
                removed += 1
    return removed


def _read_small(path: Path, limit: int) -> bytes | None:
    """The first ``limit`` bytes of the regular file ``path``; None when there is none.
    A pipe is opened without waiting for a writer; it, a folder or an unreadable file
    is ``LiveError`` (one line naming it)."""
    try:
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise LiveError(f"{path.name}: not a regular file; the live folder is "
                                "damaged (remove it)")
            return stream.read(limit)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise LiveError(f"{path.name}: cannot be read ({error.strerror or error})") from None


def write_settings(root: Path, game_id: str, settings: Settings) -> None:
    _write_whole(settings_path(root, game_id), msgspec.json.encode(settings))


def update_settings(root: Path, game_id: str, **changes: object) -> Settings:
    """Set ``changes`` (``replaced_by=...``) in the game's settings as the file holds
    them now, under the game's lock: a copy read before ``resume._load`` may lack what it
    wrote (``cut``)."""
    settings = msgspec.structs.replace(read_live_settings(root, game_id), **changes)
    write_settings(root, game_id, settings)
    return settings


def read_live_settings(root: Path, game_id: str) -> Settings:
    """The game's seats file, read whole (at most ``MAX_SETTINGS`` bytes); ``LiveError``
    (one line naming it) when it is missing, not a regular file (a pipe is opened
    without waiting for a writer, and refused), unreadable or not a seats file."""
    path = settings_path(root, game_id)
    try:
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise LiveError(f"{path.name}: not a regular file; not a live game's seats")
            raw = stream.read(MAX_SETTINGS + 1)
    except FileNotFoundError:
        raise LiveError("no such live game (the link is wrong, or the game was removed)"
                        ) from None
    except OSError as error:  # not readable, a folder: one line, as for bad contents
        raise LiveError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    if len(raw) > MAX_SETTINGS:
        raise LiveError(f"{path.name}: over {MAX_SETTINGS} bytes; not a live game's seats")
    try:
        return msgspec.json.decode(raw, type=Settings)
    except msgspec.DecodeError as error:
        raise LiveError(f"{path.name}: not a live game's seats ({error})") from None


def seat_of_token(settings: Settings, token: str) -> str:
    """The seat ``token`` opens (``p1``, ``p2`` or ``both``); ``LiveError`` if none."""
    if not token:
        raise LiveError("this link has no seat token: open the seat link you were given")
    found = digest(token)
    for seat, held in settings.tokens.items():
        if hmac.compare_digest(found, held):
            return seat
    raise LiveError("this seat token opens no seat of this game")


MAX_TAB = 64
"""The longest tab id kept (a page's tab id is 32 hex digits)."""


def claim_tab(root: Path, game_id: str, seat: str, tab: str) -> None:
    """Make ``tab`` the newest tab of ``seat``: from now on only it may act. The file
    is replaced whole, so a pipe put in its place cannot hold the page up."""
    _write_whole(tab_path(root, game_id, seat), tab[:MAX_TAB].encode())


def newest_tab(root: Path, game_id: str, seat: str) -> str:
    """The tab that last claimed ``seat`` (``""``: none did); ``LiveError`` when the
    file is not a regular file (a pipe: opened without waiting, and refused)."""
    raw = _read_small(tab_path(root, game_id, seat), MAX_TAB)
    return "" if raw is None else raw.decode("utf-8", "replace")


LOCK_TRIES = 5
"""How many times ``locked`` takes a lock file that was replaced under it before it gives
up (each replacement is a damaged lock file put right by another process)."""


@contextlib.contextmanager
def locked(root: Path, game_id: str) -> Iterator[None]:
    """Hold the game's append lock (other processes and threads wait). A lock file that
    is not a regular file (a pipe, which would hold every append up, or a link, which
    would create and lock a file elsewhere) is replaced by an empty one, as
    ``_write_whole`` replaces a file, and the game plays on; the lock held is checked to
    be the file the name still gives, so two processes that each replaced it never both
    hold one. ``LiveError`` (one line naming it) when it cannot be opened or replaced (a
    folder of that name)."""
    path = root / f"{check_id(game_id)}.lock"
    for _ in range(LOCK_TRIES):
        handle = _open_lock(path)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                if _same_file(path, handle):
                    yield
                    return
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)
        finally:
            os.close(handle)
    raise LiveError(f"{path.name}: replaced {LOCK_TRIES} times while being taken; the "
                    "game's lock cannot be taken (try again)")


def _open_lock(path: Path) -> int:
    """A handle on the regular lock file ``path``, made (or put in place of whatever
    else stood there) when needed; never waits on a pipe nor follows a link."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_NOFOLLOW
    for _ in range(2):
        try:
            handle = os.open(path, flags, 0o644)
        except OSError as error:
            if error.errno != errno.ELOOP:  # a link: replaced below
                raise LiveError(f"{path.name}: cannot be opened ({error.strerror or error})"
                                ) from None
        else:
            if stat.S_ISREG(os.fstat(handle).st_mode):
                return handle
            os.close(handle)
        _write_whole(path, b"")  # a pipe or a link: a fresh empty file renamed over it
    raise LiveError(f"{path.name}: not a regular file; the game's lock cannot be taken "
                    "(remove it)")


def _same_file(path: Path, handle: int) -> bool:
    """Whether ``path`` still names the file ``handle`` holds (not replaced since)."""
    try:
        named = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(handle)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def cut_path(root: Path, game_id: str, offset: int, n: int = 1) -> Path:
    """Where the bytes after ``offset`` of a log cut short are kept when the log is cut
    there (``<id>.exlog.cut-<offset>``, then ``-2``, ``-3``... for the next at the same
    byte): the file a live game's log had beyond its last whole frame."""
    return root / f"{check_id(game_id)}.exlog.cut-{offset}{'' if n == 1 else f'-{n}'}"


def _ids(root: Path, suffix: str) -> set[str]:
    """The game ids of the files named ``<id><suffix>`` under ``root`` (read by name
    only: nothing is opened nor stat'ed); none when it is no folder."""
    try:
        names = os.listdir(root)
    except OSError:
        return set()
    return {name[:-len(suffix)] for name in names
            if name.endswith(suffix) and GAME_ID.fullmatch(name[:-len(suffix)])}


FileKey = tuple[int, int, int]
"""A file as a cache last saw it: (size, mtime ns, inode). The size and mtime alone
miss a file replaced by another of the same size and mtime (a copy made with ``cp -p``
renamed over it), so each cache of the live code keys on all three."""


def file_key(seen: os.stat_result) -> FileKey:
    """``seen``'s size, mtime ns and inode (``FileKey``)."""
    return (seen.st_size, seen.st_mtime_ns, seen.st_ino)


def _stats(root: Path, ids: set[str], suffix: str) -> list[tuple[os.stat_result, str]]:
    """(stat, id) of each regular file ``<id><suffix>`` under ``root``, newest (mtime)
    first (one gone since the folder was read, a link to nothing or a pipe, which would
    hold a reader up for good, left out)."""
    found: list[tuple[os.stat_result, str]] = []
    for game_id in ids:
        try:
            seen = os.stat(os.path.join(root, game_id + suffix))
        except OSError:
            continue
        if stat.S_ISREG(seen.st_mode):
            found.append((seen, game_id))
    found.sort(key=lambda pair: (pair[0].st_mtime_ns, pair[1]), reverse=True)
    return found


def waiting_ids(root: Path) -> list[tuple[os.stat_result, str]]:
    """Every game under ``root`` with a seats file and no log yet (a game waiting for a
    friend to join, or cancelled before), as (the seats file's stat, its id), newest
    first. The folder is read once, by name; only those seats files are stat'ed (every
    game has one: a seats file beside each of thousands of logs was stat'ed twice)."""
    return _stats(root, _ids(root, ".seats.json") - _ids(root, ".exlog"), ".seats.json")


def game_ids(root: Path) -> list[str]:
    """Every live game under ``root``, newest log first."""
    return [game_id for _, game_id in _stats(root, _ids(root, ".exlog"), ".exlog")]


def log_count(root: Path) -> int:
    """How many live games' logs ``root`` holds, by name (nothing stat'ed)."""
    return len(_ids(root, ".exlog"))


NAME_COOKIE = "exceed_player"
"""The browser cookie that keeps the name a person typed (percent-encoded)."""
MAX_COOKIE = 400
"""The longest cookie value read: 40 characters percent-encoded take at most 360."""


def name_cookie(name: str) -> str:
    """``name`` as the cookie's value: percent-encoded, so only ``A-Za-z0-9%-._~``."""
    return urllib.parse.quote(name, safe="")


def kept_name(raw: object) -> str:
    """The name a browser kept (the cookie's value), checked as a typed name is: ``""``
    when it is not text, too long, not percent-encoded UTF-8 or not a valid name."""
    if not isinstance(raw, str) or len(raw) > MAX_COOKIE:
        return ""
    try:
        name = urllib.parse.unquote(raw, errors="strict")
    except UnicodeDecodeError:
        return ""
    return name if player_name_problem(name) is None else ""


SEATS_COOKIE = "exceed_seats"
"""The browser cookie that keeps the seat tokens a browser opened (``seats_cookie``), so
its Play page lists those games with their seat's link after a reload or in a new tab."""
MAX_SEATS_KEPT = 20
"""The most seats a browser's cookie keeps (the newest): about 1 KB."""
_KEPT_SEAT = re.compile(r"([0-9a-f]{16}):([A-Za-z0-9_-]{1,64})")


def seats_cookie(held: dict[str, str]) -> str:
    """``held`` (game id -> seat token, oldest first) as the cookie's value: the newest
    ``MAX_SEATS_KEPT`` as ``<id>:<token>`` joined by ``.`` (only ``A-Za-z0-9_-:.``; a
    pair that is not an id and a token is left out)."""
    pairs = [f"{game_id}:{token}" for game_id, token in held.items()
             if _KEPT_SEAT.fullmatch(f"{game_id}:{token}")]
    return ".".join(pairs[-MAX_SEATS_KEPT:])


def kept_seats(raw: object) -> dict[str, str]:
    """The seat tokens a browser kept (the cookie's value), oldest first: game id ->
    token, each pair checked (anything else is left out, a value too long is read as
    none). A token still opens a seat only if its digest matches (``seat_of_token``)."""
    if not isinstance(raw, str) or len(raw) > MAX_SEATS_KEPT * 82:
        return {}
    held: dict[str, str] = {}
    for pair in raw.split("."):
        found = _KEPT_SEAT.fullmatch(pair)
        if found:
            held.pop(found[1], None)
            held[found[1]] = found[2]
    return held
