"""Tag Team's effect handler (``engine.vocabulary.tag_team``): Ejection Strike, the after
trigger the mechanic adds to an EX or Double EX attack against a team. The docstring is
the effect's reference entry in ``docs/effects.md``."""

from __future__ import annotations

from engine.cards import schema as c
from engine.core import events as ev
from engine.core.asking import choose
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import ChoiceOption, RuleOption
from engine.core.events.tag_team import SwitchReason
from engine.effects.registry import handler


@handler(c.EjectionStrike)
def ejection_strike(ctx: EffectCtx, e: c.EjectionStrike) -> Flow[None]:
    """Decision: if the opponent, a team, is stunned, you may swap their fighter in play
    for their tagged-out one (``RuleOption`` EJECT or pass: ``FighterSwitched``, reason
    ``ejection``); they cannot switch back (Switch Characters, Cross Strike) until the
    end of the next strike. Nothing unless your attack is EX and the opponent a stunned
    team.

    Example: EX Cross against a stunned team, ``after: retreat 3`` and this trigger,
    in the order its player chooses (Street Fighter rulebook, Tag Team, Ejection
    Strike: "All EX and Double EX attacks have the Ejection Strike property. This gives
    your attack 'After: If the opponent is stunned, you may swap the opponent's active
    character for their tagged out character, and they cannot swap back until the end
    of the next Strike.'").

    Own type: no card prints it; the Tag Team mechanic adds it (``after_triggers``).
    """
    table, who = ctx.table, ctx.player
    strike = table.state.strike
    if strike is None:
        return
    them = table.p(who.other)
    if not strike.sides[who].ex or them.partner is None or not strike.sides[who.other].stunned:
        return
    chars = table.catalog.characters
    out, partner = chars[them.character].name, chars[them.partner].name
    labels = [f"eject: swap {who.other.label} {out} for {partner}", "no ejection"]
    options = [ChoiceOption(tag=RuleOption.EJECT), ChoiceOption(tag="pass")]
    if (yield from choose(table, who, labels, options)) != 0:
        return
    table.emit(ev.FighterSwitched(player=who.other, reason=SwitchReason.EJECTION,
                                  locked_until=table.state.strikes + 1))
