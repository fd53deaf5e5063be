"""The buddies mechanic (``engine.mechanics.buddies``): placing and removing a buddy
token, the one lookup over tokens and placed Trap boosts (``buddy_spaces``), an attack's
range measured from a buddy (and its miss with no buddy in play), a buddy's space as a
wall for the opponent's own movement, the state encoding of games without a buddy, and
that both seats see where a buddy is.

The buddy owner is Chaos (Azhi, roster.md "Chaos"); his opponent Nehtali has no ability
and the standard Normals (Assault: range 1, power 4, speed 5, before: close 2; Block:
power 0, armor 2, guard 3).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, offered, position

from engine import events as ev
from engine.cards.schema import (
    Condition,
    ConditionKind,
    PlaceBuddyInAnySpace,
    PlaceBuddyInAttackRange,
    PlaceBuddyOntoOpponent,
)
from engine.core.conditions import holds
from engine.core.context import EffectCtx
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    ChooseOption,
    MoveTo,
    SpaceRequest,
    Strike,
)
from engine.core.hooks.registry import hooks_for
from engine.core.state import canonical_bytes
from engine.effects.registry import resolve
from engine.knowledge.views import observe
from engine.mechanics.buddies.state import BUDDIES, buddy_spaces, of
from engine.mechanics.builtin import BUDDIES as BUDDIES_MECHANIC
from engine.play.api import game_from_position
from engine.play.scenario import Scenario

CHARS = ("chaos", "nehtali")


def chaos(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    return position(p1=p1, p2=p2, chars=CHARS)


def _ctx(d: Driver, who: Any = P1) -> EffectCtx:
    return EffectCtx(d.game.table, who)


def _all(d: Driver, kind: type) -> list[Any]:
    """Every event of ``kind`` in the game so far (a built position's strike included)."""
    return [e for e in d.game.table.events if isinstance(e, kind)]


def test_place_buddy_in_any_space_offers_all_nine_spaces_and_places_the_token() -> None:
    """place_buddy_in_any_space (Chaos's ability after his character action): every
    space is offered, fighters' spaces included; ``BuddyPlaced`` puts Azhi there."""
    d = chaos(dict(space=2, hand=["coldreflection"]), dict(space=7, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "coldreflection")
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in offered(request, MoveTo)] == list(range(1, 10))
    d.move_to(P1, 7)
    assert d.events(ev.BuddyPlaced) == [ev.BuddyPlaced(player=P1, buddy="azhi", space=7)]
    assert buddy_spaces(d.game.table, P1) == [7]
    assert buddy_spaces(d.game.table, P1, "Azhi (attack)") == [7]
    assert buddy_spaces(d.game.table, P2) == []
    assert holds(_ctx(d), Condition(kind=ConditionKind.BUDDY_IN_OPPONENT_SPACE))


def test_remove_buddy_takes_the_token_out_of_the_arena() -> None:
    """remove_buddy (Chaos's ``end_of_turn``): ``BuddyRemoved``; no buddy remains."""
    d = chaos(dict(space=2, hand=["grasp"], buddies={"azhi": 5}), dict(space=7))
    assert buddy_spaces(d.game.table, P1) == [5]
    d.act(d.expect(ActionRequest).choices[0])  # Prepare: the turn ends
    assert d.events(ev.BuddyRemoved) == [ev.BuddyRemoved(player=P1, buddy="azhi")]
    assert buddy_spaces(d.game.table, P1) == []


def test_range_from_buddy_hits_from_the_buddys_space() -> None:
    """calculate_range_from_buddy: Chaos on 2 with Cold Reflection (range 1-2), Azhi on
    6, Nehtali on 7 after closing 2 to 5: 1 space from Azhi, 3 from Chaos: it hits."""
    d = chaos(dict(space=2, hand=["coldreflection"]), dict(space=7, hand=["assault"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "coldreflection")
    d.move_to(P1, 6)
    d.set_attack(P2, "assault")
    assert [e.player for e in d.events(ev.AttackHit)] == [P1]
    assert d.life(P2) == 28


def test_range_from_buddy_misses_with_no_buddy_in_play() -> None:
    """calculate_range_from_buddy with no buddy in the arena: the attack misses even
    against an adjacent opponent (Chaos Code's range from Azhi, who was never placed)."""
    builder = Scenario("chaos", "nehtali", CATALOG)
    builder.player(P1, space=4, boosts=["deeprevenance"], hand=["assault"])
    builder.player(P2, space=5, hand=["block"])
    builder.active(P1).strike("costs", p1="assault", p2="block")
    d = Driver(builder.game(0))  # no decision is asked: the strike runs to its end
    assert _all(d, ev.RangeFromBuddySet) == [ev.RangeFromBuddySet(player=P1, buddy="azhi")]
    assert [(e.player, e.reason) for e in _all(d, ev.AttackMissed)] == [
        (P1, ev.MissReason.OUT_OF_RANGE), (P2, ev.MissReason.DOES_NOT_HIT)]
    assert d.life(P2) == 30


def test_buddy_wall_stops_the_opponents_own_movement_before_its_space() -> None:
    """opponent_cant_move_past_buddy (Repel, Azhi in play on 6; Repel's card: "the
    opponent cannot advance or retreat into that space"): Nehtali's Assault would close 2
    from 7 toward Chaos on 2, but the first space is Azhi's: he stays on 7; the wall is
    lifted at cleanup (remove_opponent_cant_move_past_buddy)."""
    builder = Scenario("chaos", "nehtali", CATALOG)
    builder.player(P1, space=2, hand=["repel"], buddies={"azhi": 6})
    builder.player(P2, space=7, hand=["assault"])
    builder.active(P1).strike("costs", p1="repel", p2="assault")
    d = Driver(builder.game(0))  # no decision is asked: the strike runs to its end
    walls = [(e.buddy, e.blocks) for e in _all(d, ev.BuddyWallChanged)]
    assert walls == [("azhi", True), ("azhi", False)]
    assert d.space(P2) == 7


def test_buddy_wall_limits_the_move_action() -> None:
    """A buddy wall in place (folded into the position): the Move action cannot reach
    the buddy's space nor a space beyond it (Repel's card: "cannot advance or retreat
    into that space"); the spaces before it and away from it can be reached."""
    builder = Scenario("chaos", "nehtali", CATALOG)
    builder.player(P1, space=2, buddies={"azhi": 5})
    builder.player(P2, space=8, hand=["assault", "assault", "spike", "spike"])
    builder.active(P2)
    events = [*builder.events(0), ev.BuddyWallChanged(player=P1, buddy="azhi", blocks=True)]
    game = game_from_position(builder.setup, 0, events, CATALOG)
    d = Driver(game)
    spaces = {c.space for c in d.expect(ActionRequest, P2).choices if isinstance(c, MoveTo)}
    assert spaces == {6, 7, 9}


def test_no_buddy_state_and_no_hook_without_a_buddy_fighter() -> None:
    """A game with no buddy fighter does not attach the mechanic; a Chaos game before a
    buddy is placed has no ``buddies`` state, so its encoding is the core one."""
    ryu = position(p1=dict(space=3), p2=dict(space=6))
    assert BUDDIES_MECHANIC not in hooks_for(ryu.state, CATALOG).mechanics
    d = chaos(dict(space=2), dict(space=7))
    assert BUDDIES_MECHANIC in d.game.table.hooks.mechanics
    assert BUDDIES not in d.state.mechanics
    assert of(d.state) is None
    assert canonical_bytes(ryu.state) == canonical_bytes(ryu.state.copy())


def test_observe_shows_the_buddy_to_both_seats() -> None:
    """Buddies are public: both players' views hold Azhi's space."""
    d = chaos(dict(space=2, buddies={"azhi": 4}), dict(space=7))
    for viewer in (P1, P2):
        found = of(observe(d.state, viewer))
        assert found is not None and found.spaces[P1] == {"azhi": 4}


def test_buddy_spaces_reads_a_placed_trap_boost_by_its_boost_name() -> None:
    """One lookup over tokens and placed boosts: a Trap boost on 3 (Lie In Wait) is a
    buddy by its boost name, and counts for any_buddy_in_play / on_buddy_space."""
    d = chaos(dict(space=3, boosts=["coldreflection"], traps={"coldreflection": 3},
                   buddies={"azhi": 8}), dict(space=7))
    table = d.game.table
    assert buddy_spaces(table, P1, "Lie In Wait") == [3]
    assert buddy_spaces(table, P1) == [8, 3]
    assert holds(_ctx(d), Condition(kind=ConditionKind.ANY_BUDDY_IN_PLAY))
    assert holds(_ctx(d), Condition(kind=ConditionKind.ON_BUDDY_SPACE, card="Lie In Wait"))
    assert not holds(_ctx(d), Condition(kind=ConditionKind.ON_BUDDY_SPACE, card="azhi"))
    assert holds(_ctx(d), Condition(kind=ConditionKind.BUDDY_SPACE_UNOCCUPIED, card="azhi"))
    assert not holds(_ctx(d), Condition(kind=ConditionKind.ANY_BUDDY_IN_OPPONENT_SPACE))
    assert not holds(_ctx(d, P2), Condition(kind=ConditionKind.ANY_BUDDY_IN_PLAY))


def test_place_buddy_in_any_space_optional_may_pass_or_place() -> None:
    """place_buddy_in_any_space ``optional``: first a choice "place buddy" | "pass";
    passing places nothing, placing asks the space (Hilda's and Merkava's buddies)."""
    d = chaos(dict(space=2), dict(space=7))
    effect = PlaceBuddyInAnySpace(optional=True)
    flow = resolve(_ctx(d), effect)
    request = next(flow)
    assert isinstance(request, ChoiceRequest) and request.labels == ("place buddy", "pass")
    with pytest.raises(StopIteration):
        flow.send(ChooseOption(index=1))
    assert buddy_spaces(d.game.table, P1) == []
    flow = resolve(_ctx(d), effect)
    next(flow)
    assert isinstance(flow.send(ChooseOption(index=0)), SpaceRequest)
    with pytest.raises(StopIteration):
        flow.send(MoveTo(space=3))
    assert buddy_spaces(d.game.table, P1) == [3]


# --- the BlazBlue buddy primitives (Carl Clover's Nirvana; Litchi's Mantenbo reuses them) --


def _carl(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    return position(p1=p1, p2=p2, chars=("carlclover", "nehtali"))


def test_place_buddy_onto_opponent_puts_the_token_on_their_space() -> None:
    """place_buddy_onto_opponent: Nirvana (on 2) goes to Nehtali's space 6, with no
    question (``BuddyPlaced``)."""
    d = _carl(dict(space=3, buddies={"nirvana_active": 2}), dict(space=6))
    flow = resolve(_ctx(d), PlaceBuddyOntoOpponent(buddy="nirvana_active"))
    assert list(flow) == []
    assert buddy_spaces(d.game.table, P1, "nirvana_active") == [6]


def test_place_buddy_in_attack_range_offers_the_spaces_at_range_either_side() -> None:
    """place_buddy_in_attack_range: during Carl's Cantabile (range 1-3) from space 4,
    the spaces 1-3 and 5-7 are offered (arena spaces only) and the token goes to the
    one answered."""
    d = _carl(dict(space=4, buddies={"nirvana_active": 1}, hand=["cantabile"]),
              dict(space=8, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "cantabile")
    d.set_attack(P2, "block")
    # Cantabile misses (8 is 4 away); its after asks where Nirvana goes: the strike is live
    assert isinstance(d.pending, SpaceRequest)
    flow = resolve(_ctx(d), PlaceBuddyInAttackRange(buddy="nirvana_active"))
    request = next(flow)
    assert isinstance(request, SpaceRequest)
    assert [m.space for m in offered(request, MoveTo)] == [1, 2, 3, 5, 6, 7]
    with pytest.raises(StopIteration):
        flow.send(MoveTo(space=7))
    assert buddy_spaces(d.game.table, P1, "nirvana_active") == [7]


@pytest.mark.parametrize("buddy", ["#", "#x", "#²", "#-1", "ouroboros_move", "#999999"])
def test_a_logs_range_origin_of_any_text_folds_without_a_crash(buddy: str) -> None:
    """``RangeFromBuddySet`` read from a log is folded as it is (the replayer runs no
    rules): a Trap reference that is not a number, or names no Trap, keeps no origin
    space (``BuddyRangeRecord.placed``) and raises nothing."""
    from engine.core.apply import apply
    from engine.core.events.buddies import RangeFromBuddySet
    from engine.mechanics.buddies.state import kept_origin, range_buddy

    d = position(p1=dict(space=3, hand=["grasp"], boosts=["twist"], traps={"twist": 6}),
                 p2=dict(space=7, hand=["grasp"]), chars=("carmine", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "grasp")  # a strike in progress: P2 to set
    state = d.game.state.copy()
    apply(state, RangeFromBuddySet(player=P1, buddy=buddy))
    assert range_buddy(state, P1) == buddy
    assert kept_origin(state, P1) is None
