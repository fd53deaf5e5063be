"""Chun-Li: every attack and boost, her ability (Critical and the retreat after any
boost), her exceed ability (range per boost in play) and her Exceed.

Card facts: roster.md, "Chun-Li". Chun-Li is P1 and Ryu P2; Ryu mostly answers with
Block (power 0, armor 2, guard 3, never hits). Every boost Chun-Li plays first offers
"retreat 1 | pass". A test's name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    DiscardRequest,
    Exceed,
    SetAttackRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("chunli", "ryu")


def _next(d: object) -> object:
    return d.expect(ActionRequest).player  # type: ignore[attr-defined]


# --- character ability: retreat after any boost; exceed: range per boost --------------


@pytest.mark.parametrize(("option", "space"), [("retreat 1", 2), ("pass", 3)])
def test_chunli_ability_on_any_boost_choice_retreat(option: str, space: int) -> None:
    """Chun-Li (ability): on_any_boost: choice retreat 1 | pass, after the boost resolves.

    She boosts Power Attack (continuous) and may then step back from 3 to 2.
    """
    d = position(p1=dict(space=3, hand=["flippingaxkick"]), p2=dict(space=5), chars=CHARS)
    boost(d, "flippingaxkick")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["retreat 1", "pass"]
    d.choose(option)
    assert d.space(P1) == space
    assert d.zone(P1, Zone.BOOSTS) == ["Flipping Ax Kick"]
    assert _next(d) == P2


def test_chunli_ability_on_any_boost_comes_before_the_boost_strike() -> None:
    """Chun-Li (ability): for a boost that strikes (Overhead), the retreat is offered
    when the boost has resolved, before the attacks are set."""
    d = position(p1=dict(space=3, hand=["kikoken", "cross"]), p2=dict(space=5, hand=["block"]),
                 chars=CHARS)
    boost(d, "kikoken")
    d.choose("retreat 1")
    assert d.space(P1) == 2
    kinds = [type(e) for e in d.log if isinstance(e, ev.PlayerMoved | ev.StrikeStarted)]
    assert kinds == [ev.PlayerMoved, ev.StrikeStarted]
    d.expect(SetAttackRequest, P1)


def test_chunli_exceed_ability_rangeup_per_boost_modifier() -> None:
    """Chun-Li (exceed ability): set_strike: add_attack_effect (during_strike:
    rangeup_per_boost_modifier 0/1): +1 maximum range per continuous boost in play.

    With Power Attack and Swift Attack in play, Kikoken (3-5) reaches 7 and hits Block
    for 4 + 1 (Power Attack) - 2 = 3.
    """
    d = position(p1=dict(space=1, hand=["kikoken"], boosts=["flippingaxkick", "headstomp"],
                         exceeded=True),
                 p2=dict(space=8, hand=["block"]), chars=CHARS)
    d.strike("kikoken", "block")
    assert d.events(ev.RangePerBoostGained) == [
        ev.RangePerBoostGained(player=P1, amount=0, amount2=1)]
    assert d.events(ev.AttackHit) == [ev.AttackHit(player=P1, distance=7)]
    assert d.life(P2) == 27


def test_chunli_not_exceeded_no_range_per_boost() -> None:
    """Chun-Li (ability side): the same Kikoken at range 7 misses."""
    d = position(p1=dict(space=1, hand=["kikoken"], boosts=["flippingaxkick", "headstomp"]),
                 p2=dict(space=8, hand=["block"]), chars=CHARS)
    d.strike("kikoken", "block")
    assert d.events(ev.RangePerBoostGained) == []
    assert [e.reason for e in d.events(ev.AttackMissed)] == [ev.MissReason.OUT_OF_RANGE]


def test_chunli_exceed_pays_3_gauge() -> None:
    """Chun-Li (exceed cost 3): the Exceed action spends 3 gauge and flips her card."""
    d = position(p1=dict(gauge=["grasp", "cross", "dive"], deck=["spike"]), chars=CHARS)
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded
    assert d.zone(P1, Zone.GAUGE) == []
    assert _next(d) == P2


# --- Flipping Ax Kick / Power Attack ------------------------------------------------


@pytest.mark.parametrize(("crit", "damage"), [(True, 3), (False, 1)])
def test_chunli_flipping_ax_kick_before_advance_is_critical_powerup(
    crit: bool, damage: int
) -> None:
    """Chun-Li, Flipping Ax Kick: during_strike: [if is_critical] powerup 2; before:
    advance 2. From range 3 she advances to 5 and hits Block for 3 (+2) - 2."""
    d = position(p1=dict(space=3, hand=["flippingaxkick"], gauge=["grasp"]),
                 p2=dict(space=6, hand=["block"]), chars=CHARS)
    d.strike("flippingaxkick", "block", crit=(crit, False))
    assert d.space(P1) == 5
    assert d.life(P2) == 30 - damage


def test_chunli_power_attack_hit_powerup_gain_advantage_add_boost_to_gauge() -> None:
    """Chun-Li, Flipping Ax Kick's boost Power Attack (continuous): hit: powerup 1, then
    gain_advantage, then add_boost_to_gauge_on_strike_cleanup."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["flippingaxkick"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("cross", "block")
    assert d.life(P2) == 28
    assert d.zone(P1, Zone.GAUGE) == ["Flipping Ax Kick", "Cross"]
    assert _next(d) == P1


# --- Head Stomp / Swift Attack ------------------------------------------------------


def test_chunli_head_stomp_range_includes_if_moved_past_advance() -> None:
    """Chun-Li, Head Stomp (no printed range): before: range_includes_if_moved_past,
    then advance 3. Jumping over Ryu (3 -> 7, past 5) she hits him at range 2: 5 - 2."""
    d = position(p1=dict(space=3, hand=["headstomp"]), p2=dict(space=5, hand=["block"]),
                 chars=CHARS)
    d.strike("headstomp", "block")
    assert d.space(P1) == 7
    assert d.events(ev.AttackHit) == [ev.AttackHit(player=P1, distance=2)]
    assert d.life(P2) == 27


def test_chunli_head_stomp_not_moved_past_misses() -> None:
    """Chun-Li, Head Stomp: if she does not get past Ryu it has no range and misses."""
    d = position(p1=dict(space=3, hand=["headstomp"]), p2=dict(space=8, hand=["block"]),
                 chars=CHARS)
    d.strike("headstomp", "block")
    assert d.space(P1) == 6
    assert d.events(ev.AttackMissed)[0] == ev.AttackMissed(
        player=P1, reason=ev.MissReason.NO_RANGE, distance=2)
    assert d.life(P2) == 30


def test_chunli_head_stomp_is_critical_hit_powerup_draw() -> None:
    """Chun-Li, Head Stomp: hit: [if is_critical] powerup 1, then draw 1."""
    d = position(p1=dict(space=3, hand=["headstomp"], gauge=["grasp"], deck=["spike"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("headstomp", "block", crit=(True, False))
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.HAND) == ["Spike"]


def test_chunli_swift_attack_speedup_hit_gain_advantage_add_boost_to_gauge() -> None:
    """Chun-Li, Head Stomp's boost Swift Attack (continuous): during_strike: speedup 1;
    hit: gain_advantage, then add_boost_to_gauge_on_strike_cleanup."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["headstomp"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("cross", "block")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 7
    assert d.zone(P1, Zone.GAUGE) == ["Head Stomp", "Cross"]
    assert _next(d) == P1


# --- Kikoken / Overhead ---------------------------------------------------------------


def test_chunli_kikoken_is_critical_armorup_after_lose_all_armor_choice() -> None:
    """Chun-Li, Kikoken: during_strike: [if is_critical] armorup 4; after:
    lose_all_armor, then choice advance 1 | retreat 1.

    She strikes first (speed tie) and hits Ryu's Sweep for 4; then her unused 4 armor is
    gone and she advances: Sweep hits her for the full 6.
    """
    d = position(p1=dict(space=3, hand=["kikoken"], gauge=["grasp"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.strike("kikoken", "sweep", crit=(True, False))
    assert d.life(P2) == 26
    assert list(d.expect(ChoiceRequest, P1).labels) == ["advance 1", "retreat 1"]
    d.choose("advance 1")
    armor = [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is Stat.ARMOR]
    assert armor == [(P1, 4), (P1, -4)]
    assert d.space(P1) == 4
    assert d.events(ev.DamageDealt)[-1] == ev.DamageDealt(target=P1, amount=6, absorbed=0)


def test_chunli_kikoken_lose_all_armor_keeps_used_armor_used() -> None:
    """Chun-Li, Kikoken: armor already spent stays spent. Ryu's Hadoken (speed 4) hits the
    Critical Kikoken first: 4 absorbed by the 4 armor; losing the rest changes nothing."""
    d = position(p1=dict(space=3, hand=["kikoken"], gauge=["grasp"]),
                 p2=dict(space=7, hand=["hadoken"]), chars=CHARS)
    d.strike("kikoken", "hadoken", crit=(True, False))
    assert d.events(ev.DamageDealt)[0] == ev.DamageDealt(target=P1, amount=0, absorbed=4)
    d.expect(ChoiceRequest, P2)
    d.choose("pass")  # Ryu's Hadoken after-choice
    d.choose("retreat 1")
    armor = [e.amount for e in d.events(ev.StatModified) if e.stat is Stat.ARMOR]
    assert armor == [4]
    assert d.life(P1) == 30
    assert d.life(P2) == 26


def test_chunli_overhead_now_strike_hit_ignore_armor_add_boost_to_gauge() -> None:
    """Chun-Li, Kikoken's boost Overhead (continuous): now: strike; hit: ignore_armor,
    then add_boost_to_gauge_on_strike_cleanup. Cross hits Block for 3 through armor."""
    d = position(p1=dict(space=3, hand=["kikoken", "cross"]), p2=dict(space=5, hand=["block"]),
                 chars=CHARS)
    boost(d, "kikoken")
    d.choose("pass")
    d.respond(P1, "cross", "block")
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=3, absorbed=0)]
    assert d.zone(P1, Zone.GAUGE) == ["Kikoken", "Cross"]


# --- Lightning Legs / Repeating Attack -------------------------------------------------


def test_chunli_lightning_legs_is_critical_hit_opponent_return_attack_choose_sustain_boost() -> None:
    """Chun-Li, Lightning Legs: after: [if is_critical] pass, then [if hit_opponent]
    choice (return_attack_to_top_of_deck, then choose_sustain_boost 1) | pass.

    Critical Lightning Legs hits Block; it goes back on top of her deck and her Light
    boost (Sweep's, her only one) is sustained: it stays in play after the strike.
    """
    d = position(p1=dict(space=3, hand=["lightninglegs"], gauge=["grasp"],
                         boosts=["sweep"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("lightninglegs", "block", crit=(True, False))
    d.choose("return attack")
    assert d.zone(P1, Zone.DECK)[0] == "Lightning Legs"
    assert [d.name(e.card) for e in d.events(ev.BoostSustained)] == ["Sweep"]
    assert d.zone(P1, Zone.BOOSTS) == ["Sweep"]
    assert d.zone(P1, Zone.GAUGE) == []


def test_chunli_lightning_legs_cannot_sustain_a_boost_bound_for_gauge() -> None:
    """Chun-Li, Lightning Legs with Head Stomp's Swift Attack (``hit: gain_advantage +
    add_boost_to_gauge_on_strike_cleanup``) her only boost: once Lightning Legs has hit,
    Swift Attack is bound for her gauge (effects.md: "Move this boost from play into
    your gauge", at once by its reading), so there is nothing to sustain and it ends in
    her gauge. (This test asserted it stayed in play, sustained; rewritten to the
    glossary.)"""
    d = position(p1=dict(space=3, hand=["lightninglegs"], gauge=["grasp"],
                         boosts=["headstomp"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("lightninglegs", "block", crit=(True, False))
    d.choose("return attack")
    assert d.zone(P1, Zone.DECK)[0] == "Lightning Legs"
    assert d.events(ev.BoostSustained) == []
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Head Stomp"]


def test_chunli_lightning_legs_choose_sustain_boost_picks_one_of_two() -> None:
    """Chun-Li, Lightning Legs: with two boosts in play she picks which one to sustain
    (Sweep's Light and Spike's Defend; neither is bound for her gauge, as her own
    boosts are once her attack hits)."""
    d = position(p1=dict(space=3, hand=["lightninglegs"], gauge=["grasp"],
                         boosts=["sweep", "spike"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("lightninglegs", "block", crit=(True, False))
    d.choose("return attack")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["sustain Light", "sustain Defend"]
    d.choose("Defend")
    assert d.zone(P1, Zone.BOOSTS) == ["Spike"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Sweep"]  # Grasp paid the Critical


def test_chunli_lightning_legs_not_critical_no_choice() -> None:
    """Chun-Li, Lightning Legs: without Critical nothing happens after; it goes to gauge."""
    d = position(p1=dict(space=3, hand=["lightninglegs"]), p2=dict(space=4, hand=["block"]),
                 chars=CHARS)
    d.strike("lightninglegs", "block")
    assert d.zone(P1, Zone.GAUGE) == ["Lightning Legs"]
    assert _next(d) == P2


@pytest.mark.parametrize(("option", "gauge", "deck_top"), [
    ("return attack", ["Lightning Legs"], "Cross"), ("pass", ["Cross"], None)])
def test_chunli_repeating_attack_after_hit_opponent_return_attack_add_boost_to_gauge(
    option: str, gauge: list[str], deck_top: str | None
) -> None:
    """Chun-Li, Lightning Legs' boost Repeating Attack (continuous): after: [if
    hit_opponent] choice (return_attack_to_top_of_deck, then
    add_boost_to_gauge_on_strike_cleanup) | pass."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["lightninglegs"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("cross", "block")
    d.choose(option)
    assert d.zone(P1, Zone.GAUGE) == gauge
    if deck_top is not None:
        assert d.zone(P1, Zone.DECK)[0] == deck_top
    else:
        assert d.zone(P1, Zone.DISCARD) == ["Lightning Legs"]


# --- Spinning Bird Kick / Guard Crush --------------------------------------------------


@pytest.mark.parametrize(("option", "ryu_space"), [("push 2", 3), ("pull 2", 8)])
def test_chunli_spinning_bird_kick_advance_hit_moved_past_choice_push_pull(
    option: str, ryu_space: int
) -> None:
    """Chun-Li, Spinning Bird Kick: before: advance 3; hit: [if moved_past] choice
    push 2 | pull 2. She jumps over Ryu (3 -> 7, Ryu on 5) and hits at range 2."""
    d = position(p1=dict(space=3, hand=["spinningbirdkick"]), p2=dict(space=5, hand=["block"]),
                 chars=CHARS)
    d.strike("spinningbirdkick", "block")
    assert d.space(P1) == 7
    d.choose(option)
    assert d.space(P2) == ryu_space
    assert d.life(P2) == 27


def test_chunli_spinning_bird_kick_not_moved_past_no_choice() -> None:
    """Chun-Li, Spinning Bird Kick: landing short of Ryu, the hit offers no push/pull."""
    d = position(p1=dict(space=3, hand=["spinningbirdkick"]), p2=dict(space=8, hand=["block"]),
                 chars=CHARS)
    d.strike("spinningbirdkick", "block")
    assert d.space(P1) == 6
    assert d.life(P2) == 27
    assert d.space(P2) == 8
    assert _next(d) == P2


def test_chunli_guard_crush_now_strike_hit_ignore_guard_add_boost_to_gauge() -> None:
    """Chun-Li, Spinning Bird Kick's boost Guard Crush (continuous, 1 force): now:
    strike; hit: ignore_guard, then add_boost_to_gauge_on_strike_cleanup.

    Her Cross deals 3 to Ryu's Spike (guard 4): with guard ignored he is stunned.
    """
    d = position(p1=dict(space=3, hand=["spinningbirdkick", "cross", "dive"]),
                 p2=dict(space=5, hand=["spike"]), chars=CHARS)
    boost(d, "spinningbirdkick", "dive")
    d.choose("pass")
    d.respond(P1, "cross", "spike")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P1, Zone.GAUGE) == ["Spinning Bird Kick", "Cross"]


# --- Hosenka / Ultra Parry --------------------------------------------------------------


@pytest.mark.parametrize(("crit", "life"), [(True, 21), (False, 23)])
def test_chunli_hosenka_before_close_is_critical_powerup(crit: bool, life: int) -> None:
    """Chun-Li, Hosenka (4 gauge): during_strike: [if is_critical] powerup 2; before:
    close 2. From range 3 she closes and hits Block for 9 (+2) - 2."""
    d = position(p1=dict(space=3, hand=["hosenka"], gauge=["grasp", "cross", "dive", "spike",
                                                            "sweep"]),
                 p2=dict(space=6, hand=["block"]), chars=CHARS)
    d.strike("hosenka", "block", crit=(crit, False))
    d.pay("cross", "dive", "spike", "sweep")
    assert d.space(P1) == 5
    assert d.life(P2) == life


def test_chunli_ultra_parry_opponent_discard_choose_normals_or_reveal() -> None:
    """Chun-Li, Hosenka's boost Ultra Parry (immediate, 2 force):
    opponent_discard_choose 3, card_kind normal, reveal_if_fewer. Ryu holds four Normals
    and chooses three."""
    d = position(p1=dict(hand=["hosenka", "grasp", "cross"]),
                 p2=dict(hand=["block", "spike", "hadoken", "cross", "sweep"]), chars=CHARS)
    boost(d, "hosenka", "grasp", "cross")
    request = d.pending
    assert isinstance(request, DiscardRequest)
    assert request.player == P2 and request.count == 3
    assert d.names(request.candidates) == ["Block", "Spike", "Cross", "Sweep"]
    d.discard(P2, "block", "spike", "sweep")
    assert d.zone(P2, Zone.HAND) == ["Hadoken", "Cross"]
    assert d.zone(P2, Zone.DISCARD) == ["Block", "Spike", "Sweep"]
    assert d.events(ev.HandRevealed) == []
    d.choose("pass")
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Hosenka"]


def test_chunli_ultra_parry_fewer_normals_discard_all_and_reveal() -> None:
    """Chun-Li, Ultra Parry: holding fewer than three Normals, Ryu discards them all and
    reveals his hand."""
    d = position(p1=dict(hand=["hosenka", "grasp", "cross"]),
                 p2=dict(hand=["block", "hadoken"]), chars=CHARS)
    boost(d, "hosenka", "grasp", "cross")
    assert d.zone(P2, Zone.DISCARD) == ["Block"]
    (revealed,) = d.events(ev.HandRevealed)
    assert revealed.player == P2 and d.names(revealed.cards) == ["Hadoken"]


# --- Kikousho / Faultless Focus -----------------------------------------------------------


def test_chunli_kikousho_dodge_at_range_after_not_hit_opponent_draw_add_top_discard_to_gauge() -> None:
    """Chun-Li, Kikousho (2 gauge): during_strike: dodge_at_range 4-9; after: [if
    not_hit_opponent] draw 1, then move_top_cards discard to gauge 2.

    Ryu's Hadoken from range 4 misses her; Kikousho (1-3) misses too, so she draws and
    the top two discards (the gauge she paid) go back to her gauge.
    """
    d = position(p1=dict(space=3, hand=["kikousho"], gauge=["grasp", "cross"], deck=["spike"]),
                 p2=dict(space=7, hand=["hadoken"]), chars=CHARS)
    d.strike("kikousho", "hadoken")
    d.pay("grasp", "cross")
    assert d.events(ev.AttackMissed)[0] == ev.AttackMissed(
        player=P2, reason=ev.MissReason.DODGED_AT_RANGE, distance=4)
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert d.zone(P1, Zone.GAUGE) == ["Cross", "Grasp"]
    assert d.zone(P1, Zone.DISCARD) == ["Kikousho"]
    assert d.life(P1) == 30


def test_chunli_kikousho_hit_opponent_no_draw() -> None:
    """Chun-Li, Kikousho: when it hits (7 - 2 on Block) there is no draw."""
    d = position(p1=dict(space=3, hand=["kikousho"], gauge=["grasp", "cross"], deck=["spike"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("kikousho", "block")
    d.pay("grasp", "cross")
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.HAND) == []
    assert d.zone(P1, Zone.GAUGE) == ["Kikousho"]


def test_faultless_focus_goes_to_gauge_at_her_hit_and_she_stays_stun_immune() -> None:
    """Faultless Focus (``during_strike: stun_immunity``; ``hit:
    add_boost_to_gauge_on_strike_cleanup``) in play; Chun-Li's Cross (speed 6) hits Ryu's
    Sweep (speed 2) first. effects.md, ``add_boost_to_gauge_on_strike_cleanup``: "Move
    this boost from play into your gauge (immediately by default ...)": Faultless Focus
    is in her gauge as her hit resolves, before its damage. The boost is spent, not
    cancelled: the stun immunity it gave this strike stays, so Sweep's 6 (above Cross's
    guard 0) does not stun her."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["kikousho"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.strike("cross", "sweep")
    [left] = [e for e in d.events(ev.CardMoved) if e.src is Zone.BOOSTS]
    assert (d.name(left.card), left.dst, left.reason) == ("Kikousho", Zone.GAUGE,
                                                          ev.MoveReason.EFFECT)
    hits = d.events(ev.AttackHit)
    assert [h.player for h in hits] == [P1, P2]
    assert d.log.index(hits[0]) < d.log.index(left) < d.log.index(d.events(ev.DamageDealt)[0])
    assert d.events(ev.PlayerStunned) == []
    assert d.life(P2) == 27 and d.life(P1) == 24  # Cross 3; Sweep 6, not stunned
    assert d.zone(P1, Zone.GAUGE) == ["Kikousho", "Cross"]
    assert _next(d) == P2


def test_chunli_faultless_focus_stun_immunity_now_strike_add_boost_to_gauge() -> None:
    """Chun-Li, Kikousho's boost Faultless Focus (continuous, 1 force): during_strike:
    stun_immunity; now: strike; hit: add_boost_to_gauge_on_strike_cleanup.

    Ryu's Donkey Kick (speed 4) hits her Spike first for 6, above its guard 4, but she
    cannot be stunned (the wall stops the push), so her Spike still hits back for 5.
    """
    d = position(p1=dict(space=1, hand=["kikousho", "spike", "dive"]),
                 p2=dict(space=3, hand=["donkeykick"]), chars=CHARS)
    boost(d, "kikousho", "dive")
    d.choose("pass")
    d.respond(P1, "spike", "donkeykick")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.life(P1) == 24
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.GAUGE) == ["Kikousho", "Spike"]
