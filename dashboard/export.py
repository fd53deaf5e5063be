"""Export from the pages: every table with a CSV download button beside it, and every chart
with plotly's own "download as PNG" modebar button under a meaningful file name.

``csv_bytes`` is the pure part (tested on its own); ``table`` draws a dataframe (its rates
as percentages, ``stats.percent_cells``; the CSV keeps the fractions) and its button; ``chart`` draws a plotly figure with ``chart_config``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from dashboard.stats import SUPPRESSED, percent_cells

Row = Mapping[str, object]


def csv_bytes(rows: Sequence[Row]) -> bytes:
    """The rows as UTF-8 CSV with a header line (the first row's keys, in order); an empty
    value (None) is an empty field."""
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return out.getvalue().encode("utf-8")


def chart_config(name: str) -> dict[str, Any]:
    """A plotly config whose modebar camera button saves ``<name>.png``."""
    return {"toImageButtonOptions": {"format": "png", "filename": name, "scale": 2},
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


def average_columns(rows: Sequence[Row]) -> dict[str, Any]:
    """Column config for the averages (a column named ``avg ...``): two decimals always,
    so 3.6 and 3.32 line up as 3.60 and 3.32 (the CSV keeps the value)."""
    if not rows:
        return {}
    return {name: st.column_config.NumberColumn(format="%.2f")
            for name in rows[0] if name.startswith("avg ")}


def table(rows: Sequence[Row], key: str, name: str, **options: Any) -> Any:
    """``st.dataframe`` of ``rows`` (``key``) and under it a "Download CSV" button saving
    ``<name>.csv``; returns the dataframe's value (its selection, when asked for). The
    first column, when it names the rows, is wide enough for them (``name_column``),
    an average has two decimals (``average_columns``); a caller's ``column_config`` for
    a column wins. A missing value reads ``–``, never the grid's own "None" (the
    Insights page's means of too few decisions)."""
    config = {**name_column(rows), **average_columns(rows),
              **(options.pop("column_config", None) or {})}
    shown = st.dataframe(percent_cells(rows), key=key, hide_index=True, width="stretch",
                         column_config=config, placeholder=SUPPRESSED, **options)
    st.download_button("Download CSV", csv_bytes(rows), file_name=f"{name}.csv",
                       mime="text/csv", key=f"{key}.csv", on_click="ignore",
                       icon=":material/download:")
    return shown


def chart(figure: go.Figure, key: str, name: str) -> None:
    """``st.plotly_chart`` with the PNG button saving ``<name>.png``."""
    st.plotly_chart(figure, width="stretch", key=key, config=chart_config(name))
