"""``engine.devtools.capsule.write``: text of the game in a capsule's test file is data.

A capsule's pytest file carries the failure's message in a comment and in its module
docstring, and the play command (the fighters' ids) in the docstring. That text comes
from the game, which a log may define (its own card definitions: names, effect labels
in a choice's options), and a developer runs the file. A ``\\r`` or ``\\n`` in it ended
the comment and began a line of code; a ``"`` could close the docstring; a backslash
sequence such as ``\\N`` broke the file. Now each is one printable line, in a raw
docstring.
"""

from __future__ import annotations

import ast
from pathlib import Path

import msgspec
import pytest

from engine.devtools.capsule.build import make_capsule
from engine.devtools.capsule.simulation import Failure, source_of_log
from engine.devtools.capsule.write import write_capsule
from engine.recording.record import read_game

SAMPLE = (Path(__file__).resolve().parents[3] / "sample_games"
          / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog")
HOSTILE = 'x\rimport os\r#\n__import__("os")\n"""\\N{oops}'
"""Engine text a log's own definitions could hold: line breaks (``\\r`` too) that end a
comment and begin code, a ``\"\"\"`` that closes a docstring, an escape Python refuses."""


def _statements(test: Path) -> list[str]:
    """The top-level statements of ``test``, by kind (its docstring an ``Expr``)."""
    tree = ast.parse(test.read_text(encoding="utf-8"))
    return [type(node).__name__ for node in tree.body]


@pytest.mark.parametrize("end", ["", "\x00"])  # a NUL: Python refused the whole file
def test_a_failure_s_message_stays_in_its_comment_and_docstring(tmp_path: Path,
                                                                 end: str) -> None:
    capsule = make_capsule(source_of_log(read_game(SAMPLE)), 40)
    plain = write_capsule(capsule, tmp_path / "plain", "moment")[2]
    expected = _statements(plain)
    assert expected[0] == "Expr"  # the docstring, then imports, constants and the test
    for kind in ("divergence", "exception"):
        failing = msgspec.structs.replace(capsule, failure=Failure(
            decision=1, kind=kind, key="illegal" if kind == "divergence" else "ValueError",
            message=f"decision 1 is illegal on this engine: {HOSTILE}{end}"))
        test = write_capsule(failing, tmp_path / kind, "hostile")[2]
        assert _statements(test) == expected, test.read_text(encoding="utf-8")[:600]
        source = test.read_text(encoding="utf-8")
        assert "\r" not in source and "\x00" not in source
        said = "x import os # __import__('os') '''\\N{oops}"  # one line, as text
        comment = [line for line in source.splitlines()
                   if "# the outcome the log recorded (" in line or "# failed with: " in line]
        assert len(comment) == 1 and said in comment[0], comment
        if kind == "exception":  # the docstring names the failure too
            docstring = ast.get_docstring(ast.parse(source))
            assert docstring is not None and said in docstring
