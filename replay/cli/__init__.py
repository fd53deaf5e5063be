"""The ``exceed`` command line: every subcommand, one module per command group.

- ``games``: ``play``, ``characters``, ``simulate``, ``samples``, ``fuzz``;
- ``logs``: ``info``, ``replay``, ``verify``;
- ``index``: ``index``, ``query``, ``export`` (``queries``: the named queries and how
  their rows are printed);
- ``analyze``: ``analyze`` (win probability and decision review, stored in the index);
- ``dashboard``: ``dashboard``;
- ``fork``: ``fork`` (replay a game to a decision, take another option, play on);
- ``capsule``: ``capsule`` (a moment or a failure as a position, decisions and a test);
- ``find``: ``find`` (moments matching a search pattern, with dashboard links);
- ``insights``: ``insights`` (a player's costly habits across analysed games).

Shared by them: ``args`` (argument types), ``errors`` (one-line failures and the checks
several commands make), ``output`` (rich progress bars and tables on a terminal, plain
text elsewhere). Each group exposes ``register(subparsers)``; every subcommand sets a
``func`` default that takes the parsed arguments and returns an int exit code. Errors a
user can cause are reported by the commands as one line; anything unexpected is also
reduced to one line (set ``EXCEED_DEBUG=1`` to see the traceback); a file the system
refuses where no command expected it (a name too long) is one line naming it, exit 2. The CLI drives the
engine through its public surface (``engine``) and the replay modules only.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import sys
from typing import NoReturn

from replay.cli import analyze, capsule, dashboard, find, fork, games, index, insights, logs
from replay.cli.errors import EXIT_INTERNAL, EXIT_USAGE
from replay.quoting import error_text, file_named, printable, quoted, shortened

_LONG_CHOICE = re.compile(r"invalid choice: '([^'\n]{41,})' \(choose from")
"""argparse's own error for a value not among the choices, naming a value of over
``QUOTE_CHARS`` characters (argparse writes ``invalid choice: %r (choose from ...)``)."""


class _Parser(argparse.ArgumentParser):
    """argparse, whose own errors name a long value by its first characters and length
    (``'qqq…' (100,000 characters)``) as every error of this CLI does: an invalid choice
    (``--format``, ``--as``, a query or command name) repeated the value whole. The
    subcommands' parsers are of this class too (``add_parser`` uses the parent's)."""

    def error(self, message: str) -> NoReturn:
        if message.startswith("the following arguments are required: --p1, --p2"):
            message += ("; the fighters are options, as in --p1 ryu --p2 ken (exceed "
                        "characters lists them)")  # ``exceed play ryu ken`` said no more
        super().error(_LONG_CHOICE.sub(
            lambda found: f"invalid choice: {quoted(found.group(1))} (choose from", message))


def build_parser() -> argparse.ArgumentParser:
    """Build the top-level parser and let each command group add its subcommands."""
    parser: argparse.ArgumentParser = _Parser(
        prog="exceed", description="EXCEED engine, replays and index",
        epilog="Start with: exceed characters (the fighters), exceed play --p1 ryu --p2 ken "
               "(one game's transcript), exceed play --p1 ryu --p2 ken --agents "
               "human,heuristic (play p1 yourself). Each command has its own -h: exceed "
               "play -h. All of them: docs/cli.md.")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    games.register(subparsers)
    logs.register(subparsers)
    index.register(subparsers)
    analyze.register(subparsers)
    dashboard.register(subparsers)
    fork.register(subparsers)
    capsule.register(subparsers)
    find.register(subparsers)
    insights.register(subparsers)
    return parser


def _command_parser(parser: argparse.ArgumentParser, command: str | None
                    ) -> argparse.ArgumentParser:
    """The subcommand's own parser (``parser`` itself without one), so that an unknown
    option is reported as ``exceed COMMAND: error: ...`` under that command's usage, as
    every other option error is (argparse's own ``parse_args`` gave the top-level
    usage and ``exceed: error: unrecognized arguments``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            found: argparse.ArgumentParser = action.choices[command]
            return found
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``), run the chosen subcommand, return its code."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        _command_parser(parser, args.command).error(  # cut: they may be any length
            f"unrecognized arguments: {printable(shortened(' '.join(extra)))}")
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args))
    except KeyboardInterrupt:
        print(f"exceed {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:
        if os.environ.get("EXCEED_DEBUG"):
            raise
        if isinstance(error, OSError) and error.filename is not None:
            return _file_failed(args.command, error)
        print(f"exceed {args.command}: internal error: {error_text(error)} "
              "(set EXCEED_DEBUG=1 for a traceback)", file=sys.stderr)
        return EXIT_INTERNAL


def _file_failed(command: str, error: OSError) -> int:
    """A file the system refused where no command expected it (a name too long for its
    file system, a folder that cannot be searched), met by ``Path.exists`` or
    ``Path.is_dir``, which raise for those: one line naming the file and why, exit 2,
    not an internal error."""
    message = f"{file_named(error.filename)}: {error.strerror or error_text(error)}"
    if error.errno == errno.ENAMETOOLONG and command in SHORTER:
        message += SHORTER[command]
    print(f"exceed {command}: {printable(message)}", file=sys.stderr)
    return EXIT_USAGE


SHORTER = {"fork": "; give the new log a shorter name with --out NEW",
           "capsule": "; give the capsule a shorter name with --name NAME (or --out DIR)"}
"""What a command whose default output name is made from its log's name (``fork``,
``capsule``) adds to "File name too long": the option that names the output instead."""
