"""Players: who plays here and how each has fared (``/players``), as lichess lists its
players; ``?player=NAME`` is one player's page, so a link to it can be shared.

The list is every player's record (``replay.query.player_records``, as ``exceed query
players`` prints it), most games first and sortable by any column: games, wins, losses,
unfinished games, games at both seats, the win rate with its 95% interval (a rate over
fewer than ``MIN_GAMES`` decided games reads "–"), the fighters most played and the
last game. ``?fighter=ryu`` keeps only the games played as that fighter (a Tag Team
holding it counts), as ``--character`` does. Choosing a row opens the player's page.

A player's page: their record, their record per fighter, their newest games (choosing
one opens it on the Game page) and links to all their games on the Games page
(``/games?player=NAME``) and to their Insights (``/insights?player=NAME``). A name is
data (a person typed it): shown through ``data.code`` / ``data.plain`` only. An unknown
player in a link is one line and the way back; an empty index, or one built before
games had players, is one line too.
"""

from __future__ import annotations

import streamlit as st

from dashboard import data, export, routes, urlstate
from dashboard.stats import MIN_GAMES, Rate
from replay import query as q

ANY = "(any)"
EMPTY = "The index holds no games yet: run `exceed index DIR` and they appear here."
PERCENT = export.PERCENT


def _win(wins: int, losses: int) -> dict[str, object]:
    """The win rate over the decided games and its interval, in percent (numbers, so the
    columns sort as numbers); None ("–") below ``MIN_GAMES`` decided games."""
    rate = Rate(wins, wins + losses)
    if not rate.enough:
        return {"win %": None, "low %": None, "high %": None}
    low, high = rate.interval
    return {"win %": round(100 * wins / (wins + losses), 1), "low %": round(100 * low, 1),
            "high %": round(100 * high, 1)}


def _when(played: str) -> str:
    """An ISO 8601 UTC time as ``2026-12-02 00:18`` (still sorts as it reads)."""
    return played[:16].replace("T", " ")


def _fighters(characters: str, names: dict[str, str]) -> str:
    """Comma-separated seat specs, by their names (``names``: every spec of the list's,
    looked up once: a cached lookup per row cost about 0.2 ms, 2 s for 10,000 players)."""
    return ", ".join(names[c] for c in characters.split(",") if c)


def _list(db: str) -> None:
    """Every player's record, filtered by fighter; choosing one opens their page."""
    st.title("Players")
    chars = data.fighters(data.guarded(data.characters, db))
    who = data.character_names(tuple(chars))
    options = [ANY, *chars]
    fighter = st.selectbox("Fighter (their games as this fighter)", options,
                           key="players.fighter", format_func=lambda c: who.get(c, c),
                           on_change=urlstate.bind("players.fighter", "fighter", ANY,
                                                   urlstate.choice(options), what="fighter"))
    chosen = None if fighter == ANY else fighter
    records = data.guarded(data.player_records, db, chosen)
    as_whom = "" if chosen is None else f" who played {who.get(chosen, chosen)}"
    st.caption(f"{len(records)} player(s){data.plain(as_whom)}, most games first; click a "
               "column's header to sort by it, a row to open the player. win %: wins over "
               f"decided games (a game at both seats is neither), \"–\" under {MIN_GAMES}; "
               "low–high: its 95% interval.")
    if not records:
        st.info(data.plain(f"No player played {who.get(fighter, fighter)} in this index."))
        return
    seats = data.character_names(tuple(sorted({c for r in records
                                               for c in r.characters.split(",") if c})))
    table = [{"player": data.code(r.player), "games": r.games, "wins": r.wins,
              "losses": r.losses, **_win(r.wins, r.losses), "unfinished": r.unfinished,
              "both seats": r.both_seats, "fighters": _fighters(r.characters, seats),
              "last played": _when(r.last_played)} for r in records]
    event = export.table(table, "players.table", "players", on_select="rerun",
                         selection_mode="single-row", height=export.fitted_height(len(table)),
                         column_config={c: PERCENT for c in ("win %", "low %", "high %")})
    picked = event.selection.rows if event is not None else []
    if picked and picked[0] < len(records):
        _open_player(records[picked[0]].player)
    names = [r.player for r in records]
    choice = st.selectbox("Open a player", names, index=None, key="players.open",
                          format_func=data.code, placeholder="choose a player (or click a row)")
    if choice is not None:
        _open_player(choice)


def _say(line: str | None) -> None:
    """The line of a link that gives ``player=`` more than once, if it does."""
    if line is not None:
        st.warning(data.plain(line))


def _open_player(name: str) -> None:
    """Switch to ``name``'s page (``?player=NAME``: the fighter filter is the list's)."""
    st.switch_page(routes.PLAYERS, query_params={"player": name})


def _result(g: q.GameRow, name: str) -> tuple[str, str, str, str]:
    """The player's seat, fighter, opponent (player and fighter) and result in ``g``."""
    names = data.character_names((g.p1, g.p2))
    if g.player1 == g.player2:
        return "both", f"{names[g.p1]} / {names[g.p2]}", "themself", "both seats"
    seat = 0 if g.player1 == name else 1
    mine, theirs = (g.p1, g.p2) if seat == 0 else (g.p2, g.p1)
    opponent = g.player2 if seat == 0 else g.player1
    result = "unfinished" if g.winner is None else "won" if g.winner == seat else "lost"
    return f"p{seat + 1}", names[mine], f"{data.code(opponent)} ({names[theirs]})", result


def _profile(db: str, name: str, twice: str | None) -> None:
    """One player's record, fighters and newest games, and the links to the rest
    (``twice``: the line for a link giving ``player=`` twice, under the title)."""
    st.title("Player: " + data.plain(name))
    _say(twice)
    profile, games = data.guarded(data.player_profile, db, name)
    r, fighters = profile.record, profile.fighters
    if r is None:  # the index changed since the list of players was read
        st.error(data.plain(f"no player {q.quoted(name)} in this index"))
        return
    rate = Rate(r.wins, r.wins + r.losses)
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("Games", r.games, help="every game they played, either seat")
    m2.metric("Win rate", rate.headline(),
              help="wins over the games they won or lost against another player; 95% "
                   "Wilson interval")
    m2.caption(rate.detail())
    m3.metric("Won / lost", f"{r.wins} / {r.losses}")
    m4.metric("Unfinished / both seats", f"{r.unfinished} / {r.both_seats}",
              help="both seats: games they played against themself (neither won nor lost)")
    st.caption(f"Last played {_when(r.last_played)} UTC.")
    l1, l2 = st.columns(2)
    l1.page_link(routes.GAMES, label=data.plain(f"All {r.games} games of {name}"),
                 icon=":material/list:", query_params={"player": name})
    l2.page_link(routes.INSIGHTS, label=data.plain(f"Insights of {name}"),
                 icon=":material/insights:", query_params={"player": name})

    st.subheader("Fighters")
    rows = [{"fighter": data.character_names((f.character,))[f.character], "games": f.games,
             "wins": f.wins, "losses": f.losses, **_win(f.wins, f.losses),
             "unfinished": f.unfinished, "both seats": f.both_seats} for f in fighters]
    export.table(rows, "players.fighters", "player-fighters",
                 column_config={c: PERCENT for c in ("win %", "low %", "high %")})

    st.subheader("Newest games")
    shown = []
    for g in games:
        seat, fighter, opponent, result = _result(g, name)
        shown.append({"played": _when(g.played), "seat": seat, "fighter": fighter,
                      "opponent": opponent, "result": result, "turns": g.turns,
                      "game id": data.code(g.game_id[:12])})
    st.caption(f"The {len(games)} newest of {r.games} game(s); click a row to open it on "
               "the Game page.")
    event = export.table(shown, "players.games", "player-games", on_select="rerun",
                         selection_mode="single-row")
    picked = event.selection.rows if event is not None else []
    by_id = {g.game_id: row for g, row in zip(games, shown, strict=True)}
    chosen = st.selectbox(
        "Open a game", list(by_id), index=None, key="players.open_game",
        format_func=lambda gid: (f"{by_id[gid]['played']} · {by_id[gid]['fighter']} vs "
                                 f"{by_id[gid]['opponent']} · {by_id[gid]['result']}"),
        placeholder="choose one of these games (or click a row above)")
    opened = games[picked[0]].game_id if picked and picked[0] < len(games) else chosen
    if opened:  # a link the page follows: Back from the game shows this player's page
        row = by_id[opened]
        routes.follow_to_game(opened, data.plain(
            f"{row['fighter']} vs {row['opponent']} · {row['played']}"))


db = data.db_path()
routes.drop_stale_game()
known = data.guarded(data.players, db)
if not known:
    st.title("Players")
    st.info(EMPTY)
    st.stop()
# ?player=a&player=b: the last, and one line under the title says so, as the other pages'
# lines of a filter given twice (it stood above the title)
wanted = st.query_params.get("player")
twice = urlstate.repeated("player")
if wanted is not None and wanted not in known:
    st.title("Players")
    _say(twice)
    st.error(data.plain(f"no player {q.quoted(wanted)} in this index"))
    st.page_link(routes.PLAYERS, label="Back to every player", icon=":material/arrow_back:",
                 query_params={})
    st.stop()
if wanted is None:
    _list(db)
else:
    st.page_link(routes.PLAYERS, label="Back to every player", icon=":material/arrow_back:",
                 query_params={})
    _profile(db, wanted, twice)
