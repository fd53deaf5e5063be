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
    ON_ANY_BOOST = "on_any_boost"
    ON_CONTINUOUS_BOOST = "on_continuous_boost"


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


class Condition(msgspec.Struct, frozen=True, kw_only=True):
    """A predicate gating an effect. ``amount`` is the argument some kinds take;
    ``card`` is the card id that ``matches_named_card`` names."""

    kind: ConditionKind
    amount: int | None = None
    card: str | None = None


# --- effect parameters (Dan, C. Viper, Vega, Guile, M. Bison) -----------------------


class SymbolicAmount(enum.StrEnum):
    """An amount written as a word in the data, resolved when the effect runs."""

    STRIKE_X = "strike_x"
    """The X of this strike, set earlier by ``set_strike_x`` (0 if never set)."""


class StrikeXSource(enum.StrEnum):
    """Where ``set_strike_x`` reads X from."""

    TOP_DISCARD_POWER = "top_discard_power"
    TOP_DECK_POWER = "top_deck_power"


class BoostSource(enum.StrEnum):
    """A zone ``boost_additional`` may play a boost from."""

    HAND = "hand"
    DISCARD = "discard"


class TopDeckAction(enum.StrEnum):
    """What ``choose_cards_from_top_deck`` does with the chosen card."""

    ADD_TO_HAND = "add_to_hand"
    ADD_TO_GAUGE = "add_to_gauge"
    DISCARD = "discard"


class UnchosenDestination(enum.StrEnum):
    """Where ``choose_cards_from_top_deck`` leaves the cards not chosen."""

    TOPDECK = "topdeck"
    DISCARD = "discard"


class GaugeCostReduction(enum.StrEnum):
    """A card rule lowering an ultra's gauge cost when it is paid."""

    FREE_IF_NO_CARDS_IN_HAND = "free_if_no_cards_in_hand"


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


class PushOrPullToAnySpace(_Effect, frozen=True, kw_only=True, tag="push_or_pull_to_any_space"):
    pass


class PullAnyNumberOfSpacesAndGainPower(
    _Effect, frozen=True, kw_only=True, tag="pull_any_number_of_spaces_and_gain_power"
):
    pass


class OpponentCantMovePast(_Effect, frozen=True, kw_only=True, tag="opponent_cant_move_past"):
    pass


class RemoveOpponentCantMovePast(
    _Effect, frozen=True, kw_only=True, tag="remove_opponent_cant_move_past"
):
    pass


class MoveToAnySpace(_Effect, frozen=True, kw_only=True, tag="move_to_any_space"):
    """Move to a space ``move_min``..``move_max`` spaces away (0: stay put)."""

    move_min: int = 0
    move_max: int = 8


# --- attack stats ----------------------------------------------------------------


class Powerup(_Effect, frozen=True, kw_only=True, tag="powerup"):
    """``amount`` may be ``"strike_x"``: the X set earlier this strike (Dan's Koryuken)."""

    amount: int | SymbolicAmount


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


class LoseAllArmor(_Effect, frozen=True, kw_only=True, tag="lose_all_armor"):
    pass


class MultiplyPositivePowerBonuses(
    _Effect, frozen=True, kw_only=True, tag="multiply_positive_power_bonuses"
):
    amount: int


class PowerupBothPlayers(_Effect, frozen=True, kw_only=True, tag="powerup_both_players"):
    amount: int


class RangeupPerBoostModifier(
    _Effect, frozen=True, kw_only=True, tag="rangeup_per_boost_modifier"
):
    """Per continuous boost in play: ``amount`` to the minimum, ``amount2`` to the maximum."""

    amount: int
    amount2: int


class DodgeAtRange(_Effect, frozen=True, kw_only=True, tag="dodge_at_range"):
    """Attacks from a distance in ``range_min``..``range_max`` miss you."""

    range_min: int
    range_max: int


class PowerupOpponent(_Effect, frozen=True, kw_only=True, tag="powerup_opponent"):
    amount: int


class PowerupPerGauge(_Effect, frozen=True, kw_only=True, tag="powerup_per_gauge"):
    """``amount`` power per card in your gauge; the bonus is capped at ``amount_max``."""

    amount: int
    amount_max: int | None = None


class SpeedupBySpacesModifier(
    _Effect, frozen=True, kw_only=True, tag="speedup_by_spaces_modifier"
):
    amount: int


class SetStrikeX(_Effect, frozen=True, kw_only=True, tag="set_strike_x"):
    source: StrikeXSource


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


class RangeIncludesIfMovedPast(
    _Effect, frozen=True, kw_only=True, tag="range_includes_if_moved_past"
):
    pass


class RevealStrike(_Effect, frozen=True, kw_only=True, tag="reveal_strike"):
    pass


class StrikeOpponentSetsFirst(
    _Effect, frozen=True, kw_only=True, tag="strike_opponent_sets_first"
):
    pass


class PlayAttackFromHand(_Effect, frozen=True, kw_only=True, tag="play_attack_from_hand"):
    pass


class SetUsedCharacterBonus(
    _Effect, frozen=True, kw_only=True, tag="set_used_character_bonus"
):
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
    """``discard_effect`` runs only if the opponent discarded the named card."""

    discard_effect: tuple[Effect, ...] = ()


class GaugeForEffect(_Effect, frozen=True, kw_only=True, tag="gauge_for_effect"):
    """Optionally spend exactly ``gauge_max`` gauge to run ``overall_effect``."""

    gauge_max: int
    overall_effect: tuple[Effect, ...]


class SpendLife(_Effect, frozen=True, kw_only=True, tag="spend_life"):
    amount: int


class DiscardHand(_Effect, frozen=True, kw_only=True, tag="discard_hand"):
    pass


class OpponentDiscardHand(_Effect, frozen=True, kw_only=True, tag="opponent_discard_hand"):
    pass


class OpponentDiscardChoose(_Effect, frozen=True, kw_only=True, tag="opponent_discard_choose"):
    amount: int


class OpponentDiscardNormalsOrReveal(
    _Effect, frozen=True, kw_only=True, tag="opponent_discard_normals_or_reveal"
):
    amount: int


class NameRange(_Effect, frozen=True, kw_only=True, tag="name_range"):
    pass


class AddTopDeckToGauge(_Effect, frozen=True, kw_only=True, tag="add_top_deck_to_gauge"):
    amount: int = 1


class DiscardRandom(_Effect, frozen=True, kw_only=True, tag="discard_random"):
    amount: int


class DiscardTo(_Effect, frozen=True, kw_only=True, tag="discard_to"):
    amount: int


class DiscardTopdeck(_Effect, frozen=True, kw_only=True, tag="discard_topdeck"):
    pass


class ForceForEffect(_Effect, frozen=True, kw_only=True, tag="force_for_effect"):
    """Optionally spend force: ``per_force_effect`` runs once per force (up to
    ``force_max``), or ``overall_effect`` once for exactly ``force_max``."""

    force_max: int
    per_force_effect: tuple[Effect, ...] = ()
    overall_effect: tuple[Effect, ...] = ()


class GaugeFromHand(_Effect, frozen=True, kw_only=True, tag="gauge_from_hand"):
    """Move ``min_amount``..``max_amount`` cards from hand to gauge; ``per_card_effect``
    runs once per card moved."""

    min_amount: int
    max_amount: int
    per_card_effect: tuple[Effect, ...] = ()


class TopdeckFromHand(_Effect, frozen=True, kw_only=True, tag="topdeck_from_hand"):
    min_amount: int
    max_amount: int


class SelfDiscardChoose(_Effect, frozen=True, kw_only=True, tag="self_discard_choose"):
    """Discard ``amount`` cards of your choice (``optional``: or none; ``any_number``:
    as many as you like, the data's ``-1``)."""

    amount: int = 1
    optional: bool = False
    any_number: bool = False


class RevealHand(_Effect, frozen=True, kw_only=True, tag="reveal_hand"):
    opponent: bool = False


class ChooseCardsFromTopDeck(
    _Effect, frozen=True, kw_only=True, tag="choose_cards_from_top_deck"
):
    """Look at the top ``look_amount`` cards and pick one for one of ``action_choices``."""

    look_amount: int
    action_choices: tuple[TopDeckAction, ...] = (TopDeckAction.ADD_TO_HAND,)
    can_pass: bool = False
    destination_unchosen: UnchosenDestination = UnchosenDestination.TOPDECK


class ShuffleDeck(_Effect, frozen=True, kw_only=True, tag="shuffle_deck"):
    pass


class SkipEndOfTurnDraw(_Effect, frozen=True, kw_only=True, tag="skip_end_of_turn_draw"):
    pass


class SetDanDrawChoice(_Effect, frozen=True, kw_only=True, tag="set_dan_draw_choice"):
    pass


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


class ChooseSustainBoost(_Effect, frozen=True, kw_only=True, tag="choose_sustain_boost"):
    """Choose ``amount`` of your boosts to sustain; at least ``amount_min`` if you can."""

    amount: int = 1
    amount_min: int = 0


class BoostAdditional(_Effect, frozen=True, kw_only=True, tag="boost_additional"):
    """Play another boost from ``valid_zones``; ``limitation`` restricts its kind."""

    limitation: BoostKind | None = None
    valid_zones: tuple[BoostSource, ...] = (BoostSource.HAND,)
    ignore_costs: bool = False


class SustainThis(_Effect, frozen=True, kw_only=True, tag="sustain_this"):
    pass


class AddToGaugeImmediately(_Effect, frozen=True, kw_only=True, tag="add_to_gauge_immediately"):
    pass


class SetEndOfTurnBoostDelay(
    _Effect, frozen=True, kw_only=True, tag="set_end_of_turn_boost_delay"
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
    | OpponentDiscardHand
    | OpponentDiscardChoose
    | OpponentDiscardNormalsOrReveal
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
    | PowerupPerGauge
    | SpeedupBySpacesModifier
    | SetStrikeX
    | PlayAttackFromHand
    | SetUsedCharacterBonus
    | AddTopDeckToGauge
    | DiscardRandom
    | DiscardTo
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
