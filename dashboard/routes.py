"""Page paths and moves between pages (``st.switch_page`` paths are relative to app.py).

A game is opened with its id both in ``st.session_state`` and in the URL
(``/game?game=<id>``), so a Game page link can be shared; a link may add the moment
(``&as=p2&at=140``: perspective and replay position; ``&event=N``: just after event N,
as the Search page and ``exceed find`` link; ``&decision=12``: the analysed
decision open in the Game page's decision panel), which the page adopts
(``viewer_panel.adopt_url``, ``analysis_panel.adopt_url``) and offers for the moment
shown (``moment_link``). The Games page lives at
``/games``; the root URL (``/``) is a hidden page that moves there. The other pages keep
their filters in the URL too (``dashboard/urlstate.py``): ``/games?fighter=ryu&page=2``,
``/matchups?view=ordered``, ``/fighter?fighter=ken``, ``/cards?fighter=ken``,
``/insights?player=human&since=2026-01-01``, ``/players?fighter=ryu``,
``/players?player=Ann`` (one player's page).
"""

from __future__ import annotations

from typing import NoReturn

import streamlit as st

GAMES = "app_pages/games.py"
GAMES_URL = "games"
GAME = "app_pages/game.py"
MATCHUPS = "app_pages/matchups.py"
CARDS = "app_pages/cards.py"
FIGHTER = "app_pages/fighter.py"
VERIFY = "app_pages/verify.py"
SEARCH = "app_pages/search.py"
INSIGHTS = "app_pages/insights.py"
PLAY = "app_pages/play.py"
PLAYERS = "app_pages/players.py"
GAME_KEY = "game_id"


def open_game(game_id: str) -> NoReturn:
    """Switch to the Game page showing ``game_id``."""
    st.session_state[GAME_KEY] = game_id
    st.switch_page(GAME, query_params={"game": game_id})


GAMES_LIST_KEY = "routes.games_list"


def remember_games_list() -> None:
    """Keep the Games page's URL as it shows (its filters, order and page), so the Game
    page's "Back to Games" returns to that list, not to every game."""
    st.session_state[GAMES_LIST_KEY] = st.query_params.to_dict()


def games_list() -> dict[str, str] | None:
    """The query parameters of the Games list last shown in this session (None: none
    shown, or every game): the Game page's "Back to Games" links open it."""
    return st.session_state.get(GAMES_LIST_KEY) or None


def remember(game_id: str) -> None:
    """Keep the resolved full id of the game shown in the session. The URL keeps the id
    as it was typed when it is a prefix of this one (rewriting it would add a browser
    history entry, so Back would land on the same game)."""
    st.session_state[GAME_KEY] = game_id
    typed = st.query_params.get("game")
    if not typed or not game_id.startswith(typed):
        st.query_params["game"] = game_id


def drop_stale_game() -> None:
    """Off the Game page, the URL carries no ``?game=``, ``as=``, ``at=``, ``event=`` or
    ``decision=`` (e.g. after Back from a game)."""
    kept = {
        name: st.query_params.get_all(name)
        for name in st.query_params
        if name not in ("game", "as", "at", "event", "decision")
    }
    # Always tell the browser, even when this run's copy of the URL is already clean: a
    # Game page run stopped by the navigation may have sent ``?game=`` after the click.
    # In one message: clear() then update() sent two, and a loaded browser could keep the
    # first (the bare page) as a history entry of its own, so Back from
    # ``/games?player=X`` went to ``/games`` instead of the page before.
    st.query_params.from_dict(kept)


def chosen_game() -> str | None:
    """The game the Game page shows: ``?game=`` in the URL, else the one last opened."""
    from_url = st.query_params.get("game")
    if from_url:
        st.session_state[GAME_KEY] = from_url
        return from_url
    remembered = st.session_state.get(GAME_KEY)
    if remembered:
        st.query_params["game"] = remembered
        return str(remembered)
    return None
