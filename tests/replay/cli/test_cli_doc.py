"""docs/cli.md documents every command and option `exceed -h` and `exceed CMD -h` list.

The page says it holds every command (`exceed -h` points to it); a docs audit checked it
by hand. Each command has a heading naming `exceed CMD`, and each option of the command
is named in that heading's section (its subsections included).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from replay.cli import build_parser

DOC = (Path(__file__).resolve().parents[3] / "docs" / "cli.md").read_text(encoding="utf-8")


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _section(command: str) -> str:
    """The text under every heading that names `exceed COMMAND`, down to the next
    heading of the same or a higher level."""
    heads = [(m.start(), len(m.group(1)), m.group(0))
             for m in re.finditer(r"^(#+) .*$", DOC, flags=re.M)]
    text = ""
    for i, (start, level, line) in enumerate(heads):
        if re.search(rf"`exceed {command}\b", line):
            end = next((s for s, lv, _ in heads[i + 1:] if lv <= level), len(DOC))
            text += DOC[start:end]
    return text


def test_every_command_has_a_section_and_every_option_is_named_in_it() -> None:
    missing: list[str] = []
    for name, parser in _commands().items():
        section = _section(name)
        if not section:
            missing.append(f"exceed {name}: no heading")
            continue
        for action in parser._actions:
            for option in action.option_strings:
                if option in ("-h", "--help"):
                    continue
                if not re.search(re.escape(option) + r"(?![\w-])", section):
                    missing.append(f"exceed {name} {option}")
    assert missing == []
