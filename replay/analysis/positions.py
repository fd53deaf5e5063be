"""The positions of a recorded game the analysis looks at, folded from its log.

A game is analysed at its *points*: every turn's first action choice (an
``ActionRequest`` at the start of a turn) and every attack set in a strike (a
``SetAttackRequest``, the attacker's and the defender's). ``points(log)`` walks the log
once, folding its events onto the table rebuilt from the header, and yields each point
with the state just before the decision, the deciding player's ``Knowledge`` (what they
know of the cards hidden from them, folded from the events as they saw them) and the
decision the player took. The walk runs no rules, so a damaged log is analysed up to
its last good step.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine import (
    ActionRequest,
    Catalog,
    Decision,
    GameLog,
    Knowledge,
    LogFormatError,
    Player,
    Request,
    SetAttackRequest,
    SetSeen,
    State,
    apply,
    read_game,
    sight,
)
from engine import events as ev
from replay.quoting import error_text

_FOLD_ERRORS = (ValueError, KeyError, IndexError, AssertionError, TypeError, AttributeError)
"""What folding an event that does not fit the game so far raises (a hostile log)."""


class PointKind(enum.StrEnum):
    """Where in a game a point lies."""

    TURN = "turn"
    """A turn's first action choice."""
    STRIKE = "strike"
    """An attack to be set in a strike."""


@dataclass(frozen=True)
class PointId:
    """Which moment a point is, shared by the point (``Point``) and its analysis
    (``replay.analysis.rollout.PointResult``): decision ``index`` (0-based, as ``exceed
    replay`` numbers them), the game turn it is taken in (the state's, before it: a log
    step's own ``turn`` is the one after its events), the strike count at it, ``event``:
    the events before it, where it lies (``kind``) and who decides (``player``). Stored
    analyses keep them as their columns ``idx``, ``turn``, ``strike``, ``event``,
    ``kind`` and ``player`` (``replay.index.analysis``)."""

    index: int
    turn: int
    strike: int
    event: int
    kind: PointKind
    player: Player


@dataclass(frozen=True)
class Point:
    """One analysed moment: which it is (``id``), the request, the decision taken, the
    state before it and the decider's knowledge; ``seen``: at an attack set in a strike
    where the opponent has set theirs, the table just before they set it (what
    ``engine.inferred`` weighs their face-down attack by; None elsewhere)."""

    id: PointId
    request: Request
    decision: Decision
    state: State
    knowledge: Knowledge
    seen: SetSeen | None = None


_HELD: dict[tuple[str, str], dict[int, Point]] = {}
"""The points of the log last asked of ``held_points`` in this process."""


def held_points(path: str, catalog: Catalog, key: str = "") -> dict[int, Point]:
    """Every point of the log at ``path`` by decision index, read and folded once in a
    process (a worker's tasks on one log then cost their rollouts and no decode or fold).
    Only the last log asked is held; ``key`` (a game id) tells apart two logs written to
    one path."""
    if (path, key) not in _HELD:
        _HELD.clear()
        _HELD[(path, key)] = {p.id.index: p for p in points(read_game(path), catalog)}
    return _HELD[(path, key)]


def points(log: GameLog, catalog: Catalog, wanted: set[int] | None = None,
           viewer: Player | None = None) -> Iterator[Point]:
    """Every point of ``log`` in order (only decisions in ``wanted``, if given). Each
    point's state and knowledge are copies the caller may keep or change; the knowledge
    is the deciding player's, or ``viewer``'s if given (the curve's check of a strike's
    second set point from the first setter's view, ``replay.analysis.rollout``)."""
    state = log.initial_state(catalog)
    knowing = (Knowledge.at_deal(state, Player.P1), Knowledge.at_deal(state, Player.P2))
    seen = (sight(state, Player.P1), sight(state, Player.P2))
    turns_started: set[int] = set()
    strikes = 0
    event_count = 0
    sets: dict[Player, State] = {}  # each seat's last attack set: the table before it
    for step in log.steps:
        request, decision = step.request, step.decision
        if request is not None and decision is not None:
            kind = _kind(request, state.turn, turns_started)
            if kind is not None and (wanted is None or step.index in wanted):
                who = request.player
                at = PointId(index=step.index, turn=state.turn, strike=strikes,
                             event=event_count, kind=kind, player=who)
                yield Point(id=at, request=request, decision=decision, state=state.copy(),
                            knowledge=knowing[who if viewer is None else viewer].copy(),
                            seen=_seen(sets, who, state))
            if kind is PointKind.STRIKE:
                sets[request.player] = state.copy()
        for event in step.events:
            try:
                apply(state, event)
                seen = (knowing[0].fold(seen[0], event, state),
                        knowing[1].fold(seen[1], event, state))
            except _FOLD_ERRORS as error:  # as exceed replay says it (replay.viewer.cursor)
                raise LogFormatError(
                    f"event {event_count} ({event.__struct_config__.tag}) does not fold onto "
                    f"the game so far: {error_text(error)}", log.name) from None
            if isinstance(event, ev.StrikeStarted):
                strikes += 1
            event_count += 1


def _seen(sets: dict[Player, State], who: Player, state: State) -> SetSeen | None:
    """The opponent's attack set in this strike before ``who``'s point, if any."""
    before = sets.get(who.other)
    if state.strike is None or before is None or before.strikes != state.strikes:
        return None
    return SetSeen(before=before, setter=who.other)


def second_set_points(pts: Iterable[Point]) -> dict[int, int]:
    """``{second: first}``: the decision index of every strike's second attack set (the
    next strike point of the same strike, by the other player) and of the strike's
    first. Between the two nothing public happens but a face-down card, so the curve
    shows the second at the first setter's value (``replay.analysis.rollout.on_curve``)."""
    firsts: dict[int, Point] = {}
    pairs: dict[int, int] = {}
    done: set[int] = set()
    for point in pts:
        if point.id.kind is not PointKind.STRIKE or point.id.strike in done:
            continue
        first = firsts.get(point.id.strike)
        if first is None:
            firsts[point.id.strike] = point
            continue
        done.add(point.id.strike)
        if first.id.player != point.id.player:
            pairs[point.id.index] = first.id.index
    return pairs


def _kind(request: Request, turn: int, started: set[int]) -> PointKind | None:
    """The point ``request`` makes, if any (a turn counts once, at its first action
    choice)."""
    if isinstance(request, SetAttackRequest):
        return PointKind.STRIKE
    if isinstance(request, ActionRequest) and turn not in started:
        started.add(turn)
        return PointKind.TURN
    return None
