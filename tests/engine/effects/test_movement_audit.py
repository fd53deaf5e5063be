"""Movement audit: the rulebooks' Movement rules and effects.md's Movement keywords
checked against the engine at positions where readings could differ. Card facts:
roster.md. Each test names its source; these pin subtle behaviours that were right but
untested (no defect was found by this audit)."""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import CharacterAction


def test_a_buddy_wall_under_its_owner_keeps_the_opponent_from_advancing_through() -> None:
    """effects.md, ``opponent_cant_move_past_buddy``: "Your buddy's space acts as a wall
    for the opponent's own movement"; ``advance``: "A wall stops you (if they are
    against it you stay adjacent)". Chaos (3) sets Repel (range 0, power 5, speed 3;
    ``during_strike: [if buddy_in_play] opponent_cant_move_past_buddy``) with Azhi
    placed on his own space. Ryu's Dive (range 1, power 5, speed 4; ``before: advance 3
    + [if advanced_through] dodge_attacks``) from 4 would cross Chaos, and so the wall:
    Ryu does not move, does not advance through (no dodge) and hits Chaos for 5, which
    stuns him (guard 0). Without the wall he would land on 1 and miss from 2 away."""
    d = position(p1=dict(space=3, hand=["repel"]), p2=dict(space=4, hand=["dive"]),
                 chars=("chaos", "ryu"))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "repel")
    d.move_to(P1, 3)  # Azhi onto Chaos's own space
    d.set_attack(P2, "dive")
    assert [e.player for e in d.events(ev.BuddyWallChanged)][:1] == [P1]
    assert [e for e in d.events(ev.PlayerMoved) if e.player == P2] == []
    assert d.space(P2) == 4
    assert [e.player for e in d.events(ev.AttackHit)] == [P2]
    assert d.life(P1) == 25
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]


def test_a_web_trap_that_stops_dive_short_of_the_opponent_is_no_advance_through() -> None:
    """effects.md, ``advance``: "if you end on the far side, chained effects see
    ``advanced_through``"; Byakuya's Web Trap (roster.md: Become a Part of Me's boost,
    ``place_boost_in_space {stop_on_space_effect}``, stop effect ``discard_this +
    choice <push 1 | pull 1 | gain_advantage>``): the opponent who moves onto or through
    its space stops there. Ryu's Dive (range 1, power 5, speed 4; ``before: advance 3 +
    [if advanced_through] dodge_attacks``) from 7 toward Byakuya on 5 over the Web Trap
    on 6 stops on 6, on Byakuya's near side: it hits Byakuya for 5 (Sweep's guard 6: no
    stun) but dodges nothing, so Byakuya's Sweep (range 1-3, power 6, speed 2) hits him
    for 6."""
    d = position(p1=dict(space=5, hand=["sweep"], boosts=["becomeapartofme"],
                         traps={"becomeapartofme": 6}),
                 p2=dict(space=7, hand=["dive"]), chars=("byakuya", "ryu"))
    d.strike("sweep", "dive")
    d.choose("gain advantage")  # the sprung Web Trap's choice: nobody moves
    moves = [(e.src, e.dst) for e in d.events(ev.PlayerMoved) if e.player == P2]
    assert moves == [(7, 6)]
    assert [e.player for e in d.events(ev.TrapSprung)] == [P1]
    assert [e.player for e in d.events(ev.AttackHit)] == [P2, P1]
    assert d.life(P1) == 25
    assert d.life(P2) == 24
