"""The card reader's words for a condition: ``if you hit``, ``if your attack is a
Normal``, ``if the opponent is 2 spaces away``. An effect behind a condition reads
``[if you hit] draw 1``. Meanings as ``docs/effects.md`` ("Conditions") states them.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.text.reading_base import Reader, cards, spaces

K = c.ConditionKind

_PLAIN: dict[c.ConditionKind, str] = {
    K.IS_CRITICAL: "your attack is Critical",
    K.IS_NOT_CRITICAL: "your attack is not Critical",
    K.INITIATED_STRIKE: "you initiated the strike",
    K.NOT_INITIATED_STRIKE: "you are the defender",
    K.HIT_OPPONENT: "you hit",
    K.NOT_HIT_OPPONENT: "you have not hit",
    K.ADVANCED_THROUGH: "you moved past the opponent",
    K.NOT_ADVANCED_THROUGH: "you did not move past the opponent",
    K.MOVED_PAST: "you moved past the opponent this strike",
    K.IS_NORMAL_ATTACK: "your attack is a Normal",
    K.IS_SPECIAL_OR_ULTRA_ATTACK: "your attack is a Special or an Ultra",
    K.OPPONENT_AT_EDGE_OF_ARENA: "the opponent is at the arena's edge",
    K.AT_EDGE_OF_ARENA: "you are at the arena's edge",
    K.OPPONENT_STUNNED: "the opponent is stunned",
    K.WAS_HIT: "you were hit",
    K.USED_CHARACTER_BONUS: "you used your character bonus this turn",
    K.NOT_USED_CHARACTER_BONUS: "you have not used your character bonus this turn",
    K.BOOST_IN_PLAY: "you have a continuous boost in play",
    K.NO_BOOST_IN_PLAY: "you have no continuous boost in play",
    K.WAS_WILD_SWING: "your attack is a wild swing",
    K.WAS_NOT_WILD_SWING: "your attack is not a wild swing",
    K.DID_END_OF_TURN_DRAW: "you drew at the end of this turn",
    K.DECK_NOT_EMPTY: "your deck is not empty",
    K.NOT_STUNNED: "you are not stunned",
    K.STUNNED: "you are stunned",
    K.LESS_CARDS_THAN_OPPONENT: "you hold fewer cards than the opponent",
    K.MORE_CARDS_THAN_OPPONENT: "you hold more cards than the opponent",
    K.WILD_SWING_INVALID_NOT_DECLINED: "your wild swing is invalid and you did not decline it",
    K.LAST_TURN_WAS_STRIKE: "the last turn was a strike",
    K.OPPONENT_ATTACK_IS_NAMED_BY_BOOST: "the opponent's attack is the card this boost named",
    K.CAN_BOOST_CONTINUOUS_FROM_GAUGE: "you can boost a continuous boost from your gauge",
    K.CAN_BOOST_ULTRA_FROM_GAUGE: "you can boost an Ultra from your gauge",
    K.NOT_MOVED_SELF_THIS_STRIKE: "you have not moved yourself this strike",
    K.IS_EX_STRIKE: "your attack is EX",
    K.BOOST_CAUSED_START_OF_TURN_STRIKE: "a boost made you strike this turn",
    K.WAS_STRIKE_FROM_GAUGE: "your attack was set from your gauge",
    K.WAS_SET_FROM_BOOSTS: "your attack was set from your boosts",
    K.MANUAL_RESHUFFLE: "you chose to reshuffle",
    K.EXCEEDED: "you are exceeded",
    K.ANY_BUDDY_IN_PLAY: "one of your buddies is in play",
    K.ANY_BUDDY_IN_OPPONENT_SPACE: "one of your buddies is on the opponent's space",
    K.BOOST_SPACE_BETWEEN_OPPONENT: "this boost is between you and the opponent",
    K.BOOST_SPACE_IN_RANGE_TOWARDS_OPPONENT:
        "this boost is toward the opponent, within your attack's range",
    K.OPPONENT_IN_BOOST_SPACE: "the opponent is on this boost's space",
    K.NO_SEALED_COPY_OF_ATTACK: "no copy of your attack is sealed",
    K.OPPONENT_MOVED_OR_WAS_MOVED: "the opponent moved or was moved this strike",
    K.TOP_DISCARD_IS_CONTINOUS_BOOST: "the top card of your discard pile has a continuous boost",
    K.DISCARDED_MATCHES_ATTACK_SPEED: "that card has your attack's printed speed",
}


def read_condition(condition: c.Condition, reader: Reader) -> str:
    """``you hit``, ``you hold at least 2 cards``: a condition, without its ``if``."""
    plain = _PLAIN.get(condition.kind)
    if plain is not None:
        return plain
    return _with_values(condition, reader)


def _with_values(condition: c.Condition, reader: Reader) -> str:
    n = 0 if condition.amount is None else condition.amount
    kind = condition.kind
    buddy = reader.buddy(condition.card)
    if kind is K.OPPONENT_TOTAL_GUARD_GREATER_OR_EQUAL:
        return f"the opponent's guard is at least {n}"
    if kind is K.TOTAL_POWERUP_GREATER_OR_EQUAL:
        return f"your power bonuses add up to at least {n}"
    if kind is K.RANGE:
        return f"the opponent is {spaces(n)} away"
    if kind is K.RANGE_GREATER_OR_EQUAL:
        return f"the opponent is at least {spaces(n)} away"
    if kind is K.RANGE_MULTIPLE:
        return f"the opponent is {n} to {condition.amount_max} spaces away"
    if kind is K.MATCHES_NAMED_CARD:
        return f"your attack is {_card(condition, reader)}"
    if kind is K.BOOST_IN_PLAY_OR_PARENTS:
        return f"{_card(condition, reader)} is among your boosts in play"
    if kind is K.MIN_CARDS_IN_HAND:
        return f"you hold at least {cards(n)}"
    if kind is K.MAX_CARDS_IN_HAND:
        return "you hold no cards" if n == 0 else f"you hold at most {cards(n)}"
    if kind is K.MIN_SPACES_BEHIND_OPPONENT:
        return f"at least {spaces(n)} lie behind the opponent"
    if kind is K.OPPONENT_MIN_CARDS_IN_GAUGE:
        return f"the opponent has at least {cards(n)} in gauge"
    if kind is K.MIN_CARDS_IN_DECK:
        return f"your deck has at least {cards(n)}"
    if kind is K.MIN_CARDS_IN_GAUGE:
        return f"you have at least {cards(n)} in gauge"
    if kind is K.MIN_CARDS_IN_DISCARD:
        return f"your discard pile has at least {cards(n)}"
    if kind is K.LIFE_EQUALS:
        return f"your life is exactly {n}"
    if kind is K.SPEED_GREATER_THAN:
        return ("your attack is faster than the opponent's" if condition.amount is None
                else f"your attack's speed is more than {n}")
    if kind is K.OPPONENT_SPEED_LESS_OR_EQUAL:
        return f"the opponent's speed is at most {n}"
    if kind is K.STRIKE_X_GREATER_THAN:
        return f"X is more than {n}"
    if kind is K.PUSHED_MIN_SPACES:
        return f"the push moved the opponent at least {spaces(n)}"
    if kind is K.USED_CHARACTER_ACTION:
        return ("you took a character action this turn" if condition.amount is None
                else f"you took character action {n + 1} this turn")
    if kind is K.NOT_USED_CHARACTER_ACTION:
        return ("you took no character action this turn" if condition.amount is None
                else f"you did not take character action {n + 1} this turn")
    return _buddy_condition(condition, buddy)


def _buddy_condition(condition: c.Condition, buddy: str) -> str:
    kind = condition.kind
    texts = {
        K.BUDDY_IN_PLAY: f"{buddy} is in play",
        K.NOT_BUDDY_IN_PLAY: f"{buddy} is not in play",
        K.BUDDY_IN_OPPONENT_SPACE: f"{buddy} is on the opponent's space",
        K.BUDDY_SPACE_UNOCCUPIED: f"{buddy} is on an empty space",
        K.ON_BUDDY_SPACE: f"you are on {buddy}'s space",
        K.OPPONENT_BETWEEN_BUDDY: f"the opponent is between you and {buddy}"
                                  + (" or on its space" if condition.include_buddy_space
                                     else ""),
        K.IS_BUDDY_SPECIAL_OR_ULTRA_ATTACK:
            f"{buddy} is in play and your attack is a Special or an Ultra",
        K.BUDDY_NOT_ENTERED_PLAY_THIS_STRIKE: f"{buddy} did not enter play this strike",
    }
    opponents = {
        K.OPPONENT_BUDDY_IN_RANGE: "{} is within your attack's range",
        K.OPPONENT_BUDDY_NOT_IMMUNE_TO_FLIP: "{} may be flipped",
    }
    if kind in opponents:
        theirs = "the opponent's " + ("buddy" if condition.card is None else buddy)
        return opponents[kind].format(theirs)
    return texts.get(kind, str(kind.value).replace("_", " "))


def _card(condition: c.Condition, reader: Reader) -> str:
    return "the named card" if condition.card is None else reader.name(condition.card)


__all__ = ["read_condition"]
