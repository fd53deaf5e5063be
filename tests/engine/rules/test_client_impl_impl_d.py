"""Our rules against the reference client's Player and turn code outside its effect
handlers (``scenes/game/local_game.gd`` at 278d3c91, offsets 95,000 to 180,000: zones,
moves, force, continuous boosts, cleanup of boosts, turn start and end, strike setup,
``is_effect_condition_met``). Each test names the rule, the card or rulebook words and
the client's code with its offset; where the client departs from the card text, the
test pins the card's reading and says so.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import CharacterAction


def test_a_buddy_wall_beyond_the_opponent_stops_an_advance_that_would_jump_onto_it() -> None:
    """effects.md, ``opponent_cant_move_past_buddy``: "Your buddy's space acts as a wall
    for the opponent's own movement"; roster.md, Chaos's Repel: ``during_strike: [if
    buddy_in_play] opponent_cant_move_past_buddy``. Chaos (5) strikes with his
    character bonus, sets Repel (range 0 from Azhi, power 5, speed 3, guard 0) and puts
    Azhi on 4, behind him. Ryu's Dive (range 1, power 5, speed 4; ``before: advance 3 +
    [if advanced_through] dodge_attacks``) from 7 would land on 3, through Chaos and
    over Azhi's space: the wall stops him on 6, next to Chaos, with no dodge. Dive hits
    for 5 and stuns Chaos.

    The client's ``move_in_direction_by_amount`` (from ~101,600; the buddy test opens
    its loop at ~102,900) tests the buddy only on the space one step ahead, before it
    jumps over the opponent (``test_location``), so a buddy on the space just past the
    opponent is jumped onto and passed (Ryu would land on 3, dodge, and Dive would miss
    from 2 away); its own ``can_move_to`` (~99,250) closes the buddy's space and all
    beyond it to the Move action, as we do for every movement.
    """
    d = position(p1=dict(space=5, hand=["repel"]), p2=dict(space=7, hand=["dive"]),
                 chars=("chaos", "ryu"))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "repel")
    d.move_to(P1, 4)  # Azhi behind Chaos, on Ryu's far side of him
    d.set_attack(P2, "dive")
    assert [(e.src, e.dst) for e in d.events(ev.PlayerMoved) if e.player == P2] == [(7, 6)]
    assert d.space(P2) == 6
    assert [e.player for e in d.events(ev.AttackHit)] == [P2]
    assert d.life(P1) == 25
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
