"""Commands that read logs: ``info`` (summaries), ``replay`` (the board at a moment, or
step through it) and ``verify`` (re-simulate on this engine).

``info`` and ``verify`` take files and folders (a folder stands for every ``*.exlog``
under it, recursively, sorted by path, as for ``exceed index``) and print a last line of
counts when a folder was given (``info``: also for more than one file). Their exit code
is the worst of: 0 when every log is sealed and intact (``verify``: and identical), 1
when any log is damaged or unfinished (``verify``: or diverges; the good prefix is still
summarised or verified), and 2 when a file cannot be read as a log at all or a folder
holds no log. ``verify --jobs N`` (or ``--json``) of a corpus is the triage of
``replay/cli/triage.py``: the divergences grouped, not each verdict. ``replay`` shows a damaged or unfinished log's good prefix after one
warning line and exits 1; a moment outside the game exits 2 with one line (which, for a
damaged or unfinished log, also says why its game is short).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from engine import GameLog, LogFormatError, Player, UnknownCard, UnknownCharacter, read_game
from replay.cli import args as types
from replay.cli.errors import (
    EXIT_USAGE,
    UsageError,
    check_stdin_free,
    fail,
    guarded,
    load_catalog_or_fail,
    read_log_or_fail,
)
from replay.cli.output import Advance, on_terminal, printable, progress, table
from replay.cli.triage import cmd_triage
from replay.folders import folder_counts, folder_lines, walk
from replay.quoting import file_named, printable_lines
from replay.summary import summary_rows
from replay.verification.verify import verify
from replay.viewer.board import render
from replay.viewer.cursor import Replay, SeekError
from replay.viewer.session import Session, run
from replay.viewer.why import why_lines

GOOD = 0
EXIT_DAMAGED = 1
EXIT_REFUSED = 2
_VIEWERS: dict[str, Player | None] = {"all": None, "p1": Player.P1, "p2": Player.P2}
_FILES_HELP = "a .exlog file (- for standard input), or a folder scanned recursively for *.exlog"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``info``, ``replay`` and ``verify``."""
    info = subparsers.add_parser(
        "info", help="summarise game logs; report damaged or unfinished log files",
        description="Summarise each log; a folder stands for every *.exlog under it "
                    "(recursively, sorted by path). Exit 0 when every log is sealed and "
                    "intact, 1 when any is damaged or unfinished, 2 when any cannot be read "
                    "as a log (or a folder holds none).")
    info.add_argument("files", nargs="+", type=types.log_file, metavar="FILE|DIR", help=_FILES_HELP)
    info.set_defaults(func=cmd_info)

    replay = subparsers.add_parser(
        "replay", help="show a recorded game at a turn, strike or event, or step through it")
    replay.add_argument("file", type=types.one_log_file, metavar="FILE",
                        help="an .exlog game log (- for standard input)")
    where = replay.add_mutually_exclusive_group()
    where.add_argument("--turn", type=types.integer, metavar="N",
                       help="the start of turn N, the game's turn number as the "
                            "transcript's '== turn N' line gives it (a game from a built "
                            "position starts after its recipe's turn)")
    where.add_argument("--strike", type=types.integer, metavar="K",
                       help="the start of strike K (1-based)")
    where.add_argument("--event", type=types.integer, metavar="E",
                       help="at event E: right after the E-th event, counted from 1 as "
                            "exceed find prints them (0: the table before setup)")
    replay.add_argument("--as", dest="viewer", choices=tuple(_VIEWERS), default="all",
                        help="perspective: all (omniscient, the default), or p1 or p2 to "
                             "see only what that player saw")
    replay.add_argument("--recent", type=types.count, default=8, metavar="N",
                        help="how many recent events to list (default 8)")
    replay.add_argument("--why", type=types.integer, metavar="E",
                        help="why event #E happened: its chain of causes back to the "
                        "decision that started it (the numbers of the recent list)")
    replay.add_argument("--interactive", "-i", action="store_true",
                        help="step with keys (n/p, ]/[, t/T, g/G, v, q); reads one key per "
                        "line when stdin is not a terminal")
    replay.set_defaults(func=cmd_replay)

    check = subparsers.add_parser(
        "verify", help="re-simulate logs and report the first divergence",
        description="Re-simulate each log on this engine and report its first divergence; "
                    "a folder stands for every *.exlog under it (recursively, sorted by "
                    "path) and ends with a line of counts. Exit 0 when every log is "
                    "identical, 1 when any diverges or is damaged, 2 when any cannot be read "
                    "as a log (or a folder holds none).")
    check.add_argument("files", nargs="+", type=types.log_file, metavar="FILE|DIR", help=_FILES_HELP)
    check.add_argument("--jobs", type=types.jobs, default=None, metavar="N",
                       help="triage: verify over N worker processes and print the "
                       "divergences grouped by their first divergent event and card (a "
                       "table, then a line of counts); a single file prints as without it")
    check.add_argument("--json", action="store_true",
                       help="triage as one JSON document (counts, groups, skipped, "
                            "folders: each that cannot be read or holds no log, files: "
                            "each file's status and problem)")
    check.set_defaults(func=cmd_verify)


# --- the files of info and verify ------------------------------------------------------


def expand(paths: list[Path]) -> tuple[list[Path], dict[Path, str], int, tuple[int, int]]:
    """The log files ``paths`` stand for (a folder: ``replay.folders.walk``), those of
    them no reader should open with why (a named pipe, a link to nothing), the exit
    code so far: 2 when a folder, or a folder under one, cannot be read or a folder
    holds no log, and how many folders could not be read and how many hold no log
    (never counted as files). The lines about the folders themselves are
    printed on stderr."""
    files: list[Path] = []
    refused: dict[Path, str] = {}
    worst = GOOD
    unreadable = empty = 0
    for path in paths:
        if not os.path.isdir(path):  # (Path.is_dir raises for a name too long to look up)
            files.append(path)
            continue
        found = walk(path)
        for line in folder_lines(path, found):
            print(printable(line), file=sys.stderr)
        if found.unreadable or found.empty:
            worst = EXIT_REFUSED
        unreadable += len(found.unreadable)
        empty += found.empty
        files += [Path(log) for log in found.logs]
        refused.update((Path(log), why) for log, why in found.refused.items())
    return files, refused, worst, (unreadable, empty)


def refuse(path: Path, why: str) -> int:
    """Print the one line of a log found in a folder that no reader opens (``why``:
    ``cannot read: not a regular file (a named pipe)``); its exit code."""
    print(printable(f"{file_named(path)}: {why}"), file=sys.stderr)
    return EXIT_REFUSED


def read_or_refuse(path: Path) -> GameLog | None:
    """The log at ``path``, or None after one line on stderr saying why it is refused."""
    try:
        return read_game(path)
    except LogFormatError as error:
        print(printable(str(error)), file=sys.stderr)
    except OSError as error:
        print(printable(f"{file_named(path)}: cannot read: {error.strerror}"), file=sys.stderr)
    return None


class Counted(NamedTuple):
    """What ``each_log`` did: the files, how many got each exit code, the worst code,
    and how many folders could not be read and how many hold no log."""

    files: list[Path]
    counts: dict[int, int]
    worst: int
    folders: tuple[int, int]

    def line(self, good: str, bad: str) -> str:
        """The last line of counts: ``N log(s): A good, B bad, C unreadable``, then the
        folders (``, 1 folder(s) unreadable``), which are not logs."""
        c = self.counts
        return ", ".join([f"{len(self.files)} log(s): {c[GOOD]} {good}",
                          f"{c[EXIT_DAMAGED]} {bad}", f"{c[EXIT_REFUSED]} unreadable",
                          *folder_counts(*self.folders)])


def each_log(paths: list[Path], one: Callable[[Path], int], advance: Advance | None = None
             ) -> Counted:
    """Run ``one`` (which prints a log's report and returns its exit code) on every log
    ``paths`` stand for: the files, how many got each code, the worst code and the
    folders' counts."""
    files, refused, worst, folders = expand(paths)
    counts = {GOOD: 0, EXIT_DAMAGED: 0, EXIT_REFUSED: 0}
    for done, path in enumerate(files, 1):
        code = refuse(path, refused[path]) if path in refused else one(path)
        counts[code] += 1
        worst = max(worst, code)
        if advance is not None:
            advance(done, len(files))
    return Counted(files, counts, worst, folders)


# --- info ------------------------------------------------------------------------------


def cmd_info(args: argparse.Namespace) -> int:
    twice = types.stdin_twice(args.files)
    if twice is not None:
        return fail(args, twice, EXIT_USAGE)
    done = each_log(args.files, _info_one)
    if len(done.files) > 1 or (_read_a_folder(done)
                               and any(os.path.isdir(path) for path in args.files)):
        print(done.line("sealed and intact", "damaged or unfinished"))
    return done.worst


def _read_a_folder(done: Counted) -> bool:
    """Whether a folder's walk found logs, or a subfolder it could not read: a count line
    to print (a folder that only holds no log is its one line)."""
    return bool(done.files) or done.folders[0] > 0


def _info_one(path: Path) -> int:
    """Print one log's summary (or its one refusal line); return its exit code."""
    log = read_or_refuse(path)
    if log is None:
        return EXIT_REFUSED
    rows = summary_rows(log)
    if on_terminal(sys.stdout):
        (_, title), *facts = rows
        table(sys.stdout, ("fact", "value"),
              [(label, printable(_value(label, line))) for label, line in facts],
              title=printable(title), header=False)
    else:
        for _, line in rows:
            print(printable(line))
    if log.damage is not None or not log.sealed:
        return EXIT_DAMAGED
    return GOOD


def _value(label: str, line: str) -> str:
    """A summary line without its label, for a table's cell."""
    text = line.strip()
    for prefix in (f"{label}: ", f"{label} "):
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


# --- verify ----------------------------------------------------------------------------


def cmd_verify(args: argparse.Namespace) -> int:
    twice = types.stdin_twice(args.files)
    if twice is not None:
        return fail(args, twice, EXIT_USAGE)
    corpus = len(args.files) > 1 or any(os.path.isdir(path) for path in args.files)
    if args.json or (args.jobs is not None and corpus):
        return cmd_triage(args)
    with progress("verify") as advance:
        done = each_log(args.files, _verify_one, advance)
    if _read_a_folder(done) and any(os.path.isdir(path) for path in args.files):
        print(done.line("identical", "diverged or damaged"))
    return done.worst


def _verify_one(path: Path) -> int:
    """Print one log's verdict (or its one refusal line); return its exit code."""
    log = read_or_refuse(path)
    if log is None:
        return EXIT_REFUSED
    try:
        verdict = verify(log)
    except LogFormatError as error:
        print(printable(str(error)), file=sys.stderr)
        return EXIT_REFUSED
    for line in verdict.lines():
        print(printable(line))
    if not verdict.identical or verdict.damage is not None:
        return EXIT_DAMAGED
    return GOOD


# --- replay ----------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    return guarded(args, _replay)


def _replay(args: argparse.Namespace) -> int:
    if args.interactive:
        check_stdin_free(args.file, "--interactive")
    replay = open_replay(args.file)
    perspective = _VIEWERS[args.viewer]
    try:
        if args.why is not None:
            try:
                lines = why_lines(replay, args.why, perspective)
            except ValueError as error:
                raise UsageError(f"--why: {error}") from None
        else:
            _seek(replay, args)
    except UsageError as error:
        # one line: a moment past a damaged log's good prefix says why the game is short
        short = damage_warning(replay.log, "the game read has only")
        if short is None:
            raise
        raise UsageError(f"{error} ({short})") from None
    warning = damage_warning(replay.log)
    if warning is not None:
        print(printable(f"exceed replay: warning: {warning}"), file=sys.stderr)
    if args.why is not None:
        print("\n".join(printable(line) for line in lines))
        return 0
    if args.interactive:
        code = run(Session(replay, perspective, args.recent))
    else:
        print(printable_lines(render(replay, perspective, args.recent)))
        code = 0
    # like `exceed info`: a damaged or unfinished log is shown, and still exits 1
    return max(code, EXIT_DAMAGED) if damage_warning(replay.log) is not None else code


def open_replay(path: Path) -> Replay:
    """Read ``path`` and build its replay; a file that cannot be replayed is a UsageError.
    A damaged or unfinished log is the caller's to warn of (``damage_warning``)."""
    log = read_log_or_fail(path)
    fallback = load_catalog_or_fail()
    try:
        return Replay(log, log.catalog(fallback))
    except LogFormatError as error:  # the events do not fold onto the header's table
        raise UsageError(str(error)) from None
    except (UnknownCharacter, UnknownCard) as error:
        raise UsageError(f"{path}: {error}") from None


def damage_warning(log: GameLog, using: str = "replaying") -> str | None:
    """One line about a damaged or unfinished log (None when it is sealed and intact):
    the damage, its byte and frame, and that the good prefix is what the command is
    ``using`` (``replay``, ``capsule`` and ``fork`` say it alike)."""
    if log.damage is not None:
        d = log.damage
        where = f"byte {d.offset}" if d.offset >= 0 else "a payload"
        return (f"{log.name}: damaged at {where} (frame {d.frame_index}): {d.reason}; "
                f"{using} the {log.event_count} event(s) before it")
    if not log.sealed:
        return (f"{log.name}: the game was not finished (no trailer); "
                f"{using} its {log.event_count} event(s)")
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
