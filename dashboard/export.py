"""Export from the pages: every table with a CSV download button beside it, and every chart
with plotly's own "download as PNG" modebar button under a meaningful file name.

``csv_bytes`` is the pure part (tested on its own), as is ``safe_file_name``, which makes
every file name offered (a log's own, a name built of a log's fighter ids) one a save
dialog shows as it is; ``table`` draws a dataframe (its rates as percentages that sort as
numbers, ``stats.percent_cells``; the CSV keeps the fractions) and its button; ``chart``
draws a plotly figure with ``chart_config``, its title wrapped to fit a phone
(``fit_title``).
"""

from __future__ import annotations

import csv
import io
import os
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from dashboard.stats import SUPPRESSED, percent_cells, rate_columns

Row = Mapping[str, object]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is a formula to a spreadsheet (OWASP, "CSV
Injection"): a player named ``=HYPERLINK("http://x","a")`` ran as one in a download."""


def csv_bytes(rows: Sequence[Row]) -> bytes:
    """The rows as UTF-8 CSV with a header line (the first row's keys, in order); an empty
    value (None) is an empty field. A text value that a spreadsheet would run as a formula
    (``FORMULA_STARTS``: a name, a card, anything a log or a person wrote) is written
    after an apostrophe, which spreadsheets show as text; numbers are written as they
    are."""
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows({key: _inert(value) for key, value in row.items()} for row in rows)
    return out.getvalue().encode("utf-8")


def _inert(value: object) -> object:
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def chart_config(name: str) -> dict[str, Any]:
    """A plotly config whose modebar camera button saves ``<name>.png`` (made safe:
    ``safe_file_name``; a name may hold a fighter id or a player's name)."""
    return {"toImageButtonOptions": {"format": "png", "filename": safe_file_name(name),
                                     "scale": 2},
            "displaylogo": False}


NAME_PX = (7.5, 28, 300)
"""A name column's width: pixels per character, padding, and the most it takes."""


def name_column(rows: Sequence[Row]) -> dict[str, Any]:
    """Column config for the first column when it names the rows (text: a card, an
    opponent, a decision): as wide as its longest name, up to ``NAME_PX``'s cap. The
    grid's own sizing cut "Wrath of the Raging Demon" to "Wrath of the Ra" on the Cards
    page. Not pinned: the grid greys a pinned column as it does an index."""
    if not rows:
        return {}
    first = next(iter(rows[0]))
    names = [row.get(first) for row in rows]
    if not all(isinstance(n, str) for n in names if n is not None):
        return {}
    per_char, padding, most = NAME_PX
    longest = max([len(first), *(len(n) for n in names if isinstance(n, str))])
    width = min(most, int(padding + per_char * longest))
    return {first: st.column_config.Column(width=width)}


_UNSAFE_IN_NAMES = frozenset('<>:"/\\|?*')
"""Characters a file name on some system cannot hold (Windows'), beside the invisible."""


def safe_file_name(name: str) -> str:
    """``name`` as a file name to offer for download: every control, format or other
    unprintable character (a RIGHT-TO-LEFT OVERRIDE, U+202E, makes ``x\u202egol.exe``
    read ``xexe.log`` in a save dialog) and every character a file name cannot hold on
    some system written ``_``; at most 120 characters, the end (the extension) kept."""
    safe = "".join("_" if not c.isprintable() or c in _UNSAFE_IN_NAMES else c
                   for c in name).strip(" .") or "_"
    return safe if len(safe) <= 120 else safe[:60] + "…" + safe[-59:]


def log_file_name(path: str, game_id: str) -> str:
    """The name the Game page offers a game's log under: the log's own file name made
    safe (``safe_file_name``), ending ``.exlog``; the game id's first 12 digits when
    nothing of the name is left."""
    name = safe_file_name(os.path.basename(path))
    if name.strip("_") in ("", ".exlog", "exlog"):
        name = game_id[:12]
    return name if name.endswith(".exlog") else f"{name}.exlog"


def average_columns(rows: Sequence[Row]) -> dict[str, Any]:
    """Column config for the averages (a column named ``avg ...``): two decimals always,
    so 3.6 and 3.32 line up as 3.60 and 3.32 (the CSV keeps the value)."""
    if not rows:
        return {}
    return {name: st.column_config.NumberColumn(format="%.2f")
            for name in rows[0] if name.startswith("avg ")}


PERCENT = st.column_config.NumberColumn(format="%.1f%%")
"""A rate column in percent (``stats.percent_cells``): ``35.3%``, sorted as a number."""


ROW_PX, HEADER_PX, MOST_ROWS = 35, 38, 18
"""A list's table: a row's height, the header's (with the borders), and the most rows it
shows before it scrolls (18 fill a 1280x800 window)."""


def fitted_height(rows: int) -> int:
    """The height of a table of ``rows`` rows sized to them: the header and each row, at
    most ``MOST_ROWS`` (then it scrolls). A floor of 3 or 5 rows drew blank rows under a
    club's 2 players or a filter's 4 games."""
    return HEADER_PX + ROW_PX * max(1, min(rows, MOST_ROWS))


def table(rows: Sequence[Row], key: str, name: str, **options: Any) -> Any:
    """``st.dataframe`` of ``rows`` (``key``) and under it a "Download CSV" button saving
    ``<name>.csv``; returns the dataframe's value (its selection, when asked for). The
    first column, when it names the rows, is wide enough for them (``name_column``),
    an average has two decimals (``average_columns``), a rate reads ``35.3%`` and sorts
    as a number (``PERCENT``); a caller's ``column_config`` for
    a column wins. A missing value reads ``–``, never the grid's own "None" (the
    Insights page's means of too few decisions)."""
    config = {**name_column(rows), **average_columns(rows),
              **{name: PERCENT for name in rate_columns(rows)},
              **(options.pop("column_config", None) or {})}
    shown = st.dataframe(percent_cells(rows), key=key, hide_index=True, width="stretch",
                         column_config=config, placeholder=SUPPRESSED, **options)
    st.download_button("Download CSV", csv_bytes(rows), file_name=safe_file_name(f"{name}.csv"),
                       mime="text/csv", key=f"{key}.csv", on_click="ignore",
                       icon=":material/download:")
    return shown


TITLE_CHARS = 40
"""The longest line of a chart's title: plotly never wraps a title, and in a 390-pixel
window (a phone) the chart is about 358 pixels wide, some 50 characters of its title
font. "Ken Masters: hit rate per card, 95% interval (cards with at least 10 strikes)"
ran 160 pixels past the chart's right edge, cut off."""
TITLE_LINE_PX = 24
"""The room one more line of a title takes at the top of a chart."""


def fit_title(figure: go.Figure) -> None:
    """Break ``figure``'s title into lines of at most ``TITLE_CHARS`` characters at its
    spaces (its own ``<br>`` kept; a title's text is escaped HTML, whose entities hold no
    space, so none is cut), and make room for the added lines above the plot: its top
    margin and its height grow by ``TITLE_LINE_PX`` a line, so the plot keeps its size,
    and the first line sits near the chart's top edge, the others under it (plotly
    centres a title's first line in the margin and hangs the others below: a third line
    fell on the plot's first bar)."""
    text = figure.layout.title.text
    if not text:
        return
    lines = [line for part in text.split("<br>")
             for line in textwrap.wrap(part, TITLE_CHARS, break_long_words=False,
                                       break_on_hyphens=False) or [""]]
    extra = TITLE_LINE_PX * (len(lines) - 1)
    figure.update_layout(title_text="<br>".join(lines))
    if extra:  # every line in the grown margin, above the plot
        top = figure.layout.margin.t
        figure.update_layout(margin_t=(30 if top is None else top) + extra)
        if figure.layout.height is not None:
            height = figure.layout.height + extra
            # plotly sets a title's first line where its anchor says, the others under it
            figure.update_layout(height=height, title={
                "yref": "container", "yanchor": "middle", "y": 1 - TITLE_LINE_PX / height})


def chart(figure: go.Figure, key: str, name: str) -> None:
    """``st.plotly_chart`` with the PNG button saving ``<name>.png``, its title fitted to
    a phone's width (``fit_title``)."""
    fit_title(figure)
    st.plotly_chart(figure, width="stretch", key=key, config=chart_config(name))
