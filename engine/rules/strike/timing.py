"""Which effects fire at a strike timing, and in what order: an attack's, its player's
continuous boosts', character's and granted effects (``engine.effects.registry.effects_at``),
run in the order
the player chooses when it can matter (``run_timing``); the ``during_strike`` bonuses,
whose failed conditions are retried while others still succeed (``run_during_strike``).

Every step of the strike (``engine.rules.strike``) runs its timing through here.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards.schema import Effect, Timing
from engine.core import events as ev
from engine.core.conditions import holds
from engine.core.context import ActionScope, EffectCtx, Flow, Table
from engine.core.decisions import Request
from engine.core.ids import Player, Zone
from engine.core.state import StrikeState
from engine.effects import resolve
from engine.effects.registry import effects_at
from engine.rules.effect_order import choose_order


def current_strike(table: Table) -> StrikeState:
    """The strike in progress (there must be one)."""
    strike = table.state.strike
    assert strike is not None
    return strike




Between = Callable[[ActionScope], Flow[None]]
"""What runs after each effect of a timing, with the scope the effects share (the extra
attacks an effect asked for: ``engine.rules.strike.attack.run_attack_timing``)."""


def run_timing(
    table: Table, who: Player, timing: Timing, scope: ActionScope | None = None,
    between: Between | None = None,
) -> Flow[None] | tuple[Request, ...]:
    """``timing``'s effects of ``who``, in the order ``who`` chooses when it can matter
    (``engine.rules.effect_order``), else as printed; those of a continuous boost that
    has left play since they were gathered do not run (its effects last only while it
    is in play). The effects are gathered when this is called (a caller ``yield from``s
    it at once); with none, nothing is left to run and no generator is made. A
    continuous boost played during them adds its own effects at ``timing`` (before,
    hit, after: ``_arrived_boosts``). ``between`` (with ``scope``) runs after each
    effect, before the next one."""
    found = effects_at(table, who, timing)
    if not found:
        return _NOTHING
    return _run_found(table, who, timing, found, scope, between)


_NOTHING: tuple[Request, ...] = ()
"""A flow that asks nothing and does nothing (``yield from`` it returns None at once)."""


def _run_found(table: Table, who: Player, timing: Timing,
               found: list[tuple[int | None, Effect]], scope: ActionScope | None,
               between: Between | None = None) -> Flow[None]:
    boosts = set(table.p(who).boosts)
    if len(found) > 1:
        found = yield from choose_order(table, who, timing, found)
    resolved: list[tuple[int, int]] = []  # the events of the effects themselves
    for source, effect in found:
        if source in boosts and source not in table.p(who).boosts:
            continue
        start = len(table.events)
        yield from resolve(EffectCtx(table, who, source, scope), effect)
        resolved.append((start, len(table.events)))
        if between is not None and scope is not None:
            yield from between(scope)
    if timing in _ATTACK_TIMINGS:
        arrived = _arrived_boosts(table, who, timing, resolved)
        if arrived:
            yield from _run_found(table, who, timing, arrived, scope, between)


_ATTACK_TIMINGS = frozenset({Timing.BEFORE, Timing.HIT, Timing.AFTER})


def _arrived_boosts(table: Table, who: Player, timing: Timing,
                    resolved: list[tuple[int, int]]) -> list[tuple[int | None, Effect]]:
    """The effects at ``timing`` of the continuous boosts ``who`` played during their own
    ``timing`` (before, hit, after; the events of its effects, ``resolved``, not those of
    an extra attack made between them, whose own timings took its boosts) and still in
    play: they
    join it, after the gathered ones (Seth's Captive Segment, ``before: choice
    <boost_then_sustain {hand, ultra} | pass>``: Stitched Segment's ``before: powerup 1 +
    choice <push 1 | pull 1>`` comes before Captive Segment's range check), and run as
    those do, so a boost one of them plays joins in turn. A card put into the boost area
    without being played (``boost_this_then_sustain``) adds nothing. The reference client
    appends such a boost's effects of the current timing to those left to resolve
    (local_game.gd, _boost_play_cleanup_update_effects)."""
    in_play = table.p(who).boosts
    events = table.events
    played = [e.card for start, end in resolved for e in events[start:end]
              if isinstance(e, ev.CardMoved) and e.player == who
              and e.dst is Zone.BOOSTS and e.reason is ev.MoveReason.BOOST]
    return [(card, effect) for card in played if card in in_play
            for effect in table.card(card).boost.effects if effect.timing is timing]


def run_during_strike(table: Table, who: Player) -> Flow[None]:
    """``during_strike`` effects; those whose condition fails are retried while others
    still succeed, so a bonus that needs another bonus (Akuma's Instant Hell Murder) does
    not depend on the order of the cards. What still fails runs its ``else`` at the end."""
    waiting = effects_at(table, who, Timing.DURING_STRIKE)
    boosts = set(table.p(who).boosts)
    while True:
        failed = []
        for source, effect in waiting:
            if source in boosts and source not in table.p(who).boosts:
                continue  # the boost has left play: its effects no longer apply
            ctx = EffectCtx(table, who, source)
            if effect.condition is not None and not holds(ctx, effect.condition):
                failed.append((source, effect))
            else:
                yield from _resolve_noted(table, ctx, effect, source in boosts)
        if len(failed) == len(waiting):
            break
        waiting = failed
    for source, effect in failed:
        if source in boosts and source not in table.p(who).boosts:
            continue
        yield from _resolve_noted(table, EffectCtx(table, who, source), effect, source in boosts)


def _resolve_noted(table: Table, ctx: EffectCtx, effect: Effect, boost: bool) -> Flow[None]:
    """Resolve a ``during_strike`` effect; a continuous boost's has what it gives the
    strike noted, to end if the boost leaves play mid-strike (``Table.end_boost_bonuses``)."""
    start = len(table.events)
    yield from resolve(ctx, effect)
    if boost and ctx.source is not None:
        table.note_boost_bonuses(ctx.source, start)
