"""``exceed verify --jobs N`` / ``--json``: the triage of a corpus (``replay.verification.
triage``) as a table of divergence groups, or as one JSON document.

The table has a row per group (what diverges, how many games, one example file and
where it first diverges), largest group first, and a last line of counts; it is a rich
table on a terminal and aligned plain text otherwise. Each file that cannot be read (and
each folder that cannot be read or holds no log) is one line on stderr; the others are
still verified. Such folders are counted apart from the logs (``1 folder(s)
unreadable``), never as skipped files. The exit code is the
worst: 0 all identical, 1 any diverged, damaged or unfinished, 2 any skipped.
"""

from __future__ import annotations

import argparse
import json
import sys

from replay.cli.output import on_terminal, printable, progress, table
from replay.verification.triage import Corpus, Outcome, Triage, corpus_files, triage

GOOD = 0
EXIT_DIVERGED = 1
EXIT_REFUSED = 2
COLUMNS = ("divergence", "games", "example", "first divergence")


def cmd_triage(args: argparse.Namespace) -> int:
    """Triage the files and folders of ``args.files`` over ``args.jobs`` processes."""
    corpus = corpus_files(args.files)
    for line in corpus.problems + corpus.notes:
        print(printable(line), file=sys.stderr)
    with progress("verify") as advance:
        result = triage(corpus.files, args.jobs or 1, progress=advance, refused=corpus.refused)
    for outcome in result.skipped:
        print(printable(outcome.problem), file=sys.stderr)
    for outcome in result.damaged:
        print(printable(outcome.damaged_line()), file=sys.stderr)
    if args.json:
        print(json.dumps(as_json(result, corpus)))
    else:
        show(result, corpus)
    if corpus.problems or result.counts["skipped"]:
        return EXIT_REFUSED
    if result.counts["diverged"] or result.counts["damaged"]:
        return EXIT_DIVERGED
    return GOOD


def counts_line(result: Triage, corpus: Corpus) -> str:
    """The last line: the counts, then the folders that could not be read or hold no log
    (not among the skipped files)."""
    return result.counts_line(corpus.unreadable, corpus.empty)


def rows(result: Triage) -> list[tuple[str, str, str, str]]:
    return [(g.description, str(g.count), printable(g.example), g.where)
            for g in result.groups]


def show(result: Triage, corpus: Corpus) -> None:
    """The groups' table and the counts line on stdout."""
    body = rows(result)
    if on_terminal(sys.stdout):
        if body:
            table(sys.stdout, COLUMNS, body, caption=counts_line(result, corpus))
        else:
            print(counts_line(result, corpus))
        return
    if body:
        widths = [max(len(r[i]) for r in [COLUMNS, *body]) for i in range(len(COLUMNS))]
        for row in [COLUMNS, *body]:
            print("  ".join(cell.ljust(w) if i != 1 else cell.rjust(w)
                            for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
                  .rstrip())
    print(counts_line(result, corpus))


def as_json(result: Triage, corpus: Corpus) -> dict[str, object]:
    """The triage as one JSON document: counts (the folders apart from the files),
    groups (with every file), skipped files with their line, the folders' lines, and
    each file's status and problem (``file_entry``)."""
    return {
        "counts": {**result.counts, "logs": len(result.outcomes),
                   "groups": len(result.groups), "unreadable_folders": corpus.unreadable,
                   "empty_folders": corpus.empty},
        "groups": [{"kind": g.key.kind, "expected": g.key.expected, "actual": g.key.actual,
                    "by": g.key.by, "origin": g.key.origin, "description": g.description,
                    "count": g.count, "example": g.example, "where": g.where,
                    "files": list(g.files)} for g in result.groups],
        "skipped": [{"path": o.path, "problem": o.problem} for o in result.skipped],
        "folders": list(corpus.problems),
        "files": [file_entry(o) for o in result.outcomes],
    }


def file_entry(outcome: Outcome) -> dict[str, object]:
    """One file of ``as_json``'s ``files``: its path and status; ``problem``, the line
    stderr names it by (a skipped file's, a damaged or unfinished log's
    ``damaged_line``; "" for an identical or diverged one, which the groups name); and,
    for a damaged log, even one whose good prefix diverges, why reading it stopped
    (``damage``, null for an intact log) and where (``stopped_at``: ``byte B (frame
    F)``, "" when intact or unknown)."""
    verdict = outcome.verdict
    problem = (outcome.problem if outcome.status == "skipped"
               else outcome.damaged_line() if outcome.status == "damaged" else "")
    return {"path": outcome.path, "status": outcome.status, "problem": problem,
            "damage": None if verdict is None else verdict.damage,
            "stopped_at": "" if verdict is None else verdict.damage_at}
