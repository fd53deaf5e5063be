"""Character-card audit: abilities, exceed abilities, character actions and flags checked
against roster.md (its fighter sections and "Character flags"), each where a behaviour
the fighter's own tests leave open could go wrong.

A test's docstring names the fighter and the ability's data (roster.md notation).
"""

from __future__ import annotations

from conftest import P1, P2, position, versus

from engine import events as ev
from engine.core.decisions import CharacterAction
from engine.core.ids import Zone

# --- Hyde Kido ----------------------------------------------------------------------------


def test_hyde_exceed_ability_seal_this_at_cleanup_even_when_stunned() -> None:
    """Hyde Kido, exceed ability: set_strike: [if used_character_action(exceed, 0)]
    powerup 3 + add_attack_effect {added_effect=(seal_this)}, the added effect timed
    ``cleanup`` (roster.json). His exceeded action strikes with Dive from his gauge;
    Ryu's Grasp (speed 7) hits first and stuns him (3 damage > guard 0), so Hyde's
    after effects never run, but cleanup does: Dive is sealed, not discarded."""
    d = versus(("hyde", "ryu"),
             dict(space=4, exceeded=True, hand=["assault"], gauge=["cross", "dive"]),
             dict(space=5, hand=["grasp"]))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    d.set_attack(P2, "grasp")
    d.choose("push 1")
    assert d.life(P1) == 27
    assert d.life(P2) == 30
    assert d.zone(P1, Zone.SEALED) == ["Dive"]
    assert "Dive" not in d.zone(P1, Zone.DISCARD)


# --- Litchi Faye Ling ---------------------------------------------------------------------


def test_litchi_ability_not_buddy_in_play_applies_once_mantenbo_leaves_mid_strike() -> None:
    """Litchi Faye Ling, ability: during_strike: [if not_buddy_in_play(Mantenbo)]
    speedup -1 + rangeup 0/1 (effects.md, remove_buddy: "mid-strike, buddy-dependent
    character bonuses are re-evaluated"). Reach: Robbing the Kong (range 1): before:
    move_to_buddy + remove_buddy. Mantenbo is in play when the strike's bonuses apply
    (no bonus); Litchi moves 2 -> 4 onto it and removes it, 2 spaces from Nehtali on 6:
    with her staff gone her attack reaches 1-2 and hits Block for 4 - 2 = 2."""
    d = versus(("litchi", "nehtali"),
             dict(space=2, buddies={"mantenbo": 4}, hand=["reachrobbingthekong", "grasp"]),
             dict(space=6, hand=["block"]))
    d.strike("reachrobbingthekong", "block")
    d.pay("grasp")
    assert d.space(P1) == 4
    assert [e.player for e in d.events(ev.AttackMissed)] == [P2]
    assert d.life(P2) == 28


def test_litchi_ability_bonus_not_doubled_when_mantenbo_was_never_in_play() -> None:
    """Litchi Faye Ling, ability: the during_strike bonus (speedup -1 + rangeup 0/1)
    applies once when Mantenbo is out of play from the start: Grasp (range 1, speed 7)
    reaches Nehtali 2 spaces away (range 1-2) at speed 6, nothing more."""
    d = versus(("litchi", "nehtali"), dict(space=4, hand=["grasp"]),
             dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    mods = [(e.stat.name, e.amount) for e in d.events(ev.StatModified) if e.player == P1]
    assert sorted(mods) == [("MAX_RANGE", 1), ("SPEED", -1)]


def test_litchi_hit_choice_taking_mantenbo_back_adds_no_late_bonus() -> None:
    """Litchi Faye Ling, ability: hit: [if buddy_in_opponent_space(Mantenbo)] choice
    <remove_buddy + powerup 1 + gain_advantage | pass>. Removing the staff once her
    attack has hit re-evaluates nothing that could still matter: Cross 3 + 1 - 2
    (Block) = 2 damage, and the only stat change of hers is the +1 power."""
    d = versus(("litchi", "nehtali"), dict(space=3, buddies={"mantenbo": 4}, hand=["cross"]),
             dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    d.choose("remove buddy")
    assert d.life(P2) == 28
    mods = [(e.stat.name, e.amount) for e in d.events(ev.StatModified) if e.player == P1]
    assert mods == [("POWER", 1)]


def test_caught_you_reads_the_speed_of_a_swapped_attack() -> None:
    """Byakuya's Caught You! (speed 8), ``before: [if opponent_speed_less_or_equal 4]
    attack_does_not_hit``, against Hilda's Sweep under her Masquerade (``during_strike:
    swap_power_speed``: power 6, speed 2 become power 2, speed 6). The condition reads the
    attack's total speed as the priority check does, after the swap: 6 is over 4, so
    Caught You! hits Hilda for 3 (Sweep's guard 6: no stun), then her Sweep hits Byakuya
    for 2 and stuns him (guard 0). The condition read the printed speed 2 and Caught You!
    missed (Hilda at 30)."""
    d = position(p1=dict(space=3, hand=["caughtyou"]),
                 p2=dict(space=5, hand=["sweep"], boosts=["inthedarkness"]),
                 chars=("byakuya", "hilda"), active=P1)
    d.strike("caughtyou", "sweep")
    assert d.events(ev.PowerSpeedSwapped) == [ev.PowerSpeedSwapped(player=P2)]
    assert d.life(P2) == 27
    assert d.life(P1) == 28
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P1)]  # Caught You! guard 0
