"""Rachel Alucard's lightning rods (her character card): each rod on the opponent's space
may strike at her After timing (back to her hand, 2 nonlethal damage), as one of her
after triggers, ordered with the others (the BlazBlue mechanic's ``after_triggers``).
Split from ``test_rachel.py``.

Card facts: roster.md, "Rachel Alucard"; reference effects.md, ``place_lightningrod``:
"each of your After timings offers: if the opponent stands on a rod's space, return that
rod card to hand and deal 2 nonlethal damage". Rachel is P1 and Ryu P2.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ChoiceRequest, ChooseOption, EffectOrderRequest, OrderEffects
from engine.core.ids import Zone
from engine.core.invariants import card_conservation
from engine.mechanics.blazblue.state import rod_spaces


def rachel(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    """A position with Rachel as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=("rachel", "ryu"))


def rods(d: Driver) -> dict[str, int]:
    """Rachel's lightning rods: card name -> space."""
    return {d.name(card): space for card, space in rod_spaces(d.state, P1).items()}


def _choice_index(request: ChoiceRequest, text: str) -> ChooseOption:
    """The first option whose label contains ``text``."""
    return ChooseOption(index=next(i for i, label in enumerate(request.labels) if text in label))


def test_lightning_rod_strike_after_attack_returns_to_hand_nonlethal_damage() -> None:
    """Lightning rods (Rachel's character card): at the end of her After timing each rod
    on Ryu's space offers to strike: the Dive rod strikes (2 damage, back to hand), the
    Sweep rod passes and stays on the arena."""
    d = rachel(dict(space=4, hand=["assault"], rods=[("dive", 5), ("sweep", 5)]),
               dict(space=5, hand=["block"]))
    assert d.area(P1, "lightning_rods") == ["Dive", "Sweep"]
    d.strike("assault", "block")
    assert d.life(P2) == 28
    d.choose("strike")
    d.choose("pass")
    assert d.life(P2) == 26
    assert "Dive" in d.zone(P1, Zone.HAND)
    assert rods(d) == {"Sweep": 5}
    assert [e.card for e in d.events(ev.LightningRodStruck)] == [d.ref(P1, "dive")]
    assert card_conservation(d.state) == []


def test_lightning_rod_not_under_opponent_does_nothing() -> None:
    """A rod on a space Ryu is not on offers nothing."""
    d = rachel(dict(space=4, hand=["assault"], rods=[("dive", 6)]),
               dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert d.life(P2) == 28 and rods(d) == {"Dive": 6}
    assert not isinstance(d.pending, ChoiceRequest)


def _dahlia_with_a_rod_under_ryu() -> Driver:
    """Rachel (2) with Tempest Dahlia and a Dive rod on 5, Ryu on 5 with Block: the
    Dahlia hits (5 - 2 = 3); her after triggers are the Dahlia's push/close choice and
    the rod, in the order she chooses."""
    d = rachel(dict(space=2, hand=["tempestdahlia"], gauge=["grasp", "cross", "dive"],
                    rods=[("spike", 5)]),
               dict(space=5, hand=["block"]))
    d.printed_order = False
    d.strike("tempestdahlia", "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 27
    return d


def test_a_lightning_rod_is_an_after_trigger_ordered_with_the_attacks() -> None:
    """A lightning rod is one of Rachel's after triggers (reference effects.md,
    place_lightningrod: "each of your After timings offers: if the opponent stands on a
    rod's space, return that rod card to hand and deal 2 nonlethal damage"; core
    rulebook, Trigger Effects: "you choose the order to activate each trigger"; the
    reference client orders "After - lily, rod, rod"). The rod first: Ryu on its space
    takes 2 (25), then the Dahlia pushes him 2 (7) and she closes 2 (4). The engine
    struck rods only after all her after effects, so the push always came first."""
    d = _dahlia_with_a_rod_under_ryu()
    request = d.expect(EffectOrderRequest, P1)
    assert [e.tags for e in request.effects] == [("choice",), ("lightning_rod_strike",)]
    assert request.effects[1].text == "Spike: After: Lightning rod strike"
    d.act(OrderEffects(order=(1, 0)))
    d.choose("strike")
    assert d.life(P2) == 25 and "Spike" in d.zone(P1, Zone.HAND) and rods(d) == {}
    d.act(_choice_index(d.expect(ChoiceRequest, P1), "push 2"))
    assert d.space(P2) == 7 and d.space(P1) == 4


def test_a_push_before_the_rod_takes_the_opponent_off_it() -> None:
    """The same, the Dahlia's push first: Ryu leaves the rod's space (5 -> 7), so the rod
    offers nothing and stays on 5 (27)."""
    d = _dahlia_with_a_rod_under_ryu()
    d.act(OrderEffects(order=(0, 1)))
    d.act(_choice_index(d.expect(ChoiceRequest, P1), "push 2"))
    assert d.space(P2) == 7 and d.life(P2) == 27
    assert rods(d) == {"Spike": 5}
    assert not isinstance(d.pending, ChoiceRequest)


def test_two_rods_alone_ask_no_order() -> None:
    """Two rods are identical triggers: their order cannot matter, so with no other
    after effect Rachel is not asked to order them (Assault has none)."""
    d = rachel(dict(space=4, hand=["assault"], rods=[("dive", 5), ("sweep", 5)]),
               dict(space=5, hand=["block"]))
    d.printed_order = False
    d.strike("assault", "block")
    assert isinstance(d.pending, ChoiceRequest)  # the first rod's offer, no order asked
    assert d.ordered == []
