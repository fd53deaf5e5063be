"""Exceeded Nine's cleanup force after Navy Pressure put her attack back on her deck.

Her exceed ability (roster.md, Nine the Phantom: ``cleanup: force_for_effect
{overall_effect=(seal_attack_on_cleanup), force_max=1}``) buys the sealing of her attack
at cleanup. Navy Pressure's ``after: [if hit_opponent] choice <return_attack_to_top_of_deck
+ add_top_discard_to_gauge | pass>`` can take the attack out of the strike first (to the
top of her deck): then there is no attack left to seal, and the force would buy nothing,
so it is not asked (effects.md, ``force_for_effect``: force is spent "to run" the
effect; a payment that cannot buy it is not offered, as the rulebook's "You may not
over-spend" does for movement). With the attack kept (``pass``) it is asked as before.
Nine is P1 and Ryu P2, as in tests/engine/cards/test_nine.py.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, position

from engine.core.decisions import ActionRequest
from engine.core.ids import Zone


def _exceeded_nine_strikes_navy_pressure() -> Driver:
    """Exceeded Nine on 3 (her overdrive: Cross and Focus), Navy Pressure against Ryu's
    Block on 7; she pays Grasp, Ryu spends nothing on the armor: 4 damage."""
    p1: dict[str, Any] = dict(space=3, exceeded=True, overdrive=["cross", "focus"],
                              hand=["navypressure", "grasp", "dive"])
    d = position(p1=p1, p2=dict(space=7, hand=["block", "cross", "dive"]),
                 chars=("nine", "ryu"), active=P1)
    d.select(P1, "cross")  # her overdrive step: Cross from the overdrive to discard
    d.choose("pass")  # and no seal from it
    d.strike("navypressure", "block")
    d.pay("grasp")
    d.decline()  # Ryu spends no force on Block's armor: 6 - 2
    assert d.life(P2) == 26
    return d


def test_attack_returned_to_deck_no_force_asked_to_seal_it() -> None:
    """Navy Pressure hits and goes back on top of her deck: the strike ends without the
    1-force question (before: she was asked, and paying Dive sealed nothing); the turn
    passes to Ryu, her Dive still in hand."""
    d = _exceeded_nine_strikes_navy_pressure()
    d.choose("return attack to top of deck")
    request = d.expect(ActionRequest)
    assert request.player is P2
    assert d.zone(P1, Zone.DECK)[0] == "Navy Pressure"
    assert d.zone(P1, Zone.SEALED).count("Navy Pressure") == 1  # her gem only
    assert d.zone(P1, Zone.HAND) == ["Dive"]


def test_attack_kept_the_force_is_asked_and_seals_it() -> None:
    """With ``pass`` the attack stays in the strike: the 1 force is asked, Dive pays
    it, and Navy Pressure is sealed; her ``on_seal: return_sealed_with_same_speed``
    hands back the sealed card of speed 1, her Navy Pressure gem: one Navy Pressure
    sealed, one in hand."""
    d = _exceeded_nine_strikes_navy_pressure()
    d.choose("pass")
    d.pay("dive")
    assert d.zone(P1, Zone.SEALED).count("Navy Pressure") == 1
    assert d.zone(P1, Zone.HAND) == ["Navy Pressure"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross", "Grasp", "Dive"]
    assert d.expect(ActionRequest).player is P2
