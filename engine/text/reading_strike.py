"""The card reader's phrases for what an effect does to a strike: the attack's stats,
its range and hit, movement, and strikes started by an effect. Meanings as
``docs/effects.md`` states them; the card reader is ``engine.text.reading``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.text.reading_base import Reader, amount, distance, measure, phrase, spaces, words

_STATS: dict[type[c.Effect], str] = {
    c.Powerup: "power", c.Speedup: "speed", c.Armorup: "armor", c.Guardup: "guard"}


@phrase(c.Powerup, c.Speedup, c.Armorup, c.Guardup)
def _stat(e: c.Powerup | c.Speedup | c.Armorup | c.Guardup, r: Reader) -> str:
    return measure(e.amount, _STATS[type(e)])


@phrase(c.PowerupBothPlayers)
def _power_both(e: c.PowerupBothPlayers, r: Reader) -> str:
    return f"both attacks {measure(e.amount, 'power')}"


@phrase(c.PowerupOpponent)
def _power_opponent(e: c.PowerupOpponent, r: Reader) -> str:
    return f"the opponent's attack {measure(e.amount, 'power')}"


def _range(low: int | c.SymbolicAmount | c.Count, high: int | c.SymbolicAmount | c.Count) -> str:
    return f"range {amount(low, signed=True)}~{amount(high, signed=True)}"


@phrase(c.Rangeup)
def _rangeup(e: c.Rangeup, r: Reader) -> str:
    return _range(e.amount, e.amount2)


@phrase(c.RangeupBothPlayers)
def _range_both(e: c.RangeupBothPlayers, r: Reader) -> str:
    return "both attacks " + _range(e.amount, e.amount2)


@phrase(c.RangeupPerBoostModifier, c.RangeupPerAnyBoostModifier)
def _range_per_boost(e: c.RangeupPerBoostModifier | c.RangeupPerAnyBoostModifier,
                     r: Reader) -> str:
    whose = "of yours" if isinstance(e, c.RangeupPerBoostModifier) else "(either player's)"
    return f"{_range(e.amount, e.amount2)} per continuous boost {whose} in play"


@phrase(c.SpeedupBySpacesModifier)
def _speed_per_space(e: c.SpeedupBySpacesModifier, r: Reader) -> str:
    return f"{amount(e.amount, signed=True)} speed per empty space between the fighters"


@phrase(c.SpeedupPerBoostModifier)
def _speed_per_boost(e: c.SpeedupPerBoostModifier, r: Reader) -> str:
    whose = "(either player's)" if e.all_boosts else "of yours"
    return f"{amount(e.amount, signed=True)} speed per continuous boost {whose} in play"


@phrase(c.PowerupPerArmorUsed)
def _power_per_armor(e: c.PowerupPerArmorUsed, r: Reader) -> str:
    return f"{e.amount:+d} power per point of your armor used up this strike"


@phrase(c.PowerupPerSpentGaugeMatchingRangeToOpponent)
def _power_per_gauge(e: c.PowerupPerSpentGaugeMatchingRangeToOpponent, r: Reader) -> str:
    return (f"{e.amount:+d} power per gauge card spent on this attack whose range includes "
            "the opponent's distance")


@phrase(c.MultiplyPowerBonuses, c.MultiplyPositivePowerBonuses)
def _multiply(e: c.MultiplyPowerBonuses | c.MultiplyPositivePowerBonuses, r: Reader) -> str:
    which = "positive " if isinstance(e, c.MultiplyPositivePowerBonuses) else ""
    return f"your {which}power bonuses count {amount(e.amount)} times"


@phrase(c.SetTotalPower)
def _total_power(e: c.SetTotalPower, r: Reader) -> str:
    return f"your total power is {e.amount}, whatever its bonuses"


@phrase(c.SwapPowerSpeed)
def _swap(e: c.SwapPowerSpeed, r: Reader) -> str:
    return "your attack's power and speed trade places"


@phrase(c.UseSavedPowerAsPrintedPower)
def _saved_power(e: c.UseSavedPowerAsPrintedPower, r: Reader) -> str:
    return "your attack's printed power is the power you saved"


@phrase(c.UseTopDiscardAsPrintedPower)
def _discard_power(e: c.UseTopDiscardAsPrintedPower, r: Reader) -> str:
    return "your attack's printed power is that of your discard pile's top card"


@phrase(c.SetStrikeX)
def _strike_x(e: c.SetStrikeX, r: Reader) -> str:
    sources = {
        c.StrikeXSource.TOP_DISCARD_POWER: "your discard pile's top card's power",
        c.StrikeXSource.TOP_DECK_POWER: "your deck's top card's power",
        c.StrikeXSource.OPPONENT_SPEED: "the opponent's speed",
        c.StrikeXSource.RANDOM_GAUGE_POWER: "the power of a random card of your gauge",
        c.StrikeXSource.GAUGE_SPENT_BEFORE_STRIKE: "the gauge you spent before the strike",
        c.StrikeXSource.ULTRAS_USED_TO_PAY_GAUGE_COST: "the Ultras you paid the gauge cost with",
        c.StrikeXSource.LIGHTNINGRODS_IN_OPPONENT_SPACE:
            "your lightning rods on the opponent's space",
    }
    if e.source is c.StrikeXSource.COPIES_IN_GAUGE:
        what = "the copies of " + ("your attack" if e.card is None else r.name(e.card))
        return f"X is {what} in your gauge"
    return f"X is {sources.get(e.source, words(e.source))}"


_PLAIN: dict[type[c.Effect], str] = {
    c.AttackIsEx: "your attack is EX",
    c.Critical: "your attack is Critical",
    c.CannotStun: "your attack cannot stun",
    c.StunImmunity: "you cannot be stunned",
    c.DodgeAttacks: "the opponent's attack misses you",
    c.DodgeAtRangeOverdriveCount:
        "attacks from a range equal to your overdrive cards miss you",
    c.IgnorePushAndPull: "pushes and pulls do not move you",
    c.IgnorePushAndPullPassiveBonus: "from now on, pushes and pulls do not move you",
    c.RemoveIgnorePushAndPullPassiveBonus: "pushes and pulls move you again",
    c.InvalidateAttack: "your attack is invalid",
    c.InvertRange: "your attack hits outside its range and misses inside it",
    c.LoseAllArmor: "you lose your remaining armor",
    c.MayGenerateGaugeWithForce: "this strike you may pay gauge costs with force",
    c.MayInvalidateUltras: "this strike you may decline to pay for your Ultra",
    c.NonlethalAttack: "your attack cannot take the opponent below 1 life",
    c.RangeIncludesIfMovedPast: "your attack also hits if you moved past the opponent",
    c.RangeIncludesLightningrods: "your attack also hits an opponent on your lightning rod",
    c.CalculateRangeFromCenter: "your range is measured from the center space",
    c.CalculateRangeFromSetFromBoostSpace:
        "your range is measured from the space the attack lay on as a Trap",
    c.BlockOpponentMove: "the opponent cannot move themselves",
    c.RemoveBlockOpponentMove: "the opponent may move themselves again",
    c.PushToAttackMaxRange: "push the opponent to your attack's maximum range",
    c.PushOrPullToAnySpace: "you may push or pull the opponent to any space",
    c.PullAnyNumberOfSpacesAndGainPower:
        "you may pull the opponent any number of spaces: +1 power per space",
    c.MoveToLightningrods: "move to one of your lightning rods",
    c.PlayAttackFromHand: "you may make an extra attack with a card from your hand",
    c.StartOfTurnStrike: "your action this turn must be a strike",
    c.StrikeFromGauge: "strike with a card from your gauge, face-up",
    c.StrikeRandomFromGauge:
        "strike: the opponent sets first, your attack is a random card of your gauge",
    c.StrikeWithEx: "strike with an EX attack",
    c.RevealStrike: "your attack is revealed",
    c.GainAdvantage: "gain advantage",
    c.ExceedNow: "exceed at no cost",
    c.Revert: "revert",
    c.Pass: "nothing",
}


@phrase(*_PLAIN)
def _plain(e: c.Effect, r: Reader) -> str:
    return _PLAIN[type(e)]


@phrase(c.AttackDoesNotHit)
def _no_hit(e: c.AttackDoesNotHit, r: Reader) -> str:
    return "the opponent's attack does not hit" if e.opponent else "your attack does not hit"


@phrase(c.AttackIncludesRange)
def _includes(e: c.AttackIncludesRange, r: Reader) -> str:
    return f"your attack also hits at range {e.amount}"


@phrase(c.DodgeAtRange)
def _dodge_range(e: c.DodgeAtRange, r: Reader) -> str:
    low, high = e.range_min, e.range_max
    return f"attacks from range {low if low == high else f'{low}-{high}'} miss you"


@phrase(c.HigherSpeedMisses)
def _faster(e: c.HigherSpeedMisses, r: Reader) -> str:
    if e.dodge_at_speed_greater_or_equal is None:
        return "attacks faster than yours miss you"
    return f"attacks of speed {e.dodge_at_speed_greater_or_equal} or more miss you"


@phrase(c.IgnoreArmor, c.IgnoreGuard)
def _ignore(e: c.IgnoreArmor | c.IgnoreGuard, r: Reader) -> str:
    stat = "armor" if isinstance(e, c.IgnoreArmor) else "guard"
    if e.opponent:
        return f"the opponent's attack ignores your {stat}"
    return f"your attack ignores the opponent's {stat}"


@phrase(c.CannotGoBelowLife)
def _not_below(e: c.CannotGoBelowLife, r: Reader) -> str:
    return f"attack damage cannot take you below {e.amount} life"


@phrase(c.TakeDamage)
def _damage(e: c.TakeDamage, r: Reader) -> str:
    who = "the opponent takes" if e.opponent else "take"
    return f"{who} {e.amount} damage" + (" (not below 1 life)" if e.nonlethal else "")


@phrase(c.SpendLife)
def _spend_life(e: c.SpendLife, r: Reader) -> str:
    return f"spend {amount(e.amount)} life"


@phrase(c.GainLife)
def _gain_life(e: c.GainLife, r: Reader) -> str:
    return f"gain {amount(e.amount)} life"


@phrase(c.WhenHitForceForArmor)
def _armor_when_hit(e: c.WhenHitForceForArmor, r: Reader) -> str:
    # the engine gives 2 armor per force whatever is printed (effects.md)
    return "when hit, you may spend force: +2 armor per force"


@phrase(c.ForceForArmorNow)
def _armor_now(e: c.ForceForArmorNow, r: Reader) -> str:
    who = "the opponent" if e.opponent else "you"
    return f"{who} may spend force: +{e.amount} armor per force"


@phrase(c.IncreaseDrawEffects, c.IncreaseMovementEffects, c.IncreaseMoveOpponentEffects)
def _increase(e: c.IncreaseDrawEffects | c.IncreaseMovementEffects
              | c.IncreaseMoveOpponentEffects, r: Reader) -> str:
    if isinstance(e, c.IncreaseDrawEffects):
        return f"your draws this strike draw {e.amount} more"
    what = ("advances, closes and retreats" if isinstance(e, c.IncreaseMovementEffects)
            else "pushes and pulls")
    return f"your {what} this strike move {e.amount} more"


# movement

@phrase(c.Advance)
def _advance(e: c.Advance, r: Reader) -> str:
    text = f"advance {distance(e.amount)}"
    if e.stop_on_buddy_space is not None:
        text += f" (stop on {r.name(e.stop_on_buddy_space)})"
    return text


@phrase(c.Retreat)
def _retreat(e: c.Retreat, r: Reader) -> str:
    return f"retreat {distance(e.amount)}"


@phrase(c.Close)
def _close(e: c.Close, r: Reader) -> str:
    return f"close {distance(e.amount)}" + (" (X is the spaces moved)"
                                         if e.save_spaces_as_strike_x else "")


@phrase(c.Push, c.Pull)
def _push(e: c.Push | c.Pull, r: Reader) -> str:
    return f"{'push' if isinstance(e, c.Push) else 'pull'} {distance(e.amount)}"


@phrase(c.PushToRange)
def _push_to(e: c.PushToRange, r: Reader) -> str:
    return f"push the opponent to range {amount(e.amount)}"


@phrase(c.PushFromSource)
def _push_from(e: c.PushFromSource, r: Reader) -> str:
    return f"push {e.amount} from where your range is measured"


@phrase(c.MoveToAnySpace)
def _move_any(e: c.MoveToAnySpace, r: Reader) -> str:
    if e.move_max >= 8 and e.move_min == 0:
        text = "move to any space"
    elif e.move_min:
        text = f"move {e.move_min} to {spaces(e.move_max)}"
    else:
        text = f"move up to {spaces(e.move_max)}"
    if e.advance_only:
        text += ", forward only"
    if e.in_attack_range:
        text += ", to where your attack reaches the opponent"
    return text


# strikes started by an effect

@phrase(c.Strike)
def _strike(e: c.Strike, r: Reader) -> str:
    return "strike (the opponent sets first)" if e.opponent_sets_first else "strike"


@phrase(c.StrikeFaceup)
def _strike_faceup(e: c.StrikeFaceup, r: Reader) -> str:
    out = [w for w, on in (("no wild swing", e.disable_wild_swing), ("no EX", e.disable_ex))
           if on]
    return "strike with your attack face-up" + (f" ({', '.join(out)})" if out else "")


@phrase(c.StrikeWild)
def _strike_wild(e: c.StrikeWild, r: Reader) -> str:
    if e.auto_delayed_strike:
        return "make your delayed wild swing now"
    return "strike with a wild swing" + (" (the opponent wild swings too)"
                                         if e.opponent_forced_wild else "")


@phrase(c.StrikeEffectAfterSetting)
def _strike_after(e: c.StrikeEffectAfterSetting, r: Reader) -> str:
    return f"strike; once you have set: {r.chain(e.after_set_effect)}"


@phrase(c.BonusAction)
def _bonus(e: c.BonusAction, r: Reader) -> str:
    return "take another action" + (" (not a strike)" if e.no_strike else "")


__all__: list[str] = []
