"""``OverdriveState``: the per-game state of the BlazBlue mechanic, kept in
``State.mechanics[OVERDRIVE]`` and written only by ``engine.mechanics.blazblue.folds``.
"""

from __future__ import annotations

import msgspec

from engine.ids import Player
from engine.state import MechanicState, State, game_record, kept_record

OVERDRIVE = "overdrive"
"""The ``State.mechanics`` key (and the mechanic's name)."""


class OverdriveState(MechanicState, kw_only=True):
    """Per player, the cards in the overdrive area, oldest first (open information; a
    player may hold an opponent's card there, as Arakune's effects put them)."""

    cards: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])

    def named_areas(self, who: int) -> dict[str, list[int]]:
        """``who``'s overdrive area, when it holds any card."""
        return {OVERDRIVE: list(self.cards[who])} if self.cards[who] else {}


def of(state: State) -> OverdriveState | None:
    """The mechanic's state, None before its first event. Reads only."""
    return kept_record(state, OVERDRIVE, OverdriveState)


def ensure(state: State) -> OverdriveState:
    """The mechanic's state, created on its first event (folds only)."""
    return game_record(state, OVERDRIVE, OverdriveState)


def overdrive(state: State, who: Player) -> list[int]:
    """The cards in ``who``'s overdrive area, oldest first (a copy). Reads only."""
    found = of(state)
    return [] if found is None else list(found.cards[who])
