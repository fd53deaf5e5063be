"""Amounts: what a printed number, a symbolic word or a ``Count`` comes to when an
effect resolves.

Effects whose amounts may be computed (``powerup``, ``speedup``, the bounds of
``cards_from_hand``) call ``amount_value``; the quantities a ``Count`` may count are
the closed enum ``engine.vocabulary.base.Quantity``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import schema as c
from engine.core.attack_totals import (
    attack_speed,
    own_power,
    power_speed_swapped,
    range_to_opponent,
    total_speed,
)
from engine.core.context import EffectCtx, Table
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player
from engine.core.movement import distance
from engine.core.state import (
    DISCARDED,
    RANGE_PER_ANY_BOOST,
    AttackBit,
    AttackSide,
    strike_value,
)
from engine.effects.registry import attack_side


def _gauge(ctx: EffectCtx) -> int:
    return len(ctx.table.p(ctx.player).gauge)


def _cards_in_hand(ctx: EffectCtx) -> int:
    return len(ctx.table.p(ctx.player).hand)


def _spaces_between(ctx: EffectCtx) -> int:
    return distance(ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space) - 1


def _opponent_gauge(ctx: EffectCtx) -> int:
    return len(ctx.table.p(ctx.opponent).gauge)


def _damage_taken(ctx: EffectCtx) -> int:
    side = attack_side(ctx)
    return side.damage_taken if side is not None else 0


def _damage_dealt(ctx: EffectCtx) -> int:
    strike = ctx.table.state.strike
    return strike.sides[ctx.opponent].damage_taken if strike is not None else 0


def _boosts_in_play(ctx: EffectCtx) -> int:
    return sum(len(p.boosts) for p in ctx.table.state.players)


def _opponent_cards_in_hand(ctx: EffectCtx) -> int:
    return len(ctx.table.p(ctx.opponent).hand)


def sealed_normals(table: Table, who: Player) -> int:
    """The Normals in ``who``'s sealed area (Nine's Coral of Catastrophe and Colorless
    Void count them)."""
    return sum(table.card(card).kind is c.CardKind.NORMAL for card in table.p(who).sealed)


def _sealed_normals(ctx: EffectCtx) -> int:
    return sealed_normals(ctx.table, ctx.player)


def _strike_x(ctx: EffectCtx) -> int:
    side = attack_side(ctx)
    return side.strike_x if side is not None else ctx.scope.strike_x


def _power(ctx: EffectCtx) -> int:
    """Your attack's total power (``total_power``), 0 outside a strike."""
    side = attack_side(ctx)
    return total_power(ctx.table, side) if side is not None else 0


def opponent_speed(ctx: EffectCtx) -> int:
    """The opponent's attack's total speed now (as the rules compare it: printed speed,
    speed bonuses, +1 if EX; its total power once ``swap_power_speed`` swapped them), 0
    with no attack. Shared by ``Quantity.OPPONENT_SPEED`` and ``set_strike_x
    opponent_speed``."""
    side = attack_side(ctx, ctx.opponent)
    if side is None or side.card is None:
        return 0
    return max(0, total_speed(ctx.table, side))


QUANTITIES: dict[c.Quantity, Callable[[EffectCtx], int]] = {
    c.Quantity.GAUGE: _gauge,
    c.Quantity.CARDS_IN_HAND: _cards_in_hand,
    c.Quantity.SPACES_BETWEEN: _spaces_between,
    c.Quantity.OPPONENT_GAUGE: _opponent_gauge,
    c.Quantity.DAMAGE_TAKEN: _damage_taken,
    c.Quantity.DAMAGE_DEALT: _damage_dealt,
    c.Quantity.BOOSTS_IN_PLAY: _boosts_in_play,
    c.Quantity.OPPONENT_CARDS_IN_HAND: _opponent_cards_in_hand,
    c.Quantity.STRIKE_X: _strike_x,
    c.Quantity.POWER: _power,
    c.Quantity.OPPONENT_SPEED: opponent_speed,
    c.Quantity.CARDS_IN_DISCARD: lambda ctx: len(ctx.table.p(ctx.player).discard),
    c.Quantity.SEALED_NORMALS: _sealed_normals,
}


def count_value(ctx: EffectCtx, count: c.Count) -> int:
    """``times`` × the quantity (in whole groups of ``per``) + ``plus``, capped at
    ``at_most``, for ``ctx.player``."""
    value = count.times * (QUANTITIES[count.count](ctx) // count.per) + count.plus
    return value if count.at_most is None else min(value, count.at_most)


def amount_value(ctx: EffectCtx, amount: int | c.SymbolicAmount | c.Count) -> int:
    """A printed amount, a ``Count``'s current value, or the symbolic one's (``strike_x``:
    this strike's X for ``ctx.player``; outside a strike, the X this action's effects set,
    0 if none; ``cards_discarded_this_strike``: the discards ``ctx.player`` recorded this
    strike; ``total_power``: the current total power of ``ctx.player``'s attack, 0 outside
    a strike)."""
    if isinstance(amount, int):
        return amount
    if isinstance(amount, c.Count):
        return count_value(ctx, amount)
    if amount is c.SymbolicAmount.CARDS_DISCARDED_THIS_STRIKE:
        return cards_discarded_this_strike(ctx)
    if amount is c.SymbolicAmount.TOTAL_POWER:
        side = attack_side(ctx)
        return total_power(ctx.table, side) if side is not None else 0
    return _strike_x(ctx)


def cards_discarded_this_strike(ctx: EffectCtx) -> int:
    """The cards ``ctx.player`` discarded this strike with ``record_discarded_amount``
    (0 outside a strike or with none recorded)."""
    return strike_value(ctx.table.state, DISCARDED, ctx.player)


def total_power(table: Table, side: AttackSide) -> int:
    """The attack's total power: printed power (or the one that replaced it), its
    negative bonuses, and its positive bonuses times their multiplier; never below 0 (a
    ``set_total_power`` overrides it all). Once ``swap_power_speed`` swapped them, its
    total speed instead. 0 once its card has left the strike (``own_power``)."""
    if power_speed_swapped(table, side):
        return attack_speed(table, side)
    return own_power(table, side)


def attack_reach(table: Table, side: AttackSide) -> tuple[int, int] | None:
    """The attack's current range, printed plus its range bonuses (None: no attack, no
    printed range, or its card has left the strike: its range is invalid, as the
    reference client's ``overwrite_range_to_invalid``). Reads only."""
    card = side.card
    printed = None if card is None or side.left_strike else table.card(card).range
    if card is None or printed is None:
        return None
    low, high = printed
    if table.card(card).range_is_range_to_opponent:
        low = high = range_to_opponent(table)
    if table.card(card).min_range_is_total_power:
        low = total_power(table, side)
    if table.card(card).max_range_is_total_power:
        high = total_power(table, side)
    return low + side.min_range, high + side.max_range


def live_range(table: Table, who: Player) -> tuple[int, int] | None:
    """``attack_reach`` plus the live per-boost modifiers, counted when the range is
    checked (Chun-Li exceeded: +0/+1 per continuous boost she has in play; Linne's The
    Diviner: +0/+1 per continuous boost in play, both players'). None outside a strike."""
    strike = table.state.strike
    if strike is None:
        return None
    side = strike.sides[who]
    reach = attack_reach(table, side)
    if reach is None:
        return None
    boosts = len(table.p(who).boosts)
    low, high = side.range_per_boost
    every = sum(len(p.boosts) for p in table.state.players)
    any_low, any_high = strike_value(table.state, RANGE_PER_ANY_BOOST, who)
    return (reach[0] + low * boosts + any_low * every,
            reach[1] + high * boosts + any_high * every)


def attack_origins(table: Table, who: Player) -> tuple[int, ...] | None:
    """The spaces ``who``'s attack measures its range from when it comes from another
    source (core rulebook, FAQ: its range is measured from that source, its point of
    origin): those a mechanic names (``range_origins``: a buddy's space; none when it is
    not in play), else the arena's center (``calculate_range_from_center``); None when
    it is measured from ``who``."""
    for origins_of in table.hooks.range_origins:
        origins = origins_of(table, who)
        if origins is not None:
            return origins
    strike = table.state.strike
    if strike is not None and strike.sides[who].flags & AttackBit.RANGE_FROM_CENTER:
        return ((ARENA_MIN + ARENA_MAX) // 2,)
    return None


