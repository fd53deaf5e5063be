"""Our rules against the reference client's implementation (``local_game.gd`` at commit
278d3c91, offsets 0 to 95,000 and the movement just after: constants, setup, the Player
class's zones, draw, reshuffle, movement and its checks). Most of it reads as ours does
and is already pinned elsewhere; these tests pin where the client's code differs from
effects.md and we follow effects.md (each docstring quotes both).

Card facts: roster.md.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import CharacterAction
from engine.core.ids import Zone


def test_a_buddy_wall_just_past_the_owner_stops_an_advance_through_him() -> None:
    """effects.md, ``opponent_cant_move_past_buddy``: "Your buddy's space acts as a wall
    for the opponent's own movement"; ``advance``: "A wall stops you (if they are
    against it you stay adjacent)". Chaos (4) sets Repel (range 0, power 5, speed 3;
    ``during_strike: [if buddy_in_play] opponent_cant_move_past_buddy``) through his
    character action with Azhi on 5, just past him. Ryu's Dive (range 1, power 5,
    speed 4; ``before: advance 3 + [if advanced_through] dodge_attacks``) from 3 would
    jump Chaos onto Azhi's space: the wall stops him where he stands (the space before
    the wall is Chaos's), so he does not advance through (no dodge), hits Chaos for 5
    and stuns him (guard 0); Repel never resolves.

    The reference client (``move_in_direction_by_amount``, offset ~103,500) checks the
    buddy wall only against the next space before jumping the opponent
    (``is_in_location(other_buddy_loc, target_location)``), not against the space it
    lands on after the jump, so its Ryu would land on Azhi and go on to 7: a hole in
    the wall, not copied."""
    d = position(p1=dict(space=4, hand=["repel"]), p2=dict(space=3, hand=["dive"]),
                 chars=("chaos", "ryu"))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "repel")
    d.move_to(P1, 5)  # Azhi just past Chaos, away from Ryu
    d.set_attack(P2, "dive")
    assert [(e.player, e.space) for e in d.events(ev.BuddyPlaced)] == [(P1, 5)]
    assert [e.blocks for e in d.events(ev.BuddyWallChanged)][:1] == [True]
    assert [e for e in d.events(ev.PlayerMoved) if e.player == P2] == []
    assert (d.space(P1), d.space(P2)) == (4, 3)
    assert [e.player for e in d.events(ev.AttackHit)] == [P2]
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]


def test_cleanup_is_attacker_first_even_when_the_defender_attacked_first() -> None:
    """Core rulebook, "Cleanup": "both players clean up. The Attacker performs this
    first, then the Defender after" (1. cleanup triggers, 2. boosts, 3. the attack to
    gauge or discard); effects.md, ``cleanup``: "initiator's effects then defender's".
    Ryu (3) attacks with Sweep (range 1-3, power 6, speed 2) and Defend in play (armor
    +1, guard +3); Ken (4) answers with Grasp (power 3, speed 7) and Light in play (speed
    +2). Ken strikes first: 3 less 1 armor, and pushes Ryu 1 (to 2); Sweep then hits
    from 2 for 6. Ryu, the attacker, still cleans up first: Defend, then Sweep to gauge;
    then Ken: Light, then Grasp to gauge.

    The reference client's timing map (``get_current_strike_timing_player_id``, offset
    ~10,900) reads ``StrikeState_Cleanup_Player1Effects`` as ``get_player(1)``, the
    player whose attack resolved first (here Ken); where its cleanup differs from the
    rulebook, the rulebook is followed."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["spike"]),
                 p2=dict(space=4, hand=["grasp"], boosts=["sweep"]))
    d.strike("sweep", "grasp")
    d.choose("push 1")
    assert [e.player for e in d.events(ev.AttackHit)] == [P2, P1]
    assert (d.space(P1), d.space(P2)) == (2, 4)
    assert (d.life(P1), d.life(P2)) == (28, 24)
    moves = [(e.player, d.name(e.card), e.src, e.dst) for e in d.events(ev.CardMoved)
             if e.reason is ev.MoveReason.CLEANUP]
    assert moves == [
        (P1, "Spike", Zone.BOOSTS, Zone.DISCARD),
        (P1, "Sweep", Zone.STRIKE, Zone.GAUGE),
        (P2, "Sweep", Zone.BOOSTS, Zone.DISCARD),
        (P2, "Grasp", Zone.STRIKE, Zone.GAUGE),
    ]
