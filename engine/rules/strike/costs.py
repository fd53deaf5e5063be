"""Paying for attacks (core rulebook, Resolving Strikes: "Pay Costs"): the EX copy
discarded, an Ultra's gauge cost (after its card rule and lasting reductions; paid with
force under ``may_generate_gauge_with_force``) and a force Special's force cost; an attack
that cannot or will not be paid for is an Invalid Attack, and its player wild swings
until one is valid. Also the checks an extra attack (Dan) makes before it is offered."""

from __future__ import annotations

from engine.cards.effect_walk import iter_effects
from engine.cards.schema import (
    CardDef,
    CardKind,
    GaugeCostReduction,
    PowerupPerSpentGaugeMatchingRangeToOpponent,
    SetFromBoost,
)
from engine.core import events as ev
from engine.core.asking import choose, pay_force, pay_gauge
from engine.core.context import EffectCtx, Flow, Table
from engine.core.decisions import ChoiceOption, RuleOption
from engine.core.ids import Player, Zone
from engine.core.state import (
    AttackBit,
    force_pays_gauge,
    gauge_cost_reduction,
    named_area,
    ultras_may_be_invalidated,
)
from engine.effects import resolve_all
from engine.effects.amounts import sealed_normals
from engine.rules.strike.timing import current_strike


def pay_costs(table: Table, who: Player) -> Flow[None]:
    """Discard the EX copy (two for a Tag Team's Double EX, whose ``ex`` hook adds its
    extra +1s), pay ultra/force-special costs, and wild swing while invalid. An invalid
    card's ``on_invalid`` rule runs before it would be discarded (it may send the card
    elsewhere)."""
    side = current_strike(table).sides[who]
    if side.ex:
        copies = side.cards[1:3]
        for copy in copies:
            table.move(who, copy, Zone.STRIKE, Zone.DISCARD, ev.MoveReason.EX_COPY)
        for ex in table.hooks.ex:
            ex(table, who, len(copies))
    while True:
        card = side.card
        assert card is not None
        if (yield from pay_printed_cost(table, who, card, side.wild)):
            return
        rule = table.card(card).on_invalid
        if rule:
            yield from resolve_all(EffectCtx(table, who, card), rule)
        table.emit(ev.AttackInvalid(player=who, card=card))
        swing = table.top_for_wild_swing(who)
        table.emit(ev.WildSwingRevealed(player=who, card=swing))


def pay_printed_cost(table: Table, who: Player, card: int, wild: bool,
                     extra: bool = False) -> Flow[bool]:
    """Pay ``card``'s printed cost; a wild-swung card's cost may be declined, and so may
    an Ultra's when ``may_invalidate_ultras`` holds; with ``may_generate_gauge_with_force``
    an Ultra's gauge cost is paid with force (hand or gauge). A card a mechanic makes
    invalid (Tag Team: the tagged-out fighter's special or ultra) cannot be paid for
    (Invalid Attack). An ``extra`` attack's cost (``play_attack_from_hand``, offered only
    when payable) must be paid, even under ``may_invalidate_ultras``: an extra attack is
    never invalid (the reference client's ``ask_for_cost``: "Extra attacks ... cannot fail
    to pay the cost")."""
    if table.hooks.attack_valid and not valid_attack(table, who, card):
        return False
    if not _set_as_its_rule_requires(table, who, card):
        return False
    definition = table.card(card)
    if definition.kind is CardKind.ULTRA and definition.gauge_cost:
        cost = gauge_cost(table, who, card)
        if cost == 0:
            return (yield from _accept_free(table, who, card, wild))
        optional = not extra and (wild or ultras_may_be_invalidated(table.state, who))
        if force_pays_gauge(table.state, who):
            if table.available_force(who) < cost:
                return False
            return (yield from pay_force(table, who, cost, optional=optional)) > 0
        if len(table.p(who).gauge) < cost:
            return False
        before = list(table.p(who).gauge)
        spent_ok = yield from pay_gauge(table, who, cost, optional=optional)
        if spent_ok and _notes_gauge_spent(definition):
            spent = tuple(c for c in before if c not in table.p(who).gauge)
            table.emit(ev.AttackGaugeSpentNoted(player=who, cards=spent))
        return spent_ok
    if definition.force_cost:
        if table.force_for_costs(who) < definition.force_cost:
            return False
        paid = yield from pay_force(table, who, definition.force_cost, optional=wild)
        return paid > 0
    return True


_NOTES_SPENT: dict[int, tuple[CardDef, bool]] = {}
"""id(card) -> (the card, whether it notes the gauge spent on it): each card's effect
tree is walked once per process, not at every payment."""


def _notes_gauge_spent(definition: CardDef) -> bool:
    """Some effect of ``definition`` (nested included) powers up per gauge card spent on
    it that matches the range to the opponent, so the cards spent are noted."""
    found = _NOTES_SPENT.get(id(definition))
    if found is not None and found[0] is definition:
        return found[1]
    notes = any(isinstance(e, PowerupPerSpentGaugeMatchingRangeToOpponent)
                for e in iter_effects(definition.effects))
    _NOTES_SPENT[id(definition)] = (definition, notes)
    return notes


def gauge_cost(table: Table, who: Player, card: int) -> int:
    """``card``'s gauge cost after its card rule: ``free_if_no_cards_in_hand`` costs
    nothing when ``who`` holds no card other than ``card`` itself (Dan's ultras);
    ``free_if_wild`` costs nothing when ``card`` is ``who``'s wild-swung attack (Super
    Skull Man's Zing! Zing! Zing!); ``per_card_copy_in_gauge`` costs 1 less per copy
    of ``gauge_cost_reduction_card_id`` in ``who``'s gauge (Enkidu's Demon Seal:
    Abyssal Force, per Three Precept Strike); ``set_to_range_to_opponent`` costs the
    distance between the fighters, at most the printed cost (Merkava's I, Defile);
    ``free_if_4_specials_in_overdrive`` costs nothing while ``who``'s overdrive area
    holds 4 different Specials, copies of one counting once (Bang's Hyper Shadowstep
    Strike; the reference client's ``get_gauge_cost`` counts each Special once); ``per_sealed_normal`` costs 1 less
    per Normal in ``who``'s sealed area (Nine's Colorless Void). Then ``who``'s lasting
    reduction (``gauge_costs_reduced_passive``) lowers it."""
    return max(0, _card_gauge_cost(table, who, card)
               - gauge_cost_reduction(table.state, who))


def _card_gauge_cost(table: Table, who: Player, card: int) -> int:
    """``card``'s gauge cost after its own card rule (see ``gauge_cost``)."""
    definition = table.card(card)
    if definition.gauge_cost_exceeded is not None and table.p(who).exceeded:
        return definition.gauge_cost_exceeded
    if definition.gauge_cost_reduction is GaugeCostReduction.FREE_IF_NO_CARDS_IN_HAND:
        if all(other == card for other in table.p(who).hand):
            return 0
    if definition.gauge_cost_reduction is GaugeCostReduction.FREE_IF_WILD:
        strike = table.state.strike
        side = strike.sides[who] if strike is not None else None
        if side is not None and side.wild and side.card == card:
            return 0
    if definition.gauge_cost_reduction is GaugeCostReduction.PER_CARD_COPY_IN_GAUGE:
        copy_id = definition.gauge_cost_reduction_card_id
        copies = sum(table.state.card_defs[ref] == copy_id for ref in table.p(who).gauge)
        return max(0, definition.gauge_cost - copies)
    if definition.gauge_cost_reduction is GaugeCostReduction.SET_TO_RANGE_TO_OPPONENT:
        spaces = abs(table.p(who).space - table.p(who.other).space)
        return min(definition.gauge_cost, spaces)
    if definition.gauge_cost_reduction is GaugeCostReduction.FREE_IF_4_SPECIALS_IN_OVERDRIVE:
        overdrive = named_area(table.state, who, "overdrive")
        specials = {table.state.card_defs[ref] for ref in overdrive
                    if table.card(ref).kind is CardKind.SPECIAL}
        if len(specials) >= 4:  # four different Specials: copies count once
            return 0
    if definition.gauge_cost_reduction is GaugeCostReduction.PER_SEALED_NORMAL:
        return max(0, definition.gauge_cost - sealed_normals(table, who))
    return definition.gauge_cost


def _accept_free(table: Table, who: Player, card: int, wild: bool) -> Flow[bool]:
    """A free ultra is valid; a wild-swung one may still be declined (made invalid)."""
    if not wild:
        return True
    name = table.card(card).name
    labels = [f"use {name} for free", "make it invalid"]
    options = [
        ChoiceOption(tag=RuleOption.USE_FOR_FREE, card=card),
        ChoiceOption(tag=RuleOption.MAKE_INVALID, card=card),
    ]
    return (yield from choose(table, who, labels, options)) == 0


def valid_attack(table: Table, who: Player, card: int) -> bool:
    """No attached mechanic makes ``card`` an invalid attack for ``who``."""
    for valid in table.hooks.attack_valid:
        if not valid(table, who, card):
            return False
    return True


def payable(table: Table, who: Player, card: int) -> bool:
    """``who`` could set ``card`` from hand as an extra attack and pay its cost (for
    ``play_attack_from_hand``: only such cards are offered)."""
    if table.hooks.attack_valid and not valid_attack(table, who, card):
        return False
    if table.card(card).set_from_boost is SetFromBoost.MUST:  # only from the boost area
        return False
    definition = table.card(card)
    if definition.kind is CardKind.ULTRA:
        if force_pays_gauge(table.state, who):
            return table.available_force(who, exclude=(card,)) >= gauge_cost(table, who, card)
        return len(table.p(who).gauge) >= gauge_cost(table, who, card)
    return table.force_for_costs(who, exclude=(card,)) >= definition.force_cost


def _set_as_its_rule_requires(table: Table, who: Player, card: int) -> bool:
    """A card whose ``set_from_boost`` rule is ``must`` is a valid attack only when it
    was set from the boost area; set any other way (from hand, a wild swing, from the
    gauge) it is an Invalid Attack (Hitze Falke: "If this attack is set in any other
    way, it is invalid"; effects.md, strike step 8: must-set-from-boost)."""
    if table.card(card).set_from_boost is not SetFromBoost.MUST:
        return True
    side = current_strike(table).sides[who]
    return bool(side.flags & AttackBit.SET_FROM_BOOSTS) and side.card == card
