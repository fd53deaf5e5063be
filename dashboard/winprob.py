"""The win-probability row of the Game page's timeline: P1's chance at every analysed point.

A stored game analysis (``replay.query.game_analysis``) gives P1's win probability at
every analysed point (a turn's first action choice, an attack set in a strike) with its
95% interval. The row draws it as a line over a band, on the timeline's own x axis (the
replay position), so a point sits where its decision lies among the strikes and life
steps above it; the axis is labelled in turns (a tick at the start of each turn), so the
points of one turn spread inside it. Inaccuracies, mistakes and blunders (the review's
significant swings, ``docs/metrics.md``) get their own markers (▲ ◆ ✕) in the colour of
the player who erred, with a legend entry per seat and severity; under p1 / p2 only that
player's markers are drawn (``dashboard.review``).

Each point carries ``["decision", idx, event]`` as its customdata: a click on it moves
the viewer to the position just before decision ``idx`` (``decision_from_selection``).

PICK: which point a click selects is plotly's nearest hovered point, and plotly measures
a marker's distance as ``max(d - r, 1 - 3 / r)`` (``r``: its radius, at least 3), so a
large severity marker reads 0.6 anywhere on it while any small dot within 3 px of the
cursor reads 0. The second set point of a strike lies one event after the first, a few
pixels away: a click on the first setter's blunder marker opened the second setter's
decision. So the line picks the clicks: a trace without markers, whose points plotly
counts as 0.5 px wide (``lines+text`` with no text, since plotly selects no point of a
``lines`` trace); its dots are drawn by a trace that never hovers; and a severity marker
wins everywhere on it except within 1.1 px of another point.

Under a player's perspective (``p1`` / ``p2``) the hover names the other player's
decisions only by who took them: their labels and options name cards from a hand that
player never saw; under a spectator's (``public``) neither player's.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

from dashboard import literal, review
from dashboard.selection import selected_data
from replay.query import AnalysisPointRow

TAG = "decision"
"""The first customdata item of a win-probability point (a strike marker's is a number)."""

SEVERITIES = ("inaccuracy", "mistake", "blunder")
SEVERITY_STYLE: dict[str, tuple[str, str, int]] = {
    "inaccuracy": ("triangle-up", "#f2b705", 12),
    "mistake": ("diamond", "#ff7f0e", 13),
    "blunder": ("x", "#7b2cbf", 15),
}
"""Marker symbol, colour (in the decision list) and size of each severity; on the chart a
marker takes the colour of the seat that erred (``SEAT_COLOURS``)."""
SEAT_COLOURS = ("#1f77b4", "#d62728")  # as the timeline's: p1 blue, p2 red

P1_COLOUR = "#1f77b4"
BAND = "rgba(31, 119, 180, 0.18)"


def seat(player: int) -> str:
    return "p1" if player == 0 else "p2"


def percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f}%"


def interval(low: float | None, high: float | None) -> str:
    if low is None or high is None:
        return "–"
    return f"{100 * low:.0f}–{100 * high:.0f}%"


def visible(point: AnalysisPointRow, perspective: str) -> bool:
    """May ``perspective`` see the label and options of ``point``'s decision? ``all``
    and the player who decided; the other player never saw that hand."""
    return perspective in ("all", seat(point.player))


def turn_at(position: int, turn_starts: Sequence[int],
            turn_numbers: Sequence[int] | None = None) -> int | None:
    """The turn the viewer shows at ``position`` (``turn_starts``: the events before each
    turn's ``TurnStarted``, as ``GameReplay.replay.turn_starts``; ``turn_numbers``: the
    turn each starts, ``replay.turn_numbers``, which a game played on from a built
    position does not count from 1); None before the log's first turn starts."""
    count = bisect.bisect_right(turn_starts, position - 1)
    if not count:
        return None
    return turn_numbers[count - 1] if turn_numbers else count


def turn_positions(points: Sequence[AnalysisPointRow],
                   turn_starts: Sequence[int] | None,
                   turn_numbers: Sequence[int] | None = None) -> dict[int, int]:
    """``{turn: position of its start}``: from the log's turn starts when known (the
    position just after each ``TurnStarted``, numbered by ``turn_numbers`` when given,
    as ``turn_at``), else the earliest analysed point of each turn (a game shown from the
    index only)."""
    if turn_starts:
        numbers = turn_numbers or range(1, len(turn_starts) + 1)
        return {n: start + 1 for n, start in zip(numbers, turn_starts, strict=True)}
    first: dict[int, int] = {}
    for p in points:
        first[p.turn] = min(first.get(p.turn, p.event), p.event)
    return dict(sorted(first.items()))


def ticks(turns: Mapping[int, int], most: int = 14) -> tuple[list[int], list[str]]:
    """Tick positions and labels for the x axis: the starts of turn 1 and of later turns
    at least 1/``most`` of the axis apart (short turns would crowd their labels)."""
    if not turns:
        return [], []
    positions = list(turns.values())
    gap = (max(positions) - min(positions)) / most
    chosen: list[tuple[int, int]] = []
    for turn, x in turns.items():
        if not chosen or x - chosen[-1][1] >= gap:
            chosen.append((turn, x))
    return [x for _, x in chosen], [str(t) for t, _ in chosen]


def hover(point: AnalysisPointRow, turn: int, perspective: str = "all",
          view: int | None = None) -> str:
    """The hover text of one point: turn, who decided, the decision, P1's chance with its
    interval and sample (``view``: the seat whose view the curve holds there, named when
    it is not the decider's: a strike's second set point, ``analysis_panel.first_setter``),
    and the review's swing and severity where ``perspective`` sees its marker
    (``review.marked``)."""
    where = f"turn {turn}" + (f" · strike {point.strike}" if point.kind == "strike" else "")
    decision = (f"<b>{literal.html(point.decision)}</b>" if visible(point, perspective)
                else f"(hidden as {review.seen_as(perspective)})")
    lines = [f"{where} · {seat(point.player)} decides: {decision}",
             f"P1 {percent(point.p1)} (95%: {interval(point.low, point.high)}, n={point.n})"
             + ("" if view is None else f", from {seat(view)}'s view")]
    if point.severity and review.marked(point, perspective):  # hidden as its marker is
        lines.append(f"<b>{point.severity}</b>: {seat(point.player)} lost "
                     f"{100 * point.swing:.0f} points against the best option")
    lines.append("click: replay this decision")
    return "<br>".join(lines)


def add_rows(fig: go.Figure, points: Sequence[AnalysisPointRow], row: int,
             turn_of: Mapping[int, int], perspective: str = "all",
             views: Mapping[int, int] | None = None) -> None:
    """P1's chance at every point of ``points`` on row ``row`` of ``fig`` (its 95%
    interval a band), then one marker trace per severity; ``turn_of``: the turn of each
    point by ``idx``, as the viewer counts turns; ``views``: by ``idx``, the seat whose
    view the curve holds at a point where it is not the decider's (``hover``)."""
    views = views or {}
    xs = [p.event for p in points]
    fig.add_trace(go.Scatter(x=xs, y=[100 * p.high for p in points], mode="lines",
                             line={"width": 0}, hoverinfo="skip", showlegend=False),
                  row=row, col=1)
    fig.add_trace(go.Scatter(x=xs, y=[100 * p.low for p in points], mode="lines",
                             line={"width": 0}, fill="tonexty", fillcolor=BAND,
                             name="95% interval", hoverinfo="skip", legendgroup="winprob"),
                  row=row, col=1)
    ys = [100 * p.p1 for p in points]
    fig.add_trace(go.Scatter(  # the line picks a click: its points (PICK)
        x=xs, y=ys, mode="lines+text", name="P1 win chance",
        legendgroup="winprob", line={"color": P1_COLOUR, "width": 1.5},
        customdata=[[TAG, p.idx, p.event] for p in points],
        hovertext=[hover(p, turn_of.get(p.idx, p.turn), perspective, views.get(p.idx))
                   for p in points],
        hovertemplate="%{hovertext}<extra></extra>"), row=row, col=1)
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers", marker={"size": 5, "color": P1_COLOUR},
                             hoverinfo="skip", showlegend=False, legendgroup="winprob"),
                  row=row, col=1)
    for severity in SEVERITIES:  # after the line: drawn on top, found by name
        symbol, _, size = SEVERITY_STYLE[severity]
        for player in (0, 1):  # coloured by who erred (the seats' colours)
            marked = [p for p in points if p.severity == severity and p.player == player
                      and review.marked(p, perspective)]
            if not marked:
                continue
            fig.add_trace(go.Scatter(
                x=[p.event for p in marked], y=[100 * p.p1 for p in marked], mode="markers",
                name=f"{seat(player)} {severity}", legendgroup="severity",
                marker={"symbol": symbol, "color": SEAT_COLOURS[player], "size": size,
                        "line": {"width": 1, "color": "#222"}},
                customdata=[[TAG, p.idx, p.event] for p in marked],
                text=[hover(p, turn_of.get(p.idx, p.turn), perspective, views.get(p.idx))
                      for p in marked],
                hovertemplate="%{text}<extra></extra>"), row=row, col=1)
    fig.add_hline(y=50, row=row, col=1, line={"color": "#999", "width": 1, "dash": "dot"})
    fig.update_yaxes(title_text="P1 win %", range=[-4, 104], tickvals=[0, 50, 100],
                     row=row, col=1)


PARENT_COLOUR = "#7f7f7f"


def add_parent(fig: go.Figure, points: Sequence[AnalysisPointRow], row: int, at: int) -> None:
    """A forked game's parent's P1 win chance (``points``: the parent's analysis) as a
    dashed grey line beside the fork's own on row ``row``; the two games share every
    position before the fork point ``at`` and go their own ways after it."""
    if not points:
        return
    fig.add_trace(go.Scatter(
        x=[p.event for p in points], y=[100 * p.p1 for p in points], mode="lines",
        name="parent: P1 win chance", legendgroup="parent",
        line={"color": PARENT_COLOUR, "width": 1.5, "dash": "dash"},
        text=[f"parent game · decision {p.idx} · P1 {percent(p.p1)}" for p in points],
        hovertemplate="%{text}<extra></extra>"), row=row, col=1)
    fig.add_vline(x=at, row=row, col=1, line={"color": PARENT_COLOUR, "width": 1,
                                               "dash": "dot"})


def evaluation(points: Sequence[AnalysisPointRow], position: int) -> AnalysisPointRow | None:
    """The analysed point that evaluates the table at ``position``: the last one at or
    before it (None before the first)."""
    before = [p for p in points if p.event <= position]
    return max(before, key=lambda p: (p.event, p.idx)) if before else None


def decision_from_selection(selection: Any) -> int | None:
    """The decision index of the first selected win-probability point in a chart
    selection event (None if the selection holds none, e.g. a strike marker)."""
    for data in selected_data(selection):
        if len(data) >= 2 and data[0] == TAG:
            try:
                return int(data[1])
            except (TypeError, ValueError):
                continue
    return None
