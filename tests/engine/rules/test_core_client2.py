"""Core rules: situations of the reference client's generic test files that our rule
tests did not pin yet, written with our scenario builder in our own words.

Files read (``daniel-k-taylor/exceedgameclient``, ``test/unit``): ``test_strike.gd`` and
``test_boost.gd`` (their situations on our roster are in ``test_core_client.py``,
``test_movement.py`` and here), ``test_custom_effects.gd`` (custom cards: the situations
are mirrored on our roster's cards that work alike), ``test_force_for_effect_definitions.gd``
(a data check, mirrored on our catalog), ``test_effect_amount_tokens.gd`` (a during-strike
bonus of X is undone with its boost). ``test_buddy_reference_cards.gd`` (UI),
``test_infused_actions.gd`` (Akimo and Astryda, not on our roster) and
``test_deck_flags.gd`` (skins) test nothing of ours.
"""

from __future__ import annotations

from conftest import CATALOG, P1, P2, boost, deck_cards, kinds, position

from engine import events as ev
from engine.cards.effect_walk import iter_effects
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    DiscardRequest,
    Exceed,
    PayForceRequest,
)
from engine.core.ids import Zone
from engine.vocabulary.costs import ForceForEffect, GaugeForEffect


def _all_effects() -> list[object]:
    roots = []
    for card in CATALOG.cards.values():
        roots += [card.effects, card.boost.effects, card.on_invalid]
    for char_id in CATALOG.character_ids():
        char = CATALOG.character(char_id)
        roots += [char.ability, char.exceed_ability, char.on_exceed, char.on_revert,
                  char.overdrive]
        roots += [action.effects for action in (*char.actions, *char.exceed_actions)]
    return [e for root in roots for e in iter_effects(root)]


def test_every_spend_for_effect_names_exactly_one_payoff() -> None:
    """Core rulebook, FAQ: "If an effect allows me to spend something to gain a bonus,
    like 1 Force for +1 Power, can I do that multiple times? No. Anything that lets you
    use it multiple times will be specifically stated ("You may spend up to 3 Force. For
    each Force spent, +1 Power.")": a spend-for-effect is either "for each" (per force or
    gauge) or one bonus for the whole payment, never both (client:
    ``test_force_for_effect_does_not_define_both_per_force_and_overall``; its scan
    also checks it found many, ``test_scan_actually_finds_the_effects_it_validates``)."""
    found = [e for e in _all_effects() if isinstance(e, ForceForEffect | GaugeForEffect)]
    assert len(found) >= 10
    both_or_neither = []
    for e in found:
        each = e.per_force_effect if isinstance(e, ForceForEffect) else e.per_gauge_effect
        if bool(each) == bool(e.overall_effect):
            both_or_neither.append(e)
    assert both_or_neither == []


def test_ex_grasp_against_focus_hits_but_moves_nobody() -> None:
    """Card text (Focus: ``during_strike: ignore_push_and_pull``; ``after: draw 1``) and
    core rulebook, EX attacks ("+1 Power, +1 Speed, +1 Armor, and +1 Guard"), Doing Damage
    (armor deducted, stunned only if the damage "is greater than the opponent's Guard")
    (client: ``test_ex_wildthrow_vs_focus``, an EX throw against Focus). Ryu's EX Grasp
    (speed 8) hits Ken's Focus first for 3 + 1 = 4, less armor 2: 2, not over guard 5.
    The push is ignored: nobody moves. Focus answers for 4, less the EX armor 1: 3, then
    Ken draws 1. Ryu's Grasp goes to gauge, its extra copy to his discard pile; Ken's
    Focus to his gauge; Ken plays next."""
    d = position(p1=dict(space=3, hand=["grasp", "grasp"]),
                 p2=dict(space=4, hand=["focus"], deck=["cross"]))
    d.strike(["grasp", "grasp"], "focus")
    if isinstance(d.pending, ChoiceRequest) and d.pending.player == P1:
        d.choose("push 2")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert d.events(ev.PlayerMoved) == []
    assert (d.life(P1), d.life(P2)) == (27, 28)
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"] and d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P2, Zone.GAUGE) == ["Focus"]
    assert d.zone(P2, Zone.HAND) == ["Cross"]
    assert d.expect(ActionRequest).player == P2


def test_a_boost_that_draws_past_the_limit_discards_after_the_end_of_turn_draw() -> None:
    """Core rulebook, Hand Size: "If you have more than 7 cards in hand, discard cards
    down to 7 at the end of your turn"; a turn without a strike ends by drawing a card
    (client: ``test_boost_nr_and_grasp_vs_wildthrow``, a drawing boost from 7 cards, then
    the discard down to the limit). Mika boosts Precision Handling (instant: advance or
    retreat 1, then draw 2) from 7 cards: 6 + 2 = 8, the end-of-turn draw makes 9, she
    discards 2 and Ryu plays next."""
    hand = ["missile", "grasp", "cross", "dive", "spike", "sweep", "focus"]
    d = position(p1=dict(space=3, hand=hand, deck=["block", "assault", "grasp"]),
                 p2=dict(space=7), chars=("mika", "ryu"))
    boost(d, "missile")
    d.choose("advance 1")
    assert d.space(P1) == 4
    request = d.expect(DiscardRequest, P1)
    assert request.count == 2 and len(d.p(P1).hand) == 9
    d.discard(P1, "block", "assault")
    assert len(d.p(P1).hand) == 7
    assert d.zone(P1, Zone.DISCARD) == ["Mika's Missile", "Block", "Assault"]
    assert d.expect(ActionRequest).player == P2


def test_a_card_that_shuffles_the_deck_does_not_use_up_the_reshuffle() -> None:
    """Core rulebook, Out of Cards: "If a card's effect instructs you to shuffle your deck
    (for any reason, even if you did not search your deck for a card), that shuffle does
    not replace your automatic reshuffle." Dan boosts Secret Technique (Legendary Taunt's
    boost: look at the whole deck, one card to hand, shuffle the deck, discard down to 1,
    then skip the end-of-turn draw or not) with one card left in his deck: he takes it,
    the empty deck is shuffled, and the end-of-turn draw from the empty deck reshuffles
    his discard pile (it does not lose the game) and draws."""
    d = position(p1=dict(space=3, hand=["legendarytaunt"], deck=["grasp"], deck_rest="none",
                         discard=deck_cards("dan", "legendarytaunt", "grasp")),
                 p2=dict(space=7), chars=("dan", "ryu"))
    boost(d, "legendarytaunt")
    d.choose("pass")
    assert kinds(d.log, ev.DeckShuffled, ev.DeckReshuffled) == ["DeckShuffled", "DeckReshuffled"]
    assert d.events(ev.GameEnded) == []
    assert len(d.p(P1).hand) == 2 and d.zone(P1, Zone.HAND)[0] == "Grasp"
    assert len(d.p(P1).deck) == 28 and d.p(P1).discard == []
    assert d.expect(ActionRequest).player == P2


def test_looking_at_the_top_cards_of_a_short_deck_does_not_reshuffle() -> None:
    """Core rulebook, Out of Cards: "(Effects which look at one or more of the top cards
    in your deck do not trigger a reshuffle)." Bang's character action looks at the top
    2 cards (one to hand, the other discarded) with one card in his deck: he takes it, no
    reshuffle fetches a second; the end-of-turn draw from the empty deck then reshuffles
    (the first time the deck runs out on a draw)."""
    d = position(p1=dict(space=3, hand=[], deck=["grasp"], deck_rest="none",
                         discard=deck_cards("bang", "grasp")),
                 p2=dict(space=7), chars=("bang", "ryu"))
    d.act(CharacterAction(index=0))
    moved = kinds(d.log, ev.CardMoved, ev.DeckReshuffled)
    assert moved == ["CardMoved", "DeckReshuffled", "CardMoved"]
    assert d.zone(P1, Zone.HAND)[0] == "Grasp" and len(d.p(P1).hand) == 2
    assert d.p(P1).discard == []
    assert d.expect(ActionRequest).player == P2


def test_an_ultra_in_gauge_is_one_gauge() -> None:
    """Core rulebook, Glossary, Gauge: "Each card generates 1 Gauge, regardless of type"
    (an Ultra makes 2 only as Force). Ryu (exceed cost 2) with only Metsu Shoryuken in
    gauge may not Exceed; with Metsu Shoryuken and Grasp in gauge his Metsu Hadoken (3
    gauge) is invalid and replaced by a wild swing, and his gauge is not spent."""
    d = position(p1=dict(space=3, hand=["grasp"], gauge=["metsushoryuken"]), p2=dict(space=7))
    assert Exceed() not in d.expect(ActionRequest, P1).choices
    d = position(p1=dict(space=3, hand=["metsuhadoken"], gauge=["metsushoryuken", "grasp"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("metsuhadoken", "block")
    assert [e.player for e in d.events(ev.AttackInvalid)] == [P1]
    assert [e.player for e in d.events(ev.WildSwingRevealed)] == [P1]
    assert d.zone(P1, Zone.GAUGE) == ["Metsu Shoryuken", "Grasp"]
    assert "Metsu Hadoken" in d.zone(P1, Zone.DISCARD)


def test_a_cleanup_trigger_comes_before_the_attack_enters_the_gauge() -> None:
    """Core rulebook, Cleanup: "1. Resolve any Cleanup triggers on your Attack or
    Continuous Boosts. 2. Discard all Continuous Boosts ... 3. If you hit your opponent
    ... put your attack card into your Gauge Area." Vega's Claw (Bloody High Claw's boost:
    ``cleanup: [if not_stunned] force_for_effect 1: sustain_this``) is in play and his
    Grasp hits Ryu's Block: at step 1 the Grasp is not yet in his gauge, so it cannot pay
    the force. With nothing else, nothing is asked and Claw is discarded; with Dive in
    gauge, only Dive may pay."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["bloodyhighclaw"]),
                 p2=dict(space=5, hand=["block"]), chars=("vega", "ryu"))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.events(ev.BoostSustained) == []
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.zone(P1, Zone.DISCARD) == ["Bloody High Claw"] and d.zone(P1, Zone.BOOSTS) == []
    assert d.expect(ActionRequest).player == P2
    d = position(p1=dict(space=3, hand=["grasp"], gauge=["dive"], boosts=["bloodyhighclaw"]),
                 p2=dict(space=5, hand=["block"]), chars=("vega", "ryu"))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.names(d.expect(PayForceRequest, P1).candidates) == ["Dive"]
    d.pay("dive")
    assert d.zone(P1, Zone.BOOSTS) == ["Bloody High Claw"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"] and d.zone(P1, Zone.DISCARD) == ["Dive"]
