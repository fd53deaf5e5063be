"""Value ranges of decoded log payloads: what a reader accepts beyond well-formed msgpack.

``engine.recording.log`` proves that a frame is intact and ``engine.recording.record`` that its payload has the
right shape; this module proves that its values make sense for the game the HEADER
describes, so that no command folds, indexes or prints a value the format forbids
(``docs/log-format.md``, section P.9). A bad HEADER refuses the whole file; a bad STEP or
TRAILER raises ``PayloadError``, which the reader treats like a bad checksum: that frame is
damage and every step before it is kept. Here: the format's limits and the HEADER's
checks; the STEPs' and the TRAILER's are ``engine.recording.step_checks``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from engine import vocabulary
from engine.cards import schema as cards
from engine.cards import seasons, team
from engine.cards.catalog import Catalog, UnknownCard, UnknownCharacter
from engine.core.decisions import RuleOption
from engine.core.ids import CARDS_PER_PLAYER_BASE
from engine.core.state import AttackFlag
from engine.play.names import AGENT_FORMS, agent_problem
from engine.recording.log import FORMAT_VERSION, OLDEST_VERSION, PayloadError

if TYPE_CHECKING:
    from engine.recording.game_log import Header

RULESET: Final = "core+street_fighter"
RULESET_TAG_TEAM: Final = RULESET + "+tag_team"
"""The ruleset of a game with at least one Tag Team seat (``p1``/``p2`` like "ryu+ken")."""
RULESETS: Final = seasons.RULESETS
"""Every ruleset a header may name, derived from the seasons' declarations
(``engine.cards.seasons``): ``core``, then each seated season's tag in ``schema.Season`` order
(``+street_fighter``, ``+under_night``, ``+blazblue``), then ``+tag_team`` when a seat is
a team."""


def ruleset_of(catalog: Catalog, p1: str, p2: str) -> str:
    """The ruleset of a game between seats ``p1`` and ``p2`` (fighter ids or teams), in
    the canonical order of ``RULESETS``."""
    seated = (catalog.character(char).season for spec in (p1, p2)
              for char in team.members(spec))
    return seasons.ruleset_of_seasons(seated, team.is_team(p1) or team.is_team(p2))


HUMAN: Final = "human"
"""The agent name of a seat whose decisions a person made. Readers never rebuild an agent
(verify re-plays the recorded decisions), so it is accepted beside the agents' names
(``engine.play.names.agent_problem``: ``search:N`` too)."""
SEED_LIMIT: Final = 2**64
MAX_TURN: Final = 100_000
"""No game gets near this many turns; it keeps turn numbers far inside 32 bits."""
MAX_AMOUNT: Final = 999
"""The largest magnitude of any other number in an event, decision or request."""
MAX_LIFE_LOST: Final = 100_000
"""Life a player may lose in one game (damage plus life spent), far above any real game."""
HASH_SIZE: Final = 16
MAX_FORK_AT: Final = 1_000_000
"""The largest decision index a fork's ``fork_at`` may name (a game stops at 5000)."""
_ENGINE_VERSION = re.compile(r"\d{1,6}(\.\d{1,6}){2}([-+][0-9A-Za-z.+-]{1,40})?")
_CARD_DATA = re.compile(r"[0-9a-f]{64}")
_GAME_ID = re.compile(r"[0-9a-f]{64}")
_ALL_FLAGS: Final = sum(int(flag) for flag in AttackFlag)
OPTION_TAGS: Final = frozenset(
    {cards.effect_tag(t) for t in vocabulary.Effect.__args__} | {str(r) for r in RuleOption}
)
"""The tags a choice option may carry: the effect vocabulary's and the rule options'."""
MAX_OPTION_WORD: Final = 60
MAX_PENDING_TEXT: Final = 400

# --------------------------------------------------------------------------- header


def check_header(header: Header, catalog: Catalog) -> None:
    """Raise ``PayloadError`` naming the first HEADER value outside the format's ranges."""
    if not OLDEST_VERSION <= header.format <= FORMAT_VERSION:
        newer = " (newer than this reader)" if header.format > FORMAT_VERSION else ""
        raise PayloadError(f"log format {header.format} is not {OLDEST_VERSION}.."
                           f"{FORMAT_VERSION}{newer}")
    if (header.format >= 2) != bool(header.definitions):
        raise PayloadError(f"a format {header.format} header "
                           + ("must carry" if header.format >= 2 else "cannot carry")
                           + " card definitions")
    if not _ENGINE_VERSION.fullmatch(header.engine):
        raise PayloadError(f"engine version {_short(header.engine)} is not a version number")
    if header.catalog_hash:  # the upcast's field (engine.recording.definitions), never written
        raise PayloadError("catalog_hash is not a header key")
    if not _CARD_DATA.fullmatch(header.card_data):
        raise PayloadError(f"card data hash {_short(header.card_data)} is not 64 hex digits")
    if not 0 <= header.seed < SEED_LIMIT:
        raise PayloadError(f"seed {header.seed} is outside 0..2**64-1")
    for seat, spec in (("p1", header.p1), ("p2", header.p2)):
        _check_spec(catalog, seat, spec)
    expected = ruleset_of(catalog, header.p1, header.p2)
    if header.ruleset not in RULESETS:
        raise PayloadError(f"unknown ruleset {_short(header.ruleset)}")
    if header.ruleset != expected:
        raise PayloadError(f"ruleset {header.ruleset!r} does not match seats "
                           f"{header.p1!r} and {header.p2!r} (expected {expected!r})")
    for seat, spec, deck in (("p1", header.p1, header.decks[0]),
                             ("p2", header.p2, header.decks[1])):
        _check_deck(catalog, seat, spec, deck)
    for seat, extra, deck in (("p1", header.extra[0], header.decks[0]),
                              ("p2", header.extra[1], header.decks[1])):
        unknown = next((card for card in extra if card not in catalog.cards), None)
        if unknown is not None:
            raise PayloadError(f"unknown extra card {_short(unknown)} for {seat}")
        if len(deck) + len(extra) > CARDS_PER_PLAYER_BASE:
            raise PayloadError(f"{seat} has {len(extra)} extra cards beside a "
                               f"{len(deck)}-card deck; at most "
                               f"{CARDS_PER_PLAYER_BASE - len(deck)} fit")
    if not 0 <= header.position <= MAX_AMOUNT:
        raise PayloadError(f"position {header.position} is outside 0..{MAX_AMOUNT}")
    for seat, agent in zip(("p1", "p2"), header.agents, strict=True):
        if agent_problem(agent, also=(HUMAN,)) is not None:
            raise PayloadError(f"unknown agent {_short(agent)} for {seat}; "
                               f"known: {', '.join((*AGENT_FORMS, HUMAN))}")
    for seat, player in zip(("p1", "p2"), header.players, strict=True):
        problem = player_name_problem(player)
        if problem is not None:
            raise PayloadError(f"player name of {seat} {problem}")
    _check_fork(header)


MAX_PLAYER_NAME: Final = 40
"""The longest name a person may give their seat (``Header.players``), in characters."""


def player_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (None when it can): at most 40
    characters of printable text, no control or format characters, no line breaks,
    not only spaces. The live game checks a typed name with this before recording it."""
    if len(name) > MAX_PLAYER_NAME:
        return f"is {len(name)} characters long, over {MAX_PLAYER_NAME}"
    if not name.isprintable():
        return f"{_short(name)} holds a control or unprintable character"
    if name and not name.strip():
        return "is only spaces"
    return None


def _check_fork(header: Header) -> None:
    """A fork names both its parent and its fork point; any other game neither."""
    if header.parent and not _GAME_ID.fullmatch(header.parent):
        raise PayloadError(f"parent {_short(header.parent)} is not 64 hex digits")
    if header.fork_at != -1 and not 0 <= header.fork_at <= MAX_FORK_AT:
        raise PayloadError(f"fork_at {header.fork_at} is outside 0..{MAX_FORK_AT}")
    if bool(header.parent) != (header.fork_at != -1):
        raise PayloadError("parent and fork_at come together: a fork names both its "
                           "parent and the decision it replaced")


def _check_spec(catalog: Catalog, seat: str, spec: str) -> None:
    unknown = team.unknown_member(catalog, spec)
    if unknown is not None:
        raise PayloadError(f"unknown character {_short(unknown)} in {seat}")
    try:
        canonical = team.check_spec(catalog, spec)
    except (team.InvalidTeam, UnknownCharacter, UnknownCard) as error:
        raise PayloadError(f"invalid {seat} {_short(spec)}: {error}") from None
    if canonical != spec:
        raise PayloadError(f"{seat} {spec!r} is not written as {canonical!r}")


def _check_deck(catalog: Catalog, seat: str, spec: str, deck: tuple[str, ...]) -> None:
    if not catalog.cards.keys() >= set(deck):  # the common case in C; find the first below
        unknown = next(card for card in deck if card not in catalog.cards)
        raise PayloadError(f"unknown card {_short(unknown)} in {seat}'s deck")
    size = len(team.seat(catalog, spec).deck)
    if len(deck) != size:
        raise PayloadError(f"{seat}'s deck has {len(deck)} cards; a {spec} deck has {size}")


def _short(text: str) -> str:
    """``repr`` of a string from a log, cut short: a hostile value may be 1 MiB long."""
    return repr(text if len(text) <= 40 else text[:40] + "...")
