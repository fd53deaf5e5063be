"""Setting attacks (core rulebook, Resolving Strikes: "Set Attacks"): the legal ways to
set (one per distinct card, EX pairs, a wild swing, boosts a ``set_from_boost`` rule lets
be set, what a mechanic offers), asking the player and putting the attack in the strike
(face-down; face-up or from the gauge when an effect says so), and the opponent's
``opponent_set_strike`` boosts that answer a set attack."""

from __future__ import annotations

from engine.cards.schema import Timing
from engine.core import events as ev
from engine.core.context import AttackSetting, EffectCtx, Flow, Table
from engine.core.decisions import Decision, SetAttack, SetAttackRequest, WildSwing
from engine.core.ids import Player
from engine.effects import resolve
from engine.rules.strike.timing import current_strike


def opponent_set_strike(table: Table, owner: Player) -> Flow[None]:
    """``owner``'s opponent has set their attack: the ``opponent_set_strike`` effects
    of ``owner``'s continuous boosts run, for ``owner`` (Byakuya's Disrespect)."""
    for boost in list(table.p(owner).boosts):
        for effect in table.card(boost).boost.effects:
            if effect.timing is Timing.OPPONENT_SET_STRIKE and boost in table.p(owner).boosts:
                yield from resolve(EffectCtx(table, owner, boost), effect)


def attack_options(table: Table, who: Player) -> list[Decision]:
    """The legal ways to set an attack, one per distinct card (plus EX pairs). A card
    whose ``set_from_boost`` rule is ``must`` may still be set from hand, face-down, and
    is then invalid at reveal (Wagner's Hitze Falke: "If this attack is set in any other
    way, it is invalid"; ``costs._set_as_its_rule_requires``); one of ``who``'s
    continuous boosts in play with a ``set_from_boost`` rule may be set (one option per
    distinct card, never EX), unless ``who`` must set a Reading's card."""
    p = table.p(who)
    by_id: dict[str, list[int]] = {}
    for card in p.hand:
        by_id.setdefault(table.state.card_defs[card], []).append(card)
    reading = p.reading if current_strike(table).attacker != who else None
    if reading is not None:
        named = {cid: refs for cid, refs in by_id.items() if table.card(refs[0]).name == reading}
        if named:
            by_id = named
        else:
            table.emit(ev.HandRevealed(player=who, cards=tuple(p.hand)))
            reading = None
    options: list[Decision] = []
    for refs in by_id.values():
        options.append(SetAttack(cards=(refs[0],)))
        if len(refs) >= 2:
            options.append(SetAttack(cards=(refs[0], refs[1])))
    if reading is None or not options:
        options.append(WildSwing())
    for extra in table.hooks.attack_options:
        options.extend(extra(table, who, by_id, options))
    if reading is None:
        options.extend(SetAttack(cards=(card,)) for card in _settable_boosts(table, who))
    return options


def _settable_boosts(table: Table, who: Player) -> list[int]:
    """``who``'s continuous boosts in play that a ``set_from_boost`` rule lets them set
    as their attack, one per distinct card."""
    by_id: dict[str, int] = {}
    for card in table.p(who).boosts:
        if table.card(card).set_from_boost is not None:
            by_id.setdefault(table.state.card_defs[card], card)
    return list(by_id.values())


def set_attack(
    table: Table, who: Player, forced_wild: bool = False, setting: AttackSetting | None = None
) -> Flow[None]:
    """Ask ``who`` to set an attack face-down (or wild swing; only that if
    ``forced_wild``) and put it in the strike. ``setting`` ``FACEUP``: one card from
    hand, no EX pair, no wild swing (unless the hand is empty), turned face-up at once;
    ``FROM_GAUGE``: a card from the gauge, face-up (a wild swing if the gauge is empty);
    ``RANDOM_FROM_GAUGE``: the same, the card picked at random."""
    if setting is AttackSetting.RANDOM_FROM_GAUGE and not forced_wild:
        _set_random_from_gauge(table, who)
        return
    if setting is AttackSetting.FROM_GAUGE and not forced_wild:
        yield from _set_from_gauge(table, who)
        return
    options: list[Decision] = [WildSwing()] if forced_wild else attack_options(table, who)
    if setting is AttackSetting.FACEUP and not forced_wild:
        singles = [o for o in options if isinstance(o, SetAttack) and len(o.cards) == 1]
        options = list(singles) or options
    if setting is AttackSetting.EX and not forced_wild:
        pairs = [o for o in options if isinstance(o, SetAttack) and len(o.cards) == 2]
        settable = [o for o in options if isinstance(o, SetAttack)]
        if any(granted(table, who) for granted in table.hooks.ex_granted):
            pairs = settable  # any single card is EX too (effects.md, strike_with_ex)
        options = list(pairs or settable) or options
    if len(options) == 1:
        decision: Decision = options[0]
    else:
        decision = yield SetAttackRequest(player=who, choices=tuple(options))
    if isinstance(decision, SetAttack) and decision.cards[0] in table.p(who).boosts:
        table.emit(ev.AttackSetFromBoosts(player=who, card=decision.cards[0]))
    elif isinstance(decision, SetAttack):
        table.emit(ev.AttackSet(player=who, cards=decision.cards, wild=False))
        if setting is AttackSetting.FACEUP:
            table.emit(ev.AttackTurnedFaceUp(player=who, cards=decision.cards))
    elif isinstance(decision, WildSwing):
        if table.catalog.character(table.p(who).character).delayed_wild_swing:
            table.emit(ev.WildSwingDelayed(player=who))
            return
        card = table.top_for_wild_swing(who)
        table.emit(ev.AttackSet(player=who, cards=(card,), wild=True))
    else:
        cards = yield from _mechanic_set(table, who, decision)
        table.emit(ev.AttackSet(player=who, cards=cards, wild=False))


def _set_from_gauge(table: Table, who: Player) -> Flow[None]:
    """``who`` sets a card from their gauge (one option per distinct card), face-up; with
    an empty gauge, a wild swing."""
    by_id: dict[str, int] = {}
    for card in table.p(who).gauge:
        by_id.setdefault(table.state.card_defs[card], card)
    options: list[Decision] = [SetAttack(cards=(card,)) for card in by_id.values()]
    if not options:
        card = table.top_for_wild_swing(who)
        table.emit(ev.AttackSet(player=who, cards=(card,), wild=True))
        return
    if len(options) == 1:
        decision: Decision = options[0]
    else:
        decision = yield SetAttackRequest(player=who, choices=tuple(options))
    assert isinstance(decision, SetAttack)
    table.emit(ev.AttackSetFromGauge(player=who, card=decision.cards[0]))


def _set_random_from_gauge(table: Table, who: Player) -> None:
    """As ``_set_from_gauge``, the card picked at random by the engine (each card of the
    gauge alike; the event names it); with an empty gauge, a wild swing (Under Night
    In-Birth FAQ: "Strike with a Wild Swing instead")."""
    gauge = table.p(who).gauge
    if not gauge:
        table.emit(ev.AttackSet(player=who, cards=(table.top_for_wild_swing(who),), wild=True))
        return
    table.emit(ev.AttackSetFromGauge(player=who, card=gauge[table.rng.randbelow(len(gauge))]))


def _mechanic_set(table: Table, who: Player, decision: Decision) -> Flow[tuple[int, ...]]:
    """A way of setting that a mechanic offered (Tag Team's Cross Strike)."""
    for set_by in table.hooks.set_attack:
        flow = set_by(table, who, decision)
        if flow is not None:
            return (yield from flow)
    raise AssertionError(f"no mechanic sets an attack for {decision!r}")
