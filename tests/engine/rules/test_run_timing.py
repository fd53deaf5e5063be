"""``run_timing`` (core rulebook, "Resolving Strikes": each timing's effects of a player)
gathers the effects when called; a timing with none asks nothing and makes no generator
(issue 31: most timings of a strike have nothing to run), one with effects still runs
them (the strike step tests cover what they do)."""

from __future__ import annotations

import inspect

from conftest import P1, position

from engine.cards.schema import Timing
from engine.effects.registry import effects_at
from engine.rules.strike.timing import run_timing


def test_a_timing_with_nothing_to_run_is_an_empty_flow_not_a_generator() -> None:
    d = position(p1=dict(hand=["grasp"]))
    table = d.game.table
    assert effects_at(table, P1, Timing.CLEANUP) == []
    flow = run_timing(table, P1, Timing.CLEANUP)
    assert not inspect.isgenerator(flow)
    assert list(flow) == []
