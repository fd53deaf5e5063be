"""Attack statistic effects (``engine.effects.stats``) with symbolic and counted
amounts.

Card behaviour is in ``tests/engine/cards/``; these reach edge cases no card shows.
"""

from __future__ import annotations

from conftest import P1, position
from effect_runner import resolve_now, strike_paused

from engine import events as ev
from engine.cards import schema as c


def test_set_strike_x_top_deck_power_and_powerup_strike_x() -> None:
    """set_strike_x top_deck_power reads the deck's top card; powerup strike_x adds X
    (and adds 0 outside a strike)."""
    d = position(p1=dict(space=3, hand=["spike"], deck=["sweep"]), p2=dict(space=5, hand=["focus"]))
    resolve_now(d, P1, c.Powerup(amount=c.SymbolicAmount.STRIKE_X))
    assert d.events(ev.StatModified) == []
    strike_paused(d)
    resolve_now(d, P1, c.SetStrikeX(source=c.StrikeXSource.TOP_DECK_POWER))
    resolve_now(d, P1, c.Powerup(amount=c.SymbolicAmount.STRIKE_X))
    assert d.side(P1).strike_x == 6
    assert [e.amount for e in d.game.events if isinstance(e, ev.StatModified)] == [6]


def test_speedup_per_space_between_adjacent_adds_nothing() -> None:
    d = position(p1=dict(space=4, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    strike_paused(d)
    resolve_now(d, P1, c.Speedup(amount=c.Count(count=c.Quantity.SPACES_BETWEEN)))
    assert [e for e in d.game.events if isinstance(e, ev.StatModified)] == []


def test_powerup_per_gauge_without_cap() -> None:
    d = position(p1=dict(space=3, hand=["spike"], gauge=["grasp", "cross"]),
                 p2=dict(space=5, hand=["focus"]))
    strike_paused(d)
    resolve_now(d, P1, c.Powerup(amount=c.Count(count=c.Quantity.GAUGE, times=2)))
    assert d.side(P1).power == 4
