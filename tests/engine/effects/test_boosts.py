"""Boost effects (``engine.effects.boosts``): playing another boost, and effects
of a boost that is no longer in play.

Card behaviour is in ``tests/engine/cards/``; these reach edge cases no card shows.
"""

from __future__ import annotations

import pytest
from conftest import P1, position
from effect_runner import resolve_now

from engine.cards import schema as c
from engine.core.context import EffectCtx
from engine.core.decisions import (
    ChooseOption,
    PayCards,
    SelectCards,
    SelectCardsRequest,
)
from engine.core.ids import Zone
from engine.effects import resolve


def test_boost_additional_nothing_to_play_does_nothing() -> None:
    """boost_additional: with no matching card nothing is asked."""
    d = position(p1=dict(discard=["cross"]), p2=dict())
    assert resolve_now(d, P1, c.BoostAdditional(limitation=c.BoostKind.CONTINUOUS,
                                         valid_zones=(c.BoostSource.DISCARD,))) == []


def test_boost_additional_immediate_from_hand_resolves_and_leaves() -> None:
    """boost_additional (any kind, from hand): an immediate boost resolves and goes to
    its destination (Ki Charge: gauge); a strike it asks for is passed on."""
    d = position(p1=dict(hand=["donkeykick", "metsushoryuken", "grasp"]), p2=dict(space=7))
    dk = d.ref(P1, "donkeykick")
    resolve_now(d, P1, c.BoostAdditional(), [SelectCards(cards=(dk,))])
    assert d.zone(P1, Zone.GAUGE) == ["Donkey Kick"]
    ctx = EffectCtx(d.game.table, P1)
    flow = resolve(ctx, c.BoostAdditional())
    request = next(flow)
    assert isinstance(request, SelectCardsRequest)
    assert d.names(request.candidates) == ["Metsu Shoryuken", "Grasp"]
    request = flow.send(SelectCards(cards=(d.ref(P1, "metsushoryuken"),)))
    request = flow.send(PayCards(cards=(d.ref(P1, "grasp"),)))
    with pytest.raises(StopIteration):
        flow.send(ChooseOption(index=1))  # Lightning Reflexes: retreat 2, then strike
    assert ctx.scope.strike_requested
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Metsu Shoryuken"]


def test_sustain_and_gauge_and_delay_ignore_cards_not_in_play() -> None:
    """sustain_this, add_to_gauge_immediately and set_end_of_turn_boost_delay need their
    source boost in play; from the character card (no source) they do nothing."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    before = len(d.game.events)
    for effect in (c.SustainThis(), c.AddToGaugeImmediately(), c.SetEndOfTurnBoostDelay()):
        assert resolve_now(d, P1, effect) == []
        assert resolve_now(d, P1, effect, source=d.ref(P1, "grasp")) == []
    assert d.game.events[before:] == []
