"""``exceed simulate`` and ``exceed info``: batch recording and log summaries.

``simulate`` writes one log per game, named ``<p1>-vs-<p2>_<agent1>-vs-<agent2>_seed<N>``
so the matchup and seed are visible; game *i* uses seed ``--seed + i``. Every game is
independent, so ``--jobs`` changes the wall time and never the bytes. ``info`` prints a
log's header and summary (a folder stands for every ``*.exlog`` under it, as for
``exceed index``), then, for more than one log, a line of counts; its exit code is the
worst of: 0 when every file is sealed and intact, 1 when any file is damaged or
unfinished (its good prefix is still summarised), and 2 when a file cannot be read as a
log at all or a folder holds no log.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from engine import events as ev
from engine.agents import AGENT_NAMES
from engine.api import GameSetup
from engine.catalog import default_catalog
from engine.ids import Player
from engine.log import LogFormatError
from engine.record import GameLog, read_game, record_to_file
from engine.state import EndReason
from engine.team import display_name

SEALED = 0
EXIT_DAMAGED = 1
EXIT_REFUSED = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from engine.cli import parse_seed

    sim = subparsers.add_parser(
        "simulate", help="play and record many seeded games",
        description="Play and record seeded games, one .exlog per game in --out, named "
                    "<p1>-vs-<p2>_<agent1>-vs-<agent2>_seed<N>.exlog; game i uses seed "
                    "--seed + i. The agents default to random,random, the fast agents that "
                    "try every kind of legal decision, for large batches; `play` defaults "
                    "to heuristic for one game worth reading.")
    sim.add_argument("--p1", required=True,
                     help="character id of seat p1 (see `characters`), or a Tag Team: ryu+ken")
    sim.add_argument("--p2", required=True,
                     help="character id of seat p2, or a Tag Team: sagat+zangief")
    sim.add_argument("--seed", type=parse_seed, default=0,
                     help="seed of the first game, 0..2**64-1 (default %(default)s)")
    sim.add_argument("--games", type=_positive, default=1,
                     help="number of games, seeds SEED..SEED+GAMES-1 (default %(default)s)")
    sim.add_argument("--out", type=Path, required=True,
                     help="folder for the .exlog files (created if missing; a file of the "
                          "same name is replaced)")
    sim.add_argument("--agents", default="random,random", metavar="A1,A2",
                     help=f"p1's and p2's agents, each {' or '.join(AGENT_NAMES)} "
                          "(default %(default)s)")
    sim.add_argument("--jobs", type=_positive, default=1,
                     help="worker processes; changes the wall time, never the files "
                          "(default %(default)s)")
    sim.set_defaults(func=cmd_simulate)
    info = subparsers.add_parser(
        "info", help="summarise game logs; report damaged or unfinished log files",
        description="Summarise each log; a folder stands for every *.exlog under it "
                    "(recursively, sorted by path). Exit 0 when every log is sealed and "
                    "intact, 1 when any is damaged or unfinished, 2 when any cannot be read "
                    "as a log (or a folder holds none).")
    info.add_argument("files", nargs="+", type=Path, metavar="FILE|DIR",
                      help="a .exlog file, or a folder scanned recursively for *.exlog")
    info.set_defaults(func=cmd_info)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


# --- simulate ---------------------------------------------------------------------------


def log_name(setup: GameSetup, agents: tuple[str, str], seed: int) -> str:
    return f"{setup.p1}-vs-{setup.p2}_{agents[0]}-vs-{agents[1]}_seed{seed}.exlog"


def _one(job: tuple[str, str, str, str, int, str]) -> str:
    p1, p2, a1, a2, seed, out = job
    setup = GameSetup(p1=p1, p2=p2)
    path = Path(out) / log_name(setup, (a1, a2), seed)
    record_to_file(path, setup, seed, (a1, a2))
    return path.name


def cmd_simulate(args: argparse.Namespace) -> int:
    from engine.cli import UsageError, check_agent, check_character, guarded, load_catalog_or_fail

    def body(args: argparse.Namespace) -> int:
        catalog = load_catalog_or_fail()
        p1, p2 = check_character(catalog, args.p1), check_character(catalog, args.p2)
        names = args.agents.split(",")
        if len(names) != 2:
            raise UsageError(f"--agents takes two names separated by a comma, got {args.agents!r}")
        a1, a2 = check_agent(names[0]), check_agent(names[1])
        if args.seed + args.games > 2**64:
            raise UsageError("--seed + --games must stay below 2**64")
        try:
            args.out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"cannot create {args.out}: {error.strerror}") from None
        jobs = [(p1, p2, a1, a2, args.seed + i, str(args.out)) for i in range(args.games)]
        done = _run(jobs, args.jobs)
        for count, _ in enumerate(done, 1):
            _progress(count, len(jobs))
        print(f"wrote {len(jobs)} game(s) to {args.out}")
        return 0

    return guarded(args, body)


def _run(jobs: list[tuple[str, str, str, str, int, str]], workers: int) -> Iterator[str]:
    if workers == 1 or len(jobs) == 1:
        yield from map(_one, jobs)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(_one, jobs, chunksize=4)


def _progress(done: int, total: int, stream: TextIO = sys.stderr) -> None:
    """A one-line progress bar, drawn only on a terminal (silent in CI and pipes)."""
    if not stream.isatty():
        return
    width = 30
    filled = width * done // total
    end = "\n" if done == total else ""
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
    stream.flush()


# --- info -------------------------------------------------------------------------------


def cmd_info(args: argparse.Namespace) -> int:
    worst = 0
    counts = {SEALED: 0, EXIT_DAMAGED: 0, EXIT_REFUSED: 0}
    files: list[Path] = []
    for path in args.files:
        found, problem = _logs_in(path)
        if problem is not None:
            print(problem, file=sys.stderr)
            worst = EXIT_REFUSED
        files.extend(found)
    for path in files:
        code = _info_one(path)
        counts[code] += 1
        worst = max(worst, code)
    if len(files) > 1 or (files and any(path.is_dir() for path in args.files)):
        print(f"{len(files)} log(s): {counts[SEALED]} sealed and intact, "
              f"{counts[EXIT_DAMAGED]} damaged or unfinished, {counts[EXIT_REFUSED]} unreadable")
    return worst


def _logs_in(path: Path) -> tuple[list[Path], str | None]:
    """``path`` itself, or every ``*.exlog`` file under a folder (recursively, sorted),
    as ``exceed index`` reads one; a folder without any log is one problem line."""
    if not path.is_dir():
        return [path], None
    try:
        found = sorted(p for p in path.rglob("*.exlog") if p.is_file())
    except OSError as error:
        return [], f"{path}: cannot read folder: {error.strerror}"
    if not found:
        return [], f"{path}: no .exlog files in this folder (or its subfolders)"
    return found, None


def _info_one(path: Path) -> int:
    """Print one log's summary (or its one refusal line); return its exit code."""
    try:
        log = read_game(path)
    except LogFormatError as error:
        print(f"{error}", file=sys.stderr)
        return EXIT_REFUSED
    except OSError as error:
        print(f"{path}: cannot read: {error.strerror}", file=sys.stderr)
        return EXIT_REFUSED
    for line in summarise(log):
        print(line)
    if log.damage is not None or not log.sealed:
        return EXIT_DAMAGED
    return SEALED


def summarise(log: GameLog) -> list[str]:
    """The lines ``exceed info`` prints for one log."""
    h = log.header
    catalog = default_catalog()
    names = {}
    for who, spec in ((Player.P1, h.p1), (Player.P2, h.p2)):
        names[who] = f"{who.label} {display_name(catalog, spec)}"
    strikes = sum(1 for e in log.events() if type(e) is ev.StrikeStarted)
    turns = log.steps[-1].turn if log.steps else 0
    ended = [e for e in log.events() if type(e) is ev.GameEnded]
    if ended:
        why = "life reached 0" if ended[0].reason == EndReason.LIFE else "opponent decked out"
        result = f"{names[ended[0].winner]} wins ({why})"
    else:
        result = "unfinished"
    hash_note = "" if h.card_data == catalog.content_hash else " (differs from this engine)"
    lines = [
        f"{log.name}: {names[Player.P1]} vs {names[Player.P2]}, seed {h.seed}, "
        f"agents {h.agents[0]}/{h.agents[1]}, first {Player(h.first).label}",
        f"  engine {h.engine}, format {h.format}, ruleset {h.ruleset}, "
        f"card data {h.card_data[:12]}{hash_note}",
        f"  result: {result}",
        f"  turns {turns}, strikes {strikes}, decisions {len(log.decisions)}, "
        f"events {log.event_count}, {log.size} bytes",
        f"  sealed: {'yes' if log.sealed else 'no'}",
    ]
    if log.damage is not None:
        d = log.damage
        where = f"byte {d.offset}" if d.offset >= 0 else "a payload"
        lines.append(
            f"  problem: stopped at {where} (frame {d.frame_index}): {d.reason}; kept "
            f"{len(log.steps)} step(s) and {log.event_count} event(s) before it"
        )
    elif not log.sealed:
        lines.append("  problem: no trailer: the game was not finished (recorder stopped?)")
    return lines
