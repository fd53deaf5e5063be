"""Jin Kisaragi (BlazBlue): every special, ultra and boost, Arctic Dungeon (his Astral
Heat, set aside, whose guard is the cards in his hand), his ability (1 gauge at
set_strike: his attack gains ``after: draw 2``) and exceed ability (his attack gains
``hit: opponent_discard_choose 1`` and ``after: draw 1``), his kicker (``on_exceed:
draw 2``) and his overdrive effect (``draw 1``).

Card facts: roster.md, "Jin Kisaragi". Jin is P1 and Ryu P2 (Ryu's gauge stays empty,
so his Critical is never offered). Jin's gauge is empty unless a test says otherwise,
so his ability's 1-gauge offer does not come up. A test's name contains the effect and
condition tags it exercises (the handler-coverage meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    ChoiceRequest,
    Exceed,
    IllegalDecision,
    MoveTo,
    PayGaugeRequest,
    Prepare,
    Reshuffle,
    SelectCards,
    SelectCardsRequest,
    Strike,
)
from engine.core.ids import Zone

CHARS = ("jin", "ryu")


def jin(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Jin as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- the deck ------------------------------------------------------------------------------


def test_jin_deck_has_30_cards_and_arctic_dungeon_set_aside() -> None:
    """roster.md, Jin Kisaragi's deck: 30 cards (the standard Normals and his 7 cards,
    two of each: 16 Normals, 10 Specials, 4 Ultras), Arctic Dungeon set aside (31 in
    all); exceed cost 4; season BlazBlue."""
    deck = CATALOG.deck_list("jin")
    assert len(deck) == 30
    kinds = [CATALOG.card(card).kind.value for card in deck]
    assert (kinds.count("normal"), kinds.count("special"), kinds.count("ultra")) == (16, 10, 4)
    for card in ("jin_crystalstrike", "jin_dualicestrike", "jin_iceblade", "jin_permafrost",
                 "jin_violentice", "jin_icefang", "jin_moonsong"):
        assert deck.count(card) == 2
    char = CATALOG.character("jin")
    assert [(e.card, e.copies) for e in char.set_aside] == [("jin_arcticdungeon", 1)]
    assert "jin_arcticdungeon" not in deck
    assert char.season.value == "blazblue" and char.exceed_cost == 4 and char.life == 30
    assert jin({}, {}).area(P1, "set_aside") == ["Arctic Dungeon"]


# --- specials --------------------------------------------------------------------------------


def test_crystal_strike_before_close_hit_push() -> None:
    """Crystal Strike (range 1, power 3, speed 5): ``before: close 3``; ``hit: push 1``.
    From 3, Jin closes to 6 next to Ryu on 7, hits Block (3 - 2 armor) and pushes him
    to 8."""
    d = jin(dict(space=3, hand=["crystalstrike"]), dict(space=7, hand=["block"]))
    d.strike("crystalstrike", "block")
    assert d.space(P1) == 6 and d.space(P2) == 8
    assert d.life(P2) == 29


def test_overhead_now_strike_hit_ignore_armor_add_boost_to_gauge_on_strike_cleanup() -> None:
    """Overhead (Crystal Strike's boost, continuous): ``now: strike``; ``hit:
    ignore_armor, then add_boost_to_gauge_on_strike_cleanup``. Jin boosts, strikes with
    Cross at once, ignores Block's armor (3 damage) and the boost goes to his gauge."""
    d = jin(dict(space=4, hand=["crystalstrike", "cross"]), dict(space=5, hand=["block"]))
    boost(d, "crystalstrike")
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 27
    assert "Crystal Strike" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_dual_ice_strike_hit_push_opponent_at_edge_of_arena_gain_advantage() -> None:
    """Dual Ice Strike (range 1-2, power 3, speed 3, armor 3, guard 3): ``hit: push 2,
    then [if opponent_at_edge_of_arena] gain_advantage``. Ryu is pushed 7 -> 9, the
    edge: Jin acts next."""
    d = jin(dict(space=6, hand=["dualicestrike"]), dict(space=7, hand=["block"]))
    d.strike("dualicestrike", "block")
    assert d.space(P2) == 9 and d.life(P2) == 29
    assert _next(d) == P1


def test_dual_ice_strike_not_at_edge_no_advantage() -> None:
    """Dual Ice Strike: pushed 4 -> 6, Ryu is not at the edge; he takes the next turn."""
    d = jin(dict(space=3, hand=["dualicestrike"]), dict(space=4, hand=["block"]))
    d.strike("dualicestrike", "block")
    assert d.space(P2) == 6
    assert _next(d) == P2


def test_flying_ice_strike_now_block_opponent_move() -> None:
    """Flying Ice Strike (Dual Ice Strike's boost, continuous, 1 force): ``now:
    block_opponent_move``: on his turn Ryu is offered no Move action."""
    d = jin(dict(hand=["dualicestrike", "grasp"]), dict(space=7, hand=["cross"]))
    boost(d, "dualicestrike", "grasp")
    request = d.expect(ActionRequest, P2)
    assert not any(isinstance(choice, MoveTo) for choice in request.choices)
    assert d.zone(P1, Zone.BOOSTS) == ["Dual Ice Strike"]


def test_flying_ice_strike_set_end_of_turn_boost_delay_end_of_turn_add_to_gauge_immediately_discarded_remove_block_opponent_move() -> None:
    """Flying Ice Strike: ``now: set_end_of_turn_boost_delay``; ``end_of_turn:
    add_to_gauge_immediately``; ``discarded: remove_block_opponent_move``. It stays
    through the end of the turn it was played, goes to Jin's gauge at the end of his
    next turn, and then Ryu may move again."""
    d = jin(dict(hand=["dualicestrike", "grasp"]), dict(space=7))
    boost(d, "dualicestrike", "grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Dual Ice Strike"]
    d.act(Prepare())  # Ryu's turn: he cannot move
    d.act(Prepare())  # Jin's next turn ends: the boost goes to gauge
    assert d.zone(P1, Zone.BOOSTS) == [] and d.zone(P1, Zone.GAUGE) == ["Dual Ice Strike"]
    request = d.expect(ActionRequest, P2)
    assert any(isinstance(choice, MoveTo) for choice in request.choices)


def test_flying_ice_strike_block_ends_with_the_boost_after_a_strike() -> None:
    """The roster also prints ``during_strike: block_opponent_move`` on Flying Ice
    Strike; it is not encoded (as for Nu-13's Gravity Seed): our block is a held passive
    that counts, one ``remove`` per ``block``, and the ``now`` block already lasts while
    the boost is in play, so a second block each strike would outlive the boost's single
    ``discarded: remove`` (the reference client's block is a flag, set again harmlessly).
    Ryu strikes while it is in play; it is discarded at that strike's cleanup, and on
    his next turn Ryu may move again."""
    d = jin(dict(space=3, hand=["dualicestrike", "grasp", "block"]),
            dict(space=7, hand=["cross", "dive", "spike"]))
    boost(d, "dualicestrike", "grasp")
    d.strike("cross", "block")  # Ryu strikes with the block in play
    assert d.zone(P1, Zone.BOOSTS) == []  # not sustained: discarded at cleanup
    d.act(Prepare())  # Jin's turn
    request = d.expect(ActionRequest, P2)
    assert any(isinstance(choice, MoveTo) for choice in request.choices)


def test_ice_blade_hit_choice_close_draw() -> None:
    """Ice Blade (range 2-5, power 4, speed 3, guard 5): ``hit: choice <close 1 + draw 1
    | close 2 + draw 1 | draw 1>``. Jin hits from 2 to 6 and closes 2, drawing 1."""
    d = jin(dict(space=2, hand=["iceblade"], deck=["spike"]), dict(space=6, hand=["block"]))
    d.strike("iceblade", "block")
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 3
    d.choose("close 2")
    assert d.space(P1) == 4 and d.zone(P1, Zone.HAND) == ["Spike"]
    assert d.life(P2) == 28


def test_scorn_immediate_push_draw_bonus_action() -> None:
    """Scorn (Ice Blade's boost, immediate): ``push 1, then draw 1``; ``bonus_action``."""
    d = jin(dict(space=4, hand=["iceblade"], deck=["spike"]), dict(space=5))
    boost(d, "iceblade")
    assert d.space(P2) == 6 and d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P1


def test_permafrost_hit_more_cards_than_opponent_powerup_after_close_draw() -> None:
    """Permafrost (range 1-2, power 5, speed 4): ``hit: [if more_cards_than_opponent]
    powerup 2``; ``after: close 1, then draw 1``. Jin holds 2 cards to Ryu's 0: 7 - 2
    armor; then he closes 3 -> 4 next to Ryu on 5 and draws."""
    d = jin(dict(space=3, hand=["permafrost", "grasp", "cross"], deck=["spike"]),
            dict(space=5, hand=["block"]))
    d.strike("permafrost", "block")
    assert d.life(P2) == 25
    assert d.space(P1) == 4 and "Spike" in d.zone(P1, Zone.HAND)


def test_permafrost_fewer_cards_no_powerup() -> None:
    """Permafrost: with no more cards than Ryu (none each), no +2 (5 - 2 armor)."""
    d = jin(dict(space=3, hand=["permafrost"]), dict(space=5, hand=["block"]))
    d.strike("permafrost", "block")
    assert d.life(P2) == 27


def test_cool_under_pressure_now_draw_during_strike_guardup() -> None:
    """Cool Under Pressure (Permafrost's boost, continuous): ``now: draw 2``;
    ``during_strike: guardup 4``. Jin draws 2; in Ryu's strike Ryu's Cross (3) hits
    Jin's Dive (guard 0 + 4) first without stunning him, and Dive hits back."""
    d = jin(dict(space=4, hand=["permafrost", "block"], deck=["cross", "dive", "spike"]),
            dict(space=5, hand=["cross"]))
    boost(d, "permafrost")
    assert d.zone(P1, Zone.HAND)[:3] == ["Block", "Cross", "Dive"]
    d.strike("cross", "dive")  # Ryu strikes: Cross (speed 6) before Dive (speed 4)
    assert d.life(P1) == 27
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]  # Jin was not stunned
    assert d.life(P2) == 25


def test_violent_ice_hit_initiated_strike_powerup() -> None:
    """Violent Ice (range 1-2, power 2, speed 7): ``hit: [if initiated_strike] powerup
    2``. Jin initiates: 4 - Block's 2 armor."""
    d = jin(dict(space=4, hand=["violentice"]), dict(space=5, hand=["block"]))
    d.strike("violentice", "block")
    assert d.life(P2) == 28


def test_violent_ice_not_initiated_strike_no_powerup() -> None:
    """Violent Ice: answering Ryu's strike, no +2 (2 - 2 armor)."""
    d = jin(dict(space=4, hand=["violentice"]), dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "violentice")
    assert d.life(P2) == 30


def test_pinpoint_strike_now_strike_hit_powerup_gain_advantage_choice_retreat() -> None:
    """Pinpoint Strike (Violent Ice's boost, continuous, 1 force): ``now: strike``;
    ``hit: powerup 1, then gain_advantage, then choice <advance 1 | retreat 1 | pass>``.
    Jin's Cross hits for 4 - 2, he retreats 1 (before Cross's retreat 3) and acts next."""
    d = jin(dict(space=4, hand=["violentice", "grasp", "cross"]), dict(space=5, hand=["block"]))
    boost(d, "violentice", "grasp")
    d.respond(P1, "cross", "block")
    d.choose("retreat")
    assert d.life(P2) == 28
    assert d.space(P1) == 1  # 4 -> 3, then Cross's after: retreat 3 to the edge (1)
    assert _next(d) == P1


# --- ultras ----------------------------------------------------------------------------------


def test_ice_fang_during_strike_exceeded_powerup_armorup_hit_choice_close() -> None:
    """Ice Fang (2 gauge, range 4-7, power 4, speed 4, armor 1, guard 4): ``during_strike:
    [if exceeded] powerup 1, then armorup 1``; ``hit: choice <close 1 | close 2 | close
    3>``. Exceeded Jin (after his overdrive step) hits from 2 to 6 for 5 - 2 and closes 3."""
    d = jin(dict(space=2, exceeded=True, overdrive=["grasp", "sweep"],
                 hand=["icefang"], gauge=["cross", "dive"]),
            dict(space=6, hand=["block"]))
    d.select(P1, "grasp")  # the overdrive discard; then draw 1 (overdrive effect)
    d.strike("icefang", "block")
    d.pay("cross", "dive")
    d.choose("close 3")
    assert d.life(P2) == 27
    assert d.space(P1) == 5


def test_ice_fang_not_exceeded_no_bonus() -> None:
    """Ice Fang: not exceeded, no +1 (4 - 2 armor)."""
    d = jin(dict(space=2, hand=["icefang"], gauge=["cross", "dive"]),
            dict(space=6, hand=["block"]))
    d.strike("icefang", "block")
    d.pay("cross", "dive")
    d.choose("close 1")
    assert d.life(P2) == 28
    assert d.space(P1) == 3


def test_power_of_order_draw_or_discard_to_4_cards_from_hand_discard_opponent_draws() -> None:
    """Power of Order (Ice Fang's boost, immediate, 1 force): ``draw_or_discard_to 4``,
    then ``opponent_draw_or_discard_to 4`` (our ``draw {count: cards_in_hand, times:
    -1, plus: 4}`` and ``cards_from_hand discard {count: cards_in_hand, plus: -4}``, then
    the same for the opponent). Jin, 6 cards after paying, discards 2 of his choice; Ryu,
    holding 1, draws 3."""
    hand = ["icefang", "grasp", "cross", "dive", "spike", "sweep", "focus", "block"]
    d = jin(dict(hand=hand), dict(hand=["grasp"]))
    boost(d, "icefang", "block")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.DISCARD
    assert (request.min_count, request.max_count) == (2, 2)
    d.select(P1, "sweep", "focus")
    assert d.zone(P1, Zone.DISCARD) == ["Block", "Sweep", "Focus", "Ice Fang"]
    assert len(d.p(P2).hand) == 4
    assert len(d.p(P1).hand) == 5  # 4, then the end-of-turn draw


def test_power_of_order_opponent_draw_or_discard_to_4_opponent_cards_from_hand() -> None:
    """Power of Order: Jin, with 1 card left, draws 3; Ryu, holding 6, discards 2 of his
    own choice (his decision)."""
    d = jin(dict(hand=["icefang", "grasp", "cross"]),
            dict(hand=["grasp", "cross", "dive", "spike", "sweep", "focus"]))
    boost(d, "icefang", "grasp")
    assert len(d.p(P1).hand) == 4
    request = d.expect(SelectCardsRequest, P2)
    assert (request.min_count, request.max_count) == (2, 2)
    d.select(P2, "grasp", "cross")
    assert d.zone(P2, Zone.DISCARD) == ["Grasp", "Cross"] and len(d.p(P2).hand) == 4


def test_power_of_order_discard_bad_input_is_illegal() -> None:
    """Bad input (issue 15): discarding down to 4 with a card not in hand (one of Jin's
    gauge cards) is an ``IllegalDecision`` naming what is allowed; nothing changes."""
    hand = ["icefang", "grasp", "cross", "dive", "spike", "sweep", "focus", "block"]
    d = jin(dict(hand=hand, gauge=["assault"]), dict(hand=["grasp"]))
    boost(d, "icefang", "block")
    request = d.expect(SelectCardsRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(SelectCards(cards=(d.ref(P1, "assault", Zone.GAUGE), request.candidates[0])))
    assert "candidates" in str(raised.value)
    assert d.state == before and d.pending == request


def test_moonsong_hit_gain_advantage() -> None:
    """Moonsong (3 gauge, range 2-3, power 6, speed 6): ``hit: gain_advantage``."""
    d = jin(dict(space=3, hand=["moonsong"], gauge=["cross", "dive", "spike"]),
            dict(space=5, hand=["block"]))
    d.strike("moonsong", "block")
    d.pay("cross", "dive", "spike")
    assert d.life(P2) == 26
    assert _next(d) == P1


def test_pre_emptive_strike_during_strike_speedup_now_strike() -> None:
    """Pre-emptive Strike (Moonsong's boost, continuous, 1 force): ``during_strike:
    speedup 2``; ``now: strike``. Jin's Cross (speed 6 + 2) beats Ryu's Grasp (7),
    hits for 3 and retreats out of Grasp's range."""
    d = jin(dict(space=4, hand=["moonsong", "grasp", "cross"]), dict(space=5, hand=["grasp"]))
    boost(d, "moonsong", "grasp")
    d.respond(P1, "cross", "grasp")
    [first] = d.events(ev.PriorityDetermined)
    assert first.first == P1 and first.speed_p1 == 8
    assert d.life(P2) == 27 and d.life(P1) == 30


# --- the Astral Heat --------------------------------------------------------------------------


def test_arctic_dungeon_guard_is_cards_in_hand_hit_discard_hand_opponent() -> None:
    """Arctic Dungeon (4 gauge, range 1-8, power 8, speed 0, guard "cards in hand"):
    ``hit: opponent_discard_hand`` (our ``discard_hand {opponent}``). Jin holds 7 other
    cards; Ryu's Sweep (6) hits first and makes him discard 1 at random: 6 cards, guard 6,
    so 6 damage does not stun; Arctic Dungeon hits for 8 and Ryu discards his hand."""
    hand = ["arcticdungeon", "grasp", "cross", "dive", "spike", "focus", "block", "assault"]
    d = jin(dict(space=3, hand=hand, set_aside=[], gauge=["grasp", "cross", "dive", "spike"]),
            dict(space=5, hand=["sweep", "grasp", "cross"]), active=P2)
    d.strike("sweep", "arcticdungeon")
    d.pay("grasp", "cross", "dive", "spike")
    assert d.life(P1) == 24
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]  # Jin was not stunned
    assert d.life(P2) == 22
    assert d.zone(P2, Zone.HAND) == []
    assert {"Grasp", "Cross"} <= set(d.zone(P2, Zone.DISCARD))


def test_arctic_dungeon_guard_counts_hand_when_hit() -> None:
    """Arctic Dungeon's guard is counted when Jin is hit: with 6 other cards, Sweep's
    random discard leaves 5, so 6 damage stuns him and his attack never comes."""
    hand = ["arcticdungeon", "grasp", "cross", "dive", "spike", "focus", "block"]
    d = jin(dict(space=3, hand=hand, set_aside=[], gauge=["grasp", "cross", "dive", "spike"]),
            dict(space=5, hand=["sweep", "grasp"]), active=P2)
    d.strike("sweep", "arcticdungeon")
    d.pay("grasp", "cross", "dive", "spike")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.life(P2) == 30 and d.zone(P2, Zone.HAND) != []


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Arctic Dungeon's boost, immediate): ``draw 2``, ``seal_this_boost``,
    ``bonus_action``."""
    d = jin(dict(hand=["arcticdungeon"], set_aside=[], deck=["cross", "dive"]), dict())
    boost(d, "arcticdungeon")
    assert d.zone(P1, Zone.SEALED) == ["Arctic Dungeon"]
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive"]
    assert _next(d) == P1


# --- ability, exceed, kicker, overdrive -------------------------------------------------------


def test_ability_set_strike_gauge_for_effect_add_attack_effect_after_draw() -> None:
    """Jin's ability: ``set_strike: gauge_for_effect 1 {add_attack_effect (after: draw
    2)}``. Paying 1 gauge when he sets, Jin draws 2 after his attack."""
    d = jin(dict(space=4, hand=["cross"], gauge=["grasp"], deck=["dive", "spike"]),
            dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "cross")
    request = d.expect(PayGaugeRequest, P1)
    assert request.optional
    d.pay("grasp")
    d.set_attack(P2, "block")
    assert d.zone(P1, Zone.HAND) == ["Dive", "Spike"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_ability_gauge_for_effect_declined_no_draw() -> None:
    """Jin's ability: declining the gauge, no draw."""
    d = jin(dict(space=4, hand=["cross"], gauge=["grasp"], deck=["dive", "spike"]),
            dict(space=5, hand=["block"]))
    d.strike("cross", "block")  # the Driver declines the optional gauge
    assert d.zone(P1, Zone.HAND) == [] and d.zone(P1, Zone.GAUGE)[0] == "Grasp"


def test_exceed_ability_set_strike_add_attack_effect_hit_opponent_discard_choose_after_draw() -> None:
    """Jin's exceed ability: ``set_strike: add_attack_effect (hit: opponent_discard_choose
    1), then add_attack_effect (after: draw 1)``. Jin's Cross hits; Ryu discards a card of
    his choice; Jin draws 1 after."""
    d = jin(dict(space=4, exceeded=True, overdrive=["grasp", "sweep"], hand=["cross"],
                 deck=["dive", "spike", "focus"]),
            dict(space=5, hand=["block", "grasp", "cross"]))
    d.select(P1, "grasp")  # overdrive discard, then draw 1 (Dive)
    d.strike("cross", "block")
    d.discard(P2, "cross")
    d.decline()  # Ryu spends no force on Block's armor
    assert d.life(P2) == 29
    assert "Cross" in d.zone(P2, Zone.DISCARD) and d.zone(P2, Zone.HAND) == ["Grasp"]
    assert d.zone(P1, Zone.HAND) == ["Dive", "Spike"]


def test_exceed_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Jin's ability and exceed ability: ``on_reshuffle: [if manual_reshuffle]
    add_set_aside_card_to_deck {jin_arcticdungeon}``."""
    d = jin(dict(hand=["grasp"], discard=["cross"]), dict())
    d.act(Reshuffle())
    assert "Arctic Dungeon" in d.zone(P1, Zone.HAND)
    d = jin(dict(exceeded=True, overdrive=["grasp", "sweep"], discard=["cross"]), dict())
    d.select(P1, "grasp")
    d.act(Reshuffle())
    assert "Arctic Dungeon" in d.zone(P1, Zone.HAND)


def test_kicker_on_exceed_draw() -> None:
    """Jin's kicker, ``on_exceed: draw 2``."""
    d = jin(dict(gauge=["grasp", "cross", "dive", "spike"], hand=[], deck=["sweep", "focus",
                                                                         "block"]), dict())
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    assert d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive", "Spike"]
    assert d.zone(P1, Zone.HAND) == ["Sweep", "Focus", "Block"]  # 2, then the end-of-turn draw


def test_overdrive_draw() -> None:
    """Jin's overdrive effect, ``draw 1``, after the overdrive discard."""
    d = jin(dict(exceeded=True, overdrive=["grasp", "sweep"], hand=[], deck=["block"]), dict())
    d.select(P1, "sweep")
    assert d.zone(P1, Zone.HAND) == ["Block"]
    assert d.zone(P1, Zone.DISCARD) == ["Sweep"] and d.area(P1, "overdrive") == ["Grasp"]
