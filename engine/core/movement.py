"""Arena geometry: where advance, retreat, close, push, pull and Move take a fighter.

Pure functions over space numbers (1..9). The core rulebook's movement rules: the
opponent's space is never counted; a fighter never shares a space; movement that would
pass the edge stops at the edge; close stops adjacent; advance and pull may cross.
"""

from __future__ import annotations

from engine.core.ids import ARENA_MAX, ARENA_MIN


def distance(a: int, b: int) -> int:
    return abs(a - b)


def _toward(mover: int, other: int) -> int:
    return 1 if other > mover else -1


def advance_to(mover: int, other: int, amount: int) -> int:
    """Where ``mover`` ends after advancing ``amount`` toward ``other``.

    The other fighter's space is skipped and not counted, so advancing can cross them
    and continue beyond; a wall stops the mover (adjacent, if the other is against it).
    """
    step = _toward(mover, other)
    pos = mover
    for _ in range(amount):
        nxt = pos + step
        if nxt == other:
            nxt += step
        if nxt < ARENA_MIN or nxt > ARENA_MAX:
            break
        pos = nxt
    return pos


def retreat_to(mover: int, other: int, amount: int) -> int:
    """Where ``mover`` ends after retreating ``amount`` away from ``other``."""
    step = -_toward(mover, other)
    return max(ARENA_MIN, min(ARENA_MAX, mover + step * amount))


def close_to(mover: int, other: int, amount: int) -> int:
    """Where ``mover`` ends after closing ``amount``: toward ``other``, never past."""
    gap = distance(mover, other) - 1
    return mover + _toward(mover, other) * min(amount, gap)


def crossed(mover_before: int, mover_after: int, other: int) -> bool:
    """True if the move ended on the far side of ``other``."""
    return (mover_before - other) * (mover_after - other) < 0


def stop_before(mover: int, destination: int, other: int) -> int:
    """``destination``, or the space adjacent to ``other`` on the mover's side if the
    move would cross ``other`` (Zangief's Siberian Blizzard: you cannot move past him)."""
    if not crossed(mover, destination, other):
        return destination
    return other - _toward(mover, other)


def enters(mover: int, destination: int, wall: int) -> bool:
    """True if a move from ``mover`` to ``destination`` goes onto or past ``wall`` (a
    space the mover stands on is not entered by leaving it)."""
    return destination != mover != wall and (mover - wall) * (destination - wall) <= 0


def stop_at_wall(mover: int, destination: int, wall: int, other: int) -> int:
    """``destination``, or the space before ``wall`` on the mover's side if the move
    would enter or pass it (a buddy made a wall for the mover: Chaos's Repel, "the
    opponent cannot advance or retreat into that space"); one further back if ``other``
    stands there, and never behind the mover (who then stays put)."""
    if not enters(mover, destination, wall):
        return destination
    step = 1 if destination > mover else -1
    stop = wall - step
    if stop == other:
        stop -= step
    return mover if (stop - mover) * step < 0 else stop


def spaces_moved(mover: int, destination: int, other: int) -> int:
    """The spaces a move from ``mover`` to ``destination`` covers, the other fighter's
    space not counted (core rulebook, Move: "When resolving movement (either from the
    move action or from movement effects), never count the opponent's space"): the
    distance, less 1 when the move crosses ``other``. What a ``movement_limit`` counts."""
    return distance(mover, destination) - (1 if crossed(mover, destination, other) else 0)


def move_cost(mover: int, destination: int) -> int:
    """Force for the Move action: 1 per space, the other's space not counted, +1 to cross.

    The two adjustments cancel, so the cost is the distance travelled.
    """
    return distance(mover, destination)
