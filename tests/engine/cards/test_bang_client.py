"""Shishigami Bang: the situations of the reference client's ``test_bang.gd`` that
``test_bang.py`` did not pin, written with our builder; each docstring names the client
test it mirrors (card facts: roster.md, "Shishigami Bang" and the standard Normals).
Bang is P1; Ryu (or a UNI fighter, for a UNI Normal's boost) is P2, with no gauge, so
no Critical is offered. All were already right.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ActionRequest, Exceed, PayGaugeRequest
from engine.core.ids import Zone

CHARS = ("bang", "ryu")
SPECIALS = ["bangstyleshuriken", "voidtempestkick", "unstoppablepalmthrust"]


def bang(p1: dict[str, Any], p2: dict[str, Any], opponent: str = "ryu") -> Driver:
    """A position with Bang as P1 (to act) and ``opponent`` as P2."""
    return position(p1=p1, p2=p2, chars=("bang", opponent))


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def test_kicker_strike_ex_powerup_then_overdrive_returns_the_discarded_ex_copy() -> None:
    """Mirrors test_bang_exceed_ex_powerup_and_overdrive. Bang exceeds (4 gauge into
    Overdrive) and his kicker, ``on_exceed: strike``, starts a strike at once, with his
    exceed ability ``during_strike: [if is_ex_strike] powerup 1`` already on. Core
    rulebook, Reveal step: "If you reveal an EX attack, discard the extra copy of the EX
    attack to your discard pile." His EX Assault (speed 6) beats Ryu's, closes 3 -> 4
    and hits for 4 + 1 (EX) + 1 = 6, stunning Ryu; ``gain_advantage`` gives Bang the
    next turn. There he discards the Assault from his overdrive area, so the top discard
    is an Assault and ``return_all_copies_of_top_discard_to_hand`` brings back it and
    the EX copy discarded at reveal."""
    d = bang(dict(space=3, gauge=["cross", "dive", "spike"], extra={"gauge": ["assault"]},
                  hand=["assault", "assault"]),
             dict(space=5, hand=["assault"]))
    d.act(Exceed())
    d.pay("assault", "cross", "dive", "spike")
    d.respond(P1, ("assault", "assault"), "assault")
    assert d.space(P1) == 4 and d.space(P2) == 5
    assert d.life(P2) == 24 and d.life(P1) == 30
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P1, Zone.DISCARD) == ["Assault"]  # the EX copy
    assert d.zone(P1, Zone.GAUGE) == ["Assault"]  # the attack that hit
    d.select(P1, "assault")  # his turn (advantage): the overdrive discard
    assert d.zone(P1, Zone.HAND) == ["Assault", "Assault"]
    assert d.zone(P1, Zone.DISCARD) == []
    assert d.area(P1, "overdrive") == ["Cross", "Dive", "Spike"]
    assert _next(d) == P1


def test_the_ultimate_bang_counts_the_card_ryus_sweep_discarded_first() -> None:
    """Mirrors test_bang_ultimatebang. The Ultimate Bang (4 gauge, range 3, power 2,
    speed 1, guard 30): ``before: retreat 1 | pass``; ``hit: powerup DISCARDED_COUNT``.
    Ryu's Sweep (speed 2, ``hit: opponent_discard_random 1``) goes first and hits Bang
    for 6 (guard 30: no stun), discarding his Focus; then Bang retreats 3 -> 2 and hits
    at range 3 for 2 + 5 (the 4 gauge paid and the Focus): Ryu 23."""
    d = bang(dict(space=3, hand=["theultimatebang", "focus"], set_aside=[],
                  gauge=["grasp", "cross", "dive", "spike"]),
             dict(space=5, hand=["sweep"]))
    d.strike("theultimatebang", "sweep")
    d.pay("grasp", "cross", "dive", "spike")
    assert d.life(P1) == 24 and d.events(ev.PlayerStunned) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Dive", "Spike", "Focus"]
    d.choose("retreat")
    assert d.space(P1) == 2 and d.space(P2) == 5
    assert d.life(P2) == 23
    assert _next(d) == P2


def test_hyper_shadowstep_strike_from_the_kicker_free_with_4_specials_moves_past() -> None:
    """Mirrors test_bang_hypershadowstep. Exceeding with 4 Specials puts them in the
    overdrive area, so the kicker's strike with Hyper Shadowstep Strike (8 gauge, free
    with 4 Specials in overdrive; ``before: close 8, then advance 1``) costs nothing:
    from 2 he closes to 6, advances past Ryu on 7 to 8 and hits first (speed 7) for 8,
    stunning Ryu's Sweep (guard 6)."""
    d = bang(dict(space=2, gauge=[*SPECIALS, "pulverizingblastjutsu"],
                  hand=["hypershadowstepstrike", "focus"]),
             dict(space=7, hand=["sweep"]))
    d.act(Exceed())
    d.pay(*SPECIALS, "pulverizingblastjutsu")
    d.respond(P1, "hypershadowstepstrike", "sweep")
    assert not any(isinstance(r, PayGaugeRequest) for r in d.forced)
    assert d.space(P1) == 8 and d.space(P2) == 7
    assert d.life(P2) == 22 and d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Hyper Shadowstep Strike"]


def test_hyper_shadowstep_strike_unpaid_is_invalid_and_replaced_by_a_wild_swing() -> None:
    """Mirrors test_bang_hypershadowstep_notfree. With 3 Specials and an Assault
    exceeded into overdrive, Hyper Shadowstep Strike costs its printed 8 gauge and Bang
    has none. Core rulebook, Reveal step: "you must pay the Gauge Cost of a revealed
    Ultra Attack immediately. If you can't, the attack is invalid", and "If your attack
    is invalid, discard it and perform a Wild Swing". The wild swing is the Assault on
    top of his deck: it closes 2 -> 4 and misses at range 3; Ryu's Sweep hits for 6."""
    d = bang(dict(space=2, gauge=[*SPECIALS, "assault"],
                  hand=["hypershadowstepstrike", "focus"], deck=["assault"]),
             dict(space=7, hand=["sweep"]))
    d.act(Exceed())
    d.pay(*SPECIALS, "assault")
    d.respond(P1, "hypershadowstepstrike", "sweep")
    assert [e.player for e in d.events(ev.AttackInvalid)] == [P1]
    assert [e.player for e in d.events(ev.WildSwingRevealed)] == [P1]
    assert d.space(P1) == 4 and d.space(P2) == 7
    assert d.life(P1) == 24 and d.life(P2) == 30
    assert "Hyper Shadowstep Strike" in d.zone(P1, Zone.DISCARD)
    assert "Assault" in d.zone(P1, Zone.DISCARD)


def test_shuriken_boosts_tech_mid_strike_and_ryus_defend_stops_counting() -> None:
    """Mirrors test_bang_shuriken_remove_spike. Bang-Style Shuriken (1 force, range
    1-4, power 1, speed 6): ``before: draw 1, then choice <boost_then_sustain {hand,
    ignore_costs, sustain false} | pass>``. Bang plays Dive's Tech
    (``discard_continuous_boost 1``) and discards Ryu's Defend (Spike's boost: armor +1,
    guard +3) in the middle of the strike: the Shuriken then deals its full 1 and Ryu's
    Assault (guard 0) is stunned."""
    d = bang(dict(space=3, hand=["bangstyleshuriken", "dive", "grasp"]),
             dict(space=5, hand=["assault"], boosts=["spike"]))
    d.strike("bangstyleshuriken", "assault")
    d.pay("grasp")
    d.choose("boost")
    d.select(P1, "dive")
    assert d.zone(P2, Zone.BOOSTS) == [] and "Spike" in d.zone(P2, Zone.DISCARD)
    assert d.life(P2) == 29 and d.life(P1) == 30
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.space(P1) == 3 and d.space(P2) == 5
    assert _next(d) == P2


def test_shuriken_boosts_tech_mid_strike_and_the_opponents_attack_is_no_longer_ex() -> None:
    """Mirrors test_bang_shuriken_remove_ex (there a Guilty Gear Normal's boost; here
    the UNI Cross's Superior, ``during_strike: attack_is_ex``, for Hyde). Hyde's Assault
    is EX (speed 6, armor 1, guard 1): with Superior in play the Shuriken's 1 power is
    all armor, Hyde is not stunned and his Assault hits Bang for 5. When Bang's Tech
    discards Superior mid-strike the Assault is no longer EX: 1 damage, Hyde stunned."""
    kept = bang(dict(space=3, hand=["bangstyleshuriken", "dive", "grasp"]),
                dict(space=5, hand=["assault"], boosts=["cross"]), opponent="hyde")
    kept.strike("bangstyleshuriken", "assault")
    kept.pay("grasp")
    kept.choose("pass")
    assert kept.life(P2) == 30 and kept.life(P1) == 25
    d = bang(dict(space=3, hand=["bangstyleshuriken", "dive", "grasp"]),
             dict(space=5, hand=["assault"], boosts=["cross"]), opponent="hyde")
    d.strike("bangstyleshuriken", "assault")
    d.pay("grasp")
    d.choose("boost")
    d.select(P1, "dive")
    assert [e.player for e in d.events(ev.AttackExEnded)] == [P2]
    assert d.life(P2) == 29 and d.life(P1) == 30
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_shuriken_boosts_beat_a_nail_mid_strike_its_strike_is_ignored() -> None:
    """Mirrors test_bang_shuriken_boost_infinite. Through the Shuriken Bang plays Beat
    A Nail With Your Hammer (Infinite Chaos-Fist's boost; ``now: advance 2, then
    strike``; its 1 force ignored): he advances from 3 past Ryu on 5 to 6, and its
    ``strike`` starts nothing inside the strike. The Shuriken hits at range 1 for 1;
    Ryu's Spike (range 2-3) misses. Not sustained, the boost leaves play at cleanup."""
    d = bang(dict(space=3, hand=["bangstyleshuriken", "infinitechaosfistofthevoid", "grasp"]),
             dict(space=5, hand=["spike"]))
    d.strike("bangstyleshuriken", "spike")
    d.pay("grasp")
    d.choose("boost")
    d.select(P1, "infinitechaosfistofthevoid")
    assert d.space(P1) == 6 and d.space(P2) == 5
    assert d.life(P2) == 29 and d.life(P1) == 30
    assert len(d.events(ev.StrikeStarted)) == 1
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Infinite Chaos-Fist of the Void" in d.zone(P1, Zone.DISCARD)
    assert _next(d) == P2
