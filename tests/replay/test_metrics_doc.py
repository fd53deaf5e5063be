"""docs/metrics.md defines every StrikeSummary field (the index and dashboard rely on it)."""

from __future__ import annotations

import re
from pathlib import Path

from replay.strikes import StrikeSummary

DOC = Path(__file__).resolve().parents[2] / "docs" / "metrics.md"


def test_every_strike_summary_field_is_defined_in_metrics_doc() -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z_]+)`", text))
    missing = [name for name in StrikeSummary.__struct_fields__ if name not in documented]
    assert not missing, f"docs/metrics.md does not define: {missing}"


def test_metrics_doc_defines_the_game_level_metrics() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Game-level metrics", 1)[1]
    for name in ("winner", "reason", "turns", "strikes", "decisions", "events"):
        assert f"`{name}`" in section, name
