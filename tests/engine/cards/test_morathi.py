"""Morathi (Red Horizon): every attack and boost, his ability (a wild swing waits until
his set effects: he may draw first), his exceed ability (look at the top cards before
the delayed wild swing), and Shadow of Death's card rule (a wild swing he cannot pay
goes to hand).

Card facts: roster.md, "Morathi". Morathi is P1 and Ryu P2; Ryu mostly answers with
Block (power 0, speed 0, armor 2, guard 3, never hits). A test's name contains the
effect and condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, deck_cards, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    ChooseOption,
    DiscardRequest,
    PayForceRequest,
    PayGaugeRequest,
    SelectCardsRequest,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("morathi", "ryu")


def morathi(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Morathi as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat) -> list[tuple[object, int]]:
    return [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is stat]


def _option(index: int) -> ChooseOption:
    return ChooseOption(index=index)


def _no_armor(d: Driver) -> None:
    """Ryu's Block, hit: he spends no force for armor (if he was asked)."""
    if isinstance(d.pending, PayForceRequest) and d.pending.player == P2:
        d.decline()


def _wild(d: Driver) -> None:
    """Morathi takes the Strike action and chooses to wild swing."""
    d.expect(ActionRequest, P1)
    d.act(Strike())
    d.set_attack(P1, "wild")


# --- ability: the delayed wild swing ------------------------------------------------


def test_morathi_ability_was_wild_swing_min_cards_in_deck_draw_then_strike_wild() -> None:
    """Morathi's ability: set_strike: [if was_wild_swing] pass, then [if
    min_cards_in_deck 1] choice draw 1, then strike_wild auto_delayed_strike |
    strike_wild auto_delayed_strike.

    Choosing to wild swing turns nothing over yet; he draws the top card (Grasp) and
    swings the next (Dive), before Ryu responds. Assault (4 power) hits Block for 2.
    """
    d = morathi(dict(space=4, hand=["focus"], deck=["grasp", "assault", "cross"]),
                dict(space=5, hand=["block"]))
    _wild(d)
    assert d.events(ev.WildSwingDelayed) == [ev.WildSwingDelayed(player=P1)]
    assert d.side(P1).wild and d.side(P1).cards == []
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 2
    d.act(_option(0))
    assert d.zone(P1, Zone.HAND) == ["Focus", "Grasp"]
    assert d.names(d.side(P1).cards) == ["Assault"]
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, "block")
    _no_armor(d)
    assert d.life(P2) == 28
    assert d.zone(P1, Zone.GAUGE) == ["Assault"]
    assert _next(d) == P1  # Assault: hit: gain_advantage


def test_morathi_ability_strike_wild_without_drawing() -> None:
    """Morathi's ability, the second option: strike_wild auto_delayed_strike without
    drawing: the wild swing is the top card (Grasp); his hand is unchanged."""
    d = morathi(dict(space=4, hand=["focus"], deck=["grasp", "spike", "cross"]),
                dict(space=5, hand=["block"]))
    _wild(d)
    d.act(_option(1))
    assert d.zone(P1, Zone.HAND) == ["Focus"]
    assert d.names(d.side(P1).cards) == ["Grasp"]
    assert d.zone(P1, Zone.DECK)[:2] == ["Spike", "Cross"]


def test_morathi_ability_not_min_cards_in_deck_swing_after_set_effects() -> None:
    """Morathi's ability with an empty deck: [if min_cards_in_deck 1] fails, no choice is
    offered, and the delayed wild swing is still made once his set effects are done (the
    rule of ``delayed_wild_swing``): the deck is reshuffled from the discard pile."""
    d = morathi(dict(space=4, hand=["focus"], deck=[], deck_rest="none",
                     discard=deck_cards("morathi", "focus")),
                dict(space=5, hand=["block"]))
    _wild(d)
    assert not d.events(ev.CardMoved)
    assert len(d.events(ev.DeckReshuffled)) == 1
    assert d.side(P1).wild and len(d.side(P1).cards) == 1
    assert len(d.p(P1).deck) == 28
    d.expect(SetAttackRequest, P2)


def test_morathi_ability_was_wild_swing_as_defender() -> None:
    """Morathi's ability when he answers a strike with a wild swing: his set effects run
    after his response (effects.md, strike order 5), so he may draw first there too.
    Ryu's Focus (speed 1) against Morathi's swung Grasp (speed 7, after drawing Dive)."""
    d = morathi(dict(space=4, hand=["cross"], deck=["dive", "grasp", "spike"]),
                dict(space=5, hand=["focus"]), active=P2)
    d.act(Strike())
    d.set_attack(P2, "focus")
    d.set_attack(P1, "wild")
    d.expect(ChoiceRequest, P1)
    d.act(_option(0))
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive"]
    assert d.names(d.side(P1).cards) == ["Grasp"]
    assert d.events(ev.AttacksRevealed)


def test_morathi_set_attack_from_hand_is_not_delayed() -> None:
    """Morathi's ability only fires on a wild swing (was_wild_swing): setting Grasp from
    hand asks nothing and Ryu responds at once."""
    d = morathi(dict(space=4, hand=["grasp"], deck=["spike"]), dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "grasp")
    d.expect(SetAttackRequest, P2)
    assert not d.events(ev.WildSwingDelayed)


# --- exceed ability -------------------------------------------------------------------


def test_morathi_exceed_choose_cards_from_top_deck_discard_then_add_to_hand() -> None:
    """Morathi's exceed ability: set_strike: [if was_wild_swing] pass, then [if
    min_cards_in_deck 3] choose_cards_from_top_deck 3 discard; then [if
    min_cards_in_deck 2] choose_cards_from_top_deck 2 add_to_hand.

    Top: Grasp, Spike, Cross, Dive. He discards Spike, takes Grasp into his hand, and
    his delayed wild swing is then the next card, Cross.
    """
    d = morathi(dict(space=4, hand=["focus"], deck=["grasp", "spike", "cross", "dive"],
                     exceeded=True),
                dict(space=5, hand=["block"]))
    _wild(d)
    d.select(P1, "spike")
    assert d.zone(P1, Zone.DISCARD) == ["Spike"]
    request = d.expect(SelectCardsRequest, P1)
    assert d.names(request.candidates) == ["Grasp", "Cross"]
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.HAND) == ["Focus", "Grasp"]
    assert d.names(d.side(P1).cards) == ["Cross"]
    assert d.zone(P1, Zone.DECK)[0] == "Dive"


# --- Gyro Chain Gash / Casting Bones ----------------------------------------------------


def test_morathi_gyrochaingash_close_hit_min_cards_in_hand_discard_random_powerup_opponent_discard_choose() -> None:
    """Gyro Chain Gash: before: close 2; hit: [if min_cards_in_hand 3] choice
    discard_random N, then powerup N, then opponent_discard_choose N (N = 1..3) | pass.

    From 3 to 5 next to Ryu (6). With three cards left he discards 2 at random for +2
    power (4 - 2 armor = 2 damage), and Ryu chooses 2 of his 3 cards to discard.
    """
    d = morathi(dict(space=3, hand=["gyrochaingash", "focus", "dive", "cross"]),
                dict(space=6, hand=["block", "grasp", "spike", "dive"]))
    d.strike("gyrochaingash", "block")
    assert d.space(P1) == 5
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 4
    d.act(_option(1))
    assert len(d.p(P1).hand) == 1
    assert _mods(d, Stat.POWER) == [(P1, 2)]
    discard = d.expect(DiscardRequest, P2)
    assert discard.count == 2
    d.discard(P2, "grasp", "spike")
    assert d.zone(P2, Zone.HAND) == ["Dive"]
    _no_armor(d)
    assert d.life(P2) == 28


def test_morathi_gyrochaingash_else_fewer_cards_in_hand() -> None:
    """Gyro Chain Gash with one card in hand: the else branch [if min_cards_in_hand 1]
    offers only discard 1 | pass; he passes and hits Block for 0."""
    d = morathi(dict(space=3, hand=["gyrochaingash", "focus"]),
                dict(space=5, hand=["block", "grasp"]))
    d.strike("gyrochaingash", "block")
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 2
    d.act(_option(1))
    assert d.zone(P1, Zone.HAND) == ["Focus"]
    _no_armor(d)
    assert d.life(P2) == 30


def test_morathi_casting_bones_choose_cards_from_top_deck_add_to_topdeck_under() -> None:
    """Casting Bones (Gyro Chain Gash boost, continuous, 2 force): now: [if
    min_cards_in_deck 3] choose_cards_from_top_deck 3 add_to_topdeck_under_2; [if
    min_cards_in_deck 2] choose_cards_from_top_deck 2 add_to_topdeck_under.

    Top Grasp, Spike, Cross: Grasp goes under the other two (Spike, Cross, Grasp), then
    Spike under Cross (Cross, Spike, Grasp); he draws Cross at the end of his turn.
    """
    d = morathi(dict(space=3, hand=["gyrochaingash", "focus", "dive"],
                     deck=["grasp", "spike", "cross", "sweep"]),
                dict(space=7))
    boost(d, "gyrochaingash", "focus", "dive")
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.DECK)[:3] == ["Spike", "Cross", "Grasp"]
    d.select(P1, "spike")
    assert d.zone(P1, Zone.DECK)[:2] == ["Spike", "Grasp"]
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.zone(P1, Zone.BOOSTS) == ["Gyro Chain Gash"]
    assert _next(d) == P2


def test_morathi_casting_bones_during_strike_powerup_speedup() -> None:
    """Casting Bones: during_strike: powerup 1, speedup 1 while it is in play."""
    d = morathi(dict(space=4, hand=["grasp"], boosts=["gyrochaingash"], deck=["spike"]),
                dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    assert (P1, 1) in _mods(d, Stat.POWER) and (P1, 1) in _mods(d, Stat.SPEED)


# --- Ivory Ghost Charge / Ruby Pact ------------------------------------------------------


def test_morathi_ivoryghostcharge_was_hit_close() -> None:
    """Ivory Ghost Charge (speed 3, guard 5): before: [if was_hit] close 3.

    Ryu's Cross (speed 6) goes first, hits from 2 for 3 (no stun) and retreats 3 (6 to
    9); hit, Morathi closes 3 (4 to 7) and hits from 2 for 5.
    """
    d = morathi(dict(space=4, hand=["ivoryghostcharge"]), dict(space=6, hand=["cross"]),
                active=P2)
    d.expect(ActionRequest, P2)
    d.act(Strike())
    d.set_attack(P2, "cross")
    d.set_attack(P1, "ivoryghostcharge")
    assert d.life(P1) == 27
    assert d.space(P1) == 7
    _no_armor(d)
    assert d.life(P2) == 25


def test_morathi_ivoryghostcharge_not_was_hit_stays() -> None:
    """Ivory Ghost Charge: not hit (Ryu blocks), no close; from 2 against 5 it misses."""
    d = morathi(dict(space=2, hand=["ivoryghostcharge"]), dict(space=5, hand=["block"]))
    d.strike("ivoryghostcharge", "block")
    assert d.space(P1) == 2
    _no_armor(d)
    assert d.life(P2) == 30


def test_morathi_ruby_pact_during_strike_powerup() -> None:
    """Ruby Pact (Ivory Ghost Charge boost, continuous, free): during_strike: powerup 2.
    Grasp (3) + 2 hits Block for 3."""
    d = morathi(dict(space=4, hand=["ivoryghostcharge", "grasp"], deck=["spike"]),
                dict(space=5, hand=["block"]))
    boost(d, "ivoryghostcharge")
    d.expect(ActionRequest, P2)
    d.act(Strike())
    d.set_attack(P2, "block")
    d.set_attack(P1, "grasp")
    assert (P1, 2) in _mods(d, Stat.POWER)


# --- Ivory Ghost Impalement / Obsidian Pact ---------------------------------------------


def test_morathi_ivoryghostimpalement_was_hit_powerup() -> None:
    """Ivory Ghost Impalement (speed 2): before: [if was_hit] powerup 3. Hit first by
    Assault (closing 2 to 4), it strikes back for 4 + 3 = 7."""
    d = morathi(dict(space=3, hand=["ivoryghostimpalement"]), dict(space=5, hand=["assault"]),
                active=P2)
    d.act(Strike())
    d.set_attack(P2, "assault")
    d.set_attack(P1, "ivoryghostimpalement")
    assert (P1, 3) in _mods(d, Stat.POWER)
    _no_armor(d)
    assert d.life(P2) == 23


def test_morathi_obsidian_pact_during_strike_speedup() -> None:
    """Obsidian Pact (Ivory Ghost Impalement boost, continuous, free): speedup 2."""
    d = morathi(dict(space=4, hand=["ivoryghostimpalement", "grasp"], deck=["spike"]),
                dict(space=5, hand=["block"]))
    boost(d, "ivoryghostimpalement")
    d.act(Strike())
    d.set_attack(P2, "block")
    d.set_attack(P1, "grasp")
    assert (P1, 2) in _mods(d, Stat.SPEED)


# --- Neck Snapper / Crushing Might ---------------------------------------------------------


def test_morathi_necksnapper_discard_random_record_close_hit_opponent_discard_choose() -> None:
    """Neck Snapper: before: [if min_cards_in_hand 3] choice discard_random N
    record_discarded_amount, then close N | pass; hit: opponent_discard_choose
    cards_discarded_this_strike.

    He discards 2 at random and closes 2 (3 -> 5, Ryu on 6); the hit makes Ryu discard
    2 cards of his choice (the number recorded this strike).
    """
    d = morathi(dict(space=3, hand=["necksnapper", "focus", "dive", "cross"]),
                dict(space=6, hand=["block", "grasp", "spike", "dive"]))
    d.strike("necksnapper", "block")
    d.act(_option(1))
    assert d.events(ev.DiscardsRecorded) == [ev.DiscardsRecorded(player=P1, amount=2)]
    assert d.space(P1) == 5
    assert d.expect(DiscardRequest, P2).count == 2
    d.discard(P2, "grasp", "dive")
    assert d.zone(P2, Zone.HAND) == ["Spike"]
    _no_armor(d)
    assert d.life(P2) == 28


def test_morathi_necksnapper_pass_records_nothing() -> None:
    """Neck Snapper, passing: nothing recorded, so cards_discarded_this_strike is 0 and
    the hit makes Ryu discard nothing (he is already adjacent)."""
    d = morathi(dict(space=4, hand=["necksnapper", "focus"]),
                dict(space=5, hand=["block", "grasp"]))
    d.strike("necksnapper", "block")
    d.act(_option(1))
    _no_armor(d)
    assert d.life(P2) == 28
    assert d.zone(P2, Zone.HAND) == ["Grasp"]
    assert _next(d) == P2


def test_morathi_crushing_might_during_strike_powerup_speedup() -> None:
    """Crushing Might (Neck Snapper boost, continuous, 1 force): powerup 1, speedup 1."""
    d = morathi(dict(space=4, hand=["grasp"], boosts=["necksnapper"], deck=["spike"]),
                dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    assert (P1, 1) in _mods(d, Stat.POWER) and (P1, 1) in _mods(d, Stat.SPEED)


# --- Revenger / Fates Crossing ----------------------------------------------------------------


def test_morathi_revenger_hit_opponent_discard_random_top_discard_to_gauge() -> None:
    """Revenger: hit: opponent_discard_random 2, then the top card of his discard pile
    goes to his gauge (move_top_cards discard to gauge 1)."""
    d = morathi(dict(space=3, hand=["revenger"], discard=["dive", "focus"]),
                dict(space=6, hand=["block", "grasp", "spike", "cross"]))
    d.strike("revenger", "block")
    _no_armor(d)
    assert len(d.p(P2).hand) == 1
    assert d.zone(P1, Zone.GAUGE) == ["Focus", "Revenger"]
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    _no_armor(d)
    assert d.life(P2) == 27


def test_morathi_fates_crossing_strike_wild_opponent_forced_wild() -> None:
    """Fates Crossing (Revenger boost, immediate, 3 force): strike_wild
    opponent_forced_wild. Morathi strikes with a wild swing (delayed: his ability still
    lets him draw first) and Ryu must wild swing too (no attack choice)."""
    d = morathi(dict(space=4, hand=["revenger", "focus", "dive", "cross"],
                     deck=["grasp", "spike"]),
                dict(space=5, hand=["block"], deck=["sweep", "grasp"]))
    boost(d, "revenger", "focus", "dive", "cross")
    assert d.events(ev.StrikeStarted)
    d.act(_option(1))
    assert d.names(d.side(P1).cards) == ["Grasp"]
    assert d.side(P2).wild
    assert d.names(d.side(P2).cards) == ["Sweep"]
    assert d.zone(P2, Zone.HAND) == ["Block"]


# --- God of War / Power Overwhelming ------------------------------------------------------------


def test_morathi_godofwar_close_hit_discard_random_opponent_discard_random() -> None:
    """God of War (ultra, 3 gauge): before: close 2; hit: discard_random 3, then
    opponent_discard_random 3: both players discard 3 random cards."""
    d = morathi(dict(space=3, hand=["godofwar", "focus", "dive", "cross", "spike"],
                     gauge=["grasp", "grasp", "sweep"]),
                dict(space=6, hand=["block", "grasp", "spike", "cross", "dive"]))
    d.strike("godofwar", "block")
    d.pay("grasp", "grasp", "sweep")
    assert d.space(P1) == 5
    assert len(d.p(P1).hand) == 1
    assert len(d.p(P2).hand) == 1
    _no_armor(d)
    assert d.life(P2) == 25


def test_morathi_power_overwhelming_during_strike_powerup_speedup() -> None:
    """Power Overwhelming (God of War boost, continuous, 3 force): powerup 3, speedup 2."""
    d = morathi(dict(space=4, hand=["grasp"], boosts=["godofwar"], deck=["spike"]),
                dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    assert (P1, 3) in _mods(d, Stat.POWER) and (P1, 2) in _mods(d, Stat.SPEED)


# --- Shadow of Death / Intimidation -----------------------------------------------------------------


def test_morathi_shadowofdeath_paid_hits_hard() -> None:
    """Shadow of Death (ultra, 8 gauge; range 1, power 15, speed 8): paid from hand it
    hits Block for 13 and stuns."""
    gauge = ["grasp", "grasp", "cross", "cross", "dive", "dive", "spike", "spike"]
    d = morathi(dict(space=4, hand=["shadowofdeath"], gauge=gauge),
                dict(space=5, hand=["block"]))
    d.strike("shadowofdeath", "block")
    d.pay(*gauge)
    _no_armor(d)
    assert d.life(P2) == 17
    assert d.events(ev.PlayerStunned)


def test_morathi_shadowofdeath_on_invalid_wild_swing_invalid_not_declined_replace_wild_swing() -> None:
    """Shadow of Death's card rule: on_invalid: [if wild_swing_invalid_not_declined]
    replace_wild_swing hand, then move_top_cards discard to gauge 2.

    Wild-swung with 1 gauge it cannot be paid: it goes to his hand instead of the
    discard pile, the top two of his discard pile (Dive, Focus) go to gauge, and he
    wild swings again (Assault: 4 - 2 armor = 2 damage).
    """
    d = morathi(dict(space=4, hand=[], gauge=["grasp"], discard=["cross", "dive", "focus"],
                     deck=["shadowofdeath", "assault", "sweep"]),
                dict(space=5, hand=["block"]))
    _wild(d)
    d.act(_option(1))
    d.set_attack(P2, "block")
    assert d.zone(P1, Zone.HAND) == ["Shadow of Death"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
    assert d.name(d.events(ev.WildSwingRevealed)[0].card) == "Assault"
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Focus", "Dive", "Assault"]
    _no_armor(d)
    assert d.life(P2) == 28


def test_morathi_shadowofdeath_declined_is_discarded() -> None:
    """Shadow of Death wild-swung with 8 gauge: he may pay; declining makes it invalid by
    his choice, so the card rule does not apply: it is discarded as usual."""
    gauge = ["grasp", "grasp", "cross", "cross", "dive", "dive", "spike", "spike"]
    d = morathi(dict(space=4, hand=[], gauge=gauge, deck=["shadowofdeath", "sweep"]),
                dict(space=5, hand=["block"]))
    _wild(d)
    d.act(_option(1))
    d.set_attack(P2, "block")
    request = d.expect(PayGaugeRequest, P1)
    assert request.optional
    d.decline()
    assert d.zone(P1, Zone.DISCARD)[0] == "Shadow of Death"
    assert "Shadow of Death" not in d.zone(P1, Zone.HAND)
    assert len(d.p(P1).gauge) >= 8


def test_morathi_intimidation_range_discard_hand_opponent() -> None:
    """Intimidation (Shadow of Death boost, immediate, 4 force): [if range 1]
    discard_hand, then discard_hand opponent: both hands are emptied."""
    d = morathi(dict(space=4, hand=["shadowofdeath", "focus", "dive", "cross", "spike"],
                     deck=["grasp", "sweep"]),
                dict(space=5, hand=["block", "grasp"]))
    boost(d, "shadowofdeath", "focus", "dive", "cross", "spike")
    assert d.zone(P2, Zone.HAND) == []
    assert d.zone(P2, Zone.DISCARD) == ["Block", "Grasp"]
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_morathi_intimidation_not_range_nothing() -> None:
    """Intimidation at range 2: the condition fails and nobody discards."""
    d = morathi(dict(space=3, hand=["shadowofdeath", "focus", "dive", "cross", "spike", "sweep"],
                     deck=["grasp"]),
                dict(space=5, hand=["block", "grasp"]))
    boost(d, "shadowofdeath", "focus", "dive", "cross", "spike")
    assert d.zone(P2, Zone.HAND) == ["Block", "Grasp"]
    assert d.zone(P1, Zone.HAND) == ["Sweep", "Grasp"]
