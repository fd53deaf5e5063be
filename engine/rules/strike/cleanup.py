"""Cleanup (core rulebook, Resolving Strikes: "Cleanup"): the ``cleanup`` effects and the
mechanics' cleanup hooks, then continuous boosts leave play (unless sustained) and the
attack goes to gauge if it hit (or a rule sends it there), else to the discard pile."""

from __future__ import annotations

from engine.cards.schema import Timing
from engine.core import events as ev
from engine.core.context import Flow, Table, rule
from engine.core.ids import Player, Zone
from engine.core.state import AttackBit, discards_attack_at_cleanup
from engine.effects.boost_play import boost_left_play
from engine.effects.registry import seal_card
from engine.rules.strike.timing import current_strike, run_timing


@rule("cleanup")
def cleanup(table: Table, who: Player) -> Flow[None]:
    """Cleanup triggers, then continuous boosts leave play (each one's ``discarded``
    effects run as it goes): a sustained one stays, unless it is marked for the gauge
    (``BoostMarkedForGauge``, which only logs recorded before 2 Dec 2026 hold:
    ``add_boost_to_gauge_on_strike_cleanup`` now moves the boost at once; no sustain
    keeps a marked one: ``PlayerState.may_sustain``); then the attack card goes to gauge (if it hit, or
    Block's rule) or to the discard pile; an attack that seals itself (``seal_this``)
    goes to the sealed area instead.
    """
    yield from run_timing(table, who, Timing.CLEANUP)
    for hook in table.hooks.cleanup:
        yield from hook(table, who)
    p = table.p(who)
    for boost in list(p.boosts):
        if boost in p.sustained and boost not in p.boosts_to_gauge:
            continue
        dst = Zone.GAUGE if boost in p.boosts_to_gauge else Zone.DISCARD
        table.move(who, boost, Zone.BOOSTS, dst, ev.MoveReason.CLEANUP)
        yield from boost_left_play(table, who, boost)
    side = current_strike(table).sides[who]
    to_gauge = side.hit or bool(side.flags & AttackBit.TO_GAUGE_AFTER_CLEANUP)
    if discards_attack_at_cleanup(table.state, who):
        to_gauge = False
    for card in list(side.cards):
        hit = card in side.extra_to_gauge if card in side.extra_cards else to_gauge
        dst = Zone.GAUGE if hit else Zone.DISCARD
        if card == side.card and side.flags & AttackBit.SEALED_AFTER_CLEANUP:
            yield from seal_card(table, who, card, Zone.STRIKE, ev.MoveReason.CLEANUP)
            continue
        table.move(who, card, Zone.STRIKE, dst, ev.MoveReason.CLEANUP)
