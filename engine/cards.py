"""The card-data schema: characters, attack cards and boosts, and the closed effect union.

Card facts live in JSON files under ``engine/data/`` written in this schema and are
decoded and validated by ``engine.catalog``. Effects form a closed, typed vocabulary:
one frozen struct per effect type, tagged by its ``type`` field, so a typo in a data
file is a decode error rather than a silently ignored effect. The structs live in
``engine.vocabulary`` (one module per domain); this module joins them into the
``Effect`` union and re-exports them. Every effect type has exactly one registered
handler in ``engine.effects`` (same module names); every condition kind has one
predicate in ``engine.conditions``.
"""

from __future__ import annotations

import enum

import msgspec

from engine.vocabulary.base import (
    BoostKind as BoostKind,
)
from engine.vocabulary.base import (
    Condition as Condition,
)
from engine.vocabulary.base import (
    ConditionKind as ConditionKind,
)
from engine.vocabulary.base import (
    Count as Count,
)
from engine.vocabulary.base import (
    EffectBase as EffectBase,
)
from engine.vocabulary.base import (
    Quantity as Quantity,
)
from engine.vocabulary.base import (
    SymbolicAmount as SymbolicAmount,
)
from engine.vocabulary.base import (
    Timing as Timing,
)
from engine.vocabulary.boosts import (
    AddBoostToGaugeOnStrikeCleanup as AddBoostToGaugeOnStrikeCleanup,
)
from engine.vocabulary.boosts import (
    AddToGaugeBoostPlayCleanup as AddToGaugeBoostPlayCleanup,
)
from engine.vocabulary.boosts import (
    AddToGaugeImmediately as AddToGaugeImmediately,
)
from engine.vocabulary.boosts import (
    BoostAdditional as BoostAdditional,
)
from engine.vocabulary.boosts import (
    BoostSource as BoostSource,
)
from engine.vocabulary.boosts import (
    ChooseSustainBoost as ChooseSustainBoost,
)
from engine.vocabulary.boosts import (
    DiscardContinuousBoost as DiscardContinuousBoost,
)
from engine.vocabulary.boosts import (
    SetEndOfTurnBoostDelay as SetEndOfTurnBoostDelay,
)
from engine.vocabulary.boosts import (
    SustainThis as SustainThis,
)
from engine.vocabulary.card_flow import (
    AddTopDeckToGauge as AddTopDeckToGauge,
)
from engine.vocabulary.card_flow import (
    AddTopDiscardToGauge as AddTopDiscardToGauge,
)
from engine.vocabulary.card_flow import (
    ChooseCardsFromTopDeck as ChooseCardsFromTopDeck,
)
from engine.vocabulary.card_flow import (
    DiscardTopdeck as DiscardTopdeck,
)
from engine.vocabulary.card_flow import (
    Draw as Draw,
)
from engine.vocabulary.card_flow import (
    GaugeFromHand as GaugeFromHand,
)
from engine.vocabulary.card_flow import (
    ShuffleDeck as ShuffleDeck,
)
from engine.vocabulary.card_flow import (
    TopDeckAction as TopDeckAction,
)
from engine.vocabulary.card_flow import (
    TopdeckFromHand as TopdeckFromHand,
)
from engine.vocabulary.card_flow import (
    UnchosenDestination as UnchosenDestination,
)
from engine.vocabulary.character_modes import (
    SetDanDrawChoice as SetDanDrawChoice,
)
from engine.vocabulary.character_modes import (
    SetUsedCharacterBonus as SetUsedCharacterBonus,
)
from engine.vocabulary.character_modes import (
    SkipEndOfTurnDraw as SkipEndOfTurnDraw,
)
from engine.vocabulary.control import (
    Choice as Choice,
)
from engine.vocabulary.control import (
    Pass as Pass,
)
from engine.vocabulary.costs import (
    ForceForEffect as ForceForEffect,
)
from engine.vocabulary.costs import (
    GaugeForEffect as GaugeForEffect,
)
from engine.vocabulary.costs import (
    SpendLife as SpendLife,
)
from engine.vocabulary.discards import (
    DiscardHand as DiscardHand,
)
from engine.vocabulary.discards import (
    DiscardRandom as DiscardRandom,
)
from engine.vocabulary.discards import (
    NameCardOpponentDiscards as NameCardOpponentDiscards,
)
from engine.vocabulary.discards import (
    NameRange as NameRange,
)
from engine.vocabulary.discards import (
    OpponentDiscardChoose as OpponentDiscardChoose,
)
from engine.vocabulary.discards import (
    OpponentDiscardRandom as OpponentDiscardRandom,
)
from engine.vocabulary.discards import (
    RevealHand as RevealHand,
)
from engine.vocabulary.discards import (
    SelfDiscardChoose as SelfDiscardChoose,
)
from engine.vocabulary.movement import (
    Advance as Advance,
)
from engine.vocabulary.movement import (
    Close as Close,
)
from engine.vocabulary.movement import (
    MoveToAnySpace as MoveToAnySpace,
)
from engine.vocabulary.movement import (
    OpponentCantMovePast as OpponentCantMovePast,
)
from engine.vocabulary.movement import (
    Pull as Pull,
)
from engine.vocabulary.movement import (
    PullAnyNumberOfSpacesAndGainPower as PullAnyNumberOfSpacesAndGainPower,
)
from engine.vocabulary.movement import (
    Push as Push,
)
from engine.vocabulary.movement import (
    PushOrPullToAnySpace as PushOrPullToAnySpace,
)
from engine.vocabulary.movement import (
    RemoveOpponentCantMovePast as RemoveOpponentCantMovePast,
)
from engine.vocabulary.movement import (
    Retreat as Retreat,
)
from engine.vocabulary.stats import (
    Armorup as Armorup,
)
from engine.vocabulary.stats import (
    Guardup as Guardup,
)
from engine.vocabulary.stats import (
    LoseAllArmor as LoseAllArmor,
)
from engine.vocabulary.stats import (
    MultiplyPositivePowerBonuses as MultiplyPositivePowerBonuses,
)
from engine.vocabulary.stats import (
    Powerup as Powerup,
)
from engine.vocabulary.stats import (
    PowerupBothPlayers as PowerupBothPlayers,
)
from engine.vocabulary.stats import (
    PowerupOpponent as PowerupOpponent,
)
from engine.vocabulary.stats import (
    Rangeup as Rangeup,
)
from engine.vocabulary.stats import (
    RangeupPerBoostModifier as RangeupPerBoostModifier,
)
from engine.vocabulary.stats import (
    SetStrikeX as SetStrikeX,
)
from engine.vocabulary.stats import (
    SetTotalPower as SetTotalPower,
)
from engine.vocabulary.stats import (
    Speedup as Speedup,
)
from engine.vocabulary.stats import (
    StrikeXSource as StrikeXSource,
)
from engine.vocabulary.strike_control import (
    AddAttackEffect as AddAttackEffect,
)
from engine.vocabulary.strike_control import (
    AddStrikeToGaugeAfterCleanup as AddStrikeToGaugeAfterCleanup,
)
from engine.vocabulary.strike_control import (
    BonusAction as BonusAction,
)
from engine.vocabulary.strike_control import (
    GainAdvantage as GainAdvantage,
)
from engine.vocabulary.strike_control import (
    PlayAttackFromHand as PlayAttackFromHand,
)
from engine.vocabulary.strike_control import (
    ReadingNormal as ReadingNormal,
)
from engine.vocabulary.strike_control import (
    ReturnAttackToTopOfDeck as ReturnAttackToTopOfDeck,
)
from engine.vocabulary.strike_control import (
    RevealStrike as RevealStrike,
)
from engine.vocabulary.strike_control import (
    Strike as Strike,
)
from engine.vocabulary.strike_control import (
    StrikeOpponentSetsFirst as StrikeOpponentSetsFirst,
)
from engine.vocabulary.traits import (
    AttackDoesNotHit as AttackDoesNotHit,
)
from engine.vocabulary.traits import (
    Critical as Critical,
)
from engine.vocabulary.traits import (
    DodgeAtRange as DodgeAtRange,
)
from engine.vocabulary.traits import (
    DodgeAttacks as DodgeAttacks,
)
from engine.vocabulary.traits import (
    IgnoreArmor as IgnoreArmor,
)
from engine.vocabulary.traits import (
    IgnoreGuard as IgnoreGuard,
)
from engine.vocabulary.traits import (
    IgnorePushAndPull as IgnorePushAndPull,
)
from engine.vocabulary.traits import (
    RangeIncludesIfMovedPast as RangeIncludesIfMovedPast,
)
from engine.vocabulary.traits import (
    StunImmunity as StunImmunity,
)
from engine.vocabulary.traits import (
    WhenHitForceForArmor as WhenHitForceForArmor,
)

Effect = (
    Advance
    | Retreat
    | Close
    | Push
    | Pull
    | PushOrPullToAnySpace
    | PullAnyNumberOfSpacesAndGainPower
    | OpponentCantMovePast
    | RemoveOpponentCantMovePast
    | LoseAllArmor
    | MultiplyPositivePowerBonuses
    | PowerupBothPlayers
    | RangeupPerBoostModifier
    | DodgeAtRange
    | RangeIncludesIfMovedPast
    | RevealStrike
    | StrikeOpponentSetsFirst
    | SpendLife
    | DiscardHand
    | OpponentDiscardChoose
    | NameRange
    | ChooseSustainBoost
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
    | MoveToAnySpace
    | PowerupOpponent
    | SetStrikeX
    | PlayAttackFromHand
    | SetUsedCharacterBonus
    | AddTopDeckToGauge
    | DiscardRandom
    | DiscardTopdeck
    | ForceForEffect
    | GaugeFromHand
    | TopdeckFromHand
    | SelfDiscardChoose
    | RevealHand
    | ChooseCardsFromTopDeck
    | ShuffleDeck
    | SkipEndOfTurnDraw
    | SetDanDrawChoice
    | BoostAdditional
    | SustainThis
    | AddToGaugeImmediately
    | SetEndOfTurnBoostDelay
    | Choice
    | Pass
)

EFFECT_TYPES: tuple[type[EffectBase], ...] = Effect.__args__


def effect_tag(effect_type: type[EffectBase]) -> str:
    """The data-file tag of an effect struct type, e.g. ``"advance"``."""
    tag = effect_type.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


# --- cards and characters ------------------------------------------------------------


class CardKind(enum.StrEnum):
    NORMAL = "normal"
    SPECIAL = "special"
    ULTRA = "ultra"


class Season(enum.StrEnum):
    """The product line a character comes from; it selects the season mechanics."""

    STREET_FIGHTER = "street_fighter"


class GaugeCostReduction(enum.StrEnum):
    """A card rule lowering an ultra's gauge cost when it is paid."""

    FREE_IF_NO_CARDS_IN_HAND = "free_if_no_cards_in_hand"


class Boost(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    kind: BoostKind
    force_cost: int = 0
    effects: tuple[Effect, ...] = ()


class CardDef(msgspec.Struct, frozen=True, kw_only=True):
    """One attack card: the attack on top, the boost below.

    ``range`` is ``None`` for cards with no printed range. Such an attack never hits
    (Block) unless an effect reaches the opponent without a range: Chun-Li's Head Stomp,
    whose printed range is "the opponent, if you moved past them", is ``null`` plus
    ``before: range_includes_if_moved_past``.
    ``gauge_cost_reduction`` is a rule lowering the ultra's cost when it is paid.
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
    gauge_cost_reduction: GaugeCostReduction | None = None


class CharacterAction(msgspec.Struct, frozen=True, kw_only=True):
    """An "As an action..." option printed on the character card.

    ``min_hand_size``: the action is offered only while you hold at least that many cards.
    """

    name: str
    gauge_cost: int = 0
    force_cost: int = 0
    effects: tuple[Effect, ...]
    min_hand_size: int = 0


class DeckEntry(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    copies: int


class CharacterDef(msgspec.Struct, frozen=True, kw_only=True):
    """A fighter: both sides of the character card and the deck list.

    ``change_cards_gauge_bonus``: extra cards drawn by Change Cards when at least one
    gauge card is spent (Guile: 2).
    """

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
    change_cards_gauge_bonus: int = 0
