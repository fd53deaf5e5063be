"""Per-seat resource lanes and each strike's final attack stats, from one fold of a game.

The Game page draws, under the strike timeline and on the same x axis (replay position,
labelled in turns), one lane per resource for both players: gauge, hand size, deck size,
boosts in play, Exceed mode, and one lane per season counter the game shows
(``engine.counters``: overdrive count, a partner's life...; no per-season code here)
(``GameLanes``). Every lane is a step series ``(position, value)`` with a point where
the game begins and at every change after it; all of it is open information (counts and
states every player sees), so it is the same for every perspective. The game begins for
a player just after turn 1's ``TurnStarted`` (``GameLanes.start``, where the viewer
opens a game: ``GameReplay.opening``): the setup before it (shuffles, opening draws,
mulligans; a built position's stating of it) was never a position anyone played from, so
it has no lane values (an empty hand, a 30-card deck would draw a ramp nobody saw).
``attack_stats`` are both attacks' final power and range in each strike: as they stood
when the attack's damage was dealt, else (a miss) when its hit was checked.

Power and range are read from the folded state the way the rules total them: the
printed value (or a ``set`` power) plus the attack's modifiers, EX's +1 power, the
per-boost range bonus, a power or a range printed as "the distance to the opponent"
(Merkava's I, Defile; Nine's Kunzite), and a range printed as "the attack's total
power". An effect that replaces the printed power with another card's for one strike
(``use_top_discard_as_printed_power``) or swaps power and speed is not seen here, so
such an attack shows its own card's power.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import msgspec

from engine import (
    AttackSide,
    Catalog,
    Player,
    State,
    apply,
    counters,
)
from engine import events as ev

Series = tuple[tuple[int, int], ...]
"""A step series: ``(position, value)`` where the game begins (``GameLanes.start``) and
at every change after it; empty when no turn has started."""

LANES = ("gauge", "hand", "deck", "boosts", "exceed")
"""The lanes of a seat, in the order the Game page draws them."""


class SeatLanes(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's lanes. ``exceed`` is 0 (normal) or 1 (Exceed mode); ``counters`` are
    the season counters' lanes (name, series; 0 while a counter is not shown)."""

    seat: int
    gauge: Series
    hand: Series
    deck: Series
    boosts: Series
    exceed: Series
    counters: tuple[tuple[str, Series], ...] = ()

    def lane(self, name: str) -> Series:
        if name in LANES:
            series: Series = getattr(self, name)
            return series
        for counter, found in self.counters:
            if counter == name:
                return found
        raise ValueError(f"{name!r} is not a lane ({', '.join(LANES)} or a counter)")


class AttackStats(NamedTuple):
    """One attack's final power and range in a strike (``low``/``high`` None: no range)."""

    power: int
    low: int | None
    high: int | None


class GameLanes(msgspec.Struct, frozen=True, kw_only=True):
    """Both seats' lanes and, per strike (1-based, in order), each seat's final attack
    stats (None for a seat whose attack was never checked: stunned first, no attack)."""

    length: int
    start: int | None
    """Where the game begins: the position just after the first ``TurnStarted`` (the end
    of the setup), where every series starts; None when no turn has started (a log cut
    in its setup, a live game at its mulligans): every series is empty."""
    seats: tuple[SeatLanes, SeatLanes]
    attacks: tuple[tuple[AttackStats | None, AttackStats | None], ...] = ()
    counter_names: tuple[str, ...] = ()
    """The season counters either seat showed in the game, in the order first shown;
    each seat has a lane of each (``SeatLanes.counters``)."""

    def names(self) -> tuple[str, ...]:
        """Every lane: ``LANES``, then the counters'."""
        return (*LANES, *self.counter_names)

    def at(self, seat: int, name: str, position: int) -> int | None:
        """The value of lane ``name`` of ``seat`` after ``position`` events; None in the
        setup (before ``start``)."""
        if self.start is None or position < self.start:
            return None
        value = 0
        for pos, v in self.seats[seat].lane(name):
            if pos > position:
                break
            value = v
        return value


def _values(state: State, seat: int) -> tuple[int, int, int, int, int]:
    p = state.players[seat]
    return len(p.gauge), len(p.hand), len(p.deck), len(p.boosts), int(p.exceeded)


def attack_stats(state: State, catalog: Catalog, seat: int) -> AttackStats | None:
    """``seat``'s attack in the strike in progress, totalled as the rules do (see the
    module docstring for what is not seen); None without a strike or an attack card."""
    strike = state.strike
    if strike is None:
        return None
    side = strike.sides[seat]
    card_ref = side.attack
    if card_ref is None:
        return None
    card = catalog.card(state.card_defs[card_ref])
    distance = abs(state.players[0].space - state.players[1].space)
    power = _power(side, distance if card.power_is_range_to_opponent is True else card.power)
    if card.range is None:
        return AttackStats(power, None, None)
    low, high = card.range
    if card.range_is_range_to_opponent:
        low = high = distance
    if card.min_range_is_total_power:
        low = power
    if card.max_range_is_total_power:
        high = power
    boosts = len(state.players[seat].boosts)
    per_low, per_high = side.range_per_boost
    return AttackStats(power, low + side.min_range + per_low * boosts,
                       high + side.max_range + per_high * boosts)


def _power(side: AttackSide, printed: int) -> int:
    if side.set_power is not None:
        return side.set_power
    negative = side.power - side.power_positive
    return max(0, printed + negative + side.positive_power_bonus)


def fold_lanes(initial: State, events: Sequence[ev.Event], catalog: Catalog) -> GameLanes:
    """Fold ``events`` from a copy of ``initial`` once: both seats' lanes from the first
    turn's start (``GameLanes.start``) and every strike's attack stats (taken when each
    attack's hit or miss is decided, and again when its damage is dealt)."""
    state = initial.copy()
    series: list[list[list[tuple[int, int]]]] = [[[] for _ in LANES] for _ in (0, 1)]
    shown: dict[str, list[list[tuple[int, int]]]] = {}  # counter -> both seats' series
    start: int | None = None

    def step(lane: list[tuple[int, int]], position: int, value: int) -> None:
        if lane and lane[-1][0] == position:  # a counter first shown where the game begins
            lane[-1] = (position, value)
        elif not lane or lane[-1][1] != value:
            lane.append((position, value))

    def record(position: int, begins: int) -> None:
        for seat in (0, 1):
            for lane, value in zip(series[seat], _values(state, seat), strict=True):
                step(lane, position, value)
            numbers = counters(state, catalog, Player(seat))
            for name, value in numbers.items():
                step(shown.setdefault(name, [[(begins, 0)], [(begins, 0)]])[seat],
                     position, value)
            for name, lanes in shown.items():  # a counter no longer shown: 0
                if name not in numbers:
                    step(lanes[seat], position, 0)

    attacks: list[list[AttackStats | None]] = []
    for position, event in enumerate(events, 1):
        apply(state, event)
        t = type(event)
        if t is ev.StrikeStarted:
            attacks.append([None, None])
        elif (t is ev.AttackHit or t is ev.AttackMissed) and attacks:
            who = int(getattr(event, "player"))  # noqa: B009 (both have one)
            if attacks[-1][who] is None:
                attacks[-1][who] = attack_stats(state, catalog, who)
        elif t is ev.DamageDealt and attacks and state.strike is not None:
            assert isinstance(event, ev.DamageDealt)
            who = 1 - int(event.target)  # its power as the damage was dealt
            attacks[-1][who] = attack_stats(state, catalog, who) or attacks[-1][who]
        if start is None:
            if t is not ev.TurnStarted:
                continue  # the setup: no lane values
            start = position
        record(position, start)
    seats = tuple(SeatLanes(seat=seat, **{name: tuple(lane) for name, lane
                                          in zip(LANES, series[seat], strict=True)},
                            counters=tuple((name, tuple(lanes[seat]))
                                           for name, lanes in shown.items()))
                  for seat in (0, 1))
    return GameLanes(length=len(events), start=start, seats=(seats[0], seats[1]),
                     attacks=tuple((a[0], a[1]) for a in attacks),
                     counter_names=tuple(shown))
