"""docs/performance.md stays true: it is what ``python -m bench.run --render`` writes from
the saved results and bench/notes.md (a note added without rendering left the doc
behind: "The search's PUCT constants" was in bench/notes.md and not in the doc)."""

from __future__ import annotations

import json

from bench.report import NOTES, render
from bench.run import DOC, RESULTS


def test_the_performance_doc_is_rendered_from_the_results_and_notes() -> None:
    results = json.loads(RESULTS.read_text(encoding="utf-8"))
    assert DOC.read_text(encoding="utf-8") == render(results), (
        "docs/performance.md is out of date: run python -m bench.run --render")
    for line in NOTES.read_text(encoding="utf-8").splitlines():
        if line.startswith("### "):
            assert line in render(results)
