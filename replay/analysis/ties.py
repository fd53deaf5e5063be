"""Options that tie the best: how ``exceed analyze`` and the Game page's decision panel
say that a reviewed option is as good as the best one (``docs/metrics.md``, "Order").

The best option is the first of the review's order, one played on every rollout. An
option whose estimate equals the best's (``ties_best``) is no worse: at a decided
position every option reads 100% (or 0%), and the race cuts the others early as "no
better" than the leader, which is true but reads as "worse" below the played one. So
such an option is listed as ``TIED`` next to the best, never as "cut: no better", and
the report counts the ties (``tied_text``). Only the words and the order shown change:
the estimates, the swing and the stored ranks are the review's.
"""

from __future__ import annotations

TIED = "tied with the best"
"""The decision panel's mark of an option whose estimate equals the best's."""

TOLERANCE = 1e-9
"""Two estimates closer than this are equal (``wins / n`` of two samples may differ in
the last bit)."""


def ties_best(p: float | None, best: float | None) -> bool:
    """Whether an option's estimate ``p`` equals the best option's ``best`` (the
    decider's chance after each; None: could not be played, or no best)."""
    return p is not None and best is not None and abs(p - best) <= TOLERANCE


def tied_text(others: int) -> str:
    """``tied with 2 other options`` (``""`` for none): how many options besides the best
    have its estimate."""
    if others <= 0:
        return ""
    return f"tied with {others} other option{'' if others == 1 else 's'}"


__all__ = ["TIED", "TOLERANCE", "tied_text", "ties_best"]
