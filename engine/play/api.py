"""The engine's public surface: start a game, see what it waits for, feed it decisions.

``new_game(setup, seed)`` builds the initial state, runs setup until the first request
and returns a ``Game``. ``game.pending`` is the one request the game waits for (None
once it is over); ``game.step(decision)`` validates the decision against that request,
resumes the rules and returns the events it caused. The state is only ever changed by
folding those events (``engine.core.apply``).
"""

from __future__ import annotations

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.apply import apply
from engine.core.context import Flow, GameOver, Table
from engine.core.decisions import (
    SOURCED,
    Decision,
    EditPosition,
    EffectOrderRequest,
    FlagFall,
    IllegalDecision,
    LeftGame,
    OrderEffects,
    Request,
    Resign,
)
from engine.core.hooks import registry as mechanics
from engine.core.ids import (
    CARDS_PER_PLAYER_BASE,
    FIRST_PLAYER_SPACE,
    SECOND_PLAYER_SPACE,
    Player,
    Zone,
)
from engine.core.invariants import bounds, card_conservation
from engine.core.rng import Rng
from engine.core.state import EndReason, PlayerState, State
from engine.rules.turn import restart, resume, run_game

ENGINE_VERSION = "0.1.0"


class GameSetup(msgspec.Struct, frozen=True, kw_only=True):
    """Who plays: the spec of seats P1 and P2, a character id (``"ryu"``) or a Tag Team
    of two (``"ryu+ken"``, the first starts in play; see ``engine.cards.team``): the Tag Team
    mechanic attaches by such a seat."""

    p1: str
    p2: str

    def character(self, who: Player) -> str:
        return self.p1 if who is Player.P1 else self.p2


def initial_state(setup: GameSetup, catalog: Catalog) -> State:
    """The table before setup: decks in deck-list order, numbered 0.. and 100..

    A seat spec a mechanic claims (``engine.core.hooks.registry.seat``; a Tag Team:
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


_SOURCED_TYPES: frozenset[type[Request]] = frozenset(SOURCED)
_CONCEDED: dict[type[Decision], EndReason] = {
    Resign: EndReason.RESIGNED, FlagFall: EndReason.TIME, LeftGame: EndReason.LEFT}
"""Why a game ended at each decision that ends it at any request (``Game.concede``)."""
"""``SOURCED`` as a set (no subclass of them exists): tested for every request asked."""


class Game:
    """A game in progress: its state, its PRNG and the rules waiting on a decision."""

    def __init__(self, table: Table, flow: Flow[None], stated: int = 0,
                 printed_order: bool = False, setup: GameSetup | None = None) -> None:
        self.table = table
        self.setup = setup
        """Who plays, for a game dealt from a ``GameSetup`` (its first event applies to
        ``initial_state(setup)``); None for a game played on from a folded state."""
        self._flow = flow
        self.stated = stated
        """How many setup events state a built position (0: a game dealt by the rules)."""
        self.printed_order = printed_order
        """Effects that share a trigger resolve in their printed order, unasked: the
        ``EffectOrderRequest`` is answered here, within the step, as the engine did
        before it asked (a log older than format 4: ``engine.recording.log.asks_effect_order``)."""
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
            while self.printed_order and isinstance(self._pending, EffectOrderRequest):
                printed = tuple(range(len(self._pending.effects)))
                self._pending = self._flow.send(OrderEffects(order=printed))
        except StopIteration:
            self._pending = None
        self._pending = self._sourced(self._pending)

    def _sourced(self, request: Request | None) -> Request | None:
        """``request`` naming what asks it (``SOURCED``' ``source``), from the Table's
        innermost cause while the rules wait on it: the card whose effect is resolving,
        -1 the asked seat's character card, None a rule of the game."""
        if (request is None or type(request) not in _SOURCED_TYPES or getattr(request, "source", 0) is not None
                or (source := self.table.asking_source(request.player)) is None):
            return request
        return msgspec.structs.replace(request, source=source)

    def step(self, decision: Decision) -> list[ev.Event]:
        """Apply one decision (an ``EditPosition`` goes to ``edit``); returns the events
        it caused."""
        if isinstance(decision, EditPosition):
            return self.edit(decision)
        if isinstance(decision, (Resign, FlagFall, LeftGame)):
            return self.concede(decision)
        request = self._pending
        if request is None:
            raise IllegalDecision(None, decision, "the game is over")
        why = request.check(decision)
        if why is not None:
            raise IllegalDecision(request, decision, why)
        start = len(self.table.events)
        self.table.step_start = start
        self.decisions.append(decision)
        self._advance(decision)
        return self.table.events[start:]

    def concede(self, decision: Resign | FlagFall | LeftGame) -> list[ev.Event]:
        """End the game now, ``decision.player`` losing: a resignation, a flag fall
        (their clock ran out), or a win the other seat claimed once they left (format
        7). Legal at any request, whichever seat it waits for; the rules in progress
        stop there (as a game that ends mid-effect does). Returns the one ``GameEnded``
        event, recorded like any decision's."""
        request = self._pending
        if request is None:
            raise IllegalDecision(None, decision, "the game is over")
        reason = _CONCEDED[type(decision)]
        self._flow.close()  # the rules in progress stop; their causes end here
        start = len(self.table.events)
        self.table.step_start = start
        self.decisions.append(decision)
        try:
            self.table.lose(decision.player, reason)
        except GameOver:
            pass
        self._pending = None
        return self.table.events[start:]

    def edit(self, decision: EditPosition) -> list[ev.Event]:
        """Edit the position during play (a referee's decision, recorded as one): the
        edit's events are folded, then the rules ask again from the pending request's
        point, so the new request sees the new position. ``IllegalDecision`` if the
        edit would break a rule the table keeps (cards conserved, life and spaces in
        bounds) or the rules cannot start again here (inside an effect or payment)."""
        request = self._pending
        if request is None:
            raise IllegalDecision(None, decision, "the game is over")
        events = position_events(decision)
        why = _edit_problem(self.table, events)
        if why is not None:
            raise IllegalDecision(request, decision, why)
        flow = restart(self.table, request)
        if flow is None:
            raise IllegalDecision(request, decision, "the position can be edited only at a "
                                  "turn's action choice or where an attack is to be set")
        self._flow.close()  # the old rules' causes end here, before the edit's events
        start = len(self.table.events)
        self.table.step_start = start
        for event in events:
            self.table.emit(event)
        self.decisions.append(decision)
        self._flow = flow
        self._advance(None)
        return self.table.events[start:]


def position_events(decision: EditPosition) -> list[ev.Event]:
    """The events an ``EditPosition`` causes: its creations, then its edits."""
    created: list[ev.Event] = [
        ev.CardsCreated(player=c.player, cards=c.cards, card_ids=c.card_ids)
        for c in decision.created]
    return created + [
        ev.PositionEdited(player=e.player, kind=e.kind, value=e.value, zone=e.zone,
                          cards=e.cards)
        for e in decision.edits]


def _edit_problem(table: Table, events: list[ev.Event]) -> str | None:
    """Why ``events`` cannot edit the position in play, or None."""
    state = table.state
    for event in events:
        if isinstance(event, ev.CardsCreated):
            base = CARDS_PER_PLAYER_BASE * event.player
            taken = [r for r in event.cards if r in state.card_defs
                     or not base <= r < base + CARDS_PER_PLAYER_BASE]
            if taken:
                return f"card reference {taken[0]} is taken or not {event.player.label}'s"
            unknown = [c for c in event.card_ids if c not in table.catalog.cards]
            if unknown:
                return f"unknown card {unknown[0]!r}"
        elif not isinstance(event, ev.PositionEdited):
            continue
        elif event.kind is ev.EditKind.NEXT_TURN:
            return "the turn order cannot be edited during play"
        elif event.kind is ev.EditKind.ZONE and event.zone is Zone.STRIKE:
            return "the cards of a strike in progress cannot be edited"
    after = state.copy()
    for event in events:
        apply(after, event)
    problems = card_conservation(after) + bounds(after)
    return problems[0] if problems else None


def new_game(setup: GameSetup, seed: int, catalog: Catalog | None = None,
             printed_order: bool = False) -> Game:
    """Start a game: ``seed`` (0 <= seed < 2**64) decides every random outcome.
    ``printed_order``: replaying a log older than format 4 (``Game.printed_order``)."""
    cat = catalog if catalog is not None else default_catalog()
    table = Table(initial_state(setup, cat), Rng(seed), cat)
    return Game(table, run_game(table), printed_order=printed_order, setup=setup)


def game_from_position(setup: GameSetup, seed: int, stated: list[ev.Event],
                       catalog: Catalog | None = None, printed_order: bool = False) -> Game:
    """Play on from a built position: ``stated`` (``engine.play.scenario``'s events, or a
    position log's) is folded onto the dealt-out table as the head of the setup step,
    then the rules go on from there (``engine.rules.turn.resume``)."""
    cat = catalog if catalog is not None else default_catalog()
    table = Table(initial_state(setup, cat), Rng(seed), cat)
    for event in stated:
        table.emit(event)
    return Game(table, resume(table), stated=len(stated), printed_order=printed_order,
                setup=setup)


def game_from_state(state: State, request: Request, seed: int,
                    catalog: Catalog | None = None) -> Game:
    """Play on from a folded ``state`` (a game's state where ``request`` was pending, or
    a determinization of it) with a PRNG seeded by ``seed``: the rules start again at
    ``request``'s point, which must be a turn's action choice or an attack to be set
    (``engine.rules.turn.restart``; ``ValueError`` elsewhere). ``state`` becomes the
    game's own: pass a copy. The analysis's rollouts start here, not from a replay of the
    game's prefix."""
    cat = catalog if catalog is not None else default_catalog()
    table = Table(state, Rng(seed), cat)
    flow = restart(table, request)
    if flow is None:
        raise ValueError(f"cannot play on from a {type(request).__name__}: only from a "
                         "turn's action choice or an attack to be set")
    return Game(table, flow)


def pending(game: Game) -> Request | None:
    return game.pending


def step(game: Game, decision: Decision) -> list[ev.Event]:
    return game.step(decision)
