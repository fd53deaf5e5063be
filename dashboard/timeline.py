"""The strike timeline: one marker per strike over the game, life totals underneath.

The shared x axis is the replay position (events so far), so a strike's marker sits
where the replay viewer lands when it is clicked: just after its ``StrikeStarted``.
Marker shape is the attacker's outcome (hit, miss, or a hit that stunned the
defender), size grows with the attacker's damage, colour is the attacking seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from replay.query import LifePoint, StrikeRow

COLOURS = ("#1f77b4", "#d62728")  # p1 blue, p2 red
SYMBOLS = {"hit": "circle", "miss": "x", "stun": "star"}
OUTCOME_LABELS = {"hit": "hit", "miss": "miss", "stun": "hit + stun"}


def outcome(row: StrikeRow) -> str:
    """``stun`` if the attacker hit and stunned the defender, ``hit`` or ``miss`` otherwise."""
    if row.a_hit and row.d_stunned:
        return "stun"
    return "hit" if row.a_hit else "miss"


def position(row: StrikeRow) -> int:
    """The replay position at the start of the strike (just after ``StrikeStarted``)."""
    return row.first_event + 1


def _flags(ex: bool, wild: bool, critical: bool) -> str:
    on = [label for label, flag in (("EX", ex), ("wild swing", wild), ("Critical", critical))
          if flag]
    return ", ".join(on) or "no EX / wild swing / Critical"


def hover(row: StrikeRow, cards: Mapping[str, str], seats: tuple[str, str]) -> str:
    """The hover text of one strike: both cards, speeds, flags, damage and life after."""
    a, d = seats[row.attacker], seats[row.defender]

    def card(card_id: str) -> str:
        return cards.get(card_id, card_id) if card_id else "(no attack)"

    stunned = " · defender STUNNED" if row.d_stunned else ""
    a_stunned = " · attacker STUNNED" if row.a_stunned else ""
    return "<br>".join([
        f"<b>strike {row.strike}</b> · turn {row.turn} · {a} attacks",
        f"{a}: <b>{card(row.a_card)}</b> · speed {row.a_speed} · "
        f"{_flags(row.a_ex, row.a_wild, row.a_critical)}",
        f"{d}: <b>{card(row.d_card)}</b> · speed {row.d_speed} · "
        f"{_flags(row.d_ex, row.d_wild, row.d_critical)}",
        f"{a} {OUTCOME_LABELS[outcome(row)]}, deals {row.a_damage}; "
        f"{d} deals {row.d_damage}{stunned}{a_stunned}",
        f"life after: {a} {row.a_life_after} · {d} {row.d_life_after}",
    ])


def figure(strikes: Sequence[StrikeRow], life: Sequence[LifePoint], seats: tuple[str, str],
           cards: Mapping[str, str], at: int | None = None) -> go.Figure:
    """The timeline figure; ``seats`` are the legend names (``p1 Ryu``), ``at`` the cursor."""
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.06,
                        row_heights=[0.42, 0.58])
    for seat in (0, 1):
        rows = [r for r in strikes if r.attacker == seat]
        fig.add_trace(go.Scatter(
            x=[position(r) for r in rows], y=[seats[seat]] * len(rows), mode="markers",
            name=f"{seats[seat]} attacks", legendgroup=f"seat{seat}", showlegend=False,
            marker={"color": COLOURS[seat], "size": [12 + 3 * r.a_damage for r in rows],
                    "symbol": [SYMBOLS[outcome(r)] for r in rows],
                    "line": {"width": 1, "color": "#333"}},
            customdata=[[r.strike, position(r)] for r in rows],
            text=[hover(r, cards, seats) for r in rows],
            hovertemplate="%{text}<extra></extra>"), row=1, col=1)
    for seat in (0, 1):  # legend only: the colour of each attacking seat
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=f"{seats[seat]} attacks",
                                 legendgroup=f"seat{seat}", hoverinfo="skip",
                                 marker={"symbol": "square", "color": COLOURS[seat], "size": 11}),
                      row=1, col=1)
    for label, symbol in SYMBOLS.items():  # legend only: the outcome shapes
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=OUTCOME_LABELS[label],
                                 marker={"symbol": symbol, "color": "#888", "size": 11},
                                 legendgroup="shape", hoverinfo="skip"), row=1, col=1)
    xs = [p.position for p in life]
    for seat in (0, 1):
        fig.add_trace(go.Scatter(
            x=xs, y=[p.p1_life if seat == 0 else p.p2_life for p in life], mode="lines",
            line={"shape": "hv", "color": COLOURS[seat], "width": 2},
            name=f"{seats[seat]} life", legendgroup=f"seat{seat}",
            text=[f"turn {p.turn}" for p in life],
            hovertemplate=f"{seats[seat]}: life %{{y}} · %{{text}} · event %{{x}}<extra></extra>"),
            row=2, col=1)
    if at is not None:
        fig.add_vline(x=at, line={"color": "#555", "dash": "dot", "width": 1})
    end = max(xs) if xs else 1
    fig.update_xaxes(range=[-end * 0.02, end * 1.02])
    fig.update_xaxes(title_text="event (replay position)", row=2, col=1)
    fig.update_yaxes(categoryorder="array", categoryarray=[seats[1], seats[0]], row=1, col=1)
    fig.update_yaxes(title_text="life", rangemode="tozero", row=2, col=1)
    fig.update_layout(height=420, margin={"l": 10, "r": 10, "t": 70, "b": 10},
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.03, "x": 0},
                      hovermode="closest")
    return fig


def strike_from_selection(selection: Any) -> int | None:
    """The strike number of the first selected strike marker in a chart selection event."""
    try:
        points = selection["selection"]["points"]
    except (KeyError, TypeError):
        return None
    for point in points or ():
        data = point.get("customdata") if isinstance(point, Mapping) else None
        if isinstance(data, Sequence) and not isinstance(data, str) and data:
            try:
                return int(data[0])
            except (TypeError, ValueError):
                continue
    return None
