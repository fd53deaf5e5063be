"""A forked game on the Game page: where it came from, and its parent's curve beside its own.

A fork made from the dashboard ("Play … instead", ``analysis_panel.fork_buttons``) or
with ``exceed fork`` names its parent and the decision it replaced in its header
(``replay.query.fork_origin``). The page opens it at that decision (``opening``), says
"forked from <game> at decision N: played X instead of Y" with a link back to the
parent at that decision (``render_banner``), and, when both games are analysed, draws
the parent's win-probability curve beside the fork's (``parent_points``, drawn by
``winprob.add_parent``).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from dashboard import data, routes, viewer_panel
from replay import query as q
from replay.query import AnalysisPointRow, ForkOrigin, GameReplay


def opening(game_id: str, origin: ForkOrigin | None, length: int) -> None:
    """Open a fork at its fork point the first time it is shown (a link's ``at=`` or
    ``event=``, adopted before, wins)."""
    if origin is not None and viewer_panel.position_key(game_id) not in st.session_state:
        viewer_panel.set_position(game_id, origin.position, length)


def _parent(db: str, origin: ForkOrigin) -> tuple[q.GameRow | None, GameReplay | None]:
    try:
        row = data.game(db, origin.parent)
    except data.READ_ERRORS:
        return None, None
    if row is None:
        return None, None
    try:
        return row, data.game_replay(row.path, row.game_id)
    except q.GameUnavailable:
        return row, None


def parent_link(origin: ForkOrigin, position: int | None, analysed: bool) -> dict[str, str]:
    """The Game page's query parameters for the parent just before the fork's decision
    (``decision=`` too when the parent's analysis has that decision)."""
    params = {"game": origin.parent}
    if position is not None:
        params["at"] = str(position)
    if analysed:
        params["decision"] = str(origin.at)
    return params


def render_banner(db: str, origin: ForkOrigin, path: str = "") -> None:
    """One line: the parent, the decision, what the fork played instead of what the
    parent played, and the link back to the parent at that decision. A game of the Play
    page (its log, ``path``, under the index's live games) with a parent is a takeback:
    its parent, the game before it, is kept unfinished and never indexed, so it says
    so ("Forked from game 0a023e337dff ... The parent game is not in this index" read
    as a broken index to the person who took a move back)."""
    row, parent = _parent(db, origin)
    here = q.played_at(parent, origin.at) if parent is not None else None
    points = parent_points(db, origin)
    analysed = any(p.idx == origin.at for p in points)
    played = data.plain(origin.played) if origin.played else "another option"
    if row is None and _live(db, path):
        st.info(f"A takeback on the Play page went back to decision {origin.at}, which "
                f"then played {played}. The game before the takeback is kept unfinished "
                "in its log, beside the live games, and is not indexed.")
        return
    if row is None:
        st.info(f"Forked from game {origin.parent[:12]} at decision {origin.at}: played "
                f"{played}. The parent game is not in this index.")
        return
    who = data.character_names((row.p1, row.p2))
    name = data.plain(f"p1 {who[row.p1]} vs p2 {who[row.p2]} ({row.game_id[:12]})")
    with st.container(border=True, key="game.fork_origin"):
        st.markdown(f"Forked from {name} at decision {origin.at}: "
                    f"{played_words(origin.played, here[1] if here is not None else None)}.")
        st.page_link(routes.GAME, label=f"Back to the parent at decision {origin.at}",
                     icon=":material/undo:",
                     query_params=parent_link(origin, here[0] if here is not None else None,
                                              analysed))


def _live(db: str, path: str) -> bool:
    """Whether the log ``path`` is a live game of the index ``db`` (the Play page's)."""
    if not path:
        return False
    try:
        return Path(path).resolve().parent == q.live_root(Path(db)).resolve()
    except (OSError, ValueError):
        return False


def played_words(played: str, parent: str | None) -> str:
    """What the fork played beside what the parent played there, as Markdown (the labels
    from the logs escaped): "played X instead of Y"; "played X, as the parent did" for a
    fork that took the parent's own option (``exceed fork --choose`` allows it; it read
    "played Strike instead of Strike"); "played X" when the parent's is not known."""
    mine = data.plain(played) if played else "another option"
    if parent is None:
        return f"played {mine}"
    if played and played == parent:
        return f"played {mine}, as the parent did"
    return f"played {mine} instead of {data.plain(parent)}"


def parent_points(db: str, origin: ForkOrigin) -> list[AnalysisPointRow]:
    """The parent's analysed points (empty when it has no stored analysis)."""
    try:
        stored = data.game_analysis(db, origin.parent)
    except data.READ_ERRORS:
        return []
    return list(stored.points) if stored is not None else []
