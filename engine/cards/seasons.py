"""The seasons, each declared once: a ``SeasonDef`` beside its mechanic, read by the rest.

A season (a product line: Red Horizon, Street Fighter, ...) is declared by one frozen
``SeasonDef``: its ``schema.Season`` id, its number, the size of its decks and the tag its
rules add to a log's ``ruleset``. A season with a mechanic declares it beside that
mechanic (``engine/mechanics/<name>/rules.py``, as the mechanic's ``season``), and
registering the mechanic (``engine.core.hooks.registry.register``) declares it here; the core
season, Red Horizon, which has no mechanic, is declared in this module.

What reads them, never a list of its own: the catalog's deck-size check
(``DECK_SIZES``), the log's rulesets (``ruleset_of``, ``RULESETS``, read by
``engine.recording.checks``), the seasons table of ``docs/log-format.md`` (a test compares it)
and the tests' rosters (``roster``).

**The order rule.** The order of ``schema.Season`` is part of the log format: a ruleset
string names the seasons' rules in that order (``core+street_fighter+under_night``). A
new season is appended to ``schema.Season`` and declared with the next free ``number``;
no member is reordered, renamed or removed, and no ``ruleset`` tag changes.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping, Set
from typing import TYPE_CHECKING, Final

import msgspec

from engine.cards.schema import Season

if TYPE_CHECKING:
    from engine.cards.catalog import Catalog

TAG_TEAM_RULES: Final = "tag_team"
"""The ruleset tag of a game with a Tag Team seat; it comes after every season's."""


class SeasonDef(msgspec.Struct, frozen=True, kw_only=True):
    """One season, declared once (see the module)."""

    id: Season
    number: int
    """The product line's season number (Red Horizon 1, BlazBlue 5, ...)."""
    deck_size: int | None
    """The size of every deck of the season (core rulebook, Setup: 30), or None when a
    fighter's deck is the size its data lists (Under Night In-Birth: 29-36)."""
    ruleset: str | None
    """The tag the season's rules add to a ruleset (``"street_fighter"``, joined as
    ``core+street_fighter``),
    or None when its fighters play by the core rules alone."""


SEASONS: dict[Season, SeasonDef] = {}
"""Every declared season, by id (``declared()`` gives them in ``Season`` order)."""


def declare(season: SeasonDef) -> SeasonDef:
    """Add ``season``; returns it. An id, number or ruleset tag declared twice is refused."""
    for other in SEASONS.values():
        if season.id is other.id or season.number == other.number or (
                season.ruleset is not None and season.ruleset == other.ruleset):
            raise ValueError(f"season {season.id.value!r} clashes with the declared "
                             f"{other.id.value!r} (id, number or ruleset tag)")
    if season.ruleset == TAG_TEAM_RULES:
        raise ValueError(f"ruleset tag {TAG_TEAM_RULES!r} is Tag Team's")
    SEASONS[season.id] = season
    return season


def undeclare(season: SeasonDef) -> None:
    """Remove ``season`` (a test's toy mechanic, when it is unregistered)."""
    if SEASONS.get(season.id) == season:
        del SEASONS[season.id]


def season_def(season: Season) -> SeasonDef:
    """The declaration of ``season``; an undeclared one is a setup error, never a silent
    default (``engine.mechanics.builtin`` declares them all when ``engine`` loads)."""
    found = SEASONS.get(season)
    if found is None:
        raise RuntimeError(f"season {season.value!r} is declared by no SeasonDef "
                           "(engine.mechanics.builtin declares the built-in ones)")
    return found


def declared() -> tuple[SeasonDef, ...]:
    """The declared seasons in ``Season`` order, which is the log format's order."""
    return tuple(SEASONS[season] for season in Season if season in SEASONS)


def check_declared() -> None:
    """Raise unless every ``Season`` member is declared (``engine.mechanics.builtin``
    runs it once every built-in mechanic is registered)."""
    missing = [season.value for season in Season if season not in SEASONS]
    if missing:
        raise RuntimeError(f"season(s) {', '.join(missing)} declared by no SeasonDef")


def ruleset_of_seasons(seasons: Iterable[Season], tag_team: bool) -> str:
    """The canonical ruleset of a game seating fighters of ``seasons``: ``core``, then
    each season's tag in ``Season`` order, then ``tag_team`` when a seat is a team."""
    seated = set(seasons)
    tags = [d.ruleset for d in declared() if d.id in seated and d.ruleset is not None]
    return "+".join(["core", *tags, *([TAG_TEAM_RULES] if tag_team else [])])


def roster(catalog: Catalog, season: Season) -> list[str]:
    """The ids of ``catalog``'s fighters of ``season``, sorted."""
    return [char for char in catalog.character_ids()
            if catalog.character(char).season is season]


class _DeckSizes(Mapping[Season, int]):
    """The deck size of each declared season whose decks all have one size."""

    def __getitem__(self, season: Season) -> int:
        found = SEASONS.get(season)
        if found is None or found.deck_size is None:
            raise KeyError(season)
        return found.deck_size

    def __iter__(self) -> Iterator[Season]:
        return (d.id for d in declared() if d.deck_size is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _Rulesets(Set[str]):
    """Every ruleset a header may name: ``core``, plus any choice of the declared seasons'
    tags, plus Tag Team, each in the canonical order."""

    _built: tuple[tuple[SeasonDef, ...], frozenset[str]] = ((), frozenset())

    def _all(self) -> frozenset[str]:
        """The set, built again only when the declared seasons changed (every log read
        asks it; the seasons change only when a test declares a toy mechanic's)."""
        seasons = tuple(SEASONS.values())
        built, found = self._built
        if len(built) == len(seasons) and all(map(operator.is_, built, seasons)) and built:
            return found
        tags = [d.ruleset for d in declared() if d.ruleset is not None] + [TAG_TEAM_RULES]
        every = {"core"}
        for tag in tags:  # canonical order: each tag joins after those before it
            every |= {ruleset + "+" + tag for ruleset in every}
        self._built = (seasons, frozenset(every))
        return self._built[1]

    def __contains__(self, ruleset: object) -> bool:
        return ruleset in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._all()))

    def __len__(self) -> int:
        return len(self._all())


DECK_SIZES: Final[Mapping[Season, int]] = _DeckSizes()
"""A read-only view of the declared deck sizes (Red Horizon and Street Fighter: 30);
a season whose decks vary (Under Night In-Birth) is not in it."""
RULESETS: Final[Set[str]] = _Rulesets()
"""A read-only view of every ruleset the declared seasons allow."""

RED_HORIZON: Final = declare(SeasonDef(id=Season.RED_HORIZON, number=1, deck_size=30,
                                       ruleset=None))
"""Season 1, the core rulebook's own fighters: no season mechanic, the core rules."""
