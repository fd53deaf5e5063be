"""Sequential halving at the root with common random numbers
(``engine.play.search.halving``, issue 32: search strength): the same choice for the
same seed, every move of a round played from the same worlds, the budget kept, no
world holding a card the decider cannot know, a win in one strike found, and an early
stop answering as a smaller budget would."""

from __future__ import annotations

from engine.cards.catalog import Catalog, default_catalog
from engine.core.decisions import ActionRequest, SetAttack, SetAttackRequest
from engine.core.ids import Player
from engine.core.rng import Rng
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, drawing
from engine.knowledge.views import observe
from engine.play.agents import HeuristicAgent, heuristic_policy
from engine.play.api import Game
from engine.play.match import play_on
from engine.play.scenario import Scenario
from engine.play.search.agent import Method, SearchAgent
from engine.play.search.halving import halve
from engine.play.search.tree import tree_card_ids

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2
POLICY = heuristic_policy(CATALOG)


def _marked() -> tuple[Game, str]:
    """Ryu (P1, deciding his turn's action) against Ken, whose hand holds both his
    Shoryukens."""
    game = (Scenario("ryu", "ken")
            .player(P1, space=3, hand=["hadoken", "grasp", "sweep", "focus"])
            .player(P2, space=6, hand=["shoryuken", "shoryuken", "grasp", "cross"])
            .active(P1).game(seed=4))
    return game, "ken_shoryuken"


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
    game, _ = _marked()
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
    game, _ = _marked()
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
    game, marker = _marked()
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


def test_halving_finds_a_win_in_one_strike_the_heuristic_misses() -> None:
    """The tree search's forced win (tests/engine/play/test_search.py): Ryu (life 2)
    sets first against Ken (life 4) with Grasp's boost Fierce in play; Grasp resolves
    first and deals at least 4 whatever Ken holds ("Resolving Strikes"); the heuristic
    agent judges attacks by printed power and misses it."""
    game = (Scenario("ryu", "ken")
            .player(P1, space=4, life=2, hand=["grasp", "sweep", "dive", "spike"],
                    boosts=["grasp"])
            .player(P2, space=5, life=4, hand=["cross", "assault", "dive", "axekick",
                                               "kneebash"],
                    discard=["grasp", "grasp", "block", "block", "focus", "focus"])
            .active(P1).strike(step="first_sets").game(seed=5))
    request = game.pending
    assert isinstance(request, SetAttackRequest) and request.player is P1
    grasp = next(o for o in request.choices if isinstance(o, SetAttack)
                 and game.state.card_defs[o.cards[0]] == "standard_normal_grasp")
    assert HeuristicAgent(0, P1, CATALOG).decide(observe(game.state, P1), request) != grasp
    for seed in range(3):
        agent = _agent(game, 100, seed)
        assert agent.decide(observe(game.state, P1), request) == grasp
        assert agent.last is not None
        assert next(o for o in agent.last.options if o.decision == grasp).mean == 1.0
    game.step(grasp)
    play_on(game, 0, ("heuristic", "heuristic"), CATALOG)
    assert game.state.winner is P1 and game.state.strikes <= 1


def test_a_stop_answers_with_the_best_so_far() -> None:
    """``should_stop`` is asked before each rollout with the rollouts played; stopped
    after 10, the choice is among the moves played, from 10 rollouts."""
    game, _ = _marked()
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
