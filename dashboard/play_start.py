"""Start on the Play page: one game per click of the new game form, however often it
is clicked.

A double click of Start made two games. Streamlit's fast reruns (``runner.fastReruns``,
on by default) answer the second click with a new script run at once, on a new thread,
while the first click's run goes on until its next Streamlit call (an element, any read
or write of ``st.session_state``): that run, in the middle of making its game (no
Streamlit call inside ``q.create_live``), made it, and the second click's run, which
found no game made yet, made another (its seed random too). The first stayed in the
list of unfinished games for good.

So a click's run puts a ``Started`` in the session before it makes its game, holding
its lock until the game is made or the run ends without one. A click of the same form
waits on that lock (``repeated``): then it opens the game the first click made, if that
was less than ``REPEAT_S`` ago, and makes one itself only if the first made none (it
was stopped first, or refused). A spinner says the click was taken while the game is
made (against the search agent that took 8 s, with nothing on the page, so a newcomer
clicked again).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from replay import query as q

STARTED = "play.started"  # the session's ``Started``: the last Start click's game
REPEAT_S = 10.0
"""How long after Start made a game the same form's click opens it again: the second
click of a double click runs once the first's game is made (seconds against the search
agent, on a loaded machine)."""
WAIT_S = 120.0
"""How long a click waits for the game the same form's click before it is making; past
it, it makes its own. Making a game takes seconds against any agent at any budget:
before the person's first request the search agent answers at most its own mulligan,
which it does not search (measured: 3 s at the form's largest budget, 60 s a decision;
``tests/dashboard/test_play_start.py`` checks that no decision is searched)."""
STARTING = "Starting the game…"
"""The spinner's words while Start makes the game, whatever the opponent: it read "the
search agent thinks over its opening decisions (up to its time each)" against the search
agent, which searches none of them (``WAIT_S``)."""
SEED_HELP = ("empty: a random seed. A seed decides every shuffle, so whoever knows it can "
             "know every hidden card: a game against a person at another browser takes a "
             "random one, shown to both once the game is over")
CHOSEN_SEED_REFUSED = ("A game against a person at another browser takes a random seed: "
                       "a seed decides every shuffle, so whoever chose it could know your "
                       "friend's hand. Empty the Seed box (the seed is shown to both once "
                       "the game is over).")


@dataclass
class Started:
    """One click of Start: the form's values, and once made, its game and when.

    Made with its lock held, by the run that makes the game; ``made`` records the game
    and ``settled`` (in a ``finally``) releases the lock, so a click of the same form on
    another thread learns, by waiting on it, whether a game was made."""

    form: tuple[object, ...]
    created: q.Created | None = None
    at: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.lock.acquire()

    def made(self, created: q.Created) -> None:
        """Record the game this click made."""
        self.created = created
        self.at = time.monotonic()

    def settled(self) -> None:
        """The click's run made its game, or will not: release those waiting on it."""
        if self.lock.locked():
            self.lock.release()

    def wait(self, seconds: float) -> bool:
        """Wait until the click's run settled (False: not within ``seconds``)."""
        if not self.lock.acquire(timeout=seconds):
            return False
        self.lock.release()
        return True


def repeated(started: object, form: tuple[object, ...],
             wait_s: float = WAIT_S) -> q.Created | None:
    """The game a click of the same ``form`` made within ``REPEAT_S`` (waiting up to
    ``wait_s`` for a click still making it), else None: make one."""
    if not isinstance(started, Started) or started.form != form:
        return None
    if not started.wait(wait_s) or started.created is None:
        return None
    if time.monotonic() - started.at >= REPEAT_S:
        return None
    return started.created


def seed_refused(opponent: str, seed: int | None) -> str | None:
    """Why Start makes no game with ``seed`` against ``opponent`` (None when it does): a
    seed the host chose, against a friend (``CHOSEN_SEED_REFUSED``). Against an agent or
    at hotseat the seed is the player's own business (a deal to practise again)."""
    return CHOSEN_SEED_REFUSED if seed is not None and opponent == q.PERSON else None


def team_refused(p1: str, p1_team: str, p2: str, p2_team: str) -> str | None:
    """Why Start makes no game of these fighters and partners (``""``: none), in the
    fighters' names (``q.team_refusal``); None when each seat's team is one."""
    for seat, fighter, partner in (("p1", p1, p1_team), ("p2", p2, p2_team)):
        refused = q.team_refusal(seat, fighter, partner) if partner else None
        if refused is not None:
            return refused
    return None
