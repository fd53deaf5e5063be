"""Meta-test: the effect vocabulary is closed, documented and exercised.

Every effect type has exactly one registered handler and every condition kind one
predicate, each with a docstring (``docs/effects.md`` is generated from them). That each
one actually *runs* in a passing rule test is checked by the ``handler_coverage`` plugin
(``tests/handler_coverage.py``) at the end of a run of the whole tree; the tests at the
bottom of this file prove that checker bites: a handler nobody calls is reported, a run
of part of the tree or a failing test does not count, and under xdist the workers' records
are merged.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import msgspec
import pytest
from conftest import P1, P2, position
from handler_coverage import (
    RECORDER,
    covers_tree,
    is_rule_test,
    registered_names,
    report,
    unexercised,
)

from engine.cards.catalog import default_catalog
from engine.cards.effect_walk import (
    single_fighter_effect_types,
    used_condition_kinds,
    used_effect_types,
)
from engine.cards.schema import EFFECT_TYPES, ConditionKind, effect_tag
from engine.core.conditions import PREDICATES
from engine.effects import HANDLERS, handler

TESTS_DIR = Path(__file__).resolve().parents[2]
ROOT = TESTS_DIR.parent


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
    assert missing == [], f"condition kinds without a predicate in engine.core.conditions: {missing}"
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


def test_every_single_fighter_effect_type_says_why_it_is_a_type() -> None:
    """Fighter-specific behaviour is data on shared primitives where the card text
    allows; an effect type only one fighter uses explains itself ("Own type: ...").
    A season mechanic's effects (``engine.mechanics``: the UNI normals' and Revert) are
    the season's, not a fighter's, even while one fighter of the season is packaged."""
    single = single_fighter_effect_types(default_catalog())
    assert single, "no single-fighter effect type? then this test can go"
    silent = sorted(effect_tag(t) for t in single
                    if "Own type: " not in _doc(HANDLERS[t][0])
                    and not HANDLERS[t][0].__module__.startswith("engine.mechanics."))
    assert silent == [], f"single-fighter effect types without an 'Own type:' reason: {silent}"


def test_every_effect_module_pairs_its_structs_with_their_handlers() -> None:
    """Each handler sits in the ``engine.effects`` module named like the
    ``engine.vocabulary`` module of its struct (movement with movement...), or in the
    ``effects`` module of the season mechanic that owns it (Critical's ``critical``,
    Under Night's ``attack_is_ex``, ``exceed_now``, ``invalidate_attack``,
    ``name_card_for_boost``, ``place_trap``, ``revert``, ``start_of_turn_strike`` and
    ``strike_effect_after_setting``; ``discard_boost_in_opponent_space`` reads where the
    Traps lie, ``move_any_boost`` moves one; the buddies mechanic's buddy effects and
    ``place_boost_in_space``, with ``push_from_source``, which pushes from the buddy an
    attack measures from; BlazBlue's overdrive and lightning rod effects; Tag Team's
    ``ejection_strike``)."""
    stray = sorted(
        effect_tag(t)
        for t, (fn, _) in HANDLERS.items()
        if not fn.__module__.startswith("engine.mechanics.")
        and t.__module__.rsplit(".", 1)[1] != fn.__module__.rsplit(".", 1)[1]
    )
    owned = sorted(effect_tag(t) for t, (fn, _) in HANDLERS.items()
                   if fn.__module__.startswith("engine.mechanics."))
    assert owned == sorted([
        "add_top_discard_to_overdrive", "attack_is_ex", "calculate_range_from_buddy",
        "calculate_range_from_set_from_boost_space", "cards_from_overdrive",
        "choose_calculate_range_from_buddy", "critical",
        "discard_boost_in_opponent_space", "ejection_strike", "exceed_now", "invalidate_attack",
        "lightning_rod_strike", "move_any_boost", "move_to_buddy", "move_to_lightningrods",
        "name_card_for_boost",
        "opponent_cant_move_past_buddy",
        "place_boost_in_space", "place_buddy_in_any_space", "place_lightningrod",
        "place_trap", "range_includes_lightningrods", "remove_buddy",
        "remove_opponent_cant_move_past_buddy", "revert", "start_of_turn_strike",
        "strike_effect_after_setting",
        # Hazama's Ouroboros, Platinum's overdrive boost
        "place_buddy_at_range", "boost_discarded_overdrive",
        # BlazBlue's buddies (Carl Clover's Nirvana, Litchi's Mantenbo)
        "move_buddy", "swap_buddy", "place_buddy_onto_self", "place_buddy_onto_opponent",
        "place_buddy_in_attack_range", "flip_buddy_miss_get_gauge", "buddy_immune_to_flip",
        "push_from_source",
        # Kokonoe's Gravitron
        "pull_to_buddy",
        # BlazBlue's overdrive effects (Arakune)
        "add_boost_to_overdrive_during_strike_immediately",
        "add_strike_to_overdrive_after_cleanup", "cards_to_overdrive",
        "dodge_at_range_overdrive_count", "opponent_discard_random_to_overdrive",
        "top_deck_card_to_overdrive", "zero_vector"])
    assert stray == [], f"handlers outside their struct's domain module: {stray}"


# --- the handler-coverage checker bites -------------------------------------------------


class NeverCalled(msgspec.Struct, frozen=True, tag="never_called"):
    """A dummy effect type registered for the checker test only."""


def test_checker_reports_a_registered_handler_that_never_ran(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("engine.effects.registry.HANDLERS", dict(HANDLERS))
    from engine.effects import registry

    every_real_one = set(registered_names(HANDLERS, PREDICATES))
    handler(NeverCalled)(lambda ctx, effect: None)
    names = registered_names(registry.HANDLERS, PREDICATES)
    assert "effect:never_called" in names
    assert unexercised(names, every_real_one) == ["effect:never_called"]
    assert report(unexercised(names, every_real_one)) == [
        "1 registered effect handler(s)/condition(s) never ran in a passing rule test:",
        "  effect:never_called",
        "add a test that names its card and asserts the outcome (see tests/handler_coverage.py)",
    ]
    assert NeverCalled not in HANDLERS  # the real registry is untouched


def test_registered_names_cover_every_handler_and_predicate() -> None:
    names = registered_names(HANDLERS, PREDICATES)
    assert len(names) == len(HANDLERS) + len(PREDICATES)
    assert "effect:advance" in names and "condition:is_critical" in names
    assert RECORDER.registered == names  # the plugin wrapped every one of them


def test_a_strike_records_the_handlers_and_conditions_it_runs() -> None:
    """Ryu's Hadoken (``during_strike: [if is_critical] speedup 2``) against Ken's Dive."""
    d = position(p1=dict(space=3, hand=["hadoken"]), p2=dict(space=7, hand=["dive"]))
    RECORDER.current.clear()
    d.strike("hadoken", "dive")
    assert {"condition:is_critical", "condition:hit_opponent"} <= RECORDER.current
    assert (d.life(P1), d.life(P2)) == (30, 26)  # Hadoken hits Ken for 4; Ryu takes nothing
    assert d.pending is not None and d.pending.player == P1  # Hadoken's after: choice


def test_rule_tests_are_the_card_rule_and_effect_tests() -> None:
    prefixes = ["tests/engine/cards/", "tests/engine/test_effects.py"]
    assert is_rule_test("tests/engine/cards/test_ryu.py::test_hadoken", prefixes)
    assert is_rule_test("tests/engine/test_effects.py::test_x[1]", prefixes)
    assert not is_rule_test("tests/engine/devtools/test_effects_doc.py::test_x", prefixes)
    assert not is_rule_test("tests/engine/devtools/test_fuzz.py::test_games", prefixes)


def test_only_a_run_of_the_whole_tree_is_checked(tmp_path: Path) -> None:
    tree = tmp_path / "tests"
    (tree / "engine" / "cards").mkdir(parents=True)
    assert covers_tree(["tests"], tmp_path, tree, filtered=False)
    assert covers_tree(["."], tmp_path, tree, filtered=False)
    assert covers_tree(["."], tree, tree, filtered=False)
    assert not covers_tree(["tests"], tmp_path, tree, filtered=True)  # -k, -m, --lf...
    assert not covers_tree(["tests/engine/cards"], tmp_path, tree, filtered=False)
    assert not covers_tree(["tests/engine/cards/test_ryu.py"], tmp_path, tree, filtered=False)
    assert not covers_tree(["tests", "tests::test_x"], tmp_path, tree, filtered=False)
    assert not covers_tree([], tmp_path, tree, filtered=False)


# --- the plugin end to end, in a small suite of its own ------------------------------------

RULE_TEST = """
    from types import SimpleNamespace
    from engine.cards.schema import ConditionKind
    from engine.core.conditions import PREDICATES

    NO_STRIKE = SimpleNamespace(table=SimpleNamespace(state=SimpleNamespace(strike=None)))

    def test_is_critical_outside_a_strike():
        assert PREDICATES[ConditionKind.IS_CRITICAL](NO_STRIKE, None) is False
"""

FAILING_RULE_TEST = """
    from test_rules import NO_STRIKE, ConditionKind, PREDICATES

    def test_a_failing_test_does_not_count():
        assert PREDICATES[ConditionKind.HIT_OPPONENT](NO_STRIKE, None) is True
"""


def _run_suite(tmp_path: Path, *args: str, failing: bool = False) -> tuple[int, str]:
    """Run ``pytest ARGS`` in a suite whose only passing rule test runs ``is_critical``
    (with ``failing``, a failing rule test also runs ``hit_opponent``)."""
    suite = tmp_path / "suite"
    if not suite.exists():
        suite.mkdir()
        (suite / "test_rules.py").write_text(textwrap.dedent(RULE_TEST))
        if failing:
            (suite / "test_rules_failing.py").write_text(textwrap.dedent(FAILING_RULE_TEST))
        (suite / "test_other.py").write_text("def test_nothing():\n    assert True\n")
        (tmp_path / "conftest.py").write_text('pytest_plugins = ["handler_coverage"]\n')
        (tmp_path / "pytest.ini").write_text(textwrap.dedent(f"""\
            [pytest]
            pythonpath = {TESTS_DIR}
            handler_coverage_tree = suite
            handler_coverage_rule_tests =
                suite/test_rules.py
                suite/test_rules_failing.py
            """))
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300, check=False)
    return done.returncode, done.stdout + done.stderr


def _missing(output: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if "never ran in a passing rule test" in line)
    return [line.strip() for line in lines[start + 1 :] if line.startswith("  ")]


def test_plugin_fails_a_whole_run_and_lists_what_never_ran(tmp_path: Path) -> None:
    """Every test passes; the exit status 1 comes from the checker alone."""
    code, out = _run_suite(tmp_path, "-p", "no:xdist", "suite")
    assert code == 1, out
    assert "2 passed" in out and "failed" not in out.replace("ran in a passing", "")
    total = len(HANDLERS) + len(PREDICATES)
    assert f"{total - 1} registered effect handler(s)/condition(s) never ran" in out
    everything = set(registered_names(HANDLERS, PREDICATES))
    assert _missing(out) == sorted(everything - {"condition:is_critical"})


def test_plugin_ignores_what_a_failing_test_ran(tmp_path: Path) -> None:
    code, out = _run_suite(tmp_path, "-p", "no:xdist", "suite", failing=True)
    assert code == 1, out
    assert "1 failed, 2 passed" in out
    assert "condition:hit_opponent" in _missing(out)
    assert "condition:is_critical" not in _missing(out)


def test_plugin_merges_the_records_of_xdist_workers(tmp_path: Path) -> None:
    code, out = _run_suite(tmp_path, "-n", "2", "suite")
    assert code == 1, out
    assert "condition:is_critical" not in _missing(out)
    assert len(_missing(out)) == len(HANDLERS) + len(PREDICATES) - 1


def test_plugin_leaves_a_partial_run_alone(tmp_path: Path) -> None:
    code, out = _run_suite(tmp_path, "-p", "no:xdist", "suite/test_other.py")
    assert code == 0, out
    assert "never ran" not in out
    code, out = _run_suite(tmp_path, "-p", "no:xdist", "suite", "-k", "other")
    assert code == 0, out
    assert "never ran" not in out
