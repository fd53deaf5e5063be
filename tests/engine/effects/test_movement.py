"""Movement effects (``engine.effects.movement``) at edges no card shows.

Card behaviour is in ``tests/engine/cards/``; these reach edge cases no card shows.
"""

from __future__ import annotations

from conftest import P1, P2, position
from effect_runner import resolve_now

from engine import events as ev
from engine.cards import schema as c
from engine.core.decisions import (
    MoveTo,
    SpaceRequest,
    forced_decision,
)


def test_move_to_any_space_respects_bounds_and_a_blocked_crossing() -> None:
    """move_to_any_space: move_min/move_max count spaces moved (the opponent's space not
    counted); an opponent who cannot be moved past removes the far side."""
    d = position(p1=dict(space=3), p2=dict(space=5))
    asked = resolve_now(d, P1, c.MoveToAnySpace(move_min=1, move_max=2), [MoveTo(space=6)])
    assert isinstance(asked[0], SpaceRequest)
    assert [m.space for m in asked[0].choices if isinstance(m, MoveTo)] == [1, 2, 4, 6]
    assert d.space(P1) == 6
    d.game.table.emit(ev.PassingBlocked(player=P1, blocked=True))  # Siberian Blizzard
    asked = resolve_now(d, P2, c.MoveToAnySpace(), [MoveTo(space=8)])
    assert isinstance(asked[0], SpaceRequest)
    assert [m.space for m in asked[0].choices if isinstance(m, MoveTo)] == [1, 2, 3, 4, 5]


def test_move_to_any_space_with_one_space_is_still_asked() -> None:
    """move_to_any_space 0..0 (stay put) has one space: it is asked all the same (the
    match driver answers it), so a log shows it offered and taken."""
    d = position(p1=dict(space=3), p2=dict(space=5))
    asked = resolve_now(d, P1, c.MoveToAnySpace(move_min=0, move_max=0), [MoveTo(space=3)])
    assert asked == [SpaceRequest(player=P1, choices=(MoveTo(space=3),))]
    assert forced_decision(asked[0]) == MoveTo(space=3)
    assert d.space(P1) == 3
