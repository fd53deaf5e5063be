"""Bug capsules: a moment of a game cut down to a position, a few decisions and a test.

The steps, each in its module:

- ``simulation``: a game (``Source``: from a log, ``source_of_log``, or a fuzzed game) is
  re-simulated (``simulate``), noting the PRNG state, the table and the first failure
  (an exception, a broken invariant, or events other than a log records);
- ``build``: the capsule of a moment or a failure (``make_capsule``): the last
  restartable position before it, stated as a recipe with the PRNG where the game had
  it, and the decisions from there, checked to play as they did;
- ``shrinking``: a failure's capsule delta-debugged to fewer decisions and cards while
  the same failure reproduces (``shrink``);
- ``write``: the position, the log and a standalone pytest file (``write_capsule``).

``capsule_of_game`` runs them all for the fuzzer (``engine.devtools.fuzz``).
"""

from __future__ import annotations

from pathlib import Path

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.decisions import Decision, Request
from engine.core.invariants import check
from engine.devtools.capsule.build import CapsuleError, make_capsule
from engine.devtools.capsule.shrinking import shrink
from engine.devtools.capsule.simulation import Source
from engine.devtools.capsule.write import play_command, write_capsule
from engine.play.api import Game, GameSetup
from engine.play.match import play_game


def capsule_of_game(setup: GameSetup, seed: int, agents: tuple[str, str], out: Path,
                    name: str, catalog: Catalog | None = None) -> tuple[list[Path], str]:
    """The fuzzer's capsule: play the seeded game again (``play_game``) to its failure,
    shrink it and write it into ``out``; the files written and the ``exceed play``
    command that plays on from its position (``play_command``). ``CapsuleError`` if the
    game does not fail again."""
    cat = catalog if catalog is not None else default_catalog()
    games: list[Game] = []

    def start(game: Game) -> None:
        games.append(game)

    def step(game: Game, request: Request, decision: Decision, caused: list[ev.Event]) -> None:
        if check(game.state, game.pending):
            raise CapsuleError("invariant")

    try:
        play_game(setup, seed, agents, cat, on_step=step, on_start=start)
    except Exception:  # the failure again: its decision is the game's last
        pass
    if not games:
        raise CapsuleError("the game does not start")
    source = Source(setup=setup, seed=seed, stated=[], decisions=list(games[0].decisions))
    shrunk = shrink(make_capsule(source, None, cat), cat)
    written = write_capsule(shrunk.capsule, out, name, cat)
    return written, play_command(shrunk.capsule, written[0])
