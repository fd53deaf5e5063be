"""Where the heuristic agent's attack reaches from a buddy it places as it sets it.

Some attacks measure their range from a buddy instead of from their fighter
(``calculate_range_from_buddy``), and some of those buddies are put in any space as the
attack is set (``place_buddy_in_any_space`` at set strike): Chaos's specials and Ultras
when he strikes with his character action (his ability places Azhi), his normals while
his Chaos Code boost is in play (Deep Revenance's boost places Azhi and makes normals
measure from it), Hilda's Condensity Gloom and Merkava's I, Persistently Cling (the card
places itself). Such an attack, set now, reaches the opponent from wherever its fighter
stands as long as some space lies within its range of them (``placed_reach``), and the
buddy then goes where it reaches (``buddy_spot``).

Read from the printed effects of the fighter's ability, the attack and this player's
boosts in play: an effect counts when it has no condition, or one that holds when the
attack is set deliberately (``was_not_wild_swing``), that the placement itself makes true
(``buddy_in_play``), or that this player's state makes true (``used_character_bonus``
this turn, ``is_normal_attack`` for a normal). An effect under any other condition does
not count.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from engine.cards.schema import CardDef, CardKind, Effect, Timing
from engine.core.state import State
from engine.play import heuristic_cache as cache
from engine.play.heuristic_reach import Bonus, range_bonuses, reaches, strike_card
from engine.vocabulary.base import ConditionKind
from engine.vocabulary.buddies import CalculateRangeFromBuddy, PlaceBuddyInAnySpace

if TYPE_CHECKING:
    from engine.play.heuristic import HeuristicAgent

SPACES = range(1, 10)
"""The arena's spaces (core rulebook, The Arena: spaces 1 to 9)."""

_ALWAYS = frozenset({ConditionKind.WAS_NOT_WILD_SWING, ConditionKind.BUDDY_IN_PLAY})
"""Conditions that hold for an attack set deliberately whose buddy has just been placed."""

_MEASURE_TIMINGS = (Timing.SET_STRIKE, Timing.DURING_STRIKE)

_FROM_BUDDY: dict[str, bool] = cache.register({})
_PLACED: dict[tuple[str, bool, str, bool, tuple[str, ...]], bool] = cache.register({})


def from_buddy(card: CardDef) -> bool:
    """``card``'s attack may measure its range from its fighter's buddy
    (``calculate_range_from_buddy`` among its own effects, under any condition)."""
    known = _FROM_BUDDY.get(card.id)
    if known is None:
        known = _FROM_BUDDY[card.id] = any(
            isinstance(e, CalculateRangeFromBuddy) for _, e in _walk(card.effects, None))
    return known


def _walk(effects: Sequence[Effect], holds: frozenset[ConditionKind] | None,
          timing: Timing | None = None) -> Iterator[tuple[Timing | None, Effect]]:
    """Each effect of ``effects`` with the timing of the top-level effect it sits in,
    and depth first those run after it (``then``), skipping an effect whose condition is
    not in ``holds`` (``None``: every condition holds)."""
    for effect in effects:
        when = effect.timing if timing is None else timing
        condition = effect.condition
        if holds is not None and condition is not None and condition.kind not in holds:
            continue
        yield when, effect
        yield from _walk(effect.then, holds, when)


def placed(agent: HeuristicAgent, view: State, card: CardDef) -> bool:
    """``card``'s attack, set now by this player deliberately, measures its range from a
    buddy this player places in any space as it is set (known once per character, mode,
    card, character bonus and boosts in play)."""
    me = view.players[agent.player]
    if not me.boosts and not from_buddy(card):
        return False
    boosts = tuple(agent._card(view, ref).id for ref in me.boosts)
    key = (me.character, me.exceeded, card.id, me.used_character_bonus, boosts)
    known = _PLACED.get(key)
    if known is None:
        holds = set(_ALWAYS)
        if me.used_character_bonus:
            holds.add(ConditionKind.USED_CHARACTER_BONUS)
        if card.kind is CardKind.NORMAL:
            holds.add(ConditionKind.IS_NORMAL_ATTACK)
        char = agent.catalog.character(me.character)
        sources = [char.exceed_ability if me.exceeded else char.ability, card.effects]
        sources += [agent._card(view, ref).boost.effects for ref in me.boosts]
        places = measures = False
        for effects in sources:
            for when, e in _walk(effects, frozenset(holds)):
                if isinstance(e, PlaceBuddyInAnySpace) and when is Timing.SET_STRIKE:
                    places = True
                elif isinstance(e, CalculateRangeFromBuddy) and when in _MEASURE_TIMINGS:
                    measures = True
        known = _PLACED[key] = places and measures
    return known


def placed_reach(agent: HeuristicAgent, view: State, card: CardDef,
                 bonuses: Sequence[Bonus]) -> bool:
    """``card``'s attack, set now, reaches the opponent from a buddy placed as it is set
    (``placed``): some space lies within its range of the opponent."""
    if card.range is None or not placed(agent, view, card):
        return False
    them = view.players[agent.player.other].space
    return any(reaches(card, abs(space - them), bonuses) for space in SPACES)


def buddy_spot(agent: HeuristicAgent, view: State, spaces: Sequence[int]) -> int | None:
    """Where to place a buddy this player's attack measures its range from (in a strike,
    the attack known: ``from_buddy``, or a normal while Chaos Code is in play): a space
    from which it reaches the opponent, the middle of its range first (the opponent may
    still move), the opponent's own space first for an attack of minimum range 0
    (Chaos's That's Your Prey: +2 power with Azhi on the opponent); None when the attack
    does not measure from the buddy or reaches from none of ``spaces``."""
    card = strike_card(agent, view)
    if card is None or card.range is None or not (
            from_buddy(card) or placed(agent, view, card)):
        return None
    assert view.strike is not None
    side = view.strike.sides[agent.player]
    bonuses = (*range_bonuses(agent, view, force=False), (side.min_range, side.max_range))
    them = view.players[agent.player.other].space
    inside = [s for s in spaces if reaches(card, abs(s - them), bonuses)]
    if not inside:
        return None
    middle = (card.range[0] + card.range[1]) / 2
    return min(inside, key=lambda s: (abs(s - them) > 0, abs(abs(s - them) - middle),
                                      abs(s - them), s))
