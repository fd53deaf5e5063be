"""How a command fails: one line on stderr naming the value and what is wrong, and an
exit code; never a traceback.

A command body raises ``UsageError`` (its message is the line) and ``guarded`` turns it
into ``exceed COMMAND: message`` and exit 2; ``fail`` prints such a line with any code.
The checks that several commands share (the card data loads, a seat names a fighter or a
Tag Team, an agent exists) raise ``UsageError`` too.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from engine import (
    TEAM_SEPARATOR,
    CardDataError,
    Catalog,
    GameLog,
    InvalidTeam,
    LogFormatError,
    UnknownCharacter,
    agent_problem,
    check_spec,
    default_catalog,
    read_game,
)
from replay.cli.args import STDIN
from replay.cli.output import printable
from replay.quoting import error_text, file_named
from replay.seating import EngineFailed

EXIT_USAGE = 2
EXIT_INTERNAL = 70


class UsageError(Exception):
    """A bad command-line value; the message is the one line shown to the user."""


def engine_failed(args: argparse.Namespace, failed: EngineFailed, shown: str = "") -> int:
    """Report ``failed`` (the engine raised while a game was played on: a bug) as one
    line naming the decision, what stdout showed of the game up to it (``shown``) and the
    log that keeps it, and return exit 70, an internal error; with ``EXCEED_DEBUG`` set,
    raise the engine's own exception for its traceback instead."""
    if os.environ.get("EXCEED_DEBUG"):
        raise failed.error
    parts = [f"internal error at decision {failed.decision} (turn {failed.turn}): "
             f"{error_text(failed.error)} (set EXCEED_DEBUG=1 for a traceback)"]
    if shown:
        parts.append(shown)
    if failed.kept is not None:
        parts.append(f"the game so far is kept, unfinished, in {failed.kept}")
    return fail(args, "; ".join(parts), EXIT_INTERNAL)


def fail(args: argparse.Namespace, message: str, code: int) -> int:
    """Print ``exceed COMMAND: message`` on stderr (its control characters escaped: it
    may name a file) and return ``code``."""
    print(f"exceed {args.command}: {printable(message)}", file=sys.stderr)
    return code


def guarded(args: argparse.Namespace, body: Callable[[argparse.Namespace], int]) -> int:
    """Run a command body, turning ``UsageError`` into one line on stderr and exit 2."""
    try:
        return body(args)
    except UsageError as error:
        return fail(args, str(error), EXIT_USAGE)


def read_log_or_fail(path: Path) -> GameLog:
    """The log at ``path``, or a ``UsageError`` naming why it cannot be read (a file the
    format refuses, or one the system cannot open)."""
    try:
        return read_game(path)
    except LogFormatError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"{file_named(path)}: cannot read: {error.strerror or error}") from None


def load_catalog_or_fail() -> Catalog:
    """The engine's card data, or a ``UsageError`` naming what is broken in it."""
    try:
        return default_catalog()
    except CardDataError as error:
        raise UsageError(f"card data: {error}") from None


def _folded(text: str) -> str:
    """``text`` as it is compared with a fighter's id and name: lower case, letters and
    digits only (``Chun-Li`` and ``chunli``, ``M. Bison`` and ``mbison`` are alike)."""
    return "".join(c for c in text.casefold() if c.isalnum())


def fighter_id(catalog: Catalog, typed: str) -> str:
    """The id of the fighter ``typed`` names: its id, or its id or display name in any
    case, spacing and punctuation (``Ryu``, ``Ken Masters``, ``Chun-Li``), as ``exceed
    characters`` lists them; ``typed`` itself when none or more than one is meant (the
    check that follows then says it is unknown)."""
    if typed in catalog.characters:
        return typed
    wanted = _folded(typed)
    meant = {char.id for char in catalog.characters.values()
             if wanted and wanted in (_folded(char.id), _folded(char.name))}
    return meant.pop() if len(meant) == 1 else typed


def spec_id(catalog: Catalog, typed: str) -> str:
    """A seat's spec with each of its fighters as its id (``fighter_id``): ``Ryu+Ken
    Masters`` is ``ryu+ken``."""
    return TEAM_SEPARATOR.join(fighter_id(catalog, m) for m in typed.split(TEAM_SEPARATOR))


def check_character(catalog: Catalog, char_id: str) -> str:
    """A character id, or a Tag Team spec (``ryu+ken``), checked against the catalog;
    each fighter may be typed as ``exceed characters`` names it (``spec_id``)."""
    spec = spec_id(catalog, char_id)
    if not spec.strip():  # no fighter at all is no Tag Team: it said "a Tag Team is two ..."
        raise UsageError(str(UnknownCharacter(char_id, catalog.character_ids())))
    try:
        return check_spec(catalog, spec)
    except (UnknownCharacter, InvalidTeam) as error:
        raise UsageError(str(error)) from None


def check_fighter(catalog: Catalog, char_id: str) -> str:
    """One fighter's id (not a Tag Team spec), checked against the catalog; it may be
    typed as ``exceed characters`` names it (``fighter_id``)."""
    found = fighter_id(catalog, char_id)
    if found not in catalog.character_ids():
        raise UsageError(str(UnknownCharacter(char_id, catalog.character_ids())))
    return found


def check_agent(name: str) -> str:
    """An agent name the engine knows."""
    problem = agent_problem(name)
    if problem is not None:
        raise UsageError(problem)
    return name


def check_stdin_free(path: Path | None, reader: str) -> None:
    """A ``UsageError`` when ``path`` is ``-`` (standard input, read as the game's log or
    position), since ``reader`` (keys, a human seat's moves) would read it too."""
    if path == STDIN:
        raise UsageError(f"{path} ('-') is read as the game, so {reader} cannot read "
                         "standard input too")
