"""The strike timeline and resource lanes of a live game, as one seat may see them.

``live_charts(root, game_id, seat)`` opens the game's log as the Game page opens a log
(``replay.viewer``: one ``GameReplay``, kept while the log is unchanged) and keeps only
what ``seat`` may be shown:

- the strikes that have ended: both attacks were revealed in them, so both seats have
  seen their cards. The strike in progress is left out (its face-down attack is the
  arena's, drawn face down there); once the game is over every strike is shown;
- the lanes (gauge, hand, deck, boosts, Exceed and the season counters): counts and
  modes, open information the same for everyone;
- the names of the cards of the strikes kept, and no other;
- the perspective the charts are drawn as: the seat's (``p1`` / ``p2``; hotseat: the
  seat on move), ``spectator`` for a spectator, ``all`` once the game is over.

``live_cards(root, game_id)`` gives the card texts of the game's fighters (their deck
lists are open information, the same for everyone), from the same opened log.

The dashboard draws these with the Game page's own ``dashboard.timeline`` and
``dashboard.lanes`` (which name a strike's cards under a seat's perspective only once
the strike has ended): nothing here is read from another seat's view.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from engine import Player
from engine import events as ev
from replay.card_reference import FighterCards, game_cards
from replay.live import store
from replay.live.picture import SPECTATOR
from replay.viewer.frames import GameReplay, GameUnavailable, open_game
from replay.viewer.lanes import GameLanes
from replay.viewer.timeline import GameTimeline

_OPENED: dict[str, tuple[store.FileKey, GameReplay]] = {}
"""Log path -> (its size, mtime ns and inode, the opened game) as this process last
opened it."""
KEPT = 16
"""At most this many live games are kept open."""


class SeatCharts(msgspec.Struct, frozen=True, kw_only=True):
    """What the Play page's timeline and lanes are drawn from, for one seat."""

    timeline: GameTimeline
    lanes: GameLanes
    cards: dict[str, str]
    """Card id -> name, for the cards of the strikes in ``timeline`` only."""
    seats: tuple[str, str]
    """The row names: ``p1 Ryu``, ``p2 Ken``."""
    turn_starts: tuple[int, ...]
    perspective: str
    length: int


def _opened(path: Path) -> GameReplay:
    seen = store.file_key(os.stat(path))
    key = str(path)
    kept = _OPENED.get(key)
    if kept is not None and kept[0] == seen:
        return kept[1]
    game = open_game(path)
    if len(_OPENED) >= KEPT:
        _OPENED.pop(next(iter(_OPENED)))
    _OPENED[key] = (seen, game)
    return game


def _opened_live(root: Path, game_id: str) -> GameReplay:
    """The live game's log, opened; ``LiveError`` if it cannot be read."""
    try:
        return _opened(store.log_path(root, game_id))
    except FileNotFoundError:
        raise store.LiveError("no such live game (its log is gone)") from None
    except GameUnavailable as error:
        raise store.LiveError(f"the game's log cannot be read: {error}") from None


def live_cards(root: Path, game_id: str) -> list[FighterCards]:
    """The card texts of the live game's fighters, from its log's catalog
    (``replay.card_reference``). ``LiveError`` if the log cannot be read."""
    return game_cards(_opened_live(root, game_id))


def live_charts(root: Path, game_id: str, seat: str, viewer: Player | None = None
                ) -> SeatCharts:
    """The charts of ``seat`` (``p1``, ``p2``, ``both`` with ``viewer`` the seat on
    move, or ``SPECTATOR``), opened by its token already (``store.seat_of_token``).
    ``LiveError`` if the log cannot be read."""
    game = _opened_live(root, game_id)
    over = game.ending is not None
    model = game.timeline
    strikes = model.strikes
    if not over:
        ended = sum(1 for e in game.replay.events if type(e) is ev.StrikeEnded)
        strikes = strikes[:ended]
        model = msgspec.structs.replace(model, strikes=strikes)
    if over:
        perspective = "all"
    elif seat == SPECTATOR:
        perspective = SPECTATOR
    elif seat == store.BOTH_SEATS:
        perspective = (viewer or Player.P1).label
    else:
        perspective = seat
    ids = sorted({c for s in strikes for c in (s.a_card, s.d_card) if c})
    cards = {c: game.catalog.card(c).name if c in game.catalog.cards else c for c in ids}
    names = game.characters
    return SeatCharts(timeline=model, lanes=game.lanes, cards=cards,
                      seats=(f"p1 {names[0]}", f"p2 {names[1]}"),
                      turn_starts=tuple(game.replay.turn_starts), perspective=perspective,
                      length=game.length)
