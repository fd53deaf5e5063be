"""Events: past-tense facts about a game, the only input of ``engine.core.apply``.

Every event is a small frozen struct, encoded as a msgpack array whose first element is
its stable tag (see ``docs/log-format.md``). Tags never change; new fields are appended
with defaults. Card identities inside events are full (omniscient); ``engine.knowledge.views``
redacts them for a player's perspective.

A season mechanic's events are a module of this package (``engine.core.events.critical``,
``engine.core.events.tag_team``), listed in the ``Event`` union the log decodes; their folds
are the mechanic's own (``engine.mechanics.<name>.folds``). They sit here rather than in
the mechanic so that the log's vocabulary never depends on the rules. A built position's
events (``engine.core.events.position``: cards created, seats edited) are referee facts that
no rule emits.
"""

from __future__ import annotations

import enum

from engine.cards.schema import Effect
from engine.core.event_base import EventStruct
from engine.core.events.blazblue import AttackMarkedForOverdrive as AttackMarkedForOverdrive
from engine.core.events.blazblue import AttacksNamedInvalid as AttacksNamedInvalid
from engine.core.events.blazblue import EnteredOverdrive as EnteredOverdrive
from engine.core.events.blazblue import LeftOverdrive as LeftOverdrive
from engine.core.events.blazblue import LightningRodPlaced as LightningRodPlaced
from engine.core.events.blazblue import LightningRodStruck as LightningRodStruck
from engine.core.events.blazblue import OverdriveExit as OverdriveExit
from engine.core.events.blazblue import RangeIncludesLightningRods as RangeIncludesLightningRods
from engine.core.events.boost_left import AttackFlagCleared as AttackFlagCleared
from engine.core.events.boost_left import DodgeAtRangeEnded as DodgeAtRangeEnded
from engine.core.events.boost_left import StatBonusEnded as StatBonusEnded
from engine.core.events.buddies import BuddyImmuneToFlip as BuddyImmuneToFlip
from engine.core.events.buddies import BuddyPlaced as BuddyPlaced
from engine.core.events.buddies import BuddyPlacedFaceDown as BuddyPlacedFaceDown
from engine.core.events.buddies import BuddyRemoved as BuddyRemoved
from engine.core.events.buddies import BuddySwapped as BuddySwapped
from engine.core.events.buddies import BuddyWallChanged as BuddyWallChanged
from engine.core.events.buddies import RangeFromBuddySet as RangeFromBuddySet
from engine.core.events.critical import AttackMadeCritical as AttackMadeCritical
from engine.core.events.position import CardsCreated as CardsCreated
from engine.core.events.position import EditKind as EditKind
from engine.core.events.position import PositionEdited as PositionEdited
from engine.core.events.tag_team import FighterSwitched as FighterSwitched
from engine.core.events.tag_team import SwitchReason as SwitchReason
from engine.core.events.under_night import AfterSetEffectsDue as AfterSetEffectsDue
from engine.core.events.under_night import AfterSetEffectsPending as AfterSetEffectsPending
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
from engine.core.ids import Player, Zone
from engine.core.state import AttackFlag, EndReason, Passive, Stat


class MoveReason(enum.IntEnum):
    """Why a card changed zones; used by transcripts and card analytics."""

    DRAW = 0
    FORCE = 1
    GAUGE_SPENT = 2
    BOOST = 3
    BOOST_DONE = 4
    EX_COPY = 5
    INVALID = 6
    CLEANUP = 7
    MULLIGAN = 8
    HAND_LIMIT = 9
    EFFECT = 10
    RANDOM_DISCARD = 11
    SETUP = 12
    """Dealt out of the deck at setup (a fighter's start-sealed cards)."""


class ActionKind(enum.IntEnum):
    """The turn actions of the core rules plus character actions."""

    PREPARE = 0
    MOVE = 1
    CHANGE_CARDS = 2
    EXCEED = 3
    RESHUFFLE = 4
    BOOST = 5
    STRIKE = 6
    CHARACTER_ACTION = 7
    SWITCH = 8
    CROSS_EXCEED = 9
    CROSS_BOOST = 10
    BOOST_ACTION = 11


class MissReason(enum.IntEnum):
    OUT_OF_RANGE = 0
    NO_RANGE = 1
    DOES_NOT_HIT = 2
    DODGED = 3
    DODGED_AT_RANGE = 4


_Event = EventStruct


class GameStarted(_Event, frozen=True, tag="game_started"):
    """Setup is done: positions and life are set and ``first`` takes the first turn."""

    first: Player


class DeckShuffled(_Event, frozen=True, tag="deck_shuffled"):
    """``player``'s deck now has exactly ``order`` (top first)."""

    player: Player
    order: tuple[int, ...]


class DeckReshuffled(_Event, frozen=True, tag="deck_reshuffled"):
    """The discard pile was shuffled into the deck, using the player's one reshuffle."""

    player: Player
    order: tuple[int, ...]
    manual: bool


class CardMoved(_Event, frozen=True, tag="card_moved"):
    """A card left ``src`` for ``dst``. Deck destinations are the top unless ``bottom``."""

    player: Player
    card: int
    src: Zone
    dst: Zone
    reason: MoveReason
    bottom: bool = False


class MulliganTaken(_Event, frozen=True, tag="mulligan"):
    player: Player
    count: int


class TurnStarted(_Event, frozen=True, tag="turn_started"):
    player: Player
    turn: int


class ActionTaken(_Event, frozen=True, tag="action"):
    """The turn player declared an action; ``card`` or ``space`` qualifies it."""

    player: Player
    action: ActionKind
    card: int | None = None
    space: int | None = None
    index: int | None = None


class BonusActionGranted(_Event, frozen=True, tag="bonus_action"):
    player: Player


class PlayerMoved(_Event, frozen=True, tag="moved"):
    player: Player
    src: int
    dst: int


class Exceeded(_Event, frozen=True, tag="exceeded"):
    player: Player


class BoostSustained(_Event, frozen=True, tag="boost_sustained"):
    player: Player
    card: int


class BoostMarkedForGauge(_Event, frozen=True, tag="boost_to_gauge"):
    """This continuous boost goes to gauge instead of the discard pile at cleanup."""

    player: Player
    card: int


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


class PlayerStunned(_Event, frozen=True, tag="stunned"):
    player: Player


class AdvantageGained(_Event, frozen=True, tag="advantage"):
    player: Player


class StrikeEnded(_Event, frozen=True, tag="strike_ended"):
    pass


class HandRevealed(_Event, frozen=True, tag="hand_revealed"):
    player: Player
    cards: tuple[int, ...]


class LifeSpent(_Event, frozen=True, tag="life_spent"):
    """``player`` paid ``amount`` life as a cost (not damage: no armor, no stun)."""

    player: Player
    amount: int


class RangeNamed(_Event, frozen=True, tag="range_named"):
    """``player`` named a range: a distance, or None for "no range"; ``x``: the range
    "X" (``value`` None), which attacks with a printed range of X have."""

    player: Player
    value: int | None
    x: bool = False


class CardNamed(_Event, frozen=True, tag="card_named"):
    """``player`` named a card: for Reading the opponent must strike with it."""

    player: Player
    name: str
    reading: bool


class StrikeXSet(_Event, frozen=True, tag="strike_x"):
    """X for ``player``'s attack this strike is now ``value``."""

    player: Player
    value: int


class CharacterBonusUsed(_Event, frozen=True, tag="character_bonus_used"):
    """``player`` used their once-per-turn character bonus this turn."""

    player: Player


class EndOfTurnDrawSkipped(_Event, frozen=True, tag="draw_skipped"):
    """``player`` will not draw (nor discard to the hand limit) at the end of this turn."""

    player: Player


class DrawChoiceGranted(_Event, frozen=True, tag="draw_choice_granted"):
    """From now on ``player`` may take each end-of-turn draw from the bottom of the deck."""

    player: Player


class BoostDelayed(_Event, frozen=True, tag="boost_delayed"):
    """The ``end_of_turn`` effects of boost ``card`` skip the next end of turn."""

    player: Player
    card: int


class BoostDelayEnded(_Event, frozen=True, tag="boost_delay_ended"):
    """Boost ``card`` skipped an end of turn; its ``end_of_turn`` effects fire next time."""

    player: Player
    card: int


class ExtraAttackStarted(_Event, frozen=True, tag="extra_attack"):
    """``player`` attacks again with ``card`` (already moved into the strike); the main
    attack is set aside until ``ExtraAttackEnded``."""

    player: Player
    card: int


class ExtraAttackEnded(_Event, frozen=True, tag="extra_attack_ended"):
    """The extra attack is over and the main attack is back; ``to_gauge``: the extra
    attack card goes to gauge at cleanup (it hit), else to the discard pile."""

    player: Player
    to_gauge: bool


class WildSwingDelayed(_Event, frozen=True, tag="wild_swing_delayed"):
    """``player`` chose to wild swing; the top card is turned over only once their set
    effects are done (Morathi), with ``AttackSet``."""

    player: Player


class DiscardsRecorded(_Event, frozen=True, tag="discards_recorded"):
    """``amount`` cards that ``player`` discarded count towards this strike's
    ``cards_discarded_this_strike``."""

    player: Player
    amount: int


class TurnEnded(_Event, frozen=True, tag="turn_ended"):
    player: Player
    next_player: Player


class GameEnded(_Event, frozen=True, tag="game_ended"):
    winner: Player
    reason: EndReason


class DamageTakenAsDiscards(_Event, frozen=True, tag="damage_as_discards"):
    """``target`` would have taken ``amount`` damage; a passive (Super Skull Man's
    Burning Justice) ignores it and they discard ``discarded`` cards from the top of
    their deck instead (twice the damage, fewer if the deck runs out; the card moves
    follow as ``CardMoved``). The ``DamageDealt`` that follows is 0."""

    target: Player
    amount: int
    discarded: int


class LifeGained(_Event, frozen=True, tag="life_gained"):
    """``player`` gained ``amount`` life (already capped at the maximum)."""

    player: Player
    amount: int


class PassiveGained(_Event, frozen=True, tag="passive_gained"):
    """``player`` holds ``passive`` until a ``PassiveRemoved`` of it."""

    player: Player
    passive: Passive


class PassiveRemoved(_Event, frozen=True, tag="passive_removed"):
    """One ``passive`` that ``player`` held has ended."""

    player: Player
    passive: Passive


class CharacterActionRecorded(_Event, frozen=True, tag="character_action_recorded"):
    """``player`` took character action ``index`` on the side of the character card they
    were on (``exceeded``), this turn. Emitted only for a fighter whose card reads
    ``used_character_action`` (Orie), so other games log as before."""

    player: Player
    index: int
    exceeded: bool = False


class PrintedPowerSet(_Event, frozen=True, tag="printed_power_set"):
    """``player``'s attack's printed power is ``value`` for the rest of the strike (its
    bonuses still count; Orie exceeded: the power of her top discard)."""

    player: Player
    value: int


class HigherSpeedMissesGained(_Event, frozen=True, tag="higher_speed_misses"):
    """Attacks on ``player`` this strike miss if their speed is at least ``at_least``
    (None: if it is greater than ``player``'s own speed)."""

    player: Player
    at_least: int | None = None


class MovementEffectsIncreased(_Event, frozen=True, tag="movement_increased"):
    """This strike, ``player``'s advance, close and retreat effects move ``amount`` more."""

    player: Player
    amount: int


class AttackSetFromGauge(_Event, frozen=True, tag="attack_set_from_gauge"):
    """``player`` set ``card`` from their gauge as their attack (``strike_from_gauge``);
    it is face-up, as the gauge is."""

    player: Player
    card: int


class MoveOpponentEffectsIncreased(_Event, frozen=True, tag="move_opponent_increased"):
    """This strike, ``player``'s push and pull effects move the opponent ``amount`` more."""

    player: Player
    amount: int


class DrawEffectsIncreased(_Event, frozen=True, tag="draw_increased"):
    """This strike, ``player``'s draw effects draw ``amount`` more cards."""

    player: Player
    amount: int


class TopDeckRevealed(_Event, frozen=True, tag="top_deck_revealed"):
    """``player`` revealed the top card of their deck, ``card``, to both players (it
    stays on top of the deck)."""

    player: Player
    card: int


class SelfMoveNoted(_Event, frozen=True, tag="self_move_noted"):
    """``player`` moved themselves during this strike (their own movement effect, not a
    push or pull). Noted only in a game where a card of ``player``'s reads it
    (``not_moved_self_this_strike``: Linne's Flying Swallow), so other games' logs do not
    change."""

    player: Player


class MoveNoted(_Event, frozen=True, tag="move_noted"):
    """``player`` moved during this strike (by their own movement, or pushed or pulled).
    Noted only in a game where a card of the other player's reads it
    (``opponent_moved_or_was_moved``: Platinum's Dream Sally), so other games' logs do
    not change."""

    player: Player


class AttackDiscardedAtCleanup(_Event, frozen=True, tag="attack_discarded_at_cleanup"):
    """This strike, ``player``'s attack card goes to the discard pile at cleanup even if
    it hits (``discard_strike_after_cleanup``)."""

    player: Player


class PowerSaved(_Event, frozen=True, tag="power_saved"):
    """``player`` revealed ``card`` from hand and saved its printed power, ``value``, for
    a later ``use_saved_power_as_printed_power`` (``card`` None: no card to reveal, the
    saved power is cleared)."""

    player: Player
    card: int | None = None
    value: int | None = None


class BonusStrikeForbidden(_Event, frozen=True, tag="bonus_strike_forbidden"):
    """``player``'s bonus actions granted this turn cannot be the Strike action
    (``bonus_action {no_strike}``: Wagner's exceeded character action)."""

    player: Player


class AttackSetFromBoosts(_Event, frozen=True, tag="attack_set_from_boosts"):
    """``player`` set ``card``, a continuous boost of theirs in play, as their attack
    (``set_from_boost`` card rule): it leaves the boost area (its boost effects stop)
    into the strike, face-up, as it was in play."""

    player: Player
    card: int


class RangeIncluded(_Event, frozen=True, tag="range_included"):
    """This strike, ``player``'s attack also hits an opponent exactly ``distance`` spaces
    away, whatever its range (``attack_includes_range``)."""

    player: Player
    distance: int


class GaugeSpentSaved(_Event, frozen=True, tag="gauge_spent_saved"):
    """``player`` spent their whole gauge, ``amount`` cards, and that amount is saved
    (``spend_all_gauge_and_save_amount``) for ``set_strike_x gauge_spent_before_strike``."""

    player: Player
    amount: int


class PowerSpeedSwapped(_Event, frozen=True, tag="power_speed_swapped"):
    """``player``'s attack's total power and total speed trade places this strike
    (``swap_power_speed``)."""

    player: Player


class AttackGaugeSpentNoted(_Event, frozen=True, tag="attack_gauge_spent_noted"):
    """``player`` spent ``cards`` from gauge on their attack's cost. Noted only when the
    attack reads them (``powerup_per_spent_gauge_matching_range_to_opponent``), so other
    games' logs do not change."""

    player: Player
    cards: tuple[int, ...] = ()


class CardsSetAside(_Event, frozen=True, tag="cards_set_aside"):
    """At setup, before the decks are shuffled, ``cards`` left ``player``'s deck for
    their set-aside area (BlazBlue rulebook, Setup 4: the extra cards, each fighter's
    Astral Heat). Open information."""

    player: Player
    cards: tuple[int, ...]


class SetAsideCardAdded(_Event, frozen=True, tag="set_aside_card_added"):
    """``card`` left ``player``'s set-aside area for the top of their deck
    (``add_set_aside_card_to_deck``: BlazBlue's Astral Heat arriving after a manual
    reshuffle). Open information: the card is named, though the deck is hidden."""

    player: Player
    card: int


class GaugeCostsReduced(_Event, frozen=True, tag="gauge_costs_reduced"):
    """``player``'s gauge costs are ``amount`` lower from now on (negative: a reduction
    removed; ``gauge_costs_reduced_passive``, Hakumen's Exceed and Revert)."""

    player: Player
    amount: int


class DiscardShuffledIntoDeck(_Event, frozen=True, tag="discard_shuffled_into_deck"):
    """``player``'s discard pile was shuffled into their deck, which now has exactly
    ``order`` (top first); this does not use their one reshuffle
    (``reshuffle_discard_into_deck``, Hakumen's Exceed)."""

    player: Player
    order: tuple[int, ...]


class LifeFloorSet(_Event, frozen=True, tag="life_floor_set"):
    """This strike, attack damage cannot take ``player`` below ``amount`` life
    (``cannot_go_below_life``)."""

    player: Player
    amount: int


class GaugeCostsPaidWithForce(_Event, frozen=True, tag="gauge_costs_paid_with_force"):
    """For the rest of this strike ``player``'s gauge costs (their attack's, a
    ``gauge_for_effect``) are paid with force instead (``may_generate_gauge_with_force``)."""

    player: Player


class UltrasMayBeInvalidated(_Event, frozen=True, tag="ultras_may_be_invalidated"):
    """For the rest of this strike ``player`` may decline to pay for their revealed
    Ultra, which is then invalid (``may_invalidate_ultras``)."""

    player: Player


class CardSealedFaceDown(_Event, frozen=True, tag="card_sealed_face_down"):
    """``card`` left ``player``'s zone ``src`` for their sealed area face down (a secret
    sealed area: Arakune's); only ``player`` may see which card it is."""

    player: Player
    card: int
    src: Zone


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
)

EVENT_TYPES: tuple[type[_Event], ...] = Event.__args__
