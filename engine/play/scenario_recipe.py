"""What a scenario recipe may say (``engine.play.scenario``): a seat's fields, a
mid-strike start, and the names they are given in (zones, strike steps, a wild swing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from engine.core.hooks.mechanic import Mechanic
from engine.core.hooks.registry import MECHANICS
from engine.core.ids import Player, Zone
from engine.play.seat_cards import ScenarioError
from engine.rules.strike import StrikeStep


def seat_named(name: object, field: str) -> Player:
    """The seat a recipe's ``field`` names (``p1`` or ``p2``); ``ScenarioError`` else."""
    for who in (Player.P1, Player.P2):
        if name == who.label:
            return who
    raise ScenarioError(f"{field} must be p1 or p2, got {name!r}")


class SeatRecipe(msgspec.Struct, kw_only=True):
    """A seat as a recipe gives it (``Scenario.player``'s fields); a mechanic's own seat
    fields come beside them (``Mechanic.recipe_fields``)."""

    space: int | None = None
    life: int | None = None
    hand: Sequence[str] = ()
    gauge: Sequence[str] = ()
    boosts: Sequence[str] = ()
    discard: Sequence[str] = ()
    sealed: Sequence[str] | None = None
    """None: the fighter's start-sealed cards (Nine's gems), as setup deals them."""
    deck: Sequence[str] | None = None
    deck_rest: str = "ordered"
    exceeded: bool = False
    reshuffled: bool = False
    reshuffles_left: int | None = None
    extra: Mapping[str, Sequence[str]] = msgspec.field(default_factory=dict)
    areas: Mapping[str, Sequence[str]] = msgspec.field(default_factory=dict)
    """A season's named areas (Under Night's character areas), by area name: their cards;
    refused for a fighter that keeps none (``Scenario._check_areas``)."""
    set_aside: Sequence[str] | None = None
    """The cards set aside; None: the fighter's set-aside cards (a BlazBlue fighter's
    Astral Heat), as setup deals them."""


def recipe_mechanics() -> list[tuple[Mechanic, type[msgspec.Struct]]]:
    """The registered mechanics with seat fields of their own, and those fields."""
    return [(m, m.recipe_fields) for m in MECHANICS if m.recipe_fields is not None]


DECK_RESTS = ("ordered", "shuffled", "none")
"""What follows the named top of a deck: deck-list order, shuffled, or nothing."""
RESHUFFLES_PER_GAME = 1
"""Core rulebook, Reshuffle: once per game."""
ZONES: dict[str, Zone] = {"hand": Zone.HAND, "gauge": Zone.GAUGE, "boosts": Zone.BOOSTS,
                          "discard": Zone.DISCARD, "sealed": Zone.SEALED, "deck": Zone.DECK}
"""The zones a seat can set (and create ``extra`` cards in), by name."""
STRIKE_STEPS: dict[str, StrikeStep] = {
    "first_sets": StrikeStep.FIRST_SETS, "second_sets": StrikeStep.SECOND_SETS,
    "reveal": StrikeStep.REVEAL, "costs": StrikeStep.PAY_COSTS}
"""Where a mid-strike position starts (``Scenario.strike``): what comes next."""
STEP_NAMES: dict[StrikeStep, str] = {step: name for name, step in STRIKE_STEPS.items()}
"""Each step by the name a recipe gives it (``costs``, not ``pay_costs``), for messages."""
WILD = "wild"
"""An attack given as ``"wild"``: a wild swing, the top card of the deck."""


class StrikeRecipe(msgspec.Struct, kw_only=True):
    """A mid-strike start (``Scenario.strike``): the step that comes next, each seat's
    attack (card names, ``WILD`` or None: not set yet) and the seats that declared
    Critical."""

    step: StrikeStep
    attacks: tuple[Sequence[str] | str | None, Sequence[str] | str | None]
    critical: tuple[Player, ...] = ()
