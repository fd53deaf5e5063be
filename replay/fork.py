"""Fork a recorded game: the parent's decisions up to a point, another option there, and
the game played on to its end by agents or a person, recorded as a new log.

``open_parent`` reads the parent log and refuses, in one line (``ForkError``), a file
that is not a log, a newer format, or one recorded with other card data than this
engine's (as ``exceed verify`` notes it). ``fork_point`` replays the parent's decisions
``0 … at-1`` on this engine from the header's seed (a built-position parent from its
position, as ``verify`` starts it), checking every request and event against the log,
and returns the game waiting at decision ``at`` with its numbered options
(``replay.options``). ``fork_game`` does the same while recording (``engine.Recording``:
only the recorder writes logs), answers decision ``at`` with option ``choose``, lets the
seats play on (``replay.seating``: a ``human`` seat is a person, told what happened from
their seat), seals the log and moves it to ``out``, never over an existing file; a person
who stops keeps the game so far there, unfinished (``Stopped.kept``). The
new HEADER names the parent (``parent``: the sha256 of its bytes, the index's game id)
and ``fork_at``; the log re-simulates from its own seed and decisions (``exceed verify``).

The agents that play on draw their streams from ``seed`` (default: the parent's game
seed). The game itself always keeps the parent's seed, so the first ``at`` decisions
deal the same cards; ``seed`` changes only the agents' own random choices.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import BinaryIO, Protocol

import msgspec

from engine import (
    AGENT_FORMS,
    AGENT_NAMES,
    Catalog,
    Decision,
    EditPosition,
    EndReason,
    FlagFall,
    Game,
    GameLog,
    GameTooLong,
    IllegalDecision,
    LeftGame,
    LogFormatError,
    Player,
    Recording,
    Resign,
    agent_problem,
    asks_effect_order,
    compare_card_data,
    default_catalog,
    game_from_position,
    new_game,
    read_capped,
    read_game_bytes,
    same_as_recorded,
)
from replay.asking_words import asked
from replay.options import Listing, Option, list_options
from replay.quoting import error_text, file_named
from replay.seating import (
    HUMAN,
    MAX_DECISIONS,
    EngineFailed,
    Person,
    Stopped,
    keep,
    play_recorded,
    witnesses,
)
from replay.verification.differences import describe

SEAT_NAMES = (*AGENT_NAMES, HUMAN)
SEAT_FORMS = (*AGENT_FORMS, HUMAN)
"""Every form a seat name takes (``search:N`` beside the names)."""


def seat_problem(name: str) -> str | None:
    """None if ``name`` is a seat (an agent, ``engine.agent_problem``, or ``human``),
    else one line saying what is wrong and listing the valid forms."""
    return agent_problem(name, also=(HUMAN,))


ForkStopped = Stopped
"""A person stopped the forked game (``replay.seating.Stopped``; ``kept`` names the log)."""


class ForkError(Exception):
    """A fork that cannot be made; the message is one line."""


class Parent(msgspec.Struct, frozen=True, kw_only=True):
    """A parent log read for forking: its path, decoded log and game id."""

    path: Path
    log: GameLog
    game_id: str

    @property
    def decisions(self) -> int:
        """How many recorded decisions can be forked (the good prefix's)."""
        return len(self.log.decisions)


class ForkPoint(msgspec.Struct, frozen=True, kw_only=True):
    """Decision ``at`` of the parent as this engine asks it: the options, and the one
    the parent played (None if it is not listed)."""

    at: int
    turn: int
    asked: str
    listing: Listing
    played: Option | None
    recorded: Decision
    refused: str = ""
    """The recorded decision in words (``move(space=7)``) when this engine refuses it
    there (not listed for that reason, not beyond a capped listing); else ""."""


class ForkResult(msgspec.Struct, frozen=True, kw_only=True):
    """A written fork: where, of what, the option taken and how the game ended."""

    path: Path
    parent: Path
    parent_id: str
    point: ForkPoint
    chosen: Option
    agents: tuple[str, str]
    winner: Player
    winner_name: str
    reason: EndReason
    loser_name: str = ""
    """``p2 Ken Masters``: the seat that lost, as ``winner_name`` names the winner."""
    decisions: int
    turns: int


def open_parent(path: Path, catalog: Catalog | None = None) -> Parent:
    """Read the parent log at ``path``; ``ForkError`` for a file that cannot be forked."""
    cat = catalog if catalog is not None else default_catalog()
    try:
        data = read_capped(path)  # once: the game id is of the bytes decoded
        log = read_game_bytes(data, os.fspath(path))
    except LogFormatError as error:
        raise ForkError(str(error)) from None
    except OSError as error:
        raise ForkError(f"{file_named(path)}: cannot read: {error.strerror or error}") from None
    cards = compare_card_data(log.header, cat)  # per game: its cards and fighters only
    if cards.differs:
        raise ForkError(
            f"{path}: recorded with different card data than this engine (log "
            f"{cards.log[:12]}, engine {cards.engine[:12]}); a fork replays "
            "the parent on this engine, so it would not be the same game (see exceed verify)")
    return Parent(path=path, log=log, game_id=hashlib.sha256(data).hexdigest())


def check_at(parent: Parent, at: int) -> None:
    """``ForkError`` naming the valid range unless decision ``at`` can be forked."""
    count = parent.decisions
    log = parent.log
    span = f"decisions 0-{count - 1}" if count else "no decisions"
    if log.damage is not None:
        where = (f"{parent.path} is damaged at frame {log.damage.frame_index} "
                 f"({log.damage.reason}); its good prefix holds {span}")
    elif not log.sealed:
        where = f"{parent.path} is unfinished (no trailer); it holds {span}"
    else:
        where = f"{parent.path} has {span}"
    if count == 0:
        raise ForkError(f"--at {at}: {where}: nothing to fork")
    if not 0 <= at < count:
        raise ForkError(f"--at {at} is past the end: {where}")


def _start(log: GameLog, catalog: Catalog) -> Game:
    """The game as ``verify`` starts it: dealt from the seed, or from a built position."""
    h = log.header
    printed = not asks_effect_order(h.format)
    if not h.position:
        return new_game(h.setup, h.seed, catalog, printed_order=printed)
    setup = log.steps[0].events if log.steps else ()
    return game_from_position(h.setup, h.seed, list(setup[: h.position]), catalog,
                              printed_order=printed)


class _Stepper(Protocol):
    def __call__(self, decision: Decision) -> object: ...


def _replay(parent: Parent, game: Game, at: int, step: _Stepper) -> None:
    """Take the parent's decisions ``0 … at-1`` with ``step``, checking each request and
    the events it caused against the log (``ForkError`` where this engine differs)."""
    log = parent.log
    if log.steps and list(log.steps[0].events) != list(game.setup_events):
        raise ForkError(f"{parent.path}: this engine sets the game up differently from the "
                        "log (run exceed verify on it)")
    recorded = [s for s in log.steps if s.index >= 0]
    for s in recorded[:at]:
        request = game.pending
        if request is None or (s.request is not None
                               and not same_as_recorded(request, s.request)):
            raise ForkError(f"{parent.path}: this engine diverges from the log at decision "
                            f"{s.index} (run exceed verify on it)")
        assert s.decision is not None
        start = len(game.events)
        try:
            step(s.decision)
        except IllegalDecision as error:
            raise ForkError(f"{parent.path}: decision {s.index} is illegal on this engine: "
                            f"{error}") from None
        except OSError:  # the new log cannot be written: fork_game names it
            raise
        except Exception as error:  # a bug of this engine, met before the fork point
            raise ForkError(f"{parent.path}: this engine raises {error_text(error)} at "
                            f"decision {s.index}, before the fork point (run exceed verify "
                            "on it)") from error
        if game.events[start:] != list(s.events):
            raise ForkError(f"{parent.path}: this engine diverges from the log at decision "
                            f"{s.index} (run exceed verify on it)")


def _point(parent: Parent, game: Game, at: int, catalog: Catalog) -> ForkPoint:
    request = game.pending
    recorded = parent.log.decisions[at]
    if request is None:
        raise ForkError(f"{parent.path}: the game is over on this engine before decision {at}")
    listing = list_options(request, game.state, catalog)
    number = listing.number_of(recorded)
    refused = ""
    if (number is None and not isinstance(recorded, (EditPosition, Resign, FlagFall, LeftGame))
            and request.check(recorded) is not None):  # an edit or a concession: no option
        refused = describe(recorded)
    return ForkPoint(at=at, turn=game.state.turn, asked=asked(request, game.state, catalog),
                     listing=listing,
                     played=listing.options[number] if number is not None else None,
                     recorded=recorded, refused=refused)


def fork_point(parent: Parent, at: int, catalog: Catalog | None = None) -> ForkPoint:
    """Decision ``at`` of ``parent`` replayed on this engine: what is asked, the options
    and which one was played."""
    cat = catalog if catalog is not None else default_catalog()
    check_at(parent, at)
    game = _start(parent.log, cat)
    _replay(parent, game, at, game.step)
    return _point(parent, game, at, cat)


def default_out(parent: Path, at: int, choose: int) -> Path:
    """``<parent stem>_fork-d<at>-o<choose>.exlog`` beside the parent, or in the current
    folder when the parent is no file a folder holds: a log read from a pipe
    (``exceed fork - ...`` reads ``/dev/stdin``; ``<(zstdcat F)`` names ``/dev/fd/63``)
    put its fork into ``/dev`` beside it."""
    name = f"{parent.stem}_fork-d{at}-o{choose}.exlog"
    return parent.with_name(name) if os.path.isfile(parent) else Path(name)


def check_seats(agents: tuple[str, str], person: Person | None) -> None:
    """``ForkError`` for an unknown seat name, or a ``human`` seat without a person."""
    for name in agents:
        problem = seat_problem(name)
        if problem is not None:
            raise ForkError(problem)
    if HUMAN in agents and person is None:
        raise ForkError("a human seat needs a person to ask")


def fork_game(
    parent_path: Path,
    at: int,
    choose: int,
    agents: tuple[str, str] = ("heuristic", "heuristic"),
    out: Path | None = None,
    seed: int | None = None,
    human: Person | None = None,
    catalog: Catalog | None = None,
    opened: Parent | None = None,
    players: tuple[str, str] = ("", ""),
) -> ForkResult:
    """Fork the game at ``parent_path`` at decision ``at`` with option ``choose`` and
    play it on with ``agents`` (p1's, p2's; ``human`` seats ask ``human``), recording it
    to ``out`` (default ``default_out``). ``ForkError`` (one line) for anything that
    cannot be forked; ``Stopped`` if a person stops (or presses Ctrl-C) after the fork
    point, with the game so far kept in ``out``, unfinished (``Stopped.kept``).
    ``opened``: the parent, if the caller read it already; ``players``: the people's
    names for the new log's seats (``Header.players``)."""
    cat = catalog if catalog is not None else default_catalog()
    check_seats(agents, human)
    parent = opened if opened is not None else open_parent(parent_path, cat)
    check_at(parent, at)
    target = out if out is not None else default_out(parent_path, at, choose)
    if target.is_dir():  # as play --out says
        raise ForkError(f"{target} is a folder; --out takes the log file to write")
    if os.path.lexists(target):  # a dangling symlink too: the log is never written through it
        raise ForkError(f"{target} already exists; name another file with --out")
    part = target.with_name(target.name + ".part")
    try:
        with open(part, "wb") as stream:
            result = _record(parent, at, choose, agents, seed, human, cat, stream, target,
                             players)
        _publish(part, target)
    except Stopped as stop:
        raise Stopped(stop.decision, stop.reason, keep(part, target)) from None
    except EngineFailed as failed:  # a bug after the fork point: the game up to it is kept
        failed.kept = keep(part, target)
        raise
    except OSError as error:  # a folder that is missing or not writable, a full disk
        part.unlink(missing_ok=True)
        raise ForkError(f"cannot write {file_named(target)}: {error.strerror or error}") from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return result


def _record(parent: Parent, at: int, choose: int, agents: tuple[str, str], seed: int | None,
            human: Person | None, cat: Catalog, stream: BinaryIO, target: Path,
            players: tuple[str, str]) -> ForkResult:
    log = parent.log
    game = _start(log, cat)
    recording = Recording(game, log.header.seed, stream, agents, cat,
                          parent=parent.game_id, fork_at=at, players=players)
    _replay(parent, game, at, recording.step)
    point = _point(parent, game, at, cat)
    listing = point.listing
    if not 0 <= choose < len(listing.options):
        raise ForkError(f"--choose {choose} is not an option at decision {at}: "
                        f"the options are {listing.range} (list them without --choose)")
    chosen = listing.options[choose]
    seen = witnesses(agents, game.state, len(game.events), cat)
    recording.step(chosen.decision)
    try:
        play_recorded(recording, agents, log.header.seed if seed is None else seed, human,
                      cat, seen)
    except GameTooLong:
        raise ForkError(f"the forked game has no result after {MAX_DECISIONS} decisions"
                        ) from None
    state = game.state
    assert state.winner is not None and state.end_reason is not None
    winner_char = cat.character(state.players[state.winner].character).name
    loser = state.winner.other
    loser_char = cat.character(state.players[loser].character).name
    return ForkResult(path=target, parent=parent.path, parent_id=parent.game_id, point=point,
                      chosen=chosen, agents=agents, winner=state.winner,
                      winner_name=f"{state.winner.label} {winner_char}",
                      reason=state.end_reason, decisions=len(game.decisions), turns=state.turn,
                      loser_name=f"{loser.label} {loser_char}")


def _publish(part: Path, target: Path) -> None:
    """Move the sealed ``part`` file to ``target`` unless ``target`` appeared meanwhile."""
    try:
        os.link(part, target)
    except FileExistsError:
        raise ForkError(f"{target} already exists; name another file with --out") from None
    except OSError:  # a file system without hard links
        if target.exists():
            raise ForkError(f"{target} already exists; name another file with --out") from None
        os.replace(part, target)
        return
    part.unlink()
