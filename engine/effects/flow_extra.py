"""Turn and strike flow effects of Dan, C. Viper, Vega, Guile and M. Bison.

Moving to any space, extra attacks inside a strike, playing another boost, keeping a
boost in play or sending it to gauge at the end of a turn, the once-per-turn character
bonus, spending force for an effect, and the end-of-turn draw (skipping it; Dan's draw
from the bottom). The rules carry out what these ask for (``engine.rules``).
"""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import (
    ActionScope,
    EffectCtx,
    Flow,
    Table,
    choose,
    choose_space,
    pay_force,
    select_cards,
)
from engine.decisions import CardPurpose
from engine.effects.registry import attack_side, handler, move_self, resolve_all
from engine.ids import ARENA_MAX, ARENA_MIN, Player, Zone
from engine.mechanics.tag_team.fighters import usable
from engine.movement import crossed

# --- movement ------------------------------------------------------------------------


@handler(c.MoveToAnySpace)
def move_to_any_space(ctx: EffectCtx, e: c.MoveToAnySpace) -> Flow[None]:
    """Choose a space to move to, ``move_min``..``move_max`` spaces away (the opponent's
    space is not counted; 0 stays put). It is your own movement: crossing the opponent
    sets ``advanced_through``, and an opponent you cannot move past blocks the far side.

    Examples: M. Bison's Bison Teleport (0..5); Vega's Bloody High Claw, ``hit:
    move_to_any_space`` (anywhere).
    """
    table = ctx.table
    me, them = table.p(ctx.player).space, table.p(ctx.opponent)
    spaces = [
        space
        for space in range(ARENA_MIN, ARENA_MAX + 1)
        if space != them.space
        and e.move_min <= abs(space - me) - crossed(me, space, them.space) <= e.move_max
        and not (them.blocks_passing and crossed(me, space, them.space))
    ]
    if spaces:
        move_self(ctx, (yield from choose_space(ctx.player, spaces)))


# --- strike flow ---------------------------------------------------------------------


@handler(c.PlayAttackFromHand)
def play_attack_from_hand(ctx: EffectCtx, e: c.PlayAttackFromHand) -> None:
    """During a strike: you may make an extra attack with a card from your hand that you
    can pay for, once the current timing's effects are done. It pays its cost, then runs
    its own during-strike and before effects, range check, hit effects and damage (its
    printed power plus its own bonuses; boosts and character bonuses do not apply, your
    Critical does) and after effects. At cleanup it goes to gauge if it hit, else to the
    discard pile.

    Example: Dan's Legendary Taunt, ``before: choice advance 1..3 | pass, then choice
    draw 1, then play_attack_from_hand | play_attack_from_hand``.
    """
    if attack_side(ctx) is not None:
        ctx.scope.extra_attacks += 1


@handler(c.ForceForEffect)
def force_for_effect(ctx: EffectCtx, e: c.ForceForEffect) -> Flow[None]:
    """You may spend force (hand or gauge cards; an ultra is worth 1 or 2): with
    ``per_force_effect``, choose 0..``force_max`` and run it once per force; with
    ``overall_effect``, pay exactly ``force_max`` (or decline) to run it once.

    Examples: C. Viper's Temple Massage, ``hit: force_for_effect`` up to 4 for +1 power
    each; Vega's Mask, ``cleanup: [if not_stunned]`` 1 force to ``sustain_this``.
    """
    table, who = ctx.table, ctx.player
    most = min(e.force_max, table.available_force(who))
    if e.overall_effect:
        if most == e.force_max and (yield from pay_force(table, who, most, optional=True)):
            yield from resolve_all(ctx, e.overall_effect)
        return
    if most == 0:
        return
    spent = yield from choose(table, who, [f"spend {n} force" for n in range(most + 1)])
    if spent:
        yield from pay_force(table, who, spent)
    for _ in range(spent):
        yield from resolve_all(ctx, e.per_force_effect)


@handler(c.SetUsedCharacterBonus)
def set_used_character_bonus(ctx: EffectCtx, e: c.SetUsedCharacterBonus) -> None:
    """Mark your once-per-turn character bonus as used this turn (read by
    ``used_character_bonus``). Example: Vega's Repel Leap, whose strike then gets his
    ability's +2 power whatever the attack.
    """
    if not ctx.table.p(ctx.player).used_character_bonus:
        ctx.table.emit(ev.CharacterBonusUsed(player=ctx.player))


# --- boosts --------------------------------------------------------------------------


@handler(c.BoostAdditional)
def boost_additional(ctx: EffectCtx, e: c.BoostAdditional) -> Flow[None]:
    """You may play another boost from ``valid_zones`` (``hand``, ``discard``) whose kind
    matches ``limitation``, paying its force cost unless ``ignore_costs``. It resolves
    like a boost action (its now/immediate effects, then your boost hooks); a strike it
    asks for starts when the outer boost has resolved.

    Examples: C. Viper's Cheater (a continuous boost from the discard pile); Vega's
    Retrieve, the same without paying its cost.
    """
    table, who = ctx.table, ctx.player
    candidates = {
        card: zone
        for source in e.valid_zones
        for zone, cards in _boost_zones(table, who, source)
        for card in cards
        if _may_boost(table, who, card, e)
    }
    picked = yield from select_cards(who, CardPurpose.BOOST, list(candidates), 0, 1)
    if not picked:
        return
    card = picked[0]
    boost = table.card(card).boost
    if not e.ignore_costs:
        yield from pay_force(table, who, boost.force_cost, exclude=(card,))
    table.move(who, card, candidates[card], Zone.BOOSTS, ev.MoveReason.BOOST)
    inner = ActionScope()
    continuous = boost.kind is c.BoostKind.CONTINUOUS
    timing = c.Timing.NOW if continuous else c.Timing.IMMEDIATE
    effects = [x for x in boost.effects if x.timing is timing]
    yield from resolve_all(EffectCtx(table, who, card, inner), effects)
    hooks = (c.Timing.ON_ANY_BOOST, c.Timing.ON_CONTINUOUS_BOOST)
    yield from run_character_timing(table, who, hooks if continuous else hooks[:1], inner)
    if not continuous and card in table.p(who).boosts:
        dst = Zone.GAUGE if inner.boost_to_gauge else Zone.DISCARD
        table.move(who, card, Zone.BOOSTS, dst, ev.MoveReason.BOOST_DONE)
    ctx.scope.strike_requested |= inner.strike_requested
    ctx.scope.opponent_sets_first |= inner.opponent_sets_first


def _boost_zones(table: Table, who: Player, source: c.BoostSource) -> list[tuple[Zone, list[int]]]:
    p = table.p(who)
    return [(Zone.HAND, p.hand)] if source is c.BoostSource.HAND else [(Zone.DISCARD, p.discard)]


def _may_boost(table: Table, who: Player, card: int, e: c.BoostAdditional) -> bool:
    if not usable(table.catalog, table.p(who), table.card(card).id):
        return False  # Tag Team: the tagged-out fighter's boosts need a Cross Boost
    boost = table.card(card).boost
    if e.limitation is not None and boost.kind is not e.limitation:
        return False
    return e.ignore_costs or boost.force_cost <= table.available_force(who, exclude=(card,))


def run_character_timing(
    table: Table, who: Player, timings: tuple[c.Timing, ...], scope: ActionScope
) -> Flow[None]:
    """Run the effects at ``timings`` on ``who``'s character card (its current side)."""
    p = table.p(who)
    char = table.catalog.character(p.character)
    ability = char.exceed_ability if p.exceeded else char.ability
    effects = [x for x in ability if x.timing in timings]
    yield from resolve_all(EffectCtx(table, who, None, scope), effects)


@handler(c.SustainThis)
def sustain_this(ctx: EffectCtx, e: c.SustainThis) -> None:
    """This continuous boost stays in play at this strike's cleanup (until the next).

    Example: Guile's Shades of Glory, ``cleanup: [if not_stunned] sustain_this``.
    """
    p = ctx.table.p(ctx.player)
    source = ctx.source
    if source is not None and source in p.boosts and source not in p.sustained:
        ctx.table.emit(ev.BoostSustained(player=ctx.player, card=source))


@handler(c.AddToGaugeImmediately)
def add_to_gauge_immediately(ctx: EffectCtx, e: c.AddToGaugeImmediately) -> None:
    """This continuous boost leaves play into your gauge now.

    Example: Guile's Sonic Force, ``end_of_turn: add_to_gauge_immediately`` (delayed one
    turn by ``set_end_of_turn_boost_delay``).
    """
    source = ctx.source
    if source is not None and source in ctx.table.p(ctx.player).boosts:
        ctx.table.move(ctx.player, source, Zone.BOOSTS, Zone.GAUGE, ev.MoveReason.EFFECT)


@handler(c.SetEndOfTurnBoostDelay)
def set_end_of_turn_boost_delay(ctx: EffectCtx, e: c.SetEndOfTurnBoostDelay) -> None:
    """This boost's ``end_of_turn`` effects skip the end of the current turn and fire at
    your next one (if it is still in play then).

    Example: Guile's Patience, ``now: set_end_of_turn_boost_delay``: it goes to gauge
    at the end of Guile's next turn unless a strike has used it up.
    """
    p = ctx.table.p(ctx.player)
    source = ctx.source
    if source is not None and source in p.boosts and source not in p.delayed_boosts:
        ctx.table.emit(ev.BoostDelayed(player=ctx.player, card=source))


# --- end of turn -----------------------------------------------------------------------


@handler(c.SkipEndOfTurnDraw)
def skip_end_of_turn_draw(ctx: EffectCtx, e: c.SkipEndOfTurnDraw) -> None:
    """This turn ends without the end-of-turn draw (and so without the hand-size check).

    Example: Dan's Lucky! (Shisso Buraiken boost), ``choice skip_end_of_turn_draw | pass``.
    """
    if not ctx.table.p(ctx.player).skip_end_of_turn_draw:
        ctx.table.emit(ev.EndOfTurnDrawSkipped(player=ctx.player))


@handler(c.SetDanDrawChoice)
def set_dan_draw_choice(ctx: EffectCtx, e: c.SetDanDrawChoice) -> None:
    """From now on each of your end-of-turn draws may come from the top or the bottom of
    your deck (you choose each time). Example: Dan's ``on_exceed``.
    """
    if not ctx.table.p(ctx.player).draw_from_bottom:
        ctx.table.emit(ev.DrawChoiceGranted(player=ctx.player))
