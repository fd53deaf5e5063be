"""Where a truncated rollout stops (issue 31, ``Params.horizon``).

A rollout with horizon H plays on with the heuristic agent, exactly as a full rollout
does, until H strikes have ended after the analysed point (a strike in progress at the
point counts when it ends) and the next turn's first action choice is pending; there it
stops and the position is scored by the leaf evaluator (``replay.analysis.leaf.value``,
P1's chance). A game that ends first scores 1, 0 (or a draw's 0.5) as a full rollout
does. Horizon 0 plays to the end (the analysis before issue 31's round 4).

``Cutoff`` is told every step's events (``play_on``'s ``on_step`` hook, or the search's
cutoff, ``engine.ismcts``) and says when the horizon is reached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import ActionRequest, Game
from engine import events as ev
from replay.analysis import leaf


class Reached(Exception):
    """Raised by ``Cutoff.hook`` inside ``play_on`` when the horizon is reached."""


class Cutoff:
    """Counts the strikes ended since the point and says when a rollout stops."""

    __slots__ = ("fresh", "left")

    def __init__(self, strikes: int) -> None:
        self.left = strikes
        self.fresh = False

    def reached(self, game: Game, caused: Sequence[object]) -> bool:
        """Whether ``game``, after a step that caused ``caused``, is where the rollout
        stops: H strikes ended, a turn started after the last of them, and its first
        action choice pending (never a finished game: it scores its result)."""
        if not self.fresh:
            for event in caused:
                if self.left > 0:
                    self.left -= isinstance(event, ev.StrikeEnded)
                elif isinstance(event, ev.TurnStarted):
                    self.fresh = True
                    break
            if not self.fresh:
                return False
        return isinstance(game.pending, ActionRequest)

    def hook(self, game: Game, request: object, decision: object,
             caused: Sequence[object]) -> None:
        """``play_on``'s ``on_step``: raise ``Reached`` at the horizon."""
        if self.reached(game, caused):
            raise Reached


Check = Callable[[Game, Sequence[object]], float | None]
"""A search iteration's cutoff: P1's leaf value at the horizon, else None."""


def search_cutoff(strikes: int) -> Callable[[], Check]:
    """The search's cutoff factory (``engine.ismcts``'s ``cutoff``): for each iteration a
    function of (game, events of a step) giving P1's leaf value at the horizon, else None."""

    def make() -> Check:
        cut = Cutoff(strikes)

        def check(game: Game, caused: Sequence[object]) -> float | None:
            return leaf.value(game.state) if cut.reached(game, caused) else None

        return check

    return make


SPREAD_CAP = 100
"""The effective sample of an interval is at most this many times the rollouts played
(the scores all alike: no width at all would claim more than the rollouts can show)."""


def effective_n(scores: Sequence[float]) -> float:
    """The sample size a proportion would need to be as spread as ``scores`` (each 0..1):
    n · p(1 − p) / (their variance) (Kish's effective sample size). Scores of 0 and 1 only
    give n itself; leaf values, less spread than wins and losses, give more (at most
    ``SPREAD_CAP`` · n); every score alike at 0 or 1: n."""
    n = len(scores)
    if n == 0:
        return 0.0
    p = sum(scores) / n
    var = sum((s - p) ** 2 for s in scores) / n
    bound = p * (1.0 - p)
    if bound <= 0.0:
        return float(n)
    if var <= bound / SPREAD_CAP:
        return float(n * SPREAD_CAP)
    return n * bound / var
