"""Game: one game's header, its strike timeline and the replay viewer.

The game comes from ``?game=<id>`` (or the one last opened). Clicking a strike marker
moves the viewer to the start of that strike.
"""

from __future__ import annotations

import streamlit as st

from dashboard import data, routes, timeline, viewer_panel
from replay.query import GameRow, life_series, strike_positions

db = data.db_path()
chosen = routes.chosen_game()
if chosen is None:
    st.title("Game")
    st.info("No game chosen: pick one on the Games page.")
    if st.button("Go to Games"):
        st.switch_page(routes.GAMES)
    st.stop()
game_id: str = chosen

row: GameRow | None = data.guarded(data.game, db, game_id)
if row is None:
    st.title("Game")
    st.error(f"There is no game {game_id!r} in the index at {db}.")
    st.stop()

who = data.character_names((row.p1, row.p2))
seats = (f"p1 {who[row.p1]}", f"p2 {who[row.p2]}")
st.title(f"{seats[0]} vs {seats[1]}")
if row.winner is None:
    result = "unfinished"
else:
    why = "life reached 0" if row.reason == "life" else "opponent decked out"
    result = f"{seats[row.winner]} wins ({why})"
st.caption(f"seed {row.seed} · agents {row.agent1} / {row.agent2} · "
           f"first {'p1' if row.first == 0 else 'p2'} · {result} · {row.turns} turns · "
           f"{row.strikes} strikes · {row.events} events · final life {row.p1_life} / "
           f"{row.p2_life}")

game = data.guarded(data.game_replay, row.path, row.game_id)
if game.game_id != row.game_id:
    st.warning(f"{row.path} changed since it was indexed; run `exceed index` again "
               "(the timeline is from the index, the viewer from the file).")
strikes = data.guarded(data.game_strikes, db, game_id)
starts = strike_positions(game)
at = viewer_panel.get_position(game_id, game.length, game.opening)
chart_key = f"game.timeline.{game_id}"


def _clicked() -> None:
    strike = timeline.strike_from_selection(st.session_state.get(chart_key))
    if strike is not None and 1 <= strike <= len(starts):
        viewer_panel.set_position(game_id, starts[strike - 1], game.length)


st.subheader("Strike timeline")
if strikes:
    cards = data.names(tuple(sorted({c for s in strikes for c in (s.a_card, s.d_card) if c})))
    figure = timeline.figure(strikes, life_series(game), seats, cards, at)
    st.plotly_chart(figure, key=chart_key, on_select=_clicked, selection_mode="points",
                    width="stretch", config={"displayModeBar": False})
    st.caption("Shape: hit ● / miss ✕ / hit that stunned ★ (the attacker's attack) · size: "
               "damage dealt · click a strike to replay it")
else:
    st.info("This game has no strikes.")

st.subheader("Replay")
viewer_panel.render(game, game_id, starts)
