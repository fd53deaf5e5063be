"""Cost effects (``engine.effects.costs``): paying force for an effect.

Card behaviour is in ``tests/engine/cards/``; these reach edge cases no card shows.
"""

from __future__ import annotations

from conftest import P1, position
from effect_runner import resolve_now

from engine.cards import schema as c
from engine.core.decisions import ChoiceRequest, ChooseOption, PayCards
from engine.core.ids import Zone


def test_force_for_effect_overall_needs_the_full_amount() -> None:
    """force_for_effect (overall): not offered when you cannot pay exactly force_max."""
    d = position(p1=dict(hand=["grasp"]), p2=dict())
    effect = c.ForceForEffect(force_max=2, overall_effect=(c.Draw(amount=1),))
    assert resolve_now(d, P1, effect) == []
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_force_for_effect_per_force_capped_by_available_force() -> None:
    """force_for_effect (per force): the choice stops at the force you can make."""
    d = position(p1=dict(hand=["grasp"], gauge=["metsuhadoken"]), p2=dict())
    effect = c.ForceForEffect(force_max=4, per_force_effect=(c.Draw(amount=1),))
    grasp = d.ref(P1, "grasp")
    asked = resolve_now(d, P1, effect, [ChooseOption(index=1), PayCards(cards=(grasp,))])
    assert isinstance(asked[0], ChoiceRequest)
    assert asked[0].labels == ("spend 0 force", "spend 1 force", "spend 2 force", "spend 3 force")
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert len(d.zone(P1, Zone.HAND)) == 1
