"""The engine's command-line entry points: ``exceed play`` and ``exceed characters``.

``register`` adds the subcommands to the product's ``exceed`` parser (``replay.cli``).
Every failure a user can cause (an unknown character or agent, a bad seed, broken card
data) prints one line to stderr and exits non-zero; no traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from engine.agents import AGENT_NAMES
from engine.api import GameSetup, initial_state
from engine.catalog import CardDataError, Catalog, UnknownCharacter, default_catalog
from engine.ids import Player
from engine.match import play_game
from engine.notation import Transcript
from engine.team import InvalidTeam, check_spec

EXIT_USAGE = 2


class UsageError(Exception):
    """A bad command-line value; the message is the one line shown to the user."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = subparsers.add_parser(
        "play", help="play one seeded game and print its transcript",
        description="Play one seeded game between two agents and print its transcript; "
                    "nothing is recorded (use `simulate` for that). Both agents default to "
                    "heuristic, which plays a game worth reading; `simulate` defaults to "
                    "random,random, the fast agents for large batches.")
    play.add_argument("--p1", required=True,
                      help="character id of seat p1 (see `characters`), or a Tag Team: ryu+ken")
    play.add_argument("--p2", required=True,
                      help="character id of seat p2, or a Tag Team: sagat+zangief")
    play.add_argument("--seed", type=parse_seed, default=0,
                      help="game seed, 0..2**64-1, decimal or 0x hex (default %(default)s); "
                           "the same seed and agents give the same game")
    play.add_argument("--agent1", default="heuristic",
                      help=f"p1's agent: {' or '.join(AGENT_NAMES)} (default %(default)s)")
    play.add_argument("--agent2", default="heuristic",
                      help=f"p2's agent: {' or '.join(AGENT_NAMES)} (default %(default)s)")
    play.add_argument("--as", dest="viewer", choices=("all", "p1", "p2"), default="all",
                      help="perspective: all (omniscient, the default), or p1 or p2 to hide "
                           "what that player cannot see")
    play.set_defaults(func=cmd_play)
    chars = subparsers.add_parser(
        "characters", help="list the playable characters (combine two with + for a Tag Team: "
        "--p1 ryu+ken)")
    chars.set_defaults(func=cmd_characters)
    from engine import cli_record, fuzz, samples

    cli_record.register(subparsers)
    samples.register(subparsers)
    fuzz.register(subparsers)


def parse_seed(text: str) -> int:
    try:
        seed = int(text, 16) if text.lower().startswith("0x") else int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {text!r}") from None
    if not 0 <= seed < 2**64:
        raise argparse.ArgumentTypeError(f"seed must be in 0..2**64-1, got {seed}")
    return seed


def load_catalog_or_fail() -> Catalog:
    try:
        return default_catalog()
    except CardDataError as error:
        raise UsageError(f"card data: {error}") from None


def check_character(catalog: Catalog, char_id: str) -> str:
    """A character id, or a Tag Team spec (``ryu+ken``), checked against the catalog."""
    try:
        return check_spec(catalog, char_id)
    except (UnknownCharacter, InvalidTeam) as error:
        raise UsageError(str(error)) from None


def check_agent(name: str) -> str:
    if name not in AGENT_NAMES:
        raise UsageError(f"unknown agent {name!r}; known: {', '.join(AGENT_NAMES)}")
    return name


def guarded(args: argparse.Namespace, body: Callable[[argparse.Namespace], int]) -> int:
    """Run a command body, turning ``UsageError`` into one line on stderr."""
    try:
        return body(args)
    except UsageError as error:
        print(f"exceed {args.command}: {error}", file=sys.stderr)
        return EXIT_USAGE


def cmd_play(args: argparse.Namespace) -> int:
    return guarded(args, _play)


def _play(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    catalog = load_catalog_or_fail()
    setup = GameSetup(p1=check_character(catalog, args.p1), p2=check_character(catalog, args.p2))
    agents = (check_agent(args.agent1), check_agent(args.agent2))
    viewer = None if args.viewer == "all" else Player.P1 if args.viewer == "p1" else Player.P2
    game = play_game(setup, args.seed, agents, catalog)
    transcript = Transcript(initial_state(setup, catalog), catalog, viewer)
    print(f"EXCEED {setup.p1} ({agents[0]}) vs {setup.p2} ({agents[1]}), seed {args.seed}",
          file=out)
    for event in game.events:
        line = transcript.feed(event)
        if line is None:
            continue
        print(line if line.startswith("==") else f"  {line}", file=out)
    state = game.state
    print(f"final: {transcript.status()}", file=out)
    print(f"turns {state.turn}, strikes {state.strikes}, decisions {len(game.decisions)}, "
          f"events {len(game.events)}", file=out)
    return 0


def cmd_characters(args: argparse.Namespace) -> int:
    return guarded(args, _characters)


def _characters(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    catalog = load_catalog_or_fail()
    for char_id in catalog.character_ids():
        char = catalog.character(char_id)
        print(f"{char.id:10} {char.name:20} {char.season.value:16} exceed {char.exceed_cost}",
              file=out)
    return 0
