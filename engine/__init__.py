"""Event-sourced rules engine for the card game EXCEED: the public surface.

Everything outside ``engine/`` (the replayer, the index, the command line) imports from
here and nowhere deeper; ``tests/test_architecture.py`` holds them to it. What is listed
in ``__all__`` is the engine's contract with its users:

- **Playing**: ``GameSetup``, ``new_game`` and ``Game`` (``Game.pending`` is the typed
  request, ``Game.step`` takes a decision and returns the events it caused);
  ``IllegalDecision`` when a decision is not among the request's options.
- **Folding**: ``apply`` (the only code that changes a ``State``), ``State`` and its parts,
  ``state_hash``; ``events`` (module ``ev``) holds every event type.
- **Hidden information**: ``observe`` (a player's view of a state), ``redact`` (of an
  event), ``HIDDEN`` (the reference a hidden card shows as).
- **Logs**: ``read_game``, ``read_game_bytes``, ``GameLog``, ``Step``;
  ``LogFormatError`` for a file the format refuses.
- **Card facts**: ``Catalog``, ``default_catalog``, ``CardDef``, ``UnknownCard``,
  ``UnknownCharacter``; ``display_name`` for a fighter or a Tag Team.
- **Words**: ``Transcript`` (events as rulebook sentences), ``describe_effect``.
"""

from engine import events
from engine.api import Game, GameSetup, new_game
from engine.apply import apply
from engine.cards import CardDef
from engine.catalog import Catalog, UnknownCard, UnknownCharacter, default_catalog
from engine.decisions import IllegalDecision
from engine.ids import ARENA_MAX, ARENA_MIN, Player
from engine.log import LogFormatError
from engine.notation import Transcript, describe_effect
from engine.record import GameLog, Step, read_game, read_game_bytes
from engine.state import (
    AttackFlag,
    AttackSide,
    EndReason,
    Phase,
    PlayerState,
    Stat,
    State,
    state_hash,
)
from engine.team import display_name
from engine.views import HIDDEN, observe, redact

__all__ = [
    "ARENA_MAX",
    "ARENA_MIN",
    "HIDDEN",
    "AttackFlag",
    "AttackSide",
    "CardDef",
    "Catalog",
    "EndReason",
    "Game",
    "GameLog",
    "GameSetup",
    "IllegalDecision",
    "LogFormatError",
    "Phase",
    "Player",
    "PlayerState",
    "Stat",
    "State",
    "Step",
    "Transcript",
    "UnknownCard",
    "UnknownCharacter",
    "apply",
    "default_catalog",
    "describe_effect",
    "display_name",
    "events",
    "new_game",
    "observe",
    "read_game",
    "read_game_bytes",
    "redact",
    "state_hash",
]
