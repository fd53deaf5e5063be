"""The resource lanes under the strike timeline: gauge, hand, deck, boosts, Exceed.

One small row per lane (``replay.query.LANES``), both players in it (p1 blue, p2 red,
step lines), on the timeline's own x axis: the same replay positions, the same range
(``timeline.x_range``), the same turn ticks (``timeline.turn_marks``) and the same left
margin (``timeline.left_margin``), so a turn sits at the same x in every row of the
page. The lanes come from one fold of the log, kept with the opened game
(``GameReplay.lanes``); they are open information (counts, Exceed), the same for every
perspective. The viewer's position is a dotted line, as on the timeline.
"""

from __future__ import annotations

from collections.abc import Mapping

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from dashboard.timeline import COLOURS, left_margin
from dashboard.winprob import ticks
from replay.query import LANES, GameLanes

TITLES = {"gauge": "gauge", "hand": "hand", "deck": "deck", "boosts": "boosts",
          "exceed": "exceed"}
"""Each lane's y-axis title."""

ROW_PX = 58


def mode_words(value: int) -> str:
    """An ``exceed`` lane value in words: normal, exceeded, or exceeded with N in
    Overdrive (BlazBlue)."""
    if value <= 0:
        return "normal"
    return "exceeded" if value == 1 else f"exceeded, overdrive {value - 1}"


def figure(lanes: GameLanes, seats: tuple[str, str], x_range: list[float],
           turns: Mapping[int, int], at: int | None = None) -> go.Figure:
    """The lanes figure: a row per lane, a step line per seat; ``turns`` are the turn
    starts the x axis is labelled with, ``at`` the viewer's position."""
    fig = make_subplots(rows=len(LANES), cols=1, shared_xaxes=True, vertical_spacing=0.03)
    for row, name in enumerate(LANES, 1):
        for seat in (0, 1):
            series = lanes.seats[seat].lane(name)
            xs = [p for p, _ in series] + [lanes.length]
            ys = [v for _, v in series] + [series[-1][1]]
            words = ([mode_words(v) for v in ys] if name == "exceed"
                     else [str(v) for v in ys])
            fig.add_trace(go.Scatter(
                x=xs, y=ys, mode="lines", name=f"{seats[seat]} {name}",
                legendgroup=f"seat{seat}", showlegend=False,
                line={"shape": "hv", "color": COLOURS[seat], "width": 1.6,
                      "dash": "solid" if seat == 0 else "dot"},
                text=words,
                hovertemplate=f"{seats[seat]} {name}: %{{text}} · event %{{x}}<extra></extra>"),
                row=row, col=1)
        fig.update_yaxes(title_text=TITLES[name], title_font_size=10, tickfont_size=9,
                         rangemode="tozero", nticks=3, automargin=False, row=row, col=1)
    fig.update_yaxes(tickvals=[0, 1, 2, 3, 4], ticktext=["–", "Exc", "OD1", "OD2", "OD3"],
                     row=len(LANES), col=1)
    tickvals, ticktext = ticks(turns)
    fig.update_xaxes(range=x_range, tickmode="array", tickvals=tickvals, ticktext=ticktext)
    fig.update_xaxes(title_text="turn", title_standoff=2, row=len(LANES), col=1)
    if at is not None:
        fig.add_vline(x=at, line={"color": "#555", "dash": "dot", "width": 1})
    fig.update_layout(height=ROW_PX * len(LANES) + 50, hovermode="x unified",
                      margin={"l": left_margin(seats), "r": 10, "t": 6, "b": 10})
    return fig
