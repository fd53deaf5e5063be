"""The SQL behind ``exceed insights`` and the Insights page: a player's analysed
decisions across games, counted per breakdown and per habit cell.

A player's decisions are the stored analysis points (``analysis_points``) of the seats
they played (``games.player1`` / ``player2``), one analysis per game: the one with the
most rollouts, the one the Game page shows (``analysis_queries.preferred_analysis``),
among those that reviewed the decisions (a curve alone counts as none). Every function
returns sums only (``n``, the total swing lost and the total of its squares), from
which ``replay.insights`` computes means, intervals and tests. All values travel as
parameters; the band edges are the constants below.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import ExitStack
from typing import Any, TypeVar

import msgspec

from replay.analysis.verdict import LABEL_MIN_N
from replay.index.analysis_queries import NOT_REVIEWED_SQL, preferred_analysis
from replay.index.queries import check_players
from replay.index.source import QueryError, Source, execute

R = TypeVar("R", bound=msgspec.Struct)
Row = tuple[object, ...]

NOT_STORED = "not stored"
"""The band of a decision analysed before its situation was stored (issue 33)."""

BANDS: dict[str, str] = {
    "lead": f"""CASE WHEN a.life IS NULL THEN '{NOT_STORED}'
        WHEN a.life < a.opp_life THEN 'behind' WHEN a.life = a.opp_life THEN 'level'
        ELSE 'ahead' END""",
    "life": f"""CASE WHEN a.life IS NULL THEN '{NOT_STORED}'
        WHEN a.life - a.opp_life <= -8 THEN 'behind by 8+'
        WHEN a.life - a.opp_life < 0 THEN 'behind by 1-7'
        WHEN a.life = a.opp_life THEN 'level'
        WHEN a.life - a.opp_life < 8 THEN 'ahead by 1-7' ELSE 'ahead by 8+' END""",
    "distance": f"""CASE WHEN a.distance IS NULL THEN '{NOT_STORED}'
        WHEN a.distance <= 3 THEN CAST(a.distance AS VARCHAR)
        WHEN a.distance <= 5 THEN '4-5' ELSE '6+' END""",
    "gauge": f"""CASE WHEN a.gauge IS NULL THEN '{NOT_STORED}'
        WHEN a.gauge <= 3 THEN CAST(a.gauge AS VARCHAR) ELSE '4+' END""",
    "hand": f"""CASE WHEN a.hand IS NULL THEN '{NOT_STORED}'
        WHEN a.hand <= 3 THEN '0-3' WHEN a.hand <= 5 THEN '4-5'
        WHEN a.hand <= 7 THEN '6-7' ELSE '8+' END""",
    "turn": """CASE WHEN a.turn <= 5 THEN '1-5' WHEN a.turn <= 10 THEN '6-10'
        WHEN a.turn <= 15 THEN '11-15' WHEN a.turn <= 20 THEN '16-20' ELSE '21+' END""",
}
"""Each situation feature's bands, for the decider: ``lead`` whether they are behind,
level or ahead on life, ``life`` by how much (their life less the opponent's, fighters
in play), ``distance`` between the fighters, ``gauge`` and
``hand`` the decider's cards there, ``turn`` the game turn."""
BAND_ORDER: dict[str, tuple[str, ...]] = {
    "lead": ("behind", "level", "ahead"),
    "life": ("behind by 8+", "behind by 1-7", "level", "ahead by 1-7", "ahead by 8+"),
    "distance": ("1", "2", "3", "4-5", "6+"),
    "gauge": ("0", "1", "2", "3", "4+"),
    "hand": ("0-3", "4-5", "6-7", "8+"),
    "turn": ("1-5", "6-10", "11-15", "16-20", "21+"),
}
"""Each feature's bands in their natural order, as ``docs/metrics.md`` lists them: the
order the breakdowns come in (sorted as text, turn ``6-10`` came after ``21+``)."""
SITUATIONS = tuple(BANDS)
KIND = f"coalesce(a.decision_kind, '{NOT_STORED}')"
_INPUTS = {name: ", ".join(sorted(set(re.findall(r"a\.(\w+)", expr))))
           for name, expr in BANDS.items()}
"""The columns each band reads (``life, opp_life`` for ``lead``): the decisions are
summed per distinct value of these small integers first, and only those few sums are
put into bands (a band's text is not computed for each of 400,000 decisions)."""
OTHER: dict[str, str] = {
    "kind": "a.kind_word", "fighter": "a.fighter", "matchup": "a.fighter || ' vs ' || a.opponent",
}
"""The other breakdowns: the decision's kind, the player's fighter, the matchup."""


class Filter(msgspec.Struct, frozen=True, kw_only=True):
    """Whose decisions: ``player`` (either seat), optionally only as ``fighter``, against
    ``opponent``, in games played on or after ``since`` (``YYYY-MM-DD``)."""

    player: str
    fighter: str | None = None
    opponent: str | None = None
    since: str | None = None


InsightFilter = Filter
"""``Filter`` under the name ``replay.query`` gives it."""


class Coverage(msgspec.Struct, frozen=True, kw_only=True):
    """The player's games (seats) matching the filter, and how many are analysed."""

    games: int
    analysed: int


class Totals(msgspec.Struct, frozen=True, kw_only=True):
    """Sums over a group of decisions: how many, the swing lost and its squares."""

    n: int
    total: float
    squares: float


class Overall(msgspec.Struct, frozen=True, kw_only=True):
    """Every decision of the player, and per analysed game (``games``) the labelled ones:
    sums of each severity's count per game and of its square (for an interval over
    games), ``labelled``: decisions on enough rollouts to carry a label, and
    ``labelled_games``: the games with any such decision, the base of the label rates
    (a game analysed on too few rollouts labels nothing: it is no game without a
    blunder)."""

    n: int
    total: float
    squares: float
    games: int
    labelled: int
    labelled_games: int
    blunders: int
    blunders_sq: int
    mistakes: int
    mistakes_sq: int
    inaccuracies: int
    inaccuracies_sq: int


class Rough(msgspec.Struct, frozen=True, kw_only=True):
    """The player's decisions left out as rough: analysed on fewer than ``LABEL_MIN_N``
    rollouts (``decisions``), and the games they are in (``games``)."""

    decisions: int = 0
    games: int = 0
    paths: tuple[str, ...] = ()
    """The logs of those games, the most recently played first, at most
    ``ROUGH_PATHS`` (``insights.reanalyse_command`` names them)."""


ROUGH_PATHS = 6
"""The rough games' logs ``Decisions`` reads at most (one past what a command names)."""


class Cell(msgspec.Struct, frozen=True, kw_only=True):
    """One group of a breakdown: ``dimension`` (``life``, ``kind``, ``fighter``...),
    its ``value`` (a band), and for a habit cell the decision ``kind``."""

    dimension: str
    value: str
    kind: str
    n: int
    total: float
    squares: float


def _in_band_order(cell: Cell) -> tuple[str, int, str]:
    """A breakdown cell's place: by dimension, then its band's place in ``BAND_ORDER``
    (values of no band, such as a fighter or ``not stored``, after the bands, by text)."""
    order = BAND_ORDER.get(cell.dimension, ())
    rank = order.index(cell.value) if cell.value in order else len(order)
    return cell.dimension, rank, cell.value


class Example(msgspec.Struct, frozen=True, kw_only=True):
    """One of the costliest decisions of a habit cell: its game, decision index, turn,
    label and swing lost (``rank`` 1 is the worst); the game as a person finds it: the
    player's fighter, the opponent's, and the day it was played (``""`` when unknown)."""

    dimension: str
    value: str
    kind: str
    rank: int
    game_id: str
    idx: int
    turn: int
    decision: str
    swing: float
    fighter: str = ""
    opponent: str = ""
    played: str = ""


class Period(msgspec.Struct, frozen=True, kw_only=True):
    """The player's decisions in the games played on one day (``YYYY-MM-DD``)."""

    day: str
    games: int
    n: int
    total: float
    squares: float


_CHOSEN = """chosen AS (
    SELECT game_id, card_data, params FROM (
        SELECT game_id, card_data, params, row_number() OVER (
            PARTITION BY game_id ORDER BY {order}) AS pick
        FROM analysis_points WHERE NOT {not_reviewed}
        GROUP BY game_id, card_data, params)
    WHERE pick = 1
)"""
"""One analysis per game, the one the Game page shows (``analysis_queries.preferred_analysis``),
among those that reviewed its decisions (a curve alone, such as a first look, has no
swing to count)."""
_MINE = """mine AS (
    SELECT * FROM (
        SELECT game_id, 0 AS seat, player1 AS player, p1 AS fighter, p2 AS opponent, played
        FROM games
        UNION ALL
        SELECT game_id, 1, player2, p2, p1, played FROM games)
    WHERE {where}
)"""
_A = """picked AS (
    SELECT s.game_id, s.fighter, s.opponent, s.played, p.idx, p.turn, p.decision,
           p.swing, CAST(round(p.swing * 1000000) AS BIGINT) AS us, p.severity, p.n,
           {situation}
    FROM mine s JOIN chosen c ON c.game_id = s.game_id
    JOIN analysis_points p ON p.game_id = c.game_id AND p.card_data = c.card_data
         AND p.params = c.params AND p.player = s.seat
    WHERE p.idx IS NOT NULL
)"""


def _where(f: Filter) -> tuple[str, list[object]]:
    clauses: list[str] = ["player = ?"]
    params: list[object] = [f.player]
    for column, value in (("fighter", f.fighter), ("opponent", f.opponent)):
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if f.since is not None:
        clauses.append("played >= ?")
        params.append(f.since)
    return " AND ".join(clauses), params


_SITUATION = "p.decision_kind, p.life, p.opp_life, p.distance, p.gauge, p.hand"
_NO_SITUATION = ("NULL::VARCHAR AS decision_kind, NULL::INTEGER AS life, NULL::INTEGER AS "
                 "opp_life, NULL::INTEGER AS distance, NULL::INTEGER AS gauge, "
                 "NULL::INTEGER AS hand")
"""An index whose analyses were all stored before the situations has no such columns:
its decisions read as ``not stored``."""


class Decisions:
    """The player's analysed decisions under a filter, gathered once into the temporary
    table ``a`` of one short-lived read-only connection, which every query below reads
    (the join of seats, analyses and points runs once, not once per query)::

        with Decisions(src, f) as d:
            d.overall(), d.breakdowns(), d.trend()

    A decision analysed on fewer than ``LABEL_MIN_N`` rollouts (a Quick analysis's) is
    left out of them all: its swing is mostly the winner's curse of a best picked among
    noisy options (``docs/metrics.md``, Insights); ``rough`` counts what was left out.
    """

    def __init__(self, src: Source, f: Filter) -> None:
        self.src, self.f = src, f
        self._stack = ExitStack()
        self.con: Any = None
        self.rough = Rough()

    def __enter__(self) -> Decisions:
        self.con = self._stack.enter_context(self.src.connect())
        columns = _analysis_columns(self.src, self.con)
        situation = _SITUATION if "decision_kind" in columns else _NO_SITUATION
        where, params = _where(self.f)
        chosen = _CHOSEN.format(order=preferred_analysis(columns),
                                not_reviewed=NOT_REVIEWED_SQL)
        self._run(f"CREATE TEMP TABLE a AS WITH {_MINE.format(where=where)}, {chosen}, "
                  f"{_A.format(situation=situation)} SELECT a.*, {KIND} AS "
                  "kind_word FROM picked a", params)
        rough = self._fetch(_ROUGH, [], Rough)[0]
        if rough.decisions:
            _, rows = self._run(_ROUGH_PATHS, [ROUGH_PATHS])
            rough = msgspec.structs.replace(rough, paths=tuple(str(r[0]) for r in rows))
        self.rough = rough
        self._run(f"DELETE FROM a WHERE n < {LABEL_MIN_N}", [])
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def _run(self, sql: str, params: Sequence[object]) -> tuple[list[str], list[Row]]:
        return execute(self.src, self.con, sql, params, self.src.path)

    def _fetch(self, sql: str, params: Sequence[object], row_type: type[R]) -> list[R]:
        names, rows = self._run(sql, params)
        return [msgspec.convert(dict(zip(names, row, strict=True)), row_type) for row in rows]

    def overall(self) -> Overall:
        """The player's decisions in all (``Overall``)."""
        return self._fetch(_OVERALL, [], Overall)[0]

    def breakdowns(self) -> list[Cell]:
        """The decisions grouped by each situation feature's band (``BANDS``), by kind,
        fighter and matchup (``OTHER``)."""
        parts = [_banded(name, expr, "''") for name, expr in BANDS.items()]
        parts += [f"SELECT '{name}' AS dimension, {expr} AS value, '' AS kind, {_sums('2')}"
                  for name, expr in OTHER.items()]
        cells = self._fetch(" UNION ALL ".join(parts) + " ORDER BY 1, 2", [], Cell)
        return sorted(cells, key=_in_band_order)

    def habit_cells(self) -> list[Cell]:
        """The decisions grouped by situation band and decision kind (the cells of the
        costliest habits); decisions without a stored situation are left out."""
        parts = [_banded(name, expr, "kind_word") for name, expr in BANDS.items()]
        sql = ("SELECT * FROM (" + " UNION ALL ".join(parts) + ") WHERE value <> "
               f"'{NOT_STORED}' AND kind <> '{NOT_STORED}' ORDER BY 1, 2, 3")
        return self._fetch(sql, [], Cell)

    def examples(self, cells: Sequence[tuple[str, str, str]],
                 per_cell: int = 3) -> list[Example]:
        """The ``per_cell`` decisions with the largest swing lost in each of ``cells``
        (``(dimension, value, kind)``), worst first (ties: game id, decision)."""
        wanted = [c for c in dict.fromkeys(cells) if c[0] in BANDS]
        if not wanted:
            return []
        # one small top-N per cell: its kind, then its band, then the worst first
        parts = [f"""(SELECT ? AS dimension, ? AS value, kind_word AS kind, row_number() OVER (
                         ORDER BY swing DESC, game_id, idx) AS rank,
                         game_id, idx, turn, decision, swing, coalesce(fighter, '') AS
                         fighter, coalesce(opponent, '') AS opponent,
                         coalesce(substr(played, 1, 10), '') AS played
                     FROM a WHERE kind_word = ? AND {BANDS[name]} = ?
                     ORDER BY rank LIMIT ?)""" for name, _, _ in wanted]
        sql = " UNION ALL ".join(parts) + " ORDER BY dimension, value, kind, rank"
        params = [v for name, value, kind in wanted
                  for v in (name, value, kind, value, per_cell)]
        return self._fetch(sql, params, Example)

    def trend(self) -> list[Period]:
        """The decisions per day played (``games.played``)."""
        sql = f"""SELECT substr(played, 1, 10) AS day, count(DISTINCT game_id) AS games,
            count(*) AS n, {_TOTALS} FROM a WHERE played <> '' GROUP BY 1 ORDER BY 1"""
        return self._fetch(sql, [], Period)


def _analysis_columns(src: Source, con: Any) -> set[str]:
    """The columns of ``analysis_points`` (none in an index without stored analyses),
    read on an open connection."""
    _, rows = execute(src, con, "SELECT column_name FROM information_schema.columns WHERE "
                      "table_name = 'analysis_points'", [], src.path)
    return {str(r[0]) for r in rows}


def _analysed(src: Source, con: Any) -> bool:
    return src.kind == "duckdb" and "swing" in _analysis_columns(src, con)


def has_analyses(src: Source) -> bool:
    """Whether the index holds stored analyses (a Parquet export has none)."""
    if src.kind != "duckdb":
        return False
    with src.connect() as con:
        return _analysed(src, con)


_ANALYSED = f"SELECT DISTINCT game_id FROM analysis_points WHERE NOT {NOT_REVIEWED_SQL}"
"""The games with a stored reviewed analysis: exactly those ``chosen`` picks one for (a
game whose only analysis is a curve alone counts as not analysed, to analyse)."""


def players(src: Source) -> list[str]:
    """Every player in the index (either seat), sorted."""
    sql = "SELECT player1 AS value FROM games UNION SELECT player2 FROM games ORDER BY 1"
    try:
        with src.connect() as con:
            _, rows = execute(src, con, sql, [], src.path)
    except QueryError:
        check_players(src)
        raise
    return [str(r[0]) for r in rows]


def coverage(src: Source, f: Filter) -> Coverage:
    """How many of the player's games match ``f``, and how many of them are analysed."""
    where, params = _where(f)
    try:
        with src.connect() as con:
            if _analysed(src, con):
                sql = (f"WITH {_MINE.format(where=where)} SELECT count(DISTINCT game_id) AS "
                       "games, count(DISTINCT game_id) FILTER (WHERE game_id IN "
                       f"({_ANALYSED})) AS analysed FROM mine")
            else:
                sql = (f"WITH {_MINE.format(where=where)} SELECT count(DISTINCT game_id) AS "
                       "games, 0 AS analysed FROM mine")
            names, rows = execute(src, con, sql, params, src.path)
    except QueryError:
        check_players(src)
        raise
    return msgspec.convert(dict(zip(names, rows[0], strict=True)), Coverage)


_ROUGH = f"""SELECT count(*) AS decisions, count(DISTINCT game_id) AS games FROM a
    WHERE n < {LABEL_MIN_N}"""
"""The rough decisions ``Decisions`` leaves out, counted before it drops them."""
_ROUGH_PATHS = f"""SELECT g.path, max(a.played) AS played FROM a JOIN games g
    ON g.game_id = a.game_id WHERE a.n < {LABEL_MIN_N} GROUP BY g.path
    ORDER BY played DESC NULLS LAST, g.path LIMIT ?"""
"""Their games' logs, the most recently played first."""

_OVERALL = f"""
WITH per_game AS (
    SELECT game_id, count(*) AS n, sum(us) AS total, sum(us * us) AS squares,
           count(*) FILTER (WHERE n >= {LABEL_MIN_N}) AS labelled,
           count(*) FILTER (WHERE n >= {LABEL_MIN_N} AND severity = 'blunder') AS b,
           count(*) FILTER (WHERE n >= {LABEL_MIN_N} AND severity = 'mistake') AS m,
           count(*) FILTER (WHERE n >= {LABEL_MIN_N} AND severity = 'inaccuracy') AS i
    FROM a GROUP BY game_id
)
SELECT coalesce(sum(n), 0) AS n, coalesce(sum(total) / 1e6, 0.0) AS total,
       coalesce(sum(squares) / 1e12, 0.0) AS squares, count(*) AS games,
       coalesce(sum(labelled), 0) AS labelled,
       count(*) FILTER (WHERE labelled > 0) AS labelled_games,
       coalesce(sum(b), 0) AS blunders, coalesce(sum(b * b), 0) AS blunders_sq,
       coalesce(sum(m), 0) AS mistakes, coalesce(sum(m * m), 0) AS mistakes_sq,
       coalesce(sum(i), 0) AS inaccuracies, coalesce(sum(i * i), 0) AS inaccuracies_sq
FROM per_game"""


_TOTALS = "sum(us) / 1e6 AS total, sum(us * us) / 1e12 AS squares"
"""The swing lost and its squares, summed exactly: each swing as a whole number of
millionths of a point (``us``), so a sum is the same whatever order DuckDB's threads
add the rows in (doubles summed in parallel differed in the last bits between runs:
1149.0 against 1148.9999999999998), then in points."""


def _sums(group: str) -> str:
    return f"count(*) AS n, {_TOTALS} FROM a GROUP BY {group}"


def _banded(name: str, expr: str, kind: str) -> str:
    """The sums of the decisions per band of ``name`` (and per ``kind``, a column or
    ``''``): summed per value of the band's inputs first, then per band."""
    inputs = _INPUTS[name]
    keys = inputs if kind == "''" else f"{inputs}, {kind}"
    return (f"SELECT '{name}' AS dimension, {expr} AS value, {kind} AS kind, "
            "sum(n)::BIGINT AS n, sum(us) / 1e6 AS total, sum(us2) / 1e12 AS squares "
            f"FROM (SELECT {keys}, count(*) AS n, sum(us) AS us, sum(us * us) AS us2 "
            f"FROM a GROUP BY {keys}) a GROUP BY 2, 3")


def habit_cells(src: Source, f: Filter) -> list[Cell]:
    """``Decisions.habit_cells`` on a connection of its own."""
    with Decisions(src, f) as d:
        return d.habit_cells()


def unanalysed(src: Source, f: Filter, limit: int = 1000) -> list[tuple[str, str]]:
    """The game ids and log paths of the player's games under ``f`` with no stored
    analysis: at most ``limit``, the most recently played first (then by path)."""
    where, params = _where(f)
    with src.connect() as con:
        analysed = _ANALYSED if _analysed(src, con) else (
            "SELECT NULL::VARCHAR AS game_id WHERE false")
        sql = (f"WITH {_MINE.format(where=where)} SELECT g.game_id, g.path, "
               f"max(s.played) AS played FROM mine s JOIN games g ON g.game_id = s.game_id "
               f"WHERE s.game_id NOT IN ({analysed}) GROUP BY g.game_id, g.path "
               f"ORDER BY played DESC NULLS LAST, g.path LIMIT ?")
        _, rows = execute(src, con, sql, [*params, limit], src.path)
    return [(str(r[0]), str(r[1])) for r in rows]
