"""BlazBlue's effect handlers (``engine.vocabulary.blazblue``) and its helpers for
cards entering or leaving an overdrive area. Each docstring is the effect's reference
entry in ``docs/effects.md``."""

from __future__ import annotations

from engine import cards as c
from engine.cards import BoostKind, Condition, ConditionKind
from engine.conditions import predicate
from engine.context import EffectCtx, Flow, Table
from engine.effects.boosts import play_additional_boost
from engine.effects.registry import handler
from engine.events.blazblue import EnteredOverdrive, LeftOverdrive, OverdriveExit
from engine.ids import Player, Zone


def to_overdrive(table: Table, who: Player, card: int, src: Zone,
                 from_player: Player | None = None) -> None:
    """``card`` leaves ``from_player``'s (default ``who``'s) zone ``src`` for ``who``'s
    overdrive area."""
    table.emit(EnteredOverdrive(player=who, card=card, src=src,
                                from_player=who if from_player is None else from_player))


def from_overdrive(table: Table, who: Player, card: int, dst: Zone,
                   bottom: bool = False) -> None:
    """``card`` leaves ``who``'s overdrive area for its owner's zone ``dst``."""
    table.emit(LeftOverdrive(player=who, card=card, dst=dst, reason=OverdriveExit.EFFECT,
                             bottom=bottom))


@handler(c.AddTopDiscardToOverdrive)
def add_top_discard_to_overdrive(ctx: EffectCtx, e: c.AddTopDiscardToOverdrive) -> None:
    """The top ``amount`` cards of your discard pile (the last discarded first) enter
    your overdrive area; fewer if the pile runs out.

    Example: Arakune's ability, ``hit: [if is_special_or_ultra_attack] ... choice
    add_top_discard_to_overdrive | pass``.

    Own type: the overdrive area is BlazBlue's.
    """
    for _ in range(e.amount):
        discard = ctx.table.p(ctx.player).discard
        if not discard:
            return
        to_overdrive(ctx.table, ctx.player, discard[-1], Zone.DISCARD)


@handler(c.BoostDiscardedOverdrive)
def boost_discarded_overdrive(ctx: EffectCtx, e: c.BoostDiscardedOverdrive) -> Flow[None]:
    """The top card of your discard pile (the card just discarded from your overdrive
    area, in the ``overdrive`` effect) is played as a boost at no cost, as
    ``boost_additional`` plays one: its ``now`` effects, your boost hooks; a continuous
    one stays in play. Nothing with an empty discard pile.

    Example: Platinum's overdrive effect, ``[if top_discard_is_continous_boost]
    boost_discarded_overdrive``.

    Own type: the overdrive discard is BlazBlue's; the card is not chosen.
    """
    discard = ctx.table.p(ctx.player).discard
    if discard:
        yield from play_additional_boost(ctx, discard[-1], Zone.DISCARD, ignore_costs=True)


@predicate(ConditionKind.TOP_DISCARD_IS_CONTINOUS_BOOST)
def top_discard_is_continous_boost(ctx: EffectCtx, cond: Condition) -> bool:
    """The top card of your discard pile has a continuous boost.

    Example: Platinum's overdrive effect (the card just discarded from the overdrive
    area), ``[if top_discard_is_continous_boost] boost_discarded_overdrive``.
    """
    discard = ctx.table.p(ctx.player).discard
    return bool(discard) and ctx.table.card(discard[-1]).boost.kind is BoostKind.CONTINUOUS
