"""Character mode effects: switches on a player's side of the table that change their
turn (the once-per-turn bonus, the end-of-turn draw).

One registered handler per effect type of ``engine.vocabulary.character_modes``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine import cards as c
from engine import events as ev
from engine.context import (
    EffectCtx,
)
from engine.effects.registry import (
    handler,
)


@handler(c.SetUsedCharacterBonus)
def set_used_character_bonus(ctx: EffectCtx, e: c.SetUsedCharacterBonus) -> None:
    """Mark your once-per-turn character bonus as used this turn (read by
    ``used_character_bonus``). Example: Vega's Repel Leap, whose strike then gets his
    ability's +2 power whatever the attack.
    """
    if not ctx.table.p(ctx.player).used_character_bonus:
        ctx.table.emit(ev.CharacterBonusUsed(player=ctx.player))


@handler(c.SkipEndOfTurnDraw)
def skip_end_of_turn_draw(ctx: EffectCtx, e: c.SkipEndOfTurnDraw) -> None:
    """This turn ends without the end-of-turn draw (and so without the hand-size check).

    Example: Dan's Lucky! (Shisso Buraiken boost), ``choice skip_end_of_turn_draw | pass``.

    Own type: it switches off this turn's end-of-turn draw, a step of the turn rules.
    """
    if not ctx.table.p(ctx.player).skip_end_of_turn_draw:
        ctx.table.emit(ev.EndOfTurnDrawSkipped(player=ctx.player))


@handler(c.SetDanDrawChoice)
def set_dan_draw_choice(ctx: EffectCtx, e: c.SetDanDrawChoice) -> None:
    """From now on each of your end-of-turn draws may come from the top or the bottom of
    your deck (you choose each time). Example: Dan's ``on_exceed``.

    Own type: it switches on a character mode (end-of-turn draws from the top or the
    bottom) that the turn rules read; the tag is kept so that data stays stable.
    """
    if not ctx.table.p(ctx.player).draw_from_bottom:
        ctx.table.emit(ev.DrawChoiceGranted(player=ctx.player))
