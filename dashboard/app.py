"""The dashboard's router: ``streamlit run dashboard/app.py -- --db FILE``.

It sets up the page and the navigation; the pages live in ``dashboard/app_pages/`` and
read the index only through ``replay.query`` (see ``dashboard/data.py``).
"""

from __future__ import annotations

import streamlit as st

from dashboard import data, routes

# An emoji favicon, drawn by the browser: a ``:material/...:`` page icon is fetched from
# Google's font host (and would be used for every page without one), so it fails offline.
# The sidebar's Material icons come from the font Streamlit bundles.
PAGE_ICON = "⚔️"
st.set_page_config(page_title=routes.APP_TITLE, page_icon=PAGE_ICON, layout="wide")



def _home() -> None:
    """The root URL: straight to the Games page (which has its own URL, ``/games``)."""
    st.switch_page(routes.GAMES)


pages = [
    st.Page(_home, title="Home", url_path="home", default=True, visibility="hidden"),
    st.Page(routes.GAMES, title="Games", icon=":material/list:", url_path=routes.GAMES_URL),
    st.Page(routes.GAME, title="Game", icon=":material/movie:"),
    st.Page(routes.PLAY, title="Play", icon=":material/sports_esports:"),
    st.Page(routes.SEARCH, title="Search", icon=":material/search:"),
    st.Page(routes.MATCHUPS, title="Matchups", icon=":material/grid_on:"),
    st.Page(routes.FIGHTER, title="Fighter", icon=":material/person:"),
    st.Page(routes.CARDS, title="Cards", icon=":material/style:"),
    st.Page(routes.INSIGHTS, title="Insights", icon=":material/insights:"),
    st.Page(routes.PLAYERS, title="Players", icon=":material/groups:"),
    st.Page(routes.VERIFY, title="Verify", icon=":material/verified:"),
]
page = st.navigation(pages)
st.set_page_config(page_title=routes.tab_title(page.title))  # the tab names its page
st.sidebar.caption(f"index: {data.plain(data.db_path())}")
page.run()
