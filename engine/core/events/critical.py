"""Critical's event (Street Fighter rulebook, Critical): the attack is made Critical.

Its fold, and the carry-over of Critical into an extra attack, are the mechanic's own
(``engine.mechanics.critical.folds``).
"""

from __future__ import annotations

from engine.core.event_base import EventStruct
from engine.core.ids import Player


class AttackMadeCritical(EventStruct, frozen=True, tag="critical"):
    """``player``'s attack is Critical for the rest of the strike."""

    player: Player
