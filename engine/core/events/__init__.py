"""Events: past-tense facts about a game, the only input of ``engine.core.apply``.

Every event is a small frozen struct, encoded as a msgpack array whose first element is
its stable tag (see ``docs/log-format.md``). Tags never change; new fields are appended
with defaults. Card identities inside events are full (omniscient); ``engine.knowledge.views``
redacts them for a player's perspective.

The core's events are grouped by what they record: ``game`` (setup, the turn, cards
moving, the game's end), ``strike`` (a strike's steps) and ``effects`` (what card effects
note beyond them); ``reasons`` holds the closed sets they name. This package gathers them,
so ``ev.CardMoved`` reads the same from everywhere.

A season mechanic's events are a module of this package (``engine.core.events.critical``,
``engine.core.events.tag_team``), listed in the ``Event`` union the log decodes; their folds
are the mechanic's own (``engine.mechanics.<name>.folds``). They sit here rather than in
the mechanic so that the log's vocabulary never depends on the rules. A built position's
events (``engine.core.events.position``: cards created, seats edited) are referee facts that
no rule emits.
"""

from __future__ import annotations

from engine.core.event_base import EventStruct as _Event
from engine.core.events.blazblue import AttackMarkedForOverdrive as AttackMarkedForOverdrive
from engine.core.events.blazblue import AttacksNamedInvalid as AttacksNamedInvalid
from engine.core.events.blazblue import EnteredOverdrive as EnteredOverdrive
from engine.core.events.blazblue import LeftOverdrive as LeftOverdrive
from engine.core.events.blazblue import LightningRodPlaced as LightningRodPlaced
from engine.core.events.blazblue import LightningRodStruck as LightningRodStruck
from engine.core.events.blazblue import OverdriveCountDodgeEnded as OverdriveCountDodgeEnded
from engine.core.events.blazblue import OverdriveCountDodgeGained as OverdriveCountDodgeGained
from engine.core.events.blazblue import OverdriveExit as OverdriveExit
from engine.core.events.blazblue import RangeIncludesLightningRods as RangeIncludesLightningRods
from engine.core.events.boost_left import AttackFlagCleared as AttackFlagCleared
from engine.core.events.boost_left import DodgeAtRangeEnded as DodgeAtRangeEnded
from engine.core.events.boost_left import IncludedRangeEnded as IncludedRangeEnded
from engine.core.events.boost_left import PowerSpeedSwapEnded as PowerSpeedSwapEnded
from engine.core.events.boost_left import PrintedPowerEnded as PrintedPowerEnded
from engine.core.events.boost_left import StatBonusEnded as StatBonusEnded
from engine.core.events.buddies import BuddyImmuneToFlip as BuddyImmuneToFlip
from engine.core.events.buddies import BuddyPlaced as BuddyPlaced
from engine.core.events.buddies import BuddyPlacedFaceDown as BuddyPlacedFaceDown
from engine.core.events.buddies import BuddyRemoved as BuddyRemoved
from engine.core.events.buddies import BuddySwapped as BuddySwapped
from engine.core.events.buddies import BuddyWallChanged as BuddyWallChanged
from engine.core.events.buddies import RangeFromBuddySet as RangeFromBuddySet
from engine.core.events.critical import AttackMadeCritical as AttackMadeCritical
from engine.core.events.effects import AttackDiscardedAtCleanup as AttackDiscardedAtCleanup
from engine.core.events.effects import AttackGaugeSpentNoted as AttackGaugeSpentNoted
from engine.core.events.effects import AttackSetFromBoosts as AttackSetFromBoosts
from engine.core.events.effects import AttackSetFromGauge as AttackSetFromGauge
from engine.core.events.effects import BonusStrikeForbidden as BonusStrikeForbidden
from engine.core.events.effects import BoostDelayed as BoostDelayed
from engine.core.events.effects import BoostDelayEnded as BoostDelayEnded
from engine.core.events.effects import CardNamed as CardNamed
from engine.core.events.effects import CardSealedFaceDown as CardSealedFaceDown
from engine.core.events.effects import CardsSetAside as CardsSetAside
from engine.core.events.effects import CharacterActionRecorded as CharacterActionRecorded
from engine.core.events.effects import CharacterBonusUsed as CharacterBonusUsed
from engine.core.events.effects import DamageTakenAsDiscards as DamageTakenAsDiscards
from engine.core.events.effects import DiscardShuffledIntoDeck as DiscardShuffledIntoDeck
from engine.core.events.effects import DiscardsRecorded as DiscardsRecorded
from engine.core.events.effects import DrawChoiceGranted as DrawChoiceGranted
from engine.core.events.effects import DrawEffectsIncreased as DrawEffectsIncreased
from engine.core.events.effects import EndOfTurnDrawSkipped as EndOfTurnDrawSkipped
from engine.core.events.effects import ExtraAttackEnded as ExtraAttackEnded
from engine.core.events.effects import ExtraAttackStarted as ExtraAttackStarted
from engine.core.events.effects import GaugeCostsPaidWithForce as GaugeCostsPaidWithForce
from engine.core.events.effects import GaugeCostsReduced as GaugeCostsReduced
from engine.core.events.effects import GaugeSpentSaved as GaugeSpentSaved
from engine.core.events.effects import HandRevealed as HandRevealed
from engine.core.events.effects import HigherSpeedMissesGained as HigherSpeedMissesGained
from engine.core.events.effects import LifeFloorSet as LifeFloorSet
from engine.core.events.effects import LifeGained as LifeGained
from engine.core.events.effects import LifeSpent as LifeSpent
from engine.core.events.effects import MovementEffectsIncreased as MovementEffectsIncreased
from engine.core.events.effects import MoveNoted as MoveNoted
from engine.core.events.effects import MoveOpponentEffectsIncreased as MoveOpponentEffectsIncreased
from engine.core.events.effects import PassiveGained as PassiveGained
from engine.core.events.effects import PassiveRemoved as PassiveRemoved
from engine.core.events.effects import PowerSaved as PowerSaved
from engine.core.events.effects import PowerSpeedSwapped as PowerSpeedSwapped
from engine.core.events.effects import PrintedPowerSet as PrintedPowerSet
from engine.core.events.effects import RangeIncluded as RangeIncluded
from engine.core.events.effects import RangeNamed as RangeNamed
from engine.core.events.effects import RangePerAnyBoostGained as RangePerAnyBoostGained
from engine.core.events.effects import SelfMoveNoted as SelfMoveNoted
from engine.core.events.effects import SetAsideCardAdded as SetAsideCardAdded
from engine.core.events.effects import SpeedPerBoostGained as SpeedPerBoostGained
from engine.core.events.effects import SpeedPerSpaceGained as SpeedPerSpaceGained
from engine.core.events.effects import StrikeXSet as StrikeXSet
from engine.core.events.effects import TopDeckRevealed as TopDeckRevealed
from engine.core.events.effects import UltrasMayBeInvalidated as UltrasMayBeInvalidated
from engine.core.events.effects import WildSwingDelayed as WildSwingDelayed
from engine.core.events.game import ActionTaken as ActionTaken
from engine.core.events.game import BonusActionGranted as BonusActionGranted
from engine.core.events.game import BoostMarkedForGauge as BoostMarkedForGauge
from engine.core.events.game import BoostSustained as BoostSustained
from engine.core.events.game import CardMoved as CardMoved
from engine.core.events.game import DeckReshuffled as DeckReshuffled
from engine.core.events.game import DeckShuffled as DeckShuffled
from engine.core.events.game import Exceeded as Exceeded
from engine.core.events.game import GameEnded as GameEnded
from engine.core.events.game import GameStarted as GameStarted
from engine.core.events.game import MulliganTaken as MulliganTaken
from engine.core.events.game import PlayerMoved as PlayerMoved
from engine.core.events.game import TurnEnded as TurnEnded
from engine.core.events.game import TurnStarted as TurnStarted
from engine.core.events.position import CardsCreated as CardsCreated
from engine.core.events.position import EditKind as EditKind
from engine.core.events.position import PositionEdited as PositionEdited
from engine.core.events.reasons import ActionKind as ActionKind
from engine.core.events.reasons import MissReason as MissReason
from engine.core.events.reasons import MoveReason as MoveReason
from engine.core.events.strike import AdvantageGained as AdvantageGained
from engine.core.events.strike import AttackActivated as AttackActivated
from engine.core.events.strike import AttackEffectAdded as AttackEffectAdded
from engine.core.events.strike import AttackFlagged as AttackFlagged
from engine.core.events.strike import AttackHit as AttackHit
from engine.core.events.strike import AttackInvalid as AttackInvalid
from engine.core.events.strike import AttackMissed as AttackMissed
from engine.core.events.strike import AttackSet as AttackSet
from engine.core.events.strike import AttackSkipped as AttackSkipped
from engine.core.events.strike import AttacksRevealed as AttacksRevealed
from engine.core.events.strike import AttackTurnedFaceUp as AttackTurnedFaceUp
from engine.core.events.strike import DamageCounted as DamageCounted
from engine.core.events.strike import DamageDealt as DamageDealt
from engine.core.events.strike import DodgeAtRangeGained as DodgeAtRangeGained
from engine.core.events.strike import PassingBlocked as PassingBlocked
from engine.core.events.strike import PlayerStunned as PlayerStunned
from engine.core.events.strike import PowerBonusesMultiplied as PowerBonusesMultiplied
from engine.core.events.strike import PowerSet as PowerSet
from engine.core.events.strike import PriorityDetermined as PriorityDetermined
from engine.core.events.strike import RangePerBoostGained as RangePerBoostGained
from engine.core.events.strike import StatModified as StatModified
from engine.core.events.strike import StrikeEnded as StrikeEnded
from engine.core.events.strike import StrikeStarted as StrikeStarted
from engine.core.events.strike import WildSwingRevealed as WildSwingRevealed
from engine.core.events.tag_team import FighterSwitched as FighterSwitched
from engine.core.events.tag_team import SwitchReason as SwitchReason
from engine.core.events.under_night import AfterSetEffectsDue as AfterSetEffectsDue
from engine.core.events.under_night import AfterSetEffectsPending as AfterSetEffectsPending
from engine.core.events.under_night import AttackExEnded as AttackExEnded
from engine.core.events.under_night import AttackInvalidated as AttackInvalidated
from engine.core.events.under_night import AttackMadeEx as AttackMadeEx
from engine.core.events.under_night import BoostNamedCard as BoostNamedCard
from engine.core.events.under_night import CardEnteredArea as CardEnteredArea
from engine.core.events.under_night import Reverted as Reverted
from engine.core.events.under_night import StartOfTurnStrikeForced as StartOfTurnStrikeForced
from engine.core.events.under_night import StrikeTurnNoted as StrikeTurnNoted
from engine.core.events.under_night import TrapPlaced as TrapPlaced
from engine.core.events.under_night import TrapSprung as TrapSprung
from engine.core.events.under_night import TrapStopsMovement as TrapStopsMovement

Event = (
    GameStarted
    | DeckShuffled
    | DeckReshuffled
    | CardMoved
    | MulliganTaken
    | TurnStarted
    | ActionTaken
    | BonusActionGranted
    | PlayerMoved
    | Exceeded
    | BoostSustained
    | BoostMarkedForGauge
    | StrikeStarted
    | AttackSet
    | AttackMadeCritical
    | AttacksRevealed
    | AttackInvalid
    | WildSwingRevealed
    | StatModified
    | PowerSet
    | AttackFlagged
    | AttackEffectAdded
    | PowerBonusesMultiplied
    | DodgeAtRangeGained
    | RangePerBoostGained
    | AttackTurnedFaceUp
    | PassingBlocked
    | LifeSpent
    | RangeNamed
    | PriorityDetermined
    | AttackActivated
    | AttackSkipped
    | AttackHit
    | AttackMissed
    | DamageDealt
    | PlayerStunned
    | AdvantageGained
    | StrikeEnded
    | HandRevealed
    | CardNamed
    | StrikeXSet
    | CharacterBonusUsed
    | EndOfTurnDrawSkipped
    | DrawChoiceGranted
    | BoostDelayed
    | BoostDelayEnded
    | ExtraAttackStarted
    | ExtraAttackEnded
    | FighterSwitched
    | TurnEnded
    | GameEnded
    | CardsCreated
    | PositionEdited
    | DamageTakenAsDiscards
    | WildSwingDelayed
    | DiscardsRecorded
    | LifeGained
    | PassiveGained
    | PassiveRemoved
    | AttackMadeEx
    | AfterSetEffectsPending
    | AfterSetEffectsDue
    | Reverted
    | CardEnteredArea
    | TrapPlaced
    | StrikeTurnNoted
    | BoostNamedCard
    | CharacterActionRecorded
    | PrintedPowerSet
    | HigherSpeedMissesGained
    | SpeedPerSpaceGained
    | SpeedPerBoostGained
    | RangePerAnyBoostGained
    | MovementEffectsIncreased
    | AttackSetFromGauge
    | StartOfTurnStrikeForced
    | AttackInvalidated
    | MoveOpponentEffectsIncreased
    | DrawEffectsIncreased
    | TopDeckRevealed
    | SelfMoveNoted
    | AttackDiscardedAtCleanup
    | BuddyPlaced
    | BuddyRemoved
    | BuddyWallChanged
    | RangeFromBuddySet
    | PowerSaved
    | TrapStopsMovement
    | TrapSprung
    | BonusStrikeForbidden
    | AttackSetFromBoosts
    | RangeIncluded
    | GaugeSpentSaved
    | PowerSpeedSwapped
    | AttackGaugeSpentNoted
    | CardsSetAside
    | SetAsideCardAdded
    | EnteredOverdrive
    | LeftOverdrive
    | GaugeCostsReduced
    | DiscardShuffledIntoDeck
    | LifeFloorSet
    | LightningRodPlaced
    | LightningRodStruck
    | RangeIncludesLightningRods
    | BuddySwapped
    | BuddyImmuneToFlip
    | MoveNoted
    | GaugeCostsPaidWithForce
    | UltrasMayBeInvalidated
    | CardSealedFaceDown
    | AttackMarkedForOverdrive
    | AttacksNamedInvalid
    | BuddyPlacedFaceDown
    | StatBonusEnded
    | AttackFlagCleared
    | DodgeAtRangeEnded
    | DamageCounted
    | PowerSpeedSwapEnded
    | PrintedPowerEnded
    | IncludedRangeEnded
    | AttackExEnded
    | OverdriveCountDodgeGained
    | OverdriveCountDodgeEnded
)

EVENT_TYPES: tuple[type[_Event], ...] = Event.__args__
