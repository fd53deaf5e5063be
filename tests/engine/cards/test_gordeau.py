"""Gordeau (Under Night In-Birth): every attack and boost, his ability (a strike taken
with his character action gains ``hit: opponent_discard_choose 1``), his exceeded actions
(1 gauge: a bonus action and the opponent must spend 1 force; "Revert") and his 29-card
deck with one Soul Exodus.

Card facts: roster.md, "Gordeau". Gordeau is P1 and Ryu P2; Ryu mostly answers with
Block (power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    DiscardRequest,
    PayForceRequest,
    PayGaugeRequest,
    SelectCardsRequest,
    Strike,
)
from engine.core.ids import Zone

CHARS = ("gordeau", "ryu")


def gordeau(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Gordeau as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- the deck ---------------------------------------------------------------------------


def test_gordeau_deck_has_29_cards_with_one_soul_exodus() -> None:
    """Gordeau's deck (roster.md): the 8 uni normals x2 and his specials and ultras x2,
    but a single Soul Exodus: 29 cards."""
    deck = CATALOG.deck_list("gordeau")
    assert len(deck) == 29
    assert deck.count("gordeau_soulexodus") == 1
    assert deck.count("gordeau_turbulence") == 2
    assert deck.count("uni_normal_block") == 2 and "standard_normal_block" not in deck


# --- ability and character actions -----------------------------------------------------


def test_gordeau_character_action_set_mode_strike_used_character_bonus_add_attack_effect() -> None:
    """Gordeau, ability and character action (cost 0: strike): the strike his action
    starts gains ``hit: opponent_discard_choose 1``. Precise Aim hits Block (4 - 2 armor =
    2), pushes 3 and Ryu discards one card of his choice."""
    d = gordeau(dict(space=4, hand=["preciseaim", "grasp"]),
                dict(space=5, hand=["block", "cross", "dive"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "preciseaim", "block")
    assert d.space(P2) == 8
    d.discard(P2, "cross")
    d.expect(PayForceRequest, P2)
    d.decline()  # Block's force-for-armor
    assert d.life(P2) == 28
    assert d.zone(P2, Zone.HAND) == ["Dive"]
    assert "Cross" in d.zone(P2, Zone.DISCARD)


def test_gordeau_ability_plain_strike_not_used_character_bonus_no_discard() -> None:
    """Gordeau, ability: a strike taken with the ordinary Strike action gains nothing;
    Ryu keeps his hand."""
    d = gordeau(dict(space=4, hand=["preciseaim", "grasp"]),
                dict(space=5, hand=["block", "cross", "dive"]))
    d.strike("preciseaim", "block")
    d.decline()  # Block's force-for-armor
    assert d.life(P2) == 28
    assert not isinstance(d.pending, DiscardRequest)
    assert d.zone(P2, Zone.HAND) == ["Cross", "Dive"]


def test_gordeau_exceeded_action_bonus_action_force_for_effect_other_player_required() -> None:
    """Gordeau, exceeded character action #0 (1 gauge): Ryu must spend 1 force (he may
    not decline) and Gordeau takes another action."""
    d = gordeau(dict(space=4, hand=["grasp"], gauge=["cross", "dive"], exceeded=True),
                dict(space=6, hand=["block", "cross"]))
    d.act(CharacterAction(index=0))
    d.pay("dive")
    request = d.expect(PayForceRequest, P2)
    assert request.amount == 1 and not request.optional
    d.pay("cross")
    assert d.zone(P2, Zone.HAND) == ["Block"]
    assert d.zone(P2, Zone.DISCARD) == ["Cross"]
    assert _next(d) == P1


def test_gordeau_exceeded_action_force_for_effect_required_opponent_without_force() -> None:
    """Gordeau, exceeded character action #0: an opponent with no hand and no gauge pays
    nothing and is not asked; Gordeau still takes his bonus action."""
    d = gordeau(dict(space=4, hand=["grasp"], gauge=["cross"], exceeded=True),
                dict(space=6, hand=[]))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    assert not d.events(PayForceRequest)
    assert _next(d) == P1


def test_gordeau_revert_action_cards_from_hand_gauge_revert_bonus_action() -> None:
    """Gordeau, exceeded character action "Revert" (at least 1 card in hand): a card from
    hand to gauge, he Reverts (Basic Mode) and takes another action."""
    d = gordeau(dict(space=4, hand=["grasp", "cross"], exceeded=True),
                dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=1))
    d.select(P1, "cross")
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


# --- Grim Reaper / Blowback ------------------------------------------------------------


def test_gordeau_grim_reaper_hit_pull_gauge_for_effect_gain_advantage() -> None:
    """Gordeau, Grim Reaper: hit: pull 2, then 1 gauge for gain_advantage. From range 4
    it hits Block for 2, pulls Ryu from 6 to 4; Gordeau pays 1 gauge and acts next."""
    d = gordeau(dict(space=2, hand=["grimreaper"], gauge=["grasp"]),
                dict(space=6, hand=["block"]))
    d.strike("grimreaper", "block")
    assert d.space(P2) == 4
    d.expect(PayGaugeRequest, P1)
    d.pay("grasp")
    assert d.life(P2) == 28
    assert _next(d) == P1


def test_gordeau_grim_reaper_gauge_for_effect_declined_no_advantage() -> None:
    """Gordeau, Grim Reaper: declining the gauge, Ryu takes the next turn."""
    d = gordeau(dict(space=2, hand=["grimreaper"], gauge=["grasp"]),
                dict(space=6, hand=["block"]))
    d.strike("grimreaper", "block")
    d.decline()
    assert _next(d) == P2


def test_gordeau_blowback_immediate_range_choice_push_then_strike() -> None:
    """Gordeau, Blowback (Grim Reaper boost): at range 1, push 1 or 2, then strike
    (Precise Aim from 4 hits Ryu, pushed to 6, and pushes him on to 9)."""
    d = gordeau(dict(space=4, hand=["grimreaper", "preciseaim"]),
                dict(space=5, hand=["block"]))
    boost(d, "grimreaper")
    d.choose("push 1")
    assert d.space(P2) == 6
    d.respond(P1, "preciseaim", "block")
    assert d.life(P2) == 28
    assert d.space(P2) == 9


def test_gordeau_blowback_not_range_1_does_nothing() -> None:
    """Gordeau, Blowback: not at range 1, no push and no strike; Ryu's turn."""
    d = gordeau(dict(space=3, hand=["grimreaper", "preciseaim"]),
                dict(space=5, hand=["block"]))
    boost(d, "grimreaper")
    assert d.space(P2) == 5
    assert d.state.strike is None
    assert _next(d) == P2


# --- Mortal Glide / Fadeaway -----------------------------------------------------------


def test_gordeau_mortal_glide_hit_gain_advantage_after_advance() -> None:
    """Gordeau, Mortal Glide: hit: gain_advantage; after: advance 5. From 4 against Ryu
    on 5 it hits Block for 1, advances past him to 9 (5 spaces, Ryu's counts as one)
    and Gordeau acts next."""
    d = gordeau(dict(space=4, hand=["mortalglide"]), dict(space=5, hand=["block"]))
    d.strike("mortalglide", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 9
    assert _next(d) == P1


def test_gordeau_fadeaway_immediate_retreat_bonus_action() -> None:
    """Gordeau, Fadeaway (Mortal Glide boost, 1 force): retreat 2, then a bonus action."""
    d = gordeau(dict(space=4, hand=["mortalglide", "grasp"]), dict(space=5, hand=["block"]))
    boost(d, "mortalglide", "grasp")
    assert d.space(P1) == 2
    assert _next(d) == P1


# --- Mortal Slide / Godlike ------------------------------------------------------------


def test_gordeau_mortal_slide_hit_pull_after_range_gain_advantage() -> None:
    """Gordeau, Mortal Slide: hit: pull 4; after: [if range 1] gain_advantage. From 1
    against Ryu on 6 it hits Block for 1, pulls him to 2 (range 1): Gordeau acts next."""
    d = gordeau(dict(space=1, hand=["mortalslide"]), dict(space=6, hand=["block"]))
    d.strike("mortalslide", "block")
    assert d.life(P2) == 29
    assert d.space(P2) == 2
    assert _next(d) == P1


def test_gordeau_mortal_slide_after_not_range_1_no_advantage() -> None:
    """Gordeau, Mortal Slide: pulled only to range 2 (from 7 to 3), no advantage."""
    d = gordeau(dict(space=1, hand=["mortalslide"]), dict(space=7, hand=["block"]))
    d.strike("mortalslide", "block")
    assert d.space(P2) == 3
    assert _next(d) == P2


def test_gordeau_godlike_during_strike_powerup_after_hit_opponent_gauge_for_effect_sustain_this() -> None:
    """Gordeau, Godlike (Mortal Slide boost): +2 power; after, if he hit, 2 gauge to
    sustain it. Precise Aim 4 + 2 hits Block for 4; paying 2 gauge keeps Godlike."""
    d = gordeau(dict(space=4, hand=["preciseaim"], gauge=["grasp", "cross"],
                     boosts=["mortalslide"]),
                dict(space=5, hand=["block"]))
    d.strike("preciseaim", "block")
    assert d.life(P2) == 26
    d.expect(PayGaugeRequest, P1)
    d.pay("grasp", "cross")
    assert d.zone(P1, Zone.BOOSTS) == ["Mortal Slide"]


def test_gordeau_godlike_declined_is_discarded() -> None:
    """Gordeau, Godlike: declining the 2 gauge, the boost goes at cleanup."""
    d = gordeau(dict(space=4, hand=["preciseaim"], gauge=["grasp", "cross"],
                     boosts=["mortalslide"]),
                dict(space=5, hand=["block"]))
    d.strike("preciseaim", "block")
    d.decline()
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Mortal Slide" in d.zone(P1, Zone.DISCARD)


# --- Precise Aim / Tactical ------------------------------------------------------------


def test_gordeau_precise_aim_hit_push() -> None:
    """Gordeau, Precise Aim: hit: push 3 (Ryu from 6 to 9, range 2)."""
    d = gordeau(dict(space=4, hand=["preciseaim"]), dict(space=6, hand=["block"]))
    d.strike("preciseaim", "block")
    assert d.life(P2) == 28
    assert d.space(P2) == 9


def test_gordeau_tactical_now_choice_advance() -> None:
    """Gordeau, Tactical (Precise Aim boost): now: advance 1 or retreat 1 (3 -> 4); the
    boost stays in play and Ryu's turn follows."""
    d = gordeau(dict(space=3, hand=["preciseaim", "grasp"]), dict(space=5, hand=["block"]))
    boost(d, "preciseaim")
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.BOOSTS) == ["Precise Aim"]
    assert _next(d) == P2


def test_gordeau_tactical_during_strike_speedup() -> None:
    """Gordeau, Tactical: +1 speed in a strike. Defending with the uni Grasp (7 + 1)
    against Ryu's Grasp (7), Gordeau goes first."""
    d = gordeau(dict(space=4, hand=["grasp"], boosts=["preciseaim"]),
                dict(space=5, hand=["grasp"]), active=P2)
    d.strike("grasp", "grasp")
    assert d.events(ev.PriorityDetermined)[0].first == P1


# --- Rusty Nail / Assimilation ---------------------------------------------------------


def test_gordeau_rusty_nail_after_opponent_stunned_choice_retreat() -> None:
    """Gordeau, Rusty Nail (1 gauge): after: [if opponent_stunned] advance 2 or retreat
    2. With Godlike (+2) it hits Ryu's Spike (guard 4) for 5 at range 3 and stuns him;
    Gordeau retreats 4 -> 2."""
    d = gordeau(dict(space=4, hand=["rustynail"], gauge=["grasp"], boosts=["mortalslide"]),
                dict(space=7, hand=["spike"]))
    d.act(Strike())
    d.set_attack(P1, "rustynail")
    d.set_attack(P2, "spike")
    d.pay("grasp")
    assert d.life(P2) == 25
    d.choose("retreat 2")
    assert d.space(P1) == 2


def test_gordeau_rusty_nail_opponent_not_stunned_no_choice() -> None:
    """Gordeau, Rusty Nail: Block is not stunned (3 - 2 = 1 < guard 3): no move."""
    d = gordeau(dict(space=4, hand=["rustynail"], gauge=["grasp"]),
                dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "rustynail")
    d.set_attack(P2, "block")
    d.pay("grasp")
    assert d.life(P2) == 29
    assert d.space(P1) == 4
    assert _next(d) == P2


def test_gordeau_assimilation_immediate_choice_advance_more_cards_than_opponent_bonus_action() -> None:
    """Gordeau, Assimilation (Rusty Nail boost): advance 2 or retreat 2; then, holding
    more cards than the opponent, a bonus action."""
    d = gordeau(dict(space=3, hand=["rustynail", "grasp", "cross"]),
                dict(space=7, hand=["block"]))
    boost(d, "rustynail")
    d.choose("advance 2")
    assert d.space(P1) == 5
    assert _next(d) == P1


def test_gordeau_assimilation_not_more_cards_than_opponent_no_bonus_action() -> None:
    """Gordeau, Assimilation: with as many cards as Ryu, no bonus action."""
    d = gordeau(dict(space=3, hand=["rustynail", "grasp"]),
                dict(space=7, hand=["block"]))
    boost(d, "rustynail")
    d.choose("retreat 2")
    assert d.space(P1) == 1
    assert _next(d) == P2


# --- Soul Exodus / Snatcher ------------------------------------------------------------


def test_gordeau_soul_exodus_hit_gain_advantage_opponent_discard_choose_per_discard_move_top_cards() -> None:
    """Gordeau, Soul Exodus (3 gauge): hit: gain_advantage, then Ryu discards 2 of his
    choice and, per card discarded, the top card of Gordeau's deck goes to Gordeau's
    gauge (roster.md: discard_effect add_top_deck_to_gauge {opponent}, resolved by the
    player who discarded, so {opponent} is Gordeau; the reference engine's own Soul
    Exodus tests say so). Ryu's deck and gauge are untouched (his Block goes to gauge at
    cleanup)."""
    d = gordeau(dict(space=4, hand=["soulexodus"], gauge=["grasp", "cross", "dive"],
                     deck=["spike", "sweep", "focus"]),
                dict(space=5, hand=["block", "cross", "dive", "spike"],
                     deck=["sweep", "focus", "grasp"]))
    d.act(Strike())
    d.set_attack(P1, "soulexodus")
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 30  # power 1 - armor 2
    d.discard(P2, "cross", "spike")
    d.decline()  # Block's force-for-armor
    assert d.zone(P2, Zone.HAND) == ["Dive"]
    assert d.zone(P1, Zone.GAUGE) == ["Spike", "Sweep", "Soul Exodus"]
    assert d.zone(P2, Zone.GAUGE) == ["Block"]  # Block: at cleanup
    assert d.zone(P2, Zone.DECK)[:3] == ["Sweep", "Focus", "Grasp"]
    assert _next(d) == P1


def test_gordeau_snatcher_immediate_range_reveal_hand_choose_opponent_card_to_discard_draw() -> None:
    """Gordeau, Snatcher (Soul Exodus boost): at range 1, Ryu reveals his hand, Gordeau
    picks the card he discards, then draws 1 (and 1 more at the end of his turn)."""
    d = gordeau(dict(space=4, hand=["soulexodus"], deck=["grasp", "grasp"]),
                dict(space=5, hand=["block", "hadoken", "dive"]))
    boost(d, "soulexodus")
    assert d.events(ev.HandRevealed)[0].player == P2
    request = d.expect(SelectCardsRequest, P1)
    assert len(request.candidates) == 3
    d.select(P1, "hadoken")
    assert d.zone(P2, Zone.HAND) == ["Block", "Dive"]
    assert d.zone(P2, Zone.DISCARD) == ["Hadoken"]
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Grasp"]  # Snatcher's, then end of turn


def test_gordeau_snatcher_not_range_1_nothing() -> None:
    """Gordeau, Snatcher: not at range 1, no reveal, no discard, no draw."""
    d = gordeau(dict(space=3, hand=["soulexodus"], deck=["grasp"]),
                dict(space=5, hand=["block", "hadoken"]))
    boost(d, "soulexodus")
    assert not d.events(ev.HandRevealed)
    assert d.zone(P2, Zone.HAND) == ["Block", "Hadoken"]
    assert d.zone(P1, Zone.HAND) == ["Grasp"]  # only the end-of-turn draw


# --- Turbulence / Devourer -------------------------------------------------------------


def test_gordeau_turbulence_not_initiated_strike_speedup_after_close() -> None:
    """Gordeau, Turbulence (3 gauge): defending, +2 speed (3 + 2 beats Ryu's Spike, 3);
    it hits for 6 and stuns; after: close 3 (Gordeau 2 -> 4, next to Ryu on 5)."""
    d = gordeau(dict(space=2, hand=["turbulence"], gauge=["grasp", "cross", "dive"]),
                dict(space=5, hand=["spike"]), active=P2)
    d.act(Strike())
    d.set_attack(P2, "spike")
    d.set_attack(P1, "turbulence")
    d.pay("grasp", "cross", "dive")  # the defender's costs
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.life(P2) == 24
    assert d.space(P1) == 4


def test_gordeau_devourer_during_strike_speedup_before_powerup_per_opponent_cards_in_hand() -> None:
    """Gordeau, Devourer (Turbulence boost): +1 speed; before: +1 power per 2 cards in
    Ryu's hand (5 cards: +2). Precise Aim 4 + 2 hits Block for 4."""
    d = gordeau(dict(space=4, hand=["preciseaim"], boosts=["turbulence"]),
                dict(space=5, hand=["block", "grasp", "cross", "dive", "spike", "sweep"]))
    d.strike("preciseaim", "block")
    d.decline()  # Block's force-for-armor
    assert d.life(P2) == 26
