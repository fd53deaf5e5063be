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

import json
from typing import NoReturn

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

APP_TITLE = "exceed replay"
"""The app's name, last in every browser tab's title (``tab_title``)."""


def tab_title(*words: str) -> str:
    """A browser tab's title: ``words`` (the page's name, or what a Play tab waits on,
    first), then the app's name. Every tab read "exceed replay", whatever its page, so a
    player with a game in one tab and the Games list in another could not tell them
    apart, nor see from another tab that their move had come. Only the page's own fixed
    words: never a name or anything else from a log or a person."""
    return " · ".join((*words, APP_TITLE))


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
    """Switch to the Game page showing ``game_id`` (a fork opened from the Game page: the
    page is the same, so the browser gets one history entry, ``/game?game=NEW``)."""
    st.session_state[GAME_KEY] = game_id
    st.switch_page(GAME, query_params={"game": game_id})


OPENING = "routes-opening"
"""The key of the container of the link ``follow_to_game`` draws (its CSS class is
``st-key-routes-opening``, which its script finds)."""
FROM_GAMES_KEY = "routes.opened_from_games"

_FOLLOW = """<script>(() => {
  let tries = 0;
  const follow = () => {
    const link = document.querySelector(".st-key-OPENING a[href]");
    if (link) { link.click(); return; }
    if (++tries < 100) { setTimeout(follow, 50); }
  };
  follow();
})();</script>""".replace("OPENING", OPENING)


def follow_to_game(game_id: str, label: str, *, from_games: bool = False) -> None:
    """Open ``game_id`` (a row or a chooser of a list page) on the Game page as its link
    does: the link ("Open LABEL", ``label`` already made plain) and a script that clicks
    it. ``st.switch_page`` first wrote ``?game=`` into the list's own URL, a history entry
    of its own (``/games?game=ID``, the filters gone), so Back from the game showed every
    game; a link adds only the game's (``/game?game=ID``), and Back shows the list as it
    was. ``from_games``: opened from the Games list, so the Game page's Back to Games
    goes back in the history (``back_to_games``) rather than adding an entry."""
    st.session_state[GAME_KEY] = game_id
    if from_games:
        st.session_state[FROM_GAMES_KEY] = game_id
    else:
        st.session_state.pop(FROM_GAMES_KEY, None)
    st.container(key=OPENING).page_link(
        GAME, label=f"Open {label}", query_params={"game": game_id}, icon=":material/movie:"
    )
    st.html(_FOLLOW, unsafe_allow_javascript=True)


GAMES_LIST_KEY = "routes.games_list"


def remember_games_list() -> None:
    """Keep the Games page's URL as it shows (its filters, order and page), so the Game
    page's "Back to Games" returns to that list, not to every game."""
    st.session_state[GAMES_LIST_KEY] = st.query_params.to_dict()


def games_list() -> dict[str, str] | None:
    """The query parameters of the Games list last shown in this session (None: none
    shown, or every game): the Game page's "Back to Games" links open it."""
    return st.session_state.get(GAMES_LIST_KEY) or None


BACK = "routes-back-to-games"
"""The key of the Game page's Back to Games link's container (``back_to_games``)."""

_BACK = """<script>(() => {
  const game = %s;
  if (game !== null && new URLSearchParams(location.search).get("game") === game) {
    history.replaceState({...(history.state || {}), exceedBack: "games"}, "");
  }
  if (window.exceedBackToGames) { return; }
  window.exceedBackToGames = true;
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest(".st-key-%s a");
    if (link && history.state && history.state.exceedBack === "games") {
      event.preventDefault();
      event.stopPropagation();
      history.back();
    }
  }, true);
})();</script>"""


def back_to_games(where: DeltaGenerator, game_id: str) -> None:
    """The Game page's "Back to Games" link, in ``where``: to the Games list this session
    last showed (``games_list``). A game opened from that list (``follow_to_game``) has
    its history entry marked (once, on its first run), and there the link goes back in the
    history as the browser's Back does: the list as it was, and no second entry of it
    after the game's (a link adds one, so Back from the list showed the game again)."""
    where.container(key=BACK).page_link(
        GAMES, label="Back to Games", query_params=games_list(), icon=":material/arrow_back:"
    )
    opened = st.session_state.get(FROM_GAMES_KEY) == game_id
    if opened:
        del st.session_state[FROM_GAMES_KEY]
    marked = json.dumps(game_id if opened else None).replace("<", "\\u003c")
    where.html(_BACK % (marked, BACK), unsafe_allow_javascript=True)


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
