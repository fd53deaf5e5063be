"""The scenario builder builds the position each field says, and refuses positions the
rules cannot reach."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, deck_cards, position

from engine import events as ev
from engine.core import invariants
from engine.core.decisions import (
    ActionRequest,
    Decision,
    EditPosition,
    IllegalDecision,
    MoveTo,
    Prepare,
    Request,
    SetAttackRequest,
    forced_decision,
)
from engine.core.ids import Player, Zone
from engine.core.state import Phase
from engine.play.api import Game
from engine.play.edits import Edits
from engine.play.scenario import Scenario
from engine.play.seat_cards import ScenarioError


def test_two_fighters_on_one_space_is_refused() -> None:
    """Core rulebook, Move: "You can never be in the same space as the opponent"."""
    builder = Scenario("ryu", "ken").player(Player.P1, space=5).player(Player.P2, space=5)
    with pytest.raises(ScenarioError, match="two different spaces"):
        builder.build()


def test_a_space_off_the_arena_is_refused() -> None:
    """Core rulebook, Setup: the arena is always 9 spaces."""
    with pytest.raises(ScenarioError, match=r"1\.\.9"):
        Scenario("ryu", "ken").player(Player.P1, space=10).build()


def test_more_copies_than_the_deck_holds_is_refused() -> None:
    with pytest.raises(ScenarioError, match="no more copies"):
        Scenario("ryu", "ken").player(Player.P1, hand=["hadoken"] * 3).build()


def test_more_copies_across_zones_than_the_deck_holds_is_refused() -> None:
    """Ryu's deck holds two Hadoken: one in hand and two in gauge is one too many."""
    with pytest.raises(ScenarioError, match="no more copies of ryu_hadoken"):
        Scenario("ryu", "ken").player(P1, hand=["hadoken"], gauge=["hadoken"] * 2).build()


@pytest.mark.parametrize("life", [0, -3, 31])
def test_a_life_outside_1_to_30_is_refused(life: int) -> None:
    """Core rulebook: each fighter starts at 30 life and loses at 0."""
    with pytest.raises(ScenarioError, match=rf"p2: life must be in 1\.\.30, got {life}"):
        Scenario("ryu", "ken").player(P2, life=life).build()


@pytest.mark.parametrize("field", ["partner_life", "partner_exceeded", "switch_locked_until"])
def test_tag_team_fields_on_a_single_fighter_are_refused(field: str) -> None:
    value: object = {"partner_life": 10, "partner_exceeded": True, "switch_locked_until": 2}[field]
    with pytest.raises(ScenarioError, match=f"p1: {field} is for a Tag Team seat, but ryu"):
        Scenario("ryu", "ken").player(P1, **{field: value}).build()


def test_an_unknown_field_or_a_negative_turn_is_refused() -> None:
    with pytest.raises(ScenarioError, match="unknown seat field 'spaces'"):
        Scenario("ryu", "ken").player(P1, spaces=3)
    with pytest.raises(ScenarioError, match="turn must be 0 or more, got -1"):
        Scenario("ryu", "ken").active(P2, turn=-1)
    with pytest.raises(ScenarioError, match="turn must be at most 998, got 999"):
        Scenario("ryu", "ken").active(P2, turn=999)
    with pytest.raises(ScenarioError, match="switch_locked_until must be 0 or more"):
        Scenario("ryu+ken", "sagat").player(P1, switch_locked_until=-1).build()


# --- every accepted field builds the position it says ---------------------------------


def names(game: Game, refs: list[int]) -> list[str]:
    return [CATALOG.card(game.state.card_defs[ref]).name for ref in refs]


def kinds_offered(game: Game) -> set[str]:
    request = game.pending
    assert isinstance(request, ActionRequest)
    return {type(choice).__name__ for choice in request.choices}


def test_an_empty_scenario_is_the_setup_position_with_p1_to_act() -> None:
    """Core rulebook, Setup: 30 life, fighters on spaces 3 and 7, the deck in deck-list
    order when nothing is placed (no shuffle), turn 1 for the active player."""
    game = Scenario("ryu", "ken").game()
    p1, p2 = game.state.players
    assert (p1.character, p1.life, p1.space, p2.character, p2.life, p2.space) == (
        "ryu", 30, 3, "ken", 30, 7)
    assert [game.state.card_defs[r] for r in p1.deck] == CATALOG.deck_list("ryu")
    assert [game.state.card_defs[r] for r in p2.deck] == CATALOG.deck_list("ken")
    for p in (p1, p2):
        assert p.hand == p.gauge == p.boosts == p.discard == p.sealed == []
        assert (p.exceeded, p.reshuffled, p.partner) == (False, False, None)
    assert (game.state.turn, game.state.active, game.state.strikes) == (1, P1, 0)
    assert game.state.strike is None and game.state.phase is Phase.PLAYING
    assert isinstance(game.pending, ActionRequest) and game.pending.player == P1


def test_every_zone_field_places_the_named_cards() -> None:
    game = (
        Scenario("ryu", "ken")
        .player(P1, space=2, life=17, hand=["hadoken", "focus"], gauge=["grasp", "cross"],
                boosts=["dive"], discard=["spike", "sweep"], sealed=["block"],
                deck=["shoryuken", "assault"])
        .player(P2, space=8, life=5, hand=["kneebash"], gauge=["ken_hadoken"])
        .game()
    )
    p1, p2 = game.state.players
    assert (p1.space, p1.life, p2.space, p2.life) == (2, 17, 8, 5)
    assert names(game, p1.hand) == ["Hadoken", "Focus"]
    assert names(game, p1.gauge) == ["Grasp", "Cross"]
    assert names(game, p1.boosts) == ["Dive"]
    assert names(game, p1.discard) == ["Spike", "Sweep"]  # bottom to top: Sweep on top
    assert names(game, p1.sealed) == ["Block"]
    assert names(game, p1.deck[:3]) == ["Shoryuken", "Assault", "Grasp"]  # then deck-list order
    assert names(game, p2.hand) == ["Knee Bash"] and names(game, p2.gauge) == ["Hadoken"]
    assert [game.state.card_defs[r] for r in p2.gauge] == ["ken_hadoken"]
    for p in (p1, p2):  # card conservation: every card of the 30 is in one zone
        zones = p.deck + p.hand + p.gauge + p.boosts + p.discard + p.sealed
        assert len(zones) == len(set(zones)) == 30
    assert invariants.check(game.state, game.pending) == []


def test_deck_order_is_the_order_of_the_draws() -> None:
    """Prepare draws 1, then the end-of-turn draw takes the next card (core rulebook)."""
    game = Scenario("ryu", "ken").player(P1, hand=["focus"], deck=["shoryuken", "assault"]).game()
    game.step(Prepare())
    assert names(game, game.state.players[P1].hand) == ["Focus", "Shoryuken", "Assault"]
    assert game.state.turn == 2 and game.pending is not None and game.pending.player == P2


def test_active_and_turn_choose_who_acts_and_the_turn_number() -> None:
    game = Scenario("ryu", "ken").active(P2, turn=6).game(seed=3)
    assert (game.state.turn, game.state.active, game.state.first_player) == (7, P2, P2)
    assert isinstance(game.pending, ActionRequest) and game.pending.player == P2


def test_exceeded_removes_the_exceed_action() -> None:
    """Ryu exceeds for gauge; with 4 gauge the action is offered only while not exceeded."""
    gauge = ["spike", "grasp", "cross", "dive"]
    fresh = Scenario("ryu", "ken").player(P1, hand=["focus"], gauge=gauge).game()
    done = Scenario("ryu", "ken").player(P1, hand=["focus"], gauge=gauge, exceeded=True).game()
    assert "Exceed" in kinds_offered(fresh) and not fresh.state.players[P1].exceeded
    assert "Exceed" not in kinds_offered(done) and done.state.players[P1].exceeded


def test_reshuffled_removes_the_manual_reshuffle() -> None:
    """Core rulebook, Reshuffle: once per game, so a player who reshuffled cannot again."""
    fresh = Scenario("ryu", "ken").player(P1, hand=["focus"], discard=["spike"]).game()
    done = Scenario("ryu", "ken").player(P1, hand=["focus"], discard=["spike"],
                                         reshuffled=True).game()
    assert "Reshuffle" in kinds_offered(fresh) and not fresh.state.players[P1].reshuffled
    assert "Reshuffle" not in kinds_offered(done) and done.state.players[P1].reshuffled


def test_deck_rest_shuffled_shuffles_the_rest_by_the_seed() -> None:
    """Issue 13 item 2: ``deck_rest="shuffled"`` keeps the named top and shuffles the 27
    other cards, the same way for the same seed."""
    def deck(seed: int) -> list[int]:
        builder = Scenario("ryu", "ken").player(P1, hand=["focus"],
                                                deck=["shoryuken", "assault"],
                                                deck_rest="shuffled")
        return builder.build(seed).players[P1].deck

    ordered = Scenario("ryu", "ken").player(P1, hand=["focus"],
                                            deck=["shoryuken", "assault"]).build().players[P1].deck
    first, again, other = deck(1), deck(1), deck(2)
    assert first == again and first != other
    assert first[:2] == ordered[:2] == other[:2]  # the named top stays on top
    assert first[2:] != ordered[2:] and sorted(first) == sorted(ordered)  # the same 29 cards
    assert Scenario("ryu", "ken").player(P1, deck_rest="shuffled").game(seed=1).state.players[
        P1].deck == Scenario("ryu", "ken").player(P1, deck_rest="shuffled").build(1).players[P1].deck


def test_deck_rest_none_makes_the_named_deck_the_whole_deck() -> None:
    """Issue 13 item 2: with ``deck_rest="none"`` the deck is exactly the named cards, so
    every other card of the deck list must be placed in a zone (card conservation)."""
    top = ["shoryuken", "assault"]
    game = (Scenario("ryu", "ken")
            .player(P1, deck=top, deck_rest="none",
                    discard=deck_cards("ryu", "shoryuken", "assault", "focus"), hand=["focus"])
            .game())
    p1 = game.state.players[P1]
    assert names(game, p1.deck) == ["Shoryuken", "Assault"] and names(game, p1.hand) == ["Focus"]
    assert len(p1.deck) + len(p1.hand) + len(p1.discard) == 30
    assert invariants.check(game.state, game.pending) == []
    with pytest.raises(ScenarioError, match=r"p1: deck_rest='none' .* 27 card\(s\)"):
        Scenario("ryu", "ken").player(P1, hand=["focus"], deck=top, deck_rest="none").build()
    with pytest.raises(ScenarioError, match="deck_rest must be one of ordered, shuffled, none"):
        Scenario("ryu", "ken").player(P1, deck_rest="random").build()


def test_reshuffles_left_counts_the_reshuffle_the_rules_allow() -> None:
    """Issue 13 item 2, core rulebook, Reshuffle (once per game): 1 left offers the
    Reshuffle action, 0 left does not; more than the rules allow is refused."""
    def game(**seat: object) -> Game:
        return Scenario("ryu", "ken").player(P1, hand=["focus"], discard=["spike"],
                                             **seat).game()

    assert "Reshuffle" in kinds_offered(game(reshuffles_left=1))
    none_left = game(reshuffles_left=0)
    assert "Reshuffle" not in kinds_offered(none_left)
    assert none_left.state.players[P1].reshuffled
    with pytest.raises(ScenarioError, match=r"reshuffles_left must be in 0\.\.1 .*got 2"):
        game(reshuffles_left=2)
    with pytest.raises(ScenarioError, match="reshuffled=True leaves no reshuffle"):
        game(reshuffled=True, reshuffles_left=1)


def test_a_tag_team_seat_takes_its_partner_fields() -> None:
    """Tag Team rules: the fighter named first starts in; the deck holds both (52 cards)."""
    game = (
        Scenario("ryu+ken", "sagat")
        .player(P1, life=9, partner_life=12, partner_exceeded=True, switch_locked_until=3,
                hand=["ryu_hadoken", "ken_hadoken"])
        .game()
    )
    p1 = game.state.players[P1]
    assert (p1.character, p1.partner, p1.life, p1.partner_life) == ("ryu", "ken", 9, 12)
    assert (p1.exceeded, p1.partner_exceeded, p1.switch_locked_until) == (False, True, 3)
    assert [game.state.card_defs[r] for r in p1.hand] == ["ryu_hadoken", "ken_hadoken"]
    assert len(p1.deck) + len(p1.hand) == 52
    assert game.pending is not None and game.pending.player == P1


def test_the_conftest_position_builder_passes_every_argument_on() -> None:
    d = position(p1=dict(space=4, life=11, hand=["sweep"]), p2=dict(space=6, gauge=["dive"]),
                 chars=("sagat", "zangief"), active=P2, seed=5)
    assert (d.state.players[P1].character, d.state.players[P2].character) == ("sagat", "zangief")
    assert (d.space(P1), d.life(P1), d.space(P2), d.life(P2)) == (4, 11, 6, 30)
    assert d.zone(P1, Zone.HAND) == ["Sweep"]
    assert d.zone(P2, Zone.GAUGE) == ["Dive"]
    assert d.state.turn == 1 and d.expect(ActionRequest, P2).player == P2


# --- issue 13: extra cards, the position as events, edits during play, mid-strike -----


def test_extra_cards_are_created_beyond_the_deck_list() -> None:
    """Issue 13 item 1: a third Hadoken (Ryu's deck holds two) is created after the
    deck's references, is conserved like any card, and is marked as created."""
    game = (Scenario("ryu", "ken")
            .player(P1, hand=["hadoken", "hadoken"], extra={"hand": ["hadoken"],
                                                            "gauge": ["grasp"]})
            .game())
    p1 = game.state.players[P1]
    assert names(game, p1.hand) == ["Hadoken"] * 3
    assert p1.hand[2] == 30 and p1.gauge == [31]  # references after the 30 of the deck
    assert game.state.created_cards() == [30, 31]
    assert len(p1.deck) == 28  # the deck gave its two Hadoken to the hand, nothing else
    assert invariants.check(game.state, game.pending) == []
    created = [e for e in game.setup_events if isinstance(e, ev.CardsCreated)]
    assert created == [ev.CardsCreated(player=P1, cards=(30, 31),
                                       card_ids=("ryu_hadoken", "standard_normal_grasp"))]


@pytest.mark.parametrize(("extra", "message"), [
    ({"hand": ["ken_shoryuken"]}, "belongs to another fighter"),
    ({"pocket": ["hadoken"]}, "extra names zone 'pocket'"),
    ({"hand": ["no_such_card"]}, "unknown card"),
])
def test_bad_extra_cards_are_refused(extra: dict[str, list[str]], message: str) -> None:
    """Issue 13, bad input: a card of another fighter in a zone that cannot hold it."""
    with pytest.raises(ScenarioError, match=message):
        Scenario("ryu", "ken").player(P1, extra=extra).build()


def test_the_position_is_stated_as_events_at_the_head_of_the_setup_step() -> None:
    """Issue 13: a built position is events (so replay and the state hash see it): the
    fold of the stated events is the built state, and the rules then start the turn."""
    builder = Scenario("ryu", "ken").player(P1, space=4, life=9, hand=["focus"]).active(P2)
    game = builder.game()
    stated = game.setup_events[:game.stated]
    assert game.stated == len(builder.events()) > 0
    assert {type(e) for e in stated} == {ev.PositionEdited}
    assert isinstance(game.setup_events[game.stated], ev.TurnStarted)
    built = builder.build()
    assert (built.players[P1].space, built.players[P1].life, built.active) == (4, 9, P2)
    assert game.state.players[P1].life == 9 and game.pending is not None
    assert game.pending.player == P2


def test_an_edit_during_play_is_folded_and_the_request_asked_again() -> None:
    """Issue 13 item 3: moving p1 during p1's action choice changes the Move options the
    engine offers next; the edit is a decision of its own with its events."""
    game = Scenario("ryu", "ken").player(P1, space=3, hand=["focus", "spike"]).player(
        P2, space=7).game()
    before = game.pending
    assert isinstance(before, ActionRequest) and MoveTo(space=1) in before.choices
    hand = list(game.state.players[P1].hand)
    caused = Edits(game).set_space(P1, 1).give(P1, "hadoken").apply()
    p1 = game.state.players[P1]
    given = p1.hand[-1]
    assert caused == [  # the zones it changed (hand, then deck), then the values
        ev.PositionEdited(player=P1, kind=ev.EditKind.ZONE, zone=Zone.HAND,
                          cards=(*hand, given)),
        ev.PositionEdited(player=P1, kind=ev.EditKind.ZONE, zone=Zone.DECK,
                          cards=tuple(p1.deck)),
        ev.PositionEdited(player=P1, kind=ev.EditKind.SPACE, value=1),
    ]
    p1 = game.state.players[P1]
    assert p1.space == 1 and names(game, p1.hand)[-1] == "Hadoken"
    after = game.pending
    assert isinstance(after, ActionRequest) and after.player == P1
    assert MoveTo(space=1) not in after.choices and MoveTo(space=3) in after.choices
    assert isinstance(game.decisions[-1], EditPosition)
    assert invariants.check(game.state, game.pending) == []


def test_an_edit_that_breaks_a_rule_is_illegal_and_changes_nothing() -> None:
    """Issue 13 item 3: an edit onto the opponent's space is refused as an illegal
    decision naming the rule; the state and the pending request are unchanged."""
    game = Scenario("ryu", "ken").player(P1, space=3).player(P2, space=7).game()
    pending, events = game.pending, len(game.events)
    with pytest.raises(IllegalDecision, match="both fighters on space 7"):
        Edits(game).set_space(P1, 7).apply()
    with pytest.raises(ScenarioError, match="ken_shoryuken belongs to another fighter"):
        Edits(game).give(P1, "ken_shoryuken")
    assert game.pending == pending and len(game.events) == events
    assert game.state.players[P1].space == 3


def test_a_created_card_can_be_given_during_play() -> None:
    game = Scenario("ryu", "ken").player(P1, hand=["focus"]).game()
    Edits(game).give(P1, "shoryuken", create=True).apply()
    p1 = game.state.players[P1]
    assert p1.hand[-1] == 30 and game.state.card_defs[30] == "ryu_shoryuken"
    assert game.state.created_cards() == [30]
    assert invariants.check(game.state, game.pending) == []


def test_a_position_inside_a_strike_asks_the_defender_to_set() -> None:
    """Issue 13 item 4: p1 has set Hadoken face-down; p2 is asked to set next."""
    game = (Scenario("ryu", "ken")
            .player(P1, space=3, hand=["hadoken", "focus"]).player(P2, space=6, hand=["grasp"])
            .strike("second_sets", p1=["hadoken"])
            .game())
    strike = game.state.strike
    assert strike is not None and strike.attacker == P1
    assert names(game, strike.sides[P1].cards) == ["Hadoken"]
    assert names(game, game.state.players[P1].hand) == ["Focus"]
    assert not strike.sides[P1].revealed
    request = game.pending
    assert isinstance(request, SetAttackRequest) and request.player == P2


def test_a_position_at_the_reveal_reveals_and_resolves_the_strike() -> None:
    """Issue 13 item 4: both attacks set (p1 EX Hadoken); the rules reveal them and the
    strike resolves: Hadoken (range 3-6) hits p2 three spaces away."""
    game = (Scenario("ryu", "ken")
            .player(P1, space=3, hand=["hadoken", "hadoken"]).player(P2, space=6, hand=["grasp"])
            .strike("reveal", p1=["hadoken", "hadoken"], p2=["grasp"])
            .game())
    after = game.setup_events[game.stated:]
    assert isinstance(after[0], ev.AttacksRevealed)
    strike = game.state.strike
    assert strike is not None and strike.sides[P1].ex
    driver_finish(game)
    hits = [e for e in game.events if isinstance(e, ev.AttackHit)]
    assert hits and hits[0].player == P1 and hits[0].distance == 3


def driver_finish(game: Game) -> None:
    """Answer the strike's remaining requests with their first option."""
    while game.pending is not None and game.state.strike is not None:
        request = game.pending
        if isinstance(request, (ActionRequest, SetAttackRequest)):
            game.step(request.choices[0])
        else:
            game.step(forced_decision(request) or first_option(request))


def first_option(request: Request) -> Decision:
    return next(iter(request.options()))


def test_a_position_after_the_reveal_pays_costs_next_with_critical() -> None:
    """Issue 13 item 4: revealed, p1's attack Critical: the strike goes on from costs."""
    game = (Scenario("ryu", "ken")
            .player(P1, space=3, hand=["hadoken"]).player(P2, space=6, hand=["grasp"])
            .strike("costs", p1=["hadoken"], p2="wild", critical=[P1])
            .game())
    strike = game.state.strike
    assert strike is not None and strike.sides[P1].critical and strike.sides[P2].wild
    assert strike.sides[P1].revealed
    assert not any(isinstance(e, ev.AttacksRevealed) for e in game.setup_events[game.stated:])


@pytest.mark.parametrize(("step", "attacks", "message"), [
    ("reveal", {"p1": ["hadoken"]}, "p2 has set an attack"),
    ("second_sets", {}, "p1 has set an attack"),
    ("first_sets", {"p1": ["hadoken"]}, "at step first_sets p1 has not set yet"),
    # the step as the recipe names it, not the engine's pay_costs (found walking
    # docs/cli.md's position errors)
    ("costs", {"p2": ["grasp"]}, "at step costs p1 has set an attack"),
    ("reveal", {"p1": ["shoryuken"], "p2": ["grasp"]}, "must be in p1's hand"),
    ("reveal", {"p1": ["hadoken"], "p2": ["grasp"], "critical": [P1]}, "needs step 'costs'"),
    ("sideways", {}, "strike step must be one of"),
])
def test_a_mid_strike_start_that_cannot_be_is_refused(step: str, attacks: dict[str, Any],
                                                       message: str) -> None:
    """Issue 13, bad input: a mid-strike start with no attack set (and the like)."""
    builder = Scenario("ryu", "ken").player(P1, hand=["hadoken"]).player(P2, hand=["grasp"])
    with pytest.raises(ScenarioError, match=message):
        builder.strike(step, **attacks).build()


def test_set_deck_during_play_decides_the_next_draw() -> None:
    """Issue 13 item 3: reordering the deck by an edit; Prepare then draws the named card
    (core rulebook, Prepare: draw 1)."""
    game = Scenario("ryu", "ken").player(P1, hand=["focus"]).game()
    Edits(game).set_deck(P1, ["shoryuken", "sweep"]).apply()
    assert names(game, game.state.players[P1].deck[:2]) == ["Shoryuken", "Sweep"]
    game.step(Prepare())
    assert names(game, game.state.players[P1].hand)[-2:] == ["Shoryuken", "Sweep"]
    with pytest.raises(ScenarioError, match=r"deck holds no \(more\) ryu_metsushoryuken"):
        Edits(game).set_deck(P1, ["metsushoryuken"] * 3)


def test_a_position_at_the_start_of_a_strike_asks_the_attacker_to_set() -> None:
    """Issue 13 item 4: the strike has started and nobody has set: p1 is asked first."""
    game = (Scenario("ryu", "ken").player(P1, hand=["hadoken"]).player(P2, hand=["grasp"])
            .active(P1, turn=2).strike("first_sets").game())
    assert game.state.strike is not None and game.state.turn == 3
    request = game.pending
    assert isinstance(request, SetAttackRequest) and request.player == P1
    # an edit while p1 is to set is allowed: the rules ask p1 again, with the new hand
    Edits(game).give(P1, "shoryuken").apply()
    again = game.pending
    assert isinstance(again, SetAttackRequest) and again.player == P1
    assert len(again.choices) == len(request.choices) + 1


def test_the_built_turn_bound_is_the_logs_bound_less_one() -> None:
    """A built position's next turn, ``turn + 1``, is a ``position_edited`` value: the
    most turns a recipe takes is the log's bound on such a value less one."""
    from engine.play.scenario import MAX_BUILT_TURN
    from engine.recording.checks import MAX_AMOUNT
    assert MAX_BUILT_TURN + 1 == MAX_AMOUNT
