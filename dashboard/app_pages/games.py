"""Games: the indexed games, filtered by character, winner, agent, length and seed.

Choosing a row (or a game in the selector) opens it on the Game page.
"""

from __future__ import annotations

import streamlit as st

from dashboard import data, routes
from replay.query import GameRow

ANY = "(any)"

db = data.db_path()
routes.drop_stale_game()
st.title("Games")
everything = data.guarded(data.games, db)
if not everything:
    st.info("The index holds no games yet: run `exceed index LOGS...` and they appear here.")
    st.stop()
chars = data.fighters(data.guarded(data.characters, db))
who = data.character_names(tuple(chars))
longest = max(g.turns for g in everything)

c1, c2, c3, c4 = st.columns([1, 1, 1, 1])
character = c1.selectbox("Character (either seat)", [ANY, *chars], key="games.character",
                         format_func=lambda c: who.get(c, c))
winner = c2.selectbox("Winner", [ANY, *chars], key="games.winner",
                      format_func=lambda c: who.get(c, c))
agent = c3.selectbox("Agent (either seat)", [ANY, *data.guarded(data.agents, db)],
                     key="games.agent")
seed_text = c4.text_input("Seed", key="games.seed", placeholder="any")
low, high = st.slider("Turns", 0, longest, (0, longest), key="games.turns")

seed: int | None = None
if seed_text.strip():
    try:
        seed = int(seed_text.strip(), 0)
    except ValueError:
        st.warning(f"the seed must be an integer, not {seed_text.strip()!r}; ignoring it")


def _opt(value: str) -> str | None:
    return None if value == ANY else value


rows = data.guarded(data.games, db, character=_opt(character), winner=_opt(winner),
                    agent=_opt(agent), seed=seed, min_turns=low, max_turns=high)


def _winner(g: GameRow) -> str:
    if g.winner is None:
        return "unfinished"
    seat = "p1" if g.winner == 0 else "p2"
    return f"{seat} {_name(g.p1 if g.winner == 0 else g.p2)}"


def label(g: GameRow) -> str:
    return (f"{_name(g.p1)} vs {_name(g.p2)} · seed {g.seed} · "
            f"{g.agent1}/{g.agent2} · {_winner(g)} · {g.turns} turns")


REASONS = {"life": "life reached 0", "decked": "decked out"}


def _name(spec: str) -> str:
    return data.character_names((spec,))[spec]


rows = sorted(rows, key=lambda g: (_name(g.p1).casefold(), _name(g.p2).casefold(), g.seed,
                                   g.game_id))  # by the names a player reads, not the ids
st.caption(f"{len(rows)} of {len(everything)} game(s)")

table = [{
    "p1": _name(g.p1), "p2": _name(g.p2), "winner": _winner(g),
    "how": REASONS.get(g.reason or "", g.reason or ""), "turns": g.turns, "strikes": g.strikes,
    "final life": f"{g.p1_life} / {g.p2_life}", "agents": f"{g.agent1} / {g.agent2}",
    "went first": "p1" if g.first == 0 else "p2", "seed": str(g.seed),
    "completed": g.sealed, "game id": g.game_id[:12],
} for g in rows]
# The table takes the page's height: about 35 px a row, at least 5 rows, at most 18 (a 1280x800 window).
height = 38 + 35 * max(5, min(len(table), 18))
event = st.dataframe(table, key="games.table", on_select="rerun", selection_mode="single-row",
                     hide_index=True, width="stretch", height=height,
                     column_config={"completed": st.column_config.CheckboxColumn(
                         "completed", help="the log was closed properly at the end of the game "
                                           "(sealed); unticked: unfinished or damaged")})
picked = event.selection.rows if event is not None else []
if picked and picked[0] < len(rows):
    routes.open_game(rows[picked[0]].game_id)

by_id = {g.game_id: g for g in rows}
choice = st.selectbox("Open a game", list(by_id), index=None, key="games.open",
                      format_func=lambda gid: label(by_id[gid]),
                      placeholder="choose a game (or click a row above)")
if choice:
    routes.open_game(choice)
