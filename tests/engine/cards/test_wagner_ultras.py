"""Miyashiro Wagner (Under Night In-Birth): her ultras, and the rule that they are set
only from her boosts (set_from_boost must) and sealed after, with the position helpers
of ``test_wagner.py``.

Card facts: roster.md, "Miyashiro Wagner". Wagner is P1 and Ryu P2; Ryu mostly answers
with Block (power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import msgspec
from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.cards.catalog import Catalog, default_catalog
from engine.cards.schema import Condition, ConditionKind, SetFromBoost
from engine.core.conditions import holds
from engine.core.context import EffectCtx
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    Prepare,
    SetAttack,
    SetAttackRequest,
    Strike,
    WildSwing,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.knowledge.views import observe
from engine.play.heuristic import HeuristicAgent
from engine.play.scenario import Scenario

CHARS = ("wagner", "ryu")
CATALOG = default_catalog()


def wagner(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Wagner as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


# --- ultras -----------------------------------------------------------------------------


def test_wagner_flame_brand_powerup_cleanup_not_stunned_sustain_this() -> None:
    """Flame Brand (Hitze Falke's boost): +1 power; cleanup: sustained if not stunned.
    Grasp hits Block for 4 - 2 = 2 and Flame Brand stays in play."""
    d = wagner(dict(space=4, hand=["hitzefalke", "grasp"], boosts=["hitzefalke"]),
               dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.life(P2) == 28
    assert d.zone(P1, Zone.BOOSTS) == ["Hitze Falke"]


def test_wagner_ancile_armorup_sustain_this() -> None:
    """Ancile (Megiddo's boost): +1 armor; sustained at cleanup when not stunned."""
    d = wagner(dict(space=4, hand=["megiddo", "block"], boosts=["megiddo"]),
               dict(space=5, hand=["grasp"]), active=P2)
    d.strike("grasp", "block")
    d.choose("push 1")
    assert 1 in _mods(d, Stat.ARMOR)
    assert d.zone(P1, Zone.BOOSTS) == ["Megiddo L'or Celeste"]


def test_wagner_deflection_during_strike_powerup_hit_armorup_count_power() -> None:
    """Deflection (Wackenroder's boost): +1 power; hit: armor equal to the attack's
    current power (armorup {count: power}). Wagner's Grasp (3 + 1 = 4) at speed 7 hits
    Ryu's Sweep (speed 2, power 6) first: she gains 4 armor and takes 6 - 4 = 2."""
    d = wagner(dict(space=4, hand=["wackenroder", "grasp"], boosts=["wackenroder"]),
               dict(space=5, hand=["sweep"]))
    d.strike("grasp", "sweep")
    d.choose("push 1")
    assert 4 in _mods(d, Stat.ARMOR)
    assert d.life(P1) == 28


def test_wagner_recover_advance_advanced_through_cards_from_discard() -> None:
    """Recover: advance 2 from 4 past Ryu on 5 (to 7); having advanced through him,
    Wagner takes a special or ultra from her discard pile into hand (Kugel Blitz; the
    Grasp normal is not offered)."""
    d = wagner(dict(space=4, hand=["filthydog", "focus"], discard=["grasp", "kugelblitz"]),
               dict(space=5))
    boost(d, "filthydog")
    d.choose("advance 2")
    assert d.space(P1) == 7
    assert "Kugel Blitz" in d.zone(P1, Zone.HAND)
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Filthy Dog!"]


def test_wagner_recover_not_advanced_through_keeps_discard() -> None:
    """Recover: advancing 1 without passing Ryu takes nothing from the discard pile."""
    d = wagner(dict(space=1, hand=["filthydog", "focus"], discard=["kugelblitz"]), dict(space=7))
    boost(d, "filthydog")
    d.choose("advance 1")
    assert d.space(P1) == 2
    assert "Kugel Blitz" not in d.zone(P1, Zone.HAND)


# --- ultras: set only from her boosts (set_from_boost must), sealed after ---------------


def _from_boosts(d: Driver, who: Any, name: str) -> SetAttackRequest:
    """``who`` is asked to set; they set ``name`` from their boosts. Returns the request."""
    request = d.expect(SetAttackRequest, who)
    d.act(SetAttack(cards=(d.ref(who, name, Zone.BOOSTS),)))
    return request


def test_wagner_megiddo_set_from_boost_seal_this() -> None:
    """Megiddo L'or Celeste (2 gauge, range 1-2, power 6; card rule must_set_from_boost;
    after: seal_this): with Ancile (the card Megiddo) in play, Wagner sets it from her
    boosts. It leaves the boost area face-up (AttackSetFromBoosts), so Ancile's +1 armor
    no longer applies; she pays 2 gauge, hits Block for 6 - 2 = 4 and the card goes to
    her sealed area, not to her gauge."""
    d = wagner(dict(space=4, hand=["grasp"], boosts=["megiddo"], gauge=["cross", "dive"]),
               dict(space=5, hand=["block"]))
    d.act(Strike())
    request = _from_boosts(d, P1, "megiddo")
    assert sorted(d.name(o.cards[0]) for o in request.choices if isinstance(o, SetAttack)) == [
        "Grasp", "Megiddo L'or Celeste"]
    assert [e.player for e in d.events(ev.AttackSetFromBoosts)] == [P1]
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.side(P1).revealed
    d.set_attack(P2, "block")
    d.critical(P2, False)
    d.pay("cross", "dive")
    assert d.zone(P1, Zone.GAUGE) == []
    assert _mods(d, Stat.ARMOR) == []
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.SEALED) == ["Megiddo L'or Celeste"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross", "Dive"]


def test_wagner_hitze_falke_set_from_boost_flame_brand_stops_seal_this() -> None:
    """Hitze Falke (range 3-4, power 7) set from her boosts (Flame Brand in play): Flame
    Brand's +1 power stops with it (a card in the strike, not a boost): Block takes
    7 - 2 = 5, not 6; its cleanup sustain does not run and the card is sealed."""
    d = wagner(dict(space=4, boosts=["hitzefalke"], hand=["grasp"], gauge=["cross", "dive"]),
               dict(space=7, hand=["block"]))
    initial = d.state.copy()
    d.act(Strike())
    _from_boosts(d, P1, "hitzefalke")
    d.set_attack(P2, "block")
    d.critical(P2, False)
    d.pay("cross", "dive")
    assert d.life(P2) == 25
    from replay.strikes import summarise_strikes  # the strike summary says where it came from
    (summary,) = summarise_strikes(initial, d.log)
    assert (summary.a_set_from, summary.d_set_from) == ("boosts", "hand")
    assert _mods(d, Stat.POWER) == []
    assert d.zone(P1, Zone.SEALED) == ["Hitze Falke"]
    assert d.zone(P1, Zone.BOOSTS) == []


def test_set_from_boost_was_set_from_boosts() -> None:
    """Condition was_set_from_boosts (Carmine's "You Shit! This is the END!" reads it):
    true for Wagner's Hitze Falke set from her boosts, false for Ryu's Block set from
    hand, and false again once her boost-set Megiddo turned invalid (1 gauge for 2) and
    a wild swing replaced it."""
    was = Condition(kind=ConditionKind.WAS_SET_FROM_BOOSTS)
    d = wagner(dict(space=4, boosts=["hitzefalke"], hand=["grasp"], gauge=["cross", "dive"]),
               dict(space=7, hand=["block"]))
    d.act(Strike())
    _from_boosts(d, P1, "hitzefalke")
    d.set_attack(P2, "block")
    assert holds(EffectCtx(d.game.table, P1), was)
    assert not holds(EffectCtx(d.game.table, P2), was)
    d = wagner(dict(space=4, boosts=["megiddo"], hand=["focus"], gauge=["cross"],
                    deck=["grasp"]),
               dict(space=5, hand=["block", "cross"]))
    d.act(Strike())
    _from_boosts(d, P1, "megiddo")
    d.set_attack(P2, "block")
    d.critical(P2, False)
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Grasp"]
    assert d.state.strike is not None  # Block's force-for-armor question is pending
    assert not holds(EffectCtx(d.game.table, P1), was)


def test_wagner_hitze_falke_seal_this_on_miss() -> None:
    """Hitze Falke set from her boosts misses Ryu next to her (range 3-4): it is sealed
    all the same (seal_this at after, whether it hit or not), not discarded."""
    d = wagner(dict(space=4, boosts=["hitzefalke"], hand=["grasp"], gauge=["cross", "dive"]),
               dict(space=5, hand=["block"]))
    d.act(Strike())
    _from_boosts(d, P1, "hitzefalke")
    d.set_attack(P2, "block")
    d.critical(P2, False)
    d.pay("cross", "dive")
    assert P1 in [e.player for e in d.events(ev.AttackMissed)]
    assert d.life(P2) == 30
    assert d.zone(P1, Zone.SEALED) == ["Hitze Falke"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross", "Dive"]


def test_wagner_hitze_falke_must_set_from_boost_in_hand_is_offered_to_be_invalid() -> None:
    """Card rule must_set_from_boost (Hitze Falke: "You may set this attack face-up from
    your Boost area. If this attack is set in any other way, it is invalid."): Hitze
    Falke and Megiddo in hand may still be set, face-down, like any card (they will be
    invalid at reveal: test_wagner_client.py), beside Grasp and a wild swing."""
    d = wagner(dict(space=4, hand=["hitzefalke", "megiddo", "grasp"], gauge=["cross", "dive"]),
               dict(space=7, hand=["block"]))
    d.act(Strike())
    request = d.expect(SetAttackRequest, P1)
    assert sorted(d.name(o.cards[0]) for o in request.choices if isinstance(o, SetAttack)) == [
        "Grasp", "Hitze Falke", "Megiddo L'or Celeste"]
    assert WildSwing() in request.choices


def test_wagner_hitze_falke_only_in_hand_she_may_still_wild_swing() -> None:
    """must_set_from_boost: with only Hitze Falke in hand and no boost in play, Wagner
    is asked (setting it from hand, to be invalid, or a wild swing); she wild swings
    Spike and keeps Hitze Falke in hand."""
    d = wagner(dict(space=4, hand=["hitzefalke"], gauge=["cross", "dive"], deck=["spike"]),
               dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "wild")
    assert [e.wild for e in d.events(ev.AttackSet) if e.player == P1] == [True]
    assert d.name(d.side(P1).cards[0]) == "Spike"
    assert d.zone(P1, Zone.HAND) == ["Hitze Falke"]


def test_wagner_hitze_falke_wild_swung_must_set_from_boost_is_invalid() -> None:
    """must_set_from_boost: a wild-swung Hitze Falke was not set from her boosts, so it is
    an Invalid Attack (effects.md, strike step 8): discarded unpaid (her gauge stays),
    and she wild swings again (Spike)."""
    d = wagner(dict(space=4, hand=["grasp"], gauge=["cross", "dive"],
                    deck=["hitzefalke", "spike"]),
               dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "wild")
    d.set_attack(P2, "block")
    d.critical(P2, False)
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Hitze Falke"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Spike"]
    assert "Hitze Falke" in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.GAUGE)[:2] == ["Cross", "Dive"]


def test_wagner_megiddo_set_from_boost_unpaid_is_invalid() -> None:
    """Megiddo set from her boosts with 1 gauge (it costs 2): an Invalid Attack, so it
    is discarded (it has left play) and she wild swings (Spike)."""
    d = wagner(dict(space=4, boosts=["megiddo"], hand=["grasp"], gauge=["cross"],
                    deck=["spike"]),
               dict(space=5, hand=["block"]))
    d.act(Strike())
    _from_boosts(d, P1, "megiddo")
    d.set_attack(P2, "block")
    d.critical(P2, False)
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Megiddo L'or Celeste"]
    assert "Megiddo L'or Celeste" in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.SEALED) == []


def test_wagner_megiddo_defender_set_from_boost() -> None:
    """The defender sets the same way: Ryu strikes with Sweep and Wagner answers with
    Megiddo from her boosts: one option for her two Ancile in play (never an EX pair).
    Only the other Ancile, still in play, gives her +1 armor (not 2). Megiddo (speed 6)
    hits Sweep (speed 2) first for 6; Sweep hits back for 6 - 1 = 5 and stuns her, so the
    other Ancile is not sustained; Megiddo is sealed."""
    d = wagner(dict(space=4, boosts=["megiddo", "megiddo"], hand=["grasp"],
                    gauge=["cross", "dive"]),
               dict(space=5, hand=["sweep"]), active=P2)
    d.act(Strike())
    d.set_attack(P2, "sweep")
    d.critical(P2, False)
    request = d.expect(SetAttackRequest, P1)
    in_play = d.p(P1).boosts
    assert len([o for o in request.choices
                if isinstance(o, SetAttack) and o.cards[0] in in_play]) == 1
    _from_boosts(d, P1, "megiddo")
    d.pay("cross", "dive")
    assert [e.player for e in d.events(ev.AttackSetFromBoosts)] == [P1]
    assert _mods(d, Stat.ARMOR) == [1]
    assert d.life(P2) == 24
    assert d.life(P1) == 25
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.SEALED) == ["Megiddo L'or Celeste"]


def test_set_from_boost_may_from_hand_or_boosts() -> None:
    """Card rule set_from_boost ``may`` (Carmine's "You Shit! This is the END!" has it;
    tried here on a Megiddo given ``may`` in a catalog of its own): the card is a legal
    attack from hand as well as from the boost area, and set from hand it is valid
    (Block takes 6 - 2 = 4; the hand copy was paid for and sealed)."""
    card = msgspec.structs.replace(CATALOG.card("wagner_megiddo"), set_from_boost=SetFromBoost.MAY)
    catalog = Catalog(cards={**CATALOG.cards, card.id: card}, characters=CATALOG.characters)
    builder = Scenario("wagner", "ryu", catalog)
    builder.player(P1, space=4, hand=["megiddo"], boosts=["megiddo"], gauge=["cross", "dive"])
    builder.player(P2, space=5, hand=["block"])
    d = Driver(builder.game(0))
    d.act(Strike())
    request = d.expect(SetAttackRequest, P1)
    hand, in_play = d.ref(P1, "megiddo"), d.ref(P1, "megiddo", Zone.BOOSTS)
    assert SetAttack(cards=(hand,)) in request.choices
    assert SetAttack(cards=(in_play,)) in request.choices
    d.act(SetAttack(cards=(hand,)))
    d.set_attack(P2, "block")
    d.critical(P2, False)
    d.pay("cross", "dive")
    assert d.events(ev.AttackInvalid) == []
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.BOOSTS) == ["Megiddo L'or Celeste"]


def test_wagner_heuristic_sets_hitze_falke_from_boosts() -> None:
    """The heuristic agent scores an attack set from her boosts (Hitze Falke in reach,
    2 gauge) above Grasp out of reach, and a must_set_from_boost card in hand as
    unplayable: with Flame Brand in play it sets Hitze Falke from there."""
    d = wagner(dict(space=4, boosts=["hitzefalke"], hand=["grasp", "megiddo"],
                    gauge=["cross", "dive"]),
               dict(space=7, hand=["block"]))
    agent = HeuristicAgent(1, P1, CATALOG)
    decision = agent.decide(observe(d.state, P1), d.expect(ActionRequest, P1))
    assert decision == Strike()
    d.act(decision)
    decision = agent.decide(observe(d.state, P1), d.expect(SetAttackRequest, P1))
    assert decision == SetAttack(cards=(d.ref(P1, "hitzefalke", Zone.BOOSTS),))


def test_wagner_exceeded_action_bonus_action_no_strike() -> None:
    """Wagner exceeded, action 0: the bonus action after boosting from gauge cannot be
    the Strike action (bonus_action {no_strike}); she may still, e.g., prepare, and the
    following turn Ryu may strike as usual."""
    d = wagner(dict(space=3, exceeded=True, hand=["grasp"], gauge=["schildzack"]),
               dict(space=7, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    d.select(P1, "schildzack")
    request = d.expect(ActionRequest, P1)
    assert Strike() not in request.choices and Prepare() in request.choices
    assert [e.player for e in d.events(ev.BonusStrikeForbidden)] == [P1]
    d.act(Prepare())
    assert Strike() in d.expect(ActionRequest, P2).choices


def test_wagner_schildzack_boost_this_then_sustain_keeps_its_bonuses_but_not_its_speed() -> None:
    """Schild Zack (range 2, power 5, speed 6): ``after: [if not_hit_opponent] choice
    boost_this_then_sustain {boost_effect: armorup 1, then guardup 3} | pass``.
    effects.md, ``boost_this_then_sustain``: "Your current attack leaves the strike (its
    stats become invalid) and becomes a continuous boost". From 3 spaces away it misses
    Hilda; Wagner makes it a boost, and the +1 armor and +3 guard count for the rest of
    the strike (bonuses stay, as in the client's ``change_stats_when_attack_leaves_play``)
    while its speed is invalid, 0: Hilda's Interference (``hit: push {count:
    opponent_speed}``) hits for 4 - 1 = 3, not over guard 3 (no stun), and pushes her 0
    spaces (6 with Schild Zack's speed kept, to the edge)."""
    d = position(p1=dict(space=3, hand=["schildzack"]), p2=dict(space=6, hand=["interference"]),
                 chars=("wagner", "hilda"))
    d.strike("schildzack", "interference")
    d.choose("boost this then sustain")
    assert d.zone(P1, Zone.BOOSTS) == ["Schild Zack"]
    assert d.life(P2) == 30
    assert d.life(P1) == 27
    assert d.events(ev.PlayerStunned) == []
    assert d.space(P1) == 3
