"""BlazBlue's season rules (BlazBlue rulebook, Setup and Actions; the season's reference
card as roster.md states it: "exceeding moves the paid gauge cards into an Overdrive
area; each of your turn starts then discards one Overdrive card and runs the overdrive
hook; when the area is empty at a turn start the character reverts"), pinned with Ragna
the Bloodedge: the Astral Heat set aside at setup and added to the deck by the manual
Reshuffle, Exceed into Overdrive, the overdrive step at the turn start, the kicker
(``on_exceed``) and the revert when the area is empty."""

from __future__ import annotations

import pytest
from conftest import CATALOG, P1, P2, Driver, position

from engine import OVERDRIVE_AREA, exceed_gauge_area
from engine import events as ev
from engine.cards.schema import Season
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    Exceed,
    IllegalDecision,
    Mulligan,
    MulliganRequest,
    Prepare,
    Reshuffle,
    SelectCards,
    SelectCardsRequest,
)
from engine.core.ids import Zone
from engine.core.invariants import card_conservation
from engine.knowledge.views import observe
from engine.play.api import GameSetup, new_game
from engine.play.scenario import Scenario
from engine.recording.checks import RULESETS, ruleset_of


def ragna(p1: dict[str, object] | None = None, p2: dict[str, object] | None = None) -> Driver:
    return position(p1, p2, chars=("ragna", "ryu"))


# --- setup: the Astral Heat set aside, the ruleset ----------------------------------------


def test_astral_heat_is_set_aside_at_setup_and_never_in_the_opening_hand() -> None:
    """BlazBlue rulebook, Setup 4 ("Set your reference and extra cards aside. Shuffle
    your remaining cards to form your deck"): Ragna's Black Onslaught (his Astral Heat)
    leaves the deck before the first shuffle; the deck is the other 30 cards."""
    for seed in range(6):
        game = new_game(GameSetup(p1="ragna", p2="ryu"), seed)
        p = game.state.players[P1]
        [aside] = [e for e in game.table.events if isinstance(e, ev.CardsSetAside)]
        assert aside.player == P1 and len(aside.cards) == 1
        assert game.state.card_defs[aside.cards[0]] == "ragna_blackonslaught"
        held = [game.state.card_defs[c] for c in p.deck + p.hand]
        assert len(held) == 30 and "ragna_blackonslaught" not in held
        assert card_conservation(game.state) == []


def test_set_aside_cards_are_dealt_before_the_first_shuffle() -> None:
    """BlazBlue rulebook, Setup 4 then 5: the set-aside step comes before the shuffle and
    the opening hands, so the shuffle orders only the 30-card deck."""
    game = new_game(GameSetup(p1="ragna", p2="ryu"), 3)
    tags = [type(e).__name__ for e in game.table.events]
    assert tags.index("CardsSetAside") < tags.index("DeckShuffled")
    shuffled = next(e for e in game.table.events
                    if isinstance(e, ev.DeckShuffled) and e.player == P1)
    assert len(shuffled.order) == 30


def test_blazblue_ruleset_is_named_in_the_header() -> None:
    """A BlazBlue fighter brings the season's rules: the header's ruleset is
    ``core+blazblue`` (``+street_fighter`` first when a Street Fighter fighter plays)."""
    assert Season.BLAZBLUE.value == "blazblue"
    assert CATALOG.character("ragna").season is Season.BLAZBLUE
    assert ruleset_of(CATALOG, "ragna", "ragna") == "core+blazblue"
    assert ruleset_of(CATALOG, "ragna", "ryu") == "core+street_fighter+blazblue"
    assert ruleset_of(CATALOG, "seth", "ragna") == "core+under_night+blazblue"
    assert {"core+blazblue", "core+street_fighter+under_night+blazblue+tag_team"} <= RULESETS


def test_scenario_seats_the_set_aside_card_unless_told_otherwise() -> None:
    """The scenario builder deals a fighter's set-aside cards as setup does (``set_aside``
    None), or as given (``set_aside=[]``: none aside, the card in the deck)."""
    d = ragna()
    assert d.area(P1, "set_aside") == ["Black Onslaught"]
    d = ragna(dict(set_aside=[], deck=["blackonslaught"]))
    assert d.area(P1, "set_aside") == [] and d.zone(P1, Zone.DECK)[0] == "Black Onslaught"


# --- the Manual Reshuffle action and the Astral Heat ---------------------------------------


def test_manual_reshuffle_adds_the_astral_heat_on_top_of_the_deck() -> None:
    """BlazBlue rulebook, Actions, Manual Reshuffle, with Ragna's ability ``on_reshuffle:
    [if manual_reshuffle] add_set_aside_card_to_deck``: after the discard pile is shuffled
    into the deck, Black Onslaught goes on top; the end-of-turn draw takes it."""
    d = ragna(dict(hand=["grasp"], discard=["cross", "dive"]))
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert added.player == P1 and d.name(added.card) == "Black Onslaught"
    assert d.area(P1, "set_aside") == []
    assert d.zone(P1, Zone.DISCARD) == []
    assert "Black Onslaught" in d.zone(P1, Zone.HAND)  # the end-of-turn draw
    assert d.p(P1).reshuffled and d.expect(ActionRequest).player == P2


def test_reshuffle_from_an_empty_deck_does_not_bring_the_astral_heat() -> None:
    """BlazBlue rulebook, Glossary, Manual Reshuffle: drawing from an empty deck
    reshuffles too, but ``manual_reshuffle`` is true only for the Reshuffle action, so
    the Astral Heat stays set aside. The BlazBlue glossary names both ways "Manual
    Reshuffle"; the Under Night rulebook, which keeps the term, settles it: "they
    automatically reshuffle (this is not considered a Manual Reshuffle)" (and the
    reference client's condition text reads "if you reshuffled as your action")."""
    d = ragna(dict(deck=[], deck_rest="none", discard=deck_discard("ragna")))
    d.act(Prepare())
    assert d.p(P1).reshuffled
    assert d.events(ev.SetAsideCardAdded) == []
    assert d.area(P1, "set_aside") == ["Black Onslaught"]


def deck_discard(char: str) -> list[str]:
    """Every card of ``char``'s deck list (for a discard pile holding the whole deck)."""
    return list(CATALOG.deck_list(char))


def test_a_second_manual_reshuffle_is_an_illegal_decision() -> None:
    """BlazBlue rulebook, Actions, Manual Reshuffle ("you can only Manually Reshuffle
    once per game"): asked a second time, the Reshuffle is refused with an
    ``IllegalDecision`` naming what was asked; the game is unchanged."""
    d = ragna(dict(discard=["cross"], reshuffled=True))
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(Reshuffle())
    assert "reshuffle" in str(raised.value).lower()
    assert d.state == before


def test_forced_to_reshuffle_a_second_time_loses() -> None:
    """BlazBlue rulebook, Actions, Manual Reshuffle: "If you are forced to take this
    action a second time, you lose the game!" (drawing from an empty deck after the
    reshuffle was used)."""
    d = ragna(dict(deck=[], deck_rest="none", discard=deck_discard("ragna"), reshuffled=True))
    d.act(Prepare())
    [ended] = d.events(ev.GameEnded)
    assert ended.winner == P2


# --- Exceed into Overdrive -------------------------------------------------------------


def test_exceed_puts_the_paid_gauge_into_the_overdrive_area() -> None:
    """BlazBlue reference card (roster.md, Mode ``overdrive``): exceeding moves the paid
    gauge cards into the Overdrive area, not the discard pile. Ragna's exceed costs 4."""
    d = ragna(dict(gauge=["grasp", "cross", "dive", "spike", "sweep"], hand=["focus"]))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    assert d.p(P1).exceeded
    assert d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive", "Spike"]
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"] and d.zone(P1, Zone.DISCARD) == []
    assert [e.src for e in d.events(ev.EnteredOverdrive)] == [Zone.GAUGE] * 4


def test_kicker_runs_on_exceeding() -> None:
    """BlazBlue rulebook, Character Cards 4 (Kicker Effect: "happens when you gain your
    Exceed ability"), Ragna's kicker ``draw 1, then close 1 + strike | strike``: he
    draws, closes and strikes."""
    d = ragna(dict(space=3, gauge=["grasp", "cross", "dive", "spike"], hand=["focus"]),
              dict(space=7, hand=["grasp"]))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    assert len(d.p(P1).hand) == 2
    d.choose("close")
    assert d.space(P1) == 4
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_overdrive_step_discards_one_card_then_runs_the_overdrive_effect() -> None:
    """BlazBlue reference card: at the start of the turn in Overdrive the player
    discards one overdrive card of their choice, then the overdrive effect runs (Ragna:
    ``take_damage 1 {nonlethal}, then push 1 | pass``)."""
    d = ragna(dict(exceeded=True, overdrive=["grasp", "cross"], space=4, life=10),
              dict(space=5))
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.OVERDRIVE_DISCARD
    assert (request.min_count, request.max_count) == (1, 1)
    d.select(P1, "cross")
    assert d.area(P1, "overdrive") == ["Grasp"] and d.zone(P1, Zone.DISCARD) == ["Cross"]
    [left] = [e for e in d.game.table.events if isinstance(e, ev.LeftOverdrive)]
    assert left.reason is ev.OverdriveExit.TURN_START
    assert d.life(P1) == 9
    d.choose("push")
    assert d.space(P2) == 6
    assert d.p(P1).exceeded and d.expect(ActionRequest).player == P1


def test_overdrive_damage_is_nonlethal() -> None:
    """Ragna's overdrive effect, ``take_damage 1 {nonlethal}``: at 1 life he stays at 1."""
    d = ragna(dict(exceeded=True, overdrive=["grasp", "cross"], life=1))
    d.select(P1, "grasp")
    d.choose("pass")
    assert d.life(P1) == 1 and d.state.winner is None


def test_last_overdrive_card_discarded_reverts_after_the_overdrive_effect() -> None:
    """BlazBlue reference card: the fighter reverts when the overdrive area is empty
    after the discard (its overdrive effect still runs first)."""
    d = ragna(dict(exceeded=True, overdrive=["grasp"], life=10))
    d.choose("pass")  # the one card is discarded without a question
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"] and d.life(P1) == 9
    [reverted] = [e for e in d.game.table.events if isinstance(e, ev.Reverted)]
    assert reverted.player == P1 and not d.p(P1).exceeded
    kinds = [type(e).__name__ for e in d.game.table.events]
    assert kinds.index("LeftOverdrive") < kinds.index("DamageDealt") < kinds.index("Reverted")


def test_empty_overdrive_at_the_turn_start_reverts_at_once() -> None:
    """effects.md, End of turn: "If it was already empty at turn start, they revert
    immediately" (no discard, no overdrive effect)."""
    d = ragna(dict(exceeded=True, overdrive=[], life=10))
    assert not d.p(P1).exceeded and d.life(P1) == 10
    assert not any(isinstance(e, ev.LeftOverdrive) for e in d.game.table.events)
    assert d.expect(ActionRequest).player == P1


def test_overdrive_discard_of_a_card_not_in_the_overdrive_is_illegal() -> None:
    """Bad input (issue 15): an overdrive discard naming a card not in the overdrive is an
    ``IllegalDecision`` naming what is allowed; the game is unchanged."""
    d = ragna(dict(exceeded=True, overdrive=["grasp", "cross"], hand=["dive"]))
    request = d.expect(SelectCardsRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(SelectCards(cards=(d.ref(P1, "dive"),)))
    assert "candidates" in str(raised.value)
    assert d.state == before and d.pending == request


def test_opponent_turn_has_no_overdrive_step() -> None:
    """The overdrive step is the Overdrive player's own turn start only: Ryu's turn
    asks nothing of Ragna."""
    d = ragna(dict(exceeded=True, overdrive=["grasp"]), dict(hand=["grasp"]))
    d.choose("pass")
    d.act(Prepare())
    assert d.expect(ActionRequest).player == P2
    assert d.area(P1, "overdrive") == []


def test_a_non_blazblue_fighter_exceeds_into_the_discard_pile() -> None:
    """Core rulebook, Exceed: Ryu (Street Fighter) pays his exceed cost to the discard
    pile even with a BlazBlue opponent at the table."""
    d = position(dict(gauge=["grasp", "cross"]), chars=("ryu", "ragna"))
    d.act(Exceed())
    d.pay("grasp", "cross")
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross"] and d.area(P1, "overdrive") == []



def test_exceed_gauge_area_names_where_the_engine_moves_the_paid_gauge() -> None:
    """``engine.exceed_gauge_area``, public for words that say where the gauge goes (the
    Play page's "they go to your Overdrive"), names the area the game moves an Exceed's
    paid gauge into: Ragna's overdrive area, and for Ryu none (the discard pile); it
    names one for every BlazBlue fighter and for no other."""
    ragna_area = exceed_gauge_area(CATALOG.character("ragna"))
    assert ragna_area == OVERDRIVE_AREA
    d = ragna(dict(gauge=["grasp", "cross", "dive", "spike"]))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    assert d.area(P1, ragna_area) == ["Grasp", "Cross", "Dive", "Spike"]
    assert exceed_gauge_area(CATALOG.character("ryu")) is None
    d = position(dict(gauge=["grasp", "cross"]), chars=("ryu", "ragna"))
    d.act(Exceed())
    d.pay("grasp", "cross")
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross"]
    named = {cid for cid, char in CATALOG.characters.items() if exceed_gauge_area(char)}
    assert named == {cid for cid, char in CATALOG.characters.items()
                     if char.season is Season.BLAZBLUE}
    assert "ragna" in named and "ryu" not in named


# --- views -----------------------------------------------------------------------------


def test_overdrive_and_set_aside_areas_are_open_to_both_players() -> None:
    """BlazBlue rulebook, The Play Area ("Except for a player's hand and deck, all other
    areas are face-up and open information"): both views show Ragna's overdrive and
    set-aside cards."""
    state = Scenario("ragna", "ryu").player(P1, exceeded=True, overdrive=["grasp"]).build()
    for viewer in (P1, P2, None):
        view = observe(state, viewer)
        d_cards = {view.card_defs[c] for c in view.mechanics["overdrive"].area_cards(P1)}
        assert d_cards == {"standard_normal_grasp"}
    assert card_conservation(state) == []


def test_mulligan_keeps_the_astral_heat_out() -> None:
    """BlazBlue rulebook, Setup 6: the mulligan shuffles the set-aside hand cards back
    into the deck, not the Astral Heat (it is not in the deck)."""
    game = new_game(GameSetup(p1="ragna", p2="ryu"), 1)
    request = game.pending
    assert isinstance(request, MulliganRequest)
    game.step(Mulligan(cards=tuple(request.hand)))
    request = game.pending
    game.step(Mulligan(cards=()))
    ids = [game.state.card_defs[c] for c in game.state.players[P1].deck
           + game.state.players[P1].hand]
    assert "ragna_blackonslaught" not in ids
