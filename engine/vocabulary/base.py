"""What every effect shares: timings, conditions, amounts, the closed sets effect
parameters name (card and boost kinds), and the effect base.

``EffectBase`` is the tagged struct every effect type extends (the domain modules of
``engine.vocabulary`` hold them). Nested effects (``then``, ``else``, choice options)
are typed with the closed union ``engine.vocabulary.Effect``, which the package builds
from the domain modules; msgspec resolves that name when the first decoder is built.
"""

from __future__ import annotations

import enum
from typing import ClassVar

import msgspec

from engine import vocabulary


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
    ON_ANY_BOOST = "on_any_boost"
    ON_CONTINUOUS_BOOST = "on_continuous_boost"
    OPPONENT_MOVED_PAST = "opponent_moved_past"
    DISCARDED = "discarded"
    """A continuous boost's own effects when it leaves play (the owner runs them)."""
    START_OF_NEXT_TURN = "start_of_next_turn"
    """A continuous boost's effect at the start of its owner's next turn, before they
    act (Under Night In-Birth; resolved by ``engine.mechanics.under_night``)."""
    ACTION = "action"
    """A continuous boost's "Action:" ability: while it is in play its owner may take
    it as a turn action (``BoostAction``; resolved by ``engine.mechanics.under_night``)."""
    OPPONENT_SET_STRIKE = "opponent_set_strike"
    """A continuous boost's effect when the opponent has set their attack (after their
    ``set_strike`` effects), run by the boost's owner (Byakuya's Disrespect)."""
    WHEN_HIT = "when_hit"
    """The defender's effects when the opponent's attack hits them: after the attacker's
    hit effects, before damage (Londrekia's Iceflower)."""
    ON_STUNNED = "on_stunned"
    """A character's effects as that player becomes stunned (Londrekia's exceed ability)."""
    ON_RESHUFFLE = "on_reshuffle"
    """A character's effects after its player's Reshuffle action has shuffled the
    discard pile into the deck (BlazBlue: ``[if manual_reshuffle]
    add_set_aside_card_to_deck``, each fighter's Astral Heat)."""
    ON_SEAL = "on_seal"
    """A character's effects right after one of its player's cards entered the sealed
    area during the game (not the cards dealt there at setup): Nine's
    ``return_sealed_with_same_speed``."""
    OPPONENT_BEFORE = "opponent_before"
    """A character's effects granted to the opponent's attack at its ``before`` timing:
    the opponent resolves them (and answers their questions) after their attack's own
    ``before`` effects (Carl Clover's ability: flipping Nirvana)."""
    ON_STRIKE_REVEAL = "on_strike_reveal"
    """A character's effects right after both attacks are revealed, before costs are
    paid: the attacker's, then the defender's (BlazBlue: Hazama's Ouroboros)."""


class CardKind(enum.StrEnum):
    NORMAL = "normal"
    SPECIAL = "special"
    ULTRA = "ultra"


class BoostKind(enum.StrEnum):
    CONTINUOUS = "continuous"
    IMMEDIATE = "immediate"


class ConditionKind(enum.StrEnum):
    IS_CRITICAL = "is_critical"
    INITIATED_STRIKE = "initiated_strike"
    NOT_INITIATED_STRIKE = "not_initiated_strike"
    HIT_OPPONENT = "hit_opponent"
    ADVANCED_THROUGH = "advanced_through"
    NOT_ADVANCED_THROUGH = "not_advanced_through"
    OPPONENT_TOTAL_GUARD_GREATER_OR_EQUAL = "opponent_total_guard_greater_or_equal"
    TOTAL_POWERUP_GREATER_OR_EQUAL = "total_powerup_greater_or_equal"
    MOVED_PAST = "moved_past"
    IS_NORMAL_ATTACK = "is_normal_attack"
    IS_SPECIAL_OR_ULTRA_ATTACK = "is_special_or_ultra_attack"
    OPPONENT_AT_EDGE_OF_ARENA = "opponent_at_edge_of_arena"
    RANGE = "range"
    NOT_HIT_OPPONENT = "not_hit_opponent"
    OPPONENT_STUNNED = "opponent_stunned"
    MATCHES_NAMED_CARD = "matches_named_card"
    WAS_HIT = "was_hit"
    IS_NOT_CRITICAL = "is_not_critical"
    USED_CHARACTER_BONUS = "used_character_bonus"
    NOT_USED_CHARACTER_BONUS = "not_used_character_bonus"
    BOOST_IN_PLAY = "boost_in_play"
    NO_BOOST_IN_PLAY = "no_boost_in_play"
    WAS_WILD_SWING = "was_wild_swing"
    DID_END_OF_TURN_DRAW = "did_end_of_turn_draw"
    DECK_NOT_EMPTY = "deck_not_empty"
    NOT_STUNNED = "not_stunned"
    MIN_CARDS_IN_HAND = "min_cards_in_hand"
    MAX_CARDS_IN_HAND = "max_cards_in_hand"
    RANGE_GREATER_OR_EQUAL = "range_greater_or_equal"
    LESS_CARDS_THAN_OPPONENT = "less_cards_than_opponent"
    AT_EDGE_OF_ARENA = "at_edge_of_arena"
    MIN_SPACES_BEHIND_OPPONENT = "min_spaces_behind_opponent"
    OPPONENT_MIN_CARDS_IN_GAUGE = "opponent_min_cards_in_gauge"
    MIN_CARDS_IN_DECK = "min_cards_in_deck"
    WILD_SWING_INVALID_NOT_DECLINED = "wild_swing_invalid_not_declined"
    LAST_TURN_WAS_STRIKE = "last_turn_was_strike"
    OPPONENT_ATTACK_IS_NAMED_BY_BOOST = "opponent_attack_is_named_by_boost"
    CAN_BOOST_CONTINUOUS_FROM_GAUGE = "can_boost_continuous_from_gauge"
    MORE_CARDS_THAN_OPPONENT = "more_cards_than_opponent"
    USED_CHARACTER_ACTION = "used_character_action"
    NOT_MOVED_SELF_THIS_STRIKE = "not_moved_self_this_strike"
    IS_EX_STRIKE = "is_ex_strike"
    BOOST_CAUSED_START_OF_TURN_STRIKE = "boost_caused_start_of_turn_strike"
    SPEED_GREATER_THAN = "speed_greater_than"
    STUNNED = "stunned"
    MIN_CARDS_IN_GAUGE = "min_cards_in_gauge"
    WAS_STRIKE_FROM_GAUGE = "was_strike_from_gauge"
    MANUAL_RESHUFFLE = "manual_reshuffle"
    EXCEEDED = "exceeded"
    LIFE_EQUALS = "life_equals"
    BUDDY_IN_PLAY = "buddy_in_play"
    NOT_BUDDY_IN_PLAY = "not_buddy_in_play"
    BUDDY_IN_OPPONENT_SPACE = "buddy_in_opponent_space"
    BUDDY_SPACE_UNOCCUPIED = "buddy_space_unoccupied"
    ANY_BUDDY_IN_PLAY = "any_buddy_in_play"
    ANY_BUDDY_IN_OPPONENT_SPACE = "any_buddy_in_opponent_space"
    ON_BUDDY_SPACE = "on_buddy_space"
    OPPONENT_SPEED_LESS_OR_EQUAL = "opponent_speed_less_or_equal"
    BOOST_IN_PLAY_OR_PARENTS = "boost_in_play_or_parents"
    WAS_SET_FROM_BOOSTS = "was_set_from_boosts"
    WAS_NOT_WILD_SWING = "was_not_wild_swing"
    STRIKE_X_GREATER_THAN = "strike_x_greater_than"
    BOOST_SPACE_BETWEEN_OPPONENT = "boost_space_between_opponent"
    BOOST_SPACE_IN_RANGE_TOWARDS_OPPONENT = "boost_space_in_range_towards_opponent"
    CAN_BOOST_ULTRA_FROM_GAUGE = "can_boost_ultra_from_gauge"
    RANGE_MULTIPLE = "range_multiple"
    OPPONENT_IN_BOOST_SPACE = "opponent_in_boost_space"
    NO_SEALED_COPY_OF_ATTACK = "no_sealed_copy_of_attack"
    PUSHED_MIN_SPACES = "pushed_min_spaces"
    OPPONENT_BETWEEN_BUDDY = "opponent_between_buddy"
    IS_BUDDY_SPECIAL_OR_ULTRA_ATTACK = "is_buddy_special_or_ultra_attack"
    OPPONENT_BUDDY_IN_RANGE = "opponent_buddy_in_range"
    OPPONENT_BUDDY_NOT_IMMUNE_TO_FLIP = "opponent_buddy_not_immune_to_flip"
    BUDDY_NOT_ENTERED_PLAY_THIS_STRIKE = "buddy_not_entered_play_this_strike"
    NOT_USED_CHARACTER_ACTION = "not_used_character_action"
    OPPONENT_MOVED_OR_WAS_MOVED = "opponent_moved_or_was_moved"
    TOP_DISCARD_IS_CONTINOUS_BOOST = "top_discard_is_continous_boost"
    MIN_CARDS_IN_DISCARD = "min_cards_in_discard"
    DISCARDED_MATCHES_ATTACK_SPEED = "discarded_matches_attack_speed"


class Condition(msgspec.Struct, frozen=True, kw_only=True):
    """A predicate gating an effect. ``amount`` is the argument some kinds take;
    ``card`` is the card id that ``matches_named_card`` names, or the buddy a buddy
    condition names (None: any of yours)."""

    kind: ConditionKind
    amount: int | None = None
    card: str | None = None
    amount_max: int | None = None
    """The upper bound of a condition on a span (``range_multiple``: ``amount``..this)."""
    include_buddy_space: bool = False
    """``opponent_between_buddy``: the buddy's own space counts as between."""


class SymbolicAmount(enum.StrEnum):
    """An amount written as a word in the data, resolved when the effect runs."""

    STRIKE_X = "strike_x"
    """The X of this strike, set earlier by ``set_strike_x`` (0 if never set)."""
    CARDS_DISCARDED_THIS_STRIKE = "cards_discarded_this_strike"
    """The cards you discarded this strike with ``discard_random``'s
    ``record_discarded_amount`` (0 if none)."""
    TOTAL_POWER = "total_power"
    """Your attack's current total power (0 outside a strike)."""


class Quantity(enum.StrEnum):
    """A named quantity of the table that a ``Count`` amount counts."""

    GAUGE = "gauge"
    """The cards in your gauge."""
    CARDS_IN_HAND = "cards_in_hand"
    """The cards in your hand."""
    SPACES_BETWEEN = "spaces_between"
    """The empty spaces between the two fighters."""
    OPPONENT_GAUGE = "opponent_gauge"
    """The cards in the opponent's gauge."""
    DAMAGE_TAKEN = "damage_taken"
    """The damage you have taken so far this strike (0 outside a strike)."""
    DAMAGE_DEALT = "damage_dealt"
    """The damage your opponent has taken so far this strike (0 outside a strike)."""
    BOOSTS_IN_PLAY = "boosts_in_play"
    """The continuous boosts in play, both players' (Linne's The Diviner)."""
    OPPONENT_CARDS_IN_HAND = "opponent_cards_in_hand"
    """The cards in the opponent's hand."""
    STRIKE_X = "strike_x"
    """This strike's X (0 if never set or outside a strike): ``{"count": "strike_x",
    "times": 2}`` is twice X (Mika's Missile)."""
    POWER = "power"
    """Your attack's current total power this strike (0 outside a strike): Wagner's
    Deflection, ``hit: armorup {count: power}``."""
    OPPONENT_SPEED = "opponent_speed"
    """The opponent's attack's total speed now (0 outside a strike or with no attack):
    Hilda's Interference, ``push {count: opponent_speed}``."""
    CARDS_IN_DISCARD = "cards_in_discard"
    """The cards in your discard pile (Bang's The Ultimate Bang, ``hit: powerup {count:
    cards_in_discard}``)."""
    SEALED_NORMALS = "sealed_normals"
    """The Normals in your sealed area (Nine's Coral of Catastrophe: +1 power each, at
    most 5)."""


class Count(msgspec.Struct, frozen=True, kw_only=True):
    """An amount computed when the effect resolves: ``times`` per ``count``, plus
    ``plus``, capped at ``at_most``. In the data: ``"amount": {"count": "gauge",
    "at_most": 5}`` (M. Bison's Psycho Power: +1 power per gauge card, at most +5).
    """

    count: Quantity
    times: int = 1
    plus: int = 0
    at_most: int | None = None
    per: int = 1
    """The quantity counts in whole groups of ``per`` (rounded down) before ``times``:
    ``{"count": "opponent_cards_in_hand", "per": 2}`` is +1 per 2 cards (Gordeau's
    Devourer)."""


class EffectBase(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Fields every effect carries.

    ``then`` runs after this effect, only if it ran; ``otherwise`` runs instead when the
    condition is false.

    ``starts_strike`` (a class constant, not a field): the effect starts a strike once
    its boost or action has resolved, and is ignored during a strike (``strike`` and its
    forms); a ``choice`` does not offer an option that would only do that there.
    """

    starts_strike: ClassVar[bool] = False
    timing: Timing | None = None
    condition: Condition | None = msgspec.field(default=None, name="if")
    then: tuple[vocabulary.Effect, ...] = ()
    otherwise: tuple[vocabulary.Effect, ...] = msgspec.field(default=(), name="else")
