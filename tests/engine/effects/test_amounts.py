"""Amounts (``engine.effects.amounts``): a ``Count`` of a named quantity, resolved when
the effect runs, as the card data writes it (``{"count": "gauge", "at_most": 5}``)."""

from __future__ import annotations

import msgspec
import pytest
from conftest import P1, P2, position

from engine.cards import schema as c
from engine.core.context import EffectCtx
from engine.effects.amounts import amount_value


def _count(**fields: object) -> c.Count:
    return msgspec.convert(fields, c.Count)


@pytest.mark.parametrize(
    ("count", "value"),
    [
        (_count(count="gauge"), 3),
        (_count(count="gauge", times=2, at_most=5), 5),
        (_count(count="cards_in_hand", plus=-1), 1),
        (_count(count="spaces_between"), 3),
        (_count(count="spaces_between", times=-1), -3),
    ],
)
def test_a_count_reads_the_table_for_the_player_it_resolves_for(
    count: c.Count, value: int
) -> None:
    """Ryu on 2 with 2 cards in hand and 3 gauge cards; Ken on 6: three empty spaces."""
    d = position(p1=dict(space=2, hand=["grasp", "cross"], gauge=["dive", "spike", "sweep"]),
                 p2=dict(space=6, hand=["focus"]))
    assert amount_value(EffectCtx(d.game.table, P1), count) == value


def test_counts_are_the_resolving_players_own() -> None:
    """Ken counts his own gauge (none) and hand (one card)."""
    d = position(p1=dict(space=2, gauge=["dive"]), p2=dict(space=6, hand=["focus"]))
    ken = EffectCtx(d.game.table, P2)
    assert amount_value(ken, _count(count="gauge")) == 0
    assert amount_value(ken, _count(count="cards_in_hand")) == 1


def test_printed_and_symbolic_amounts() -> None:
    """A number is itself; strike_x is 0 outside a strike."""
    d = position(p1=dict(space=2), p2=dict(space=6))
    ctx = EffectCtx(d.game.table, P1)
    assert amount_value(ctx, 4) == 4
    assert amount_value(ctx, c.SymbolicAmount.STRIKE_X) == 0
