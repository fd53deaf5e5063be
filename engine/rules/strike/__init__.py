"""Strike resolution, step by step as in the core rulebook ("Resolving Strikes").

Set (attacker, then defender, each followed by their ``set_strike`` effects such as
Critical; the defender first after Akuma's Fakeout) → reveal → costs (EX copy discarded,
ultra gauge and force-special costs, the invalid-attack wild swing chain) →
during-strike bonuses (failed conditions retried) → priority (higher speed, ties to the
attacker) → the active attack (before, automatic misses and dodges, range check from
the origin, hit effects, damage, after) → the reactive attack unless stunned → cleanup,
attacker first.

This module holds the flow itself (``run_strike``, ``strike_from``) and the points it can
be entered at (``StrikeStep``); each step lives in its own module, in rulebook order:

- ``setting``: the attacks set (the legal options, face-down, face-up or from gauge);
- ``timing``: the effects of a timing gathered and run in order (``set_strike``,
  ``on_strike_reveal``, ``during_strike``, ...), used by every step;
- ``costs``: the EX copy, gauge and force costs, Invalid Attacks;
- ``priority``: total speed and who attacks first;
- ``attack``: one attack (before, misses and the range check, hit, after) and extra
  attacks;
- ``damage``: armor, damage, stun;
- ``cleanup``: boosts leave play, attack cards to gauge or discard.

Season mechanics plug in through their hooks (``engine.core.hooks.mechanic``), called in a
loop at fixed points: attack options, setting an attack they offered, reveal, EX,
attack validity, after an attack, cleanup.
"""

from __future__ import annotations

import enum

from engine.cards.schema import Timing
from engine.core import events as ev
from engine.core.context import AttackSetting, Flow, Table, rule
from engine.core.ids import Player
from engine.core.state import StrikeState
from engine.effects.strike_control import make_delayed_wild_swing
from engine.rules.strike.attack import activate
from engine.rules.strike.cleanup import cleanup
from engine.rules.strike.costs import pay_costs
from engine.rules.strike.priority import determine_priority
from engine.rules.strike.setting import opponent_set_strike, set_attack
from engine.rules.strike.timing import current_strike, run_during_strike, run_timing


class StrikeStep(enum.IntEnum):
    """The points a strike can be entered at (a built position, or the rules asked again
    after an edit): each names what comes next."""

    FIRST_SETS = 0
    """The first player (the attacker, unless the defender sets first) sets an attack."""
    SECOND_SETS = 1
    """The other player sets an attack."""
    REVEAL = 2
    """Both attacks are set; they are revealed next."""
    PAY_COSTS = 3
    """The attacks are revealed (and the reveal's decisions taken); costs are paid next."""


def strike_step(strike: StrikeState) -> StrikeStep:
    """Where the strike in ``strike`` stands, read from its sides (the attacker sets
    first)."""
    attacker, defender = strike.sides[strike.attacker], strike.sides[strike.defender]
    if not attacker.cards:
        return StrikeStep.FIRST_SETS
    if not defender.cards:
        return StrikeStep.SECOND_SETS
    return StrikeStep.PAY_COSTS if attacker.revealed else StrikeStep.REVEAL


def run_strike(
    table: Table,
    attacker: Player,
    defender_sets_first: bool = False,
    forced_wild: frozenset[Player] = frozenset(),
    setting: AttackSetting | None = None,
) -> Flow[None]:
    """Resolve a whole strike initiated by ``attacker`` (Akuma's Fakeout: the defender
    sets, with their set effects, before the attacker; ``forced_wild``: the players who
    must wild swing, Morathi's Fates Crossing; ``setting``: how the attacker sets, Hyde's
    face-up or from-gauge strikes)."""
    table.boost_bonuses.clear()
    table.emit(ev.StrikeStarted(attacker=attacker))
    yield from strike_from(
        table, StrikeStep.FIRST_SETS, defender_sets_first, forced_wild, setting
    )


@rule("strike")
def strike_from(
    table: Table,
    step: StrikeStep,
    defender_sets_first: bool = False,
    forced_wild: frozenset[Player] = frozenset(),
    setting: AttackSetting | None = None,
) -> Flow[None]:
    """The strike in progress, from ``step`` to its end (core rulebook, Strikes: set,
    each set followed by its player's set effects and the mechanics' ``attack_set``
    hooks, before the other player sets (effects.md, strike resolution step 3: the
    defender sees the outcome before responding); reveal (then the mechanics' reveal
    hooks and both players' ``on_strike_reveal`` effects, attacker first), pay costs,
    during-strike effects, priority, the two attacks, cleanup).

    A fighter with ``delayed_wild_swing`` (Morathi) who chooses to wild swing turns the
    top card over only after their set effects (unless one of them does it first:
    ``strike_wild auto_delayed_strike``)."""
    strike = current_strike(table)
    attacker, defender = strike.attacker, strike.defender
    setters = (defender, attacker) if defender_sets_first else (attacker, defender)
    for who in setters if step <= StrikeStep.SECOND_SETS else ():
        side = strike.sides[who]
        if not side.cards and not side.wild:  # entered at the second setter: one has set
            how = setting if who == attacker else None
            yield from set_attack(table, who, who in forced_wild, how)
            yield from run_timing(table, who, Timing.SET_STRIKE)
            yield from opponent_set_strike(table, who.other)
            for attack_set in table.hooks.attack_set:
                yield from attack_set(table, who)
        make_delayed_wild_swing(table, who)
    if step <= StrikeStep.REVEAL:
        table.emit(
            ev.AttacksRevealed(p1=tuple(strike.sides[0].cards), p2=tuple(strike.sides[1].cards))
        )
        for reveal in table.hooks.reveal:
            yield from reveal(table)
        for who in (attacker, defender):
            yield from run_timing(table, who, Timing.ON_STRIKE_REVEAL)
    for who in (attacker, defender):
        yield from pay_costs(table, who)
    for who in (attacker, defender):
        yield from run_during_strike(table, who)
    first = determine_priority(table)
    yield from activate(table, first)
    second = first.other
    if strike.sides[second].stunned:
        table.emit(ev.AttackSkipped(player=second))
    else:
        yield from activate(table, second)
    for who in (attacker, defender):
        yield from cleanup(table, who)
    table.emit(ev.StrikeEnded())
