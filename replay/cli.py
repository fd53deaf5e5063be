"""The `exceed` command line: one argparse parser whose subcommands come from the layers.

Each layer that offers commands exposes ``register(subparsers)``; every subcommand sets a
``func`` default that takes the parsed arguments and returns an int exit code.
"""

from __future__ import annotations

import argparse


def build_parser() -> argparse.ArgumentParser:
    """Build the top-level parser and let each available layer add its subcommands."""
    parser = argparse.ArgumentParser(prog="exceed", description="EXCEED engine, replays and index")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    try:
        import engine.cli as engine_cli  # type: ignore[import-not-found, unused-ignore]
    except ModuleNotFoundError as exc:
        if exc.name != "engine.cli":  # engine.cli exists but something it imports is missing
            raise
    else:
        engine_cli.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``), run the chosen subcommand, return its code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    return int(func(args))


if __name__ == "__main__":
    raise SystemExit(main())
