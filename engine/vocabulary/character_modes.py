"""Character mode effects: switches on a player's side of the table that the turn and
movement rules read (the once-per-turn bonus, the end-of-turn draw, blocking the way).

The handler is ``set_mode`` in ``engine.effects.character_modes``.
"""

from __future__ import annotations

import enum

from engine.vocabulary.base import EffectBase


class Mode(enum.StrEnum):
    """A switch on a player's side of the table; ``set_mode`` turns it on (or off)."""

    USED_CHARACTER_BONUS = "used_character_bonus"
    SKIP_END_OF_TURN_DRAW = "skip_end_of_turn_draw"
    DRAW_FROM_TOP_OR_BOTTOM = "draw_from_top_or_bottom"
    OPPONENT_CANT_MOVE_PAST = "opponent_cant_move_past"


REVERSIBLE_MODES: frozenset[Mode] = frozenset({Mode.OPPONENT_CANT_MOVE_PAST})
"""The modes an effect may switch off (``on: false``); the rules reset the others."""


class SetMode(EffectBase, frozen=True, kw_only=True, tag="set_mode"):
    """Switch ``mode`` on for you (``on: false``: off, for a reversible mode)."""

    mode: Mode
    on: bool = True
