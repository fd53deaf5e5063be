"""Triage of a corpus: re-simulate many logs over worker processes and group their
divergences by the first divergent event and its cause.

``corpus_files(paths)`` lists the logs that files and folders stand for (a folder: every
``*.exlog`` under it, recursively, sorted by path: ``replay.folders.walk``) and one line
for each folder it cannot read. ``triage(files, jobs)`` verifies every file (``verify.verify``) in ``jobs`` worker
processes; the outcomes come back in the order of ``files`` whatever ``jobs`` is. A file
that cannot be read as a log (permission denied, a foreign file, a future version, a path
that is gone) is an outcome ``skipped`` with its one line, and the others go on.
``group(outcomes)`` gathers the diverged ones under ``group_key``: which kind of
difference, the first differing event's tag on both sides, and the card involved, or the
cause the log records for that event once logs carry causes (log format v2).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Literal, NamedTuple

import msgspec

from engine import (
    Catalog,
    LogFormatError,
    UnknownCard,
    UnknownCharacter,
    default_catalog,
    read_game,
)
from replay import workers
from replay.folders import folder_counts, link_lines, problem_lines, walk
from replay.quoting import file_named
from replay.verification.verify import Verdict, verify

Status = Literal["identical", "diverged", "damaged", "skipped"]
Progress = Callable[[int, int], None]
"""Told ``(files done, files in all)`` as the triage goes."""
CHUNKSIZE = 8


class GroupKey(msgspec.Struct, frozen=True, order=True):
    """What a group of divergences shares: the ``kind`` of difference, the first
    differing event's tag in the log (``expected``) and on this engine (``actual``), and
    where it comes from: the cause the log records (``by == "cause"``) or the card
    involved (``by == "card"``, ``origin`` its catalog id, "" when none is)."""

    kind: str
    expected: str
    actual: str
    by: Literal["cause", "card"]
    origin: str


class Outcome(msgspec.Struct, frozen=True):
    """One file's result: its status, its verdict (None when skipped) and, when skipped,
    the one line saying why."""

    path: str
    status: Status
    verdict: Verdict | None = None
    problem: str = ""

    def damaged_line(self) -> str:
        """The one line naming a damaged or unfinished log whose good prefix replays
        identically (counted, in no group): where it stops and what was verified, as
        ``exceed verify`` says it of one log."""
        verdict = self.verdict
        checked = f"{verdict.checked} decisions checked" if verdict is not None else ""
        if verdict is None or verdict.damage is None:
            return f"{self.path}: unfinished log: its recorded part is identical ({checked})"
        return f"{self.path}: {verdict.damaged()}; its good prefix is identical ({checked})"

    def where(self) -> str:
        """``decision 23 (turn 13, strike 2)`` for a divergence, else ""."""
        d = None if self.verdict is None else self.verdict.divergence
        if d is None:
            return ""
        at = "setup" if d.decision < 0 else f"decision {d.decision}"
        strike = f"strike {d.strike}" if d.in_strike else f"after strike {d.strike}"
        return f"{at} (turn {d.turn}, {strike if d.strike else 'before the first strike'})"


class Group(msgspec.Struct, frozen=True):
    """The diverged files sharing a key: in words, how many, and the first as example."""

    key: GroupKey
    description: str
    count: int
    example: str
    where: str
    files: tuple[str, ...]


class Triage(msgspec.Struct, frozen=True):
    """A corpus's outcomes (in file order), its groups (largest first) and its counts."""

    outcomes: tuple[Outcome, ...]
    groups: tuple[Group, ...]
    counts: dict[str, int]

    @property
    def skipped(self) -> tuple[Outcome, ...]:
        return tuple(o for o in self.outcomes if o.status == "skipped")

    @property
    def damaged(self) -> tuple[Outcome, ...]:
        """The damaged or unfinished logs in no group (their good prefix is identical)."""
        return tuple(o for o in self.outcomes if o.status == "damaged")

    @property
    def other_card_data(self) -> int:
        """How many logs were recorded with other card data than this engine's for their
        cards (``Verdict.card_data_differs``): their divergences may come from a
        changed card."""
        return sum(1 for o in self.outcomes
                   if o.verdict is not None and o.verdict.card_data_differs)

    def counts_line(self, unreadable_folders: int = 0, empty_folders: int = 0) -> str:
        """``N log(s): A identical, B diverged (G group(s)), C damaged or unfinished, D
        skipped (unreadable)``, then the folders, which are not logs: ``, 1 folder(s)
        unreadable`` (a subfolder that could not be read), ``, 1 folder(s) without
        logs`` (``replay.folders.folder_counts``; they read as skipped files). When
        any log was recorded with other card data, a last clause says how many, as a
        single log's report says it first (``; E recorded with other card data than this
        engine``)."""
        c = self.counts
        other = self.other_card_data
        return (", ".join([f"{len(self.outcomes)} log(s): {c['identical']} identical",
                           f"{c['diverged']} diverged ({len(self.groups)} group(s))",
                           f"{c['damaged']} damaged or unfinished",
                           f"{c['skipped']} skipped (unreadable)",
                           *folder_counts(unreadable_folders, empty_folders)])
                + (f"; {other} recorded with other card data than this engine" if other
                   else ""))


def group_key(verdict: Verdict) -> GroupKey | None:
    """The group of a verdict's divergence (None when it has none): by the cause of the
    first divergent event when the log states one, else by the card involved."""
    d = verdict.divergence
    if d is None:
        return None
    if d.cause:
        origin = f"{d.cause}; card {d.card}" if d.card else d.cause
        return GroupKey(str(d.kind), d.expected_tag, d.actual_tag, "cause", origin)
    return GroupKey(str(d.kind), d.expected_tag, d.actual_tag, "card", d.card)


def describe(key: GroupKey, catalog: Catalog | None = None) -> str:
    """A key in words: ``different events: damage vs damage; card Tatsumaki Senpukyaku
    (ken_tatsumakisenpukyaku)``."""
    cat = catalog if catalog is not None else default_catalog()
    text = key.kind
    if key.expected or key.actual:
        text += f": {key.expected or '(nothing)'} vs {key.actual or '(nothing)'}"
    if key.by == "cause":
        cause, _, card_id = key.origin.partition("; card ")
        named = cat.cards.get(card_id) if card_id else None
        which = f"; card {named.name} ({card_id})" if named else (
            f"; card {card_id}" if card_id else "")
        return f"{text}; cause {cause}{which}"
    if not key.origin:
        return f"{text}; no card named"
    card = cat.cards.get(key.origin)
    return f"{text}; card {card.name} ({key.origin})" if card else f"{text}; card {key.origin}"


def status_of(verdict: Verdict) -> Status:
    """diverged (a divergence, even in a damaged log's prefix), else damaged (damaged or
    unfinished), else identical."""
    if verdict.divergence is not None:
        return "diverged"
    if verdict.damage is not None or not verdict.identical:
        return "damaged"
    return "identical"


class Corpus(NamedTuple):
    """The logs files and folders stand for (``corpus_files``)."""

    files: list[str]
    """Every log, folders' logs sorted by path (``replay.folders.walk``)."""
    problems: list[str]
    """One line per folder that cannot be read or holds no log."""
    refused: dict[str, str]
    """The logs of ``files`` no reader opens (a named pipe, a link to nothing), with why."""
    notes: list[str]
    """One line per link to a folder, not followed."""
    unreadable: int = 0
    """How many of ``problems`` are folders that could not be read (the others hold no
    log)."""

    @property
    def empty(self) -> int:
        """How many of ``problems`` are folders that hold no log."""
        return len(self.problems) - self.unreadable


def corpus_files(paths: Iterable[str | os.PathLike[str]]) -> Corpus:
    """The logs ``paths`` stand for (a folder: its ``*.exlog`` files, recursively, sorted
    by path; ``replay.folders.walk``), with the lines about the folders."""
    corpus = Corpus([], [], {}, [])
    unreadable = 0
    for given in paths:
        path = os.fspath(given)
        if not os.path.isdir(path):
            corpus.files.append(path)
            continue
        found = walk(path)
        corpus.files.extend(found.logs)
        corpus.refused.update(found.refused)
        folders, empty = problem_lines(path, found)
        corpus.problems.extend(folders + empty)
        corpus.notes.extend(link_lines(found))
        unreadable += len(folders)
    return corpus._replace(unreadable=unreadable)


_catalog: Catalog | None = None


def _init(catalog: Catalog | None) -> None:
    """A worker's start: the catalog to verify against (None: the engine's own)."""
    global _catalog
    _catalog = catalog


def check(path: str, catalog: Catalog | None = None) -> Outcome:
    """Read and verify one file; a file that is not a readable log is ``skipped``."""
    try:
        log = read_game(path)
        verdict = verify(log, catalog if catalog is not None else _catalog)
    except LogFormatError as error:
        return Outcome(path, "skipped", problem=str(error))
    except OSError as error:
        return Outcome(path, "skipped", problem=f"{file_named(path)}: cannot read: {error.strerror}")
    except (UnknownCharacter, UnknownCard) as error:
        return Outcome(path, "skipped", problem=f"{path}: {error}")
    return Outcome(path, status_of(verdict), verdict)


def outcomes(files: Sequence[str], jobs: int = 1, catalog: Catalog | None = None,
             refused: Mapping[str, str] | None = None) -> Iterator[Outcome]:
    """Each file's outcome, in the order of ``files``, over ``jobs`` processes; those of
    ``refused`` (a named pipe found in a folder) are ``skipped`` with why, never read."""
    refused = refused or {}
    todo = [path for path in files if path not in refused]
    if jobs <= 1 or len(todo) <= 1:
        for path in files:
            yield _refused(path, refused[path]) if path in refused else check(path, catalog)
        return
    with workers.pool(min(jobs, len(todo)), _init, (catalog,)) as pool:
        checked = pool.imap(check, todo, chunksize=CHUNKSIZE)
        for path in files:
            yield _refused(path, refused[path]) if path in refused else next(checked)


def _refused(path: str, why: str) -> Outcome:
    return Outcome(path, "skipped", problem=f"{file_named(path)}: {why}")


def triage(files: Sequence[str], jobs: int = 1, catalog: Catalog | None = None,
           progress: Progress | None = None, refused: Mapping[str, str] | None = None
           ) -> Triage:
    """Verify ``files`` over ``jobs`` processes and group their divergences (those of
    ``refused``, found in a folder, are skipped unread: ``outcomes``)."""
    done: list[Outcome] = []
    for outcome in outcomes(files, jobs, catalog, refused):
        done.append(outcome)
        if progress is not None:
            progress(len(done), len(files))
    return group(done, catalog)


def group(results: Sequence[Outcome], catalog: Catalog | None = None) -> Triage:
    """The triage of these outcomes: groups largest first (then by key), each with its
    files in the order given, and the count of each status."""
    members: dict[GroupKey, list[Outcome]] = {}
    for outcome in results:
        key = None if outcome.verdict is None else group_key(outcome.verdict)
        if key is not None:
            members.setdefault(key, []).append(outcome)
    groups = tuple(
        Group(key=key, description=describe(key, catalog), count=len(found),
              example=found[0].path, where=found[0].where(),
              files=tuple(o.path for o in found))
        for key, found in sorted(members.items(), key=lambda kv: (-len(kv[1]), kv[0])))
    counts = {status: 0 for status in ("identical", "diverged", "damaged", "skipped")}
    for outcome in results:
        counts[outcome.status] += 1
    return Triage(outcomes=tuple(results), groups=groups, counts=counts)


TriageGroup = Group
TriageOutcome = Outcome
group_outcomes = group
"""The names ``replay.query`` re-exports them under (beside the index's row types)."""

__all__ = [
    "Corpus",
    "Group",
    "GroupKey",
    "Outcome",
    "Triage",
    "TriageGroup",
    "TriageOutcome",
    "check",
    "corpus_files",
    "describe",
    "group",
    "group_key",
    "group_outcomes",
    "outcomes",
    "status_of",
    "triage",
]
