"""Hakumen (BlazBlue): every special, ultra, boost and his Astral Heat, his ability (the
Astral Heat on a manual reshuffle; the top deck card to gauge after the end-of-turn
draw), his kicker (``on_exceed``: the discard pile shuffled into the deck for free, then
his gauge costs become free), his overdrive effect (an overdrive card to hand: the shared
``cards_from_overdrive``) and his ``on_revert`` (the free gauge ends).

Card facts: roster.md, "Hakumen". Hakumen is P1 and Ryu P2 (Ryu's gauge stays empty,
so his Critical is never offered). A test's name contains the effect and condition tags
it exercises (the handler-coverage meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, position, redacted

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    Discard,
    DiscardRequest,
    Exceed,
    IllegalDecision,
    PayForceRequest,
    PayGaugeRequest,
    Prepare,
    Reshuffle,
    SelectCards,
    SelectCardsRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat, gauge_cost_reduction
from engine.knowledge.views import HIDDEN

CHARS = ("hakumen", "ryu")
G4 = ["grasp", "grasp", "cross", "cross"]
G8 = [*G4, "dive", "dive", "spike", "spike"]


def hakumen(p1: dict[str, Any], p2: dict[str, Any] | None = None, active: Any = P1) -> Driver:
    """A position with Hakumen as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2 or {}, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def test_hakumen_deck_has_30_cards_and_akumetsu_set_aside() -> None:
    """roster.md, Hakumen's deck: 30 cards (the standard Normals and his 7 cards x2),
    Akumetsu (his Astral Heat) set aside: 31 in all; exceed cost 8, BlazBlue."""
    deck = CATALOG.deck_list("hakumen")
    assert len(deck) == 30
    assert deck.count("hakumen_enma") == 2 and deck.count("standard_normal_block") == 2
    assert "hakumen_akumetsu" not in deck
    char = CATALOG.character("hakumen")
    assert [(e.card, e.copies) for e in char.set_aside] == [("hakumen_akumetsu", 1)]
    assert char.exceed_cost == 8 and char.season.value == "blazblue"
    assert len(CATALOG.game_cards("hakumen")) == 31
    akumetsu = CATALOG.card("hakumen_akumetsu")
    assert (akumetsu.gauge_cost, akumetsu.power, akumetsu.speed) == (8, 10, 0)


# --- specials ----------------------------------------------------------------------------


def test_enma_gauge_for_effect_required_close() -> None:
    """Enma (range 1, power 4, speed 6): ``before: gauge_for_effect 1 {required}: close
    1``. Hakumen (3) and Ryu (5): the payment is not optional; he pays, closes to 4 and
    hits Ryu's Block (armor 2) for 2."""
    d = hakumen(dict(space=3, hand=["enma"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("enma", "block")
    request = d.expect(PayGaugeRequest, P1)
    assert not request.optional and request.amount == 1
    d.pay("grasp")
    assert d.space(P1) == 4
    assert d.life(P2) == 28
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_enma_gauge_for_effect_required_without_gauge_does_nothing() -> None:
    """Enma without gauge: the required payment cannot be made, so no close: range 2,
    Enma (range 1) misses; Ryu's life stays 30."""
    d = hakumen(dict(space=3, hand=["enma"]), dict(space=5, hand=["block"]))
    d.strike("enma", "block")
    assert d.space(P1) == 3 and d.life(P2) == 30


def test_fuumajin_dodge_at_range_cleanup_range_multiple_force_for_effect_sustain_this() -> None:
    """Fuumajin (Enma's boost, continuous): ``during_strike: dodge_at_range 4-5``;
    ``cleanup: [if range_multiple 4..5] force_for_effect 1: sustain_this``. At range 4
    Ryu's Hadoken (3-6) misses Hakumen; at cleanup he pays 1 force and the boost stays."""
    d = hakumen(dict(space=1, hand=["focus", "dive"], boosts=["enma"]),
                dict(space=5, hand=["hadoken"]))
    d.strike("focus", "hadoken")
    assert d.life(P1) == 30
    d.pay("dive")
    assert d.zone(P1, Zone.BOOSTS) == ["Enma"]
    assert "Dive" in d.zone(P1, Zone.DISCARD)


def test_fuumajin_range_multiple_false_outside_4_to_5_boost_discarded() -> None:
    """Fuumajin at range 2 (not 4..5): no force is asked at cleanup; the boost is
    discarded as usual, and Ryu's Spike (2-3, ignoring armor) is not dodged."""
    d = hakumen(dict(space=3, hand=["block", "dive"], boosts=["enma"]),
                dict(space=5, hand=["spike"]))
    d.strike("block", "spike")
    d.decline()  # Block's force for armor (Spike ignores armor anyway)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Enma" in d.zone(P1, Zone.DISCARD)
    assert d.life(P1) == 25 and _next(d) == P2


def test_guren_hit_gauge_for_effect_gain_advantage_choice_close() -> None:
    """Guren (range 1-4, power 3, speed 5): ``hit: gauge_for_effect 1 {required}:
    gain_advantage, then close 1 | close 2``. Range 3: it hits, he pays, closes 2 and
    acts next."""
    d = hakumen(dict(space=2, hand=["guren"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("guren", "block")
    d.pay("grasp")
    d.choose("close 2")
    assert d.space(P1) == 4
    assert d.life(P2) == 29
    assert _next(d) == P1


def test_tsubaki_gauge_for_effect_per_gauge_powerup() -> None:
    """Tsubaki (Guren's boost, continuous): ``before: gauge_for_effect`` up to 3 gauge,
    +1 power each. Hakumen spends 2 gauge: Grasp hits Block for 3+2-2 = 3."""
    d = hakumen(dict(space=4, hand=["grasp"], gauge=["cross", "dive"], boosts=["guren"]),
                dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("spend 2 gauge")
    d.pay("cross", "dive")
    d.choose("push 1")
    assert d.life(P2) == 27


def test_renka_hit_gauge_for_effect_required_choice_push() -> None:
    """Renka (range 1-2, power 4, armor 1): ``hit: gauge_for_effect 1 {required}: push 1 |
    push 2``. It hits Block for 2 and pushes Ryu 5 -> 7."""
    d = hakumen(dict(space=4, hand=["renka"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("renka", "block")
    d.pay("grasp")
    d.choose("push 2")
    assert d.space(P2) == 7 and d.life(P2) == 28


def test_reach_rangeup_strike() -> None:
    """Reach (Renka's boost, continuous, 1 force): ``during_strike: rangeup 0/1``; ``now:
    strike``. Boosted (paying Dive), it starts a strike; Grasp (range 1) reaches 2."""
    d = hakumen(dict(space=3, hand=["renka", "dive", "grasp"]), dict(space=5, hand=["block"]))
    boost(d, "renka", "dive")
    d.respond(P1, "grasp", "block")
    d.choose("push 1")
    assert d.life(P2) == 29


def test_yanagi_before_gauge_for_effect_close_hit_was_hit_powerup() -> None:
    """Yanagi (range 1-2, power 3, speed 3, guard 5): ``before: gauge_for_effect 1
    {required}: close 2``; ``hit: [if was_hit] powerup 2``. Ryu's faster Grasp hits
    first (3 damage, guard 5: no stun) and pushes Hakumen 4 -> 3; Yanagi then closes
    back to range 1 and hits for 3+2 = 5."""
    d = hakumen(dict(space=4, hand=["yanagi"], gauge=["grasp"]), dict(space=5, hand=["grasp"]),
                active=P2)
    d.strike("grasp", "yanagi")
    d.choose("push 1")
    assert d.space(P1) == 3
    d.pay("grasp")
    assert d.space(P1) == 4
    assert d.life(P1) == 27 and d.life(P2) == 25


def test_agito_hit_choice_advance_opponent_discard_random() -> None:
    """Agito (Yanagi's boost, continuous): ``hit: advance 1, then opponent_discard_random
    1 | opponent_discard_random 1``. Grasp hits and pushes Ryu 4 -> 5; Hakumen advances
    3 -> 4 and Ryu discards his one card in hand (Dive) at random."""
    d = hakumen(dict(space=3, hand=["grasp"], boosts=["yanagi"]),
                dict(space=4, hand=["block", "dive"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    d.choose("advance")
    assert d.space(P1) == 4
    assert d.zone(P2, Zone.HAND) == [] and d.zone(P2, Zone.DISCARD) == ["Dive"]


def test_zantetsu_before_gauge_for_effect_ignore_armor_hit_powerup() -> None:
    """Zantetsu (range 1-2, power 4, speed 2, guard 6): ``before: gauge_for_effect 1
    {required}: ignore_armor``; ``hit: gauge_for_effect 1 {required}: powerup 3``. Two
    payments: Block's armor is ignored and the hit deals 4+3 = 7."""
    d = hakumen(dict(space=4, hand=["zantetsu"], gauge=["grasp", "cross"]),
                dict(space=5, hand=["block"]))
    d.strike("zantetsu", "block")
    d.pay("grasp")
    d.pay("cross")
    assert d.life(P2) == 23


def test_kishuu_range_close_strike() -> None:
    """Kishuu (Zantetsu's boost, immediate): ``[if range 3] close 2, then strike``. At
    range 3 Hakumen closes to range 1 and strikes."""
    d = hakumen(dict(space=2, hand=["zantetsu", "grasp"]), dict(space=5, hand=["block"]))
    boost(d, "zantetsu")
    assert d.space(P1) == 4
    d.respond(P1, "grasp", "block")
    d.choose("push 1")
    assert d.life(P2) == 29


def test_kishuu_range_false_does_nothing() -> None:
    """Kishuu at range 2: nothing happens (no close, no strike): Ryu acts next."""
    d = hakumen(dict(space=3, hand=["zantetsu", "grasp"]), dict(space=5, hand=["block"]))
    boost(d, "zantetsu")
    assert d.space(P1) == 3 and _next(d) == P2


# --- ultras ------------------------------------------------------------------------------


def test_kokuujin_shippu_hit_range_multiple_powerup() -> None:
    """Kokuujin: Shippu (4 gauge, range 1-6, power 4, armor 2): ``hit: [if
    range_multiple 1..2] powerup 4``. At range 2 it hits Block for 8-2 = 6."""
    d = hakumen(dict(space=3, hand=["kokuujinshippu"], gauge=G4),
                dict(space=5, hand=["block"]))
    d.strike("kokuujinshippu", "block")
    d.pay(*G4)
    assert d.life(P2) == 24


def test_kokuujin_shippu_range_multiple_false_at_range_4() -> None:
    """Shippu at range 4: no +4; Block takes 4-2 = 2."""
    d = hakumen(dict(space=1, hand=["kokuujinshippu"], gauge=G4),
                dict(space=5, hand=["block"]))
    d.strike("kokuujinshippu", "block")
    d.pay(*G4)
    assert d.life(P2) == 28


def test_zanshin_stun_immunity_before_was_hit_powerup_add_boost_to_gauge_on_strike_cleanup() -> None:
    """Zanshin (Shippu's boost, continuous, 1 force): ``during_strike: stun_immunity``;
    ``before: [if was_hit] powerup 3, then add_boost_to_gauge_on_strike_cleanup``. Ryu's
    Sweep (6, faster) hits Hakumen's Focus (guard 5) without stunning him; Focus then
    hits for 4+3, Zanshin having gone to gauge as its before resolved."""
    d = hakumen(dict(space=4, hand=["focus"], boosts=["kokuujinshippu"]),
                dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "focus")
    assert d.life(P1) == 26  # Sweep 6 - Focus's armor 2
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.life(P2) == 23
    assert "Kokuujin: Shippu" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_zanshin_in_gauge_from_its_before_pays_gurens_hit() -> None:
    """Zanshin in play (``before: [if was_hit] powerup 3 +
    add_boost_to_gauge_on_strike_cleanup``); Hakumen's Guren (speed 5, ``hit:
    gauge_for_effect {required, overall_effect=(gain_advantage + choice <close 1 | close
    2>), gauge_max=1}``) with an empty gauge against Ryu's faster Grasp. effects.md:
    "Move this boost from play into your gauge (immediately by default ...)": Grasp hits
    first (push 1), Zanshin's before sends it to his gauge at once, and Guren's hit
    spends it (the one card in his gauge) for the advantage and a close. Held to cleanup
    (until 2 Dec 2026), his gauge was empty at the hit and Guren did nothing."""
    d = hakumen(dict(space=4, hand=["guren"], boosts=["kokuujinshippu"]),
                dict(space=5, hand=["grasp"]), active=P2)
    d.strike("grasp", "guren")
    d.choose("push 1")  # Grasp (speed 7) hits first: Hakumen 4 -> 3
    assert d.zone(P1, Zone.GAUGE) == ["Kokuujin: Shippu"]
    assert d.zone(P1, Zone.BOOSTS) == []
    d.pay("kokuujinshippu")  # Guren's hit: the 1 gauge its effect needs
    d.choose("close 1")
    assert d.space(P1) == 4 and d.space(P2) == 5
    assert d.life(P2) == 24  # Guren 3 + Zanshin's 3
    assert d.life(P1) == 27  # Grasp 3
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.zone(P1, Zone.GAUGE) == ["Guren"]  # Zanshin spent; Guren hit
    assert d.zone(P1, Zone.DISCARD) == ["Kokuujin: Shippu"]
    assert _next(d) == P1


def test_kokuujin_yukikaze_cannot_go_below_life_stun_immunity_was_hit_powerup_close_advance() -> None:
    """Kokuujin: Yukikaze (4 gauge, range 1, power 0, speed 2): ``during_strike:
    stun_immunity, cannot_go_below_life 1``; ``before: [if was_hit] powerup 6, then close
    8``; ``hit: advance 2``. Hakumen at 3 life takes Ryu's Sweep (6) from range 3: he
    stays at 1 life, unstunned, then closes and hits for 6, and advances past Ryu."""
    d = hakumen(dict(space=2, life=3, hand=["kokuujinyukikaze"], gauge=G4),
                dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "kokuujinyukikaze")
    d.pay(*G4)
    assert d.life(P1) == 1 and d.state.winner is None
    assert d.life(P2) == 24
    assert d.space(P1) == 6 or d.space(P1) > d.space(P2)
    [floor] = d.events(ev.LifeFloorSet)
    assert floor.player == P1 and floor.amount == 1


def test_massive_rangeup_armorup_guardup() -> None:
    """Massive (Yukikaze's boost, continuous): ``during_strike: rangeup 0/1, armorup 2,
    guardup 2``. Grasp reaches range 2 and hits first; Ryu's Sweep (6) then loses 2 to
    armor: 4."""
    d = hakumen(dict(space=3, hand=["grasp"], boosts=["kokuujinyukikaze"]),
                dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "grasp")
    d.choose("push 1")  # Grasp (faster) hits first at range 2: Ryu 5 -> 6
    assert d.life(P2) == 27
    assert d.life(P1) == 26  # Sweep at range 3: 6 - 2 armor


def test_akumetsu_block_opponent_move_dodge_at_range_seal_this_remove_block_opponent_move() -> None:
    """Akumetsu (Astral Heat, 8 gauge, range 1, power 10, speed 0): ``during_strike:
    block_opponent_move, dodge_at_range 1``; ``cleanup: seal_this, then
    remove_block_opponent_move``. Ryu's Grasp (range 1) misses; Akumetsu hits for 10 and
    is sealed at cleanup; Ryu may move again afterwards."""
    d = hakumen(dict(space=4, hand=["akumetsu"], gauge=G8, set_aside=[]),
                dict(space=5, hand=["grasp"]))
    d.strike("akumetsu", "grasp")
    d.pay(*G8)
    assert d.life(P1) == 30 and d.life(P2) == 20
    assert d.zone(P1, Zone.SEALED) == ["Akumetsu"]
    assert [e.passive for e in d.events(ev.PassiveRemoved)]


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Akumetsu's boost, immediate): ``draw 2, seal_this_boost, bonus_action``."""
    d = hakumen(dict(hand=["akumetsu"], deck=["grasp", "cross"], set_aside=[]))
    boost(d, "akumetsu")
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Grasp"]
    assert d.zone(P1, Zone.SEALED) == ["Akumetsu"]
    assert _next(d) == P1


# --- ability, kicker, overdrive, revert ------------------------------------------------------


def test_ability_end_of_turn_did_end_of_turn_draw_move_top_cards_to_gauge() -> None:
    """Ability: ``end_of_turn: [if did_end_of_turn_draw] add_top_deck_to_gauge`` (our
    ``move_top_cards deck -> gauge``). After Prepare (draw 2 with the end-of-turn draw),
    the next top card goes to gauge."""
    d = hakumen(dict(hand=[], deck=["grasp", "cross", "dive", "spike"]))
    d.act(Prepare())
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Grasp"]
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]


def test_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability: ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck
    {akumetsu}``: after the Reshuffle action Akumetsu tops the deck (the end-of-turn draw
    takes it)."""
    d = hakumen(dict(hand=["grasp"], discard=["cross", "dive"]))
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "Akumetsu"
    assert "Akumetsu" in d.zone(P1, Zone.HAND)


def test_on_exceed_reshuffle_discard_into_deck_gauge_costs_reduced_passive() -> None:
    """Kicker (``on_exceed``): ``reshuffle_discard_into_deck, then
    gauge_costs_reduced_passive 99``. Exceeding (8 gauge into the overdrive area) shuffles
    his discard pile into his deck without using his one reshuffle (the new order is
    hidden in the views); from then on his gauge costs are free."""
    d = hakumen(dict(gauge=G8, discard=["sweep", "focus"], hand=["block"],
                     deck=["assault"], deck_rest="ordered"))
    d.act(Exceed())
    d.pay(*G8)
    assert d.p(P1).exceeded and len(d.area(P1, "overdrive")) == 8
    assert d.zone(P1, Zone.DISCARD) == [] and not d.p(P1).reshuffled
    [shuffled] = d.events(ev.DiscardShuffledIntoDeck)
    assert {"Sweep", "Focus", "Assault"} <= set(d.names(shuffled.order))
    assert d.p(P1).deck == list(shuffled.order[1:])  # then the end-of-turn draw
    assert set(redacted(shuffled, P2).order) == {HIDDEN}  # deck order is nobody's to see
    assert gauge_cost_reduction(d.state, P1) == 99


def _exceed(d: Driver) -> None:
    """Hakumen exceeds, paying 8 gauge (the kicker then runs)."""
    d.act(Exceed())
    d.pay(*G8)


def _first(d: Driver) -> None:
    """Hakumen picks the first card offered (the overdrive discard or pick)."""
    request = d.expect(SelectCardsRequest, P1)
    d.act(SelectCards(cards=request.candidates[:1]))


def _powerups(d: Driver) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.player == P1
            and e.stat is Stat.POWER]


def _decline_armor(d: Driver) -> None:
    """Ryu's Block offers force for armor when hit: he declines."""
    if isinstance(d.pending, PayForceRequest):
        d.decline()


def _pass_turn(d: Driver) -> None:
    """The player to act takes Prepare, discarding down to the hand limit if asked."""
    d.act(Prepare())
    while isinstance(d.pending, DiscardRequest):
        request = d.pending
        d.act(Discard(cards=tuple(request.candidates[: request.count])))


def test_gauge_costs_reduced_passive_makes_ultra_and_gauge_for_effect_free() -> None:
    """In Overdrive (gauge costs reduced by 99, from his kicker): with no gauge at all,
    Kokuujin: Shippu is paid for free and hits Block for 8-2 (range 2); Zantetsu's
    "spend 1 gauge" effects would run without payment too (next test)."""
    d = hakumen(dict(space=3, gauge=G8, hand=["kokuujinshippu"]),
                dict(space=5, hand=["block"]))
    _exceed(d)
    _pass_turn(d)  # Ryu
    _first(d)  # Hakumen's turn start: the overdrive discard
    _first(d)  # his overdrive effect: one card to hand
    assert d.zone(P1, Zone.GAUGE) == []
    d.strike("kokuujinshippu", "block")
    assert not isinstance(d.pending, PayGaugeRequest)
    _decline_armor(d)
    assert d.life(P2) == 24


def test_gauge_costs_reduced_passive_gauge_for_effect_required_runs_free() -> None:
    """Exceeded Hakumen's Zantetsu: both required "spend 1 gauge" effects run with no
    payment asked (ignore Block's armor, +3 power): 7 damage."""
    d = hakumen(dict(space=4, gauge=G8, hand=["zantetsu"]),
                dict(space=5, hand=["block"]))
    _exceed(d)
    _pass_turn(d)
    _first(d)
    _first(d)
    d.strike("zantetsu", "block")
    _decline_armor(d)
    assert d.life(P2) == 23
    assert d.zone(P1, Zone.GAUGE) == ["Zantetsu"]  # none spent; the attack hit


def test_gauge_costs_reduced_passive_tsubaki_gauge_for_effect_per_gauge_free() -> None:
    """Exceeded (gauge costs 99 lower), Tsubaki's ``gauge_for_effect`` up to 3 gauge for
    +1 power each runs all three times for free, with no gauge and no question: Assault
    hits Block for 4+3-2 = 5."""
    d = hakumen(dict(space=4, gauge=G8, hand=["guren", "assault"]),
                dict(space=5, hand=["block"]))
    _exceed(d)
    _pass_turn(d)  # Ryu
    _first(d)
    _first(d)
    boost(d, "guren")  # Tsubaki
    d.strike("block", "assault")  # Ryu's turn
    _decline_armor(d)
    assert _powerups(d) == [1, 1, 1] and d.life(P2) == 25


def test_overdrive_cards_from_overdrive_to_hand() -> None:
    """Overdrive effect: ``choose_discard {source: overdrive, destination: hand}`` (our
    ``cards_from_overdrive 1..1 to hand``). After the turn-start overdrive discard,
    Hakumen picks one of the remaining overdrive cards into his hand."""
    d = hakumen(dict(exceeded=True, overdrive=["grasp", "cross", "dive"], hand=[]))
    d.select(P1, "grasp")  # the mandatory overdrive discard
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_HAND
    assert (request.min_count, request.max_count) == (1, 1)
    d.select(P1, "dive")
    assert d.zone(P1, Zone.HAND) == ["Dive"] and d.area(P1, "overdrive") == ["Cross"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert [e.reason for e in d.events(ev.LeftOverdrive)] == [
        ev.OverdriveExit.TURN_START, ev.OverdriveExit.EFFECT]
    assert d.p(P1).exceeded


def test_overdrive_cards_from_overdrive_card_not_in_overdrive_is_illegal() -> None:
    """Bad input: answering the overdrive pick with a card of the hand (not in the
    overdrive) is an ``IllegalDecision`` naming the candidates; the game is unchanged."""
    d = hakumen(dict(exceeded=True, overdrive=["grasp", "cross", "dive"], hand=["spike"]))
    d.select(P1, "grasp")
    request = d.expect(SelectCardsRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(SelectCards(cards=(d.ref(P1, "spike"),)))
    assert "candidates" in str(raised.value)
    assert d.state == before and d.pending == request


def test_on_revert_gauge_costs_reduced_passive_remove() -> None:
    """``on_revert: gauge_costs_reduced_passive 99 {remove}``: after his Exceed (8
    overdrive cards, free gauge), each of his turn starts takes two cards out of the
    area (the discard and his overdrive effect); at the fourth it is empty, he reverts,
    and his gauge costs are as printed again."""
    d = hakumen(dict(gauge=G8, hand=["focus"]), dict(hand=["grasp"]))
    _exceed(d)
    assert gauge_cost_reduction(d.state, P1) == 99
    for turn in range(4):
        _pass_turn(d)  # Ryu
        _first(d)
        if turn < 3:
            _first(d)
            assert d.p(P1).exceeded
            _pass_turn(d)
    assert d.area(P1, "overdrive") == [] and not d.p(P1).exceeded
    assert [e.amount for e in d.events(ev.GaugeCostsReduced)] == [99, -99]
    assert gauge_cost_reduction(d.state, P1) == 0
