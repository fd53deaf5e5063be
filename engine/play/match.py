"""Playing whole games: seat two agents, feed the engine their decisions to the end.

``play_game`` is what ``exceed play``, ``exceed simulate``, the property tests and the
benchmarks use. An optional ``on_step`` callback sees every decision with the request
it answered and the events it caused, and ``on_start`` sees the game once setup has
run up to the first decision (the recorder hooks in here). A request with one option
(``forced_decision``) is answered here, not by the agent, so its random stream is the
same whether or not the engine asks it. An agent that reads the table is handed a
``glance`` (``engine.knowledge.views``: its seat's view, equal to ``observe``'s, sharing
what the seat may see with the live state instead of copying the whole state). An agent that folds the game's events into
what its seat knows (the search agent: a ``follow(game)`` method) is handed the game
before it decides. ``log_name`` is the file name
a recorded game gets (matchup, agents and seed readable in it).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.decisions import Decision, Request, forced_decision
from engine.core.ids import Player
from engine.knowledge.views import glance
from engine.play.agents import BLIND, Agent, make_agent
from engine.play.api import Game, GameSetup, new_game

StepHook = Callable[[Game, Request, Decision, list[ev.Event]], None]

MAX_DECISIONS = 5000


def game_stem(setup: GameSetup, agents: tuple[str, str], seed: int) -> str:
    """A recorded game's file name without ``.exlog``: matchup, agents and seed readable."""
    return f"{setup.p1}-vs-{setup.p2}_{agents[0]}-vs-{agents[1]}_seed{seed}"


def log_name(setup: GameSetup, agents: tuple[str, str], seed: int) -> str:
    """The file name ``exceed simulate`` and ``exceed samples`` give a recorded game."""
    return f"{game_stem(setup, agents, seed)}.exlog"


class GameTooLong(RuntimeError):
    """A game exceeded ``MAX_DECISIONS`` decisions: a rules bug, never a normal end."""


def play_game(
    setup: GameSetup,
    seed: int,
    agents: tuple[str, str] = ("random", "random"),
    catalog: Catalog | None = None,
    on_step: StepHook | None = None,
    on_start: Callable[[Game], None] | None = None,
) -> Game:
    """Play one game between the named agents (p1's, p2's) and return it finished."""
    cat = catalog if catalog is not None else default_catalog()
    game = new_game(setup, seed, cat)
    if on_start is not None:
        on_start(game)
    return play_on(game, seed, agents, cat, on_step)


def play_on(
    game: Game,
    seed: int,
    agents: tuple[str, str] = ("random", "random"),
    catalog: Catalog | None = None,
    on_step: StepHook | None = None,
) -> Game:
    """Play ``game`` (a new one, or a built position) to its end between the named
    agents, whose streams are derived from ``seed``."""
    cat = catalog if catalog is not None else default_catalog()
    seats: tuple[Agent, Agent] = (
        make_agent(agents[0], seed, Player.P1, cat),
        make_agent(agents[1], seed, Player.P2, cat),
    )
    follows = tuple(getattr(agent, "follow", None) for agent in seats)
    request = game.pending
    count = 0
    while request is not None:
        count += 1
        if count > MAX_DECISIONS:
            raise GameTooLong(f"seed {seed}: no result after {MAX_DECISIONS} decisions")
        decision = forced_decision(request)
        if decision is None:
            agent = seats[request.player]
            follow = follows[request.player]
            if follow is not None:
                follow(game)
            view = glance(game.state, request.player) if agent.needs_view else BLIND
            decision = agent.decide(view, request)
        caused = game.step(decision)
        if on_step is not None:
            on_step(game, request, decision, caused)
        request = game.pending
    return game
