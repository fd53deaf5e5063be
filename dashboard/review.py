"""Who erred: the decision review per player, and what a perspective may see of it.

``tallies`` counts each seat's inaccuracies, mistakes and blunders in a stored analysis
and the mean swing it lost per analysed decision (best option less the played one,
``docs/metrics.md``); ``tally_line`` says it in one line under the game's result.

Under the p1 or p2 perspective the page shows what that player could know at the
viewer's position (the README's promise): ``seen`` keeps the analysed points at or
before the cursor, and ``marked`` the review markers of that player's own decisions only.
Under ``public``, a spectator's ("spectator" on the page: ``seen_as``), what both players
could know: the points up to the cursor, and neither player's markers nor tally (a
review weighs options from a hand the spectator never sees). Under ``all`` everything is
shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from replay import query as q
from replay.query import LABEL_MIN_N, AnalysisPointRow

SEVERITIES = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Tally:
    """One seat's review: decisions analysed, severities counted, mean swing lost."""

    seat: int
    decisions: int
    inaccuracies: int
    mistakes: int
    blunders: int
    mean_swing: float  # points of win probability (0-100) lost per analysed decision
    labelled: int = 0
    """Decisions analysed on enough rollouts to carry a label (``LABEL_MIN_N``): with
    none, the counts are no count (a rough analysis labels nothing)."""


ALL, PUBLIC = "all", "public"
"""The omniscient perspective and a spectator's (``replay.query.FRAME_PERSPECTIVES``)."""
SPECTATOR = "spectator"
"""What the page calls ``public``: the word of its selector, its header and its lines."""


def seen_as(perspective: str) -> str:
    """The perspective's word on the page: ``spectator`` for ``public``, else itself."""
    return SPECTATOR if perspective == PUBLIC else perspective


def seat_of(perspective: str) -> int | None:
    """The seat a perspective is (0 for p1, 1 for p2), None for ``all`` and ``public``."""
    return {"p1": 0, "p2": 1}.get(perspective)


def seen(points: Sequence[AnalysisPointRow], perspective: str,
         position: int) -> list[AnalysisPointRow]:
    """The analysed points ``perspective`` may see at ``position``: all of them under
    ``all``; under p1 / p2 and ``public`` only those at or before the cursor (the future
    is unknown)."""
    if perspective == ALL:
        return list(points)
    return [p for p in points if p.event <= position]


def marked(point: AnalysisPointRow, perspective: str) -> bool:
    """Does ``perspective`` see ``point``'s review marker? Under p1 / p2 only the
    markers of that player's own decisions (the other's review names their hand), under
    ``public`` none (a spectator sees neither hand)."""
    if not point.severity or perspective == PUBLIC:
        return False
    seat = seat_of(perspective)
    return seat is None or point.player == seat


def tallies(points: Sequence[AnalysisPointRow]) -> tuple[Tally, Tally]:
    """Each seat's tally over ``points``."""
    def one(seat: int) -> Tally:
        own = [p for p in points if p.player == seat]
        count = {s: sum(p.severity == s for p in own) for s in SEVERITIES}
        mean = 100 * sum(p.swing for p in own) / len(own) if own else 0.0
        return Tally(seat=seat, decisions=len(own), inaccuracies=count["inaccuracy"],
                     mistakes=count["mistake"], blunders=count["blunder"], mean_swing=mean,
                     labelled=sum(p.n >= LABEL_MIN_N for p in own))
    return one(0), one(1)


def tally_text(tally: Tally, seat_name: str) -> str:
    """``p1 Ryu: 2 inaccuracies ▲, 1 mistake ◆, 0 blunders ✕, mean swing lost 3.1 points
    over 14 decisions``; ``no labels (a rough analysis: ...)`` instead of the counts when
    none of the seat's decisions could carry a label."""
    def n(count: int, word: str, plural: str, mark: str) -> str:
        return f"{count} {word if count == 1 else plural} {mark}"
    counted = (f"{n(tally.inaccuracies, 'inaccuracy', 'inaccuracies', '▲')}, "
               f"{n(tally.mistakes, 'mistake', 'mistakes', '◆')}, "
               f"{n(tally.blunders, 'blunder', 'blunders', '✕')}")
    if tally.decisions and not tally.labelled:  # "0 blunders" would read as a clean game
        counted = f"no labels (a rough analysis: fewer than {LABEL_MIN_N} rollouts)"
    return (f"{seat_name}: {counted}, mean swing lost "
            f"{tally.mean_swing:.1f} points over {tally.decisions} analysed decision"
            f"{'' if tally.decisions == 1 else 's'}")


HIDDEN_TALLIES = ("As spectator, neither player's review is shown: it weighs the options of a "
                  "hand a spectator never sees (all, p1 or p2 show it).")
"""The tally line under ``public``."""


NOT_REVIEWED = ("No decision is reviewed: this analysis is the win-probability curve "
                "alone, so it counts no inaccuracy, mistake or blunder.")
"""The tally line of an analysis made without a review (a first look, ``exceed analyze
--no-review``): its points have no swing, and "0 blunders" would read as a clean game."""


def tally_lines(points: Sequence[AnalysisPointRow], seats: tuple[str, str],
                perspective: str, position: int, params: str = "") -> list[str]:
    """The tally lines the page shows: both seats under ``all``; under p1 / p2 only that
    player's, over their decisions before the cursor; under ``public`` one line saying
    neither is shown, and why; for an analysis without a review (``params``) one line
    saying it reviews nothing."""
    if not q.reviewed(params):
        return [NOT_REVIEWED]
    if perspective == PUBLIC:
        return [HIDDEN_TALLIES]
    seat = seat_of(perspective)
    if seat is None:
        return [tally_text(t, seats[t.seat]) for t in tallies(points)]
    before = [p for p in points if p.event < position]
    return [tally_text(tallies(before)[seat], seats[seat]) + " so far"]
