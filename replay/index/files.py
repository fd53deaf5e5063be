"""The files an ``exceed index`` run takes: logs found in folders
(``replay.folders.walk``), the files refused with why (missing, not a regular file, a
name that is not UTF-8 text), and the folders that cannot be read or hold no log, which
are not files. Only
``replay.index.writer`` uses this module."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from engine import not_regular, not_regular_reason
from replay.folders import LINKED_FOLDER, NO_LOGS, walk


class Scan(NamedTuple):
    """What ``scan_paths`` found, each refusal and note with why."""

    files: list[str]
    """The files to index."""
    refused: list[tuple[str, str]]
    """Files not indexed: missing, not a regular file (a named pipe, named or found in a
    folder, would block the indexer; a link to nothing)."""
    folders: list[tuple[str, str]]
    """Folders, never counted as files: one that cannot be read (``cannot read folder:
    Permission denied``), or one holding no log (``NO_LOGS``: a mistyped folder would
    read "indexed 0 game(s)" and exit 0)."""
    notes: list[tuple[str, str]]
    """A link to a folder, not followed."""


def scan_paths(paths: Iterable[Path]) -> Scan:
    """Files to index (directories scanned recursively for ``*.exlog``), the files
    refused, the folders that cannot be read or hold no log, and the notes (``Scan``).

    A file found more than once (a folder given twice, a folder and a log or subfolder
    inside it: ``exceed index logs logs/today``) is taken once, where it was first found:
    each extra sighting counted as a copy of itself (``logs/a.exlog: same bytes as
    logs/a.exlog``), or as one more skipped file."""
    files: list[str] = []
    refused: list[tuple[str, str]] = []
    folders: list[tuple[str, str]] = []
    notes: list[tuple[str, str]] = []
    seen: set[str] = set()

    def take(found: str) -> None:
        key = os.path.abspath(found)
        if key not in seen:
            seen.add(key)
            files.append(found)

    for path in paths:
        if path.is_dir():
            found = walk(path)
            folders += found.unreadable
            notes += [(link, LINKED_FOLDER) for link in found.links]
            if found.empty:
                folders.append((str(path), NO_LOGS))
            for one in found.logs:
                if one in found.refused:
                    refused.append((one, found.refused[one]))
                else:
                    take(one)
        elif path.is_file():
            take(str(path))
        else:
            refused.append((str(path), _not_a_file(path)))
    return Scan(files, list(dict.fromkeys(refused)), list(dict.fromkeys(folders)),
                list(dict.fromkeys(notes)))


def _not_a_file(path: Path) -> str:
    """Why ``path``, neither a folder nor a regular file, is not indexed."""
    try:
        kind = not_regular(path.stat().st_mode)
    except OSError as error:
        if str(path) == "-":  # what every command that reads a log once takes as stdin
            return ("no such file; - is not standard input here: the indexer reads each "
                    "log twice, so save the log to a file and index that")
        # the system's reason, as ``exceed info`` gives it (a link to itself, a file
        # named as a folder); it said "no such file or directory" of every one
        reason = error.strerror or "no such file or directory"
        return reason[:1].lower() + reason[1:]
    return not_regular_reason(kind or "not a file")


def text_name(path: str) -> bool:
    """Whether ``path`` is text the index can store: a file name of bytes that are not
    UTF-8 reaches Python with surrogate escapes, which no Arrow or DuckDB string holds."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
