"""The strike timeline: both sides' outcome of every strike over the game, life underneath.

The shared x axis is the replay position (events so far), labelled in turns: a tick at
the start of each turn (``turn_marks``), the mapping the win-probability row uses, so
every row of the page (and the resource lanes under it, ``dashboard.lanes``) reads on
one turn axis. The top rows are the seats: every strike puts one marker on each seat's
row, for that seat's own attack, labelled with the attack's short name (``label``: EX,
wild swing and Critical marked). Its shape is the outcome (hit, miss, a hit that
stunned, or stunned before attacking), its size grows with the damage that seat dealt,
and the attacker's marker has a dark outline. A marker sits where its damage lands (the
step of the opponent's life line below), or at the strike's start when it dealt none; a
thin line joins the strike's start to it (each seat's outcome, damage and landing are
read by ``dashboard.strike_sides``). Clicking a marker moves the replay viewer to the
start of its strike. The hover shows both attacks with their final speed, power and range
(``replay.query.AttackStats``, from the log), the distance at the time, damage and stun.

Every layer comes from one read model, ``replay.query.GameTimeline`` (``chart``): built
from the log when it can be read, else from the index's strike rows. With a stored game
analysis a third row draws P1's win probability on the same axis (``dashboard.winprob``).

The life rows draw one line per fighter (two per seat in Tag Team), mark each tag-in
and a deck-out loss on the axis. Hover text respects the viewer's perspective: under
``p1`` / ``p2`` a strike names its cards only once the viewer has passed the strike's end
(after the reveal both players have seen them); before that nothing names a card, and
the marker labels read ``?``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from dashboard import timeline_labels, winprob
from dashboard.literal import html
from dashboard.review import seen_as
from dashboard.selection import selected_data
from dashboard.strike_sides import cards_visible as cards_visible
from dashboard.strike_sides import landing, position, side_of
from dashboard.strike_sides import outcome_of as outcome_of
from replay.query import (
    AnalysisPointRow,
    AttackStats,
    DeckOut,
    FighterLife,
    GameTimeline,
    Moment,
    StrikeSummary,
    Switch,
)
from replay.query import fighters_from_strikes as fighters_from_strikes

COLOURS = ("#1f77b4", "#d62728")  # p1 blue, p2 red
SYMBOLS = {"hit": "circle", "miss": "x", "stun": "star", "stunned": "circle-open",
           "unset": "square-open"}
OUTCOME_LABELS = {"hit": "hit", "miss": "miss", "stun": "hit + stun",
                  "stunned": "stunned, no attack", "unset": "not revealed: game over"}
RARE_OUTCOMES = frozenset({"unset"})
"""Outcomes in the legend only when a strike of the game has one (a game that ended in
the middle of a strike)."""
DASHES = ("solid", "dot")
LABEL_CHARS = 10
"""A marker label longer than this is cut (with an ellipsis); the hover names it whole."""
ABBREVIATED_CHARS = 5
"""A label where the whole one has no room is cut to this (``timeline_labels``)."""
PNG = "toImage"
AttackPair = tuple[AttackStats | None, AttackStats | None]
"""Both seats' final attack stats in one strike (``GameLanes.attacks``), by seat."""


def chart_config(filename: str) -> dict[str, Any]:
    """The plotly config of a Game-page chart: only plotly's own PNG button
    (``toImage``), saving ``filename``.png at the size drawn."""
    return {"displayModeBar": True, "displaylogo": False,
            "modeBarButtons": [[PNG]],
            "toImageButtonOptions": {"format": "png", "filename": filename, "scale": 2}}


def short_name(name: str, limit: int = LABEL_CHARS) -> str:
    """A card name cut to ``limit`` characters for a marker label."""
    if len(name) <= limit:
        return name
    return name[:limit - 1].rstrip() + "…"


def label(row: StrikeSummary, seat: int, cards: Mapping[str, str],
          perspective: str = "all", at: int | None = None, short: bool = True,
          limit: int = LABEL_CHARS) -> str:
    """``seat``'s attack in ``row`` as a marker label: its short name (cut to ``limit``)
    with ``EX`` before it and ``WS`` (wild swing) or ``CR`` (Critical) after
    (``short=False``: the whole name); ``?`` while ``perspective`` may not see the cards
    yet, ``–`` when the seat had no attack."""
    if not cards_visible(row, perspective, at):
        return "?"
    mine = row.attacker == seat
    card = row.a_card if mine else row.d_card
    if not card:
        return "–"
    ex, wild, critical = ((row.a_ex, row.a_wild, row.a_critical) if mine
                          else (row.d_ex, row.d_wild, row.d_critical))
    name = cards.get(card, card)
    return (("EX " if ex else "") + (short_name(name, limit) if short else name)
            + (" WS" if wild else "") + (" CR" if critical else ""))


def turn_marks(strikes: Sequence[StrikeSummary], turn_starts: Sequence[int] | None,
               analysis: Sequence[AnalysisPointRow] = (),
               turn_numbers: Sequence[int] | None = None) -> dict[int, int]:
    """``{turn: position of its start}`` for the turn axis: the log's turn starts
    (``winprob.turn_positions``, numbered by ``turn_numbers`` when given), else the
    analysed points', else the first strike of each turn (a game drawn from the index
    alone)."""
    turns = winprob.turn_positions(analysis, turn_starts, turn_numbers)
    if turns:
        return turns
    first: dict[int, int] = {}
    for s in strikes:
        first.setdefault(s.turn, position(s))
    return dict(sorted(first.items()))


def x_range(model: GameTimeline) -> list[float]:
    """The x range every chart of a game shares: the whole game, with a small margin."""
    end = max((p for f in model.fighters for p, _ in f.points), default=1) or 1
    return [-end * 0.02, end * 1.02]


def left_margin(seats: tuple[str, str]) -> int:
    """One left margin for the timeline and the lanes under it, wide enough for the
    longer seat name, so their x axes line up (plotly's automatic margins would differ)."""
    return max(70, 12 + 7 * max(len(seat) for seat in seats))


def _flags(ex: bool, wild: bool, critical: bool) -> str:
    on = [label for label, flag in (("EX", ex), ("wild swing", wild), ("Critical", critical))
          if flag]
    return ", ".join(on) or "no EX / wild swing / Critical"


def table(strikes: Sequence[StrikeSummary], cards: Mapping[str, str], seats: tuple[str, str],
          perspective: str = "all", at: int | None = None,
          attacks: Sequence[AttackPair] = ()) -> list[dict[str, object]]:
    """The strikes as table rows (the page's "Strikes" table and its CSV): per strike the
    turn, who attacked, then per seat its attack, speed, power, range, distance, damage
    dealt and whether it was stunned. Cards read ``?`` and speeds, power and range are
    blank (None) while ``perspective`` may not see them yet (as on the hover)."""
    rows: list[dict[str, object]] = []
    for r in strikes:
        pair = attacks[r.strike - 1] if r.strike - 1 < len(attacks) else (None, None)
        shown = cards_visible(r, perspective, at)
        row: dict[str, object] = {"strike": r.strike, "turn": r.turn,
                                  "attacker": seats[r.attacker].split(" ")[0]}
        for seat in (0, 1):
            mine = seat == r.attacker
            stats = pair[seat]
            card = r.a_card if mine else r.d_card
            tag = "p1" if seat == 0 else "p2"
            reach = (None if stats is None or stats.low is None
                     else f"{stats.low}" if stats.low == stats.high
                     else f"{stats.low}-{stats.high}")
            row |= {
                f"{tag} attack": label(r, seat, cards, perspective, at, short=False)
                if card else "–",
                f"{tag} speed": (r.a_speed if mine else r.d_speed) if shown and card
                else None,  # no speed 0 for an attack never revealed
                f"{tag} power": stats.power if shown and stats is not None else None,
                f"{tag} range": reach if shown else None,
                f"{tag} at range": r.a_distance if mine else r.d_distance,
                f"{tag} outcome": OUTCOME_LABELS[outcome_of(r, seat)],
                f"{tag} damage": r.a_damage if mine else r.d_damage,
                f"{tag} stunned": r.a_stunned if mine else r.d_stunned,
            }
        rows.append(row)
    return rows


def _stats(stats: AttackStats | None, distance: int | None) -> str:
    """`` · power 4 · range 1-2 · at range 2`` (what is known of one attack)."""
    parts = []
    if stats is not None:
        parts.append(f"power {stats.power}")
        if stats.low is None or stats.high is None:
            parts.append("no range")
        else:
            parts.append(f"range {stats.low}" if stats.low == stats.high
                         else f"range {stats.low}-{stats.high}")
    if distance is not None:
        parts.append(f"at range {distance}")
    return "".join(f" · {p}" for p in parts)


def hover(row: StrikeSummary, cards: Mapping[str, str], seats: tuple[str, str],
          perspective: str = "all", at: int | None = None,
          stats: AttackPair = (None, None)) -> str:
    """The hover text of one strike: both cards (and where an attack was set from, if
    not the hand) with their final speed, power and range (``stats``, by seat: from the
    log; without it speed only) and the distance when each hit was checked, flags,
    damage and stun, life after, and the traps and buddies each seat had on the arena
    when the strike started (public: shown to every perspective).

    Cards, speeds, power, range and flags are left out while ``perspective`` may not
    see them yet. ``seats`` are as plotly shows them (``figure`` escapes them); every
    name from the log here is escaped (``dashboard.literal.html``). Long lines are broken
    (``timeline_labels.wrap``) so that the hover fits beside its marker."""
    a, d = seats[row.attacker], seats[row.defender]

    def card(card_id: str) -> str:
        return html(cards.get(card_id, card_id)) if card_id else "(never revealed)"

    def speed(card_id: str, value: int) -> str:  # no "speed 0" for an unrevealed attack
        return f"speed {value}" if card_id else "the game ended first"

    stunned = " · defender STUNNED" if row.d_stunned else ""
    a_stunned = " · attacker STUNNED" if row.a_stunned else ""
    if cards_visible(row, perspective, at):
        sides = [f"{a}: <b>{card(row.a_card)}</b>{_source(row.a_set_from)}"
                 f"{_origin(row.a_origin)}",
                 f"  {speed(row.a_card, row.a_speed)}"
                 f"{_stats(stats[row.attacker], row.a_distance)}",
                 f"  {_flags(row.a_ex, row.a_wild, row.a_critical)}",
                 f"{d}: <b>{card(row.d_card)}</b>{_source(row.d_set_from)}"
                 f"{_origin(row.d_origin)}",
                 f"  {speed(row.d_card, row.d_speed)}"
                 f"{_stats(stats[row.defender], row.d_distance)}",
                 f"  {_flags(row.d_ex, row.d_wild, row.d_critical)}"]
    else:
        sides = [f"as {seen_as(perspective)}: the attacks are named once the viewer",
                 f"  passes event {row.last_event + 1}, the end of this strike"]
    lines = [
        f"<b>strike {row.strike}</b> · turn {row.turn} · {a} attacks", *sides,
        f"{a} {OUTCOME_LABELS[outcome_of(row, row.attacker)]}, deals {row.a_damage};",
        f"{d} {OUTCOME_LABELS[outcome_of(row, row.defender)]}, deals {row.d_damage}"
        f"{stunned}{a_stunned}",
        f"life after: {a} {row.a_life_after} · {d} {row.d_life_after}",
        *(["on the arena (traps, buddies):",
           f"  {a} {html(row.a_objects)} · {d} {html(row.d_objects)}"]
          if row.a_objects or row.d_objects else []),
        *([f"exceeded: {_mode(a, row.a_exceeded, row.a_overdrive)}"
           f"{' · ' if row.a_exceeded and row.d_exceeded else ''}"
           f"{_mode(d, row.d_exceeded, row.d_overdrive)}"]
          if row.a_exceeded or row.d_exceeded else []),
    ]
    return "<br>".join(part for line in lines for part in timeline_labels.wrap(line))


def _origin(origin: str) -> str:
    """`` (from Mantenbo)`` for an attack whose range was measured from a buddy, a placed
    boost or the center, not from its fighter."""
    return f" (from {'the center' if origin == 'center' else html(origin)})" if origin else ""


def _mode(seat: str, exceeded: bool, overdrive: int) -> str:
    """A seat in Exceed mode at the strike's start, with its overdrive cards if any."""
    if not exceeded:
        return ""
    return f"{seat}" + (f" (overdrive {overdrive})" if overdrive else "")


def _source(set_from: str) -> str:
    """`` (set from gauge)`` for an attack not set from the hand; a wild swing (from the
    deck) is already named by its flag."""
    return "" if set_from in ("hand", "deck") else f" (set from {set_from})"


def chart(model: GameTimeline, seats: tuple[str, str], cards: Mapping[str, str],
          at: int | None = None, perspective: str = "all",
          analysis: Sequence[AnalysisPointRow] = (),
          turn_starts: Sequence[int] | None = None,
          attacks: Sequence[AttackPair] = (),
          turn_numbers: Sequence[int] | None = None,
          views: Mapping[int, int] | None = None) -> go.Figure:
    """The timeline figure of one game, every layer from ``model``; with ``analysis``
    (a stored analysis's points) a third row, P1's win probability (``winprob``;
    ``views``: whose view the curve holds where it is not the decider's);
    ``attacks``: each strike's final attack stats (``GameReplay.lanes.attacks``);
    ``turn_numbers``: the turn each of ``turn_starts`` starts (``replay.turn_numbers``)."""
    return figure(model.strikes, model.fighters, seats, cards, at, perspective,
                  model.switches, model.deck_out, model.moments, analysis, turn_starts,
                  attacks, turn_numbers, views)


def figure(strikes: Sequence[StrikeSummary], fighters: Sequence[FighterLife],
           seats: tuple[str, str], cards: Mapping[str, str], at: int | None = None,
           perspective: str = "all", switches: Sequence[Switch] = (),
           deck_out: DeckOut | None = None, moments: Sequence[Moment] = (),
           analysis: Sequence[AnalysisPointRow] = (),
           turn_starts: Sequence[int] | None = None,
           attacks: Sequence[AttackPair] = (),
           turn_numbers: Sequence[int] | None = None,
           views: Mapping[int, int] | None = None) -> go.Figure:
    """The timeline figure; ``seats`` are the row names (``p1 Ryu``), ``at`` the cursor.

    The x axis is labelled in turns (``turn_marks``: ``turn_starts``, the log's, numbered
    by ``turn_numbers`` when given, else
    the analysed points' or the strikes' own turns). With ``analysis`` (the points of a
    stored game analysis) a third row under the life lines draws P1's win probability on
    the same x axis. Names from the log are escaped (``dashboard.literal.html``): plotly
    reads tags in every text it draws."""
    seats = (html(seats[0]), html(seats[1]))
    rows = 3 if analysis else 2
    fig = make_subplots(rows=rows, cols=1, shared_xaxes=True,
                        vertical_spacing=0.06 if rows == 2 else 0.045,
                        row_heights=[0.4, 0.6] if rows == 2 else [0.27, 0.38, 0.35])
    end = max((p for f in fighters for p, _ in f.points), default=1) or 1
    placed = _labels(strikes, fighters, cards, perspective, at, end * 1.04)
    for seat in (0, 1):
        _strike_row(fig, strikes, fighters, seats, seat, cards, perspective, at, attacks,
                    placed[seat])
    for seat in (0, 1):  # after every strike marker (a page finds those by order)
        _moments(fig, [m for m in moments if m.seat == seat], seats[seat], COLOURS[seat])
    _legend(fig, seats, {outcome_of(r, seat) for r in strikes for seat in (0, 1)})
    for line in fighters:
        _life_line(fig, line, seats, sum(f.seat == line.seat for f in fighters) > 1)
    if analysis:  # before the cursor line, which spans the rows that hold data
        turn_of = {p.idx: (winprob.turn_at(p.event, turn_starts, turn_numbers) or p.turn)
                   if turn_starts else p.turn for p in analysis}
        winprob.add_rows(fig, analysis, 3, turn_of, perspective, views)
    # p1's tag-ins labelled at the top, p2's at the bottom (timeline_labels.tag_in_places)
    texts = [f"{'p1' if w.seat == 0 else 'p2'} {html(w.fighter)} tags in" for w in switches]
    places = timeline_labels.tag_in_places(
        [(w.seat, w.position, text) for w, text in zip(switches, texts, strict=True)],
        end, end * 1.02)
    for switch, text, (side, level) in zip(switches, texts, places, strict=True):
        fig.add_vline(x=switch.position, row=2, col=1,
                      line={"color": COLOURS[switch.seat], "dash": "dash", "width": 1},
                      annotation_text=text, annotation_font_size=10,
                      annotation_position=f"{'top' if switch.seat == 0 else 'bottom'} {side}",
                      annotation_yshift=(-12 if switch.seat == 0 else 12) * level,
                      annotation_font_color=COLOURS[switch.seat])
    if deck_out is not None:
        mark = {"color": "#000", "width": 2}
        fig.add_vline(x=deck_out.position, row=1, col=1, line=mark)
        fig.add_vline(x=deck_out.position, row=2, col=1, line=mark,
                      annotation_text=html(deck_out.words), annotation_position="bottom left",
                      annotation_font_size=11)
    tickvals, ticktext = winprob.ticks(turn_marks(strikes, turn_starts, analysis,
                                                  turn_numbers))
    # one layout update (each update_xaxes / add_vline call costs plotly ~10-20 ms)
    layout: dict[str, Any] = {}
    for row in range(1, rows + 1):
        suffix = "" if row == 1 else str(row)
        layout[f"xaxis{suffix}"] = {"range": [-end * 0.02, end * 1.02], "tickmode": "array",
                                    "tickvals": tickvals, "ticktext": ticktext,
                                    **({"title": {"text": "turn", "standoff": 2}}
                                       if row == rows else {})}
        layout[f"yaxis{suffix}"] = {"automargin": False}
    layout["yaxis"] |= {"categoryorder": "array", "categoryarray": [seats[1], seats[0]],
                        "range": [-0.9, 1.9]}  # room for the labels
    layout["yaxis2"] |= {"title": {"text": "life"}, "rangemode": "tozero"}
    if at is not None:  # the viewer's position, across every row
        layout["shapes"] = [*fig.layout.shapes, {
            "type": "line", "xref": "x", "yref": "paper", "x0": at, "x1": at, "y0": 0,
            "y1": 1, "line": {"color": "#555", "dash": "dot", "width": 1}}]
    fig.update_layout(layout, height=460 if rows == 2 else 530,
                      margin={"l": left_margin(seats), "r": 10, "t": 80, "b": 10},
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.03, "x": 0,
                              "font": {"size": 10}, "itemwidth": 30,
                              "traceorder": "grouped"},  # a filled band would reverse it
                      hovermode="closest", hoverlabel={"font": {"size": 11}, "align": "left"})
    return fig


def _labels(strikes: Sequence[StrikeSummary], fighters: Sequence[FighterLife],
            cards: Mapping[str, str], perspective: str, at: int | None, x_span: float
            ) -> list[list[tuple[str, str]]]:
    """Each seat's marker labels (escaped) and their ``textposition``, placed so that no
    two overlap (``timeline_labels.place``): whole, else abbreviated, else left off."""
    marks = [[(float(landing(r, seat, fighters)),
               [label(r, seat, cards, perspective, at),
                label(r, seat, cards, perspective, at, limit=ABBREVIATED_CHARS)])
              for r in strikes] for seat in (0, 1)]
    placed = timeline_labels.place(marks, x_span)
    return [[(html(text), position) for text, position in seat] for seat in placed]


def _strike_row(fig: go.Figure, strikes: Sequence[StrikeSummary],
                fighters: Sequence[FighterLife], seats: tuple[str, str], seat: int,
                cards: Mapping[str, str], perspective: str, at: int | None,
                attacks: Sequence[AttackPair], labels: Sequence[tuple[str, str]]) -> None:
    """One seat's row: a marker per strike for its own attack, labelled with the attack
    where ``labels`` (``_labels``: text and position) found room, joined to the strike's
    start."""
    xs = [landing(r, seat, fighters) for r in strikes]
    joins: list[int | None] = []
    for r, x in zip(strikes, xs, strict=True):
        if x != position(r):
            joins += [position(r), x, None]
    if joins:
        fig.add_trace(go.Scatter(x=joins, y=[seats[seat] if j is not None else None
                                             for j in joins],
                                 mode="lines", line={"color": COLOURS[seat], "width": 1},
                                 hoverinfo="skip", showlegend=False), row=1, col=1)
    stats = [attacks[r.strike - 1] if r.strike - 1 < len(attacks) else (None, None)
             for r in strikes]
    fig.add_trace(go.Scatter(
        x=xs, y=[seats[seat]] * len(strikes), mode="markers+text",
        name=f"{seats[seat]} attacks", legendgroup=f"seat{seat}", showlegend=False,
        text=[text for text, _ in labels], textposition=[pos for _, pos in labels],
        textfont={"size": 9, "color": COLOURS[seat]}, cliponaxis=False,
        marker={"color": COLOURS[seat],
                "size": [10 + 3 * side_of(r, seat)[1] for r in strikes],
                "symbol": [SYMBOLS[outcome_of(r, seat)] for r in strikes],
                "line": {"width": [2 if r.attacker == seat else 0.5 for r in strikes],
                         "color": "#222"}},
        customdata=[[r.strike, position(r)] for r in strikes],
        hovertext=[hover(r, cards, seats, perspective, at, pair)
                   for r, pair in zip(strikes, stats, strict=True)],
        hovertemplate="%{hovertext}<extra></extra>"), row=1, col=1)


MOMENT_SYMBOLS = {"exceed": "triangle-up", "revert": "triangle-down-open",
                  "arrival": "diamond-wide"}
"""The marker of each season moment on its seat's strike row (an Exceed, a Revert, the
Astral Heat joining the deck): shapes no strike outcome has (an Exceed was a star, the
legend's "hit + stun", so a glance read it as a strike that stunned). The page's caption
names them and each hover says what it is; they are not in the legend, which on a phone
had no room for two more rows beside an analysis's."""


def _moments(fig: go.Figure, moments: Sequence[Moment], row: str, colour: str) -> None:
    """A seat's Exceeds, Reverts and set-aside cards joining its deck, as small markers on
    its strike row (no ``customdata``: a click on one selects no strike)."""
    if not moments:
        return
    fig.add_trace(go.Scatter(
        x=[m.position for m in moments], y=[row] * len(moments), mode="markers",
        showlegend=False, hoverinfo="text", text=[html(m.words) for m in moments],
        hovertemplate="%{text}<extra></extra>",
        marker={"symbol": [MOMENT_SYMBOLS[m.kind] for m in moments], "size": 9,
                "color": colour, "line": {"width": 1, "color": "#222"}}), row=1, col=1)


def _legend(fig: go.Figure, seats: tuple[str, str], outcomes: set[str]) -> None:
    for seat in (0, 1):  # legend only: the colour of each seat
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=seats[seat],
                                 legendgroup=f"seat{seat}", hoverinfo="skip",
                                 marker={"symbol": "square", "color": COLOURS[seat], "size": 11}),
                      row=1, col=1)
    for label, symbol in SYMBOLS.items():  # legend only: the outcome shapes
        if label in RARE_OUTCOMES and label not in outcomes:
            continue
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=OUTCOME_LABELS[label],
                                 marker={"symbol": symbol, "color": "#888", "size": 11},
                                 legendgroup="shape", hoverinfo="skip"), row=1, col=1)


def _life_line(fig: go.Figure, line: FighterLife, seats: tuple[str, str], team: bool) -> None:
    seat_label = "p1" if line.seat == 0 else "p2"
    fighter = html(line.name)
    name = f"{seat_label} {fighter} life" if team else f"{seats[line.seat]} life"
    dash = DASHES[0]
    if team:  # the seat's fighters in spec order: the second one dotted
        first = seats[line.seat].removeprefix(f"{seat_label} ").split(" + ")[0]
        dash = DASHES[0] if fighter == first else DASHES[1]
    fig.add_trace(go.Scatter(
        x=[p for p, _ in line.points], y=[life for _, life in line.points], mode="lines",
        line={"shape": "hv", "color": COLOURS[line.seat], "width": 2, "dash": dash},
        name=name, legendgroup=f"seat{line.seat}",
        hovertemplate=f"{seat_label} {fighter}: life %{{y}} · event %{{x}}<extra></extra>"),
        row=2, col=1)


def strike_from_selection(selection: Any) -> int | None:
    """The strike number of the first selected strike marker in a chart selection event."""
    for data in selected_data(selection):
        if data[0] == winprob.TAG:  # a win-probability point, not a strike
            continue
        try:
            return int(data[0])
        except (TypeError, ValueError):
            continue
    return None
