"""Carmine: situations of the reference client's ``test/unit/test_carmine.gd`` that our
Carmine tests (``test_carmine.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Carmine" (Dissolve, the boost of his three ultras: "before: [if
boost_space_in_range_towards_opponent] rangeup 0/1 + powerup 2 +
add_boost_to_gauge_on_strike_cleanup; cleanup: [if not_stunned] sustain_this"), and the
``uni`` normals. As in the client's tests, P2 is Carmine too.
"""

from __future__ import annotations

from conftest import P1, P2, Driver, offered, position

from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    EffectOrderRequest,
    MoveTo,
    OrderEffects,
    SpaceRequest,
)
from engine.core.ids import Zone
from engine.mechanics.buddies.state import buddy_spaces

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


def _thrust_ordered(d: Driver, first: list[int]) -> None:
    """Answer the order of Thrust!'s and the Dissolves' before effects: the cards in
    ``first`` in that order, then the rest as listed."""
    request = d.expect(EffectOrderRequest, P1)
    cards = [e.card for e in request.effects]
    order = [cards.index(c) for c in first]
    d.act(OrderEffects(order=(*order, *(i for i in range(len(cards)) if i not in order))))


def test_carmine_thrust_passing_on_the_dissolve_misses() -> None:
    """Client ``test_carmine_thrust_no_dissolve``: Carmine on 3, a Dissolve on 5, P2 on
    7. Thrust! (range 0-1) passes on measuring from the Dissolve: from Carmine it misses
    (distance 4), and the Dissolve, 2 away, is out of range: it stays on 5."""
    d = position(p1=dict(space=3, hand=["thrust"], boosts=["twist"], traps={"twist": 5}),
                 p2=dict(space=7, hand=["grasp"]), chars=CHARS)
    d.strike("thrust", "grasp")
    d.choose("pass")
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.BOOSTS) == ["Twist!"]
    assert buddy_spaces(d.game.table, P1, "Dissolve") == [5]


def test_carmine_thrust_measured_from_a_dissolve_keeps_its_origin() -> None:
    """Client ``test_carmine_thrust_use_dissolve``: the same, Thrust! measured from the
    Dissolve on 5 (core rulebook, FAQ: an attack from another source has its range
    measured from that source, its point of origin). The Dissolve lies at range 0 of
    that origin, towards P2: +0/1 range and +2 power, and it goes to the gauge at once;
    the origin stays on 5, so Thrust (range 0-2) reaches P2 on 7: 3 + 2 = 5 (25). The
    engine measured the Dissolve's range from Carmine and lost the origin when it left
    play: Thrust missed."""
    d = position(p1=dict(space=3, hand=["thrust"], boosts=["twist"], traps={"twist": 5}),
                 p2=dict(space=7, hand=["grasp"]), chars=CHARS)
    d.strike("thrust", "grasp")
    d.choose("measure")
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Twist!" in d.zone(P1, Zone.GAUGE)


def test_carmine_thrust_chains_two_dissolves_towards_the_opponent() -> None:
    """Client ``test_carmine_thrust_dissolve_towards_opponent``: Carmine on 2, P2 on 8,
    Dissolves on 5 and 7. Thrust! first, measured from the one on 5; that one (range 0)
    gives 0-2 and +2, which brings the one on 7 in range (2): 0-3 and +2 more; P2 on 8
    is 3 from the origin: 3 + 4 = 7 (23); both Dissolves go to the gauge."""
    d = position(p1=dict(space=2, hand=["thrust"], boosts=["twist", "bedevoured"],
                         traps={"twist": 5, "bedevoured": 7}),
                 p2=dict(space=8, hand=["grasp"]), chars=CHARS)
    d.printed_order = False
    d.strike("thrust", "grasp")
    on_5, on_7 = d.ref(P1, "twist", Zone.BOOSTS), d.ref(P1, "bedevoured", Zone.BOOSTS)
    thrust = d.side(P1).card
    assert thrust is not None
    _thrust_ordered(d, [thrust, on_5, on_7])
    d.choose("measure")
    d.move_to(P1, 5)
    assert (d.space(P1), d.space(P2)) == (2, 8)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.zone(P1, Zone.BOOSTS) == []
    gauge = d.zone(P1, Zone.GAUGE)
    assert "Twist!" in gauge and "Hahahaha! Be Devoured!" in gauge


def test_carmine_thrust_dissolve_behind_the_origin_gives_nothing() -> None:
    """Client ``test_carmine_thrust_dissolve_not_towards_opponent``: Dissolves on 5 and
    3, Carmine on 2, P2 on 8. Measured from the one on 5, it gives 0-2 and +2 and goes
    to the gauge; the one on 3 is behind that origin, away from P2: no bonus, it stays.
    From 5, range 0-2 does not reach 8: Thrust misses."""
    d = position(p1=dict(space=2, hand=["thrust"], boosts=["twist", "bedevoured"],
                         traps={"twist": 5, "bedevoured": 3}),
                 p2=dict(space=8, hand=["grasp"]), chars=CHARS)
    d.printed_order = False
    d.strike("thrust", "grasp")
    on_5, on_3 = d.ref(P1, "twist", Zone.BOOSTS), d.ref(P1, "bedevoured", Zone.BOOSTS)
    thrust = d.side(P1).card
    assert thrust is not None
    _thrust_ordered(d, [thrust, on_5, on_3])
    d.choose("measure")
    d.move_to(P1, 5)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.BOOSTS) == ["Hahahaha! Be Devoured!"]
    assert buddy_spaces(d.game.table, P1, "Dissolve") == [3]
    assert "Twist!" in d.zone(P1, Zone.GAUGE)


def test_carmine_dissolve_before_thrust_measures_from_carmine() -> None:
    """The order is Carmine's (core rulebook: "you choose the order"): the Dissolve on 5
    resolved before Thrust! chooses its origin is checked from Carmine on 3 (2 away,
    beyond range 0-1): no bonus; Thrust then measures from it and hits P2 on 6 at range
    1 for 3 (27); the Dissolve stays in play."""
    d = position(p1=dict(space=3, hand=["thrust"], boosts=["twist"], traps={"twist": 5}),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    d.printed_order = False
    d.strike("thrust", "grasp")
    _thrust_ordered(d, [d.ref(P1, "twist", Zone.BOOSTS)])
    d.choose("measure")
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.zone(P1, Zone.BOOSTS) == ["Twist!"]


def test_carmine_thrust_from_a_dissolve_on_the_opponents_space_counts_either_side() -> None:
    """From an origin on the opponent's space nothing lies behind it (the reference
    client's condition rules out only a boost on the far side of the origin from the
    opponent): Carmine on 2, P2 on 6, Dissolves on 6 and 7. Thrust! measured from the
    one on 6: it (range 0) gives 0-2 and +2, the one on 7, past P2 and 1 from the
    origin, 0-3 and +2 more: P2 at range 0 takes 3 + 4 = 7 (23)."""
    d = position(p1=dict(space=2, hand=["thrust"], boosts=["twist", "bedevoured"],
                         traps={"twist": 6, "bedevoured": 7}),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    d.printed_order = False
    d.strike("thrust", "grasp")
    on_6, on_7 = d.ref(P1, "twist", Zone.BOOSTS), d.ref(P1, "bedevoured", Zone.BOOSTS)
    thrust = d.side(P1).card
    assert thrust is not None
    _thrust_ordered(d, [thrust, on_6, on_7])
    d.choose("measure")
    d.move_to(P1, 6)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_carmine_spin_moves_as_far_as_the_dissolve_extended_range() -> None:
    """Spin! (range 1-4; "after: move_to_any_space {move_in_attack_range, advance_only}
    + [if advanced_through] gain_advantage") with a Dissolve on 5, between Carmine (3)
    and P2 (6) (client: ``test_carmine_spin_bonus_range``): Grasp misses at range 3;
    the Dissolve gives +0/1 range and +2 power, so Spin hits for 6 and stuns Grasp; the
    spaces offered then follow the extended range 1-5: 3 (stay), 4, 5, 7 and 8 (not 9,
    6 away). He lands on 8, past P2, and gains the advantage."""
    d = position(p1=dict(space=3, hand=["spin"], boosts=["twist"], traps={"twist": 5}),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    d.strike("spin", "grasp")
    request = d.expect(SpaceRequest, P1)
    assert sorted(m.space for m in offered(request, MoveTo)) == [3, 4, 5, 7, 8]
    d.move_to(P1, 8)
    assert (d.space(P1), d.space(P2)) == (8, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.expect(ActionRequest).player == P1


def test_carmine_dissolve_behind_him_gives_nothing_and_leaves_when_stunned() -> None:
    """A Dissolve on 2, behind Carmine on 3 (client:
    ``test_carmine_dissolve_out_of_range_behind``): not towards the opponent, so no
    bonus; Grasp misses P2 on 5; Assault closes to 4 and stuns Carmine (4); the
    Dissolve ("cleanup: [if not_stunned] sustain_this") is discarded."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["thisistheend"],
                         traps={"thisistheend": 2}),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    d.strike("grasp", "assault")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "You Shit! This is the END!" in d.zone(P1, Zone.DISCARD)


def test_carmine_action_moves_one_of_two_dissolves_onto_the_other() -> None:
    """Carmine's character action ("[if any_buddy_in_play Dissolve] move_any_boost
    {boost_name=Dissolve, amount 1} + choice <advance 1 | retreat 1>") with Dissolves on
    6 and 5 (client: ``test_carmine_ua_multiple_dissolves``): he picks the one on 6 (by
    its space), moves it 1 onto 5, where the other already is, then advances 1 (3 -> 4).
    Both Dissolves stay in play, on the same space."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["twist", "bedevoured"],
                         traps={"twist": 6, "bedevoured": 5}),
                 p2=dict(space=7, hand=["cross"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    assert sorted(m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)) == [5, 6]
    d.move_to(P1, 6)
    assert sorted(m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)) == [5, 7]
    d.move_to(P1, 5)
    d.choose("advance")
    assert (d.space(P1), d.space(P2)) == (4, 7)
    assert buddy_spaces(d.game.table, P1, "Dissolve") == [5, 5]
    assert sorted(d.zone(P1, Zone.BOOSTS)) == ["Hahahaha! Be Devoured!", "Twist!"]
