"""The Verify page's indexed games: every game of the index re-simulated from the log at
its indexed path and its divergences grouped, as ``exceed verify --jobs`` groups them.

It runs when asked (a button: it re-simulates every game), in parts of ``PART`` logs
with a progress bar, in the server's own process (``JOBS = 1``: forking worker processes
from Streamlit's threaded server is not safe; ``exceed verify --jobs`` is the fast way); each part's outcomes are cached (by
its paths and game ids, ``st.cache_data``), so running it again, or a page rerun, only
re-simulates games that are new or moved. A path that is gone or cannot be read is
counted as skipped, its one line listed under the table; so is each damaged or
unfinished log whose good prefix replays identically (where it stops).
"""

from __future__ import annotations

import streamlit as st

from dashboard import data
from dashboard.stats import SUPPRESSED
from replay import query as q

PART = 100
JOBS = 1
PAGE = 5000
CACHE_SECONDS = 600
KEY = "verify.corpus"
COLUMNS = ("divergence", "games", "example", "first divergence")


@st.cache_data(ttl=data.TTL_SECONDS, show_spinner=False)
def indexed_logs(db: str) -> list[tuple[str, str]]:
    """``(path, game id)`` of every indexed game, in path order."""
    source = q.open_source(db)
    rows: list[q.GameRow] = []
    while True:
        page = q.games(source, limit=PAGE, offset=len(rows))
        rows += page
        if len(page) < PAGE:
            break
    return sorted((g.path, g.game_id) for g in rows)


@st.cache_data(ttl=CACHE_SECONDS, show_spinner=False)
def verified(paths: tuple[str, ...], game_ids: tuple[str, ...]) -> list[q.TriageOutcome]:
    """The outcomes of one part (``game_ids`` only key the cache: a log re-indexed under
    the same path with other contents is verified again)."""
    return list(q.triage(list(paths), jobs=JOBS).outcomes)


def render(db: str) -> None:
    """The section: a button, then the progress bar, the groups' table and the counts."""
    logs = data.guarded(indexed_logs, db)
    st.caption(f"{len(logs)} indexed game(s). Re-simulating them on this engine groups "
               "their divergences by the first divergent event and the card involved "
               "(as exceed verify --jobs does).")
    if not logs:
        return
    if st.button("Re-simulate the indexed games", key=KEY):
        st.session_state[f"{KEY}.asked"] = True
    if not st.session_state.get(f"{KEY}.asked"):
        return
    bar = st.progress(0.0, text=f"re-simulating 0 of {len(logs)} game(s)")
    outcomes: list[q.TriageOutcome] = []
    for start in range(0, len(logs), PART):
        part = logs[start:start + PART]
        outcomes += verified(tuple(p for p, _ in part), tuple(g for _, g in part))
        bar.progress(len(outcomes) / len(logs),
                     text=f"re-simulating {len(outcomes)} of {len(logs)} game(s)")
    bar.empty()
    result = q.group_outcomes(outcomes)
    st.markdown(data.plain(result.counts_line()))
    if result.groups:
        st.dataframe({name: column for name, column in zip(COLUMNS, zip(*(
            (data.code(g.description), g.count, data.code(g.example), g.where)
            for g in result.groups),
            strict=True), strict=True)}, hide_index=True, key=f"{KEY}.groups",
            placeholder=SUPPRESSED)
    skipped = result.skipped
    if skipped:
        with st.expander(f"{len(skipped)} skipped log(s)"):
            st.text(data.code("\n".join(o.problem for o in skipped)))
    damaged = result.damaged  # the counts alone did not say which
    if damaged:
        with st.expander(f"{len(damaged)} damaged or unfinished log(s)"):
            st.text(data.lines(o.damaged_line() for o in damaged))
