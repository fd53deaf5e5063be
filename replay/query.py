"""The typed analytics query API over the index: the only SQL the dashboard and CLI use.

Every function takes a ``Source`` (the DuckDB index file, or an exported Parquet
dataset) and returns frozen row structs. All values reach SQL as parameters, never by
string formatting. Connections are short-lived and read-only, so readers never block
the indexer for long and always see the games it has committed.
"""

from __future__ import annotations

import msgspec


class GameRow(msgspec.Struct, frozen=True, kw_only=True):
    """One indexed game (the ``games`` table)."""

    game_id: str
    path: str
    seed: int
    p1: str
    p2: str
    agent1: str
    agent2: str
    first: int
    winner: int | None
    reason: str | None
    turns: int
    strikes: int
    decisions: int
    events: int
    p1_life: int
    p2_life: int
    sealed: bool
    damage: str | None
    card_data: str
    engine: str


class StrikeRow(msgspec.Struct, frozen=True, kw_only=True):
    """One strike of a game: ``replay.strikes.StrikeSummary`` plus its game and characters."""

    game_id: str
    strike: int
    turn: int
    first_event: int
    last_event: int
    attacker: int
    defender: int
    first: int
    a_char: str
    d_char: str
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


class MatchupRow(msgspec.Struct, frozen=True, kw_only=True):
    """How ``character`` fares against ``opponent`` over finished games (either seat)."""

    character: str
    opponent: str
    games: int
    wins: int
    win_rate: float


class CardRow(msgspec.Struct, frozen=True, kw_only=True):
    """How one card performs for one character.

    ``struck``: strikes in which the card was the resolved attack; ``hits`` /
    ``hit_rate`` of those; ``damage`` total and ``avg_damage`` per strike; ``stuns``:
    strikes where it stunned the opponent; ``boosted``: times played as a boost;
    ``wild_swung``: strikes where it came from a wild swing.
    """

    character: str
    card: str
    struck: int
    hits: int
    hit_rate: float
    damage: int
    avg_damage: float
    stuns: int
    stun_rate: float
    boosted: int
    wild_swung: int


class LengthRow(msgspec.Struct, frozen=True, kw_only=True):
    """Game-length distribution: how many finished games lasted ``turns`` turns."""

    turns: int
    games: int
