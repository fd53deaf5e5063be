"""The strike: attacks set and revealed, their stats changed, priority, hits and misses, damage, stun, and the strike's end."""

from __future__ import annotations

from engine.cards.schema import Effect
from engine.core.event_base import EventStruct as _Event
from engine.core.events.reasons import MissReason
from engine.core.ids import Player
from engine.core.state import AttackFlag, Stat


class StrikeStarted(_Event, frozen=True, tag="strike_started"):
    attacker: Player


class AttackSet(_Event, frozen=True, tag="attack_set"):
    """``player`` set ``cards`` face-down (two for EX) or wild swung the top card."""

    player: Player
    cards: tuple[int, ...]
    wild: bool


class AttacksRevealed(_Event, frozen=True, tag="revealed"):
    """Both attacks are face-up: ``p1`` and ``p2`` list each side's set cards."""

    p1: tuple[int, ...]
    p2: tuple[int, ...]


class AttackInvalid(_Event, frozen=True, tag="invalid"):
    """The attack could not be paid for (or was declined); it goes to the discard pile."""

    player: Player
    card: int


class WildSwingRevealed(_Event, frozen=True, tag="wild_swing"):
    """A replacement wild swing after an invalid attack: ``card`` is face-up at once."""

    player: Player
    card: int


class StatModified(_Event, frozen=True, tag="stat"):
    player: Player
    stat: Stat
    amount: int


class PowerSet(_Event, frozen=True, tag="power_set"):
    player: Player
    value: int


class AttackFlagged(_Event, frozen=True, tag="flag"):
    player: Player
    flag: AttackFlag


class AttackEffectAdded(_Event, frozen=True, tag="effect_added"):
    player: Player
    effect: Effect


class PowerBonusesMultiplied(_Event, frozen=True, tag="power_multiplied"):
    """``player``'s positive power bonuses count ``factor`` times (the largest factor wins)."""

    player: Player
    factor: int


class DodgeAtRangeGained(_Event, frozen=True, tag="dodge_at_range"):
    """Attacks on ``player`` from a distance in ``low``..``high`` miss this strike."""

    player: Player
    low: int
    high: int


class RangePerBoostGained(_Event, frozen=True, tag="range_per_boost"):
    """``player``'s attack range grows by ``amount``/``amount2`` per own continuous boost."""

    player: Player
    amount: int
    amount2: int


class AttackTurnedFaceUp(_Event, frozen=True, tag="attack_face_up"):
    """``player``'s set attack ``cards`` are revealed before the other side responds."""

    player: Player
    cards: tuple[int, ...]


class PassingBlocked(_Event, frozen=True, tag="passing_blocked"):
    """While ``blocked``, ``player``'s opponent cannot move past ``player`` by themselves."""

    player: Player
    blocked: bool


class PriorityDetermined(_Event, frozen=True, tag="priority"):
    first: Player
    speed_p1: int
    speed_p2: int


class AttackActivated(_Event, frozen=True, tag="activated"):
    player: Player


class AttackSkipped(_Event, frozen=True, tag="skipped"):
    """A stunned player's attack does not activate."""

    player: Player


class AttackHit(_Event, frozen=True, tag="hit"):
    player: Player
    distance: int


class AttackMissed(_Event, frozen=True, tag="missed"):
    player: Player
    reason: MissReason
    distance: int


class DamageDealt(_Event, frozen=True, tag="damage"):
    """``target`` lost ``amount`` life; ``absorbed`` is the armor the hit used up."""

    target: Player
    amount: int
    absorbed: int


class DamageCounted(_Event, frozen=True, tag="damage_counted"):
    """``amount`` more damage counts as taken by ``target`` this strike though no life
    was lost: the part of a nonlethal hit that the 1-life floor held back, where the
    season's rules count it in full (UNI and BlazBlue rulebooks, Glossary, Non-lethal
    damage: "They still take full damage for the purposes of Stunning, Armor, and other
    effects")."""

    target: Player
    amount: int


class PlayerStunned(_Event, frozen=True, tag="stunned"):
    player: Player


class AdvantageGained(_Event, frozen=True, tag="advantage"):
    player: Player


class StrikeEnded(_Event, frozen=True, tag="strike_ended"):
    pass
