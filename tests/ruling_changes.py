"""Committed older logs that a rule fix made re-simulate otherwise, and where: ``exceed
verify`` must report that first divergence, in game terms, and nothing earlier.

A rule fix changes what the engine does, so a log recorded before it re-simulates
identically only up to the first moment the fix touches; from there ``verify`` reports
the divergence (``docs/log-format.md``, "Rule fixes and older logs"). The fixture tests
assert exactly that divergence for these logs and identical re-simulation for the rest.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from replay.verification.verify import Kind, Verdict

FIXTURES = Path(__file__).resolve().parent / "fixtures"


class RuleChange(msgspec.Struct, frozen=True, kw_only=True):
    """Where a fixture first meets a rule fix: the decision and turn, the card whose
    effect now resolves otherwise, and the first differing event on each side."""

    decision: int
    turn: int
    card: str
    cause: str
    expected_tag: str
    actual_tag: str


_GAUGE_AT_ONCE = {"expected_tag": "boost_to_gauge", "actual_tag": "card_moved"}
"""``add_boost_to_gauge_on_strike_cleanup`` (2 Dec 2026; effects.md: "Move this boost from
play into your gauge (immediately by default ...)"): the log marked the boost for the
gauge at cleanup (``boost_to_gauge``); the engine now moves it at once (``card_moved``
boosts -> gauge)."""

CHANGED: dict[str, RuleChange] = {
    "v5/ryu-vs-ken_random-vs-random_seed150": RuleChange(
        decision=152, turn=70, card="ryu_shoryuken",
        cause="Shoryuken's add_boost_to_gauge_on_strike_cleanup", **_GAUGE_AT_ONCE),
    "v3/ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300": RuleChange(
        decision=59, turn=25, card="sagat_tigerknee",
        cause="Tiger Knee's add_boost_to_gauge_on_strike_cleanup", **_GAUGE_AT_ONCE),
    "logs/before-issue14_ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300": RuleChange(
        decision=59, turn=25, card="sagat_tigerknee",
        cause="Tiger Knee's add_boost_to_gauge_on_strike_cleanup", **_GAUGE_AT_ONCE),
}
"""Fixture (its folder and stem under tests/fixtures) -> its first divergence."""


def changed(path: Path) -> RuleChange | None:
    """The rule change ``path`` (a fixture log) first meets, if any."""
    return CHANGED.get(f"{path.parent.name}/{path.stem}")


def assert_verdict(path: Path, verdict: Verdict) -> None:
    """``verdict`` is identical re-simulation, or for a fixture in ``CHANGED`` exactly its
    expected first divergence."""
    change = changed(path)
    if change is None:
        assert verdict.identical, verdict.lines()
        return
    d = verdict.divergence
    assert not verdict.identical and d is not None, verdict.lines()
    got = RuleChange(decision=d.decision, turn=d.turn, card=d.card, cause=d.cause or "",
                     expected_tag=d.expected_tag, actual_tag=d.actual_tag)
    assert got == change, verdict.lines()
    assert d.kind is Kind.EVENTS, verdict.lines()
