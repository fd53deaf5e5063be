"""The card texts of a game's fighters: a reference for people at the table or reviewing.

The terminal's ``c NAME`` (``replay.seat_view.card_lines``) answers one card at a time;
a page shows every card of a game's fighters at once: each fighter's character card
(abilities, actions, Exceed), then each card of its deck list once, in deck order, with
its copies, stats, costs, effects by timing and boost, in the same words as the
terminal (``describe_card``, ``describe_fighter``). The texts come from the catalog the
game was read with: a log's own definitions when it carries them.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine import CardDef, Catalog, catalog_names, default_catalog
from replay.seat_view import describe_card, describe_fighter
from replay.viewer.frames import GameReplay


class CardText(msgspec.Struct, frozen=True, kw_only=True):
    """One card of a fighter's deck list: its name, kind (``normal``, ``special``,
    ``ultra``), copies in the list, where they start (``deck``, ``sealed``, ``set aside``,
    or each with its count when they start apart: ``1 deck, 1 sealed``) and its text
    lines (the first the stats line, the others its effects and boost)."""

    card: str
    name: str
    kind: str
    copies: int
    starts: str
    lines: tuple[str, ...]


class FighterCards(msgspec.Struct, frozen=True, kw_only=True):
    """A fighter's character card (``lines``) and its deck list's cards."""

    fighter: str
    name: str
    lines: tuple[str, ...]
    cards: tuple[CardText, ...]


def card_reference(catalog: Catalog, specs: Sequence[str]) -> list[FighterCards]:
    """The reference for the seats' specs (a Tag Team, ``ryu+ken``, gives two fighters),
    each fighter once, in seat order; an id the catalog does not know is left out."""
    seen: list[str] = []
    for spec in specs:
        seen += [f for f in spec.split("+") if f and f not in seen and f in catalog.characters]
    return [_fighter(catalog, fighter) for fighter in seen]


def engine_cards(specs: Sequence[str]) -> list[FighterCards]:
    """The reference for the seats' specs from this engine's own card data: for a game
    whose log cannot be read (its own definitions are in the log, which may differ)."""
    return card_reference(default_catalog(), specs)


def game_cards(game: GameReplay) -> list[FighterCards]:
    """The reference for an opened game's seats, from the catalog it was read with."""
    header = game.replay.log.header
    return card_reference(game.catalog, (header.p1, header.p2))


def _fighter(catalog: Catalog, fighter: str) -> FighterCards:
    char = catalog.character(fighter)
    zones = (("deck", char.deck), ("sealed", char.start_sealed), ("set aside", char.set_aside))
    order = [e.card for _, entries in zones for e in entries]
    names = catalog_names(catalog)
    cards: list[CardText] = []
    for card_id in dict.fromkeys(order):
        if card_id not in catalog.cards:
            continue
        held = [(zone, sum(e.copies for e in entries if e.card == card_id))
                for zone, entries in zones]
        held = [(zone, n) for zone, n in held if n]
        starts = held[0][0] if len(held) == 1 else ", ".join(f"{n} {z}" for z, n in held)
        card = catalog.card(card_id)
        cards.append(CardText(card=card.id, name=card.name, kind=card.kind.value,
                              copies=sum(n for _, n in held), starts=starts,
                              lines=tuple(_without_name(card, describe_card(card, names=names)))))
    return FighterCards(fighter=fighter, name=char.name,
                        lines=tuple(describe_fighter(catalog, fighter)), cards=tuple(cards))


def _without_name(card: CardDef, lines: list[str]) -> list[str]:
    """``describe_card``'s lines with the head's ``Name (kind): `` left out (shown apart)
    and the effect lines unindented by one level. The head is cut by its known text, not
    at the first ``): ``, which a name from a log's definitions may hold."""
    stats = lines[0].removeprefix(f"{card.name} ({card.kind.value}): ")
    return [stats, *(line[2:] if line.startswith("  ") else line for line in lines[1:])]


def fighter_lines(fighter: FighterCards) -> list[str]:
    """A fighter's reference as text (``exceed characters FIGHTER``): its character card,
    then each card of its deck list, a blank line before each: ``Dive (normal) · 2
    copies``, its stats, then its effects and boost indented."""
    lines = list(fighter.lines)
    for card in fighter.cards:
        copies = f"{card.copies} {'copy' if card.copies == 1 else 'copies'}"
        where = "" if card.starts == "deck" else f", starts {card.starts}"
        lines += ["", f"{card.name} ({card.kind}) · {copies}{where}",
                  *(f"  {line}" for line in card.lines)]
    return lines

