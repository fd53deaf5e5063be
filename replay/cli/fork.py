"""``exceed fork``: replay a recorded game up to a decision, take another option there and
play it on to the end, recorded as a new log (``replay.fork``).

Without ``--choose`` it lists the options at ``--at`` (numbers, words, the one played)
and exits 0. With it, it writes the fork and prints one line naming the new file, the
parent, the fork point and the result. A ``human`` seat (``--agents human,heuristic``)
is asked at the terminal (``replay.prompt``); the end of input or ``q`` stops the game,
exit 1, Ctrl-C exit 130, each keeping the game so far in the new log, unfinished (one
line names it). Every refusal is one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine import Catalog
from replay.cli import args as types
from replay.cli.errors import (
    UsageError,
    check_stdin_free,
    engine_failed,
    fail,
    guarded,
    load_catalog_or_fail,
)
from replay.cli.logs import damage_warning
from replay.cli.output import printable
from replay.cli.seated import parse_seats, seat_names, stopped
from replay.fork import (
    ForkError,
    ForkResult,
    ForkStopped,
    Parent,
    check_at,
    check_seats,
    fork_game,
    fork_point,
    open_parent,
)
from replay.prompt import TerminalPerson
from replay.quoting import shell_word
from replay.seating import HUMAN, EngineFailed
from replay.summary import ending

EXIT_INTERRUPTED = 130


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fork``."""
    fork = subparsers.add_parser(
        "fork", help="replay a game to a decision, take another option, play on to a new log",
        description="Replay FILE's decisions up to --at on this engine, answer decision --at "
                    "with option --choose instead of the recorded one, and let the agents "
                    "(or you: 'human') play on to the end, recorded as a new log whose header "
                    "names the parent and the fork point. Without --choose, list the options "
                    "at --at. Exit 0 on success, 1 when a human seat stops (end of input, q; "
                    "the game so far is kept in the new log, unfinished), 2 on a refusal, "
                    "130 on Ctrl-C.")
    fork.add_argument("file", type=types.one_log_file, metavar="FILE", help="the parent .exlog game log")
    fork.add_argument("--at", type=types.count, required=True, metavar="DECISION",
                      help="the decision to replace (0-based, as exceed verify counts them)")
    fork.add_argument("--choose", type=types.count, metavar="OPTION",
                      help="the option to take there (without it: list the options)")
    fork.add_argument("--agents", default="heuristic,heuristic",
                      metavar="P1,P2",
                      help="who plays on after the fork, per seat one of "
                           f"{types.agent_forms((HUMAN,)).replace('%', '%%')}; human: you, "
                           "at the terminal (default %(default)s)")
    fork.add_argument("--out", type=types.log_to_write, metavar="NEW",
                      help="the new log (default: beside FILE, "
                           "<stem>_fork-d<DECISION>-o<OPTION>.exlog); never overwritten")
    fork.add_argument("--seed", type=types.seed, metavar="S",
                      help="the agents' seed after the fork (default: the parent's seed; the "
                           "game keeps the parent's seed)")
    fork.add_argument("--name", dest="names", action="append", metavar="NAME",
                      help="your name for the new log, as `exceed play --name`: once per "
                           "human seat, in seat order")
    fork.set_defaults(func=cmd_fork)


def cmd_fork(args: argparse.Namespace) -> int:
    return guarded(args, _fork)


def _fork(args: argparse.Namespace) -> int:
    catalog = load_catalog_or_fail()
    agents = parse_seats(args.agents)
    players = seat_names(args.names, agents)
    try:
        if args.choose is None:
            return _list(args)
        if HUMAN in agents:
            check_stdin_free(args.file, "a human seat")
        person = (TerminalPerson(sys.stdin, sys.stdout, hotseat=agents.count(HUMAN) == 2)
                  if HUMAN in agents else None)
        check_seats(agents, person)
        parent = _opened(args.file, catalog, args.at)
        result = fork_game(args.file, args.at, args.choose, agents, args.out, args.seed,
                           person, catalog, parent, players)
    except ForkError as error:
        raise UsageError(str(error)) from None
    except ForkStopped as stop:
        return stopped(args, stop)
    except EngineFailed as failed:  # a bug after the fork point
        sys.stdout.flush()
        return engine_failed(args, failed)
    except KeyboardInterrupt:
        print(file=sys.stdout)
        return fail(args, "interrupted; nothing was written", EXIT_INTERRUPTED)
    print(printable(result_line(result)))
    return 0


def _list(args: argparse.Namespace) -> int:
    """Print the options at ``--at``; the played one is marked."""
    parent = _opened(args.file, load_catalog_or_fail(), args.at)
    point = fork_point(parent, args.at)
    listing = point.listing
    print(printable(f"{args.file}: decision {point.at} (turn {point.turn}): {point.asked}; "
                    f"{len(listing.options)} option(s)"
                    + (" listed of more" if listing.capped else "")))
    for option in listing.options:
        mark = "  <- played" if point.played is not None and option is point.played else ""
        print(printable(f"  {option.number:>3}  {option.label}{mark}"))
    if point.refused:
        print(printable(f"  (the option played is not listed: the log records "
                        f"{point.refused}, which this engine does not offer here)"))
    elif point.played is None:
        print("  (the option played is not listed)")
    # a command to run as printed: the file name quoted for the shell (shell_word)
    print(f"fork with: exceed fork {shell_word(str(args.file))} --at {point.at} --choose N")
    return 0


def _opened(path: Path, catalog: Catalog, at: int) -> Parent:
    """The parent log, read once, that can be forked at ``at`` (else ``ForkError``, which
    names any damage itself); a damaged or unfinished one is said on stderr as ``exceed
    replay`` says it: the damage, its byte and frame, and that the good prefix is used."""
    parent = open_parent(path, catalog)
    check_at(parent, at)
    warning = damage_warning(parent.log, "forking from")
    if warning is not None:
        print(printable(f"exceed fork: warning: {warning}"), file=sys.stderr)
    return parent


def result_line(result: ForkResult) -> str:
    """``wrote NEW: fork of PARENT (id …) at decision D (turn T): option …; result``."""
    point = result.point
    if point.played is not None and point.played.number == result.chosen.number:
        instead = ", the one the parent played"  # taken again, for other agents to play on
    else:
        instead = " instead of " + (
            f"{point.played.number} {point.played.label}" if point.played is not None
            else f"the recorded {point.refused}, not offered" if point.refused
            else "an option not listed")
    reason = ending(result.loser_name, result.reason)  # the loser named, as exceed info does
    return (f"wrote {result.path}: fork of {result.parent} (id {result.parent_id[:12]}) at "
            f"decision {point.at} (turn {point.turn}): option {result.chosen.number} "
            f"{result.chosen.label}{instead}; "
            f"{result.agents[0]} vs "
            f"{result.agents[1]}: {result.winner_name} wins ({reason}) on turn {result.turns}, "
            f"{result.decisions} decisions")
