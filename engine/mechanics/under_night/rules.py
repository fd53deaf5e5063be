"""The Under Night In-Birth mechanic (UNI rulebook), attached by the Under Night season:

- ``attack_set``: effects waiting for their player's attack to be set run (uni Spike
  boost, Mixup), before the other player sets;
- ``cleanup``: Trap boosts sustain themselves if their owner is not stunned (UNI
  rulebook, Trap Boosts; Cleanup step 2); the turn of the strike is noted (once per
  turn) for ``last_turn_was_strike``;
- ``action_options`` / ``perform``: a continuous boost in play with ``action`` effects
  (an "Action:" ability, Seth's Stitched Segment) offers them as a turn action.
- ``nonlethal_in_full``: nonlethal damage counts in full toward the stun (Glossary).
- ``boost_bonus_ended``: Superior leaving play mid-strike ends the EX it gave.
- ``ex_granted``: Superior in play makes a single card an EX attack as it is set (for
  ``strike_with_ex``).

The Revert and Exceed-now effects are handlers (``effects``); the season's events and
folds are ``engine.core.events.under_night`` and ``folds``.
"""

from __future__ import annotations

from typing import Final

from engine.cards import schema as c
from engine.cards.effect_walk import iter_effects
from engine.cards.schema import Season, Timing, timed
from engine.cards.seasons import SeasonDef
from engine.core import events as ev
from engine.core.context import ActionScope, EffectCtx, Flow, Table
from engine.core.decisions import BoostAction, Decision, Strike
from engine.core.event_base import EventStruct
from engine.core.events.under_night import (
    AfterSetEffectsDue,
    AttackExEnded,
    AttackMadeEx,
    StrikeTurnNoted,
    TrapSprung,
)
from engine.core.hooks.mechanic import TurnRules
from engine.core.ids import Player
from engine.effects.registry import resolve_all
from engine.mechanics.under_night.recipe import TrapRecipe
from engine.mechanics.under_night.state import (
    UNDER_NIGHT,
    of,
    trap_space,
    trap_stops,
    traps_stop_now,
)
from engine.mechanics.under_night.words import WORDS

SEASON: Final = SeasonDef(id=Season.UNDER_NIGHT, number=6, deck_size=None,
                          ruleset="under_night")
"""Season 6, Under Night In-Birth: decks of the sizes their data lists (29-36). Declared
once (``engine.cards.seasons``; ``schema.Season`` is append-only, its order is log format)."""


class UnderNight(TrapRecipe):
    """Under Night In-Birth: state ``UnderNightState`` (``State.mechanics``)."""

    name = UNDER_NIGHT
    season = SEASON
    seasons = frozenset({SEASON.id})
    words = WORDS

    def nonlethal_in_full(self, table: Table) -> bool:
        """UNI rulebook, Glossary, Non-lethal damage: "Damage that can't bring the
        opponent below 1 life. They still take full damage for the purposes of Stunning,
        Armor, and other effects": what the 1-life floor holds back still counts toward
        the strike's damage taken (the stun against guard)."""
        return True

    def forced_actions(self, table: Table, who: Player) -> list[Decision]:
        """Strike only, while a boost has forced ``who`` to strike this turn and no
        strike has happened yet (``start_of_turn_strike``)."""
        found = of(table.state)
        if found is not None and found.turn_strike[who] and table.state.strike is None:
            return [Strike()]
        return []

    def attack_valid(self, table: Table, who: Player, card: int) -> bool:
        """An attack an effect made invalid (``invalidate_attack``) cannot be paid for;
        nor can ``who``'s wild-swung attack whose set effects make it invalid when it is
        a wild swing (Waldstein's Verderben, "invalid if not set face up": ``set_strike:
        [if was_wild_swing] invalidate_attack``), which a replacement wild swing would
        otherwise escape: it runs no set effects (core rulebook, Invalid attacks: "These
        replacement Wild Swings are not considered to be setting a new attack";
        effects.md, strike resolution step 8)."""
        found = of(table.state)
        if found is not None and card in found.invalidated:
            return False
        strike = table.state.strike
        side = strike.sides[who] if strike is not None else None
        return not (side is not None and side.wild and side.card == card
                    and _invalid_when_wild(table.card(card).effects))

    def boost_bonus_ended(self, table: Table, event: EventStruct) -> None:
        """Superior (uni Cross boost, ``during_strike: attack_is_ex``) left play
        mid-strike: the attack it made EX no longer is (``AttackExEnded``), unless
        another boost of that player's still in play makes it EX (core rulebook, Boosts:
        continuous boost effects "are active until they are discarded after Cleanup or
        by a card effect")."""
        if isinstance(event, AttackMadeEx) and not _ex_boosts(table, event.player):
            table.emit(AttackExEnded(player=event.player))

    def ex_granted(self, table: Table, who: Player) -> bool:
        """A continuous boost of ``who``'s in play makes their attack EX whatever its
        cards (the uni Cross's boost Superior, ``during_strike: attack_is_ex``, with no
        condition): a single card is then an EX attack (effects.md, strike_with_ex: "a
        pair, or with an EX-granting boost")."""
        return any(effect.condition is None for effect in _ex_boosts(table, who))

    def attack_set(self, table: Table, who: Player) -> Flow[None]:
        """``who`` has set their attack and resolved their set effects: their pending
        after-set effects run (``strike_effect_after_setting``), before the other player
        sets (effects.md, strike resolution step 3: "any 'after setting' extra"; "The
        defender sees the outcome before responding")."""
        found = of(table.state)
        pending = tuple(found.after_set[who]) if found is not None else ()
        if pending:
            table.emit(AfterSetEffectsDue(player=who))
            yield from resolve_all(EffectCtx(table, who), pending)

    def cleanup(self, table: Table, who: Player) -> Flow[None]:
        """Trap boosts of ``who``'s (``is_trap``) sustain themselves unless ``who`` is
        stunned (or they are marked for the gauge: ``PlayerState.may_sustain``); at the
        attacker's cleanup, the turn is noted as one with a strike (``StrikeTurnNoted``,
        once per turn)."""
        strike = table.state.strike
        assert strike is not None
        found = of(table.state)
        if who == strike.attacker and (found is None or found.strike_turn != table.state.turn):
            table.emit(StrikeTurnNoted(turn=table.state.turn))
        if strike.sides[who].stunned:
            return
        p = table.p(who)
        for boost in list(p.boosts):
            if (trap_space(table.state, boost) is not None and p.may_sustain(boost)
                    and is_trap(table, boost)):  # not a boost placed on a space (Rachel's)
                table.emit(ev.BoostSustained(player=who, card=boost))
        return
        yield

    def action_options(self, table: Table, who: Player) -> list[Decision]:
        """A ``BoostAction`` for each of ``who``'s continuous boosts in play whose boost
        has ``action`` effects, in play order."""
        return [
            BoostAction(card=boost)
            for boost in table.p(who).boosts
            if timed(table.card(boost).boost.effects, Timing.ACTION)
        ]

    def perform(
        self, table: Table, who: Player, decision: Decision, rules: TurnRules
    ) -> Flow[bool] | None:
        if isinstance(decision, BoostAction):
            return _boost_action(table, who, decision.card)
        return None

    def stop_space(self, table: Table, mover: Player, src: int, dst: int) -> int:
        """During a strike's attacks (``traps_stop_now``), a stopping Trap (``place_trap``
        with a ``stop_on_space_effect``) of either player's on a space ``mover`` would
        move onto or through stops them there (the nearest such space; not one under the
        other fighter, nor one already sprung): its owner's own movement too, as the
        reference client's Web Traps do (``test_byakuya_webtrap_self_movement``:
        Byakuya's retreat stops on his own Web Trap, which springs). Reads only."""
        found, stops = of(table.state), trap_stops(table.state)
        if (found is None or stops is None or not stops.stopping or src == dst
                or not traps_stop_now(table.state)):
            return dst
        step = 1 if dst > src else -1
        path = range(src + step, dst + step, step)
        boosts = (table.p(mover).boosts, table.p(mover.other).boosts)
        spaces = {found.traps.get(card) for card in stops.stopping
                  if any(card in kept for kept in boosts) and card not in stops.sprung}
        for space in path:
            if space in spaces and space != table.p(mover.other).space:
                return space
        return dst

    def after_effect(self, table: Table) -> Flow[None]:
        """Each sprung Trap (the opponent stopped on it): ``TrapSprung``, then its
        ``stop_on_space_effect`` runs for its owner, the Trap as source."""
        stops = trap_stops(table.state)
        while stops is not None and stops.sprung:
            card = stops.sprung[0]
            owner = next(p for p in (Player.P1, Player.P2) if card in table.p(p).boosts)
            table.emit(TrapSprung(player=owner, card=card))
            yield from resolve_all(EffectCtx(table, owner, card), trap_stop_effect(table, card))
            stops = trap_stops(table.state)


def is_trap(table: Table, card: int) -> bool:
    """``card`` is a Trap (a ``place_trap`` in its boost or attack effects): placed on a
    space, it sustains itself (UNI rulebook, Trap Boosts). A boost merely placed on a
    space (``place_boost_in_space``, Rachel's) does not."""
    definition = table.card(card)
    return any(isinstance(effect, c.PlaceTrap)
               for root in (definition.boost.effects, definition.effects)
               for effect in iter_effects(root))


def trap_stop_effect(table: Table, card: int) -> tuple[c.Effect, ...]:
    """The ``stop_on_space_effect`` of the ``place_trap`` on ``card`` (its boost's, else
    one nested in its attack effects, as Byakuya's ultras place themselves)."""
    definition = table.card(card)
    for root in (definition.boost.effects, definition.effects):
        for effect in iter_effects(root):
            if isinstance(effect, c.PlaceTrap) and effect.stop_on_space_effect:
                return effect.stop_on_space_effect
    return ()


def _boost_action(table: Table, who: Player, card: int) -> Flow[bool]:
    """The boost's ``action`` effects, with the boost as their source (it may discard
    itself first, as Stitched Segment does). No printed Action asks for a strike, so
    none is started."""
    table.emit(ev.ActionTaken(player=who, action=ev.ActionKind.BOOST_ACTION, card=card))
    effects = [e for e in table.card(card).boost.effects if e.timing is Timing.ACTION]
    yield from resolve_all(EffectCtx(table, who, card, ActionScope()), effects)
    return False


def _invalid_when_wild(effects: tuple[c.Effect, ...]) -> bool:
    """Some ``set_strike`` effect of an attack makes it invalid when it is a wild swing
    (``[if was_wild_swing] invalidate_attack``)."""
    return any(isinstance(e, c.InvalidateAttack) and e.condition is not None
               and e.condition.kind is c.ConditionKind.WAS_WILD_SWING
               for e in timed(effects, Timing.SET_STRIKE))


def _ex_boosts(table: Table, who: Player) -> list[c.AttackIsEx]:
    """The ``during_strike: attack_is_ex`` effects of ``who``'s continuous boosts in play
    (the uni Cross's Superior)."""
    return [effect for boost in table.p(who).boosts
            for effect in timed(table.card(boost).boost.effects, Timing.DURING_STRIKE)
            if isinstance(effect, c.AttackIsEx)]
