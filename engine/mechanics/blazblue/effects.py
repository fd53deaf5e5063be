"""BlazBlue's effect handlers (``engine.vocabulary.blazblue``) and its helpers for
cards entering or leaving an overdrive area; Rachel's lightning rods. Each docstring is
the effect's reference entry in ``docs/effects.md``."""

from __future__ import annotations

from engine import cards as c
from engine.context import EffectCtx, Flow, Table, choose_space, select_cards
from engine.decisions import CardPurpose
from engine.effects.amounts import amount_value, attack_reach
from engine.effects.registry import attack_side, handler, move_self, resolve_all
from engine.events.blazblue import (
    EnteredOverdrive,
    LeftOverdrive,
    LightningRodPlaced,
    OverdriveExit,
    RangeIncludesLightningRods,
)
from engine.ids import ARENA_MAX, ARENA_MIN, Player, Zone
from engine.mechanics.blazblue.state import overdrive, reaches_rods, rod_spaces


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
# --- Rachel's lightning rods ---------------------------------------------------------


def rod_card(ctx: EffectCtx, source: c.LightningRodSource) -> Flow[tuple[int, Zone] | None]:
    """The card ``place_lightningrod`` turns into a rod and the zone it leaves (None: no
    such card): the top discard, your attack card still in the strike, or a discard of
    your choice (``SelectCardsRequest`` LIGHTNING_ROD)."""
    p = ctx.table.p(ctx.player)
    if source is c.LightningRodSource.THIS_ATTACK_CARD:
        side = attack_side(ctx)
        if side is None or side.card is None or side.card not in side.cards:
            return None
        return side.card, Zone.STRIKE
    if not p.discard:
        return None
    if source is c.LightningRodSource.TOP_DISCARD:
        return p.discard[-1], Zone.DISCARD
    picked = yield from select_cards(ctx.player, CardPurpose.LIGHTNING_ROD, p.discard, 1, 1)
    return picked[0], Zone.DISCARD


def rod_spaces_allowed(ctx: EffectCtx, attack_range: bool) -> list[int]:
    """The spaces a rod may be placed on: any arena space (rods may share one, and lie
    under a fighter), or with ``attack_range`` those your attack's current range reaches
    from your space (none outside a strike)."""
    spaces = list(range(ARENA_MIN, ARENA_MAX + 1))
    if not attack_range:
        return spaces
    side = attack_side(ctx)
    reach = None if side is None else attack_reach(ctx.table, side)
    if reach is None:
        return []
    here = ctx.table.p(ctx.player).space
    return [s for s in spaces if reach[0] <= abs(s - here) <= reach[1]]


@handler(c.PlaceLightningrod)
def place_lightningrod(ctx: EffectCtx, e: c.PlaceLightningrod) -> Flow[None]:
    """Decision: a card becomes one of your lightning rods on an arena space
    (``LightningRodPlaced``): ``source`` ``top_discard`` (the top of your discard pile),
    ``this_attack_card`` (your attack, taken out of the strike before cleanup moves it)
    or ``discard`` (a discard of your choice); any space (rods may share a space, a
    fighter's included), or with ``attack_range`` a space your attack's range reaches
    from you. Any other space is an illegal decision naming the spaces offered. Nothing
    without such a card or space.

    A rod stays on its space until it strikes: at the end of each of your attacks'
    ``after`` effects, each of your rods on the opponent's space offers to strike
    (return to your hand, 2 nonlethal damage to the opponent: the mechanic's
    ``after_attack``). The rods are an area of yours (``lightning_rods``) and
    ``SpaceObject``s of kind ``lightning_rod``, so boards show them.

    Examples: Rachel's Tiny Lobelia, ``cleanup: choice <place_lightningrod
    {this_attack_card, attack_range} | pass>``; Flying Lobelia, the same with the top
    discard; Lotus Barrel (Spike Drop's boost), ``immediate: place_lightningrod
    {discard}``.

    Own type: lightning rods are Rachel's alone.
    """
    spaces = rod_spaces_allowed(ctx, e.attack_range)
    if not spaces:
        return
    found = yield from rod_card(ctx, e.source)
    if found is None:
        return
    card, src = found
    space = yield from choose_space(ctx.player, spaces)
    ctx.table.emit(LightningRodPlaced(player=ctx.player, card=card, src=src, space=space))


@handler(c.MoveToLightningrods)
def move_to_lightningrods(ctx: EffectCtx, e: c.MoveToLightningrods) -> Flow[None]:
    """Decision: move onto the space of one of your lightning rods (your own movement);
    for a rod under the opponent, the space next to them on your side. Your own space is
    not offered; nothing without a rod elsewhere.

    Example: Rachel's Sylpheed Flight (Baden Baden Lily's boost), ``immediate:
    move_to_lightningrods``, then ``bonus_action``.

    Own type: lightning rods are Rachel's alone.
    """
    table = ctx.table
    me, them = table.p(ctx.player).space, table.p(ctx.opponent).space
    targets: set[int] = set()
    for space in rod_spaces(table.state, ctx.player).values():
        target = space if space != them else them + (1 if me > them else -1)
        if target != me and ARENA_MIN <= target <= ARENA_MAX:
            targets.add(target)
    if not targets:
        return
    space = yield from choose_space(ctx.player, sorted(targets))
    move_self(ctx, space)


@handler(c.RangeIncludesLightningrods)
def range_includes_lightningrods(ctx: EffectCtx, e: c.RangeIncludesLightningrods) -> None:
    """This strike your attack reaches an opponent who stands on one of your lightning
    rods at the range check, whatever the distance (the mechanic's ``range_includes``).

    Example: Rachel's Baden Baden Lily (range 1), ``during_strike:
    range_includes_lightningrods``.

    Own type: lightning rods are Rachel's alone.
    """
    if attack_side(ctx) is not None and not reaches_rods(ctx.table.state, ctx.player):
        ctx.table.emit(RangeIncludesLightningRods(player=ctx.player))
