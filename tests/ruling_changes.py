"""Committed older logs that a rule fix made re-simulate otherwise, and where: ``exceed
verify`` must report that first divergence, in game terms, and nothing earlier.

A rule fix changes what the engine does, so a log recorded before it re-simulates
identically only up to the first moment the fix touches; from there ``verify`` reports
the divergence (``docs/log-format.md``, "Rule fixes and older logs"). The fixture tests
assert exactly that divergence for these logs and identical re-simulation for the rest.
"""

from __future__ import annotations

from functools import partial
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
    kind: Kind = Kind.EVENTS
    """``Kind.CAUSE``: the same events, one of them with another cause."""


_GAUGE_AT_ONCE = partial(RuleChange, expected_tag="boost_to_gauge", actual_tag="card_moved")
"""``add_boost_to_gauge_on_strike_cleanup`` (2 Dec 2026; effects.md: "Move this boost from
play into your gauge (immediately by default ...)"): the log marked the boost for the
gauge at cleanup (``boost_to_gauge``); the engine now moves it at once (``card_moved``
boosts -> gauge)."""

_EJECTION_TRIGGER = partial(RuleChange, expected_tag="", actual_tag="", kind=Kind.CAUSE)
"""Tag Team's Ejection Strike as an after trigger of the EX attack (6 Dec 2026; Street
Fighter rulebook, Tag Team: it "gives your attack 'After: ...'"), ordered with the
attack's others: the log's ``fighter_switched`` was caused by the rule (``attack``,
after), the engine's by the attack card's ``ejection_strike``; the events are the same.
The v1 copy of the game records no causes, and the v6 copy meets no ejection."""

CHANGED: dict[str, RuleChange] = {
    "v5/ryu-vs-ken_random-vs-random_seed150": _GAUGE_AT_ONCE(
        decision=152, turn=70, card="ryu_shoryuken",
        cause="Shoryuken's add_boost_to_gauge_on_strike_cleanup"),
    "v3/ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300": _GAUGE_AT_ONCE(
        decision=59, turn=25, card="sagat_tigerknee",
        cause="Tiger Knee's add_boost_to_gauge_on_strike_cleanup"),
    "logs/before-issue14_ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300": _GAUGE_AT_ONCE(
        decision=59, turn=25, card="sagat_tigerknee",
        cause="Tiger Knee's add_boost_to_gauge_on_strike_cleanup"),
    # the same events; the ejection's cause is now the EX attack's after trigger
    **{f"{folder}/cammy+chunli-vs-guile+bison_heuristic-vs-random_seed301": _EJECTION_TRIGGER(
        decision=16, turn=5, card="", cause="Dive's ejection_strike")
       for folder in ("v2", "v5")},
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
                     expected_tag=d.expected_tag, actual_tag=d.actual_tag, kind=d.kind)
    assert got == change, verdict.lines()
