"""A replay cursor over a recorded game: step, back and seek by event, decision, turn or strike.

The cursor only folds recorded events with ``engine.core.apply``; it never runs a rule, so a
log recorded by an older engine still replays after the rules change. Position ``k``
means "after the first ``k`` events" (0 is the table before setup). Keyframes (state
copies every ``keyframe_every`` events) bound any seek to at most that many applies.

Turns are the game's own numbers (``state.turn``, as the transcript, ``exceed info``,
``verify`` and the index say them), not a count of turn starts: a game played on from a
built position (``play --position``, a bug capsule) starts at the turn its recipe names.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from engine import (
    Catalog,
    GameLog,
    LogFormatError,
    Player,
    State,
    apply,
    observe,
    redact,
)
from engine import events as ev
from replay.quoting import error_text

DEFAULT_KEYFRAME_EVERY = 64
# what ``apply`` raises on events that contradict the state (a card not in its zone...)
_FOLD_ERRORS = (ValueError, KeyError, IndexError, AssertionError, TypeError, AttributeError)


class SeekError(LookupError):
    """A seek target outside the game (e.g. turn 99 of a 30-turn game)."""


class Replay:
    """A cursor over the events of one game log.

    Raises ``LogFormatError`` (one line) when the recorded events do not fold onto the
    table the header describes: every later seek is then safe.
    """

    def __init__(
        self,
        log: GameLog,
        catalog: Catalog | None = None,
        keyframe_every: int = DEFAULT_KEYFRAME_EVERY,
    ) -> None:
        self.log = log
        self.catalog = catalog if catalog is not None else log.catalog()
        self.events: list[ev.Event] = list(log.events())
        self.causes = log.causes()
        """Why each event happened (``engine.Cause``; unknown for a v1 log)."""
        self.keyframe_every = max(1, keyframe_every)
        self._initial = log.initial_state(self.catalog)
        # decision_starts[i]: position before decision i's events (step index+1 in the log)
        self.decision_starts: list[int] = []
        self.decision_of_event: list[int] = []
        position = 0
        for step in log.steps:
            if step.index >= 0:
                self.decision_starts.append(position)
            self.decision_of_event.extend([step.index] * len(step.events))
            position += len(step.events)
        self.turn_starts = [i for i, e in enumerate(self.events) if type(e) is ev.TurnStarted]
        """The index of every ``TurnStarted`` event, in order."""
        self.turn_numbers = [e.turn for e in self.events if type(e) is ev.TurnStarted]
        """The turn each of ``turn_starts`` starts (1, 2, ... in a dealt game)."""
        self._turn_changes, self._turn_values = _turn_changes(self.events, self._initial.turn)
        self.strike_starts = [i for i, e in enumerate(self.events) if type(e) is ev.StrikeStarted]
        self._keyframes: list[State] = []
        self._build_keyframes()
        self.position = 0
        self._state = self._initial.copy()

    def _build_keyframes(self) -> None:
        """Fold every event once; an event that does not fold is a ``LogFormatError``."""
        state = self._initial.copy()
        self._keyframes.append(state.copy())
        for i, event in enumerate(self.events, 1):
            try:
                apply(state, event)
            except _FOLD_ERRORS as error:
                tag = event.__struct_config__.tag
                raise LogFormatError(
                    f"event {i - 1} ({tag}) does not fold onto the game so far: "
                    f"{error_text(error)}", self.log.name) from None
            if i % self.keyframe_every == 0:
                self._keyframes.append(state.copy())
        self.final_state = state

    # --- the cursor -------------------------------------------------------------------

    @property
    def length(self) -> int:
        """The last position (the number of events)."""
        return len(self.events)

    @property
    def state(self) -> State:
        """The omniscient state at the cursor (do not mutate)."""
        return self._state

    def view(self, perspective: Player | None) -> State:
        """The state at the cursor as ``perspective`` sees it (None: omniscient)."""
        return observe(self._state, perspective)

    def seek(self, position: int) -> State:
        """Move to ``position`` (0..length) with at most ``keyframe_every`` applies."""
        if not 0 <= position <= self.length:
            raise SeekError(f"event {position} is outside 0..{self.length}")
        if position == self.position:
            return self._state
        if position > self.position and position - self.position <= self.keyframe_every:
            state = self._state
            start = self.position
        else:
            key = position // self.keyframe_every
            state = self._keyframes[key].copy()
            start = key * self.keyframe_every
        for event in self.events[start:position]:
            apply(state, event)
        self._state, self.position = state, position
        return state

    def step(self) -> ev.Event | None:
        """Apply the next event; returns it (None at the end)."""
        if self.position >= self.length:
            return None
        event = self.events[self.position]
        apply(self._state, event)
        self.position += 1
        return event

    def back(self) -> State:
        """Undo one event (a seek to the previous position)."""
        return self.seek(max(0, self.position - 1))

    # --- seeking in game terms --------------------------------------------------------

    def seek_decision(self, index: int) -> State:
        """Just before decision ``index`` (0-based) is answered."""
        if not 0 <= index < len(self.decision_starts):
            raise SeekError(f"decision {index} is outside 0..{len(self.decision_starts) - 1}")
        return self.seek(self.decision_starts[index])

    def seek_turn(self, turn: int) -> State:
        """At the start of turn ``turn`` (the game's number, as the transcript's
        ``== turn N`` line says it), just after its TurnStarted event."""
        if turn not in self.turn_numbers:
            span = (f"{min(self.turn_numbers)}..{max(self.turn_numbers)}"
                    if self.turn_numbers else "none: no turn starts in this log")
            raise SeekError(f"turn {turn} is outside {span}")
        return self.seek(self.turn_starts[self.turn_numbers.index(turn)] + 1)

    def seek_nth_turn(self, number: int) -> State:
        """At the start of the ``number``-th turn started in the log (1-based), whatever
        its turn number: the viewer's next and previous turn."""
        return self.seek(_nth(self.turn_starts, number, "turn") + 1)

    def turns_started(self, position: int | None = None) -> int:
        """How many turns had started by ``position``."""
        pos = self.position if position is None else position
        return bisect.bisect_right(self.turn_starts, pos - 1)

    def seek_strike(self, strike: int) -> State:
        """At the start of strike ``strike`` (1-based), just after StrikeStarted."""
        return self.seek(_nth(self.strike_starts, strike, "strike") + 1)

    def turn_at(self, position: int | None = None) -> int:
        """The turn number at ``position``: ``state.turn`` there (0 during setup; a
        built position's stated turn until its first turn starts)."""
        pos = self.position if position is None else position
        return self._turn_values[bisect.bisect_right(self._turn_changes, pos - 1)]

    def strike_at(self, position: int | None = None) -> int:
        """How many strikes had started by ``position``."""
        pos = self.position if position is None else position
        return bisect.bisect_right(self.strike_starts, pos - 1)

    def recent(self, count: int, perspective: Player | None = None) -> list[ev.Event]:
        """The last ``count`` events before the cursor, redacted for ``perspective``."""
        start = max(0, self.position - count)
        return [redact(e, perspective) for e in self.events[start : self.position]]


def _turn_changes(events: Sequence[ev.Event], initial: int) -> tuple[list[int], list[int]]:
    """Where ``state.turn`` changes and its value from there: the index of each event
    that sets it (``TurnStarted``, and a built position's ``PositionEdited`` of kind
    ``NEXT_TURN``, as ``engine/core/folds`` fold them), and the turn before the first
    of them followed by the value each sets."""
    changes: list[int] = []
    values = [initial]
    for i, e in enumerate(events):
        if type(e) is ev.TurnStarted:
            changes.append(i)
            values.append(e.turn)
        elif type(e) is ev.PositionEdited and e.kind is ev.EditKind.NEXT_TURN:
            changes.append(i)
            values.append(e.value)
    return changes, values


def _nth(starts: Sequence[int], number: int, what: str) -> int:
    if not 1 <= number <= len(starts):
        raise SeekError(f"{what} {number} is outside 1..{len(starts)}")
    return starts[number - 1]
