"""Strike summaries: one record per strike, the single definition every consumer reuses.

Computed by folding a game's events once; no rule runs. Fields are prefixed ``a_`` for
the attacker (who initiated the strike) and ``d_`` for the defender. Every field is
defined in ``docs/metrics.md``. ``StrikeSummary`` is what the replayer folds;
``StrikeRow`` is the same record keyed by its game, as the index stores it: the index's
``strikes`` columns are derived from ``StrikeRow`` field by field (``replay.index.schema``),
the query API returns it, and the dashboard's strike timeline draws either.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from engine import (
    OVERDRIVE_AREA,
    GameLog,
    Player,
    PlayerState,
    State,
    apply,
    attack_origin,
    named_areas,
    space_objects,
)
from engine import events as ev


class StrikeSummary(msgspec.Struct, frozen=True, kw_only=True):
    """What happened in one strike (see docs/metrics.md for each field)."""

    strike: int
    turn: int
    first_event: int
    last_event: int
    attacker: int
    defender: int
    first: int
    a_char: str = ""
    d_char: str = ""
    a_card: str
    d_card: str
    a_set_card: str | None
    d_set_card: str | None
    a_ex: bool
    d_ex: bool
    a_wild: bool
    d_wild: bool
    a_critical: bool
    d_critical: bool
    a_invalid: int
    d_invalid: int
    a_speed: int
    d_speed: int
    a_hit: bool
    d_hit: bool
    a_damage: int
    d_damage: int
    a_absorbed: int
    d_absorbed: int
    a_stunned: bool
    d_stunned: bool
    a_distance: int | None
    d_distance: int | None
    a_space_before: int
    d_space_before: int
    a_space_after: int
    d_space_after: int
    a_life_before: int
    d_life_before: int
    a_life_after: int
    d_life_after: int
    a_gauge_before: int
    d_gauge_before: int
    a_gauge_after: int
    d_gauge_after: int
    advantage: int | None
    a_set_from: str = "hand"
    d_set_from: str = "hand"
    a_objects: int = 0
    d_objects: int = 0
    a_origin: str = ""
    d_origin: str = ""
    a_exceeded: bool = False
    d_exceeded: bool = False
    a_overdrive: int = 0
    d_overdrive: int = 0
    a_hit_event: int | None = None
    d_hit_event: int | None = None
    a_stun_event: int | None = None
    d_stun_event: int | None = None
    a_fighter: str = ""
    d_fighter: str = ""


class StrikeRow(StrikeSummary, frozen=True):
    """A strike summary keyed by its game: one row of the index's ``strikes`` table.

    ``game_id`` comes first (msgspec places it before the keyword-only summary fields),
    so the table's columns read ``game_id``, then the summary's fields in order."""

    game_id: str


Seats = tuple[str, str]
"""The seats' character specs from a log's header (``ryu``, or ``ryu+ken`` in Tag Team);
``("", "")`` when folding from a bare state."""
NO_SEATS: Seats = ("", "")


class _Open:
    """The strike being folded: per-player scratch values, indexed by Player."""

    def __init__(self, number: int, start: int, state: State, attacker: Player) -> None:
        self.number = number
        self.start = start
        self.turn = state.turn
        self.attacker = attacker
        self.set_card: list[str | None] = [None, None]
        self.ex = [False, False]
        self.wild = [False, False]
        self.critical = [False, False]
        self.invalid = [0, 0]
        self.speed = [0, 0]
        self.first = attacker
        self.hit = [False, False]
        self.damage = [0, 0]
        self.absorbed = [0, 0]
        self.stunned = [False, False]
        self.distance: list[int | None] = [None, None]
        self.advantage: Player | None = None
        self.space = [p.space for p in state.players]
        # Tag Team: life is the life of the fighter who fought (in play at the reveal),
        # so a switch (Cross Strike, Ejection) does not count as damage.
        self.lives = [_lives(p) for p in state.players]
        self.fighter = [p.character for p in state.players]
        self.gauge = [len(p.gauge) for p in state.players]
        self.card = ["", ""]
        self.set_from = ["hand", "hand"]
        self.objects = [0, 0]
        for obj in space_objects(state):
            self.objects[obj.owner] += 1
        self.origin = ["", ""]
        self.exceeded = [p.exceeded for p in state.players]
        self.overdrive = [len(named_areas(state, who).get(OVERDRIVE_AREA, ()))
                          for who in (Player.P1, Player.P2)]
        self.hit_event: list[int | None] = [None, None]
        self.stun_event: list[int | None] = [None, None]


SET_FROM: dict[type, str] = {ev.AttackSetFromGauge: "gauge", ev.AttackSetFromBoosts: "boosts"}
"""An event saying an attack was set from somewhere other than the hand -> that place
(``a_set_from``; a wild swing is ``deck``)."""


def _lives(p: PlayerState) -> dict[str, int]:
    """Each fighter's life for one seat: the one in play and, in Tag Team, the partner."""
    lives = {p.character: p.life}
    if p.partner is not None:
        lives[p.partner] = p.partner_life
    return lives


def _feed(o: _Open, state: State, e: ev.Event, position: int) -> None:
    """Record what ``e`` (event number ``position``) says about the open strike
    (``state`` is after ``e``)."""
    t = type(e)
    if t is ev.AttackSet:
        assert isinstance(e, ev.AttackSet)
        o.wild[e.player] = e.wild
        if e.wild:
            o.set_from[e.player] = "deck"
        o.ex[e.player] = len(e.cards) == 2
        o.set_card[e.player] = None if e.wild else state.card_defs[e.cards[0]]
    elif t is ev.AttackMadeCritical:
        assert isinstance(e, ev.AttackMadeCritical)
        o.critical[e.player] = True
    elif t is ev.AttackInvalid:
        assert isinstance(e, ev.AttackInvalid)
        o.invalid[e.player] += 1
        o.ex[e.player] = False
    elif t is ev.WildSwingRevealed:
        assert isinstance(e, ev.WildSwingRevealed)
        o.wild[e.player] = True
    elif t in SET_FROM:
        o.set_from[getattr(e, "player")] = SET_FROM[t]  # noqa: B009 (each SET_FROM event has one)
    elif t is ev.AttacksRevealed:
        o.fighter = [p.character for p in state.players]
    elif t is ev.PriorityDetermined:
        assert isinstance(e, ev.PriorityDetermined)
        o.speed = [e.speed_p1, e.speed_p2]
        o.first = e.first
        strike = state.strike
        assert strike is not None
        for who in (0, 1):
            card = strike.sides[who].card
            o.card[who] = state.card_defs[card] if card is not None else ""
    elif t is ev.AttackHit:
        assert isinstance(e, ev.AttackHit)
        if not o.hit[e.player]:  # the first hit, even after a miss
            o.hit_event[e.player] = position
        o.hit[e.player] = True
        o.distance[e.player] = e.distance
        o.origin[e.player] = attack_origin(state, e.player) or ""
    elif t is ev.AttackMissed:
        assert isinstance(e, ev.AttackMissed)
        if o.hit_event[e.player] is None:
            o.hit_event[e.player] = position
        o.distance[e.player] = e.distance
        o.origin[e.player] = attack_origin(state, e.player) or ""
    elif t is ev.DamageDealt:
        assert isinstance(e, ev.DamageDealt)
        o.damage[1 - e.target] += e.amount
        o.absorbed[e.target] += e.absorbed
    elif t is ev.PlayerStunned:
        assert isinstance(e, ev.PlayerStunned)
        if not o.stunned[e.player]:
            o.stun_event[e.player] = position
        o.stunned[e.player] = True
    elif t is ev.AdvantageGained:
        assert isinstance(e, ev.AdvantageGained)
        o.advantage = e.player


_FED: frozenset[type] = frozenset({
    ev.AttackSet, ev.AttackMadeCritical, ev.AttackInvalid, ev.WildSwingRevealed, *SET_FROM,
    ev.AttacksRevealed, ev.PriorityDetermined, ev.AttackHit, ev.AttackMissed, ev.DamageDealt,
    ev.PlayerStunned, ev.AdvantageGained})
"""The events ``_feed`` reads: the fold skips the call for every other one."""


def _close(o: _Open, state: State, end: int, seats: Seats) -> StrikeSummary:
    a, d = int(o.attacker), int(o.attacker.other)
    fields: dict[str, object] = {
        "a_char": seats[a], "d_char": seats[d], "strike": o.number, "turn": o.turn, "first_event": o.start, "last_event": end,
        "attacker": a, "defender": d, "first": int(o.first),
        "advantage": None if o.advantage is None else int(o.advantage),
    }
    per_side: dict[str, Sequence[object]] = {
        "card": o.card, "set_card": o.set_card, "ex": o.ex, "wild": o.wild,
        "critical": o.critical, "invalid": o.invalid, "speed": o.speed, "hit": o.hit,
        "damage": o.damage, "absorbed": o.absorbed, "stunned": o.stunned,
        "distance": o.distance, "space_before": o.space,
        "life_before": [o.lives[w][o.fighter[w]] for w in (0, 1)],
        "gauge_before": o.gauge,
        "space_after": [p.space for p in state.players],
        "life_after": [_lives(p)[o.fighter[w]] for w, p in enumerate(state.players)],
        "gauge_after": [len(p.gauge) for p in state.players],
        "set_from": o.set_from, "objects": o.objects, "origin": o.origin,
        "exceeded": o.exceeded, "overdrive": o.overdrive,
        "hit_event": o.hit_event, "stun_event": o.stun_event, "fighter": o.fighter,
    }
    for name, values in per_side.items():
        fields[f"a_{name}"] = values[a]
        fields[f"d_{name}"] = values[d]
    # every value already has its field's type (ints, bools, strs, None): the
    # constructor, not a checked ``convert`` (the same struct, a fraction of the time)
    return StrikeSummary(**fields)  # type: ignore[arg-type]


def summarise_strikes(initial: State, events: Iterable[ev.Event],
                      seats: Seats = NO_SEATS) -> list[StrikeSummary]:
    """Fold ``events`` from ``initial`` (not modified) and summarise every strike;
    ``seats`` fill ``a_char`` / ``d_char``.

    A strike cut short by the end of the game (or of a truncated log) is summarised
    with the values it had reached.
    """
    return fold_strikes(initial.copy(), events, seats)


def fold_strikes(state: State, events: Iterable[ev.Event],
                 seats: Seats = NO_SEATS) -> list[StrikeSummary]:
    """``summarise_strikes`` folding into ``state`` itself, for a caller that also needs
    the folded state (the indexer): ``state`` ends as the state after the last event.
    Events are taken from ``events`` one at a time, each applied before the next is
    taken."""
    out: list[StrikeSummary] = []
    current: _Open | None = None
    position = 0
    for position, event in enumerate(events):
        apply(state, event)
        t = type(event)
        if t is ev.StrikeStarted:
            assert isinstance(event, ev.StrikeStarted)
            current = _Open(len(out) + 1, position, state, event.attacker)
        elif current is not None:
            if t in _FED:
                _feed(current, state, event, position)
            elif t is ev.StrikeEnded:
                out.append(_close(current, state, position, seats))
                current = None
    if current is not None:
        out.append(_close(current, state, position, seats))
    return out


def strike_summaries(log: GameLog) -> list[StrikeSummary]:
    """The strike summaries of a recorded game (``a_char`` / ``d_char`` from its header)."""
    return summarise_strikes(log.initial_state(), log.events(), log_seats(log))


def log_seats(log: GameLog) -> Seats:
    """The seats' character specs of a recorded game."""
    return (log.header.p1, log.header.p2)
