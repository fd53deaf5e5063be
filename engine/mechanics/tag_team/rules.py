"""The Tag Team variant's rules (Street Fighter rulebook, "VARIANT: TAG TEAM").

A seat with a tagged-out ``partner`` (``engine.cards.team``) plays one fighter at a time; hand,
gauge, deck and boosts are shared, each fighter keeps its own life and exceed state,
and damage goes to the fighter in play. The existing rules keep working on the fighter
in play (``PlayerState.character``/``life``/``exceeded``); this module adds:

- **Switch Characters** (action): ``FighterSwitched``; boosts stay and now apply to the
  new fighter.
- **Cross Exceed** (action): the tagged-out fighter exceeds, paying its own exceed cost;
  its exceed hook resolves as for a normal exceed (``turn.exceed(cross=True)`` brings it
  forward for that and swaps back at once).
- **Cross Boost** (action): 1 gauge, then the boost of a tagged-out fighter's special or
  ultra is played as a normal boost (paying its force cost).
- **Cross Strike** (as you set): 2 gauge to tag in the other fighter before the attack
  is set, so its specials and ultras are valid.
- **Double EX**: three copies of a Normal; the two extra copies go to the discard pile
  at reveal and the attack gets another +1 power, speed, armor and guard.
- **Ejection Strike**: an EX or Double EX attack against a team has one more ``after``
  trigger (``ejection_strike``, ordered with the attack's others; its handler is in
  ``engine.mechanics.tag_team.effects``): if the opponent is stunned, the attacker may
  swap the opponent's fighters; the opponent cannot switch back until the end of the
  next strike.
- **Life**: each fighter's own, at most its 20 (``max_life``: ``gain_life`` stops there).
- **Invalid attacks**: the tagged-out fighter's specials and ultras cannot be paid for
  (``valid_attack``), so they are invalid and replaced by wild swings; they cannot be
  boosted except by Cross Boost.

``TagTeam`` plugs these into the turn and strike rules through the ``Mechanic`` hooks
(``engine.core.hooks.mechanic``); it attaches when a seat is a team (the game setup), and
none of it runs for a single fighter, whose games are exactly as before.
"""

from __future__ import annotations

from functools import partial

from engine.cards import schema as c
from engine.cards import team
from engine.cards.catalog import Catalog
from engine.cards.schema import CardKind
from engine.core import events as ev
from engine.core.asking import pay_gauge
from engine.core.context import Flow, Table
from engine.core.decisions import (
    CrossBoost,
    CrossExceed,
    CrossStrike,
    Decision,
    PayCards,
    PayGaugeRequest,
    SetAttack,
    SwitchFighters,
)
from engine.core.events.tag_team import SwitchReason
from engine.core.hooks.mechanic import Seat, TurnRules
from engine.core.ids import Player, Zone
from engine.core.state import PlayerState, Stat, State
from engine.mechanics.tag_team.fighters import (
    CROSS_BOOST_GAUGE,
    CROSS_STRIKE_GAUGE,
    can_switch,
    partners_card,
    usable,
)
from engine.mechanics.tag_team.recipe import TeamRecipe
from engine.mechanics.tag_team.words import WORDS

DOUBLE_EX_COPIES = 3
_EJECTION = c.EjectionStrike(timing=c.Timing.AFTER)
"""The after trigger an EX attack against a team carries (``ejection_strike``)."""


# --- actions -----------------------------------------------------------------------


def tag_actions(table: Table, who: Player) -> list[Decision]:
    """The Tag Team actions ``who`` may take now (none for a single fighter)."""
    p = table.p(who)
    if p.partner is None:
        return []
    options: list[Decision] = []
    if can_switch(p):
        options.append(SwitchFighters())
    partner = table.catalog.character(p.partner)
    if not p.partner_exceeded and len(p.gauge) >= partner.exceed_cost:
        options.append(CrossExceed())
    seen: set[str] = set()
    for card in p.hand:
        card_id = table.state.card_defs[card]
        if card_id in seen or not partners_card(table.catalog, p, card_id):
            continue
        seen.add(card_id)
        if _cross_boost_gauge(table, who, card):
            options.append(CrossBoost(card=card))
    return options


def _cross_boost_gauge(table: Table, who: Player, card: int) -> tuple[int, ...]:
    """The gauge cards ``who`` may spend on a Cross Boost of ``card`` and still pay its
    force cost with what is left (empty: the Cross Boost is not possible)."""
    cost = table.card(card).boost.force_cost
    force = table.force_for_costs(who, exclude=(card,))
    return tuple(g for g in table.p(who).gauge if force - table.force_value(g) >= cost)


def switch(table: Table, who: Player, reason: SwitchReason) -> None:
    table.emit(ev.FighterSwitched(player=who, reason=reason))


def pay_cross_boost(table: Table, who: Player, card: int) -> Flow[None]:
    """Cross Boost's extra cost: 1 gauge (the boost's force cost is paid as usual)."""
    candidates = _cross_boost_gauge(table, who, card)
    decision = yield PayGaugeRequest(
        player=who, amount=CROSS_BOOST_GAUGE, candidates=candidates
    )
    assert isinstance(decision, PayCards)
    for spent in decision.cards:
        table.move(who, spent, Zone.GAUGE, Zone.DISCARD, ev.MoveReason.GAUGE_SPENT)


# --- setting attacks -----------------------------------------------------------------


def attack_options(
    table: Table, who: Player, by_id: dict[str, list[int]], options: list[Decision]
) -> list[Decision]:
    """The extra ways a team may set: Double EX triples of a Normal, and every card
    option again as a Cross Strike when 2 gauge can tag the other fighter in."""
    p = table.p(who)
    if p.partner is None:
        return []
    extra: list[Decision] = [
        SetAttack(cards=tuple(refs[:DOUBLE_EX_COPIES]))
        for refs in by_id.values()
        if len(refs) >= DOUBLE_EX_COPIES and table.card(refs[0]).kind is CardKind.NORMAL
    ]
    if can_switch(p) and len(p.gauge) >= CROSS_STRIKE_GAUGE:
        sets = [o for o in (*options, *extra) if isinstance(o, SetAttack)]
        extra.extend(CrossStrike(cards=o.cards) for o in sets)
    return extra


def cross_strike(table: Table, who: Player) -> Flow[None]:
    """Spend 2 gauge and tag in the other fighter, as the attack is set."""
    paid = yield from pay_gauge(table, who, CROSS_STRIKE_GAUGE)
    assert paid, "Cross Strike offered without the gauge for it"
    switch(table, who, SwitchReason.CROSS_STRIKE)


def valid_attack(table: Table, who: Player, card: int) -> bool:
    """False for a special or ultra of ``who``'s tagged-out fighter: an Invalid Attack."""
    return usable(table.catalog, table.p(who), table.card(card).id)


def double_ex_bonus(table: Table, who: Player) -> None:
    """Double EX: another +1 power, speed, armor and guard on top of EX's."""
    for stat in (Stat.POWER, Stat.SPEED, Stat.ARMOR, Stat.GUARD):
        table.emit(ev.StatModified(player=who, stat=stat, amount=1))


# --- the mechanic ------------------------------------------------------------------------


def _prepare(partner: str, partner_life: int, player: PlayerState) -> None:
    player.partner, player.partner_life = partner, partner_life


PARTNER_LIFE = "partner life"
"""The counter of a team seat: its tagged-out fighter's life."""


class TagTeam(TeamRecipe):
    """Tag Team's hooks: each one does nothing for a seat without a partner."""

    name = "tag_team"
    words = WORDS

    def attached(self, state: State, catalog: Catalog) -> bool:
        return any(p.partner is not None for p in state.players)

    def attached_seat(self, state: State, catalog: Catalog, who: Player) -> bool:
        """A team seat: one with a tagged-out partner."""
        return state.players[who].partner is not None

    def counters(self, state: State, who: Player) -> dict[str, int]:
        """The tagged-out partner's life (Street Fighter rulebook, Tag Team: each
        fighter keeps its own life)."""
        return {PARTNER_LIFE: state.players[who].partner_life}

    def seat(self, catalog: Catalog, spec: str) -> Seat | None:
        """A team spec (``"ryu+ken"``): 20 life each, the 52-card team deck, the second
        fighter tagged out (``engine.cards.team.seat``)."""
        if not team.is_team(spec):
            return None
        s = team.seat(catalog, spec)
        assert s.partner is not None
        return Seat(s.character, s.life, s.deck, partial(_prepare, s.partner, s.partner_life))

    def action_options(self, table: Table, who: Player) -> list[Decision]:
        return tag_actions(table, who)

    def max_life(self, table: Table, who: Player) -> int | None:
        """A team's fighter in play has at most its 20 life (Tag Team: "Each character
        has 20 life"; FAQ: life never goes above its maximum); a single fighter keeps
        the rulebook's 30."""
        return team.TEAM_LIFE if table.p(who).partner is not None else None

    def may_boost(self, table: Table, who: Player, card_id: str) -> bool:
        """The tagged-out fighter's cards need a Cross Boost."""
        return usable(table.catalog, table.p(who), card_id)

    def perform(
        self, table: Table, who: Player, decision: Decision, rules: TurnRules
    ) -> Flow[bool] | None:
        if isinstance(decision, SwitchFighters | CrossExceed | CrossBoost):
            return _perform(table, who, decision, rules)
        return None

    def attack_options(
        self, table: Table, who: Player, by_id: dict[str, list[int]], options: list[Decision]
    ) -> list[Decision]:
        return attack_options(table, who, by_id, options)

    def set_attack(
        self, table: Table, who: Player, decision: Decision
    ) -> Flow[tuple[int, ...]] | None:
        if isinstance(decision, CrossStrike):
            return _cross_strike_set(table, who, decision)
        return None

    def ex(self, table: Table, who: Player, copies: int) -> None:
        if copies == DOUBLE_EX_COPIES - 1:
            double_ex_bonus(table, who)

    def attack_valid(self, table: Table, who: Player, card: int) -> bool:
        return valid_attack(table, who, card)

    def after_triggers(self, table: Table, who: Player) -> tuple[tuple[int, c.Effect], ...]:
        """Ejection Strike: an EX or Double EX attack against a team has one more
        ``after`` trigger, carried by the attack card (Street Fighter rulebook, Tag Team:
        "This gives your attack 'After: If the opponent is stunned, you may swap ...'"),
        which its player orders with the attack's other after triggers (core rulebook:
        "you choose the order to activate each trigger"); it ran after all of them. Only
        once the opponent is stunned (the strike's damage has settled it by the after
        timing): an ejection that cannot act is no trigger to put in order."""
        strike = table.state.strike
        if strike is None or table.p(who.other).partner is None:
            return ()
        side = strike.sides[who]
        if not side.ex or side.card is None or not strike.sides[who.other].stunned:
            return ()
        return ((side.card, _EJECTION),)


def _perform(
    table: Table, who: Player, decision: SwitchFighters | CrossExceed | CrossBoost,
    rules: TurnRules,
) -> Flow[bool]:
    act = ev.ActionKind
    if isinstance(decision, SwitchFighters):
        table.emit(ev.ActionTaken(player=who, action=act.SWITCH))
        switch(table, who, SwitchReason.SWITCH)
        return False
    if isinstance(decision, CrossExceed):
        table.emit(ev.ActionTaken(player=who, action=act.CROSS_EXCEED))
        around = partial(switch, table, who, SwitchReason.CROSS_EXCEED)
        return (yield from rules.exceed(table, who, around))
    table.emit(ev.ActionTaken(player=who, action=act.CROSS_BOOST, card=decision.card))
    yield from pay_cross_boost(table, who, decision.card)
    return (yield from rules.play_boost(table, who, decision.card))


def _cross_strike_set(table: Table, who: Player, decision: CrossStrike) -> Flow[tuple[int, ...]]:
    yield from cross_strike(table, who)
    return decision.cards
