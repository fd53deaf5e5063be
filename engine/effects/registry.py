"""The effect handler registry and the resolver shared by every effect module.

``resolve`` runs one effect: it checks the condition (running ``else`` when false),
calls the handler registered for the effect's type, then runs its ``then`` chain.
Handlers that need a player's input are generators; the others are plain functions.
The helpers below (``side``, ``stat``, ``flag``, ``move_self``, ``move_opponent``) are
what handlers use to emit the common strike and movement events.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import TypeVar, cast

from engine.cards import schema as c
from engine.core import events as ev
from engine.core import movement
from engine.core.causes import CauseKind
from engine.core.conditions import holds
from engine.core.context import EffectCtx, Flow, Table
from engine.core.ids import Player, Zone
from engine.core.state import AttackBit, AttackFlag, AttackSide, Passive, Stat, holds_passive

E = TypeVar("E")
Handler = Callable[[EffectCtx, c.Effect], Flow[None] | None]
HANDLERS: dict[type, tuple[Handler, bool]] = {}


def handler(
    effect_type: type[E],
) -> Callable[[Callable[[EffectCtx, E], object]], Callable[[EffectCtx, E], object]]:
    """Register the handler for ``effect_type``."""

    def register(fn: Callable[[EffectCtx, E], object]) -> Callable[[EffectCtx, E], object]:
        HANDLERS[effect_type] = (cast(Handler, fn), inspect.isgeneratorfunction(fn))
        return fn

    return register


def resolve(ctx: EffectCtx, effect: c.Effect) -> Flow[None]:
    """Resolve ``effect`` and its chain for ``ctx.player``."""
    if effect.condition is not None and not holds(ctx, effect.condition):
        yield from resolve_all(ctx, effect.otherwise)
        return
    fn, is_flow = HANDLERS[type(effect)]
    table = ctx.table
    table.push_cause(CauseKind.EFFECT, c.effect_tag(type(effect)),
                     -1 if ctx.source is None else ctx.source, ctx.player)
    try:
        if is_flow:
            flow = fn(ctx, effect)
            assert flow is not None
            yield from flow
        else:
            fn(ctx, effect)
    finally:
        table.pop_cause()
    for after_effect in ctx.table.hooks.after_effect:
        yield from after_effect(ctx.table)
    if effect.then:
        yield from resolve_all(ctx, effect.then)


def resolve_all(ctx: EffectCtx, effects: Iterable[c.Effect]) -> Flow[None]:
    for effect in effects:
        yield from resolve(ctx, effect)


def attack_side(ctx: EffectCtx, player: Player | None = None) -> AttackSide | None:
    strike = ctx.table.state.strike
    if strike is None:
        return None
    return strike.sides[ctx.player if player is None else player]


def add_stat(ctx: EffectCtx, stat: Stat, amount: int) -> None:
    if attack_side(ctx) is not None and amount:
        ctx.table.emit(ev.StatModified(player=ctx.player, stat=stat, amount=amount))


def add_flag(ctx: EffectCtx, flag: AttackFlag, player: Player | None = None) -> None:
    who = ctx.player if player is None else player
    side = attack_side(ctx, who)
    if side is not None and not side.flags & flag:
        ctx.table.emit(ev.AttackFlagged(player=who, flag=flag))


def move_self(ctx: EffectCtx, destination: int) -> None:
    table = ctx.table
    me = table.p(ctx.player)
    other = table.p(ctx.opponent).space
    if holds_passive(table.state, ctx.opponent, Passive.BLOCKS_OPPONENT_MOVE):
        ctx.advanced_through = False  # block_opponent_move: no self-movement at all
        return
    if table.p(ctx.opponent).blocks_passing:
        destination = movement.stop_before(me.space, destination, other)
    for walls in table.hooks.movement_walls:
        for wall in walls(table, ctx.player):
            destination = movement.stop_at_wall(me.space, destination, wall, other)
    for stop_space in table.hooks.stop_space:
        destination = stop_space(table, ctx.player, me.space, destination)
    ctx.advanced_through = movement.crossed(me.space, destination, other)
    if destination != me.space:
        src = me.space
        table.emit(ev.PlayerMoved(player=ctx.player, src=src, dst=destination))
        run_moved_past(table, ctx.player, src)
        boosts_to_gauge_on_self_move(table, ctx.player)
        note_self_move(table, ctx.player)
        note_move(table, ctx.player)


def move_opponent(ctx: EffectCtx, destination: int) -> None:
    if opponent_ignores_push_and_pull(ctx):
        return
    them = ctx.table.p(ctx.opponent)
    for stop_space in ctx.table.hooks.stop_space:
        destination = stop_space(ctx.table, ctx.opponent, them.space, destination)
    if destination != them.space:
        src = them.space
        ctx.table.emit(ev.PlayerMoved(player=ctx.opponent, src=src, dst=destination))
        run_moved_past(ctx.table, ctx.opponent, src)
        note_move(ctx.table, ctx.opponent)


def run_moved_past(table: Table, mover: Player, src: int) -> None:
    """After ``mover`` moved from ``src``: if they crossed the other fighter (their own
    movement or being pulled, as ``moved_past`` reads it), that fighter's
    ``opponent_moved_past`` effects run, continuous boosts first, then the character
    card (Super Skull Man's Fear Not, Citizen!: ``discard_this``).

    They run inside the movement, so they may not ask a player anything (an effect that
    asks stops the game with an error rather than guessing an answer).
    """
    other = mover.other
    if not movement.crossed(src, table.p(mover).space, table.p(other).space):
        return
    p = table.p(other)
    found: list[tuple[int | None, c.Effect]] = [
        (boost, effect)
        for boost in list(p.boosts)
        for effect in table.card(boost).boost.effects
        if effect.timing is c.Timing.OPPONENT_MOVED_PAST
    ]
    char = table.catalog.character(p.character)
    ability = char.exceed_ability if p.exceeded else char.ability
    found.extend((None, e) for e in ability if e.timing is c.Timing.OPPONENT_MOVED_PAST)
    for source, effect in found:
        for request in resolve(EffectCtx(table, other, source), effect):
            raise AssertionError(f"opponent_moved_past effects cannot ask: {request!r}")


def opponent_ignores_push_and_pull(ctx: EffectCtx) -> bool:
    """The opponent is not moved by pushes and pulls: for this strike (Focus; not once
    their attack's card has left the strike, as the reference client's
    ``change_stats_when_attack_leaves_play`` ends it), or by a passive bonus they hold
    (Vincent's Foundation, also outside strikes)."""
    side = attack_side(ctx, ctx.opponent)
    if side is not None and side.flags & AttackBit.IGNORE_PUSH_PULL and not side.left_strike:
        return True
    return holds_passive(ctx.table.state, ctx.opponent, Passive.IGNORE_PUSH_AND_PULL)


def boosts_to_gauge_on_self_move(table: Table, who: Player) -> None:
    """``who`` has just moved themselves (a Move action or their own movement effect;
    pushes and pulls do not count): each of their continuous boosts in play that carries
    ``add_boost_to_gauge_on_move`` leaves play into their gauge (Hyde's Charged Attack)."""
    p = table.p(who)
    for boost in list(p.boosts):
        effects = table.card(boost).boost.effects
        if any(isinstance(e, c.AddBoostToGaugeOnMove) for e in effects):
            table.move(who, boost, Zone.BOOSTS, Zone.GAUGE, ev.MoveReason.EFFECT)


def note_self_move(table: Table, who: Player) -> None:
    """During a strike, note that ``who`` moved themselves (``SelfMoveNoted``), but only
    in a game where a card of ``who``'s reads it (``not_moved_self_this_strike``), so
    no other game's log gains an event."""
    if table.state.strike is not None and table.cards_read(
            who, c.ConditionKind.NOT_MOVED_SELF_THIS_STRIKE):
        table.emit(ev.SelfMoveNoted(player=who))


def seal_card(table: Table, who: Player, card: int, src: Zone, reason: ev.MoveReason) -> Flow[None]:
    """Move ``card`` from ``src`` into ``who``'s sealed area, then run ``who``'s character
    ``on_seal`` effects (its current side), which see it on top of the sealed area
    (Nine's ``return_sealed_with_same_speed``). Every card sealed during a game comes
    this way; setup's start-sealed cards do not. Face down into a secret sealed area
    (Arakune's Burst, ``seal_this_boost``: roster.md, ``sealed_area_is_secret``)."""
    table.seal(who, card, src, reason)
    p = table.p(who)
    char = table.catalog.character(p.character)
    ability = char.exceed_ability if p.exceeded else char.ability
    effects = [e for e in ability if e.timing is c.Timing.ON_SEAL]
    if effects:
        yield from resolve_all(EffectCtx(table, who), effects)


def note_move(table: Table, who: Player) -> None:
    """During a strike, note that ``who`` moved (themselves, or pushed or pulled:
    ``MoveNoted``), but only in a game where a card of the other player's reads it
    (``opponent_moved_or_was_moved``), so no other game's log gains an event."""
    if table.state.strike is not None and table.cards_read(
            who.other, c.ConditionKind.OPPONENT_MOVED_OR_WAS_MOVED):
        table.emit(ev.MoveNoted(player=who))


def effects_at(table: Table, who: Player, timing: c.Timing) -> list[tuple[int | None, c.Effect]]:
    """Every effect of ``who`` at ``timing``: attack, continuous boosts, character, granted
    (at ``before``, last, the opponent's character's ``opponent_before`` effects; at
    ``after``, last, what the mechanics add: ``after_triggers``, Rachel's lightning rods). The
    strike rules run them (``engine.rules.strike.timing.run_timing``); so does an effect
    that brings a timing about itself (``take_damage`` stunning: ``on_stunned``).

    An extra attack (``play_attack_from_hand``) has only its own effects and what was
    added to it, and what the opponent grants every attack of theirs: Carl Clover's
    ``opponent_before`` ("Before your opponent's attack") comes before an extra attack
    too, as in the reference client (its extra attack's before keeps the
    opponent-given effects)."""
    strike = table.state.strike
    side = strike.sides[who] if strike is not None else None
    card = table.card
    found: list[tuple[int | None, c.Effect]]
    if side is not None and (attack := side.card) is not None:
        found = [(attack, e) for e in c.timed(card(attack).effects, timing)]
        if side.main is not None:
            # an extra attack (play_attack_from_hand): only its own effects apply
            found += [(attack, e) for e in side.added if e.timing is timing]
            found += _granted(table, who, timing)
            return found + _mechanics(table, who) if timing is _AFTER else found
    else:
        found = []
    p = table.p(who)
    for boost in list(p.boosts):
        found += [(boost, e) for e in c.timed(card(boost).boost.effects, timing)]
    char = table.catalog.character(p.character)
    ability = c.timed(char.exceed_ability if p.exceeded else char.ability, timing)
    if ability:
        found += [(None, e) for e in ability]
    if side is not None and side.added:
        found += [(side.card, e) for e in side.added if e.timing is timing]
    found += _granted(table, who, timing)
    return found + _mechanics(table, who) if timing is _AFTER else found


def _mechanics(table: Table, who: Player) -> list[tuple[int | None, c.Effect]]:
    """At ``after`` (the caller checks the timing), during a strike: the after triggers
    the mechanics add (``after_triggers``: Rachel's lightning rods), last."""
    if table.state.strike is None:
        return []
    return [pair for more in table.hooks.after_triggers for pair in more(table, who)]


def _granted(table: Table, who: Player, timing: c.Timing) -> list[tuple[int | None, c.Effect]]:
    """At ``before``: what the opponent's character grants ``who``'s attack (Carl
    Clover: flip Nirvana); nothing at other timings."""
    if timing is not _BEFORE:
        return []
    them = table.p(who.other)
    theirs = table.catalog.character(them.character)
    granted = theirs.exceed_ability if them.exceeded else theirs.ability
    return [(None, e) for e in c.timed(granted, _OPPONENT_BEFORE)]


_BEFORE = c.Timing.BEFORE
_OPPONENT_BEFORE = c.Timing.OPPONENT_BEFORE
_AFTER = c.Timing.AFTER
