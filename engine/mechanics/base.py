"""The ``Mechanic`` base class: the named hooks a season mechanic plugs into the rules.

The turn rules (``engine.rules.turn``) and the strike rules (``engine.rules.strike``)
call every attached mechanic's hook, in registration order, at the fixed points below.
Each hook's default does nothing, so a mechanic overrides only the points it needs, and
``engine.mechanics.registry.Hooks`` calls only the overridden ones (a game with no
mechanic hooks pays nothing). A hook may emit events through ``table`` and, where it
returns a ``Flow``, ask the players for decisions; it never changes the state itself.

Setup
  ``attached(state, catalog)``: whether the mechanic takes part in this game, tested
  once per game on the initial state. The default: a fighter of the mechanic's
  ``seasons`` is seated (``CharacterDef.season``). ``seat(catalog, spec)``: a seat
  spec the mechanic claims (Tag Team: ``"ryu+ken"``), as a ``Seat``; None: not its.

Turn (``engine.rules.turn``)
  ``start_of_turn``: after ``TurnStarted``, before the first action. ``action_options``:
  extra actions, appended after the core ones. ``may_boost``: False keeps a card out of
  the core Boost action (action validity). ``perform``: carry out an action the
  mechanic offered (None: not its decision); it gets ``TurnRules`` to reuse the core
  exceed and boost. ``exceeded``: after ``Exceeded``, before the ``on_exceed`` effects.
  ``reshuffled``: after a manual Reshuffle action's ``DeckReshuffled``.
  ``end_of_turn``: after the ``end_of_turn`` effects, before ``TurnEnded``.

Strike (``engine.rules.strike``)
  ``attack_options``: extra ways to set (appended). ``set_attack``: set an attack the
  mechanic offered; returns the cards to set (None: not its decision). ``reveal``:
  after ``AttacksRevealed``, before costs. ``ex``: after an EX attack's extra copies are
  discarded (how many). ``attack_valid``: False makes the set card an invalid attack
  (it cannot be paid for; also keeps it out of an extra attack). ``after_attack``: after
  an attack's ``after`` effects. ``cleanup``: after a player's cleanup effects, before
  boosts and attack cards leave play.

A mechanic's events and folds live in its ``events`` module, its effect handlers and
conditions in its ``effects`` module; its state is either the flat fields the state hash
already fixes (Tag Team, Critical) or a ``MechanicState`` in ``State.mechanics``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Protocol

from engine.cards import Season
from engine.catalog import Catalog
from engine.decisions import Decision
from engine.ids import Player
from engine.state import PlayerState, State

if TYPE_CHECKING:
    from engine.context import Flow, Table


class Seat(NamedTuple):
    """What a seat spec puts at a seat before setup: the fighter in play, its life, the
    deck (card ids in deck-list order) and what the mechanic adds to the new
    ``PlayerState`` (None: nothing)."""

    character: str
    life: int
    deck: list[str]
    prepare: Callable[[PlayerState], None] | None = None


class TurnRules(Protocol):
    """The core turn steps a mechanic's action may reuse (``engine.rules.turn``)."""

    def exceed(
        self, table: Table, who: Player, around: Callable[[], None] | None = None
    ) -> Flow[bool]:
        """Exceed; ``around`` runs before the cost is paid and after ``on_exceed``."""
        ...

    def play_boost(self, table: Table, who: Player, card: int) -> Flow[bool]:
        """Play ``card`` as a boost, paying its force cost."""
        ...


class Mechanic:
    """A season mechanic: a name, what attaches it, and hook methods (see the module)."""

    name: ClassVar[str] = ""
    seasons: ClassVar[frozenset[Season]] = frozenset()

    # --- setup -------------------------------------------------------------------

    def attached(self, state: State, catalog: Catalog) -> bool:
        return any(
            catalog.character(p.character).season in self.seasons for p in state.players
        )

    def seat(self, catalog: Catalog, spec: str) -> Seat | None:
        return None

    # --- turn --------------------------------------------------------------------

    def start_of_turn(self, table: Table, who: Player) -> Flow[None]:
        return
        yield

    def action_options(self, table: Table, who: Player) -> list[Decision]:
        return []

    def may_boost(self, table: Table, who: Player, card_id: str) -> bool:
        return True

    def perform(
        self, table: Table, who: Player, decision: Decision, rules: TurnRules
    ) -> Flow[bool] | None:
        return None

    def exceeded(self, table: Table, who: Player) -> Flow[None]:
        return
        yield

    def reshuffled(self, table: Table, who: Player) -> Flow[None]:
        return
        yield

    def end_of_turn(self, table: Table, who: Player) -> Flow[None]:
        return
        yield

    # --- strike ------------------------------------------------------------------

    def attack_options(
        self, table: Table, who: Player, by_id: dict[str, list[int]], options: list[Decision]
    ) -> list[Decision]:
        return []

    def set_attack(
        self, table: Table, who: Player, decision: Decision
    ) -> Flow[tuple[int, ...]] | None:
        return None

    def reveal(self, table: Table) -> Flow[None]:
        return
        yield

    def ex(self, table: Table, who: Player, copies: int) -> None:
        return None

    def attack_valid(self, table: Table, who: Player, card: int) -> bool:
        return True

    def after_attack(self, table: Table, who: Player) -> Flow[None]:
        return
        yield

    def cleanup(self, table: Table, who: Player) -> Flow[None]:
        return
        yield
