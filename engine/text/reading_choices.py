"""A choice's options in the card reader's words: the options a ``ChoiceRequest`` offers
(its ``descriptions``, the options as data) matched with the printed ``choice`` that
offers them, then read as a person reads the card (``engine.text.reading``).

A recorded label keeps the card data's words (``place buddy at range ouroboros_move
1-1``, ``[if advanced_through] cards from discard``): logs hold them, so they never
change. Pages and the terminal show an option in the reader's words instead (``advance
1, then [if you moved past the opponent] put 1 card (Special or Ultra) of your discard
pile into your hand``), when the card that asks prints a choice offering exactly those
options; otherwise (a rule's question, a log recorded before options were described)
they keep the recorded label. Nothing here changes a game, and nothing here is recorded.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec

from engine.cards import schema as c
from engine.cards.catalog import Catalog
from engine.core.decisions import ChoiceOption
from engine.text.phrases import option_of_chain
from engine.text.reading import catalog_names, read_effects
from engine.text.reading_base import Names

Offering = c.Choice | c.ChoiceMultiple
"""A printed effect that offers options, each a chain of effects."""

_CHOICES: dict[int, tuple[object, tuple[Offering, ...]]] = {}
"""id of a printed definition (a card, a character) -> (it, the choices it prints)."""
_CACHE_MAX = 4096


def printed_choices(definition: object) -> tuple[Offering, ...]:
    """Every ``choice`` (and ``choice_multiple``) effect ``definition`` prints (a card, its boost, a character
    card: at any depth, inside another effect's options or chains), in printed order.
    Worked out once per definition object (definitions are immutable)."""
    known = _CHOICES.get(id(definition))
    if known is not None and known[0] is definition:
        return known[1]
    found = tuple(_choices(definition, 0))
    if len(_CHOICES) >= _CACHE_MAX:
        _CHOICES.clear()
    _CHOICES[id(definition)] = (definition, found)
    return found


_DEPTH = 32
"""Deeper than any printed definition nests; a guard, not a limit met in the data."""


def _choices(value: object, depth: int) -> Iterator[Offering]:
    if depth > _DEPTH:
        return
    if isinstance(value, c.Choice | c.ChoiceMultiple):
        yield value
    if isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            yield from _choices(getattr(value, name), depth + 1)
    elif isinstance(value, tuple | list):
        for item in value:
            if isinstance(item, msgspec.Struct | tuple | list):
                yield from _choices(item, depth + 1)


def read_choice(catalog: Catalog, definitions: Sequence[object],
                offered: Sequence[ChoiceOption]) -> tuple[str, ...] | None:
    """The options ``offered`` (a ``ChoiceRequest``'s ``descriptions``, in order) in the
    reader's words, cards and buddies named as ``catalog`` names them, read from the
    first ``choice`` printed in ``definitions`` whose
    options include them all in that order (a choice may offer fewer than it prints:
    mid-strike, an option that would only start a strike is left out). None when no
    printed choice offers them (a rule's question) or nothing is offered. A lone
    ``pass`` reads "pass", as on the card."""
    if not offered:
        return None
    names = _names(catalog)
    for definition in definitions:
        for choice in printed_choices(definition):
            chains = _match(choice, offered)
            if chains is not None:
                return tuple(_read(chain, names) for chain in chains)
    return None


def _match(choice: Offering, offered: Sequence[ChoiceOption]
           ) -> list[Sequence[c.Effect]] | None:
    """The option chains of ``choice`` that ``offered`` describes, in order, or None."""
    matched: list[Sequence[c.Effect]] = []
    options = iter(choice.options)
    for wanted in offered:
        for chain in options:
            if option_of_chain(chain) == wanted:
                matched.append(chain)
                break
        else:
            return None
    return matched


_NAMES: dict[int, tuple[Catalog, Names]] = {}
"""id of a catalog -> (it, its names): a game's catalog serves every option of the game
(a few catalogs at once in a served dashboard: its threads read and add entries)."""


def _names(catalog: Catalog) -> Names:
    known = _NAMES.get(id(catalog))
    if known is None or known[0] is not catalog:
        if len(_NAMES) >= 16:
            _NAMES.clear()
        known = _NAMES[id(catalog)] = (catalog, catalog_names(catalog))
    return known[1]


def _read(chain: Sequence[c.Effect], names: Names) -> str:
    if len(chain) == 1 and isinstance(chain[0], c.Pass) and chain[0].condition is None \
            and not chain[0].then and not chain[0].otherwise:
        return "pass"
    return read_effects(chain, names)


__all__ = ["printed_choices", "read_choice"]
