"""Display names of cards and characters for the viewer and the pages: a card's printed
stats line, card names, one unambiguous label per card of a fighter's table or chart,
and a fighter's or Tag Team's name. The frames that show them are
``replay.viewer.frames``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine import CardDef, Catalog, default_catalog, display_name


def card_stats(card: CardDef) -> str:
    """``power 4 · speed 4 · range 3-6 · armor 0 · guard 0`` for one card, as printed: a
    power that is the range to the opponent (Merkava's I, Defile) reads ``power range to
    opponent``."""
    reach = "none" if card.range is None else (
        str(card.range[0]) if card.range[0] == card.range[1] else f"{card.range[0]}-{card.range[1]}")
    power = "range to opponent" if card.power_is_range_to_opponent is True else card.power
    return (f"power {power} · speed {card.speed} · range {reach} · armor {card.armor} · "
            f"guard {card.guard}")


def card_names(card_ids: Iterable[str], catalog: Catalog | None = None) -> dict[str, str]:
    """Display names for card ids (an unknown id maps to itself)."""
    cat = catalog if catalog is not None else default_catalog()
    return {cid: cat.cards[cid].name if cid in cat.cards else cid for cid in card_ids}


def card_labels(card_ids: Iterable[str], fighter: str = "",
                catalog: Catalog | None = None) -> dict[str, str]:
    """Labels for the card ids of one fighter's table or chart, one label per card: the
    display name, and where two of the ids share it (Ryu's and Ken's Hadoken in a
    ``ryu+ken`` Tag Team's cards, a standard and a UNI Grasp) the fighters of
    ``fighter`` whose deck holds the card after it, ``Hadoken (Ryu)``, or else its id,
    ``Hadoken (ryu_hadoken)``: a chart draws one bar per label, so two cards under one
    name were drawn as one bar. A game's cards take both seats' fighters joined
    (``ryu+ken+zangief``: its Game page)."""
    cat = catalog if catalog is not None else default_catalog()
    ids = list(dict.fromkeys(card_ids))
    names = card_names(ids, cat)
    shared = Counter(names.values())
    members = [cat.characters[m] for m in dict.fromkeys(fighter.split("+"))
               if m in cat.characters]  # a mirror's fighter once
    decks = [(m.name, {entry.card for entry in m.deck}) for m in members]
    labels = {}
    for cid in ids:
        owners = [name for name, deck in decks if cid in deck]
        labels[cid] = (names[cid] if shared[names[cid]] == 1 else
                       f"{names[cid]} ({' + '.join(owners) if owners else cid})")
    again = Counter(labels.values())
    return {cid: label if again[label] == 1 else f"{names[cid]} ({cid})"
            for cid, label in labels.items()}


def character_name(char_id: str, catalog: Catalog | None = None) -> str:
    """The display name of a character id, or of a Tag Team spec ("Ryu + Ken"); an
    unknown id is returned as it is."""
    cat = catalog if catalog is not None else default_catalog()
    return display_name(cat, char_id)
