"""Effect handlers: one small registered function per effect type in ``engine.cards``.

``resolve`` runs one effect: it checks the condition (running ``else`` when false),
calls the handler registered for the effect's type, then runs its ``then`` chain.
Handlers that need a player's input are generators; the others are plain functions.
Each handler's docstring is its reference entry (``docs/effects.md`` is generated from
them), and the meta-test fails if an effect type used by the card data has no handler,
no docstring or no test.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import TypeVar, cast

from engine import cards as c
from engine import events as ev
from engine import movement
from engine.conditions import holds
from engine.context import EffectCtx, Flow, choose, pay_gauge
from engine.decisions import NameCard, NameCardRequest
from engine.ids import Player, Zone
from engine.notation import describe_chain
from engine.state import AttackFlag, AttackSide, Stat

E = TypeVar("E")
Handler = Callable[[EffectCtx, c.Effect], Flow[None] | None]
HANDLERS: dict[type, tuple[Handler, bool]] = {}


def handler(effect_type: type[E]) -> Callable[[Callable[[EffectCtx, E], object]], Callable[[EffectCtx, E], object]]:
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
    if is_flow:
        flow = fn(ctx, effect)
        assert flow is not None
        yield from flow
    else:
        fn(ctx, effect)
    if effect.then:
        yield from resolve_all(ctx, effect.then)


def resolve_all(ctx: EffectCtx, effects: Iterable[c.Effect]) -> Flow[None]:
    for effect in effects:
        yield from resolve(ctx, effect)


def _side(ctx: EffectCtx, player: Player | None = None) -> AttackSide | None:
    strike = ctx.table.state.strike
    if strike is None:
        return None
    return strike.sides[ctx.player if player is None else player]


def _stat(ctx: EffectCtx, stat: Stat, amount: int) -> None:
    if _side(ctx) is not None and amount:
        ctx.table.emit(ev.StatModified(player=ctx.player, stat=stat, amount=amount))


def _flag(ctx: EffectCtx, flag: AttackFlag, player: Player | None = None) -> None:
    who = ctx.player if player is None else player
    side = _side(ctx, who)
    if side is not None and not side.flags & flag:
        ctx.table.emit(ev.AttackFlagged(player=who, flag=flag))


def _move_self(ctx: EffectCtx, destination: int) -> None:
    table = ctx.table
    me = table.p(ctx.player)
    other = table.p(ctx.opponent).space
    ctx.advanced_through = movement.crossed(me.space, destination, other)
    if destination != me.space:
        table.emit(ev.PlayerMoved(player=ctx.player, src=me.space, dst=destination))


def _move_opponent(ctx: EffectCtx, destination: int) -> None:
    side = _side(ctx, ctx.opponent)
    if side is not None and side.flags & AttackFlag.IGNORE_PUSH_PULL:
        return
    them = ctx.table.p(ctx.opponent)
    if destination != them.space:
        ctx.table.emit(ev.PlayerMoved(player=ctx.opponent, src=them.space, dst=destination))


# --- movement --------------------------------------------------------------------


@handler(c.Advance)
def advance(ctx: EffectCtx, e: c.Advance) -> None:
    """Move ``amount`` spaces toward the opponent, crossing them if there is room.

    The opponent's space is not counted and a wall stops you. Chained effects can test
    ``advanced_through``. Example: Dive's ``before: advance 3``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    _move_self(ctx, movement.advance_to(me, them, e.amount))


@handler(c.Retreat)
def retreat(ctx: EffectCtx, e: c.Retreat) -> None:
    """Move ``amount`` spaces directly away from the opponent; the edge stops you.

    Example: Cross's ``after: retreat 3``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    _move_self(ctx, movement.retreat_to(me, them, e.amount))


@handler(c.Close)
def close(ctx: EffectCtx, e: c.Close) -> None:
    """Move up to ``amount`` spaces toward the opponent, stopping adjacent.

    Example: Assault's ``before: close 2``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    _move_self(ctx, movement.close_to(me, them, e.amount))


@handler(c.Push)
def push(ctx: EffectCtx, e: c.Push) -> None:
    """Move the opponent ``amount`` spaces away from you (as if they retreated).

    No effect on an opponent who ignores push and pull (Focus). Example: Grasp's hit.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    _move_opponent(ctx, movement.retreat_to(them, me, e.amount))


@handler(c.Pull)
def pull(ctx: EffectCtx, e: c.Pull) -> None:
    """Move the opponent ``amount`` spaces toward you (as if they advanced); they may
    be pulled past you. No effect on an opponent who ignores push and pull.

    Example: Grasp's hit, ``pull 1`` from adjacent carries the opponent to your far side.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    _move_opponent(ctx, movement.advance_to(them, me, e.amount))


# --- attack stats ----------------------------------------------------------------


@handler(c.Powerup)
def powerup(ctx: EffectCtx, e: c.Powerup) -> None:
    """+``amount`` power to your attack for this strike. Example: Fierce (Grasp boost)."""
    _stat(ctx, Stat.POWER, e.amount)


@handler(c.Speedup)
def speedup(ctx: EffectCtx, e: c.Speedup) -> None:
    """+``amount`` speed to your attack for this strike. Example: Light (Sweep boost)."""
    _stat(ctx, Stat.SPEED, e.amount)


@handler(c.Armorup)
def armorup(ctx: EffectCtx, e: c.Armorup) -> None:
    """+``amount`` armor for this strike. Example: Defend (Spike boost)."""
    _stat(ctx, Stat.ARMOR, e.amount)


@handler(c.Guardup)
def guardup(ctx: EffectCtx, e: c.Guardup) -> None:
    """+``amount`` guard for this strike. Example: Defend (Spike boost)."""
    _stat(ctx, Stat.GUARD, e.amount)


@handler(c.Rangeup)
def rangeup(ctx: EffectCtx, e: c.Rangeup) -> None:
    """+``amount`` to your minimum range and +``amount2`` to your maximum range.

    Example: Ken's Knee Bash, ``rangeup 0/1`` when initiating.
    """
    _stat(ctx, Stat.MIN_RANGE, e.amount)
    _stat(ctx, Stat.MAX_RANGE, e.amount2)


@handler(c.SetTotalPower)
def set_total_power(ctx: EffectCtx, e: c.SetTotalPower) -> None:
    """Your attack's total power is exactly ``amount``, ignoring bonuses (Block: 0)."""
    if _side(ctx) is not None:
        ctx.table.emit(ev.PowerSet(player=ctx.player, value=e.amount))


@handler(c.IgnoreArmor)
def ignore_armor(ctx: EffectCtx, e: c.IgnoreArmor) -> None:
    """Your damage treats the opponent's armor as 0. Example: Spike."""
    _flag(ctx, AttackFlag.IGNORE_ARMOR)


@handler(c.IgnoreGuard)
def ignore_guard(ctx: EffectCtx, e: c.IgnoreGuard) -> None:
    """The opponent's guard counts as 0 for stuns your attack causes. Example: Spike."""
    _flag(ctx, AttackFlag.IGNORE_GUARD)


@handler(c.StunImmunity)
def stun_immunity(ctx: EffectCtx, e: c.StunImmunity) -> None:
    """You cannot be stunned this strike, however much damage you take.

    No Ryu, Ken or standard Normal card uses it yet (M. Bison's Unstoppable boost does).
    """
    _flag(ctx, AttackFlag.STUN_IMMUNE)


@handler(c.DodgeAttacks)
def dodge_attacks(ctx: EffectCtx, e: c.DodgeAttacks) -> None:
    """The opponent's attack misses you this strike. Example: Dive after crossing."""
    _flag(ctx, AttackFlag.DODGE_ATTACKS)


@handler(c.IgnorePushAndPull)
def ignore_push_and_pull(ctx: EffectCtx, e: c.IgnorePushAndPull) -> None:
    """The opponent's pushes and pulls do not move you this strike. Example: Focus."""
    _flag(ctx, AttackFlag.IGNORE_PUSH_PULL)


@handler(c.AttackDoesNotHit)
def attack_does_not_hit(ctx: EffectCtx, e: c.AttackDoesNotHit) -> None:
    """Your attack (with ``opponent``: theirs) automatically misses. Example: Block."""
    _flag(ctx, AttackFlag.DOES_NOT_HIT, ctx.opponent if e.opponent else ctx.player)


@handler(c.Critical)
def critical(ctx: EffectCtx, e: c.Critical) -> None:
    """Your attack is Critical: ``[if is_critical]`` effects apply this strike.

    It changes nothing else (no extra damage). Example: the ``overall_effect`` of the
    Street Fighter ``set_strike: gauge_for_effect`` (1 gauge for Critical).
    """
    side = _side(ctx)
    if side is not None and not side.critical:
        ctx.table.emit(ev.AttackMadeCritical(player=ctx.player))


@handler(c.WhenHitForceForArmor)
def when_hit_force_for_armor(ctx: EffectCtx, e: c.WhenHitForceForArmor) -> None:
    """When you are hit, before damage, you may spend force for +2 armor per force.

    Example: Block. The printed amount is not read; 2 armor per force, as in the rules.
    """
    _flag(ctx, AttackFlag.FORCE_FOR_ARMOR)


# --- strike control ----------------------------------------------------------------


@handler(c.GainAdvantage)
def gain_advantage(ctx: EffectCtx, e: c.GainAdvantage) -> None:
    """You take the next turn; the last player to gain advantage wins. Example: Assault."""
    ctx.table.emit(ev.AdvantageGained(player=ctx.player))


@handler(c.Strike)
def strike(ctx: EffectCtx, e: c.Strike) -> None:
    """Outside a strike: you initiate a strike once this boost or action has resolved.

    Ignored during a strike. Example: Reading (Focus boost).
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True


@handler(c.BonusAction)
def bonus_action(ctx: EffectCtx, e: c.BonusAction) -> None:
    """After this boost resolves you take another action. Example: Quick Step."""
    ctx.table.emit(ev.BonusActionGranted(player=ctx.player))


@handler(c.AddAttackEffect)
def add_attack_effect(ctx: EffectCtx, e: c.AddAttackEffect) -> None:
    """Your attack gains ``added_effect`` (with its own timing) for this strike.

    Example: Ryu's Tatsumaki Senpukyaku gains ``hit: gain_advantage`` after crossing.
    """
    if _side(ctx) is not None:
        ctx.table.emit(ev.AttackEffectAdded(player=ctx.player, effect=e.added_effect))


@handler(c.AddStrikeToGaugeAfterCleanup)
def add_strike_to_gauge_after_cleanup(ctx: EffectCtx, e: c.AddStrikeToGaugeAfterCleanup) -> None:
    """Your attack goes to your gauge at cleanup even if it did not hit. Example: Block."""
    _flag(ctx, AttackFlag.TO_GAUGE_AFTER_CLEANUP)


@handler(c.ReturnAttackToTopOfDeck)
def return_attack_to_top_of_deck(ctx: EffectCtx, e: c.ReturnAttackToTopOfDeck) -> None:
    """Your attack card leaves the strike and goes on top of your deck. Example: Hadoken."""
    side = _side(ctx)
    if side is None or side.card is None or side.card not in side.cards:
        return
    card = side.card
    ctx.table.move(ctx.player, card, Zone.STRIKE, Zone.DECK, ev.MoveReason.EFFECT)
    _flag(ctx, AttackFlag.RETURNED_TO_DECK)


@handler(c.ReadingNormal)
def reading_normal(ctx: EffectCtx, e: c.ReadingNormal) -> Flow[None]:
    """Name a Normal: in the opponent's next strike response they must set it (EX
    allowed) if they hold it, otherwise their hand is revealed. Example: Reading.
    """
    table = ctx.table
    names = _normal_names(ctx)
    decision = yield NameCardRequest(player=ctx.player, names=names, reading=True)
    assert isinstance(decision, NameCard)
    table.emit(ev.CardNamed(player=ctx.player, name=decision.name, reading=True))


def _normal_names(ctx: EffectCtx) -> tuple[str, ...]:
    table = ctx.table
    char = table.catalog.character(table.p(ctx.opponent).character)
    names = [table.catalog.card(d.card).name for d in char.deck]
    kinds = [table.catalog.card(d.card).kind for d in char.deck]
    return tuple(n for n, k in zip(names, kinds, strict=True) if k is c.CardKind.NORMAL)


# --- card flow ---------------------------------------------------------------------


@handler(c.Draw)
def draw(ctx: EffectCtx, e: c.Draw) -> None:
    """Draw ``amount`` cards (an empty deck reshuffles once, then loses). Example: Focus."""
    ctx.table.draw(ctx.player, e.amount)


@handler(c.OpponentDiscardRandom)
def opponent_discard_random(ctx: EffectCtx, e: c.OpponentDiscardRandom) -> None:
    """The opponent discards ``amount`` cards at random from hand. Example: Sweep."""
    table = ctx.table
    hand = table.p(ctx.opponent).hand
    for _ in range(min(e.amount, len(hand))):
        card = hand[table.rng.randbelow(len(hand))]
        table.move(ctx.opponent, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.RANDOM_DISCARD)


@handler(c.AddTopDiscardToGauge)
def add_top_discard_to_gauge(ctx: EffectCtx, e: c.AddTopDiscardToGauge) -> None:
    """The top ``amount`` cards of your discard pile go to your gauge. Example: Hadoken."""
    table = ctx.table
    discard = table.p(ctx.player).discard
    for _ in range(min(e.amount, len(discard))):
        table.move(ctx.player, discard[-1], Zone.DISCARD, Zone.GAUGE, ev.MoveReason.EFFECT)


@handler(c.NameCardOpponentDiscards)
def name_card_opponent_discards(ctx: EffectCtx, e: c.NameCardOpponentDiscards) -> Flow[None]:
    """Name a card: the opponent discards a copy if they hold one, otherwise they
    reveal their hand. Example: Parry (Block boost).
    """
    table = ctx.table
    char = table.catalog.character(table.p(ctx.opponent).character)
    names = tuple(dict.fromkeys(table.catalog.card(d.card).name for d in char.deck))
    decision = yield NameCardRequest(player=ctx.player, names=names, reading=False)
    assert isinstance(decision, NameCard)
    table.emit(ev.CardNamed(player=ctx.player, name=decision.name, reading=False))
    hand = table.p(ctx.opponent).hand
    copies = [card for card in hand if table.card(card).name == decision.name]
    if copies:
        table.move(ctx.opponent, copies[0], Zone.HAND, Zone.DISCARD, ev.MoveReason.EFFECT)
    else:
        table.emit(ev.HandRevealed(player=ctx.opponent, cards=tuple(hand)))


@handler(c.GaugeForEffect)
def gauge_for_effect(ctx: EffectCtx, e: c.GaugeForEffect) -> Flow[None]:
    """You may spend exactly ``gauge_max`` gauge to run ``overall_effect``.

    Not offered when you cannot afford it. Street Fighter Critical is this effect at
    ``set_strike`` timing: 1 gauge for ``critical``.
    """
    if (yield from pay_gauge(ctx.table, ctx.player, e.gauge_max, optional=True)):
        yield from resolve_all(ctx, e.overall_effect)


# --- boosts ------------------------------------------------------------------------


@handler(c.DiscardContinuousBoost)
def discard_continuous_boost(ctx: EffectCtx, e: c.DiscardContinuousBoost) -> Flow[None]:
    """Choose a continuous boost in play (either player's) and discard it. Example: Tech."""
    table = ctx.table
    targets = [
        (who, card)
        for who in (ctx.player, ctx.opponent)
        for card in table.p(who).boosts
        if card != ctx.source
    ]
    if not targets:
        return
    labels = [f"{who.label} {table.card(card).boost.name}" for who, card in targets]
    if not e.required:
        labels.append("pass")
    index = yield from choose(table, ctx.player, labels)
    if index < len(targets):
        who, card = targets[index]
        table.move(who, card, Zone.BOOSTS, Zone.DISCARD, ev.MoveReason.EFFECT)


@handler(c.AddToGaugeBoostPlayCleanup)
def add_to_gauge_boost_play_cleanup(ctx: EffectCtx, e: c.AddToGaugeBoostPlayCleanup) -> None:
    """When this boost finishes resolving it goes to your gauge, not the discard pile.

    Example: Ki Charge.
    """
    ctx.scope.boost_to_gauge = True


@handler(c.AddBoostToGaugeOnStrikeCleanup)
def add_boost_to_gauge_on_strike_cleanup(
    ctx: EffectCtx, e: c.AddBoostToGaugeOnStrikeCleanup
) -> None:
    """This continuous boost goes to your gauge when it leaves play at cleanup.

    Example: Ryu's Overhead, when its attack hits.
    """
    source = ctx.source
    if source is not None and source in ctx.table.p(ctx.player).boosts:
        ctx.table.emit(ev.BoostMarkedForGauge(player=ctx.player, card=source))


# --- control -----------------------------------------------------------------------


@handler(c.Choice)
def choice(ctx: EffectCtx, e: c.Choice) -> Flow[None]:
    """Pick one option; each option is a chain of effects. Example: Grasp's hit."""
    labels = [describe_chain(option) for option in e.options]
    index = yield from choose(ctx.table, ctx.player, labels)
    yield from resolve_all(ctx, e.options[index])


@handler(c.Pass)
def pass_(ctx: EffectCtx, e: c.Pass) -> None:
    """Does nothing: the explicit "decline" option of a choice.

    Example: Run's last option (``advance 1 | advance 2 | advance 3 | pass``).
    """
