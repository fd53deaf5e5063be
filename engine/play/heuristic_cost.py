"""What the heuristic agent can pay for: force and gauge a card makes, whether an attack
set with some cards can still be paid for at the cost step, and whether a spend would put
an Ultra in hand out of reach (core rulebook, "Resolving Strikes": costs are paid after
the reveal). Read by ``engine.play.heuristic`` and the kit's rules (``kit``,
``kit_options``, ``heuristic_reach``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.cards.schema import CardKind, GaugeCostReduction
from engine.core.state import State, gauge_cost_reduction, named_area

if TYPE_CHECKING:
    from engine.play.heuristic import HeuristicAgent


def force_value(agent: HeuristicAgent, view: State, ref: int) -> int:
    """Force a card makes when discarded for a cost: 2 for an ultra, else 1."""
    return 2 if agent._card(view, ref).kind is CardKind.ULTRA else 1


def gauge_order(agent: HeuristicAgent, view: State, gauge: Sequence[int]) -> list[int]:
    """Gauge in the order this agent spends it: 1-force cards before ultras (2 force),
    so a force-cost special set beside a gauge payment keeps the most force."""
    return sorted(gauge, key=lambda ref: force_value(agent, view, ref))


def payable(agent: HeuristicAgent, view: State, cards: Sequence[int], gauge_spent: int = 0,
             gone: Sequence[int] = ()) -> bool:
    """Whether an attack set with ``cards`` (the attack, then any EX copies) can still
    be paid for at the cost step ("Resolving Strikes": costs are paid after the
    reveal) once ``gauge_spent`` gauge has gone first (a Cross Strike's 2, Critical's
    1). An ultra needs its gauge cost (Dan's ultras are free when the attack is the
    only card left in hand; Merkava's I, Defile costs the distance); a special with a
    force cost needs that much force from the hand and gauge, without the attack and
    its EX copies, which are in the strike (an attack set from the gauge,
    ``strike_from_gauge``, does not pay for itself). A lasting gauge-cost reduction
    (``gauge_costs_reduced_passive``) lowers an ultra's cost. ``gone``: cards about
    to leave the hand or gauge (a seal), no longer there to pay or to lower a cost.
    """
    me = view.players[agent.player]
    card = agent._card(view, cards[0])
    if card.kind is not CardKind.ULTRA and not card.force_cost and not gauge_spent:
        return True  # nothing to pay (what follows would find the same)
    hand = [ref for ref in me.hand if ref not in cards and ref not in gone]
    gauge = [ref for ref in me.gauge if ref not in cards and ref not in gone]
    if card.kind is CardKind.ULTRA:
        cost = card.gauge_cost
        if card.gauge_cost_exceeded is not None and me.exceeded:
            cost = card.gauge_cost_exceeded  # Kokonoe's Dreadnought Exterminator: 8
        if card.gauge_cost_reduction is GaugeCostReduction.FREE_IF_NO_CARDS_IN_HAND and (
            not hand
        ):
            cost = 0
        if card.gauge_cost_reduction is GaugeCostReduction.PER_CARD_COPY_IN_GAUGE:
            copy_id = card.gauge_cost_reduction_card_id
            cost -= sum(view.card_defs[ref] == copy_id for ref in gauge)
        if card.gauge_cost_reduction is GaugeCostReduction.SET_TO_RANGE_TO_OPPONENT:
            cost = min(cost, agent._distance(view))
        if card.gauge_cost_reduction is GaugeCostReduction.FREE_IF_4_SPECIALS_IN_OVERDRIVE:
            overdrive = named_area(view, agent.player, "overdrive")
            specials = {view.card_defs[ref] for ref in overdrive
                        if agent._card(view, ref).kind is CardKind.SPECIAL}
            if len(specials) >= 4:  # four different Specials (the rules' gauge_cost)
                cost = 0
        cost -= gauge_cost_reduction(view, agent.player)  # Hakumen's Overdrive: free
        if card.gauge_cost_reduction is GaugeCostReduction.PER_SEALED_NORMAL:
            cost -= sum(agent._card(view, ref).kind is CardKind.NORMAL for ref in me.sealed)
        return max(0, cost) + gauge_spent <= len(gauge)
    if gauge_spent > len(gauge):
        return False
    if not card.force_cost:
        return True
    gauge_left = gauge_order(agent, view, gauge)[gauge_spent:]
    force = sum(force_value(agent, view, ref) for ref in (*hand, *gauge_left))
    return force >= card.force_cost


def saving(agent: HeuristicAgent, view: State, spend: int) -> bool:
    """Whether spending ``spend`` gauge now would put an Ultra in hand (one this
    fighter may use) out of reach: its cost is more than the gauge that would remain."""
    me = view.players[agent.player]
    left = len(me.gauge) - spend
    return any(
        agent._card(view, ref).kind is CardKind.ULTRA
        and agent._card(view, ref).gauge_cost > left
        and agent._valid_for(view, ref, me.character)
        for ref in me.hand
    )


def paying_own_wild_ultra(agent: HeuristicAgent, view: State) -> bool:
    """Whether this is the cost step of this player's revealed Ultra (not yet active;
    wild-swung, or set while ``may_invalidate_ultras`` makes its cost optional):
    paid for, it is a valid Ultra; declined, another wild swing."""
    strike = view.strike
    if strike is None:
        return False
    side = strike.sides[agent.player]
    return (side.revealed and not side.activated and side.attack is not None
            and agent._card(view, side.attack).kind is CardKind.ULTRA)


def own_unpaid_attack(agent: HeuristicAgent, view: State) -> tuple[int, ...] | None:
    """The cards of this player's attack when it is set but not yet paid for (before
    the reveal), else None (no strike, a wild swing this player cannot see, or costs
    already settled)."""
    strike = view.strike
    if strike is None:
        return None
    side = strike.sides[agent.player]
    if side.revealed or side.wild or not side.cards:
        return None
    return tuple(side.cards)


def still_payable(agent: HeuristicAgent, view: State, attack: tuple[int, ...],
                  spent: list[int]) -> bool:
    """Whether this player's set attack can still be paid for at the cost step once
    the cards ``spent`` are gone (an optional force payment made when it is set)."""
    me = view.players[agent.player]
    card = agent._card(view, attack[0])
    if card.kind is CardKind.ULTRA:
        return payable(agent, view, attack, gone=spent)  # Enkidu: a sealed copy
        # of Three Precept Strike no longer lowers Demon Seal's cost
    if not card.force_cost:
        return True
    left = [ref for ref in (*me.hand, *me.gauge) if ref not in attack and ref not in spent]
    return sum(force_value(agent, view, ref) for ref in left) >= card.force_cost
