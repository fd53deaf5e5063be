"""Insights: one player's costly habits across their analysed games
(``/insights?player=NAME``, with ``fighter=``, ``opponent=``, ``since=YYYY-MM-DD`` and
``min=N``, the fewest decisions a group needs, 30 by default, and ``by=``, the
breakdown shown).

It reads only stored analyses (``replay.query.insights``, ``docs/metrics.md``,
"Insights"): how many of the player's games are analysed, and a button analysing the
rest in the background (``dashboard.batch_panel``; the command too); the mean swing lost per decision and the labels per game, each with n and a 95%
interval, as one Markdown table of a figure a row (four ``st.metric``s cost the first draw more); the
``since`` and ``min`` filters sit behind one popover whose label says their values
(drawn only when opened); the costliest habits (situation × decision kind) with links to their worst
decisions on the Game page (each named by its game, ``Ryu vs Ken Masters, 2026-01-04``,
and its habit's number; both tables fit 1280 pixels without a sideways scroll); then ONE breakdown, chosen by a segmented control kept in
``by=`` (as lichess Insights answers one question at a time, and so the first visit
draws three tables and one chart, not six and two): by decision kind (the default),
situation (each band), fighter, matchup, or the trend by day played. Groups under the
stated n read "not enough decisions". Every table has a CSV button and every chart plotly's PNG button. A player
name is data: shown through ``data.plain`` / ``literal.html`` only. An unknown player,
or filters that leave no game, is one line and the way back.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping

import plotly.graph_objects as go
import streamlit as st

from dashboard import batch_panel, data, export, routes, urlstate
from dashboard.literal import html
from replay import query as q

ANY = "(any)"
KIND = "kind"
# The breakdowns, one shown at a time (``by=``; the decision kind when absent). A comment,
# not a docstring: Streamlit's magic would draw a bare string on the page.
BY = {KIND: "decision kind", "situation": "situation", "fighter": "fighter",
      "matchup": "matchup", "trend": "trend by day"}
HEADINGS = {"lead": "life lead", "life": "life difference", "distance": "distance",
            "gauge": "gauge", "hand": "cards in hand", "turn": "turn"}
# "life difference" without the CLI's "(yours less theirs)": its bands say it ("behind by
# 1-7"), and the habits table then fits 1280 pixels without a sideways scroll.
FIGURE, MEAN = "Figure", "Mean [95% interval] n"
# the headline table's two columns: a figure's name, then its mean, interval and n


def _day(text: str) -> str | None:
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        return None


def _cells(m: q.Mean) -> dict[str, object]:
    """A mean as table columns: n, then the mean and interval in points (empty when
    there are not enough decisions, which the last column says)."""
    interval = m.interval
    return {"decisions (n)": m.n,
            "swing lost": None if m.mean is None else round(100 * m.mean, 2),
            "low": None if interval is None else round(100 * interval[0], 2),
            "high": None if interval is None else round(100 * interval[1], 2),
            "note": "" if m.enough else q.NOT_ENOUGH}


def _bold_mean(text: str, unit: str = "") -> str:
    """``4.1 [3.2–5.0] n=120`` as ``**4.1 pts** [3.2–5.0] n=120``: the mean in bold once,
    as ``exceed insights`` rounds it (it read "**0.67** 0.7 [0.0–1.3] n=3", one figure
    twice, rounded two ways); a figure without a mean (``not enough ...``) as it is."""
    if text.startswith("not enough"):
        return data.plain(text)
    mean, _, rest = text.partition(" ")
    return f"**{mean}{unit}** {data.plain(rest)}"  # a number, formatted here


def headline(acc: q.Mean, per_game: Mapping[str, q.Mean]) -> str:
    """The accuracy and the labels per game as one Markdown table, a figure a row: its
    name, then its mean in bold, its interval and n; a figure over too few decisions or
    games says so with its n (``not enough games (n=0)``), as ``exceed insights`` does.
    A row each, not a column each: four columns ran 14 pixels past the content column
    of a 390-pixel window ("Inaccuracies" cannot wrap); two fit any width. One element,
    not four ``st.metric``s with their captions: they cost the browser about 0.4 s of
    CPU on a fresh visit at a load of 15 (bench/notes.md, Insights page, round 3). The
    figures are numbers, escaped anyway."""
    names = ["Swing lost per decision", *(f"{name.capitalize()} per game" for name in per_game)]
    cells = [_bold_mean(acc.text(), " pts"),
             *(_bold_mean(m.text(1.0, "games")) for m in per_game.values())]
    return "\n".join([f"| {FIGURE} | {MEAN} |", "|---|---|",
                      *(f"| {name} | {cell} |" for name, cell in zip(names, cells, strict=True))])


def _chart(groups: list[q.InsightGroup], key: str, name: str, title: str, axis: str) -> None:
    """Bars of the mean swing lost with their intervals, along an x axis named ``axis``;
    groups with too few decisions get no bar (a bar at 0 would read "nothing lost"; the
    table gives their n); when no group has enough, a caption says so instead of a chart
    of nothing. A bar's words ("4.0 [0.1–7.9] n=3") are its hover's only: printed in the
    bar (plotly's default for a bar's text), they were turned on their side in a narrow
    bar, a few pixels high, and crossed by its interval."""
    shown = [g for g in groups if g.swing.n]
    if not shown:
        return
    if not any(g.swing.enough for g in shown):
        st.caption(f"No {data.plain(title)} chart: every group has fewer than "
                   f"{shown[0].swing.minimum} decisions (the table gives each n).")
        return
    means = [100 * g.swing.mean if g.swing.mean is not None else None for g in shown]
    lows = [100 * g.swing.interval[0] if g.swing.interval else None for g in shown]
    highs = [100 * g.swing.interval[1] if g.swing.interval else None for g in shown]
    figure = go.Figure(go.Bar(
        x=[html(g.value) for g in shown], y=means,
        error_y={"type": "data", "symmetric": False,
                 "array": [None if h is None or m is None else h - m
                           for h, m in zip(highs, means, strict=True)],
                 "arrayminus": [None if lo is None or m is None else m - lo
                                for m, lo in zip(means, lows, strict=True)]},
        marker_color="#e45756", text=[html(g.swing.text()) for g in shown],
        textposition="none", hovertemplate="%{x}: %{text}<extra></extra>"))
    figure.update_layout(height=320, margin={"l": 10, "r": 10, "t": 40, "b": 10},
                         title=title, xaxis_title=axis,
                         yaxis_title="swing lost per decision (points)")
    # one bar per group, named as the table names it: a day read as a date spread one
    # day's bar over ticks "23:59:59.9996 ... 00:00:00.0004" (a player's single day)
    figure.update_xaxes(type="category")
    export.chart(figure, key, name)


db = data.db_path()
routes.drop_stale_game()
known = data.guarded(data.players, db)
if not known:
    st.title("Insights")
    st.info("The index holds no games yet: run `exceed index DIR` and they appear here.")
    st.stop()
wanted = st.query_params.get("player")
if wanted is not None and wanted not in known:
    st.title("Insights")
    st.error(data.plain(f"no player {q.quoted(wanted)} in this index"))
    st.page_link(routes.INSIGHTS, label="Back to the Insights of every player",
                 icon=":material/arrow_back:", query_params={})
    st.stop()

chars = [ANY, *data.guarded(data.characters, db)]
who = data.character_names(tuple(chars[1:]))
heading = st.empty()  # the title names the player: the line of a player= given twice under it
player_changed = urlstate.bind("insights.player", "player", known[0], urlstate.choice(known),
                               what="player")
heading.title("Insights: " + data.plain(st.session_state.get("insights.player", known[0])))
c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
player = c1.selectbox("Player", known, key="insights.player", format_func=data.code,
                      on_change=player_changed)
fighter = c2.selectbox("As fighter", chars, key="insights.fighter",
                       format_func=lambda c: who.get(c, c),
                       on_change=urlstate.bind("insights.fighter", "fighter", ANY,
                                               urlstate.choice(chars), what="fighter"))
opponent = c3.selectbox("Against", chars, key="insights.opponent",
                        format_func=lambda c: who.get(c, c),
                        on_change=urlstate.bind("insights.opponent", "opponent", ANY,
                                                urlstate.choice(chars), what="opponent"))
since_changed = urlstate.bind("insights.since", "since", "", lambda t: _day(t) if t else "",
                              what="date", expected="a date YYYY-MM-DD",
                              fallback="every day")
least_changed = urlstate.bind("insights.min", "min", q.MIN_DECISIONS,
                              urlstate.integer(2, 10_000), what="fewest decisions",
                              expected="a whole number from 2 to 10000",
                              fallback=f"{q.MIN_DECISIONS}")
# The two rarer filters behind one button whose label says their values: drawn only when
# opened, they cost the first view nothing (bench/notes.md, Insights page, round 3). The
# button is as wide as its label, under the choosers: in a fourth column it read "Since
# any da…" at 1024x768, and a date makes the label longer still.
more = st.popover(data.plain(
    f"Since {st.session_state.get('insights.since') or 'any day'}, n ≥ "
    f"{st.session_state.get('insights.min', q.MIN_DECISIONS)}"), width="content")
since = more.text_input("Played since (YYYY-MM-DD)", key="insights.since",
                        on_change=since_changed)
# its start is in the session state, never value=: a link's ?min= is written there too, and
# a widget given both made Streamlit warn at every run
st.session_state.setdefault("insights.min", q.MIN_DECISIONS)
least = more.number_input("Fewest decisions per group", min_value=2, max_value=10_000, step=1,
                          key="insights.min", on_change=least_changed)
by_changed = urlstate.bind("insights.by", "by", KIND, urlstate.choice(list(BY)),
                           what="breakdown")
since_day = _day(since) if since else None
if since and since_day is None:
    st.warning(data.plain(f"{q.quoted(since)} is not a date YYYY-MM-DD; showing every day"))


def _opt(value: str) -> str | None:
    return None if value == ANY else value


found, command = data.guarded(data.insights, db, player, _opt(fighter), _opt(opponent),
                              since_day, int(least))
cov = found.coverage
if not cov.games:
    st.info(data.plain(f"No game of {player} matches these filters."))
    st.page_link(routes.INSIGHTS, label=data.plain(f"Back to every game of {player}"),
                 icon=":material/arrow_back:", query_params={"player": player})
    st.stop()
# "the figures below" over none at all (no game analysed yet) read as a page that failed
st.markdown(f"{batch_panel.coverage(cov.analysed, cov.games)}; the figures below read their stored "
            "analyses only." if cov.analysed else
            f"{batch_panel.coverage(cov.analysed, cov.games)}: the figures appear here once one "
            "is (they read stored analyses only).")
batch_panel.render(db, batch_panel.label(player, _opt(fighter), _opt(opponent), since_day, who),
                   cov.games - cov.analysed, command,
                   (player, _opt(fighter), _opt(opponent), since_day))
if not cov.analysed:
    st.stop()

acc = found.accuracy
st.markdown(headline(acc, found.per_game))
st.caption("Swing lost: the mean win probability lost per analysed decision, in points; "
           "each figure with its 95% interval and n. "
           f"Groups of fewer than {found.min_decisions} decisions read \"{q.NOT_ENOUGH}\". "
           f"Every figure counts the decisions analysed on at least {q.LABEL_MIN_N} "
           "rollouts (docs/metrics.md); the labels per game are over the games analysed on "
           "that many.")
if found.rough.decisions:
    st.info(data.plain(q.rough_text(found.rough) + "."))
    again = q.reanalyse_command(found.rough, db)
    if again:  # a shell command, shown as text in a code box (never Markdown)
        st.code(again, language="bash")

st.subheader("Costliest habits")
if not found.cells_tested:  # "(0 cells tested)" read as a clean bill
    st.info(f"None tested yet: no situation × decision kind cell has {found.min_decisions} "
            "decisions. More analysed games, or a lower minimum, will give some.")
elif not found.habits:
    st.info(f"No situation × decision kind cell of at least {found.min_decisions} decisions "
            f"is significantly worse than the player's other decisions ({found.cells_tested}"
            " cells tested).")
else:
    habit_rows = [{"habit": number, "situation": HEADINGS[h.dimension], "band": h.value,
                   "decision": h.kind, **_cells(h.swing),
                   "total lost": round(100 * h.swing.total, 1), "z": round(h.z, 2)}
                  for number, h in enumerate(found.habits, 1)]
    # Both tables fit 1280 pixels without a sideways scroll: a habit's cells always have
    # enough decisions, so its "note" column (always empty) is left to the CSV, and an
    # example names its habit by number; the CSV keeps the habit's words and the rank.
    export.table(habit_rows, "insights.habits", f"{player}-habits",
                 column_order=[c for c in habit_rows[0] if c != "note"],
                 column_config={"habit": st.column_config.NumberColumn("#", width=40),
                                "situation": st.column_config.TextColumn(width=130),
                                **{c: st.column_config.NumberColumn(width=w) for c, w in (
                                    ("decisions (n)", 100), ("swing lost", 80), ("low", 55),
                                    ("high", 55), ("total lost", 80), ("z", 55))}})
    examples = [{"habit": number, "habit words": f"{HEADINGS[h.dimension]} {h.value}, {h.kind}",
                 "worst": e.rank, "game": q.example_game(e, q.character_name), "turn": e.turn,
                 "decision played": e.decision, "swing lost": round(100 * e.swing, 1),
                 "open": q.game_link(e.game_id, e.idx)}
                for number, h in enumerate(found.habits, 1) for e in h.examples]
    st.markdown("**Their worst decisions**, three a habit (`#` is the habit's number above), "
                "each opening on the Game page:")
    export.table(examples, "insights.examples", f"{player}-habit-examples",
                 column_order=[c for c in examples[0] if c not in ("habit words", "worst")],
                 column_config={
                     "habit": st.column_config.NumberColumn("#", width=40),
                     "game": st.column_config.TextColumn(width="medium"),
                     "decision played": st.column_config.TextColumn(width="medium"),
                     "open": st.column_config.LinkColumn(
                         "open", display_text="open", width=70)})
    st.caption(f"A habit: its mean swing lost is above the player's other decisions' by "
               f"z > {found.critical_z:.2f} (Welch, one-sided, Bonferroni over "
               f"{found.cells_tested} cells); the {len(found.habits)} with the most points "
               "lost in all, and the three worst decisions of each.")

st.subheader("Breakdown of the swing lost")
if not acc.n:  # every breakdown is empty: one line, not a blank table
    st.info(f"Nothing to break down yet: no decision of these games counts, each counting "
            f"once analysed on at least {q.LABEL_MIN_N} rollouts.")
    st.stop()
by = st.segmented_control("By", list(BY), format_func=BY.__getitem__, key="insights.by",
                          default=KIND, required=True, on_change=by_changed,
                          label_visibility="collapsed")
if by == "kind":
    kinds = [g for g in found.breakdowns if g.dimension == "kind"]
    _chart(kinds, "insights.kinds_chart", f"{player}-by-kind", "swing lost by decision kind",
           "decision kind")
    export.table([{"decision": g.value, **_cells(g.swing)} for g in kinds], "insights.kinds",
                 f"{player}-by-kind")
elif by == "situation":
    situations = [g for g in found.breakdowns if g.dimension in HEADINGS]
    export.table([{"situation": HEADINGS[g.dimension], "band": g.value, **_cells(g.swing)}
                  for g in situations], "insights.situations", f"{player}-by-situation")
elif by in ("fighter", "matchup"):
    sides = [g for g in found.breakdowns if g.dimension == by]
    export.table([{by: g.shown(q.character_name), **_cells(g.swing)} for g in sides],
                 f"insights.{by}s",
                 f"{player}-by-{by}")
else:
    trend = list(found.trend)
    _chart(trend, "insights.trend_chart", f"{player}-trend", "swing lost per day played",
           "day played (UTC)")
    export.table([{"day": g.value, **_cells(g.swing)} for g in trend], "insights.trend",
                 f"{player}-trend")
