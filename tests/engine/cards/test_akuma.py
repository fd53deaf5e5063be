"""Akuma: every attack and boost, his Critical ability (both sides) and his Exceed.

Card facts: roster.md, "Akuma". Akuma is P1 and Ryu P2; Ryu mostly answers with Block
(power 0 whatever its bonuses, armor 2, guard 3, never hits). A test's name contains
the effect and condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, ChoiceRequest, Exceed, Prepare, SetAttackRequest
from engine.core.ids import Zone
from engine.core.state import AttackSide, Stat

CHARS = ("akuma", "ryu")


def _next(d: object) -> object:
    return d.expect(ActionRequest).player  # type: ignore[attr-defined]


def _power(d: object) -> list[tuple[object, int]]:
    mods = d.events(ev.StatModified)  # type: ignore[attr-defined]
    return [(e.player, e.amount) for e in mods if e.stat is Stat.POWER]


# --- character ability: Critical gives both attacks power -----------------------------


def test_akuma_ability_is_critical_add_attack_effect_powerup_both_players() -> None:
    """Akuma (ability): set_strike: [if is_critical] add_attack_effect (during_strike:
    powerup_both_players 2).

    Critical Goshoryuken closes to Block and hits for 3 + 2 - 2 armor = 3 (not above
    guard 3). Block also got +2 power, but its power is set to 0.
    """
    d = position(p1=dict(space=3, hand=["goshoryuken"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("goshoryuken", "block", crit=(True, False))
    assert _power(d) == [(P1, 2), (P2, 2)]
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=3, absorbed=2)]
    assert d.events(ev.PlayerStunned) == []


def test_akuma_ability_not_critical_no_powerup_both_players() -> None:
    """Akuma (ability): without Critical nobody gains power: Ryu's Cross hits Akuma's
    Focus for 3 - 2 armor = 1."""
    d = position(p1=dict(space=3, hand=["focus"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["cross"]), chars=CHARS)
    d.strike("focus", "cross", crit=(False, False))
    assert _power(d) == []
    assert d.life(P1) == 29


def test_akuma_ability_powerup_both_players_helps_the_opponent_too() -> None:
    """Akuma (ability): the +2 goes to Ryu's attack as well: his Cross hits Akuma's Focus
    for 3 + 2 - 2 armor = 3, then retreats out of Focus's range."""
    d = position(p1=dict(space=3, hand=["focus"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["cross"]), chars=CHARS)
    d.strike("focus", "cross", crit=(True, False))
    assert _power(d) == [(P1, 2), (P2, 2)]
    assert d.life(P1) == 27
    assert d.space(P2) == 8
    assert d.life(P2) == 30


def test_akuma_exceed_pays_2_gauge_and_flips() -> None:
    """Akuma (exceed cost 2): the Exceed action spends 2 gauge and turns his card over;
    he has no on_exceed hook, so he just draws for the turn."""
    d = position(p1=dict(hand=["goshoryuken"], gauge=["grasp", "cross", "dive"],
                         deck=["spike"]), chars=CHARS)
    d.act(Exceed())
    d.pay("grasp", "cross")
    assert d.p(P1).exceeded
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross"]
    assert d.zone(P1, Zone.HAND) == ["Goshoryuken", "Spike"]
    assert _next(d) == P2


def test_akuma_exceeded_critical_strike_powerup_both_players_3() -> None:
    """Akuma exceeded: Critical Goshoryuken hits Block for 3 + 3 - 2 = 4 > guard 3."""
    d = position(p1=dict(space=3, hand=["goshoryuken"], gauge=["grasp"], exceeded=True),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("goshoryuken", "block", crit=(True, False))
    assert _power(d) == [(P1, 3), (P2, 3)]
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


# --- Gohadoken / Demon Illusion ---------------------------------------------------


@pytest.mark.parametrize(("crit", "speed", "power"), [(True, 5, [(P1, -2), (P1, 2), (P2, 2)]),
                                                       (False, 4, [])])
def test_akuma_gohadoken_is_critical_speedup_powerup(
    crit: bool, speed: int, power: list[tuple[object, int]]
) -> None:
    """Akuma, Gohadoken: during_strike: [if is_critical] speedup 1, then powerup -2.

    The Critical costs Gohadoken 2 power, which Akuma's own Critical bonus gives back:
    it hits Ryu's Hadoken for 5 either way, stunning him before he acts.
    """
    d = position(p1=dict(space=3, hand=["gohadoken"], gauge=["grasp"]),
                 p2=dict(space=7, hand=["hadoken"]), chars=CHARS)
    d.strike("gohadoken", "hadoken", crit=(crit, False))
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == speed
    assert _power(d) == power
    assert d.life(P2) == 25
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]


@pytest.mark.parametrize("paid", [1, 3, 5])
def test_akuma_demon_illusion_now_choice_spend_life_draw(paid: int) -> None:
    """Akuma, Gohadoken's boost Demon Illusion (continuous): now: choice spend_life N,
    then draw N (N = 1..5) | pass; during_strike: powerup 1.

    Spending life is a cost: no damage event; Akuma draws as many, then 1 for the turn.
    """
    d = position(p1=dict(hand=["gohadoken"], deck=["spike", "dive", "cross", "sweep", "focus",
                                                   "block"]), chars=CHARS)
    boost(d, "gohadoken")
    labels = d.expect(ChoiceRequest, P1).labels
    assert labels[0] == "spend life 1, then draw 1" and labels[-1] == "pass"
    d.choose(f"spend life {paid},")
    assert d.events(ev.LifeSpent) == [ev.LifeSpent(player=P1, amount=paid)]
    assert d.events(ev.DamageDealt) == []
    assert d.life(P1) == 30 - paid
    assert len(d.zone(P1, Zone.HAND)) == paid + 1
    assert d.zone(P1, Zone.BOOSTS) == ["Gohadoken"]
    assert _next(d) == P2


@pytest.mark.parametrize("paid", [3, 5])
def test_akuma_demon_illusion_spend_life_can_lose_the_game(paid: int) -> None:
    """Akuma, Demon Illusion: spending all his life (or more: life stops at 0) ends the
    game."""
    d = position(p1=dict(life=3, hand=["gohadoken"]), chars=CHARS)
    boost(d, "gohadoken")
    d.choose(f"spend life {paid},")
    assert d.events(ev.LifeSpent) == [ev.LifeSpent(player=P1, amount=3)]
    assert d.life(P1) == 0
    assert d.pending is None
    assert d.state.winner == P2


def test_akuma_demon_illusion_during_strike_powerup() -> None:
    """Akuma, Demon Illusion in play: during_strike: powerup 1 (Cross hits Block for 2)."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["gohadoken"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("cross", "block")
    assert _power(d) == [(P1, 1)]
    assert d.life(P2) == 28


# --- Goshoryuken / Ashura Senku -----------------------------------------------------


def test_akuma_goshoryuken_before_close_hit_push() -> None:
    """Akuma, Goshoryuken: before: close 1; hit: push 2.

    From range 2 Akuma closes to 4, hits Block for 3 - 2 = 1 and pushes Ryu to 7.
    """
    d = position(p1=dict(space=3, hand=["goshoryuken"]), p2=dict(space=5, hand=["block"]),
                 chars=CHARS)
    d.strike("goshoryuken", "block")
    assert d.space(P1) == 4
    assert d.space(P2) == 7
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.GAUGE) == ["Goshoryuken"]


@pytest.mark.parametrize(("option", "p1_space", "gauge"), [
    ("add to gauge", 3, ["Goshoryuken"]), ("advance 1", 4, []), ("retreat 1", 2, [])])
def test_akuma_ashura_senku_choice_add_to_gauge_boost_play_cleanup_bonus_action(
    option: str, p1_space: int, gauge: list[str]
) -> None:
    """Akuma, Goshoryuken's boost Ashura Senku (immediate, 1 force): choice
    add_to_gauge_boost_play_cleanup | advance 1 | retreat 1; bonus_action."""
    d = position(p1=dict(space=3, hand=["goshoryuken", "spike"], deck=["dive", "cross"]),
                 p2=dict(space=7), chars=CHARS)
    boost(d, "goshoryuken", "spike")
    d.choose(option)
    assert d.space(P1) == p1_space
    assert d.zone(P1, Zone.GAUGE) == gauge
    assert _next(d) == P1
    d.act(Prepare())
    assert d.zone(P1, Zone.HAND) == ["Dive", "Cross"]
    assert _next(d) == P2


# --- Hyakkishu / Fakeout --------------------------------------------------------------


def test_akuma_hyakkishu_before_close_after_dodge_at_range() -> None:
    """Akuma, Hyakkishu: before: close 2; after: dodge_at_range 1-1.

    Hyakkishu (speed 4) beats Ryu's Sweep (2): Akuma closes from 3 to 5, hits for 4
    (Sweep's guard 6 holds), then attacks from range 1 miss him: Sweep misses.
    """
    d = position(p1=dict(space=3, hand=["hyakkishu"]), p2=dict(space=6, hand=["sweep"]),
                 chars=CHARS)
    d.strike("hyakkishu", "sweep")
    assert d.space(P1) == 5
    assert d.life(P2) == 26
    assert d.events(ev.DodgeAtRangeGained) == [ev.DodgeAtRangeGained(player=P1, low=1, high=1)]
    assert d.events(ev.AttackMissed) == [
        ev.AttackMissed(player=P2, reason=ev.MissReason.DODGED_AT_RANGE, distance=1)]
    assert d.life(P1) == 30


def test_akuma_hyakkishu_is_critical_ignore_armor() -> None:
    """Akuma, Hyakkishu: during_strike: [if is_critical] ignore_armor (4 through Block,
    and the Critical +2: 6, stunning Ryu)."""
    d = position(p1=dict(space=3, hand=["hyakkishu"], gauge=["grasp"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("hyakkishu", "block", crit=(True, False))
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=6, absorbed=0)]


def test_akuma_fakeout_now_strike_opponent_sets_first_add_boost_to_gauge_on_strike_cleanup() -> None:
    """Akuma, Hyakkishu's boost Fakeout (continuous): now: strike, opponent_sets_first;
    after: add_boost_to_gauge_on_strike_cleanup.

    Akuma initiates, but Ryu sets (and decides his Critical) first. Fakeout goes to
    Akuma's gauge at cleanup; Akuma stays the attacker (ties go to him).
    """
    d = position(p1=dict(space=3, hand=["hyakkishu", "cross"]),
                 p2=dict(space=5, hand=["cross"], gauge=["grasp"]), chars=CHARS)
    boost(d, "hyakkishu")
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, "cross")
    d.critical(P2, False)
    d.set_attack(P1, "cross")
    assert [e.player for e in d.events(ev.AttackSet)] == [P2, P1]
    assert d.state.strike is None
    assert d.events(ev.StrikeStarted) == [ev.StrikeStarted(attacker=P1)]
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.zone(P1, Zone.GAUGE) == ["Hyakkishu", "Cross"]
    assert _next(d) == P2


# --- Tatsumaki Zankukyaku / Spite ---------------------------------------------------


def test_akuma_tatsumaki_advance_advanced_through_add_attack_effect_opponent_discard_random() -> None:
    """Akuma, Tatsumaki Zankukyaku: before: advance 2, then [if advanced_through]
    add_attack_effect (hit: opponent_discard_random 1).

    Akuma jumps over Ryu (3 -> 6: Ryu's space 4 is not counted), hits Block at range 2
    for 2 and Ryu discards his only card in hand at random.
    """
    d = position(p1=dict(space=3, hand=["tatsumakizankukyaku"]),
                 p2=dict(space=4, hand=["block", "spike"]), chars=CHARS)
    d.strike("tatsumakizankukyaku", "block")
    assert d.space(P1) == 6
    assert d.life(P2) == 28
    assert d.zone(P2, Zone.HAND) == []
    assert d.zone(P2, Zone.DISCARD) == ["Spike"]


def test_akuma_tatsumaki_not_advanced_through_no_discard() -> None:
    """Akuma, Tatsumaki Zankukyaku: without crossing, the hit discards nothing."""
    d = position(p1=dict(space=3, hand=["tatsumakizankukyaku"]),
                 p2=dict(space=6, hand=["block", "spike"]), chars=CHARS)
    d.strike("tatsumakizankukyaku", "block")
    assert d.space(P1) == 5
    assert d.zone(P2, Zone.HAND) == ["Spike"]


def test_akuma_spite_speedup_hit_add_boost_to_gauge_on_strike_cleanup() -> None:
    """Akuma, Tatsumaki's boost Spite (continuous): during_strike: speedup 1; hit:
    add_boost_to_gauge_on_strike_cleanup (Cross + Spite go to gauge)."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["tatsumakizankukyaku"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("cross", "block")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 7
    assert d.zone(P1, Zone.GAUGE) == ["Tatsumaki Zankukyaku", "Cross"]


# --- Zugaihasatsu / Power of Hatred --------------------------------------------------


def test_akuma_zugaihasatsu_hit_opponent_total_guard_greater_or_equal_powerup() -> None:
    """Akuma, Zugaihasatsu: hit: [if opponent_total_guard_greater_or_equal 4] powerup 2.

    Against Ryu's Spike (guard 4) it hits for 3 + 2 = 5 and stuns him.
    """
    d = position(p1=dict(space=3, hand=["zugaihasatsu"]), p2=dict(space=5, hand=["spike"]),
                 chars=CHARS)
    d.strike("zugaihasatsu", "spike")
    assert _power(d) == [(P1, 2)]
    assert d.life(P2) == 25
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_akuma_zugaihasatsu_guard_below_4_no_powerup() -> None:
    """Akuma, Zugaihasatsu: Block's guard 3 is below 4: 3 - 2 armor = 1 damage."""
    d = position(p1=dict(space=3, hand=["zugaihasatsu"]), p2=dict(space=5, hand=["block"]),
                 chars=CHARS)
    d.strike("zugaihasatsu", "block")
    assert _power(d) == []
    assert d.life(P2) == 29
    assert _next(d) == P2


def test_akuma_zugaihasatsu_is_critical_hit_gain_advantage() -> None:
    """Akuma, Zugaihasatsu: hit: [if is_critical] gain_advantage: Akuma goes again."""
    d = position(p1=dict(space=3, hand=["zugaihasatsu"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("zugaihasatsu", "block", crit=(True, False))
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


@pytest.mark.parametrize(("ryu_space", "gauge"), [(5, ["Zugaihasatsu", "Cross"]), (8, [])])
def test_akuma_power_of_hatred_powerup_after_hit_opponent_add_boost_to_gauge(
    ryu_space: int, gauge: list[str]
) -> None:
    """Akuma, Zugaihasatsu's boost Power of Hatred (continuous): during_strike: powerup 2;
    after: [if hit_opponent] add_boost_to_gauge_on_strike_cleanup (else discarded)."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["zugaihasatsu"]),
                 p2=dict(space=ryu_space, hand=["block"]), chars=CHARS)
    d.strike("cross", "block")
    assert _power(d) == [(P1, 2)]
    assert d.zone(P1, Zone.GAUGE) == gauge


# --- Demon Armageddon / Die One Thousand Deaths! --------------------------------------


def test_akuma_demon_armageddon_multiply_positive_power_bonuses() -> None:
    """Akuma, Demon Armageddon (4 gauge): during_strike: multiply_positive_power_bonuses 2.

    With Power of Hatred in play (+2, doubled to +4) it hits Block for 6 + 4 - 2 = 8.
    """
    d = position(p1=dict(space=3, hand=["demonarmageddon"], boosts=["zugaihasatsu"],
                         gauge=["grasp", "cross", "dive", "spike"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("demonarmageddon", "block")
    d.pay("grasp", "cross", "dive", "spike")
    assert d.events(ev.PowerBonusesMultiplied) == [ev.PowerBonusesMultiplied(player=P1, factor=2)]
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=8, absorbed=2)]
    assert d.life(P2) == 22


def test_akuma_die_one_thousand_deaths_multiply_positive_power_bonuses_not_negative() -> None:
    """Akuma, Demon Armageddon's boost Die One Thousand Deaths! (continuous):
    during_strike: multiply_positive_power_bonuses 2.

    Critical Gohadoken with Power of Hatred: bonuses +2 (Hatred), +2 (Critical) and -2
    (Gohadoken's Critical). Only the positive ones double: 5 + 8 - 2 = 11, minus Block's
    2 armor = 9 damage.
    """
    d = position(p1=dict(space=3, hand=["gohadoken"], gauge=["grasp"],
                         boosts=["demonarmageddon", "zugaihasatsu"]),
                 p2=dict(space=6, hand=["block"]), chars=CHARS)
    d.strike("gohadoken", "block", crit=(True, False))
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=9, absorbed=2)]


def test_positive_power_bonus_counts_ex_and_uses_the_multiplier() -> None:
    """The power total's positive part: bonuses above 0 plus EX's +1, times the factor."""
    side = AttackSide(power=3, power_positive=5, ex=True, power_multiplier=2)
    assert side.positive_power_bonus == 12
    assert AttackSide(power=-2).positive_power_bonus == 0


def test_akuma_multiply_positive_power_bonuses_factors_do_not_stack() -> None:
    """Demon Armageddon with its own boost in play: two x2 multipliers stay x2.

    6 + 2 (Critical) x 2 = 10, minus Block's armor 2 = 8.
    """
    d = position(p1=dict(space=3, hand=["demonarmageddon"], boosts=["demonarmageddon"],
                         gauge=["grasp", "cross", "dive", "spike", "sweep"]),
                 p2=dict(space=4, hand=["block"]), chars=CHARS)
    d.strike("demonarmageddon", "block", crit=(True, False))
    d.pay("cross", "dive", "spike", "sweep")
    assert len(d.events(ev.PowerBonusesMultiplied)) == 1
    assert d.life(P2) == 22


# --- Wrath of the Raging Demon / Instant Hell Murder ----------------------------------


def test_akuma_wrath_of_the_raging_demon_before_close_ignore_armor() -> None:
    """Akuma, Wrath of the Raging Demon (3 gauge): during_strike: ignore_armor; before:
    close 2. From range 3 Akuma closes and hits Block for the full 11."""
    d = position(p1=dict(space=3, hand=["wrathoftheragingdemon"],
                         gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=6, hand=["block"]), chars=CHARS)
    d.strike("wrathoftheragingdemon", "block")
    d.pay("grasp", "cross", "dive")
    assert d.space(P1) == 5
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=11, absorbed=0)]
    assert d.life(P2) == 19


@pytest.mark.parametrize(("crit", "speed"), [(True, 9), (False, 6)])
def test_akuma_instant_hell_murder_total_powerup_greater_or_equal_speedup(
    crit: bool, speed: int
) -> None:
    """Akuma, Wrath's boost Instant Hell Murder (continuous): during_strike: [if
    total_powerup_greater_or_equal 3] speedup 3.

    Instant Hell Murder was boosted before Power of Hatred (+2), and Critical's +2 comes
    from Akuma's ability, later still: the failed condition is retried after them, so
    with Critical (+4 in all) Cross gets +3 speed; without (+2) it does not.
    """
    d = position(p1=dict(space=3, hand=["cross"], gauge=["grasp"],
                         boosts=["wrathoftheragingdemon", "zugaihasatsu"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("cross", "block", crit=(crit, False))
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == speed
