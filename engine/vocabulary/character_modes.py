"""Character mode effects: switches on a player's side of the table that change their
turn (the once-per-turn bonus, the end-of-turn draw).

The handlers are in ``engine.effects.character_modes``, under the same names in snake case.
"""

from __future__ import annotations

from engine.vocabulary.base import EffectBase


class SetUsedCharacterBonus(EffectBase, frozen=True, kw_only=True, tag="set_used_character_bonus"):
    pass


class SkipEndOfTurnDraw(EffectBase, frozen=True, kw_only=True, tag="skip_end_of_turn_draw"):
    pass


class SetDanDrawChoice(EffectBase, frozen=True, kw_only=True, tag="set_dan_draw_choice"):
    pass
