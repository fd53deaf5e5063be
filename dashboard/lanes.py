"""The resource lanes under the strike timeline: gauge, hand, deck, boosts, Exceed, and
a row per season counter the game shows (overdrive, partner life...: ``GameLanes.names``,
drawn with no per-season code).

One small row per lane, both players in it (p1 blue, p2 red,
step lines), on the timeline's own x axis: the same replay positions, the same range
(``timeline.x_range``), the same turn ticks (``timeline.turn_marks``) and the same left
margin (``timeline.left_margin``), so a turn sits at the same x in every row of the
page. The lanes come from one fold of the log, kept with the opened game
(``GameReplay.lanes``); they are open information (counts, Exceed), the same for every
perspective. The viewer's position is a dotted line, as on the timeline.

The lanes begin where the game begins (``GameLanes.start``: just after turn 1 starts, at
turn 1's tick): the setup before it (shuffles, opening draws, mulligans) is a grey band
labelled ``setup`` with no line in it, so no lane ramps up from an empty hand and a
full deck nobody played from. The viewer stepped into the setup shows its dotted line in
the band; a game with no turn started yet is one band over the whole axis.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go

from dashboard.literal import html
from dashboard.timeline import COLOURS, left_margin
from dashboard.winprob import ticks
from replay.query import GameLanes

TITLES = {"gauge": "gauge", "hand": "hand", "deck": "deck", "boosts": "boosts",
          "exceed": "exceed"}
"""Each lane's y-axis title."""

ROW_PX = 58

SETUP = "setup"
"""The label of the band over the setup, before the lanes begin."""
NOT_BEGUN = "setup: the lanes begin when turn 1 starts"
"""The band's label when no turn has started yet (a live game at its mulligans)."""
BAND = "rgba(120, 120, 120, 0.14)"


def mode_words(value: int) -> str:
    """An ``exceed`` lane value in words: normal or exceeded."""
    return "exceeded" if value > 0 else "normal"


def whole_ticks(lanes: GameLanes, name: str) -> list[int]:
    """A lane's y ticks: 0, its highest value and, from 4 up, the middle (whole cards)."""
    top = max((v for seat in lanes.seats for _, v in seat.lane(name)), default=0)
    return sorted({0, top, *([top // 2] if top >= 4 else [])})


def figure(lanes: GameLanes, seats: tuple[str, str], x_range: list[float],
           turns: Mapping[int, int], at: int | None = None) -> go.Figure:
    """The lanes figure: a row per lane, a step line per seat from ``lanes.start`` on,
    the setup before it a labelled band; ``turns`` are the turn starts the x axis is
    labelled with, ``at`` the viewer's position.

    Built as one plain spec (axes, domains, traces) and validated once: plotly's
    ``make_subplots`` and per-row updates cost about 100 ms for five rows."""
    names = lanes.names()
    rows = len(names)
    gap = 0.03
    height = (1 - gap * (rows - 1)) / rows
    tickvals, ticktext = ticks(turns)
    layout: dict[str, Any] = {
        "height": ROW_PX * rows + 50, "hovermode": "x unified", "showlegend": False,
        "margin": {"l": left_margin(seats), "r": 10, "t": 6, "b": 10}}
    data: list[dict[str, Any]] = []
    for row, name in enumerate(names, 1):
        suffix = "" if row == 1 else str(row)
        top = 1 - (row - 1) * (height + gap)
        layout[f"xaxis{suffix}"] = {
            "anchor": f"y{suffix}", "domain": [0, 1], "range": x_range, "tickmode": "array",
            "tickvals": tickvals, "ticktext": ticktext, "showticklabels": row == rows,
            **({"matches": "x"} if row > 1 else {}),
            **({"title": {"text": "turn", "standoff": 2}} if row == rows else {})}
        layout[f"yaxis{suffix}"] = {
            "anchor": f"x{suffix}", "domain": [max(0.0, top - height), top],
            "title": {"text": TITLES.get(name, name), "font": {"size": 10}},
            "tickfont": {"size": 9},
            "rangemode": "tozero", "automargin": False,
            **({"tickvals": [0, 1], "ticktext": ["–", "Exc"]}
               if name == "exceed" else {"tickvals": whole_ticks(lanes, name)})}
        for seat in (0, 1):
            who = html(seats[seat])  # a name from the log, inside plotly's template
            series = lanes.seats[seat].lane(name)
            if not series:  # no turn has started: nothing to draw
                continue
            ys = [v for _, v in series] + [series[-1][1]]
            data.append({
                "type": "scatter", "mode": "lines", "name": f"{who} {name}",
                "x": [p for p, _ in series] + [lanes.length], "y": ys,
                "xaxis": f"x{suffix}", "yaxis": f"y{suffix}",
                "line": {"shape": "hv", "color": COLOURS[seat], "width": 1.6,
                         "dash": "solid" if seat == 0 else "dot"},
                "text": [mode_words(v) for v in ys] if name == "exceed" else [str(v) for v in ys],
                "hovertemplate": f"{who} {name}: %{{text}} · event %{{x}}<extra></extra>"})
    layout["shapes"], layout["annotations"] = setup_band(lanes)
    if at is not None:
        layout["shapes"].append({"type": "line", "xref": "x", "yref": "paper", "x0": at,
                                 "x1": at, "y0": 0, "y1": 1,
                                 "line": {"color": "#555", "dash": "dot", "width": 1}})
    return go.Figure({"data": data, "layout": layout})


def setup_band(lanes: GameLanes) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The grey band over the setup (position 0 to ``lanes.start``, every row) and its
    label, written up the band so it fits however short the setup is beside the game;
    with no turn started, the band covers the whole game and says when the lanes begin."""
    end = lanes.start if lanes.start is not None else max(lanes.length, 1)
    band = {"type": "rect", "xref": "x", "yref": "paper", "x0": 0, "x1": end, "y0": 0,
            "y1": 1, "fillcolor": BAND, "line": {"width": 0}, "layer": "below"}
    label = {"xref": "x", "yref": "paper", "x": end / 2, "y": 0.5, "showarrow": False,
             "text": SETUP if lanes.start is not None else NOT_BEGUN,
             "font": {"size": 10, "color": "#666"},
             **({"textangle": -90} if lanes.start is not None else {})}
    return [band], [label]
