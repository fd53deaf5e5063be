"""Arakune (BlazBlue): every special, ultra, boost and his Astral Heat, his ability (the
Astral Heat on a manual reshuffle; a special or ultra hit may put his top discard into
his overdrive area), his exceed cost (8, 1 less per overdrive card), his kicker (draw 2
and strike), his exceed ability (an overdrive card discarded as the strike is revealed:
a card of his attack's speed powers it up), his overdrive effect (seal his top card)
and his secret sealed area (face down: the opponent sees how many, not which).

Card facts: roster.md, "Arakune". Arakune is P1 and Ryu P2 (Ryu's gauge stays empty,
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
    ChoiceRequest,
    Exceed,
    IllegalDecision,
    NameCard,
    NameCardRequest,
    SelectCards,
    SelectCardsRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.knowledge.views import HIDDEN, observe

CHARS = ("arakune", "ryu")


def arakune(p1: dict[str, Any], p2: dict[str, Any] | None = None, active: Any = P1) -> Driver:
    """A position with Arakune as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2 or {}, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _maybe(d: Driver, text: str) -> None:
    """Answer a pending choice with ``text`` if one is asked."""
    if isinstance(d.pending, ChoiceRequest):
        d.choose(text)


def test_arakune_deck_has_30_cards_n_to_infinity_set_aside_and_a_secret_sealed_area() -> None:
    """roster.md, Arakune: 30 cards (standard Normals and his 7 cards x2), n to infinity
    set aside (31 in all); exceed cost 8 reduced by his overdrive count; secret sealed
    area."""
    deck = CATALOG.deck_list("arakune")
    assert len(deck) == 30 and len(CATALOG.game_cards("arakune")) == 31
    assert deck.count("arakune_fofg") == 2 and "arakune_ntoinfinity" not in deck
    char = CATALOG.character("arakune")
    assert [(e.card, e.copies) for e in char.set_aside] == [("arakune_ntoinfinity", 1)]
    assert char.exceed_cost == 8 and char.exceed_cost_area == "overdrive"
    assert char.sealed_area_secret


# --- ability, exceed, kicker, exceed ability, overdrive -------------------------------------


def test_ability_hit_is_special_or_ultra_attack_min_cards_in_discard_add_top_discard_to_overdrive() -> None:
    """Ability: ``hit: [if is_special_or_ultra_attack] pass, then [if min_cards_in_discard
    1] choice add_top_discard_to_overdrive | pass``. Disjoint Union (range 4) hits Ryu's
    Block; Arakune puts his top discard (Grasp) into his overdrive area."""
    d = arakune(dict(space=1, hand=["disjointunion"], discard=["cross", "grasp"]),
                dict(space=5, hand=["block"]))
    d.strike("disjointunion", "block")
    d.choose("add top discard to overdrive")
    assert d.area(P1, "overdrive") == ["Grasp"] and d.zone(P1, Zone.DISCARD) == ["Cross"]
    assert d.life(P2) == 29


def test_ability_is_special_or_ultra_attack_false_for_a_normal_and_min_cards_in_discard_false() -> None:
    """The ability asks nothing for a Normal's hit (Cross), nor for a special's hit with
    an empty discard pile (``min_cards_in_discard 1`` false)."""
    d = arakune(dict(space=4, hand=["cross"], discard=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.area(P1, "overdrive") == [] and _next(d) == P2
    d = arakune(dict(space=1, hand=["disjointunion"], discard=[]), dict(space=5, hand=["block"]))
    d.strike("disjointunion", "block")
    assert d.area(P1, "overdrive") == [] and _next(d) == P2


def test_exceed_cost_reduced_by_overdrive_count_and_on_exceed_draw_strike() -> None:
    """Exceed cost 8, 1 less per card in his overdrive area (upstream exceed cost
    reduction ``overdrive_count``): with 3 overdrive cards, 5 gauge exceeds; the gauge
    joins the area (8 cards). Kicker ``draw 2, then strike``."""
    gauge = ["grasp", "grasp", "cross", "cross", "dive"]
    d = arakune(dict(gauge=gauge, overdrive=["spike", "spike", "sweep"], hand=["focus"],
                     deck=["block", "assault"]), dict(hand=["block"]))
    assert Exceed() in d.expect(ActionRequest).choices
    d.act(Exceed())
    d.pay(*gauge)
    assert d.p(P1).exceeded and len(d.area(P1, "overdrive")) == 8
    assert sorted(d.zone(P1, Zone.HAND)) == ["Assault", "Block", "Focus"]
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_exceed_not_offered_below_the_reduced_cost() -> None:
    """With 3 overdrive cards and 4 gauge (cost 5), Exceed is not offered."""
    d = arakune(dict(gauge=["grasp", "grasp", "cross", "cross"],
                     overdrive=["spike", "spike", "sweep"]))
    assert Exceed() not in d.expect(ActionRequest).choices


def test_exceed_ability_cards_from_overdrive_discarded_matches_attack_speed_rangeup_powerup_speedup_seal() -> None:
    """Exceed ability (``on_strike_reveal``, main's timing: after the reveal, before costs):
    ``cards_from_overdrive 1..1 to discard`` with the per-card effect ``[if
    discarded_matches_attack_speed] rangeup -8/0, then powerup 2, then speedup 1, then
    choice seal_topdeck | pass``. Cross (speed 6) and a discarded overdrive Cross: +2
    power, +1 speed, -8 minimum range; he seals his top card (face down)."""
    d = arakune(dict(space=4, exceeded=True, overdrive=["cross", "focus"], hand=["cross"],
                     deck=["sweep"]),
                dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "cross")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.DISCARD
    d.select(P1, "cross")
    d.choose("sealed")
    assert _mods(d, Stat.POWER) == [2] and _mods(d, Stat.SPEED) == [1]
    assert _mods(d, Stat.MIN_RANGE) == [-8]
    assert d.zone(P1, Zone.SEALED) == ["Sweep"]
    assert d.zone(P1, Zone.DISCARD)[:1] == ["Cross"]  # the overdrive Cross
    assert d.life(P2) == 27  # Cross 3 + 2 - Block's armor 2


def test_exceed_ability_discarded_matches_attack_speed_false_else_seal_choice() -> None:
    """The discarded overdrive card (Focus, speed 1) does not match Cross (speed 6): no
    bonus; the ``else`` offers only the seal, which Arakune declines."""
    d = arakune(dict(space=4, exceeded=True, overdrive=["cross", "focus"], hand=["cross"]),
                dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "cross")
    d.select(P1, "focus")
    d.choose("pass")
    assert _mods(d, Stat.POWER) == [] and d.zone(P1, Zone.SEALED) == []
    assert d.zone(P1, Zone.DISCARD)[0] == "Focus"


def test_exceed_ability_cards_from_overdrive_card_not_in_overdrive_is_illegal() -> None:
    """Bad input: the exceed ability's pick naming a card of the hand (not in the
    overdrive area) is an ``IllegalDecision`` naming the candidates; nothing changes."""
    d = arakune(dict(space=4, exceeded=True, overdrive=["cross", "focus"],
                     hand=["cross", "dive"]),
                dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "cross")
    request = d.expect(SelectCardsRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(SelectCards(cards=(d.ref(P1, "dive"),)))
    assert "candidates" in str(raised.value)
    assert d.state == before and d.pending == request


def test_overdrive_choice_move_top_cards_sealed_secret_sealed_area() -> None:
    """Overdrive effect: ``choice seal_topdeck | pass`` (our ``move_top_cards deck to
    sealed``). His sealed area is secret: the card goes face down
    (``CardSealedFaceDown``): Arakune's view shows it, Ryu's view and his copy of the
    event show a hidden card, though the count is open."""
    d = arakune(dict(exceeded=True, overdrive=["grasp", "cross"], deck=["sweep"]))
    d.select(P1, "grasp")  # the turn-start overdrive discard
    d.choose("sealed")
    assert d.zone(P1, Zone.SEALED) == ["Sweep"]
    [sealed] = d.events(ev.CardSealedFaceDown)
    assert sealed.player == P1 and sealed.src is Zone.DECK
    assert redacted(sealed, P2).card == HIDDEN and redacted(sealed, P1).card == sealed.card
    assert observe(d.state, P2).players[P1].sealed == [HIDDEN]
    assert observe(d.state, P1).players[P1].sealed == [sealed.card]


# --- specials ---------------------------------------------------------------------------------


def test_disjoint_union_before_range_choice_push_after_opponent_stunned_add_top_discard_to_overdrive() -> None:
    """Disjoint Union (range 4, power 3, speed 5): ``before: [if range 1] push 3 | push
    4 | pass``; ``after: [if opponent_stunned] add_top_discard_to_overdrive``. From
    range 1 he pushes Ryu 3 (to range 4) and stuns his Dive (guard 0); then his top
    discard (Grasp) goes into overdrive."""
    d = arakune(dict(space=4, hand=["disjointunion"], discard=["grasp"]),
                dict(space=5, hand=["dive"]))
    d.strike("disjointunion", "dive")
    d.choose("push 3")
    assert d.space(P2) == 8
    d.choose("pass")  # the ability's choice at the hit
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.area(P1, "overdrive") == ["Grasp"] and d.life(P1) == 30


def test_bell_bug_strike_hit_draw_add_boost_to_overdrive_during_strike_immediately() -> None:
    """Bell Bug (Disjoint Union's boost, continuous): ``now: strike``; ``hit: draw 1, then
    add_boost_to_overdrive_during_strike_immediately``. Cross hits; he draws and the
    boost leaves play into his overdrive area."""
    d = arakune(dict(space=4, hand=["disjointunion", "cross"], deck=["sweep"]),
                dict(space=5, hand=["block"]))
    boost(d, "disjointunion")
    d.respond(P1, "cross", "block")
    assert d.area(P1, "overdrive") == ["Disjoint Union"] and d.zone(P1, Zone.BOOSTS) == []
    assert "Sweep" in d.zone(P1, Zone.HAND)


def test_if_p_then_q_set_total_power_higher_speed_misses_advance_add_strike_to_overdrive_after_cleanup() -> None:
    """If p, then q (1 force, range 1, power 0, speed 5): ``during_strike: set_total_power
    0, higher_speed_misses``; ``before: advance 3 | pass``; ``after: choice
    add_strike_to_overdrive_after_cleanup | pass``. Ryu's faster Grasp misses; Arakune
    advances 2 -> 5 and hits for 0; at cleanup the card goes into his overdrive area."""
    d = arakune(dict(space=2, hand=["ifpthenq", "dive"]), dict(space=6, hand=["grasp"]),
                active=P2)
    d.strike("grasp", "ifpthenq")
    d.pay("dive")
    d.choose("advance 3")
    assert d.space(P1) == 5
    _maybe(d, "pass")  # the ability (a special hit, Dive on the discard pile)
    d.choose("add strike to overdrive after cleanup")
    assert d.life(P1) == 30 and d.life(P2) == 30
    assert d.area(P1, "overdrive") == ["If p, then q"]
    assert "If p, then q" not in d.zone(P1, Zone.DISCARD) + d.zone(P1, Zone.GAUGE)


def test_equals_0_speedup_dodge_at_range_overdrive_count_draw() -> None:
    """Equals 0 (If p, then q's boost, continuous): ``now: draw 1``; ``during_strike:
    speedup -1, dodge_at_range_overdrive_count``. With 2 overdrive cards, Ryu's Cross
    from range 2 misses him (the count is read at the hit check:
    tests/engine/mechanics/test_equals0_live.py)."""
    d = arakune(dict(space=3, hand=["ifpthenq", "focus"], overdrive=["grasp", "cross"],
                     deck=["sweep"]),
                dict(space=5, hand=["cross"]))
    boost(d, "ifpthenq")
    assert "Sweep" in d.zone(P1, Zone.HAND)
    d.strike("cross", "focus")  # Ryu's turn
    assert d.life(P1) == 30
    assert _mods(d, Stat.SPEED) == [-1]
    assert d.events(ev.OverdriveCountDodgeGained) == [ev.OverdriveCountDodgeGained(player=P1)]
    [missed] = [e for e in d.events(ev.AttackMissed) if e.player == P2]
    assert (missed.reason, missed.distance) == (ev.MissReason.DODGED_AT_RANGE, 2)


def test_permutation_force_for_effect_rangeup_hit_opponent_discard_random_to_overdrive() -> None:
    """Permutation n, r (range 7, power 5, armor 1, guard 5): ``before: force_for_effect``
    up to 3, ``rangeup -2/-2`` each; ``hit: opponent_discard_random_to_overdrive 1``.
    From range 5 he pays 1 force (range 5); the hit takes Ryu's one card in hand into
    Arakune's overdrive area."""
    d = arakune(dict(space=1, hand=["permutationnr", "dive"]),
                dict(space=6, hand=["block", "grasp"]))
    d.strike("permutationnr", "block")
    d.choose("spend 1")
    d.pay("dive")
    _maybe(d, "pass")
    assert d.area(P1, "overdrive") == ["Grasp"] and d.zone(P2, Zone.HAND) == []
    assert d.life(P2) == 27


def test_a_plus_minus_b_choice_opponent_cards_to_overdrive() -> None:
    """A +- B (Permutation n, r's boost, immediate, 1 force): ``choice {opponent}
    self_discard_choose 1 to opponent_overdrive | reveal_hand_and_topdeck`` (ours:
    ``cards_to_overdrive hand 1..1 {to_opponent}`` | ``reveal_hand, then
    reveal_topdeck``). Ryu picks the first and gives up his Grasp into Arakune's
    overdrive area."""
    d = arakune(dict(hand=["permutationnr", "dive"]), dict(hand=["grasp", "block"]))
    boost(d, "permutationnr", "dive")
    request = d.expect(ChoiceRequest, P2)
    assert len(request.labels) == 2
    d.choose("cards to overdrive")
    d.select(P2, "grasp")
    assert d.area(P1, "overdrive") == ["Grasp"] and d.zone(P2, Zone.HAND) == ["Block"]


def test_a_plus_minus_b_choice_opponent_reveal_hand_reveal_topdeck() -> None:
    """A +- B: Ryu picks the second option and reveals his hand and his top card."""
    d = arakune(dict(hand=["permutationnr", "dive"]), dict(hand=["grasp"], deck=["cross"]))
    boost(d, "permutationnr", "dive")
    d.choose("reveal")
    [revealed] = d.events(ev.HandRevealed)
    assert revealed.player == P2 and d.names(revealed.cards) == ["Grasp"]
    assert [e.player for e in d.events(ev.TopDeckRevealed)] == [P2]
    assert d.area(P1, "overdrive") == []


def test_f_piecewise_force_for_effect_rangeup_after_choice_retreat() -> None:
    """f piecewise (range 0, power 6, speed 2, guard 6): ``before: force_for_effect`` up
    to 3, ``rangeup 2/2`` each; ``after: advance 2 | retreat 2``. At range 2 he pays 1
    force and hits Block for 4; then retreats 3 -> 1."""
    d = arakune(dict(space=3, hand=["fpiecewise", "dive"]), dict(space=5, hand=["block"]))
    d.strike("fpiecewise", "block")
    d.choose("spend 1")
    d.pay("dive")
    _maybe(d, "pass")
    d.choose("retreat 2")
    assert d.life(P2) == 26 and d.space(P1) == 1


def test_zero_vector_names_card_invalid_for_both_strike_add_boost_to_overdrive_during_strike_immediately() -> None:
    """Zero Vector (f piecewise's boost, continuous): ``now: zero_vector`` (name a card:
    attacks of that name are invalid for both players this turn), ``now: strike``;
    ``after: add_boost_to_overdrive_during_strike_immediately``. He names Block: Ryu's
    Block is an invalid attack (he wild swings); after Arakune's attack the boost goes
    into his overdrive area."""
    d = arakune(dict(space=4, hand=["fpiecewise", "cross"]),
                dict(space=5, hand=["block"], deck=["sweep"]))
    boost(d, "fpiecewise")
    request = d.expect(NameCardRequest, P1)
    assert "Block" in request.names
    d.act(NameCard(name="Block"))
    d.respond(P1, "cross", "block")
    assert [e.player for e in d.events(ev.AttackInvalid)] == [P2]
    assert d.area(P1, "overdrive") == ["f piecewise"] and d.zone(P1, Zone.BOOSTS) == []


def test_y_two_dash_choice_advance_advanced_through_powerup() -> None:
    """y, two-dash (range 2-3, power 4, speed 4): ``before: advance 2 + [if
    advanced_through] powerup 2 | advance 3 + [if advanced_through] powerup 2``. Arakune
    on 3, Ryu on 4: advancing 3 takes him past Ryu to 7 (the opponent's space is not
    counted: core rulebook), advanced through: +2; at range 3 he hits Block for 6-2."""
    d = arakune(dict(space=3, hand=["ytwodash"]), dict(space=4, hand=["block"]))
    d.strike("ytwodash", "block")
    d.choose("advance 3")
    assert d.space(P1) == 7 and _mods(d, Stat.POWER) == [2]
    _maybe(d, "pass")
    assert d.life(P2) == 26


def test_irrationality_rangeup_both_players_powerup_both_players() -> None:
    """Irrationality (y, two-dash's boost, continuous): ``during_strike:
    rangeup_both_players 1/1, powerup_both_players -1``. Both attacks gain +1/+1 range
    and -1 power: Arakune's Grasp reaches range 2 and hits Block for 3-1-2 = 0."""
    d = arakune(dict(space=3, hand=["ytwodash", "grasp"]), dict(space=5, hand=["block"]))
    boost(d, "ytwodash")
    d.strike("block", "grasp")  # Ryu's turn
    for who in (P1, P2):
        assert _mods(d, Stat.MIN_RANGE, who) == [1] and _mods(d, Stat.MAX_RANGE, who) == [1]
        assert _mods(d, Stat.POWER, who) == [-1]


# --- ultras -----------------------------------------------------------------------------------


def test_f_inverse_hit_range_after_choice_push() -> None:
    """f inverse (3 gauge, range 2, power 4, speed 7): ``hit: [if range 1] powerup 2``
    (not at range 2); ``after: push 1 | push 2 | pull 1 | pull 2``. It hits Block for 2
    and pushes Ryu 5 -> 7."""
    d = arakune(dict(space=3, hand=["finverse"], gauge=["grasp", "cross", "dive"]),
                dict(space=5, hand=["block"]))
    d.strike("finverse", "block")
    d.pay("grasp", "cross", "dive")
    _maybe(d, "pass")
    d.choose("push 2")
    assert d.life(P2) == 28 and d.space(P2) == 7
    assert _mods(d, Stat.POWER) == []


def test_f_inverse_on_invalid_armorup() -> None:
    """f inverse's card rule ``on_invalid: armorup 3``: set without the gauge to pay, it
    is invalid and Arakune gains 3 armor for the strike before his wild swing."""
    d = arakune(dict(space=4, hand=["finverse"], deck=["focus"]), dict(space=5, hand=["block"]))
    d.strike("finverse", "block")
    assert [e.player for e in d.events(ev.AttackInvalid)] == [P1]
    assert _mods(d, Stat.ARMOR)[:1] == [3]


def test_forbidden_knowledge_choose_cards_from_top_deck_add_to_sealed_gauge_top_deck_card_to_overdrive_topdeck_under() -> None:
    """Forbidden Knowledge (f inverse's boost, immediate, 1 force): look at 5, seal one
    (face down: ``add_to_sealed``); look at 4, one to gauge; look at 3, one into
    overdrive (``top_deck_card_to_overdrive``); look at 2, one under the other."""
    d = arakune(dict(hand=["finverse", "block"],
                     deck=["grasp", "cross", "dive", "spike", "sweep", "focus"]))
    boost(d, "finverse", "block")
    _maybe(d, "add to sealed")
    d.select(P1, "spike")
    _maybe(d, "add to gauge")
    d.select(P1, "cross")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_OVERDRIVE
    d.select(P1, "dive")
    _maybe(d, "add to topdeck under")
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.SEALED) == ["Spike"] and d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert d.area(P1, "overdrive") == ["Dive"]
    assert d.zone(P1, Zone.DECK)[:1] == ["Grasp"]  # under Sweep, which he then drew
    assert "Sweep" in d.zone(P1, Zone.HAND)
    assert [e.src for e in d.events(ev.CardSealedFaceDown)] == [Zone.DECK]


def test_f_of_g_hit_cards_to_overdrive_from_discard() -> None:
    """f of g (2 gauge, range 3-7, power 3, guard 3): ``hit: choose_discard 3 to
    overdrive, 0..3`` (ours: ``cards_to_overdrive discard 0..3``). He puts two of his
    discard pile into overdrive."""
    d = arakune(dict(space=1, hand=["fofg"], gauge=["grasp", "cross"],
                     discard=["dive", "spike", "sweep"]),
                dict(space=5, hand=["block"]))
    d.strike("fofg", "block")
    d.pay("grasp", "cross")
    request = d.expect(SelectCardsRequest, P1)
    assert (request.min_count, request.max_count) == (0, 3)
    d.select(P1, "dive", "sweep")
    _maybe(d, "pass")
    assert d.area(P1, "overdrive") == ["Dive", "Sweep"]


def test_wall_teleport_at_edge_of_arena_move_to_any_space() -> None:
    """Wall Teleport (f of g's boost, immediate): ``[if at_edge_of_arena]
    move_to_any_space``. From space 1 he teleports to 8 (past Ryu)."""
    d = arakune(dict(space=1, hand=["fofg"]), dict(space=5))
    boost(d, "fofg")
    d.move_to(P1, 8)
    assert d.space(P1) == 8


def test_wall_teleport_at_edge_of_arena_false_does_nothing() -> None:
    """Wall Teleport away from the edge: nothing happens."""
    d = arakune(dict(space=3, hand=["fofg"]), dict(space=5))
    boost(d, "fofg")
    assert d.space(P1) == 3 and _next(d) == P2


def test_n_to_infinity_close_after_opponent_stunned_take_damage() -> None:
    """n to infinity (Astral Heat, 3 gauge, range 1, power 5, speed 4): ``before: close
    3``; ``after: [if opponent_stunned] take_damage 99 {opponent}``. Ryu's faster Grasp
    misses from range 4; it closes 4 -> 7 and stuns Ryu (Grasp's guard 0): Ryu loses."""
    d = arakune(dict(space=4, hand=["ntoinfinity"], gauge=["grasp", "cross", "dive"],
                     set_aside=[]),
                dict(space=8, hand=["grasp"]))
    d.strike("ntoinfinity", "grasp")
    d.pay("grasp", "cross", "dive")
    _maybe(d, "pass")
    assert d.space(P1) == 7
    [ended] = d.events(ev.GameEnded)
    assert ended.winner == P1


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (n to infinity's boost, immediate): ``draw 2, seal_this_boost,
    bonus_action``."""
    d = arakune(dict(hand=["ntoinfinity"], deck=["grasp", "cross"], set_aside=[]))
    boost(d, "ntoinfinity")
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Grasp"]
    assert d.zone(P1, Zone.SEALED) == ["n to infinity"] and _next(d) == P1
