"""The scenario builder: set up any position directly, for rule tests and "what if".

    game = (Scenario("ryu", "ken")
            .player(P1, space=3, hand=["tatsumakisenpukyaku"], gauge=["grasp"])
            .player(P2, space=7, hand=["hadoken"])
            .active(P1)
            .game(seed=1))

Card names may be full ids (``ryu_hadoken``) or short names resolved against the
player's character (each member of a Tag Team such as ``"ryu+ken"``, in order) and then
the normals (``hadoken``, ``focus``). Every card comes from the player's own deck (30
cards, 52 for a team), so card conservation holds; cards not placed stay in the deck
(``deck=[...]`` puts named cards on top in that order, the rest follow in deck-list
order). A team seat also takes ``partner_life``, ``partner_exceeded`` and
``switch_locked_until``. Positions no game can reach are refused with ``ScenarioError``:
both fighters on one space or off the arena, a life outside 1..30, Tag Team fields on a
single fighter, a negative turn or switch lock, an unknown field or card.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.api import Game, GameSetup, game_from_state, initial_state
from engine.catalog import Catalog, default_catalog
from engine.ids import ARENA_MAX, ARENA_MIN, MAX_LIFE, Player
from engine.state import Phase, State
from engine.team import members


class ScenarioError(ValueError):
    """A position that cannot be built (unknown card or field, more copies than the deck
    has, a life or space the rules cannot reach)."""


class _Seat(msgspec.Struct, kw_only=True):
    space: int | None = None
    life: int | None = None
    hand: Sequence[str] = ()
    gauge: Sequence[str] = ()
    boosts: Sequence[str] = ()
    discard: Sequence[str] = ()
    sealed: Sequence[str] = ()
    deck: Sequence[str] | None = None
    exceeded: bool = False
    reshuffled: bool = False
    partner_life: int | None = None
    partner_exceeded: bool = False
    switch_locked_until: int = 0


_TEAM_FIELDS = ("partner_life", "partner_exceeded", "switch_locked_until")


class Scenario:
    """A fluent builder of positions; ``build()`` gives a State, ``game()`` a Game."""

    def __init__(self, p1: str = "ryu", p2: str = "ken", catalog: Catalog | None = None) -> None:
        self.catalog = catalog if catalog is not None else default_catalog()
        self.setup = GameSetup(p1=p1, p2=p2)
        self.seats = [_Seat(), _Seat()]
        self._active = Player.P1
        self._turn = 0

    def player(self, who: Player, **fields: object) -> Scenario:
        """Set ``space``, ``life``, ``hand``, ``gauge``, ``boosts``, ``discard``,
        ``sealed``, ``deck``, ``exceeded`` or ``reshuffled`` for ``who`` (and for a Tag
        Team ``partner_life``, ``partner_exceeded`` or ``switch_locked_until``)."""
        unknown = sorted(set(fields) - set(_Seat.__struct_fields__))
        if unknown:
            raise ScenarioError(f"unknown seat field {unknown[0]!r}; expected one of "
                                f"{', '.join(_Seat.__struct_fields__)}")
        self.seats[who] = msgspec.structs.replace(self.seats[who], **fields)
        return self

    def active(self, who: Player, turn: int = 0) -> Scenario:
        """``who`` takes the next turn (numbered ``turn + 1``)."""
        if turn < 0:
            raise ScenarioError(f"turn must be 0 or more, got {turn}")
        self._active = who
        self._turn = turn
        return self

    def card_id(self, who: Player, name: str) -> str:
        char = self.setup.character(who)
        own = [f"{member}_{name}" for member in members(char)]
        for candidate in (name, *own, f"standard_normal_{name}"):
            if candidate in self.catalog.cards:
                return candidate
        raise ScenarioError(f"unknown card {name!r} for {char}")

    def build(self) -> State:
        state = initial_state(self.setup, self.catalog)
        for who in (Player.P1, Player.P2):
            self._place(state, who)
        spaces = [p.space for p in state.players]
        if spaces[0] == spaces[1] or not all(ARENA_MIN <= s <= ARENA_MAX for s in spaces):
            raise ScenarioError(f"fighters must stand on two different spaces in "
                                f"{ARENA_MIN}..{ARENA_MAX}, got {spaces}")
        state.phase = Phase.PLAYING
        state.active = self._active
        state.first_player = self._active
        state.turn = self._turn
        return state

    def _check_seat(self, who: Player, team: bool) -> None:
        """Refuse values no game can reach: a fighter in play without life, a life above
        the maximum, Tag Team fields on a single fighter, a negative switch lock."""
        seat = self.seats[who]
        if seat.life is not None and not 1 <= seat.life <= MAX_LIFE:
            raise ScenarioError(f"{who.label}: life must be in 1..{MAX_LIFE}, got {seat.life}")
        if not team:
            given = [f for f in _TEAM_FIELDS if getattr(seat, f) != getattr(_Seat(), f)]
            if given:
                raise ScenarioError(f"{who.label}: {given[0]} is for a Tag Team seat, but "
                                    f"{self.setup.character(who)} fights alone")
            return
        if seat.partner_life is not None and not 0 <= seat.partner_life <= MAX_LIFE:
            raise ScenarioError(f"{who.label}: partner_life must be in 0..{MAX_LIFE}, "
                                f"got {seat.partner_life}")
        if seat.switch_locked_until < 0:
            raise ScenarioError(f"{who.label}: switch_locked_until must be 0 or more, "
                                f"got {seat.switch_locked_until}")

    def _place(self, state: State, who: Player) -> None:
        seat, p = self.seats[who], state.players[who]
        self._check_seat(who, p.partner is not None)
        pool = list(p.deck)

        def take(name: str) -> int:
            card_id = self.card_id(who, name)
            for ref in pool:
                if state.card_defs[ref] == card_id:
                    pool.remove(ref)
                    return ref
            raise ScenarioError(f"{p.character} has no more copies of {card_id}")

        p.hand = [take(n) for n in seat.hand]
        p.gauge = [take(n) for n in seat.gauge]
        p.boosts = [take(n) for n in seat.boosts]
        p.discard = [take(n) for n in seat.discard]
        p.sealed = [take(n) for n in seat.sealed]
        top = [take(n) for n in seat.deck] if seat.deck is not None else []
        p.deck = top + pool
        if seat.space is not None:
            p.space = seat.space
        if seat.life is not None:
            p.life = seat.life
        p.exceeded = seat.exceeded
        p.reshuffled = seat.reshuffled
        if p.partner is not None:
            if seat.partner_life is not None:
                p.partner_life = seat.partner_life
            p.partner_exceeded = seat.partner_exceeded
            p.switch_locked_until = seat.switch_locked_until

    def game(self, seed: int = 0) -> Game:
        """A game that starts with the active player's turn from this position."""
        return game_from_state(self.build(), seed, self.catalog)
