"""The logs a folder stands for: every ``*.exlog`` under it, by the one walk ``exceed
info``, ``verify``, ``analyze`` and ``index`` and ``replay/spark_analyze.py`` share.

The walk goes down folder by folder from a list, not by recursion, so a folder of
folders thousands deep is walked as a flat one is (``Path.rglob`` and ``os.walk`` stopped
with a ``RecursionError`` near 1,000). It never follows a link to a folder: a link back
up (``a -> .``, ``b/c -> ../b``) would walk for ever, and one to elsewhere would take in
a tree nobody named; each is a note (``links``), for the person to name that folder if
they meant it. A link to a file is followed, as ``exceed info LINK`` follows it.

Every entry named ``*.exlog`` that is not a folder is a log to read (``logs``, sorted by
path as ``Path`` sorts, part by part), but for the ones no reader should open, each with
why (``refused``): a named pipe (reading one waits on its writer), a socket or a device,
a link to nothing, a loop of links. The commands count those as they count a file they
cannot read, in one line each. A subfolder that cannot be read is one line too
(``unreadable``), counted apart from the files (``folder_counts``: ``1 folder(s)
unreadable``, as a folder without logs is ``1 folder(s) without logs``); the logs beside
it are still found.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from engine import not_regular, not_regular_reason
from replay.quoting import file_named

SUFFIX = ".exlog"
LINKED_FOLDER = "a link to a folder, not followed (name that folder to read its logs)"
NO_LOGS = "no .exlog files in this folder (or its subfolders)"


@dataclass
class Walk:
    """What a folder holds: its logs (``refused`` among them with why), the folders that
    could not be read (with why) and the links to folders passed over."""

    logs: list[str] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """Whether it holds no log and nothing went wrong: ``NO_LOGS``."""
        return not self.logs and not self.unreadable


def walk(top: str | os.PathLike[str]) -> Walk:
    """Every ``*.exlog`` under the folder ``top`` (see the module's docstring), each
    named as ``Path(top).rglob`` names it (``./logs/`` as ``logs``, ``.`` as nothing:
    ``x.exlog``, ``sub/x.exlog``), so a log is named alike by every command and job
    count, and as when it is named itself."""
    found: list[tuple[list[str], str]] = []
    done = Walk()
    pending: list[tuple[str, list[str]]] = [(str(Path(top)), [])]  # a folder, its parts
    while pending:
        folder, parts = pending.pop()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    # named as Path names it: ``os.scandir(".")`` names ``./x.exlog``,
                    # where ``exceed verify .`` of one job (``Path``) said ``x.exlog``
                    named = entry.name if folder == "." else entry.path
                    if _is_folder(entry):
                        pending.append((named, [*parts, entry.name]))
                        continue
                    if not entry.name.endswith(SUFFIX) and not entry.is_symlink():
                        continue  # (a link may be one to a folder: a note)
                    why = _why_not(entry)
                    if why == LINKED_FOLDER:
                        done.links.append(named)
                    elif entry.name.endswith(SUFFIX):
                        found.append(([*parts, entry.name], named))
                        if why:
                            done.refused[named] = why
        except OSError as error:
            done.unreadable.append((folder, f"cannot read folder: {error.strerror}"))
    found.sort()
    done.logs = [path for _, path in found]
    done.unreadable.sort()
    done.links.sort()
    return done


def _is_folder(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a folder itself (not a link to one)."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _why_not(entry: os.DirEntry[str]) -> str:
    """``""`` for a file a reader may open (a regular file, or a link to one);
    ``LINKED_FOLDER`` for a link to a folder; else why no reader should open it, as the
    readers' refusals say it (``cannot read: not a regular file (a named pipe)``)."""
    try:
        if entry.is_symlink():
            try:
                mode = os.stat(entry.path).st_mode
            except FileNotFoundError:
                return (f"cannot read: a symbolic link to {os.readlink(entry.path)}, "
                        "which does not exist")
            if stat.S_ISDIR(mode):
                return LINKED_FOLDER
        else:
            mode = entry.stat(follow_symlinks=False).st_mode
    except OSError as error:  # a loop of links, or gone since the folder was listed
        return f"cannot read: {error.strerror}"
    kind = not_regular(mode)
    return "" if kind is None else f"cannot read: {not_regular_reason(kind)}"


def folder_lines(top: str | os.PathLike[str], found: Walk) -> list[str]:
    """The lines a command prints about the folder ``top`` itself once walked (not yet
    escaped for a terminal): each subfolder it could not read, each link to a folder
    passed over, or that it holds no log."""
    unreadable, empty = problem_lines(top, found)
    return unreadable + link_lines(found) + empty


def problem_lines(top: str | os.PathLike[str], found: Walk) -> tuple[list[str], list[str]]:
    """The problems of ``folder_lines``: one line per subfolder that could not be read,
    and the line saying ``top`` holds no log (or none)."""
    unreadable = [f"{file_named(folder)}: {why}" for folder, why in found.unreadable]
    return unreadable, [f"{file_named(top)}: {NO_LOGS}"] if found.empty else []


def folder_counts(unreadable: int, empty: int) -> list[str]:
    """The clauses of a command's line of counts about folders, never counted as files:
    ``1 folder(s) unreadable`` (a subfolder it could not read), ``1 folder(s) without
    logs``; none when there are none."""
    return ([f"{unreadable} folder(s) unreadable"] if unreadable else []) + (
        [f"{empty} folder(s) without logs"] if empty else [])


def link_lines(found: Walk) -> list[str]:
    """The notes of ``folder_lines``: one line per link to a folder passed over."""
    return [f"{file_named(link)}: {LINKED_FOLDER}" for link in found.links]
