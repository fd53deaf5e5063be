"""Damage (core rulebook, Resolving Strikes: "Hit", "Damage"): a Block's force spent
for armor when hit, damage after armor (capped by ``nonlethal_attack`` and a life floor,
or taken as discards by Burning Justice's passive), the loss at 0 life, and the stun
when a strike's total damage exceeds guard."""

from __future__ import annotations

from engine.cards.schema import Passive
from engine.core import events as ev
from engine.core.asking import pay_force
from engine.core.attack_totals import total_armor, total_guard
from engine.core.context import Flow, Table, plain_rule
from engine.core.ids import Player
from engine.core.state import AttackBit, EndReason, Stat, life_floor
from engine.effects.boost_play import damage_as_discards, has_passive
from engine.rules.strike.timing import current_strike


def force_for_armor(table: Table, defender: Player) -> Flow[None]:
    """Block: when hit, the defender may spend force for +2 armor per force (asked on
    behalf of the defender's attack: the card that grants it); a force discount is free
    force on top (``pay_force``). Not once that attack's card has left the strike (the
    reference client's ``change_stats_when_attack_leaves_play`` ends it)."""
    side = current_strike(table).sides[defender]
    if (not side.flags & AttackBit.FORCE_FOR_ARMOR or side.left_strike
            or table.force_for_costs(defender) == 0):
        return
    force = yield from pay_force(table, defender, None, optional=True, source=side.attack)
    if force:
        table.emit(ev.StatModified(player=defender, stat=Stat.ARMOR, amount=2 * force))


@plain_rule("damage")
def deal_damage(table: Table, attacker: Player, power: int) -> None:
    """Damage after armor; stun when the strike's total damage exceeds guard.
    ``nonlethal_attack`` caps the damage at the target's life less 1 (what it holds
    back still counts toward the stun where a season's rules say so:
    ``nonlethal_in_full``), the target's
    ``cannot_go_below_life`` at their life less that floor. The discards-instead
    passive (Burning Justice) discards twice the damage after the nonlethal cap, as the
    reference client's ``apply_damage`` does (neither the floor nor the target's life
    caps it: they only bound the life lost); ``cannot_stun`` means no stun at all."""
    strike = current_strike(table)
    side, target = strike.sides[attacker], strike.sides[attacker.other]
    armor_left = 0
    if not side.flags & AttackBit.IGNORE_ARMOR:
        armor_left = max(0, total_armor(table, target) - target.armor_used)
    absorbed = min(power, armor_left)
    life = table.p(attacker.other).life
    damage = power - absorbed  # what the attack would deal, before the loss of life
    held = 0
    if side.flags & AttackBit.NONLETHAL:
        damage = max(0, min(damage, life - 1))
        held = power - absorbed - damage if nonlethal_in_full(table) else 0
    if damage and has_passive(table, attacker.other, Passive.DISCARD_2X_TOPDECK_INSTEAD_OF_DAMAGE):
        damage = damage_as_discards(table, attacker.other, damage)
    floor = life_floor(table.state, attacker.other)
    if floor:
        damage = max(0, min(damage, life - floor))
    damage = min(damage, life)
    table.emit(ev.DamageDealt(target=attacker.other, amount=damage, absorbed=absorbed))
    if table.p(attacker.other).life <= 0:
        table.lose(attacker.other, EndReason.LIFE)
    if held:
        table.emit(ev.DamageCounted(target=attacker.other, amount=held))
    guard = 0 if side.flags & AttackBit.IGNORE_GUARD else total_guard(table, target)
    if (
        target.damage_taken > guard
        and not target.stunned
        and not target.flags & AttackBit.STUN_IMMUNE
        and not side.flags & AttackBit.CANNOT_STUN
    ):
        table.emit(ev.PlayerStunned(player=attacker.other))


def nonlethal_in_full(table: Table) -> bool:
    """Whether the damage a nonlethal cap holds back still counts as taken this strike
    (a season mechanic's ``nonlethal_in_full``: the UNI and BlazBlue rulebooks)."""
    return any(counts(table) for counts in table.hooks.nonlethal_in_full)

