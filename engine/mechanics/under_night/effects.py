"""Under Night In-Birth's effect handlers: ``attack_is_ex`` (Superior),
``strike_effect_after_setting`` (Mixup), ``exceed_now`` (Veil Off), ``revert`` and
``place_trap`` (Trap boosts), ``name_card_for_boost``, ``discard_boost_in_opponent_space``
(a Trap lying on the opponent's space); the predicates
``last_turn_was_strike`` and ``opponent_attack_is_named_by_boost``.

Registered with ``engine.effects`` as this module loads (``engine.mechanics.builtin``);
``docs/effects.md`` lists them with the others.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.schema import Condition, ConditionKind
from engine.cards.team import deck_card_names
from engine.core import events as ev
from engine.core.asking import choose, choose_space
from engine.core.conditions import predicate
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import ChoiceOption, NameCard, NameCardRequest
from engine.core.events.under_night import (
    AfterSetEffectsPending,
    AttackInvalidated,
    AttackMadeEx,
    BoostNamedCard,
    Reverted,
    StartOfTurnStrikeForced,
    TrapPlaced,
    TrapStopsMovement,
)
from engine.core.ids import ARENA_MAX, ARENA_MIN, Zone
from engine.effects.boost_play import boost_left_play
from engine.effects.registry import attack_side, handler, resolve_all
from engine.mechanics.under_night.state import of, trap_space


@handler(c.AttackIsEx)
def attack_is_ex(ctx: EffectCtx, e: c.AttackIsEx) -> None:
    """Your attack counts as EX this strike: +1 power, speed, armor and guard, applied
    once (nothing more if it already is EX, set as a pair or by another effect).

    Example: the uni Cross boost Superior, ``during_strike: attack_is_ex``.

    Own type: a UNI Normal's boost (every UNI fighter's deck has it): EX without a pair.
    """
    side = attack_side(ctx)
    if side is not None and side.attack is not None and not side.ex:
        ctx.table.emit(AttackMadeEx(player=ctx.player))


@handler(c.StrikeEffectAfterSetting)
def strike_effect_after_setting(ctx: EffectCtx, e: c.StrikeEffectAfterSetting) -> None:
    """You strike once this boost has resolved; once you have set your attack (after
    your set effects, before the opponent sets, who sees the outcome) ``after_set_effect``
    runs for you.

    Example: the uni Spike boost Mixup, ``strike_effect_after_setting`` with
    ``after_set_effect: draw 1`` (the card drawn comes too late to be the attack).
    Ignored during a strike, as ``strike`` is.

    Own type: a UNI Normal's boost (every UNI fighter's deck has it): a strike with an
    effect that waits for both attacks to be set.
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True
        if e.after_set_effect:
            ctx.table.emit(AfterSetEffectsPending(player=ctx.player,
                                                  effects=e.after_set_effect))


@handler(c.ExceedNow)
def exceed_now(ctx: EffectCtx, e: c.ExceedNow) -> Flow[None]:
    """You Exceed at once without paying the gauge cost: the character card flips, the
    season mechanics' ``exceeded`` hooks and your ``on_exceed`` effects run. Nothing
    happens if you are already in Exceed mode.

    Example: the uni Focus boost Veil Off, ``immediate: exceed_now``.

    Own type: a UNI Normal's boost (every UNI fighter's deck has it): the Exceed
    without its action and cost.
    """
    table = ctx.table
    if table.p(ctx.player).exceeded:
        return
    table.emit(ev.Exceeded(player=ctx.player))
    for exceeded in table.hooks.exceeded:
        yield from exceeded(table, ctx.player)
    char = table.catalog.character(table.p(ctx.player).character)
    yield from resolve_all(EffectCtx(table, ctx.player, None, ctx.scope), char.on_exceed)


@handler(c.Revert)
def revert(ctx: EffectCtx, e: c.Revert) -> Flow[None]:
    """You Revert: leave Exceed mode, flipping the character card back to its Basic
    Mode (its ability again replaces the exceed ability at once), then your character's
    ``on_revert`` effects run. Nothing happens if you are not in Exceed mode.

    Example: every UNI fighter's exceeded action "Revert" (``gauge_from_hand`` 1 +
    ``revert`` + a bonus action); Londrekia's exceed ability reverts when stunned.

    Own type: the UNI season's Revert, the inverse of the Exceed (every UNI fighter).
    """
    table = ctx.table
    if not table.p(ctx.player).exceeded:
        return
    table.emit(Reverted(player=ctx.player))
    char = table.catalog.character(table.p(ctx.player).character)
    yield from resolve_all(EffectCtx(table, ctx.player, None, ctx.scope), char.on_revert)


def trap_spaces(ctx: EffectCtx, any_space: bool = False) -> list[int]:
    """The spaces a Trap may be played onto: every space of the board, a fighter's or
    another Trap's included (UNI rulebook, Trap Boosts: "Traps are a subtype of
    Continuous Boost that are played onto any space, unless otherwise stated";
    effects.md, ``place_boost_in_space``: "put this boost on an arena space (any, in
    attack range, or listed)"). ``any_space`` (Byakuya's Web Traps) says the same."""
    return list(range(ARENA_MIN, ARENA_MAX + 1))


def _reach_spaces(ctx: EffectCtx, spaces: list[int]) -> list[int]:
    """The ``spaces`` your attack's range reaches from your space (printed range and this
    strike's range modifiers); none with no attack or no range."""
    side = attack_side(ctx)
    if side is None or side.card is None:
        return []
    printed = ctx.table.card(side.card).range
    if printed is None:
        return []
    low, high = printed[0] + side.min_range, printed[1] + side.max_range
    here = ctx.table.p(ctx.player).space
    return [s for s in spaces if low <= abs(s - here) <= high]


@handler(c.PlaceTrap)
def place_trap(ctx: EffectCtx, e: c.PlaceTrap) -> Flow[None]:
    """Decision: you play this Trap boost onto a space (``trap_spaces``: any space of the
    board, UNI rulebook, Trap Boosts); any other space is an illegal decision naming the
    spaces offered. The Trap stays in your boost area and sustains itself at cleanup
    while you are not stunned (with ``in_attack_range`` and no space in reach it stays a
    plain continuous boost).

    Example: the ``now: place_trap`` of a Trap boost (Byakuya's webs).

    ``any_space``: a fighter's space may take it too (Byakuya's Web Trap may lie under
    the opponent, for his ability), as every Trap's may. ``stop_on_space_effect``: the Trap stops
    movement (``TrapStopsMovement``): during a strike's attacks, a fighter (the
    opponent or you) who would move onto or through its space, by any movement, stops
    there (the mechanic's ``stop_space``), then these effects run for you once the
    moving effect has resolved (``after_effect``: ``TrapSprung``); outside a strike it
    stops nobody (the reference client's Web Trap tests).
    Example: Byakuya's Web Trap, ``stop_on_space_effect: discard_this, then choice
    <push 1 | pull 1 | gain_advantage>``.

    ``in_attack_range``: only a space your attack's range reaches from you (printed
    range and this strike's modifiers). ``optional``: you may pass instead of placing.
    ``if_placed_effect``: runs once the space is chosen, with the card as its source;
    with it the source may also be your attack card still in the strike, which is placed
    only if ``if_placed_effect`` has put it into your boost area. Example: Londrekia's
    Snow Blossom, ``after: place_trap {in_attack_range, optional, if_placed_effect:
    boost_this_then_sustain {dont_sustain}}`` (the attack becomes his Iceflower Trap on a
    space it reaches).
    """
    table = ctx.table
    card = ctx.source
    if card is None:
        return
    if card not in table.p(ctx.player).boosts:
        side = attack_side(ctx)
        if not e.if_placed_effect or side is None or side.card != card or card not in side.cards:
            return
    spaces = trap_spaces(ctx, e.any_space)
    if e.in_attack_range:
        spaces = _reach_spaces(ctx, spaces)
    if not spaces:
        return
    if e.optional:
        labels = [f"place {table.card(card).name} on a space", "pass"]
        options = [ChoiceOption(tag="place_trap", card=card), ChoiceOption(tag="pass")]
        if (yield from choose(table, ctx.player, labels, options)) == 1:
            return
    space = yield from choose_space(ctx.player, spaces)
    yield from resolve_all(EffectCtx(table, ctx.player, card, ctx.scope), e.if_placed_effect)
    if card not in table.p(ctx.player).boosts:
        return
    ctx.table.emit(TrapPlaced(player=ctx.player, card=card, space=space))
    if e.stop_on_space_effect:
        ctx.table.emit(TrapStopsMovement(player=ctx.player, card=card))



@predicate(ConditionKind.LAST_TURN_WAS_STRIKE)
def last_turn_was_strike(ctx: EffectCtx, _: Condition) -> bool:
    """A strike happened during the previous turn (either player's), as the Under Night
    mechanic notes at each strike's cleanup (``StrikeTurnNoted``).

    Example: Linne's Divine Blaze, ``during_strike: [if last_turn_was_strike] powerup 4``.
    """
    found = of(ctx.table.state)
    turn = ctx.table.state.turn
    return found is not None and turn > 1 and found.strike_turn == turn - 1


@handler(c.NameCardForBoost)
def name_card_for_boost(ctx: EffectCtx, e: c.NameCardForBoost) -> Flow[None]:
    """Decision: name a card (the names in the opponent's deck, as Parry offers); this
    continuous boost remembers the name while it stays in play, for
    ``opponent_attack_is_named_by_boost``. Nothing happens outside the boost area.

    Example: Linne's Sidestep (Transparent Foe), ``now: name_card_for_boost``, then
    ``during_strike: [if opponent_attack_is_named_by_boost] attack_does_not_hit
    {opponent}``: an attack of the named card does not hit her this turn.

    Own type: the name is kept with the boost (in the Under Night state) for a later
    strike, which ``name_card_opponent_discards`` does not do.
    """
    table = ctx.table
    card = ctx.source
    if card is None or card not in table.p(ctx.player).boosts:
        return
    names = deck_card_names(table.catalog, table.p(ctx.opponent))
    decision = yield NameCardRequest(player=ctx.player, names=names, reading=False)
    assert isinstance(decision, NameCard)
    table.emit(BoostNamedCard(player=ctx.player, card=card, name=decision.name))


@predicate(ConditionKind.OPPONENT_ATTACK_IS_NAMED_BY_BOOST)
def opponent_attack_is_named_by_boost(ctx: EffectCtx, _: Condition) -> bool:
    """The opponent's attack has the card name this effect's boost was given
    (``name_card_for_boost``).

    Example: Linne's Sidestep, ``during_strike: [if opponent_attack_is_named_by_boost]
    attack_does_not_hit {opponent}``.
    """
    found = of(ctx.table.state)
    side = attack_side(ctx, ctx.opponent)
    if found is None or side is None or side.card is None or ctx.source is None:
        return False
    return found.boost_names.get(ctx.source) == ctx.table.card(side.card).name


@handler(c.StartOfTurnStrike)
def start_of_turn_strike(ctx: EffectCtx, e: c.StartOfTurnStrike) -> None:
    """Your action this turn must be a strike: Strike is the only action offered (the
    mechanic's ``forced_actions``), and ``boost_caused_start_of_turn_strike`` holds for
    you until the turn ends. Ignored during a strike.

    Example: Waldstein's Face Me! (Sturmangriff boost), ``start_of_next_turn:
    start_of_turn_strike`` with ``during_strike: [if boost_caused_start_of_turn_strike]
    speedup 2, then armorup 2``.

    Own type: forcing the turn's action is a new rule; ``strike`` starts a strike after
    an action, it does not take the place of one.
    """
    if ctx.table.state.strike is None:
        ctx.table.emit(StartOfTurnStrikeForced(player=ctx.player))


@predicate(c.ConditionKind.BOOST_CAUSED_START_OF_TURN_STRIKE)
def boost_caused_start_of_turn_strike(ctx: EffectCtx, _: c.Condition) -> bool:
    """You initiated this strike because a boost forced it at the start of your turn
    (``start_of_turn_strike``).

    Example: Waldstein's Face Me!, ``during_strike: [if
    boost_caused_start_of_turn_strike] speedup 2, then armorup 2``.
    """
    strike = ctx.table.state.strike
    found = of(ctx.table.state)
    return (strike is not None and strike.attacker == ctx.player
            and found is not None and found.turn_strike[ctx.player])


@handler(c.InvalidateAttack)
def invalidate_attack(ctx: EffectCtx, e: c.InvalidateAttack) -> None:
    """Your attack becomes invalid: at the costs it cannot be paid for and is an
    Invalid Attack (discarded, then you wild swing; the mechanic's ``attack_valid``).
    Nothing happens outside a strike. Run by a ``set_strike`` effect, before the costs.

    Example: Waldstein's Verderben ("invalid if not set face up"), ``set_strike: [if
    was_wild_swing] invalidate_attack, else choice reveal_strike | invalidate_attack``.

    A wild swing still face-down is left alone: nobody may know its card before the
    reveal (core rulebook, Strike: a wild swing is set "without looking at it"), and the
    mechanic's ``attack_valid`` makes a wild-swung Verderben invalid at the costs.

    Own type: no existing effect makes an attack invalid.
    """
    side = attack_side(ctx)
    if side is not None and side.card is not None and (side.revealed or not side.wild):
        ctx.table.emit(AttackInvalidated(player=ctx.player, card=side.card))


@handler(c.DiscardBoostInOpponentSpace)
def discard_boost_in_opponent_space(
    ctx: EffectCtx, e: c.DiscardBoostInOpponentSpace
) -> Flow[None]:
    """If one of your Traps whose boost is named ``boost_name`` is on the opponent's
    space, it is discarded from play (its ``discarded`` effects run) and
    ``overall_effect`` runs; otherwise nothing happens. Decision, when Traps of
    different cards lie there (Traps may share a space: ``trap_spaces``): which one is
    discarded (effects.md: "choose if several"); copies of one card are not asked.

    Example: Byakuya's ability, ``set_strike: [if used_character_action 0]
    discard_boost_in_opponent_space {Web Trap, overall_effect: powerup 2, speedup 2}``.

    Own type: a boost chosen by where it lies on the board.
    """
    table = ctx.table
    found = of(table.state)
    if found is None:
        return
    there = table.p(ctx.opponent).space
    traps = [card for card in table.p(ctx.player).boosts
             if found.traps.get(card) == there and table.card(card).boost.name == e.boost_name]
    if not traps:
        return
    card = traps[0]
    if len({table.card(t).id for t in traps}) > 1:
        labels = [f"discard {table.card(t).name}" for t in traps]
        tag = c.effect_tag(c.DiscardBoostInOpponentSpace)
        options = [ChoiceOption(tag=tag, card=t) for t in traps]
        card = traps[(yield from choose(table, ctx.player, labels, options))]
    table.move(ctx.player, card, Zone.BOOSTS, Zone.DISCARD, ev.MoveReason.EFFECT)
    yield from boost_left_play(table, ctx.player, card)
    yield from resolve_all(ctx, e.overall_effect)


@predicate(ConditionKind.BOOST_SPACE_BETWEEN_OPPONENT)
def boost_space_between_opponent(ctx: EffectCtx, _: Condition) -> bool:
    """This effect's boost was placed on a space (``place_trap``) strictly between you
    and the opponent.

    Example: Londrekia's Iceflower, ``when_hit: [if boost_space_between_opponent]
    armorup 2, then stun_immunity, then discard_this``.
    """
    if ctx.source is None:
        return False
    space = trap_space(ctx.table.state, ctx.source)
    mine, theirs = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    return space is not None and min(mine, theirs) < space < max(mine, theirs)


@handler(c.MoveAnyBoost)
def move_any_boost(ctx: EffectCtx, e: c.MoveAnyBoost) -> Flow[None]:
    """Decisions: pick one of your Trap boosts in play whose boost is named
    ``boost_name`` (by its space), then the space to move it to, ``amount_min``..
    ``amount_max`` spaces away, where a Trap may be played (``trap_spaces``). Nothing
    with none in play or no space to go to.

    Example: Carmine's character action, ``move_any_boost {Dissolve, 1..1}, then
    choice <advance 1 | retreat 1>``.
    """
    table, who = ctx.table, ctx.player
    found = of(table.state)
    if found is None:
        return
    free = trap_spaces(ctx)
    moves: dict[int, tuple[int, list[int]]] = {}
    for card in table.p(who).boosts:
        space = found.traps.get(card)
        if space is None or e.boost_name not in (None, table.card(card).boost.name):
            continue
        dsts = [s for s in free if e.amount_min <= abs(s - space) <= e.amount_max]
        if dsts:
            moves.setdefault(space, (card, dsts))
    if not moves:
        return
    src = yield from choose_space(who, sorted(moves))
    card, dsts = moves[src]
    dst = yield from choose_space(who, dsts)
    table.emit(TrapPlaced(player=who, card=card, space=dst))
