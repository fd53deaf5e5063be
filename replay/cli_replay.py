"""``exceed replay``: show a recorded game at any moment, or step through it with keys.

``exceed replay FILE [--turn N | --strike K | --event E] [--as all|p1|p2] [--interactive]``
prints the board at the chosen moment (default: the end of the game; with
``--interactive``: the start). A file that is not a log, or whose values the format
forbids, exits 2 with the reader's one line; a damaged or unfinished file replays its
good prefix after one warning line on stderr and exits 1 (as ``exceed info`` does); a
moment outside the game exits 2 with one line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.catalog import UnknownCard, UnknownCharacter
from engine.cli import UsageError, guarded, load_catalog_or_fail
from engine.ids import Player
from engine.log import LogFormatError
from engine.record import GameLog, read_game
from replay.viewer.board import render
from replay.viewer.cursor import Replay, SeekError
from replay.viewer.session import Session, run

EXIT_DAMAGED = 1
_VIEWERS: dict[str, Player | None] = {"all": None, "p1": Player.P1, "p2": Player.P2}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand to the ``exceed`` parser."""
    cmd = subparsers.add_parser(
        "replay", help="show a recorded game at a turn, strike or event, or step through it"
    )
    cmd.add_argument("file", type=Path, metavar="FILE", help="an .exlog game log")
    where = cmd.add_mutually_exclusive_group()
    where.add_argument("--turn", type=int, metavar="N", help="the start of turn N (1-based)")
    where.add_argument("--strike", type=int, metavar="K", help="the start of strike K (1-based)")
    where.add_argument("--event", type=int, metavar="E",
                       help="after the first E events (0: the table before setup)")
    cmd.add_argument("--as", dest="viewer", choices=tuple(_VIEWERS), default="all",
                     help="perspective: all (omniscient), p1 or p2")
    cmd.add_argument("--recent", type=_count, default=8, metavar="N",
                     help="how many recent events to list (default 8)")
    cmd.add_argument("--interactive", "-i", action="store_true",
                     help="step with keys (n/p, ]/[, t/T, g/G, v, q); reads one key per "
                     "line when stdin is not a terminal")
    cmd.set_defaults(func=cmd_replay)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {value}")
    return value


def cmd_replay(args: argparse.Namespace) -> int:
    return guarded(args, _replay)


def _replay(args: argparse.Namespace) -> int:
    replay = open_replay(args.file)
    perspective = _VIEWERS[args.viewer]
    _seek(replay, args)
    if args.interactive:
        code = run(Session(replay, perspective, args.recent))
    else:
        print(render(replay, perspective, args.recent))
        code = 0
    # like `exceed info`: a damaged or unfinished log is shown, and still exits 1
    return max(code, EXIT_DAMAGED) if damage_warning(replay.log) is not None else code


def open_replay(path: Path) -> Replay:
    """Read ``path`` and build its replay; a file that cannot be replayed is a UsageError."""
    try:
        log = read_game(path)
    except LogFormatError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read: {error.strerror or error}") from None
    warning = damage_warning(log)
    if warning is not None:
        print(f"exceed replay: warning: {warning}", file=sys.stderr)
    catalog = load_catalog_or_fail()
    try:
        return Replay(log, catalog)
    except LogFormatError as error:  # the events do not fold onto the header's table
        raise UsageError(str(error)) from None
    except (UnknownCharacter, UnknownCard) as error:
        raise UsageError(f"{path}: {error}") from None


def damage_warning(log: GameLog) -> str | None:
    """One line about a damaged or unfinished log (None when it is sealed and intact)."""
    if log.damage is not None:
        d = log.damage
        where = f"byte {d.offset}" if d.offset >= 0 else "a payload"
        return (f"{log.name}: damaged at {where} (frame {d.frame_index}): {d.reason}; "
                f"replaying the {log.event_count} event(s) before it")
    if not log.sealed:
        return (f"{log.name}: the game was not finished (no trailer); "
                f"replaying its {log.event_count} event(s)")
    return None


def _seek(replay: Replay, args: argparse.Namespace) -> None:
    try:
        if args.turn is not None:
            replay.seek_turn(args.turn)
        elif args.strike is not None:
            replay.seek_strike(args.strike)
        elif args.event is not None:
            replay.seek(args.event)
        elif not args.interactive:
            replay.seek(replay.length)
    except SeekError as error:
        raise UsageError(str(error)) from None
