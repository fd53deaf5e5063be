"""Condition predicates, one small registered function per ``ConditionKind``.

A condition gates an effect: when it is false the effect (and its ``then`` chain) is
skipped and its ``else`` branch runs instead. The meta-test checks that every kind used
in the card data has a predicate here, with a docstring and a test.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards.schema import BoostKind, CardKind, Condition, ConditionKind
from engine.core.context import EffectCtx, total_guard
from engine.core.ids import ARENA_MAX, ARENA_MIN
from engine.core.movement import distance
from engine.core.state import (
    CHARACTER_ACTIONS,
    AttackFlag,
    AttackSide,
    CharacterActionState,
    kept_record,
    moved_self_this_strike,
    moved_this_strike,
)

Predicate = Callable[[EffectCtx, Condition], bool]
PREDICATES: dict[ConditionKind, Predicate] = {}


def predicate(kind: ConditionKind) -> Callable[[Predicate], Predicate]:
    def register(fn: Predicate) -> Predicate:
        PREDICATES[kind] = fn
        return fn

    return register


def holds(ctx: EffectCtx, condition: Condition) -> bool:
    """Evaluate ``condition`` for the player resolving ``ctx``."""
    return PREDICATES[condition.kind](ctx, condition)


def _side(ctx: EffectCtx) -> AttackSide | None:
    strike = ctx.table.state.strike
    return strike.sides[ctx.player] if strike is not None else None


@predicate(ConditionKind.INITIATED_STRIKE)
def initiated_strike(ctx: EffectCtx, _: Condition) -> bool:
    """You are the attacker: you initiated this strike.

    Example: Ken's Knee Bash, ``during_strike: [if initiated_strike] rangeup 0/1``.
    """
    strike = ctx.table.state.strike
    return strike is not None and strike.attacker == ctx.player


@predicate(ConditionKind.NOT_INITIATED_STRIKE)
def not_initiated_strike(ctx: EffectCtx, _: Condition) -> bool:
    """You are the defender of this strike.

    Example: Ryu's Shoryuken, ``during_strike: [if not_initiated_strike] speedup 2``.
    """
    strike = ctx.table.state.strike
    return strike is not None and strike.attacker != ctx.player


@predicate(ConditionKind.HIT_OPPONENT)
def hit_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack hit the opponent this strike.

    Example: Hadoken's ``after: [if hit_opponent] choice ...``.
    """
    side = _side(ctx)
    return side is not None and side.hit


@predicate(ConditionKind.ADVANCED_THROUGH)
def advanced_through(ctx: EffectCtx, _: Condition) -> bool:
    """The movement this effect is chained to ended on the opponent's far side.

    Example: Dive, ``before: advance 3, then [if advanced_through] dodge_attacks``.
    """
    return ctx.advanced_through


@predicate(ConditionKind.NOT_ADVANCED_THROUGH)
def not_advanced_through(ctx: EffectCtx, _: Condition) -> bool:
    """The movement this effect is chained to did not cross the opponent (a blocked
    advance counts as not crossing).

    Example: Ken's Guren Senpukyaku, ``advance 2, then [if not_advanced_through] powerup 3``.
    """
    return not ctx.advanced_through


# --- Street Fighter fighters: Akuma, Cammy, Chun-Li, Sagat, Zangief -------------------


def _opponent_side(ctx: EffectCtx) -> AttackSide | None:
    strike = ctx.table.state.strike
    return strike.sides[ctx.opponent] if strike is not None else None


def _attack_kind(ctx: EffectCtx) -> CardKind | None:
    side = _side(ctx)
    if side is None or side.card is None:
        return None
    return ctx.table.card(side.card).kind


@predicate(ConditionKind.OPPONENT_TOTAL_GUARD_GREATER_OR_EQUAL)
def opponent_total_guard_greater_or_equal(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent's current total guard (printed, bonuses, EX) is at least ``amount``.

    Example: Akuma's Zugaihasatsu, ``hit: [if opponent_total_guard_greater_or_equal 4]
    powerup 2``.
    """
    side = _opponent_side(ctx)
    if side is None or side.card is None:
        return False
    return total_guard(ctx.table, side) >= (cond.amount or 0)


@predicate(ConditionKind.TOTAL_POWERUP_GREATER_OR_EQUAL)
def total_powerup_greater_or_equal(ctx: EffectCtx, cond: Condition) -> bool:
    """The positive power bonuses on your attack (EX included, after any multiplier) add
    up to at least ``amount``; negative bonuses are not subtracted.

    Example: Akuma's Instant Hell Murder, ``during_strike: [if
    total_powerup_greater_or_equal 3] speedup 3``.
    """
    side = _side(ctx)
    return side is not None and side.positive_power_bonus >= (cond.amount or 0)


@predicate(ConditionKind.MOVED_PAST)
def moved_past(ctx: EffectCtx, _: Condition) -> bool:
    """You ended a move on the opponent's far side at some point this strike (advancing,
    or being pulled, which the rules treat as advancing; the opponent crossing you does
    not count).

    Example: Chun-Li's Spinning Bird Kick, ``hit: [if moved_past] choice push 2 | pull 2``.
    """
    side = _side(ctx)
    return side is not None and side.moved_past


@predicate(ConditionKind.IS_NORMAL_ATTACK)
def is_normal_attack(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is a Normal.

    Example: Cammy's Slide (Dive Kick boost), ``before: [if is_normal_attack] advance 3``.
    """
    return _attack_kind(ctx) is CardKind.NORMAL


@predicate(ConditionKind.IS_SPECIAL_OR_ULTRA_ATTACK)
def is_special_or_ultra_attack(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is a Special or an Ultra.

    Example: Cammy's Slide, ``cleanup: [if is_special_or_ultra_attack] choice
    sustain_this | pass``.
    """
    return _attack_kind(ctx) in (CardKind.SPECIAL, CardKind.ULTRA)


@predicate(ConditionKind.OPPONENT_AT_EDGE_OF_ARENA)
def opponent_at_edge_of_arena(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent stands on space 1 or 9.

    Example: Cammy's Razor's Edge Slicer, ``hit: [if opponent_at_edge_of_arena] powerup 2``.
    """
    return ctx.table.p(ctx.opponent).space in (ARENA_MIN, ARENA_MAX)


@predicate(ConditionKind.RANGE)
def range_(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent is exactly ``amount`` spaces away (in or out of a strike).

    Example: Cammy's Ejection Kick (Spiral Arrow boost), ``immediate: [if range 1] push 3``.
    """
    table = ctx.table
    return distance(table.p(ctx.player).space, table.p(ctx.opponent).space) == cond.amount


@predicate(ConditionKind.NOT_HIT_OPPONENT)
def not_hit_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack has not hit the opponent this strike.

    Example: Chun-Li's Kikousho, ``after: [if not_hit_opponent] draw 1, then
    move_top_cards discard to gauge 2``.
    """
    side = _side(ctx)
    return side is not None and not side.hit


@predicate(ConditionKind.OPPONENT_STUNNED)
def opponent_stunned(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent is stunned this strike.

    Example: Sagat's Tiger Knee, ``after: [if is_critical] pass, then [if
    opponent_stunned] push 3``.
    """
    side = _opponent_side(ctx)
    return side is not None and side.stunned


@predicate(ConditionKind.MATCHES_NAMED_CARD)
def matches_named_card(ctx: EffectCtx, cond: Condition) -> bool:
    """Your attack has the name of card ``card`` (a card id; any copy matches).

    Example: Sagat's Anger Charge, ``during_strike: [if matches_named_card
    sagat_tigeruppercut] guardup 2, ...``.
    """
    side = _side(ctx)
    if side is None or side.card is None or cond.card is None:
        return False
    return ctx.table.card(side.card).name == ctx.table.catalog.card(cond.card).name


@predicate(ConditionKind.WAS_HIT)
def was_hit(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent's attack has hit you this strike.

    Example: Zangief's Thick Skinned, ``after: [if was_hit]
    add_boost_to_gauge_on_strike_cleanup``.
    """
    side = _opponent_side(ctx)
    return side is not None and side.hit


# --- Street Fighter fighters: Dan, C. Viper, Vega, Guile, M. Bison ---------------------


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


@predicate(ConditionKind.WAS_WILD_SWING)
def was_wild_swing(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is a wild swing (the top card of your deck, set or swung after an
    invalid attack). Example: Dan's ability, ``during_strike: [if is_critical] pass,
    then [if was_wild_swing] powerup 1, then speedup 1``.
    """
    side = _side(ctx)
    return side is not None and side.wild


@predicate(ConditionKind.DID_END_OF_TURN_DRAW)
def did_end_of_turn_draw(ctx: EffectCtx, _: Condition) -> bool:
    """You drew for the end of this turn (no strike, no skipped draw). Only true for
    ``end_of_turn`` effects. Example: Dan exceeded, ``end_of_turn: [if
    did_end_of_turn_draw] cards_from_hand discard 0..1``.
    """
    return ctx.drew_at_end_of_turn


@predicate(ConditionKind.DECK_NOT_EMPTY)
def deck_not_empty(ctx: EffectCtx, _: Condition) -> bool:
    """Your deck has at least one card.

    Example: Dan's Koryuken, ``hit: [if deck_not_empty] move_top_cards deck to discard ...``.
    """
    return bool(ctx.table.p(ctx.player).deck)


@predicate(ConditionKind.NOT_STUNNED)
def not_stunned(ctx: EffectCtx, _: Condition) -> bool:
    """You are not stunned (outside a strike: always true).

    Example: Guile's Shades of Glory, ``cleanup: [if not_stunned] sustain_this``.
    """
    side = _side(ctx)
    return side is None or not side.stunned


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


@predicate(ConditionKind.RANGE_GREATER_OR_EQUAL)
def range_greater_or_equal(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent is at least ``amount`` spaces away.

    Example: Guile's Roll, ``immediate: close 2; [if range_greater_or_equal 2]
    bonus_action``.
    """
    table = ctx.table
    return distance(table.p(ctx.player).space, table.p(ctx.opponent).space) >= (
        cond.amount or 0
    )


@predicate(ConditionKind.LESS_CARDS_THAN_OPPONENT)
def less_cards_than_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """Your hand is smaller than the opponent's.

    Example: M. Bison's Bison Dollars, ``immediate: [if less_cards_than_opponent] draw 3``.
    """
    table = ctx.table
    return len(table.p(ctx.player).hand) < len(table.p(ctx.opponent).hand)


@predicate(ConditionKind.AT_EDGE_OF_ARENA)
def at_edge_of_arena(ctx: EffectCtx, _: Condition) -> bool:
    """You stand on space 1 or 9.

    Example: Vega's Repel Leap, ``immediate: [if at_edge_of_arena]
    set_mode used_character_bonus, then move_to_any_space, then strike``.
    """
    return ctx.table.p(ctx.player).space in (ARENA_MIN, ARENA_MAX)


@predicate(ConditionKind.MIN_SPACES_BEHIND_OPPONENT)
def min_spaces_behind_opponent(ctx: EffectCtx, cond: Condition) -> bool:
    """At least ``amount`` spaces lie behind the opponent (between them and the edge on
    their far side from you).

    Example: Vega's Bloody High Claw, ``before: [if min_spaces_behind_opponent 3]
    powerup 3``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    behind = ARENA_MAX - them if them > me else them - ARENA_MIN
    return behind >= (cond.amount or 0)


@predicate(ConditionKind.OPPONENT_MIN_CARDS_IN_GAUGE)
def opponent_min_cards_in_gauge(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent has at least ``amount`` cards in their gauge.

    Example: Nehtali's Azazel's Torment, ``before: [if opponent_min_cards_in_gauge 3]
    powerup 3``.
    """
    return len(ctx.table.p(ctx.opponent).gauge) >= (cond.amount or 0)


@predicate(ConditionKind.MIN_CARDS_IN_DECK)
def min_cards_in_deck(ctx: EffectCtx, cond: Condition) -> bool:
    """Your deck has at least ``amount`` cards.

    Example: Morathi's Casting Bones (Gyro Chain Gash boost), ``now: [if
    min_cards_in_deck 3] choose_cards_from_top_deck 3 add_to_topdeck_under_2``.
    """
    return len(ctx.table.p(ctx.player).deck) >= (cond.amount or 0)


@predicate(ConditionKind.WILD_SWING_INVALID_NOT_DECLINED)
def wild_swing_invalid_not_declined(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is a wild swing that is invalid without your having declined it: you
    could not pay its printed gauge or force cost (declining a cost you could pay does
    not count). Read by an ``on_invalid`` card rule, while the card is still your attack.

    Example: Morathi's Shadow of Death, ``on_invalid: [if
    wild_swing_invalid_not_declined] replace_wild_swing hand, then move_top_cards
    discard to gauge 2``.
    """
    side = _side(ctx)
    if side is None or not side.wild or side.card is None:
        return False
    table = ctx.table
    card = table.card(side.card)
    if card.kind is CardKind.ULTRA and card.gauge_cost:
        return len(table.p(ctx.player).gauge) < card.gauge_cost
    if card.force_cost:
        return table.force_for_costs(ctx.player) < card.force_cost
    return True


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


@predicate(ConditionKind.MORE_CARDS_THAN_OPPONENT)
def more_cards_than_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """Your hand is larger than the opponent's.

    Example: Gordeau's Assimilation (Rusty Nail boost), ``immediate: [if
    more_cards_than_opponent] bonus_action``.
    """
    table = ctx.table
    return len(table.p(ctx.player).hand) > len(table.p(ctx.opponent).hand)


@predicate(ConditionKind.USED_CHARACTER_ACTION)
def used_character_action(ctx: EffectCtx, cond: Condition) -> bool:
    """You took a character action this turn on the side of your character card you are
    on now (with ``amount``: the action of that index on that side).

    Example: Orie's ability, ``set_strike: [if used_character_action 0] add_attack_effect
    ...``: armor +2 for a Special or Ultra struck with her free character action strike.
    """
    state = ctx.table.state
    record = kept_record(state, CHARACTER_ACTIONS, CharacterActionState)
    if record is None or record.turn != state.turn:
        return False
    used = record.used[ctx.player]
    if not used or bool(used[0]) != state.players[ctx.player].exceeded:
        return False
    return cond.amount is None or used[1] == cond.amount


@predicate(ConditionKind.NOT_USED_CHARACTER_ACTION)
def not_used_character_action(ctx: EffectCtx, cond: Condition) -> bool:
    """``used_character_action`` is false: with ``amount``, the character action you
    took last this turn (on this side of your card) was not that one.

    Example: Litchi's "Summon/Remove Mantenbo" action (a bonus action follows it),
    ``requires: not_used_character_action 1``: once per turn, as her only other action
    (moving Mantenbo) ends the turn.
    """
    return not used_character_action(ctx, cond)


@predicate(ConditionKind.IS_EX_STRIKE)
def is_ex_strike(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is EX (set as a pair, or made EX by an effect such as ``attack_is_ex``).

    Example: Hyde's Pale Bringer, ``during_strike: [if is_ex_strike] ignore_guard``.
    """
    side = _side(ctx)
    return side is not None and side.ex


@predicate(ConditionKind.SPEED_GREATER_THAN)
def speed_greater_than(ctx: EffectCtx, cond: Condition) -> bool:
    """Your attack's total speed is greater than ``amount``; without ``amount``, greater
    than the opponent's attack's total speed (false outside a strike).

    Example: Nanase's Lumiere of the Dawn, ``before: [if speed_greater_than]
    attack_does_not_hit, then lose_all_armor``.
    """
    mine, theirs = _side(ctx), _opponent_side(ctx)
    if mine is None or theirs is None or mine.card is None:
        return False
    bar = _total_speed(ctx, theirs) if cond.amount is None else cond.amount
    return _total_speed(ctx, mine) > bar


def _total_speed(ctx: EffectCtx, side: AttackSide) -> int:
    """As ``engine.rules.strike.total_speed`` (printed + modifiers + 1 for EX); the
    conditions may not import the rules."""
    card = side.card
    return 0 if card is None else ctx.table.card(card).speed + side.speed + (1 if side.ex else 0)


@predicate(ConditionKind.NOT_MOVED_SELF_THIS_STRIKE)
def not_moved_self_this_strike(ctx: EffectCtx, _: Condition) -> bool:
    """You have not moved yourself during this strike (your own movement effects; being
    pushed or pulled does not count). False outside a strike.

    Example: Linne's Flying Swallow, ``after: [if not_moved_self_this_strike] advance 3,
    then draw 1``: if she did not take the ``before`` advance, she advances after.
    """
    return (ctx.table.state.strike is not None
            and not moved_self_this_strike(ctx.table.state, ctx.player))


@predicate(ConditionKind.STUNNED)
def stunned(ctx: EffectCtx, _: Condition) -> bool:
    """You are stunned this strike (outside a strike: never).

    Example: Yuzuriha's Try Hard boost, ``cleanup: [if stunned] sustain_this``.
    """
    side = _side(ctx)
    return side is not None and side.stunned


@predicate(ConditionKind.MIN_CARDS_IN_GAUGE)
def min_cards_in_gauge(ctx: EffectCtx, cond: Condition) -> bool:
    """Your gauge holds at least ``amount`` cards.

    Example: Yuzuriha's character action, ``gauge_from_hand 1, then [if
    min_cards_in_gauge 4] exceed_now``.
    """
    return len(ctx.table.p(ctx.player).gauge) >= (cond.amount or 0)


@predicate(ConditionKind.WAS_STRIKE_FROM_GAUGE)
def was_strike_from_gauge(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack this strike was set from your gauge (``AttackSetFromGauge``:
    ``strike_from_gauge`` or ``strike_random_from_gauge``; not a wild swing).

    Example: Yuzuriha's Saki, ``during_strike: [if was_strike_from_gauge] stun_immunity``.
    """
    side = _side(ctx)
    return side is not None and bool(side.flags & AttackFlag.FROM_GAUGE)


@predicate(ConditionKind.OPPONENT_SPEED_LESS_OR_EQUAL)
def opponent_speed_less_or_equal(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent's attack's total speed (printed, modifiers, +1 if EX) is at most
    ``amount`` (false outside a strike or before they have an attack).

    Example: Byakuya's Caught You!, ``before: [if opponent_speed_less_or_equal 4]
    attack_does_not_hit``.
    """
    side = _opponent_side(ctx)
    if side is None or side.card is None or cond.amount is None:
        return False
    return _total_speed(ctx, side) <= cond.amount


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


@predicate(ConditionKind.WAS_SET_FROM_BOOSTS)
def was_set_from_boosts(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack this strike was set from your boost area (``AttackSetFromBoosts``, a
    card with a ``set_from_boost`` rule); false once it became invalid and a wild swing
    replaced it.

    Example: Carmine's "You Shit! This is the END!" (``may_set_from_boost``), whose
    effects read it.
    """
    side = _side(ctx)
    return side is not None and bool(side.flags & AttackFlag.SET_FROM_BOOSTS)


@predicate(ConditionKind.WAS_NOT_WILD_SWING)
def was_not_wild_swing(ctx: EffectCtx, _: Condition) -> bool:
    """You have an attack this strike and it is not a wild swing (set from hand, or
    otherwise not the top card of your deck). False outside a strike.

    Example: Merkava's I, Persistently Cling, ``set_strike: [if was_not_wild_swing]
    place_buddy_in_any_space {optional}``.
    """
    side = _side(ctx)
    return side is not None and side.card is not None and not side.wild


@predicate(ConditionKind.STRIKE_X_GREATER_THAN)
def strike_x_greater_than(ctx: EffectCtx, cond: Condition) -> bool:
    """Your X this strike (``set_strike_x``) is greater than ``amount`` (0 if omitted);
    false outside a strike.

    Example: Londrekia's ability, after his character action: ``set_strike: [if
    strike_x_greater_than 1] add_attack_effect (after: draw 2)``.
    """
    side = _side(ctx)
    return side is not None and side.strike_x > (cond.amount or 0)


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


@predicate(ConditionKind.RANGE_MULTIPLE)
def range_multiple(ctx: EffectCtx, cond: Condition) -> bool:
    """The opponent is ``amount`` to ``amount_max`` spaces away (in or out of a strike).

    Example: Hakumen's Kokuujin: Shippu, ``hit: [if range_multiple 1..2] powerup 4``.
    """
    table = ctx.table
    spaces = distance(table.p(ctx.player).space, table.p(ctx.opponent).space)
    least = cond.amount or 0
    return least <= spaces <= (least if cond.amount_max is None else cond.amount_max)
@predicate(ConditionKind.NO_SEALED_COPY_OF_ATTACK)
def no_sealed_copy_of_attack(ctx: EffectCtx, _: Condition) -> bool:
    """No copy of your attack (a card with the same id) is in your sealed area; false
    with no attack.

    Example: Nine's ability, ``hit: [if min_cards_in_hand 1] pass, then [if
    no_sealed_copy_of_attack] choice <seal_this, then cards_from_hand to gauge 1..1 |
    pass>``: with an Assault sealed already, hitting with the other Assault offers
    nothing.
    """
    side = _side(ctx)
    if side is None or side.card is None:
        return False
    defs = ctx.table.state.card_defs
    wanted = defs[side.card]
    return all(defs[card] != wanted for card in ctx.table.p(ctx.player).sealed)


@predicate(ConditionKind.PUSHED_MIN_SPACES)
def pushed_min_spaces(ctx: EffectCtx, cond: Condition) -> bool:
    """The ``push`` this effect is chained to moved the opponent at least ``amount``
    spaces (a wall, or Focus, may keep them from moving).

    Example: Nine's Amethyst of Annihilation, ``hit: push 2, then [if pushed_min_spaces
    1] gain_advantage``: against an opponent cornered on space 9 there is no advantage.
    """
    return ctx.pushed >= (cond.amount or 0)


@predicate(ConditionKind.OPPONENT_MOVED_OR_WAS_MOVED)
def opponent_moved_or_was_moved(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent has changed space during this strike: by their own movement, or
    pushed or pulled (noted as ``MoveNoted`` in games where a card reads this). False
    outside a strike.

    Example: Platinum's Dream Sally, ``hit: [if opponent_moved_or_was_moved] powerup 2``.
    """
    return (ctx.table.state.strike is not None
            and moved_this_strike(ctx.table.state, ctx.opponent))


@predicate(ConditionKind.MIN_CARDS_IN_DISCARD)
def min_cards_in_discard(ctx: EffectCtx, cond: Condition) -> bool:
    """You have at least ``amount`` cards in your discard pile.

    Example: Arakune's ability, ``hit: [if is_special_or_ultra_attack] pass, then [if
    min_cards_in_discard 1] choice add_top_discard_to_overdrive | pass``.
    """
    return len(ctx.table.p(ctx.player).discard) >= (cond.amount or 0)


@predicate(ConditionKind.DISCARDED_MATCHES_ATTACK_SPEED)
def discarded_matches_attack_speed(ctx: EffectCtx, cond: Condition) -> bool:
    """The card this effect just moved (``cards_from_overdrive``'s per-card effect) has
    the printed speed of your attack card. False outside a strike or with no card moved.

    Example: Arakune's exceed ability, ``cards_from_overdrive 1..1 to discard`` with
    ``[if discarded_matches_attack_speed] rangeup -8/0, powerup 2, speedup 1...``.
    """
    strike = ctx.table.state.strike
    side = None if strike is None else strike.sides[ctx.player]
    if ctx.moved_card is None or side is None or side.card is None:
        return False
    return ctx.table.card(ctx.moved_card).speed == ctx.table.card(side.card).speed
