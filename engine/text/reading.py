"""Effect phrases for a person reading a card (the Game and Play pages' "Card texts",
``c NAME`` at the terminal): plain words with every figure, name and nested effect an
effect carries.

``engine.text.phrases`` names many effects by their data's words (``rangeup``, ``[if
hit_opponent]``, ``add set aside card to deck``), and recorded logs carry those words
in their choices' labels, so they stay there. The reader has its own words instead,
one phrase per effect type (``reading_strike``, ``reading_cards``, ``reading_boosts``)
and per condition (``reading_conditions``): ``+2 power``, ``[if you hit] draw 1``,
``may spend 1 gauge: your attack is Critical``, ``put your set-aside Akumetsu on top of
your deck``. Cards and buddies are named by their printed names. These phrases are
never recorded.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import schema as c
from engine.cards.catalog import Catalog, default_catalog
from engine.text import reading_boosts, reading_cards, reading_strike
from engine.text.reading_base import PHRASES, Names, Reader
from engine.text.reading_conditions import read_condition

_PHRASE_MODULES = (reading_strike, reading_cards, reading_boosts)
"""Imported for the phrases they register in ``PHRASES``."""


def catalog_names(catalog: Catalog) -> Names:
    """The printed name of a card id or a buddy id in ``catalog`` (the id itself for
    anything else: a Trap is named by its boost's name already)."""
    known = {card_id: card.name for card_id, card in catalog.cards.items()}
    for char in catalog.characters.values():
        known.update((buddy.id, buddy.name) for buddy in char.buddies)
    return lambda key: known.get(key, key)


def read_effect(effect: c.Effect, names: Names | None = None) -> str:
    """One effect and its chain as a card's reader reads it: ``[if you hit] draw 1,
    then +1 power``; ``names`` names cards and buddies (by default from this engine's
    own catalog)."""
    return _reader(names).chain((effect,))


def read_effects(effects: Sequence[c.Effect], names: Names | None = None) -> str:
    """A chain of effects, each read (``nothing`` for none)."""
    return _reader(names).chain(effects)


def _reader(names: Names | None) -> Reader:
    name = names if names is not None else _default_names()
    reader: Reader

    def chain(effects: Sequence[c.Effect]) -> str:
        return ", ".join(_one(effect, reader) for effect in effects)

    reader = Reader(name, chain)
    return reader


_DEFAULT: list[Names] = []


def _default_names() -> Names:
    if not _DEFAULT:
        _DEFAULT.append(catalog_names(default_catalog()))
    return _DEFAULT[0]


def _one(effect: c.Effect, reader: Reader) -> str:
    if isinstance(effect, c.Pass) and effect.then and not effect.otherwise:
        # ``[if X] pass, then Y``: the data's way of writing "if X, Y"
        text = reader.chain(effect.then)
        if effect.condition is not None:
            text = f"[if {read_condition(effect.condition, reader)}] {text}"
        return text
    phrase = PHRASES.get(type(effect))
    text = (phrase(effect, reader) if phrase is not None
            else c.effect_tag(type(effect)).replace("_", " "))
    if effect.condition is not None:
        text = f"[if {read_condition(effect.condition, reader)}] {text}"
    if effect.otherwise:
        text += f" (otherwise {reader.chain(effect.otherwise)})"
    if effect.then:
        text += ", then " + reader.chain(effect.then)
    return text


__all__ = ["catalog_names", "read_effect", "read_effects"]
