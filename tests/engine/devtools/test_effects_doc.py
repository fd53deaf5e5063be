"""``docs/effects.md`` is generated from the effect handlers and condition predicates
(``engine.devtools.effects_reference``) and must match what the code renders now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.cards.schema import EFFECT_TYPES, ConditionKind, effect_tag
from engine.devtools.effects_reference import render

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "effects.md"
REGENERATE = "regenerate with `python -m engine.devtools.effects_reference > docs/effects.md`"


def test_effects_doc_is_up_to_date() -> None:
    assert DOC.is_file(), f"docs/effects.md is missing: {REGENERATE}"
    assert DOC.read_text(encoding="utf-8") == render(), f"docs/effects.md is stale: {REGENERATE}"


def test_effects_doc_has_a_section_per_effect_tag_then_per_condition_kind() -> None:
    text = render()
    effects, conditions = text.split("\n## Conditions\n")
    for effect_type in EFFECT_TYPES:
        assert f"\n### `{effect_tag(effect_type)}`\n" in effects
    for kind in ConditionKind:
        assert f"\n### `{kind.value}`\n" in conditions
    assert "*Undocumented.*" not in text


def test_effects_doc_sections_hold_the_docstrings() -> None:
    text = render()
    section = text.split("### `advance`\n", 1)[1].split("\n### ", 1)[0]
    assert "Move ``amount`` spaces toward the opponent" in section
    assert "- Fields: `amount` (int or SymbolicAmount)" in section
    # advance may ask since Iron Tager's movement limit (exceeded: full or limited amount)
    assert "- Its handler asks a player to decide: yes" in section
    push = text.split("### `push`\n", 1)[1].split("\n### ", 1)[0]
    assert "- Its handler asks a player to decide: no" in push
    choice = text.split("### `choice`\n", 1)[1].split("\n### ", 1)[0]
    assert "- Its handler asks a player to decide: yes" in choice


def test_python_m_engine_effects_doc_prints_the_reference() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine.devtools.effects_reference"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == render()
