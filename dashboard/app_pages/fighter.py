"""Fighter: one fighter across the index (``/fighter?fighter=ryu``): its record and win rate
by opponent with sample sizes and Wilson 95% intervals, how long its games last, and per
card how often it was struck with, how often it hit, and how often it was boosted
instead.

A fighter is a seat's spec (``ryu``, or a Tag Team ``ryu+ken``). Filters (the agent
that played the fighter and its opponent, who went first) live in the URL with the
fighter. An unknown fighter in a link is one message and a way back.
"""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from dashboard import data, export, routes, urlstate
from dashboard.literal import html
from dashboard.stats import GREY, MIN_GAMES, MIN_STRIKES, Rate, count_axis
from replay.query import possessive, quoted

ANY = "(any)"
FIRSTS = {ANY: "(either)", "row": "this fighter", "col": "the opponent"}
CHART_OPPONENTS = 20
ROW_PX = 44
BAR_WIDTH = 0.5
RIGHT_PX = 24  # the win-rate chart's right margin: room for half its "100%" tick label
# An opponent's row: a bar half its height, and its label ("41% [22–64%] n=17") in the gap
# above the bar, left-aligned. Printed inside the bar, the label was crossed by the bar's
# interval wherever the bar is short in pixels: at 390 pixels "41%" is about 100 pixels
# and the label 110, so the interval from 22% ran through its words.


def rate_labels(rates: list[Rate]) -> list[dict[str, object]]:
    """The bars' labels as plotly annotations: row ``i``'s (the category's index on the
    reversed axis) sits on its bar's top edge, ``i - BAR_WIDTH / 2``, anchored by its
    bottom, so no bar nor interval cap (4 pixels each side of the bar's middle) reaches
    it at any width; a rate over too few games, which has no bar, in grey where its bar
    would be, beside the opponent's name."""
    return [{"x": 0, "y": i - BAR_WIDTH / 2 if r.enough else i, "xref": "x", "yref": "y",
             "text": _label(r), "showarrow": False, "xanchor": "left",
             "yanchor": "bottom" if r.enough else "middle",
             "font": {"size": 12} if r.enough else {"size": 12, "color": "#777"}}
            for i, r in enumerate(rates)]


def _label(rate: Rate) -> str:
    """``<b>41%</b> [22–64%] n=17``: the rate in bold, as inside its bar it stood out in
    white; ``not enough games (n=1)`` as it is (numbers and fixed words only)."""
    text = rate.text()
    if not rate.enough:
        return text
    head, _, rest = text.partition(" ")
    return f"<b>{head}</b> {rest}"


db = data.db_path()
routes.drop_stale_game()
chars = data.guarded(data.characters, db)
if not chars:
    st.title("Fighter")
    st.info("The index holds no games yet: run `exceed index DIR` and they appear here.")
    st.stop()
who = data.character_names(tuple(chars))
wanted = st.query_params.get("fighter")
if wanted is not None and wanted not in chars:
    st.title("Fighter")
    st.error(data.plain(f"no fighter {quoted(wanted)} in this index"))
    st.page_link(routes.MATCHUPS, label="Back to the Matchups", icon=":material/arrow_back:")
    st.stop()

agents = [ANY, *data.guarded(data.agents, db)]
# the title names the fighter the link's fighter= gives; a line about that value (given
# twice) comes under the title, as on the other pages, so the title's place is kept first
heading = st.empty()
fighter_changed = urlstate.bind("fighter.fighter", "fighter", chars[0], urlstate.choice(chars),
                                what="fighter")
heading.title("Fighter: " + data.plain(who.get(st.session_state.get("fighter.fighter",
                                                                   chars[0]), chars[0])))
c1, c2, c3, c4 = st.columns([2, 1, 1, 1])
fighter = c1.selectbox("Fighter", chars, key="fighter.fighter",
                       format_func=lambda c: who.get(c, c), on_change=fighter_changed)
own_agent = c2.selectbox("Played by", agents, key="fighter.agent", format_func=data.code,
                         on_change=urlstate.bind("fighter.agent", "agent", ANY,
                                                 urlstate.choice(agents), what="agent"))
opp_agent = c3.selectbox("Opponent played by", agents, key="fighter.opp_agent",
                         format_func=data.code,
                         on_change=urlstate.bind("fighter.opp_agent", "opp_agent", ANY,
                                                 urlstate.choice(agents), what="agent"))
first = c4.selectbox("Went first", list(FIRSTS), format_func=FIRSTS.__getitem__,
                     key="fighter.first",
                     on_change=urlstate.bind("fighter.first", "first", ANY,
                                             urlstate.choice(list(FIRSTS)),
                                             what="first player"))
name = who.get(fighter, fighter)


def _opt(value: str) -> str | None:
    return None if value == ANY else value


record = data.guarded(data.fighter_record, db, fighter)
cells = data.guarded(data.matchup_cells, db, "unordered", _opt(own_agent), _opt(opp_agent),
                     _opt(first), fighter)
cells = [c for c in cells if c.character == fighter]
games = sum(c.games for c in cells)
overall = Rate(sum(c.wins for c in cells), games)
filtered = any(v != ANY for v in (own_agent, opp_agent, first))

m1, m2, m3 = st.columns(3)
m1.metric("Win rate" + (" (filtered)" if filtered else ""), overall.headline(),
          help="finished games against other fighters, and mirror matches once the "
               "filters tell its two seats apart (docs/metrics.md); 95% Wilson interval")
m1.caption(overall.detail())
m2.metric("Games" + (" (unfiltered)" if filtered else ""), f"{record.games}",
          help=f"{record.finished} finished, {record.mirrors} of them mirror matches "
               "(left out of the win rates)")
avg = "–" if record.avg_turns is None else f"{record.avg_turns:.1f} turns"
m3.metric("Average game length", avg, help="finished games, either seat")
won = "–" if record.avg_turns_won is None else f"{record.avg_turns_won:.1f} turns"
lost = "–" if record.avg_turns_lost is None else f"{record.avg_turns_lost:.1f} turns"
st.caption(f"Average length of the games {data.plain(name)} won: {won}; lost: {lost} "
           f"(finished games against other fighters; all agents, either player first). "
           f"Rates with fewer than "
           f"{MIN_GAMES} games are \"not enough games\", never 0% or 100%.")

st.subheader("Win rate by opponent")
if not cells:
    st.info("No finished games against another fighter match these filters.")
else:
    opponents = sorted(cells, key=lambda c: (-c.games, who.get(c.opponent, c.opponent)))
    rows = []
    for c in opponents:
        rate = Rate(c.wins, c.games)
        rows.append({"opponent": data.character_names((c.opponent,))[c.opponent],
                     "games (n)": c.games, "wins": c.wins, **rate.columns("win rate"),
                     "mirror games": c.mirrors})
    enough = [c for c in opponents if Rate(c.wins, c.games).enough]
    few = [c for c in opponents if not Rate(c.wins, c.games).enough and c.games]
    drawn = (enough + few)[:CHART_OPPONENTS]
    labels = [html(data.character_names((c.opponent,))[c.opponent]) for c in drawn]
    rates = [Rate(c.wins, c.games) for c in drawn]
    # too few games: no bar (it would read as a rate) and no interval (at 0 it drew a
    # tick), only words; the rows keep ``drawn``'s order, those with enough games first
    chart = go.Figure([go.Bar(
        y=[y for y, r in zip(labels, rates, strict=True) if r.enough == enough],
        x=[r.k / r.n if enough else 0.0 for r in rates if r.enough == enough],
        orientation="h", width=BAR_WIDTH, marker_color="#4c78a8" if enough else GREY,
        error_x={"type": "data", "symmetric": False,
                 "array": [r.interval[1] - r.k / r.n for r in rates if r.enough],
                 "arrayminus": [r.k / r.n - r.interval[0] for r in rates if r.enough]}
        if enough else {"visible": False},
        text=[r.text() for r in rates if r.enough == enough], textposition="none",
        hovertemplate="%{y}: %{text}<extra></extra>", showlegend=False)
        for enough in (True, False)])
    chart.add_vline(x=0.5, line_dash="dot", line_color="grey")
    # the right margin holds half the "100%" tick label: at 10 pixels plotly hid it, and
    # the axis read 0% to 80% (50% on a phone) under bars and intervals reaching past it
    chart.update_layout(height=120 + ROW_PX * len(labels),
                        margin={"l": 10, "r": RIGHT_PX, "t": 24, "b": 10},
                        annotations=rate_labels(rates),
                        xaxis={"title": f"{html(possessive(name))} win rate (95% interval)",
                               "tickformat": ".0%", "range": [0, 1]},
                        yaxis={"autorange": "reversed"})
    export.chart(chart, "fighter.opponents_chart", f"{fighter}-win-rate-by-opponent")
    export.table(rows, "fighter.opponents", f"{fighter}-win-rate-by-opponent")
    st.caption(f"Bars: the win rate and its 95% interval. No bar, \"not enough games\": "
               f"fewer than {MIN_GAMES} games. The chart shows the {CHART_OPPONENTS} "
               "opponents met most; the table lists every one.")

st.subheader("Cards: struck, hit, boosted")
usage = data.guarded(data.card_usage, db, fighter, _opt(own_agent), _opt(opp_agent), _opt(first))
card_names = data.card_labels(tuple(u.card for u in usage), fighter)
usage = data.card_order(usage, card_names)  # as the Cards page lists them
if not usage:
    st.info(f"No strikes or boosts of {data.plain(name)} "
            + ("pass these filters." if filtered else "in the index."))
    st.stop()
card_rows = []
for u in usage:
    hit = Rate(u.hits, u.struck, MIN_STRIKES)
    boost = Rate(u.boosted, u.boosted + u.struck, MIN_STRIKES)
    card_rows.append({"card": card_names[u.card], "strikes (n)": u.struck, "hits": u.hits,
                      **hit.columns("hit rate"),
                      "avg damage": round(u.damage / u.struck, 2) if u.struck else None,
                      "stuns": u.stuns, "wild swung": u.wild_swung, "boosted": u.boosted,
                      "plays (n)": u.boosted + u.struck, **boost.columns("boosted share")})
export.table(card_rows, "fighter.cards", f"{fighter}-cards")
st.caption(f"strikes (n): strikes in which the card was {data.plain(possessive(name))} "
           "resolved attack (attacking "
           "or defending); hit rate over those strikes. boosted: Boost actions that played "
           "the card. boosted share: boosted / (boosted + strikes), over plays (n). Rates "
           f"with fewer than {MIN_STRIKES} strikes or plays read \"–\"; low–high: the "
           "95% Wilson interval." + (" Filtered as the win rates: the plays of the "
                                      "seats that pass the filters above." if filtered else ""))
shown = usage[:20]
mix = go.Figure([
    go.Bar(name="struck", y=[html(card_names[u.card]) for u in shown],
           x=[u.struck for u in shown],
           orientation="h", marker_color="#e45756"),
    go.Bar(name="boosted", y=[html(card_names[u.card]) for u in shown],
           x=[u.boosted for u in shown],
           orientation="h", marker_color="#72b7b2"),
])
mix.update_layout(barmode="stack", height=120 + 26 * len(shown),
                  margin={"l": 10, "r": 10, "t": 30, "b": 10},
                  title=f"{html(name)}: each card struck or boosted<br>(the 20 most struck)",
                  xaxis={"title": "times", **count_axis(max(u.struck + u.boosted for u in shown))},
                  yaxis={"autorange": "reversed"})
export.chart(mix, "fighter.mix", f"{fighter}-struck-or-boosted")
