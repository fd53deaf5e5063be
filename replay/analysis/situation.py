"""The situation of an analysed decision, stored beside its review for ``exceed
insights``: what kind of decision it was, and the table the decider faced.

``situation(point)`` reads the point's state (the position before the decision) and the
decision taken: the decider's and the opponent's life, the distance between the
fighters, the decider's gauge and cards in hand. ``decision_kind`` names the decision
in rulebook words ("strike", "attack set", "EX attack set", "wild swing", "boost",
"move", ...). Nothing here runs a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Decision
from replay.analysis.positions import Point

KINDS: dict[str, str] = {
    "strike": "strike", "set_attack": "attack set", "cross_strike": "attack set",
    "wild_swing": "wild swing", "boost": "boost", "cross_boost": "boost",
    "boost_action": "boost action", "move": "move", "change_cards": "change cards",
    "prepare": "prepare", "exceed": "exceed", "cross_exceed": "exceed",
    "character_action": "character action", "reshuffle": "reshuffle",
    "switch": "switch fighters",
}
"""A decision's tag -> its kind in rulebook words (a Tag Team's Cross Boost is a boost,
its Cross Strike an attack set, its Cross Exceed an exceed). An attack set of two or
more copies is an ``EX attack set``. A tag not listed is its own kind."""
EX = "EX attack set"


@dataclass(frozen=True)
class Situation:
    """Decision ``index``'s kind and the table before it, for the decider: ``life`` and
    ``opp_life`` (the fighters in play), ``distance`` between the fighters, ``gauge`` and
    ``hand`` (cards)."""

    index: int
    kind: str
    life: int
    opp_life: int
    distance: int
    gauge: int
    hand: int


def decision_kind(decision: Decision) -> str:
    """``decision``'s kind (``KINDS``; EX for an attack set of two or more copies)."""
    tag = str(decision.__struct_config__.tag)
    cards = getattr(decision, "cards", ())
    if tag in ("set_attack", "cross_strike") and isinstance(cards, tuple) and len(cards) > 1:
        return EX
    return KINDS.get(tag, tag.replace("_", " "))


def situation(point: Point) -> Situation:
    """The situation of ``point`` for its decider."""
    me = point.state.players[int(point.id.player)]
    them = point.state.players[1 - int(point.id.player)]
    return Situation(index=point.id.index, kind=decision_kind(point.decision), life=me.life,
                     opp_life=them.life, distance=abs(me.space - them.space),
                     gauge=len(me.gauge), hand=len(me.hand))
