"""The clash traits of an attack for the heuristic agent: what its unconditional (or
seat-role-held) "During Strike" effects change when two attacks meet (core rulebook,
Resolving Strikes): stun immunity, a hit that cannot stun, ignored armor or guard, dodges
by speed or range, and its stat ups; and ``Threat``, one attack of a deck list with its
share. Read once per card and role, cached with the agent's catalog
(``engine.play.heuristic_cache``); ``engine.play.heuristic_clash`` uses them.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards.schema import CardDef, Effect, Timing
from engine.play import heuristic_cache as cache
from engine.vocabulary.base import ConditionKind
from engine.vocabulary.stats import Armorup, Guardup, Powerup, Speedup
from engine.vocabulary.traits import (
    CannotStun,
    DodgeAtRange,
    HigherSpeedMisses,
    IgnoreArmor,
    IgnoreGuard,
    StunImmunity,
)


class Threat(NamedTuple):
    """One distinct attack of the opponent's deck list, with its share of the list."""

    power: int
    speed: int
    armor: int
    guard: int
    card: CardDef
    share: float


class Traits(NamedTuple):
    """What an attack's unconditional "During Strike" effects change in a clash (core
    rulebook, Resolving Strikes), read once per card and seat role."""

    unstunnable: bool
    """``stun_immunity``: it is never stunned (Orie's Succession, Sealing Hoplon)."""
    cannot_stun: bool
    """``cannot_stun``: its hit never stuns (Hilda's Skewer; Enkidu's Tidal Spin as
    defender)."""
    ignore_armor: bool
    ignore_guard: bool
    dodge_speed: int | None
    """``higher_speed_misses``: attacks of at least this speed miss it (Sacred Arrow)."""
    dodge_range: tuple[int, int] | None
    """``dodge_at_range``: attacks from these distances miss it (Luminous Embrace)."""
    stats: tuple[int, int, int, int]
    """Its unconditional or role-held power, speed, armor and guard ups (Ryu's Shoryuken
    defending: +2 speed; Ken's Shinryuken attacking: +4 power)."""


_TRAITS: dict[tuple[str, bool], Traits] = cache.register({})
_ROLE_HELD = {ConditionKind.INITIATED_STRIKE: True, ConditionKind.NOT_INITIATED_STRIKE: False}
"""The conditions on the seat's role, and the role under which each holds."""


def traits(card: CardDef, attacking: bool) -> Traits:
    """``card``'s clash ``Traits`` as attacker (``attacking``) or defender: its "During
    Strike" effects that hold unconditionally or on this role, with their chained
    effects."""
    key = (card.id, attacking)
    known = _TRAITS.get(key)
    if known is None:
        held: list[Effect] = []
        for effect in card.effects:
            if effect.timing is Timing.DURING_STRIKE:
                _held(effect, attacking, held)
        dodge_speed: int | None = None
        dodge_range: tuple[int, int] | None = None
        for e in held:
            if isinstance(e, HigherSpeedMisses):
                dodge_speed = e.dodge_at_speed_greater_or_equal
                if dodge_speed is None:
                    dodge_speed = card.speed + 1
            elif isinstance(e, DodgeAtRange):
                dodge_range = (e.range_min, e.range_max)
        ups = tuple(sum(e.amount for e in held if isinstance(e, kind)
                        and isinstance(e.amount, int))
                    for kind in (Powerup, Speedup, Armorup, Guardup))
        known = _TRAITS[key] = Traits(
            any(isinstance(e, StunImmunity) for e in held),
            any(isinstance(e, CannotStun) for e in held),
            any(isinstance(e, IgnoreArmor) and not e.opponent for e in held),
            any(isinstance(e, IgnoreGuard) and not e.opponent for e in held),
            dodge_speed, dodge_range, (ups[0], ups[1], ups[2], ups[3]))
    return known


def _held(effect: Effect, attacking: bool, held: list[Effect]) -> None:
    """Add ``effect`` and its chained effects to ``held`` when it holds in this role."""
    condition = effect.condition
    if condition is not None and _ROLE_HELD.get(condition.kind) is not attacking:
        return
    held.append(effect)
    for chained in effect.then:
        _held(chained, attacking, held)


def dodges(mine: Traits, speed: int, distance: int) -> bool:
    """An attack of ``speed`` from ``distance`` misses a fighter whose attack has
    ``mine``."""
    if mine.dodge_speed is not None and speed >= mine.dodge_speed:
        return True
    return mine.dodge_range is not None and mine.dodge_range[0] <= distance <= mine.dodge_range[1]
