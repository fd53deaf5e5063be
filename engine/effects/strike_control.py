"""Strike control effects: advantage, starting strikes, extra actions and attacks, and
what happens to the attack card.

One registered handler per effect type of ``engine.vocabulary.strike_control``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.core import events as ev
from engine.core.context import AttackSetting, EffectCtx, Flow, Table
from engine.core.decisions import NameCard, NameCardRequest
from engine.core.ids import Player, Zone
from engine.core.state import AttackFlag, discards_attack_at_cleanup
from engine.effects.registry import add_flag, attack_side, handler


@handler(c.GainAdvantage)
def gain_advantage(ctx: EffectCtx, e: c.GainAdvantage) -> None:
    """You take the next turn; the last player to gain advantage wins. Example: Assault."""
    ctx.table.emit(ev.AdvantageGained(player=ctx.player))


@handler(c.Strike)
def strike(ctx: EffectCtx, e: c.Strike) -> None:
    """Outside a strike: you initiate a strike once this boost or action has resolved;
    with ``opponent_sets_first``, one in which the opponent sets their attack (and
    resolves their set effects) before you set yours.

    Ignored during a strike. Examples: Reading (Focus boost); Akuma's Fakeout (Hyakkishu
    boost), ``now: strike, opponent_sets_first``.
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True
        if e.opponent_sets_first:
            ctx.scope.opponent_sets_first = True


@handler(c.BonusAction)
def bonus_action(ctx: EffectCtx, e: c.BonusAction) -> None:
    """After this boost resolves you take another action. Example: Quick Step.

    ``no_strike``: that action cannot be the Strike action (Wagner's exceeded character
    action, ``boost_additional {gauge}, then bonus_action {no_strike}``).
    """
    ctx.table.emit(ev.BonusActionGranted(player=ctx.player))
    if e.no_strike:
        ctx.table.emit(ev.BonusStrikeForbidden(player=ctx.player))


@handler(c.AddAttackEffect)
def add_attack_effect(ctx: EffectCtx, e: c.AddAttackEffect) -> None:
    """Your attack gains ``added_effect`` (with its own timing) for this strike.

    Example: Ryu's Tatsumaki Senpukyaku gains ``hit: gain_advantage`` after crossing.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.AttackEffectAdded(player=ctx.player, effect=e.added_effect))


@handler(c.AddStrikeToGaugeAfterCleanup)
def add_strike_to_gauge_after_cleanup(ctx: EffectCtx, e: c.AddStrikeToGaugeAfterCleanup) -> None:
    """Your attack goes to your gauge at cleanup even if it did not hit. Example: Block."""
    add_flag(ctx, AttackFlag.TO_GAUGE_AFTER_CLEANUP)


@handler(c.ReturnAttackToTopOfDeck)
def return_attack_to_top_of_deck(ctx: EffectCtx, e: c.ReturnAttackToTopOfDeck) -> None:
    """Your attack card leaves the strike now and goes on top of your deck; from then on
    its stats are invalid (``AttackSide.left_strike``, as the reference client counts
    them): total power and speed 0, no range, its printed armor and guard gone (its
    armor and guard bonuses, EX's +1 included, kept), its ``ignore_push_and_pull``,
    ``when_hit_force_for_armor`` and ``higher_speed_misses`` ended. Nothing if it has
    already left. Example: Hadoken, ``after: choice return_attack_to_top_of_deck ...``;
    Platinum's Magical Boomerang (Dream Sally boost), ``after: draw 1, then
    return_attack_to_top_of_deck``: the opponent's later attack meets no printed armor.
    """
    side = attack_side(ctx)
    if side is None or side.card is None or side.card not in side.cards:
        return
    card = side.card
    ctx.table.move(ctx.player, card, Zone.STRIKE, Zone.DECK, ev.MoveReason.EFFECT)
    add_flag(ctx, AttackFlag.RETURNED_TO_DECK)


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


@handler(c.RevealStrike)
def reveal_strike(ctx: EffectCtx, e: c.RevealStrike) -> None:
    """Your set attack turns face-up now, so the opponent sees it before responding.

    Example: Sagat's ``set_strike: [if initiated_strike] choice reveal_strike, then
    speedup 1 | pass``.

    Own type: turning a set attack face-up is a strike-control primitive with its own
    event.
    """
    side = attack_side(ctx)
    if side is not None and side.cards and not side.revealed:
        ctx.table.emit(ev.AttackTurnedFaceUp(player=ctx.player, cards=tuple(side.cards)))


@handler(c.PlayAttackFromHand)
def play_attack_from_hand(ctx: EffectCtx, e: c.PlayAttackFromHand) -> None:
    """During a strike: you may make an extra attack with a card from your hand that you
    can pay for, once this effect has resolved (before the next effect of the same
    timing, in the order you chose). It pays its cost, then runs
    its own during-strike and before effects, range check, hit effects and damage (its
    printed power plus its own bonuses; boosts and character bonuses do not apply, your
    Critical does) and after effects. At cleanup it goes to gauge if it hit, else to the
    discard pile.

    Example: Dan's Legendary Taunt, ``before: choice advance 1..3 | pass, then choice
    draw 1, then play_attack_from_hand | play_attack_from_hand``.

    Own type: an extra attack inside a strike, carried out by the strike rules; no
    composition of effects can make an attack.
    """
    if attack_side(ctx) is not None:
        ctx.scope.extra_attacks += 1


def _normal_names(ctx: EffectCtx) -> tuple[str, ...]:
    table = ctx.table
    char = table.catalog.character(table.p(ctx.opponent).character)
    names = [table.catalog.card(d.card).name for d in char.deck]
    kinds = [table.catalog.card(d.card).kind for d in char.deck]
    return tuple(n for n, k in zip(names, kinds, strict=True) if k is c.CardKind.NORMAL)


@handler(c.StrikeWild)
def strike_wild(ctx: EffectCtx, e: c.StrikeWild) -> None:
    """Outside a strike: once this boost or action has resolved you initiate a strike in
    which you wild swing; with ``opponent_forced_wild`` the opponent must wild swing too
    (Morathi's Fates Crossing, Revenger boost).

    During your set effects, with ``auto_delayed_strike``: make now the wild swing your
    fighter delays (``delayed_wild_swing``); otherwise it is made once those effects are
    done. Example: Morathi's ability, ``set_strike: [if was_wild_swing] pass, then [if
    min_cards_in_deck 1] choice draw 1, then strike_wild auto_delayed_strike |
    strike_wild auto_delayed_strike``: he may draw before the top card is turned over.

    Own type: a strike whose attacks are forced wild swings, and the moment a delayed
    wild swing is made, are strike-control primitives.
    """
    table = ctx.table
    if table.state.strike is None:
        ctx.scope.strike_requested = True
        ctx.scope.wild_swing = True
        ctx.scope.opponent_wild_swing |= e.opponent_forced_wild
    elif e.auto_delayed_strike:
        make_delayed_wild_swing(table, ctx.player)


def make_delayed_wild_swing(table: Table, who: Player) -> None:
    """If ``who`` has a delayed wild swing pending (wild, no card yet), turn over the top
    card of their deck as their attack (an empty deck reshuffles once, then loses)."""
    strike = table.state.strike
    if strike is None:
        return
    side = strike.sides[who]
    if side.wild and not side.cards:
        card = table.top_for_wild_swing(who)
        table.emit(ev.AttackSet(player=who, cards=(card,), wild=True))


_INVALID_DESTINATIONS = {
    c.InvalidAttackDestination.HAND: Zone.HAND,
    c.InvalidAttackDestination.GAUGE: Zone.GAUGE,
    c.InvalidAttackDestination.DISCARD: Zone.DISCARD,
}


@handler(c.ReplaceWildSwing)
def replace_wild_swing(ctx: EffectCtx, e: c.ReplaceWildSwing) -> None:
    """In an ``on_invalid`` card rule: your invalid attack card goes to
    ``previous_attack_to`` (hand, gauge or discard pile) instead of being discarded; you
    then wild swing again as for any invalid attack.

    Example: Morathi's Shadow of Death, ``on_invalid: [if wild_swing_invalid_not_declined]
    replace_wild_swing hand, then move_top_cards discard to gauge 2``.

    Own type: sending the invalid attack elsewhere than the discard pile is a rule of
    its own; no other effect moves an attack that is being replaced.
    """
    side = attack_side(ctx)
    if side is None or side.card is None or side.card not in side.cards:
        return
    dst = _INVALID_DESTINATIONS[e.previous_attack_to]
    ctx.table.move(ctx.player, side.card, Zone.STRIKE, dst, ev.MoveReason.EFFECT)


@handler(c.SealThis)
def seal_this(ctx: EffectCtx, e: c.SealThis) -> None:
    """Your attack card goes to your sealed area at cleanup, whether it hit or not
    (instead of your gauge or discard pile); an EX copy still goes to the discard pile.

    Example: Hyde's Gyro Vortex, ``after: [if hit_opponent] seal_this``; his exceed
    ability adds it to an attack struck from his gauge.

    Own type: an attack's cleanup destination other than gauge or discard (the sealed
    area), which many Under Night In-Birth fighters' cards name.
    """
    add_flag(ctx, AttackFlag.SEALED_AFTER_CLEANUP)


@handler(c.StrikeFaceup)
def strike_faceup(ctx: EffectCtx, e: c.StrikeFaceup) -> None:
    """Outside a strike: you initiate a strike once this action has resolved, setting one
    card from your hand face-up at once (the opponent sees it before setting). The
    engine plays the form on Hyde's card, ``disable_wild_swing`` and ``disable_ex``
    both true (the catalog refuses any other): you may set neither an EX pair nor a
    wild swing (with an empty hand you wild swing all the same).

    Example: Hyde's action, ``choice <strike_faceup | gauge_from_hand 1>``.

    Own type: a strike whose attack is set face-up, a setting rule of its own.
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True
        ctx.scope.attack_setting = AttackSetting.FACEUP


@handler(c.StrikeFromGauge)
def strike_from_gauge(ctx: EffectCtx, e: c.StrikeFromGauge) -> None:
    """Outside a strike: you initiate a strike once this action has resolved, setting a
    card from your gauge as your attack, face-up (a wild swing if your gauge is empty).

    Example: Hyde's exceeded action (1 gauge), whose exceed ability then gives that
    attack +3 power and seals it.

    Own type: an attack set from the gauge, a setting rule of its own.
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True
        ctx.scope.attack_setting = AttackSetting.FROM_GAUGE


@handler(c.StrikeRandomFromGauge)
def strike_random_from_gauge(ctx: EffectCtx, e: c.StrikeRandomFromGauge) -> None:
    """Outside a strike: you initiate a strike once this boost or action has resolved, in
    which the opponent sets their attack first and yours is then a card of your gauge
    picked at random by the engine (``AttackSetFromGauge`` names it), set as
    ``strike_from_gauge`` sets one; a wild swing if your gauge is empty (Under Night
    In-Birth FAQ). ``was_strike_from_gauge`` then holds.

    Examples: Yuzuriha's exceeded character action; her Unsheathe boost, ``now:
    strike_random_from_gauge``.

    Own type: the ``strike_from_gauge`` setting with the card picked at random and the
    opponent setting first, which no ``strike`` option says.
    """
    if ctx.table.state.strike is None:
        ctx.scope.strike_requested = True
        ctx.scope.opponent_sets_first = True
        ctx.scope.attack_setting = AttackSetting.RANDOM_FROM_GAUGE


@handler(c.DiscardStrikeAfterCleanup)
def discard_strike_after_cleanup(ctx: EffectCtx, e: c.DiscardStrikeAfterCleanup) -> None:
    """Your attack card goes to your discard pile at cleanup even if it hit (not to your
    gauge). Example: Yuzuriha's exceed ability adds it to each of her attacks.

    Own type: the opposite of ``add_strike_to_gauge_after_cleanup``.
    """
    if attack_side(ctx) is not None and not discards_attack_at_cleanup(
        ctx.table.state, ctx.player
    ):
        ctx.table.emit(ev.AttackDiscardedAtCleanup(player=ctx.player))


@handler(c.ReturnAttackToHand)
def return_attack_to_hand(ctx: EffectCtx, e: c.ReturnAttackToHand) -> None:
    """Your attack card leaves the strike at once and goes back to your hand; it is still
    the attack's card for its effects (its cleanup effects run) but its stats are
    invalid from then on, as for ``return_attack_to_top_of_deck`` (total power and speed
    0, no range, printed armor and guard gone, bonuses kept), and cleanup no longer
    moves it. Nothing if it already left.

    Examples: Phonon's Binding Beatitude, ``after: choice return_attack_to_hand | pass``;
    Merkava's I, Persistently Cling, ``after: [if not_hit_opponent] return_attack_to_hand``.

    Own type: the attack's destination is the hand, where ``return_attack_to_top_of_deck``
    puts it on the deck.
    """
    side = attack_side(ctx)
    if side is None or side.card is None or side.card not in side.cards:
        return
    ctx.table.move(ctx.player, side.card, Zone.STRIKE, Zone.HAND, ev.MoveReason.EFFECT)


@handler(c.StrikeWithEx)
def strike_with_ex(ctx: EffectCtx, e: c.StrikeWithEx) -> None:
    """Outside a strike: you initiate a strike once this action has resolved, and must
    set an EX attack (a pair of copies from hand): neither a single card nor a wild
    swing is offered. With a continuous boost in play that makes your attack EX (the
    uni Cross's Superior, ``attack_is_ex``) a single card is an EX attack too, and is
    offered beside the pairs. Holding no pair (and no such boost) as it resolves, you
    cannot strike with an EX attack, so no strike starts (effects.md: "You must strike
    with an EX attack"; the reference client's ``can_ex_strike_with_something``).

    Example: Byakuya's exceeded action (2 gauge), ``draw 2, then choice <strike_with_ex
    | pass>``: drawing no pair, choosing the strike ends the action without one.

    Own type: an attack-setting rule of its own (``AttackSetting.EX``), as
    ``strike_faceup`` is.
    """
    if ctx.table.state.strike is None and _can_strike_ex(ctx.table, ctx.player):
        ctx.scope.strike_requested = True
        ctx.scope.attack_setting = AttackSetting.EX


def _can_strike_ex(table: Table, who: Player) -> bool:
    """Whether ``who`` holds an EX pair (two copies of one card) or has a boost in play
    that makes any single card EX (``ex_granted``)."""
    if any(granted(table, who) for granted in table.hooks.ex_granted):
        return True
    cards = [table.state.card_defs[card] for card in table.p(who).hand]
    return len(set(cards)) < len(cards)
