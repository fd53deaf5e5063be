"""The best move at a reviewed decision: the search agent's choice from the decider's
information set (issue 32 item 3).

At every point the review looks at, ``best_move`` runs the search agent's search
(``engine.ismcts``: single-observer ISMCTS, the heuristic agent as its prior and its
rollout policy) from the deciding player's knowledge: each iteration a determinization
drawn from what they can infer (``engine.determinize``; the real hidden cards are
never read; with ``Params.infer`` the opponent's face-down attack by inference,
``engine.inferred``). Its budget is ``Params.best_iterations`` iterations, its seed
``derive_seed(seed, "best/<decision index>")``: the same log, parameters and seed give
the same best move bit for bit, in one process or several.

The result names the search's choice as the review names options (``option_label``),
its position among the request's options (``exceed fork --choose``), the search's
estimate of the decider's chance after it (the mean result of the iterations that took
it, a draw counting half, over ``n`` of them) and ``found``: whether the option played
is that choice (the same group of options: copies of one card are one move). A request
with one option is not searched: that option is the best, found, with no estimate.
``docs/metrics.md`` ("Best move") says what the figures mean.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Catalog, derive_seed, heuristic_policy, inferred, ismcts
from replay.analysis.horizon import search_cutoff
from replay.analysis.labels import option_key, option_label
from replay.analysis.positions import Point


@dataclass(frozen=True)
class BestMove:
    """The search's choice at a point: its ``label``, ``option`` (its position among the
    request's options), ``p`` (the decider's chance after it by the search, None when
    not searched: one option), ``n`` (the iterations that took it) and ``found`` (the
    player played it)."""

    label: str
    option: int
    p: float | None
    n: int
    found: bool


def stream(point: Point) -> str:
    """The seed stream of a point's search: its decision index (each point its own)."""
    return f"best/{point.id.index}"


def best_move(point: Point, iterations: int, seed: int, catalog: Catalog,
              infer: bool = False, horizon: int = 0) -> BestMove | None:
    """The search's best move at ``point`` with ``iterations`` iterations (module
    docstring); None when ``iterations`` is 0 or the rules cannot play on from the
    point's request. ``infer``: its worlds draw the opponent's face-down set attack by
    inference (``engine.inferred``, from ``point.seen``). ``horizon``: each iteration's
    rollout stops after that many strikes and is scored by the leaf evaluator
    (``replay.analysis.horizon``; 0: played to the end, as the search agent plays)."""
    if iterations <= 0:
        return None
    state, request = point.state, point.request
    options = tuple(request.options())
    played = option_key(point.decision, state)
    groups = {option_key(o, state) for o in options}
    if len(groups) == 1:  # one move (perhaps in several copies): no search
        only = options[0]
        return BestMove(label=option_label(only, request, state, catalog), option=0,
                        p=None, n=0, found=option_key(only, state) == played)
    policy = heuristic_policy(catalog)
    draw = inferred(point.seen, policy) if infer and point.seen is not None else None
    result = ismcts(state, point.knowledge, request, iterations,
                    derive_seed(seed, stream(point)), catalog, policy, determinizer=draw,
                    cutoff=search_cutoff(horizon) if horizon > 0 else None)
    if result is None or not result.iterations:
        return None
    chosen = result.decision
    key = option_key(chosen, state)
    first = next(i for i, o in enumerate(options) if option_key(o, state) == key)
    stat = next(s for s in result.options if s.decision == chosen)
    return BestMove(label=option_label(chosen, request, state, catalog), option=first,
                    p=stat.mean, n=stat.visits, found=key == played)
