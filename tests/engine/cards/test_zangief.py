"""Zangief: every attack and boost, his ability (Critical grabs at range 1, both sides),
his Exceed and its hook.

Card facts: roster.md, "Zangief". Zangief is P1 and Ryu P2; Ryu mostly answers with
Block (power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceOption,
    ChoiceRequest,
    DiscardRequest,
    Exceed,
    MoveTo,
    Strike,
)
from engine.core.ids import Zone
from engine.core.movement import stop_before
from engine.core.state import Stat
from engine.rules.actions import legal_actions

CHARS = ("zangief", "ryu")


def _next(d: object) -> object:
    return d.expect(ActionRequest).player  # type: ignore[attr-defined]


def _mods(d: object, stat: Stat) -> list[tuple[object, int]]:
    mods = d.events(ev.StatModified)  # type: ignore[attr-defined]
    return [(e.player, e.amount) for e in mods if e.stat is stat]


# --- character ability ----------------------------------------------------------------


@pytest.mark.parametrize(("ryu_space", "crit", "power", "life"), [
    (4, True, [(P1, 1)], 24), (4, False, [], 25), (5, True, [], 30)])
def test_zangief_ability_is_critical_range_powerup_speedup(
    ryu_space: int, crit: bool, power: list[tuple[object, int]], life: int
) -> None:
    """Zangief (ability): set_strike: [if is_critical] pass, then [if range 1] powerup 1,
    then speedup 1.

    A Critical Spinning Piledriver set at range 1 deals 5 + 1 through Block's armor; not
    Critical, 5; Critical but set at range 2 gains nothing (and misses).
    """
    d = position(p1=dict(space=3, hand=["spinningpiledriver"], gauge=["grasp"]),
                 p2=dict(space=ryu_space, hand=["block"]), chars=CHARS)
    d.strike("spinningpiledriver", "block", crit=(crit, False))
    assert _mods(d, Stat.POWER) == power
    assert _mods(d, Stat.SPEED) == [(p, 1) for p, _ in power]
    assert d.life(P2) == life


def test_zangief_exceed_ability_is_critical_range_powerup_3() -> None:
    """Zangief (exceed ability): the same Critical grab gives powerup 3 (5 + 3 = 8)."""
    d = position(p1=dict(space=3, hand=["spinningpiledriver"], gauge=["grasp"], exceeded=True),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("spinningpiledriver", "block", crit=(True, False))
    assert _mods(d, Stat.POWER) == [(P1, 3)]
    assert d.life(P2) == 22


@pytest.mark.parametrize(("option", "ryu_space"), [("pull 1", 6), ("pull 2", 5), ("pass", 7)])
def test_zangief_exceed_on_exceed_choice_pull(option: str, ryu_space: int) -> None:
    """Zangief (exceed cost 3), hook on_exceed: choice pull 1 | pull 2 | pass."""
    d = position(p1=dict(space=3, gauge=["grasp", "cross", "dive"]), p2=dict(space=7),
                 chars=CHARS)
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["pull 1", "pull 2", "pass"]
    d.choose(option)
    assert d.p(P1).exceeded
    assert d.space(P2) == ryu_space
    assert _next(d) == P2


# --- Atomic Suplex / Siberian Fortitude ---------------------------------------------------


@pytest.mark.parametrize(("crit", "p1_space", "life"), [(True, 6, 27), (False, 3, 28)])
def test_zangief_atomic_suplex_hit_push_is_critical_after_close(
    crit: bool, p1_space: int, life: int
) -> None:
    """Zangief, Atomic Suplex: hit: push 3; after: [if is_critical] close 3.

    It hits Block for 4 (+1 Critical at range 1) - 2 and throws Ryu from 4 to 7; the
    Critical one then closes back to 6.
    """
    d = position(p1=dict(space=3, hand=["atomicsuplex"], gauge=["grasp"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("atomicsuplex", "block", crit=(crit, False))
    assert d.space(P2) == 7
    assert d.space(P1) == p1_space
    assert d.life(P2) == life


def test_zangief_siberian_fortitude_now_close_armorup() -> None:
    """Zangief, Atomic Suplex's boost Siberian Fortitude (continuous, 1 force): now:
    close 2; during_strike: armorup 2 (Ryu's later Cross then does 3 - 2 = 1)."""
    d = position(p1=dict(space=3, hand=["atomicsuplex", "dive", "focus"]),
                 p2=dict(space=7, hand=["cross"]), chars=CHARS)
    boost(d, "atomicsuplex", "dive")
    assert d.space(P1) == 5
    assert _next(d) == P2
    d.strike("cross", "focus")
    assert _mods(d, Stat.ARMOR) == [(P1, 2)]
    assert d.events(ev.DamageDealt)[0] == ev.DamageDealt(target=P1, amount=0, absorbed=3)


# --- Banishing Flat / Reach ---------------------------------------------------------------


@pytest.mark.parametrize(("crit", "life"), [(True, 30), (False, 26)])
def test_zangief_banishing_flat_is_critical_dodge_at_range_after_close(
    crit: bool, life: int
) -> None:
    """Zangief, Banishing Flat: during_strike: [if is_critical] dodge_at_range 4-9;
    after: close 2.

    Ryu's Hadoken from range 4 misses a Critical Banishing Flat; Banishing Flat (2-3)
    misses too, then Zangief closes from 3 to 5.
    """
    d = position(p1=dict(space=3, hand=["banishingflat"], gauge=["grasp"]),
                 p2=dict(space=7, hand=["hadoken"]), chars=CHARS, active=P2)
    d.strike("hadoken", "banishingflat", crit=(crit, False))
    if not crit:
        d.choose("pass")  # Ryu's Hadoken hit: keep it
    assert d.life(P1) == life
    reasons = [(e.player, e.reason) for e in d.events(ev.AttackMissed)]
    if crit:
        assert reasons[0] == (P2, ev.MissReason.DODGED_AT_RANGE)
    assert d.space(P1) == 5


def test_zangief_reach_now_strike_rangeup() -> None:
    """Zangief, Banishing Flat's boost Reach (continuous, 1 force): now: strike;
    during_strike: rangeup 0/1. His Cross (1-2) reaches Block at 3."""
    d = position(p1=dict(space=3, hand=["banishingflat", "cross", "dive"]),
                 p2=dict(space=6, hand=["block"]), chars=CHARS)
    boost(d, "banishingflat", "dive")
    d.respond(P1, "cross", "block")
    assert d.events(ev.AttackHit) == [ev.AttackHit(player=P1, distance=3)]
    assert d.zone(P1, Zone.DISCARD) == ["Dive", "Banishing Flat"]


# --- Double Lariat / Ki Charge ------------------------------------------------------------


def test_zangief_double_lariat_ignore_push_and_pull() -> None:
    """Zangief, Double Lariat: during_strike: ignore_push_and_pull.

    Ryu's Grasp (speed 7) hits first for 3 - 1 armor and tries to push 2: Zangief stays,
    and his Lariat hits back for 5.
    """
    d = position(p1=dict(space=3, hand=["doublelariat"]), p2=dict(space=4, hand=["grasp"]),
                 chars=CHARS)
    d.strike("doublelariat", "grasp")
    d.choose("push 2")
    assert d.space(P1) == 3
    assert d.life(P1) == 28
    assert d.life(P2) == 25


@pytest.mark.parametrize(("option", "p1_space"), [("advance 2", 6), ("retreat 1", 2)])
def test_zangief_double_lariat_is_critical_after_choice_advance_retreat(
    option: str, p1_space: int
) -> None:
    """Zangief, Double Lariat: after: [if is_critical] choice advance 1 | advance 2 |
    retreat 1 | retreat 2."""
    d = position(p1=dict(space=3, hand=["doublelariat"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("doublelariat", "block", crit=(True, False))
    d.choose(option)
    assert d.space(P1) == p1_space


def test_zangief_ki_charge_add_to_gauge_boost_play_cleanup() -> None:
    """Zangief, Double Lariat's boost Ki Charge (immediate): the card goes to gauge."""
    d = position(p1=dict(hand=["doublelariat"]), chars=CHARS)
    boost(d, "doublelariat")
    assert d.zone(P1, Zone.GAUGE) == ["Double Lariat"]
    assert _next(d) == P2


# --- Flying Power Bomb / Intimidate -------------------------------------------------------


@pytest.mark.parametrize(("crit", "ryu_life"), [(True, 23), (False, 30)])
def test_zangief_flying_power_bomb_is_critical_stun_immunity_before_close(
    crit: bool, ryu_life: int
) -> None:
    """Zangief, Flying Power Bomb: during_strike: [if is_critical] stun_immunity; before:
    close 2.

    Ryu's defending Shoryuken (7) hits first for 4, above guard 0. Critical, Zangief is
    not stunned and slams back for 6 + 1 (range 1) = 7; otherwise he never acts.
    """
    d = position(p1=dict(space=3, hand=["flyingpowerbomb"], gauge=["grasp"]),
                 p2=dict(space=4, hand=["shoryuken"]), chars=CHARS)
    d.strike("flyingpowerbomb", "shoryuken", crit=(crit, False))
    assert d.life(P1) == 26
    assert d.life(P2) == ryu_life
    stunned = [e.player for e in d.events(ev.PlayerStunned)]
    assert stunned == ([P2] if crit else [P1])


def test_zangief_flying_power_bomb_before_close() -> None:
    """Zangief, Flying Power Bomb: from range 3 he closes 2 and hits Block for 6 - 2."""
    d = position(p1=dict(space=3, hand=["flyingpowerbomb"]), p2=dict(space=6, hand=["block"]),
                 chars=CHARS)
    d.strike("flyingpowerbomb", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 26


def test_zangief_intimidate_name_range_opponent_chooses_the_discard() -> None:
    """Zangief, Flying Power Bomb's boost Intimidate (immediate): name_range.

    Zangief names range 1; Ryu holds Grasp and Shoryuken (both range 1) and chooses
    which to discard (his own decision, among only the matching cards).
    """
    d = position(p1=dict(hand=["flyingpowerbomb"]),
                 p2=dict(hand=["hadoken", "grasp", "shoryuken", "block"]), chars=CHARS)
    boost(d, "flyingpowerbomb")
    labels = d.expect(ChoiceRequest, P1).labels
    assert labels[0] == "range 0" and labels[9] == "range 9" and labels[10] == "no range"
    d.choose("range 1")
    assert d.events(ev.RangeNamed) == [ev.RangeNamed(player=P1, value=1)]
    assert isinstance(d.pending, DiscardRequest)
    assert d.names(d.pending.candidates) == ["Grasp", "Shoryuken"]
    d.discard(P2, "shoryuken")
    assert d.zone(P2, Zone.DISCARD) == ["Shoryuken"]
    assert d.zone(P2, Zone.HAND) == ["Hadoken", "Grasp", "Block"]
    assert d.events(ev.HandRevealed) == []
    assert _next(d) == P2


def test_zangief_intimidate_name_range_no_range_matches_block() -> None:
    """Zangief, Intimidate: "no range" names cards without a printed range: Block."""
    d = position(p1=dict(hand=["flyingpowerbomb"]), p2=dict(hand=["hadoken", "block"]),
                 chars=CHARS)
    boost(d, "flyingpowerbomb")
    d.choose("no range")
    assert d.events(ev.RangeNamed) == [ev.RangeNamed(player=P1, value=None)]
    assert d.zone(P2, Zone.DISCARD) == ["Block"]


def test_zangief_intimidate_name_range_no_match_reveals_hand() -> None:
    """Zangief, Intimidate: if no card in Ryu's hand has the range, he reveals his hand."""
    d = position(p1=dict(hand=["flyingpowerbomb"]), p2=dict(hand=["hadoken", "block"]),
                 chars=CHARS)
    boost(d, "flyingpowerbomb")
    d.choose("range 8")
    assert d.zone(P2, Zone.DISCARD) == []
    (revealed,) = d.events(ev.HandRevealed)
    assert d.names(revealed.cards) == ["Hadoken", "Block"]


def test_zangief_intimidate_name_range_offers_x_as_data() -> None:
    """Zangief, Intimidate: "Name a range (0-9, X or no range)": the last option is X,
    described as ``name_range`` with the word "X" (no range: ``name_range None``)."""
    d = position(p1=dict(hand=["flyingpowerbomb"]), p2=dict(hand=["hadoken"]), chars=CHARS)
    boost(d, "flyingpowerbomb")
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 12 and request.labels[11] == "range X"
    assert request.descriptions[11] == ChoiceOption(tag="name_range", word="X")
    assert request.descriptions[10] == ChoiceOption(tag="name_range", amounts=(None,))
    assert request.descriptions[3] == ChoiceOption(tag="name_range", amounts=(3,))


def test_zangief_intimidate_name_range_x_matches_chunli_head_stomp() -> None:
    """Zangief, Intimidate vs Chun-Li: X names the printed range X of Head Stomp (a
    range its text sets: the opponent, if she moved past them). She discards it, not
    Block (no printed range) nor Flipping Ax Kick (range 1-2)."""
    d = position(p1=dict(hand=["flyingpowerbomb"]),
                 p2=dict(hand=["flippingaxkick", "headstomp", "block"]),
                 chars=("zangief", "chunli"))
    boost(d, "flyingpowerbomb")
    d.choose("range X")
    assert d.events(ev.RangeNamed) == [ev.RangeNamed(player=P1, value=None, x=True)]
    assert d.zone(P2, Zone.DISCARD) == ["Head Stomp"]
    assert d.zone(P2, Zone.HAND) == ["Flipping Ax Kick", "Block"]
    assert d.events(ev.HandRevealed) == []


def test_zangief_intimidate_name_range_no_range_is_not_x() -> None:
    """Zangief, Intimidate vs Chun-Li: "no range" names Block, not Head Stomp (whose
    printed range is X)."""
    d = position(p1=dict(hand=["flyingpowerbomb"]), p2=dict(hand=["headstomp", "block"]),
                 chars=("zangief", "chunli"))
    boost(d, "flyingpowerbomb")
    d.choose("no range")
    assert d.zone(P2, Zone.DISCARD) == ["Block"]
    assert d.zone(P2, Zone.HAND) == ["Head Stomp"]


def test_zangief_intimidate_name_range_x_without_an_x_card_reveals_hand() -> None:
    """Zangief, Intimidate: naming X when Ryu holds no card of range X (Block has no
    printed range) makes him reveal his hand."""
    d = position(p1=dict(hand=["flyingpowerbomb"]), p2=dict(hand=["hadoken", "block"]),
                 chars=CHARS)
    boost(d, "flyingpowerbomb")
    d.choose("range X")
    assert d.zone(P2, Zone.DISCARD) == []
    (revealed,) = d.events(ev.HandRevealed)
    assert d.names(revealed.cards) == ["Hadoken", "Block"]


# --- Spinning Piledriver / Thick Skinned --------------------------------------------------


def test_zangief_spinning_piledriver_ignore_armor_ignore_guard_hit_opponent_discard_random() -> None:
    """Zangief, Spinning Piledriver: during_strike: ignore_armor, then ignore_guard; hit:
    opponent_discard_random 1. Ryu takes 5 through Block, is stunned (guard ignored:
    5 > 0 is all it takes) and discards his one card in hand."""
    d = position(p1=dict(space=3, hand=["spinningpiledriver"]),
                 p2=dict(space=4, hand=["block", "spike"]), chars=CHARS)
    d.strike("spinningpiledriver", "block")
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=5, absorbed=0)]
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P2, Zone.DISCARD) == ["Spike", "Block"]


@pytest.mark.parametrize(("ryu_card", "gauge"), [
    ("grasp", ["Spinning Piledriver", "Double Lariat"]), ("block", ["Double Lariat"])])
def test_zangief_thick_skinned_armorup_after_was_hit_add_boost_to_gauge(
    ryu_card: str, gauge: list[str]
) -> None:
    """Zangief, Spinning Piledriver's boost Thick Skinned (continuous): during_strike:
    armorup 2; after: [if was_hit] add_boost_to_gauge_on_strike_cleanup.

    Hit first by Grasp (3 - 3 armor), Zangief keeps the boost as gauge; against Block
    (which never hits) it is discarded.
    """
    d = position(p1=dict(space=3, hand=["doublelariat"], boosts=["spinningpiledriver"]),
                 p2=dict(space=4, hand=[ryu_card]), chars=CHARS)
    d.strike("doublelariat", ryu_card)
    if ryu_card == "grasp":
        d.choose("push 1")  # Grasp's hit choice; the Lariat ignores it
    assert d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == gauge


# --- Siberian Blizzard / Jump In ----------------------------------------------------------


def test_zangief_siberian_blizzard_opponent_cant_move_past_remove_opponent_cant_move_past() -> None:
    """Zangief, Siberian Blizzard (3 gauge): during_strike: set_mode opponent_cant_move_past;
    cleanup: set_mode opponent_cant_move_past off; before: close 1; hit: draw 2.

    Ryu's Dive (speed 4) would jump over Zangief (5 -> 2) and dodge; it stops adjacent
    instead, so no dodge: both hit (Dive 5 < guard 6; Blizzard 8). After the strike
    Zangief can be passed again.
    """
    d = position(p1=dict(space=3, hand=["siberianblizzard"], gauge=["grasp", "cross", "dive"],
                         deck=["spike", "sweep"]),
                 p2=dict(space=5, hand=["dive"]), chars=CHARS, active=P2)
    d.strike("dive", "siberianblizzard")
    d.pay("grasp", "cross", "dive")
    assert [e.blocked for e in d.events(ev.PassingBlocked)] == [True, False]
    assert d.space(P2) == 4
    assert d.life(P1) == 25
    assert d.life(P2) == 22
    assert d.zone(P1, Zone.HAND) == ["Spike", "Sweep"]
    assert not d.p(P1).blocks_passing


def test_zangief_opponent_cant_move_past_blocks_the_move_action() -> None:
    """set_mode opponent_cant_move_past: while it holds, the Move action offers no space beyond
    Zangief (unit check of the legal actions)."""
    d = position(p1=dict(space=5), p2=dict(space=3, hand=["grasp", "cross", "dive", "spike"]),
                 chars=CHARS, active=P2)
    before = {o.space for o in legal_actions(d.game.table, P2) if isinstance(o, MoveTo)}
    assert before == {1, 2, 4, 6, 7}
    d.game.table.emit(ev.PassingBlocked(player=P1, blocked=True))
    after = {o.space for o in legal_actions(d.game.table, P2) if isinstance(o, MoveTo)}
    assert after == {1, 2, 4}
    assert Strike() in legal_actions(d.game.table, P2)


@pytest.mark.parametrize(("mover", "dst", "other", "end"), [
    (5, 2, 3, 4), (1, 4, 3, 2), (2, 1, 3, 1), (6, 8, 3, 8)])
def test_stop_before(mover: int, dst: int, other: int, end: int) -> None:
    """movement.stop_before: a move that would cross ``other`` ends adjacent to it."""
    assert stop_before(mover, dst, other) == end


def test_zangief_jump_in_advance_draw() -> None:
    """Zangief, Siberian Blizzard's boost Jump In (immediate): advance 1, then draw 3
    (and 1 for the end of turn)."""
    d = position(p1=dict(space=3, hand=["siberianblizzard"],
                         deck=["spike", "sweep", "dive", "cross"]),
                 p2=dict(space=7), chars=CHARS)
    boost(d, "siberianblizzard")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Spike", "Sweep", "Dive", "Cross"]
    assert d.zone(P1, Zone.DISCARD) == ["Siberian Blizzard"]


# --- Ultimate Atomic Buster / Super Armor ---------------------------------------------------


def test_zangief_ultimate_atomic_buster_hit_discard_hand_then_opponents() -> None:
    """Zangief, Ultimate Atomic Buster (4 gauge): hit: discard_hand, then
    discard_hand opponent. 11 - 2 on Block, and both hands are emptied."""
    d = position(p1=dict(space=3, hand=["ultimateatomicbuster", "spike", "dive"],
                         gauge=["grasp", "cross", "sweep", "focus"]),
                 p2=dict(space=4, hand=["block", "hadoken", "cross"]), chars=CHARS)
    d.strike("ultimateatomicbuster", "block")
    d.pay("grasp", "cross", "sweep", "focus")
    assert d.life(P2) == 21
    assert d.zone(P1, Zone.HAND) == []
    assert d.zone(P2, Zone.HAND) == []
    assert d.zone(P1, Zone.DISCARD)[-2:] == ["Spike", "Dive"]
    assert d.zone(P2, Zone.DISCARD) == ["Hadoken", "Cross", "Block"]


def test_zangief_super_armor_powerup_stun_immunity_after_was_hit_add_boost_to_gauge() -> None:
    """Zangief, UAB's boost Super Armor (continuous): during_strike: powerup 1, then
    stun_immunity; after: [if was_hit] add_boost_to_gauge_on_strike_cleanup.

    Ryu's Donkey Kick hits Zangief's Spike first for 6, above its guard 4, but he cannot
    be stunned (the wall stops the push): his Spike hits back for 5 + 1, and having been
    hit he keeps Super Armor as gauge.
    """
    d = position(p1=dict(space=1, hand=["spike"], boosts=["ultimateatomicbuster"]),
                 p2=dict(space=3, hand=["donkeykick"]), chars=CHARS, active=P2)
    d.strike("donkeykick", "spike")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.life(P1) == 24
    assert d.life(P2) == 24
    assert d.zone(P1, Zone.GAUGE) == ["Ultimate Atomic Buster", "Spike"]
