"""``exceed capsule``: a moment of a recorded game as a bug capsule (``engine.devtools.capsule``).

``exceed capsule FILE --at EVENT`` takes the last restartable position (a turn start, or
an attack to be set) at or before event EVENT
(events counted from 1, setup's included, as every command counts them: docs/log-format.md,
"Event numbers"; the same EVENT as ``exceed find`` prints and ``exceed replay --event`` shows),
states it as a scenario-builder recipe and writes ``<name>.position.json``,
``<name>.exlog`` (the position and the decisions up to the moment; it verifies) and
``test_<name>.py`` (builds the position, feeds the decisions, asserts the outcome) into
``--out``. ``--failing`` re-simulates FILE, finds the first exception, broken invariant
or divergence from the log, and shrinks it (decisions, then cards) before writing; with
no failure it prints one line and exits 1. Refusals are one line, exit 2.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from engine import (
    CapsuleError,
    capsule_paths,
    compare_card_data,
    make_capsule,
    play_command,
    shrink,
    source_of_log,
    write_capsule,
)
from replay.cli import args as types
from replay.cli.errors import UsageError, fail, guarded, load_catalog_or_fail, read_log_or_fail
from replay.cli.logs import damage_warning
from replay.cli.output import printable
from replay.event_numbers import event_index

EXIT_NO_FAILURE = 1


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``capsule``."""
    capsule = subparsers.add_parser(
        "capsule", help="cut a moment of a game (or its failure) down to a position, a few "
                        "decisions and a pytest file",
        description="Write a bug capsule of FILE: the last restartable position at or "
                    "before --at EVENT (a turn start, or an attack to be set) as a "
                    "scenario-builder position, the decisions from there to "
                    "the moment, their log and a standalone pytest file. --failing finds "
                    "the first exception, broken invariant or divergence on this engine "
                    "and shrinks it. Exit 0 on success, 1 when --failing finds no failure, "
                    "2 on a refusal.")
    capsule.add_argument("file", type=types.one_log_file, metavar="FILE", help="the .exlog game log")
    what = capsule.add_mutually_exclusive_group(required=True)
    what.add_argument("--at", type=types.positive, metavar="EVENT",
                      help="the moment: an event number, counted from 1 (1 = the first "
                           "setup event), as exceed find prints it")
    what.add_argument("--failing", action="store_true",
                      help="the first failure while re-simulating FILE, shrunk")
    capsule.add_argument("--out", type=types.folder, default=Path("capsules"), metavar="DIR",
                         help="where to write the capsule (default: ./capsules)")
    capsule.add_argument("--name", metavar="NAME",
                         help="the capsule's name (default: <stem>_e<EVENT> or "
                              "<stem>_failing)")
    capsule.set_defaults(func=cmd_capsule)


def cmd_capsule(args: argparse.Namespace) -> int:
    return guarded(args, _capsule)


def _capsule(args: argparse.Namespace) -> int:
    catalog = load_catalog_or_fail()
    path: Path = args.file
    log = read_log_or_fail(path)
    warning = damage_warning(log, "the capsule uses")
    if warning is not None and args.failing:  # said before the search (it takes a while)
        print(printable(f"exceed capsule: warning: {warning}"), file=sys.stderr)
    cards = compare_card_data(log.header, catalog)  # per game: its cards and fighters only
    if cards.differs:
        print(printable(f"exceed capsule: warning: {path}: recorded with different card data "
                        f"than this engine (log {cards.log[:12]}, engine "
                        f"{cards.engine[:12]}); the capsule is built and checked with this "
                        "engine's cards"), file=sys.stderr)
    source = source_of_log(log)
    stem = path.name.removesuffix(".exlog")
    name = args.name or (f"{stem}_failing" if args.failing else f"{stem}_e{args.at}")
    if os.path.lexists(args.out) and not args.out.is_dir():
        raise UsageError(f"{args.out} is a file; --out takes the folder to write the capsule "
                         "into")
    targets = capsule_paths(args.out, name)
    _check_targets(targets)  # before the capsule is built (a shrink takes a while)
    try:
        if not args.failing:
            try:
                capsule = make_capsule(source, event_index(args.at), catalog)
            except CapsuleError as error:
                # one line: an event past a damaged log's good prefix says why it is short
                short = damage_warning(log, "the game read has only")
                if short is None or args.at <= log.event_count:
                    raise
                raise UsageError(f"{path}: {error} ({short})") from None
            if warning is not None:
                print(printable(f"exceed capsule: warning: {warning}"), file=sys.stderr)
            sizes = f"{len(capsule.decisions)} decision(s) to event {args.at}"
        else:
            try:
                capsule = make_capsule(source, None, catalog)
            except CapsuleError as error:
                if str(error).startswith("no failure"):
                    return fail(args, f"{path}: {error}", EXIT_NO_FAILURE)
                raise
            shrunk = shrink(capsule, catalog)
            capsule = shrunk.capsule
            assert capsule.failure is not None
            found = (f"{capsule.failure.kind} at decision {capsule.failure.decision} "
                     f"({capsule.failure.message})")
            if capsule.failure.kind == "divergence":  # shrink leaves it whole: say so
                sizes = (f"{found}; not shrunk (a divergence's outcome is known only for the "
                         f"recorded decisions): {shrunk.decisions_after} decision(s), "
                         f"{shrunk.cards_after} card(s)")
            else:
                sizes = (f"{found}; shrunk from {shrunk.decisions_before} decision(s), "
                         f"{shrunk.cards_before} card(s) to {shrunk.decisions_after} "
                         f"decision(s), {shrunk.cards_after} card(s)")
    except CapsuleError as error:
        raise UsageError(f"{path}: {error}") from None
    try:
        written = write_capsule(capsule, args.out, name, catalog, replace=False)
    except OSError as error:  # --out is a file, or a folder that cannot be written
        _check_targets(targets)  # or a capsule file appeared while the capsule was built
        raise UsageError(f"cannot write the capsule to {args.out}: "
                         f"{error.strerror or error}") from None
    print(printable(f"wrote {', '.join(str(p) for p in written)}: position after event "
                    f"{capsule.start} (asks {capsule.asks}), {sizes}"))  # start events applied
    for gap in capsule.gaps:
        print(printable(f"  not carried: {gap}"))
    print(printable(f"  play it: {play_command(capsule, written[0])}"))
    if capsule.failure is not None:  # play it plays on with the heuristic agent
        print(printable(f"  the failure: pytest {shlex.quote(str(written[2]))} (plays the "
                        "failing decisions; play it plays on with the heuristic agent)"))
    return 0


def _check_targets(targets: Sequence[Path]) -> None:
    """Refuse a capsule whose files exist (one is never overwritten, as ``play --out``
    and ``fork`` never overwrite a log) or are folders, before anything is written."""
    for target in targets:
        if target.is_dir():
            raise UsageError(f"{target} is a folder; name another capsule with --name, or "
                             "another --out")
        if os.path.lexists(target):
            raise UsageError(f"{target} already exists; name another capsule with --name, "
                             "or another --out")
