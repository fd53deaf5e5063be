"""The fuzzer: many seeded games of every ordered pair of fighters, invariants checked
after every decision (``run_fuzz``, behind ``make fuzz GAMES=N`` and ``exceed fuzz``).
``exceed fuzz`` also plays the Tag Team pairings of ``TEAM_MATCHUPS``.

Each game is recorded in memory as it is played. When an invariant breaks or the engine
raises, the game's log up to that point is written to ``--out`` (it replays and verifies
like any log, since every step before the failure is in it) together with a ``.txt``
report (``report_lines``: the problem, the decision, an ``exceed play`` command playing
the same game, the log, and the capsule's files and test), and a bug capsule
(``engine.devtools.capsule``): the failure shrunk to a position, a few decisions and a
pytest file, named ``<stem>_capsule`` with each ``-`` made ``_``.
"""

from __future__ import annotations

import io
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.decisions import Decision, Request
from engine.core.invariants import check
from engine.devtools.capsule import capsule_of_game
from engine.play.api import Game, GameSetup
from engine.play.match import game_stem, play_game
from engine.recording.record import Recorder, header_for
from engine.text.errors import error_text

TEAM_MATCHUPS: tuple[tuple[str, str], ...] = (
    ("ryu+ken", "sagat+zangief"),
    ("chunli+dan", "guile"),
)
"""Tag Team pairings ``exceed fuzz`` plays besides the single-fighter roster."""

AGENT_PAIRS: tuple[tuple[str, str], ...] = (
    ("random", "random"),
    ("heuristic", "random"),
    ("random", "heuristic"),
    ("heuristic", "heuristic"),
)


class InvariantBroken(AssertionError):
    """An invariant failed after a decision; the message lists every violation."""


class Failure(msgspec.Struct, frozen=True, kw_only=True):
    p1: str
    p2: str
    agents: tuple[str, str]
    seed: int
    decisions: int
    problem: str
    log: str


class FuzzReport(msgspec.Struct, kw_only=True):
    games: int = 0
    decisions: int = 0
    events: int = 0
    matchups: int = 0
    failures: list[Failure] = msgspec.field(default_factory=list)


def fuzz_game(
    setup: GameSetup, seed: int, agents: tuple[str, str], catalog: Catalog
) -> tuple[Game | None, bytes, str | None, int]:
    """Play one checked game; returns (game, log bytes, problem or None, decisions)."""
    stream = io.BytesIO()
    recorders: list[Recorder] = []
    count = 0

    def start(game: Game) -> None:
        recorders.append(Recorder(stream, header_for(game, seed, agents, catalog), game))
        problems = check(game.state, game.pending)
        if problems:
            raise InvariantBroken("; ".join(problems))

    def step(game: Game, request: Request, decision: Decision, caused: list[ev.Event]) -> None:
        nonlocal count
        count += 1
        recorders[0].on_step(game, request, decision, caused)
        problems = check(game.state, game.pending)
        if problems:
            raise InvariantBroken(f"after {type(decision).__name__}: " + "; ".join(problems))

    try:
        game = play_game(setup, seed, agents, catalog, on_step=step, on_start=start)
    except Exception as error:  # the point of a fuzzer: any failure is a finding
        if recorders:
            recorders[0].close()  # the turn in progress, held by the writer, up to the failure
        return None, stream.getvalue(), error_text(error), count
    recorders[0].seal(game)
    return game, stream.getvalue(), None, count


def run_fuzz(
    games: int,
    out: Path,
    seed: int = 0,
    characters: Sequence[str] | None = None,
    agent_pairs: Sequence[tuple[str, str]] = AGENT_PAIRS,
    catalog: Catalog | None = None,
    teams: Sequence[tuple[str, str]] = (),
    progress: Callable[[int, int], None] | None = None,
    involving: Sequence[str] = (),
    rotate_agents: bool = False,
) -> FuzzReport:
    """``games`` games per ordered pair and agent pairing, seeds ``seed..seed+games-1``;
    then as many of each ``teams`` matchup (seat specs, e.g. ``("ryu+ken", "sagat")``).
    With ``involving``, only the ordered pairs of the roster in which one of those
    fighters plays (each against every fighter, on both sides). With ``rotate_agents``,
    each matchup plays one agent pairing, the next of ``agent_pairs`` in turn (the test
    suite's size: every matchup, and every fighter under every pairing, at a quarter of
    the games). ``progress(done, total)`` is called after every game."""
    cat = catalog if catalog is not None else default_catalog()
    roster = list(characters) if characters is not None else cat.character_ids()
    matchups = [(p1, p2) for p1 in roster for p2 in roster
                if not involving or p1 in involving or p2 in involving] + list(teams)
    report = FuzzReport()
    per_matchup = 1 if rotate_agents else len(agent_pairs)
    total = len(matchups) * per_matchup * games
    for number, (p1, p2) in enumerate(matchups):
        report.matchups += 1
        turn = number % len(agent_pairs)
        for agents in agent_pairs[turn:turn + 1] if rotate_agents else agent_pairs:
            for game_seed in range(seed, seed + games):
                _one(report, GameSetup(p1=p1, p2=p2), game_seed, agents, out, cat)
                if progress is not None:
                    progress(report.games, total)
    return report


def _one(
    report: FuzzReport, setup: GameSetup, seed: int, agents: tuple[str, str], out: Path,
    catalog: Catalog,
) -> None:
    game, data, problem, decisions = fuzz_game(setup, seed, agents, catalog)
    report.games += 1
    report.decisions += decisions
    if game is not None:
        report.events += len(game.events)
    if problem is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    stem = game_stem(setup, agents, seed)
    log = out / f"{stem}.exlog"
    log.write_bytes(data)
    failure = Failure(p1=setup.p1, p2=setup.p2, agents=agents, seed=seed, decisions=decisions,
                      problem=problem, log=str(log))
    report.failures.append(failure)
    report_file = out / f"{stem}.txt"  # written first: a capsule takes a while
    report_file.write_text("\n".join(report_lines(failure, "not made (the fuzzer stopped "
                                                           "before it was)")) + "\n")
    capsule = _capsule_beside(out, stem, setup, seed, agents, catalog)
    report_file.write_text("\n".join(report_lines(failure, capsule)) + "\n")


def report_lines(failure: Failure, capsule: tuple[list[Path], str] | str) -> list[str]:
    """The ``.txt`` report of a failure: the problem and the decision it happened at, the
    ``exceed play`` command that plays the same game (it stops at an exception; it does not
    check invariants), the log, and the capsule's files with the command that runs its
    test (it plays the failing decisions) and the one that plays on from its position,
    or why there is none (``capsule``: the files and that command, or the reason)."""
    broken = failure.problem.startswith(f"{InvariantBroken.__name__}:")
    # a broken invariant is found after its decision was recorded; an exception stops it
    at = (f"after decision {failure.decisions - 1}" if broken and failure.decisions
          else "at setup" if broken else f"at decision {failure.decisions}")
    play = (f"exceed play --p1 {failure.p1} --p2 {failure.p2} --seed {failure.seed} "
            f"--agent1 {failure.agents[0]} --agent2 {failure.agents[1]}")
    lines = [failure.problem,
             f"where: {at} (decisions count from 0, as exceed verify and fork count them)",
             f"reproduce: {play}" + (" (plays the same game, but exceed play checks no "
                                     "invariant: run the capsule's test)" if broken else ""),
             f"log (steps before the failure): {failure.log}"]
    if isinstance(capsule, str):
        lines.append(f"no capsule: {capsule}")
    else:
        files, play_on = capsule
        test = next((path for path in files if path.name.startswith("test_")), None)
        lines.append(f"capsule: {', '.join(map(str, files))}")
        if test is not None:
            lines.append(f"capsule test: pytest {shlex.quote(str(test))} (plays the failing "
                         "decisions; fails while the bug is there)")
        lines.append(f"capsule position: {play_on} (plays on from the capsule's position "
                     "with the heuristic agent, not the failing decisions)")
    return lines


def _capsule_beside(out: Path, stem: str, setup: GameSetup, seed: int,
                    agents: tuple[str, str], catalog: Catalog) -> tuple[list[Path], str] | str:
    """A bug capsule of the failure beside its log (``engine.devtools.capsule``; its files
    are named ``<stem>_capsule`` with every character but letters, digits and ``_`` made
    ``_``): the files written and the command playing on from its position, or, if none
    can be made, why (also written to ``<stem>_capsule.txt``)."""
    try:
        return capsule_of_game(setup, seed, agents, out, f"{stem}_capsule", catalog)
    except Exception as error:  # a capsule is a help, never a reason to stop fuzzing
        reason = error_text(error)
        (out / f"{stem}_capsule.txt").write_text(f"no capsule: {reason}\n")
        return reason
