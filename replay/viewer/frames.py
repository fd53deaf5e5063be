"""Plain-data frames of a replay for the dashboard's viewer and strike timeline.

``open_game(path)`` reads a log once and wraps a ``Replay`` cursor with the game's
strike summaries, life series and strike timeline (``GameReplay.timeline``, the read
model of ``replay.viewer.timeline``). ``frame(game, position, perspective)`` is the table
at one position as ``"all"``, ``"p1"``, ``"p2"`` or ``"public"`` sees it: only names,
counts and flags, already redacted by ``engine.knowledge.views``, so a UI needs no engine
types. A lock guards the cursor, so one cached ``GameReplay`` may serve several sessions.

``"public"`` is a spectator's table during a game (``replay.viewer.public``): both hands
and decks hidden and counted, a face-down attack of either seat hidden, every face-up
card named. ``PERSPECTIVES`` are the omniscient view and the seats' (``all``, ``p1``,
``p2``: a table whose hands are all shown, or one's own); ``FRAME_PERSPECTIVES`` adds
``public`` and is every perspective ``frame`` and ``why`` accept, and the Game page's
choices (its selector, its URL's ``as=``, its charts, where ``public`` reads
"spectator": a coach showing a game to an audience without spoiling either hand).
"""

from __future__ import annotations

import functools
import hashlib
import os
import threading
from collections.abc import Sequence
from typing import Literal, NamedTuple

import msgspec

from engine import (
    DEFINITIONS_UNVERIFIED,
    HIDDEN,
    AttackSide,
    Catalog,
    EndReason,
    GameLog,
    LogFormatError,
    Phase,
    Player,
    State,
    apply,
    counters,
    display_name,
    named_areas,
    open_regular,
    read_game_bytes,
    space_objects,
    unnamed_catalog,
)
from replay.asking_words import team_fighter
from replay.quoting import file_named
from replay.strikes import StrikeSummary, log_seats, summarise_strikes
from replay.viewer.board import (
    area_label,
    attack_cards,
    end_words,
    object_names,
    recent_lines,
    starting_spaces,
)
from replay.viewer.card_labels import card_stats
from replay.viewer.cursor import Replay
from replay.viewer.lanes import LANES as LANES  # re-exported (replay.query)
from replay.viewer.lanes import AttackStats as AttackStats
from replay.viewer.lanes import GameLanes as GameLanes
from replay.viewer.lanes import SeatLanes as SeatLanes
from replay.viewer.lanes import fold_lanes
from replay.viewer.public import PUBLIC, Viewer, observed
from replay.viewer.timeline import FighterLife, Switch, ending_of, timeline_from_log
from replay.viewer.why import why_lines

Perspective = Literal["all", "p1", "p2", "public"]
PERSPECTIVES: tuple[Perspective, ...] = ("all", "p1", "p2")
# the omniscient view and the seats'; with "public", every frame's and the Game page's
FRAME_PERSPECTIVES: tuple[Perspective, ...] = (*PERSPECTIVES, PUBLIC)
RECENT = 12
MAX_LOG_BYTES = 64 * 1024 * 1024


class GameUnavailable(Exception):
    """The game's log cannot be opened (missing, unreadable or not a log). One line."""


class PlayerFrame(msgspec.Struct, frozen=True, kw_only=True):
    """One player's side of the table; ``hand`` is None when the perspective can't see it."""

    seat: str
    character: str
    life: int
    space: int
    gauge: tuple[str, ...]
    boosts: tuple[str, ...]
    discard: int
    discard_top: str | None
    deck: int
    hand: tuple[str, ...] | None
    hand_stats: tuple[str, ...] | None = None
    hand_count: int
    sealed: tuple[str, ...]
    exceeded: bool
    turn_player: bool
    notes: tuple[str, ...]
    """What else a player reads of the seat: its tagged-out fighter (Tag Team, with its
    Exceed and a switch lock), a reshuffle used, a Reading to obey."""
    areas: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """A season's areas beyond the core zones (``set aside``, character areas): (name,
    card names); all open to both players."""
    counters: tuple[tuple[str, int], ...] = ()
    """A season's numbers for this seat (``engine.counters``: ``overdrive``, ``partner
    life``, ``critical available``...), (name, value); open to both players."""


class ObjectFrame(msgspec.Struct, frozen=True, kw_only=True):
    """Something on an arena space besides the fighters: a Trap boost or a buddy."""

    space: int
    seat: str
    kind: str
    """``trap`` or ``buddy``."""
    name: str
    """A trap's boost name, a buddy's name."""
    card: str | None = None
    """A trap's card name."""


class SideFrame(msgspec.Struct, frozen=True, kw_only=True):
    """One side of the strike in progress; ``cards`` is names, "face-down" or "not set yet"."""

    seat: str
    cards: str
    stats: str = ""
    ex: bool
    wild: bool
    critical: bool
    hit: bool
    stunned: bool
    damage_taken: int
    revealed: bool = False
    """The attacks were revealed (face up on the table since the strike's reveal step)."""


class StrikeFrame(msgspec.Struct, frozen=True, kw_only=True):
    """The strike in progress at a frame's position."""

    number: int
    attacker: str
    attacker_name: str
    first: str | None
    attack: SideFrame
    defence: SideFrame


class Frame(msgspec.Struct, frozen=True, kw_only=True):
    """The table at ``position`` (after that many events) as ``perspective`` sees it."""

    position: int
    length: int
    turn: int
    strike: int
    perspective: Perspective
    header: str
    p1: PlayerFrame
    p2: PlayerFrame
    strike_in_progress: StrikeFrame | None
    result: str | None
    recent: tuple[str, ...]
    objects: tuple[ObjectFrame, ...] = ()
    """Traps and buddies on the arena's spaces, by space."""

    @property
    def players(self) -> tuple[PlayerFrame, PlayerFrame]:
        return (self.p1, self.p2)


class LifePoint(NamedTuple):
    """Both life totals from ``position`` on (a step line's corner)."""

    position: int
    turn: int
    p1_life: int
    p2_life: int


def naming_catalog(log: GameLog) -> Catalog:
    """The catalog a log's game is named with: its own definitions, or, for an old log
    whose definitions nothing vouches for, the same shown by id (``unnamed_catalog``)."""
    if log.definitions_status == DEFINITIONS_UNVERIFIED:
        return unnamed_catalog(log.catalog())
    return log.catalog()


class GameReplay:
    """An opened game: the cursor, its strike summaries and life series, and names.

    ``timeline`` is the game's strike timeline read model (``replay.viewer.timeline``),
    built once here from the same fold as everything else."""

    def __init__(self, log: GameLog, game_id: str, catalog: Catalog | None = None) -> None:
        self.unverified = log.definitions_status == DEFINITIONS_UNVERIFIED
        """An old log's definitions nothing vouches for: its cards and fighters are shown
        by id (``unnamed_catalog``), never by the names it carries."""
        self.catalog = naming_catalog(log) if catalog is None else catalog
        self.game_id = game_id
        self.replay = Replay(log, self.catalog)
        self.strikes: list[StrikeSummary] = summarise_strikes(
            self.replay.log.initial_state(self.catalog), self.replay.events, log_seats(log))
        self.ending = ending_of(self.replay, self.catalog)
        self.timeline = timeline_from_log(self.strikes, self.replay, self.catalog, self.ending)
        self.starting_spaces = starting_spaces(self.replay)
        self.characters = tuple(display_name(self.catalog, spec)
                                for spec in (log.header.p1, log.header.p2))
        self.lock = threading.Lock()

    @property
    def length(self) -> int:
        return self.replay.length

    @property
    def fighters(self) -> list[FighterLife]:
        """Each fighter's life series (two per Tag Team seat): the timeline's."""
        return list(self.timeline.fighters)

    @property
    def switches(self) -> list[Switch]:
        """Every Tag Team tag-in, in order: the timeline's."""
        return list(self.timeline.switches)

    @functools.cached_property
    def lanes(self) -> GameLanes:
        """Both seats' resource lanes and every strike's final attack stats
        (``replay.viewer.lanes``), folded on first use and kept with the opened game."""
        with self.lock:
            return fold_lanes(self.replay.log.initial_state(self.catalog), self.replay.events,
                              self.catalog)

    @functools.cached_property
    def life(self) -> list[LifePoint]:
        """Both life totals at the start, at every change and at the end (folded on first
        use: the Game page draws from ``timeline`` and never asks)."""
        return _life_series(self.replay)

    def strike_position(self, strike: int) -> int:
        """The replay position at the start of ``strike`` (1-based): just after StrikeStarted."""
        return self.timeline.starts[strike - 1]

    @property
    def opening(self) -> int:
        """Where a viewer starts: just after turn 1 starts (hands dealt), else 0."""
        starts = self.replay.turn_starts
        return starts[0] + 1 if starts else 0


def open_game_bytes(data: bytes, name: str) -> GameReplay:
    """Open a log held in memory (an upload): nothing is written anywhere.
    ``GameUnavailable`` (one line) if it is not a readable log."""
    if len(data) > MAX_LOG_BYTES:
        raise GameUnavailable(f"{name}: {len(data)} bytes is over the "
                              f"{MAX_LOG_BYTES >> 20} MiB cap")
    try:
        log = read_game_bytes(data, name)
        return GameReplay(log, hashlib.sha256(data).hexdigest())
    except LogFormatError as error:
        raise GameUnavailable(str(error)) from None


def open_game(path: str | os.PathLike[str]) -> GameReplay:
    """Read the log at ``path`` and open it; ``GameUnavailable`` (one line) if impossible."""
    name = os.fspath(path)
    try:
        with open_regular(name) as stream:  # a named pipe would block: NotRegularFile
            size = os.fstat(stream.fileno()).st_size
            if size > MAX_LOG_BYTES:
                raise GameUnavailable(f"{name}: {size} bytes is over the "
                                      f"{MAX_LOG_BYTES >> 20} MiB cap")
            data = stream.read(MAX_LOG_BYTES + 1)
        if len(data) > MAX_LOG_BYTES:  # grew since it was looked at
            raise GameUnavailable(f"{name}: over the {MAX_LOG_BYTES >> 20} MiB cap")
        log = read_game_bytes(data, name)
        return GameReplay(log, hashlib.sha256(data).hexdigest())
    except OSError as error:
        raise GameUnavailable(f"{file_named(name)}: cannot read: {error.strerror}") from None
    except LogFormatError as error:
        raise GameUnavailable(str(error)) from None


def log_bytes(path: str | os.PathLike[str], game_id: str) -> bytes | None:
    """The bytes of the log at ``path`` for a download, exactly the game ``game_id``
    names (the SHA-256 of its bytes, as ``open_game`` gives it): None when it cannot be
    read now, is not a regular file, is over the cap, or changed since it was opened,
    never a cut copy or another game's bytes."""
    try:
        with open_regular(path) as stream:  # a named pipe would block: NotRegularFile
            data = stream.read(MAX_LOG_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_LOG_BYTES or hashlib.sha256(data).hexdigest() != game_id:
        return None
    return data


def _life_series(replay: Replay) -> list[LifePoint]:
    state = replay.log.initial_state(replay.catalog)
    out = [LifePoint(0, state.turn, state.players[0].life, state.players[1].life)]
    for position, event in enumerate(replay.events, 1):
        apply(state, event)
        p1, p2 = state.players[0].life, state.players[1].life
        if (p1, p2) != out[-1][2:]:
            out.append(LifePoint(position, state.turn, p1, p2))
    last = out[-1]
    if last.position != replay.length:
        out.append(LifePoint(replay.length, state.turn, last.p1_life, last.p2_life))
    return out


def fighter_lives(game: GameReplay) -> list[FighterLife]:
    """Each fighter's life series; a Tag Team seat has two (see ``FighterLife``)."""
    return game.fighters


def switches(game: GameReplay) -> list[Switch]:
    """Every Tag Team tag-in, in order."""
    return game.switches


def life_series(game: GameReplay) -> list[LifePoint]:
    """``(position, turn, p1_life, p2_life)`` at the start, at every change and at the end."""
    return list(game.life)


def strike_positions(game: GameReplay) -> list[int]:
    """The replay position at the start of each strike, in strike order."""
    return list(game.timeline.starts)


def _viewer(perspective: Perspective) -> Viewer:
    if perspective not in FRAME_PERSPECTIVES:
        raise ValueError(f"perspective must be one of {', '.join(FRAME_PERSPECTIVES)}, "
                         f"got {perspective!r}")
    if perspective == PUBLIC:
        return PUBLIC
    return None if perspective == "all" else Player.P1 if perspective == "p1" else Player.P2


def frame(game: GameReplay, position: int, perspective: Perspective = "all",
          recent: int = RECENT) -> Frame:
    """The table after ``position`` events (clamped to 0..length) as ``perspective`` sees it
    (``"public"``: a spectator, both hands hidden)."""
    viewer = _viewer(perspective)
    position = max(0, min(position, game.length))
    with game.lock:
        replay = game.replay
        replay.seek(position)
        view = observed(replay.state, viewer)
        lines = recent_lines(replay, viewer, recent) if recent > 0 else []
        turn, strike = replay.turn_at(), replay.strike_at()
    if position == 0 and game.starting_spaces is not None:  # setup: on their real spaces
        for seat, space in zip(view.players, game.starting_spaces, strict=True):
            seat.space = space
    names = _Names(game.catalog, view)
    return Frame(
        position=position, length=game.length, turn=turn, strike=strike,
        perspective=perspective,
        header=_header(turn, strike, position, game.length, perspective),
        p1=names.player(Player.P1), p2=names.player(Player.P2),
        strike_in_progress=names.strike(strike), result=_result(names, view),
        recent=tuple(lines), objects=names.objects())


def _header(turn: int, strike: int, position: int, length: int, perspective: str) -> str:
    """``turn 3 · strike 2 · event 40/300 · as p1`` (``as spectator`` for ``public``);
    ``setup`` before turn 1 starts."""
    when = "setup" if turn == 0 else f"turn {turn} · strike {strike}"
    seen = "spectator" if perspective == PUBLIC else perspective
    return f"{when} · event {position}/{length} · as {seen}"


class _Names:
    """Turns one observed state into names and counts."""

    def __init__(self, catalog: Catalog, view: State) -> None:
        self.catalog = catalog
        self.view = view
        self.teams = any(p.partner is not None for p in view.players)

    def card(self, ref: int) -> str:
        """A card's name; a Tag Team seat's special or ultra with its fighter,
        ``Shinryuken (Ken Masters)`` (``replay.asking_words.team_fighter``)."""
        if ref == HIDDEN:
            return "face-down"
        card_id = self.view.card_defs[ref]
        fighter = team_fighter(self.view, self.catalog, card_id) if self.teams else None
        name = self.catalog.card(card_id).name
        return name if fighter is None else f"{name} ({fighter})"

    def cards(self, refs: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.card(ref) for ref in refs)

    def stats(self, refs: Sequence[int]) -> tuple[str, ...]:
        """``Name (power … guard …)`` for each visible card."""
        return tuple(f"{self.card(ref)} ({card_stats(self.catalog.card(self.view.card_defs[ref]))})"
                     if ref != HIDDEN else "face-down" for ref in refs)

    def who(self, seat: Player) -> str:
        return self.catalog.character(self.view.players[seat].character).name

    def player(self, seat: Player) -> PlayerFrame:
        p = self.view.players[seat]
        hidden_hand = any(ref == HIDDEN for ref in p.hand)
        notes = []
        if p.partner is not None:  # its life: a counter (as the terminal board says it)
            flags = " (EXCEEDED)" if p.partner_exceeded else ""  # the partner is
            until = p.switch_locked_until
            locked = f", no switch until strike {until} ends" if until else ""
            notes.append(f"tagged out: {self.catalog.character(p.partner).name}"
                         f"{flags}{locked}")
        if p.reshuffled:
            notes.append("reshuffle used")
        if p.reading is not None:
            notes.append(f"must strike with {p.reading} (Reading)")
        return PlayerFrame(
            seat=seat.label, character=self.who(seat), life=p.life, space=p.space,
            gauge=self.cards(p.gauge), boosts=tuple(self.boost(ref, seat) for ref in p.boosts),
            discard=len(p.discard), discard_top=self.card(p.discard[-1]) if p.discard else None,
            deck=len(p.deck), hand=None if hidden_hand else self.cards(p.hand),
            hand_stats=None if hidden_hand else self.stats(p.hand),
            hand_count=len(p.hand), sealed=self.cards(p.sealed), exceeded=p.exceeded,
            turn_player=self.view.phase is Phase.PLAYING and self.view.active == seat,
            notes=tuple(notes),
            areas=tuple((area_label(name), self.cards(cards))
                        for name, cards in named_areas(self.view, seat).items()),
            counters=tuple((area_label(name), value) for name, value
                           in counters(self.view, self.catalog, seat).items()))

    def objects(self) -> tuple[ObjectFrame, ...]:
        out = []
        for obj in space_objects(self.view):
            name, card_name = object_names(self.catalog, self.view, obj)
            out.append(ObjectFrame(space=obj.space, seat=obj.owner.label, kind=obj.kind,
                                   name=name, card=card_name))
        return tuple(out)

    def boost(self, ref: int, owner: Player) -> str:
        card = self.catalog.card(self.view.card_defs[ref])
        sustained = " [sustained]" if ref in self.view.players[owner].sustained else ""
        return f"{card.boost.name} ({card.name}){sustained}"

    def side(self, seat: Player, side: AttackSide) -> SideFrame:
        stats = ""
        shown = attack_cards(side)
        if not shown:
            cards = "not set yet"
        elif all(ref == HIDDEN for ref in shown):
            cards = "face-down"
        else:
            cards = " + ".join(self.cards(shown))
            stats = card_stats(self.catalog.card(self.view.card_defs[shown[0]]))
        return SideFrame(seat=seat.label, cards=cards, stats=stats, ex=side.ex, wild=side.wild,
                         critical=side.critical, hit=side.hit, stunned=side.stunned,
                         damage_taken=side.damage_taken, revealed=side.revealed)

    def strike(self, number: int) -> StrikeFrame | None:
        strike = self.view.strike
        if strike is None:
            return None
        a, d = strike.attacker, strike.defender
        return StrikeFrame(
            number=number, attacker=a.label, attacker_name=self.who(a),
            first=None if strike.first is None else strike.first.label,
            attack=self.side(a, strike.sides[a]), defence=self.side(d, strike.sides[d]))


def _result(names: _Names, view: State) -> str | None:
    if view.phase is not Phase.OVER or view.winner is None:
        return None
    loser = view.winner.other
    why = (f"{loser.label} {names.who(loser)} reached 0 life" if view.end_reason is EndReason.LIFE
           else end_words(loser, view.end_reason, view.players[loser].reshuffled))
    return f"GAME OVER: {view.winner.label} {names.who(view.winner)} wins: {why}"


def why(game: GameReplay, number: int, perspective: Perspective = "all") -> tuple[str, ...]:
    """Why event ``#number`` (1-based) happened, as ``perspective`` may read it: the chain
    of causes back to the decision that started it (``replay.viewer.why``)."""
    return tuple(why_lines(game.replay, number, _viewer(perspective)))
