"""What card effects record beyond the strike's core steps: life spent and gained, ranges and cards named, passives, per-strike notes, extra attacks, set-aside cards, cost changes."""

from __future__ import annotations

from engine.core.event_base import EventStruct as _Event
from engine.core.ids import Player, Zone
from engine.core.state import Passive


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


class SpeedPerSpaceGained(_Event, frozen=True, tag="speed_per_space"):
    """``player``'s attack has ``amount`` more speed per empty space between the fighters
    for the rest of the strike, counted whenever its speed is read."""

    player: Player
    amount: int


class SpeedPerBoostGained(_Event, frozen=True, tag="speed_per_boost"):
    """``player``'s attack has ``amount`` more speed per continuous boost in play (their
    own, or with ``all_boosts`` both players') for the rest of the strike, counted
    whenever its speed is read."""

    player: Player
    amount: int
    all_boosts: bool = False


class RangePerAnyBoostGained(_Event, frozen=True, tag="range_per_any_boost"):
    """``player``'s attack range grows by ``amount``/``amount2`` per continuous boost in
    play, both players', counted at the range check."""

    player: Player
    amount: int
    amount2: int


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
    a later ``use_saved_power_as_printed_power`` (``card`` None: no card to reveal, so
    ``value`` 0; a ``value`` None, from logs recorded before that rule, clears it)."""

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
