"""Tag Team data (Street Fighter rulebook, "VARIANT: TAG TEAM"): team specs, team decks,
and which fighter a card belongs to.

A seat is given by a *spec*: one character id (``"ryu"``) or two joined by ``+``
(``"ryu+ken"``), a Tag Team. The variant is selected by the spec alone: the Tag Team
mechanic (``engine.mechanics.tag_team``) claims a team spec and seats it with ``seat``,
and asks ``card_owners`` which fighter owns a card.

- **Team deck**: 3 copies of each Normal plus both fighters' own specials and ultras
  (2 copies each in the Street Fighter decks): 24 + 14 + 14 = 52 cards, in that order
  before the setup shuffle.
- **Starting fighter**: the rulebook's "start with either character of your choice" is
  made by the order of the spec: the first member starts in play, the second tagged out.
- **Life**: each fighter of a team has 20 life; a single fighter keeps its printed life.
- **Who may team**: two different fighters sharing their Normals, neither dealing cards
  apart at setup (BlazBlue's set-aside Astral Heats, Nine's start-sealed gems: the team
  deck, the variant's own deck list, has no place for them).

This module only reads the catalog and the state; the Tag Team mechanic
(``engine.mechanics.tag_team``) holds the rules and seats a team through ``seat``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, NamedTuple

from engine.cards.catalog import Catalog, quoted_id
from engine.cards.schema import CardKind

if TYPE_CHECKING:  # a seat's state is read, never built, here: no import of the core
    from engine.core.state import PlayerState

TEAM_SEPARATOR: Final = "+"
TEAM_LIFE: Final = 20
"""Each fighter of a Tag Team has 20 life."""
NORMAL_COPIES: Final = 3
"""A team deck holds 3 copies of each Normal."""


class InvalidTeam(ValueError):
    """A spec that is not one character or a team of two different ones (one line)."""


class Seat(NamedTuple):
    """What a spec puts at a seat before setup: the fighters, their life and the deck."""

    character: str
    life: int
    partner: str | None
    partner_life: int
    deck: list[str]


def members(spec: str) -> tuple[str, ...]:
    """The character ids of a spec, in order (one for a single fighter)."""
    return tuple(spec.split(TEAM_SEPARATOR))


def is_team(spec: str) -> bool:
    return TEAM_SEPARATOR in spec


def check_spec(catalog: Catalog, spec: str) -> str:
    """``spec`` validated: known characters, at most two, two different ones, sharing
    their Normals, neither starting with cards out of the deck (a BlazBlue fighter's
    set-aside Astral Heat, Nine's start-sealed cards: Street Fighter rulebook, Variant:
    Tag Team, builds the 52-card deck from the unique cards and Normals only). Raises
    ``UnknownCharacter`` or ``InvalidTeam`` (one line each)."""
    names = members(spec)
    if len(names) > 2 or any(not name for name in names):
        raise InvalidTeam(
            f"a Tag Team is two character ids joined by {TEAM_SEPARATOR!r}, got "
            f"{quoted_id(spec)}"
        )
    ids = [catalog.character(name).id for name in names]
    if len(ids) == 2:
        if ids[0] == ids[1]:
            raise InvalidTeam(f"a Tag Team needs two different characters, got "
                              f"{quoted_id(spec)}")
        for char_id in ids:
            problem = team_member_problem(catalog, char_id)
            if problem is not None:
                raise InvalidTeam(problem)
        if _normals(catalog, ids[0]) != _normals(catalog, ids[1]):
            raise InvalidTeam(f"{ids[0]} and {ids[1]} do not share the same Normals")
    return TEAM_SEPARATOR.join(ids)


def team_member_problem(catalog: Catalog, char_id: str) -> str | None:
    """Why the character ``char_id`` can join no Tag Team (None when it may join one
    whose partner shares its Normals): it starts with cards out of its deck, set aside or
    sealed, for which a team deck has no place (``check_spec``)."""
    char = catalog.character(char_id)
    if char.set_aside or char.start_sealed:
        return (f"{char_id} cannot join a Tag Team: the team deck has no place for its "
                "cards dealt out of the deck at setup (set aside or sealed)")
    return None


def seat(catalog: Catalog, spec: str) -> Seat:
    """The fighters, life and deck (card ids in deck-list order) that ``spec`` seats."""
    names = members(spec)
    if len(names) == 1:
        char = catalog.character(spec)
        return Seat(char.id, char.life, None, 0, catalog.game_cards(char.id))
    first, second = check_spec(catalog, spec).split(TEAM_SEPARATOR)
    return Seat(first, TEAM_LIFE, second, TEAM_LIFE, team_deck(catalog, first, second))


def team_deck(catalog: Catalog, first: str, second: str) -> list[str]:
    """The 52-card team deck: 3 copies of each Normal, then each fighter's own cards."""
    deck = [card for card in _normals(catalog, first) for _ in range(NORMAL_COPIES)]
    for char_id in (first, second):
        deck.extend(
            entry.card
            for entry in catalog.character(char_id).deck
            if catalog.card(entry.card).kind is not CardKind.NORMAL
            for _ in range(entry.copies)
        )
    return deck


def _normals(catalog: Catalog, char_id: str) -> list[str]:
    return [
        entry.card
        for entry in catalog.character(char_id).deck
        if catalog.card(entry.card).kind is CardKind.NORMAL
    ]


@functools.lru_cache(maxsize=8)
def card_owners(catalog: Catalog) -> Mapping[str, str]:
    """Every special and ultra card id mapped to the character whose deck holds it."""
    owners: dict[str, str] = {}
    for char in catalog.characters.values():
        for entry in char.deck:
            if catalog.card(entry.card).kind is not CardKind.NORMAL:
                owners.setdefault(entry.card, char.id)
    return MappingProxyType(owners)


def spec_of(p: PlayerState) -> str:
    """The spec of a seat, fighter in play first (the header's spec before any switch)."""
    if p.partner is None:
        return p.character
    return f"{p.character}{TEAM_SEPARATOR}{p.partner}"


def display_name(catalog: Catalog, spec: str) -> str:
    """``"Ryu + Ken"`` for ``"ryu+ken"``; unknown ids are shown as they are."""
    chars = catalog.characters
    return " + ".join(chars[m].name if m in chars else m for m in members(spec))


def unknown_member(catalog: Catalog, spec: str) -> str | None:
    """The first member of ``spec`` the catalog does not know, or None."""
    return next((m for m in members(spec) if m not in catalog.characters), None)


def deck_card_names(catalog: Catalog, p: PlayerState) -> tuple[str, ...]:
    """The distinct card names in ``p``'s deck list (both fighters' for a team), for
    effects that name a card of that deck (Parry)."""
    names = catalog.card_names(p.character)
    if p.partner is not None:
        names = names + catalog.card_names(p.partner)
    return tuple(dict.fromkeys(names))


def usable(catalog: Catalog, p: PlayerState, card_id: str) -> bool:
    """Whether ``p``'s fighter in play may attack or boost with ``card_id``: always for
    a single fighter and for Normals; in a team only its own specials and ultras (the
    tagged-out fighter's are Invalid Attacks and need a Cross Boost to boost)."""
    if p.partner is None:
        return True
    owner = card_owners(catalog).get(card_id)
    return owner is None or owner == p.character
