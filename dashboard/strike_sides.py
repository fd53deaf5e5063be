"""Each seat's side of one strike, read from its ``StrikeSummary`` row: what the seat's
own attack did (``outcome_of``: a hit, a miss, a hit that stunned, stunned before it
attacked, or never revealed: the game ended mid-strike), the damage it dealt (``side_of``), where the strike starts and where that
damage lands on the replay axis (``position``, ``landing``), and whether a perspective
may see the strike's cards yet (``cards_visible``).

Plain reads of the row, no drawing: ``dashboard.timeline`` places, shapes and labels its
markers with them (and re-exports ``outcome_of`` and ``cards_visible``).
"""

from __future__ import annotations

from collections.abc import Sequence

from replay.query import FighterLife, StrikeSummary


def side_of(row: StrikeSummary, seat: int) -> tuple[bool, int, bool, bool]:
    """``(hit, damage dealt, opponent stunned, own stunned)`` of ``seat`` in ``row``."""
    if seat == row.attacker:
        return row.a_hit, row.a_damage, row.d_stunned, row.a_stunned
    return row.d_hit, row.d_damage, row.a_stunned, row.d_stunned


def outcome_of(row: StrikeSummary, seat: int) -> str:
    """``seat``'s own attack in the strike: ``stun`` (hit and stunned), ``hit``, ``miss``,
    ``stunned`` when it was stunned before its attack resolved (no hit or miss), or
    ``unset`` when the game ended before the attacks were revealed (a resignation, a
    loss on time or a log that stops mid-strike: no card, which was called a miss)."""
    hit, _, stunned_them, stunned_me = side_of(row, seat)
    if hit:
        return "stun" if stunned_them else "hit"
    if not (row.a_card if seat == row.attacker else row.d_card):
        return "unset"
    resolved = (row.a_distance if seat == row.attacker else row.d_distance) is not None
    return "stunned" if stunned_me and not resolved else "miss"


def outcome(row: StrikeSummary) -> str:
    """The attacker's outcome (``outcome_of(row, row.attacker)``)."""
    return outcome_of(row, row.attacker)


def position(row: StrikeSummary) -> int:
    """The replay position at the start of the strike (just after ``StrikeStarted``)."""
    return row.first_event + 1


def landing(row: StrikeSummary, seat: int, fighters: Sequence[FighterLife]) -> int:
    """Where ``seat``'s damage in ``row`` lands: the first drop of an opponent fighter's
    life inside the strike, else the strike's end; the strike's start if it dealt none."""
    if side_of(row, seat)[1] <= 0:
        return position(row)
    start, end = position(row), row.last_event + 1
    drops = [pos for f in fighters if f.seat != seat
             for (pos, life), (_, before) in zip(f.points[1:], f.points, strict=False)
             if start <= pos <= end and life < before]
    return min(drops, default=end)


def cards_visible(row: StrikeSummary, perspective: str, at: int | None) -> bool:
    """May ``perspective`` see the strike's cards with the viewer at ``at``? ``all``
    always; a player once the strike is over (both attacks were revealed in it)."""
    if perspective == "all":
        return True
    return at is not None and at >= row.last_event + 1
