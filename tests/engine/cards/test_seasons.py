"""A season is declared once (``engine.cards.seasons``, issue 29 item 2): the deck sizes, the
log's rulesets, the seasons table of ``docs/log-format.md`` and the rosters are read from
the ``SeasonDef`` declarations, and ``cards.Season``'s order, part of the log format, is
the rulesets' order."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CATALOG

from engine import declared_seasons
from engine.cards import seasons
from engine.cards.catalog import DECK_SIZES
from engine.cards.schema import Season
from engine.cards.seasons import SeasonDef
from engine.core.hooks.mechanic import Mechanic
from engine.core.hooks.registry import register, unregister
from engine.mechanics.blazblue.rules import SEASON as BLAZBLUE
from engine.mechanics.critical.rules import STREET_FIGHTER
from engine.recording.checks import RULESETS, ruleset_of

DOC = Path(__file__).parents[3] / "docs" / "log-format.md"
START, END = "<!-- seasons: generated", "<!-- /seasons -->"


def season_rows() -> list[str]:
    """The rows of the seasons table in ``docs/log-format.md``, from the declarations."""
    rows = []
    for season in declared_seasons():
        size = "as its data lists" if season.deck_size is None else str(season.deck_size)
        tag = "— (core rules alone)" if season.ruleset is None else f"`+{season.ruleset}`"
        rows.append(f"| `{season.id.value}` | {season.number} | {size} | {tag} |")
    return rows


def test_every_season_is_declared_once_in_season_order() -> None:
    assert [season.id for season in declared_seasons()] == list(Season)
    assert len({season.number for season in declared_seasons()}) == len(Season)


def test_log_format_seasons_table_is_the_declarations() -> None:
    doc = DOC.read_text()
    table = doc.split(START, 1)[1].split(END, 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert rows == season_rows(), "docs/log-format.md's seasons table differs from engine.cards.seasons"


def test_deck_sizes_are_the_declared_ones() -> None:
    """Core rulebook, Setup: 30 cards; Under Night and BlazBlue decks are as listed."""
    assert dict(DECK_SIZES) == {Season.RED_HORIZON: 30, Season.STREET_FIGHTER: 30}
    assert Season.UNDER_NIGHT not in DECK_SIZES and Season.BLAZBLUE not in DECK_SIZES


def test_rulesets_are_every_choice_of_the_tags_in_season_order() -> None:
    tags = ["street_fighter", "under_night", "blazblue", "tag_team"]
    assert len(RULESETS) == 2 ** len(tags)
    assert "core+street_fighter+under_night+blazblue+tag_team" in RULESETS
    assert "core+blazblue+street_fighter" not in RULESETS  # out of Season order
    assert ruleset_of(CATALOG, "ragna", "ryu") == "core+street_fighter+blazblue"
    assert ruleset_of(CATALOG, "morathi", "nehtali") == "core"


def test_every_fighter_is_in_one_declared_seasons_roster() -> None:
    rosters = [seasons.roster(CATALOG, season.id) for season in declared_seasons()]
    assert sorted(char for roster in rosters for char in roster) == CATALOG.character_ids()
    assert all(rosters), "a declared season has no fighter"


def test_a_second_declaration_of_a_season_or_its_tag_is_refused() -> None:
    with pytest.raises(ValueError, match="'blazblue' clashes"):
        seasons.declare(BLAZBLUE)
    clash = SeasonDef(id=Season.BLAZBLUE, number=9, deck_size=30, ruleset="street_fighter")
    with pytest.raises(ValueError, match="clashes with the declared 'street_fighter'"):
        seasons.declare(clash)


def test_registering_a_mechanic_declares_its_season_and_unregistering_removes_it() -> None:
    class Toy(Mechanic):
        name = "toy_street_fighter"
        season = STREET_FIGHTER

    with pytest.raises(ValueError, match="'street_fighter' clashes"):
        register(Toy())  # Street Fighter is already Critical's
    saved = seasons.SEASONS.pop(Season.STREET_FIGHTER)
    try:
        with pytest.raises(RuntimeError, match="street_fighter declared by no SeasonDef"):
            seasons.check_declared()
        toy = register(Toy())
        assert seasons.SEASONS[Season.STREET_FIGHTER] is STREET_FIGHTER
        unregister(toy)
        assert Season.STREET_FIGHTER not in seasons.SEASONS
    finally:
        seasons.SEASONS[Season.STREET_FIGHTER] = saved
    seasons.check_declared()


def test_rulesets_are_built_once_and_follow_the_declared_seasons() -> None:
    """Every log read asks ``RULESETS``: the set is built once, and again only when the
    declared seasons change (here: one taken away and put back, as the test above does)."""
    first = RULESETS._all()  # type: ignore[attr-defined]
    assert RULESETS._all() is first  # type: ignore[attr-defined]
    saved = seasons.SEASONS.pop(Season.STREET_FIGHTER)
    try:
        assert "core+street_fighter" not in RULESETS
        assert "core+under_night" in RULESETS
    finally:
        seasons.SEASONS[Season.STREET_FIGHTER] = saved
    assert "core+street_fighter" in RULESETS
    assert set(RULESETS) == set(first)
