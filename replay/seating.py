"""Seats played by agents or a person, to the end of a game, every decision recorded:
what ``exceed play`` and ``exceed fork`` run when a seat is ``human``.

``play_seats`` asks each seat in turn: an agent decides from its view, a person
(``Person``) is first told what happened since their last decision, from their seat
(``Witness``: the engine's ``Transcript`` of the events, redacted by ``engine.redact``
for that seat, so never the opponent's hand, a face-down attack or a deck's order), then
asked. A person stops a game with ``Stopped`` (end of input, quit); Ctrl-C is turned into
``Stopped`` too, once the recording is closed, so the game so far stays in the log
(``record_seated``: the log is kept, unfinished, under its name; a killed process keeps
the ``.part`` file, holding every finished turn).
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import BinaryIO, Protocol

from engine import (
    Catalog,
    Decision,
    Game,
    GameTooLong,
    Player,
    Recording,
    Request,
    State,
    Transcript,
    forced_decision,
    make_agent,
    observe,
)
from engine import events as ev
from replay.quoting import file_named

HUMAN = "human"
"""The seat name of a person at the terminal (``human`` in the log's ``agents``)."""
MAX_DECISIONS = 5000
"""A game that goes on longer than this is stopped (as ``engine.play_game``)."""
_BLIND = State(players=[], card_defs={})


class StopReason(enum.Enum):
    """Why a person's game ended before its result."""

    END_OF_INPUT = "end of input"
    QUIT = "you quit"
    INTERRUPTED = "interrupted"
    OUTPUT_CLOSED = "output closed"


class Stopped(Exception):
    """A person stopped the game at ``decision``; ``kept`` is the log holding the game so
    far (None: nothing was written)."""

    def __init__(self, decision: int, reason: StopReason, kept: Path | None = None) -> None:
        super().__init__(f"stopped at decision {decision} ({reason.value})")
        self.decision = decision
        self.reason = reason
        self.kept = kept


class EngineFailed(Exception):
    """The engine or an agent raised ``error`` (a bug) at decision ``decision`` (counted
    from 0, as ``exceed verify`` counts them) of turn ``turn`` while the game was played
    on; ``kept`` is the log holding every step before it, unfinished (None: not recorded
    or not yet kept)."""

    def __init__(self, error: Exception, decision: int, turn: int,
                 kept: Path | None = None) -> None:
        super().__init__(f"failed at decision {decision}: {error}")
        self.error, self.decision, self.turn, self.kept = error, decision, turn, kept


class Person(Protocol):
    """A seat played by a person: told what happened, asked for a decision."""

    def tell(self, seat: Player, lines: Sequence[str]) -> None:
        """What ``seat`` saw happen since it was last told (may be empty)."""

    def choose(self, view: State, request: Request, decision: int,
               catalog: Catalog, *, previous: Decision | None = None,
               last_event: object | None = None) -> Decision:
        """A legal decision for ``request`` (``Stopped`` to end the game unfinished);
        ``previous`` and ``last_event``, the game's last decision and event, tell what
        a payment is for (``replay.action_payments.paid_for``)."""


class _Agent(Protocol):
    needs_view: bool

    def decide(self, view: State, request: Request) -> Decision: ...


class Witness:
    """What one seat has seen: the transcript of the events since ``start``, folded from
    ``before`` (the state before ``events[start]``), each event redacted for ``seat``."""

    def __init__(self, before: State, start: int, catalog: Catalog, seat: Player) -> None:
        self.transcript = Transcript(before, catalog, seat)
        self.seen = start

    def catch_up(self, events: Sequence[ev.Event]) -> list[str]:
        """The lines of the events not yet seen, repeats folded (``draws a hidden card
        (x5)``)."""
        lines = []
        for event in events[self.seen:]:
            line = self.transcript.feed(event)
            if line is not None:
                lines.append(line)
        self.seen = len(events)
        return _squeezed(lines)


def _squeezed(lines: list[str]) -> list[str]:
    out: list[tuple[str, int]] = []
    for line in lines:
        if out and out[-1][0] == line and not line.startswith("=="):
            out[-1] = (line, out[-1][1] + 1)
        else:
            out.append((line, 1))
    return [line if count == 1 else f"{line} (x{count})" for line, count in out]


def witnesses(agents: tuple[str, str], before: State, start: int,
              catalog: Catalog) -> dict[Player, Witness]:
    """One ``Witness`` per ``human`` seat, from ``before`` and event ``start`` on."""
    return {Player(seat): Witness(before, start, catalog, Player(seat))
            for seat, name in enumerate(agents) if name == HUMAN}


def play_seats(game: Game, step: Callable[[Decision], object], agents: tuple[str, str],
               seed: int, person: Person | None, catalog: Catalog,
               seen: dict[Player, Witness]) -> None:
    """Play ``game`` to its end, each decision taken with ``step`` (a recording's);
    ``human`` seats ask ``person``, who is told first what their seat saw happen, and
    once more at the end. ``GameTooLong`` past ``MAX_DECISIONS``."""
    seats: list[_Agent | None] = [
        None if name == HUMAN else make_agent(name, seed, Player(who), catalog)
        for who, name in enumerate(agents)]
    request = game.pending
    while request is not None:
        if len(game.decisions) > MAX_DECISIONS:
            raise GameTooLong(f"no result after {MAX_DECISIONS} decisions")
        decision = forced_decision(request)
        if decision is None:
            agent = seats[request.player]
            view = observe(game.state, request.player)
            if agent is None:
                assert person is not None
                person.tell(request.player, seen[request.player].catch_up(game.events))
                decision = person.choose(
                    view, request, len(game.decisions), catalog,
                    previous=game.decisions[-1] if game.decisions else None,
                    last_event=game.events[-1] if game.events else None)
            else:
                follow = getattr(agent, "follow", None)
                if follow is not None:  # the search agent folds what its seat saw
                    follow(game)
                decision = agent.decide(view if agent.needs_view else _BLIND, request)
        step(decision)
        request = game.pending
    if person is not None:
        for seat, witness in seen.items():
            person.tell(seat, witness.catch_up(game.events))


def play_recorded(recording: Recording, agents: tuple[str, str], seed: int,
                  person: Person | None, catalog: Catalog,
                  seen: dict[Player, Witness]) -> None:
    """``play_seats`` through ``recording``; a person's stop (``Stopped``, Ctrl-C while a
    person plays, or the person's output closed: ``BrokenPipeError``) closes the recording
    first, so every step so far is written, and raises ``Stopped``. Without a person,
    Ctrl-C stays a ``KeyboardInterrupt`` and a closed output a ``BrokenPipeError``. An
    exception of the engine or an agent (a bug) closes it too and raises ``EngineFailed``;
    ``GameTooLong`` and an ``OSError`` (the log cannot be written) are raised as they are."""
    game = recording.game
    try:
        play_seats(game, recording.step, agents, seed, person, catalog, seen)
    except KeyboardInterrupt:
        if person is None:
            raise
        recording.close()
        raise Stopped(len(game.decisions), StopReason.INTERRUPTED) from None
    except Stopped:
        recording.close()
        raise
    except BrokenPipeError:  # the terminal's reader went away (``| head``, a closed pager)
        if person is None:
            raise
        recording.close()
        raise Stopped(len(game.decisions), StopReason.OUTPUT_CLOSED) from None
    except (GameTooLong, OSError):
        raise
    except Exception as error:  # a bug: every step before it is written
        recording.close()
        raise EngineFailed(error, recording.recorder.count, game.state.turn) from error
    recording.seal()


class SeatError(Exception):
    """A seated game that cannot be recorded (the file exists, cannot be written)."""


def record_seated(game: Game, before: State, seed: int, agents: tuple[str, str],
                  person: Person | None, catalog: Catalog, target: Path,
                  players: tuple[str, str] = ("", "")) -> None:
    """Play ``game`` (a new game, or a built position; ``before`` is the table before its
    first event) to its end, recorded to ``target`` through ``target.part``, never over
    an existing file (``SeatError``), with ``players``, the people's names. A person's
    stop keeps the game so far in ``target``, unfinished, and raises ``Stopped`` naming
    it."""
    if target.is_dir():  # worded as ``play --out DIR`` without a human seat, and ``fork``
        raise SeatError(f"{target} is a folder; --out takes the log file to write")
    if os.path.lexists(target):  # a dangling symlink too: the log is never written through it
        raise SeatError(f"{target} already exists; name another file with --out")
    part = target.with_name(target.name + ".part")
    try:
        with open(part, "wb") as stream:
            _record(stream, game, before, seed, agents, person, catalog, players)
    except Stopped as stop:
        raise Stopped(stop.decision, stop.reason, keep(part, target)) from None
    except EngineFailed as failed:  # a bug: the game up to it is kept for its report
        failed.kept = keep(part, target)
        raise
    except OSError as error:
        part.unlink(missing_ok=True)
        raise SeatError(f"cannot write {file_named(target)}: {error.strerror or error}") from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    if keep(part, target) != target:
        raise SeatError(f"{target} appeared while the game was played; the game is in {part}")


def _record(stream: BinaryIO, game: Game, before: State, seed: int, agents: tuple[str, str],
            person: Person | None, catalog: Catalog, players: tuple[str, str]) -> None:
    recording = Recording(game, seed, stream, agents, catalog, players=players)
    play_recorded(recording, agents, seed, person, catalog,
                  witnesses(agents, before, 0, catalog))


def keep(part: Path, target: Path) -> Path:
    """Move the written ``part`` to ``target`` unless ``target`` exists meanwhile (then
    ``part`` stays); returns where the log is."""
    try:
        os.link(part, target)
    except FileExistsError:
        return part
    except OSError:  # a file system without hard links
        if target.exists():
            return part
        os.replace(part, target)
        return target
    part.unlink()
    return target
