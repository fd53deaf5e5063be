"""Games: the indexed games, filtered by fighter, winner, agent, player, length and seed, a
page at a time.

Filtering, counting and paging run in SQL (``replay.query.game_page``: ``?``
parameters, LIMIT/OFFSET), so the page stays fast on 100,000 games; every filter and the
page number live in the URL (``/games?fighter=ryu&turns=10-30&page=2``;
``?player=NAME``: the games a player played, either seat, as the Players page links;
``?order=newest``: the latest played first, else by fighters and seed). Choosing a row
(or a game in the selector) opens it on the Game page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import streamlit as st

from dashboard import data, export, routes, urlstate
from replay.query import (
    GameRow,
    as_written,
    integer_as_typed,
    not_an_integer,
    quoted,
    whole_number,
)

ANY = "(any)"
REASONS = {"life": "life reached 0", "decked": "decked out", "resigned": "resigned",
           "time": "lost on time", "left": "left the game"}

db = data.db_path()
routes.drop_stale_game()
st.title("Games")
specs = data.guarded(data.characters, db)
chars = data.fighters(specs)
order = data.by_name(specs)
if not chars:
    st.info("The index holds no games yet: run `exceed index DIR` and they appear here.")
    st.stop()
who = data.character_names(tuple(chars))
longest = data.guarded(data.longest_game, db)
known_agents = data.guarded(data.agents, db)
known = data.guarded(data.players, db)
# None, not ANY, is "any agent" and "any player": a person may type "(any)" as their name
# on the Play page, and a foreign log may name its agent so.
agents: list[str | None] = [None, *known_agents]
players: list[str | None] = [None, *known]
fighters = [ANY, *chars]


def _named(value: str | None) -> str:
    """A chooser's label: ``(any)`` for no filter; a name as it is, made printable, and one
    that is itself "(any)" said to be a name, so the two never read alike."""
    if value is None:
        return ANY
    return f"{data.code(value)} (a name)" if value.strip() == ANY else data.code(value)


def _turns(text: str) -> tuple[int, int] | None:
    low, sep, high = text.partition("-")
    try:
        pair = (whole_number(low), whole_number(high)) if sep else None
    except ValueError:
        return None
    return pair if pair is not None and 0 <= pair[0] <= pair[1] <= longest else None


def _seed(text: str) -> str | None:
    return text


def _first_page(write: Callable[[], None]) -> Callable[[], None]:
    """A filter's URL callback that also goes back to the first page."""
    def changed() -> None:
        write()
        st.session_state.pop("games.page", None)
        if "page" in st.query_params:
            del st.query_params["page"]
    return changed


c1, c2, c3, c5, c4 = st.columns([1, 1, 1, 1, 1])
fighter = c1.selectbox("Fighter (either seat)", fighters, key="games.character",
                       format_func=lambda c: who.get(c, c),
                       on_change=_first_page(urlstate.bind("games.character", "fighter", ANY,
                                               urlstate.choice(fighters), what="fighter")))
winner = c2.selectbox("Winner", fighters, key="games.winner", format_func=lambda c: who.get(c, c),
                      on_change=_first_page(urlstate.bind("games.winner", "winner", ANY,
                                              urlstate.choice(fighters), what="winner")))
agent = c3.selectbox("Agent (either seat)", agents, key="games.agent", format_func=_named,
                     on_change=_first_page(urlstate.bind("games.agent", "agent", None,
                                             urlstate.choice(known_agents), what="agent")))
player = c5.selectbox("Player (either seat)", players, key="games.player", format_func=_named,
                      on_change=_first_page(urlstate.bind("games.player", "player", None,
                                              urlstate.choice(known), what="player")))
seed_text = c4.text_input("Seed", key="games.seed", placeholder="any",
                          on_change=_first_page(urlstate.bind("games.seed", "seed", "", _seed)))
low, high = 0, longest
if longest > 0:  # a slider needs two ends: no length filter while every game ended on turn 0
    turns_changed = _first_page(urlstate.bind("games.turns", "turns", (0, longest), _turns,
                                              lambda t: f"{t[0]}-{t[1]}", what="turns",
                                              expected=f"a range of turns LOW-HIGH within "
                                              f"0-{longest}", fallback="every length"))
    if "games.turns" not in st.session_state:  # a range slider, from its session value
        st.session_state["games.turns"] = (0, longest)
    low, high = cast(tuple[int, int], st.slider("Turns", 0, longest, key="games.turns",
                                                on_change=turns_changed))

ORDERS = {"fighters": "by fighters (p1, p2) and seed", "newest": "newest played first"}
sort = st.radio("Order", list(ORDERS), key="games.order", format_func=ORDERS.__getitem__,
                horizontal=True,
                on_change=_first_page(urlstate.bind("games.order", "order", "fighters",
                                                    urlstate.choice(list(ORDERS)),
                                                    what="order")))
newest = sort == "newest"

seed: int | None = None
typed = seed_text.strip()
if typed:
    seed = integer_as_typed(typed)  # as `exceed --seed` reads it: "010", 0x hex
    if seed is None:
        st.warning(data.plain(f"the seed {quoted(typed)} {not_an_integer(typed)}; "
                              "ignoring it"))
    if seed is not None and not 0 <= seed < 2**64:  # no game has it: say why, not "no game"
        st.warning(data.plain(f"the seed {as_written(typed)} is outside 0..2**64-1, the "
                              "seeds a game has; ignoring it"))
        seed = None


def _opt(value: str) -> str | None:
    return None if value == ANY else value


filters = (_opt(fighter), _opt(winner), agent, seed,
           low if low > 0 else None, high if high < longest else None)
total = data.guarded(data.game_page, db, *filters, 0, 0, player=player).total
pages = max(1, -(-total // data.GAMES_PAGE_SIZE))
# a page that does not exist (past the last, 0, -1, abc): one line, the nearest page shown
nearest, missing = urlstate.page_number(st.query_params.get("page"), pages)
to_url = urlstate.bind("games.page", "page", 1, lambda _text: nearest, what="page")
if missing is not None:
    st.caption(data.plain(missing))
    if nearest == 1:
        del st.query_params["page"]
    else:
        st.query_params["page"] = str(nearest)
routes.remember_games_list()  # the URL is this list's now: the Game page's way back
pager, summary = st.columns([1, 4], vertical_alignment="bottom")
page_no = int(pager.number_input(f"Page (of {pages})", min_value=1, max_value=pages, step=1,
                                 key="games.page", on_change=to_url))
size = data.GAMES_PAGE_SIZE
found = data.guarded(data.game_page, db, *filters, size, (page_no - 1) * size, order,
                     player, newest)
rows = found.rows


def _name(spec: str) -> str:
    return data.character_names((spec,))[spec]


def _winner(g: GameRow) -> str:
    if g.winner is None:
        return "unfinished"
    seat = "p1" if g.winner == 0 else "p2"
    return f"{seat} {_name(g.p1 if g.winner == 0 else g.p2)}"


def label(g: GameRow) -> str:
    return data.code(f"{_name(g.p1)} vs {_name(g.p2)} · seed {g.seed} · "
                     f"{g.player1}/{g.player2} · {_winner(g)} · {g.turns} turns")


first_shown = (page_no - 1) * size + 1
if rows:  # none: the line below names the filters ("showing 0–0" said nothing)
    summary.caption(f"{found.total} game(s) match; showing {first_shown}–"
                    f"{first_shown + len(rows) - 1} (page {page_no} of {pages}, "
                    f"{'newest played first, by the time of its log' if newest else 'ordered by p1, p2 and seed'})")

if not rows:  # nothing to list: say which filters exclude every game, not an empty grid
    asked = [f"{what} {shown}" for what, shown in (
        ("fighter", who.get(fighter, fighter) if fighter != ANY else None),
        ("winner", who.get(winner, winner) if winner != ANY else None),
        ("agent", data.code(agent) if agent is not None else None),
        ("player", data.code(player) if player is not None else None),
        ("seed", str(seed) if seed is not None else None),
        ("turns", f"{low}–{high}" if (low, high) != (0, longest) else None)) if shown]
    st.info(data.plain(f"No game matches {', '.join(asked) or 'here'}: clear or widen a "
                       "filter above to see games."))
    st.stop()

table = [{
    "p1": _name(g.p1), "p2": _name(g.p2), "players": data.code(f"{g.player1} / {g.player2}"),
    "winner": _winner(g),
    "how": REASONS.get(g.reason or "", g.reason or ""), "turns": g.turns, "strikes": g.strikes,
    "final life": f"{g.p1_life} / {g.p2_life}", "agents": data.code(f"{g.agent1} / {g.agent2}"),
    "went first": "p1" if g.first == 0 else "p2", "seed": str(g.seed),
    "completed": g.sealed, "played": (g.played or "").replace("T", " ").removesuffix("Z"),
    "game id": data.code(g.game_id[:12]),
} for g in rows]
event = export.table(
    table, "games.table", "games", on_select="rerun", selection_mode="single-row",
    height=export.fitted_height(len(table)), column_config={"completed": st.column_config.CheckboxColumn(
        "completed", help="the log was closed properly at the end of the game "
                          "(sealed); unticked: unfinished or damaged"),
        "played": st.column_config.TextColumn(
            "played (UTC)", help="when its log was last written (the order newest played "
                                 "first sorts by it)")})
picked = event.selection.rows if event is not None else []
opened = rows[picked[0]] if picked and picked[0] < len(rows) else None

by_id = {g.game_id: g for g in rows}
choice = st.selectbox("Open a game", list(by_id), index=None, key="games.open",
                      format_func=lambda gid: label(by_id[gid]),
                      placeholder="choose a game of this page (or click a row above)")
if opened is None and choice:
    opened = by_id[choice]
if opened is not None:  # a link the page follows: Back from the game shows this list
    routes.follow_to_game(opened.game_id, data.plain(
        f"{_name(opened.p1)} vs {_name(opened.p2)} · seed {opened.seed}"), from_games=True)
