"""Vincent (Red Horizon): every attack and boost, his ability and his exceed ability (up
to 3 force at set for guard, or armor and guard, as one bonus).

Card facts: roster.md, "Vincent". Vincent is P1 and Ryu P2 (Ryu's gauge stays empty, so
his Critical is never offered). Vincent's ability asks for force whenever he sets an
attack with force left in hand or gauge, so most positions give him only the attack. A
test's name contains the effect tags it exercises (the effect-registry meta-test relies
on it).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, ChoiceRequest, Prepare, Strike
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Passive, Stat

CHARS = ("vincent", "ryu")
IMMUNE = Passive.IGNORE_PUSH_AND_PULL


def vincent(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Vincent as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _spend(d: Driver, amount: int, *cards: str) -> None:
    """Answer a force_for_effect: spend ``amount`` force, paying with ``cards``."""
    request = d.expect(ChoiceRequest, P1)
    assert request.labels[-1].startswith("spend"), request.labels
    d.choose(f"spend {amount} force")
    if amount:
        d.pay(*cards)


# --- the ability and the exceed ability ----------------------------------------------


def test_vincent_ability_set_strike_force_for_effect_combined_guardup() -> None:
    """Vincent's ability: set_strike: spend up to 3 force, +2 guard per force, as one
    bonus. He spends 2 (Grasp, Cross): one +4 guard, so Ryu's Grasp (3 power) does not
    stun him and his Phoenix Ascent still hits back."""
    d = vincent(dict(space=3, hand=["phoenixascent", "grasp", "cross"]),
                dict(space=4, hand=["grasp"]), active=P2)
    d.act(Strike())
    d.set_attack(P2, "grasp")
    d.set_attack(P1, "phoenixascent")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("spend 0 force", "spend 1 force", "spend 2 force")
    _spend(d, 2, "grasp", "cross")
    assert _mods(d, Stat.GUARD) == [4]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross"]
    d.choose("push 1")  # Ryu's Grasp hits first (speed 7 against 6)
    assert d.life(P1) == 27
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]  # not Vincent
    assert d.life(P2) == 27  # Phoenix Ascent: 3 power


def test_vincent_ability_force_for_effect_declined_gives_no_guard() -> None:
    """Vincent's ability: spending 0 force declines; no guard, nothing discarded."""
    d = vincent(dict(space=3, hand=["phoenixascent", "grasp"]), dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "phoenixascent")
    _spend(d, 0)
    d.set_attack(P2, "block")
    assert _mods(d, Stat.GUARD) == []
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_vincent_exceed_ability_force_for_effect_combined_armorup_guardup() -> None:
    """Vincent exceeded: set_strike: up to 3 force for +1 armor and +2 guard each. Three
    force (one from gauge) give one +3 armor and one +6 guard: Ryu's Grasp (3 power) is
    all absorbed."""
    d = vincent(dict(space=3, hand=["phoenixascent", "grasp", "cross"], gauge=["spike"],
                     exceeded=True),
                dict(space=4, hand=["grasp"]), active=P2)
    d.act(Strike())
    d.set_attack(P2, "grasp")
    d.set_attack(P1, "phoenixascent")
    _spend(d, 3, "grasp", "cross", "spike")
    assert _mods(d, Stat.ARMOR) == [3]
    assert _mods(d, Stat.GUARD) == [6]
    d.choose("push 1")
    assert d.events(ev.DamageDealt)[0] == ev.DamageDealt(target=P1, amount=0, absorbed=3)
    assert d.life(P1) == 30


# --- Crimson Barrage / National Debt --------------------------------------------------


def test_vincent_crimson_barrage_hit_name_card_opponent_discards_all_copies_reveal_after() -> None:
    """Crimson Barrage: hit: name_card_opponent_discards 2 {reveal_hand_after,
    discard_all_copies}: Vincent names two cards, both before any is discarded (as the
    reference client resolves it); Ryu then discards every copy of each and reveals his
    hand once. Ryu blocks (speed 0, Vincent's speed 1 goes first); Vincent names Hadoken
    and Grasp: both Hadokens and both Grasps go, and Ryu shows the Cross."""
    d = vincent(dict(space=3, hand=["crimsonbarrage"]),
                dict(space=6, hand=["block", "hadoken", "hadoken", "grasp", "grasp", "cross"]))
    cross = d.ref(P2, "cross")
    d.strike("crimsonbarrage", "block")
    d.name_card("Hadoken")
    assert d.events(ev.HandRevealed) == []  # nothing shown before the second name
    assert d.zone(P2, Zone.DISCARD) == []
    d.name_card("Grasp")
    d.decline()  # then Block: Ryu spends no force for armor
    assert d.life(P2) == 28  # 4 power, 2 armor
    assert d.zone(P2, Zone.DISCARD) == ["Hadoken", "Hadoken", "Grasp", "Grasp"]
    assert d.zone(P2, Zone.HAND) == ["Cross"]
    assert d.events(ev.HandRevealed) == [ev.HandRevealed(player=P2, cards=(cross,))]


def test_vincent_crimson_barrage_name_card_opponent_discards_not_held_reveals_hand() -> None:
    """Crimson Barrage: naming cards Ryu does not hold discards nothing; he reveals his
    hand, once, after both names."""
    d = vincent(dict(space=3, hand=["crimsonbarrage"]),
                dict(space=6, hand=["block", "grasp"]))
    d.strike("crimsonbarrage", "block")
    d.name_card("Shoryuken")
    d.name_card("Hadoken")
    d.decline()
    assert d.zone(P2, Zone.HAND) == ["Grasp"]
    assert d.zone(P2, Zone.DISCARD) == []
    assert len(d.events(ev.HandRevealed)) == 1


def test_vincent_national_debt_immediate_draw_count_cards_in_hand_to_3() -> None:
    """National Debt (Crimson Barrage boost, immediate): draw until you hold 3 cards.
    Holding one card after the boost leaves his hand, Vincent draws 2 (then 1 at the end
    of the turn)."""
    d = vincent(dict(hand=["crimsonbarrage", "grasp"], deck=["cross", "spike", "dive"]),
                dict())
    boost(d, "crimsonbarrage")
    draws = [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.DRAW]
    assert len(draws) == 3
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross", "Spike", "Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Crimson Barrage"]
    assert _next(d) == P2


def test_vincent_national_debt_draw_count_draws_nothing_with_3_or_more() -> None:
    """National Debt: holding 3 cards already, the boost draws nothing (only the
    end-of-turn draw follows)."""
    d = vincent(dict(hand=["crimsonbarrage", "grasp", "cross", "spike"], deck=["dive"]),
                dict())
    boost(d, "crimsonbarrage")
    draws = [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.DRAW]
    assert len(draws) == 1
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross", "Spike", "Dive"]


# --- Gatling Punch / Fortress Frame -----------------------------------------------------


def test_vincent_gatling_punch_hit_force_for_effect_combined_powerup() -> None:
    """Gatling Punch: hit: spend up to 7 force for +1 power each, as one bonus. Vincent
    spends 3 (an ultra in gauge counts 2): +3 power, 5 against Block's 2 armor."""
    d = vincent(dict(space=3, hand=["gatlingpunch", "grasp"], gauge=["ballotfixing"]),
                dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "gatlingpunch")
    _spend(d, 0)  # the ability: no guard
    d.set_attack(P2, "block")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels[-1] == "spend 3 force"
    _spend(d, 3, "grasp", "ballotfixing")
    assert _mods(d, Stat.POWER) == [3]
    assert d.life(P2) == 27


def test_vincent_fortress_frame_now_strike_during_strike_guardup() -> None:
    """Fortress Frame (Gatling Punch boost, continuous, 1 force): now: strike;
    during_strike: +5 guard. Vincent pays 1 force and strikes at once; Ryu's Shoryuken
    (4 power, faster) does not stun him, so Majority Whip hits back."""
    d = vincent(dict(space=3, hand=["gatlingpunch", "grasp", "majoritywhip"]),
                dict(space=4, hand=["shoryuken"]))
    boost(d, "gatlingpunch", "grasp")
    assert d.state.strike is not None and d.state.strike.attacker == P1
    d.respond(P1, "majoritywhip", "shoryuken")
    assert _mods(d, Stat.GUARD) == [5]
    assert d.life(P1) == 26
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]  # not Vincent
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.DISCARD)[-1] == "Gatling Punch"  # left play at cleanup


# --- Majority Whip / Rushdown ------------------------------------------------------------


def test_vincent_majority_whip_hit_push_8_to_the_wall() -> None:
    """Majority Whip: hit: push 8. From adjacent on 4, Ryu is pushed to the wall (9)."""
    d = vincent(dict(space=3, hand=["majoritywhip"]), dict(space=4, hand=["block", "grasp"]))
    d.strike("majoritywhip", "block")
    d.decline()
    assert d.space(P2) == 9
    assert d.life(P2) == 29  # 3 power, 2 armor


def test_vincent_rushdown_now_close() -> None:
    """Rushdown (Majority Whip boost, continuous): now: close 2. Vincent closes 3 -> 5
    and the boost stays in play; the turn passes."""
    d = vincent(dict(space=3, hand=["majoritywhip"]), dict(space=7))
    boost(d, "majoritywhip")
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.BOOSTS) == ["Majority Whip"]
    assert _next(d) == P2


def test_vincent_rushdown_during_strike_speedup_in_the_next_strike() -> None:
    """Rushdown: the +2 speed applies in the next strike, here one Ryu starts; Vincent's
    Phoenix Ascent (6 + 2 = 8) beats Ryu's Grasp (7), hits first and pushes him out of
    Grasp's range."""
    d = vincent(dict(space=3, hand=["phoenixascent"], boosts=["majoritywhip"]),
                dict(space=4, hand=["grasp"]), active=P2)
    d.strike("grasp", "phoenixascent")
    assert _mods(d, Stat.SPEED) == [2]
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.space(P2) == 5
    assert d.life(P2) == 27
    assert d.life(P1) == 30  # Grasp misses at range 2


# --- National Guard / Bunker Buster ------------------------------------------------------


def test_vincent_national_guard_before_close_count_damage_taken() -> None:
    """National Guard: before: close 1 space per damage taken this strike. Ryu's Hadoken
    (faster) hits Vincent for 4 at range 3 (his ability's +4 guard keeps him standing);
    Vincent then closes 4, stopping adjacent (3 -> 5), and hits for 6."""
    d = vincent(dict(space=3, hand=["nationalguard", "grasp", "cross"]),
                dict(space=6, hand=["hadoken"]), active=P2)
    d.act(Strike())
    d.set_attack(P2, "hadoken")
    d.set_attack(P1, "nationalguard")
    _spend(d, 2, "grasp", "cross")
    d.choose("pass")  # Hadoken's after: Ryu keeps it in the strike
    assert d.life(P1) == 26
    assert d.space(P1) == 5
    assert d.life(P2) == 24


def test_vincent_national_guard_close_count_damage_taken_zero_stays_put() -> None:
    """National Guard: with no damage taken (Vincent first against Block) it closes 0 and
    misses at range 2."""
    d = vincent(dict(space=3, hand=["nationalguard"]), dict(space=5, hand=["block"]))
    d.strike("nationalguard", "block")
    assert d.space(P1) == 3
    assert d.events(ev.AttackMissed)[0].player == P1


def test_vincent_bunker_buster_now_draw_during_strike_ignore_guard() -> None:
    """Bunker Buster (National Guard boost, continuous): now: draw 1; during_strike:
    ignore guard. Next turn Ryu strikes with Block; Majority Whip's 1 damage through
    armor stuns him (guard counts 0)."""
    d = vincent(dict(space=3, hand=["nationalguard"], deck=["majoritywhip", "grasp"]),
                dict(space=4, hand=["block"]))
    boost(d, "nationalguard")
    assert d.zone(P1, Zone.HAND) == ["Majority Whip", "Grasp"]  # boost draw + end of turn
    d.act(Strike())  # Ryu
    d.set_attack(P2, "block")
    d.set_attack(P1, "majoritywhip")
    _spend(d, 0)
    assert [e.flag for e in d.events(ev.AttackFlagged) if e.player == P1] == [
        AttackFlag.IGNORE_GUARD]
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]


# --- Phoenix Ascent / Foundation -------------------------------------------------------


def test_vincent_phoenix_ascent_hit_push_1() -> None:
    """Phoenix Ascent: hit: push 1 (4 -> 5)."""
    d = vincent(dict(space=3, hand=["phoenixascent"]), dict(space=4, hand=["block", "grasp"]))
    d.strike("phoenixascent", "block")
    d.decline()
    assert d.space(P2) == 5


def test_vincent_foundation_ignore_push_and_pull_passive_bonus_discarded_remove() -> None:
    """Foundation (Phoenix Ascent boost, continuous): now: Vincent ignores pushes and
    pulls (a passive, also outside strikes); during_strike: +2 armor; discarded: the
    passive ends. In Ryu's strike his Grasp's push does not move Vincent; at cleanup the
    boost leaves play and the passive with it."""
    d = vincent(dict(space=3, hand=["phoenixascent", "majoritywhip"]),
                dict(space=4, hand=["grasp"]))
    boost(d, "phoenixascent")
    assert d.events(ev.PassiveGained) == [ev.PassiveGained(player=P1, passive=IMMUNE)]
    d.act(Strike())  # Ryu
    d.set_attack(P2, "grasp")
    d.set_attack(P1, "majoritywhip")
    _spend(d, 0)  # the card drawn at the end of his turn is force
    assert _mods(d, Stat.ARMOR) == [2]
    d.choose("push 2")
    assert d.space(P1) == 3  # not pushed
    assert d.life(P1) == 29  # 3 power, 2 armor
    assert d.events(ev.PassiveRemoved) == [ev.PassiveRemoved(player=P1, passive=IMMUNE)]
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P1)]  # 1 > guard 0


def test_vincent_foundation_discarded_by_tech_removes_the_passive() -> None:
    """Foundation: leaving play any way ends the passive: Ryu's Tech (Dive boost) discards
    it, and Ryu's next Grasp push moves Vincent again."""
    d = vincent(dict(space=3, hand=["phoenixascent"]), dict(space=4, hand=["dive", "grasp"]))
    boost(d, "phoenixascent")
    boost(d, "dive")  # Ryu: Tech discards the only continuous boost in play
    assert d.events(ev.PassiveRemoved) == [ev.PassiveRemoved(player=P1, passive=IMMUNE)]
    assert d.zone(P1, Zone.DISCARD) == ["Phoenix Ascent"]


def test_vincent_foundation_ignore_push_and_pull_passive_bonus_stacks() -> None:
    """Foundation's passive is held outside strikes, once per grant: with two Foundations
    in play, Tech discarding one ends one grant; the other still protects."""
    d = vincent(dict(space=3, hand=["phoenixascent", "phoenixascent"]),
                dict(space=4, hand=["dive"]))
    boost(d, "phoenixascent")
    d.act(Prepare())  # Ryu
    boost(d, "phoenixascent")
    assert len(d.events(ev.PassiveGained)) == 2
    boost(d, "dive")
    d.choose("Foundation")
    assert len(d.events(ev.PassiveRemoved)) == 1
    assert d.zone(P1, Zone.BOOSTS) == ["Phoenix Ascent"]
    from engine.core.state import holds_passive

    assert holds_passive(d.state, P1, IMMUNE)


# --- Ballot Fixing / National Scar -------------------------------------------------------


def test_vincent_ballot_fixing_during_strike_ignore_guard_hit_gain_advantage() -> None:
    """Ballot Fixing (ultra, 2 gauge): during_strike: ignore guard; hit: gain advantage.
    Vincent pays 2 gauge, hits Block (4 - 2 armor = 2 damage, stunning: guard counts 0)
    and takes the next turn."""
    d = vincent(dict(space=3, hand=["ballotfixing"], gauge=["grasp", "cross"]),
                dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "ballotfixing")
    _spend(d, 0)  # the ability: gauge is force too
    d.set_attack(P2, "block")
    d.pay("grasp", "cross")
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1
    assert d.zone(P1, Zone.GAUGE) == ["Ballot Fixing"]


def test_vincent_national_scar_immediate_draw_count_cards_in_hand_to_5() -> None:
    """National Scar (Ballot Fixing boost, immediate, 2 force): draw until you hold 5.
    Vincent pays Grasp and Cross, holds Spike, draws 4 (then 1 at the end of turn)."""
    d = vincent(dict(hand=["ballotfixing", "grasp", "cross", "spike"],
                     deck=["dive", "sweep", "focus", "block", "assault"]),
                dict())
    boost(d, "ballotfixing", "grasp", "cross")
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive", "Sweep", "Focus", "Block", "Assault"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Ballot Fixing"]


# --- Phoenix Revival / A Moment of Reflection ------------------------------------------


def test_vincent_phoenix_revival_hit_gain_life() -> None:
    """Phoenix Revival (ultra, 3 gauge): hit: gain 4 life. At 20 life Vincent hits Block
    and goes to 24."""
    d = vincent(dict(space=3, life=20, hand=["phoenixrevival"],
                     gauge=["grasp", "cross", "spike"]),
                dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "phoenixrevival")
    _spend(d, 0)
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "spike")
    assert d.events(ev.LifeGained) == [ev.LifeGained(player=P1, amount=4)]
    assert d.life(P1) == 24
    assert d.life(P2) == 26  # 6 power, 2 armor


def test_vincent_phoenix_revival_gain_life_capped_at_30() -> None:
    """Phoenix Revival: life gain stops at 30 (28 + 4 = 30, a gain of 2)."""
    d = vincent(dict(space=3, life=28, hand=["phoenixrevival"],
                     gauge=["grasp", "cross", "spike"]),
                dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "phoenixrevival")
    _spend(d, 0)
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "spike")
    assert d.events(ev.LifeGained) == [ev.LifeGained(player=P1, amount=2)]
    assert d.life(P1) == 30


def test_vincent_a_moment_of_reflection_force_for_effect_combined_gain_life() -> None:
    """A Moment of Reflection (Phoenix Revival boost, immediate): spend up to 5 force,
    +1 life each, as one gain. Three force (one from gauge): 20 -> 23."""
    d = vincent(dict(life=20, hand=["phoenixrevival", "grasp", "cross"], gauge=["spike"]),
                dict())
    boost(d, "phoenixrevival")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels[-1] == "spend 3 force"
    _spend(d, 3, "grasp", "cross", "spike")
    assert d.events(ev.LifeGained) == [ev.LifeGained(player=P1, amount=3)]
    assert d.life(P1) == 23


# --- transcript lines of the new events --------------------------------------------------


def test_vincent_gain_life_and_foundation_passive_transcript_lines() -> None:
    """The transcript names the life gained (with the life after) and the passive held
    and ended: A Moment of Reflection for 2, Foundation played, then Tech discarding it."""
    from conftest import CATALOG

    from engine.text.notation import Transcript

    d = vincent(dict(life=20, hand=["phoenixrevival", "phoenixascent", "grasp", "cross"]),
                dict(hand=["dive"]))
    transcript = Transcript(d.state, CATALOG)
    boost(d, "phoenixrevival")
    _spend(d, 2, "grasp", "cross")
    d.act(Prepare())  # Ryu
    boost(d, "phoenixascent")
    boost(d, "dive")
    lines = [line for e in d.log if (line := transcript.feed(e)) is not None]
    assert "p1 Vincent gains 2 life, life 22" in lines
    assert "p1 Vincent cannot be pushed or pulled" in lines
    assert "p1 Vincent can be pushed and pulled again" in lines
