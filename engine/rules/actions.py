"""The actions of a turn (core rulebook "Actions", "Force"): which are legal now, and
carrying one out.

``legal_actions`` lists the seven actions (Move and Boost options enumerated), the
character's actions and those a season mechanic offers; ``perform`` carries out the chosen
one: change cards, exceed, boost, a character action or a mechanic's own (through its
``perform`` hook, with ``TurnRules``). The turn around them is ``engine.rules.turn``.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from engine.cards.catalog import Catalog
from engine.cards.schema import (
    BoostKind,
    CharacterAction,
    CharacterDef,
    Condition,
    ConditionKind,
    Timing,
    timed,
)
from engine.core import events as ev
from engine.core.asking import choose, pay_force, pay_gauge
from engine.core.card_facts import card_facts
from engine.core.conditions import holds
from engine.core.context import ActionScope, EffectCtx, Flow, Table
from engine.core.decisions import (
    Boost,
    ChangeCards,
    ChoiceOption,
    Decision,
    Exceed,
    MoveTo,
    Prepare,
    Reshuffle,
    Strike,
)
from engine.core.decisions import CharacterAction as UseCharacterAction
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player, Zone
from engine.core.movement import crossed, enters, move_cost, spaces_moved
from engine.core.state import (
    Passive,
    State,
    bonus_strike_forbidden,
    holds_passive,
    named_area,
)
from engine.effects import resolve_all
from engine.effects.registry import boosts_to_gauge_on_self_move, run_moved_past
from engine.rules.strike import run_strike

# --- legal actions -----------------------------------------------------------------


def character_actions(table: Table, who: Player) -> tuple[CharacterAction, ...]:
    p = table.p(who)
    char = table.catalog.character(p.character)
    return char.exceed_actions if p.exceeded else char.actions


def legal_actions(table: Table, who: Player) -> list[Decision]:
    """Every action ``who`` may take now, with Move and Boost options enumerated."""
    p, them = table.p(who), table.p(who.other)
    force = table.available_force(who)
    costs = force + table.force_discount(who)  # a force cost may be reduced
    options: list[Decision] = [_PREPARE]
    here, there = p.space, them.space
    hooks = table.hooks
    walls = [w for walls in hooks.movement_walls for w in walls(table, who)]
    # move_cost is the distance travelled, so only spaces within ``force`` qualify; the
    # opponent's block_opponent_move leaves no Move action at all
    reach = 0 if holds_passive(table.state, who.other, Passive.BLOCKS_OPPONENT_MOVE) else costs
    limit = move_action_limit(table, who)
    blocks = them.blocks_passing
    for space in range(max(ARENA_MIN, here - reach), min(ARENA_MAX, here + reach) + 1):
        if space == here or space == there:
            continue
        if limit is not None and spaces_moved(here, space, there) > limit:
            continue
        if blocks and crossed(here, space, there):
            continue
        if walls and any(enters(here, space, w) for w in walls):
            continue
        options.append(_MOVES[space])
    if costs >= 1:  # with a force discount, Change Cards of no card draws that many
        options.append(_CHANGE_CARDS)
    if not p.exceeded and len(p.gauge) >= exceed_cost(table, who):
        options.append(_EXCEED)
    if not p.reshuffled and p.discard:
        options.append(_RESHUFFLE)
    seen: set[str] = set()
    boost_checks = hooks.may_boost
    card_defs = table.state.card_defs
    boost_need = table.boost_need
    for card in p.hand:
        card_id = card_defs[card]
        if card_id in seen:
            continue
        seen.add(card_id)
        if boost_checks and not _may_boost(table, who, card_id):
            continue  # a mechanic keeps it out (Tag Team: a tagged-out fighter's card)
        # the boosted card cannot pay for itself
        if boost_need(card) <= costs:
            options.append(Boost(card=card))
    if not bonus_strike_forbidden(table.state, who):
        options.append(_STRIKE)
    for index, action in enumerate(character_actions(table, who)):
        if len(p.hand) < action.min_hand_size:
            continue
        if action.requires is not None and not holds(EffectCtx(table, who), action.requires):
            continue
        if len(p.gauge) >= action.gauge_cost and costs >= action.force_cost + action.gauge_cost:
            options.append(UseCharacterAction(index=index))
    for extra in hooks.action_options:
        options.extend(extra(table, who))
    for forced_actions in hooks.forced_actions:
        forced = forced_actions(table, who)
        if forced:
            return forced
    return options


_PREPARE, _CHANGE_CARDS, _EXCEED, _RESHUFFLE, _STRIKE = (
    Prepare(), ChangeCards(), Exceed(), Reshuffle(), Strike())
_MOVES = {space: MoveTo(space=space) for space in range(ARENA_MIN, ARENA_MAX + 1)}
"""The action options without a card, built once (decisions are immutable values)."""


def move_action_limit(table: Table, who: Player) -> int | None:
    """The most spaces ``who`` may cover with the Move action, the opponent's space not
    counted (``engine.core.movement.spaces_moved``; core rulebook, Move: "never count the
    opponent's space", "either from the move action or from movement effects", as an
    advance counts them): their fighter's ``movement_limit`` (Iron Tager's character
    card: he never moves more than 2 spaces at once by his own movement, the Move action
    included), None while exceeded with ``movement_limit_optional_exceeded`` (the
    limit is then optional: the farther Moves are legal too) or with no limit. Its force
    cost still counts the crossing (``move_cost``: 1 extra Force)."""
    char = table.catalog.character(table.p(who).character)
    if char.movement_limit is None:
        return None
    if char.movement_limit_optional_exceeded and table.p(who).exceeded:
        return None
    return char.movement_limit


def _may_boost(table: Table, who: Player, card_id: str) -> bool:
    for may_boost in table.hooks.may_boost:
        if not may_boost(table, who, card_id):
            return False
    return True


# --- performing actions --------------------------------------------------------------


def perform(table: Table, who: Player, decision: Decision) -> Flow[bool]:
    """Carry out one action; returns True if it led to a strike."""
    act = ev.ActionKind
    if isinstance(decision, Prepare):
        table.emit(ev.ActionTaken(player=who, action=act.PREPARE))
        table.draw(who, 1)
    elif isinstance(decision, MoveTo):
        table.emit(ev.ActionTaken(player=who, action=act.MOVE, space=decision.space))
        src = table.p(who).space
        yield from pay_force(table, who, move_cost(src, decision.space))
        dst = decision.space
        for stop_space in table.hooks.stop_space:
            dst = stop_space(table, who, src, dst)
        table.emit(ev.PlayerMoved(player=who, src=src, dst=dst))
        run_moved_past(table, who, src)
        boosts_to_gauge_on_self_move(table, who)
        for after_effect in table.hooks.after_effect:
            yield from after_effect(table)
    elif isinstance(decision, ChangeCards):
        table.emit(ev.ActionTaken(player=who, action=act.CHANGE_CARDS))
        return (yield from change_cards(table, who))
    elif isinstance(decision, Exceed):
        table.emit(ev.ActionTaken(player=who, action=act.EXCEED))
        return (yield from exceed(table, who))
    elif isinstance(decision, Reshuffle):
        table.emit(ev.ActionTaken(player=who, action=act.RESHUFFLE))
        p = table.p(who)
        order = tuple(table.rng.shuffle(p.deck + p.discard))
        table.emit(ev.DeckReshuffled(player=who, order=order, manual=True))
        for reshuffled in table.hooks.reshuffled:
            yield from reshuffled(table, who)
        scope = ActionScope()
        scope.manual_reshuffle = True
        yield from run_character_hook(table, who, Timing.ON_RESHUFFLE, scope)
    elif isinstance(decision, Boost):
        table.emit(ev.ActionTaken(player=who, action=act.BOOST, card=decision.card))
        return (yield from play_boost(table, who, decision.card))
    elif isinstance(decision, Strike):
        table.emit(ev.ActionTaken(player=who, action=act.STRIKE))
        yield from run_strike(table, who)
        return True
    elif isinstance(decision, UseCharacterAction):
        table.emit(ev.ActionTaken(player=who, action=act.CHARACTER_ACTION, index=decision.index))
        return (yield from character_action(table, who, decision.index))
    else:
        return (yield from _mechanic_action(table, who, decision))
    return False


class _CoreTurn:
    """The core turn steps a mechanic's action may reuse (``TurnRules``)."""

    def exceed(
        self, table: Table, who: Player, around: Callable[[], None] | None = None
    ) -> Flow[bool]:
        return exceed(table, who, around)

    def play_boost(self, table: Table, who: Player, card: int) -> Flow[bool]:
        return play_boost(table, who, card)


_CORE_TURN = _CoreTurn()


def _mechanic_action(table: Table, who: Player, decision: Decision) -> Flow[bool]:
    """An action a mechanic offered (``action_options``), carried out by its ``perform``."""
    for perform_by in table.hooks.perform:
        flow = perform_by(table, who, decision, _CORE_TURN)
        if flow is not None:
            return (yield from flow)
    raise AssertionError(f"no mechanic performs {decision!r}")


def change_cards(table: Table, who: Player) -> Flow[bool]:
    """Spend force, draw as many (core rulebook, Change Cards). A character with
    ``change_cards_gauge_bonus`` (Guile's ``guile_change_cards_bonus``: roster.md,
    "Character flags") generates that much more force when at least one card discarded
    for force came from the gauge; exceeded, after such a Change Cards he may Strike
    (a choice between strike and pass) instead of his turn ending. Returns True if a
    strike followed."""
    gauge_before = len(table.p(who).gauge)
    force = yield from pay_force(table, who, None)
    bonus = table.catalog.character(table.p(who).character).change_cards_gauge_bonus
    from_gauge = bonus > 0 and len(table.p(who).gauge) < gauge_before
    if from_gauge:
        force += bonus
    table.draw(who, force)
    if not (from_gauge and table.p(who).exceeded):
        return False
    labels = ["strike", "pass"]
    options = [ChoiceOption(tag="strike"), ChoiceOption(tag="pass")]
    if (yield from choose(table, who, labels, options)) != 0:
        return False
    yield from run_strike(table, who)
    return True


def exceed(
    table: Table, who: Player, around: Callable[[], None] | None = None
) -> Flow[bool]:
    """Pay the exceed cost in gauge, flip the character card, run ``on_exceed``.

    ``around`` runs before the cost and again after ``on_exceed``, before any strike the
    hook asks for (Tag Team's Cross Exceed brings the tagged-out fighter forward for its
    cost and hook, then tags it out again).
    """
    if around is not None:
        around()
    char = table.catalog.character(table.p(who).character)
    spend = next((to for to in (hook(table, who) for hook in table.hooks.exceed_gauge_to)
                  if to is not None), None)
    cost = exceed_cost(table, who)
    if cost:
        yield from pay_gauge(table, who, cost, spend=spend)
    table.emit(ev.Exceeded(player=who))
    for exceeded in table.hooks.exceeded:
        yield from exceeded(table, who)
    scope = ActionScope()
    yield from resolve_all(EffectCtx(table, who, None, scope), char.on_exceed)
    if around is not None:
        around()
    return (yield from _strike_if_requested(table, who, scope))


def play_boost(table: Table, who: Player, card: int) -> Flow[bool]:
    """Pay the boost's force cost, put it in play, resolve it; an instant boost is then
    discarded (or goes to gauge). A boost that strikes does so after it resolves.
    """
    boost = table.card(card).boost
    yield from pay_force(table, who, boost.force_cost, exclude=(card,))
    table.move(who, card, Zone.HAND, Zone.BOOSTS, ev.MoveReason.BOOST)
    scope = ActionScope()
    timing = Timing.NOW if boost.kind is BoostKind.CONTINUOUS else Timing.IMMEDIATE
    yield from resolve_all(EffectCtx(table, who, card, scope), timed(boost.effects, timing))
    yield from run_character_hook(table, who, Timing.ON_ANY_BOOST, scope)
    if boost.kind is BoostKind.CONTINUOUS:
        yield from run_character_hook(table, who, Timing.ON_CONTINUOUS_BOOST, scope)
    if boost.kind is BoostKind.IMMEDIATE and card in table.p(who).boosts:
        dst = Zone.GAUGE if scope.boost_to_gauge else Zone.DISCARD
        table.move(who, card, Zone.BOOSTS, dst, ev.MoveReason.BOOST_DONE)
    return (yield from _strike_if_requested(table, who, scope))


def run_character_hook(
    table: Table, who: Player, timing: Timing, scope: ActionScope
) -> Flow[None]:
    """The effects at ``timing`` on ``who``'s character card (its current side), e.g.
    Chun-Li's ``on_any_boost``: after a boost resolves, before the strike it may start."""
    p = table.p(who)
    char = table.catalog.character(p.character)
    effects = timed(char.exceed_ability if p.exceeded else char.ability, timing)
    if effects:
        yield from resolve_all(EffectCtx(table, who, None, scope), effects)


def character_action(table: Table, who: Player, index: int) -> Flow[bool]:
    action = character_actions(table, who)[index]
    char = table.catalog.character(table.p(who).character)
    if _records_character_actions(char):
        table.emit(ev.CharacterActionRecorded(
            player=who, index=index, exceeded=table.p(who).exceeded))
    if action.gauge_cost:
        yield from pay_gauge(table, who, action.gauge_cost)
    yield from pay_force(table, who, action.force_cost)
    scope = ActionScope()
    yield from resolve_all(EffectCtx(table, who, None, scope), action.effects)
    return (yield from _strike_if_requested(table, who, scope))


def _strike_if_requested(table: Table, who: Player, scope: ActionScope) -> Flow[bool]:
    if not scope.strike_requested:
        return False
    yield from run_strike(
        table, who, defender_sets_first=scope.opponent_sets_first,
        forced_wild=scope.forced_wild(who), setting=scope.attack_setting,
    )
    return True


_RECORDS_ACTIONS: dict[int, tuple[CharacterDef, bool]] = {}
"""Per character definition (by identity, kept alive beside its answer), whether it reads
``used_character_action`` or its negation."""


def _records_character_actions(char: CharacterDef) -> bool:
    """Whether ``char``'s abilities or actions read ``used_character_action`` or its
    negation, so that its character actions are recorded (Orie, Litchi); worked out once
    per definition."""
    known = _RECORDS_ACTIONS.get(id(char))
    if known is not None and known[0] is char:
        return known[1]
    reads = any(_reads_condition((char.ability, char.exceed_ability, char.actions,
                                  char.exceed_actions), kind)
                for kind in (ConditionKind.USED_CHARACTER_ACTION,
                             ConditionKind.NOT_USED_CHARACTER_ACTION))
    _RECORDS_ACTIONS[id(char)] = (char, reads)
    return reads


def _reads_condition(node: object, kind: ConditionKind) -> bool:
    """Whether ``kind`` is the kind of some condition within ``node`` (effects, nested
    effects and their conditions): a character whose abilities or actions read
    ``used_character_action`` or its negation has the character actions recorded (Orie,
    Litchi)."""
    if isinstance(node, Condition):
        return node.kind is kind
    if isinstance(node, msgspec.Struct):
        return any(_reads_condition(getattr(node, f), kind) for f in node.__struct_fields__)
    if isinstance(node, (tuple, list)):
        return any(_reads_condition(item, kind) for item in node)
    return False


def move_force(state: State, catalog: Catalog, who: Player, space: int) -> int:
    """The force ``who`` pays now to Move to ``space`` (``perform``): the distance
    travelled (``move_cost``) less their force discount (``force_discount``), never
    below 0."""
    return max(0, move_cost(state.players[who].space, space)
               - force_discount(state, catalog, who))


def force_discount(state: State, catalog: Catalog, who: Player) -> int:
    """``Table.force_discount`` read from a state (a view): the
    ``force_costs_reduced_passive`` of ``who``'s continuous boosts in play (Hazama's
    Serpent's Benediction); a boost whose card the catalog lacks counts none."""
    defs = state.card_defs
    return sum(card_facts(catalog.card(defs[ref]))[2] for ref in state.players[who].boosts
               if defs.get(ref) in catalog.cards)


def exceed_cost(table: Table, who: Player) -> int:
    """``who``'s fighter's exceed cost now: the printed cost, 1 less per card in the
    named area ``exceed_cost_area`` (Arakune: his overdrive area), never below 0."""
    char = table.catalog.character(table.p(who).character)
    if char.exceed_cost_area is None:
        return char.exceed_cost
    return max(0, char.exceed_cost - len(named_area(table.state, who, char.exceed_cost_area)))
