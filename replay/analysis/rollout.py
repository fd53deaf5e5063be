"""Win probability and decision review by rollouts from one player's information set.

At a point (``replay.analysis.positions``) the analysis draws ``rollouts``
determinizations of the position from the deciding player's knowledge
(``engine.determinize``: the cards they cannot see redrawn from what they can infer;
the real hidden cards are never read; at a strike's second set point the opponent's
face-down attack is drawn by inference from the heuristic agent's choice, ``Params.infer``,
``engine.inferred``), takes the decision played there in each and
plays on to the end with the heuristic agent on both sides (``engine.game_from_state``:
from the folded state, not from a replay of the game). The share of games P1 wins (a
draw counts half) is the point's win probability, with its 95% Wilson interval.

Decision review plays every option of the point's request (options that differ only in
which copy of a card is used are one group; at most ``max_options`` groups, the rest
are not evaluated and the result says so) on the *same* determinizations with the
*same* rollout seeds (common random numbers), so the difference between two options is
measured on paired games. The played option's rollouts are the curve point's (but a
strike's second set point is on the curve at the first setter's value, ``on_curve``:
one viewer for the strike, whose value there is the first point's). It races
the options (``race``, ``replay.analysis.race``): at checkpoints of 25, 50 and 100 rollouts an option that is
(z 2.5 on the paired rollouts) no better than the leader by 5 points is cut, and
reported as cut with the sample it reached; the played option and every option still in the race are played
on all rollouts. The swing of a decision is the best option's win probability less the
chosen option's, for the deciding player; ``severity`` classifies it
(``replay.analysis.verdict``, ``docs/metrics.md``: inaccuracy, mistake, blunder), only
when the paired difference clears a bar corrected for the number of options compared,
on enough rollouts.

Every seed derives from the analysis seed, the point's stream (``stream``: the strike
for the two attacks set in it, so they share their random numbers; the decision index
for a turn) and the rollout number (``engine.derive_seed``), so the same log,
parameters and seed give the same figures bit for bit, however the work is split
between processes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from engine import (
    Catalog,
    Decision,
    Determinizer,
    GameTooLong,
    Player,
    Rng,
    State,
    derive_seed,
    drawing,
    game_from_state,
    heuristic_policy,
    inferred,
    play_on,
)
from replay.analysis import leaf
from replay.analysis.best import BestMove, best_move
from replay.analysis.horizon import Cutoff, Reached, effective_n
from replay.analysis.labels import option_key, option_label
from replay.analysis.positions import Point, PointId, PointKind
from replay.analysis.race import Scores, _diffs, race
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
    """Review, first checkpoint of the race: every option is played on the first
    ``screen`` rollouts; the checkpoints double from there (25, 50, 100, then all)."""
    best: int | None = None
    """Review, the best move: the search's iterations at each point
    (``replay.analysis.best``); None: as many as ``rollouts``; 0: no best move."""
    infer: bool = True
    """Determinizations draw the opponent's face-down set attack weighted by how likely
    the heuristic agent was to set it (``engine.inferred``, issue 32 item 4: the bias it
    removes is measured in ``docs/metrics.md``); False: as ``engine.determinize`` draws
    it, uniformly among what is possible (an analysis stored before inference)."""
    horizon: int = 0
    """Truncated rollouts (issue 31, ``replay.analysis.horizon``): each rollout, and each
    iteration of the best move's search, stops once this many strikes have ended and
    scores the position with the leaf evaluator (``replay.analysis.leaf``); 0: every
    rollout plays to the end."""

    @property
    def best_iterations(self) -> int:
        """The search iterations of each point's best move (0: none; none without a
        review)."""
        if not self.review:
            return 0
        return max(0, self.rollouts if self.best is None else self.best)

    def key(self) -> str:
        """A short text naming these parameters (stored beside each result). ``method=2``:
        the curve is the played option's chance, the review races its options
        (``docs/metrics.md``); an analysis stored with no ``method`` is the older kind.
        ``best=N``: the best move's search iterations (absent: no best move, as in an
        analysis stored before it). ``curve=setter``: a strike's second set point is on
        the curve at the first setter's value (``on_curve``; absent: an analysis stored
        before, whose second set point has the second setter's own estimate).
        ``infer=1``: the opponent's face-down set attack is drawn by inference
        (``infer``; absent: drawn uniformly, as in an analysis stored before it).
        ``horizon=H``: truncated rollouts (``horizon``; absent: played to the end), and
        with it ``leaf=V``: the leaf evaluator's version (``leaf.VERSION``; absent: the
        first, before its fighters' terms)."""
        best = self.best_iterations
        return (f"rollouts={self.rollouts};seed={self.seed};max_options={self.max_options};"
                f"agent={self.agent};review={int(self.review)};screen={self.screen};"
                f"method={METHOD};curve=setter" + (";infer=1" if self.infer else "")
                + (f";best={best}" if best else "")
                + (f";horizon={self.horizon};leaf={leaf.VERSION}" if self.horizon > 0
                   else ""))


FIRST_LOOK_ROLLOUTS = 100
FIRST_LOOK_HORIZON = 2


def first_look(params: Params) -> Params:
    """The quick curve shown while the analysis made with ``params`` runs (issue 31: the
    dashboard's Analyze stores it first): no review, at most ``FIRST_LOOK_ROLLOUTS``
    rollouts per point, each truncated after ``FIRST_LOOK_HORIZON`` strikes and scored by
    the leaf evaluator. On the median sample game it takes about a fifth of the full
    curve's time, its interval is about half as wide, and it lies a mean 6 points from
    the full curve (``docs/metrics.md``, "First look"). Its key names its rollouts and
    horizon, so a reader prefers the full analysis once stored (more rollouts, then full
    over truncated)."""
    return replace(params, rollouts=min(params.rollouts, FIRST_LOOK_ROLLOUTS), review=False,
                   horizon=FIRST_LOOK_HORIZON)


METHOD = 2
"""The analysis method named in ``Params.key`` (issue 31: the curve point is the played
option's rollouts; racing with a stated cut rule; seeds shared by a strike's set points)."""


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


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
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


def estimate(scores: Sequence[float], spread: bool = False) -> Estimate:
    """The estimate of a list of game scores (1 win, 0.5 draw, 0 loss). ``spread``
    (truncated rollouts, scores anywhere in 0..1): the Wilson interval of the sample as
    spread as the scores (``horizon.effective_n``), not of ``len(scores)`` games."""
    wins = float(sum(scores))
    n = len(scores)
    if spread and n:
        size = effective_n(scores)
        low, high = wilson(wins / n * size, size)
    else:
        low, high = wilson(wins, n)
    return Estimate(wins=wins, n=n, low=low, high=high)


@dataclass(frozen=True)
class OptionResult:
    """One group of equivalent options: its label, the decisions in it, ``option``: the
    position of its first decision among the request's options (what ``exceed fork
    --choose`` takes), the deciding player's win probability after taking it
    (``estimate``; None if it could not be played in any determinization), and ``cut``:
    the race stopped it early because it was clearly worse than the leader (its
    ``estimate`` has the smaller sample it reached)."""

    label: str
    key: str
    decisions: tuple[Decision, ...]
    option: int
    estimate: Estimate | None
    chosen: bool
    cut: bool = False


@dataclass(frozen=True)
class PointResult:
    """A point's analysis: which point (``id``) and the label of the decision played.
    ``p1``: P1's win probability after the decision played there (the played option's
    rollouts, from the decider's information set, heuristic play on both sides after
    it), the curve's value; at a strike's second set point, analysed as a whole game,
    the first setter's (``on_curve``; the decider's own is the chosen option's row);
    ``options``: the review (empty without one), the options played on every
    rollout best first by estimate, then those cut early (``OptionResult.cut``);
    ``swing``: best less chosen for the decider (0 without a review); ``significant``:
    the paired difference behind the swing clears the bar corrected for the options
    compared (``verdict.paired_test``); ``options_total``: groups before the cap;
    ``best``: the search's best move (``replay.analysis.best``; None without one)."""

    id: PointId
    decision_label: str
    p1: Estimate
    options: tuple[OptionResult, ...] = ()
    options_total: int = 0
    swing: float = 0.0
    significant: bool = False
    severity: Severity = Severity.NONE
    best: BestMove | None = None


def stream(point: Point) -> str:
    """The seed stream of a point's rollouts: shared by the two set points of one strike
    (``strike/<strikes started>``: common random numbers between them, issue 32), the
    decision index for a turn point."""
    if point.id.kind is PointKind.STRIKE:
        return f"strike/{point.id.strike}"
    return str(point.id.index)


def determinizer(point: Point, params: Params, catalog: Catalog) -> Determinizer:
    """How ``point``'s worlds are drawn: with ``params.infer``, the opponent's face-down
    set attack by inference from the heuristic agent's choice (``engine.inferred``, from
    ``point.seen``); otherwise ``engine.determinize``'s draws (``engine.drawing``: what
    the draws of one point share worked out once)."""
    if params.infer and point.seen is not None:
        return inferred(point.seen, heuristic_policy(catalog))
    return drawing()


def rollout_seeds(point: Point, params: Params, catalog: Catalog, numbers: Iterable[int]
                  ) -> tuple[list[State], list[int]]:
    """The determinizations and rollout seeds ``numbers`` of ``point``: world ``j`` from
    ``derive_seed(seed, "world/<stream>/j")``, its rollout ``derive_seed(seed,
    "play/<stream>/j")`` (``stream``)."""
    at = stream(point)
    numbers = list(numbers)
    draw = determinizer(point, params, catalog)
    worlds = [draw(point.state, point.knowledge,
                   Rng(derive_seed(params.seed, f"world/{at}/{j}")), catalog)
              for j in numbers]
    return worlds, [derive_seed(params.seed, f"play/{at}/{j}") for j in numbers]


def _play(world: State, point: Point, decision: Decision, seed: int,
          params: Params, catalog: Catalog) -> float | None:
    """P1's score in one rollout from ``world`` (None: ``decision`` is not legal there)."""
    game = game_from_state(world, point.request, seed, catalog)
    pending = game.pending
    if pending is None or pending.check(decision) is not None:
        return None
    caused = game.step(decision)
    cut = Cutoff(params.horizon) if params.horizon > 0 else None
    try:
        if cut is not None and cut.reached(game, caused):
            return leaf.value(game.state)
        play_on(game, seed, (params.agent, params.agent), catalog,
                None if cut is None else cut.hook)
    except Reached:
        return leaf.value(game.state)
    except GameTooLong:
        return 0.5
    winner = game.state.winner
    return 0.5 if winner is None else (1.0 if winner is Player.P1 else 0.0)


def play_scores(point: Point, params: Params, catalog: Catalog, worlds: Sequence[State],
                seeds: Sequence[int], decision: Decision) -> Scores:
    """The decider's scores of ``decision`` on ``worlds`` (each copied) with ``seeds``."""
    mine = point.id.player
    row = [_play(w.copy(), point, decision, s, params, catalog)
           for w, s in zip(worlds, seeds, strict=True)]
    return [None if r is None else (r if mine is Player.P1 else 1.0 - r) for r in row]


def option_groups(point: Point, params: Params
                  ) -> tuple[dict[str, list[Decision]], str, list[str]]:
    """The request's options grouped by ``option_key`` (in request order), the played
    option's key, and the keys reviewed (at most ``max_options``, the played one kept)."""
    groups: dict[str, list[Decision]] = {}
    for option in point.request.options():
        groups.setdefault(option_key(option, point.state), []).append(option)
    chosen_key = option_key(point.decision, point.state)
    keys = list(groups)
    if chosen_key not in groups:  # a decision outside the listed options: still reviewed
        groups[chosen_key] = [point.decision]
        keys.append(chosen_key)
    if len(keys) > params.max_options:  # keep the chosen option; the first others in order
        keys = [k for k in keys if k == chosen_key] + [
            k for k in keys if k != chosen_key][: params.max_options - 1]
    return groups, chosen_key, keys


def analyse_point(point: Point, params: Params, catalog: Catalog,
                  tick: Callable[[int], None] | None = None) -> PointResult:
    """P1's win probability after the decision played at ``point`` and, with
    ``params.review``, the race over its options and the search's best move (``tick`` is
    told how many rollouts were played, for a progress bar). The played option's
    rollouts are the curve point's: a review costs the curve nothing more."""
    worlds, seeds = rollout_seeds(point, params, catalog, range(params.rollouts))
    groups, chosen_key, keys = option_groups(point, params)
    mine = point.id.player

    def play(key: str, start: int, stop: int) -> Scores:
        decision = point.decision if key == chosen_key else groups[key][0]
        row = play_scores(point, params, catalog, worlds[start:stop], seeds[start:stop],
                          decision)
        if tick is not None:
            tick(len(row))
        return row

    label = option_label(point.decision, point.request, point.state, catalog)
    if not params.review:
        return PointResult(id=point.id, decision_label=label,
                           p1=_p1(play(chosen_key, 0, params.rollouts), mine,
                                  params.horizon > 0))
    outcomes: dict[str, Scores] = {key: [] for key in keys}

    def recorded(key: str, start: int, stop: int) -> Scores:
        row = play(key, start, stop)
        outcomes[key] += row
        return row

    result = race(keys, chosen_key, recorded, params)
    first_option: dict[str, int] = {}
    for number, option in enumerate(point.request.options()):
        first_option.setdefault(option_key(option, point.state), number)
    options = []
    for key in result.ranked:
        played = [r for r in outcomes[key] if r is not None]
        options.append(OptionResult(
            label=option_label(groups[key][0], point.request, point.state, catalog), key=key,
            decisions=tuple(groups[key]), option=first_option.get(key, -1),
            estimate=estimate(played, params.horizon > 0) if played else None,
            chosen=key == chosen_key,
            cut=key in result.cut))
    options.sort(key=best_first)
    test = swing_test(outcomes, options, chosen_key)
    return PointResult(id=point.id, decision_label=label,
                       p1=_p1(outcomes[chosen_key], mine, params.horizon > 0),
                       options=tuple(options), options_total=len(groups), swing=test.swing,
                       significant=test.significant,
                       severity=classify(test.swing, test.significant, test.n),
                       best=best_move(point, params.best_iterations, params.seed, catalog,
                                      params.infer, params.horizon))


def on_curve(point: Point, first: PointResult, result: PointResult | None,
             catalog: Catalog) -> PointResult:
    """The result of a strike's second set point (``point``) with the curve at the first
    set point's value (``first``, the same strike). From the first setter's information
    set, with the strike's shared seeds, the second point's determinizations are the
    first's (the first setter knows their own face-down card) and the rollouts after the
    second setter's decision, taken by the rollout policy in those worlds, are the first
    point's own: P1's chance there is the first point's, bit for bit, and costs no
    rollout (``docs/metrics.md``, "The curve between a strike's two set points").
    ``result``: the point's own analysis (its review, from the second setter's
    information set, kept: their estimate of the option played is its chosen row); None
    without a review (the point's label only)."""
    if result is None:
        label = option_label(point.decision, point.request, point.state, catalog)
        return PointResult(id=point.id, decision_label=label, p1=first.p1)
    return replace(result, p1=first.p1)


def _p1(scores: Scores, mine: Player, spread: bool = False) -> Estimate:
    """P1's estimate from the decider's scores (``spread``: as ``estimate``)."""
    est = estimate([s for s in scores if s is not None], spread)
    return est if mine is Player.P1 else est.flipped()


def best_first(option: OptionResult) -> tuple[bool, bool, float, bool, int, str]:
    """The review's order: the options played to the end before those cut early; by
    estimate, best first; among equal estimates the played option first (no swing on a
    tie), then the larger sample; the options that could not be played last."""
    est = option.estimate
    if est is None:
        return True, True, 0.0, not option.chosen, 0, option.label
    return False, option.cut, -est.p, not option.chosen, -est.n, option.label


def swing_test(outcomes: dict[str, Scores], results: Sequence[OptionResult],
               chosen_key: str) -> PairedTest:
    """Best (``results[0]``, the order of ``best_first``) less chosen, for the decider, on
    the rollouts both could play (``outcomes``: each group's scores by rollout), tested
    against the bar corrected for the other options compared (``verdict.paired_test``)."""
    best = results[0] if results else None
    if best is None or best.chosen or best.estimate is None:
        return NO_TEST
    compared = sum(1 for r in results if not r.chosen and r.estimate is not None)
    return paired_test(_diffs(outcomes[best.key], outcomes[chosen_key]), compared)


__all__ = ["BLUNDER", "INACCURACY", "LABEL_MIN_N", "METHOD", "MISTAKE", "Z95", "Estimate",
           "OptionResult", "Params", "PointResult", "Severity", "analyse_point",
           "best_first", "classify", "estimate", "on_curve", "option_groups",
           "play_scores", "rollout_seeds", "stream", "swing_test", "wilson"]
