"""Matchups: win rates per pair of characters (row vs column), with sample sizes,
and the distribution of game lengths."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from dashboard import data

db = data.db_path()
st.title("Matchups")
rows = data.guarded(data.matchups, db)
if not rows:
    st.info("No finished games in the index yet.")
    st.stop()
chars = sorted({r.character for r in rows} | {r.opponent for r in rows})
who = data.character_names(tuple(chars))
cell = {(r.character, r.opponent): r for r in rows}

z: list[list[float | None]] = []
text: list[list[str]] = []
hover: list[list[str]] = []
for char in chars:
    z_row: list[float | None] = []
    text_row: list[str] = []
    hover_row: list[str] = []
    for opp in chars:
        r = cell.get((char, opp))
        if r is None:
            z_row.append(None)
            text_row.append("n=0")
            hover_row.append(f"{who[char]} vs {who[opp]}: no games")
            continue
        mirror = char == opp
        z_row.append(r.win_rate)
        text_row.append(f"mirror<br>n={r.games}" if mirror else
                        f"{r.win_rate:.0%}<br>n={r.games}")
        hover_row.append(f"{who[char]} vs {who[opp]}: mirror, {r.games} game(s)" if mirror else
                         f"{who[char]} vs {who[opp]}: {r.wins} win(s) in {r.games} game(s) "
                         f"= {r.win_rate:.0%}")
    z.append(z_row)
    text.append(text_row)
    hover.append(hover_row)

names = [who[c] for c in chars]
heatmap = go.Figure(go.Heatmap(
    z=z, x=names, y=names, text=text, texttemplate="%{text}", customdata=hover,
    hovertemplate="%{customdata}<extra></extra>", zmin=0, zmax=1, colorscale="RdBu",
    colorbar={"title": "win rate", "tickformat": ".0%"}))
heatmap.update_layout(height=200 + 90 * len(chars), margin={"l": 10, "r": 10, "t": 10, "b": 10},
                      xaxis_title="opponent", yaxis_title="character")
heatmap.update_yaxes(autorange="reversed")
st.plotly_chart(heatmap, width="stretch", key="matchups.heatmap")
st.caption("Row character's win rate against the column character over finished games, "
           "either seat; n is the number of games. A mirror match is 50% by construction.")
st.dataframe([{"character": who[r.character], "opponent": who[r.opponent], "games": r.games,
               "wins": r.wins, "win rate": round(r.win_rate, 3)} for r in rows],
             hide_index=True, width="stretch", key="matchups.table")

st.subheader("Game lengths")
lengths = data.guarded(data.game_lengths, db)
bars = go.Figure(go.Bar(x=[r.turns for r in lengths], y=[r.games for r in lengths],
                        hovertemplate="%{y} game(s) lasted %{x} turns<extra></extra>"))
bars.update_layout(height=260, margin={"l": 10, "r": 10, "t": 10, "b": 10},
                   xaxis_title="turns", yaxis_title="games", bargap=0.1)
st.plotly_chart(bars, width="stretch", key="matchups.lengths")
