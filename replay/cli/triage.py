"""``exceed verify --jobs N`` / ``--json``: the triage of a corpus (``replay.verification.
triage``) as a table of divergence groups, or as one JSON document.

The table has a row per group (what diverges, how many games, one example file and
where it first diverges), largest group first, and a last line of counts; it is a rich
table on a terminal and aligned plain text otherwise. Each file that cannot be read (and
each folder) is one line on stderr; the others are still verified. The exit code is the
worst: 0 all identical, 1 any diverged, damaged or unfinished, 2 any skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from replay.cli.output import on_terminal, printable, progress, table
from replay.verification.triage import Triage, corpus_files, triage

GOOD = 0
EXIT_DIVERGED = 1
EXIT_REFUSED = 2
COLUMNS = ("divergence", "games", "example", "first divergence")


def cmd_triage(args: argparse.Namespace) -> int:
    """Triage the files and folders of ``args.files`` over ``args.jobs`` processes."""
    files, problems, refused, notes = corpus_files(args.files)
    for line in problems + notes:
        print(printable(line), file=sys.stderr)
    with progress("verify") as advance:
        result = triage(files, args.jobs or 1, progress=advance, refused=refused)
    for outcome in result.skipped:
        print(printable(outcome.problem), file=sys.stderr)
    if args.json:
        print(json.dumps(as_json(result, problems)))
    else:
        show(result, problems)
    if problems or result.counts["skipped"]:
        return EXIT_REFUSED
    if result.counts["diverged"] or result.counts["damaged"]:
        return EXIT_DIVERGED
    return GOOD


def counts_line(result: Triage, problems: Sequence[str] = ()) -> str:
    """The last line: the counts, the folders that could not be read among the skipped."""
    return result.counts_line(len(problems))


def rows(result: Triage) -> list[tuple[str, str, str, str]]:
    return [(g.description, str(g.count), printable(g.example), g.where)
            for g in result.groups]


def show(result: Triage, problems: Sequence[str]) -> None:
    """The groups' table and the counts line on stdout."""
    body = rows(result)
    if on_terminal(sys.stdout):
        if body:
            table(sys.stdout, COLUMNS, body, caption=counts_line(result, problems))
        else:
            print(counts_line(result, problems))
        return
    if body:
        widths = [max(len(r[i]) for r in [COLUMNS, *body]) for i in range(len(COLUMNS))]
        for row in [COLUMNS, *body]:
            print("  ".join(cell.ljust(w) if i != 1 else cell.rjust(w)
                            for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
                  .rstrip())
    print(counts_line(result, problems))


def as_json(result: Triage, problems: Sequence[str]) -> dict[str, object]:
    """The triage as one JSON document: counts, groups (with every file), skipped files
    with their line, and each file's status."""
    return {
        "counts": {**result.counts, "skipped": result.counts["skipped"] + len(problems),
                   "logs": len(result.outcomes), "groups": len(result.groups)},
        "groups": [{"kind": g.key.kind, "expected": g.key.expected, "actual": g.key.actual,
                    "by": g.key.by, "origin": g.key.origin, "description": g.description,
                    "count": g.count, "example": g.example, "where": g.where,
                    "files": list(g.files)} for g in result.groups],
        "skipped": [{"path": o.path, "problem": o.problem} for o in result.skipped]
        + [{"path": "", "problem": line} for line in problems],
        "files": [{"path": o.path, "status": o.status} for o in result.outcomes],
    }
