"""Tests for the search agent (``engine.play.search``, issue 32 items 1-2): its names,
reproducibility (in one process and in two), no peeking at hidden cards, a forced win
found, a one-option request answered without searching.

No test here times anything: budgets are iterations.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from search_positions import forced_win, marked

from engine.cards.catalog import default_catalog
from engine.core.decisions import ActionRequest, SetAttackRequest, Strike
from engine.core.ids import Player
from engine.core.state import State, canonical_bytes
from engine.knowledge.infoset import Knowledge
from engine.knowledge.views import observe
from engine.play.agents import heuristic_policy, make_agent
from engine.play.api import Game, GameSetup
from engine.play.heuristic import HeuristicAgent
from engine.play.match import play_game, play_on
from engine.play.names import MAX_SEARCH_ITERATIONS, SEARCH_ITERATIONS, agent_problem
from engine.play.search.agent import Method, SearchAgent
from engine.play.search.tree import search, tree_card_ids
from replay.cli import main

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2
RYU_KEN = GameSetup(p1="ryu", p2="ken")
POLICY = heuristic_policy(CATALOG)


# --- names --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "iterations"), [
    ("search", SEARCH_ITERATIONS), ("search:1", 1), ("search:37", 37),
    (f"search:{MAX_SEARCH_ITERATIONS}", MAX_SEARCH_ITERATIONS)])
def test_search_names_build_a_search_agent_with_that_budget(name: str, iterations: int) -> None:
    assert agent_problem(name) is None
    agent = make_agent(name, 0, P1, CATALOG)
    assert isinstance(agent, SearchAgent)
    assert (agent.iterations, agent.name) == (iterations, name)


@pytest.mark.parametrize("name", ["search:0", "search:-3", "search:abc", "search:", "search:1.5",
                                  "search:007", f"search:{MAX_SEARCH_ITERATIONS + 1}",
                                  "search:\u0663", "mcts", "Search", ""])
def test_bad_agent_names_are_refused_with_the_valid_forms(name: str) -> None:
    problem = agent_problem(name)
    assert problem is not None and "\n" not in problem
    assert "known: random, heuristic, search, search:N" in problem
    with pytest.raises(ValueError, match="known: random, heuristic, search, search:N"):
        make_agent(name, 0, P1, CATALOG)


@pytest.mark.parametrize("name", ["search:0", "search:-3", "search:abc", "alphazero"])
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_the_cli_refuses_a_bad_agent_in_one_line(
        name: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [command, "--p1", "ryu", "--p2", "ken", "--agents", f"heuristic,{name}"]
    code = main([*argv, "--out", str(tmp_path / "out")] if command == "simulate" else argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and f"'{name}'" in err
    assert "known: random, heuristic, search, search:N" in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


# --- determinism ----------------------------------------------------------------------


def test_the_same_seed_and_budget_give_the_same_game() -> None:
    games = [play_game(RYU_KEN, 12, ("search:4", "heuristic"), CATALOG) for _ in range(2)]
    assert games[0].decisions == games[1].decisions
    assert canonical_bytes(games[0].state) == canonical_bytes(games[1].state)
    others = [play_game(RYU_KEN, 12, (f"search:{n}", "heuristic"), CATALOG) for n in (5, 16)]
    # the budget is part of what decides (two near budgets may still agree on every move;
    # seed 12: since the heuristic agent's clash traits, seed 11's games all agree)
    assert any(o.decisions != games[0].decisions for o in others)


def test_simulate_with_search_gives_the_same_bytes_in_one_and_two_processes(
        tmp_path: Path) -> None:
    """Two games, search against heuristic, recorded with --jobs 1 and --jobs 2; the logs
    (agents ``search:3`` in the header) verify."""
    files = []
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}"
        assert main(["simulate", "--p1", "ryu", "--p2", "ken", "--seed", "3", "--games", "2",
                     "--agents", "search:3,heuristic", "--jobs", str(jobs),
                     "--out", str(out)]) == 0
        files.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert files[0] == files[1] and len(files[0]) == 2
    for name in files[0]:
        assert main(["verify", str(tmp_path / "jobs1" / name)]) == 0


def test_the_agent_folds_the_same_table_as_the_game() -> None:
    """The agent's own table, folded from the events, is the game's state at each of its
    decisions (its knowledge is folded beside it)."""
    checked = []

    def check(game: Game, *_: object) -> None:
        agent = seats.get("agent")
        if isinstance(agent, SearchAgent) and agent.table is not None and game.pending:
            agent.follow(game)
            assert canonical_bytes(agent.table) == canonical_bytes(game.state)
            checked.append(True)

    seats: dict[str, object] = {}
    original = make_agent

    def spying(name: str, seed: int, player: Player, catalog: object) -> object:
        agent = original(name, seed, player, CATALOG)
        if isinstance(agent, SearchAgent):
            seats["agent"] = agent
        return agent

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("engine.play.match.make_agent", spying)
        play_game(RYU_KEN, 2, ("heuristic", "search:1"), CATALOG, on_step=check)
    assert len(checked) > 20


# --- no peeking -----------------------------------------------------------------------


@pytest.mark.parametrize("opponent", [True, False])
def test_no_determinization_or_tree_node_holds_a_card_the_decider_cannot_know(
        opponent: bool) -> None:
    """Ken's hand really holds his two Shoryukens. The decider's knowledge is made to say
    Ken's deck list has none (as if they had been removed from the game): a search that
    read the real hidden cards would put one in a determinization or a tree edge; one
    that reads only the knowledge never does. Both ways of treating the opponent's turn
    actions: searched (``opponent=True``, the agent's way: Ken's moves are tree edges too,
    the strictest case) and modelled by the heuristic agent (``bench.search_horizon
    --model``: the tree holds only the decider's moves)."""
    game, marker = marked()
    agent = SearchAgent(1, P1, CATALOG, 40, "search:40", POLICY)
    agent.follow(game)
    assert agent.table is not None and agent.knowledge is not None
    blind = agent.knowledge.copy()
    blind.base[P2].pop(marker)
    assert [game.state.card_defs[r] for r in game.state.players[P2].hand].count(marker) == 2
    worlds: list[State] = []
    request = game.pending
    assert isinstance(request, ActionRequest)
    result = search(agent.table, blind, request, 40, 9, CATALOG, POLICY,
                    on_world=worlds.append, opponent=opponent)
    assert result is not None and result.iterations == 40 and len(worlds) == 40
    for world in worlds:
        assert marker not in world.card_defs.values()
    assert marker not in tree_card_ids(result.root)
    assert len(result.root.walk()) > 10  # the tree did grow
    # Ken's moves are edges only when searched
    assert any(node.player is P2 for node in result.root.walk()) is opponent
    assert all(node.player in (None, P1) for node in result.root.walk()) is not opponent


def test_with_honest_knowledge_the_hidden_hand_is_redrawn() -> None:
    """The same position with the decider's real knowledge: Ken's hidden hand is redrawn
    in the determinizations (so the test above is not vacuous)."""
    game, _ = marked()
    agent = SearchAgent(1, P1, CATALOG, 30, "search:30", POLICY)
    agent.follow(game)
    assert agent.table is not None and agent.knowledge is not None
    worlds: list[State] = []
    request = game.pending
    assert isinstance(request, ActionRequest)
    search(agent.table, agent.knowledge, request, 30, 9, CATALOG, POLICY,
           on_world=worlds.append)
    hands = {tuple(sorted(w.card_defs[r] for r in w.players[P2].hand)) for w in worlds}
    assert len(hands) > 20


# --- forced win -----------------------------------------------------------------------


@pytest.mark.parametrize("method", list(Method))
def test_the_search_finds_a_win_in_one_strike_the_heuristic_misses(method: Method) -> None:
    """``search_positions.forced_win``: Grasp wins in this strike whatever Ken holds
    ("Resolving Strikes": the faster attack resolves first; a defeated player's attack
    does not). The heuristic agent judges attacks by their printed power, not the boosts
    in play, so it sees no lethal Grasp and wild swings; the search finds it, with either
    method (the tree, and the root's sequential halving)."""
    game, grasp = forced_win()
    request = game.pending
    assert isinstance(request, SetAttackRequest)
    heuristic = HeuristicAgent(0, P1, CATALOG).decide(observe(game.state, P1), request)
    assert heuristic != grasp
    for seed in range(3):
        agent = SearchAgent(seed, P1, CATALOG, 100, "search:100", POLICY)
        agent.method = method
        agent.follow(game)
        assert agent.decide(observe(game.state, P1), request) == grasp
        assert agent.last is not None
        assert next(o for o in agent.last.options if o.decision == grasp).mean == 1.0
    game.step(grasp)
    play_on(game, 0, ("heuristic", "heuristic"), CATALOG)
    assert game.state.winner is P1 and game.state.strikes <= 1


# --- one option -------------------------------------------------------------------------


def test_one_legal_option_is_answered_without_searching() -> None:
    game, _ = marked()
    agent = SearchAgent(1, P1, CATALOG, 10_000, "search:10000", POLICY)
    agent.follow(game)
    only = ActionRequest(player=P1, choices=(Strike(),))
    assert agent.decide(observe(game.state, P1), only) == Strike()
    assert agent.searches == 0 and agent.last is None


def test_knowledge_starts_from_the_deal() -> None:
    """A followed agent's knowledge is folded from the dealt table: it knows both deck
    lists and nothing it never saw."""
    game, _ = marked()
    agent = SearchAgent(1, P1, CATALOG, 1, "search:1", POLICY)
    agent.follow(game)
    assert isinstance(agent.knowledge, Knowledge)
    assert sum(agent.knowledge.base[P2].values()) == 30


# --- anytime: stopped by the caller's callback -------------------------------------------


def test_a_search_stopped_by_its_callback_chooses_as_a_search_of_that_many() -> None:
    """``should_stop`` (the caller's clock, never the engine's) is asked before each
    iteration with the iterations played; stopped after 12 of a budget of 40, the search
    answers with the best so far, exactly as a search of 12 iterations would."""
    game, _ = marked()
    agent = SearchAgent(1, P1, CATALOG, 1, "search:1", POLICY)
    agent.follow(game)
    assert agent.table is not None and agent.knowledge is not None
    request = game.pending
    assert isinstance(request, ActionRequest)
    asked: list[int] = []

    def stop(played: int) -> bool:
        asked.append(played)
        return played >= 12

    stopped = search(agent.table, agent.knowledge, request, 40, 9, CATALOG, POLICY,
                     should_stop=stop)
    whole = search(agent.table, agent.knowledge, request, 12, 9, CATALOG, POLICY)
    assert stopped is not None and whole is not None
    assert asked == list(range(13))
    assert stopped.iterations == 12
    assert (stopped.decision, stopped.options, stopped.steps) == (
        whole.decision, whole.options, whole.steps)


def test_an_agent_stopped_before_its_first_iteration_answers_as_the_heuristic() -> None:
    game, _ = marked()
    agent = SearchAgent(1, P1, CATALOG, 500, "search:500", POLICY)
    agent.follow(game)
    agent.should_stop = lambda played: True
    request = game.pending
    assert isinstance(request, ActionRequest)
    chosen = agent.decide(observe(game.state, P1), request)
    assert agent.last is not None and agent.last.iterations == 0
    assert chosen == HeuristicAgent(1, P1, CATALOG, "search:500").decide(
        observe(game.state, P1), request)


@pytest.mark.parametrize("name", ["search:0", "search:-3", "search:abc", "alphazero"])
def test_exceed_fork_refuses_a_bad_agent_in_one_line(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As ``simulate`` and ``play`` do (above): issue 32's bad input, for ``fork``."""
    parent = tmp_path / "parent.exlog"
    assert main(["simulate", "--p1", "ryu", "--p2", "ken", "--seed", "3", "--games", "1",
                 "--out", str(tmp_path / "games")]) == 0
    next((tmp_path / "games").iterdir()).rename(parent)
    capsys.readouterr()
    out_file = tmp_path / "fork.exlog"
    code = main(["fork", str(parent), "--at", "2", "--choose", "0",
                 "--agents", f"heuristic,{name}", "--out", str(out_file)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and f"'{name}'" in err
    assert "known: random, heuristic, search, search:N" in err
    assert not out_file.exists()


def test_an_agent_with_a_cutoff_credits_its_value_instead_of_playing_on() -> None:
    """``SearchAgent.cutoff`` (None by default: every rollout to the end) reaches the
    search: a cutoff that scores every position 1 for P1 at its first step ends each
    iteration there, so the searcher P1 sees every option it tried win every time, in
    far fewer steps than the same search played to the end (``bench.search_horizon``
    measures such an agent with the analysis's leaf evaluator)."""
    game, _ = marked()
    request = game.pending
    assert isinstance(request, ActionRequest)
    played: list[SearchAgent] = []
    for cutoff in (None, lambda: lambda _game, _caused: 1.0):
        agent = SearchAgent(1, P1, CATALOG, 24, "search:24", POLICY)
        agent.cutoff = cutoff
        agent.follow(game)
        agent.decide(observe(game.state, P1), request)
        played.append(agent)
    whole, cut = (a.last for a in played)
    assert whole is not None and cut is not None
    assert whole.iterations == cut.iterations == 24
    assert cut.steps < whole.steps
    tried = [o for o in cut.options if o.visits]
    assert tried and all(o.mean == 1.0 for o in tried)
