"""Core rulebook "Out of Cards" and "Actions" (a player at 0 life loses): the one
reshuffle, decking out, and losing on life."""

from __future__ import annotations

from conftest import P1, P2, deck_cards, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChangeCards,
    CharacterAction,
    Mulligan,
    Prepare,
    Reshuffle,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import EndReason, Phase
from engine.play.api import GameSetup, new_game


def test_drawing_from_an_empty_deck_reshuffles_the_discard_once() -> None:
    """Core rulebook, "Out of Cards": drawing from an empty deck reshuffles the discard
    pile into a new deck, then the draw happens. That uses the one reshuffle."""
    d = position(p1=dict(hand=[], discard=deck_cards("ryu")))
    assert d.p(P1).deck == []
    d.act(Prepare())
    [reshuffled] = d.events(ev.DeckReshuffled)
    assert reshuffled.player == P1 and not reshuffled.manual
    assert len(reshuffled.order) == 30
    assert d.p(P1).reshuffled
    assert d.zone(P1, Zone.DISCARD) == []
    assert d.p(P1).hand == list(reshuffled.order[:2])
    assert len(d.p(P1).deck) == 28
    assert d.expect(ActionRequest).player == P2


def test_running_out_again_after_the_reshuffle_loses() -> None:
    """Core rulebook, "Out of Cards": after reshuffling, drawing from an empty deck
    again loses the game immediately. Here the Prepare draw reshuffles a one-card
    discard pile and the end-of-turn draw finds the deck empty again."""
    d = position(p1=dict(hand=deck_cards("ryu", "grasp"), discard=["grasp"]))
    d.act(Prepare())
    assert len(d.events(ev.DeckReshuffled)) == 1
    [ended] = d.events(ev.GameEnded)
    assert ended.winner == P2 and ended.reason == EndReason.DECKED
    assert d.pending is None
    assert d.state.phase == Phase.OVER and d.state.winner == P2
    assert not d.events(ev.TurnEnded)


def test_empty_deck_and_empty_discard_loses() -> None:
    """Core rulebook, "Out of Cards": with nothing to reshuffle, the deck is still empty
    after the reshuffle, so the draw loses the game."""
    d = position(p1=dict(hand=deck_cards("ryu")))
    d.act(Prepare())
    [ended] = d.events(ev.GameEnded)
    assert (ended.winner, ended.reason) == (P2, EndReason.DECKED)


def test_already_reshuffled_player_loses_on_draw() -> None:
    """Core rulebook, Glossary "Reshuffle": a player whose deck is empty and who has
    used their Reshuffle loses when they would draw, even with a full discard pile."""
    d = position(p1=dict(hand=[], discard=deck_cards("ryu"), reshuffled=True))
    d.act(Prepare())
    assert not d.events(ev.DeckReshuffled)
    [ended] = d.events(ev.GameEnded)
    assert (ended.winner, ended.reason) == (P2, EndReason.DECKED)


def test_card_effect_draw_from_an_empty_deck_also_loses() -> None:
    """Core rulebook, "Out of Cards": any draw counts, including an effect's (Ken's
    character action: close 1, draw 1)."""
    d = position(p1=dict(space=3), active=P2,
                 p2=dict(space=7, hand=[], discard=deck_cards("ken"), reshuffled=True))
    d.act(CharacterAction(index=0))
    assert d.space(P2) == 6
    [ended] = d.events(ev.GameEnded)
    assert (ended.winner, ended.reason) == (P1, EndReason.DECKED)


def test_wild_swing_from_an_empty_deck_reshuffles() -> None:
    """Core rulebook, "Out of Cards": a Wild Swing from an empty deck reshuffles the
    discard pile first (an empty hand must Wild Swing: core FAQ)."""
    d = position(p1=dict(space=3, hand=[], discard=deck_cards("ryu")),
                 p2=dict(space=7, hand=["block"]))
    d.act(Strike())
    [reshuffled] = d.events(ev.DeckReshuffled)
    [wild] = d.events(ev.AttackSet)
    assert wild.wild and wild.cards == (reshuffled.order[0],)
    assert d.p(P1).reshuffled


def test_wild_swing_from_an_empty_deck_after_reshuffling_loses() -> None:
    """Core rulebook, FAQ: "What happens if I Wild Swing with no deck and I've already
    reshuffled? You lose the game." The strike never reaches the reveal."""
    d = position(p1=dict(space=3, hand=["grasp"]), active=P1,
                 p2=dict(space=7, hand=[], discard=deck_cards("ken"), reshuffled=True))
    d.strike("grasp", "wild")
    [ended] = d.events(ev.GameEnded)
    assert (ended.winner, ended.reason) == (P1, EndReason.DECKED)
    assert not d.events(ev.AttacksRevealed)
    assert d.pending is None


def test_reshuffle_action_replaces_the_automatic_reshuffle() -> None:
    """Core rulebook, "Out of Cards": after the Reshuffle action, drawing from an empty
    deck loses, even with cards in the discard pile."""
    ryu = deck_cards("ryu", "grasp", "cross", "dive")
    d = position(p1=dict(hand=ryu[:6], gauge=ryu[6:], discard=["grasp", "cross"]),
                 p2=dict(hand=["block"]))
    assert d.zone(P1, Zone.DECK) == ["Dive"]
    d.act(Reshuffle())
    assert [e.manual for e in d.events(ev.DeckReshuffled)] == [True]
    assert len(d.p(P1).deck) == 2 and len(d.p(P1).hand) == 7  # end-of-turn draw
    d.act(Prepare())  # P2
    d.act(ChangeCards())
    d.pay(*d.zone(P1, Zone.GAUGE)[:3])
    assert len(d.events(ev.DeckReshuffled)) == 1
    assert len(d.p(P1).discard) == 3
    [ended] = d.events(ev.GameEnded)
    assert (ended.winner, ended.reason) == (P2, EndReason.DECKED)


def test_setup_shuffles_do_not_use_up_the_reshuffle() -> None:
    """Core rulebook, "Out of Cards": an instruction to shuffle your deck (setup, the
    mulligan) does not replace your automatic reshuffle."""
    game = new_game(GameSetup(p1="ryu", p2="ken"), 3)
    game.step(Mulligan(cards=tuple(game.state.players[game.state.active].hand[:2])))
    game.step(Mulligan())
    assert [p.reshuffled for p in game.state.players] == [False, False]


def test_life_zero_loses() -> None:
    """Core rulebook, "Actions": when a player's life reaches zero, they lose. The strike
    stops there: the loser's attack never activates."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, life=3, hand=["dive"]))
    d.strike("grasp", "dive")
    d.choose("push 1")
    assert d.life(P2) == 0
    [ended] = d.events(ev.GameEnded)
    assert (ended.winner, ended.reason) == (P1, EndReason.LIFE)
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1]
    assert d.pending is None


def test_damage_beyond_zero_life_still_loses() -> None:
    """Core rulebook, "Actions": damage larger than the remaining life also ends the
    game (life does not go below 0)."""
    d = position(p1=dict(space=3, life=2, hand=["sweep"]), active=P2,
                 p2=dict(space=5, hand=["spike"]))
    d.strike("spike", "sweep")
    assert d.life(P1) == 0
    [ended] = d.events(ev.GameEnded)
    assert (ended.winner, ended.reason) == (P2, EndReason.LIFE)
