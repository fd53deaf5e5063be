"""Pytest plugin: every registered effect handler and condition predicate runs in a rule test.

At configure time each entry of ``engine.effects.HANDLERS`` and
``engine.core.conditions.PREDICATES`` is replaced by a thin wrapper that notes its name
(``effect:advance``, ``condition:is_critical``) in a per-test set. Production code is
untouched: the registries are plain dicts looked up at call time, and only this plugin
swaps their values. A test's set counts when the test is a *rule test* (under
``handler_coverage_rule_tests``, by default the card tests, the rule tests, the
mechanic tests and the hand-driven effect tests: each builds a position and asserts its
outcome) and its call phase passed. Whole-game tests (samples, fuzz, properties, agents) reach most handlers by
chance and assert no handler's outcome, so they do not count.

Under xdist each worker sends its exercised names to the controller (``workeroutput``),
which merges them. The check runs only when the whole tree (``handler_coverage_tree``,
default ``tests``) was collected without ``-k``/``-m``/``--lf``/``--deselect`` and the run
was not interrupted: ``pytest tests/engine/cards/test_ryu.py`` never fails for handlers
outside it. A handler or condition that no passing rule test ran is listed in the
terminal summary and turns the exit status into "tests failed".
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Generator, Iterable
from pathlib import Path
from typing import Any

import pytest

KEY = "handler_coverage"
DEFAULT_RULE_TESTS = (
    "tests/engine/cards/",
    "tests/engine/rules/",
    "tests/engine/mechanics/",
    "tests/engine/effects/",
)
NOT_RULE_TESTS = (
    "tests/engine/cards/test_catalog.py",
    "tests/engine/cards/test_data_audit.py",
    "tests/engine/cards/test_seasons.py",
    "tests/engine/effects/test_effect_registry.py",
)
"""Tests of the card data and of the registry itself, filed beside the packages they
mirror: they never count as exercising a handler."""


class Recorder:
    """The names run by the current test, and those run by passing rule tests."""

    def __init__(self) -> None:
        self.registered: list[str] = []
        self.current: set[str] = set()
        self.by_test: dict[str, set[str]] = {}
        self.exercised: set[str] = set()
        self.rule_tests: list[str] = list(DEFAULT_RULE_TESTS)

    def note(self, name: str) -> None:
        self.current.add(name)


RECORDER = Recorder()


# --- the names and the check (pure functions, unit-tested) ---------------------------


def registered_names(handlers: Iterable[type], predicates: Iterable[object]) -> list[str]:
    """``effect:<tag>`` for each handler's effect type, ``condition:<kind>`` per predicate."""
    from engine.cards.schema import effect_tag

    names = [f"effect:{effect_tag(t)}" for t in handlers]
    names += [f"condition:{getattr(kind, 'value', kind)}" for kind in predicates]
    return sorted(names)


def unexercised(registered: Iterable[str], exercised: Collection[str]) -> list[str]:
    """The registered names that no passing rule test ran, sorted."""
    return sorted(name for name in registered if name not in exercised)


def is_rule_test(nodeid: str, prefixes: Iterable[str]) -> bool:
    """Whether a test (by node id, relative to the rootdir) is one whose runs count."""
    path = nodeid.split("::", 1)[0]
    if path in NOT_RULE_TESTS:
        return False
    return any(path == p or (p.endswith("/") and path.startswith(p)) for p in prefixes)


def covers_tree(args: Iterable[str], invocation_dir: Path, tree: Path, filtered: bool) -> bool:
    """Whether a run on ``args`` (relative to ``invocation_dir``) collects the whole
    ``tree``: every argument is the tree or a folder above it (no file, no ``::`` node)
    and no option deselects tests."""
    args = list(args)
    if filtered or not args or any("::" in arg for arg in args):
        return False
    target = tree.resolve()
    paths = [(invocation_dir / arg).resolve() for arg in args]
    return all(p == target or p in target.parents for p in paths)


def report(missing: Iterable[str]) -> list[str]:
    """The summary lines for handlers and conditions no passing rule test ran."""
    missing = list(missing)
    if not missing:
        return []
    return [f"{len(missing)} registered effect handler(s)/condition(s) never ran in a "
            "passing rule test:", *(f"  {name}" for name in missing),
            "add a test that names its card and asserts the outcome (see tests/handler_coverage.py)"]


# --- wrapping the registries ---------------------------------------------------------


def _wrap_handler(name: str, fn: Callable[..., Any], is_flow: bool) -> Callable[..., Any]:
    if is_flow:

        @functools.wraps(fn)
        def flow(ctx: Any, effect: Any) -> Generator[Any, Any, Any]:
            RECORDER.note(name)
            return (yield from fn(ctx, effect))

        return flow

    @functools.wraps(fn)
    def plain(ctx: Any, effect: Any) -> Any:
        RECORDER.note(name)
        return fn(ctx, effect)

    return plain


def _wrap_predicate(name: str, fn: Callable[..., bool]) -> Callable[..., bool]:
    @functools.wraps(fn)
    def predicate(ctx: Any, condition: Any) -> bool:
        RECORDER.note(name)
        return fn(ctx, condition)

    return predicate


def install() -> Recorder:
    """Wrap every registered handler and predicate (once per process)."""
    from engine.cards.schema import effect_tag
    from engine.core.conditions import PREDICATES
    from engine.effects import HANDLERS

    if RECORDER.registered:
        return RECORDER
    for effect_type, (fn, is_flow) in list(HANDLERS.items()):
        name = f"effect:{effect_tag(effect_type)}"
        HANDLERS[effect_type] = (_wrap_handler(name, fn, is_flow), is_flow)
    for kind, pred in list(PREDICATES.items()):
        PREDICATES[kind] = _wrap_predicate(f"condition:{kind.value}", pred)
    RECORDER.registered = registered_names(HANDLERS, PREDICATES)
    return RECORDER


# --- pytest hooks ----------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("handler_coverage_rule_tests", "test paths whose passing tests count",
                  type="linelist", default=list(DEFAULT_RULE_TESTS))
    parser.addini("handler_coverage_tree", "the folder a run must collect whole to check",
                  default="tests")


def pytest_configure(config: pytest.Config) -> None:
    install().rule_tests = [str(p) for p in config.getini("handler_coverage_rule_tests")]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    RECORDER.current = set()
    yield
    RECORDER.by_test[item.nodeid] = RECORDER.current
    RECORDER.current = set()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    ran = RECORDER.by_test.pop(report.nodeid, None) if report.when == "call" else None
    if ran is not None and report.passed and is_rule_test(report.nodeid, RECORDER.rule_tests):
        RECORDER.exercised |= ran


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """xdist controller: merge what a worker's passing rule tests ran."""
    output = getattr(node, "workeroutput", None) or {}
    RECORDER.exercised.update(output.get(KEY, ()))


FILTERS = ("keyword", "markexpr", "deselect", "lf", "ignore", "ignore_glob")
"""Options that leave part of the tree uncollected or deselected."""


def _filtered(config: pytest.Config) -> bool:
    return any(getattr(config.option, option, None) for option in FILTERS)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: hand the names to the controller
        workeroutput[KEY] = sorted(RECORDER.exercised)
        return
    stopped = session.shouldstop or session.shouldfail or config.option.collectonly
    stopped = stopped or getattr(config.option, "setuponly", False)
    if stopped or exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        return
    tree = config.rootpath / str(config.getini("handler_coverage_tree"))
    if not covers_tree(config.args, config.invocation_params.dir, tree, _filtered(config)):
        return
    missing = unexercised(RECORDER.registered, RECORDER.exercised)
    config.stash[_MISSING] = missing
    if missing:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_MISSING = pytest.StashKey[list[str]]()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    missing: list[str] = config.stash.get(_MISSING, [])
    lines = report(missing)
    if lines:
        terminalreporter.section("handler coverage", red=True)
        for line in lines:
            terminalreporter.line(line)
