"""The `exceed` command line: one argparse parser whose subcommands come from the layers.

Each layer that offers commands exposes ``register(subparsers)``; every subcommand sets a
``func`` default that takes the parsed arguments and returns an int exit code. Errors a
user can cause are reported by the commands as one line; anything unexpected is also
reduced to one line (set ``EXCEED_DEBUG=1`` to see the traceback).
"""

from __future__ import annotations

import argparse
import os
import sys

import engine.cli as engine_cli
from replay import cli_dashboard, cli_index, cli_replay, cli_verify

EXIT_INTERNAL = 70


def build_parser() -> argparse.ArgumentParser:
    """Build the top-level parser and let each layer add its subcommands."""
    parser = argparse.ArgumentParser(prog="exceed", description="EXCEED engine, replays and index")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    engine_cli.register(subparsers)
    cli_replay.register(subparsers)
    cli_verify.register(subparsers)
    cli_index.register(subparsers)
    cli_dashboard.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``), run the chosen subcommand, return its code."""
    parser = build_parser()
    args = parser.parse_args(argv)
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
        print(f"exceed {args.command}: internal error: {type(error).__name__}: {error} "
              "(set EXCEED_DEBUG=1 for a traceback)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    raise SystemExit(main())
