"""The 8 `standard` Normals: every attack and every boost, one test (or more) each.

Card facts: roster.md, "`standard` normals". Ryu is P1 and Ken P2 throughout; both
decks hold the standard Normals. A test's name contains the effect tags it exercises
(the effect-registry meta-test relies on it).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    NameCardRequest,
    PayForceRequest,
    SetAttack,
    SetAttackRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat


def _next(d: object) -> object:
    return d.expect(ActionRequest).player  # type: ignore[attr-defined]


# --- Grasp / Fierce ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "p2_space"),
    [("push 1", 7), ("push 2", 8), ("pull 1", 4), ("pull 2", 3)],
)
def test_grasp_hit_choice_push_pull(option: str, p2_space: int) -> None:
    """Grasp: hit: choice push 1 | push 2 | pull 1 | pull 2.

    Ryu on 5, Ken adjacent on 6. Grasp (speed 7) hits Block for 3 - 2 armor = 1. A pull
    of 1 from adjacent carries Ken past Ryu to space 4 (his space is not counted).
    """
    d = position(p1=dict(space=5, hand=["grasp"]), p2=dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == ["push 1", "push 2", "pull 1", "pull 2"]
    d.choose(option)
    assert d.space(P2) == p2_space
    assert d.space(P1) == 5
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.zone(P2, Zone.GAUGE) == ["Block"]
    assert _next(d) == P2


def test_fierce_during_strike_powerup() -> None:
    """Grasp's boost Fierce (continuous): during_strike: powerup 2.

    Cross (power 3) + 2 = 5 against Block's 2 armor: 3 damage. At cleanup the boost
    leaves play for the discard pile.
    """
    d = position(p1=dict(space=4, hand=["cross"], boosts=["grasp"]),
                 p2=dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert [(e.player, e.stat, e.amount) for e in d.events(ev.StatModified)] == [
        (P1, Stat.POWER, 2)]
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_fierce_played_as_a_boost_stays_in_play() -> None:
    """Fierce played with the Boost action stays in play; the turn ends with a draw."""
    d = position(p1=dict(hand=["grasp"], deck=["spike"]))
    boost(d, "grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Grasp"]
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2


# --- Cross / Run -------------------------------------------------------------------


def test_cross_after_retreat() -> None:
    """Cross: after: retreat 3. Ryu hits Block from 4 (1 damage), then retreats to 1."""
    d = position(p1=dict(space=4, hand=["cross"]), p2=dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 1
    assert d.events(ev.PlayerMoved)[-1] == ev.PlayerMoved(player=P1, src=4, dst=1)


def test_cross_after_retreat_even_on_a_miss_stops_at_the_edge() -> None:
    """Cross: after: retreat 3 happens on a miss too; the arena edge stops it (2 -> 1)."""
    d = position(p1=dict(space=2, hand=["cross"]), p2=dict(space=7, hand=["block"]))
    d.strike("cross", "block")
    assert [e.player for e in d.events(ev.AttackMissed)] == [P1, P2]
    assert d.space(P1) == 1
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


@pytest.mark.parametrize(
    ("option", "p2_space", "p1_space"),
    [("advance 1", 7, 4), ("advance 2", 7, 5), ("advance 3", 7, 6),
     ("advance 3", 5, 7), ("pass", 7, 3)],
)
def test_run_immediate_choice_advance_pass(option: str, p2_space: int, p1_space: int) -> None:
    """Cross's boost Run (immediate): choice advance 1 | 2 | 3 | pass.

    Advancing 3 from 3 with Ken on 5 jumps over him to 7. The boost is then discarded
    and the turn ends with the end-of-turn draw.
    """
    d = position(p1=dict(space=3, hand=["cross"], deck=["spike"]), p2=dict(space=p2_space))
    boost(d, "cross")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == ["advance 1", "advance 2", "advance 3", "pass"]
    d.choose(option)
    assert d.space(P1) == p1_space
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2


# --- Assault / Backstep ------------------------------------------------------------


def test_assault_before_close_hit_gain_advantage() -> None:
    """Assault: before: close 2; hit: gain_advantage (the attacker takes the next turn).

    Ryu closes from 3 to 5, next to Ken on 6, and hits Block for 4 - 2 = 2.
    """
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=6, hand=["block"]))
    d.strike("assault", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 28
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.events(ev.TurnEnded)[-1].next_player == P1
    assert _next(d) == P1


def test_assault_close_never_crosses_and_a_miss_gains_no_advantage() -> None:
    """Assault: close 2 stops short of Ken (3 -> 5, Ken on 8), misses, no advantage."""
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=8, hand=["block"]))
    d.strike("assault", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 30
    assert d.events(ev.AdvantageGained) == []
    assert _next(d) == P2


@pytest.mark.parametrize(
    ("option", "p1_space"),
    [("retreat 1", 4), ("retreat 2", 3), ("retreat 3", 2), ("retreat 4", 1), ("pass", 5)],
)
def test_backstep_immediate_choice_retreat_pass(option: str, p1_space: int) -> None:
    """Assault's boost Backstep (immediate): choice retreat 1 | 2 | 3 | 4 | pass."""
    d = position(p1=dict(space=5, hand=["assault"]), p2=dict(space=7))
    boost(d, "assault")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == [
        "retreat 1", "retreat 2", "retreat 3", "retreat 4", "pass"]
    d.choose(option)
    assert d.space(P1) == p1_space
    assert d.zone(P1, Zone.DISCARD) == ["Assault"]
    assert _next(d) == P2


# --- Dive / Tech -------------------------------------------------------------------


def test_dive_before_advance_advanced_through_dodge_attacks() -> None:
    """Dive: before: advance 3, then [if advanced_through] dodge_attacks.

    Ryu on 6 advances over Ken (8) and the wall stops him on 9, adjacent: he crossed,
    so he dodges. Dive hits for 5; Ken's Sweep (range 1-3, distance 1) is dodged.
    """
    d = position(p1=dict(space=6, hand=["dive"]), p2=dict(space=8, hand=["sweep"]))
    d.strike("dive", "sweep")
    assert d.space(P1) == 9
    assert d.life(P2) == 25
    assert d.events(ev.AttackMissed) == [
        ev.AttackMissed(player=P2, reason=ev.MissReason.DODGED, distance=1)]
    assert d.life(P1) == 30


def test_dive_before_advance_not_advanced_through_no_dodge() -> None:
    """Dive: advance 3 without crossing (3 -> 6, Ken on 7) grants no dodge: Sweep hits."""
    d = position(p1=dict(space=3, hand=["dive"]), p2=dict(space=7, hand=["sweep"]))
    d.strike("dive", "sweep")
    assert d.space(P1) == 6
    assert d.life(P2) == 25
    assert d.life(P1) == 24
    assert d.events(ev.AttackMissed) == []


def test_tech_immediate_discard_continuous_boost() -> None:
    """Dive's boost Tech (immediate): discard_continuous_boost 1 (required, any player's).

    Ryu's own Fierce and Ken's Light are in play; he picks Ken's Light. No pass option.
    """
    d = position(p1=dict(hand=["dive"], boosts=["grasp"]), p2=dict(boosts=["sweep"]))
    boost(d, "dive")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == ["p1 Fierce", "p2 Light"]
    d.choose("Light")
    assert d.zone(P2, Zone.BOOSTS) == []
    assert d.zone(P2, Zone.DISCARD) == ["Sweep"]
    assert d.zone(P1, Zone.BOOSTS) == ["Grasp"]
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]


def test_tech_discard_continuous_boost_single_target_without_asking() -> None:
    """Tech with exactly one boost in play discards it without asking."""
    d = position(p1=dict(hand=["dive"]), p2=dict(boosts=["spike"]))
    boost(d, "dive")
    assert d.zone(P2, Zone.DISCARD) == ["Spike"]
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    assert _next(d) == P2


def test_tech_discard_continuous_boost_with_none_in_play_does_nothing() -> None:
    """Tech with no continuous boost in play: nothing to discard, the turn goes on."""
    d = position(p1=dict(hand=["dive"], deck=["spike"]))
    boost(d, "dive")
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2


# --- Spike / Defend ----------------------------------------------------------------


def test_spike_during_strike_ignore_armor_ignore_guard() -> None:
    """Spike: during_strike: ignore_armor, then ignore_guard.

    Against Focus (armor 2, guard 5) at range 2, Spike's 5 power is not reduced and the
    5 damage stuns (guard counts as 0), so Focus never activates.
    """
    d = position(p1=dict(space=3, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    d.strike("spike", "focus")
    assert d.life(P2) == 25
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=5, absorbed=0)]
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Spike"]
    assert d.zone(P2, Zone.DISCARD) == ["Focus"]


def test_defend_during_strike_armorup_guardup() -> None:
    """Spike's boost Defend (continuous): during_strike: armorup 1; guardup 3.

    Ken's Block with Defend has armor 3 and guard 6: Sweep's 6 power deals 3 and does
    not stun, so Block reaches its after effect and goes to gauge.
    """
    d = position(p1=dict(space=3, hand=["sweep"]),
                 p2=dict(space=4, hand=["block"], boosts=["spike"]))
    d.strike("sweep", "block")
    mods = [(e.player, e.stat, e.amount) for e in d.events(ev.StatModified)]
    assert mods == [(P2, Stat.ARMOR, 1), (P2, Stat.GUARD, 3)]
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=3, absorbed=3)]
    assert d.events(ev.PlayerStunned) == []
    assert d.zone(P2, Zone.GAUGE) == ["Block"]
    assert d.zone(P2, Zone.DISCARD) == ["Spike"]


# --- Sweep / Light -----------------------------------------------------------------


def test_sweep_hit_opponent_discard_random() -> None:
    """Sweep: hit: opponent_discard_random 1 (a HAND -> DISCARD move, RANDOM_DISCARD)."""
    d = position(p1=dict(space=3, hand=["sweep"]),
                 p2=dict(space=5, hand=["block", "grasp", "cross"]))
    d.strike("sweep", "block")
    random = [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.RANDOM_DISCARD]
    assert len(random) == 1
    moved = random[0]
    assert (moved.player, moved.src, moved.dst) == (P2, Zone.HAND, Zone.DISCARD)
    assert d.name(moved.card) in ("Grasp", "Cross")
    assert sorted([*d.zone(P2, Zone.HAND), d.name(moved.card)]) == ["Cross", "Grasp"]
    assert d.zone(P2, Zone.DISCARD) == [d.name(moved.card)]


def test_sweep_opponent_discard_random_with_empty_hand_does_nothing() -> None:
    """Sweep's random discard against an empty hand moves nothing."""
    d = position(p1=dict(space=3, hand=["sweep"]), p2=dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.RANDOM_DISCARD] == []
    assert d.life(P2) == 26


def test_light_during_strike_speedup() -> None:
    """Sweep's boost Light (continuous): during_strike: speedup 2. Focus (1) + 2 beats
    Ken's Sweep (2), so Ryu strikes first."""
    d = position(p1=dict(space=3, hand=["focus"], boosts=["sweep"]),
                 p2=dict(space=4, hand=["sweep"]))
    d.strike("focus", "sweep")
    assert d.events(ev.PriorityDetermined) == [
        ev.PriorityDetermined(first=P1, speed_p1=3, speed_p2=2)]
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1, P2]


# --- Focus / Reading ---------------------------------------------------------------


def test_focus_ignore_push_and_pull_after_draw() -> None:
    """Focus: during_strike: ignore_push_and_pull; after: draw 1.

    Ryu's Grasp hits Ken's Focus (3 - 2 armor = 1) and pushes 2, but Ken does not move;
    Focus hits back for 4, then Ken draws his top card.
    """
    d = position(p1=dict(space=4, hand=["grasp"]),
                 p2=dict(space=5, hand=["focus"], deck=["dive"]))
    d.strike("grasp", "focus")
    d.choose("push 2")
    assert d.space(P2) == 5
    assert [e for e in d.events(ev.PlayerMoved) if e.player == P2] == []
    assert d.life(P2) == 29
    assert d.life(P1) == 26
    assert d.zone(P2, Zone.HAND) == ["Dive"]


def test_focus_ignore_push_and_pull_blocks_pull() -> None:
    """Focus ignores pulls as well: Grasp's pull 2 leaves Ken where he is."""
    d = position(p1=dict(space=4, hand=["grasp"]), p2=dict(space=5, hand=["focus"]))
    d.strike("grasp", "focus")
    d.choose("pull 2")
    assert d.space(P2) == 5


def test_reading_immediate_reading_normal_then_strike() -> None:
    """Focus's boost Reading (immediate): reading_normal; strike.

    Ryu names Sweep among Ken's Normals, then strikes at once; Ken holds Sweep, so it is
    the only attack he may set (no wild swing). The Reading mark ends with the strike.
    """
    d = position(p1=dict(space=3, hand=["focus", "spike"]),
                 p2=dict(space=5, hand=["sweep", "grasp"]))
    boost(d, "focus")
    request = d.expect(NameCardRequest, P1)
    assert request.reading
    assert list(request.names) == [
        "Grasp", "Cross", "Assault", "Dive", "Spike", "Sweep", "Focus", "Block"]
    d.name_card("Sweep")
    assert d.events(ev.CardNamed) == [ev.CardNamed(player=P1, name="Sweep", reading=True)]
    assert d.zone(P1, Zone.DISCARD) == ["Focus"]
    d.set_attack(P1, "spike")
    # Ken is not asked: his only legal attack is Sweep, so it is set for him.
    assert not isinstance(d.pending, SetAttackRequest)
    ken_set = [e for e in d.events(ev.AttackSet) if e.player == P2]
    assert [d.names(e.cards) for e in ken_set] == [["Sweep"]]
    assert d.events(ev.HandRevealed) == []
    assert d.p(P2).reading is None
    assert d.zone(P2, Zone.HAND) == ["Grasp"]


def test_reading_reading_normal_allows_ex_but_no_wild_swing() -> None:
    """Reading: holding two copies of the named Normal, Ken may set it plain or EX,
    but nothing else and no wild swing."""
    d = position(p1=dict(space=3, hand=["focus", "spike"]),
                 p2=dict(space=5, hand=["sweep", "sweep", "grasp"]))
    boost(d, "focus")
    d.name_card("Sweep")
    d.set_attack(P1, "spike")
    request = d.expect(SetAttackRequest, P2)
    assert [d.names(c.cards) for c in offered(request, SetAttack)] == [["Sweep"], ["Sweep", "Sweep"]]
    d.set_attack(P2, ["sweep", "sweep"])
    assert d.zone(P2, Zone.HAND) == ["Grasp"]


def test_reading_reading_normal_not_held_reveals_hand() -> None:
    """Reading: if Ken does not hold the named Normal his hand is revealed and he sets
    freely."""
    d = position(p1=dict(space=3, hand=["focus", "spike"]),
                 p2=dict(space=5, hand=["grasp", "cross"]))
    boost(d, "focus")
    d.name_card("Block")
    d.set_attack(P1, "spike")
    revealed = d.events(ev.HandRevealed)
    assert len(revealed) == 1 and revealed[0].player == P2
    assert sorted(d.names(revealed[0].cards)) == ["Cross", "Grasp"]
    d.set_attack(P2, "cross")
    assert [d.names(e.cards) for e in d.events(ev.AttackSet) if e.player == P2] == [["Cross"]]


# --- Block / Parry -----------------------------------------------------------------


def test_block_set_total_power_attack_does_not_hit_add_strike_to_gauge_after_cleanup() -> None:
    """Block: during_strike: set_total_power 0, then attack_does_not_hit; after:
    add_strike_to_gauge_after_cleanup.

    Ryu's Block is adjacent to Ken, yet it never hits. Ken's Grasp deals 3 - 2 = 1, which
    does not stun (guard 3), so Block's after runs and it goes to gauge though it missed.
    """
    d = position(p1=dict(space=4, hand=["block"]), p2=dict(space=5, hand=["grasp"]),
                 active=P2)
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.events(ev.PowerSet) == [ev.PowerSet(player=P1, value=0)]
    missed = d.events(ev.AttackMissed)
    assert [(e.player, e.reason) for e in missed] == [(P1, ev.MissReason.DOES_NOT_HIT)]
    assert d.life(P2) == 30
    assert d.life(P1) == 29
    assert d.zone(P1, Zone.GAUGE) == ["Block"]


def test_block_stunned_skips_after_and_is_discarded() -> None:
    """Block: a stunned Block never reaches its after effect, so it is discarded.

    Ken's Sweep deals 6 - 2 = 4 > guard 3.
    """
    d = position(p1=dict(space=4, hand=["block"]), p2=dict(space=5, hand=["sweep"]),
                 active=P2)
    d.strike("sweep", "block")
    assert d.life(P1) == 26
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P1]
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Block"]


def test_block_when_hit_force_for_armor() -> None:
    """Block: during_strike: when_hit_force_for_armor (+2 armor per force spent).

    Ryu's Donkey Kick (6 power) hits Ken's Block; after its hit effects (push 2) Ken
    spends 1 force (Grasp) for +2 armor: 6 - 4 = 2 damage, no stun (guard 3).
    """
    d = position(p1=dict(space=4, hand=["donkeykick"]),
                 p2=dict(space=5, hand=["block", "grasp", "cross"]))
    d.strike("donkeykick", "block")
    request = d.expect(PayForceRequest, P2)
    assert request.optional and request.amount is None
    assert d.space(P2) == 7  # the hit effect (push 2) came first
    d.pay("grasp")
    assert d.events(ev.StatModified)[-1] == ev.StatModified(player=P2, stat=Stat.ARMOR, amount=2)
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=2, absorbed=4)]
    assert d.life(P2) == 28
    assert d.zone(P2, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P2, Zone.HAND) == ["Cross"]
    assert d.zone(P2, Zone.GAUGE) == ["Block"]


def test_block_when_hit_force_for_armor_from_gauge_ultra_counts_two() -> None:
    """Block: gauge cards count as force, and an Ultra is worth 2 force (+4 armor).

    Ken's Shinryuken in gauge pays 2 force: 6 power - (2 + 4) armor = no damage.
    """
    d = position(p1=dict(space=4, hand=["donkeykick"]),
                 p2=dict(space=5, hand=["block"], gauge=["shinryuken"]))
    d.strike("donkeykick", "block")
    request = d.expect(PayForceRequest, P2)
    assert d.names(request.candidates) == ["Shinryuken"]
    d.pay("shinryuken")
    assert d.events(ev.StatModified)[-1] == ev.StatModified(player=P2, stat=Stat.ARMOR, amount=4)
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=0, absorbed=6)]
    assert d.life(P2) == 30


def test_block_when_hit_force_for_armor_declined() -> None:
    """Block: the force-for-armor payment may be declined (6 - 2 = 4 damage, stun)."""
    d = position(p1=dict(space=4, hand=["donkeykick"]),
                 p2=dict(space=5, hand=["block", "grasp"]))
    d.strike("donkeykick", "block")
    d.decline()
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=4, absorbed=2)]
    assert d.zone(P2, Zone.HAND) == ["Grasp"]
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_block_when_hit_force_for_armor_not_asked_without_force() -> None:
    """Block: with no cards in hand or gauge there is no force to spend: no prompt."""
    d = position(p1=dict(space=4, hand=["donkeykick"]), p2=dict(space=5, hand=["block"]))
    d.strike("donkeykick", "block")
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=4, absorbed=2)]
    assert d.life(P2) == 26


def test_parry_immediate_name_card_opponent_discards() -> None:
    """Block's boost Parry (immediate): name_card_opponent_discards. Ryu names Grasp;
    Ken holds two and discards one."""
    d = position(p1=dict(hand=["block"]), p2=dict(hand=["grasp", "grasp", "cross"]))
    boost(d, "block")
    request = d.expect(NameCardRequest, P1)
    assert not request.reading
    assert "Shinryuken" in request.names and "Grasp" in request.names
    assert len(request.names) == len(set(request.names))
    d.name_card("Grasp")
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Cross"]
    assert d.zone(P2, Zone.DISCARD) == ["Grasp"]
    assert d.events(ev.HandRevealed) == []
    assert d.zone(P1, Zone.DISCARD) == ["Block"]
    assert _next(d) == P2


def test_parry_name_card_opponent_discards_not_held_reveals_hand() -> None:
    """Parry: naming a card Ken does not hold reveals his hand instead."""
    d = position(p1=dict(hand=["block"]), p2=dict(hand=["grasp", "cross"]))
    boost(d, "block")
    d.name_card("Shinryuken")
    revealed = d.events(ev.HandRevealed)
    assert len(revealed) == 1 and revealed[0].player == P2
    assert d.names(revealed[0].cards) == ["Grasp", "Cross"]
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Cross"]
    assert d.zone(P2, Zone.DISCARD) == []
