"""What a click on a plotly chart selected (Streamlit's ``on_select`` event): the
``customdata`` of each selected point. The event comes from the browser, so anything
that is not a non-empty list is skipped, never trusted."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any


def selected_data(selection: Any) -> Iterator[Sequence[Any]]:
    """The non-empty ``customdata`` of each selected point, in order."""
    try:
        points = selection["selection"]["points"]
    except (KeyError, TypeError):
        return
    for point in points or ():
        data = point.get("customdata") if isinstance(point, Mapping) else None
        if isinstance(data, Sequence) and not isinstance(data, str) and data:
            yield data
