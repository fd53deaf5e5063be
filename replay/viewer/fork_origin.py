"""Where a forked game came from: its parent, the decision it replaced and both choices.

A fork's HEADER names its ``parent`` (the parent log's sha256, the index's game id) and
``fork_at`` (the decision it answered otherwise, ``replay.fork``). ``fork_origin`` reads
them with the replay position just before that decision and the option the fork took
there, in the words of ``exceed fork``'s option list; ``played_at`` gives the option a
game (the parent) took at one decision, so the Game page can say "played X instead of Y".
"""

from __future__ import annotations

import msgspec

from replay.options import label_of
from replay.viewer.frames import GameReplay


class ForkOrigin(msgspec.Struct, frozen=True, kw_only=True):
    """A forked game's parent (``parent``: its game id), the decision ``at`` the fork
    answered otherwise, the replay position just before it (``position``) and the option
    the fork took there (``played``; empty when the log holds no such decision)."""

    parent: str
    at: int
    position: int
    played: str


def played_at(game: GameReplay, at: int) -> tuple[int, str] | None:
    """The replay position just before decision ``at`` of ``game`` and the option taken
    there in words, or None when ``game`` has no decision ``at``."""
    replay = game.replay
    if not 0 <= at < len(replay.decision_starts):
        return None
    step = next((s for s in replay.log.steps if s.index == at), None)
    if step is None or step.request is None or step.decision is None:
        return None
    position = replay.decision_starts[at]
    with game.lock:  # the cursor is shared by every reader of this opened game
        state = replay.seek(position).copy()
    return position, label_of(step.decision, step.request, state, game.catalog)


def fork_origin(game: GameReplay) -> ForkOrigin | None:
    """The origin of ``game`` if its header names a parent, else None."""
    header = game.replay.log.header
    if not header.parent or header.fork_at < 0:
        return None
    here = played_at(game, header.fork_at)
    position, played = here if here is not None else (game.opening, "")
    return ForkOrigin(parent=header.parent, at=header.fork_at, position=position,
                      played=played)
