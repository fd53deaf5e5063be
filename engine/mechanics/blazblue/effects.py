"""BlazBlue's effect handlers (``engine.vocabulary.blazblue``) and its helpers for
cards entering or leaving an overdrive area. Each docstring is the effect's reference
entry in ``docs/effects.md``."""

from __future__ import annotations

from engine import cards as c
from engine.context import EffectCtx, Flow, Table, select_cards
from engine.decisions import CardPurpose
from engine.effects.amounts import amount_value
from engine.effects.registry import handler, resolve_all
from engine.events.blazblue import EnteredOverdrive, LeftOverdrive, OverdriveExit
from engine.ids import Player, Zone
from engine.mechanics.blazblue.state import overdrive


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


_OVERDRIVE_DESTINATIONS: dict[c.OverdriveDestination, tuple[Zone, bool, CardPurpose]] = {
    c.OverdriveDestination.DISCARD: (Zone.DISCARD, False, CardPurpose.DISCARD),
    c.OverdriveDestination.HAND: (Zone.HAND, False, CardPurpose.TO_HAND),
    c.OverdriveDestination.GAUGE: (Zone.GAUGE, False, CardPurpose.TO_GAUGE),
    c.OverdriveDestination.TOP_OF_DECK: (Zone.DECK, False, CardPurpose.TO_TOP_OF_DECK),
    c.OverdriveDestination.BOTTOM_OF_DECK: (Zone.DECK, True, CardPurpose.TO_TOP_OF_DECK),
    c.OverdriveDestination.SEALED: (Zone.SEALED, False, CardPurpose.TO_SEALED),
}
"""Each destination: the owner's zone, whether the deck's bottom, and the request's purpose."""


@handler(c.CardsFromOverdrive)
def cards_from_overdrive(ctx: EffectCtx, e: c.CardsFromOverdrive) -> Flow[None]:
    """Decision: choose ``min_amount``..``max_amount`` cards of your overdrive area (as
    many as there are, if fewer; a forced pick is taken without asking) and move each to
    its owner's ``destination``: ``discard``, ``hand``, ``gauge``, ``top_of_deck``,
    ``bottom_of_deck`` or ``sealed``. ``per_card_effect`` runs after each card moved,
    with that card as the one just moved (``discarded_matches_attack_speed``).
    ``opponent``: the opponent's overdrive area instead (still your choice; it is open).
    Either bound may be a ``Count``. Leaving the area can empty it: the revert waits for
    the next turn start (BlazBlue reference card). A pick not among the overdrive cards is
    an ``IllegalDecision`` naming the candidates.

    Examples: Hakumen's overdrive effect, ``cards_from_overdrive 1..1 to hand``;
    Arakune's exceed ability, ``on_strike_reveal: cards_from_overdrive 1..1 to discard``
    with a per-card effect.

    Own type: the overdrive area is BlazBlue's (upstream ``choose_discard {source:
    overdrive}``).
    """
    table = ctx.table
    area = ctx.opponent if e.opponent else ctx.player
    zone, bottom, purpose = _OVERDRIVE_DESTINATIONS[e.destination]
    least, most = amount_value(ctx, e.min_amount), amount_value(ctx, e.max_amount)
    picked = yield from select_cards(
        ctx.player, purpose, overdrive(table.state, area), least, most
    )
    for card in picked:
        from_overdrive(table, area, card, zone, bottom)
        if e.per_card_effect:
            ctx.moved_card = card
            yield from resolve_all(ctx, e.per_card_effect)
            ctx.moved_card = None
