"""Character mode effects: switches on a player's side of the table that the turn and
movement rules read (the once-per-turn bonus, the end-of-turn draw, blocking the way).

One handler, ``set_mode``, for the struct of ``engine.vocabulary.character_modes``; each
mode is a row of ``SWITCHES``: how to read it and the events that switch it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.cards import schema as c
from engine.core import events as ev
from engine.core.context import EffectCtx
from engine.core.ids import Player
from engine.core.state import PlayerState
from engine.effects.registry import handler


class Switch(NamedTuple):
    """How a mode reads on a player, and the events that turn it on and off."""

    is_on: Callable[[PlayerState], bool]
    switch_on: Callable[[Player], ev.Event]
    switch_off: Callable[[Player], ev.Event] | None = None


SWITCHES: dict[c.Mode, Switch] = {
    c.Mode.USED_CHARACTER_BONUS: Switch(
        lambda p: p.used_character_bonus, lambda who: ev.CharacterBonusUsed(player=who)
    ),
    c.Mode.SKIP_END_OF_TURN_DRAW: Switch(
        lambda p: p.skip_end_of_turn_draw, lambda who: ev.EndOfTurnDrawSkipped(player=who)
    ),
    c.Mode.DRAW_FROM_TOP_OR_BOTTOM: Switch(
        lambda p: p.draw_from_bottom, lambda who: ev.DrawChoiceGranted(player=who)
    ),
    c.Mode.OPPONENT_CANT_MOVE_PAST: Switch(
        lambda p: p.blocks_passing,
        lambda who: ev.PassingBlocked(player=who, blocked=True),
        lambda who: ev.PassingBlocked(player=who, blocked=False),
    ),
}


@handler(c.SetMode)
def set_mode(ctx: EffectCtx, e: c.SetMode) -> None:
    """Switch ``mode`` on for you (``on: false``: off); nothing happens if it already is.

    - ``used_character_bonus``: your once-per-turn character bonus counts as used this
      turn (read by ``used_character_bonus``). Vega's Repel Leap, whose strike then gets
      his ability's +2 power whatever the attack.
    - ``skip_end_of_turn_draw``: this turn ends without the end-of-turn draw (the hand
      limit is still checked). Dan's Lucky! (Shisso Buraiken boost), ``choice
      set_mode skip_end_of_turn_draw | pass``.
    - ``draw_from_top_or_bottom``: from now on each of your end-of-turn draws may come
      from the top or the bottom of your deck (you choose each time). Dan's ``on_exceed``.
    - ``opponent_cant_move_past`` (reversible): until switched off, the opponent cannot
      move past you by their own movement: an advance stops adjacent, and the Move
      action cannot reach your far side. Pushes and pulls are unaffected. Zangief's
      Siberian Blizzard (on at ``during_strike``, off at ``cleanup``).

    Only ``opponent_cant_move_past`` may be switched off (the catalog refuses the
    others); the rules reset the per-turn modes themselves.
    """
    switch = SWITCHES[e.mode]
    if switch.is_on(ctx.table.p(ctx.player)) == e.on:
        return
    make = switch.switch_on if e.on else switch.switch_off
    assert make is not None, f"{e.mode} cannot be switched off"  # checked by the catalog
    ctx.table.emit(make(ctx.player))
