"""When a reviewed decision is called a mistake: the swing thresholds, the test that the
best option really beats the one played, and the sample below which no label is given
(``docs/metrics.md``, "Classification").

The best of several options measured on the same rollouts looks better than it is (the
winner's curse): among 17 options that are in truth equal, one will beat the played one
by a few standard errors by chance. So the paired difference best − played must clear
a Bonferroni-corrected bar over the ``compared`` options the played one was measured
against, and the label needs at least ``LABEL_MIN_N`` paired rollouts behind it; a
review below that is *rough*: its swing is shown, never classified.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
"""Swing thresholds in win probability for the deciding player (``docs/metrics.md``)."""

LABEL_MIN_N = 50
"""No severity label on fewer paired rollouts than this behind the swing (a Quick
analysis, 20 rollouts, is rough: swings shown, none classified)."""

FAMILY_ALPHA = 0.05
"""The chance, over all the options compared at one decision, of calling a decision a
mistake when every option is in truth as good as the one played (two-sided, split
evenly over the options: Bonferroni)."""


class Severity(enum.StrEnum):
    """How much a decision cost, by its swing (``docs/metrics.md``)."""

    NONE = ""
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def critical_z(compared: int) -> float:
    """The bar a paired difference's z must clear when the played option was compared
    with ``compared`` others: one-sided at ``FAMILY_ALPHA`` / 2 / ``compared``
    (``compared`` = 1 gives the plain 1.96; 16 gives 2.96)."""
    if compared <= 1:
        return Z95
    return NormalDist().inv_cdf(1.0 - FAMILY_ALPHA / 2 / compared)


@dataclass(frozen=True)
class PairedTest:
    """Best less played over the rollouts both were played on: the mean difference
    (``swing``, never below 0), how many pairs (``n``), its z, and whether z clears the
    corrected bar (``significant``)."""

    swing: float
    n: int
    z: float
    significant: bool


NO_TEST = PairedTest(swing=0.0, n=0, z=0.0, significant=False)


def paired_test(diffs: Sequence[float], compared: int) -> PairedTest:
    """The test of the per-rollout differences ``diffs`` (best − played, each −1..1) when
    the played option was compared with ``compared`` others (``critical_z``)."""
    n = len(diffs)
    if n < 2:
        return NO_TEST
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    se = math.sqrt(var / n)
    z = math.inf if se == 0 and mean > 0 else (0.0 if se == 0 else mean / se)
    return PairedTest(swing=max(0.0, mean), n=n, z=z,
                      significant=mean > 0 and z > critical_z(compared))


def classify(swing: float, significant: bool, n: int = LABEL_MIN_N) -> Severity:
    """The severity of a swing measured on ``n`` paired rollouts (``docs/metrics.md``):
    none unless significant and ``n`` >= ``LABEL_MIN_N``."""
    if not significant or n < LABEL_MIN_N:
        return Severity.NONE
    if swing >= BLUNDER:
        return Severity.BLUNDER
    if swing >= MISTAKE:
        return Severity.MISTAKE
    if swing >= INACCURACY:
        return Severity.INACCURACY
    return Severity.NONE


def rough(rollouts: int) -> bool:
    """An analysis with fewer rollouts than ``LABEL_MIN_N`` is rough: it labels nothing."""
    return rollouts < LABEL_MIN_N
