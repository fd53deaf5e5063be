"""Re-simulating a game for a capsule: a ``Source`` (seat specs, seed, a built position's
events, the decisions and, for a log, the events recorded per decision) is played again
(``simulate``), noting after every decision the PRNG state, the table and who is asked
what, and stopping at the first failure: an exception, a broken invariant
(``engine.core.invariants``) or, against a log, events other than those recorded.
"""

from __future__ import annotations

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.decisions import Decision, IllegalDecision
from engine.core.invariants import check
from engine.core.state import State
from engine.play.api import Game, GameSetup, game_from_position, initial_state, new_game
from engine.recording.game_log import GameLog
from engine.recording.log import asks_effect_order
from engine.text.errors import error_text


class Source(msgspec.Struct, kw_only=True):
    """A game to re-simulate: ``recorded`` holds each decision's recorded events (a
    log's; None: nothing to compare with)."""

    setup: GameSetup
    seed: int
    stated: list[ev.Event]
    decisions: list[Decision]
    recorded: list[tuple[ev.Event, ...]] | None = None
    printed_order: bool = False
    """A log older than format 4: effects that share a trigger resolve as printed,
    unasked (``engine.play.api.Game.printed_order``)."""


def source_of_log(log: GameLog) -> Source:
    """The game a log holds (a built position's stated events included)."""
    h = log.header
    setup_events = list(log.steps[0].events) if log.steps else []
    decided = [s for s in log.steps if s.decision is not None]
    return Source(setup=h.setup, seed=h.seed, stated=setup_events[:h.position],
                  decisions=[s.decision for s in decided if s.decision is not None],
                  recorded=[s.events for s in decided],
                  printed_order=not asks_effect_order(h.format))


class Failure(msgspec.Struct, frozen=True, kw_only=True):
    """What went wrong at ``decision``: ``kind`` is ``exception``, ``invariant`` or
    ``divergence``; ``key`` is what a reproduction must match (the exception type;
    ``illegal`` for a log's decision this engine refuses, a divergence)."""

    decision: int
    kind: str
    key: str
    message: str


class Simulation(msgspec.Struct, kw_only=True):
    """A re-simulated game: every event, where each decision's events start, the PRNG
    state and table after each decision (index -1: setup) and the first failure."""

    events: list[ev.Event]
    starts: list[int]
    rng: dict[int, int]
    states: dict[int, State]
    asks: dict[int, tuple[str, str] | None]
    """Who is asked what after each decision (None: the game is over)."""
    failure: Failure | None
    initial: State

    def step_end(self, index: int) -> int:
        """The number of events once decision ``index`` (-1: setup) is taken."""
        return self.starts[index + 1] if index + 1 < len(self.starts) else len(self.events)


def _start(source: Source, catalog: Catalog) -> Game:
    if source.stated:
        return game_from_position(source.setup, source.seed, list(source.stated), catalog,
                                  printed_order=source.printed_order)
    return new_game(source.setup, source.seed, catalog, printed_order=source.printed_order)


def asks(game: Game) -> tuple[str, str] | None:
    """Who the game asks what next (the player's label and the request's kind; None: the
    game is over)."""
    request = game.pending
    return None if request is None else (request.player.label, request.kind)


def simulate(source: Source, catalog: Catalog | None = None,
             until: int | None = None) -> Simulation:
    """Re-simulate ``source`` (its decisions up to ``until``, inclusive), stopping at the
    first failure."""
    cat = catalog if catalog is not None else default_catalog()
    game = _start(source, cat)
    sim = Simulation(events=game.events, starts=[], rng={-1: game.table.rng.state},
                     states={-1: game.state.copy()}, asks={-1: asks(game)}, failure=None,
                     initial=initial_state(source.setup, cat))
    last = len(source.decisions) if until is None else min(until + 1, len(source.decisions))
    for index, decision in enumerate(source.decisions[:last]):
        sim.starts.append(len(game.events))
        if game.pending is None:
            sim.failure = Failure(decision=index, kind="divergence", key="over",
                                  message=f"the game is over before decision {index}")
            break
        try:
            caused = game.step(decision)
        except IllegalDecision as error:
            if source.recorded is None:  # an agent's own choice refused: a bug
                sim.failure = Failure(decision=index, kind="exception",
                                      key=type(error).__name__, message=error_text(error))
            else:  # a log's decision this engine refuses: a divergence, as verify says
                sim.failure = Failure(decision=index, kind="divergence", key="illegal",
                                      message=f"decision {index} is illegal on this "
                                              f"engine: {error}")
            break
        except Exception as error:  # any failure is a finding
            sim.failure = Failure(decision=index, kind="exception", key=type(error).__name__,
                                  message=error_text(error))
            break
        sim.rng[index] = game.table.rng.state
        sim.states[index] = game.state.copy()
        sim.asks[index] = asks(game)
        problems = check(game.state, game.pending)
        if problems:
            sim.failure = Failure(decision=index, kind="invariant", key="invariant",
                                  message="; ".join(problems))
            break
        if source.recorded is not None and list(source.recorded[index]) != caused:
            sim.failure = Failure(decision=index, kind="divergence", key="divergence",
                                  message=f"decision {index} causes other events than "
                                          "the log records")
            break
    return sim
