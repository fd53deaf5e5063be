"""Single-observer Information Set Monte Carlo Tree Search (SO-ISMCTS; Cowling, Powley
and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).

``search(state, knowledge, request, ...)`` chooses a decision for ``request`` from the
information set of ``knowledge.viewer``, the deciding player. Each of ``iterations``
iterations:

1. draws a determinization of ``state`` from the decider's knowledge
   (``engine.knowledge.infoset.determinize``: the cards they cannot see redrawn from what
   they can infer; the real hidden cards are never read; or the caller's
   ``determinizer``, such as inference's) and plays on from the request
   (``game_from_state``);
2. walks down the tree while it can: at a *searched* request (below) with more than one
   option, it picks among the options this determinization allows by PUCT (Rosin 2011;
   as in AlphaZero) with the heuristic agent's choice there as the prior (it holds
   ``PRIOR`` of it, the options share the rest evenly; an option never taken is valued
   at the mean of those taken), and leaves the tree once it takes an edge never taken
   before (the expansion);
3. plays the game to its end with the heuristic agent on both sides (the rollout);
4. credits every tree edge taken with the result for the player who took it (win 1,
   draw and over-long game 0.5, loss 0).

What the tree searches, and what it leaves to the heuristic agent:

- searched: every ``ActionRequest`` (which action, which boost, which move, Exceed,
  a character action) of the decider, and the decider's ``SetAttackRequest``;
- modelled: the opponent's turn actions, played as the heuristic agent plays them from
  the opponent's own view, the model of the opponent the rollouts use
  (``OPPONENT_SEARCHED`` False; with ``opponent=True`` PUCT searches them too, the
  agent's way until 1 Dec 2026: bench/notes.md, "The opponent modelled in the tree");
- delegated: an attack the *opponent* sets (face down: the decider never sees which, so
  the tree would otherwise let the opponent answer the decider's own face-down attack;
  the opponent's heuristic choice from its own view is taken instead), and every
  smaller request (costs, choices, cards to pick, spaces, effect order, mulligans),
  answered by the heuristic agent as it answers them in play.

Tree edges are keyed by what the decider sees of a move, with card references turned
into card ids (``decision_key``), so the same move is one edge in every
determinization. The chosen option is the root's most visited (ties: the higher mean,
then the request's order). Every random number comes from streams derived from
``seed`` (per iteration: the determinization, the game played on and the agents in the
tree and the rollout), so the same inputs give the same choice bit for bit.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.cards.catalog import Catalog
from engine.core import events as ev
from engine.core.decisions import (
    ActionRequest,
    Decision,
    Request,
    SetAttackRequest,
    forced_decision,
)
from engine.core.ids import MAX_LIFE, Player
from engine.core.rng import Rng, derive_seed
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, drawing
from engine.knowledge.views import glance
from engine.play.api import Game, game_from_state

EXPLORATION = 2.0
"""PUCT's exploration constant (rewards are 0..1)."""
PRIOR = 0.3
"""The share of the prior the heuristic agent's own choice holds at a searched request
(the options share the rest evenly), so a small budget plays close to the heuristic
agent and a larger one leaves it where the rollouts say so."""
MAX_DECISIONS = 5000
"""A rollout stopped after this many decisions scores a draw (as ``play_game`` stops)."""
ROLLOUT_AGENT = "rollout"
"""The name the rollout's heuristic agents draw their streams under."""
SHAPING = 0.0
"""The share of a finished rollout's reward given by the life margin rather than the
result (``outcome``); 0, the agent's: the result alone."""

OPPONENT_SEARCHED = False
"""Whether the tree searches the opponent's turn actions (PUCT at their nodes too;
``bench.search_horizon --search-opponent``) or plays there the heuristic agent's choice
from the opponent's own view, as the rollouts do (the opponent modelled by the rollout
policy: the agent's way since 1 Dec 2026, 297 of the ladder's 400 games against
heuristic where searching the opponent scored 289, at 0.56 CPU s a searched decision
against 0.63)."""


class Decider(Protocol):
    """What plays the requests the tree does not search: an agent's ``decide``."""

    def decide(self, view: State, request: Request) -> Decision: ...


Policy = Callable[[int, Player, str], Decider]
"""Builds the rollout policy for a seat: ``(seed, seat, stream name)``; the search agent
is given the heuristic agent's (``engine.play.agents.heuristic_policy``)."""

Key = tuple[object, ...]
"""A move as the decider sees it: the decision's tag and fields, card ids for cards."""

_CARD_FIELDS = frozenset({"card", "cards"})


def decision_key(decision: Decision, defs: dict[int, str]) -> Key:
    """``decision`` with every card reference replaced by its card id in ``defs`` (so two
    copies of a card are one move, and a move is the same in every determinization)."""
    key: list[object] = [type(decision).__name__]
    for name in decision.__struct_fields__:
        value = getattr(decision, name)
        if name in _CARD_FIELDS:
            if isinstance(value, tuple):
                value = tuple(defs.get(ref, "?") for ref in value)
            elif isinstance(value, int):
                value = defs.get(value, "?")
        key.append(value)
    return tuple(key)


class Node:
    """One tree node: the move (``key``, by ``player``) that leads here, how often it was
    taken (``visits``) and the reward it brought its player (``reward``)."""

    __slots__ = ("children", "key", "player", "reward", "visits")

    def __init__(self, key: Key, player: Player | None) -> None:
        self.key = key
        self.player = player
        self.children: dict[tuple[Player, Key], Node] = {}
        self.visits = 0
        self.reward = 0.0

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0

    def walk(self) -> list[Node]:
        """This node and every node below it."""
        found = [self]
        for child in self.children.values():
            found.extend(child.walk())
        return found


@dataclass(frozen=True)
class OptionStat:
    """One root option: the decision, how often the search took it and its mean reward
    for the decider (None: never taken)."""

    decision: Decision
    visits: int
    mean: float | None


@dataclass(frozen=True)
class SearchResult:
    """The search's choice, every root option's figures (in the request's order), the
    iterations played, the decisions stepped in them (tree and rollouts) and the tree
    (for tests that look inside it)."""

    decision: Decision
    options: tuple[OptionStat, ...]
    iterations: int
    steps: int
    root: Node


WorldHook = Callable[[State], None]
Determinizer = Callable[[State, Knowledge, Rng, Catalog | None], State]
"""What draws a search's worlds: ``determinize``'s signature (``state, knowledge, rng,
catalog``)."""
Cutoff = Callable[[Game, list[ev.Event]], float | None]
"""Told each step of an iteration's game and the events it caused: P1's value of the
position (0..1) to stop the iteration there and credit that value, or None to play on."""
CutoffFactory = Callable[[], Cutoff]
"""Makes a fresh ``Cutoff`` for each iteration (a truncated rollout; issue 31)."""
StopHook = Callable[[int], bool]
"""Asked before each iteration with the iterations played so far: True stops the search
there (an anytime search: the caller's clock, never the engine's)."""


def searched(request: Request, decider: Player,
             opponent: bool = OPPONENT_SEARCHED) -> bool:
    """Whether the tree searches ``request`` (the module docstring lists what it leaves
    to the heuristic agent); ``opponent`` True searches the opponent's turn actions
    too."""
    if isinstance(request, ActionRequest):
        return opponent or request.player == decider
    return isinstance(request, SetAttackRequest) and request.player == decider


def search(state: State, knowledge: Knowledge, request: Request, iterations: int,
           seed: int, catalog: Catalog, policy: Policy, on_world: WorldHook | None = None,
           exploration: float = EXPLORATION, should_stop: StopHook | None = None,
           determinizer: Determinizer | None = None,
           cutoff: CutoffFactory | None = None, prior: float = PRIOR,
           shaping: float = SHAPING,
           opponent: bool = OPPONENT_SEARCHED) -> SearchResult | None:
    """Search ``request`` (an ``ActionRequest`` or ``SetAttackRequest`` pending in
    ``state``) from ``knowledge.viewer``'s information set for ``iterations`` iterations,
    or fewer if ``should_stop`` (asked before each, with the iterations played) says
    stop: then the choice is the best so far (``SearchResult.iterations`` says how many
    were played; 0: none, the choice is the request's first option). Iteration ``i`` is
    the same whenever it is played, so a search stopped after ``k`` iterations chooses
    as a search of ``k``. None when the rules cannot play on from this request
    (``game_from_state``), which the caller answers otherwise. ``on_world`` sees each
    determinization (tests). ``determinizer`` draws the worlds (``determinize``'s
    signature; None: ``determinize``'s draws (``drawing``); ``engine.play.search.inference.inferred``: the
    opponent's face-down attack by inference). ``cutoff``: each iteration stops where
    its cutoff gives a value and credits that value (the analysis's truncated rollouts,
    ``replay.analysis.horizon``); None (the search agent's): every rollout plays to the
    end. ``exploration`` and ``prior``: PUCT's constants (``EXPLORATION``, ``PRIOR``);
    ``shaping``: the life margin's share of a finished rollout's reward (``outcome``);
    ``opponent``: search the opponent's turn actions too (``OPPONENT_SEARCHED``)."""
    draw = drawing() if determinizer is None else determinizer
    decider = knowledge.viewer
    options = tuple(request.options())
    root = Node((), None)
    played = steps = 0
    for i in range(iterations):
        if should_stop is not None and should_stop(i):
            break
        world = draw(state, knowledge, Rng(derive_seed(seed, f"world/{i}")), catalog)
        if on_world is not None:
            on_world(world)
        try:
            game = game_from_state(world, request, derive_seed(seed, f"game/{i}"), catalog)
        except ValueError:
            return None
        if game.pending != request:
            return None  # the rules ask something else from here: not a point to search
        steps += _iterate(game, root, decider, derive_seed(seed, f"tree/{i}"), policy,
                          (exploration, prior), None if cutoff is None else cutoff(),
                          shaping, opponent)
        played += 1
    defs = state.card_defs
    stats = []
    for option in options:
        node = root.children.get((decider, decision_key(option, defs)))
        stats.append(OptionStat(option, 0 if node is None else node.visits,
                                None if node is None or not node.visits else node.mean()))
    best = max(range(len(options)), key=lambda j: (stats[j].visits, stats[j].mean or 0.0, -j))
    return SearchResult(options[best], tuple(stats), played, steps, root)


def _iterate(game: Game, root: Node, decider: Player, seed: int, policy: Policy,
             puct: tuple[float, float], cut: Cutoff | None = None,
             shaping: float = SHAPING, opponent: bool = OPPONENT_SEARCHED) -> int:
    """One iteration on ``game`` (a fresh determinization): selection, expansion,
    rollout (to the end, or to where ``cut`` gives P1's value), back-propagation.
    Returns the decisions it stepped."""
    agents = (policy(seed, Player.P1, ROLLOUT_AGENT), policy(seed, Player.P2, ROLLOUT_AGENT))
    node: Node | None = root
    path: list[Node] = []
    count = 0
    request = game.pending
    while request is not None and node is not None:
        count += 1
        if count > MAX_DECISIONS:
            _credit(path, 0.5)
            return MAX_DECISIONS
        decision = forced_decision(request)
        if decision is None:
            decision = agents[request.player].decide(glance(game.state, request.player),
                                                     request)
            if searched(request, decider, opponent):
                decision, node = _select(game, request, node, decision, puct)
                path.append(node)
                if node.visits == 0:
                    node = None  # expanded: the rest is the rollout
        caused = game.step(decision)
        if cut is not None:
            value = cut(game, caused)
            if value is not None:
                _credit(path, value)
                return count
        request = game.pending
    p1, count = play_out(game, agents, count, cut, shaping)
    _credit(path, p1)
    return count


def play_out(game: Game, agents: tuple[Decider, Decider], count: int = 0,
             cut: Cutoff | None = None, shaping: float = SHAPING) -> tuple[float, int]:
    """The rollout: ``game`` played on to its end by ``agents`` (P1's, P2's), or to where
    ``cut`` gives P1's value. Returns P1's result (``outcome``: win 1, draw 0.5, loss 0,
    with ``shaping`` of it the life margin; a game past ``MAX_DECISIONS`` 0.5, or the
    cut's value) and the decisions stepped, counted on from ``count``."""
    request = game.pending
    while request is not None:
        count += 1
        if count > MAX_DECISIONS:
            return 0.5, MAX_DECISIONS
        decision = forced_decision(request)
        if decision is None:
            decision = agents[request.player].decide(glance(game.state, request.player),
                                                     request)
        caused = game.step(decision)
        if cut is not None:
            value = cut(game, caused)
            if value is not None:
                return value, count
        request = game.pending
    return outcome(game.state, shaping), count


def outcome(state: State, shaping: float = SHAPING) -> float:
    """P1's reward for the finished game ``state``: the result (win 1, draw 0.5, loss 0),
    of which ``shaping`` is given instead by the life margin, 0.5 plus half the
    difference of the two sides' life (a Tag Team's partner's with it) over
    ``MAX_LIFE`` (so a win by 30 life is 1 and a win by 1 barely above 0.5)."""
    winner = state.winner
    result = 0.5 if winner is None else 1.0 if winner is Player.P1 else 0.0
    if not shaping:
        return result
    lives = [max(p.life, 0) + max(p.partner_life, 0) for p in state.players]
    margin = 0.5 + (lives[0] - lives[1]) / (2 * MAX_LIFE)
    return (1.0 - shaping) * result + shaping * min(max(margin, 0.0), 1.0)


def _credit(path: list[Node], p1: float) -> None:
    """Back-propagation: every edge on ``path`` taken once more, with ``p1`` (P1's
    result, 0..1) for the player who took it."""
    for edge in path:
        edge.visits += 1
        assert edge.player is not None
        edge.reward += p1 if edge.player is Player.P1 else 1.0 - p1


def _select(game: Game, request: Request, node: Node, policy: Decision,
            puct: tuple[float, float]) -> tuple[Decision, Node]:
    """The option to take at ``node`` (a searched request) and its child, by PUCT over
    the options offered here (module docstring), with ``puct``'s exploration constant:
    the heuristic agent's choice ``policy`` holds ``puct``'s prior share, the options
    share the rest evenly; an option never taken is valued at the mean of those taken
    (0.5 before any)."""
    who = request.player
    defs = game.state.card_defs
    offered: dict[tuple[Player, Key], Decision] = {}
    for option in request.options():
        offered.setdefault((who, decision_key(option, defs)), option)
    favourite = (who, decision_key(policy, defs))
    children = [node.children.get(edge) for edge in offered]
    taken = [c for c in children if c is not None and c.visits]
    total = sum(c.visits for c in taken)
    first = sum(c.reward for c in taken) / total if total else 0.5
    exploration, share = puct
    spread = (1.0 - share) / len(offered)
    scale = exploration * math.sqrt(total + 1)

    def score(edge: tuple[Player, Key]) -> float:
        child = node.children.get(edge)
        visits = 0 if child is None else child.visits
        value = child.mean() if child is not None and visits else first
        prior = spread + (share if edge == favourite else 0.0)
        return value + scale * prior / (1 + visits)

    edge = max(offered, key=score)  # ties: the request's order
    child = node.children.get(edge)
    if child is None:
        child = node.children[edge] = Node(edge[1], who)
    return offered[edge], child


def tree_card_ids(root: Node) -> set[str]:
    """Every card id named by a move in the tree under ``root`` (the no-peeking test)."""
    found: set[str] = set()
    for node in root.walk():
        for value in node.key:
            if isinstance(value, str):
                found.add(value)
            elif isinstance(value, tuple):
                found.update(v for v in value if isinstance(v, str))
    return found
