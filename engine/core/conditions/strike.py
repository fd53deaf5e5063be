"""Conditions on the strike in progress: who initiated it, what the attacks are (Normal,
Special or Ultra, EX, wild swing, set from gauge or boosts, a named card) and how they
went (hit, stunned, strike X, the card discarded)."""

from __future__ import annotations

from engine.cards.schema import CardKind, Condition, ConditionKind
from engine.core.conditions.registry import opponent_side, own_side, predicate
from engine.core.context import EffectCtx
from engine.core.state import (
    AttackBit,
)


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
    side = own_side(ctx)
    return side is not None and side.hit


@predicate(ConditionKind.NOT_HIT_OPPONENT)
def not_hit_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack has not hit the opponent this strike.

    Example: Chun-Li's Kikousho, ``after: [if not_hit_opponent] draw 1, then
    move_top_cards discard to gauge 2``.
    """
    side = own_side(ctx)
    return side is not None and not side.hit


@predicate(ConditionKind.WAS_HIT)
def was_hit(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent's attack has hit you this strike, or an extra attack of theirs
    (``play_attack_from_hand``) has (the reference client marks ``was_hit`` as any
    attack's damage is applied, an extra attack's too).

    Example: Zangief's Thick Skinned, ``after: [if was_hit]
    add_boost_to_gauge_on_strike_cleanup``.
    """
    side = opponent_side(ctx)
    return side is not None and (side.hit or side.extra_hit is True)


@predicate(ConditionKind.OPPONENT_STUNNED)
def opponent_stunned(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent is stunned this strike.

    Example: Sagat's Tiger Knee, ``after: [if is_critical] pass, then [if
    opponent_stunned] push 3``.
    """
    side = opponent_side(ctx)
    return side is not None and side.stunned


@predicate(ConditionKind.STUNNED)
def stunned(ctx: EffectCtx, _: Condition) -> bool:
    """You are stunned this strike (outside a strike: never).

    Example: Yuzuriha's Try Hard boost, ``cleanup: [if stunned] sustain_this``.
    """
    side = own_side(ctx)
    return side is not None and side.stunned


@predicate(ConditionKind.NOT_STUNNED)
def not_stunned(ctx: EffectCtx, _: Condition) -> bool:
    """You are not stunned (outside a strike: always true).

    Example: Guile's Shades of Glory, ``cleanup: [if not_stunned] sustain_this``.
    """
    side = own_side(ctx)
    return side is None or not side.stunned


def _attack_kind(ctx: EffectCtx) -> CardKind | None:
    side = own_side(ctx)
    if side is None or side.card is None:
        return None
    return ctx.table.card(side.card).kind


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


@predicate(ConditionKind.IS_EX_STRIKE)
def is_ex_strike(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is EX (set as a pair, or made EX by an effect such as ``attack_is_ex``).

    Example: Hyde's Pale Bringer, ``during_strike: [if is_ex_strike] ignore_guard``.
    """
    side = own_side(ctx)
    return side is not None and side.ex


@predicate(ConditionKind.WAS_WILD_SWING)
def was_wild_swing(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is a wild swing (the top card of your deck, set or swung after an
    invalid attack). Example: Dan's ability, ``during_strike: [if is_critical] pass,
    then [if was_wild_swing] powerup 1, then speedup 1``.
    """
    side = own_side(ctx)
    return side is not None and side.wild


@predicate(ConditionKind.WAS_NOT_WILD_SWING)
def was_not_wild_swing(ctx: EffectCtx, _: Condition) -> bool:
    """You have an attack this strike and it is not a wild swing (set from hand, or
    otherwise not the top card of your deck). False outside a strike.

    Example: Merkava's I, Persistently Cling, ``set_strike: [if was_not_wild_swing]
    place_buddy_in_any_space {optional}``.
    """
    side = own_side(ctx)
    return side is not None and side.card is not None and not side.wild


@predicate(ConditionKind.WILD_SWING_INVALID_NOT_DECLINED)
def wild_swing_invalid_not_declined(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack is a wild swing that is invalid without your having declined it: you
    could not pay its printed gauge or force cost (declining a cost you could pay does
    not count). Read by an ``on_invalid`` card rule, while the card is still your attack.

    Example: Morathi's Shadow of Death, ``on_invalid: [if
    wild_swing_invalid_not_declined] replace_wild_swing hand, then move_top_cards
    discard to gauge 2``.
    """
    side = own_side(ctx)
    if side is None or not side.wild or side.card is None:
        return False
    table = ctx.table
    card = table.card(side.card)
    if card.kind is CardKind.ULTRA and card.gauge_cost:
        return len(table.p(ctx.player).gauge) < card.gauge_cost
    if card.force_cost:
        return table.force_for_costs(ctx.player) < card.force_cost
    return True


@predicate(ConditionKind.WAS_STRIKE_FROM_GAUGE)
def was_strike_from_gauge(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack this strike was set from your gauge (``AttackSetFromGauge``:
    ``strike_from_gauge`` or ``strike_random_from_gauge``) and is still that card: false
    once it became invalid and a wild swing replaced it.

    Example: Yuzuriha's Saki, ``during_strike: [if was_strike_from_gauge] stun_immunity``.
    """
    side = own_side(ctx)
    return side is not None and bool(side.flags & AttackBit.FROM_GAUGE) and not side.wild


@predicate(ConditionKind.WAS_SET_FROM_BOOSTS)
def was_set_from_boosts(ctx: EffectCtx, _: Condition) -> bool:
    """Your attack this strike was set from your boost area (``AttackSetFromBoosts``, a
    card with a ``set_from_boost`` rule); false once it became invalid and a wild swing
    replaced it.

    Example: Carmine's "You Shit! This is the END!" (``may_set_from_boost``), whose
    effects read it.
    """
    side = own_side(ctx)
    return side is not None and bool(side.flags & AttackBit.SET_FROM_BOOSTS)


@predicate(ConditionKind.STRIKE_X_GREATER_THAN)
def strike_x_greater_than(ctx: EffectCtx, cond: Condition) -> bool:
    """Your X this strike (``set_strike_x``) is greater than ``amount`` (0 if omitted);
    false outside a strike.

    Example: Londrekia's ability, after his character action: ``set_strike: [if
    strike_x_greater_than 1] add_attack_effect (after: draw 2)``.
    """
    side = own_side(ctx)
    return side is not None and side.strike_x > (cond.amount or 0)


@predicate(ConditionKind.MATCHES_NAMED_CARD)
def matches_named_card(ctx: EffectCtx, cond: Condition) -> bool:
    """Your attack has the name of card ``card`` (a card id; any copy matches).

    Example: Sagat's Anger Charge, ``during_strike: [if matches_named_card
    sagat_tigeruppercut] guardup 2, ...``.
    """
    side = own_side(ctx)
    if side is None or side.card is None or cond.card is None:
        return False
    return ctx.table.card(side.card).name == ctx.table.catalog.card(cond.card).name


@predicate(ConditionKind.NO_SEALED_COPY_OF_ATTACK)
def no_sealed_copy_of_attack(ctx: EffectCtx, _: Condition) -> bool:
    """No copy of your attack (a card with the same id) is in your sealed area; false
    with no attack.

    Example: Nine's ability, ``hit: [if min_cards_in_hand 1] pass, then [if
    no_sealed_copy_of_attack] choice <seal_this, then cards_from_hand to gauge 1..1 |
    pass>``: with an Assault sealed already, hitting with the other Assault offers
    nothing.
    """
    side = own_side(ctx)
    if side is None or side.card is None:
        return False
    defs = ctx.table.state.card_defs
    wanted = defs[side.card]
    return all(defs[card] != wanted for card in ctx.table.p(ctx.player).sealed)


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
