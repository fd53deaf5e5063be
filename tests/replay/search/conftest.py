"""A corpus with the search examples' moments planted on purpose, indexed once.

Each game is a built position (the scenario builder) driven by named decisions through
``engine.Recording``, so every strike in it is known: the planted moment and the
near misses that must not match (a Shoryuken that hits, a stun by a card from the hand,
a boost whose strike comes a turn later, 7 damage at range 2, 6 at range 1).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG, Driver, boost, deck_cards

from engine.core.decisions import Prepare
from engine.core.ids import Player
from engine.play.scenario import Scenario
from engine.recording.record import Recording

P1, P2 = Player.P1, Player.P2


class _Recorded:
    """A game whose steps go through a ``Recording`` (what ``Driver`` drives)."""

    def __init__(self, recording: Recording) -> None:
        self.recording = recording

    def step(self, decision: Any) -> Any:
        return self.recording.step(decision)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.recording.game, name)

    @property
    def state(self) -> Any:
        return self.recording.game.state

    @property
    def pending(self) -> Any:
        return self.recording.game.pending


def _record(path: Path, p1: dict[str, Any], p2: dict[str, Any], active: Player,
            play: Callable[[Driver], None], seed: int) -> None:
    builder = Scenario("ryu", "ken", CATALOG)
    builder.player(P1, **p1)
    builder.player(P2, **p2)
    builder.active(active)
    with open(path, "wb") as stream:
        recording = Recording(builder.game(seed), seed, stream)
        play(Driver(_Recorded(recording)))  # type: ignore[arg-type]
        if recording.game.pending is None:
            recording.seal()
        else:
            recording.close()


def _wild_stun(d: Driver) -> None:
    d.strike("wild", "spike")  # P1's wild-swung Donkey Kick stuns the defender


def _hand_stun(d: Driver) -> None:
    d.strike("donkeykick", "spike")  # the same stun, from the hand: no match


def _shoryuken_miss(d: Driver) -> None:
    d.strike("shoryuken", "block")  # range 1 at distance 3


def _shoryuken_hit(d: Driver) -> None:
    d.strike("shoryuken", "block")  # at distance 1


def _decked(d: Driver) -> None:
    d.act(Prepare())  # p2 draws from an empty deck with no reshuffle left


def _boost_strike(d: Driver) -> None:
    boost(d, "shoryuken")  # Overhead: strike now
    d.respond(P1, "donkeykick", "spike")


def _boost_then_later(d: Driver) -> None:
    boost(d, "hadoken")  # Defensive: the turn ends
    d.strike("grasp", "grasp")  # p2's strike, the next turn


def _ex_hit(d: Driver) -> None:
    d.strike(["donkeykick", "donkeykick"], "spike")


PLANTED: dict[str, tuple[dict[str, Any], dict[str, Any], Player, Callable[[Driver], None]]] = {
    "wild-stun": (dict(space=4, hand=["grasp"], deck=["donkeykick"]),
                  dict(space=5, hand=["spike"]), P1, _wild_stun),
    "hand-stun": (dict(space=4, hand=["donkeykick"]), dict(space=5, hand=["spike"]), P1,
                  _hand_stun),
    "shoryuken-miss": (dict(space=2, hand=["shoryuken"]), dict(space=5, hand=["block"]), P1,
                       _shoryuken_miss),
    "shoryuken-hit": (dict(space=4, hand=["shoryuken"]), dict(space=5, hand=["block"]), P1,
                      _shoryuken_hit),
    "decked": (dict(space=4), dict(space=5, hand=["grasp"], deck=[], deck_rest="none",
                                   discard=deck_cards("ken", "grasp"), reshuffled=True),
               P2, _decked),
    "boost-strike": (dict(space=4, hand=["shoryuken", "donkeykick"]),
                     dict(space=5, hand=["spike"]), P1, _boost_strike),
    "boost-later": (dict(space=4, hand=["hadoken"]), dict(space=5, hand=["grasp", "grasp"]),
                    P1, _boost_then_later),
    "ex-hit-range-1": (dict(space=4, hand=["donkeykick", "donkeykick"]),
                       dict(space=5, hand=["spike"]), P1, _ex_hit),
    "ex-hit-range-2": (dict(space=3, hand=["donkeykick", "donkeykick"]),
                       dict(space=5, hand=["spike"]), P1, _ex_hit),
}
"""Game name: (p1 fields, p2 fields, who is active, the decisions)."""


@pytest.fixture(scope="session")
def planted(tmp_path_factory: pytest.TempPathFactory, cli: Callable[..., Any]
            ) -> tuple[Path, dict[str, Path]]:
    """The planted games indexed into a fresh index: (index path, log path by name)."""
    out = tmp_path_factory.mktemp("planted")
    paths = {}
    for i, (name, (p1, p2, active, play)) in enumerate(PLANTED.items()):
        path = out / "logs" / f"{name}.exlog"
        path.parent.mkdir(exist_ok=True)
        _record(path, p1, p2, active, play, seed=i + 1)
        paths[name] = path
    db = out / "index.duckdb"
    result = cli("index", out / "logs", "--db", db, "--jobs", "1")
    assert result.code == 0, result.err
    return db, paths
