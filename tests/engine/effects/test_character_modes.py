"""Character modes (``engine.effects.character_modes``): ``set_mode`` switches a mode on
(or a reversible one off) once, and speaks the words of the effects it replaced.

The modes' card behaviour is in the card tests (Vega's Repel Leap, Dan's Lucky! and
Exceed, Zangief's Siberian Blizzard).
"""

from __future__ import annotations

import pytest
from conftest import P1, position
from effect_runner import grant

from engine import events as ev
from engine.cards import schema as c
from engine.effects.character_modes import SWITCHES
from engine.text.notation import describe_effect


def test_every_mode_has_a_switch_and_only_reversible_ones_switch_off() -> None:
    assert set(SWITCHES) == set(c.Mode)
    assert {m for m, s in SWITCHES.items() if s.switch_off is not None} == c.REVERSIBLE_MODES


def test_set_mode_emits_only_when_the_mode_changes() -> None:
    """On twice: one PassingBlocked; off twice: one more; a one-way mode: one event."""
    d = position(p1=dict(space=3), p2=dict(space=6))
    before = len(d.game.events)
    block = c.SetMode(mode=c.Mode.OPPONENT_CANT_MOVE_PAST)
    unblock = c.SetMode(mode=c.Mode.OPPONENT_CANT_MOVE_PAST, on=False)
    for effect in (block, block, unblock, unblock):
        grant(d, P1, effect)
    assert d.game.events[before:] == [
        ev.PassingBlocked(player=P1, blocked=True),
        ev.PassingBlocked(player=P1, blocked=False),
    ]
    skip = c.SetMode(mode=c.Mode.SKIP_END_OF_TURN_DRAW)
    grant(d, P1, skip)
    grant(d, P1, skip)
    assert d.game.events[before + 2:] == [ev.EndOfTurnDrawSkipped(player=P1)]
    assert d.p(P1).skip_end_of_turn_draw and not d.p(P1).blocks_passing


@pytest.mark.parametrize(
    ("effect", "label"),
    [
        (c.SetMode(mode=c.Mode.USED_CHARACTER_BONUS), "set used character bonus"),
        (c.SetMode(mode=c.Mode.SKIP_END_OF_TURN_DRAW), "skip end of turn draw"),
        (c.SetMode(mode=c.Mode.OPPONENT_CANT_MOVE_PAST, on=False),
         "set mode opponent cant move past off"),
    ],
)
def test_set_mode_keeps_the_choice_labels_recorded_logs_carry(
    effect: c.SetMode, label: str
) -> None:
    """C. Viper's and Dan's choices were recorded with these words."""
    assert describe_effect(effect) == label
