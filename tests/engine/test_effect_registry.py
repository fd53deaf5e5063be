"""Meta-test: the effect vocabulary is closed, documented and tested.

Every effect type has exactly one registered handler and every condition kind one
predicate, each with a docstring (``docs/effects.md`` is generated from them). Every
effect type and condition kind that the card data uses must also be exercised by a test:
some test function under ``tests/engine/`` must carry the effect's tag (``advance``,
``ignore_push_and_pull``...) or the condition's kind (``is_critical``...) in its name, as
a whole ``_``-separated part (``test_cross_after_retreat`` names ``retreat``).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterable
from pathlib import Path

from engine.cards import EFFECT_TYPES, ConditionKind, effect_tag
from engine.catalog import default_catalog, used_condition_kinds, used_effect_types
from engine.conditions import PREDICATES
from engine.effects import HANDLERS

TESTS_DIR = Path(__file__).resolve().parent


def collect_test_names(root: Path = TESTS_DIR) -> set[str]:
    """The names of all test functions (and methods) in the test files under ``root``."""
    names: set[str] = set()
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if node.name.startswith("test_"):
                    names.add(node.name)
    return names


def _untested(tags: Iterable[str], names: set[str]) -> list[str]:
    """The tags that no test name contains as a whole ``_``-separated part."""
    padded = [f"_{name}_" for name in names]
    return sorted(tag for tag in tags if not any(f"_{tag}_" in name for name in padded))


def _doc(fn: object) -> str:
    return inspect.getdoc(fn) or ""


# --- handlers and predicates exist --------------------------------------------------


def test_every_effect_type_has_a_handler() -> None:
    """Even effect types no card uses yet (e.g. stun_immunity) have a handler."""
    missing = [effect_tag(t) for t in EFFECT_TYPES if t not in HANDLERS]
    assert missing == [], f"effect types without a handler in engine.effects: {missing}"


def test_every_handler_is_for_a_known_effect_type() -> None:
    stray = [t for t in HANDLERS if t not in EFFECT_TYPES]
    assert stray == [], f"handlers registered for non-effect types: {stray}"


def test_every_handler_has_a_docstring() -> None:
    undocumented = [effect_tag(t) for t, (fn, _) in HANDLERS.items() if not _doc(fn).strip()]
    assert undocumented == [], f"effect handlers without a docstring: {undocumented}"


def test_every_condition_kind_has_a_documented_predicate() -> None:
    missing = [k.value for k in ConditionKind if k not in PREDICATES]
    assert missing == [], f"condition kinds without a predicate in engine.conditions: {missing}"
    undocumented = [k.value for k, fn in PREDICATES.items() if not _doc(fn).strip()]
    assert undocumented == [], f"condition predicates without a docstring: {undocumented}"


# --- what the card data uses is handled and tested ----------------------------------


def test_used_effect_types_have_documented_handlers() -> None:
    used = used_effect_types(default_catalog())
    assert used, "the catalog uses no effects?"
    bad = sorted(effect_tag(t) for t in used if t not in HANDLERS or not _doc(HANDLERS[t][0]))
    assert bad == [], f"effect types used by the card data without a documented handler: {bad}"


def test_used_condition_kinds_have_documented_predicates() -> None:
    used = used_condition_kinds(default_catalog())
    assert used, "the catalog uses no conditions?"
    bad = sorted(k.value for k in used if k not in PREDICATES or not _doc(PREDICATES[k]))
    assert bad == [], f"condition kinds used by the card data without a predicate: {bad}"


def test_used_effect_types_have_tests() -> None:
    tags = {effect_tag(t) for t in used_effect_types(default_catalog())}
    untested = _untested(tags, collect_test_names())
    assert untested == [], (
        f"effect types used by the card data but named by no test under tests/engine/: "
        f"{untested}; add a test whose name contains the tag, e.g. test_<card>_<tag>"
    )


def test_used_condition_kinds_have_tests() -> None:
    kinds = {k.value for k in used_condition_kinds(default_catalog())}
    untested = _untested(kinds, collect_test_names())
    assert untested == [], (
        f"condition kinds used by the card data but named by no test under tests/engine/: "
        f"{untested}; add a test whose name contains the kind, e.g. test_<card>_<kind>"
    )


# --- the checker itself ---------------------------------------------------------------


def test_untested_matches_whole_name_parts_only() -> None:
    names = {"test_cross_after_retreat", "test_dive_advance_advanced_through"}
    assert _untested(["retreat", "advance", "advanced_through"], names) == []
    assert _untested(["treat", "through_x", "cross_after"], names) == ["through_x", "treat"]


def test_names_found_by_parsing_the_test_files() -> None:
    names = collect_test_names()
    assert "test_every_effect_type_has_a_handler" in names
    assert "test_grasp_hit_choice_push_pull" in names
    assert "_untested" not in names
