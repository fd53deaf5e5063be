"""The queries ``exceed query NAME`` runs and the ways it prints their rows.

``NAMED_QUERIES`` maps each NAME to a function of the typed query API
(``replay.query``), the row type it returns and the command-line filters it takes
(``Filters``; every query but ``games`` also pages its rows with ``--limit`` and
``--offset``). ``with_names`` puts each character's and card's display name beside its
id, and ``write_rows`` prints a result as JSON, CSV or a table: plain, aligned text off a
terminal and a rich table on one.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Callable, Sequence
from typing import NamedTuple, TextIO, TypeVar

import msgspec

from engine import InvalidTeam, UnknownCharacter, check_spec, default_catalog
from replay.cli.errors import spec_id
from replay.cli.output import json_text, on_terminal, printable, table
from replay.fork import seat_problem
from replay.query import (
    AgentRow,
    CardRow,
    CharacterRow,
    CountRow,
    GameRow,
    LengthRow,
    MatchupRow,
    PlayerRow,
    QueryError,
    Source,
    StrikeRow,
    agents,
    card_names,
    card_performance,
    character_name,
    characters,
    counts,
    game,
    game_lengths,
    game_strikes,
    games,
    matchup_win_rates,
    player_records,
    players,
    resolve_game_id,
)
from replay.quoting import quoted

R = TypeVar("R", bound=msgspec.Struct)


class Filters(msgspec.Struct, frozen=True, kw_only=True):
    """Filter values from the command line; each named query uses some of them."""

    character: str | None = None
    p1: str | None = None
    p2: str | None = None
    winner: str | None = None
    agent: str | None = None
    player: str | None = None
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
    # without --limit, one row past GAMES_LIMIT: cut_default tells whether more match
    return games(src, character=f.character, p1=f.p1, p2=f.p2, winner=f.winner,
                 agent=f.agent, seed=f.seed, min_turns=f.min_turns, max_turns=f.max_turns,
                 limit=GAMES_LIMIT + 1 if f.limit is None else f.limit, offset=f.offset,
                 player=f.player)


def cut_default(name: str, filters: Filters, rows: list[tuple[object, ...]]
                ) -> tuple[list[tuple[object, ...]], str | None]:
    """``rows`` of ``run_named`` as ``exceed query`` prints them, and a note when ``games``
    without ``--limit`` leaves games out (``GAMES_LIMIT``): the note says so, where a
    CSV of the first 500 of a bigger corpus read as the whole of it."""
    if name != "games" or filters.limit is not None or len(rows) <= GAMES_LIMIT:
        return rows, None
    return rows[:GAMES_LIMIT], (
        f"printed the first {GAMES_LIMIT:,} games, and more match: --limit N prints N "
        f"(--offset {filters.offset + GAMES_LIMIT:,} starts at the next)")


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
_GAME_FILTERS = frozenset({"character", "p1", "p2", "winner", "agent", "player", "seed",
                           "min_turns", "max_turns"}) | _PAGING


def _named(run: Callable[[Source, Filters], Sequence[msgspec.Struct]],
           row: type[msgspec.Struct], filters: frozenset[str], what: str) -> NamedQuery:
    """A named query that also takes ``--limit`` and ``--offset``."""
    return NamedQuery(_paged(run), row, filters | _PAGING, what)


NAMED_QUERIES: dict[str, NamedQuery] = {
    "games": NamedQuery(_game_rows, GameRow, _GAME_FILTERS, "games matching the filters"),
    "game": _named(_one_game, GameRow, frozenset({"game"}), "one game by --game ID"),
    "strikes": _named(lambda s, f: game_strikes(s, _required_game(f)), StrikeRow,
                      frozenset({"game"}), "the strikes of --game ID"),
    "matchups": _named(lambda s, f: matchup_win_rates(s, f.agent), MatchupRow,
                       frozenset({"agent"}), "win rates per ordered pair of characters "
                       "(mirror games apart, in mirrors)"),
    "cards": _named(lambda s, f: card_performance(s, f.character, f.agent), CardRow,
                    frozenset({"character", "agent"}), "card performance per character"),
    "lengths": _named(lambda s, f: game_lengths(s, f.character), LengthRow,
                      frozenset({"character"}), "game length distribution (finished games)"),
    "characters": _named(lambda s, f: [CharacterRow(character=c) for c in characters(s)],
                         CharacterRow, frozenset(), "characters in the index"),
    "agents": _named(lambda s, f: [AgentRow(agent=a) for a in agents(s)], AgentRow,
                     frozenset(), "agents in the index"),
    "players": _named(lambda s, f: player_records(s, f.player, f.character), PlayerRow,
                      frozenset({"player", "character"}),
                      "each player's games, wins and losses (people; agents in agent games)"),
    "counts": _named(lambda s, f: [CountRow(table=t, rows=n) for t, n in counts(s).items()],
                     CountRow, frozenset(), "rows per table"),
}


def run_named(src: Source, name: str, filters: Filters) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run the named query ``name`` with ``filters``: column names (display names beside
    the ids) and rows; a filter it does not take is a ``QueryError``."""
    query = NAMED_QUERIES[name]
    extra = sorted(filters.given() - query.filters)
    if extra:
        flags = ", ".join("--" + f.replace("_", "-") for f in extra)
        raise QueryError(f"query {name!r} does not take {flags}")
    filters = check_names(src, filters)
    if filters.game is not None:
        filters = msgspec.structs.replace(filters, game=resolve_game_id(src, filters.game))
    rows = [msgspec.structs.astuple(row) for row in query.run(src, filters)]
    return with_names(list(query.row.__struct_fields__), rows)


CHARACTER_FILTERS = ("character", "p1", "p2", "winner")
"""The filters that name a character id (or a Tag Team spec, ``ryu+ken``)."""
LISTED_NAMES = 60
"""The names a refusal lists at most (then ``and N more``)."""


def check_names(src: Source, filters: Filters) -> Filters:
    """``filters`` with each fighter typed by its name as its id (``--winner "Ken
    Masters"`` is ``ken``: ``errors.spec_id``), or a ``QueryError`` (one line) for a
    filter that names nothing: a character that neither the index nor this engine knows
    (``--character ryuu``), or an agent that is neither in the index nor a valid agent
    name (``--agent heuristc``). A name the engine knows but the index lacks is a fair
    question with no rows; a typo answered ``(0 rows)`` read as "never played". A player
    is any name, so ``--player`` is not checked (``exceed insights`` lists the index's)."""
    for flag in CHARACTER_FILTERS:
        value = getattr(filters, flag)
        if value is not None:
            filters = msgspec.structs.replace(filters, **{flag: character_named(src, flag,
                                                                                value)})
    if filters.agent is not None:
        held = agents(src)
        if filters.agent not in held and seat_problem(filters.agent) is not None:
            raise QueryError(f"--agent {quoted(filters.agent)}: no such agent in the index or "
                             f"this engine; the index holds {_listed(held)}")
    return filters


def character_named(src: Source, flag: str, value: str) -> str:
    """``value``, typed to ``--FLAG`` by a fighter's id or name (a Tag Team too), as the
    spec the index holds or this engine knows (``Ken Masters`` is ``ken``), or a
    ``QueryError`` (one line listing the index's characters) when neither knows it:
    ``exceed query`` and ``exceed insights`` (``--fighter``, ``--opponent``) both."""
    held = characters(src)
    if value in held:
        return value
    catalog = default_catalog()
    named = spec_id(catalog, value)
    if named in held:
        return named
    try:
        check_spec(catalog, named)
    except (UnknownCharacter, InvalidTeam):
        raise QueryError(f"--{flag} {quoted(value)}: no such character id in the index or "
                         f"this engine; the index holds {_listed(held)} (`exceed "
                         "characters` lists the engine's)") from None
    return named


def team_order_note(src: Source, filters: Filters) -> str | None:
    """A note for a Tag Team filter that found nothing because the index holds that team
    in the other order (``--character ken+ryu`` where the games are ``ryu+ken``): a
    team's spec starts with the fighter it started the game with, so the two are
    different seats to the queries, and "0 rows" read as "never played"."""
    held: Sequence[str] | None = None
    for flag in CHARACTER_FILTERS:
        value = getattr(filters, flag)
        if value is None or value.count("+") != 1:
            continue
        held = characters(src) if held is None else held
        first, second = value.split("+")
        other = f"{second}+{first}"
        if value not in held and other in held:
            return (f"no {flag} {quoted(value)} in the index, but {quoted(other)} is: a "
                    "team's spec starts with the fighter it started the game with; give "
                    f"--{flag} {other}")
    return None


def player_note(src: Source, filters: Filters) -> str | None:
    """A note for a ``--player`` that found nothing because no player of the index has
    that name: the names that differ from it only in case (``ann`` where the index holds
    ``Ann``), or the index's players. A player is any name, matched exactly, so the
    query itself is not refused; "0 rows" alone read as "never played"."""
    if filters.player is None:
        return None
    known = players(src)
    if filters.player in known:
        return None
    meant = player_meant(filters.player, known)
    if meant:
        return f"no player {quoted(filters.player)} in the index; {meant}"
    return f"no player {quoted(filters.player)} in the index (players: {_listed(known)})"


def player_meant(name: str, known: Sequence[str]) -> str:
    """``a name is matched exactly: did you mean 'Ann'?`` for the players of ``known``
    whose name differs from ``name`` only in case, or ``""``: ``query --player`` and
    ``insights --player`` both say it."""
    close = [player for player in known if player.casefold() == name.casefold()]
    if not close:
        return ""
    return ("a name is matched exactly: did you mean "
            f"{' or '.join(quoted(n) for n in close[:3])}?")


def _listed(names: Sequence[str]) -> str:
    """``a, b, c`` (each quoted when it is not a plain id: a log's value), at most
    ``LISTED_NAMES`` of them, then ``and N more``; ``none`` for an empty index."""
    if not names:
        return "none"
    shown = [name if name.replace("+", "").replace(":", "").isalnum() and name.isascii()
             else quoted(name) for name in names[:LISTED_NAMES]]
    more = len(names) - LISTED_NAMES
    return ", ".join(shown) + (f" and {more:,} more" if more > 0 else "")


CHARACTER_COLUMNS = frozenset({"p1", "p2", "character", "opponent", "a_char", "d_char"})
CARD_COLUMNS = frozenset({"card", "a_card", "d_card", "a_set_card", "d_set_card"})


def with_names(names: list[str], rows: list[tuple[object, ...]]
               ) -> tuple[list[str], list[tuple[object, ...]]]:
    """Put a ``<column>_name`` column, the display name, right after every character and
    card id column of a named query's result (an unknown id names itself)."""
    catalog = default_catalog()
    named = [i for i, n in enumerate(names) if n in CHARACTER_COLUMNS | CARD_COLUMNS]
    if not named:
        return names, rows
    cards = card_names({str(row[i]) for row in rows for i in named
                        if names[i] in CARD_COLUMNS and row[i]}, catalog)

    def display(column: str, value: object) -> object:
        if value is None or value == "":
            return value
        if column in CARD_COLUMNS:
            return cards[str(value)]
        return character_name(str(value), catalog)

    out_names: list[str] = []
    for i, name in enumerate(names):
        out_names += [name, f"{name}_name"] if i in named else [name]
    out_rows = []
    for row in rows:
        cells: list[object] = []
        for i, value in enumerate(row):
            cells += [value, display(names[i], value)] if i in named else [value]
        out_rows.append(tuple(cells))
    return out_names, out_rows


def write_rows(out: TextIO, fmt: str, names: list[str], rows: Sequence[tuple[object, ...]]
               ) -> None:
    """Print a result as ``json``, ``csv`` or a ``table`` (rich on a terminal); CSV on a
    terminal escapes control characters, as the table does (JSON writes them as ``\\u``
    escapes always: ``json_text``)."""
    if fmt == "json":
        records = [dict(zip(names, row, strict=True)) for row in rows]
        out.write(json_text(records, enc_hook=str) + "\n")
    elif fmt == "csv":
        # On a terminal a log's text is shown, so its control characters are escaped
        # (a player name holding an escape sequence would drive the terminal); into a
        # file or a pipe the CSV keeps every value as it is.
        shown = printable if on_terminal(out) else str
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([shown(name) for name in names])
        writer.writerows(["" if v is None else shown(v) if isinstance(v, str) else v
                          for v in row] for row in rows)
    elif on_terminal(out):
        table(out, [printable(name) for name in names],
              [[_cell(v) for v in row] for row in readable(names, rows)],
              caption=_rows_count(len(rows)))
    else:
        _write_table(out, names, readable(names, rows))


SEAT_COLUMNS = frozenset({"first", "winner", "attacker", "defender", "player"})
"""Columns holding a seat (0 or 1): a table says ``p1`` / ``p2``, as every other surface."""
HASH_COLUMNS = frozenset({"game_id", "card_data", "parent"})
"""Columns holding a sha256 hex digest: a table shows its first ``SHORT_HASH`` digits (a
prefix is what ``--game`` takes); JSON and CSV keep them whole."""
SHORT_HASH = 12
FIGHTERS_SHOWN = 5
"""The fighters a table shows of a player's ``characters`` (most played first), then
``and N more``: a player of many fighters made a cell of them all (51 ids, 400
characters, and a log's own definitions may name a fighter anything). JSON and CSV keep
the list whole."""
FIGHTERS_CHARS = 60
"""The most characters of those fighters a table shows (``…`` ends a cut)."""


def readable(names: list[str], rows: Sequence[tuple[object, ...]]) -> list[tuple[object, ...]]:
    """``rows`` as a table shows them: seats as ``p1`` / ``p2``, hashes cut to
    ``SHORT_HASH`` digits and a log path relative to the working folder when inside it."""
    def cell(column: str, value: object) -> object:
        if column in SEAT_COLUMNS and value in (0, 1) and not isinstance(value, bool):
            return f"p{int(value) + 1}"
        if column in HASH_COLUMNS and isinstance(value, str) and len(value) > SHORT_HASH:
            return value[:SHORT_HASH]
        if column == "characters" and isinstance(value, str):
            return _fighters(value)
        if column == "path" and isinstance(value, str) and os.path.isabs(value):
            relative = os.path.relpath(value)
            return value if relative.startswith("..") else relative
        return value
    return [tuple(cell(n, v) for n, v in zip(names, row, strict=True)) for row in rows]


def _fighters(listed: str) -> str:
    """A player's fighters (ids joined by ``,``) as a table shows them: the first
    ``FIGHTERS_SHOWN``, at most ``FIGHTERS_CHARS`` characters, then ``and N more``."""
    ids = listed.split(",")
    shown = ",".join(ids[:FIGHTERS_SHOWN])
    if len(shown) > FIGHTERS_CHARS:
        shown = shown[:FIGHTERS_CHARS - 1] + "…"
    more = len(ids) - FIGHTERS_SHOWN
    return shown + (f" and {more:,} more" if more > 0 else "")


def _cell(value: object) -> str:
    """A value as a table shows it (a log's path with its control characters escaped:
    CSV and JSON keep every value as it is)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}"
    return printable(str(value))


def _write_table(out: TextIO, names: list[str], rows: Sequence[tuple[object, ...]]) -> None:
    cells = [[_cell(v) for v in row] for row in rows]
    heads = [printable(name) for name in names]  # an alias of ``--sql`` may be any text
    widths = [max([len(n), *(len(r[i]) for r in cells)]) for i, n in enumerate(heads)]
    out.write("  ".join(n.ljust(w) for n, w in zip(heads, widths, strict=True)).rstrip() + "\n")
    for row in cells:
        out.write("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() + "\n")
    out.write(_rows_count(len(rows)) + "\n")


def _rows_count(count: int) -> str:
    return f"({count} row{'s' if count != 1 else ''})"
