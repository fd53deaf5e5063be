"""The card-data schema: characters, attack cards, boosts, effects and conditions.

Card facts live in JSON files under ``engine/data/`` written in this schema and are
decoded and validated by ``engine.catalog``. Effects form a closed, typed vocabulary:
one frozen struct per effect type, tagged by its ``type`` field, so a typo in a data
file is a decode error rather than a silently ignored effect. Every effect type has
exactly one registered handler in ``engine.effects``; every condition kind has one
predicate in ``engine.conditions``.
"""

from __future__ import annotations

import enum

import msgspec


class Timing(enum.StrEnum):
    """When an effect fires. See ``docs/effects.md`` for the strike order."""

    SET_STRIKE = "set_strike"
    DURING_STRIKE = "during_strike"
    BEFORE = "before"
    HIT = "hit"
    AFTER = "after"
    CLEANUP = "cleanup"
    NOW = "now"
    IMMEDIATE = "immediate"
    END_OF_TURN = "end_of_turn"


class CardKind(enum.StrEnum):
    NORMAL = "normal"
    SPECIAL = "special"
    ULTRA = "ultra"


class BoostKind(enum.StrEnum):
    CONTINUOUS = "continuous"
    IMMEDIATE = "immediate"


class Season(enum.StrEnum):
    """The product line a character comes from; it selects the season mechanics."""

    STREET_FIGHTER = "street_fighter"


class ConditionKind(enum.StrEnum):
    IS_CRITICAL = "is_critical"
    INITIATED_STRIKE = "initiated_strike"
    NOT_INITIATED_STRIKE = "not_initiated_strike"
    HIT_OPPONENT = "hit_opponent"
    ADVANCED_THROUGH = "advanced_through"
    NOT_ADVANCED_THROUGH = "not_advanced_through"


class Condition(msgspec.Struct, frozen=True, kw_only=True):
    """A predicate gating an effect. ``amount`` is the argument some kinds take."""

    kind: ConditionKind
    amount: int | None = None


class _Effect(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Fields every effect carries.

    ``then`` runs after this effect, only if it ran; ``otherwise`` runs instead when the
    condition is false.
    """

    timing: Timing | None = None
    condition: Condition | None = msgspec.field(default=None, name="if")
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = msgspec.field(default=(), name="else")


# --- movement --------------------------------------------------------------------


class Advance(_Effect, frozen=True, kw_only=True, tag="advance"):
    amount: int


class Retreat(_Effect, frozen=True, kw_only=True, tag="retreat"):
    amount: int


class Close(_Effect, frozen=True, kw_only=True, tag="close"):
    amount: int


class Push(_Effect, frozen=True, kw_only=True, tag="push"):
    amount: int


class Pull(_Effect, frozen=True, kw_only=True, tag="pull"):
    amount: int


# --- attack stats ----------------------------------------------------------------


class Powerup(_Effect, frozen=True, kw_only=True, tag="powerup"):
    amount: int


class Speedup(_Effect, frozen=True, kw_only=True, tag="speedup"):
    amount: int


class Armorup(_Effect, frozen=True, kw_only=True, tag="armorup"):
    amount: int


class Guardup(_Effect, frozen=True, kw_only=True, tag="guardup"):
    amount: int


class Rangeup(_Effect, frozen=True, kw_only=True, tag="rangeup"):
    """``amount`` is added to the minimum range and ``amount2`` to the maximum."""

    amount: int
    amount2: int


class SetTotalPower(_Effect, frozen=True, kw_only=True, tag="set_total_power"):
    amount: int


class IgnoreArmor(_Effect, frozen=True, kw_only=True, tag="ignore_armor"):
    pass


class IgnoreGuard(_Effect, frozen=True, kw_only=True, tag="ignore_guard"):
    pass


class StunImmunity(_Effect, frozen=True, kw_only=True, tag="stun_immunity"):
    pass


class DodgeAttacks(_Effect, frozen=True, kw_only=True, tag="dodge_attacks"):
    pass


class IgnorePushAndPull(_Effect, frozen=True, kw_only=True, tag="ignore_push_and_pull"):
    pass


class AttackDoesNotHit(_Effect, frozen=True, kw_only=True, tag="attack_does_not_hit"):
    opponent: bool = False


class Critical(_Effect, frozen=True, kw_only=True, tag="critical"):
    pass


class WhenHitForceForArmor(_Effect, frozen=True, kw_only=True, tag="when_hit_force_for_armor"):
    amount: int


# --- strike control ----------------------------------------------------------------


class GainAdvantage(_Effect, frozen=True, kw_only=True, tag="gain_advantage"):
    pass


class Strike(_Effect, frozen=True, kw_only=True, tag="strike"):
    pass


class BonusAction(_Effect, frozen=True, kw_only=True, tag="bonus_action"):
    pass


class AddAttackEffect(_Effect, frozen=True, kw_only=True, tag="add_attack_effect"):
    added_effect: Effect


class AddStrikeToGaugeAfterCleanup(
    _Effect, frozen=True, kw_only=True, tag="add_strike_to_gauge_after_cleanup"
):
    pass


class ReturnAttackToTopOfDeck(
    _Effect, frozen=True, kw_only=True, tag="return_attack_to_top_of_deck"
):
    pass


class ReadingNormal(_Effect, frozen=True, kw_only=True, tag="reading_normal"):
    pass


# --- card flow ---------------------------------------------------------------------


class Draw(_Effect, frozen=True, kw_only=True, tag="draw"):
    amount: int


class OpponentDiscardRandom(_Effect, frozen=True, kw_only=True, tag="opponent_discard_random"):
    amount: int


class AddTopDiscardToGauge(_Effect, frozen=True, kw_only=True, tag="add_top_discard_to_gauge"):
    amount: int = 1


class NameCardOpponentDiscards(
    _Effect, frozen=True, kw_only=True, tag="name_card_opponent_discards"
):
    pass


class GaugeForEffect(_Effect, frozen=True, kw_only=True, tag="gauge_for_effect"):
    """Optionally spend exactly ``gauge_max`` gauge to run ``overall_effect``."""

    gauge_max: int
    overall_effect: tuple[Effect, ...]


# --- boosts ------------------------------------------------------------------------


class DiscardContinuousBoost(_Effect, frozen=True, kw_only=True, tag="discard_continuous_boost"):
    amount: int = 1
    required: bool = False


class AddToGaugeBoostPlayCleanup(
    _Effect, frozen=True, kw_only=True, tag="add_to_gauge_boost_play_cleanup"
):
    pass


class AddBoostToGaugeOnStrikeCleanup(
    _Effect, frozen=True, kw_only=True, tag="add_boost_to_gauge_on_strike_cleanup"
):
    pass


# --- control -----------------------------------------------------------------------


class Choice(_Effect, frozen=True, kw_only=True, tag="choice"):
    """The player picks one option; each option is a chain of effects."""

    options: tuple[tuple[Effect, ...], ...]


class Pass(_Effect, frozen=True, kw_only=True, tag="pass"):
    pass


Effect = (
    Advance
    | Retreat
    | Close
    | Push
    | Pull
    | Powerup
    | Speedup
    | Armorup
    | Guardup
    | Rangeup
    | SetTotalPower
    | IgnoreArmor
    | IgnoreGuard
    | StunImmunity
    | DodgeAttacks
    | IgnorePushAndPull
    | AttackDoesNotHit
    | Critical
    | WhenHitForceForArmor
    | GainAdvantage
    | Strike
    | BonusAction
    | AddAttackEffect
    | AddStrikeToGaugeAfterCleanup
    | ReturnAttackToTopOfDeck
    | ReadingNormal
    | Draw
    | OpponentDiscardRandom
    | AddTopDiscardToGauge
    | NameCardOpponentDiscards
    | GaugeForEffect
    | DiscardContinuousBoost
    | AddToGaugeBoostPlayCleanup
    | AddBoostToGaugeOnStrikeCleanup
    | Choice
    | Pass
)

EFFECT_TYPES: tuple[type[_Effect], ...] = Effect.__args__


def effect_tag(effect_type: type[_Effect]) -> str:
    """The data-file tag of an effect struct type, e.g. ``"advance"``."""
    tag = effect_type.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


# --- cards and characters ------------------------------------------------------------


class Boost(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    kind: BoostKind
    force_cost: int = 0
    effects: tuple[Effect, ...] = ()


class CardDef(msgspec.Struct, frozen=True, kw_only=True):
    """One attack card: the attack on top, the boost below.

    ``range`` is ``None`` for cards with no range (Block), which never hit.
    """

    id: str
    name: str
    kind: CardKind
    gauge_cost: int = 0
    force_cost: int = 0
    range: tuple[int, int] | None
    power: int
    speed: int
    armor: int = 0
    guard: int = 0
    effects: tuple[Effect, ...] = ()
    boost: Boost


class CharacterAction(msgspec.Struct, frozen=True, kw_only=True):
    """An "As an action..." option printed on the character card."""

    name: str
    gauge_cost: int = 0
    force_cost: int = 0
    effects: tuple[Effect, ...]


class DeckEntry(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    copies: int


class CharacterDef(msgspec.Struct, frozen=True, kw_only=True):
    """A fighter: both sides of the character card and the deck list."""

    id: str
    name: str
    season: Season
    life: int = 30
    exceed_cost: int
    ability: tuple[Effect, ...] = ()
    exceed_ability: tuple[Effect, ...] = ()
    actions: tuple[CharacterAction, ...] = ()
    exceed_actions: tuple[CharacterAction, ...] = ()
    on_exceed: tuple[Effect, ...] = ()
    deck: tuple[DeckEntry, ...]
