"""The recent-events lines of the Game page and ``exceed replay`` (``replay.viewer.board``):
every event reads as words. The engine's transcript leaves bookkeeping events out, and the
board then used their class name: Merkava's games showed ``#111 (StrikeTurnNoted)``."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from engine import events as ev
from engine.core.hooks.registry import speaker
from engine.core.ids import Player
from engine.text import notation
from replay.viewer import board
from replay.viewer.frames import open_game

CLASS_NAME = re.compile(r"\((?:[A-Z][a-z]+){2,}\)$")
"""A line that is a parenthesised class name, as the old fallback printed it."""


def _spoken(kind: type) -> bool:
    """Has the transcript a line for events of ``kind`` (its own, or its mechanic's)?"""
    mechanic = speaker(kind)  # the transcript's (notation imports it)
    return kind in notation._FORMATS or (mechanic is not None and kind in mechanic.words)


def test_every_event_type_has_a_line() -> None:
    kinds = set(typing.get_args(ev.Event))
    assert len(kinds) > 100
    unread = sorted(k.__name__ for k in kinds if not _spoken(k) and k not in board._FALLBACK)
    assert unread == []


def test_no_sample_game_shows_a_class_name(sample_paths: list[Path]) -> None:
    """Every event of every sample game, seen by both players and all."""
    for path in sample_paths:
        game = open_game(path)
        replay = game.replay
        replay.seek(game.length)
        for perspective in (None, Player.P1, Player.P2):
            lines = board.recent_lines(replay, perspective, game.length)
            assert len(lines) == game.length
            named = [line for line in lines if CLASS_NAME.search(line)]
            assert named == [], (path.name, perspective, named[:3])


def test_a_type_without_a_line_reads_as_words() -> None:
    class NewlyAddedThing(ev.StrikeTurnNoted, frozen=True, tag="newly_added_thing"):
        pass

    line = board.bookkeeping_line(None, NewlyAddedThing(turn=3))  # type: ignore[arg-type]
    assert line == "(newly added thing)"


def test_why_words_each_event_as_the_recent_events_do(sample_paths: list[Path]) -> None:
    """"Why did event #49 happen?" read "#49 draw increased" (the event's tag) where the
    recent events read "p1 Vatista's draw effects draw 1 more this strike": both now share
    the words of the events the transcript leaves out."""
    from replay.viewer.why import why_lines

    for name in ("vatista-vs-ryu", "rachel-vs-ryu"):
        path = next(p for p in sample_paths if p.name.startswith(name))
        game = open_game(path)
        replay = game.replay
        replay.seek(game.length)
        recent = board.recent_lines(replay, None, game.length)
        for number, line in enumerate(recent, 1):
            first = why_lines(replay, number)[0]
            assert first.startswith(f"{line} -- "), (name, first, line)
