"""The engine's public surface: start a game, see what it waits for, feed it decisions.

``new_game(setup, seed)`` builds the initial state, runs setup until the first request
and returns a ``Game``. ``game.pending`` is the one request the game waits for (None
once it is over); ``game.step(decision)`` validates the decision against that request,
resumes the rules and returns the events it caused. The state is only ever changed by
folding those events (``engine.apply``).
"""

from __future__ import annotations

import msgspec

from engine import events as ev
from engine.catalog import Catalog, default_catalog
from engine.context import Flow, Table
from engine.decisions import Decision, IllegalDecision, Request
from engine.hooks import registry as mechanics
from engine.ids import CARDS_PER_PLAYER_BASE, FIRST_PLAYER_SPACE, SECOND_PLAYER_SPACE, Player
from engine.rng import Rng
from engine.rules.turn import resume, run_game
from engine.state import Phase, PlayerState, State

ENGINE_VERSION = "0.1.0"


class GameSetup(msgspec.Struct, frozen=True, kw_only=True):
    """Who plays: the spec of seats P1 and P2, a character id (``"ryu"``) or a Tag Team
    of two (``"ryu+ken"``, the first starts in play; see ``engine.team``): the Tag Team
    mechanic attaches by such a seat."""

    p1: str
    p2: str

    def character(self, who: Player) -> str:
        return self.p1 if who is Player.P1 else self.p2


def initial_state(setup: GameSetup, catalog: Catalog) -> State:
    """The table before setup: decks in deck-list order, numbered 0.. and 100..

    A seat spec a mechanic claims (``engine.hooks.registry.seat``; a Tag Team:
    its 52-card team deck, 20 life per fighter, its second fighter tagged out) is
    seated by that mechanic. ``GameLog.initial_state`` starts here too.
    """
    players: list[PlayerState] = []
    card_defs: dict[int, str] = {}
    for who in (Player.P1, Player.P2):
        seat = mechanics.seat(catalog, setup.character(who))
        base = CARDS_PER_PLAYER_BASE * who
        refs = list(range(base, base + len(seat.deck)))
        card_defs.update(zip(refs, seat.deck, strict=True))
        space = FIRST_PLAYER_SPACE if who is Player.P1 else SECOND_PLAYER_SPACE
        player = PlayerState(character=seat.character, life=seat.life, space=space, deck=refs)
        if seat.prepare is not None:
            seat.prepare(player)
        players.append(player)
    return State(players=players, card_defs=card_defs)


class Game:
    """A game in progress: its state, its PRNG and the rules waiting on a decision."""

    def __init__(self, table: Table, flow: Flow[None]) -> None:
        self.table = table
        self._flow = flow
        self._pending: Request | None = None
        self.decisions: list[Decision] = []
        self._advance(None)
        self.setup_events: list[ev.Event] = list(table.events)

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def events(self) -> list[ev.Event]:
        return self.table.events

    @property
    def pending(self) -> Request | None:
        return self._pending

    @property
    def over(self) -> bool:
        return self._pending is None

    def _advance(self, decision: Decision | None) -> None:
        try:
            if decision is None:
                self._pending = next(self._flow)
            else:
                self._pending = self._flow.send(decision)
        except StopIteration:
            self._pending = None

    def step(self, decision: Decision) -> list[ev.Event]:
        """Apply one decision; returns the events it caused."""
        request = self._pending
        if request is None:
            raise IllegalDecision(None, decision, "the game is over")
        why = request.check(decision)
        if why is not None:
            raise IllegalDecision(request, decision, why)
        start = len(self.table.events)
        self.decisions.append(decision)
        self._advance(decision)
        return self.table.events[start:]


def new_game(setup: GameSetup, seed: int, catalog: Catalog | None = None) -> Game:
    """Start a game: ``seed`` (0 <= seed < 2**64) decides every random outcome."""
    cat = catalog if catalog is not None else default_catalog()
    table = Table(initial_state(setup, cat), Rng(seed), cat)
    return Game(table, run_game(table))


def game_from_state(state: State, seed: int, catalog: Catalog | None = None) -> Game:
    """Play on from a position built directly (see ``engine.scenario``)."""
    cat = catalog if catalog is not None else default_catalog()
    if state.phase is Phase.SETUP:
        state.phase = Phase.PLAYING
    table = Table(state, Rng(seed), cat)
    return Game(table, resume(table))


def pending(game: Game) -> Request | None:
    return game.pending


def step(game: Game, decision: Decision) -> list[ev.Event]:
    return game.step(decision)
