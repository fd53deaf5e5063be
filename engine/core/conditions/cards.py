"""Conditions on a player's piles: cards in hand, deck, gauge and discard, boosts in
play, and the boosts that could be played from gauge."""

from __future__ import annotations

from engine.cards.schema import BoostKind, CardKind, Condition, ConditionKind
from engine.core.conditions.registry import predicate
from engine.core.context import EffectCtx


@predicate(ConditionKind.MIN_CARDS_IN_HAND)
def min_cards_in_hand(ctx: EffectCtx, cond: Condition) -> bool:
    """You hold at least ``amount`` cards.

    Example: Dan's Saikyo Haraigoshi, ``[if min_cards_in_hand 3] discard_random 3 ...``.
    """
    return len(ctx.table.p(ctx.player).hand) >= (cond.amount or 0)


@predicate(ConditionKind.MAX_CARDS_IN_HAND)
def max_cards_in_hand(ctx: EffectCtx, cond: Condition) -> bool:
    """You hold at most ``amount`` cards.

    Example: Dan's Saikyo Power, ``hit: [if max_cards_in_hand 0] powerup 4``.
    """
    return len(ctx.table.p(ctx.player).hand) <= (cond.amount or 0)


@predicate(ConditionKind.LESS_CARDS_THAN_OPPONENT)
def less_cards_than_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """Your hand is smaller than the opponent's.

    Example: M. Bison's Bison Dollars, ``immediate: [if less_cards_than_opponent] draw 3``.
    """
    table = ctx.table
    return len(table.p(ctx.player).hand) < len(table.p(ctx.opponent).hand)


@predicate(ConditionKind.MORE_CARDS_THAN_OPPONENT)
def more_cards_than_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """Your hand is larger than the opponent's.

    Example: Gordeau's Assimilation (Rusty Nail boost), ``immediate: [if
    more_cards_than_opponent] bonus_action``.
    """
    table = ctx.table
    return len(table.p(ctx.player).hand) > len(table.p(ctx.opponent).hand)


@predicate(ConditionKind.DECK_NOT_EMPTY)
def deck_not_empty(ctx: EffectCtx, _: Condition) -> bool:
    """Your deck has at least one card.

    Example: Dan's Koryuken, ``hit: [if deck_not_empty] move_top_cards deck to discard ...``.
    """
    return bool(ctx.table.p(ctx.player).deck)


@predicate(ConditionKind.MIN_CARDS_IN_DECK)
def min_cards_in_deck(ctx: EffectCtx, cond: Condition) -> bool:
    """Your deck has at least ``amount`` cards.

    Example: Morathi's Casting Bones (Gyro Chain Gash boost), ``now: [if
    min_cards_in_deck 3] choose_cards_from_top_deck 3 add_to_topdeck_under_2``.
    """
    return len(ctx.table.p(ctx.player).deck) >= (cond.amount or 0)


@predicate(ConditionKind.MIN_CARDS_IN_GAUGE)
def min_cards_in_gauge(ctx: EffectCtx, cond: Condition) -> bool:
    """Your gauge holds at least ``amount`` cards.

    Example: Yuzuriha's character action, ``gauge_from_hand 1, then [if
    min_cards_in_gauge 4] exceed_now``.
    """
    return len(ctx.table.p(ctx.player).gauge) >= (cond.amount or 0)


@predicate(ConditionKind.OPPONENT_MIN_CARDS_IN_GAUGE)
def opponent_min_cards_in_gauge(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent has at least ``amount`` cards in their gauge.

    Example: Nehtali's Azazel's Torment, ``before: [if opponent_min_cards_in_gauge 3]
    powerup 3``.
    """
    return len(ctx.table.p(ctx.opponent).gauge) >= (cond.amount or 0)


@predicate(ConditionKind.MIN_CARDS_IN_DISCARD)
def min_cards_in_discard(ctx: EffectCtx, cond: Condition) -> bool:
    """You have at least ``amount`` cards in your discard pile.

    Example: Arakune's ability, ``hit: [if is_special_or_ultra_attack] pass, then [if
    min_cards_in_discard 1] choice add_top_discard_to_overdrive | pass``.
    """
    return len(ctx.table.p(ctx.player).discard) >= (cond.amount or 0)


@predicate(ConditionKind.BOOST_IN_PLAY)
def boost_in_play(ctx: EffectCtx, _: Condition) -> bool:
    """You have at least one continuous boost in play.

    Example: C. Viper's Emergency Combination, ``before: [if boost_in_play] powerup 2``.
    """
    return bool(ctx.table.p(ctx.player).boosts)


@predicate(ConditionKind.NO_BOOST_IN_PLAY)
def no_boost_in_play(ctx: EffectCtx, _: Condition) -> bool:
    """You have no continuous boost in play.

    Example: C. Viper's Burst Time, ``during_strike: [if no_boost_in_play]
    attack_does_not_hit``.
    """
    return not ctx.table.p(ctx.player).boosts


@predicate(ConditionKind.BOOST_IN_PLAY_OR_PARENTS)
def boost_in_play_or_parents(ctx: EffectCtx, cond: Condition) -> bool:
    """A boost of the card ``card`` (a card id) is among your boosts in play; a
    continuous boost being played is in play while its effects resolve, so this covers
    the boost that played this one.

    Example: Byakuya's Menace, ``now: [if boost_in_play_or_parents byakuya_orshredded]
    strike, else choice <boost_additional {boost_name: Predator} | pass>``.
    """
    table = ctx.table
    return any(table.card(card).id == cond.card for card in table.p(ctx.player).boosts)


@predicate(ConditionKind.CAN_BOOST_CONTINUOUS_FROM_GAUGE)
def can_boost_continuous_from_gauge(ctx: EffectCtx, _: Condition) -> bool:
    """Your gauge holds a card whose continuous boost you could play now: its force cost
    payable with your other cards (the boost from gauge of ``boost_additional``).

    Example: Linne's exceeded action, ``requires: can_boost_continuous_from_gauge``,
    then ``boost_additional continuous from gauge``.
    """
    table = ctx.table
    for card in table.p(ctx.player).gauge:
        boost = table.card(card).boost
        if boost.kind is BoostKind.CONTINUOUS and (
            boost.force_cost <= table.force_for_costs(ctx.player, exclude=(card,))
        ):
            return True
    return False


@predicate(ConditionKind.CAN_BOOST_ULTRA_FROM_GAUGE)
def can_boost_ultra_from_gauge(ctx: EffectCtx, _: Condition) -> bool:
    """Your gauge holds an ultra whose boost you could play now: its force cost payable
    with your other cards (``boost_additional {card_kind: ultra}`` from gauge).

    Example: Carmine's exceeded action, ``requires: can_boost_ultra_from_gauge``, then
    ``boost_additional {card_kind: ultra, valid_zones: [gauge]}``.
    """
    table = ctx.table
    return any(
        table.card(card).kind is CardKind.ULTRA
        and table.card(card).boost.force_cost
        <= table.force_for_costs(ctx.player, exclude=(card,))
        for card in table.p(ctx.player).gauge
    )
