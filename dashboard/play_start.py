"""Start on the Play page: one game per click of the new game form, however often it
is clicked.

A double click of Start made two games. The second click's run stops the first's at
its next Streamlit call (an element, or any read or write of ``st.session_state``),
then makes another game (its seed random too), and the first stayed in the list of
unfinished games for good. So the first run keeps a ``Started`` in the session before
it makes its game (a stop there makes nothing) and fills it in plain Python once the
game is made: no Streamlit call lies between the game and the record of it, so no stop
can part them. A click of the same form within ``REPEAT_S`` opens that game instead.
A spinner says the click was taken while the game is made (against the search agent
that took 8 s, with nothing on the page, so a newcomer clicked again).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from replay import query as q

STARTED = "play.started"  # the session's ``Started``: the last Start click's game
REPEAT_S = 10.0
"""How long after Start made a game the same form's click opens it again: the second
click of a double click runs once the first's game is made (seconds against the search
agent, on a loaded machine)."""
STARTING = "Starting the game"
SEARCHING = ": the search agent thinks over its opening decisions (up to its time each)…"


@dataclass
class Started:
    """One click of Start: the form's values, and once made, its game and when.

    Mutable on purpose: it is put in the session before the game is made, and filled
    by plain attribute writes after, which no rerun can interrupt (``made``)."""

    form: tuple[object, ...]
    created: q.Created | None = None
    at: float = 0.0

    def made(self, created: q.Created) -> None:
        """Record the game this click made (no Streamlit call: nothing stops it)."""
        self.created = created
        self.at = time.monotonic()


def repeated(started: object, form: tuple[object, ...]) -> q.Created | None:
    """The game a click of the same ``form`` made within ``REPEAT_S``, else None."""
    if not isinstance(started, Started) or started.created is None:
        return None
    if started.form != form or time.monotonic() - started.at >= REPEAT_S:
        return None
    return started.created


def starting_words(opponent: str) -> str:
    """The spinner's words while Start makes the game."""
    return STARTING + (SEARCHING if opponent == "search" else "…")
