"""Logs recorded before choices named their source (``ChoiceRequest.source``,
docs/log-format.md P.3 "What asks a choice") still verify and fork: a recorded choice
without a source is the same request as this engine's, which names one
(``engine.same_as_recorded``). A source a log does record is compared like any field."""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine import new_game, read_game
from engine.core.decisions import ChoiceRequest
from replay.fork import fork_point, open_parent
from replay.verification.verify import Kind, verify

ROOT = Path(__file__).resolve().parents[3]
NAME = "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
OLD = ROOT / "tests" / "fixtures" / "v5" / NAME
"""Recorded in format 5, before sources: its choices (decisions 41, 47 and 49) hold none."""


def _choices(path: Path) -> list[int]:
    return [s.index for s in read_game(path).steps if isinstance(s.request, ChoiceRequest)]


def test_an_old_choice_without_a_source_is_asked_with_one_and_still_verifies() -> None:
    log = read_game(OLD)
    assert _choices(OLD) == [41, 47, 49]
    game = new_game(log.header.setup, log.header.seed)
    for step in log.steps[1:]:
        assert step.request is not None and step.decision is not None
        if isinstance(step.request, ChoiceRequest):
            asked = game.pending
            assert isinstance(asked, ChoiceRequest) and step.request.source is None
            assert asked.source is not None and asked != step.request
            assert msgspec.structs.replace(asked, source=None) == step.request
        game.step(step.decision)
    verdict = verify(log)
    assert verdict.identical, verdict.lines()


def test_an_old_log_forks_past_its_choices() -> None:
    """``exceed fork`` replays the parent's decisions up to the fork point, checking each
    request: past decision 49 it takes the old choices as the same."""
    point = fork_point(open_parent(OLD), 50)
    assert point.at == 50 and point.played is not None


def test_a_recorded_source_that_differs_is_a_divergence() -> None:
    """A sample recorded with sources: one naming another card than this engine's
    diverges at that decision, as any other difference of the request does, and the
    divergence says what asks on each side (card 0 is p1's Grasp)."""
    path = ROOT / "sample_games" / NAME
    log = read_game(path)
    at = next(i for i, s in enumerate(log.steps) if isinstance(s.request, ChoiceRequest)
              and s.request.source is not None)
    step = log.steps[at]
    assert isinstance(step.request, ChoiceRequest)
    assert step.request.source == -1  # Ryu's step, his character action
    other = msgspec.structs.replace(step.request, source=0)
    steps = [*log.steps[:at], msgspec.structs.replace(step, request=other), *log.steps[at + 1:]]
    verdict = verify(msgspec.structs.replace(log, steps=steps))
    assert not verdict.identical
    found = verdict.divergence
    assert found is not None and found.kind is Kind.REQUEST and found.decision == step.index
    assert found.what == (
        "this engine asks p1 for choice (asked by the character card): 0: advance 1, 1: "
        "retreat 1; the log recorded p1 for choice (asked by Grasp): 0: advance 1, 1: "
        "retreat 1")


def test_a_payments_source_that_differs_is_a_divergence_naming_both() -> None:
    """The same for a payment (``PayGaugeRequest.source``, recorded since every question
    names what asks it): the sample's Street Fighter Critical is asked by Ryu's character
    card (its data prints the Critical); a log naming card 0 (p1's Grasp) instead
    diverges there, and the divergence names what asks on each side."""
    from engine.core.decisions import PayGaugeRequest

    path = ROOT / "sample_games" / NAME
    log = read_game(path)
    at = next(i for i, s in enumerate(log.steps) if isinstance(s.request, PayGaugeRequest)
              and s.request.source == -1)
    step = log.steps[at]
    assert step.request is not None
    other = msgspec.structs.replace(step.request, source=0)
    steps = [*log.steps[:at], msgspec.structs.replace(step, request=other), *log.steps[at + 1:]]
    found = verify(msgspec.structs.replace(log, steps=steps)).divergence
    assert found is not None and found.kind is Kind.REQUEST and found.decision == step.index
    who, asked = step.request.player.label, step.request.describe()
    assert found.what == (
        f"this engine asks {who} for pay_gauge (asked by the character card): {asked}; "
        f"the log recorded {who} for pay_gauge (asked by Grasp): {asked}")
