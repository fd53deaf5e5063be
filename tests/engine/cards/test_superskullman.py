"""Super Skull Man 33 (Red Horizon): every special, ultra and boost, his ability (a wild
swing gets +1 power), his exceed ability (a wild swing gets +2 power and +3 guard), the
``opponent_moved_past`` trigger of Fear Not, Citizen!, Burning Justice's passive (damage
taken as twice as many top-deck discards) and Zing! Zing! Zing!'s card rule (free when
wild-swung).

Card facts: roster.md, "Super Skull Man 33". Super Skull Man is P1 and Ryu P2; Ryu mostly
answers with Block (power 0, speed 0, armor 2, guard 3, never hits). A test's name
contains the effect and condition tags it exercises (the effect-registry meta-test relies
on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import P1, P2, Driver, boost, deck_cards, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    ChoiceRequest,
    MoveTo,
    SelectCardsRequest,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("superskullman", "ryu")


def ssm(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Super Skull Man as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


# --- character card ----------------------------------------------------------------------


def test_superskullman_ability_was_wild_swing_powerup() -> None:
    """Super Skull Man, ability: during_strike: [if was_wild_swing] powerup 1. A wild-swung
    Sweep hits Block at range 2 for 6 + 1 - 2 = 5."""
    d = ssm(dict(space=3, hand=["grasp"], deck=["sweep"]), dict(space=5, hand=["block"]))
    d.strike("wild", "block")
    assert _mods(d, Stat.POWER) == [1]
    assert d.life(P2) == 25


def test_superskullman_ability_not_wild_no_bonus() -> None:
    """Super Skull Man, ability: Sweep set from hand is no wild swing: 6 - 2 = 4."""
    d = ssm(dict(space=3, hand=["sweep"]), dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert _mods(d, Stat.POWER) == []
    assert d.life(P2) == 26


def test_superskullman_exceed_ability_was_wild_swing_powerup_guardup() -> None:
    """Super Skull Man, exceed ability: during_strike: [if was_wild_swing] powerup 2, then
    guardup 3. Exceeded, his wild-swung Sweep hits Block for 6 + 2 - 2 = 6 and he has
    +3 guard."""
    d = ssm(dict(space=3, hand=["grasp"], deck=["sweep"], exceeded=True),
            dict(space=5, hand=["block"]))
    d.strike("wild", "block")
    assert _mods(d, Stat.POWER) == [2]
    assert _mods(d, Stat.GUARD) == [3]
    assert d.life(P2) == 24


# --- Bang! Bang! Bang! / I'm Sure I'll Hit Something ------------------------------------------


def test_superskullman_bangbangbang_after_hit_opponent_return_attack_to_top_of_deck() -> None:
    """Bang! Bang! Bang!: after: [if hit_opponent] choice (return_attack_to_top_of_deck,
    then move_top_cards discard to gauge) | pass.

    It hits Block at range 2 for 3 - 2 = 1; Super Skull Man returns it to the top of his
    deck and the top of his discard pile (Grasp) goes to his gauge.
    """
    d = ssm(dict(space=3, hand=["bangbangbang"], discard=["grasp"]),
            dict(space=5, hand=["block"]))
    d.strike("bangbangbang", "block")
    assert d.life(P2) == 29
    d.choose("return attack")
    assert d.zone(P1, Zone.DECK)[0] == "Bang! Bang! Bang!"
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.zone(P1, Zone.DISCARD) == []
    assert _next(d) == P2


def test_superskullman_bangbangbang_pass_goes_to_gauge() -> None:
    """Bang! Bang! Bang!: passing on the after choice, the hit attack goes to gauge."""
    d = ssm(dict(space=3, hand=["bangbangbang"], discard=["grasp"]),
            dict(space=5, hand=["block"]))
    d.strike("bangbangbang", "block")
    d.choose("pass")
    assert d.zone(P1, Zone.GAUGE) == ["Bang! Bang! Bang!"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_superskullman_bangbangbang_missed_no_choice() -> None:
    """Bang! Bang! Bang!: out of range (4) it misses and nothing is asked."""
    d = ssm(dict(space=3, hand=["bangbangbang"]), dict(space=7, hand=["block"]))
    d.strike("bangbangbang", "block")
    assert not isinstance(d.pending, ChoiceRequest)
    assert d.zone(P1, Zone.DISCARD) == ["Bang! Bang! Bang!"]


def test_superskullman_im_sure_ill_hit_something_was_wild_swing_powerup_speedup() -> None:
    """I'm Sure I'll Hit Something (continuous, 1 force): during_strike: [if
    was_wild_swing] powerup 2, then speedup 1. With the ability, a wild-swung Sweep hits
    Block for 6 + 2 + 1 - 2 = 7 at speed 2 + 1."""
    d = ssm(dict(space=3, hand=["grasp"], deck=["sweep"], boosts=["bangbangbang"]),
            dict(space=5, hand=["block"]))
    d.strike("wild", "block")
    assert sorted(_mods(d, Stat.POWER)) == [1, 2]
    assert _mods(d, Stat.SPEED) == [1]
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 3
    assert d.life(P2) == 23


def test_superskullman_im_sure_ill_hit_something_boost_paid_not_wild_no_bonus() -> None:
    """I'm Sure I'll Hit Something: boosted for 1 force (Grasp), it gives nothing to
    Sweep set from hand at the next strike (6 - 2 = 4)."""
    d = ssm(dict(space=3, hand=["bangbangbang", "grasp", "sweep"]),
            dict(space=5, hand=["block", "dive"]))
    boost(d, "bangbangbang", "grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Bang! Bang! Bang!"]
    d.expect(ActionRequest, P2)
    d.strike("block", "sweep")
    assert _mods(d, Stat.POWER) == []
    assert d.life(P2) == 26


# --- Bing Bong! / This is Just Like that Issue... -----------------------------------------


def test_superskullman_bingbong_before_was_wild_swing_powerup_close() -> None:
    """Bing Bong!: before: [if was_wild_swing] powerup 1, then close 2. Wild-swung from
    3 against Block on 6 it closes to 5 and hits for 3 + 1 + 1 (ability) - 2 = 3."""
    d = ssm(dict(space=3, hand=["grasp"], deck=["bingbong"]), dict(space=6, hand=["block"]))
    d.strike("wild", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 27


def test_superskullman_bingbong_not_wild_does_not_close() -> None:
    """Bing Bong!: set from hand, it neither closes nor gains power: range 3 misses."""
    d = ssm(dict(space=3, hand=["bingbong"]), dict(space=6, hand=["block"]))
    d.strike("bingbong", "block")
    assert d.space(P1) == 3
    assert d.events(ev.AttackMissed)[0].reason is ev.MissReason.OUT_OF_RANGE
    assert d.life(P2) == 30


def test_superskullman_this_is_just_like_that_issue_discard_topdeck_then_strike() -> None:
    """This is Just Like that Issue... (immediate, 0): choice move_top_cards deck to
    discard | pass; choice strike | pass. Super Skull Man discards Dive from the top of
    his deck, then strikes."""
    d = ssm(dict(space=3, hand=["bingbong", "sweep"], deck=["dive", "focus"]),
            dict(space=5, hand=["block"]))
    boost(d, "bingbong")
    d.choose("discard topdeck")
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    d.choose("strike")
    d.set_attack(P1, "sweep")
    d.set_attack(P2, "block")
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.DISCARD) == ["Dive", "Bing Bong!"]
    assert _next(d) == P2


def test_superskullman_this_is_just_like_that_issue_pass_pass() -> None:
    """This is Just Like that Issue...: passing both, the deck is untouched and the turn
    ends with the end-of-turn draw (Dive)."""
    d = ssm(dict(space=3, hand=["bingbong"], deck=["dive", "focus"]), dict(space=5))
    boost(d, "bingbong")
    d.choose("pass")
    d.choose("pass")
    assert d.zone(P1, Zone.HAND) == ["Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Bing Bong!"]
    assert _next(d) == P2


# --- Slam Evil / Fear Not, Citizen! -------------------------------------------------------


def test_superskullman_slamevil_ignore_guard_after_armorup() -> None:
    """Slam Evil: during_strike: ignore_guard; after: armorup 4. It hits Block at range 2
    for 4 - 2 = 2, which stuns it (guard ignored); afterwards Super Skull Man gains +4
    armor."""
    d = ssm(dict(space=3, hand=["slamevil"]), dict(space=5, hand=["block"]))
    d.strike("slamevil", "block")
    assert d.life(P2) == 28
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert _mods(d, Stat.ARMOR) == [4]


def test_superskullman_fear_not_citizen_armorup_guardup() -> None:
    """Fear Not, Citizen! (continuous, 0): during_strike: armorup 3; guardup 3. Ryu's
    Sweep (power 6) hits Block with 2 + 3 armor for 1, no stun (guard 3 + 3)."""
    d = ssm(dict(space=3, hand=["block"], boosts=["slamevil"]),
            dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "block")
    assert _mods(d, Stat.ARMOR) == [3]
    assert _mods(d, Stat.GUARD) == [3]
    assert d.life(P1) == 29
    assert d.events(ev.PlayerStunned) == []


def test_superskullman_fear_not_citizen_opponent_moved_past_discard_this() -> None:
    """Fear Not, Citizen!: opponent_moved_past: discard_this. Ryu's Move action from 5
    over Super Skull Man (4) to 3 discards the boost."""
    d = ssm(dict(space=4, boosts=["slamevil"]),
            dict(space=5, hand=["grasp", "dive", "spike"]), active=P2)
    d.act(MoveTo(space=3))
    d.pay("grasp", "dive")
    assert d.space(P2) == 3
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Slam Evil"]


def test_superskullman_fear_not_citizen_opponent_not_moved_past_stays() -> None:
    """Fear Not, Citizen!: a move that does not cross Super Skull Man leaves it in play."""
    d = ssm(dict(space=4, boosts=["slamevil"]), dict(space=7, hand=["grasp", "dive"]),
            active=P2)
    d.act(MoveTo(space=5))
    d.pay("grasp", "dive")
    assert d.zone(P1, Zone.BOOSTS) == ["Slam Evil"]


def test_superskullman_fear_not_citizen_opponent_advance_past_mid_strike() -> None:
    """Fear Not, Citizen!: Ryu's Dive (before: advance 3) from 5 over Super Skull Man on
    4 lands on 1 and discards the boost at once; the +3 armor and guard it gave this
    strike end with it (core rulebook, Boosts: continuous boost effects are active until
    they are discarded; ``StatBonusEnded``)."""
    d = ssm(dict(space=4, hand=["block"], boosts=["slamevil"]),
            dict(space=5, hand=["dive"]), active=P2)
    d.strike("dive", "block")
    assert d.space(P2) == 1
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Slam Evil" in d.zone(P1, Zone.DISCARD)
    assert _mods(d, Stat.ARMOR) == [3]
    assert _mods(d, Stat.GUARD) == [3]
    ended = [(e.stat, e.amount) for e in d.events(ev.StatBonusEnded)]
    assert sorted(ended) == sorted([(Stat.ARMOR, 3), (Stat.GUARD, 3)])


# --- Splam! / Hold it, Villain! ------------------------------------------------------------


def test_superskullman_splam_before_advance_not_advanced_through_powerup() -> None:
    """Splam!: before: advance 1, then [if not_advanced_through] powerup 3. From 3 to 4,
    next to Block on 5: 2 + 3 - 2 = 3."""
    d = ssm(dict(space=3, hand=["splam"]), dict(space=5, hand=["block"]))
    d.strike("splam", "block")
    assert d.space(P1) == 4
    assert _mods(d, Stat.POWER) == [3]
    assert d.life(P2) == 27


def test_superskullman_splam_advanced_through_no_powerup() -> None:
    """Splam!: advancing 1 from 3 over Ryu on 4 lands on 5: no bonus, 2 - 2 = 0."""
    d = ssm(dict(space=3, hand=["splam"]), dict(space=4, hand=["block"]))
    d.strike("splam", "block")
    assert d.space(P1) == 5
    assert _mods(d, Stat.POWER) == []
    assert d.life(P2) == 30


@pytest.mark.parametrize(("option", "space"), [("advance 1", 4), ("retreat 1", 2)])
def test_superskullman_hold_it_villain_choice_then_strike(option: str, space: int) -> None:
    """Hold it, Villain! (immediate, 1 force): choice advance 1 | retreat 1; strike.
    Super Skull Man pays Grasp, moves, then must strike."""
    d = ssm(dict(space=3, hand=["splam", "grasp", "sweep"]), dict(space=6, hand=["block"]))
    boost(d, "splam", "grasp")
    d.choose(option)
    assert d.space(P1) == space
    d.expect(SetAttackRequest, P1)
    d.set_attack(P1, "sweep")
    d.set_attack(P2, "block")
    assert d.life(P2) == (26 if space == 4 else 30)
    assert _next(d) == P2


# --- Zaaaap!!! / Quick Change ---------------------------------------------------------------


def test_superskullman_zap_ignore_armor_hit_close_gain_advantage() -> None:
    """Zaaaap!!!: during_strike: ignore_armor; hit: close 3, then gain_advantage. It hits
    Block at range 4 for 1 (armor ignored), closes from 3 to 6 and Super Skull Man takes
    the next turn."""
    d = ssm(dict(space=3, hand=["zap"]), dict(space=7, hand=["block"]))
    d.strike("zap", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 6
    assert _next(d) == P1


def test_superskullman_quick_change_draw_topdeck_from_hand_skip_end_of_turn_draw() -> None:
    """Quick Change (immediate, 0): draw 3; cards_from_hand top_of_deck 1 (topdeck from
    hand); set_mode skip_end_of_turn_draw. He draws Dive, Focus, Spike, puts Spike back
    on top, and the turn ends without the end-of-turn draw."""
    d = ssm(dict(space=3, hand=["zap", "grasp"], deck=["dive", "focus", "spike", "cross"]),
            dict(space=7))
    boost(d, "zap")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_TOP_OF_DECK
    assert (request.min_count, request.max_count) == (1, 1)
    d.select(P1, "spike")
    assert d.zone(P1, Zone.DECK)[:2] == ["Spike", "Cross"]
    assert sorted(d.zone(P1, Zone.HAND)) == ["Dive", "Focus", "Grasp"]
    assert len(d.events(ev.EndOfTurnDrawSkipped)) == 1
    assert _next(d) == P2
    assert d.zone(P1, Zone.DISCARD) == ["Zaaaap!!!"]


# --- Kaplow!!!! / Burning Justice ---------------------------------------------------------


def test_superskullman_kaplow_before_was_wild_swing_close() -> None:
    """Kaplow!!!! (4 gauge): before: [if was_wild_swing] close 2. Wild-swung with the
    gauge paid, it closes from 3 to 5 against Block on 6 and hits for 10 + 1 - 2 = 9."""
    d = ssm(dict(space=3, hand=["grasp"], deck=["kaplow"],
                 gauge=["dive", "dive", "spike", "spike"]),
            dict(space=6, hand=["block"]))
    d.strike("wild", "block")
    d.pay("dive", "dive", "spike", "spike")
    assert d.space(P1) == 5
    assert d.life(P2) == 21


def test_superskullman_kaplow_not_wild_does_not_close() -> None:
    """Kaplow!!!!: set from hand (gauge paid), no close: range 3 misses."""
    d = ssm(dict(space=3, hand=["kaplow"], gauge=["dive", "dive", "spike", "spike"]),
            dict(space=6, hand=["block"]))
    d.strike("kaplow", "block")
    d.pay("dive", "dive", "spike", "spike")
    assert d.space(P1) == 3
    assert d.life(P2) == 30


def test_superskullman_burning_justice_add_passive_discard_2x_topdeck_instead_of_damage() -> None:
    """Burning Justice (continuous, 0): now: add_passive discard_2x_topdeck_instead_of_
    damage. Boosted, then Ryu's Sweep hits Super Skull Man's Block for 6 - 2 = 4: he
    loses no life and is not stunned, but discards 8 cards from the top of his deck
    instead. The boost leaves play at the strike's cleanup."""
    d = ssm(dict(space=3, hand=["kaplow", "block"]), dict(space=5, hand=["sweep"]))
    boost(d, "kaplow")
    assert d.zone(P1, Zone.BOOSTS) == ["Kaplow!!!!"]
    d.expect(ActionRequest, P2)
    deck_before = len(d.p(P1).deck)
    d.strike("sweep", "block")
    assert d.events(ev.DamageTakenAsDiscards) == [
        ev.DamageTakenAsDiscards(target=P1, amount=4, discarded=8)]
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P1, amount=0, absorbed=2)]
    assert d.life(P1) == 30
    assert d.events(ev.PlayerStunned) == []
    assert len(d.p(P1).deck) == deck_before - 8
    assert d.zone(P1, Zone.BOOSTS) == []


def test_superskullman_burning_justice_deck_runs_out_no_reshuffle() -> None:
    """Burning Justice: with 3 cards left in the deck, 4 damage discards only those 3
    (an empty deck is not reshuffled by a discard)."""
    d = ssm(dict(space=3, hand=["block"], boosts=["kaplow"], deck=["dive", "focus", "spike"],
                 deck_rest="none", discard=_rest_of_deck(["block", "kaplow", "dive", "focus",
                                                          "spike"])),
            dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "block")
    assert d.events(ev.DamageTakenAsDiscards) == [
        ev.DamageTakenAsDiscards(target=P1, amount=4, discarded=3)]
    assert d.p(P1).deck == []
    assert d.life(P1) == 30


def test_superskullman_without_burning_justice_damage_is_life() -> None:
    """Without Burning Justice in play, Ryu's Sweep costs Super Skull Man 4 life."""
    d = ssm(dict(space=3, hand=["block"]), dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "block")
    assert d.life(P1) == 26
    assert d.events(ev.DamageTakenAsDiscards) == []


def _rest_of_deck(placed: list[str]) -> list[str]:
    return deck_cards("superskullman", *placed)


# --- Zing! Zing! Zing! / Lucky Dodge --------------------------------------------------------


@pytest.mark.parametrize(("option", "p2_space"), [("push 2", 7), ("pull 1", 3)])
def test_superskullman_zingzingzing_gauge_cost_reduction_free_if_wild(
    option: str, p2_space: int
) -> None:
    """Zing! Zing! Zing! (2 gauge), card rule free_if_wild: wild-swung with no gauge it
    is free (still offered as a choice); it hits Block on 5 from 4 for 7 + 1 - 2 = 6,
    then hit: choice push 1 | push 2 | pull 1 | pull 2."""
    d = ssm(dict(space=4, hand=["grasp"], deck=["zingzingzing"]), dict(space=5, hand=["block"]))
    d.strike("wild", "block")
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "use Zing! Zing! Zing! for free", "make it invalid"]
    d.choose("use")
    d.choose(option)
    assert d.space(P2) == p2_space
    assert d.life(P2) == 24
    assert d.events(ev.AttackInvalid) == []


def test_superskullman_zingzingzing_from_hand_costs_gauge() -> None:
    """Zing! Zing! Zing!: set from hand it costs its 2 gauge; with none it is invalid
    and Super Skull Man wild swings (Sweep: 6 + 1 - 2 = 5)."""
    d = ssm(dict(space=4, hand=["zingzingzing"], deck=["sweep"]),
            dict(space=5, hand=["block"]))
    d.strike("zingzingzing", "block")
    assert d.names(e.card for e in d.events(ev.AttackInvalid)) == ["Zing! Zing! Zing!"]
    assert d.life(P2) == 25


def test_superskullman_lucky_dodge_now_strike_dodge_at_range() -> None:
    """Lucky Dodge (continuous, 1 force): during_strike: dodge_at_range 2; now: strike.
    Boosted for Grasp, Super Skull Man must strike at once; Ryu's faster Spike at range 2
    misses him (dodged at range), then his Sweep hits Spike for 6."""
    d = ssm(dict(space=3, hand=["zingzingzing", "grasp", "sweep"]),
            dict(space=5, hand=["spike"]))
    boost(d, "zingzingzing", "grasp")
    d.expect(SetAttackRequest, P1)
    d.set_attack(P1, "sweep")
    d.set_attack(P2, "spike")
    assert [e.reason for e in d.events(ev.AttackMissed)] == [ev.MissReason.DODGED_AT_RANGE]
    assert d.life(P1) == 30
    assert d.life(P2) == 24
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Zing! Zing! Zing!"]


def test_superskullman_lucky_dodge_strike_ends_the_turn() -> None:
    """Lucky Dodge: the strike it forces is the boost action's own strike; after it the
    turn ends (no end-of-turn draw) and Ryu acts."""
    d = ssm(dict(space=3, hand=["zingzingzing", "grasp", "sweep"]),
            dict(space=5, hand=["spike"]))
    boost(d, "zingzingzing", "grasp")
    d.set_attack(P1, "sweep")
    d.set_attack(P2, "spike")
    assert _next(d) == P2
    assert Strike() in d.expect(ActionRequest, P2).choices
    assert d.zone(P1, Zone.HAND) == []


def test_superskullman_fear_not_citizen_opponent_pulled_past_discard_this() -> None:
    """Fear Not, Citizen!: "moves past" is positional, as for ``moved_past``: Grasp's hit
    ``pull 1`` carries Ryu from 5 over Super Skull Man (4) to 3, which discards the
    boost too."""
    d = ssm(dict(space=4, hand=["grasp"], boosts=["slamevil"]), dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("pull 1")
    assert d.space(P2) == 3
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Slam Evil" in d.zone(P1, Zone.DISCARD)
