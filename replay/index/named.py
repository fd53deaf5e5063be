"""The queries ``exceed query NAME`` runs by name, with the command-line filters each takes.

Only the command line uses this module; the query functions themselves are in
``replay.index.queries``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

import msgspec

from replay.index.queries import (
    AgentRow,
    CardRow,
    CharacterRow,
    CountRow,
    GameRow,
    LengthRow,
    MatchupRow,
    agents,
    card_performance,
    characters,
    counts,
    game,
    game_lengths,
    game_strikes,
    games,
    matchup_win_rates,
)
from replay.index.source import QueryError, Source
from replay.strikes import StrikeRow

R = TypeVar("R", bound=msgspec.Struct)


class Filters(msgspec.Struct, frozen=True, kw_only=True):
    """Filter values from the command line; each named query uses some of them."""

    character: str | None = None
    p1: str | None = None
    p2: str | None = None
    winner: str | None = None
    agent: str | None = None
    seed: int | None = None
    min_turns: int | None = None
    max_turns: int | None = None
    game: str | None = None
    limit: int | None = None
    offset: int = 0

    def given(self) -> set[str]:
        """Names of the filters set to something other than their default."""
        defaults = Filters()
        return {name for name in self.__struct_fields__
                if getattr(self, name) != getattr(defaults, name)}


class NamedQuery(NamedTuple):
    """A query the CLI runs by name: ``run(source, filters)`` and the filters it accepts."""

    run: Callable[[Source, Filters], Sequence[msgspec.Struct]]
    row: type[msgspec.Struct]
    filters: frozenset[str]
    help: str


GAMES_LIMIT = 500
"""The rows ``exceed query games`` prints without ``--limit``."""


def _game_rows(src: Source, f: Filters) -> list[GameRow]:
    return games(src, character=f.character, p1=f.p1, p2=f.p2, winner=f.winner,
                 agent=f.agent, seed=f.seed, min_turns=f.min_turns, max_turns=f.max_turns,
                 limit=GAMES_LIMIT if f.limit is None else f.limit, offset=f.offset)


def _paged(run: Callable[[Source, Filters], Sequence[R]]
           ) -> Callable[[Source, Filters], Sequence[R]]:
    """``run`` with ``--limit`` / ``--offset`` applied to its rows."""
    def paged(src: Source, f: Filters) -> Sequence[R]:
        rows = run(src, f)
        end = None if f.limit is None else f.offset + f.limit
        return rows[f.offset:end]
    return paged


def _one_game(src: Source, f: Filters) -> list[GameRow]:
    row = game(src, _required_game(f))
    return [] if row is None else [row]


def _required_game(f: Filters) -> str:
    if f.game is None:
        raise QueryError("this query needs --game GAME_ID")
    return f.game


_PAGING = frozenset({"limit", "offset"})
_GAME_FILTERS = frozenset({"character", "p1", "p2", "winner", "agent", "seed", "min_turns",
                           "max_turns"}) | _PAGING


def _named(run: Callable[[Source, Filters], Sequence[msgspec.Struct]],
           row: type[msgspec.Struct], filters: frozenset[str], what: str) -> NamedQuery:
    """A named query that also takes ``--limit`` and ``--offset``."""
    return NamedQuery(_paged(run), row, filters | _PAGING, what)


NAMED_QUERIES: dict[str, NamedQuery] = {
    "games": NamedQuery(_game_rows, GameRow, _GAME_FILTERS, "games matching the filters"),
    "game": _named(_one_game, GameRow, frozenset({"game"}), "one game by --game ID"),
    "strikes": _named(lambda s, f: game_strikes(s, _required_game(f)), StrikeRow,
                      frozenset({"game"}), "the strikes of --game ID"),
    "matchups": _named(lambda s, f: matchup_win_rates(s), MatchupRow, frozenset(),
                       "win rates per ordered pair of characters"),
    "cards": _named(lambda s, f: card_performance(s, f.character), CardRow,
                    frozenset({"character"}), "card performance per character"),
    "lengths": _named(lambda s, f: game_lengths(s, f.character), LengthRow,
                      frozenset({"character"}), "game length distribution (finished games)"),
    "characters": _named(lambda s, f: [CharacterRow(character=c) for c in characters(s)],
                         CharacterRow, frozenset(), "characters in the index"),
    "agents": _named(lambda s, f: [AgentRow(agent=a) for a in agents(s)], AgentRow,
                     frozenset(), "agents in the index"),
    "counts": _named(lambda s, f: [CountRow(table=t, rows=n) for t, n in counts(s).items()],
                     CountRow, frozenset(), "rows per table"),
}
