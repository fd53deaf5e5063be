"""The effect vocabulary: one frozen, tagged struct per effect type, grouped by domain.

``base`` holds what every effect shares (timing, condition, ``then``/``else``, amounts);
the domain modules hold the effect types: ``movement``, ``stats``, ``traits``,
``card_flow``, ``discards``, ``strike_control``, ``boosts``, ``character_modes``,
``costs`` and ``control``; the seasons' and variants' own types are in ``blazblue``,
``under_night``, ``buddies`` and ``tag_team``. Each type's handler is in the
``engine.effects`` module of the same name (a season's or variant's, in its mechanic). This package joins them into the closed ``Effect`` union (which nested
effect fields name as ``vocabulary.Effect``); ``engine.cards.schema`` re-exports every type.

The structs live apart from their handlers because ``engine.core.state`` decodes effects
(``AttackSide.added``) and must not import the rules and effects that fold into it
(import-linter: ``engine.core.apply`` never imports ``engine.effects``).
"""

from __future__ import annotations

from engine.vocabulary import (
    base,
    blazblue,
    boosts,
    buddies,
    card_flow,
    character_modes,
    control,
    costs,
    discards,
    movement,
    stats,
    strike_control,
    tag_team,
    traits,
    under_night,
)

Effect = (
    movement.Advance
    | movement.Retreat
    | movement.Close
    | movement.Push
    | movement.Pull
    | movement.PushOrPullToAnySpace
    | movement.PullAnyNumberOfSpacesAndGainPower
    | stats.LoseAllArmor
    | stats.MultiplyPositivePowerBonuses
    | stats.PowerupBothPlayers
    | stats.RangeupPerBoostModifier
    | stats.SpeedupBySpacesModifier
    | stats.SpeedupPerBoostModifier
    | stats.RangeupPerAnyBoostModifier
    | traits.DodgeAtRange
    | traits.RangeIncludesIfMovedPast
    | strike_control.RevealStrike
    | costs.SpendLife
    | discards.DiscardHand
    | discards.OpponentDiscardChoose
    | discards.NameRange
    | boosts.ChooseSustainBoost
    | stats.Powerup
    | stats.Speedup
    | stats.Armorup
    | stats.Guardup
    | stats.Rangeup
    | stats.SetTotalPower
    | traits.IgnoreArmor
    | traits.IgnoreGuard
    | traits.StunImmunity
    | traits.DodgeAttacks
    | traits.IgnorePushAndPull
    | traits.AttackDoesNotHit
    | traits.Critical
    | traits.WhenHitForceForArmor
    | strike_control.GainAdvantage
    | strike_control.Strike
    | strike_control.BonusAction
    | strike_control.AddAttackEffect
    | strike_control.AddStrikeToGaugeAfterCleanup
    | strike_control.ReturnAttackToTopOfDeck
    | strike_control.ReadingNormal
    | card_flow.Draw
    | discards.OpponentDiscardRandom
    | card_flow.MoveTopCards
    | discards.NameCardOpponentDiscards
    | discards.NameCardsOpponentDiscards
    | costs.GaugeForEffect
    | boosts.DiscardContinuousBoost
    | boosts.AddToGaugeBoostPlayCleanup
    | boosts.AddBoostToGaugeOnStrikeCleanup
    | movement.MoveToAnySpace
    | stats.PowerupOpponent
    | stats.SetStrikeX
    | strike_control.PlayAttackFromHand
    | discards.DiscardRandom
    | costs.ForceForEffect
    | card_flow.CardsFromHand
    | discards.RevealHand
    | card_flow.ChooseCardsFromTopDeck
    | card_flow.ShuffleDeck
    | boosts.BoostAdditional
    | boosts.SustainThis
    | boosts.AddToGaugeImmediately
    | boosts.SetEndOfTurnBoostDelay
    | character_modes.SetMode
    | control.Choice
    | control.Pass
    | discards.DiscardFromGauge
    | boosts.DiscardThis
    | boosts.AddPassive
    | strike_control.StrikeWild
    | strike_control.ReplaceWildSwing
    | card_flow.GainLife
    | traits.IgnorePushAndPullPassiveBonus
    | traits.RemoveIgnorePushAndPullPassiveBonus
    | under_night.AttackIsEx
    | under_night.StrikeEffectAfterSetting
    | under_night.ExceedNow
    | under_night.Revert
    | under_night.PlaceTrap
    | traits.CannotStun
    | traits.NonlethalAttack
    | boosts.BoostThisThenSustain
    | boosts.SealThisBoost
    | boosts.BoostThenSustain
    | under_night.NameCardForBoost
    | discards.ChooseOpponentCardToDiscard
    | stats.UseTopDiscardAsPrintedPower
    | traits.HigherSpeedMisses
    | movement.IncreaseMovementEffects
    | strike_control.SealThis
    | strike_control.StrikeFaceup
    | strike_control.StrikeFromGauge
    | boosts.AddBoostToGaugeOnMove
    | boosts.ReturnThisBoostToHand
    | under_night.StartOfTurnStrike
    | under_night.InvalidateAttack
    | boosts.AddToGaugeImmediatelyMidStrikeUndoEffects
    | traits.CalculateRangeFromCenter
    | movement.IncreaseMoveOpponentEffects
    | card_flow.IncreaseDrawEffects
    | card_flow.RevealTopdeck
    | costs.SpendAllForce
    | costs.ForceForArmorNow
    | strike_control.StrikeRandomFromGauge
    | strike_control.DiscardStrikeAfterCleanup
    | card_flow.MoveCardCopies
    | card_flow.RevealCopy
    | movement.BlockOpponentMove
    | movement.RemoveBlockOpponentMove
    | buddies.PlaceBuddyInAnySpace
    | buddies.RemoveBuddy
    | buddies.MoveToBuddy
    | buddies.CalculateRangeFromBuddy
    | buddies.OpponentCantMovePastBuddy
    | buddies.RemoveOpponentCantMovePastBuddy
    | stats.MultiplyPowerBonuses
    | stats.SavePowerOfCardFromHand
    | stats.UseSavedPowerAsPrintedPower
    | strike_control.ReturnAttackToHand
    | under_night.DiscardBoostInOpponentSpace
    | strike_control.StrikeWithEx
    | card_flow.RevealCopiesFromHand
    | discards.CardsFromDiscard
    | boosts.BoostOrRevealHand
    | movement.PushToRange
    | strike_control.ReturnAttackToHand
    | traits.AttackIncludesRange
    | costs.SpendAllGaugeAndSaveAmount
    | stats.PowerupPerArmorUsed
    | discards.AddBottomDiscardToGauge
    | discards.AddBottomDiscardToHand
    | traits.InvertRange
    | stats.SwapPowerSpeed
    | stats.PowerupPerSpentGaugeMatchingRangeToOpponent
    | control.ChoiceMultiple
    | under_night.MoveAnyBoost
    | buddies.ChooseCalculateRangeFromBuddy
    | buddies.CalculateRangeFromSetFromBoostSpace
    | movement.PushToAttackMaxRange
    | costs.TakeDamage
    | card_flow.AddSetAsideCardToDeck
    | blazblue.AddTopDiscardToOverdrive
    | discards.ReturnAllCopiesOfTopDiscardToHand
    | blazblue.CardsFromOverdrive
    | costs.GaugeCostsReducedPassive
    | card_flow.ReshuffleDiscardIntoDeck
    | traits.CannotGoBelowLife
    | buddies.PlaceBoostInSpace
    | blazblue.PlaceLightningrod
    | blazblue.LightningRodStrike
    | blazblue.MoveToLightningrods
    | blazblue.RangeIncludesLightningrods
    | card_flow.ReturnSealedWithSameSpeed
    | control.RepeatEffectOptionally
    | buddies.MoveBuddy
    | buddies.SwapBuddy
    | buddies.PlaceBuddyOntoSelf
    | buddies.PlaceBuddyOntoOpponent
    | buddies.PlaceBuddyInAttackRange
    | buddies.FlipBuddyMissGetGauge
    | buddies.BuddyImmuneToFlip
    | buddies.PushFromSource
    | buddies.PlaceBuddyAtRange
    | costs.ForceCostsReducedPassive
    | boosts.BoostThenSustainTopdiscard
    | boosts.BoostThenSustainTopdeck
    | boosts.SustainAllBoosts
    | blazblue.BoostDiscardedOverdrive
    | card_flow.ShuffleHandToDeck
    | buddies.PullToBuddy
    | card_flow.DrawAnyNumber
    | costs.MayGenerateGaugeWithForce
    | costs.MayInvalidateUltras
    | blazblue.AddBoostToOverdriveDuringStrikeImmediately
    | blazblue.AddStrikeToOverdriveAfterCleanup
    | blazblue.DodgeAtRangeOverdriveCount
    | blazblue.OpponentDiscardRandomToOverdrive
    | blazblue.CardsToOverdrive
    | blazblue.TopDeckCardToOverdrive
    | blazblue.ZeroVector
    | stats.RangeupBothPlayers
    | tag_team.EjectionStrike
)

EFFECT_TYPES: tuple[type[base.EffectBase], ...] = Effect.__args__
"""Every effect struct type, in the order of the union."""

__all__ = ["EFFECT_TYPES", "Effect"]
