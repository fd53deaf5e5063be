"""Matchups: win rates per pair of fighters with their sample size and Wilson 95% interval,
the player who went first's advantage, and the distribution of game lengths.

Unordered view: the row fighter from either seat; ordered view: p1 (row) against p2
(column). Filters: the agent that played each side and who went first. A cell with fewer
than ``stats.MIN_GAMES`` games is grey, "not enough games", never a rate. Every filter
lives in the URL (``/matchups?view=ordered&row_agent=heuristic&first=row``).
"""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from dashboard import data, export, routes, urlstate
from dashboard.literal import html
from dashboard.stats import (
    GREY,
    MIN_GAMES,
    Rate,
    axis_name,
    cell_text,
    cell_words,
    count_axis,
    heatmap_height,
    heatmap_px,
    narrowest_figure,
)

ANY = "(any)"
VIEWS = {"unordered": "either seat (unordered)", "ordered": "p1 vs p2 (ordered)"}
FIRSTS = {ANY: "(either)", "row": "the row fighter", "col": "the column fighter"}
HEATMAP_FIGHTERS = 12

db = data.db_path()
routes.drop_stale_game()
st.title("Matchups")
if not data.guarded(data.characters, db):  # not "no games match these filters": none at all
    st.info("The index holds no games yet: run `exceed index DIR` and they appear here.")
    st.stop()
agents = [ANY, *data.guarded(data.agents, db)]


def _opt(value: str) -> str | None:
    return None if value == ANY else value


c1, c2, c3, c4 = st.columns(4)
view = c1.radio("View", list(VIEWS), format_func=VIEWS.__getitem__, key="matchups.view",
                on_change=urlstate.bind("matchups.view", "view", "unordered",
                                        urlstate.choice(list(VIEWS)), what="view"))
ordered = view == "ordered"
row_agent = c2.selectbox(
    "p1 played by" if ordered else "Row fighter played by", agents, key="matchups.row_agent",
    format_func=data.code,
    on_change=urlstate.bind("matchups.row_agent", "row_agent", ANY, urlstate.choice(agents),
                            what="agent"))
col_agent = c3.selectbox(
    "p2 played by" if ordered else "Column fighter played by", agents,
    key="matchups.col_agent", format_func=data.code,
    on_change=urlstate.bind("matchups.col_agent", "col_agent", ANY, urlstate.choice(agents),
                            what="agent"))
first = c4.selectbox(
    "Went first", list(FIRSTS), key="matchups.first",
    format_func=lambda f: {"row": "p1", "col": "p2"}.get(f, FIRSTS[f]) if ordered else FIRSTS[f],
    on_change=urlstate.bind("matchups.first", "first", ANY, urlstate.choice(list(FIRSTS)),
                            what="first player"))

cells = data.guarded(data.matchup_cells, db, view, _opt(row_agent), _opt(col_agent),
                     _opt(first))
if not cells:
    st.info("No finished games match these filters.")
    st.stop()
every = sorted({c.character for c in cells} | {c.opponent for c in cells})
who = data.character_names(tuple(every))
by_pair = {(c.character, c.opponent): c for c in cells}
played: dict[str, int] = {}
for c in cells:
    played[c.character] = played.get(c.character, 0) + c.games + c.mirrors
busiest = sorted(every, key=lambda f: (-played.get(f, 0), who[f].casefold()))[:HEATMAP_FIGHTERS]
default = sorted(busiest, key=lambda f: who[f].casefold())


def _fighters(text: str) -> list[str] | None:
    # a fighter named twice (``ryu,ryu``) is chosen once: a chip and a heatmap row each
    chosen = list(dict.fromkeys(f for f in text.split(",") if f))
    if not chosen:  # an emptied selection draws the default
        return default
    return chosen if all(f in every for f in chosen) else None


fighters_changed = urlstate.bind("matchups.fighters", "fighters", default, _fighters,
                                 ",".join, what="fighters")
if "matchups.fighters" not in st.session_state:
    st.session_state["matchups.fighters"] = default
chosen = st.multiselect("Fighters in the heatmap", every, key="matchups.fighters",
                        format_func=who.__getitem__, on_change=fighters_changed,
                        help=f"by default the {HEATMAP_FIGHTERS} fighters with the most games; "
                             "the table below lists every pair")
chars = sorted(chosen or default, key=lambda f: who[f].casefold())

z: list[list[float | None]] = []
grey: list[list[float | None]] = []
text: list[list[str]] = []
hover: list[list[str]] = []
for char in chars:
    z_row: list[float | None] = []
    grey_row: list[float | None] = []
    text_row: list[str] = []
    hover_row: list[str] = []
    for opp in chars:
        cell = by_pair.get((char, opp))
        pair = html(f"{who[char]} vs {who[opp]}")
        if cell is None:
            z_row.append(None)
            grey_row.append(None)
            text_row.append("")
            hover_row.append(f"{pair}: no games")
            continue
        rate = Rate(cell.wins, cell.games)
        z_row.append(rate.value)
        grey_row.append(None if rate.enough and cell.games else 0.0)
        mirror = f" ({cell.mirrors} mirror game(s) left out)" if cell.mirrors else ""
        if cell.games == 0:  # mirror games only: no rate to tell
            text_row.append(f"mirror<br>n={cell.mirrors}")
            hover_row.append(f"{pair}: {cell.mirrors} mirror game(s), not counted "
                             "(one side won, one lost: nothing said of the fighter)")
            continue
        text_row.append(rate.short())
        hover_row.append(f"{pair}: {cell.wins} win(s) in {cell.games} game(s) = "
                         f"{rate.text()}{mirror}")
    z.append(z_row)
    grey.append(grey_row)
    text.append(text_row)
    hover.append(hover_row)

names = [html(who[c]) for c in chars]  # the categories: whole, so never two alike
shown = [axis_name(who[c]) for c in chars]  # what the axes write (a long name cut)
# each cell's text, sized to fit its cell (never cut off), or its first line alone
text, font, cut = cell_text(text, heatmap_px(shown))
# a narrower chart (a window under 1024 pixels, the sidebar open) hides the text: the hover
# says it all, and the text would run over its neighbours
st.markdown(f"<style>.st-key-matchups-heatmap{{container-type:inline-size}}@container "
            f"(max-width:{narrowest_figure(text, font, shown) - 1}px)"
            "{.st-key-matchups-heatmap .heatmap-label{display:none}}</style>",
            unsafe_allow_html=True)
heatmap = go.Figure()
heatmap.add_trace(go.Heatmap(  # the cells with too few games: grey, under the rates
    z=grey, x=names, y=names, colorscale=[[0, GREY], [1, GREY]], showscale=False,
    text=[[t if g is not None else "" for t, g in zip(tr, gr, strict=True)]
          for tr, gr in zip(text, grey, strict=True)], texttemplate="%{text}",
    textfont={"size": font, "color": "#555"},
    customdata=hover, hovertemplate="%{customdata}<extra></extra>", zmin=0, zmax=1))
heatmap.add_trace(go.Heatmap(
    z=z, x=names, y=names, customdata=hover, hoverongaps=False, texttemplate="%{text}",
    text=[[t if g is None else "" for t, g in zip(tr, gr, strict=True)]
          for tr, gr in zip(text, grey, strict=True)], textfont={"size": font},
    hovertemplate="%{customdata}<extra></extra>", zmin=0, zmax=1, colorscale="RdBu",
    colorbar={"title": {"text": "win rate", "side": "right"}, "tickformat": ".0%",
              "orientation": "h", "x": 1, "xanchor": "right", "y": 1, "yanchor": "bottom",
              "len": 0.6, "thickness": 12, "ypad": 0}))
heatmap.update_layout(height=heatmap_height(len(chars)),
                      margin={"l": 10, "r": 10, "t": 10, "b": 10},
                      xaxis_title="p2" if ordered else "opponent",
                      yaxis_title="p1" if ordered else "fighter", plot_bgcolor="white")
heatmap.update_yaxes(autorange="reversed", tickvals=names, ticktext=[html(n) for n in shown])
heatmap.update_xaxes(tickvals=names, ticktext=[html(n) for n in shown])
export.chart(heatmap, "matchups.heatmap", f"matchups-{view}")
seat = ("p1's win rate against p2" if ordered else
        "the row fighter's win rate against the column fighter, from either seat")
st.caption(f"Each cell: {seat} over finished games; {cell_words(cut, len(chars))}. Fewer "
           f"than {MIN_GAMES} games: grey, not enough games (its n, no rate). A chart too "
           "narrow for the cells' text (a narrow window) leaves them blank: hover them. " + (
               "" if ordered else "A mirror game seen from both seats says nothing about "
               "winning and is left out (counted as mirror)."))

opened = st.selectbox("Open a fighter's page", sorted(every, key=lambda f: who[f].casefold()),
                      index=None, key="matchups.open",
                      format_func=who.__getitem__, placeholder="choose a fighter")
if opened:
    st.switch_page(routes.FIGHTER, query_params={"fighter": opened})

table = []
for c in sorted(cells, key=lambda c: (who[c.character].casefold(), who[c.opponent].casefold())):
    rate = Rate(c.wins, c.games)
    table.append({"fighter" if not ordered else "p1": who[c.character],
                  "opponent" if not ordered else "p2": who[c.opponent],
                  "games (n)": c.games, "wins": c.wins, **rate.columns("win rate"),
                  **({} if ordered else {"mirror games": c.mirrors})})
export.table(table, "matchups.table", f"matchups-{view}")

st.subheader("First-player advantage")
p1a, p2a = _opt(row_agent), _opt(col_agent)
fpa = data.guarded(data.first_player_advantage, db, p1a if ordered else None,
                   p2a if ordered else None)
rate = Rate(fpa.first_wins, fpa.games)
agents_note = (f" with p1 played by {row_agent} and p2 by {col_agent}" if ordered
               and (p1a or p2a) else " (all agents)")
st.metric("The player who went first won", rate.headline(),
          help="first_wins / finished games, 95% Wilson interval")
st.caption(rate.detail())
st.caption(f"{fpa.first_wins} of {fpa.games} finished games{data.plain(agents_note)}. Below "
           f"{MIN_GAMES} games no rate is given.")

st.subheader("Game lengths")
lengths = data.guarded(data.game_lengths, db)
bars = go.Figure(go.Bar(x=[r.turns for r in lengths], y=[r.games for r in lengths],
                        hovertemplate="%{y} game(s) lasted %{x} turns<extra></extra>"))
bars.update_layout(height=260, margin={"l": 10, "r": 10, "t": 10, "b": 10},
                   xaxis_title="turns", bargap=0.1,
                   yaxis={"title": "games", **count_axis(max((r.games for r in lengths),
                                                             default=0))})
export.chart(bars, "matchups.lengths", "game-lengths")
st.caption(f"Every finished game of the index ({sum(r.games for r in lengths)}), whatever "
           "the fighters and agents chosen above.")
