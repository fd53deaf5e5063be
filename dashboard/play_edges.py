"""The edges of a game on the Play page: resign, abandon and takeback while it runs
(and, beside the options, claiming the win from a person who left, ``claim``); at
its end, Rematch (seats swapped), Review this game and New game, and a rematch another
seat started. Split from ``play_table`` (the table of one decision), which these buttons
surround: drawn under the board while the game runs, and under the result line, above
the board, once it is over (``app_pages/play.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st

from dashboard import play_takeback
from dashboard.analysis_jobs import duration
from dashboard.literal import markdown as md
from dashboard.play_table import CLICKED, pressed
from replay import query as q

EDGE_REFUSED = play_takeback.EDGE_REFUSED
INDEX_WAIT = 5.0
"""Seconds a finished game's page waits for another writer of the index (an ``exceed
index`` running) before it says so in one line, instead of the indexer's minute."""

TAKEN_BACK = play_takeback.TAKEN_BACK


def edges(root: Path, pic: q.SeatPicture, token: str, tab: str, db: Path) -> None:
    """Resign, abandon (until both seats made their first decision after the mulligan:
    ``pic.abandonable``), takeback (``play_takeback``: against the AI, or offered
    between people), rematch with seats swapped (the same
    opponent, clock and search time budget), review, a new game (``new_game``, once the
    game is over or abandoned); a rematch another seat started, and a spectator's review
    of the finished game. A refused one of them (``EDGE_REFUSED``)
    is said here, above its buttons."""
    refused = st.session_state.pop(EDGE_REFUSED, None)
    if refused:
        st.warning(md(refused))
    if pic.abandoned:
        new_game(st)
        return
    spectator = pic.viewer is None or pic.seat == q.SPECTATOR
    if spectator and not pic.over:
        return
    cols = st.columns(4)
    if not pic.over:
        sure = cols[0].checkbox("I mean it", key=f"sure-{pic.decision}")
        if pressed(cols[0].button, "Resign", pic, "resign", disabled=not sure):
            st.session_state.pop(TAKEN_BACK, None)
            try:
                q.live_resign(root, pic.game_id, token, tab)
            except (q.LiveRefused, q.LiveError) as error:
                st.session_state[EDGE_REFUSED] = str(error)
            st.rerun()
        if pic.abandonable and pressed(
                cols[2].button, "Abandon", pic, "abandon", disabled=not sure,
                help="leave the game unfinished for good (it stays in the log); offered "
                     "until both seats have made their first decision after the mulligan"):
            try:
                q.abandon_live(root, pic.game_id, token, tab)
            except (q.LiveRefused, q.LiveError) as error:
                st.session_state[EDGE_REFUSED] = str(error)
            st.rerun()
        play_takeback.controls(root, pic, token, tab, cols[1], pressed)
        return
    new_game(cols[2])
    if pic.rematch:
        _rematch_started(root, pic, token)
    elif not spectator and pressed(cols[0].button, "Rematch (seats swapped)", pic, "rematch"):
        _rematch(root, pic, token)
    try:
        game_id = q.index_live(root, pic.game_id, db, wait=INDEX_WAIT)
    except q.LiveError as error:  # a busy or foreign index too: the log keeps the game
        cols[1].caption(md(f"{error}; this page tries again every second while it is "
                           "open" if pic.seat != q.SPECTATOR else str(error)))
        return
    cols[1].page_link("app_pages/game.py", label="Review this game",
                      query_params={"game": game_id})


def indexed_now(root: Path, game_id: str, db: Path, settings: q.Settings) -> bool:
    """For a seat's page of a finished game, each second (``play._offer_watch``): index
    the game if its page could not (an ``exceed index`` held the index, ``edges``), not
    waiting; whether it was indexed now, so the page is drawn again with Review this
    game. The page said "not indexed" for good: nothing tried again unless it was
    reloaded, and a player who closed it left the game out of the index and the Games
    page."""
    if settings.indexed:
        return False
    try:
        q.index_live(root, game_id, db, wait=0)
    except q.LiveError:  # still busy (or no index): the line on the page stays
        return False
    return True


NOTICE_S = 10
"""How long (s) the other person's page must have gone unseen before the page says so:
a second's look missed is no news (``replay.live.presence``)."""


CLAIM_REFUSED = "play.claim_refused"
"""Why a "Claim the win" click was refused: said above the button, at the next run."""


def claim(root: Path, pic: q.SeatPicture, token: str, tab: str) -> None:
    """Between people, while the game waits on the other seat: once their page has not
    been seen for ``NOTICE_S``, say so and when the win may be claimed; from
    ``q.AWAY_S`` on, a "Claim the win" button (lichess's "claim victory"), which
    records that they left (``q.live_claim``). Their page coming back takes it away at
    the next look, a second later. Drawn under "Waiting for the other side", where the
    one who waits looks (under the board, with Resign, it sat below the fold)."""
    refused = st.session_state.pop(CLAIM_REFUSED, None)
    if refused:
        st.warning(md(refused))
    away = pic.away_s
    if away is None or away < NOTICE_S:
        return
    other = 1 if pic.seat == "p1" else 0  # away_s is only ever set for a seat's page
    who = f"The other player's page (p{other + 1}, {pic.names[other]})"
    if away < q.AWAY_S:
        st.info(md(f"{who} has not been seen for {duration(away)}: they may have left. If "
                   f"they are not back within {duration(q.AWAY_S - away)}, you may claim the "
                   "win."))
        return
    st.warning(md(f"{who} has not been seen for {duration(away)}: they seem to have left. "
                  "You may claim the win (recorded as their leaving the game), or keep "
                  "waiting for them."))
    if pressed(st.button, "Claim the win", pic, "claim", icon=":material/flag:"):
        try:
            q.live_claim(root, pic.game_id, token, tab)
        except (q.LiveRefused, q.LiveError) as error:
            st.session_state[CLAIM_REFUSED] = str(error)
        st.rerun()


def new_game(where: Any) -> None:
    """The "New game" button in ``where`` (a column, or ``st``) at a game's end or once
    it was abandoned: its click drops ``?g=`` and ``?t=``, so the page shows the form
    of a new game. The page offered only the rematch, with the same fighters, and the
    sidebar's Play link keeps ``?g=``: it reopened the finished game."""
    where.button("New game", key="new-game", icon=":material/add:",
                 on_click=st.query_params.clear)


def _rematch(root: Path, pic: q.SeatPicture, token: str) -> None:
    """This seat's Rematch click: the rematch started (``q.live_rematch``: the same
    opponent, clock and search time budget; the same token), or the other seat's offer
    accepted, and opened."""
    try:
        new_id = q.live_rematch(root, pic.game_id, token)
        seat = q.seat_of_token(q.read_live_settings(root, new_id), token)
    except (q.LiveRefused, q.LiveError) as error:
        st.session_state[EDGE_REFUSED] = str(error)
        st.rerun()
    st.session_state["play.links"] = {seat: token}
    st.query_params.update({"g": new_id, "t": token})
    st.rerun()


def rematch_state(root: Path, rematch: str) -> tuple[str, bool]:
    """The rematch ``rematch`` names (``""``: none yet) and whether it still waits for
    the other person's accept."""
    if not rematch:
        return "", False
    try:
        waiting = q.read_live_settings(root, rematch).waiting
    except q.LiveError:
        return rematch, False
    return rematch, waiting is not None and not waiting.cancelled


def rematch_words(root: Path, rematch: str, token: str) -> str:
    """What the finished game's page says of its rematch, for the seat ``token`` opens
    (``""``: a spectator). Between people the rematch waits for the other's accept: it
    read "A rematch has started" on the page of the one it waited for, who had yet to
    accept it, and on the spectator's, who then watched a game that had not begun."""
    try:
        settings = q.read_live_settings(root, rematch)
        waiting, seat = settings.waiting, q.seat_of_token(settings, token) if token else ""
    except q.LiveError:
        waiting, seat = None, ""
    if waiting is None or waiting.cancelled:
        return "A rematch has started (seats swapped)" + (
            "; your link opens your seat in it." if token else ".")
    if not token:
        return "A rematch was offered (seats swapped); it starts when the other player accepts it."
    if seat != waiting.seat:
        return ("You offered a rematch (seats swapped); it starts when the other player "
                "accepts it.")
    host = 1 if waiting.seat == "p1" else 0
    offerer = waiting.players[host] or f"P{host + 1} (guest)"
    return (f"{offerer} offers a rematch (seats swapped): open it to accept it; your link "
            "opens your seat in it.")


def _rematch_started(root: Path, pic: q.SeatPicture, token: str) -> None:
    """The rematch a seat started (seats swapped), and a button that opens it: a seat's
    own token opens its seat there (between people, the offer's join form), a spectator
    watches it. This seat's own Rematch click, made while the other seat's offer was on
    its way (both clicked at the same moment), accepts that offer (``_rematch``): the
    run it started drew the offer, not the Rematch button, and the click was lost."""
    spectator = pic.viewer is None or pic.seat == q.SPECTATOR
    if not spectator and st.session_state.get(CLICKED) == (pic.game_id, pic.decision,
                                                           "rematch"):
        del st.session_state[CLICKED]
        _rematch(root, pic, token)
    st.info(md(rematch_words(root, pic.rematch, "" if spectator else token)))
    label = "Watch the rematch" if spectator else "Play the rematch"
    if pressed(st.button, label, pic, "to-rematch"):
        st.query_params.update({"g": pic.rematch, **({} if spectator else {"t": token})})
        st.rerun()
