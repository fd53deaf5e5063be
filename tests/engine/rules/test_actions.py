"""Core rulebook "Actions" and "Hand Size" (SF rulebook "Action Breakdown"): the seven
actions, character actions, bonus actions and the end of a turn."""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, kinds, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChangeCards,
    CharacterAction,
    ChoiceRequest,
    Discard,
    DiscardRequest,
    Exceed,
    MoveTo,
    PayForceRequest,
    PayGaugeRequest,
    Prepare,
    Reshuffle,
    Strike,
)
from engine.core.ids import Zone


def _moves(d: Driver) -> list[int]:
    request = d.expect(ActionRequest)
    return [c.space for c in request.choices if isinstance(c, MoveTo)]


# --- Prepare ---------------------------------------------------------------------------


def test_prepare_draws_one_plus_the_end_of_turn_draw() -> None:
    """SF rulebook, "Prepare": draw a card; with the end-of-turn draw that is 2 cards."""
    d = position(p1=dict(hand=["grasp"], deck=["cross", "dive", "spike"]))
    d.act(Prepare())
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross", "Dive"]
    assert d.zone(P1, Zone.DECK)[0] == "Spike"
    assert kinds(d.log, ev.ActionTaken, ev.CardMoved, ev.TurnEnded) == [
        "ActionTaken", "CardMoved", "CardMoved", "TurnEnded"]
    assert d.events(ev.TurnEnded)[0].next_player == P2
    assert d.expect(ActionRequest).player == P2


# --- Move ------------------------------------------------------------------------------


def test_move_costs_one_force_per_space() -> None:
    """Core rulebook, "Move": pay 1 Force per space; destinations you cannot afford are
    not offered, and neither is the opponent's space."""
    d = position(p1=dict(space=3, hand=["grasp", "cross", "dive"]), p2=dict(space=7))
    assert _moves(d) == [1, 2, 4, 5, 6]  # 8 would cost 5 (4 spaces + crossing)
    d.act(MoveTo(space=5))
    request = d.expect(PayForceRequest, P1)
    assert request.amount == 2
    d.pay("grasp", "cross")
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross"]
    assert d.events(ev.PlayerMoved)[0].dst == 5


def test_move_across_the_opponent_costs_one_extra() -> None:
    """Core rulebook, "Move": never count the opponent's space, and pay 1 extra Force to
    move over the opponent: from 3 over an opponent on 4 to 5 costs 2."""
    d = position(p1=dict(space=3, hand=["grasp", "cross"]), p2=dict(space=4))
    assert 4 not in _moves(d)
    d.act(MoveTo(space=5))
    assert d.expect(PayForceRequest).amount == 2
    d.pay("grasp", "cross")
    assert d.space(P1) == 5 and d.space(P2) == 4


def test_move_across_not_offered_without_the_extra_force() -> None:
    """Core rulebook, "Move": with 1 Force a player cornered by the opponent cannot move
    at all: the only way out crosses the opponent (2 Force)."""
    d = position(p1=dict(space=1, hand=["grasp"]), p2=dict(space=2))
    assert _moves(d) == []
    d = position(p1=dict(space=1, hand=["grasp", "cross"]), p2=dict(space=2))
    assert _moves(d) == [3]


def test_move_cannot_end_on_the_opponent() -> None:
    """SF rulebook, "Move": you can never be in the same space as the opponent."""
    d = position(p1=dict(space=3, hand=["grasp"] * 2 + ["cross"] * 2), p2=dict(space=5))
    assert 5 not in _moves(d)
    assert _moves(d) == [1, 2, 4, 6, 7]


# --- Change Cards -------------------------------------------------------------------------


def test_change_cards_draws_one_per_force_ultra_gives_two() -> None:
    """Core rulebook, "Change Cards" and "Force": spend Force to draw cards, all Force
    before drawing; an Ultra gives 2 Force, so 2 cards."""
    d = position(p1=dict(hand=["metsuhadoken", "grasp", "focus"],
                         deck=["cross", "dive", "spike", "sweep", "block"]))
    d.act(ChangeCards())
    request = d.expect(PayForceRequest, P1)
    assert request.amount is None
    d.pay("metsuhadoken", "grasp")
    # 3 cards for the force, then 1 at the end of the turn.
    assert d.zone(P1, Zone.HAND) == ["Focus", "Cross", "Dive", "Spike", "Sweep"]
    assert d.zone(P1, Zone.DISCARD) == ["Metsu Hadoken", "Grasp"]
    reasons = [e.reason for e in d.events(ev.CardMoved)]
    assert reasons == [ev.MoveReason.FORCE] * 2 + [ev.MoveReason.DRAW] * 4


def test_change_cards_can_spend_gauge() -> None:
    """SF rulebook, "Change Cards": you can spend Gauge too."""
    d = position(p1=dict(hand=[], gauge=["dive"], deck=["cross", "spike"]))
    d.act(ChangeCards())
    d.pay("dive")
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.HAND) == ["Cross", "Spike"]


def test_change_cards_not_offered_without_force() -> None:
    """Core rulebook, "Change Cards": spend 1 or more Force, so no cards, no action."""
    d = position(p1=dict(hand=[]))
    assert ChangeCards() not in d.expect(ActionRequest).choices


# --- Exceed ------------------------------------------------------------------------------


def test_exceed_pays_gauge_and_runs_kens_on_exceed() -> None:
    """Core rulebook, "Exceed": pay the Gauge cost printed on the character card and
    flip it. Ken (cost 3) then draws 1 and may close 1 or 2."""
    d = position(p1=dict(space=3), active=P2,
                 p2=dict(space=7, hand=["grasp"], gauge=["cross", "dive", "spike"],
                         deck=["sweep", "focus"]))
    d.act(Exceed())
    request = d.expect(PayGaugeRequest, P2)
    assert request.amount == 3 and not request.optional
    d.pay("cross", "dive", "spike")
    assert d.p(P2).exceeded
    assert d.zone(P2, Zone.DISCARD) == ["Cross", "Dive", "Spike"]
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Sweep"]
    assert d.expect(ChoiceRequest, P2).labels == ("close 1", "close 2", "pass")
    d.choose("close 2")
    assert d.space(P2) == 5
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Sweep", "Focus"]  # end-of-turn draw
    assert d.expect(ActionRequest).player == P1


def test_exceed_not_offered_without_enough_gauge_or_twice() -> None:
    """Core rulebook, "Exceed": the Gauge cost must be paid (Ryu: 2); a character
    already in Exceed mode cannot Exceed again."""
    d = position(p1=dict(gauge=["grasp"]))
    assert Exceed() not in d.expect(ActionRequest).choices
    d = position(p1=dict(gauge=["grasp", "cross"]))
    assert Exceed() in d.expect(ActionRequest).choices
    d = position(p1=dict(gauge=["grasp", "cross"], exceeded=True))
    assert Exceed() not in d.expect(ActionRequest).choices


# --- Reshuffle ---------------------------------------------------------------------------


def test_reshuffle_action_shuffles_discard_into_deck() -> None:
    """Core rulebook, "Reshuffle": reshuffle the deck and discard pile into a new deck;
    this is the player's one reshuffle of the game."""
    d = position(p1=dict(hand=[], discard=["grasp", "cross"]))
    d.act(Reshuffle())
    [reshuffled] = d.events(ev.DeckReshuffled)
    assert reshuffled.manual and reshuffled.player == P1
    assert d.zone(P1, Zone.DISCARD) == []
    assert len(d.p(P1).deck) == 29 and len(d.p(P1).hand) == 1
    assert d.p(P1).reshuffled


def test_reshuffle_not_offered_with_empty_discard_or_after_a_reshuffle() -> None:
    """Core rulebook, "Reshuffle": you only get one Reshuffle per game (and there is
    nothing to reshuffle with an empty discard pile)."""
    d = position(p1=dict(discard=[]))
    assert Reshuffle() not in d.expect(ActionRequest).choices
    d = position(p1=dict(discard=["grasp"], reshuffled=True))
    assert Reshuffle() not in d.expect(ActionRequest).choices


# --- Boost -------------------------------------------------------------------------------


def test_continuous_boost_stays_in_play() -> None:
    """Core rulebook, "Continuous Boosts": the boost goes to the Boost Area and stays."""
    d = position(p1=dict(hand=["grasp", "cross"]))
    boost(d, "grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Grasp"]
    assert d.zone(P1, Zone.DISCARD) == []
    assert d.expect(ActionRequest).player == P2


def test_instant_boost_resolves_then_is_discarded() -> None:
    """Core rulebook, "Instant Boosts": resolve its effects immediately, then discard it
    (Cross's Run: advance up to 3)."""
    d = position(p1=dict(space=3, hand=["cross"]), p2=dict(space=7))
    boost(d, "cross")
    assert d.zone(P1, Zone.BOOSTS) == ["Cross"]
    d.choose("advance 3")
    assert d.space(P1) == 6
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


def test_boost_pays_force_not_the_attack_cost() -> None:
    """Core rulebook, "Boosts": pay the Boost's Force cost, not the attack cost (Metsu
    Hadoken's 3 Gauge); the boosted card itself cannot pay; unaffordable boosts are not
    offered."""
    d = position(p1=dict(hand=["metsuhadoken"]))
    boosts = [c for c in d.expect(ActionRequest).choices if type(c).__name__ == "Boost"]
    assert boosts == []
    d = position(p1=dict(hand=["metsuhadoken", "grasp"], gauge=[]))
    boost(d, "metsuhadoken", "grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Metsu Hadoken"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


# --- Strike and the end of turn ------------------------------------------------------------


def test_strike_action_and_no_draw_at_end_of_turn() -> None:
    """Core rulebook, "Strike" and "Cleanup": the striker is the attacker; neither player
    draws at the end of a turn containing a Strike; the defender plays next."""
    d = position(p1=dict(space=3, hand=["grasp", "cross"]), p2=dict(space=4, hand=["dive"]))
    d.strike("grasp", "dive")
    d.choose("push 1")
    assert d.events(ev.StrikeStarted)[0].attacker == P1
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.zone(P2, Zone.HAND) == []
    assert not [e for e in d.events(ev.CardMoved) if e.reason == ev.MoveReason.DRAW]
    assert d.expect(ActionRequest).player == P2


def test_boost_that_strikes_draws_nothing() -> None:
    """SF rulebook, "The basics of gameplay": if you Strike due to a card effect (like a
    Boost), you still do not draw a card (Ken's Hadoken boost, Overpower)."""
    d = position(p1=dict(space=3, hand=["grasp"]), active=P2,
                 p2=dict(space=4, hand=["hadoken", "dive", "cross"]))
    boost(d, "hadoken")
    d.respond(P2, "dive", "grasp")
    d.choose("push 1")
    assert d.zone(P2, Zone.HAND) == ["Cross"]
    # Overpower leaves play at cleanup, then the missed Dive is discarded.
    assert d.zone(P2, Zone.DISCARD) == ["Hadoken", "Dive"]
    assert d.expect(ActionRequest).player == P1


def test_hand_limit_discards_down_to_seven_at_end_of_turn() -> None:
    """Core rulebook, "Hand Size": with more than 7 cards at the end of the turn,
    discard down to 7."""
    hand = ["grasp", "cross", "dive", "spike", "sweep", "focus", "block"]
    d = position(p1=dict(hand=hand, deck=["assault", "hadoken"]))
    d.act(Prepare())
    request = d.expect(DiscardRequest, P1)
    assert request.count == 2 and len(request.candidates) == 9
    d.act(Discard(cards=(d.ref(P1, "assault"), d.ref(P1, "block"))))
    assert len(d.p(P1).hand) == 7
    assert d.zone(P1, Zone.DISCARD) == ["Assault", "Block"]
    assert d.events(ev.CardMoved)[-1].reason == ev.MoveReason.HAND_LIMIT
    assert d.expect(ActionRequest).player == P2


def test_no_hand_limit_check_after_a_strike() -> None:
    """SF rulebook, "Starting Draw": if you Strike, you do not draw or discard at end
    of turn."""
    hand = ["grasp", "cross", "dive", "spike", "sweep", "focus", "block", "assault", "hadoken"]
    d = position(p1=dict(space=3, hand=hand), p2=dict(space=4, hand=["cross"]))
    d.strike("grasp", "cross")
    d.choose("push 1")
    assert len(d.p(P1).hand) == 8
    assert d.expect(ActionRequest).player == P2


# --- character and bonus actions --------------------------------------------------------


def test_ryu_character_action_advance_or_retreat_1() -> None:
    """SF rulebook, "The basics of gameplay": effects can give new actions ("As an
    action..."): Ryu advances or retreats 1, then draws at end of turn."""
    d = position(p1=dict(space=3, hand=[], deck=["grasp"]), p2=dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
    d = position(p1=dict(space=3), p2=dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("retreat 1")
    assert d.space(P1) == 2


def test_ken_character_action_close_1_and_draw_1() -> None:
    """SF rulebook, "The basics of gameplay" ("As an action"): Ken closes 1 and draws 1,
    plus the end-of-turn draw."""
    d = position(p1=dict(space=3), active=P2,
                 p2=dict(space=7, hand=[], deck=["grasp", "cross"]))
    assert CharacterAction(index=0) in d.expect(ActionRequest).choices
    d.act(CharacterAction(index=0))
    assert d.space(P2) == 6
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Cross"]
    assert d.expect(ActionRequest).player == P1


def test_exceeded_character_actions() -> None:
    """Core rulebook, "Character Cards" (the Exceed side's ability replaces the starting
    side): exceeded Ken closes 1, draws 1, then may strike; exceeded Ryu steps and
    draws."""
    d = position(p1=dict(space=3, hand=["block"]), active=P2,
                 p2=dict(space=7, hand=["hadoken"], deck=["grasp", "cross"], exceeded=True))
    d.act(CharacterAction(index=0))
    assert d.space(P2) == 6
    assert d.zone(P2, Zone.HAND) == ["Hadoken", "Grasp"]
    assert d.expect(ChoiceRequest, P2).labels == ("strike", "pass")
    d.choose("strike")
    d.respond(P2, "hadoken", "block")
    d.choose("pass")
    assert d.life(P1) == 28
    assert d.zone(P2, Zone.HAND) == ["Grasp"]  # no end-of-turn draw after the strike
    assert d.expect(ActionRequest).player == P1
    d = position(p1=dict(space=3, hand=[], deck=["grasp", "cross"], exceeded=True))
    d.act(CharacterAction(index=0))
    d.choose("retreat 1")
    assert d.space(P1) == 2
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross"]


def test_bonus_action_from_quick_step() -> None:
    """Core rulebook, "Boosts" (an effect giving an action): One Inch Punch's Quick Step
    moves 1 and lets Ryu take another action before the end-of-turn draw."""
    d = position(p1=dict(space=3, hand=["oneinchpunch"], deck=["grasp", "cross"]),
                 p2=dict(space=7))
    boost(d, "oneinchpunch")
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.DISCARD) == ["One Inch Punch"]
    assert len(d.events(ev.BonusActionGranted)) == 1
    assert d.expect(ActionRequest).player == P1
    d.act(Prepare())
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross"]
    assert len(d.events(ev.TurnEnded)) == 1
    assert d.expect(ActionRequest).player == P2


def test_bonus_action_can_strike() -> None:
    """Core rulebook, "Boosts": the bonus action may be a Strike; no end-of-turn draw."""
    d = position(p1=dict(space=3, hand=["oneinchpunch", "grasp"], deck=["cross"]),
                 p2=dict(space=5, hand=["dive"]))
    boost(d, "oneinchpunch")
    d.choose("advance 1")
    assert Strike() in d.expect(ActionRequest, P1).choices
    d.strike("grasp", "dive")
    d.choose("push 1")
    assert d.zone(P1, Zone.HAND) == []
    assert d.expect(ActionRequest).player == P2
