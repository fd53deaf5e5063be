"""Carmine: situations of the reference client's ``test/unit/test_carmine.gd`` that our
Carmine tests (``test_carmine.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Carmine" (Dissolve, the boost of his three ultras: "before: [if
boost_space_in_range_towards_opponent] rangeup 0/1 + powerup 2 +
add_boost_to_gauge_on_strike_cleanup; cleanup: [if not_stunned] sustain_this"), and the
``uni`` normals. As in the client's tests, P2 is Carmine too.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import EffectOrderRequest, OrderEffects
from engine.core.ids import Zone

CHARS = ("carmine", "carmine")


def test_carmine_dissolve_counts_after_assaults_close() -> None:
    """A Dissolve on 6, Carmine on 3, P2 on 7 (client: ``test_carmine_dissolve_basic``):
    Assault closes 2 (3 -> 5) before the Dissolve is checked; now 1 away towards P2, it
    gives range 1-2 and +2: 6 damage stuns Dive; the Dissolve goes to gauge."""
    d = position(p1=dict(space=3, hand=["assault"], boosts=["twist"], traps={"twist": 6}),
                 p2=dict(space=7, hand=["dive"]), chars=CHARS)
    d.strike("assault", "dive")
    assert (d.space(P1), d.space(P2)) == (5, 7)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert "Twist!" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_carmine_dissolve_on_the_opponents_space_out_of_range() -> None:
    """A Dissolve on P2's space 7 (client: ``test_carmine_dissolve_out_of_range``): after
    the close (3 -> 5) it is 2 away, beyond Assault's range 1: no bonus, Assault misses;
    Dive advances past him (7 -> 3) and misses too; the Dissolve stays."""
    d = position(p1=dict(space=3, hand=["assault"], boosts=["bedevoured"],
                         traps={"bedevoured": 7}),
                 p2=dict(space=7, hand=["dive"]), chars=CHARS)
    d.strike("assault", "dive")
    assert (d.space(P1), d.space(P2)) == (5, 3)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.BOOSTS) == ["Hahahaha! Be Devoured!"]


def test_carmine_dissolve_on_his_own_space_gives_nothing_and_leaves_when_stunned() -> None:
    """A Dissolve on Carmine's own space 3 is not towards the opponent (client:
    ``test_carmine_dissolve_out_of_range_same_space``): Grasp misses at 2; Assault
    closes to 4 and stuns him (4); the Dissolve is not sustained."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["twist"], traps={"twist": 3}),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    d.strike("grasp", "assault")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Twist!" in d.zone(P1, Zone.DISCARD)


def test_carmine_two_dissolves_chain_their_range_in_the_order_he_chooses() -> None:
    """Dissolves on 5 and 6, Carmine on 4, P2 on 7 (client:
    ``test_carmine_dissolve_chained``). Their identical "before: [if
    boost_space_in_range_towards_opponent] ..." effects read each card's own space, so
    their order matters and Carmine chooses it (core rulebook: "If you have multiple
    effects with the same trigger, you choose the order"). The one on 5 first: in
    Grasp's range 1, it gives 1-2 and +2, which brings the one on 6 in range (1-3, +2
    more): 3 + 4 = 7 hits P2 at 3 and pushes 2 (7 -> 9); both go to gauge. The engine
    did not ask (identical effects counted as one) and resolved the one on 6 first,
    which failed, and Grasp missed."""
    d = position(p1=dict(space=4, hand=["grasp"], boosts=["bedevoured", "thisistheend"],
                         traps={"bedevoured": 6, "thisistheend": 5}),
                 p2=dict(space=7, hand=["dive"]), chars=CHARS)
    d.printed_order = False
    d.strike("grasp", "dive")
    request = d.expect(EffectOrderRequest, P1)
    on_5 = d.ref(P1, "thisistheend", Zone.BOOSTS)
    first = [e.card for e in request.effects].index(on_5)
    d.act(OrderEffects(order=(first, 1 - first)))
    d.choose("push 2")
    assert (d.space(P1), d.space(P2)) == (4, 9)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.zone(P1, Zone.BOOSTS) == []
    gauge = d.zone(P1, Zone.GAUGE)
    assert "Hahahaha! Be Devoured!" in gauge and "You Shit! This is the END!" in gauge


def test_carmine_two_dissolves_far_one_first_gives_one_bonus() -> None:
    """The same two Dissolves, the one on 6 resolved first: it is out of Grasp's range
    1 when checked, so only the one on 5 gives its bonus (1-2, +2); Grasp misses P2 at
    3, and Dive (advancing 7 -> 3 past him) stuns him; the one on 5 went to gauge."""
    d = position(p1=dict(space=4, hand=["grasp"], boosts=["bedevoured", "thisistheend"],
                         traps={"bedevoured": 6, "thisistheend": 5}),
                 p2=dict(space=7, hand=["dive"]), chars=CHARS)
    d.printed_order = False
    d.strike("grasp", "dive")
    request = d.expect(EffectOrderRequest, P1)
    on_6 = d.ref(P1, "bedevoured", Zone.BOOSTS)
    first = [e.card for e in request.effects].index(on_6)
    d.act(OrderEffects(order=(first, 1 - first)))
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert "You Shit! This is the END!" in d.zone(P1, Zone.GAUGE)
