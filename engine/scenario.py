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
(``deck=[...]`` puts named cards on top in that order; ``deck_rest`` says what follows:
``"ordered"``, the default, the other cards in deck-list order; ``"shuffled"``, the
other cards shuffled by the game's seed; ``"none"``, nothing: ``deck`` is the whole deck,
and every card of the deck list must then be placed in some zone). ``reshuffles_left``
counts the reshuffles a player still has (the core rules allow one per game, so 0 or 1;
``reshuffled=True`` is the same as ``reshuffles_left=0``). A team seat also takes
``partner_life``, ``partner_exceeded`` and ``switch_locked_until``. Positions no game can
reach are refused with ``ScenarioError`` naming the field and the rule: both fighters on
one space or off the arena, a life outside 1..30, Tag Team fields on a single fighter, a
negative turn or switch lock, a whole deck that leaves cards unplaced, an unknown field,
card or ``deck_rest``.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.api import Game, GameSetup, game_from_state, initial_state
from engine.catalog import Catalog, default_catalog
from engine.ids import ARENA_MAX, ARENA_MIN, MAX_LIFE, Player
from engine.rng import Rng, derive_seed
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
    deck_rest: str = "ordered"
    exceeded: bool = False
    reshuffled: bool = False
    reshuffles_left: int | None = None
    partner_life: int | None = None
    partner_exceeded: bool = False
    switch_locked_until: int = 0


_TEAM_FIELDS = ("partner_life", "partner_exceeded", "switch_locked_until")
DECK_RESTS = ("ordered", "shuffled", "none")
"""What follows the named top of a deck: deck-list order, shuffled, or nothing."""
RESHUFFLES_PER_GAME = 1
"""Core rulebook, Reshuffle: once per game."""


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
        ``sealed``, ``deck``, ``deck_rest``, ``exceeded``, ``reshuffled`` or
        ``reshuffles_left`` for ``who`` (and for a Tag Team ``partner_life``,
        ``partner_exceeded`` or ``switch_locked_until``)."""
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

    def build(self, seed: int = 0) -> State:
        """The position; ``seed`` shuffles a ``deck_rest="shuffled"`` deck (the same seed
        gives the same order)."""
        state = initial_state(self.setup, self.catalog)
        for who in (Player.P1, Player.P2):
            self._place(state, who, seed)
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
        if seat.deck_rest not in DECK_RESTS:
            raise ScenarioError(f"{who.label}: deck_rest must be one of "
                                f"{', '.join(DECK_RESTS)}, got {seat.deck_rest!r}")
        left = seat.reshuffles_left
        if left is not None and not 0 <= left <= RESHUFFLES_PER_GAME:
            raise ScenarioError(f"{who.label}: reshuffles_left must be in "
                                f"0..{RESHUFFLES_PER_GAME} (core rulebook, Reshuffle: once "
                                f"per game), got {left}")
        if left is not None and seat.reshuffled and left > 0:
            raise ScenarioError(f"{who.label}: reshuffled=True leaves no reshuffle, but "
                                f"reshuffles_left={left}")
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

    def _place(self, state: State, who: Player, seed: int) -> None:
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
        p.deck = top + self._rest(who, state, pool, seed)
        if seat.space is not None:
            p.space = seat.space
        if seat.life is not None:
            p.life = seat.life
        p.exceeded = seat.exceeded
        left = seat.reshuffles_left
        p.reshuffled = seat.reshuffled or (left is not None and left == 0)
        if p.partner is not None:
            if seat.partner_life is not None:
                p.partner_life = seat.partner_life
            p.partner_exceeded = seat.partner_exceeded
            p.switch_locked_until = seat.switch_locked_until

    def _rest(self, who: Player, state: State, pool: list[int], seed: int) -> list[int]:
        """The cards under the named top of ``who``'s deck, as ``deck_rest`` says."""
        rest = self.seats[who].deck_rest
        if rest == "shuffled":
            return Rng(derive_seed(seed, f"scenario-deck-{who.label}")).shuffle(pool)
        if rest == "none" and pool:
            names = sorted({state.card_defs[ref] for ref in pool})
            raise ScenarioError(
                f"{who.label}: deck_rest='none' makes deck the whole deck, but {len(pool)} "
                f"card(s) of the deck list are in no zone ({', '.join(names[:4])}"
                f"{', ...' if len(names) > 4 else ''}); place them or use 'ordered'")
        return pool

    def game(self, seed: int = 0) -> Game:
        """A game that starts with the active player's turn from this position."""
        return game_from_state(self.build(seed), seed, self.catalog)
