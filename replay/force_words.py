"""What a force-for-effect choice buys, in the card reader's words: the engine asks
"spend 0 force / spend 1 force / spend 2 force" (its labels, recorded in logs) and the
Play page showed only that, with nothing saying what a force buys (Carmine's Reckless
Run: "may spend any amount of force: advance 2 per force"). ``spent_words`` reads the
per-force effect from the asking card (or a seat's character card) as printed, finding
each ``ForceForEffect`` (the engine's export) in its definitions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import msgspec

from engine import Catalog, ForceForEffect, catalog_names, read_effects

TAG = "force_for_effect"
_SPEND = re.compile(r"spend (\d+) force")
_DEPTH = 32
"""Deeper than any printed definition nests; a guard, not a limit met in the data."""


def _spends(value: object, depth: int = 0) -> Iterator[ForceForEffect]:
    """Every ``ForceForEffect`` with a per-force effect printed in ``value`` (a card or
    character definition), at any depth."""
    if depth > _DEPTH:
        return
    if isinstance(value, ForceForEffect) and value.per_force_effect:
        yield value
    if isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            yield from _spends(getattr(value, name), depth + 1)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _spends(item, depth + 1)


def spent_words(label: str, tag: str, definitions: Sequence[object], catalog: Catalog
                ) -> str | None:
    """``label`` (``spend 2 force``, the option of a ``force_for_effect`` choice, ``tag``
    its option's tag) with what each force buys: ``spend 2 force: advance 2 per force``;
    ``spend no force`` for 0. None when it is no such option, or the definitions print
    no per-force effect or several different ones (which one asks is then unknown)."""
    found = _SPEND.fullmatch(label)
    if tag != TAG or found is None:
        return None
    names = catalog_names(catalog)
    read = {read_effects(e.per_force_effect, names)
            for d in definitions for e in _spends(d) if not e.combined}
    if len(read) != 1:
        return None
    spent = int(found.group(1))
    return "spend no force" if spent == 0 else f"{label}: {read.pop()} per force"
