"""Commands that play games: ``play``, ``simulate`` (registered here, in
``replay.cli.simulate``), ``samples``, ``fuzz`` and ``characters`` (the fighters a seat
can take).

``play`` prints one seeded game's transcript and records nothing unless ``--out`` is
given; with a ``human`` seat (``--agents human,heuristic``) a person plays it at the
terminal and it is recorded (``replay.cli.seated``). ``simulate`` writes one
log per game, named ``<p1>-vs-<p2>_<agent1>-vs-<agent2>_seed<N>`` so the matchup and seed
are visible; game *i* uses seed ``--seed + i``. Every game is independent, so ``--jobs``
changes the wall time and never the bytes. ``samples`` regenerates the committed corpus
and ``fuzz`` plays every matchup with the engine's invariants checked. An unknown
character or agent, a bad seed or broken card data is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from pathlib import Path
from typing import TextIO

from engine import (
    MANIFEST,
    MAX_PLAYER_NAME,
    SAMPLE_DIR,
    TEAM_MATCHUPS,
    TEAM_SEPARATOR,
    Catalog,
    Game,
    GameSetup,
    LogFormatError,
    Player,
    Recording,
    Scenario,
    ScenarioError,
    Season,
    Transcript,
    initial_state,
    new_game,
    read_game_bytes,
    read_limited,
    regenerate,
    run_fuzz,
)
from replay.card_reference import card_reference, fighter_lines
from replay.cli import args as types
from replay.cli.errors import (
    UsageError,
    check_character,
    check_fighter,
    check_stdin_free,
    engine_failed,
    guarded,
    load_catalog_or_fail,
)
from replay.cli.output import on_terminal, printable, progress, table
from replay.cli.seated import human_seats, parse_seats, play_seated, seat_names, title
from replay.cli.simulate import cmd_simulate, failed_file, played_on
from replay.fork import seat_problem
from replay.quoting import file_named
from replay.seating import HUMAN, EngineFailed, keep

MAX_POSITION_BYTES = 1 << 20
"""The largest ``--position`` file read (1 MiB; a real position is a few hundred bytes)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play``, ``characters``, ``simulate``, ``samples`` and ``fuzz``."""
    play = subparsers.add_parser(
        "play", help="play one seeded game and print its transcript, or play a seat yourself",
        description="Play one seeded game between two agents and print its transcript; "
                    "nothing is recorded without --out (use `simulate` for batches). Both "
                    "agents default to heuristic, which plays a game worth reading; "
                    "`simulate` defaults to random,random, the fast agents for large "
                    "batches. With a human seat (--agents human,heuristic) you play that "
                    "seat at the terminal (type ? for help) and the game is recorded.")
    _seats(play)
    play.add_argument("--seed", type=types.seed, default=0,
                      help="game seed, 0..2**64-1, decimal or 0x hex (default %(default)s); "
                           "the same seed and agents give the same game")
    play.add_argument("--agent1", default="heuristic",
                      help="p1's agent, one of the forms --agents lists (default %(default)s)")
    play.add_argument("--agent2", default="heuristic",
                      help="p2's agent, as --agent1 (default %(default)s)")
    play.add_argument("--agents", metavar="P1,P2",
                      help="both seats at once, as for simulate and fork; each seat one "
                           f"of {types.agent_forms((HUMAN,)).replace('%', '%%')}; human: "
                           "you, at the terminal, also called person")
    play.add_argument("--as", dest="viewer", choices=("all", "p1", "p2"),
                      help="perspective: all (omniscient, the default), or p1 or p2 to hide "
                           "what that player cannot see (a human seat always sees its own)")
    play.add_argument("--position", type=types.one_log_file, metavar="FILE.json",
                      help="start from a built position instead of a dealt game: a JSON "
                           "object with p1, p2 (seat fields), active, turn and strike "
                           "(docs/cli.md)")
    play.add_argument("--out", type=types.log_to_write, metavar="FILE.exlog",
                      help="also record the game to this log (written via FILE.exlog.part); "
                           "with a human seat the default is "
                           "<p1>-vs-<p2>_<agent1>-vs-<agent2>_seed<N>.exlog, never overwritten")
    play.add_argument("--name", dest="names", action="append", metavar="NAME",
                      help="your name, recorded in the log for the index, the dashboard and "
                           "insights (--player NAME); once per human seat, in seat order "
                           f"(at most {MAX_PLAYER_NAME} characters of plain text)")
    play.set_defaults(func=cmd_play)
    chars = subparsers.add_parser(
        "characters", help="list the playable characters (combine two with + for a Tag Team: "
        "--p1 ryu+ken), or read a fighter's cards",
        description="List the playable characters; with FIGHTER, print each one's character "
                    "card (life, Exceed cost, abilities, actions) and every card of its deck "
                    "list with copies, stats, costs, effects and boost, in the words of `c "
                    "NAME` in a game.")
    chars.add_argument("fighters", nargs="*", metavar="FIGHTER",
                       help="a fighter by id or name in any case (ryu, \"Ken Masters\")")
    chars.set_defaults(func=cmd_characters)

    sim = subparsers.add_parser(
        "simulate", help="play and record many seeded games",
        description="Play and record seeded games, one .exlog per game in --out, named "
                    "<p1>-vs-<p2>_<agent1>-vs-<agent2>_seed<N>.exlog; game i uses seed "
                    "--seed + i. The agents default to random,random, the fast agents that "
                    "try every kind of legal decision, for large batches; `play` defaults "
                    "to heuristic for one game worth reading.")
    _seats(sim)
    sim.add_argument("--seed", type=types.seed, default=0,
                     help="seed of the first game, 0..2**64-1 (default %(default)s)")
    sim.add_argument("--games", type=types.at_most(types.MAX_GAMES), default=1,
                     help="number of games, seeds SEED..SEED+GAMES-1 (default "
                     f"%(default)s), at most {types.MAX_GAMES:,}")
    sim.add_argument("--out", type=types.folder, required=True,
                     help="folder for the .exlog files (created if missing; a file of the "
                          "same name is replaced)")
    sim.add_argument("--agents", default="random,random", metavar="A1,A2",
                     help="p1's and p2's agents, each one of "
                          f"{types.agent_forms().replace('%', '%%')} (default %(default)s)")
    sim.add_argument("--jobs", type=types.jobs, default=1,
                     help="worker processes; changes the wall time, never the files "
                          "(default %(default)s)")
    sim.set_defaults(func=cmd_simulate)

    samples = subparsers.add_parser("samples", help="regenerate the sample games and MANIFEST")
    samples.add_argument("--out", type=types.folder, default=SAMPLE_DIR,
                         help="folder to write (created if missing; files of the same name "
                              "are replaced; default %(default)s)")
    samples.set_defaults(func=cmd_samples)

    fuzz = subparsers.add_parser("fuzz", help="play seeded games of every matchup, checking "
                                 "the engine's invariants after every decision")
    fuzz.add_argument("--games", type=types.at_most(types.MAX_GAMES), default=5,
                      help="games per matchup and agent pairing (default %(default)s), at "
                           f"most {types.MAX_GAMES:,}")
    fuzz.add_argument("--seed", type=types.seed, default=0,
                      help="first seed, 0..2**64-1; seeds SEED..SEED+GAMES-1 "
                           "(default %(default)s)")
    fuzz.add_argument("--fighter", action="append", default=[], metavar="FIGHTER",
                      help="only the matchups in which this fighter plays, against every "
                           "fighter on both sides (repeatable)")
    fuzz.add_argument("--out", type=types.folder, default=Path("fuzz_failures"),
                      help="where failing games are written (default fuzz_failures/)")
    fuzz.set_defaults(func=cmd_fuzz)


def _seats(parser: argparse.ArgumentParser) -> None:
    """``--p1`` and ``--p2``: who sits in each seat."""
    parser.add_argument("--p1", required=True, help="the fighter of seat p1: its id or "
                        "name (see `characters`: ryu, 'Ken Masters'), or a Tag Team: ryu+ken")
    parser.add_argument("--p2", required=True, help="the fighter of seat p2 (id or name), "
                        "or a Tag Team: sagat+zangief")


# --- play and characters ---------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    return guarded(args, _play)


def _play(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    catalog = load_catalog_or_fail()
    setup = GameSetup(p1=check_character(catalog, args.p1), p2=check_character(catalog, args.p2))
    agents = _play_agents(args)
    viewer = None if args.viewer in (None, "all") else Player.P1 if args.viewer == "p1" \
        else Player.P2
    if HUMAN in agents and args.viewer is not None and (
            viewer is None or agents[viewer] != HUMAN or agents.count(HUMAN) == 2):
        raise UsageError(f"--as {args.viewer}: a human seat sees the game as itself "
                         f"({human_seats(agents)}); leave --as out")
    seat_names(args.names, agents)  # a bad --name is refused before anything is played
    if HUMAN in agents:
        check_stdin_free(args.position, "a human seat")
    start = _position_game(args, setup, catalog) if args.position else new_game(
        setup, args.seed, catalog)
    if HUMAN in agents:
        return play_seated(args, setup, agents, start, catalog, out)
    try:
        if args.out is not None:
            game = _record_played(args.out, start, args.seed, agents, catalog)
        else:
            game = played_on(start, args.seed, agents, catalog)
    except EngineFailed as failed:  # an engine bug: the game up to it, then one line
        _transcript(args, setup, agents, catalog, viewer, start, out)
        out.flush()
        return engine_failed(args, failed, "the transcript above is the game up to it")
    transcript = _transcript(args, setup, agents, catalog, viewer, game, out)
    state = game.state
    print(f"final: {transcript.status()}", file=out)
    print(f"turns {state.turn}, strikes {state.strikes}, decisions {len(game.decisions)}, "
          f"events {len(game.events)}", file=out)
    return 0


def _transcript(args: argparse.Namespace, setup: GameSetup, agents: tuple[str, str],
                catalog: Catalog, viewer: Player | None, game: Game, out: TextIO) -> Transcript:
    """Print the title line and the transcript of ``game``'s events; the transcript."""
    transcript = Transcript(initial_state(setup, catalog), catalog, viewer)
    print(f"EXCEED {title(setup, agents, catalog)}, seed {args.seed}"
          + (f", from the position in {printable(str(args.position))}" if args.position
             else ""), file=out)
    for event in game.events:
        line = transcript.feed(event)
        if line is None:
            continue
        print(line if line.startswith("==") else f"  {line}", file=out)
    return transcript


def _play_agents(args: argparse.Namespace) -> tuple[str, str]:
    """The two seats: ``--agents P1,P2``, else ``--agent1`` and ``--agent2``; each an
    agent or ``human``."""
    if args.agents is not None:
        return parse_seats(args.agents)
    for name in (args.agent1, args.agent2):
        problem = seat_problem(name)
        if problem is not None:
            raise UsageError(problem)
    return args.agent1, args.agent2


def _position_game(args: argparse.Namespace, setup: GameSetup, catalog: Catalog) -> Game:
    """The game built from ``--position``'s recipe; one ``UsageError`` line naming the
    file and what is wrong (unreadable, not JSON, a position no game can reach)."""
    path: Path = args.position
    try:  # a pipe only if something writes to it: never a wait on a bare named pipe
        data = read_limited(path, MAX_POSITION_BYTES)
    except OSError as error:
        raise UsageError(f"cannot read {file_named(path)}: {error.strerror or error}") from None
    if len(data) > MAX_POSITION_BYTES:
        raise UsageError(f"{path} is larger than the {MAX_POSITION_BYTES >> 20} MiB a "
                         "position may take")
    try:
        recipe = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise UsageError(f"{path} is not JSON: {error.msg} at line {error.lineno}, "
                         f"column {error.colno}") from None
    except RecursionError:
        raise UsageError(f"{path} is not a position: its JSON is nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts
        raise UsageError(f"{path} is not a position: it holds a number of more than "
                         f"{sys.get_int_max_str_digits():,} digits") from None
    try:
        game = Scenario.from_recipe(setup.p1, setup.p2, recipe, catalog).game(args.seed)
    except ScenarioError as error:
        raise UsageError(f"{path}: {error}") from None
    problem = _unrecordable(game, args.seed, catalog)
    if problem is not None:
        raise UsageError(f"{path}: a game log cannot hold this position: {problem}")
    return game


def _unrecordable(game: Game, seed: int, catalog: Catalog) -> str | None:
    """Why no log could hold ``game``, a built position (None when one can): its setup
    step is recorded in memory and read back as every reader reads it, so a value the
    recipe takes but the log format bounds (a turn past ``0..100000``, a number of 2**64
    or more) is refused before the game is played, not found in the log afterwards."""
    buffer = io.BytesIO()
    try:
        Recording(game, seed, buffer, (HUMAN, HUMAN), catalog).close()
    except OverflowError as error:
        return f"a number is too large ({error})"
    try:
        log = read_game_bytes(buffer.getvalue(), catalog=catalog)
    except LogFormatError as error:
        return error.reason
    return None if log.damage is None else log.damage.reason


def _record_played(path: Path, game: Game, seed: int, agents: tuple[str, str],
            catalog: Catalog) -> Game:
    """Play ``game`` out, recording it to ``path`` through a ``.part`` file, which is
    removed if the log cannot be written; never over an existing file, as with a human
    seat and in ``fork`` (refused before the game is played)."""
    if path.is_dir():
        raise UsageError(f"{path} is a folder; --out takes the log file to write")
    if os.path.lexists(path):  # a dangling symlink too: the log is never written through it
        raise UsageError(f"{path} already exists; name another file with --out")
    part = path.with_name(path.name + ".part")
    failed: EngineFailed | None = None
    try:
        with open(part, "wb") as stream:
            recording = Recording(game, seed, stream, agents, catalog)
            try:
                played_on(game, seed, agents, catalog, recording.recorder.on_step)
            except EngineFailed as error:  # an engine bug: every step before it is kept
                failed = error
                recording.close()
            else:
                recording.seal()
        kept = keep(part, path)
    except OSError as error:
        part.unlink(missing_ok=True)
        raise UsageError(f"cannot write {file_named(path)}: {error.strerror or error}") from None
    if failed is not None:
        failed.kept = kept
        raise failed
    if kept != path:
        raise UsageError(f"{path} appeared while the game was played; the game is in {kept}")
    return game


def cmd_characters(args: argparse.Namespace) -> int:
    return guarded(args, _characters)


def _characters(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    catalog = load_catalog_or_fail()
    if getattr(args, "fighters", None):
        # a Tag Team prints both, checked as --p1 checks it (ken+ken is no team)
        ids = [member for typed in args.fighters
               for member in (check_character(catalog, typed).split(TEAM_SEPARATOR)
                              if TEAM_SEPARATOR in typed else [check_fighter(catalog, typed)])]
        for fighter in card_reference(catalog, ids):
            print("\n".join(fighter_lines(fighter)), file=out)
        return 0
    lines = list(Season)  # the lines in release order: Red Horizon, Street Fighter, ...
    chars = sorted((catalog.character(char_id) for char_id in catalog.character_ids()),
                   key=lambda c: (lines.index(c.season), c.id))
    if on_terminal(out):
        for line in lines:
            members = [c for c in chars if c.season is line]
            if members:
                table(out, ("id", "name", "exceed"),
                      [(c.id, c.name, str(c.exceed_cost)) for c in members],
                      title=f"{line.value.replace('_', ' ').title()} ({len(members)})")
        print("combine two with + for a Tag Team: --p1 ryu+ken", file=out)
        return 0
    # a header, then one line per fighter grouped by line (the season column), every
    # column as wide as its longest value
    rows = [("id", "name", "line", "exceed"),
            *((c.id, c.name, c.season.value, str(c.exceed_cost)) for c in chars)]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join([*(v.ljust(w) for v, w in zip(row, widths, strict=False)), row[3]]),
              file=out)
    return 0


# --- samples and fuzz ------------------------------------------------------------------


def cmd_samples(args: argparse.Namespace) -> int:
    if args.out.exists() and not args.out.is_dir():  # as simulate --out says it
        print(printable(f"exceed samples: --out {args.out} is a file; --out takes the "
                        "folder to write the samples into"), file=sys.stderr)
        return 2
    try:
        lines = regenerate(args.out)
    except OSError as error:
        print(printable(f"exceed samples: cannot write {failed_file(error, args.out)}: "
                        f"{error.strerror or error}"), file=sys.stderr)
        return 2
    print(f"wrote {len(lines) - 1} sample game(s) and {MANIFEST} to "
          f"{printable(str(args.out))}")
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    return guarded(args, _fuzz)


def _fuzz(args: argparse.Namespace) -> int:
    if args.seed + args.games > 2**64:
        raise UsageError("--seed + --games must stay below 2**64")
    if args.out.exists() and not args.out.is_dir():  # found only at the first failure
        raise UsageError(f"--out {args.out} is a file; --out takes the folder to write "
                         "failing games into")
    catalog = load_catalog_or_fail()
    fighters = [check_fighter(catalog, f) for f in args.fighter]
    with progress("fuzz") as advance:
        report = run_fuzz(args.games, args.out, args.seed, progress=advance, catalog=catalog,
                          teams=() if fighters else TEAM_MATCHUPS, involving=fighters)
    print(f"fuzz: {report.games} games over {report.matchups} matchups, "
          f"{report.decisions} decisions, {report.events} events, "
          f"{len(report.failures)} failure(s)")
    for failure in report.failures:
        print(f"  FAIL {failure.p1} vs {failure.p2} {failure.agents[0]}/{failure.agents[1]} "
              f"seed {failure.seed}: {failure.problem} -> {failure.log}")
    return 1 if report.failures else 0
