"""Event-sourced rules engine for the card game EXCEED: the public surface.

Everything outside ``engine/`` (the replayer, the index, the command line) imports from
here and nowhere deeper; ``tests/test_architecture.py`` holds them to it. What is listed
in ``__all__`` is the engine's contract with its users:

- **Playing**: ``GameSetup``, ``new_game`` and ``Game`` (``Game.pending`` is the typed
  request, ``Game.step`` takes a decision and returns the events it caused);
  ``initial_state`` (the table before setup); ``IllegalDecision`` when a decision is not
  among the request's options.
- **Positions**: ``Scenario`` builds any position (``ScenarioError`` for one no game
  can reach), ``Edits`` changes a game in play (an ``EditPosition``, recorded like a
  decision), ``game_from_position`` plays on from a position's events, ``Recording``
  records a game driven step by step.
- **Whole games**: ``AGENT_NAMES`` (the agents a seat can be given, beside
  ``search:N``; ``agent_problem`` is the one check of a name, ``AGENT_FORMS`` lists the
  forms), ``play_game`` (two agents to the end; ``GameTooLong`` when a game never ends), ``record_to_file`` (play
  and write the log), ``log_name`` (the file name a recorded game gets).
- **Checking the engine**: ``run_fuzz`` (seeded games of every matchup with invariants
  checked; ``FuzzReport``, ``TEAM_MATCHUPS``); ``regenerate`` writes the sample corpus
  and its ``MANIFEST`` (``SAMPLE_DIR`` by default).
- **Folding**: ``apply`` (the only code that changes a ``State``), ``State`` and its parts,
  ``state_hash``; ``events`` (module ``ev``) holds every event type.
- **Hidden information**: ``observe`` (a player's view of a state), ``redact`` (of an
  event), ``HIDDEN`` (the reference a hidden card shows as); ``Knowledge`` (what a player
  knows of the cards hidden from them, folded from events with ``sight``) and
  ``determinize`` (a state drawn from that player's information set; ``drawing`` draws
  many of one position).
- **Analysis**: ``game_from_state`` plays on from a folded state at a turn's action
  choice (``ActionRequest``) or an attack to be set (``SetAttackRequest``); ``Rng`` and
  ``derive_seed`` give seeded streams; ``Decision`` and ``Request`` are the decision and
  request types; ``ismcts`` (``SearchResult``) is the search agent's search from one
  player's information set, ``heuristic_policy`` its rollout policy (the best move);
  ``inferred`` (``SetSeen``) draws the opponent's face-down set attack by inference
  from that policy (``engine.play.search.inference``). Open information the
  seasons add: ``named_areas`` (set-aside, overdrive ``OVERDRIVE_AREA``, character
  areas; ``exceed_gauge_area`` says which one a fighter's Exceed pays its gauge into,
  ``OVERDRIVE_AREA`` for a BlazBlue fighter, else None: the discard pile), ``space_objects`` (traps, buddies on the arena), ``attack_origin`` (an attack
  measured from a buddy or the center), ``counters`` (a seat's numbers: overdrive count,
  a tagged-out partner's life, Critical available).
- **Logs**: ``read_game``, ``read_game_bytes``, ``GameLog``, ``Step``;
  ``LogFormatError`` for a file the format refuses. ``read_capped`` reads a log file's
  bytes under the format's size cap (``MAX_LOG_FILE`` bytes) (a pipe a writer holds too: process substitution,
  ``/dev/stdin``), ``open_regular`` opens any regular file for reading, ``read_limited``
  reads a file or such a pipe up to a limit; they raise ``NotRegularFile`` (an
  ``OSError``) for a device, a folder or a pipe nothing writes to, which would block or
  never end (``not_regular`` names such a ``st_mode``). ``compare_card_data`` compares a
  game's card data with this engine's for the same cards (``CardDataCheck``, format 4);
  ``DEFINITIONS_UNVERIFIED`` is ``GameLog.definitions_status`` for an old log whose
  definitions nothing vouches for, shown by id (``unnamed_catalog``).
  ``declared_inflation`` counts a log's frames and what its blocks declare they
  inflate to, reading only their heads (for a caller with tighter caps than the
  reader's ``MAX_LOG_FRAMES``: an upload).
- **Card facts**: ``Catalog``, ``default_catalog`` (``CardDataError`` when the card data
  is broken), ``CardDef``, ``Season`` (a fighter's line; ``SeasonDef`` and
  ``declared_seasons()`` its declarations: number, deck size, ruleset tag), ``UnknownCard``, ``UnknownCharacter``; ``check_spec`` checks a
  seat (a fighter, or a Tag Team ``ryu+ken``; ``InvalidTeam``; ``team_member_problem``
  says why a fighter can join no team), ``display_name`` names it;
  ``iter_effects`` walks printed effects and every effect nested in them;
  ``ForceForEffect`` is the printed effect "spend force: X per force", whose
  ``per_force_effect`` a force-for-effect choice's words name.
- **Words**: ``Transcript`` (events as rulebook sentences), ``describe_effect``,
  ``possessive`` (``Ken Masters'``); ``error_text`` (an exception in one line: its type
  and first line, or ``(no details)``, for every message that reports a failure),
  ``first_line`` (the first line of its text alone); ``read_effect`` and
  ``read_effects`` (a card's effects as a person reads them), ``read_choice`` (a
  choice's offered options in those words, matched with the choice a card prints).
- **Causes** (log format v2): ``Cause``, ``CauseKind`` (why an event happened: a
  decision, a named rule, a card's effect), ``describe_cause`` (in words);
  ``GameLog.causes`` gives one per event (unknown for a v1 log).
- **Seats** (appended for forks): ``Decision`` and ``Request`` (the typed unions a
  game takes and asks), ``forced_decision`` (a one-option request's answer, as the match
  driver takes it), ``make_agent`` (an agent of ``AGENT_NAMES`` for one seat),
  ``same_as_recorded`` (whether the request asked is the one a log recorded: a choice
  recorded before choices named their source is still the same), ``owner_of`` (the
  seat a card reference belongs to: a choice's source is one).
"""

from engine.cards.catalog import (
    CardDataError,
    Catalog,
    UnknownCard,
    UnknownCharacter,
    default_catalog,
    quoted_id,
)
from engine.cards.effect_walk import iter_effects
from engine.cards.schema import CardDef, ForceForEffect, Season
from engine.cards.seasons import SeasonDef
from engine.cards.seasons import declared as declared_seasons
from engine.cards.team import (
    TEAM_SEPARATOR,
    InvalidTeam,
    check_spec,
    display_name,
    team_member_problem,
)
from engine.core import events
from engine.core.apply import apply
from engine.core.causes import Cause, CauseKind
from engine.core.causes import describe as describe_cause
from engine.core.decisions import (
    ActionRequest,
    Decision,
    EditPosition,
    FlagFall,
    IllegalDecision,
    LeftGame,
    Request,
    Resign,
    SetAttackRequest,
    forced_decision,
    same_as_recorded,
)
from engine.core.ids import ARENA_MAX, ARENA_MIN, MAX_HAND, Player, owner_of
from engine.core.rng import Rng, derive_seed
from engine.core.state import (
    AttackFlag,
    AttackSide,
    EndReason,
    Phase,
    PlayerState,
    SpaceObject,
    Stat,
    State,
    state_hash,
)
from engine.devtools.capsule.build import CapsuleError, make_capsule
from engine.devtools.capsule.shrinking import shrink
from engine.devtools.capsule.simulation import source_of_log
from engine.devtools.capsule.write import capsule_paths, play_command, write_capsule
from engine.devtools.fuzz import TEAM_MATCHUPS, FuzzReport, run_fuzz
from engine.knowledge.infoset import Knowledge, determinize, drawing, sight
from engine.knowledge.views import (
    HIDDEN,
    attack_origin,
    counters,
    named_areas,
    observe,
    redact,
    space_objects,
)
from engine.mechanics import builtin  # noqa: F401  (attaches the season mechanics)
from engine.mechanics.blazblue.rules import exceed_gauge_area
from engine.mechanics.blazblue.state import OVERDRIVE as OVERDRIVE_AREA
from engine.play.agents import Agent, heuristic_policy, make_agent
from engine.play.api import (
    Game,
    GameSetup,
    game_from_position,
    game_from_state,
    initial_state,
    new_game,
)
from engine.play.edits import Edits
from engine.play.export import export_position
from engine.play.match import GameTooLong, log_name, play_game, play_on
from engine.play.names import AGENT_FORMS, AGENT_NAMES, agent_problem
from engine.play.scenario import Scenario
from engine.play.search.inference import SetSeen, inferred
from engine.play.search.tree import Determinizer, SearchResult
from engine.play.search.tree import search as ismcts
from engine.play.seat_cards import ScenarioError
from engine.recording.checks import MAX_PLAYER_NAME, player_name_problem
from engine.recording.definitions import UNVERIFIED as DEFINITIONS_UNVERIFIED
from engine.recording.definitions import CardDataCheck
from engine.recording.definitions import compare as compare_card_data
from engine.recording.definitions import unnamed as unnamed_catalog
from engine.recording.files import (
    NotRegularFile,
    not_regular,
    not_regular_reason,
    open_regular,
    read_limited,
)
from engine.recording.game_log import GameLog, Step
from engine.recording.log import (
    LEFT_GAME_FORMAT,
    LogFormatError,
    asks_effect_order,
    declared_inflation,
    is_torn,
    read_capped,
)
from engine.recording.payload import MAX_FILE as MAX_LOG_FILE
from engine.recording.payload import MAX_FRAMES as MAX_LOG_FRAMES
from engine.recording.record import Recorder, Recording, read_game, read_game_bytes, record_to_file
from engine.recording.samples import MANIFEST, SAMPLE_DIR, regenerate
from engine.rules.actions import force_discount, move_force
from engine.text.errors import error_text, first_line
from engine.text.notation import Transcript, describe_effect, possessive
from engine.text.reading import catalog_names, read_effect, read_effects
from engine.text.reading_base import Names
from engine.text.reading_choices import read_choice

__all__ = [
    "AGENT_FORMS",
    "AGENT_NAMES",
    "ARENA_MAX",
    "ARENA_MIN",
    "DEFINITIONS_UNVERIFIED",
    "HIDDEN",
    "LEFT_GAME_FORMAT",
    "MANIFEST",
    "MAX_HAND",
    "MAX_LOG_FILE",
    "MAX_LOG_FRAMES",
    "MAX_PLAYER_NAME",
    "OVERDRIVE_AREA",
    "SAMPLE_DIR",
    "TEAM_MATCHUPS",
    "TEAM_SEPARATOR",
    "ActionRequest",
    "Agent",
    "AttackFlag",
    "AttackSide",
    "CapsuleError",
    "CardDataCheck",
    "CardDataError",
    "CardDef",
    "Catalog",
    "Cause",
    "CauseKind",
    "Decision",
    "Determinizer",
    "EditPosition",
    "Edits",
    "EndReason",
    "FlagFall",
    "ForceForEffect",
    "FuzzReport",
    "Game",
    "GameLog",
    "GameSetup",
    "GameTooLong",
    "IllegalDecision",
    "InvalidTeam",
    "Knowledge",
    "LeftGame",
    "LogFormatError",
    "Names",
    "NotRegularFile",
    "Phase",
    "Player",
    "PlayerState",
    "Recorder",
    "Recording",
    "Request",
    "Resign",
    "Rng",
    "Scenario",
    "ScenarioError",
    "SearchResult",
    "Season",
    "SeasonDef",
    "SetAttackRequest",
    "SetSeen",
    "SpaceObject",
    "Stat",
    "State",
    "Step",
    "Transcript",
    "UnknownCard",
    "UnknownCharacter",
    "agent_problem",
    "apply",
    "asks_effect_order",
    "attack_origin",
    "capsule_paths",
    "catalog_names",
    "check_spec",
    "compare_card_data",
    "counters",
    "declared_inflation",
    "declared_seasons",
    "default_catalog",
    "derive_seed",
    "describe_cause",
    "describe_effect",
    "determinize",
    "display_name",
    "drawing",
    "error_text",
    "events",
    "exceed_gauge_area",
    "export_position",
    "first_line",
    "force_discount",
    "forced_decision",
    "game_from_position",
    "game_from_state",
    "heuristic_policy",
    "inferred",
    "initial_state",
    "is_torn",
    "ismcts",
    "iter_effects",
    "log_name",
    "make_agent",
    "make_capsule",
    "move_force",
    "named_areas",
    "new_game",
    "not_regular",
    "not_regular_reason",
    "observe",
    "open_regular",
    "owner_of",
    "play_command",
    "play_game",
    "play_on",
    "player_name_problem",
    "possessive",
    "quoted_id",
    "read_capped",
    "read_choice",
    "read_effect",
    "read_effects",
    "read_game",
    "read_game_bytes",
    "read_limited",
    "record_to_file",
    "redact",
    "regenerate",
    "run_fuzz",
    "same_as_recorded",
    "shrink",
    "sight",
    "source_of_log",
    "space_objects",
    "state_hash",
    "team_member_problem",
    "unnamed_catalog",
    "write_capsule",
]
