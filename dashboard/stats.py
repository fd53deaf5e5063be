"""Honest rates: a count out of a sample, its Wilson 95% interval, and the threshold below
which the dashboard says "not enough games" instead of a rate (docs/metrics.md).

Pure functions, no Streamlit: ``wilson(k, n)`` is the interval, ``Rate`` carries a
count with its sample, interval and verdict, and the ``*_text`` helpers print it the one
way every page does (``31% [26–37%] n=263``); ``cell_text`` lays out the Matchups
heatmap's cells (``31%``, ``26–37``, ``n=263``) to fit the narrowest plot the page draws.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

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
        """A heatmap cell's three short lines: ``58%``, its interval ``55–61`` and
        ``n=263``; or ``n=3`` alone (the cell is grey: not enough games). Each is short,
        to fit a cell of 12 fighters in a 1024-pixel window (``cell_text``)."""
        if not self.enough:
            return f"n={self.n}"
        low, high = self.interval
        return f"{self.k / self.n:.0%}<br>{100 * low:.0f}–{100 * high:.0f}<br>n={self.n}"

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


HEATMAP_PX = 410.0
"""The narrowest width (pixels) of the Matchups heatmap's plot area the page draws: 415
measured in a 1024-pixel window with the sidebar open, the longest name "Ken Masters"
(the names take the rest; the colour bar lies above the cells, as on the right it took
70 pixels; ``tests/dashboard/test_browser_heatmap.py`` measures it). It read 900, and at
1024 pixels "not enough" and the intervals ran over their neighbours; then 340, with the
colour bar on the right, and no interval fitted a cell of 12 fighters."""
HEATMAP_FIGURE_PX = 564.0
"""The width (pixels) of the whole heatmap figure there: the plot, the names beside it and
the margins."""
HEATMAP_NAME_CHARS = 11
"""The longest name (characters) ``HEATMAP_PX`` was measured with."""
NAME_CHAR_PX = 7.0
"""How much narrower the plot is for each character of a longer name (a generous width
of a character of the names' 12-pixel font)."""
HEATMAP_ROW_PX = 48
"""The height (pixels) of one row of the Matchups heatmap: the page makes its figure this
much taller for each fighter (``heatmap_height``)."""
HEATMAP_OVERHEAD_PX = 190
"""The rest of the heatmap figure's height: the colour bar above the cells, the names
(turned when they do not fit across) and the axis title below, and the margins."""
CHAR_EM = {**dict.fromkeys("0123456789=", 0.497), "%": 0.824, "–": 0.48, "n": 0.547,
           "m": 0.829, "i": 0.246, "r": 0.35, "o": 0.542}
"""The width of each character a cell's text holds, in ems of its font size, measured in
the page's font (Source Sans)."""
WIDE_EM = 0.83
"""The width taken for any other character: as wide as the widest measured ("m")."""
SLACK = 1.1
"""A line is taken a tenth wider than measured, for rounding and another browser."""
LINE_EM = 1.3
"""The height of one line of a cell's text, in ems: plotly's line spacing."""


AXIS_NAME_CHARS = 24
"""The most characters of a fighter's name the heatmap's axes show (the longest of the
catalog, "Platinum the Trinity", has 20); a longer one, which a log's own definitions
may hold (up to 200), is cut to its first 23 and ``…`` (``axis_name``): whole, it took
the chart's width and left the cells a sliver. The hover names it whole."""


def axis_name(name: str) -> str:
    """``name`` as the heatmap's axes show it: whole up to ``AXIS_NAME_CHARS``, else cut."""
    return name if len(name) <= AXIS_NAME_CHARS else name[:AXIS_NAME_CHARS - 1] + "…"


def heatmap_px(names: Sequence[str]) -> float:
    """The narrowest plot width (pixels) of a heatmap whose names are ``names``."""
    longest = max(map(len, names), default=0)
    return HEATMAP_PX - NAME_CHAR_PX * max(0, longest - HEATMAP_NAME_CHARS)


def narrowest_figure(text: Sequence[Sequence[str]], font: int, names: Sequence[str]) -> int:
    """The narrowest heatmap figure (pixels) whose cells hold ``text`` (as ``cell_text``
    drew it) at ``font`` px: in a window narrower than 1024 pixels (the sidebar open) the
    page hides the cells' text below it, where it would run over its neighbours."""
    widest = max((line_em(line) for row in text for cell in row
                  for line in cell.split("<br>")), default=0.0)
    frame = HEATMAP_FIGURE_PX - heatmap_px(names)
    return math.ceil(len(text) * (widest * font + 4) + frame)


def heatmap_height(fighters: int) -> int:
    """The Matchups heatmap figure's height (pixels): ``HEATMAP_ROW_PX`` a fighter, and
    room for the colour bar above and the names below."""
    return HEATMAP_OVERHEAD_PX + HEATMAP_ROW_PX * fighters


def line_em(line: str) -> float:
    """The width of ``line`` in ems of its font size, ``SLACK`` included."""
    return SLACK * sum(CHAR_EM.get(c, WIDE_EM) for c in line)


def cell_font(across: float, cells: Sequence[Sequence[str]], largest: int = 12,
              smallest: int = 7) -> int:
    """The font size (px) of a heatmap's cell text, each cell ``across`` pixels wide and
    ``HEATMAP_ROW_PX`` tall and ``cells`` the lines of each, so that every line fits its
    cell; at most ``largest``, at least ``smallest`` (``cell_text`` draws less when even
    that does not fit: the hover still says it all)."""
    widest = max((line_em(line) for cell in cells for line in cell), default=0.0)
    most = max(map(len, cells), default=1)
    wide = (across - 4) / widest if widest else largest
    tall = (HEATMAP_ROW_PX - 4) / (LINE_EM * max(most, 1))
    return max(smallest, min(largest, int(wide), int(tall)))


def fits(across: float, lines: Sequence[str], font: int) -> bool:
    """Do ``lines`` at ``font`` px fit a cell ``across`` pixels wide (and
    ``HEATMAP_ROW_PX`` tall)?"""
    return (all(line_em(line) * font <= across - 4 for line in lines)
            and len(lines) * LINE_EM * font <= HEATMAP_ROW_PX - 4)


class CellText(NamedTuple):
    """What a heatmap draws in its cells: ``text`` (each cell's lines joined by ``<br>``),
    at ``font`` px, with the last ``cut`` lines of the longest cell left out (0: every
    line drawn)."""

    text: list[list[str]]
    font: int
    cut: int


def cell_text(text: Sequence[Sequence[str]], plot: float = HEATMAP_PX) -> CellText:
    """What a square heatmap ``plot`` pixels wide draws in its cells (``text``: each
    cell's lines joined by ``<br>``, ``""`` for none): every line when all fit their cells
    at 7 px or more; else without each cell's last line (a rate's n), then its next to
    last, as long as two are left; else each cell's first line (its rate, n or "mirror"),
    sized for a rate (``100%``), one that does not fit then left out (blank). The hover
    says it all either way."""
    across = plot / max(len(text), 1)
    cells = [cell.split("<br>") for row in text for cell in row if cell]
    most = max(map(len, cells), default=1)
    for keep in range(most, 1, -1):
        kept = [cell[:keep] for cell in cells]
        font = cell_font(across, kept)
        if all(fits(across, cell, font) for cell in kept):
            return CellText([["<br>".join(cell.split("<br>")[:keep]) for cell in row]
                             for row in text], font, most - keep)
    font = cell_font(across, [["100%"]])
    return CellText([[first if fits(across, [first := cell.split("<br>")[0]], font) else ""
                      for cell in row] for row in text], font, most - 1)


def cell_words(cut: int, fighters: int) -> str:
    """What the Matchups caption says a cell holds under its rate, as ``cell_text`` cut
    it (``cut`` lines left out) for ``fighters`` a side."""
    if not cut:
        return "under it its 95% Wilson interval low–high and n, the number of games"
    if cut == 1:
        return (f"under it its 95% Wilson interval low–high (with {fighters} fighters n, "
                "the number of games, does not fit a cell: hover it)")
    return (f"with {fighters} fighters a cell holds no more, where it fits (hover it for "
            "its 95% Wilson interval and n, the number of games)")


WHOLE_STEPS = 8
"""The largest count up to which ``count_axis`` ticks every whole number."""


def count_axis(largest: int) -> dict[str, object]:
    """A plotly axis of counts (times struck, games): whole-number ticks only. On a short
    axis plotly steps by halves, and a Fighter page of 2 games read "0.5 times"; up to
    ``WHOLE_STEPS`` a tick is each whole number, past it plotly's own steps (2, 5, 10...)
    are whole already."""
    axis: dict[str, object] = {"tickformat": ",d"}
    if largest <= WHOLE_STEPS:
        axis["dtick"] = 1
    return axis
