"""Conditions on a player's turn and standing: the character bonus and actions used, the
end-of-turn draw, a manual reshuffle, Exceed and life."""

from __future__ import annotations

from engine.cards.schema import Condition, ConditionKind
from engine.core.conditions.registry import predicate
from engine.core.context import EffectCtx
from engine.core.ids import Player
from engine.core.state import (
    CHARACTER_ACTIONS,
    CharacterActionState,
    State,
    kept_record,
)


@predicate(ConditionKind.USED_CHARACTER_BONUS)
def used_character_bonus(ctx: EffectCtx, _: Condition) -> bool:
    """You used your once-per-turn character bonus this turn (``set_mode used_character_bonus``).

    Example: Vega's ability, ``set_strike: [if used_character_bonus] pass, then
    add_attack_effect powerup 2`` after his Repel Leap.
    """
    return ctx.table.p(ctx.player).used_character_bonus


@predicate(ConditionKind.NOT_USED_CHARACTER_BONUS)
def not_used_character_bonus(ctx: EffectCtx, _: Condition) -> bool:
    """You have not used your character bonus this turn.

    Example: Vega's ability, ``set_strike: [if not_used_character_bonus] pass, then [if
    at_edge_of_arena] add_attack_effect ...``.
    """
    return not ctx.table.p(ctx.player).used_character_bonus


@predicate(ConditionKind.USED_CHARACTER_ACTION)
def used_character_action(ctx: EffectCtx, cond: Condition) -> bool:
    """You took a character action this turn on the side of your character card you are
    on now (with ``amount``: the action of that index on that side).

    Example: Orie's ability, ``set_strike: [if used_character_action 0] add_attack_effect
    ...``: armor +2 for a Special or Ultra struck with her free character action strike.
    """
    return character_action_used(ctx.table.state, ctx.player, cond.amount)


def character_action_used(state: State, who: Player, index: int | None = None) -> bool:
    """``used_character_action`` read from ``state`` (a player's view will do: the record
    is public): ``who`` took a character action this turn on the side of the card they
    are on now, the one of ``index`` if given. The heuristic agent reads it too
    (``engine.play.kit.sealed_at_set``)."""
    record = kept_record(state, CHARACTER_ACTIONS, CharacterActionState)
    if record is None or record.turn != state.turn:
        return False
    used = record.used[who]
    if not used or bool(used[0]) != state.players[who].exceeded:
        return False
    return index is None or used[1] == index


@predicate(ConditionKind.NOT_USED_CHARACTER_ACTION)
def not_used_character_action(ctx: EffectCtx, cond: Condition) -> bool:
    """``used_character_action`` is false: with ``amount``, the character action you
    took last this turn (on this side of your card) was not that one.

    Example: Litchi's "Summon/Remove Mantenbo" action (a bonus action follows it),
    ``requires: not_used_character_action 1``: once per turn, as her only other action
    (moving Mantenbo) ends the turn.
    """
    return not used_character_action(ctx, cond)


@predicate(ConditionKind.DID_END_OF_TURN_DRAW)
def did_end_of_turn_draw(ctx: EffectCtx, _: Condition) -> bool:
    """You drew for the end of this turn (no strike, no skipped draw). Only true for
    ``end_of_turn`` effects. Example: Dan exceeded, ``end_of_turn: [if
    did_end_of_turn_draw] cards_from_hand discard 0..1``.
    """
    return ctx.drew_at_end_of_turn


@predicate(ConditionKind.MANUAL_RESHUFFLE)
def manual_reshuffle(ctx: EffectCtx, _: Condition) -> bool:
    """These effects run after the Reshuffle action (not after a reshuffle forced by
    drawing from an empty deck).

    Example: every BlazBlue fighter's ability, ``on_reshuffle: [if manual_reshuffle]
    add_set_aside_card_to_deck`` (its Astral Heat).
    """
    return ctx.scope.manual_reshuffle


@predicate(ConditionKind.EXCEEDED)
def exceeded(ctx: EffectCtx, _: Condition) -> bool:
    """You are in Exceed mode (for BlazBlue, in Overdrive).

    Example: Ragna's Devoured by Darkness, ``during_strike: [if exceeded] rangeup 0/1,
    then speedup 1``.
    """
    return ctx.table.p(ctx.player).exceeded


@predicate(ConditionKind.LIFE_EQUALS)
def life_equals(ctx: EffectCtx, cond: Condition) -> bool:
    """Your life is exactly ``amount``.

    Example: Ragna's Black Onslaught, ``before: [if life_equals 1] powerup 6``.
    """
    return ctx.table.p(ctx.player).life == cond.amount
