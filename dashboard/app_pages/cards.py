"""Cards: how each card of one fighter performs (``/cards?fighter=ken&agent=heuristic``):
strikes, hit rate with its Wilson 95% interval, damage, stuns and boosts, with the sample
size per card; the agent filter keeps the plays of the seats that agent played. A card
with fewer than ``stats.MIN_STRIKES`` strikes shows no rate."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from dashboard import card_texts, data, export, routes, urlstate
from dashboard.literal import html
from dashboard.stats import MIN_STRIKES, Rate
from replay import query as q
from replay.query import possessive

ANY = "(any)"

db = data.db_path()
routes.drop_stale_game()
st.title("Cards")
chars = data.guarded(data.characters, db)
if not chars:
    st.info("The index holds no games yet: run `exceed index DIR` and they appear here.")
    st.stop()
who = data.character_names(tuple(chars))
agents = [ANY, *data.guarded(data.agents, db)]
c1, c2 = st.columns([2, 1])
character = c1.selectbox("Fighter", chars, key="cards.character",
                         format_func=lambda c: who.get(c, c),
                         on_change=urlstate.bind("cards.character", "fighter", chars[0],
                                                 urlstate.choice(chars), what="fighter"))
agent = c2.selectbox("Played by", agents, key="cards.agent", format_func=data.code,
                     on_change=urlstate.bind("cards.agent", "agent", ANY,
                                             urlstate.choice(agents), what="agent"),
                     help="only the plays of the seats this agent played")
name = who.get(character, character)
st.page_link(routes.FIGHTER, label=f"{data.plain(possessive(name))} Fighter page",
             icon=":material/person:", query_params={"fighter": character})
rows = data.guarded(data.card_usage, db, character, None if agent == ANY else agent)
names = data.card_labels(tuple(r.card for r in rows), character)
rows = data.card_order(rows, names)  # as the Fighter page lists them

table = []
for r in rows:
    hit = Rate(r.hits, r.struck, MIN_STRIKES)
    stun = Rate(r.stuns, r.struck, MIN_STRIKES)
    table.append({"card": names[r.card], "strikes (n)": r.struck, "hits": r.hits,
                  **hit.columns("hit rate"), "damage": r.damage,
                  "avg damage": round(r.damage / r.struck, 2) if r.struck else None,
                  "stuns": r.stuns, **stun.columns("stun rate"), "boosted": r.boosted,
                  "wild swung": r.wild_swung})
export.table(table, "cards.table", f"{character}-cards")
st.caption("strikes (n): strikes in which the card was the resolved attack (attacking or "
           "defending); rates are over those strikes, with their 95% Wilson interval "
           f"(low–high), and read \"–\" below {MIN_STRIKES} strikes. boosted: Boost actions "
           "that played the card.")
card_texts.render(lambda: q.engine_cards((character,)), f"cards.texts.{character}",
                  source="From this engine's card data: a game counted here may have been "
                         "played with other definitions (each log carries its own).",
                  whose=data.plain(name))

struck = [r for r in rows if Rate(r.hits, r.struck, MIN_STRIKES).enough]
if not struck:  # an empty chart drew bare axes, x from -1 to 6, and said nothing
    st.caption(f"No hit rate chart: no card of {data.plain(name)} has {MIN_STRIKES} strikes "
               "here yet (the table gives each card's n).")
    st.stop()
intervals = [Rate(r.hits, r.struck).interval for r in struck]
bars = [html(names[r.card]) for r in struck]
chart = go.Figure(go.Bar(
    x=bars, y=[r.hits / r.struck for r in struck],
    error_y={"type": "data", "symmetric": False,
             "array": [hi - r.hits / r.struck for r, (_, hi) in zip(struck, intervals,
                                                                   strict=True)],
             "arrayminus": [r.hits / r.struck - lo for r, (lo, _) in zip(struck, intervals,
                                                                        strict=True)]},
    customdata=[[r.hits, r.struck, r.damage / r.struck, 100 * lo, 100 * hi]
                for r, (lo, hi) in zip(struck, intervals, strict=True)],
    hovertemplate="%{x}: %{customdata[0]} hit(s) in %{customdata[1]} strike(s) "
                  "[%{customdata[3]:.0f}–%{customdata[4]:.0f}%], avg damage "
                  "%{customdata[2]:.2f}<extra></extra>"))
chart.add_trace(go.Scatter(  # each bar's n above its interval, never on the interval's cap
    x=bars, y=[hi for _, hi in intervals], mode="text",
    text=[f"n={r.struck}" for r in struck], textposition="top center", cliponaxis=False,
    textfont={"size": 11, "color": "#555"}, hoverinfo="skip", showlegend=False))
chart.update_layout(height=360, margin={"l": 10, "r": 10, "t": 30, "b": 10}, showlegend=False,
                    yaxis={"title": "hit rate", "tickformat": ".0%", "range": [0, 1.12]},
                    title=f"{html(name)}: hit rate per card<br>95% interval; cards "
                          f"with {MIN_STRIKES}+ strikes")
export.chart(chart, "cards.chart", f"{character}-hit-rate")
