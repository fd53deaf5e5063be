"""The agents' strength ladder (issue 32 item 2): win rates with Wilson intervals and
Elo differences, written to ``bench/results/agents.json`` and the ladder section of
``docs/agents.md``.

    python -m bench.agents [--seeds 10] [--budgets 8,16,48] [--jobs 1] [--no-write]
                           [--journal FILE] [--fresh]
                           [--report [--note TEXT] [--split-seeds K]]

The rungs are random, heuristic and the search agent at three budgets. Each pairing is
played on 20 matchups drawn from all four lines (``MATCHUPS``: five with a p1 of each
line, the p2 drawn from any line), ``--seeds`` seeds each, every seed twice with the
seats swapped: ``--seeds 10`` is the full size, 400 games a pairing. Every game is
seeded (agents and game), so the results do not depend on ``--jobs``. A search
agent's time per decision is measured too (wall time of its searched decisions, on a
loaded machine an upper bound).

The full ladder is about 12 CPU hours, more than one sitting of a shared 2-core machine,
so every finished game is appended to a journal (``bench/results/agents_games.jsonl``,
one JSON line a game, flushed at once) and a later run skips the games already there.
The journal is only trusted while the agents play as they did: its first line holds a
fingerprint, of the card data, the search agent's settings and the state hashes at the
end of short probe games (``probes``: heuristic against random and search:8 against
heuristic on two matchups of two lines, then heuristic against heuristic on each of the
ladder's 20 matchups); when the agents or
the rules change what they play, the fingerprint differs and the old journal is set
aside (renamed ``.stale``), never mixed in. A torn last line (a run killed mid-write)
is ignored. Games are played seed by seed across all pairings, so a partial run is
balanced: every pairing has the same seeds so far.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from bench.config import ROOT
from engine.cards.catalog import Catalog, default_catalog
from engine.cards.schema import Season
from engine.cards.seasons import roster
from engine.core.decisions import forced_decision
from engine.core.ids import Player
from engine.core.state.encoding import state_hash
from engine.knowledge.views import glance, observe
from engine.play.agents import BLIND, Agent, make_agent
from engine.play.api import Game as LiveGame
from engine.play.api import GameSetup, new_game
from engine.play.match import MAX_DECISIONS
from engine.play.search.agent import SearchAgent
from replay.workers import executor

RESULTS = ROOT / "bench" / "results" / "agents.json"
JOURNAL = ROOT / "bench" / "results" / "agents_games.jsonl"
PROBES = (("heuristic", "random", "ryu", "ken", 0), ("heuristic", "random", "hyde", "ragna", 1),
          ("search:8", "heuristic", "ryu", "ken", 2), ("search:8", "heuristic", "hyde", "ragna", 3))
"""The fingerprint's probe games: (first, second, p1, p2, seed), first in seat p1."""
DOC = ROOT / "docs" / "agents.md"
START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"
Z95 = 1.959963984540054
FULL_SEEDS = 10
"""Seeds per matchup at full size: 20 matchups x 10 seeds x 2 seatings = 400 games."""


def matchups(count: int = 20) -> list[tuple[str, str]]:
    """``count`` ordered pairs: p1 from each line in turn, p2 from any line (seeded)."""
    catalog = default_catalog()
    lines = [roster(catalog, season) for season in Season]
    everyone = sorted({fighter for line in lines for fighter in line})
    rng = random.Random("bench.agents matchups")
    return [(rng.choice(lines[i % len(lines)]), rng.choice(everyone)) for i in range(count)]


def pairings(budgets: Sequence[int]) -> list[tuple[str, str]]:
    """The ladder's pairings (stronger-meant first): each rung against the one below,
    every search budget against heuristic and random."""
    search = [f"search:{n}" for n in budgets]
    pairs = [("heuristic", "random")]
    pairs += [(s, "heuristic") for s in search]
    pairs += [(s, "random") for s in search]
    pairs += [(search[i + 1], search[i]) for i in range(len(search) - 1)]
    return pairs


@dataclass(frozen=True)
class Game:
    """One game's result for the pairing's first agent (``score``: 1, 0.5, 0)."""

    first: str
    second: str
    p1: str
    p2: str
    seed: int
    first_seat: int
    score: float
    searched: int
    search_seconds: float


def play(first: str, second: str, p1: str, p2: str, seed: int, first_seat: int,
         make: Callable[[str, int, Player, Catalog], Agent] = make_agent) -> Game:
    """Play one game (``first`` in seat ``first_seat``), timing the search decisions;
    ``make`` builds each seat's agent from its name (``_played``)."""
    game, searched, seconds = _played(first, second, p1, p2, seed, first_seat, make)
    request = game.pending
    winner = game.state.winner if request is None else None
    score = 0.5 if winner is None else 1.0 if int(winner) == first_seat else 0.0
    return Game(first, second, p1, p2, seed, first_seat, score, searched, seconds)


SETTINGS = ("exploration", "prior", "shaping", "opponent", "method", "floor", "recall", "payments",
            "infer", "cutoff")
"""The search agent's settings the fingerprint holds (``SearchAgent``'s attributes)."""


def probes() -> list[tuple[str, str, str, str, int]]:
    """The games whose final states the fingerprint holds: ``PROBES``, then one
    heuristic-against-heuristic game of every ladder matchup (seed 0), so that a change
    to the rules or the heuristic agent that only one of the ladder's fighters meets
    (the agent reading Merkava's I, Defile at its printed power) shows too; the
    heuristic agent is the search's model of play, so this covers much of the search."""
    return list(PROBES) + [("heuristic", "heuristic", p1, p2, 0) for p1, p2 in matchups()]


def fingerprint() -> str:
    """What the agents play, in short: the card data's fingerprint, the search agent's
    settings (``SETTINGS``) and the final state hashes of the ``probes`` games. The
    four search and heuristic probes alone missed changes that play out only deeper in
    a game or a search (modelling the opponent's turn actions left search:8's probe
    games as they were) or only for one fighter."""
    catalog = default_catalog()
    digest = hashlib.sha256(catalog.content_hash.encode())
    agent = make_agent("search:8", 0, Player.P1, catalog)
    assert isinstance(agent, SearchAgent)
    digest.update(repr([(name, getattr(agent, name)) for name in SETTINGS]).encode())
    for first, second, p1, p2, seed in probes():
        game, _, _ = _played(first, second, p1, p2, seed, 0)
        digest.update(state_hash(game.state))
    return digest.hexdigest()[:16]


def _played(first: str, second: str, p1: str, p2: str, seed: int, first_seat: int,
            make: Callable[[str, int, Player, Catalog], Agent] = make_agent,
            ) -> tuple[LiveGame, int, float]:
    """Play one game, ``make`` building each seat's agent from its name (``make_agent``;
    ``bench.search_horizon`` builds variants), timing the searched decisions."""
    catalog = default_catalog()
    names = (first, second) if first_seat == 0 else (second, first)
    game = new_game(GameSetup(p1=p1, p2=p2), seed, catalog)
    seats = [make(name, seed, Player(i), catalog) for i, name in enumerate(names)]
    searched, seconds = 0, 0.0
    request = game.pending
    count = 0
    while request is not None and count < MAX_DECISIONS:
        count += 1
        decision = forced_decision(request)
        if decision is None:
            agent = seats[request.player]
            if isinstance(agent, SearchAgent):
                agent.follow(game)
                before, start = agent.searches, time.process_time()
                decision = agent.decide(observe(game.state, request.player), request)
                if agent.searches > before:
                    searched += 1
                    seconds += time.process_time() - start
            else:
                view = glance(game.state, request.player) if agent.needs_view else BLIND
                decision = agent.decide(view, request)
        game.step(decision)
        request = game.pending
    return game, searched, seconds


Task = tuple[str, str, str, str, int, int]


def read_journal(path: Path, stamp: str) -> dict[Task, Game]:
    """The games of the journal at ``path`` whose fingerprint is ``stamp``, by task. A
    journal of another fingerprint is renamed ``.stale`` (never mixed in); a line that
    does not parse (a torn tail) is skipped."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    head = _parsed(lines[0]) if lines else None
    if not isinstance(head, dict) or head.get("fingerprint") != stamp:
        stale = path.with_suffix(".stale")
        path.replace(stale)
        print(f"bench.agents: {path.name} was played by other agents or rules "
              f"(fingerprint {head.get('fingerprint') if isinstance(head, dict) else '?'}, "
              f"now {stamp}); set aside as {stale.name}", file=sys.stderr)
        return {}
    return games_of(lines[1:])


def games_of(lines: Iterable[str]) -> dict[Task, Game]:
    """The games of a journal's ``lines``, by task; a line that is not a game (a torn
    tail, a fingerprint) is skipped."""
    games: dict[Task, Game] = {}
    for line in lines:
        row = _parsed(line)
        if isinstance(row, dict):
            try:
                game = Game(**row)
            except TypeError:
                continue
            games[(game.first, game.second, game.p1, game.p2, game.seed, game.first_seat)] = game
    return games


def _parsed(line: str) -> object:
    try:
        return json.loads(line)
    except ValueError:
        return None


def _append(path: Path, stamp: str, games: Iterable[Game]) -> Iterator[Game]:
    """Yield ``games``, appending each to the journal at ``path`` as it finishes."""
    new = not path.exists() or path.stat().st_size == 0
    with path.open("a", encoding="utf-8") as journal:
        if new:
            journal.write(json.dumps({"fingerprint": stamp}) + "\n")
            journal.flush()
        for game in games:
            journal.write(json.dumps(asdict(game)) + "\n")
            journal.flush()
            yield game


def _play(task: Task) -> Game:
    return play(*task)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` / ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(p: float) -> float:
    """The Elo difference a score share ``p`` means (capped at +-800 for 0 and 1)."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return max(-800.0, min(800.0, -400 * math.log10(1 / p - 1))) + 0.0  # +0, not -0, at 1/2


def summarise(games: list[Game]) -> list[dict[str, object]]:
    """One row per pairing: games, score, Wilson interval, Elo with its interval, and the
    search agents' seconds per searched decision."""
    rows = []
    for pair in dict.fromkeys((g.first, g.second) for g in games):
        mine = [g for g in games if (g.first, g.second) == pair]
        n, wins = len(mine), sum(g.score for g in mine)
        low, high = wilson(wins, n)
        searched = sum(g.searched for g in mine)
        rows.append({"first": pair[0], "second": pair[1], "games": n, "score": wins,
                     "rate": wins / n, "low": low, "high": high, "elo": elo(wins / n),
                     "elo_low": elo(low), "elo_high": elo(high),
                     "seconds_per_search": (sum(g.search_seconds for g in mine) / searched
                                            if searched else None),
                     "searched": searched})
    return rows


def breakdown(games: list[Game], block: int) -> str:
    """Each pairing over every block of ``block`` seeds (seeds 0 to block-1, then the
    next...), over all, and by the seat its first agent held (p1 or p2), as a markdown
    table: how a larger sample's parts compare (``--report --split-seeds``)."""
    lines = ["| pairing | games | score of the first | 95% Wilson | Elo difference |",
             "|---|---:|---:|---|---:|"]
    for pair in dict.fromkeys((g.first, g.second) for g in games):
        mine = [g for g in games if (g.first, g.second) == pair]
        parts: list[tuple[str, list[Game]]] = []
        for low in range(0, max(g.seed for g in mine) + 1, block):
            part = [g for g in mine if low <= g.seed < low + block]
            if part:
                parts.append((f"seeds {low}-{low + block - 1}", part))
        parts.append(("all", mine))
        parts += [(f"first agent as {seat}", [g for g in mine if g.first_seat == index])
                  for index, seat in enumerate(("p1", "p2"))]
        for label, part in parts:
            n, wins = len(part), sum(g.score for g in part)
            if not n:
                continue
            low_rate, high_rate = wilson(wins, n)
            lines.append(f"| {pair[0]} vs {pair[1]}, {label} | {n} | {wins:g} "
                         f"({100 * wins / n:.1f}%) | {100 * low_rate:.1f}-"
                         f"{100 * high_rate:.1f}% | {elo(wins / n):+.0f} |")
    return "\n".join(lines)


def table(rows: list[dict[str, object]], seeds: int, budgets: Sequence[int],
          partial: str = "", note: str = "") -> str:
    """The ladder as the markdown section of docs/agents.md (``partial``: the sentence
    saying which journal a report of the games so far was read from; ``note``: what
    follows the head of a complete one)."""
    size = 20 * seeds * 2
    head = (f"Measured with `python -m bench.agents --seeds {seeds} --budgets "
            f"{','.join(map(str, budgets))}`: {size} games a pairing (20 matchups x "
            f"{seeds} seeds x both seatings)"
            + ("." if seeds >= FULL_SEEDS else
               f", **not the full size** (`--seeds {FULL_SEEDS}`, 400 games a pairing, "
               "is pending).") + note)
    if partial:
        head = (f"**Partial: the games played so far** of `python -m bench.agents --seeds "
                f"{seeds} --budgets {','.join(map(str, budgets))}` ({size} games a pairing "
                f"when finished). {partial}")
    lines = [head, "",
             "| pairing | games | score of the first | 95% Wilson | Elo difference (95%) "
             "| CPU s per searched decision |",
             "|---|---:|---:|---|---|---:|"]
    for r in rows:
        secs = r["seconds_per_search"]
        lines.append(
            f"| {r['first']} vs {r['second']} | {r['games']} | {r['score']:g} "
            f"({100 * float(r['rate']):.1f}%) | {100 * float(r['low']):.1f}-"  # type: ignore[arg-type]
            f"{100 * float(r['high']):.1f}% | {float(r['elo']):+.0f} "  # type: ignore[arg-type]
            f"({float(r['elo_low']):+.0f} to {float(r['elo_high']):+.0f}) | "  # type: ignore[arg-type]
            + ("-" if secs is None else f"{float(secs):.2f}") + " |")  # type: ignore[arg-type]
    return "\n".join(lines)


def write_doc(section: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"bench.agents: {DOC} has no {START} ... {END} section")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(f"{head}{START}\n{section}\n{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.agents", description=__doc__)
    parser.add_argument("--seeds", type=int, default=FULL_SEEDS,
                        help="seeds per matchup (default %(default)s: 400 games a pairing)")
    parser.add_argument("--budgets", default="16,48,128",
                        help="the search agent's three budgets, iterations (default %(default)s)")
    parser.add_argument("--pairs", default="",
                        help="only these pairings, FIRST-SECOND separated by commas")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--no-write", action="store_true",
                        help="print only; leave the results file and the doc alone")
    parser.add_argument("--journal", type=Path, default=JOURNAL,
                        help="the finished games, resumed from (default %(default)s)")
    parser.add_argument("--report", action="store_true",
                        help="play nothing: report the games already in the journal "
                             "(a partial ladder, said so in the doc)")
    parser.add_argument("--note", default="",
                        help="with --report: a sentence added to the doc (e.g. the commit)")
    parser.add_argument("--split-seeds", type=int, default=0, metavar="K",
                        help="with --report: also print each pairing over every block of "
                             "K seeds, over all and by seat (printed only)")
    parser.add_argument("--fresh", action="store_true",
                        help="ignore the journal's games (it is set aside as .stale)")
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    pairs = pairings(budgets)
    if args.pairs:
        wanted = [tuple(p.split("-", 1)) for p in args.pairs.split(",")]
        pairs = [p for p in pairs if p in wanted]
    tasks: list[Task] = [(first, second, p1, p2, seed, seat) for seed in range(args.seeds)
                         for p1, p2 in matchups() for first, second in pairs
                         for seat in (0, 1)]
    start = time.perf_counter()
    if args.report:
        return _report(args, tasks, budgets)
    stamp = fingerprint()
    if args.fresh and args.journal.exists():
        args.journal.replace(args.journal.with_suffix(".stale"))
    done = read_journal(args.journal, stamp)
    todo = [task for task in tasks if task not in done]
    print(f"bench.agents: {len(tasks) - len(todo)} of {len(tasks)} games already in "
          f"{args.journal.name} (fingerprint {stamp}); {len(todo)} to play", file=sys.stderr)
    args.journal.parent.mkdir(parents=True, exist_ok=True)
    if args.jobs > 1:
        with executor(args.jobs) as pool:
            played = list(_append(args.journal, stamp, pool.map(_play, todo, chunksize=1)))
    else:
        played = list(_append(args.journal, stamp, map(_play, todo)))
    finished = {**done, **{(g.first, g.second, g.p1, g.p2, g.seed, g.first_seat): g
                           for g in played}}
    games = [finished[task] for task in tasks]
    rows = summarise(games)
    section = table(rows, args.seeds, budgets)
    print(section)
    print(f"({len(games)} games in {time.perf_counter() - start:.0f} s)", file=sys.stderr)
    if not args.no_write:
        _write_results(args.seeds, budgets, rows, games)
        write_doc(section)
    return 0


def _report(args: argparse.Namespace, tasks: list[Task], budgets: Sequence[int]) -> int:
    """``--report``: the ladder of the journal's games so far, nothing played. The
    journal is read under its own fingerprint (this tree's agents may differ from those
    that played it: it is never set aside here)."""
    try:
        with args.journal.open(encoding="utf-8") as journal:
            stamp = str(json.loads(journal.readline())["fingerprint"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"bench.agents: {args.journal}: no journal to report ({error})", file=sys.stderr)
        return 1
    done = read_journal(args.journal, stamp)
    games = [done[task] for task in tasks if task in done]
    if not games:
        print(f"bench.agents: no game of this ladder in {args.journal} (fingerprint {stamp})",
              file=sys.stderr)
        return 1
    rows = summarise(games)
    if len(games) == len(tasks):  # complete: as a run that played them all
        section = table(rows, args.seeds, budgets, note=(
            f" Read from the journal (`--report`; agents' fingerprint {stamp})."
            + (f" {args.note}" if args.note else "")))
    else:
        section = table(rows, args.seeds, budgets,
                        partial=f"{len(games)} of {len(tasks)} games, read from the journal "
                                f"(`--report`; agents' fingerprint {stamp}); the games are "
                                "played seed by seed, so every pairing has about the same "
                                "seeds so far." + (f" {args.note}" if args.note else ""))
    print(section)
    if args.split_seeds > 0:
        print()
        print(breakdown(games, args.split_seeds))
    if not args.no_write:
        if len(games) == len(tasks):
            _write_results(args.seeds, budgets, rows, games)
        write_doc(section)
    return 0


def _write_results(seeds: int, budgets: Sequence[int], rows: list[dict[str, object]],
                   games: list[Game]) -> None:
    RESULTS.write_text(json.dumps({"seeds": seeds, "budgets": list(budgets), "rows": rows,
                                   "games": [asdict(g) for g in games]}, indent=1),
                       encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
