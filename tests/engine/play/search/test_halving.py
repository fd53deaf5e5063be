"""Sequential halving at the root with common random numbers
(``engine.play.search.halving``, issue 32: search strength): the same choice for the
same seed, every move of a round played from the same worlds, the budget kept, no
world holding a card the decider cannot know, and an early stop answering with the best
so far. (The win in one strike it finds is tested with the tree's, in
``tests/engine/play/test_search.py``.)"""

from __future__ import annotations

from search_positions import marked

from engine.cards.catalog import Catalog, default_catalog
from engine.core.decisions import ActionRequest
from engine.core.ids import Player
from engine.core.rng import Rng
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, drawing
from engine.play.agents import heuristic_policy
from engine.play.api import Game
from engine.play.search.agent import Method, SearchAgent
from engine.play.search.halving import halve
from engine.play.search.tree import tree_card_ids

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2
POLICY = heuristic_policy(CATALOG)


def _agent(game: Game, budget: int, seed: int = 1) -> SearchAgent:
    agent = SearchAgent(seed, P1, CATALOG, budget, f"search:{budget}", POLICY)
    agent.method = Method.HALVING
    agent.follow(game)
    assert agent.table is not None and agent.knowledge is not None
    return agent


class Recorder:
    """A determinizer that draws as ``determinize`` does and keeps every world."""

    def __init__(self) -> None:
        self.worlds: list[State] = []
        self.draw = drawing()

    def __call__(self, state: State, knowledge: Knowledge, rng: Rng,
                 catalog: Catalog | None) -> State:
        world = self.draw(state, knowledge, rng, catalog)
        self.worlds.append(world)
        return world


def test_the_same_seed_gives_the_same_choice_within_the_budget() -> None:
    game, _ = marked()
    agent = _agent(game, 64)
    request = game.pending
    assert isinstance(request, ActionRequest) and agent.table is not None
    assert agent.knowledge is not None
    runs = [halve(agent.table, agent.knowledge, request, 64, 9, CATALOG, POLICY)
            for _ in range(2)]
    assert runs[0] is not None and runs[1] is not None
    assert (runs[0].decision, runs[0].options, runs[0].steps) == (
        runs[1].decision, runs[1].options, runs[1].steps)
    assert 0 < runs[0].iterations <= 64
    assert sum(o.visits for o in runs[0].options) >= runs[0].iterations  # copies share a move


def test_every_move_of_a_round_plays_from_the_same_worlds() -> None:
    """Common random numbers: each world drawn is played by every move alive in its
    round, so there are far fewer worlds than rollouts, and the first round's worlds
    are played by every move."""
    game, _ = marked()
    agent = _agent(game, 64)
    request = game.pending
    assert isinstance(request, ActionRequest) and agent.table is not None
    assert agent.knowledge is not None
    recorder = Recorder()
    result = halve(agent.table, agent.knowledge, request, 64, 9, CATALOG, POLICY,
                   determinizer=recorder)
    assert result is not None
    moves = {o.decision for o in result.options}
    played = [o for o in result.options if o.visits]
    assert len(moves) > 4 and len(recorder.worlds) < result.iterations / 2
    fewest = min(o.visits for o in played)
    assert fewest >= 1 and len(played) == len(result.options)  # every move played
    # the chosen move survived every round: it has the most rollouts
    chosen = next(o for o in result.options if o.decision == result.decision)
    assert chosen.visits == max(o.visits for o in result.options)


def test_no_world_holds_a_card_the_decider_cannot_know() -> None:
    """As the tree search's test: the decider's knowledge says Ken's deck list has no
    Shoryuken although his hand holds two; no world and no root edge has one."""
    game, marker = marked()
    agent = _agent(game, 40)
    assert agent.knowledge is not None and agent.table is not None
    blind = agent.knowledge.copy()
    blind.base[P2].pop(marker)
    assert [game.state.card_defs[r] for r in game.state.players[P2].hand].count(marker) == 2
    request = game.pending
    assert isinstance(request, ActionRequest)
    recorder = Recorder()
    result = halve(agent.table, blind, request, 40, 9, CATALOG, POLICY, determinizer=recorder)
    assert result is not None and recorder.worlds
    for world in recorder.worlds:
        assert marker not in world.card_defs.values()
    assert marker not in tree_card_ids(result.root)


def test_a_stop_answers_with_the_best_so_far() -> None:
    """``should_stop`` is asked before each rollout with the rollouts played; stopped
    after 10, the choice is among the moves played, from 10 rollouts."""
    game, _ = marked()
    agent = _agent(game, 64)
    request = game.pending
    assert isinstance(request, ActionRequest) and agent.table is not None
    assert agent.knowledge is not None
    asked: list[int] = []

    def stop(played: int) -> bool:
        asked.append(played)
        return played >= 10

    result = halve(agent.table, agent.knowledge, request, 64, 9, CATALOG, POLICY,
                   should_stop=stop)
    assert result is not None and result.iterations == 10
    assert asked == list(range(11))
    chosen = next(o for o in result.options if o.decision == result.decision)
    assert chosen.visits >= 1 and chosen.mean is not None
