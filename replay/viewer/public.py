"""The public view: what a spectator of a game in progress may see.

A spectator is neither seat, so it sees what both seats see: a state observed for p1,
then for p2 (``observed``: both hands and decks hidden, counted; a face-down attack of
either seat hidden until its reveal; gauge, boosts, discard pile and open areas named),
and each event redacted for p1, then for p2 (``redacted``, ``transcript``). This is
``replay.live.picture``'s spectator view of a live game (``_view(state, None, over=False)``),
said for the replay viewer's read model: ``replay.viewer.frames.frame`` under the
``"public"`` perspective, its recent lines and ``why``.

``Viewer`` is who a table is folded for: a seat, ``None`` (omniscient) or ``PUBLIC``.
"""

from __future__ import annotations

from typing import Literal

from engine import Catalog, Player, State, Transcript, apply, observe, redact
from engine import events as ev

PUBLIC: Literal["public"] = "public"
Viewer = Player | Literal["public"] | None
"""A seat, ``None`` (omniscient, nothing hidden) or ``PUBLIC`` (both seats' view at once)."""


def observed(state: State, viewer: Viewer) -> State:
    """A copy of ``state`` as ``viewer`` sees it."""
    if viewer == PUBLIC:
        return observe(observe(state, Player.P1), Player.P2)  # both hands hidden
    return observe(state, viewer)


def redacted(event: ev.Event, viewer: Viewer) -> ev.Event:
    """``event`` as ``viewer`` may read it."""
    if viewer == PUBLIC:
        return redact(redact(event, Player.P1), Player.P2)
    return redact(event, viewer)


class PublicTranscript(Transcript):
    """The transcript a spectator reads: each event worded as both seats may see it,
    while the fold takes the event itself."""

    def feed(self, event: ev.Event) -> str | None:
        line = self._line(redacted(event, PUBLIC))
        apply(self.state, event)
        return line


def transcript(state: State, catalog: Catalog, viewer: Viewer) -> Transcript:
    """A transcript from ``state`` wording each event as ``viewer`` may read it."""
    if viewer == PUBLIC:
        return PublicTranscript(state, catalog)
    return Transcript(state, catalog, viewer)
