"""``exceed simulate``: play and record seeded games in bulk, one log per game, named
``<p1>-vs-<p2>_<agent1>-vs-<agent2>_seed<N>`` so the matchup and seed are visible; game
*i* uses seed ``--seed + i``. Every game is independent, so ``--jobs`` changes the wall
time and never the bytes. Each log is written through ``NAME.part``; Ctrl-C, a full disk
or an engine failure says in one line what of the batch is kept. ``played_on`` (a game
played on between agents, a failure named by its decision) is ``exceed play``'s too.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from engine import (
    Catalog,
    Decision,
    Game,
    GameSetup,
    Recording,
    Request,
    log_name,
    new_game,
    play_on,
)
from engine import events as ev
from replay.cli.errors import (
    EXIT_INTERNAL,
    UsageError,
    check_agent,
    check_character,
    fail,
    guarded,
    load_catalog_or_fail,
)
from replay.cli.output import printable, progress
from replay.quoting import error_text, file_named, quoted
from replay.seating import EngineFailed
from replay.workers import pool as workers_pool

EXIT_INTERRUPTED = 130


def played_on(game: Game, seed: int, agents: tuple[str, str], catalog: Catalog,
            on_step: Callable[[Game, Request, Decision, list[ev.Event]], None] | None = None
            ) -> Game:
    """Play ``game`` on between ``agents`` (``play_on``); an exception from the engine or
    an agent (a bug) is raised as ``EngineFailed``, naming the decision it stopped at
    (each step is counted once ``on_step`` has been told of it). An ``OSError`` (the
    recorder in ``on_step`` cannot write) is raised as it is."""
    done = len(game.decisions)

    def counted(game: Game, request: Request, decision: Decision,
                caused: list[ev.Event]) -> None:
        nonlocal done
        if on_step is not None:
            on_step(game, request, decision, caused)
        done += 1

    try:
        return play_on(game, seed, agents, catalog, on_step=counted)
    except OSError:  # the log cannot be written (a full disk): the caller names the file
        raise
    except Exception as error:
        raise EngineFailed(error, done, game.state.turn) from error



Job = tuple[str, str, str, str, int, str]
"""One game of a ``simulate`` batch: p1, p2, agent1, agent2, seed, output folder."""


def _target(job: Job) -> Path:
    """The log a game of a batch is written to (through ``<name>.part``)."""
    p1, p2, a1, a2, seed, out = job
    return Path(out) / log_name(GameSetup(p1=p1, p2=p2), (a1, a2), seed)


class BatchGameFailed(Exception):
    """The engine raised (a bug) in one game of a batch: the log keeping the game so far
    (``path``), the decision and turn it stopped at and the exception in words. Plain
    arguments, so it crosses from a worker process."""

    def __init__(self, path: str, decision: int, turn: int, error: str) -> None:
        super().__init__(path, decision, turn, error)
        self.path, self.decision, self.turn, self.error = path, decision, turn, error


def _record(job: Job) -> int | None:
    """Play and record one game of a batch (in a worker process) to its log, through
    ``NAME.part`` (removed if the log cannot be written); its winner's seat (0 p1, 1 p2;
    None: unfinished). The engine raising (a bug) keeps the game so far, unfinished,
    under the log's name and raises ``BatchGameFailed`` naming it."""
    p1, p2, a1, a2, seed, _ = job
    target = _target(job)
    part = target.with_name(target.name + ".part")
    failed: EngineFailed | None = None
    try:
        with open(part, "wb") as stream:
            game = new_game(GameSetup(p1=p1, p2=p2), seed)
            recording = Recording(game, seed, stream, (a1, a2))
            try:
                played_on(game, seed, (a1, a2), recording.catalog, recording.recorder.on_step)
            except EngineFailed as error:
                failed = error
                recording.close()
            except BaseException:  # Ctrl-C keeps the .part file with every step so far
                with contextlib.suppress(OSError, ValueError):  # (unless the stream failed)
                    recording.close()
                raise
            else:
                recording.seal()
        os.replace(part, target)
    except Exception:
        part.unlink(missing_ok=True)
        raise
    if failed is not None:
        raise BatchGameFailed(str(target), failed.decision, failed.turn,
                              error_text(failed.error)) from failed.error
    winner = game.state.winner
    return None if winner is None else int(winner)


def _kept(jobs: list[Job], out: Path, failed: str = "") -> str:
    """After a batch stopped early, what of it is in ``out``: ``K of N game(s) are in
    DIR`` (not counting the log ``failed``, a game the engine failed in), and the games
    cut short, each kept unfinished in its ``.part`` file."""
    whole = sum(1 for job in jobs if _target(job).is_file() and str(_target(job)) != failed)
    cut = sum(1 for job in jobs if _target(job).with_name(_target(job).name + ".part").is_file())
    line = f"{whole} of {len(jobs)} game(s) are in {out}"
    if cut:
        line += f"; {cut} cut short, kept unfinished as .exlog.part"
    return line


def failed_file(error: OSError, out: Path) -> str:
    """The file a batch failed to write, as its log is named (a log is written via
    ``NAME.part``), else the output folder ``out``."""
    return str(error.filename2 or error.filename or out).removesuffix(".part")


def tally(winners: Sequence[int | None], p1: str, p2: str) -> str:
    """The batch's result in one line: ``p1 ryu won 6, p2 ken won 4 (60% for p1)``, with
    the unfinished games, if any."""
    won = [sum(1 for w in winners if w == seat) for seat in (0, 1)]
    done = won[0] + won[1]
    share = f" ({won[0] / done:.0%} for p1)" if done else ""
    open_games = len(winners) - done
    rest = f", {open_games} unfinished" if open_games else ""
    return f"p1 {p1} won {won[0]}, p2 {p2} won {won[1]}{share}{rest}"


def cmd_simulate(args: argparse.Namespace) -> int:
    return guarded(args, _simulate)


def _simulate(args: argparse.Namespace) -> int:
    catalog = load_catalog_or_fail()
    p1, p2 = check_character(catalog, args.p1), check_character(catalog, args.p2)
    names = args.agents.split(",")
    if len(names) != 2:
        raise UsageError(f"--agents takes two names separated by a comma, got "
                         f"{quoted(args.agents)}")
    a1, a2 = check_agent(names[0]), check_agent(names[1])
    if args.seed + args.games > 2**64:
        raise UsageError("--seed + --games must stay below 2**64")
    if args.out.exists() and not args.out.is_dir():
        raise UsageError(f"--out {args.out} is a file; --out takes the folder to write the "
                         "logs into")
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot create {file_named(args.out)}: {error.strerror}") from None
    jobs = [(p1, p2, a1, a2, args.seed + i, str(args.out)) for i in range(args.games)]
    winners: list[int | None] = []
    try:
        with progress("simulate") as advance:
            for count, winner in enumerate(_run(jobs, args.jobs), 1):
                winners.append(winner)
                advance(count, len(jobs))
    except OSError as error:
        raise UsageError(f"cannot write {failed_file(error, args.out)}: "
                         f"{error.strerror or error}; "
                         f"{_kept(jobs, args.out)}") from None
    except BatchGameFailed as failed:  # a bug: the game is named, its log kept
        if os.environ.get("EXCEED_DEBUG"):
            raise
        return fail(args, f"internal error in {failed.path} at decision {failed.decision} "
                    f"(turn {failed.turn}): {failed.error} (set EXCEED_DEBUG=1 for a "
                    "traceback); the game so far is kept there, unfinished; "
                    f"{_kept(jobs, args.out, failed.path)}", EXIT_INTERNAL)
    except KeyboardInterrupt:
        print(printable(f"exceed simulate: interrupted; {_kept(jobs, args.out)}"),
              file=sys.stderr)
        return EXIT_INTERRUPTED
    print(f"wrote {len(jobs)} game(s) to {printable(str(args.out))}: "
          f"{tally(winners, p1, p2)}")
    return 0


def _run(jobs: list[Job], workers: int) -> Iterator[int | None]:
    if workers == 1 or len(jobs) == 1:
        yield from map(_record, jobs)
        return
    with workers_pool(workers) as pool:
        yield from pool.imap(_record, jobs, chunksize=4)
