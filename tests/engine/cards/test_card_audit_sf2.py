"""Second, depth-first card audit of the Street Fighter line (season 3): the Critical
rules, the Tag Team variant and seven fighters with intricate kits (Akuma, C. Viper, Dan,
Guile, M. Bison, Vega, Zangief), checked line by line against roster.md, effects.md and
the Street Fighter rulebook where the fighters' own tests leave a behaviour open.

This pass found no defect in these fighters' cards or in Critical; the tests below pin
behaviours that were right but untested and subtle (interactions between a fighter's
own mechanics, a season rule and the strike steps).

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, P2, position, vega_claw_against_blizzard

from engine import events as ev
from engine.core.decisions import CrossStrike, MoveTo, SetAttackRequest, SpaceRequest, Strike
from engine.core.ids import Zone
from engine.core.state import Stat

# --- Dan: Critical carried to the follow-up wild swing ----------------------------------


def test_dan_critical_invalid_ultra_follow_up_wild_swing_gets_his_ability_bonus() -> None:
    """Dan, ability: ``set_strike: [if is_not_critical] gauge_for_effect
    {overall_effect=(critical), gauge_max=1}`` and ``during_strike: [if is_critical] pass
    + [if was_wild_swing] powerup 1 + speedup 1``; Shisso Buraiken (ultra, 3G, rule
    free_if_no_cards_in_hand) (roster.md, "Dan Hibiki").

    SF rulebook, FAQ: "If I pay to Critical an Ultra and it is Invalid, are my followup
    Wild Swings Critical? Yes, you spent the Gauge and are Critical for this Strike";
    Reveal step: "If your attack is Invalid, discard it and perform a Wild Swing."
    Dan pays 1 of his 3 gauge for Critical, so Shisso Buraiken (he still holds a Grasp:
    not free) cannot be paid: invalid. The Focus swung instead is a Critical wild swing,
    so his ability gives it +1 power and +1 speed: 4 + 1 - Block's 2 armor = 3 damage.
    """
    d = position(p1=dict(space=3, hand=["shissoburaiken", "grasp"],
                         gauge=["grasp", "cross", "dive"], deck=["focus"]),
                 p2=dict(space=4, hand=["block"]), chars=("dan", "ryu"))
    d.strike("shissoburaiken", "block", crit=(True, False))
    assert d.names(e.card for e in d.events(ev.AttackInvalid)) == ["Shisso Buraiken"]
    assert d.names(e.card for e in d.events(ev.WildSwingRevealed)) == ["Focus"]
    mods = [(e.player, e.stat, e.amount) for e in d.events(ev.StatModified)]
    assert mods == [(P1, Stat.POWER, 1), (P1, Stat.SPEED, 1)]
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=3, absorbed=2)]
    assert d.zone(P1, Zone.GAUGE) == ["Cross", "Dive", "Focus"]


# --- Zangief: an After boost effect lost to a stun ----------------------------------------


def test_zangief_thick_skinned_stays_out_of_gauge_when_he_is_stunned() -> None:
    """Zangief, Spinning Piledriver's boost Thick Skinned (continuous): ``during_strike:
    armorup 2``, ``after: [if was_hit] add_boost_to_gauge_on_strike_cleanup`` (roster.md,
    "Zangief").

    SF rulebook, Glossary, AFTER: "Does not happen if you are stunned"; Cleanup step 2:
    continuous boosts are discarded. Ryu's Grasp (speed 7) hits Zangief's Dive first:
    3 - 2 armor = 1 damage, over Dive's guard 0, so Zangief is stunned: his Dive and its
    after step never happen, and Thick Skinned, though he was hit, is discarded rather
    than kept as gauge (the was_hit case in test_zangief.py is the unstunned one).
    """
    d = position(p1=dict(space=3, hand=["dive"], boosts=["spinningpiledriver"]),
                 p2=dict(space=4, hand=["grasp"]), chars=("zangief", "ryu"))
    d.strike("dive", "grasp")
    d.choose("push 1")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P1]
    assert d.life(P1) == 29
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Spinning Piledriver", "Dive"]


# --- Zangief's wall against Vega's claw ---------------------------------------------------


def test_vega_bloody_high_claw_move_cannot_pass_zangiefs_siberian_blizzard() -> None:
    """Vega, Bloody High Claw (ultra, 3G, range 1-2, power 4, speed 6): ``before: [if
    min_spaces_behind_opponent(amount=3)] powerup 3``, ``hit: move_to_any_space``; against
    Zangief's Siberian Blizzard (ultra, 3G, speed 2, guard 6): ``during_strike:
    opponent_cant_move_past``, ``cleanup: remove_opponent_cant_move_past`` (roster.md,
    "Vega", "Zangief").

    effects.md: move_to_any_space "Counts as your own movement"; opponent_cant_move_past:
    "Opponent's own movement cannot cross you". Blizzard's wall is up from the
    during-strike step, so when Vega (faster) hits (4 + 3 = 7 damage, over guard 6: Zangief
    is stunned) his move may not take him past Zangief: only spaces 1-3 are offered.
    """
    d = vega_claw_against_blizzard()
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in request.choices if isinstance(m, MoveTo)] == [1, 2, 3]
    d.move_to(P1, 1)
    assert d.life(P2) == 23
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert not d.p(P1).blocks_passing and not d.p(P2).blocks_passing


# --- Tag Team: Cross Strike, then the tagged-in fighter's Critical -------------------------


def test_tag_team_cross_strike_ex_then_the_tagged_in_fighters_critical() -> None:
    """Tag Team Ryu + Ken (Ryu in play); Ken's ability ``set_strike: gauge_for_effect
    {overall_effect=(critical), gauge_max=1}`` and Axe Kick (range 1, power 5, speed 4):
    ``during_strike: ignore_armor 2 + [if is_critical] speedup 2``, ``before: close 1``
    (roster.md, "Ken Masters").

    SF rulebook, Tag Team, Cross Strike: "As you set your attack cards, you can spend 2
    Gauge to tag your character instantly"; Critical: "When you set any type of attack,
    you may spend 1 Gauge at the same time." Ryu's turn: p1 Cross Strikes an EX pair of
    Ken's Axe Kick (invalid for Ryu) with 2 of 3 gauge; Ken, now in play, is asked for
    his Critical and pays the third. EX Critical Axe Kick: speed 4 + 1 + 2 = 7 beats
    Sweep's 2, power 5 + 1 = 6 (not over Sweep's guard 6); Sweep answers for 6 - 1 EX
    armor = 5 to Ken, whose damage counts on his own life (Ryu's stays 20).
    """
    d = position(p1=dict(space=3, hand=["axekick", "axekick"], gauge=["focus", "block", "dive"]),
                 p2=dict(space=4, hand=["sweep"]), chars=("ryu+ken", "ryu"))
    d.act(Strike())
    pair = tuple(d.p(P1).hand)
    assert CrossStrike(cards=pair) in d.expect(SetAttackRequest, P1).choices
    d.act(CrossStrike(cards=pair))
    d.pay("focus", "block")
    assert d.p(P1).character == "ken"
    d.critical(P1, True)
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    d.set_attack(P2, "sweep")
    assert d.events(ev.AttackInvalid) == []
    [priority] = d.events(ev.PriorityDetermined)
    assert (priority.first, priority.speed_p1) == (P1, 7)
    assert (d.life(P1), d.p(P1).partner_life, d.life(P2)) == (15, 20, 24)
    assert d.zone(P1, Zone.DISCARD) == ["Focus", "Block", "Dive", "Axe Kick"]
    assert d.zone(P1, Zone.GAUGE) == ["Axe Kick"]
