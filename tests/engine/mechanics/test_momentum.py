"""The proof of issue 29 item 3: a toy season mechanic, Momentum (``tests/momentum``: a
seat whose attack hits gains 1 momentum), goes in with its own package and the one
``register`` line of the fixture below, and then words its event in the transcript,
shows its counter on the terminal board, in the viewer's frame, in the dashboard's
table and lanes, and survives an export -> recipe round trip."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from momentum import events, folds
from momentum.rules import Momentum
from momentum.state import MOMENTUM

from dashboard import arena
from dashboard import lanes as dashboard_lanes
from engine import (
    EndReason,
    GameSetup,
    Player,
    Scenario,
    ScenarioError,
    Transcript,
    counters,
    default_catalog,
    export_position,
    initial_state,
    play_game,
)
from engine import events as ev
from engine.core.apply import fold
from engine.core.hooks.registry import register, unregister
from replay.viewer.board import table_lines
from replay.viewer.frames import _Names
from replay.viewer.lanes import fold_lanes

CATALOG = default_catalog()
SETUP = GameSetup(p1="ryu", p2="ken")


@pytest.fixture
def momentum() -> Iterator[Momentum]:
    mechanic = register(Momentum(), events=events, folds=folds)  # the one registration line
    assert isinstance(mechanic, Momentum)  # ``register`` returns the mechanic it was given
    yield mechanic
    unregister(mechanic)


def _game() -> list[ev.Event]:
    """A whole heuristic game of Ryu against Ken with Momentum attached."""
    return list(play_game(SETUP, 3, ("heuristic", "heuristic")).events)


def _hits(found: list[ev.Event], who: Player) -> int:
    return sum(1 for e in found if isinstance(e, ev.AttackHit) and e.player == who)


def _between_turns(found: list[ev.Event]) -> int:
    """The last turn start after both seats have hit at least once: the events before it
    leave the table between turns (what a recipe states)."""
    starts = [i for i, e in enumerate(found) if isinstance(e, ev.TurnStarted)
              and _hits(found[:i], Player.P1) and _hits(found[:i], Player.P2)]
    assert starts, "both seats hit in the game"
    return starts[-1]


def test_a_hit_gains_momentum_and_the_counter_says_how_much(momentum: Momentum) -> None:
    found = _game()
    state = fold(initial_state(SETUP, CATALOG), found)
    ended = found[-1]
    assert isinstance(ended, ev.GameEnded) and state.end_reason is EndReason.LIFE
    for who in (Player.P1, Player.P2):
        # the winning hit ends the game before anything comes after the attack
        last = 1 if who == ended.winner else 0
        assert _hits(found, who) > last
        assert counters(state, CATALOG, who)[MOMENTUM] == _hits(found, who) - last
    gained = [i for i, e in enumerate(found) if isinstance(e, events.MomentumGained)]
    assert len(gained) == _hits(found, Player.P1) + _hits(found, Player.P2) - 1
    for i in gained:  # each after its seat's hit, in the same strike
        gain = found[i]
        assert isinstance(gain, events.MomentumGained)
        start = max(j for j in range(i) if isinstance(found[j], ev.StrikeStarted))
        assert any(isinstance(e, ev.AttackHit) and e.player == gain.player
                   for e in found[start:i])


def test_the_transcript_words_it(momentum: Momentum) -> None:
    found = _game()
    transcript = Transcript(initial_state(SETUP, CATALOG), CATALOG)
    lines = [transcript.feed(e) for e in found]
    first = next(i for i, e in enumerate(found) if isinstance(e, events.MomentumGained))
    gained = found[first]
    assert isinstance(gained, events.MomentumGained)
    name = "p1 Ryu" if gained.player == Player.P1 else "p2 Ken Masters"
    assert lines[first] == f"{name} gains momentum"


def test_the_counter_shows_on_every_board(momentum: Momentum) -> None:
    found = _game()
    cut = _between_turns(found)
    state = fold(initial_state(SETUP, CATALOG), found[:cut])
    p1, p2 = (_hits(found[:cut], who) for who in (Player.P1, Player.P2))
    board = "\n".join(table_lines(state, CATALOG, None))
    assert f"toy momentum {p1}" in board and f"toy momentum {p2}" in board
    frame = _Names(CATALOG, state).player(Player.P1)
    assert ("toy momentum", p1) in frame.counters
    assert f"toy momentum <b>{p1}</b>" in arena.player(frame)
    lanes = fold_lanes(initial_state(SETUP, CATALOG), found[:cut], CATALOG)
    assert MOMENTUM in lanes.counter_names
    assert lanes.at(0, MOMENTUM, cut) == p1 and lanes.at(1, MOMENTUM, cut) == p2
    figure = dashboard_lanes.figure(lanes, ("p1 Ryu", "p2 Ken"), [0, cut], {1: 0})
    momentum_lane = [t for t in figure.data if t.name == f"p1 Ryu {MOMENTUM}"]
    assert momentum_lane and list(momentum_lane[0].y)[-1] == p1


def test_it_survives_an_export_and_a_recipe(momentum: Momentum) -> None:
    found = _game()
    cut = _between_turns(found)
    state = fold(initial_state(SETUP, CATALOG), found[:cut])
    exported = export_position(state)
    assert not [gap for gap in exported.gaps if MOMENTUM in gap]
    for who in (Player.P1, Player.P2):
        seat = exported.recipe[who.label]
        assert isinstance(seat, dict) and seat["momentum"] == _hits(found[:cut], who)
    built = Scenario.from_recipe(exported.p1, exported.p2, exported.recipe, CATALOG).build()
    for who in (Player.P1, Player.P2):
        assert counters(built, CATALOG, who) == counters(state, CATALOG, who)


def test_a_bad_momentum_is_refused_with_its_name(momentum: Momentum) -> None:
    with pytest.raises(ScenarioError, match=r"p1: momentum must be 0 or more, got -1"):
        Scenario("ryu", "ken").player(Player.P1, momentum=-1).build()
    with pytest.raises(ScenarioError, match=r"p2: Expected `int`, got `str`"):
        Scenario.from_recipe("ryu", "ken", {"p2": {"momentum": "many"}})


def test_without_the_registration_line_it_is_an_unknown_field() -> None:
    with pytest.raises(ScenarioError, match="unknown seat field 'momentum'"):
        Scenario("ryu", "ken").player(Player.P1, momentum=1)
