"""The card-data schema: characters, attack cards and boosts, and the effect vocabulary.

Card facts live in JSON files under ``engine/data/`` written in this schema and are
decoded and validated by ``engine.cards.catalog``. Effects form a closed, typed vocabulary:
one frozen struct per effect type, tagged by its ``type`` field, so a typo in a data
file is a decode error rather than a silently ignored effect. The structs and their
closed ``Effect`` union live in ``engine.vocabulary`` (one module per domain); this
module re-exports them beside the card schema, so code names an effect
``engine.cards.schema.Advance``. Every effect type has exactly one registered handler in
``engine.effects`` (same module names); every condition kind has one predicate in
``engine.core.conditions``.
"""

from __future__ import annotations

import enum

import msgspec

from engine.vocabulary import EFFECT_TYPES, Effect
from engine.vocabulary.base import (
    BoostKind,
    CardKind,
    Condition,
    ConditionKind,
    Count,
    EffectBase,
    Quantity,
    SymbolicAmount,
    Timing,
)
from engine.vocabulary.blazblue import (
    AddBoostToOverdriveDuringStrikeImmediately,
    AddStrikeToOverdriveAfterCleanup,
    AddTopDiscardToOverdrive,
    BoostDiscardedOverdrive,
    CardsFromOverdrive,
    CardsToOverdrive,
    DodgeAtRangeOverdriveCount,
    LightningRodSource,
    MoveToLightningrods,
    OpponentDiscardRandomToOverdrive,
    OverdriveDestination,
    OverdriveSource,
    PlaceLightningrod,
    RangeIncludesLightningrods,
    TopDeckCardToOverdrive,
    ZeroVector,
)
from engine.vocabulary.boosts import (
    AddBoostToGaugeOnMove,
    AddBoostToGaugeOnStrikeCleanup,
    AddPassive,
    AddToGaugeBoostPlayCleanup,
    AddToGaugeImmediately,
    AddToGaugeImmediatelyMidStrikeUndoEffects,
    BoostAdditional,
    BoostSource,
    BoostThenSustain,
    BoostThenSustainTopdeck,
    BoostThenSustainTopdiscard,
    BoostThisThenSustain,
    ChooseSustainBoost,
    DiscardContinuousBoost,
    DiscardThis,
    LeftBoostDestination,
    Passive,
    ReturnThisBoostToHand,
    SealThisBoost,
    SetEndOfTurnBoostDelay,
    SustainAllBoosts,
    SustainThis,
)
from engine.vocabulary.buddies import (
    BuddyImmuneToFlip,
    CalculateRangeFromBuddy,
    CalculateRangeFromSetFromBoostSpace,
    ChooseCalculateRangeFromBuddy,
    FlipBuddyMissGetGauge,
    MoveBuddy,
    MoveToBuddy,
    OpponentCantMovePastBuddy,
    PlaceBoostInSpace,
    PlaceBuddyAtRange,
    PlaceBuddyInAnySpace,
    PlaceBuddyInAttackRange,
    PlaceBuddyOntoOpponent,
    PlaceBuddyOntoSelf,
    PullToBuddy,
    PushFromSource,
    RemoveBuddy,
    RemoveOpponentCantMovePastBuddy,
    SwapBuddy,
)
from engine.vocabulary.card_flow import (
    AddBottomDiscardToGauge,
    AddBottomDiscardToHand,
    AddSetAsideCardToDeck,
    CardsFromHand,
    ChooseCardsFromTopDeck,
    CopyDestination,
    CopySource,
    DiscardPickDestination,
    Draw,
    DrawAnyNumber,
    GainLife,
    HandDestination,
    IncreaseDrawEffects,
    MoveCardCopies,
    MoveTopCards,
    Pile,
    PileDestination,
    ReshuffleDiscardIntoDeck,
    ReturnAllCopiesOfTopDiscardToHand,
    RevealCopiesFromHand,
    RevealCopy,
    RevealTopdeck,
    ShuffleDeck,
    ShuffleHandToDeck,
    TopDeckAction,
    UnchosenDestination,
)
from engine.vocabulary.character_modes import REVERSIBLE_MODES, Mode, SetMode
from engine.vocabulary.control import Choice, ChoiceMultiple, Pass, RepeatEffectOptionally
from engine.vocabulary.costs import (
    ForceCostsReducedPassive,
    ForceForArmorNow,
    ForceForEffect,
    GaugeCostsReducedPassive,
    GaugeForEffect,
    MayGenerateGaugeWithForce,
    MayInvalidateUltras,
    SpendAllForce,
    SpendAllGaugeAndSaveAmount,
    SpendLife,
    TakeDamage,
)
from engine.vocabulary.discards import (
    ChooseOpponentCardToDiscard,
    DiscardFromGauge,
    DiscardHand,
    DiscardRandom,
    NameCardOpponentDiscards,
    NameRange,
    OpponentDiscardChoose,
    OpponentDiscardRandom,
    RevealHand,
)
from engine.vocabulary.movement import (
    Advance,
    BlockOpponentMove,
    Close,
    IncreaseMovementEffects,
    IncreaseMoveOpponentEffects,
    MoveToAnySpace,
    Pull,
    PullAnyNumberOfSpacesAndGainPower,
    Push,
    PushOrPullToAnySpace,
    PushToAttackMaxRange,
    PushToRange,
    RemoveBlockOpponentMove,
    Retreat,
)
from engine.vocabulary.stats import (
    Armorup,
    Guardup,
    LoseAllArmor,
    MultiplyPositivePowerBonuses,
    MultiplyPowerBonuses,
    Powerup,
    PowerupBothPlayers,
    PowerupOpponent,
    PowerupPerArmorUsed,
    PowerupPerSpentGaugeMatchingRangeToOpponent,
    Rangeup,
    RangeupBothPlayers,
    RangeupPerBoostModifier,
    SavePowerOfCardFromHand,
    SetStrikeX,
    SetTotalPower,
    Speedup,
    StrikeXSource,
    SwapPowerSpeed,
    UseSavedPowerAsPrintedPower,
    UseTopDiscardAsPrintedPower,
)
from engine.vocabulary.strike_control import (
    AddAttackEffect,
    AddStrikeToGaugeAfterCleanup,
    BonusAction,
    DiscardStrikeAfterCleanup,
    GainAdvantage,
    InvalidAttackDestination,
    PlayAttackFromHand,
    ReadingNormal,
    ReplaceWildSwing,
    ReturnAttackToHand,
    ReturnAttackToTopOfDeck,
    RevealStrike,
    SealThis,
    Strike,
    StrikeFaceup,
    StrikeFromGauge,
    StrikeRandomFromGauge,
    StrikeWild,
    StrikeWithEx,
)
from engine.vocabulary.traits import (
    AttackDoesNotHit,
    AttackIncludesRange,
    CalculateRangeFromCenter,
    CannotGoBelowLife,
    CannotStun,
    Critical,
    DodgeAtRange,
    DodgeAttacks,
    HigherSpeedMisses,
    IgnoreArmor,
    IgnoreGuard,
    IgnorePushAndPull,
    IgnorePushAndPullPassiveBonus,
    InvertRange,
    NonlethalAttack,
    RangeIncludesIfMovedPast,
    RemoveIgnorePushAndPullPassiveBonus,
    StunImmunity,
    WhenHitForceForArmor,
)
from engine.vocabulary.under_night import (
    AttackIsEx,
    DiscardBoostInOpponentSpace,
    ExceedNow,
    InvalidateAttack,
    MoveAnyBoost,
    NameCardForBoost,
    PlaceTrap,
    Revert,
    StartOfTurnStrike,
    StrikeEffectAfterSetting,
)

__all__ = [
    "EFFECT_TYPES",
    "REVERSIBLE_MODES",
    "AddAttackEffect",
    "AddBoostToGaugeOnMove",
    "AddBoostToGaugeOnStrikeCleanup",
    "AddBoostToOverdriveDuringStrikeImmediately",
    "AddBottomDiscardToGauge",
    "AddBottomDiscardToHand",
    "AddPassive",
    "AddSetAsideCardToDeck",
    "AddStrikeToGaugeAfterCleanup",
    "AddStrikeToOverdriveAfterCleanup",
    "AddToGaugeBoostPlayCleanup",
    "AddToGaugeImmediately",
    "AddToGaugeImmediatelyMidStrikeUndoEffects",
    "AddTopDiscardToOverdrive",
    "Advance",
    "Armorup",
    "AttackDoesNotHit",
    "AttackIncludesRange",
    "AttackIsEx",
    "BlockOpponentMove",
    "BonusAction",
    "Boost",
    "BoostAdditional",
    "BoostDiscardedOverdrive",
    "BoostKind",
    "BoostSource",
    "BoostThenSustain",
    "BoostThenSustainTopdeck",
    "BoostThenSustainTopdiscard",
    "BoostThisThenSustain",
    "BuddyDef",
    "BuddyImmuneToFlip",
    "CalculateRangeFromBuddy",
    "CalculateRangeFromCenter",
    "CalculateRangeFromSetFromBoostSpace",
    "CannotGoBelowLife",
    "CannotStun",
    "CardDef",
    "CardKind",
    "CardsFromHand",
    "CardsFromOverdrive",
    "CardsToOverdrive",
    "CharacterAction",
    "CharacterDef",
    "Choice",
    "ChoiceMultiple",
    "ChooseCalculateRangeFromBuddy",
    "ChooseCardsFromTopDeck",
    "ChooseOpponentCardToDiscard",
    "ChooseSustainBoost",
    "Close",
    "Condition",
    "ConditionKind",
    "CopyDestination",
    "CopySource",
    "Count",
    "Critical",
    "DeckEntry",
    "DiscardBoostInOpponentSpace",
    "DiscardContinuousBoost",
    "DiscardFromGauge",
    "DiscardHand",
    "DiscardPickDestination",
    "DiscardRandom",
    "DiscardStrikeAfterCleanup",
    "DiscardThis",
    "DodgeAtRange",
    "DodgeAtRangeOverdriveCount",
    "DodgeAttacks",
    "Draw",
    "DrawAnyNumber",
    "Effect",
    "EffectBase",
    "ExceedNow",
    "FlipBuddyMissGetGauge",
    "ForceCostsReducedPassive",
    "ForceForArmorNow",
    "ForceForEffect",
    "GainAdvantage",
    "GainLife",
    "GaugeCostReduction",
    "GaugeCostsReducedPassive",
    "GaugeForEffect",
    "Guardup",
    "HandDestination",
    "HigherSpeedMisses",
    "IgnoreArmor",
    "IgnoreGuard",
    "IgnorePushAndPull",
    "IgnorePushAndPullPassiveBonus",
    "IncreaseDrawEffects",
    "IncreaseMoveOpponentEffects",
    "IncreaseMovementEffects",
    "InvalidAttackDestination",
    "InvalidateAttack",
    "InvertRange",
    "LeftBoostDestination",
    "LightningRodSource",
    "LoseAllArmor",
    "MayGenerateGaugeWithForce",
    "MayInvalidateUltras",
    "Mode",
    "MoveAnyBoost",
    "MoveBuddy",
    "MoveCardCopies",
    "MoveToAnySpace",
    "MoveToBuddy",
    "MoveToLightningrods",
    "MoveTopCards",
    "MultiplyPositivePowerBonuses",
    "MultiplyPowerBonuses",
    "NameCardForBoost",
    "NameCardOpponentDiscards",
    "NameRange",
    "NonlethalAttack",
    "OpponentCantMovePastBuddy",
    "OpponentDiscardChoose",
    "OpponentDiscardRandom",
    "OpponentDiscardRandomToOverdrive",
    "OverdriveDestination",
    "OverdriveSource",
    "Pass",
    "Passive",
    "Pile",
    "PileDestination",
    "PlaceBoostInSpace",
    "PlaceBuddyAtRange",
    "PlaceBuddyInAnySpace",
    "PlaceBuddyInAttackRange",
    "PlaceBuddyOntoOpponent",
    "PlaceBuddyOntoSelf",
    "PlaceLightningrod",
    "PlaceTrap",
    "PlayAttackFromHand",
    "Powerup",
    "PowerupBothPlayers",
    "PowerupOpponent",
    "PowerupPerArmorUsed",
    "PowerupPerSpentGaugeMatchingRangeToOpponent",
    "Pull",
    "PullAnyNumberOfSpacesAndGainPower",
    "PullToBuddy",
    "Push",
    "PushFromSource",
    "PushOrPullToAnySpace",
    "PushToAttackMaxRange",
    "PushToRange",
    "Quantity",
    "RangeIncludesIfMovedPast",
    "RangeIncludesLightningrods",
    "Rangeup",
    "RangeupBothPlayers",
    "RangeupPerBoostModifier",
    "ReadingNormal",
    "RemoveBlockOpponentMove",
    "RemoveBuddy",
    "RemoveIgnorePushAndPullPassiveBonus",
    "RemoveOpponentCantMovePastBuddy",
    "RepeatEffectOptionally",
    "ReplaceWildSwing",
    "ReshuffleDiscardIntoDeck",
    "Retreat",
    "ReturnAllCopiesOfTopDiscardToHand",
    "ReturnAttackToHand",
    "ReturnAttackToTopOfDeck",
    "ReturnThisBoostToHand",
    "RevealCopiesFromHand",
    "RevealCopy",
    "RevealHand",
    "RevealStrike",
    "RevealTopdeck",
    "Revert",
    "SavePowerOfCardFromHand",
    "SealThis",
    "SealThisBoost",
    "Season",
    "SetEndOfTurnBoostDelay",
    "SetFromBoost",
    "SetMode",
    "SetStrikeX",
    "SetTotalPower",
    "ShuffleDeck",
    "ShuffleHandToDeck",
    "Speedup",
    "SpendAllForce",
    "SpendAllGaugeAndSaveAmount",
    "SpendLife",
    "StartOfTurnStrike",
    "Strike",
    "StrikeEffectAfterSetting",
    "StrikeFaceup",
    "StrikeFromGauge",
    "StrikeRandomFromGauge",
    "StrikeWild",
    "StrikeWithEx",
    "StrikeXSource",
    "StunImmunity",
    "SustainAllBoosts",
    "SustainThis",
    "SwapBuddy",
    "SwapPowerSpeed",
    "SymbolicAmount",
    "TakeDamage",
    "Timing",
    "TopDeckAction",
    "TopDeckCardToOverdrive",
    "UnchosenDestination",
    "UseSavedPowerAsPrintedPower",
    "UseTopDiscardAsPrintedPower",
    "WhenHitForceForArmor",
    "ZeroVector",
    "effect_tag",
]


def effect_tag(effect_type: type[EffectBase]) -> str:
    """The data-file tag of an effect struct type, e.g. ``"advance"``."""
    tag = effect_type.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


# --- cards and characters ------------------------------------------------------------


class Season(enum.StrEnum):
    """The product line a character comes from; it selects the season mechanics.

    Append-only: the member order is part of the log format (a header's ``ruleset``
    names the seasons' rules in this order), so a new season is appended, never
    inserted, and no member is renamed or removed. Each member is declared once by a
    ``SeasonDef`` (number, deck size, ruleset tag) beside its mechanic
    (``engine.cards.seasons``), which ``engine.mechanics.builtin`` checks at import.
    """

    RED_HORIZON = "red_horizon"
    """Season 1: the core rulebook's own fighters; no season mechanic."""
    STREET_FIGHTER = "street_fighter"
    UNDER_NIGHT = "under_night"
    """Season 6, Under Night In-Birth: decks of the sizes their data lists (29-36), the
    Revert, set-aside and character areas and Trap boosts (``engine.mechanics.under_night``)."""
    BLAZBLUE = "blazblue"
    """Season 5, BlazBlue: Exceed mode is Overdrive (the gauge paid to Exceed enters an
    overdrive area, one card of it is discarded at each turn start with the fighter's
    ``overdrive`` effect, and the fighter reverts when it is empty) and each fighter's
    Astral Heat is set aside, joining the deck on a manual reshuffle
    (``engine.mechanics.blazblue``)."""


class GaugeCostReduction(enum.StrEnum):
    """A card rule lowering an ultra's gauge cost when it is paid."""

    FREE_IF_NO_CARDS_IN_HAND = "free_if_no_cards_in_hand"
    FREE_IF_WILD = "free_if_wild"
    PER_CARD_COPY_IN_GAUGE = "per_card_copy_in_gauge"
    """1 less per copy of the card ``gauge_cost_reduction_card_id`` in your gauge."""
    SET_TO_RANGE_TO_OPPONENT = "set_to_range_to_opponent"
    """The cost is the distance between the fighters when it is paid (at most printed)."""
    FREE_IF_4_SPECIALS_IN_OVERDRIVE = "free_if_4_specials_in_overdrive"
    """Free while the payer's overdrive area (BlazBlue) holds at least 4 Special cards
    (Bang's Hyper Shadowstep Strike)."""
    PER_SEALED_NORMAL = "per_sealed_normal"
    """1 less per Normal in your sealed area (Nine's Colorless Void)."""


class SetFromBoost(enum.StrEnum):
    """A card rule letting the card be set as an attack from its owner's boost area (a
    continuous boost of theirs in play that is this card): ``must``, only from there (in
    hand it is no legal attack, and set any other way it is invalid: Wagner's ultras);
    ``may``, from there as well as from hand (Carmine's "You Shit! This is the END!")."""

    MUST = "must"
    MAY = "may"


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
    gauge_cost_reduction_card_id: str | None = None
    gauge_cost_exceeded: int | None = None
    """A card rule: the gauge cost while its owner is exceeded (Kokonoe's Dreadnought
    Exterminator: 8)."""
    """The card whose copies in gauge ``per_card_copy_in_gauge`` counts."""
    on_invalid: tuple[Effect, ...] = ()
    """A card rule run when this attack becomes invalid, before it would be discarded
    (Morathi's Shadow of Death: a wild-swung copy it could not pay goes to hand)."""
    min_range_is_total_power: bool = False
    """The printed minimum range is "the attack's total power" (Phonon's Guidance
    Ascension): in a strike it is the current total power; ``range`` holds the printed
    power there (the range with no bonuses), which the catalog checks."""
    max_range_is_total_power: bool = False
    """The printed maximum range is "the attack's total power" (Phonon's Impulsive
    Frustration, range 2 to its total power); ``range`` holds the printed power there."""
    set_from_boost: SetFromBoost | None = None
    """A card rule: the card can be set as an attack from the boost area (``SetFromBoost``)."""
    guard_is_cards_in_hand: bool = False
    """The printed guard is "the cards in your hand" (Jin's Arctic Dungeon): counted
    whenever the guard is read; ``guard`` holds 0 there, which the catalog checks."""
    range_is_range_to_opponent: bool = False
    """The printed range is "the range to the opponent" (Nine's Kunzite of Keep
    Breaker): in a strike both bounds are the distance from the attack's fighter to the
    opponent, before range bonuses; ``range`` holds ``[1, 8]``, every distance there
    is (what the catalog checks and a board shows)."""

    @property
    def printed_range_x(self) -> bool:
        """The printed range is "X", a range its text sets: no numbers in the data, and
        an effect that gives it a range. Of the Street Fighter cards only Head Stomp
        (the reference roster's symbolic range ``INCLUDE_OPPONENT_IF_MOVED_PAST``, not
        "n/a"); Block and Legendary Taunt have no printed range at all."""
        return self.range is None and any(
            isinstance(effect, RangeIncludesIfMovedPast) for effect in self.effects
        )


class CharacterAction(msgspec.Struct, frozen=True, kw_only=True):
    """An "As an action..." option printed on the character card.

    ``min_hand_size``: the action is offered only while you hold at least that many cards.
    ``requires``: the action is offered only while this condition holds for you (Linne's
    boost from gauge: ``can_boost_continuous_from_gauge``).
    """

    name: str
    gauge_cost: int = 0
    force_cost: int = 0
    effects: tuple[Effect, ...]
    min_hand_size: int = 0
    requires: Condition | None = None


class DeckEntry(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    copies: int


class BuddyDef(msgspec.Struct, frozen=True, kw_only=True):
    """A buddy a fighter owns: a named token that is out of play or on one arena space
    (Chaos's Azhi). Effects name it by ``id`` or ``name``."""

    id: str
    name: str
    start_offset: int | None = None
    """The buddy starts the game in play, this many spaces from its owner toward the
    opponent (Carl Clover's Nirvana: 0, on his own space); None: out of play."""
    shown_as: str | None = None
    """The token is placed face down: the opponent sees only a token with this id (a
    buddy the character also declares, for its name) until it leaves the arena; None:
    face up. Hazama's two Ouroboros, the fake and the one he moves to, both show as
    ``ouroboros_secret``."""


class CharacterDef(msgspec.Struct, frozen=True, kw_only=True):
    """A fighter: both sides of the character card and the deck list.

    ``change_cards_gauge_bonus``: Guile's character rule (roster.md's flag
    ``guile_change_cards_bonus``): a Change Cards that discards at least one card from
    the gauge generates this much more force (Guile: 2, so 2 more cards drawn), and
    while exceeded such a Change Cards may be followed by a Strike instead of the turn
    ending (``engine.rules.turn.change_cards``).
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
    delayed_wild_swing: bool = False
    """Choosing to wild swing does not turn the top card over at once: the swing waits
    until the fighter's set effects are done (Morathi, who may draw first)."""
    on_revert: tuple[Effect, ...] = ()
    """Effects run when the fighter Reverts (leaves Exceed mode; Under Night In-Birth)."""
    overdrive: tuple[Effect, ...] = ()
    """The overdrive effect (BlazBlue): run at the start of the fighter's turn in
    Overdrive, after the mandatory overdrive discard."""
    start_sealed: tuple[DeckEntry, ...] = ()
    """Cards that start the game in the sealed area instead of the deck."""
    set_aside: tuple[DeckEntry, ...] = ()
    """Cards set aside at game start (out of the deck; an effect may bring them in)."""
    areas: tuple[str, ...] = ()
    """The character-specific areas the fighter's abilities create (UNI rulebook, The Play
    Area), by name; cards enter them only through the fighter's effects."""
    buddies: tuple[BuddyDef, ...] = ()
    """The buddy tokens the fighter owns (``engine.mechanics.buddies``)."""
    exceed_cost_area: str | None = None
    """The exceed cost is 1 less per card in this named area (Arakune: ``overdrive``)."""
    sealed_area_secret: bool = False
    """The fighter's sealed area is face down: the opponent sees how many cards it holds,
    not which (Arakune); cards sealed by the fighter's own effects go there unseen."""
    movement_limit: int | None = None
    """The most spaces the fighter moves at once by any movement of their own (Iron
    Tager: 2; upstream's ``movement_limit``): an advance, retreat or close effect moves
    them at most that many, and a Move action to a space farther away, counted as for
    its force cost, is no legal option (``engine.rules.turn.move_action_limit``)."""
    movement_limit_optional_exceeded: bool = False
    """While exceeded the fighter may ignore ``movement_limit``: a limited advance,
    retreat or close asks for the full or the limited amount, and every Move the force
    pays for is legal (Iron Tager's exceed side,
    upstream ``may_ignore_movement_limit`` at ``on_advance_or_close`` / ``on_retreat``)."""


_TIMED: dict[tuple[int, Timing], tuple[tuple[Effect, ...], tuple[Effect, ...]]] = {}
"""(id of a printed effects tuple, timing) -> (that tuple, its effects at the timing):
a card's or ability's effects are filtered by timing once per process, not per use."""


def timed(effects: tuple[Effect, ...], timing: Timing) -> tuple[Effect, ...]:
    """The effects of ``effects`` (a printed, immutable tuple) at ``timing``, in order."""
    key = (id(effects), timing)
    known = _TIMED.get(key)
    if known is not None and known[0] is effects:
        return known[1]
    chosen = tuple(e for e in effects if e.timing is timing)
    if len(_TIMED) >= 65_536:  # bounded: catalogs decoded from many logs come and go
        _TIMED.clear()
    _TIMED[key] = (effects, chosen)
    return chosen
