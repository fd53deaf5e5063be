"""Where the fighters stand when the slower attack of a strike checks its range: after
the faster attack's movement.

Core rulebook, Resolving Strikes: the faster attack resolves first, whole: its
"Before:" movement, its hit and the hit's effects, its "After:" movement; only then
does the slower attack (when not stunned) resolve, measuring its range from where both
fighters now stand. So an attack the heuristic agent sets that hits first and does not
stun can still keep the opponent's answer from reaching: Donkey Kick's push 2 from range
1 leaves a range 1 Grasp or One Inch Punch out of reach; Cross's "After: Retreat 3"
takes the fighter out of Sweep's range 1-3; and one that moves in makes answers reach
that did not (Dive's "Before: Advance 3" from 4 spaces away lands in Sweep's range).
Read from the printed, unconditional effects with a number of spaces, once per card.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards.schema import CardDef, Timing
from engine.core.movement import advance_to, retreat_to
from engine.play import heuristic_cache as cache
from engine.play.heuristic_reach import before_moves, moved
from engine.vocabulary.movement import Advance, Close, Pull, Push, Retreat
from engine.vocabulary.traits import IgnorePushAndPull

_SELF = {Advance: "advance", Close: "close", Retreat: "retreat"}
_OTHER = {Push: "push", Pull: "pull"}


class Moves(NamedTuple):
    """One attack's movement in a strike, in printed order."""

    before: tuple[tuple[str, int], ...]
    """Its fighter's unconditional "Before:" movement."""
    hit: tuple[tuple[str, int], ...]
    """What its unconditional "Hit:" effects do to the opponent (push, pull)."""
    after: tuple[tuple[str, int], ...]
    """Its fighter's unconditional "After:" movement."""


_MOVES: dict[str, Moves] = cache.register({})
_UNMOVED: dict[str, bool] = cache.register({})


def moves(card: CardDef) -> Moves:
    """``card``'s ``Moves`` (read once per card; "Before:" as ``heuristic_reach``
    reads it)."""
    known = _MOVES.get(card.id)
    if known is None:
        hit: list[tuple[str, int]] = []
        after: list[tuple[str, int]] = []
        for e in card.effects:
            if e.condition is not None or not isinstance(e, Advance | Close | Retreat
                                                         | Push | Pull):
                continue
            amount = e.amount
            if not isinstance(amount, int):
                continue
            kind = _SELF.get(type(e))
            if kind is not None and e.timing is Timing.AFTER:
                after.append((kind, amount))
            elif type(e) in _OTHER and e.timing is Timing.HIT:
                hit.append((_OTHER[type(e)], amount))
        known = _MOVES[card.id] = Moves(before_moves(card), tuple(hit), tuple(after))
    return known


def unmoved(card: CardDef) -> bool:
    """``card``'s attack ignores pushes and pulls (Ryu's Focus)."""
    known = _UNMOVED.get(card.id)
    if known is None:
        known = _UNMOVED[card.id] = any(
            isinstance(e, IgnorePushAndPull) and e.timing is Timing.DURING_STRIKE
            and e.condition is None for e in card.effects)
    return known


def after_first(card: CardDef, here: int, them: int, hit: bool,
                their_card: CardDef | None = None) -> tuple[int, int]:
    """Where the fighter on ``here`` that strikes first with ``card`` and the opponent
    on ``them`` stand once that attack has resolved (``hit``: it hit, so its "Hit:"
    push or pull moved the opponent, unless ``their_card`` ignores them)."""
    found = moves(card)
    here = moved(here, them, found.before)
    if hit and not (their_card is not None and unmoved(their_card)):
        for kind, amount in found.hit:
            them = (retreat_to(them, here, amount) if kind == "push"
                    else advance_to(them, here, amount))
    return moved(here, them, found.after), them


def moves_anyone(card: CardDef) -> bool:
    """``card``'s attack moves a fighter before the opponent's slower one resolves."""
    found = moves(card)
    return bool(found.before or found.hit or found.after)
