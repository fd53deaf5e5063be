"""The heuristic agent's rules for the turn's options beyond the core actions and the
character card's plain actions: Change Cards (core rulebook, Change Cards), a boost's
"Action:" (Under Night In-Birth: Seth's Stitched Segment) and a character action that
wild swings (Mika's). ``engine.play.heuristic.HeuristicAgent._action`` asks them in turn;
the rest of the kit is ``engine.play.kit``. Also the order of effects that share a
trigger (``resets_first``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.cards.schema import CardKind
from engine.core.decisions import (
    BoostAction,
    ChangeCards,
    Decision,
    EffectOrderRequest,
    OrderEffects,
    Request,
)
from engine.core.state import State
from engine.play import heuristic_clash as clash
from engine.play import heuristic_cost as payment
from engine.play import heuristic_reach as reach
from engine.play import kit

if TYPE_CHECKING:
    from engine.play.heuristic import HeuristicAgent

WILD_EDGE = 0.0
"""The heuristic agent takes a character action that wild swings (Mika's) when its deck
list is expected to deal this much more than it takes (``heuristic_clash.wild_value``)
and more than the best attack in hand..."""
WILD_HAND = 5
"""...with at least this many cards in hand (Mika's basic action discards one)."""


def wild_wanted(agent: HeuristicAgent, view: State, options: Sequence[Decision],
                edge: Callable[[], float], bonuses: Sequence[reach.Bonus]) -> Decision | None:
    """The wild-swing character action to take now instead of Prepare (``wild_action``),
    when the hand holds ``WILD_HAND`` cards or more and the deck is expected to fare
    better than the best attack in hand (``edge()``, asked only then) and
    ``WILD_EDGE``; else None."""
    wild = wild_action(agent, view, options)
    if wild is None or len(view.players[agent.player].hand) < WILD_HAND:
        return None
    least = max(edge(), WILD_EDGE)
    if clash.wild_below(agent, view, True, bonuses, least) or clash.wild_value(
            agent, view, True, bonuses) <= least:
        return None
    return wild


def wild_action(agent: HeuristicAgent, view: State,
                options: Sequence[Decision]) -> Decision | None:
    """The character action that wild swings (Mika's: a card discarded, or 1 gauge,
    then a boost from hand and a wild swing), when its gauge cost leaves an Ultra in
    hand in reach; None otherwise. The agent takes it when its deck is expected to do
    better than its hand (``HeuristicAgent._action``)."""
    found = kit.offered(agent, view, options).get(kit.Role.WILD)
    if found is None or not kit.affordable(agent, view, found[1]):
        return None
    return found[0]


def boost_action(agent: HeuristicAgent, view: State,
                 options: Sequence[Decision]) -> Decision | None:
    """A boost's "Action:" to take (Under Night: Seth's Stitched Segment, discarded to
    push or pull the opponent 1 or 2 spaces, then a bonus action), or None: taken when
    no attack in hand reaches the opponent now and one would after such a move (the
    push or pull is then chosen by ``choose``, the bonus action by the agent)."""
    actions = [o for o in options if isinstance(o, BoostAction)]
    if not actions:
        return None
    distance = agent._distance(view)
    if kit.hand_reach(agent, view, distance) > 0:
        return None
    here = view.players[agent.player].space
    them = view.players[agent.player.other].space
    room = (them - kit.ARENA[0]) if them < here else (kit.ARENA[1] - them)
    after = [distance - n for n in (1, 2) if distance - n >= 1] + [
        distance + n for n in (1, 2) if n <= room]
    return actions[0] if any(kit.hand_reach(agent, view, d) > 0 for d in after) else None


CHANGE_HAND = 6
"""The heuristic agent changes cards (core rulebook, Change Cards) with this many cards
in hand or more when no attack in hand reaches and no move brings one into reach:
drawing (Prepare) would only push the hand past 7."""
CHANGE_MOST = 4
"""At most this many cards are changed at once."""


def change_cards_wanted(agent: HeuristicAgent, view: State, options: Sequence[Decision],
                        best: float) -> bool:
    """Change Cards with a full hand (``CHANGE_HAND``) and nothing in it that reaches
    (``best``, the score of the best attack in hand, 0 or less) and cards to change."""
    me = view.players[agent.player]
    return (ChangeCards() in options and best <= 0 and len(me.hand) >= CHANGE_HAND
            and bool(change_payment(agent, view, me.hand)))


def change_payment(agent: HeuristicAgent, view: State, candidates: Sequence[int]) -> list[int]:
    """The cards Change Cards spends (for 1 force and a card each, an Ultra 2): the
    cards in hand whose attack does not reach from here, Ultras kept, the weakest first,
    at most ``CHANGE_MOST``; Guile (``change_cards_gauge_bonus``) adds a card from gauge
    for his 2 more force."""
    me = view.players[agent.player]
    distance = agent._distance(view)
    bonuses = reach.range_bonuses(agent, view)
    spare = [ref for ref in candidates if ref in me.hand
             and agent._card(view, ref).kind is not CardKind.ULTRA
             and not reach.reaches(agent._card(view, ref), distance, bonuses)]
    spare.sort(key=lambda ref: reach.strength(agent._card(view, ref), distance))
    chosen = spare[:CHANGE_MOST]
    if chosen and agent.catalog.character(me.character).change_cards_gauge_bonus:
        chosen += payment.gauge_order(agent, view, [r for r in candidates if r in me.gauge])[:1]
    return chosen


_RESETS = frozenset({"lose_all_armor", "set_total_power", "discard_this",
                     "add_to_gauge_immediately", "return_this_boost_to_hand"})
"""Effects that reset a total or end a boost: the heuristic agent resolves them first, so
what the other effects then give is kept (Linne: "lose all armor" before Tenacious Mist's
armor)."""


def resets_first(view: State, request: Request) -> Decision:
    """The heuristic agent's order of effects that share a trigger: those that reset a
    total or end a boost (``_RESETS``) first, then the others, each group in printed
    order. Deterministic: the same request always gets the same order."""
    assert isinstance(request, EffectOrderRequest)
    listed = range(len(request.effects))
    return OrderEffects(order=tuple(sorted(
        listed, key=lambda i: (_RESETS.isdisjoint(request.effects[i].tags), i))))
