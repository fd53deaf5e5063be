"""Win probability and decision review by rollouts from one player's information set.

At a point (``replay.analysis.positions``) the analysis draws ``rollouts``
determinizations of the position from the deciding player's knowledge
(``engine.determinize``: the cards they cannot see redrawn from what they can infer;
the real hidden cards are never read) and plays each on to the end with the heuristic
agent on both sides (``engine.game_from_state``: from the folded state, not from a
replay of the game). The share of games P1 wins (a draw counts half) is the point's
win probability, with its 95% Wilson interval.

Decision review plays every option of the point's request (options that differ only in
which copy of a card is used are one group; at most ``max_options`` groups, the rest
are not evaluated and the result says so) on the *same* determinizations with the
*same* rollout seeds (common random numbers), so the difference between two options is
measured on paired games. It races the options: every group is played on the first
``screen`` rollouts, then the ``finalists`` best and the chosen one on all of them. The
options are listed best first by their estimate, whatever their sample. The swing of a
decision is the best option's win probability less the chosen option's, for the
deciding player; ``severity`` classifies it (``replay.analysis.verdict``,
``docs/metrics.md``: inaccuracy, mistake, blunder), only when the paired difference
clears a bar corrected for the number of options compared, on enough rollouts.

Every seed derives from the analysis seed, the decision index and the rollout number
(``engine.derive_seed``), so the same log, parameters and seed give the same figures
bit for bit, however the work is split between processes.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import (
    Catalog,
    Decision,
    GameTooLong,
    Player,
    Rng,
    State,
    derive_seed,
    determinize,
    game_from_state,
    play_on,
)
from replay.analysis.labels import option_key, option_label
from replay.analysis.positions import Point, PointId
from replay.analysis.verdict import (
    BLUNDER,
    INACCURACY,
    LABEL_MIN_N,
    MISTAKE,
    NO_TEST,
    Z95,
    PairedTest,
    Severity,
    classify,
    paired_test,
)


@dataclass(frozen=True)
class Params:
    """What an analysis is run with; part of the key its results are stored under."""

    rollouts: int = 200
    seed: int = 0
    max_options: int = 24
    agent: str = "heuristic"
    review: bool = True
    screen: int = 25
    """Review, first round: every option is played on the first ``screen`` rollouts."""
    finalists: int = 4
    """Review, second round: the ``finalists`` best options of the first round and the
    chosen one are played on all ``rollouts`` (the others keep their first-round
    estimate, with its smaller sample and wider interval)."""

    def key(self) -> str:
        """A short text naming these parameters (stored beside each result)."""
        return (f"rollouts={self.rollouts};seed={self.seed};max_options={self.max_options};"
                f"agent={self.agent};review={int(self.review)};screen={self.screen};"
                f"finalists={self.finalists}")


@dataclass(frozen=True)
class Estimate:
    """A win probability for one player: ``wins`` (draws count half) of ``n`` games and
    its 95% Wilson interval ``low``..``high``."""

    wins: float
    n: int
    low: float
    high: float

    @property
    def p(self) -> float:
        return self.wins / self.n if self.n else 0.5

    def flipped(self) -> Estimate:
        """The same games seen from the other player."""
        return Estimate(wins=self.n - self.wins, n=self.n, low=1.0 - self.high,
                        high=1.0 - self.low)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins``/``n`` (0..1 for ``n`` = 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if wins <= 0 else max(0.0, min(p, centre - half))
    high = 1.0 if wins >= n else min(1.0, max(p, centre + half))
    return low, high


def estimate(scores: Sequence[float]) -> Estimate:
    """The estimate of a list of game scores (1 win, 0.5 draw, 0 loss)."""
    wins = float(sum(scores))
    low, high = wilson(wins, len(scores))
    return Estimate(wins=wins, n=len(scores), low=low, high=high)


@dataclass(frozen=True)
class OptionResult:
    """One group of equivalent options: its label, the decisions in it, ``option``: the
    position of its first decision among the request's options (what ``exceed fork
    --choose`` takes), and the deciding player's win probability after taking it
    (``estimate``; None if it could not be played in any determinization)."""

    label: str
    key: str
    decisions: tuple[Decision, ...]
    option: int
    estimate: Estimate | None
    chosen: bool


@dataclass(frozen=True)
class PointResult:
    """A point's analysis: which point (``id``) and the label of the decision played.
    ``p1``: P1's win probability at the point (the position's value with heuristic play
    on both sides, from the decider's information set); ``options``: the review (empty
    without one), best first by estimate (those the first round left out keep their
    smaller sample); ``swing``: best less chosen for the decider (0 without a review);
    ``significant``: the paired difference behind the swing clears the bar corrected for
    the options compared (``verdict.paired_test``); ``options_total``: groups before the
    cap."""

    id: PointId
    decision_label: str
    p1: Estimate
    options: tuple[OptionResult, ...] = ()
    options_total: int = 0
    swing: float = 0.0
    significant: bool = False
    severity: Severity = Severity.NONE


def _play(world: State, point: Point, decision: Decision | None, seed: int,
          params: Params, catalog: Catalog) -> float | None:
    """P1's score in one rollout from ``world`` (None: ``decision`` is not legal there)."""
    game = game_from_state(world, point.request, seed, catalog)
    if decision is not None:
        pending = game.pending
        if pending is None or pending.check(decision) is not None:
            return None
        game.step(decision)
    try:
        play_on(game, seed, (params.agent, params.agent), catalog)
    except GameTooLong:
        return 0.5
    winner = game.state.winner
    return 0.5 if winner is None else (1.0 if winner is Player.P1 else 0.0)


def analyse_point(point: Point, params: Params, catalog: Catalog,
                  tick: Callable[[int], None] | None = None) -> PointResult:
    """Win probability at ``point`` and, with ``params.review``, the review of its
    options (``tick`` is told how many rollouts were played, for a progress bar)."""
    worlds = [determinize(point.state, point.knowledge,
                          Rng(derive_seed(params.seed, f"world/{point.id.index}/{j}")), catalog)
              for j in range(params.rollouts)]
    seeds = [derive_seed(params.seed, f"play/{point.id.index}/{j}") for j in range(params.rollouts)]
    scores = [_play(w.copy(), point, None, s, params, catalog) for w, s in zip(worlds, seeds,
                                                                              strict=True)]
    if tick is not None:
        tick(len(scores))
    p1 = estimate([s for s in scores if s is not None])
    label = option_label(point.decision, point.request, point.state, catalog)
    base = PointResult(id=point.id, decision_label=label, p1=p1)
    if not params.review:
        return base
    groups: dict[str, list[Decision]] = {}
    first_option: dict[str, int] = {}
    for number, option in enumerate(point.request.options()):
        key = option_key(option, point.state)
        groups.setdefault(key, []).append(option)
        first_option.setdefault(key, number)
    chosen_key = option_key(point.decision, point.state)
    total = len(groups)
    keys = list(groups)
    if total > params.max_options:  # keep the chosen option; the first others in order
        keys = [k for k in keys if k == chosen_key] + [
            k for k in keys if k != chosen_key][: params.max_options - 1]
    mine = point.id.player

    def play(key: str, start: int, stop: int) -> list[float | None]:
        decision = point.decision if key == chosen_key else groups[key][0]
        row = [_play(worlds[j].copy(), point, decision, seeds[j], params, catalog)
               for j in range(start, stop)]
        if tick is not None:
            tick(len(row))
        return [None if r is None else (r if mine is Player.P1 else 1.0 - r) for r in row]

    first = min(params.screen, params.rollouts) if len(keys) > params.finalists + 1 else (
        params.rollouts)
    outcomes: dict[str, list[float | None]] = {key: play(key, 0, first) for key in keys}
    if first < params.rollouts:
        ranked = sorted(keys, key=lambda k: -_mean(outcomes[k]))
        finalists = ranked[: params.finalists]
        if chosen_key not in finalists:
            finalists.append(chosen_key)
        for key in finalists:
            outcomes[key] += play(key, first, params.rollouts)
    results = []
    for key in keys:
        played = [r for r in outcomes[key] if r is not None]
        results.append(OptionResult(
            label=option_label(groups[key][0], point.request, point.state, catalog), key=key,
            decisions=tuple(groups[key]), option=first_option[key], estimate=estimate(played) if played else None,
            chosen=key == chosen_key))
    results.sort(key=best_first)
    test = swing_test(outcomes, results, chosen_key)
    return dataclasses.replace(base, options=tuple(results), options_total=total,
                               swing=test.swing, significant=test.significant,
                               severity=classify(test.swing, test.significant, test.n))


def best_first(option: OptionResult) -> tuple[bool, float, bool, int, str]:
    """The review's order: by estimate, best first, whatever the sample; among equal
    estimates the played option first (no swing on a tie), then the larger sample; the
    options that could not be played last."""
    est = option.estimate
    if est is None:
        return True, 0.0, not option.chosen, 0, option.label
    return False, -est.p, not option.chosen, -est.n, option.label


def _mean(scores: Sequence[float | None]) -> float:
    """The mean of the scores that could be played (-1 if none)."""
    played = [s for s in scores if s is not None]
    return sum(played) / len(played) if played else -1.0


def swing_test(outcomes: dict[str, list[float | None]], results: Sequence[OptionResult],
               chosen_key: str) -> PairedTest:
    """Best (``results[0]``, the order of ``best_first``) less chosen, for the decider, on
    the rollouts both could play (``outcomes``: each group's scores by rollout), tested
    against the bar corrected for the other options compared (``verdict.paired_test``)."""
    best = results[0] if results else None
    if best is None or best.chosen or best.estimate is None:
        return NO_TEST
    compared = sum(1 for r in results if not r.chosen and r.estimate is not None)
    diffs = [b - c for b, c in zip(outcomes[best.key], outcomes[chosen_key], strict=False)
             if b is not None and c is not None]
    return paired_test(diffs, compared)


__all__ = ["BLUNDER", "INACCURACY", "LABEL_MIN_N", "MISTAKE", "Z95", "Estimate",
           "OptionResult", "Params", "PointResult", "Severity", "analyse_point",
           "best_first", "classify", "estimate", "swing_test", "wilson"]

