"""The race over a point's options (issue 31, ``docs/metrics.md``, "Racing"): the options
are played in rounds on the same rollouts, and at each checkpoint (25, 50, 100...) an
option that is, on the paired rollouts so far, no better than the leader by a labelled
swing is cut. The played option and every option still in the race run to the end.
``replay.analysis.rollout`` plays the rollouts the race asks for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from replay.analysis.verdict import INACCURACY

if TYPE_CHECKING:
    from replay.analysis.rollout import Params  # the rollouts import this module


@dataclass(frozen=True)
class Race:
    """What a race over a point's options played: rollouts per option key (``played``:
    each option was played on rollouts ``0..n-1``), the keys best first (the options
    that ran to the end by estimate, then the cut ones by estimate) and the ``cut``
    keys."""

    played: dict[str, int]
    ranked: tuple[str, ...]
    cut: frozenset[str]


Scores = list[float | None]
"""Per rollout, the deciding player's score (1 win, 0.5 draw, 0 loss; None: the option
could not be played in that determinization)."""

CUT_Z = 2.5
"""How sure the race must be (one-sided z) that an option is no better than the leader
by ``CUT_MARGIN`` before it cuts it."""
CUT_MARGIN = INACCURACY
"""The smallest swing the review labels (5 points): an option that cannot beat the
leader by that much is not worth the rest of its rollouts."""


def checkpoints(params: Params) -> list[int]:
    """Where the race looks: ``screen``, doubling, then ``rollouts`` (25, 50, 100, 200)."""
    marks: list[int] = []
    n = max(1, params.screen)
    while n < params.rollouts:
        marks.append(n)
        n *= 2
    return [*marks, params.rollouts]


def _diffs(a: Scores, b: Scores) -> list[float]:
    return [x - y for x, y in zip(a, b, strict=False) if x is not None and y is not None]


def race(keys: Sequence[str], chosen: str, play: Callable[[str, int, int], Scores],
         params: Params) -> Race:
    """Race the options ``keys`` (``play(key, start, stop)``: the option's scores on
    rollouts ``start..stop-1``), with the stopping rule of ``docs/metrics.md``: at each
    checkpoint but the last, every running option other than the leader (the highest
    mean) and the played one (``chosen``) is cut if, on the paired rollouts so far, the
    upper ``CUT_Z`` bound of (option − leader) is below ``CUT_MARGIN`` (it is no better
    than the leader by a labelled swing), or if it could not be played on any rollout
    so far. The others run on. The played option and every option that may beat the
    leader by ``CUT_MARGIN`` are so played on all ``rollouts``."""
    scores: dict[str, Scores] = {key: [] for key in keys}
    live = list(keys)
    cut: list[str] = []
    done = 0
    for stop in checkpoints(params):
        for key in live:
            scores[key] += play(key, done, stop)
        done = stop
        if stop >= params.rollouts or len(live) <= 1:
            continue
        leader = max(live, key=lambda k: (_mean(scores[k]), k == chosen))
        out = [k for k in live if k not in (leader, chosen) and (
            _mean(scores[k]) < 0 or no_better(scores[leader], scores[k]))]
        cut += out
        live = [k for k in live if k not in out]
    played = {key: len(scores[key]) for key in keys}

    def order(key: str) -> tuple[bool, float, bool, str]:
        mean = _mean(scores[key])
        return key in cut, -mean, key != chosen, key

    return Race(played=played, ranked=tuple(sorted(keys, key=order)), cut=frozenset(cut))


def no_better(leader: Scores, other: Scores) -> bool:
    """``other`` is, ``CUT_Z`` sure on the paired rollouts, no better than ``leader`` by
    ``CUT_MARGIN``: mean(leader − other) − ``CUT_Z`` · se > −``CUT_MARGIN`` (se 0: the
    mean alone)."""
    diffs = _diffs(leader, other)
    if len(diffs) < 2:
        return False
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean - CUT_Z * math.sqrt(var / len(diffs)) > -CUT_MARGIN

def _mean(scores: Sequence[float | None]) -> float:
    """The mean of the scores that could be played (-1 if none)."""
    played = [s for s in scores if s is not None]
    return sum(played) / len(played) if played else -1.0
