"""Our turn actions against the reference client's implementation of them
(``scenes/game/local_game.gd`` at 278d3c91, offsets 480,000 to the end: ``can_do_*``,
``do_move``, ``do_change``, ``do_exceed``, ``do_boost``, ``do_strike``,
``do_pay_strike_cost``, ``do_reshuffle``, ``check_hand_size_advance_turn``): situations
where the client's code states a rule our rule tests did not pin yet, each checked
against the rulebooks."""

from __future__ import annotations

from conftest import P1, P2, Driver, deck_cards, position, versus

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChangeCards,
    MoveTo,
    PayForceRequest,
    SetAttack,
    SetAttackRequest,
    Strike,
    WildSwing,
)
from engine.core.ids import Zone


def _moves(d: Driver) -> list[int]:
    request = d.expect(ActionRequest)
    return [c.space for c in request.choices if isinstance(c, MoveTo)]


def test_change_cards_force_is_discarded_before_the_draws_so_a_reshuffle_takes_it_in() -> None:
    """Core rulebook, Actions: "Change Cards: Spend 1 or more Force to draw cards. Spend
    all Force before drawing any cards." and Out of Cards: "If you attempt to draw ...
    from an empty deck, reshuffle your discard pile to form a new deck. Then, perform the
    draw". The client's ``do_change`` (offset ~505,700) discards the cards
    (``performing_player.discard(card_ids, 0, true)``) before ``draw(force_generated)``.
    Ryu has 1 card in his deck and Changes 3 cards: he draws Dive, the deck is empty, the
    reshuffle takes in the 3 cards he just spent, and he draws 2 of them."""
    ryu = deck_cards("ryu", "grasp", "cross", "spike", "dive")
    d = position(p1=dict(hand=["grasp", "cross", "spike"], gauge=ryu))
    assert d.zone(P1, Zone.DECK) == ["Dive"] and d.zone(P1, Zone.DISCARD) == []
    d.act(ChangeCards())
    d.pay("grasp", "cross", "spike")
    [reshuffled] = d.events(ev.DeckReshuffled)
    assert not reshuffled.manual
    assert sorted(d.names(reshuffled.order)) == ["Cross", "Grasp", "Spike"]
    # 3 draws for the force (Dive, then 2 of the reshuffled), 1 at the end of the turn
    hand = d.zone(P1, Zone.HAND)
    assert hand[0] == "Dive" and sorted(hand) == ["Cross", "Dive", "Grasp", "Spike"]
    assert d.zone(P1, Zone.DECK) == [] and d.zone(P1, Zone.DISCARD) == []
    assert d.events(ev.GameEnded) == []


def test_under_night_move_over_the_opponent_costs_two() -> None:
    """UNI rulebook, Actions: "MOVE: Select an unoccupied space to move to, then pay
    Force to move there. > Pay 1 Force per unoccupied space to move. > Pay 2 Force to
    move over the opponent." (BlazBlue rulebook, the same words.) The client charges
    every season alike (``get_force_to_move_to``: the distance, the crossing included),
    and so do we: Hyde on 3 with Linne on 4 pays 2 to reach 5 (over her), 1 to reach 2,
    and with only 1 Force cannot cross."""
    d = versus(("hyde", "linne"), dict(space=3, hand=["grasp", "cross"]), dict(space=4))
    assert _moves(d) == [1, 2, 5]
    d.act(MoveTo(space=5))
    assert d.expect(PayForceRequest, P1).amount == 2
    d.pay("grasp", "cross")
    assert d.space(P1) == 5 and d.space(P2) == 4
    d = versus(("hyde", "linne"), dict(space=3, hand=["grasp"]), dict(space=4))
    assert _moves(d) == [2]


def test_strike_is_always_legal_an_empty_hand_wild_swings() -> None:
    """Core rulebook, Actions: "Strike: Set a card face-down." and Wild Swing: set the top
    card of the deck instead. The client's ``can_do_strike`` (offset ~494,300): "Can
    always wild swing!" Ryu, with no card in hand or gauge, may still Strike, and his
    only way to set is a wild swing (top card Sweep)."""
    d = position(p1=dict(hand=[], deck=["sweep", "grasp"]), p2=dict(hand=["block"]))
    assert Strike() in d.expect(ActionRequest, P1).choices
    d.act(Strike())
    assert d.zone(P1, Zone.DECK)[0] == "Grasp"  # the one way to set was taken for him
    swings = [e for e in d.events(ev.AttackSet) if e.player == P1]
    assert [(d.names(e.cards), e.wild) for e in swings] == [(["Sweep"], True)]


def test_no_ex_pair_joins_a_boost_area_copy_to_a_hand_copy() -> None:
    """Core rulebook, Resolving Strikes: "An EX Attack is formed by playing two cards
    with the same name from your hand face-down." The client's ``do_strike`` (offset
    ~515,500) refuses an EX from the boost area ("Tried to EX strike from boost area").
    Wagner, with Hitze Falke (must_set_from_boost) in her boosts and a second copy in
    hand, is offered the boost copy alone and the hand copy alone, never the two as one
    EX attack."""
    d = versus(("wagner", "ryu"),
               dict(space=4, boosts=["hitzefalke"], hand=["hitzefalke", "grasp"],
                    gauge=["cross", "dive"]),
               dict(space=7, hand=["block"]))
    d.act(Strike())
    request = d.expect(SetAttackRequest, P1)
    in_play = d.ref(P1, "hitzefalke", Zone.BOOSTS)
    in_hand = d.ref(P1, "hitzefalke")
    sets = [c.cards for c in request.choices if isinstance(c, SetAttack)]
    assert (in_play,) in sets and (in_hand,) in sets
    assert all(len(cards) == 1 for cards in sets if in_play in cards)
    assert WildSwing() in request.choices
