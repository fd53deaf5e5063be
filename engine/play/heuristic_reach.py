"""Where the heuristic agent's attacks reach: the printed range, and what the fighter's
ability adds to every attack.

An attack's printed range is not all of its reach. Nu-13's ability lets her spend 1
force as she sets an attack for +3~4 range, and exceeded, every attack of hers gets
+0~4 range (her character card); Mika's Galaxy calculates its range from the center
space (``distance_for``); and an attack that moves its fighter before it hits
(Dive's "Before: Advance 3", Assault's "Before: Close 2") measures its range from where
that leaves the fighter (``hits_from``): Dive reaches from 3 or 4 spaces away and
misses from 1 (it passes the opponent), Assault reaches from 1 to 3. Read from the ability's effects (``range_bonuses``):
an unconditional Rangeup at set strike or during the strike, or one added to the attack,
always applies; one bought with force (``ForceForEffect`` with a Rangeup as its overall
effect) is an option, and ``buy_range`` says whether to pay for it: only when it makes
the set attack reach where it would not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.cards.effect_walk import iter_effects
from engine.cards.schema import CardDef, Effect, ForceForEffect, Timing
from engine.core.movement import advance_to, close_to, retreat_to
from engine.core.state import State
from engine.mechanics.buddies.state import of as buddies_of
from engine.play import heuristic_cache as cache
from engine.play import heuristic_cost as payment
from engine.vocabulary.base import ConditionKind
from engine.vocabulary.buddies import PullToBuddy
from engine.vocabulary.control import Choice
from engine.vocabulary.costs import GaugeForEffect
from engine.vocabulary.movement import Advance, Close, Pull, Push, Retreat
from engine.vocabulary.stats import Rangeup
from engine.vocabulary.strike_control import AddAttackEffect
from engine.vocabulary.traits import AttackDoesNotHit, CalculateRangeFromCenter

if TYPE_CHECKING:
    from engine.play.heuristic import HeuristicAgent

Bonus = tuple[int, int]
"""A change to an attack's (minimum, maximum) range."""

CENTER = 5
"""The arena's center space (core rulebook, The Arena: spaces 1 to 9)."""

_STRIKE_TIMINGS = (Timing.SET_STRIKE, Timing.DURING_STRIKE)
_FROM_CENTER: dict[str, bool] = cache.register({})


def distance_for(agent: HeuristicAgent, view: State, card: CardDef) -> int:
    """The distance ``card``'s attack measures its range over: from this player to the
    opponent, or from the center space for an attack that calculates its range from
    there (Mika's Galaxy)."""
    from_center = _FROM_CENTER.get(card.id)
    if from_center is None:
        from_center = _FROM_CENTER[card.id] = any(
            isinstance(e, CalculateRangeFromCenter) for e in iter_effects(card.effects))
    if from_center:
        return abs(view.players[agent.player.other].space - CENTER)
    return agent._distance(view)
_CACHE: dict[int, tuple[tuple[Effect, ...], Bonus, Bonus | None]] = {}


def _ranges(ability: tuple[Effect, ...]) -> tuple[Bonus, Bonus | None]:
    """(the range every attack gets, the range 1 force buys or None), read once."""
    known = _CACHE.get(id(ability))
    if known is not None and known[0] is ability:
        return known[1], known[2]
    always, bought = (0, 0), None
    for top in ability:
        if top.timing not in _STRIKE_TIMINGS or top.condition is not None:
            continue
        if isinstance(top, ForceForEffect) and top.force_max == 1 and not top.required:
            for e in top.overall_effect:
                if isinstance(e, Rangeup) and isinstance(e.amount, int) and isinstance(
                        e.amount2, int):
                    bought = (e.amount, e.amount2)
            continue
        inner = top.added_effect if isinstance(top, AddAttackEffect) else top
        for e in iter_effects((inner,)):
            if isinstance(e, Rangeup) and isinstance(e.amount, int) and isinstance(
                    e.amount2, int):
                always = (always[0] + e.amount, always[1] + e.amount2)
    _CACHE[id(ability)] = (ability, always, bought)
    return always, bought


def range_bonuses(agent: HeuristicAgent, view: State, force: bool = True) -> tuple[Bonus, ...]:
    """The range changes this player's next attack may get from the fighter's ability:
    the one it always gets, and (``force``: with force to spare) the one force buys."""
    me = view.players[agent.player]
    char = agent.catalog.character(me.character)
    always, bought = _ranges(char.exceed_ability if me.exceeded else char.ability)
    if bought is None or not force or len(me.hand) + len(me.gauge) < 2:
        return (always,)
    return (always, (always[0] + bought[0], always[1] + bought[1]))


PRINTED: tuple[Bonus, ...] = ((0, 0),)
"""No range change: the printed range."""


def reaches(card: CardDef, distance: int, bonuses: Sequence[Bonus] = PRINTED) -> bool:
    """``card``'s attack reaches ``distance`` with one of the range changes ``bonuses``
    (by default its printed range)."""
    if card.range is None:
        return False
    low, high = card.range
    if bonuses is PRINTED:
        return low <= distance <= high
    return any(low + a <= distance <= high + b for a, b in bonuses)


def reach_set(card: CardDef, bonuses: Sequence[Bonus] = PRINTED) -> set[int]:
    """Every distance ``card``'s attack reaches with one of ``bonuses``."""
    if card.range is None:
        return set()
    low, high = card.range
    return {d for a, b in bonuses for d in range(max(0, low + a), high + b + 1)}


def strike_card(agent: HeuristicAgent, view: State) -> CardDef | None:
    """This player's attack in the strike in progress, when it can see it."""
    strike = view.strike
    card = None if strike is None else strike.sides[agent.player].card
    if card is None or card not in view.card_defs:
        return None
    return agent._card(view, card)


def attack_reaches(agent: HeuristicAgent, view: State) -> bool:
    """This player's attack in the strike in progress reaches the opponent, with the
    range the fighter always adds or the strike's range changes so far (True when
    unknown)."""
    card = strike_card(agent, view)
    if card is None:
        return True
    assert view.strike is not None
    side = view.strike.sides[agent.player]
    bonuses = (*range_bonuses(agent, view, force=False), (side.min_range, side.max_range))
    return reaches(card, agent._distance(view), bonuses)


def range_zero_attack(agent: HeuristicAgent, view: State) -> bool:
    """This player's attack in the strike in progress has minimum range 0."""
    card = strike_card(agent, view)
    return card is not None and card.range is not None and card.range[0] == 0


def buy_range(agent: HeuristicAgent, view: State, attack: Sequence[int]) -> bool | None:
    """Whether to pay the force the fighter's ability asks for a range change as the
    attack ``attack`` is set (Nu-13: 1 force, +3~4 range): only when the attack reaches
    the opponent with it and not without (+3~4 moves a range 1-3 attack out of reach).
    None: the fighter buys no range with force."""
    me = view.players[agent.player]
    char = agent.catalog.character(me.character)
    always, bought = _ranges(char.exceed_ability if me.exceeded else char.ability)
    if bought is None:
        return None
    card = agent._card(view, attack[0])
    distance = agent._distance(view)
    more = (always[0] + bought[0], always[1] + bought[1])
    return not reaches(card, distance, (always,)) and reaches(card, distance, (more,))


STRONG = 7.0
"""An attack this strong (``strength``) is worth striking with: the agent strikes when
one reaches (``HeuristicAgent._action``)."""


def printed_power(card: CardDef, distance: int) -> int:
    """``card``'s printed power with the fighters ``distance`` apart: its number, or the
    distance for a power printed as the range to the opponent (Merkava's I, Defile:
    ``power_is_range_to_opponent``; the rules read it in
    ``engine.core.attack_totals.printed_power``). Read as its stored 0, Defile looked
    like the weakest attack in hand from every distance."""
    return distance if card.power_is_range_to_opponent is True else card.power


def strength(card: CardDef, distance: int) -> float:
    """How good ``card``'s attack is when it reaches (power, speed, guard, armor), with
    the fighters ``distance`` apart (``printed_power``)."""
    return printed_power(card, distance) + 0.6 * card.speed + 0.3 * card.guard + 0.5 * card.armor


def strong_spaces(agent: HeuristicAgent, view: State, spaces: Sequence[int],
                  least: float = STRONG) -> list[int]:
    """The spaces among ``spaces`` from which an attack in hand strong enough to strike
    with (``least``: ``STRONG``, or any with a full hand; one this player may set and
    pay for) would reach, or none when one already reaches from here: the agent moves
    to get such an attack in range, not merely any (a move costs a card of force; moving
    into range of a weak attack made Nanase step back and forth, a card a turn, without
    striking)."""
    me = view.players[agent.player]
    bonuses = range_bonuses(agent, view)
    distance = agent._distance(view)
    strong = []
    for ref in me.hand:  # each card read once
        card = agent._card(view, ref)
        if (strength(card, distance) >= least and not may_miss(agent, view, ref)
                and agent._valid_for(view, ref, me.character)
                and payment.payable(agent, view, (ref,))):
            strong.append(card)
    if any(hits_from(agent, view, card, me.space, bonuses) for card in strong):
        return []
    return [s for s in spaces if any(hits_from(agent, view, card, s, bonuses)
                                     for card in strong)]


_BEFORE: dict[str, tuple[tuple[str, int], ...]] = cache.register({})
_MOVES = {Advance: "advance", Close: "close", Retreat: "retreat"}


def before_moves(card: CardDef) -> tuple[tuple[str, int], ...]:
    """``card``'s unconditional "Before:" movements, in printed order (read once)."""
    known = _BEFORE.get(card.id)
    if known is None:
        known = _BEFORE[card.id] = tuple(
            (_MOVES[type(e)], e.amount) for e in card.effects
            if isinstance(e, Advance | Close | Retreat) and e.timing is Timing.BEFORE
            and e.condition is None and isinstance(e.amount, int))
    return known


_THROUGH: dict[str, bool] = cache.register({})


def through_misses(card: CardDef) -> bool:
    """``card``'s unconditional "Before:" advance makes the attack not hit when it takes
    the fighter through the opponent (Mika's Cannon: advance 2, from 1 or 2 spaces it
    passes them and misses)."""
    known = _THROUGH.get(card.id)
    if known is None:
        known = _THROUGH[card.id] = any(
            isinstance(x, AttackDoesNotHit) for e in card.effects
            if isinstance(e, Advance) and e.timing is Timing.BEFORE and e.condition is None
            for x in iter_effects(e.then))
    return known


_OPTIONS: dict[str, tuple[tuple[tuple[tuple[str, int], ...], bool], ...]] = cache.register({})


def before_options(card: CardDef) -> tuple[tuple[tuple[tuple[str, int], ...], bool], ...]:
    """The ways a "Before:" choice of ``card`` lets its fighter move, one per option
    (a pass: no move), each with whether the attack then does not hit after advancing
    through the opponent (Gauntlet Hades); ``(((), False),)`` without such a choice.
    y, two-dash (advance 2 or 3, no pass) reaches from 1 to 6 spaces, not only 2-3."""
    known = _OPTIONS.get(card.id)
    if known is None:
        found: tuple[tuple[tuple[tuple[str, int], ...], bool], ...] = (((), False),)
        for e in card.effects:
            if isinstance(e, Choice) and e.timing is Timing.BEFORE and e.condition is None:
                found = tuple(
                    (tuple((_MOVES[type(o)], o.amount) for o in option
                           if isinstance(o, Advance | Close | Retreat) and o.condition is None
                           and isinstance(o.amount, int)),
                     any(isinstance(x, AttackDoesNotHit) for x in iter_effects(option)))
                    for option in e.options)
                break
        known = _OPTIONS[card.id] = found
    return known


def chosen_ends(card: CardDef, here: int, them: int, limit: int | None = None) -> list[int]:
    """Where the fighter on ``here`` may stand after ``card``'s "Before:" choice of
    movement (``before_options``; each move at most ``limit`` spaces), an option that
    would make it miss left out."""
    ends = []
    for moves, through_misses in before_options(card):
        end = moved(here, them, moves, limit)
        if not (through_misses and (end - them) * (here - them) < 0):
            ends.append(end)
    return ends


_STEP = {"advance": advance_to, "close": close_to, "retreat": retreat_to}
"""The engine's own movement (``engine.core.movement``) for each kind of move."""


def moved(here: int, them: int, moves: Sequence[tuple[str, int]],
          limit: int | None = None) -> int:
    """Where a fighter on ``here`` ends after ``moves`` with the opponent on ``them``
    (core rulebook, Movement: advancing past the opponent skips their space; closing
    stops next to them; nobody leaves the arena), as the engine moves fighters; each
    move at most ``limit`` spaces (``movement_limit``)."""
    for kind, amount in moves:
        here = _STEP[kind](here, them, amount if limit is None else min(amount, limit))
    return here


def movement_limit(agent: HeuristicAgent, view: State) -> int | None:
    """The most spaces this player's fighter moves by one advance, retreat or close
    (Iron Tager's character card: 2; the engine's ``limited``), None without a limit or
    while exceeded with the choice to ignore it (``movement_limit_optional_exceeded``:
    the agent takes the full move, as the engine offers it)."""
    me = view.players[agent.player]
    char = agent.catalog.character(me.character)
    if char.movement_limit is None or (char.movement_limit_optional_exceeded and me.exceeded):
        return None
    return char.movement_limit


def hits_from(agent: HeuristicAgent, view: State, card: CardDef, here: int,
              bonuses: Sequence[Bonus]) -> bool:
    """``card``'s attack, set by this player standing on ``here``, reaches the opponent
    once its "Before:" movements are done (``before_moves``), with one of ``bonuses``
    (known once per card, spaces and bonuses: ``_HITS``)."""
    them = view.players[agent.player.other].space
    limit = movement_limit(agent, view)
    key = (card.id, here, them, tuple(bonuses), limit)
    known = _HITS.get(key)
    if known is not None:
        return known
    if _FROM_CENTER.get(card.id) is None:
        distance_for(agent, view, card)  # reads the card once
    if _FROM_CENTER[card.id]:
        known = reaches(card, abs(them - CENTER), bonuses)
    else:
        start = moved(here, them, before_moves(card), limit)
        known = not (through_misses(card) and (start - them) * (here - them) < 0) and any(
            reaches(card, abs(them - end), bonuses)
            for end in chosen_ends(card, start, them, limit))
    if len(_HITS) > _HITS_LIMIT:
        _HITS.clear()
    _HITS[key] = known
    return known


_HITS: dict[tuple[str, int, int, tuple[Bonus, ...], int | None], bool] = cache.register({})
_HITS_LIMIT = 200_000
"""Reach results kept before the cache is emptied (a bound on memory)."""


_UNKNOWN_MISS = frozenset({ConditionKind.OPPONENT_SPEED_LESS_OR_EQUAL,
                           ConditionKind.SPEED_GREATER_THAN})
_MISSES: dict[str, tuple[ConditionKind, ...]] = cache.register({})


def may_miss(agent: HeuristicAgent, view: State, ref: int) -> bool:
    """The attack of card ``ref`` may not hit however near it is: its "does not hit"
    clause depends on what this player cannot know when setting it (Byakuya's Caught
    You!: not against speed 4 or less; Nanase's Lumiere of the Dawn), or on no boost in
    play while this player has none (C. Viper's Burst Time)."""
    card = agent._card(view, ref)
    kinds = _MISSES.get(card.id)
    if kinds is None:
        kinds = _MISSES[card.id] = tuple(
            e.condition.kind for e in iter_effects(card.effects)
            if isinstance(e, AttackDoesNotHit) and e.condition is not None)
    for kind in kinds:
        if kind in _UNKNOWN_MISS:
            return True
        if kind is ConditionKind.NO_BOOST_IN_PLAY and not view.players[agent.player].boosts:
            return True
    return False


_PULLS: dict[int, tuple[tuple[Effect, ...], tuple[str, int] | None]] = {}


def _set_strike_move(ability: tuple[Effect, ...]) -> tuple[str, int] | None:
    """The move of the opponent the ability lets this player pay for as the attack is set
    (read once): ``("buddy", 1)``, Kokonoe's 1 force for "Before: pull the opponent 1
    toward Gravitron"; ``("pull", 2)``, Iron Tager's 1 gauge to pull 2 when he strikes.
    None: no such payment."""
    known = _PULLS.get(id(ability))
    if known is not None and known[0] is ability:
        return known[1]
    found: tuple[str, int] | None = None
    for top in ability:
        if top.timing is not Timing.SET_STRIKE or getattr(top, "required", True):
            continue
        if isinstance(top, ForceForEffect | GaugeForEffect):
            for e in top.overall_effect:
                inner = e.added_effect if isinstance(e, AddAttackEffect) else e
                if isinstance(inner, PullToBuddy):
                    found = ("buddy", inner.amount)
                elif isinstance(inner, Pull | Push) and isinstance(inner.amount, int):
                    found = ("pull" if isinstance(inner, Pull) else "push", inner.amount)
    _PULLS[id(ability)] = (ability, found)
    return found


def pull_wasted(agent: HeuristicAgent, view: State) -> bool:
    """Whether to decline an optional payment, as the attack is set, that moves the
    opponent (``_set_strike_move``: Kokonoe's Gravitron pull, Iron Tager's pull 2): it is
    paid only when the move brings the opponent into the set attack's reach from out of
    it; never for a wild swing (the attack is unknown) nor with Gravitron on the
    opponent. Paid blindly, Kokonoe spent a card on it at nearly every strike, and Tager's
    pull took Spark Bolt (range 3-8) out of reach."""
    strike = view.strike
    me = view.players[agent.player]
    if strike is None or strike.sides[agent.player].revealed:
        return False
    char = agent.catalog.character(me.character)
    move = _set_strike_move(char.exceed_ability if me.exceeded else char.ability)
    if move is None:
        return False
    card = strike_card(agent, view)
    if card is None:
        return True
    here, them = me.space, view.players[agent.player.other].space
    kind = move[0]
    if kind == "buddy":  # toward the buddy: a pull from this side of them, else a push
        found = buddies_of(view)
        spaces = [] if found is None else list(found.spaces[agent.player].values())
        if len(spaces) != 1 or spaces[0] == them:
            return True
        kind = "pull" if (spaces[0] - them) * (here - them) > 0 else "push"
    # where the rules move them (engine.effects.movement's pull and push)
    moved_to = (advance_to(them, here, move[1]) if kind == "pull"
                else retreat_to(them, here, move[1]))
    bonuses = range_bonuses(agent, view, force=False)

    def reach_at(space: int) -> bool:
        return reaches(card, abs(space - moved(here, space, before_moves(card))), bonuses)

    return moved_to == them or reach_at(them) or not reach_at(moved_to)
