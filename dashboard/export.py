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

from dashboard.stats import percent_cells

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


def table(rows: Sequence[Row], key: str, name: str, **options: Any) -> Any:
    """``st.dataframe`` of ``rows`` (``key``) and under it a "Download CSV" button saving
    ``<name>.csv``; returns the dataframe's value (its selection, when asked for)."""
    shown = st.dataframe(percent_cells(rows), key=key, hide_index=True, width="stretch",
                         **options)
    st.download_button("Download CSV", csv_bytes(rows), file_name=f"{name}.csv",
                       mime="text/csv", key=f"{key}.csv", on_click="ignore",
                       icon=":material/download:")
    return shown


def chart(figure: go.Figure, key: str, name: str) -> None:
    """``st.plotly_chart`` with the PNG button saving ``<name>.png``."""
    st.plotly_chart(figure, width="stretch", key=key, config=chart_config(name))
