"""The registered season mechanics, which of them take part in a game, and the hooks
the rules call (only those a mechanic overrides).

``register`` adds a mechanic with everything it brings, in one call: its ``events``
module (the event types whose transcript lines it gives, ``speaker``), its ``folds``
(added to ``engine.core.apply``) and its ``effects`` module (its handlers and conditions
register themselves as it loads). The built-in ones: ``engine.mechanics.builtin``, which
``engine``'s ``__init__`` imports; a test may register a toy one and ``unregister`` it
(its folds stay in ``engine.core.apply``'s table, unused once its events stop). A game's
``Table`` asks ``hooks_for`` once, when it is made, which mechanics are attached
(``Mechanic.attached``) and keeps the result.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

from engine.cards.catalog import Catalog
from engine.cards.seasons import declare, undeclare
from engine.core.apply import add_folds
from engine.core.decisions import Decision
from engine.core.event_base import EventStruct
from engine.core.hooks.mechanic import Mechanic, Seat, TurnRules
from engine.core.ids import Player
from engine.core.state import State

if TYPE_CHECKING:
    from engine.cards.schema import Effect
    from engine.core.context import Flow, Table

MECHANICS: list[Mechanic] = []
"""Every registered mechanic, in the order their hooks run."""


_SPEAKERS: dict[type, Mechanic] = {}
"""Event type -> the registered mechanic whose ``describe`` words it."""


def register(mechanic: Mechanic, *, events: ModuleType | None = None,
             folds: ModuleType | None = None, effects: ModuleType | None = None) -> Mechanic:
    """Add ``mechanic`` (after those already registered), declare its ``season``
    (``engine.cards.seasons``), own the event types defined in ``events``, add ``folds``'
    ``APPLY`` and ``ALSO`` to ``engine.core.apply``; ``effects`` is the module whose
    handlers it brings (loaded by being imported). Returns ``mechanic``."""
    if any(m.name == mechanic.name for m in MECHANICS):
        raise ValueError(f"a mechanic named {mechanic.name!r} is already registered")
    del effects  # its handlers and conditions registered themselves as it was imported
    if mechanic.season is not None:
        declare(mechanic.season)
    MECHANICS.append(mechanic)
    _SEATS.clear()
    for event_type in event_types(events):
        _SPEAKERS[event_type] = mechanic
    if folds is not None:
        add_folds(folds.APPLY, folds.ALSO)
    return mechanic


def event_types(module: ModuleType | None) -> list[type[EventStruct]]:
    """The event types ``module`` defines (not those it imports), in definition order."""
    if module is None:
        return []
    return [value for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, EventStruct)
            and value is not EventStruct and value.__module__ == module.__name__]


def unregister(mechanic: Mechanic) -> None:
    MECHANICS.remove(mechanic)
    _SEATS.clear()
    for event_type in [t for t, m in _SPEAKERS.items() if m is mechanic]:
        del _SPEAKERS[event_type]
    if mechanic.season is not None:
        undeclare(mechanic.season)


def speaker(event_type: type) -> Mechanic | None:
    """The registered mechanic whose events include ``event_type`` (None: a core one)."""
    return _SPEAKERS.get(event_type)


_SEATS: dict[tuple[int, int, str, str | None], tuple[Catalog, tuple[Mechanic, ...]]] = {}
"""(catalog id, seat, fighter, partner) -> (that catalog, the seat's mechanics)."""


def seat_mechanics(state: State, catalog: Catalog, who: Player) -> tuple[Mechanic, ...]:
    """The registered mechanics whose rules are ``who``'s (``Mechanic.attached_seat``),
    worked out once per seat's fighters (``attached_seat`` reads only them) and catalog."""
    p = state.players[who]
    key = (id(catalog), int(who), p.character, p.partner)
    known = _SEATS.get(key)
    if known is not None and known[0] is catalog:
        return known[1]
    found = tuple(m for m in MECHANICS if m.attached_seat(state, catalog, who))
    if len(_SEATS) >= 4096:  # bounded: catalogs decoded from logs come and go
        _SEATS.clear()
    _SEATS[key] = (catalog, found)
    return found


def seat(catalog: Catalog, spec: str) -> Seat:
    """The seat ``spec`` gives: the first mechanic that claims it, else one fighter."""
    for mechanic in MECHANICS:
        claimed = mechanic.seat(catalog, spec)
        if claimed is not None:
            return claimed
    char = catalog.character(spec)
    return Seat(char.id, char.life, catalog.game_cards(char.id))


def _overriding(mechanics: tuple[Mechanic, ...], hook: str) -> tuple[Mechanic, ...]:
    default = getattr(Mechanic, hook)
    return tuple(m for m in mechanics if getattr(type(m), hook) is not default)


class Hooks:
    """The attached mechanics of one game, and per hook those that override it."""

    __slots__ = (
        "action_options",
        "after_attack",
        "after_effect",
        "after_triggers",
        "attack_options",
        "attack_set",
        "attack_valid",
        "boost_bonus_ended",
        "cleanup",
        "dodge_ranges",
        "end_of_turn",
        "ex",
        "ex_granted",
        "exceed_gauge_to",
        "exceeded",
        "forced_actions",
        "game_setup",
        "max_life",
        "may_boost",
        "mechanics",
        "movement_walls",
        "nonlethal_in_full",
        "perform",
        "range_includes",
        "range_origins",
        "reshuffled",
        "reveal",
        "set_attack",
        "start_of_turn",
        "stop_space",
    )

    def __init__(self, mechanics: tuple[Mechanic, ...]) -> None:
        self.mechanics = mechanics

        def bound(hook: str) -> tuple[Mechanic, ...]:
            return _overriding(mechanics, hook)

        self.start_of_turn: tuple[Callable[[Table, Player], Flow[None]], ...] = tuple(
            m.start_of_turn for m in bound("start_of_turn"))
        self.action_options: tuple[Callable[[Table, Player], list[Decision]], ...] = tuple(
            m.action_options for m in bound("action_options"))
        self.may_boost: tuple[Callable[[Table, Player, str], bool], ...] = tuple(
            m.may_boost for m in bound("may_boost"))
        self.perform: tuple[
            Callable[[Table, Player, Decision, TurnRules], Flow[bool] | None], ...
        ] = tuple(m.perform for m in bound("perform"))
        self.exceed_gauge_to: tuple[
            Callable[[Table, Player], Callable[[int], None] | None], ...
        ] = tuple(m.exceed_gauge_to for m in bound("exceed_gauge_to"))
        self.exceeded: tuple[Callable[[Table, Player], Flow[None]], ...] = tuple(
            m.exceeded for m in bound("exceeded"))
        self.reshuffled: tuple[Callable[[Table, Player], Flow[None]], ...] = tuple(
            m.reshuffled for m in bound("reshuffled"))
        self.end_of_turn: tuple[Callable[[Table, Player], Flow[None]], ...] = tuple(
            m.end_of_turn for m in bound("end_of_turn"))
        self.attack_options: tuple[
            Callable[[Table, Player, dict[str, list[int]], list[Decision]], list[Decision]],
            ...,
        ] = tuple(m.attack_options for m in bound("attack_options"))
        self.set_attack: tuple[
            Callable[[Table, Player, Decision], Flow[tuple[int, ...]] | None], ...
        ] = tuple(m.set_attack for m in bound("set_attack"))
        self.attack_set: tuple[Callable[[Table, Player], Flow[None]], ...] = tuple(
            m.attack_set for m in bound("attack_set"))
        self.reveal: tuple[Callable[[Table], Flow[None]], ...] = tuple(
            m.reveal for m in bound("reveal"))
        self.ex: tuple[Callable[[Table, Player, int], None], ...] = tuple(
            m.ex for m in bound("ex"))
        self.attack_valid: tuple[Callable[[Table, Player, int], bool], ...] = tuple(
            m.attack_valid for m in bound("attack_valid"))
        self.boost_bonus_ended: tuple[Callable[[Table, EventStruct], None], ...] = tuple(
            m.boost_bonus_ended for m in bound("boost_bonus_ended"))
        self.ex_granted: tuple[Callable[[Table, Player], bool], ...] = tuple(
            m.ex_granted for m in bound("ex_granted"))
        self.after_attack: tuple[Callable[[Table, Player], Flow[None]], ...] = tuple(
            m.after_attack for m in bound("after_attack"))
        self.after_triggers: tuple[
            Callable[[Table, Player], tuple[tuple[int, Effect], ...]], ...
        ] = tuple(m.after_triggers for m in bound("after_triggers"))
        self.cleanup: tuple[Callable[[Table, Player], Flow[None]], ...] = tuple(
            m.cleanup for m in bound("cleanup"))
        self.forced_actions: tuple[Callable[[Table, Player], list[Decision]], ...] = tuple(
            m.forced_actions for m in bound("forced_actions"))
        self.range_origins: tuple[Callable[[Table, Player], tuple[int, ...] | None], ...] = (
            tuple(m.range_origins for m in bound("range_origins")))
        self.dodge_ranges: tuple[
            Callable[[Table, Player], tuple[tuple[int, int], ...]], ...
        ] = tuple(m.dodge_ranges for m in bound("dodge_ranges"))
        self.range_includes: tuple[Callable[[Table, Player], bool], ...] = tuple(
            m.range_includes for m in bound("range_includes"))
        self.max_life: tuple[Callable[[Table, Player], int | None], ...] = tuple(
            m.max_life for m in bound("max_life"))
        self.nonlethal_in_full: tuple[Callable[[Table], bool], ...] = tuple(
            m.nonlethal_in_full for m in bound("nonlethal_in_full"))
        self.movement_walls: tuple[Callable[[Table, Player], tuple[int, ...]], ...] = tuple(
            m.movement_walls for m in bound("movement_walls"))
        self.stop_space: tuple[Callable[[Table, Player, int, int], int], ...] = tuple(
            m.stop_space for m in bound("stop_space"))
        self.after_effect: tuple[Callable[[Table], Flow[None]], ...] = tuple(
            m.after_effect for m in bound("after_effect"))
        self.game_setup: tuple[Callable[[Table], None], ...] = tuple(
            m.game_setup for m in bound("game_setup"))


def hooks_for(state: State, catalog: Catalog) -> Hooks:
    """The hooks of the registered mechanics attached to the game in ``state``."""
    return _hooks(tuple(m for m in MECHANICS if m.attached(state, catalog)))


@functools.lru_cache(maxsize=32)
def _hooks(mechanics: tuple[Mechanic, ...]) -> Hooks:
    """One ``Hooks`` per set of attached mechanics (it holds nothing of a game)."""
    return Hooks(mechanics)
