"""Core rulebook "Move" (movement rules for actions and effects) and the SF rulebook's
"Close", "Move", "Advance", "Retreat" and "Push/Pull" diagrams."""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import CharacterAction, MoveTo
from engine.core.movement import advance_to, close_to, move_cost, retreat_to


@pytest.mark.parametrize(
    ("mover", "other", "amount", "expected"),
    [
        (3, 7, 1, 4),  # plain advance
        (3, 4, 1, 5),  # adjacent: advancing 1 switches sides
        (3, 4, 2, 6),  # the opponent's space is not counted
        (3, 4, 3, 7),
        (7, 9, 3, 8),  # opponent against the wall: stop adjacent
        (8, 9, 2, 8),  # already adjacent to a cornered opponent: no movement
        (6, 7, 3, 9),  # across, then the edge stops the rest
        (7, 3, 2, 5),  # leftwards
    ],
)
def test_advance_geometry(mover: int, other: int, amount: int, expected: int) -> None:
    """Core rulebook, "Move": never count the opponent's space, stop at the edge; SF
    rulebook, "Advance": switch sides and continue beyond, or as far as possible."""
    assert advance_to(mover, other, amount) == expected


def test_advance_2_from_3_past_an_opponent_on_4_lands_on_6() -> None:
    """Core rulebook, "Move": when resolving movement effects, never count the
    opponent's space. Tatsumaki's advance 2 from 3 over Ken on 4 lands on 6."""
    d = position(p1=dict(space=3, hand=["tatsumakisenpukyaku"]), p2=dict(space=4, hand=["block"]))
    d.strike("tatsumakisenpukyaku", "block")
    assert d.space(P1) == 6
    [moved] = [e for e in d.events(ev.PlayerMoved) if e.player == P1]
    assert (moved.src, moved.dst) == (3, 6)


def test_advance_3_from_3_past_an_opponent_on_4_lands_on_7() -> None:
    """Core rulebook, "Move": never count the opponent's space, so Dive's advance 3 from
    3 over Ken on 4 counts 5, 6, 7 and lands on 7. (docs effects.md's "lands on 6" for
    this case contradicts the rulebook; the rulebook wins.) Having crossed, Dive dodges
    and, 3 away, misses."""
    d = position(p1=dict(space=3, hand=["dive"]), p2=dict(space=4, hand=["block"]))
    d.strike("dive", "block")
    assert d.space(P1) == 7
    [moved] = [e for e in d.events(ev.PlayerMoved) if e.player == P1]
    assert (moved.src, moved.dst) == (3, 7)
    assert d.events(ev.AttackMissed)[0].distance == 3


def test_advance_stops_adjacent_to_an_opponent_against_the_wall() -> None:
    """Core rulebook, "Move": movement past the edge stops at the edge instead; with Ken
    on 9 there is no space beyond him, so Dive from 7 stops on 8."""
    d = position(p1=dict(space=7, hand=["dive"]), p2=dict(space=9, hand=["block"]))
    d.strike("dive", "block")
    assert d.space(P1) == 8
    assert d.life(P2) == 27  # not crossed, so no dodge: Dive hits, 5 - 2 armor


def test_advance_switches_sides_when_adjacent() -> None:
    """SF rulebook, "Advance": advancing 1 when adjacent switches sides (Ryu's action)."""
    d = position(p1=dict(space=3), p2=dict(space=4))
    d.act(CharacterAction(index=0))
    d.choose("advance 1")
    assert d.space(P1) == 5


@pytest.mark.parametrize(
    ("mover", "other", "amount", "expected"),
    [(3, 9, 2, 5), (3, 5, 2, 4), (3, 4, 2, 3), (7, 2, 5, 3)],
)
def test_close_geometry(mover: int, other: int, amount: int, expected: int) -> None:
    """SF rulebook, "Close": move toward the opponent as far as possible without
    switching sides."""
    assert close_to(mover, other, amount) == expected


def test_close_never_crosses() -> None:
    """SF rulebook, "Close": closing 3, 4 or 5 looks the same as closing 2 when that
    makes you adjacent (Assault's close 2 from 3 to a Ken on 5 moves 1; adjacent, 0)."""
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert d.space(P1) == 4
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=4, hand=["block"]))
    d.strike("assault", "block")
    assert d.space(P1) == 3
    assert [e for e in d.events(ev.PlayerMoved) if e.player == P1] == []


def test_kens_close_1_when_adjacent_does_not_move() -> None:
    """SF rulebook, "Close": Ken's action closes 1; adjacent, he stays (and draws)."""
    d = position(p1=dict(space=3), p2=dict(space=4, hand=[]), active=P2)
    d.act(CharacterAction(index=0))
    assert d.space(P2) == 4
    assert len(d.p(P2).hand) == 2


@pytest.mark.parametrize(
    ("mover", "other", "amount", "expected"),
    [(5, 7, 1, 4), (2, 3, 3, 1), (5, 3, 3, 8), (8, 2, 3, 9), (1, 2, 1, 1)],
)
def test_retreat_geometry(mover: int, other: int, amount: int, expected: int) -> None:
    """Core rulebook, "Move": past the edge, stop at the edge; SF rulebook, "Retreat":
    move away from the opponent as far as possible."""
    assert retreat_to(mover, other, amount) == expected


def test_retreat_stops_at_the_edge() -> None:
    """Core rulebook, "Move": Cross's After retreat 3 from 2 stops on 1; Backstep's
    retreat 4 from 3 stops on 1."""
    d = position(p1=dict(space=2, hand=["cross"]), p2=dict(space=3, hand=["block"]))
    d.strike("cross", "block")
    assert d.space(P1) == 1
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=7))
    boost(d, "assault")
    d.choose("retreat 4")
    assert d.space(P1) == 1


def test_retreat_away_from_an_opponent_on_the_left() -> None:
    """SF rulebook, "Retreat": move away from the opponent, whichever side they are on."""
    d = position(p1=dict(space=5, hand=["cross"]), p2=dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert d.space(P1) == 8


def test_push_moves_the_opponent_away_and_stops_at_the_edge() -> None:
    """SF rulebook, "Push/Pull": push moves the opponent away as if retreating; core
    rulebook, "Move": stop at the edge (Grasp's push 2 from 8 stops on 9)."""
    d = position(p1=dict(space=7, hand=["grasp"]), p2=dict(space=8, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 2")
    assert d.space(P2) == 9
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 2")
    assert d.space(P2) == 6


def test_pull_can_pull_the_opponent_past_you() -> None:
    """SF rulebook, "Push/Pull": pull moves the opponent toward you as if advancing, and
    you can pull them past you (Grasp pull 2: Ken from 4 past Ryu on 3 to 1)."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("pull 2")
    assert d.space(P2) == 1
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("pull 1")
    assert d.space(P2) == 2


def test_pull_stops_if_you_are_against_the_wall() -> None:
    """Core rulebook, "Move": nobody moves past the edge; pulled toward a Ryu on 1, Ken
    cannot get past him and stays adjacent."""
    d = position(p1=dict(space=1, hand=["grasp"]), p2=dict(space=2, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("pull 2")
    assert d.space(P2) == 2
    assert d.events(ev.PlayerMoved) == []


def test_focus_ignores_push_and_pull() -> None:
    """Core rulebook, "Card Overview" (the Golden Rule: card text wins): Focus ignores
    pushes and pulls during the strike."""
    for option in ("push 2", "pull 2"):
        d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["focus"]))
        d.strike("grasp", "focus")
        d.choose(option)
        assert d.space(P2) == 4
        assert [e for e in d.events(ev.PlayerMoved) if e.player == P2] == []


def test_move_action_either_direction_and_across() -> None:
    """SF rulebook, "Move": move either direction, switching sides and continuing
    beyond; cost 1 per space, the opponent's space uncounted, +1 for crossing."""
    assert move_cost(3, 9) == 6  # 5, 6, 7, 8, 9 plus 1 for crossing a Ken on 4
    d = position(p1=dict(space=3, hand=["grasp", "cross", "dive", "spike", "sweep", "focus"]),
                 p2=dict(space=4))
    d.act(MoveTo(space=9))
    d.pay("grasp", "cross", "dive", "spike", "sweep", "focus")
    assert d.space(P1) == 9 and d.space(P2) == 4
