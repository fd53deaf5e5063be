"""What a game log holds, in a few lines: the summary ``exceed info`` prints and the
dashboard's Verify page shows for an uploaded log.

``summarise`` reads the header and counts the events; it never folds them, so it
describes a log whose events the engine would refuse (``docs/log-format.md``). A damaged
or unfinished log gets a last ``problem`` line naming what was kept. A game played on
from a built position, or edited during play, gets a ``position`` line. Its fighters
are named as the game's replay names them (``naming_catalog``): by the log's own
definitions, which may name a fighter other than this engine does, or by id when nothing
vouches for them.
"""

from __future__ import annotations

from engine import (
    DEFINITIONS_UNVERIFIED,
    Catalog,
    EditPosition,
    EndReason,
    GameLog,
    LogFormatError,
    Player,
    compare_card_data,
    default_catalog,
    display_name,
    possessive,
)
from engine import events as ev
from replay.viewer.frames import naming_catalog


def ending(loser: str, reason: EndReason) -> str:
    """Why the game ended, naming the loser (``p2 Ken Masters' life reached 0``)."""
    if reason == EndReason.LIFE:
        return f"{possessive(loser)} life reached 0"
    if reason == EndReason.RESIGNED:
        return f"{loser} resigned"
    if reason == EndReason.TIME:
        return f"{loser} lost on time"
    if reason == EndReason.LEFT:
        return f"{loser} left the game"
    return f"{loser} decked out"


def _names(log: GameLog) -> Catalog:
    """The catalog the game's fighters are named with, as its replay names them; this
    engine's when the log's definitions cannot be read (the summary still describes it)."""
    try:
        return naming_catalog(log)
    except LogFormatError:
        return default_catalog()


def _fallen(log: GameLog, loser: Player, spec: str, catalog: Catalog) -> str | None:
    """A Tag Team seat lost on life: ``p1 Chun-Li``, its fighter in play at the end (the
    first of the spec, swapped by each of its ``FighterSwitched``), the one that reached
    0 (the other keeps its life); None for a single fighter."""
    members = spec.split("+")
    if len(members) != 2:
        return None
    swaps = sum(1 for e in log.events()
                if type(e) is ev.FighterSwitched and e.player == loser)
    fighter = members[swaps % 2]
    name = catalog.character(fighter).name if fighter in catalog.characters else fighter
    return f"{loser.label} {name}"


def summarise(log: GameLog) -> list[str]:
    """The lines ``exceed info`` prints for one log."""
    return [line for _, line in summary_rows(log)]


def summary_rows(log: GameLog) -> list[tuple[str, str]]:
    """``summarise`` as (label, line) pairs: the first pair's label is the log's name, the
    others name their line (``engine``, ``result``, ``counts``, ``sealed``, ``problem``)."""
    h = log.header
    named_by = _names(log)
    names = {}
    for who, spec in ((Player.P1, h.p1), (Player.P2, h.p2)):
        names[who] = f"{who.label} {display_name(named_by, spec)}"
    strikes = sum(1 for e in log.events() if type(e) is ev.StrikeStarted)
    turns = log.steps[-1].turn if log.steps else 0
    ended = [e for e in log.events() if type(e) is ev.GameEnded]
    if ended:
        winner = Player(ended[0].winner)
        loser = names[winner.other]
        if ended[0].reason == EndReason.LIFE:
            loser = (_fallen(log, winner.other, h.p2 if winner.other else h.p1, named_by)
                     or loser)
        result = f"{names[winner]} wins ({ending(loser, ended[0].reason)})"
    else:
        result = "unfinished (abandoned)" if log.abandoned else "unfinished"
    hash_note = (" (differs from this engine)" if compare_card_data(h, default_catalog()).differs
                 else "")
    rows = [
        (log.name, f"{log.name}: {names[Player.P1]} vs {names[Player.P2]}, seed {h.seed}, "
                   f"agents {h.agents[0]}/{h.agents[1]}, first {Player(h.first).label}"),
        ("engine", f"  engine {h.engine}, format {h.format}, ruleset {h.ruleset}, "
                   f"card data {h.card_data[:12]}{hash_note}"),
        ("result", f"  result: {result}"),
        ("counts", f"  turns {turns}, strikes {strikes}, decisions {len(log.decisions)}, "
                   f"events {log.event_count}, {log.size} bytes"),
        ("sealed", f"  sealed: {'yes' if log.sealed else 'no'}"),
    ]
    if any(h.players):
        named = [f"{who.label} {name or h.agents[who]}" for who, name
                 in zip((Player.P1, Player.P2), h.players, strict=True)]
        rows.append(("players", f"  players: {', '.join(named)}"))
    if log.definitions_status == DEFINITIONS_UNVERIFIED:
        rows.append(("definitions",
                     f"  definitions: unverified: recorded with engine catalog "
                     f"{h.catalog_hash[:12]}, not this engine's, so nothing proves the "
                     "log's card definitions (names, text) are the ones played"))
    edits = sum(1 for d in log.decisions if type(d) is EditPosition)
    if h.position or edits:
        created = [f"{who.label} {', '.join(cards)}" for who, cards
                   in zip((Player.P1, Player.P2), h.extra, strict=True) if cards]
        start = (f"a built position ({h.position} stated event(s))" if h.position
                 else "dealt by the rules")
        rows.append(("position",
                     f"  position: {start}; extra cards: {'; '.join(created) or 'none'}; "
                     f"edits during play: {edits}"))
    if h.parent:
        rows.append(("fork", f"  fork: of game {h.parent[:12]} at decision {h.fork_at} "
                             "(the decisions before it are the parent's)"))
    if log.damage is not None:
        d = log.damage
        where = f"byte {d.offset}" if d.offset >= 0 else "a payload"
        rows.append(("problem",
                     f"  problem: stopped at {where} (frame {d.frame_index}): {d.reason}; kept "
                     f"{len(log.steps)} step(s) and {log.event_count} event(s) before it"))
    elif log.abandoned:
        rows.append(("problem", "  problem: unfinished (abandoned): its players left it"))
    elif not log.sealed:
        rows.append(("problem",
                     "  problem: no trailer: the game was not finished (recorder stopped?)"))
    return rows
