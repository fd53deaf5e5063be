"""The leaf evaluator of truncated rollouts (issue 31): P1's chance of winning from a
position, read off what both players can see, without playing on.

A rollout with a horizon (``Params.horizon`` = H) plays on with the heuristic agent until H
strikes have ended after the point and the next turn's first action choice is pending,
then scores that position with ``value(state)``: a logistic model
``σ(w · features(state) + fighters(state))`` fitted on heuristic-vs-heuristic games of
every line (``python -m bench.horizon_fit``, which writes ``replay.analysis.leaf_model``).
A game that ends inside the horizon scores 1 or 0 as a full rollout does.

The features are public counts only, each P1's less P2's (``FEATURES``), and the fighters
in play (``FIGHTERS``: each fighter's strength, and a term that fades as life runs
out): no hidden card is read, so the value of a determinization is that of every world
the decider could be in.
Pure Python (no numpy at run time); the same state gives the same value bit for bit.
"""

from __future__ import annotations

import math

from engine import Player, State
from replay.analysis.leaf_model import FEATURES, FIGHTERS, WEIGHTS

VERSION = 2
"""The leaf evaluator's version, named in an analysis's key (``leaf=2``): 2 with the
fighters' terms and ``deckout`` (1 Dec 2026); an analysis stored with no ``leaf`` used
the first model, of public counts alone."""

START_LIFE = 30
"""A fighter's life at the deal (a Tag Team seat: each of its two fighters)."""


def life(state: State, who: Player) -> int:
    """The life ``who`` has left: the fighter in play's, and a Tag Team partner's."""
    p = state.players[who]
    return max(0, p.life) + (max(0, p.partner_life) if p.partner is not None else 0)


def named_features(state: State) -> dict[str, float]:
    """Every feature the model may use at ``state``, by name, each P1's less P2's:
    ``life`` (a Tag Team seat: both fighters'), ``life_share`` (the life difference over
    the life left in all), ``danger`` (1/(1 + P2's life) − 1/(1 + P1's): a lead counts
    more near the end), cards in ``hand``, ``gauge``, ``deck`` and ``boosts``, Exceed
    mode (``exceeded``), ``active``: +1 when P1 has the turn, −1 when P2 has;
    ``threat``: gauge (up to 4 cards, an Ultra's cost) over the opponent's life + 1,
    ``late_lead``: the life difference times the turn (up to 30) / 30, and ``deckout``:
    1/(1 + cards in deck) of a player who has reshuffled (the next reshuffle loses the
    game), P2's less P1's."""
    one, two = state.players[0], state.players[1]
    l1, l2 = life(state, Player.P1), life(state, Player.P2)
    found = {
        "intercept": 1.0,
        "life": float(l1 - l2),
        "life_share": (l1 - l2) / max(1, l1 + l2),
        "danger": 1.0 / (1 + l2) - 1.0 / (1 + l1),
        "hand": float(len(one.hand) - len(two.hand)),
        "gauge": float(len(one.gauge) - len(two.gauge)),
        "deck": float(len(one.deck) - len(two.deck)),
        "boosts": float(len(one.boosts) - len(two.boosts)),
        "exceeded": float(one.exceeded) - float(two.exceeded),
        "active": 1.0 if state.active is Player.P1 else -1.0,
        "threat": min(len(one.gauge), 4) / (1 + l2) - min(len(two.gauge), 4) / (1 + l1),
        "late_lead": (l1 - l2) * min(state.turn, 30) / 30,
        "deckout": (float(two.reshuffled) / (1 + len(two.deck))
                    - float(one.reshuffled) / (1 + len(one.deck))),
    }
    return found


def features(state: State) -> tuple[float, ...]:
    """The model's inputs at ``state``, in ``FEATURES``' order (intercept first)."""
    found = named_features(state)
    return tuple(found[name] for name in FEATURES)


NO_FIGHTER = (0.0, 0.0)
"""The terms of a fighter the model was not fitted on: none."""


def fighters(state: State) -> float:
    """The fighters' part of the model's sum at ``state``: P1's fighter's strength less
    P2's, plus the difference of their fading terms times the share of the starting life
    (60) both still have (at the deal a fighter's edge is its strength and its fading
    term; as life runs out, its strength alone). The fighter in play is the one read (a
    Tag Team seat: the tagged-in one)."""
    one = FIGHTERS.get(state.players[0].character, NO_FIGHTER)
    two = FIGHTERS.get(state.players[1].character, NO_FIGHTER)
    left = (life(state, Player.P1) + life(state, Player.P2)) / (2 * START_LIFE)
    return one[0] - two[0] + (one[1] - two[1]) * left


def value(state: State) -> float:
    """P1's chance of winning at ``state`` by the fitted model (a game won: 1 or 0)."""
    if state.winner is not None:
        return 1.0 if state.winner is Player.P1 else 0.0
    z = sum(w * x for w, x in zip(WEIGHTS, features(state), strict=True)) + fighters(state)
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


__all__ = ["FEATURES", "FIGHTERS", "START_LIFE", "VERSION", "WEIGHTS", "features",
           "fighters", "life", "named_features", "value"]
