"""A player's costly habits across games: the figures of ``exceed insights`` and the
Insights page, computed from the sums ``replay.index.insight_queries`` reads.

Every figure is a mean with its n and 95% interval, and reads "not enough decisions"
below ``MIN_DECISIONS`` (``docs/metrics.md``, "Insights"). Decisions analysed on fewer
than ``LABEL_MIN_N`` rollouts (rough) are left out of every figure and counted apart
(``Insights.rough``, ``rough_text``):

- **accuracy**: the mean swing lost per analysed decision (points of win probability),
  with a normal 95% interval (mean ± 1.96 standard errors); blunders, mistakes and
  inaccuracies per analysed game, each with its interval over games;
- **breakdowns**: the same mean per situation band, decision kind, fighter and matchup;
- **costliest habits**: situation band × decision kind cells whose mean swing lost is
  significantly above the player's mean over their other decisions (Welch's z, one
  sided, Bonferroni-corrected over the cells tested), the ``HABITS`` largest by total
  swing lost, each with its ``EXAMPLES`` worst decisions;
- **trend**: the mean per day played.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from urllib.parse import urlencode

from replay.analysis.verdict import LABEL_MIN_N, Z95
from replay.index import insight_queries as iq
from replay.index.insight_queries import Cell, Coverage, Example, Filter, Rough
from replay.index.source import Source
from replay.insight_words import named_today
from replay.quoting import shell_word

MIN_DECISIONS = 30
"""Fewer decisions than this in a group: "not enough decisions", no mean or interval."""
HABITS = 5
EXAMPLES = 3
FAMILY_ALPHA = 0.05
"""The chance, over all the cells tested, of calling any cell a habit when none is in
truth worse than the player's other decisions (one-sided, Bonferroni)."""
NOT_ENOUGH = "not enough decisions"
NO_ROUGH = Rough()
"""No decision left out as rough."""


@dataclass(frozen=True)
class Mean:
    """A mean of ``n`` values (``total`` their sum) with its 95% interval; ``enough``
    when ``n >= minimum``. Swings are win probabilities (0..1)."""

    n: int
    total: float
    squares: float
    minimum: int = MIN_DECISIONS

    @property
    def enough(self) -> bool:
        return self.n >= max(self.minimum, 2)

    @property
    def mean(self) -> float | None:
        return self.total / self.n if self.enough else None

    @property
    def variance(self) -> float:
        """The sample variance (0 below 2 values)."""
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))

    @property
    def interval(self) -> tuple[float, float] | None:
        if not self.enough:
            return None
        mean = self.total / self.n
        half = Z95 * math.sqrt(self.variance / self.n)
        return max(0.0, mean - half), mean + half

    def text(self, scale: float = 100.0, unit: str = "decisions") -> str:
        """``4.1 [3.2–5.0] n=120`` (swings in points), or ``not enough decisions (n=12)``."""
        interval = self.interval
        if interval is None or self.mean is None:
            return f"not enough {unit} (n={self.n})"
        low, high = interval
        return (f"{scale * self.mean:.1f} [{scale * low:.1f}–{scale * high:.1f}] "
                f"n={self.n}")


@dataclass(frozen=True)
class InsightGroup:
    """One row of a breakdown: ``dimension`` (``life``, ``kind``...), its ``value``."""

    dimension: str
    value: str
    swing: Mean

    def shown(self, name: Callable[[str], str]) -> str:
        """The value as a person reads it: a fighter (``ken``) by ``name`` (``Ken
        Masters``, as the rest of the product names it), a matchup's two fighters (the
        index's ``ken vs ryu``); any other value as it is."""
        if self.dimension == "fighter":
            return name(self.value)
        mine, joined, theirs = self.value.partition(" vs ")
        if self.dimension == "matchup" and joined:
            return f"{name(mine)} vs {name(theirs)}"
        return self.value


@dataclass(frozen=True)
class Habit:
    """A costly habit: a situation band × decision kind cell, its mean swing lost, the
    test against the player's other decisions (``z``) and its worst decisions."""

    dimension: str
    value: str
    kind: str
    swing: Mean
    rest: Mean
    z: float
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class Insights:
    """Everything ``exceed insights`` prints and the Insights page shows."""

    filter: Filter
    coverage: Coverage
    accuracy: Mean
    per_game: dict[str, Mean]
    labelled: int
    breakdowns: tuple[InsightGroup, ...]
    habits: tuple[Habit, ...]
    cells_tested: int
    critical_z: float
    trend: tuple[InsightGroup, ...]
    min_decisions: int
    rough: Rough = NO_ROUGH
    """The decisions left out of every figure as rough (fewer than ``LABEL_MIN_N``
    rollouts behind them) and their games (``rough_text`` says it)."""


def game_link(game_id: str, decision: int) -> str:
    """The dashboard path opening ``decision`` of a game in its decision panel."""
    return "/game?" + urlencode({"game": game_id, "decision": decision})


def example_game(e: Example, name: Callable[[str], str]) -> str:
    """The game of a habit's example as a person finds it in their list: the player's
    fighter against the opponent's, by ``name`` (``character_name``), and the day it was
    played (``Ryu vs Ken Masters, 2026-01-04``); its id when the index does not say."""
    if not e.fighter:
        return e.game_id
    names = f"{name(e.fighter)} vs {name(e.opponent)}"
    return f"{names}, {e.played}" if e.played else names


def critical_z(cells: int) -> float:
    """The one-sided bar at ``FAMILY_ALPHA`` / ``cells`` (1.64 for one cell)."""
    return NormalDist().inv_cdf(1.0 - FAMILY_ALPHA / max(cells, 1))


def welch_z(cell: Mean, rest: Mean) -> float:
    """How many standard errors the cell's mean lies above the rest's (Welch)."""
    if cell.n < 2 or rest.n < 2:
        return 0.0
    diff = cell.total / cell.n - rest.total / rest.n
    se = math.sqrt(cell.variance / cell.n + rest.variance / rest.n)
    if se == 0:
        return math.inf if diff > 0 else 0.0
    return diff / se


def habits(cells: Sequence[Cell], everything: Mean, minimum: int
           ) -> tuple[list[Habit], int, float]:
    """The significant habit cells, costliest (largest total swing) first, the number of
    cells tested and the bar their z had to clear."""
    tested = [c for c in cells if c.n >= minimum and everything.n - c.n >= 2]
    bar = critical_z(len(tested))
    found = []
    for c in tested:
        cell = Mean(c.n, c.total, c.squares, minimum)
        rest = Mean(everything.n - c.n, everything.total - c.total,
                    everything.squares - c.squares, 0)
        z = welch_z(cell, rest)
        if z > bar:
            found.append(Habit(c.dimension, c.value, c.kind, cell, rest, z))
    # totals rounded for the order: DuckDB's parallel sums may differ in the last bit
    # between two runs, and two cells of the same decisions must not swap places
    found.sort(key=lambda h: (-round(h.swing.total, 9), h.dimension, h.value, h.kind))
    return found, len(tested), bar


def insights(src: Source, f: Filter, minimum: int = MIN_DECISIONS) -> Insights:
    """The insights of ``f``'s player (``QueryError`` for an index that cannot say)."""
    coverage = iq.coverage(src, f)
    if not coverage.analysed:  # also an index without stored analyses
        none = Mean(0, 0.0, 0.0, minimum)
        return Insights(f, coverage, none, {}, 0, (), (), 0, critical_z(1), (), minimum)
    with iq.Decisions(src, f) as d:
        rough = d.rough
        o = d.overall()
        accuracy = Mean(o.n, o.total, o.squares, minimum)
        # over the games that could label a decision: a rough analysis is no game
        # without a blunder (docs/metrics.md, Insights)
        per_game = {
            "blunders": Mean(o.labelled_games, float(o.blunders), float(o.blunders_sq), 2),
            "mistakes": Mean(o.labelled_games, float(o.mistakes), float(o.mistakes_sq), 2),
            "inaccuracies": Mean(o.labelled_games, float(o.inaccuracies),
                                 float(o.inaccuracies_sq), 2),
        }
        groups = tuple(InsightGroup(c.dimension, c.value, Mean(c.n, c.total, c.squares, minimum))
                       for c in d.breakdowns())
        found, tested, bar = habits(d.habit_cells(), accuracy, minimum)
        top = found[:HABITS]
        stored = d.examples([(h.dimension, h.value, h.kind) for h in top], EXAMPLES)
        trend = tuple(InsightGroup("day", p.day, Mean(p.n, p.total, p.squares, minimum))
                      for p in d.trend())
    worst = named_today(src, stored)  # in the Game page's words, from the logs
    top = [Habit(h.dimension, h.value, h.kind, h.swing, h.rest, h.z, tuple(
        e for e in worst if (e.dimension, e.value, e.kind) == (h.dimension, h.value, h.kind)))
           for h in top]
    return Insights(f, coverage, accuracy, per_game, o.labelled, groups, tuple(top), tested,
                    bar, trend, minimum, rough)


def rough_text(rough: Rough) -> str:
    """What the figures leave out, in one sentence ("" when nothing): "12 decisions of 1
    game analysed on fewer than 50 rollouts are left out (rough: a swing on so few is
    mostly noise); analyse those games again with more rollouts to count them"."""
    if not rough.decisions:
        return ""
    return (f"{rough.decisions} decision{'' if rough.decisions == 1 else 's'} of "
            f"{rough.games} game{'' if rough.games == 1 else 's'} analysed on fewer than "
            f"{LABEL_MIN_N} rollouts {'is' if rough.decisions == 1 else 'are'} left out "
            "(rough: a swing on so few is mostly noise); analyse those games again with "
            "more rollouts to count them")


SHOWN_PATHS = 5
"""Logs named in ``analyse_command`` (the most recently played first); past them it
names the command that lists every game."""
BATCH_GAMES = 500
"""Games one "analyse the rest" batch takes at most (``unanalysed_games``)."""


def shell_command(words: Sequence[str]) -> str:
    """``words`` as one command line, each quoted by ``shell_word``."""
    return " ".join(shell_word(w) for w in words)


def analyze_logs_command(paths: Sequence[str], db: str) -> str:
    """``exceed analyze PATH... --db DB``, every word quoted for the shell
    (``shell_word``): the command that analyses these logs and stores their analyses in
    the index ``db``."""
    return shell_command(["exceed", "analyze", *paths, "--db", db])


def reanalyse_command(rough: Rough, db: str) -> str:
    """The command that analyses the games of the rough decisions again (``exceed
    analyze`` runs 200 rollouts unless told), so they count: their logs, the most
    recently played first, ``SHOWN_PATHS`` of them and how many more ("" if none)."""
    if not rough.paths:
        return ""
    command = analyze_logs_command(rough.paths[:SHOWN_PATHS], db)
    if rough.games > SHOWN_PATHS:
        more = rough.games - SHOWN_PATHS
        command += f"   # and {more} more game{'' if more == 1 else 's'} analysed roughly"
    return command


def analyse_command(src: Source, f: Filter, db: str) -> str:
    """The command that analyses the player's games not analysed yet, to run as printed
    ("" if none, or if ``src`` is a Parquet export: analyses are stored in a DuckDB
    index only, ``no_analyses_here`` says so)."""
    if src.kind != "duckdb":
        return ""
    paths = [path for _, path in iq.unanalysed(src, f, limit=SHOWN_PATHS + 1)]
    if not paths:
        return ""
    command = analyze_logs_command(paths[:SHOWN_PATHS], db)
    if len(paths) > SHOWN_PATHS:
        # its --limit: `query games` stops at 500 rows unless told, silently in CSV
        every = iq.coverage(src, Filter(player=f.player)).games
        listing = shell_command(["exceed", "query", "games", "--player", f.player, "--db",
                                 db, "--format", "csv", "--limit", str(every)])
        command += f"   # and more: `{listing}` lists every game"
    return command


def no_analyses_here(src: Source) -> str:
    """Why no command can analyse the games into ``src`` ("" for a DuckDB index): a
    Parquet export holds no analyses, ``exceed analyze --db`` stores them in an index."""
    if src.kind == "duckdb":
        return ""
    return (f"{src.path} is a Parquet export, which holds no analyses: analyse the games "
            "into the DuckDB index it was exported from (exceed analyze LOGS --db INDEX) "
            "and read that index (exceed insights --db INDEX)")


def unanalysed_games(src: Source, f: Filter, limit: int = BATCH_GAMES) -> list[tuple[str, str]]:
    """The game id and log path of each of the player's games under ``f`` with no stored
    analysis, the most recently played first, at most ``limit`` (the Insights page's
    "analyse the rest")."""
    return iq.unanalysed(src, f, limit)


__all__ = [
    "BATCH_GAMES",
    "EXAMPLES",
    "HABITS",
    "LABEL_MIN_N",
    "MIN_DECISIONS",
    "NOT_ENOUGH",
    "Filter",
    "Habit",
    "InsightGroup",
    "Insights",
    "Mean",
    "Rough",
    "analyse_command",
    "analyze_logs_command",
    "critical_z",
    "example_game",
    "game_link",
    "habits",
    "insights",
    "no_analyses_here",
    "reanalyse_command",
    "rough_text",
    "unanalysed_games",
    "welch_z",
]
