"""The replay cursor: stepping, back, seeking in game terms and the keyframe bound."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

import replay.viewer.cursor as replayer_module
from engine import LogFormatError
from engine import events as ev
from engine.core.apply import apply, fold
from engine.core.state import State, canonical_bytes, state_hash
from engine.recording.game_log import GameLog
from replay.viewer.cursor import Replay, SeekError


def test_stepping_to_the_end_equals_the_fold_and_the_trailer(sample_logs: list[GameLog]) -> None:
    for log in sample_logs:
        replay = Replay(log)
        while replay.step() is not None:
            pass
        folded = fold(log.initial_state(), list(log.events()))
        assert replay.position == replay.length == log.event_count
        assert canonical_bytes(replay.state) == canonical_bytes(folded), log.name
        assert log.trailer is not None
        assert log.trailer.hash == state_hash(replay.state), log.name
        assert canonical_bytes(replay.final_state) == canonical_bytes(folded)


def test_back_then_forward_is_the_identity(sample_logs: list[GameLog]) -> None:
    rng = random.Random(20240601)
    for log in sample_logs:
        replay = Replay(log, keyframe_every=16)
        for position in rng.sample(range(1, replay.length), 12):
            replay.seek(position)
            here = canonical_bytes(replay.state)
            replay.back()
            assert replay.position == position - 1
            replay.step()
            assert replay.position == position
            assert canonical_bytes(replay.state) == here, (log.name, position)
            replay.step()
            replay.back()
            assert canonical_bytes(replay.state) == here, (log.name, position)


def test_seeking_to_every_event_equals_a_fold_from_the_start(sample_logs: list[GameLog]) -> None:
    log = max(sample_logs, key=lambda g: g.event_count)
    expected = _fold_positions(log.initial_state(), log.events())
    replay = Replay(log, keyframe_every=32)
    order = list(range(replay.length + 1))
    random.Random(7).shuffle(order)
    for position in [*order, *range(replay.length + 1)]:
        replay.seek(position)
        assert canonical_bytes(replay.state) == expected[position], position


def _fold_positions(initial: State, events: Iterable[ev.Event]) -> list[bytes]:
    state = initial.copy()
    out = [canonical_bytes(state)]
    for event in events:
        fold(state, [event])
        out.append(canonical_bytes(state))
    return out


def test_seek_turn_lands_just_after_its_turn_started(sample_logs: list[GameLog]) -> None:
    for log in sample_logs:
        replay = Replay(log)
        assert log.trailer is not None
        assert len(replay.turn_starts) == log.trailer.turns
        for turn in range(1, log.trailer.turns + 1):
            replay.seek_turn(turn)
            event = replay.events[replay.position - 1]
            assert isinstance(event, ev.TurnStarted) and event.turn == turn
            assert replay.turn_at() == turn == replay.state.turn


def test_seek_strike_lands_just_after_its_strike_started(sample_logs: list[GameLog]) -> None:
    for log in sample_logs:
        replay = Replay(log)
        assert log.trailer is not None
        assert len(replay.strike_starts) == log.trailer.strikes
        for strike in range(1, log.trailer.strikes + 1):
            replay.seek_strike(strike)
            assert isinstance(replay.events[replay.position - 1], ev.StrikeStarted)
            assert replay.strike_at() == strike == replay.state.strikes
            assert replay.state.strike is not None


def test_seek_decision_lands_before_its_events(sample_logs: list[GameLog]) -> None:
    log = sample_logs[0]
    replay = Replay(log)
    steps = [s for s in log.steps if s.index >= 0]
    assert len(replay.decision_starts) == len(steps) == len(log.decisions)
    previous = {s.index: log.steps[i - 1] for i, s in enumerate(log.steps) if s.index >= 0}
    for step in steps:
        replay.seek_decision(step.index)
        start = replay.position
        assert tuple(replay.events[start : start + len(step.events)]) == step.events
        # the state the decision was taken in: the hash recorded after the previous step
        # (format 3: where that step ended a turn, or the setup step)
        before = previous[step.index]
        assert state_hash(replay.state) == before.hash or not before.hash


@pytest.mark.parametrize("every", [1, 5, 16, 64])
def test_every_seek_costs_at_most_keyframe_every_applies(
    sample_logs: list[GameLog], monkeypatch: pytest.MonkeyPatch, every: int
) -> None:
    log = max(sample_logs, key=lambda g: g.event_count)
    replay = Replay(log, keyframe_every=every)
    calls = [0]
    real = apply  # engine.core.apply's, the one the cursor imports

    def counting(state: State, event: ev.Event) -> None:
        calls[0] += 1
        real(state, event)

    monkeypatch.setattr(replayer_module, "apply", counting)
    rng = random.Random(every)
    seeks: list[Callable[[], object]] = [
        *(lambda p=p: replay.seek(p) for p in rng.choices(range(replay.length + 1), k=200)),
        *(lambda t=t: replay.seek_turn(t) for t in range(1, len(replay.turn_starts) + 1)),
        *(lambda k=k: replay.seek_strike(k) for k in range(1, len(replay.strike_starts) + 1)),
        *(lambda d=d: replay.seek_decision(d) for d in range(0, len(replay.decision_starts), 3)),
        replay.back, replay.back, lambda: replay.seek(replay.length), replay.back,
    ]
    rng.shuffle(seeks)
    for seek in seeks:
        calls[0] = 0
        seek()
        assert calls[0] <= every
    expected = fold(log.initial_state(), list(log.events())[: replay.position])
    assert canonical_bytes(replay.state) == canonical_bytes(expected)


def test_targets_outside_the_game_raise_seek_error(sample_logs: list[GameLog]) -> None:
    replay = Replay(sample_logs[0])
    turns, strikes = len(replay.turn_starts), len(replay.strike_starts)
    bad: list[Callable[[], object]] = [
        lambda: replay.seek(-1), lambda: replay.seek(replay.length + 1),
        lambda: replay.seek_turn(0), lambda: replay.seek_turn(turns + 1),
        lambda: replay.seek_strike(0), lambda: replay.seek_strike(strikes + 1),
        lambda: replay.seek_decision(-1),
        lambda: replay.seek_decision(len(replay.decision_starts)),
    ]
    replay.seek(10)
    for seek in bad:
        with pytest.raises(SeekError):
            seek()
        assert replay.position == 10
    assert issubclass(SeekError, LookupError)
    with pytest.raises(SeekError, match="turn 999"):
        replay.seek_turn(999)


def test_an_event_failing_without_a_message_is_named_in_words(
    sample_logs: list[GameLog], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review item: an event whose fold raised a bare ``AssertionError`` was reported as
    ``... does not fold onto the game so far: AssertionError: `` (nothing after it)."""
    def broken(state: State, event: ev.Event) -> None:
        raise AssertionError

    monkeypatch.setattr(replayer_module, "apply", broken)
    with pytest.raises(LogFormatError) as raised:
        Replay(sample_logs[0])
    message = str(raised.value)
    assert "event 0 (" in message, message
    assert message.endswith(") does not fold onto the game so far: AssertionError: (no details)"
                            ), message
