"""The card reader's phrases for boosts, buddies, Traps and lightning rods, modes, and
the effects that hold other effects (choices, payments, repeats, an added attack
effect). Meanings as ``docs/effects.md`` states them; the card reader is
``engine.text.reading``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.text.reading_base import Reader, amount, kinds, phrase, spaces, words
from engine.vocabulary.boosts import BoostOrRevealHand

# choices and payments


@phrase(c.Choice)
def _choice(e: c.Choice, r: Reader) -> str:
    # the opponent's pick is theirs to do: its "you" is the opponent (docs/effects.md)
    who = 'the opponent chooses and does ("you" is them)' if e.opponent else "choose"
    return f"{who}: " + " / ".join(r.chain(option) for option in e.options)


@phrase(c.ChoiceMultiple)
def _choice_multiple(e: c.ChoiceMultiple, r: Reader) -> str:
    return (f"choose {e.amount} different, one after another: "
            + " / ".join(r.chain(option) for option in e.options))


@phrase(c.GaugeForEffect, c.ForceForEffect)
def _paid(e: c.GaugeForEffect | c.ForceForEffect, r: Reader) -> str:
    """``may spend 1 gauge: your attack is Critical``, ``may spend up to 2 force: +1 power
    per force``, ``the opponent may spend 1 force: ...`` (the effects are still yours)."""
    if isinstance(e, c.GaugeForEffect):
        unit, most, each, who = "gauge", e.gauge_max, e.per_gauge_effect, ""
    else:
        unit, most, each = "force", e.force_max, e.per_force_effect
        who = "the opponent " if e.other_player else ""
        if e.combined:
            return f"{who}may spend up to {most} force: {r.chain(each)} per force"
    verb = "must spend" if e.required else "may spend"
    if e.overall_effect:
        most_words = "any" if most < 0 or most >= 99 else str(most)
        return f"{who}{verb} {most_words} {unit}: {r.chain(e.overall_effect)}"
    most_words = "any amount of" if most < 0 or most >= 99 else f"up to {most}"
    return f"{who}{verb} {most_words} {unit}: {r.chain(each)} per {unit}"


@phrase(c.RepeatEffectOptionally)
def _repeat(e: c.RepeatEffectOptionally, r: Reader) -> str:
    times = amount(e.amount)
    linked = r.chain(e.linked_effect)
    if e.first_not_automatic:
        return f"you may {linked}, up to {times} times"
    if isinstance(e.amount, c.Count) and " per " in times and not e.amount.plus:
        rate, per = times.split(" per ", 1)  # "1 per 2 sealed Normals"
        more = "1 more time" if rate == "1" else f"{rate} more times"
        return f"{linked}; you may repeat it, {more} per {per}"
    return f"{linked}; you may repeat it up to {times} more times"


@phrase(c.AddAttackEffect)
def _attack_effect(e: c.AddAttackEffect, r: Reader) -> str:
    added = e.added_effect
    timing = "" if added.timing is None else words(added.timing) + ": "
    return f"your attack gains ({timing}{r.chain((added,))})"


@phrase(c.AddPassive)
def _passive(e: c.AddPassive, r: Reader) -> str:
    if e.passive is c.Passive.DISCARD_2X_TOPDECK_INSTEAD_OF_DAMAGE:
        return ("while this boost is in play, damage you take discards twice as many cards "
                "from the top of your deck instead")
    return f"while this boost is in play: {words(e.passive)}"


@phrase(c.SetMode)
def _mode(e: c.SetMode, r: Reader) -> str:
    on = {
        c.Mode.USED_CHARACTER_BONUS: "your character bonus counts as used this turn",
        c.Mode.SKIP_END_OF_TURN_DRAW: "skip your end-of-turn draw",
        c.Mode.DRAW_FROM_TOP_OR_BOTTOM: "you may draw from the bottom of your deck",
        c.Mode.OPPONENT_CANT_MOVE_PAST: "the opponent cannot move past you",
    }
    if e.on:
        return on[e.mode]
    return f"no longer: {on[e.mode]}"


@phrase(c.ReplaceWildSwing)
def _replace_wild(e: c.ReplaceWildSwing, r: Reader) -> str:
    where = {"hand": "your hand", "gauge": "your gauge", "discard": "your discard pile"}
    return (f"your invalid attack goes to {where[e.previous_attack_to.value]} instead of "
            "your discard pile, and you wild swing again")


# boosts

def _zones(zones: tuple[c.BoostSource, ...]) -> str:
    return " or ".join(f"your {words(z) if z is not c.BoostSource.DISCARD else 'discard pile'}"
                       for z in zones)


@phrase(c.BoostAdditional)
def _boost_additional(e: c.BoostAdditional, r: Reader) -> str:
    what = (e.boost_name if e.boost_name is not None
            else kinds(e.card_kind, "card").removesuffix(" card") if e.card_kind is not None
            else kinds(e.limitation, "boost"))
    cost = " at no cost" if e.ignore_costs else ""
    return f"you may boost {what} from {_zones(e.valid_zones)}{cost}"


@phrase(BoostOrRevealHand)
def _boost_or_reveal(e: BoostOrRevealHand, r: Reader) -> str:
    return f"boost {kinds(e.limitation, 'boost')} from your hand, or reveal your hand"


@phrase(c.BoostThenSustain)
def _boost_sustain(e: c.BoostThenSustain, r: Reader) -> str:
    what = kinds(e.limitation, "card")
    cost = " at no cost" if e.ignore_costs else ""
    text = f"you may boost {what} from {_zones(e.valid_zones)}{cost}"
    if e.sustain:
        text += "; it stays in play after the strike"
    if e.play_boost_effect:
        text += f"; then {r.chain(e.play_boost_effect)}"
    return text


@phrase(c.BoostThenSustainTopdeck, c.BoostThenSustainTopdiscard)
def _boost_top(e: c.BoostThenSustainTopdeck | c.BoostThenSustainTopdiscard, r: Reader) -> str:
    if isinstance(e, c.BoostThenSustainTopdeck):
        card = "the top card of your deck"
    elif e.limitation is None:
        card = "the top card of your discard pile"
    else:
        card = f"the topmost {words(e.limitation)} boost of your discard pile"
    times = "" if e.amount == 1 else f", {e.amount} times"
    text = f"boost {card} at no cost{times}"
    if e.sustain:
        text += "; it stays in play after the strike"
    if isinstance(e, c.BoostThenSustainTopdeck) and e.discard_if_not_continuous:
        text += " (an immediate boost is discarded instead)"
    return text


@phrase(c.BoostThisThenSustain)
def _boost_this(e: c.BoostThisThenSustain, r: Reader) -> str:
    text = "your attack becomes a continuous boost"
    if not e.dont_sustain:
        text += " that stays in play after the strike"
    if e.boost_effect:
        text += f"; then {r.chain(e.boost_effect)}"
    return text


@phrase(c.ChooseSustainBoost)
def _sustain(e: c.ChooseSustainBoost, r: Reader) -> str:
    boosts = "a boost" if e.amount == 1 else f"{e.amount} boosts"
    how = "choose" if e.amount_min else "you may choose"
    return f"{how} {boosts} of yours to stay in play after the strike"


@phrase(c.DiscardThis)
def _discard_this(e: c.DiscardThis, r: Reader) -> str:
    return "discard this boost"


@phrase(c.DiscardContinuousBoost)
def _discard_boost(e: c.DiscardContinuousBoost, r: Reader) -> str:
    whose = "of yours" if e.mine else "in play"
    verb = "discard" if e.required else "you may discard"
    text = f"{verb} a continuous boost {whose}"
    if e.destination is c.LeftBoostDestination.OWNER_HAND:
        text = text.replace("discard", "return", 1) + " to its owner's hand"
    if e.overall_effect:
        text += f"; if you do, {r.chain(e.overall_effect)}"
    return text


@phrase(c.DiscardBoostInOpponentSpace)
def _discard_trap(e: c.DiscardBoostInOpponentSpace, r: Reader) -> str:
    text = f"discard your {e.boost_name} on the opponent's space"
    return text + (f": if you do, {r.chain(e.overall_effect)}" if e.overall_effect else "")


@phrase(c.MoveAnyBoost)
def _move_boost(e: c.MoveAnyBoost, r: Reader) -> str:
    what = f"your {e.boost_name}" if e.boost_name is not None else "one of your Traps"
    far = spaces(e.amount_max) if e.amount_min == e.amount_max else \
        f"{e.amount_min} to {spaces(e.amount_max)}"
    return f"move {what} {far}"


@phrase(c.PlaceTrap)
def _trap(e: c.PlaceTrap, r: Reader) -> str:
    where = "a space your attack reaches" if e.in_attack_range else "any space"
    text = f"{'you may play' if e.optional else 'play'} this Trap onto {where}"
    if e.if_placed_effect:
        text += f"; then {r.chain(e.if_placed_effect)}"
    if e.stop_on_space_effect:
        text += (f"; the opponent moving onto or through it stops there, then "
                 f"{r.chain(e.stop_on_space_effect)}")
    return text


@phrase(c.PlaceLightningrod)
def _rod(e: c.PlaceLightningrod, r: Reader) -> str:
    card = {c.LightningRodSource.TOP_DISCARD: "the top card of your discard pile",
            c.LightningRodSource.THIS_ATTACK_CARD: "your attack card",
            c.LightningRodSource.DISCARD: "a card of your discard pile"}[e.source]
    where = "a space your attack reaches" if e.attack_range else "any space"
    return f"{card} becomes a lightning rod on {where}"


@phrase(c.LightningRodStrike)
def _rod_strike(e: c.LightningRodStrike, r: Reader) -> str:
    return ("if the opponent stands on this lightning rod's space, you may return it to "
            "your hand and deal them 2 nonlethal damage")


@phrase(c.EjectionStrike)
def _ejection(e: c.EjectionStrike, r: Reader) -> str:
    return ("if the opponent is stunned, you may swap their fighter in play for their "
            "tagged-out one, who cannot swap back until the end of the next strike")


@phrase(c.GaugeCostsReducedPassive)
def _gauge_discount(e: c.GaugeCostsReducedPassive, r: Reader) -> str:
    size = "free" if e.amount >= 99 else f"{e.amount} less"
    return f"your gauge costs are no longer {size}" if e.remove else \
        f"from now on your gauge costs are {size}"


@phrase(c.ForceCostsReducedPassive)
def _force_discount(e: c.ForceCostsReducedPassive, r: Reader) -> str:
    return f"your force costs are {e.amount} less"


# buddies

@phrase(c.PlaceBuddyInAnySpace)
def _place_any(e: c.PlaceBuddyInAnySpace, r: Reader) -> str:
    return f"{'you may put' if e.optional else 'put'} {r.buddy(e.buddy)} on any space"


@phrase(c.PlaceBuddyInAttackRange)
def _place_range(e: c.PlaceBuddyInAttackRange, r: Reader) -> str:
    return f"put {r.buddy(e.buddy)} on a space within your attack's range"


@phrase(c.PlaceBuddyOntoOpponent, c.PlaceBuddyOntoSelf)
def _place_on(e: c.PlaceBuddyOntoOpponent | c.PlaceBuddyOntoSelf, r: Reader) -> str:
    whose = "the opponent's" if isinstance(e, c.PlaceBuddyOntoOpponent) else "your"
    return f"put {r.buddy(e.buddy)} on {whose} space"


@phrase(c.PlaceBuddyAtRange)
def _place_at(e: c.PlaceBuddyAtRange, r: Reader) -> str:
    far = (f"{spaces(e.range_max)}" if e.range_min == e.range_max
           else f"{e.range_min} to {spaces(e.range_max)}")
    text = f"put {r.buddy(e.buddy)} {far} from you"
    if e.other_buddy is not None:
        text += f", and {r.name(e.other_buddy)} on another such space"
    return text


@phrase(c.MoveBuddy)
def _move_buddy(e: c.MoveBuddy, r: Reader) -> str:
    low, high = e.amount, e.amount if e.amount2 is None else e.amount2
    far = spaces(high) if low == high else f"{low} to {spaces(high)}"
    return f"{'you may move' if e.optional else 'move'} {r.buddy(e.buddy)} {far}"


@phrase(c.MoveToBuddy)
def _to_buddy(e: c.MoveToBuddy, r: Reader) -> str:
    return f"move to {r.buddy(e.buddy)}"


@phrase(c.PullToBuddy)
def _pull_to_buddy(e: c.PullToBuddy, r: Reader) -> str:
    return f"move the opponent {spaces(e.amount)} toward {r.buddy(e.buddy)}"


@phrase(c.RemoveBuddy)
def _remove(e: c.RemoveBuddy, r: Reader) -> str:
    return f"remove {r.buddy(e.buddy)} from the arena"


@phrase(c.SwapBuddy)
def _swap(e: c.SwapBuddy, r: Reader) -> str:
    return f"{r.name(e.buddy_to_remove)} becomes {r.name(e.buddy_to_place)}"


@phrase(c.FlipBuddyMissGetGauge)
def _flip(e: c.FlipBuddyMissGetGauge, r: Reader) -> str:
    return (f"flip the opponent's {r.name(e.buddy_to_remove)} to "
            f"{r.name(e.buddy_to_place)}: your attack misses but goes to your gauge")


@phrase(c.BuddyImmuneToFlip)
def _immune(e: c.BuddyImmuneToFlip, r: Reader) -> str:
    return f"the opponent cannot flip {r.buddy(e.buddy)}"


@phrase(c.CalculateRangeFromBuddy)
def _range_from(e: c.CalculateRangeFromBuddy, r: Reader) -> str:
    return f"your range is measured from {r.buddy(e.buddy)}"


@phrase(c.ChooseCalculateRangeFromBuddy)
def _choose_range_from(e: c.ChooseCalculateRangeFromBuddy, r: Reader) -> str:
    verb = "you may measure" if e.optional else "measure"
    which = "one of your buddies" if e.buddy is None else f"a {r.name(e.buddy)} of yours"
    return f"{verb} your range from {which}"


@phrase(c.OpponentCantMovePastBuddy, c.RemoveOpponentCantMovePastBuddy)
def _wall(e: c.OpponentCantMovePastBuddy | c.RemoveOpponentCantMovePastBuddy,
          r: Reader) -> str:
    buddy = r.buddy(e.buddy)
    if isinstance(e, c.RemoveOpponentCantMovePastBuddy):
        return f"the opponent may move past {buddy} again"
    return f"the opponent cannot move past {buddy}"


__all__: list[str] = []
