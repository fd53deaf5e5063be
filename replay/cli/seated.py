"""``exceed play`` with a person in a seat (``--agents human,heuristic``): the game is
played at the terminal (``replay.prompt``) and recorded as ``simulate`` and ``fork``
record theirs (through ``NAME.exlog.part``, never over an existing file; default name
``<p1>-vs-<p2>_<agent1>-vs-<agent2>_seed<N>.exlog`` in the current folder). Also how a
person's stop is reported, by ``play`` and ``fork`` alike: one line on stderr naming the
log that keeps the game so far, exit 1 (end of input, ``q``) or 130 (Ctrl-C).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from engine import (
    Catalog,
    Game,
    GameSetup,
    GameTooLong,
    Transcript,
    display_name,
    initial_state,
    log_name,
)
from replay.cli.errors import UsageError, engine_failed, fail
from replay.fork import SEAT_FORMS, seat_problem
from replay.live.new_games import person_name_problem
from replay.prompt import TerminalPerson
from replay.quoting import printable, quoted
from replay.seating import HUMAN, EngineFailed, SeatError, Stopped, StopReason, record_seated
from replay.summary import ending

EXIT_STOPPED = 1
EXIT_INTERRUPTED = 130


def parse_seats(text: str) -> tuple[str, str]:
    """``--agents P1,P2``: two seat names, each an agent or ``human`` (``person`` is
    another word for it) (``UsageError``, one line)."""
    names = tuple("human" if part.strip() == "person" else part.strip()
                  for part in text.split(","))
    if len(names) != 2:
        raise UsageError(f"--agents takes two seats P1,P2 (each one of "
                         f"{', '.join(SEAT_FORMS)}), got {quoted(text)}")
    for name in names:
        problem = seat_problem(name)
        if problem is not None:
            raise UsageError(problem)
    return names[0], names[1]


def stopped(args: argparse.Namespace, stop: Stopped) -> int:
    """Report ``stop``: ``exceed CMD: stopped at decision 6 (end of input); the game so far
    is kept, unfinished, in NEW``; exit 130 for Ctrl-C, else 1."""
    if stop.reason is StopReason.INTERRUPTED:
        print(file=sys.stdout)  # end the prompt line Ctrl-C cut short
    kept = (f"the game so far is kept, unfinished, in {stop.kept}" if stop.kept is not None
            else "nothing was written")
    code = EXIT_INTERRUPTED if stop.reason is StopReason.INTERRUPTED else EXIT_STOPPED
    return fail(args, f"stopped at decision {stop.decision} ({stop.reason.value}); {kept}",
                code)


def seat_names(names: list[str] | None, agents: tuple[str, str]) -> tuple[str, str]:
    """``--name NAME`` (once per human seat, in seat order): the names recorded for the
    seats (``Header.players``; ``""`` for an agent's seat, which shows its agent), as the
    Play page records the names people type, and refused for the Play page's reasons
    (``replay.live.new_games.person_name_problem``: a name a log cannot hold, one that
    stacks combining marks, an agent's or a guest's name, the other seat's name).
    ``UsageError`` (one line) for such a name or more names than human seats."""
    if not names:
        return ("", "")
    seats = [seat for seat, agent in enumerate(agents) if agent == HUMAN]
    if len(names) != len(seats):
        said = "no human seat" if not seats else f"{len(seats)} human seat(s) ({human_seats(agents)})"
        raise UsageError(f"--name names a person at the terminal: {len(names)} name(s) for "
                         f"{said}")
    players = ["", ""]
    for seat, name in zip(seats, names, strict=True):
        problem = person_name_problem(name.strip(), players[1 - seat])
        if problem is not None or not name.strip():
            raise UsageError(f"--name {quoted(name)}: the name "
                             + (problem if problem is not None else "is empty"))
        players[seat] = name.strip()
    return players[0], players[1]


def title(setup: GameSetup, agents: tuple[str, str], catalog: Catalog) -> str:
    """``p1 Ryu (human) vs p2 Ken Masters (heuristic)``: the fighters by name, as ``exceed
    info``, the transcript's lines and the dashboard name them."""
    return (f"p1 {printable(display_name(catalog, setup.p1))} ({agents[0]}) vs "
            f"p2 {printable(display_name(catalog, setup.p2))} ({agents[1]})")


def human_seats(agents: tuple[str, str]) -> str:
    """``p1`` / ``p2`` / ``p1 and p2``: the seats people play."""
    return " and ".join(f"p{seat + 1}" for seat, name in enumerate(agents) if name == HUMAN)


def play_seated(args: argparse.Namespace, setup: GameSetup, agents: tuple[str, str],
                game: Game, catalog: Catalog, out: TextIO | None = None) -> int:
    """Play ``game`` with the person(s) at the terminal, recorded to ``--out`` with the
    names ``--name`` gives them."""
    out = out if out is not None else sys.stdout
    target: Path = args.out if args.out is not None else Path(log_name(setup, agents,
                                                                        args.seed))
    print(f"EXCEED {title(setup, agents, catalog)}, seed {args.seed}"
          + (f", from the position in {printable(str(args.position))}" if args.position
             else "")
          + f"; you play {human_seats(agents)}, recorded to {printable(str(target))}; "
          "type ? for help",
          file=out)
    person = TerminalPerson(sys.stdin, out, hotseat=agents.count(HUMAN) == 2)
    try:
        record_seated(game, initial_state(setup, catalog), args.seed, agents, person,
                      catalog, target, seat_names(args.names, agents))
    except Stopped as stop:
        return stopped(args, stop)
    except EngineFailed as failed:
        out.flush()
        return engine_failed(args, failed, "what your seat saw above is the game up to it")
    except SeatError as error:
        raise UsageError(str(error)) from None
    except GameTooLong as error:
        raise UsageError(f"the game has {error}; nothing was kept") from None
    state = game.state
    assert state.winner is not None and state.end_reason is not None
    winner = catalog.character(state.players[state.winner].character).name
    loser = state.winner.other
    reason = ending(f"{loser.label} {catalog.character(state.players[loser].character).name}",
                    state.end_reason)  # the loser named, as exceed info does
    print(f"final: {Transcript(state, catalog).status()}", file=out)
    print(f"wrote {printable(str(target))}: {state.winner.label} {winner} wins ({reason}) on turn "
          f"{state.turn}, {len(game.decisions)} decisions", file=out)
    return 0
