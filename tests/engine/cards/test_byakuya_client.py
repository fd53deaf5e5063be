"""Byakuya: Web Trap situations of the reference client's ``test/unit/test_byakuya.gd``
that our Byakuya tests (``test_byakuya.py``, ``test_byakuya_webtraps.py``) did not pin,
written with our scenario builder.

Card facts: roster.md, "Byakuya" (Web Trap, the boost of Endless Nightmare and Become a
Part of Me: "now: place_boost_in_space {stop_on_space_effect}"; stop_on_space_effect =
"discard_this + choice <push 1 | pull 1 | gain_advantage>"), and the ``uni`` normals.
As in the client's tests, P2 is Byakuya too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import CharacterAction
from engine.core.ids import Zone

CHARS = ("byakuya", "byakuya")
BOTH = ["endlessnightmare", "becomeapartofme"]


def test_byakuya_two_web_traps_on_one_space_both_spring() -> None:
    """Two Web Traps on 5 (client: ``test_byakuya_webtrap_stacked``): P2's Dive (first)
    advancing from 6 stops on 5; both spring: Byakuya pushes him back to 6, then takes
    the advantage; Dive misses, Sweep hits at 3 for 6; both traps are discarded."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=list(BOTH),
                         traps={"endlessnightmare": 5, "becomeapartofme": 5}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("sweep", "dive")
    d.choose("push 1")
    d.choose("advantage")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_byakuya_web_trap_behind_the_first_stays() -> None:
    """Web Traps on 5 and 4 (client: ``test_byakuya_webtrap_not_stacked``): Dive stops
    on 5, that one springs (push 1, back to 6); the one on 4 is never reached and stays."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=list(BOTH),
                         traps={"endlessnightmare": 5, "becomeapartofme": 4}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("sweep", "dive")
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.BOOSTS) == ["Become a Part of Me"]


def test_byakuya_web_trap_push_onto_another_springs_it() -> None:
    """Web Traps on 5 and on P2's space 6 (client: ``test_byakuya_webtrap_combo``):
    Dive stops on 5; pushed back 1 onto the trap on 6, which springs too: push 1 more,
    to 7, out of Sweep's range; both traps are discarded."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=list(BOTH),
                         traps={"endlessnightmare": 5, "becomeapartofme": 6}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("sweep", "dive")
    d.choose("push 1")
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_byakuya_web_trap_under_the_opponent_does_not_stop_him_leaving() -> None:
    """A Web Trap on the opponent's own space (client: ``test_byakuya_webtrap_start_on_space``):
    "stop_on_space_effect" acts on a fighter who moves ONTO the trap's space, not on one
    who starts there. P2 (6, on the trap) initiates Dive: advance 3 (5, 4, jumping
    Byakuya on 3, to 2), so Dive dodges (advanced through) Sweep and hits for 5; the
    trap stays in play on 6, unsprung."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["endlessnightmare"],
                         traps={"endlessnightmare": 6}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS, active=P2)
    d.strike("dive", "sweep")
    assert (d.space(P1), d.space(P2)) == (3, 2)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert d.events(ev.TrapSprung) == []
    assert d.zone(P1, Zone.BOOSTS) == ["Endless Nightmare"]


def test_byakuya_web_trap_where_a_jump_lands_push_away() -> None:
    """A Web Trap on 2, behind Byakuya (3) (client: ``test_byakuya_webtrap_end_on_space``):
    P2's Dive from 6 advances 3 past Byakuya and lands on 2, where the trap springs
    (discarded); Byakuya pushes 1 (to 1). Dive (range 1) now misses at range 2, and
    Sweep misses too: Dive advanced through, so it still dodges attacks."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["endlessnightmare"],
                         traps={"endlessnightmare": 2}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS, active=P2)
    d.strike("dive", "sweep")
    assert [e.player for e in d.events(ev.TrapSprung)] == [P1]
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (3, 1)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert "Endless Nightmare" in d.zone(P1, Zone.DISCARD)


def test_byakuya_web_trap_where_a_jump_lands_pull_back_over() -> None:
    """The same trap on 2 (client: ``test_byakuya_webtrap_end_on_space_weird_dive_thing``),
    Byakuya choosing pull 1: P2 is pulled from 2 toward him, past him (3 is occupied) to
    4. At range 1 Dive hits for 5, and Sweep is still dodged (Dive advanced through)."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["endlessnightmare"],
                         traps={"endlessnightmare": 2}),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS, active=P2)
    d.strike("dive", "sweep")
    d.choose("pull 1")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert "Endless Nightmare" in d.zone(P1, Zone.DISCARD)


def test_byakuya_exceeded_action_ex_ultra_it_cannot_pay_wild_swings() -> None:
    """Byakuya's exceeded action (2 gauge: "draw 2 + choice <strike_with_ex | pass>")
    and the core rule that an attack whose cost cannot be paid is invalid and replaced
    by a wild swing (client: ``test_byakuya_exceed_ua_invalid_ex_in_hand``). He pays his
    whole gauge, draws two Endless Nightmares (2 gauge each) and sets them as an EX
    pair: invalid, so he wild swings Dive from his deck, which keeps the exceed
    ability's +1 power but not the EX bonus. P2's Assault (speed 5) closes 2 (8 to 6)
    and misses at range 3; Dive advances 3 past P2 (to 7) and hits for 5 + 1 = 6."""
    d = position(p1=dict(space=3, exceeded=True, hand=["assault"], gauge=["grasp", "cross"],
                         deck=["endlessnightmare", "endlessnightmare", "dive"]),
                 p2=dict(space=8, hand=["assault"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.pay("grasp", "cross")
    assert sorted(d.zone(P1, Zone.HAND)) == ["Assault", "Endless Nightmare", "Endless Nightmare"]
    d.choose("strike with ex")
    # the one pair is the only option: set without asking
    assert [len(e.cards) for e in d.events(ev.AttackSet) if e.player == P1] == [2]
    d.set_attack(P2, "assault")
    assert d.names(e.card for e in d.events(ev.AttackInvalid)) == ["Endless Nightmare"]
    (swing,) = d.events(ev.WildSwingRevealed)
    assert swing.player == P1 and d.name(swing.card) == "Dive"
    assert (d.space(P1), d.space(P2)) == (7, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)
