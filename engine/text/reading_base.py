"""The card reader's shared pieces: who names a card or a buddy (``Reader``), how an
amount reads (``+2``, ``X``, ``1 per card in your hand, at most 5``) and the table of
phrases the reader's modules fill (``phrase``).

The reader (``engine.text.reading``) says each effect in plain words, with every figure,
name and nested effect it carries. Its words are never recorded: recorded choices carry
the label words of ``engine.text.phrases``, which stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.cards import schema as c

Names = Callable[[str], str]
"""A card's or a buddy's printed name from its id in the card data (the id itself when
nobody declares it: a Trap boost is named by its boost's name already)."""


class Reader:
    """What a phrase needs besides its effect: names, and the whole reader for the
    effects nested in it (a choice's options, a paid effect, ``then``)."""

    __slots__ = ("chain_of", "name")

    def __init__(self, name: Names, chain_of: Callable[[Sequence[c.Effect]], str]) -> None:
        self.name = name
        self.chain_of = chain_of

    def chain(self, effects: Sequence[c.Effect], empty: str = "nothing") -> str:
        """A chain of effects, each read, joined by ``, then`` (``empty`` for none)."""
        return self.chain_of(effects) or empty

    def buddy(self, buddy: str | None, whose: str = "your") -> str:
        """``your buddy`` or ``Gravitron``, the buddy named."""
        return f"{whose} buddy" if buddy is None else self.name(buddy)


_F = TypeVar("_F", bound=Callable[..., str])
Phrase = Callable[..., str]
"""``(effect, reader) -> words``: the phrase of one effect type."""

PHRASES: dict[type, Phrase] = {}
"""Effect type -> its reader's phrase (filled by ``reading_strike``, ``reading_cards``
and ``reading_boosts``)."""


def phrase(*types: type) -> Callable[[_F], _F]:
    """Register a phrase for one or more effect types."""
    def register(func: _F) -> _F:
        for effect_type in types:
            if effect_type in PHRASES:
                raise ValueError(f"two reader phrases for {effect_type.__name__}")
            PHRASES[effect_type] = func
        return func
    return register


_SYMBOLS = {
    c.SymbolicAmount.STRIKE_X: "X",
    c.SymbolicAmount.CARDS_DISCARDED_THIS_STRIKE: "the cards you discarded this strike",
    c.SymbolicAmount.TOTAL_POWER: "your total power",
}

_UNITS: dict[c.Quantity, tuple[str, str]] = {
    c.Quantity.GAUGE: ("card in your gauge", "cards in your gauge"),
    c.Quantity.CARDS_IN_HAND: ("card in your hand", "cards in your hand"),
    c.Quantity.SPACES_BETWEEN: ("empty space between the fighters",
                                "empty spaces between the fighters"),
    c.Quantity.OPPONENT_GAUGE: ("card in the opponent's gauge", "cards in the opponent's gauge"),
    c.Quantity.DAMAGE_TAKEN: ("damage you have taken this strike",
                              "damage you have taken this strike"),
    c.Quantity.DAMAGE_DEALT: ("damage you have dealt this strike",
                              "damage you have dealt this strike"),
    c.Quantity.BOOSTS_IN_PLAY: ("continuous boost in play", "continuous boosts in play"),
    c.Quantity.OPPONENT_CARDS_IN_HAND: ("card in the opponent's hand",
                                        "cards in the opponent's hand"),
    c.Quantity.CARDS_IN_DISCARD: ("card in your discard pile", "cards in your discard pile"),
    c.Quantity.SEALED_NORMALS: ("sealed Normal", "sealed Normals"),
}
"""A counted quantity's unit, one and several."""

_VALUES = {
    c.Quantity.STRIKE_X: "X",
    c.Quantity.POWER: "your total power",
    c.Quantity.OPPONENT_SPEED: "the opponent's speed",
}
"""Quantities that are a value, not a count of things."""


def amount(value: int | c.SymbolicAmount | c.Count, signed: bool = False) -> str:
    """``2`` (``+2`` when ``signed``), ``X``, ``1 per card in your hand, at most 5``."""
    if isinstance(value, c.SymbolicAmount):
        return ("+" if signed else "") + _SYMBOLS[value]
    if isinstance(value, c.Count):
        return ("+" if signed and value.times > 0 and not value.plus else "") + _count(value)
    return f"{value:+d}" if signed else str(value)


def measure(value: int | c.SymbolicAmount | c.Count, noun: str) -> str:
    """A signed bonus of ``noun``: ``+2 power``, ``+X power``, ``+1 power per card in your
    gauge, at most +5``, ``-1 power per damage you have taken this strike``."""
    if isinstance(value, c.Count) and value.count in _UNITS and not value.plus:
        one, several = _UNITS[value.count]
        unit = one if value.per == 1 else f"{value.per} {several}"
        text = f"{value.times:+d} {noun} per {unit}"
        if value.at_most is not None:
            text += f", at most {value.at_most:+d}"
        return text
    return f"{amount(value, signed=True)} {noun}"


def _count(count: c.Count) -> str:
    if count.count in _VALUES:
        base = _VALUES[count.count]
        if abs(count.times) != 1:
            base = f"{abs(count.times)} × {base}"
    else:
        one, several = _UNITS[count.count]
        unit = one if count.per == 1 else f"{count.per} {several}"
        base = f"{abs(count.times)} per {unit}"
    if count.times < 0:
        text = f"{count.plus} less {base}" if count.plus else f"minus {base}"
    elif count.plus:
        text = f"{base}, {'plus' if count.plus > 0 else 'less'} {abs(count.plus)}"
    else:
        text = base
    if count.at_most is not None:
        text += f", at most {count.at_most}"
    return text


_HANDS = (c.Quantity.CARDS_IN_HAND, c.Quantity.OPPONENT_CARDS_IN_HAND)


def cards(number: int | c.SymbolicAmount | c.Count, noun: str = "card") -> str:
    """``1 card``, ``2 cards``, ``X cards``; a hand's size ``every card``, less some
    ``all but 4 cards``."""
    if isinstance(number, int):
        return f"{number} {noun}" + ("" if number == 1 else "s")
    if (isinstance(number, c.Count) and number.count in _HANDS and number.times == 1
            and number.per == 1 and number.plus <= 0 and number.at_most is None):
        return f"every {noun}" if not number.plus else f"all but {cards(-number.plus, noun)}"
    if number is c.SymbolicAmount.CARDS_DISCARDED_THIS_STRIKE:
        return f"as many {noun}s as you discarded this strike"
    if number is c.SymbolicAmount.TOTAL_POWER:
        return f"as many {noun}s as your total power"
    return f"{amount(number)} {noun}s"


def distance(value: int | c.SymbolicAmount | c.Count) -> str:
    """How far a movement goes: ``2``, ``X``, ``1 per damage you have taken this strike``,
    ``by the opponent's speed``."""
    if isinstance(value, int) or value is c.SymbolicAmount.STRIKE_X:
        return amount(value)
    if isinstance(value, c.Count) and (value.count not in _VALUES or
                                       value.count is c.Quantity.STRIKE_X):
        return amount(value)
    return "by " + amount(value)


def span(low: int | c.Count, high: int | c.Count, noun: str = "card") -> str:
    """``1 card``, ``0 to 3 cards``, ``up to 1 card``: a choice of how many."""
    if low == high:
        return cards(high, noun)
    if low == 0:
        every = cards(high, noun)
        return f"any number of {noun}s" if every.startswith("every") else "up to " + every
    if isinstance(low, int) and isinstance(high, int):
        return f"{low} to {high} {noun}s"
    return f"{amount(low)} to {amount(high)} {noun}s"


def spaces(number: int | c.SymbolicAmount | c.Count) -> str:
    """``1 space``, ``3 spaces``, ``X spaces``."""
    return cards(number, "space")


def words(value: object) -> str:
    """A closed-set value (an enum member) in words: ``top of deck``."""
    return str(getattr(value, "value", value)).replace("_", " ")


def kinds(limitation: Sequence[object] | object | None, noun: str) -> str:
    """``a continuous boost``, ``a Special or Ultra``, ``any card``: what a limitation
    allows, before ``noun``."""
    if limitation is None or limitation == ():
        return f"any {noun}"
    items = list(limitation) if isinstance(limitation, tuple) else [limitation]
    named = " or ".join(words(item).capitalize() if isinstance(item, c.CardKind)
                        else words(item) for item in items)
    return f"a {named} {noun}".replace("a immediate", "an immediate").replace(
        "a Ultra", "an Ultra")


__all__ = ["PHRASES", "Names", "Phrase", "Reader", "amount", "cards", "distance", "kinds", "measure",
           "phrase", "spaces", "span", "words"]
