"""BlazBlue's effect handlers (``engine.vocabulary.blazblue``) and its helpers for
cards entering or leaving an overdrive area; Rachel's lightning rods. Each docstring is
the effect's reference entry in ``docs/effects.md``."""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.schema import BoostKind, Condition, ConditionKind
from engine.cards.team import deck_card_names
from engine.core.asking import choose, choose_space, select_cards
from engine.core.conditions import predicate
from engine.core.context import EffectCtx, Flow, Table
from engine.core.decisions import (
    CardPurpose,
    ChoiceOption,
    NameCard,
    NameCardRequest,
    RuleOption,
)
from engine.core.events.blazblue import (
    AttackMarkedForOverdrive,
    AttacksNamedInvalid,
    EnteredOverdrive,
    LeftOverdrive,
    LightningRodPlaced,
    LightningRodStruck,
    OverdriveCountDodgeGained,
    OverdriveExit,
    RangeIncludesLightningRods,
)
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player, Zone
from engine.core.state import Passive, holds_passive
from engine.effects.amounts import amount_value, attack_reach
from engine.effects.boost_play import boost_left_play, play_additional_boost
from engine.effects.registry import attack_side, handler, move_self, resolve_all
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

    A rod stays on its space until it strikes: each is one of your attacks' ``after``
    triggers (``lightning_rod_strike``, added by the mechanic's ``after_triggers``) and,
    on the opponent's space, offers to strike (return to your hand, 2 nonlethal damage
    to the opponent). The rods are an area of yours (``lightning_rods``) and
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


@handler(c.LightningRodStrike)
def lightning_rod_strike(ctx: EffectCtx, e: c.LightningRodStrike) -> Flow[None]:
    """Decision: the lightning rod carrying this trigger (``ctx.source``), on the
    opponent's space now, may strike (``RuleOption`` STRIKE_LIGHTNING_ROD or pass): it
    returns to your hand (``LightningRodStruck``), then deals the opponent 2 nonlethal
    damage. Nothing for a rod elsewhere, one no longer out, or once the game is over.

    Example: Rachel's rods, each an ``after`` trigger of her attacks (the BlazBlue
    mechanic's ``after_triggers``), ordered with the others: Tempest Dahlia's after push
    resolved first takes the opponent off the rod's space, and it does not strike.

    Own type: lightning rods are Rachel's alone.
    """
    table, rod = ctx.table, ctx.source
    spaces = rod_spaces(table.state, ctx.player)
    if (rod is None or spaces.get(rod) != table.p(ctx.opponent).space
            or table.state.winner is not None):
        return
    labels = [f"strike with the lightning rod {table.card(rod).name} (2 damage)", "pass"]
    options = [ChoiceOption(tag=RuleOption.STRIKE_LIGHTNING_ROD, card=rod),
               ChoiceOption(tag="pass")]
    if (yield from choose(table, ctx.player, labels, options)) == 0:
        table.emit(LightningRodStruck(player=ctx.player, card=rod))
        yield from resolve_all(ctx, ROD_DAMAGE)


ROD_DAMAGE = (c.TakeDamage(amount=2, opponent=True, nonlethal=True),)
"""What a lightning rod that strikes deals (Rachel's character card: 2 nonlethal)."""


@handler(c.MoveToLightningrods)
def move_to_lightningrods(ctx: EffectCtx, e: c.MoveToLightningrods) -> Flow[None]:
    """Decision: move onto the space of one of your lightning rods (your own movement);
    for a rod under the opponent, the space next to them on your side. Your own space is
    not offered; nothing without a rod elsewhere, nor while the opponent blocks your
    movement (``block_opponent_move``).

    Example: Rachel's Sylpheed Flight (Baden Baden Lily's boost), ``immediate:
    move_to_lightningrods``, then ``bonus_action``.

    Own type: lightning rods are Rachel's alone.
    """
    table = ctx.table
    me, them = table.p(ctx.player).space, table.p(ctx.opponent).space
    if holds_passive(table.state, ctx.opponent, Passive.BLOCKS_OPPONENT_MOVE):
        return
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


@handler(c.AddBoostToOverdriveDuringStrikeImmediately)
def add_boost_to_overdrive_during_strike_immediately(
    ctx: EffectCtx, e: c.AddBoostToOverdriveDuringStrikeImmediately
) -> Flow[None]:
    """This continuous boost leaves play at once into your overdrive area (its
    ``discarded`` effects run as it goes). Nothing if it is no longer in play.

    Example: Arakune's Bell Bug (Disjoint Union boost), ``hit: draw 1, then
    add_boost_to_overdrive_during_strike_immediately``.

    Own type: the overdrive area is BlazBlue's.
    """
    table, card = ctx.table, ctx.source
    if card is None or card not in table.p(ctx.player).boosts:
        return
    to_overdrive(table, ctx.player, card, Zone.BOOSTS)
    yield from boost_left_play(table, ctx.player, card)


@handler(c.AddStrikeToOverdriveAfterCleanup)
def add_strike_to_overdrive_after_cleanup(
    ctx: EffectCtx, e: c.AddStrikeToOverdriveAfterCleanup
) -> None:
    """Your attack card leaves the strike now for your overdrive area (reference
    effects.md: "Your attack leaves play into your overdrive"; the reference client's
    ``add_strike_to_overdrive_after_cleanup`` removes the attack at once,
    ``handle_strike_attack_immediate_removal``, despite the name): it counts in the
    overdrive area from then on (an opponent's later hit check against Equals 0), its
    stats are invalid as any attack's that has left the strike (``AttackSide.left_strike``)
    and cleanup no longer moves it. Nothing outside a strike or once the card has left.

    Example: Arakune's If p, then q, ``after: choice
    add_strike_to_overdrive_after_cleanup | pass``.

    Own type: the overdrive area is BlazBlue's.
    """
    side = attack_side(ctx)
    if side is None or side.card is None or side.card not in side.cards:
        return
    ctx.table.emit(AttackMarkedForOverdrive(player=ctx.player))
    to_overdrive(ctx.table, ctx.player, side.card, Zone.STRIKE)


@handler(c.DodgeAtRangeOverdriveCount)
def dodge_at_range_overdrive_count(ctx: EffectCtx, e: c.DodgeAtRangeOverdriveCount) -> None:
    """For the rest of the strike, the opponent's attack misses you if the distance from
    its point of origin to you is exactly the number of cards in your overdrive area,
    counted as that attack is checked for a hit (a card put there earlier in the strike,
    by your hit effects when you are faster, counts). It ends if the boost leaves play.
    Nothing outside a strike.

    Example: Arakune's Equals 0 (If p, then q boost), ``during_strike:
    dodge_at_range_overdrive_count``: with 2 overdrive cards when the strike starts, and
    a third put there by his faster attack's hit, the opponent's attack from range 3
    misses and one from range 2 hits.

    Own type: the overdrive area is BlazBlue's (upstream ``dodge_at_range
    {special_range: OVERDRIVE_COUNT}``, resolved at the hit check); the mechanic's
    ``dodge_ranges`` hook gives the distance to the core's miss check.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(OverdriveCountDodgeGained(player=ctx.player))


@handler(c.OpponentDiscardRandomToOverdrive)
def opponent_discard_random_to_overdrive(
    ctx: EffectCtx, e: c.OpponentDiscardRandomToOverdrive
) -> None:
    """``amount`` cards of the opponent's hand, picked at random, enter your overdrive
    area (fewer if they hold fewer).

    Example: Arakune's Permutation n, r, ``hit: opponent_discard_random_to_overdrive 1``.

    Own type: the overdrive area is BlazBlue's (upstream ``opponent_discard_random
    {destination: overdrive}``).
    """
    table = ctx.table
    for _ in range(e.amount):
        hand = table.p(ctx.opponent).hand
        if not hand:
            return
        card = hand[table.rng.randbelow(len(hand))]
        to_overdrive(table, ctx.player, card, Zone.HAND, from_player=ctx.opponent)


_TO_OVERDRIVE_SOURCES = {c.OverdriveSource.HAND: Zone.HAND, c.OverdriveSource.DISCARD: Zone.DISCARD}


@handler(c.CardsToOverdrive)
def cards_to_overdrive(ctx: EffectCtx, e: c.CardsToOverdrive) -> Flow[None]:
    """Decision: choose ``min_amount``..``max_amount`` cards of your hand or discard pile
    (``source``; as many as there are, if fewer) into your overdrive area, or into the
    opponent's with ``to_opponent``.

    Examples: Arakune's f of g, ``hit: cards_to_overdrive discard 0..3``; his A +- B,
    whose opponent may choose ``cards_to_overdrive hand 1..1 {to_opponent}`` (a card of
    their hand into Arakune's overdrive).

    Own type: the overdrive area is BlazBlue's (upstream ``choose_discard {destination:
    overdrive}``, ``self_discard_choose {destination: opponent_overdrive}``).
    """
    table, who = ctx.table, ctx.player
    src = _TO_OVERDRIVE_SOURCES[e.source]
    pile = table.p(who).hand if src is Zone.HAND else table.p(who).discard
    picked = yield from select_cards(who, CardPurpose.TO_OVERDRIVE, pile, e.min_amount,
                                     e.max_amount)
    area = ctx.opponent if e.to_opponent else who
    for card in picked:
        to_overdrive(table, area, card, src, from_player=who)


@handler(c.TopDeckCardToOverdrive)
def top_deck_card_to_overdrive(ctx: EffectCtx, e: c.TopDeckCardToOverdrive) -> Flow[None]:
    """Decision: look at your top ``look_amount`` cards and put one of them into your
    overdrive area; the others stay on top in order. Nothing with an empty deck.

    Example: Arakune's Forbidden Knowledge (f inverse boost), the third of its four
    looks: ``top_deck_card_to_overdrive 3``.

    Own type: the overdrive area is BlazBlue's (upstream ``choose_cards_from_top_deck
    {action_choices: [add_to_overdrive]}``).
    """
    table, who = ctx.table, ctx.player
    looked = table.p(who).deck[: e.look_amount]
    for card in (yield from select_cards(who, CardPurpose.TO_OVERDRIVE, looked, 1, 1)):
        to_overdrive(table, who, card, Zone.DECK)


@handler(c.ZeroVector)
def zero_vector(ctx: EffectCtx, e: c.ZeroVector) -> Flow[None]:
    """Decision: name a card (the names in the opponent's deck, as Parry offers); this
    turn, attacks of that name are invalid for both players (the mechanic's
    ``attack_valid``: at the costs, an Invalid Attack is discarded and replaced by a
    wild swing).

    Example: Arakune's Zero Vector (f piecewise boost), ``now: zero_vector``, then ``now:
    strike``.

    Own type: no effect makes both players' attacks of a name invalid.
    """
    table = ctx.table
    names = deck_card_names(table.catalog, table.p(ctx.opponent))
    decision = yield NameCardRequest(player=ctx.player, names=names, reading=False)
    assert isinstance(decision, NameCard)
    table.emit(AttacksNamedInvalid(player=ctx.player, name=decision.name,
                                   turn=table.state.turn))
