"""Yuzuriha (Under Night In-Birth): her exceed ability (strike from gauge, attacks
discarded after cleanup), her character actions (Sheathe, strike from gauge, Revert) and
every attack and boost.

Card facts: roster.md, "Yuzuriha". Yuzuriha is P1 and Nehtali P2 (no ability, the
standard Normals): he mostly answers with Block (power 0, armor 2, guard 3, never hits),
Cross (range 1-2, power 3, speed 6), Spike (range 2-3, power 5, speed 3) or Sweep
(range 1-3, power 6, speed 2). A test's name contains the effect and condition tags it
exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction, ChooseOption, Prepare
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Stat

CHARS = ("yuzu", "nehtali")


def yuzu(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Yuzuriha as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _flags(d: Driver, who: Any) -> set[AttackFlag]:
    return {e.flag for e in d.events(ev.AttackFlagged) if e.player == who}


# --- character actions and exceed ability ---------------------------------------------


def test_yuzu_action_sheathe_cards_from_hand_min_cards_in_gauge_exceed_now() -> None:
    """Default character action #0: one card from hand to gauge, then [if
    min_cards_in_gauge 4] exceed_now: the fourth gauge card makes her exceed for free."""
    d = yuzu(dict(space=3, hand=["cross", "grasp"], gauge=["dive", "sweep", "spike"]),
             dict(space=6))
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    assert len(d.zone(P1, Zone.GAUGE)) == 4
    assert d.p(P1).exceeded
    assert "Grasp" in d.zone(P1, Zone.GAUGE)


def test_yuzu_action_sheathe_min_cards_in_gauge_not_reached_no_exceed() -> None:
    """Sheathe with 3 gauge cards after it: no exceed; the turn passes to Nehtali."""
    d = yuzu(dict(space=3, hand=["cross", "grasp"], gauge=["dive"]), dict(space=6))
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Dive", "Grasp"]
    assert not d.p(P1).exceeded
    assert d.expect(ActionRequest).player == P2


def test_yuzu_exceeded_strike_random_from_gauge_was_strike_from_gauge_powerup() -> None:
    """Exceeded character action #0, strike_random_from_gauge: Nehtali sets first, then
    her attack is a random gauge card (here the only one, Kiri). The exceed ability
    ([if used_character_action 0] then [if was_strike_from_gauge] powerup 2, speedup 1)
    makes Kiri 9 power: 7 through Block's 2 armor. Its added discard_strike_after_cleanup
    sends Kiri to the discard pile although it hit; Kiri's after: draw 1."""
    d = yuzu(dict(space=3, hand=["cross"], gauge=["kiri"], exceeded=True),
             dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P2, "block")
    d.critical(P2, False)
    assert d.events(ev.AttackSetFromGauge)[0].player == P1
    assert d.events(ev.AttackDiscardedAtCleanup) == [ev.AttackDiscardedAtCleanup(player=P1)]
    assert 2 in _mods(d, P1, Stat.POWER)
    assert 1 in _mods(d, P1, Stat.SPEED)
    assert d.life(P2) == 23
    assert d.zone(P1, Zone.GAUGE) == []
    assert "Battoujutsu Ichi no Kata: Kiri" in d.zone(P1, Zone.DISCARD)


def test_yuzu_exceeded_strike_random_from_gauge_picks_by_the_engine_prng() -> None:
    """strike_random_from_gauge with two gauge cards (Kiri, Tachi): nobody is asked; the
    engine's PRNG picks one, which AttackSetFromGauge names (set like strike_from_gauge:
    it leaves the gauge, the other card stays) and which was_strike_from_gauge then
    reads (+2 power). Over a few seeds both cards are picked."""
    picked = set()
    for seed in range(8):
        d = position(p1=dict(space=3, hand=["cross"], gauge=["kiri", "tachi"], exceeded=True),
                     p2=dict(space=5, hand=["block"]), chars=CHARS, seed=seed)
        gauge = list(d.p(P1).gauge)
        d.act(CharacterAction(index=0))
        d.set_attack(P2, "block")
        d.critical(P2, False)
        (event,) = d.events(ev.AttackSetFromGauge)
        assert event.player == P1 and event.card in gauge
        assert 2 in _mods(d, P1, Stat.POWER)
        picked.add(event.card)
        assert len(d.zone(P1, Zone.GAUGE)) == 1
    assert len(picked) == 2


def test_yuzu_exceeded_strike_random_from_gauge_empty_gauge_wild_swings() -> None:
    """strike_random_from_gauge with an empty gauge: her attack is a wild swing (the top
    card of her deck, here Kiri), so was_strike_from_gauge is false: no +2 power."""
    d = yuzu(dict(space=3, hand=["cross"], deck=["kiri"], exceeded=True),
             dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P2, "block")
    d.critical(P2, False)
    assert d.events(ev.AttackSetFromGauge) == []
    assert [e.wild for e in d.events(ev.AttackSet) if e.player == P1] == [True]
    assert 2 not in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 25


def test_yuzu_exceed_ability_discard_strike_after_cleanup_plain_strike() -> None:
    """Exceed ability, set_strike: every attack gains (during_strike) the added
    discard_strike_after_cleanup: exceeded, her Cross hits Block but goes to discard, not
    gauge; the plain Strike action is no character action, so no +2 power."""
    d = yuzu(dict(space=3, hand=["cross"], exceeded=True), dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


def test_yuzu_not_exceeded_hit_attack_goes_to_gauge() -> None:
    """Not exceeded, the exceed ability does not apply: her hitting Cross goes to gauge."""
    d = yuzu(dict(space=3, hand=["cross"]), dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]


def test_yuzu_exceeded_revert_cards_from_hand_revert_bonus_action() -> None:
    """Exceeded character action #1 "Revert" (needs a card in hand): one card from hand
    to gauge, then revert, then a bonus action: she acts again."""
    d = yuzu(dict(space=3, hand=["cross", "grasp"], exceeded=True), dict(space=5))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert d.expect(ActionRequest).player == P1


# --- attacks ----------------------------------------------------------------------------


def test_yuzu_kiri_hit_powerup_damage_taken_negative_after_draw() -> None:
    """Kiri (1-3, power 7, speed 1, armor 1, guard 5): Nehtali's faster Cross deals 3 - 1
    armor = 2 (Cross's retreat 3 is stopped by the wall); Kiri's hit: -1 power per damage
    taken -> 5; after: draw 1."""
    d = yuzu(dict(space=7, hand=["kiri"], deck=["dive", "spike"]),
             dict(space=9, hand=["cross"]))
    d.strike("kiri", "cross")
    assert d.life(P1) == 28
    assert -2 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 25
    assert "Dive" in d.zone(P1, Zone.HAND)


def test_yuzu_kiri_ignore_push_and_pull() -> None:
    """Kiri, during_strike: ignore_push_and_pull (its flag is raised for the strike)."""
    d = yuzu(dict(space=3, hand=["kiri"]), dict(space=5, hand=["block"]))
    d.strike("kiri", "block")
    assert AttackFlag.IGNORE_PUSH_PULL in _flags(d, P1)
    assert d.life(P2) == 25


def test_yuzu_saki_stun_immunity_not_from_gauge() -> None:
    """Saki (3-5, power 7, speed 1, guard 0) set from hand: was_strike_from_gauge is
    false, so no stun immunity: Spike (5) stuns her and Saki never attacks."""
    d = yuzu(dict(space=3, hand=["saki"]), dict(space=6, hand=["spike"]))
    d.strike("saki", "spike")
    assert AttackFlag.STUN_IMMUNE not in _flags(d, P1)
    assert d.life(P1) == 25
    assert d.life(P2) == 30


def test_yuzu_saki_was_strike_from_gauge_stun_immunity() -> None:
    """Saki struck from gauge (exceeded action #0): stun immunity: Spike's 5 hits, then
    Saki (7 + 2) hits back for 9."""
    d = yuzu(dict(space=3, hand=["cross"], gauge=["saki"], exceeded=True),
             dict(space=6, hand=["spike"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P2, "spike")
    d.critical(P2, False)
    assert AttackFlag.STUN_IMMUNE in _flags(d, P1)
    assert d.life(P1) == 25
    assert d.life(P2) == 21


def test_yuzu_tachi_ignore_armor_ignore_guard() -> None:
    """Tachi (2-4, power 5, speed 3, guard 5): ignore_armor then ignore_guard: all 5
    through Block's 2 armor."""
    d = yuzu(dict(space=3, hand=["tachi"]), dict(space=5, hand=["block"]))
    d.strike("tachi", "block")
    assert {AttackFlag.IGNORE_ARMOR, AttackFlag.IGNORE_GUARD} <= _flags(d, P1)
    assert d.life(P2) == 25


def test_yuzu_overhere_hit_set_strike_x_random_gauge_power_choice_advance() -> None:
    """Over Here! (1-3, power 1, speed 4): hit: X = the power of a random gauge card (the
    only one, Sweep: 6), powerup X (7 total: 5 through Block), then advance X or retreat
    X: advance 6 from 3 past Nehtali on 4 to 9 (the wall)."""
    d = yuzu(dict(space=3, hand=["overhere"], gauge=["sweep"]),
             dict(space=4, hand=["block"]))
    d.strike("overhere", "block")
    assert d.events(ev.StrikeXSet) == [ev.StrikeXSet(player=P1, value=6)]
    d.choose("advance")
    assert d.life(P2) == 25
    assert d.space(P1) == 9


def test_yuzu_overhere_random_gauge_power_empty_gauge_zero() -> None:
    """Over Here! with an empty gauge: X is 0: 1 power, Block's armor takes it all."""
    d = yuzu(dict(space=3, hand=["overhere"]), dict(space=4, hand=["block"]))
    d.strike("overhere", "block")
    assert d.events(ev.StrikeXSet) == [ev.StrikeXSet(player=P1, value=0)]
    d.choose("retreat")
    assert d.life(P2) == 30
    assert d.space(P1) == 3


def test_yuzu_yaeichirin_hit_gain_advantage_after_advance() -> None:
    """Yae Ichirin (1-3, power 4, speed 5): hit: gain_advantage; after: advance 3 (3 ->
    past Nehtali on 4 -> 7, his space not counted). With advantage she acts next."""
    d = yuzu(dict(space=3, hand=["yaeichirin"]), dict(space=4, hand=["block"]))
    d.strike("yaeichirin", "block")
    assert d.life(P2) == 28
    assert d.space(P1) == 7
    assert d.expect(ActionRequest).player == P1


def test_yuzu_kashou_cannot_stun_hit_top_discard_power_after_advance() -> None:
    """Kashou (ultra, 2 gauge, 1-4, power 0, speed 6): cannot_stun; hit: X = the top
    discard card's power, read at hit: the 2 gauge paid went to the discard pile on top of
    Sweep, so Dive's 5 -> 5 through Block's armor 2 = 3; after: advance 4 (3 -> 8, past
    him on 5)."""
    d = yuzu(dict(space=3, hand=["kashou"], gauge=["grasp", "dive"], discard=["sweep"]),
             dict(space=5, hand=["block"]))
    d.strike("kashou", "block")
    if d.pending is not None and type(d.pending).__name__ == "PayGaugeRequest":
        d.pay("grasp", "dive")
    assert AttackFlag.CANNOT_STUN in _flags(d, P1)
    assert d.events(ev.StrikeXSet) == [ev.StrikeXSet(player=P1, value=5)]
    assert d.life(P2) == 27
    assert d.space(P1) == 8


def test_yuzu_kurenai_stunned_choice_boost_this_then_sustain() -> None:
    """Inochi Kurenai (ultra, 1 gauge, 1-2, power 6, speed 3): cleanup [if stunned]:
    choice boost_this_then_sustain | pass. Nehtali's faster Grasp (speed 7, power 3 >
    guard 0) stuns her: Kurenai becomes a sustained continuous boost (Ainsel Lost)."""
    d = yuzu(dict(space=3, hand=["kurenai"], gauge=["grasp"]),
             dict(space=4, hand=["grasp"]))
    d.strike("kurenai", "grasp")
    if d.pending is not None and type(d.pending).__name__ == "PayGaugeRequest":
        d.pay("grasp")
    d.choose("push 1")
    d.choose("boost")
    assert d.zone(P1, Zone.BOOSTS) == ["Zero no Kata Hi-Ougi: Inochi Kurenai"]


# --- boosts -----------------------------------------------------------------------------


def test_yuzu_kiri_boost_try_hard_powerup_stunned_sustain_this() -> None:
    """Try Hard (Kiri boost, continuous): during_strike: powerup 2; cleanup: [if
    stunned] sustain_this: stunned by Grasp, the boost stays in play."""
    d = yuzu(dict(space=3, hand=["spike"], boosts=["kiri"]), dict(space=4, hand=["grasp"]))
    d.strike("spike", "grasp")
    assert 2 in _mods(d, P1, Stat.POWER)
    assert d.zone(P1, Zone.BOOSTS) == ["Battoujutsu Ichi no Kata: Kiri"]


def test_yuzu_kiri_boost_try_hard_not_stunned_discarded() -> None:
    """Try Hard, not stunned: the boost leaves play at cleanup."""
    d = yuzu(dict(space=3, hand=["cross"], boosts=["kiri"]), dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.life(P2) == 27


def test_yuzu_saki_boost_come_at_me_powerup_start_of_next_turn_to_gauge() -> None:
    """Come At Me! (Saki boost, 1 force): during_strike: powerup 3; at the start of her
    next turn it goes to her gauge."""
    d = yuzu(dict(space=3, hand=["saki", "cross"]), dict(space=6))
    boost(d, "saki", "cross")
    assert d.zone(P1, Zone.BOOSTS) == ["Battoujutsu Ni No Kata: Saki"]
    d.act(Prepare())
    d.act(Prepare())
    assert "Battoujutsu Ni No Kata: Saki" in d.zone(P1, Zone.GAUGE)


def test_yuzu_tachi_boost_not_over_yet_rangeup_stunned_sustain_this() -> None:
    """Not Over Yet (Tachi boost): rangeup 0/1 (Cross 1-2 reaches 3); cleanup [if
    stunned] sustain_this."""
    d = yuzu(dict(space=3, hand=["cross"], boosts=["tachi"]), dict(space=6, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.BOOSTS) == []


def test_yuzu_overhere_boost_unsheathe_strike_random_from_gauge() -> None:
    """Unsheathe (Over Here! boost, continuous): now: strike_random_from_gauge: Nehtali
    sets first, her attack is her gauge card (Tachi); during_strike: powerup 2, speedup 1:
    Tachi 7 ignoring Block's armor."""
    d = yuzu(dict(space=3, hand=["overhere"], gauge=["tachi"]),
             dict(space=5, hand=["block"]))
    boost(d, "overhere")
    d.set_attack(P2, "block")
    d.critical(P2, False)
    assert d.events(ev.AttackSetFromGauge)[0].player == P1
    assert d.life(P2) == 23


def test_yuzu_yaeichirin_boost_swift_and_deadly_choice_then_strike() -> None:
    """Swift and Deadly (Yae Ichirin boost, immediate): advance 2 or retreat 2, then
    strike."""
    d = yuzu(dict(space=3, hand=["yaeichirin", "cross"]), dict(space=7, hand=["block"]))
    boost(d, "yaeichirin")
    d.choose("advance")
    assert d.space(P1) == 5
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 29


def test_yuzu_kashou_boost_iris_blade_top_deck_to_gauge_exceed_now() -> None:
    """Iris Blade (Kashou boost, immediate): may put the top deck card in gauge, then may
    another; then [if min_cards_in_gauge 4] exceed_now: 2 + 2 = 4 gauge: she exceeds."""
    d = yuzu(dict(space=3, hand=["kashou"], gauge=["grasp", "dive"], deck=["cross", "spike",
                  "sweep"]), dict(space=7))
    boost(d, "kashou")
    d.choose("add top deck")
    d.choose("add top deck")
    assert len(d.zone(P1, Zone.GAUGE)) == 4
    assert d.p(P1).exceeded


def test_yuzu_kashou_boost_iris_blade_pass_no_exceed() -> None:
    """Iris Blade, passing: gauge stays at 2, no exceed."""
    d = yuzu(dict(space=3, hand=["kashou"], gauge=["grasp", "dive"]), dict(space=7))
    boost(d, "kashou")
    d.act(ChooseOption(index=1))
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Dive"]
    assert not d.p(P1).exceeded


def test_yuzu_kurenai_boost_ainsel_lost_powerup_speedup_boost_to_gauge() -> None:
    """Ainsel Lost (Kurenai boost): powerup 1, speedup 1; after: the boost goes to gauge
    at cleanup."""
    d = yuzu(dict(space=3, hand=["cross"], boosts=["kurenai"]), dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert 1 in _mods(d, P1, Stat.SPEED)
    assert d.life(P2) == 28
    assert "Zero no Kata Hi-Ougi: Inochi Kurenai" in d.zone(P1, Zone.GAUGE)


def test_yuzu_tachi_boost_not_over_yet_stunned_sustain_this() -> None:
    """Not Over Yet, stunned (Nehtali's faster Grasp, 3 > Cross's guard 0): cleanup [if
    stunned] sustain_this keeps the boost in play."""
    d = yuzu(dict(space=3, hand=["cross"], boosts=["tachi"]), dict(space=4, hand=["grasp"]))
    d.strike("cross", "grasp")
    d.choose("push 1")
    assert d.zone(P1, Zone.BOOSTS) == ["Battoujutsu San no Kata: Tachi"]


def test_yuzu_saki_boost_come_at_me_powerup_3() -> None:
    """Come At Me! in play on Nehtali's turn (it goes to gauge at the start of hers):
    during_strike: powerup 3, so her Cross answering his Block deals 6 - 2 = 4."""
    d = yuzu(dict(space=3, hand=["cross"], boosts=["saki"]), dict(space=4, hand=["block"]),
             active=P2)
    d.strike("block", "cross")
    assert 3 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 26


def test_yuzu_kurenai_not_stunned_no_choice() -> None:
    """Inochi Kurenai not stunned: no boost choice; it hits Block for 4 and (not
    exceeded) goes to gauge."""
    d = yuzu(dict(space=3, hand=["kurenai"], gauge=["grasp"]), dict(space=4, hand=["block"]))
    d.strike("kurenai", "block")
    if d.pending is not None and type(d.pending).__name__ == "PayGaugeRequest":
        d.pay("grasp")
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.GAUGE) == ["Zero no Kata Hi-Ougi: Inochi Kurenai"]
