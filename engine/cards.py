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
    Condition as Condition,
    ConditionKind as ConditionKind,
    Count as Count,
    EffectBase as EffectBase,
    Quantity as Quantity,
    SymbolicAmount as SymbolicAmount,
    Timing as Timing,
)
from engine.vocabulary.movement import (
    Advance as Advance,
    Close as Close,
    MoveToAnySpace as MoveToAnySpace,
    OpponentCantMovePast as OpponentCantMovePast,
    Pull as Pull,
    PullAnyNumberOfSpacesAndGainPower as PullAnyNumberOfSpacesAndGainPower,
    Push as Push,
    PushOrPullToAnySpace as PushOrPullToAnySpace,
    RemoveOpponentCantMovePast as RemoveOpponentCantMovePast,
    Retreat as Retreat,
)
from engine.vocabulary.stats import (
    Armorup as Armorup,
    Guardup as Guardup,
    LoseAllArmor as LoseAllArmor,
    MultiplyPositivePowerBonuses as MultiplyPositivePowerBonuses,
    Powerup as Powerup,
    PowerupBothPlayers as PowerupBothPlayers,
    PowerupOpponent as PowerupOpponent,
    Rangeup as Rangeup,
    RangeupPerBoostModifier as RangeupPerBoostModifier,
    SetStrikeX as SetStrikeX,
    SetTotalPower as SetTotalPower,
    Speedup as Speedup,
    StrikeXSource as StrikeXSource,
)
from engine.vocabulary.traits import (
    AttackDoesNotHit as AttackDoesNotHit,
    Critical as Critical,
    DodgeAtRange as DodgeAtRange,
    DodgeAttacks as DodgeAttacks,
    IgnoreArmor as IgnoreArmor,
    IgnoreGuard as IgnoreGuard,
    IgnorePushAndPull as IgnorePushAndPull,
    RangeIncludesIfMovedPast as RangeIncludesIfMovedPast,
    StunImmunity as StunImmunity,
    WhenHitForceForArmor as WhenHitForceForArmor,
)
from engine.vocabulary.card_flow import (
    AddTopDeckToGauge as AddTopDeckToGauge,
    AddTopDiscardToGauge as AddTopDiscardToGauge,
    ChooseCardsFromTopDeck as ChooseCardsFromTopDeck,
    DiscardTopdeck as DiscardTopdeck,
    Draw as Draw,
    GaugeFromHand as GaugeFromHand,
    ShuffleDeck as ShuffleDeck,
    TopDeckAction as TopDeckAction,
    TopdeckFromHand as TopdeckFromHand,
    UnchosenDestination as UnchosenDestination,
)
from engine.vocabulary.discards import (
    DiscardHand as DiscardHand,
    DiscardRandom as DiscardRandom,
    NameCardOpponentDiscards as NameCardOpponentDiscards,
    NameRange as NameRange,
    OpponentDiscardChoose as OpponentDiscardChoose,
    OpponentDiscardRandom as OpponentDiscardRandom,
    RevealHand as RevealHand,
    SelfDiscardChoose as SelfDiscardChoose,
)
from engine.vocabulary.strike_control import (
    AddAttackEffect as AddAttackEffect,
    AddStrikeToGaugeAfterCleanup as AddStrikeToGaugeAfterCleanup,
    BonusAction as BonusAction,
    GainAdvantage as GainAdvantage,
    PlayAttackFromHand as PlayAttackFromHand,
    ReadingNormal as ReadingNormal,
    ReturnAttackToTopOfDeck as ReturnAttackToTopOfDeck,
    RevealStrike as RevealStrike,
    Strike as Strike,
    StrikeOpponentSetsFirst as StrikeOpponentSetsFirst,
)
from engine.vocabulary.boosts import (
    AddBoostToGaugeOnStrikeCleanup as AddBoostToGaugeOnStrikeCleanup,
    AddToGaugeBoostPlayCleanup as AddToGaugeBoostPlayCleanup,
    AddToGaugeImmediately as AddToGaugeImmediately,
    BoostAdditional as BoostAdditional,
    BoostSource as BoostSource,
    ChooseSustainBoost as ChooseSustainBoost,
    DiscardContinuousBoost as DiscardContinuousBoost,
    SetEndOfTurnBoostDelay as SetEndOfTurnBoostDelay,
    SustainThis as SustainThis,
)
from engine.vocabulary.character_modes import (
    SetDanDrawChoice as SetDanDrawChoice,
    SetUsedCharacterBonus as SetUsedCharacterBonus,
    SkipEndOfTurnDraw as SkipEndOfTurnDraw,
)
from engine.vocabulary.costs import (
    ForceForEffect as ForceForEffect,
    GaugeForEffect as GaugeForEffect,
    SpendLife as SpendLife,
)
from engine.vocabulary.control import (
    Choice as Choice,
    Pass as Pass,
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
