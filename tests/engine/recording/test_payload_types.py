"""Every event, decision and request type round-trips through msgpack, tags are unique
and appended fields stay optional (the payload types of engine.recording.record)."""

from __future__ import annotations

import enum

import msgpack
import msgspec
import pytest

from engine import events as ev
from engine.cards.schema import Draw, Powerup
from engine.core.decisions import (
    DECISION_TYPES,
    REQUEST_TYPES,
    ActionRequest,
    Boost,
    BoostAction,
    CardCreation,
    CardPurpose,
    ChangeCards,
    CharacterAction,
    ChoiceRequest,
    ChooseOption,
    CrossBoost,
    CrossExceed,
    CrossStrike,
    Decision,
    Discard,
    DiscardRequest,
    EditPosition,
    EffectOrderRequest,
    Exceed,
    FlagFall,
    LeftGame,
    MoveTo,
    Mulligan,
    MulliganRequest,
    NameCard,
    NameCardRequest,
    OrderEffects,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    PendingEffect,
    Prepare,
    Request,
    Reshuffle,
    Resign,
    SeatEdit,
    SelectCards,
    SelectCardsRequest,
    SetAttack,
    SetAttackRequest,
    SpaceRequest,
    Strike,
    SwitchFighters,
    WildSwing,
)
from engine.core.ids import Player, Zone
from engine.core.state import AttackFlag, EndReason, Passive, Stat

P1, P2 = Player.P1, Player.P2

# --------------------------------------------------------------------------- instances

EVENTS: list[ev.Event] = [
    ev.GameStarted(first=P2),
    ev.DeckShuffled(player=P1, order=(3, 1, 2)),
    ev.DeckReshuffled(player=P2, order=(104, 101), manual=True),
    ev.CardMoved(player=P1, card=7, src=Zone.DECK, dst=Zone.HAND, reason=ev.MoveReason.DRAW),
    ev.CardMoved(player=P2, card=107, src=Zone.HAND, dst=Zone.DECK,
                 reason=ev.MoveReason.MULLIGAN, bottom=True),
    ev.MulliganTaken(player=P1, count=2),
    ev.TurnStarted(player=P2, turn=12),
    ev.ActionTaken(player=P1, action=ev.ActionKind.MOVE, space=5),
    ev.ActionTaken(player=P1, action=ev.ActionKind.CHARACTER_ACTION, card=3, index=1),
    ev.BonusActionGranted(player=P1),
    ev.PlayerMoved(player=P2, src=7, dst=4),
    ev.Exceeded(player=P1),
    ev.BoostSustained(player=P2, card=118),
    ev.BoostMarkedForGauge(player=P1, card=9),
    ev.StrikeStarted(attacker=P1),
    ev.AttackSet(player=P1, cards=(4, 5), wild=False),
    ev.AttackMadeCritical(player=P2),
    ev.AttacksRevealed(p1=(4, 5), p2=(120,)),
    ev.AttackInvalid(player=P2, card=120),
    ev.WildSwingRevealed(player=P2, card=121),
    ev.StatModified(player=P1, stat=Stat.MAX_RANGE, amount=-2),
    ev.PowerSet(player=P2, value=0),
    ev.AttackFlagged(player=P1, flag=AttackFlag.IGNORE_ARMOR | AttackFlag.STUN_IMMUNE),
    ev.AttackEffectAdded(player=P1, effect=Powerup(amount=2)),
    ev.PowerBonusesMultiplied(player=P1, factor=2),
    ev.DodgeAtRangeGained(player=P2, low=4, high=9),
    ev.RangePerBoostGained(player=P1, amount=0, amount2=1),
    ev.RangePerAnyBoostGained(player=P1, amount=0, amount2=1),
    ev.SpeedPerSpaceGained(player=P1, amount=1),
    ev.SpeedPerBoostGained(player=P1, amount=1, all_boosts=True),
    ev.AttackTurnedFaceUp(player=P1, cards=(4,)),
    ev.PassingBlocked(player=P2, blocked=True),
    ev.LifeSpent(player=P1, amount=3),
    ev.RangeNamed(player=P2, value=None),
    ev.RangeNamed(player=P2, value=2),
    ev.PriorityDetermined(first=P2, speed_p1=3, speed_p2=5),
    ev.AttackActivated(player=P2),
    ev.AttackSkipped(player=P1),
    ev.AttackHit(player=P2, distance=3),
    ev.AttackMissed(player=P1, reason=ev.MissReason.DODGED, distance=1),
    ev.DamageDealt(target=P1, amount=4, absorbed=1),
    ev.DamageCounted(target=P2, amount=2),
    ev.PlayerStunned(player=P1),
    ev.AdvantageGained(player=P2),
    ev.StrikeEnded(),
    ev.HandRevealed(player=P1, cards=(1, 2, 3)),
    ev.CardNamed(player=P2, name="ryu_hadoken", reading=True),
    ev.StrikeXSet(player=P1, value=6),
    ev.CharacterBonusUsed(player=P2),
    ev.EndOfTurnDrawSkipped(player=P1),
    ev.DrawChoiceGranted(player=P1),
    ev.BoostDelayed(player=P2, card=112),
    ev.BoostDelayEnded(player=P2, card=112),
    ev.ExtraAttackStarted(player=P1, card=8),
    ev.ExtraAttackEnded(player=P1, to_gauge=True),
    ev.FighterSwitched(player=P2, reason=ev.SwitchReason.EJECTION, locked_until=7),
    ev.TurnEnded(player=P1, next_player=P2),
    ev.GameEnded(winner=P2, reason=EndReason.DECKED),
    ev.CardsCreated(player=P1, cards=(30, 31), card_ids=("ryu_hadoken", "standard_normal_grasp")),
    ev.PositionEdited(player=P2, kind=ev.EditKind.ZONE, zone=Zone.GAUGE, cards=(104, 105)),
    ev.PositionEdited(player=P1, kind=ev.EditKind.LIFE, value=12),
    ev.DamageTakenAsDiscards(target=P2, amount=3, discarded=6),
    ev.WildSwingDelayed(player=P1),
    ev.DiscardsRecorded(player=P1, amount=2),
    ev.LifeGained(player=P2, amount=4),
    ev.PassiveGained(player=P1, passive=Passive.IGNORE_PUSH_AND_PULL),
    ev.PassiveRemoved(player=P1, passive=Passive.IGNORE_PUSH_AND_PULL),
    ev.AttackMadeEx(player=P1),
    ev.AfterSetEffectsPending(player=P2, effects=(Draw(amount=1),)),
    ev.AfterSetEffectsDue(player=P2),
    ev.Reverted(player=P1),
    ev.CardEnteredArea(player=P1, card=31, area="web"),
    ev.TrapPlaced(player=P2, card=120, space=4),
    ev.StrikeTurnNoted(turn=3),
    ev.BoostNamedCard(player=P1, card=21, name="Sweep"),
    ev.CharacterActionRecorded(player=P1, index=1, exceeded=True),
    ev.PrintedPowerSet(player=P1, value=6),
    ev.HigherSpeedMissesGained(player=P2, at_least=5),
    ev.MovementEffectsIncreased(player=P1, amount=1),
    ev.AttackSetFromGauge(player=P1, card=12),
    ev.StartOfTurnStrikeForced(player=P1),
    ev.AttackInvalidated(player=P2, card=120),
    ev.MoveOpponentEffectsIncreased(player=P1, amount=2),
    ev.DrawEffectsIncreased(player=P1, amount=1),
    ev.TopDeckRevealed(player=P2, card=14),
    ev.SelfMoveNoted(player=P1),
    ev.AttackDiscardedAtCleanup(player=P2),
    ev.BuddyPlaced(player=P1, buddy="azhi", space=6),
    ev.BuddyPlacedFaceDown(player=P1, buddy="ouroboros_move", space=4,
                           shown_as="ouroboros_secret"),
    ev.BuddyRemoved(player=P1, buddy="azhi"),
    ev.BuddyWallChanged(player=P1, buddy="azhi", blocks=True),
    ev.RangeFromBuddySet(player=P1, buddy="azhi"),
    ev.PowerSaved(player=P1, card=3, value=6),
    ev.TrapStopsMovement(player=P1, card=34),
    ev.TrapSprung(player=P1, card=34),
    ev.BonusStrikeForbidden(player=P1),
    ev.AttackSetFromBoosts(player=P1, card=12),
    ev.RangeIncluded(player=P1, distance=1),
    ev.GaugeSpentSaved(player=P1, amount=3),
    ev.PowerSpeedSwapped(player=P1),
    ev.AttackGaugeSpentNoted(player=P1, cards=(3, 4)),
    ev.CardsSetAside(player=P1, cards=(30,)),
    ev.SetAsideCardAdded(player=P1, card=30),
    ev.EnteredOverdrive(player=P1, card=104, src=Zone.DISCARD, from_player=P2),
    ev.LeftOverdrive(player=P1, card=4, dst=Zone.DISCARD, reason=ev.OverdriveExit.TURN_START),
    ev.GaugeCostsReduced(player=P1, amount=99),
    ev.DiscardShuffledIntoDeck(player=P1, order=(3, 4, 5)),
    ev.LifeFloorSet(player=P1, amount=1),
    ev.LightningRodPlaced(player=P1, card=4, src=Zone.STRIKE, space=6),
    ev.LightningRodStruck(player=P1, card=4),
    ev.RangeIncludesLightningRods(player=P1),
    ev.BuddySwapped(player=P1, removed="nirvana_active", placed="nirvana_disabled"),
    ev.BuddyImmuneToFlip(player=P1, buddy="nirvana_active"),
    ev.MoveNoted(player=P2),
    ev.GaugeCostsPaidWithForce(player=P1),
    ev.UltrasMayBeInvalidated(player=P2),
    ev.CardSealedFaceDown(player=P1, card=5, src=Zone.DECK),
    ev.AttackMarkedForOverdrive(player=P1),
    ev.AttacksNamedInvalid(player=P1, name="Block", turn=3),
    ev.StatBonusEnded(player=P1, stat=Stat.POWER, amount=2),
    ev.AttackFlagCleared(player=P2, flag=AttackFlag.IGNORE_ARMOR),
    ev.DodgeAtRangeEnded(player=P2, low=4, high=9),
    ev.PowerSpeedSwapEnded(player=P1),
    ev.PrintedPowerEnded(player=P2),
    ev.IncludedRangeEnded(player=P2, distance=1),
    ev.AttackExEnded(player=P1),
    ev.OverdriveCountDodgeGained(player=P1),
    ev.OverdriveCountDodgeEnded(player=P1),
]

DECISIONS: list[Decision] = [
    Mulligan(),
    Mulligan(cards=(3, 4)),
    Prepare(),
    MoveTo(space=9),
    ChangeCards(),
    Exceed(),
    Reshuffle(),
    Boost(card=104),
    Strike(),
    CharacterAction(),
    CharacterAction(index=2),
    SetAttack(cards=(6, 7)),
    WildSwing(),
    PayCards(),
    PayCards(cards=(1, 22)),
    ChooseOption(index=1),
    NameCard(name="ken_shoryuken"),
    Discard(cards=(2,)),
    SelectCards(),
    SelectCards(cards=(4, 9)),
    SwitchFighters(),
    CrossExceed(),
    CrossBoost(card=140),
    CrossStrike(cards=(5, 6, 7)),
    EditPosition(edits=(SeatEdit(player=P1, kind=ev.EditKind.SPACE, value=4),),
                 created=(CardCreation(player=P2, cards=(130,), card_ids=("ken_shoryuken",)),)),
    BoostAction(card=12),
    OrderEffects(order=(1, 0, 2)),
    Resign(player=P2),
    FlagFall(player=P1),
    LeftGame(player=P2),
]

REQUESTS: list[Request] = [
    MulliganRequest(player=P1, hand=(0, 1, 2, 3, 4)),
    ActionRequest(player=P2, choices=(Prepare(), MoveTo(space=6), Boost(card=101), Strike())),
    SetAttackRequest(player=P1, choices=(SetAttack(cards=(3,)), SetAttack(cards=(3, 4)),
                                         WildSwing())),
    ChoiceRequest(player=P2, labels=("Advance 1", "Retreat 1")),
    PayForceRequest(player=P1, amount=2, candidates=(1, 2, 3), ultras=(3,)),
    PayForceRequest(player=P1, amount=None, candidates=(), ultras=(), optional=True),
    PayGaugeRequest(player=P2, amount=1, candidates=(110,), optional=True),
    NameCardRequest(player=P1, names=("ken_hadoken", "ken_axekick"), reading=False),
    DiscardRequest(player=P2, count=1, candidates=(101, 102)),
    SelectCardsRequest(player=P1, purpose=CardPurpose.TO_GAUGE, candidates=(3, 4, 9),
                       min_count=0, max_count=3),
    SpaceRequest(player=P2, choices=(MoveTo(space=1), MoveTo(space=6))),
    EffectOrderRequest(player=P1, effects=(
        PendingEffect(card=22, tags=("armorup",),
                      text="Tenacious Mist: After: +1 Armor per damage dealt"),
        PendingEffect(card=-1, tags=("lose_all_armor", "draw"),
                      text="Linne: After: Lose all armor; After: Draw 1"))),
]


@pytest.mark.parametrize(
    ("instances", "types_", "union"),
    [(EVENTS, ev.EVENT_TYPES, ev.Event), (DECISIONS, DECISION_TYPES, Decision),
     (REQUESTS, REQUEST_TYPES, Request)],
    ids=["events", "decisions", "requests"],
)
def test_every_type_round_trips_through_msgpack(
    instances: list[msgspec.Struct], types_: tuple[type, ...], union: object
) -> None:
    missing = [t.__name__ for t in types_ if not any(type(i) is t for i in instances)]
    assert not missing, f"add an instance of each new type to this test: {missing}"
    encoder = msgspec.msgpack.Encoder(order="sorted")
    decoder = msgspec.msgpack.Decoder(union)
    for item in instances:
        raw = encoder.encode(item)
        back = decoder.decode(raw)
        assert back == item and type(back) is type(item)
        # on the wire: an array, tag first, then the fields in declaration order
        plain = msgpack.unpackb(raw, raw=False)
        tag = type(item).__struct_config__.tag
        assert isinstance(plain, list) and plain[0] == tag
        assert len(plain) == 1 + len(type(item).__struct_fields__)
        # the recorder's other path (to_builtins, then the framing layer's encoder)
        built = msgspec.to_builtins(item, builtin_types=(bytes,))
        assert msgspec.convert(built, union) == item
        # and another msgpack implementation's bytes decode the same
        assert decoder.decode(msgpack.packb(plain, use_bin_type=True)) == item


def test_tags_are_unique_within_each_union() -> None:
    for types_ in (ev.EVENT_TYPES, DECISION_TYPES, REQUEST_TYPES):
        tags = [t.__struct_config__.tag for t in types_]
        assert len(tags) == len(set(tags)), tags


def test_no_engine_enum_gives_one_value_two_names() -> None:
    """Enum values are log format (an event or decision field holds the value): two
    members with one value would make the second an alias, silently logged as the first.
    Every enum of every engine module has as many values as names."""
    import enum
    import importlib
    import pkgutil

    import engine

    found: set[type[enum.Enum]] = set()
    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, enum.Enum):
                found.add(value)
    assert len(found) > 30
    aliases = {f"{kind.__module__}.{kind.__name__}.{name}"
               for kind in found for name, member in kind.__members__.items()
               if member.name != name}
    assert aliases == set()


def test_appended_fields_are_optional_in_both_directions() -> None:
    """Evolution: an old array lacks trailing defaulted fields; a newer one has extras."""
    decoder = msgspec.msgpack.Decoder(ev.Event)
    old = decoder.decode(msgpack.packb(["card_moved", 1, 109, 0, 1, 0]))
    assert old == ev.CardMoved(player=P2, card=109, src=Zone.DECK, dst=Zone.HAND,
                               reason=ev.MoveReason.DRAW, bottom=False)
    newer = decoder.decode(msgpack.packb(["turn_started", 0, 3, "a future field", 9]))
    assert newer == ev.TurnStarted(player=P1, turn=3)
    with pytest.raises(msgspec.ValidationError):
        decoder.decode(msgpack.packb(["no_such_tag", 0]))
