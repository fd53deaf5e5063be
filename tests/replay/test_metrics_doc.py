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


def test_metrics_doc_states_the_review_rule_the_code_applies() -> None:
    """docs/metrics.md, "Classification" (issue 27 item 13): the thresholds, the minimum
    sample and every corrected bar ``z_m`` it quotes are the code's."""
    from replay.analysis.verdict import BLUNDER, INACCURACY, LABEL_MIN_N, MISTAKE, critical_z

    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Decision review", 1)[1]
    assert f"fewer than **{LABEL_MIN_N}** paired rollouts" in section
    for name, value in (("inaccuracy", INACCURACY), ("mistake", MISTAKE),
                        ("blunder", BLUNDER)):
        row = next(line for line in section.splitlines() if line.startswith(f"| `{name}`"))
        assert f"≥ {round(100 * value)} points ({value:.2f})" in row, row
        assert f"n ≥ {LABEL_MIN_N}" in row, row
    quoted = re.findall(r"`z_(\d+)` = (\d+\.\d+)", section)
    assert len(quoted) >= 4
    for m, z in quoted:
        assert f"{critical_z(int(m)):.2f}" == z, (m, z)
