"""The Insights page's "analyse the rest": a button that analyses, in the background,
every game of the player (under the page's filters) with no stored analysis, the most
recently played first (at most ``q.BATCH_GAMES``), and its progress.

``render`` draws, under the page's coverage line:

- while a batch runs over this index (whoever started it, for whichever player): its
  progress (game k of n, the points of the game in progress, an ETA) and a Stop button,
  redrawn every ``POLL_SECONDS`` by a fragment; each time a game is stored the whole
  page is drawn again, so the figures take it in as the batch goes;
- once it ended, for the same player and filters: one line of what it did (and the
  first game that could not be analysed, naming its file), then the buttons again if
  games are left;
- otherwise, if games are left: the rollouts per point, "Analyse the N others" and a
  Quick one, and the same work as a command for a terminal (``exceed analyze``).

One batch runs per index at a time (``dashboard.analysis_batch``); the Game page of the
game in progress shows that game's own progress. Names shown come from the index or the
URL: data, escaped through ``data.plain``.
"""

from __future__ import annotations

import time

import streamlit as st

from dashboard import analysis_batch, data
from dashboard.analysis_jobs import DONE, RUNNING
from replay import query as q

QUICK_ROLLOUTS = 20
DEFAULT_ROLLOUTS = 200
POLL_SECONDS = 1.0
SEEN_KEY = "insights.batch_analysed"  # the batch's games stored when the page last drew


def coverage(analysed: int, games: int) -> str:
    """The Insights page's coverage line, in markdown: "**3 of 71** of these games are
    analysed", "**1 of 71** of these games is analysed", and for a single game "**1 of
    1** game: it is analysed" (it read "1 of 71 of these games are analysed")."""
    if games == 1:
        return f"**{analysed} of 1** game: it is {'' if analysed else 'not '}analysed"
    verb = "is" if analysed == 1 else "are"
    return f"**{analysed:,} of {games:,}** of these games {verb} analysed"


def label(player: str, fighter: str | None, opponent: str | None, since: str | None,
          names: dict[str, str]) -> str:
    """Whose games a batch analyses: ``human, as Ryu, against Ken, since 2026-01-01``."""
    parts = [player]
    if fighter:
        parts.append(f"as {names.get(fighter, fighter)}")
    if opponent:
        parts.append(f"against {names.get(opponent, opponent)}")
    if since:
        parts.append(f"since {since}")
    return ", ".join(parts)


def render(db: str, whose: str, left: int, command: str,
           filters: tuple[str, str | None, str | None, str | None]) -> None:
    """The panel (module docstring): ``whose`` names the page's player and filters
    (``label``), ``left`` is how many of their games have no analysis, ``command`` the
    terminal's way, ``filters`` the page's (player, fighter, opponent, since)."""
    batch = analysis_batch.status(db)
    if batch is not None and batch.state == RUNNING:
        progress(db)
        return
    if batch is not None and batch.label == whose:
        if batch.state == DONE:
            st.success(data.plain(f"Analysed in the background: {batch.summary()}."))
        else:
            st.warning(data.plain(batch.message or batch.summary()))
        if batch.failure:
            st.warning(data.plain(f"Not analysed: {batch.failure}"))
    if not left:
        return
    refused = data.no_analyses_here(db)
    if refused:
        st.caption(data.plain(refused))
        return
    if left == 1:
        title = "Analyse the other game"
    elif left <= q.BATCH_GAMES:
        title = f"Analyse the {left} others"
    else:
        title = f"Analyse the {q.BATCH_GAMES} most recent of {left}"
    cols = st.columns([1, 1.5, 1], vertical_alignment="bottom")
    rollouts = cols[0].number_input(
        "Rollouts per point", min_value=4, max_value=5000, value=DEFAULT_ROLLOUTS, step=50,
        key="insights.rollouts",
        help="games played on from each position; more is slower and more precise")
    full = cols[1].button(title, key="insights.analyse", type="primary",
                          icon=":material/analytics:", width="stretch",
                          help="in the background, newest first; the page stays usable "
                               "and takes in each game as it is stored")
    quick = cols[2].button(f"Quick ({QUICK_ROLLOUTS})", key="insights.analyse_quick",
                           width="stretch",
                           help=f"a rough analysis: {QUICK_ROLLOUTS} rollouts per point "
                                "(too few to label a decision)")
    if command:  # none for a Parquet export, which holds no analyses
        with st.expander("Or in a terminal"):
            st.code(command, language="bash")
    if full or quick:
        games = data.guarded(data.unanalysed_games, db, *filters)
        if not games:
            st.info("Every one of these games is analysed now.")
            return
        try:
            analysis_batch.start(db, whose, games, int(rollouts) if full else QUICK_ROLLOUTS)
        except OSError as error:
            st.error(data.plain(f"Cannot start the analyses: {error}"))
            return
        st.session_state[SEEN_KEY] = 0
        st.rerun()


@st.fragment(run_every=POLL_SECONDS)
def progress(db: str) -> None:
    """The running batch: whose games, a progress bar and a Stop button; the whole page
    is drawn again when a game is stored or the batch ends."""
    batch = analysis_batch.status(db)
    if batch is None or batch.state != RUNNING:
        st.rerun()  # ended: the page shows what it did
        return
    if batch.analysed != st.session_state.get(SEEN_KEY, batch.analysed):
        st.session_state[SEEN_KEY] = batch.analysed
        st.rerun()  # a game was stored: the figures take it in (cached by index stamp)
    st.session_state[SEEN_KEY] = batch.analysed
    now = time.time()
    total = batch.total or 1
    part = batch.points_done / batch.points_total if batch.points_total else 0.0
    st.markdown(data.plain(f"Analysing the games of {batch.label} in the background: "
                           f"{batch.analysed} stored so far."))
    st.progress(min(1.0, (batch.done + part) / total), text=batch.progress_text(now))
    stopping = analysis_batch.stop_path(db).exists()
    if st.button("Stopping…" if stopping else "Stop", key="insights.analyse_stop",
                 icon=":material/stop:", disabled=stopping,
                 help="the games stored so far are kept; the game in progress is not"):
        try:
            analysis_batch.stop(db)
        except OSError as error:
            st.error(data.plain(f"Cannot stop the analyses: {error}"))


__all__ = ["label", "progress", "render"]
