"""Sequential halving at the root with common random numbers: the search agent's other
way to spend its budget (issue 32: search strength). Measured much weaker in games than
the tree search (116 of 200 against heuristic where the tree scored 150; bench/notes.md,
"Sequential halving at the root"), so it is not the agent's method; the bench keeps it.

``halve(state, knowledge, request, budget, ...)`` takes the same inputs as
``engine.play.search.tree.search`` and returns a ``SearchResult`` the same way, but
builds no tree below the root. Its budget of ``budget`` rollouts is spent in rounds
(Karnin, Koren and Somekh, "Almost optimal exploration in multi-armed bandits", ICML
2013): with the request's moves (keyed by ``decision_key``, so two copies of a card are
one move) all alive at first, each of ``ceil(log2(moves))`` rounds draws a few more
determinizations of the decider's information set and plays **every** alive move once
from each, then keeps the better half by mean score. Every move of a round plays from
the same worlds with the same rollout seeds (common random numbers): two moves are told
apart by how they differ, not by which cards each world dealt, which a tree's separate
iterations cannot do. The rollouts are the tree search's: the rollout policy on both
seats to the end of the game.

Every move is played at least once (from the first world), so a budget smaller than
the number of moves is exceeded by that first round. The choice is the best mean of
the last round's survivors (ties: the rollout policy's
own move, then the request's order). Every random number comes from streams derived
from ``seed`` (world *j*: ``world/j``, its game ``game/j``, its agents ``tree/j``), so
the same inputs give the same choice bit for bit; ``should_stop`` (asked before each
rollout with the rollouts played) ends it early with the best so far.
"""

from __future__ import annotations

import math

from engine.cards.catalog import Catalog
from engine.core.decisions import Decision, Request
from engine.core.ids import Player
from engine.core.rng import Rng, derive_seed
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, drawing
from engine.knowledge.views import glance
from engine.play.api import Game, game_from_state
from engine.play.search.tree import (
    ROLLOUT_AGENT,
    Determinizer,
    Key,
    Node,
    OptionStat,
    Policy,
    SearchResult,
    StopHook,
    decision_key,
    play_out,
)


def halve(state: State, knowledge: Knowledge, request: Request, budget: int, seed: int,
          catalog: Catalog, policy: Policy, should_stop: StopHook | None = None,
          determinizer: Determinizer | None = None) -> SearchResult | None:
    """Choose a decision for ``request`` from ``knowledge.viewer``'s information set with
    at most ``budget`` rollouts (module docstring); None when the rules cannot play on
    from this request (the caller answers otherwise)."""
    draw = drawing() if determinizer is None else determinizer
    decider = knowledge.viewer
    options = tuple(request.options())
    defs = state.card_defs
    moves: dict[Key, Decision] = {}
    for option in options:
        moves.setdefault(decision_key(option, defs), option)
    sums = dict.fromkeys(moves, 0.0)
    counts = dict.fromkeys(moves, 0)
    alive = list(moves)
    favourite: Key | None = None
    rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
    played = steps = world_no = 0
    stopped = False
    for _ in range(rounds):
        per = max(1, (budget // rounds) // len(alive))
        for _ in range(per):
            if played + len(alive) > budget and played:
                break
            world = draw(state, knowledge, Rng(derive_seed(seed, f"world/{world_no}")), catalog)
            game_seed = derive_seed(seed, f"game/{world_no}")
            agents_seed = derive_seed(seed, f"tree/{world_no}")
            world_no += 1
            for key in alive:
                if should_stop is not None and should_stop(played):
                    stopped = True
                    break
                try:
                    game = game_from_state(world.copy(), request, game_seed, catalog)
                except ValueError:
                    return None
                if game.pending != request:
                    return None  # the rules ask something else from here
                if favourite is None:
                    mine = policy(agents_seed, decider, ROLLOUT_AGENT)
                    liked = mine.decide(glance(game.state, decider), request)
                    favourite = decision_key(liked, defs)
                score, count = _rollout(game, moves[key], decider, agents_seed, policy)
                sums[key] += score
                counts[key] += 1
                played += 1
                steps += count
            if stopped:
                break
        if stopped or len(alive) == 1:
            break
        alive = _ranked(alive, sums, counts, favourite, moves)
        alive = alive[:max(1, math.ceil(len(alive) / 2))]
    ranked = _ranked(alive, sums, counts, favourite, moves)
    best = moves[ranked[0]] if played else options[0]
    root = Node((), None)
    stats = []
    for option in options:
        key = decision_key(option, defs)
        n = counts[key]
        stats.append(OptionStat(option, n, sums[key] / n if n else None))
        if n and (decider, key) not in root.children:
            child = root.children[(decider, key)] = Node(key, decider)
            child.visits, child.reward = n, sums[key]
    return SearchResult(best, tuple(stats), played, steps, root)


def _ranked(alive: list[Key], sums: dict[Key, float], counts: dict[Key, int],
            favourite: Key | None, moves: dict[Key, Decision]) -> list[Key]:
    """``alive`` best first: by mean score (a move never played last), then the rollout
    policy's own move, then the request's order."""
    order = {key: i for i, key in enumerate(moves)}
    return sorted(alive, key=lambda k: (-(sums[k] / counts[k]) if counts[k] else 1.0,
                                        k != favourite, order[k]))


def _rollout(game: Game, first: Decision, decider: Player, seed: int,
             policy: Policy) -> tuple[float, int]:
    """Step ``first`` in ``game``, then play it out with the rollout policy on both seats
    (``tree.play_out``): the decider's score and the decisions stepped."""
    agents = (policy(seed, Player.P1, ROLLOUT_AGENT), policy(seed, Player.P2, ROLLOUT_AGENT))
    game.step(first)
    p1, count = play_out(game, agents, 1)
    return (p1 if decider is Player.P1 else 1.0 - p1), count


__all__ = ["halve"]
