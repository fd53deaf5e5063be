"""Deck audit (core rulebook "Out of Cards", "Actions", Glossary "Reshuffle"): drawing
and wild swinging from an empty deck in the less common places (a Change Cards draw
that runs out midway, the wild swing that replaces an invalid attack, a draw effect
aimed at the opponent). Each test pins a behaviour that was already right but no other
test covered. Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, deck_cards, position

from engine import events as ev
from engine.core.decisions import ChangeCards, CharacterAction, DiscardRequest
from engine.core.ids import Zone
from engine.core.state import EndReason


def test_change_cards_that_runs_out_midway_reshuffles_the_force_just_spent() -> None:
    """Core rulebook, Actions, Change Cards: "Spend all Force before drawing any
    cards", and "Out of Cards": drawing from an empty deck reshuffles the discard pile,
    "then, perform the draw". Ryu (deck: one Grasp; discard: 22 cards) spends 3 cards
    from hand for 3 force: he draws the Grasp, the deck is empty, the discard pile
    (the 22 and the 3 just spent) becomes the new deck, and he draws the other 2 from
    it; the end-of-turn draw then makes 8 cards in hand."""
    ryu = deck_cards("ryu", "grasp")
    d = position(p1=dict(hand=ryu[:7], discard=ryu[7:], deck=["grasp"], deck_rest="none"))
    spent = [d.ref(P1, name) for name in d.zone(P1, Zone.HAND)[:3]]
    d.act(ChangeCards())
    d.pay(*d.zone(P1, Zone.HAND)[:3])
    [reshuffled] = d.events(ev.DeckReshuffled)
    assert len(reshuffled.order) == 25 and set(spent) <= set(reshuffled.order)
    assert d.p(P1).reshuffled
    assert d.zone(P1, Zone.DISCARD) == []
    assert d.zone(P1, Zone.HAND)[4] == "Grasp"  # the old deck's last card, first
    assert d.p(P1).hand[5:] == list(reshuffled.order[:3])  # 2 drawn, then end of turn
    assert len(d.p(P1).deck) == 22
    assert d.expect(DiscardRequest, P1).count == 1


def test_invalid_attack_is_discarded_before_its_wild_swing_reshuffles() -> None:
    """Core rulebook, Reveal: "If your attack is invalid, discard it and perform a Wild
    Swing", and "Out of Cards": a wild swing from an empty deck reshuffles the discard
    pile first. Ryu sets Metsu Hadoken (ultra, 3G) with no gauge: it is invalid and
    goes to the discard pile (with one Grasp); his deck is empty, so that pile, Metsu
    Hadoken included, becomes his new deck, and he swings its top card."""
    ryu = deck_cards("ryu", "metsuhadoken", "grasp")
    d = position(p1=dict(space=3, hand=["metsuhadoken"], discard=["grasp"], sealed=ryu,
                         deck=[], deck_rest="none"),
                 p2=dict(space=7, hand=["block"]))
    metsu = d.ref(P1, "metsuhadoken")
    d.strike("metsuhadoken", "block")
    assert [e.card for e in d.events(ev.AttackInvalid)] == [metsu]
    [reshuffled] = d.events(ev.DeckReshuffled)
    assert reshuffled.player == P1 and sorted(reshuffled.order) == sorted(
        [metsu, d.ref(P1, "grasp", Zone.DISCARD)])
    [swing] = d.events(ev.WildSwingRevealed)
    assert swing.card == reshuffled.order[0]
    assert d.p(P1).reshuffled


def test_a_draw_for_the_opponent_reshuffles_their_deck_and_can_deck_them() -> None:
    """Core rulebook, Glossary "Reshuffle": the player whose deck is empty and who
    would draw reshuffles, or loses if their reshuffle is used. Linne's character
    action (roster.md: ``draw 2 + draw 1 {opponent=True} + choice <advance 1 |
    retreat 1>``): Linne draws 2 from her own deck, then Ken, his deck empty and his
    reshuffle used, would draw: Ken loses at once (Linne is not decked, and no
    movement choice follows)."""
    d = position(p1=dict(space=3, hand=[]), chars=("linne", "ken"),
                 p2=dict(space=7, hand=[], discard=deck_cards("ken"), reshuffled=True))
    d.act(CharacterAction(index=0))
    assert len(d.p(P1).hand) == 2
    assert not d.events(ev.DeckReshuffled)
    [ended] = d.events(ev.GameEnded)
    assert (ended.winner, ended.reason) == (P1, EndReason.DECKED)
    assert d.pending is None


def test_a_draw_for_the_opponent_reshuffles_the_opponents_discard() -> None:
    """As above, with Ken's reshuffle unused: his discard pile, not Linne's, becomes his
    new deck, his reshuffle is used, and Linne keeps hers."""
    d = position(p1=dict(space=3, hand=[], discard=["cross"]), chars=("linne", "ken"),
                 p2=dict(space=7, hand=[], discard=deck_cards("ken")))
    d.act(CharacterAction(index=0))
    [reshuffled] = d.events(ev.DeckReshuffled)
    assert reshuffled.player == P2 and len(reshuffled.order) == 30
    assert len(d.p(P2).hand) == 1 and len(d.p(P2).deck) == 29
    assert d.p(P2).reshuffled and not d.p(P1).reshuffled
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
