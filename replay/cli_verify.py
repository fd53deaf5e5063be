"""``exceed verify FILE...``: re-simulate logs on this engine and report divergences.

Exit codes: 0 when every log is identical, 1 when any log diverges or is damaged
(its good prefix is still verified), 2 when a file cannot be read as a log at all.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.log import LogFormatError
from engine.record import read_game
from replay.verification.verify import verify

EXIT_DIVERGED = 1
EXIT_REFUSED = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = subparsers.add_parser("verify", help="re-simulate logs and report the first divergence")
    cmd.add_argument("files", nargs="+", type=Path, metavar="FILE")
    cmd.set_defaults(func=cmd_verify)


def cmd_verify(args: argparse.Namespace) -> int:
    worst = 0
    for path in args.files:
        try:
            log = read_game(path)
        except LogFormatError as error:
            print(str(error), file=sys.stderr)
            worst = max(worst, EXIT_REFUSED)
            continue
        except OSError as error:
            print(f"{path}: cannot read: {error.strerror}", file=sys.stderr)
            worst = max(worst, EXIT_REFUSED)
            continue
        try:
            verdict = verify(log)
        except LogFormatError as error:
            print(str(error), file=sys.stderr)
            worst = max(worst, EXIT_REFUSED)
            continue
        for line in verdict.lines():
            print(line)
        if not verdict.identical or verdict.damage is not None:
            worst = max(worst, EXIT_DIVERGED)
    return worst
