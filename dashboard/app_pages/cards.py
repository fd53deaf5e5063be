"""Cards: how each card of one character performs, with the sample size per card."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from dashboard import data

db = data.db_path()
st.title("Cards")
chars = data.guarded(data.characters, db)
if not chars:
    st.info("The index holds no games yet.")
    st.stop()
who = data.character_names(tuple(chars))
character = st.selectbox("Character", chars, key="cards.character",
                         format_func=lambda c: who.get(c, c))
rows = data.guarded(data.card_performance, db, character)
names = data.names(tuple(r.card for r in rows))
rows = sorted(rows, key=lambda r: (-r.struck, names[r.card]))

st.dataframe([{
    "card": names[r.card], "strikes (n)": r.struck, "hits": r.hits,
    "hit rate": round(r.hit_rate, 3), "damage": r.damage, "avg damage": round(r.avg_damage, 2),
    "stuns": r.stuns, "stun rate": round(r.stun_rate, 3), "boosted": r.boosted,
    "wild swung": r.wild_swung,
} for r in rows], hide_index=True, width="stretch", key="cards.table")
st.caption("strikes (n): strikes in which the card was the resolved attack (attacking or "
           "defending); rates are over those strikes. boosted: times played as a boost.")

struck = [r for r in rows if r.struck]
chart = go.Figure(go.Bar(
    x=[names[r.card] for r in struck], y=[r.hit_rate for r in struck],
    text=[f"n={r.struck}" for r in struck], textposition="outside",
    customdata=[[r.hits, r.struck, r.avg_damage] for r in struck],
    hovertemplate="%{x}: %{customdata[0]} hit(s) in %{customdata[1]} strike(s), "
                  "avg damage %{customdata[2]:.2f}<extra></extra>"))
chart.update_layout(height=360, margin={"l": 10, "r": 10, "t": 30, "b": 10},
                    yaxis={"title": "hit rate", "tickformat": ".0%", "range": [0, 1.15]},
                    title=f"{who.get(character, character)}: hit rate per card (n = strikes)")
st.plotly_chart(chart, width="stretch", key="cards.chart")
