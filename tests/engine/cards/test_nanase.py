"""Nanase (Under Night In-Birth): her ability and exceed ability (both keyed to her
character action strike), her exceeded "Revert", and every attack and boost.

Card facts: roster.md, "Nanase". Nanase is P1 and Nehtali P2 (no ability, the standard
Normals): he mostly answers with Block (power 0, speed 0, armor 2, guard 3, never hits),
Sweep (range 1-3, power 6, speed 2) or Cross (range 1-2, power 3, speed 6). A test's
name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    PayGaugeRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("nanase", "nehtali")


def nanase(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Nanase as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _action_strike(d: Driver, index: int, attack: str, response: str, *gauge: str) -> None:
    """Nanase takes character action ``index`` (a strike), paying ``gauge`` if asked."""
    d.act(CharacterAction(index=index))
    if isinstance(d.pending, PayGaugeRequest) and gauge:
        d.pay(*gauge)
    d.respond(P1, attack, response)


# --- ability, exceed ability, character actions ----------------------------------------


def test_nanase_ability_used_character_action_powerup_speedup_gain_advantage() -> None:
    """Nanase's ability: with her free character action strike (default #0),
    ``set_strike: [if used_character_action 0] powerup -1, speedup -1,
    add_attack_effect (hit: gain_advantage)``. Cross (3 - 1 = 2) hits Sweep's Nehtali
    at range 2 for 2, and she has the advantage: she acts next."""
    d = nanase(dict(space=3, hand=["cross"]), dict(space=5, hand=["sweep"]))
    _action_strike(d, 0, "cross", "sweep")
    assert -1 in _mods(d, P1, Stat.POWER)
    assert -1 in _mods(d, P1, Stat.SPEED)
    assert d.life(P2) == 28
    assert _next(d) == P1


def test_nanase_ability_plain_strike_action_no_character_action() -> None:
    """Nanase's ability: the ordinary Strike action is no character action: Cross deals
    its full 3 and Nehtali acts next."""
    d = nanase(dict(space=3, hand=["cross"]), dict(space=5, hand=["sweep"]))
    d.act(Strike())
    d.respond(P1, "cross", "sweep")
    assert _mods(d, P1, Stat.POWER) == []
    assert d.life(P2) == 27
    assert _next(d) == P2


def test_nanase_exceed_ability_choice_powerup_opponent_powerup() -> None:
    """Nanase's exceed ability: the exceeded character action (#0, 1 gauge) strikes;
    ``set_strike: choice <powerup_opponent 1 + powerup 2 | powerup_opponent 1 +
    add_attack_effect (hit: gain_advantage)>``. First option: Cross 3 + 2 = 5 - Block's
    2 armor = 3 damage; Nehtali's attack gets +1 power."""
    d = nanase(dict(space=3, hand=["cross"], gauge=["grasp"], exceeded=True),
               dict(space=4, hand=["block"]))
    d.act(CharacterAction(index=0))
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp")
    d.set_attack(P1, "cross")
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 2
    d.choose(request.labels[0])
    d.set_attack(P2, "block")
    assert 2 in _mods(d, P1, Stat.POWER)
    assert 1 in _mods(d, P2, Stat.POWER)
    assert d.life(P2) == 27


def test_nanase_exceed_ability_choice_powerup_opponent_gain_advantage() -> None:
    """Nanase's exceed ability, second option: powerup_opponent 1 and her attack gains
    ``hit: gain_advantage``: Cross hits Sweep's Nehtali for 3 and she acts next."""
    d = nanase(dict(space=3, hand=["cross"], gauge=["grasp"], exceeded=True),
               dict(space=5, hand=["sweep"]))
    d.act(CharacterAction(index=0))
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp")
    d.set_attack(P1, "cross")
    request = d.expect(ChoiceRequest, P1)
    d.choose(request.labels[1])
    d.set_attack(P2, "sweep")
    assert 1 in _mods(d, P2, Stat.POWER)
    assert d.life(P2) == 27
    assert _next(d) == P1


def test_nanase_exceeded_plain_strike_no_exceed_ability() -> None:
    """Nanase exceeded, ordinary Strike action: no character action, no choice: Cross
    deals 3 - 2 armor = 1 through Block."""
    d = nanase(dict(space=3, hand=["cross"], exceeded=True), dict(space=4, hand=["block"]))
    d.act(Strike())
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 29


def test_nanase_exceeded_character_action_revert_gauge_from_hand_bonus_action() -> None:
    """Nanase exceeded, character action #1 "Revert" (needs a card in hand): one card
    from hand to gauge, ``revert``, then a bonus action: Nanase acts again."""
    d = nanase(dict(space=3, hand=["cross", "grasp"], exceeded=True), dict(space=5))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


def test_nanase_exceeded_revert_needs_a_card_in_hand() -> None:
    """Nanase's "Revert" requires ``min_hand_size`` 1: with an empty hand it is not
    offered."""
    d = nanase(dict(space=3, hand=[], gauge=["grasp"], exceeded=True), dict(space=5))
    choices = d.expect(ActionRequest, P1).choices
    assert CharacterAction(index=1) not in choices
    assert CharacterAction(index=0) in choices


# --- attacks ---------------------------------------------------------------------------


def test_nanase_angesinvitation_higher_speed_misses_at_6_after_advance() -> None:
    """Ange's Invitation: range 1-2, power 5, speed 3; during_strike: attacks of speed
    6 or more miss her (Nehtali's Grasp, speed 7, misses); she hits for 5; after:
    advance 3 (3 -> 7, past Nehtali on 4)."""
    d = nanase(dict(space=3, hand=["angesinvitation"]), dict(space=4, hand=["grasp"]))
    d.strike("angesinvitation", "grasp")
    assert d.life(P1) == 30
    assert d.life(P2) == 25
    assert d.space(P1) == 7


def test_nanase_angesinvitation_slower_attack_hits() -> None:
    """Ange's Invitation: Sweep (speed 2) is under 6, so it is not dodged: Nanase (speed
    3) hits first for 5, then Sweep hits her for 6."""
    d = nanase(dict(space=3, hand=["angesinvitation"]), dict(space=5, hand=["sweep"]))
    d.strike("angesinvitation", "sweep")
    assert d.life(P2) == 25
    assert d.life(P1) == 24


def test_nanase_chasinglereve_after_advance_draw() -> None:
    """Chasing le Reve: range 1-2, power 3, speed 6; after: advance 3, then draw 1."""
    d = nanase(dict(space=3, hand=["chasinglereve"], deck=["dive"]),
               dict(space=4, hand=["block"]))
    d.strike("chasinglereve", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 7
    assert "Dive" in d.zone(P1, Zone.HAND)


def test_nanase_conveyingmyvraicouer_before_close_hit_choice_pull() -> None:
    """Conveying My Vrai Couer: range 1, power 3, speed 5; before: close 3 (3 -> 5 next
    to Nehtali on 6); hit: push 1 or pull 1 (push: Nehtali 6 -> 7)."""
    d = nanase(dict(space=3, hand=["conveyingmyvraicouer"]), dict(space=6, hand=["block"]))
    d.strike("conveyingmyvraicouer", "block")
    assert d.space(P1) == 5
    d.choose("push")
    assert d.space(P2) == 7
    assert d.life(P2) == 29


def test_nanase_letthefleurcarryyourfeelings_opponent_stunned_choice_advance_draw() -> None:
    """Let the Fleur Carry Your Feelings: range 2-4, power 4, speed 4; after: [if
    opponent_stunned] advance 2 + draw 2 or retreat 2 + draw 2. Nehtali's Dive (speed
    4, guard 0) loses the tie to the attacker, takes 4 and is stunned: she retreats 2
    (3 -> 1) and draws 2."""
    d = nanase(dict(space=3, hand=["letthefleurcarryyourfeelings"], deck=["dive", "spike"]),
               dict(space=5, hand=["dive"]))
    d.strike("letthefleurcarryyourfeelings", "dive")
    d.choose("retreat")
    assert d.space(P1) == 1
    assert {"Dive", "Spike"} <= set(d.zone(P1, Zone.HAND))


def test_nanase_letthefleurcarryyourfeelings_not_stunned_no_choice() -> None:
    """Let the Fleur Carry Your Feelings: Block (armor 2, guard 3) takes 4 - 2 = 2, not
    stunned: no choice, no move, no draw."""
    d = nanase(dict(space=3, hand=["letthefleurcarryyourfeelings"], deck=["dive"]),
               dict(space=5, hand=["block"]))
    d.strike("letthefleurcarryyourfeelings", "block")
    assert not isinstance(d.pending, ChoiceRequest)
    assert d.space(P1) == 3
    assert "Dive" not in d.zone(P1, Zone.HAND)


def test_nanase_plumagedancinginthewind_initiated_strike_powerup() -> None:
    """Plumage Dancing in the Wind: range 1, power 3, speed 6; as the attacker
    (initiated_strike) +2 power: 5 - 2 armor = 3 through Block."""
    d = nanase(dict(space=3, hand=["plumagedancinginthewind"]), dict(space=4, hand=["block"]))
    d.strike("plumagedancinginthewind", "block")
    assert 2 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 27


def test_nanase_plumagedancinginthewind_not_initiated_strike_speedup() -> None:
    """Plumage Dancing in the Wind as the defender (not_initiated_strike): +1 speed (7,
    ahead of Nehtali's Cross, speed 6) and no power bonus: she hits first for 3."""
    d = nanase(dict(space=3, hand=["plumagedancinginthewind"]),
               dict(space=4, hand=["cross"]), active=P2)
    d.strike("cross", "plumagedancinginthewind")
    assert 1 in _mods(d, P1, Stat.SPEED)
    assert 2 not in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 27


def test_nanase_atmosphereoftheaether_hit_push_draw() -> None:
    """Atmosphere of the Aether (ultra, 3 gauge): range 1-2, power 4, speed 6; hit: push
    3, then draw 2."""
    d = nanase(dict(space=3, hand=["atmosphereoftheaether"], gauge=["grasp", "cross", "dive"],
                    deck=["spike", "sweep"]), dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "atmosphereoftheaether")
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 28
    assert d.space(P2) == 7
    assert {"Spike", "Sweep"} <= set(d.zone(P1, Zone.HAND))


def test_nanase_lumiereofthedawn_speed_greater_than_attack_does_not_hit() -> None:
    """Lumiere of the Dawn (ultra): range 1, power 9, speed 4, armor 6; before: [if
    speed_greater_than the opponent's speed] attack_does_not_hit + lose_all_armor. Faster
    than Block (speed 0): it does not hit, and Nehtali takes nothing."""
    d = nanase(dict(space=3, hand=["lumiereofthedawn"], gauge=["grasp", "cross", "dive"]),
               dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "lumiereofthedawn")
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 30
    assert d.events(ev.AttackHit) == []


def test_nanase_lumiereofthedawn_speed_greater_than_lose_all_armor() -> None:
    """Lumiere of the Dawn: faster than Sweep (speed 2), she does not hit and loses all
    her armor: Sweep's 6 goes through in full (6 armor would have soaked it)."""
    d = nanase(dict(space=3, hand=["lumiereofthedawn"], gauge=["grasp", "cross", "dive"]),
               dict(space=4, hand=["sweep"]))
    d.act(Strike())
    d.set_attack(P1, "lumiereofthedawn")
    d.set_attack(P2, "sweep")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 30
    assert d.life(P1) == 24


def test_nanase_lumiereofthedawn_slower_keeps_armor_and_hits() -> None:
    """Lumiere of the Dawn: slower than Assault (speed 5), the condition is false: her 6
    armor soaks Assault's 4, and she hits back for 9."""
    d = nanase(dict(space=3, hand=["lumiereofthedawn"], gauge=["grasp", "cross", "dive"]),
               dict(space=4, hand=["assault"]))
    d.act(Strike())
    d.set_attack(P1, "lumiereofthedawn")
    d.set_attack(P2, "assault")
    d.pay("grasp", "cross", "dive")
    assert d.life(P1) == 30
    assert d.life(P2) == 21


# --- boosts ----------------------------------------------------------------------------


def test_nanase_angesinvitation_boost_chain_shift_strike_speedup_to_gauge_undo() -> None:
    """Chain Shift (Ange's Invitation boost): now: strike; during_strike: speedup 1;
    after: add_to_gauge_immediately_mid_strike_undo_effects: the boost goes to her gauge
    in the after step and its +1 speed is taken back (``StatBonusEnded``, as for any
    boost leaving mid-strike)."""
    d = nanase(dict(space=3, hand=["angesinvitation", "cross"]), dict(space=4, hand=["block"]))
    boost(d, "angesinvitation")
    d.respond(P1, "cross", "block")
    assert _mods(d, P1, Stat.SPEED) == [1]
    ended = [(e.player, e.stat, e.amount) for e in d.events(ev.StatBonusEnded)]
    assert ended == [(P1, Stat.SPEED, 1)]  # the boost left play: its +1 no longer counts
    assert "Ange's Invitation" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_nanase_chasinglereve_boost_windmill_bonus_action_close_powerup_opponent() -> None:
    """Windmill (Chasing le Reve boost): now: bonus action (she acts again); in the
    strike, before: close 2 and the opponent's attack gets +3 power."""
    d = nanase(dict(space=2, hand=["chasinglereve", "cross"]), dict(space=6, hand=["block"]))
    boost(d, "chasinglereve")
    assert _next(d) == P1
    d.act(Strike())
    d.respond(P1, "cross", "block")
    assert 3 in _mods(d, P2, Stat.POWER)
    assert d.events(ev.PlayerMoved)[0] == ev.PlayerMoved(player=P1, src=2, dst=4)


def test_nanase_conveyingmyvraicouer_boost_overpower_powerup_close() -> None:
    """Overpower (Conveying My Vrai Couer boost): during_strike: powerup 1; before:
    close 1 (2 -> 3, Cross reaches Nehtali on 5): 4 - 2 armor = 2 (then Cross's own
    retreat 3)."""
    d = nanase(dict(space=2, hand=["cross"], boosts=["conveyingmyvraicouer"]),
               dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.events(ev.PlayerMoved)[0] == ev.PlayerMoved(player=P1, src=2, dst=3)
    assert d.life(P2) == 28


def test_nanase_letthefleurcarryyourfeelings_boost_jumping_to_conclusions() -> None:
    """Jumping to Conclusions (immediate, 2 force): the opponent reveals his hand, then
    she strikes."""
    d = nanase(dict(space=3, hand=["letthefleurcarryyourfeelings", "cross", "dive", "grasp"]),
               dict(space=4, hand=["block"]))
    boost(d, "letthefleurcarryyourfeelings", "dive", "grasp")
    assert d.events(ev.HandRevealed)
    d.respond(P1, "cross", "block")
    assert d.events(ev.StrikeStarted)


def test_nanase_plumagedancinginthewind_boost_reach_rangeup_strike() -> None:
    """Reach (Plumage Dancing in the Wind boost, 1 force): during_strike: rangeup 0/1;
    now: strike: Cross (1-2) reaches Nehtali 3 away."""
    d = nanase(dict(space=3, hand=["plumagedancinginthewind", "cross", "dive"]),
               dict(space=6, hand=["block"]))
    boost(d, "plumagedancinginthewind", "dive")
    d.respond(P1, "cross", "block")
    assert d.events(ev.AttackHit)[0].distance == 3
    assert d.life(P2) == 29


def test_nanase_atmosphereoftheaether_boost_zephyr_bonus_action_speedup_powerup_opponent() -> None:
    """Zephyr (Atmosphere of the Aether boost): now: bonus action; during_strike:
    speedup 2 and the opponent's attack +3 power."""
    d = nanase(dict(space=3, hand=["atmosphereoftheaether", "cross"]),
               dict(space=4, hand=["block"]))
    boost(d, "atmosphereoftheaether")
    assert _next(d) == P1
    d.act(Strike())
    d.respond(P1, "cross", "block")
    assert 2 in _mods(d, P1, Stat.SPEED)
    assert 3 in _mods(d, P2, Stat.POWER)


def test_nanase_lumiereofthedawn_boost_surge_forward_advance_bonus_action() -> None:
    """Surge Forward (Lumiere of the Dawn boost, immediate, 1 force): advance 3, then a
    bonus action."""
    d = nanase(dict(space=1, hand=["lumiereofthedawn", "dive"]), dict(space=7))
    boost(d, "lumiereofthedawn", "dive")
    assert d.space(P1) == 4
    assert _next(d) == P1
