"""Honest rates: a count out of a sample, its Wilson 95% interval, and the threshold below
which the dashboard says "not enough games" instead of a rate (docs/metrics.md).

Pure functions, no Streamlit: ``wilson(k, n)`` is the interval, ``Rate`` carries a
count with its sample, interval and verdict, and the ``*_text`` helpers print it the one
way every page does (``31% [26–37%] n=263``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""
MIN_GAMES = 10
"""Fewer games than this in a cell: drawn as "not enough games", never as a rate."""
MIN_STRIKES = 10
"""Fewer strikes (or boost-or-strike plays) of a card than this: no rate shown."""
NOT_ENOUGH = "not enough games"
GREY = "#d9d9d9"
"""The colour of a cell with too few games (and of a mirror cell)."""


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95% by default).

    ``n == 0`` gives the uninformative ``(0.0, 1.0)``. Raises ``ValueError`` for
    ``k < 0``, ``n < 0`` or ``k > n``.
    """
    if n < 0 or k < 0 or k > n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if k == 0 else max(0.0, centre - half)  # exact at the ends, not 1e-17 off
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Rate:
    """``k`` out of ``n`` with its Wilson interval; ``enough`` when ``n >= minimum``."""

    k: int
    n: int
    minimum: int = MIN_GAMES

    @property
    def value(self) -> float | None:
        """``k / n``, or None when the sample is below the threshold."""
        return self.k / self.n if self.enough else None

    @property
    def enough(self) -> bool:
        return self.n >= self.minimum and self.n > 0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    def text(self, unit: str = "games") -> str:
        """``58% [55–61%] n=263``, or ``not enough games (n=3)``."""
        if not self.enough:
            return f"not enough {unit} (n={self.n})"
        low, high = self.interval
        return f"{self.k / self.n:.0%} [{100 * low:.0f}–{100 * high:.0f}%] n={self.n}"

    def headline(self) -> str:
        """The rate alone (``31%``), or ``–``: a metric's big number. The words go in
        ``detail``: a metric cuts its value to one line, and "not enough games" read
        "not enough ga…" in a third of the page at 1280 px."""
        return f"{self.k / self.n:.0%}" if self.enough else SUPPRESSED

    def detail(self) -> str:
        """The line under a headline: ``95% interval 26–37%, 81 of 263``, or ``not enough
        games: 2 of 3, fewer than 10 give no rate``."""
        if not self.enough:
            return (f"{NOT_ENOUGH}: {self.k} of {self.n}, fewer than {self.minimum} "
                    "give no rate")
        low, high = self.interval
        return f"95% interval {100 * low:.0f}–{100 * high:.0f}%, {self.k} of {self.n}"

    def short(self) -> str:
        """Two lines for a heatmap cell: ``58%`` and ``[55–61] n=263``."""
        if not self.enough:
            return f"n={self.n}<br>not enough"
        low, high = self.interval
        return f"{self.k / self.n:.0%}<br>[{100 * low:.0f}–{100 * high:.0f}] n={self.n}"

    def columns(self, prefix: str) -> dict[str, object]:
        """Table columns: ``<prefix>`` (rounded, or None below the threshold) and its
        interval bounds, always with ``n`` beside them in the caller's table."""
        if not self.enough:
            return {prefix: None, f"{prefix} low": None, f"{prefix} high": None}
        low, high = self.interval
        return {prefix: round(self.k / self.n, 3), f"{prefix} low": round(low, 3),
                f"{prefix} high": round(high, 3)}


RATE_SUFFIXES = (" rate", " rate low", " rate high", " share", " share low", " share high")
"""The table columns ``Rate.columns`` writes (fractions): shown as percentages."""
SUPPRESSED = "–"
"""A table cell whose rate is withheld (below the threshold): never "None"."""


def percent_cells(rows: Sequence[Mapping[str, object]]) -> list[dict[str, object]]:
    """``rows`` as a table shows them: every rate column (``RATE_SUFFIXES``) in percent, a
    number (``35.3``, so the column sorts as numbers; ``export.table`` formats it
    ``35.3%``, as the charts read), a withheld rate None (the table's placeholder,
    ``SUPPRESSED``); the CSV keeps the fractions."""
    return [{k: (None if v is None else round(100 * v, 1))
             if k.endswith(RATE_SUFFIXES) and (v is None or isinstance(v, float)) else v
             for k, v in row.items()} for row in rows]


def rate_columns(rows: Sequence[Mapping[str, object]]) -> list[str]:
    """The rate columns (``RATE_SUFFIXES``) of ``rows``, in order."""
    return [k for k in rows[0] if k.endswith(RATE_SUFFIXES)] if rows else []


HEATMAP_PX = 340.0
"""The narrowest width (pixels) of the Matchups heatmap's plot area the page draws: 347
measured in a 1024-pixel window with the sidebar open (the names and the colour bar
take the rest; ``tests/dashboard/test_browser_heatmap.py`` measures it). It read 900,
and at 1024 pixels "not enough" and the intervals ran over their neighbours."""
CELL_CHAR_EM = 0.56
"""A generous width of one character of a cell's text, in ems of its font size (drawn in
the page's font, "not enough" measured 0.48 and "[22–64] n=17" 0.45 a character)."""


def cell_font(cells: int, longest: int, largest: int = 12, smallest: int = 7) -> int:
    """The font size (px) of a heatmap's cell text, ``cells`` cells across the narrowest
    plot and the longest line ``longest`` characters, so that the line fits its cell;
    at most ``largest``, at least ``smallest`` (the Matchups page drops the interval
    line when even that does not fit, then the text: the hover still says it all)."""
    width = HEATMAP_PX / max(cells, 1) - 4
    return max(smallest, min(largest, int(width / (CELL_CHAR_EM * max(longest, 1)))))


def fits(cells: int, longest: int, font: int) -> bool:
    """Does a line of ``longest`` characters at ``font`` px fit one of ``cells`` cells?"""
    return longest * CELL_CHAR_EM * font <= HEATMAP_PX / max(cells, 1) - 4
