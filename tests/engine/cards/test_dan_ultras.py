"""Dan Hibiki: his ultras (Legendary Taunt / Secret Technique, Shisso Buraiken /
Lucky!) and their card rule (free with no other card in hand), with the position helpers of
``test_dan.py``.

Card facts: roster.md, "Dan Hibiki". Dan is P1 and Ryu P2; Ryu mostly answers with
Block (power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    ChoiceRequest,
    ChooseOption,
    SelectCardsRequest,
)
from engine.core.ids import Zone

CHARS = ("dan", "ryu")


def dan(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Dan as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- Legendary Taunt / Secret Technique ------------------------------------------------


def test_dan_legendary_taunt_before_choice_advance_play_attack_from_hand() -> None:
    """Dan, Legendary Taunt (Ultra, 2 gauge, no range): before: choice advance 1..3 |
    pass, then choice (draw 1, then play_attack_from_hand) | play_attack_from_hand.

    Dan advances 2 (3 -> 5, next to Ryu on 6) and attacks again with Sweep from hand:
    6 - 2 = 4 damage stuns Ryu (guard 3), whose Block never acts. The Taunt itself has no
    range and misses. At cleanup the Sweep (it hit) goes to gauge, the Taunt is discarded.
    """
    d = dan(dict(space=3, hand=["legendarytaunt", "sweep"], gauge=["grasp", "cross"]),
            dict(space=6, hand=["block"]))
    d.strike("legendarytaunt", "block")
    d.pay("grasp", "cross")
    assert list(d.expect(ChoiceRequest, P1).labels)[3].startswith("pass")
    d.choose("advance 2")
    assert d.space(P1) == 5
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "draw 1, then play attack from hand", "play attack from hand"]
    d.act(ChooseOption(index=1))
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.EXTRA_ATTACK and request.min_count == 0
    d.select(P1, "sweep")
    (started,) = d.events(ev.ExtraAttackStarted)
    assert d.name(started.card) == "Sweep"
    assert d.events(ev.ExtraAttackEnded) == [ev.ExtraAttackEnded(player=P1, to_gauge=True)]
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=4, absorbed=2)]
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.events(ev.AttackMissed)[0].reason is ev.MissReason.NO_RANGE
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Legendary Taunt"]
    assert d.zone(P2, Zone.DISCARD) == ["Block"]


def test_dan_legendary_taunt_draw_then_play_attack_from_hand_miss_discarded() -> None:
    """Dan, Legendary Taunt: Dan draws 1 (Grasp) and attacks with it from range 3: it
    misses and is discarded at cleanup. The main attack's stats are back for Ryu's Sweep,
    so the Taunt's armor 1 absorbs 1 of its 6 damage, and 5 does not beat guard 5.
    """
    d = dan(dict(space=3, hand=["legendarytaunt"], gauge=["grasp", "cross"], deck=["grasp"]),
            dict(space=6, hand=["sweep"]))
    d.strike("legendarytaunt", "sweep")
    d.pay("grasp", "cross")
    d.choose("pass")
    d.choose("draw 1")
    d.select(P1, "grasp")
    assert d.events(ev.ExtraAttackEnded) == [ev.ExtraAttackEnded(player=P1, to_gauge=False)]
    reasons = [e.reason for e in d.events(ev.AttackMissed)]
    assert reasons == [ev.MissReason.OUT_OF_RANGE, ev.MissReason.NO_RANGE]
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P1, amount=5, absorbed=1)]
    assert d.events(ev.PlayerStunned) == []
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Legendary Taunt", "Grasp"]
    assert d.zone(P2, Zone.GAUGE) == ["Sweep"]


def test_dan_legendary_taunt_play_attack_from_hand_none_picked() -> None:
    """Dan, Legendary Taunt: the extra attack is optional (nothing picked, nothing
    happens), and an unpayable ultra is not offered."""
    d = dan(dict(space=3, hand=["legendarytaunt", "shissoburaiken", "grasp"],
                 gauge=["cross", "dive"]),
            dict(space=6, hand=["block"]))
    d.strike("legendarytaunt", "block")
    d.pay("cross", "dive")
    d.choose("pass")
    d.act(ChooseOption(index=1))
    request = d.expect(SelectCardsRequest, P1)
    assert d.names(request.candidates) == ["Grasp"]
    d.select(P1)
    assert d.events(ev.ExtraAttackStarted) == []
    assert d.zone(P1, Zone.HAND) == ["Shisso Buraiken", "Grasp"]


def test_dan_secret_technique_choose_cards_from_top_deck_shuffle_deck_discard_down_to_one_skip_end_of_turn_draw() -> None:
    """Dan, Legendary Taunt's boost Secret Technique (immediate): choose_cards_from_top_deck
    (look at 30, one to hand, no pass); shuffle_deck; cards_from_hand discard, exactly {count:
    cards_in_hand, plus: -1} (down to one card); choice
    set_mode skip_end_of_turn_draw | pass.

    Dan searches his deck for Shisso Buraiken, shuffles, discards down to it, and skips
    the end-of-turn draw: his turn ends holding exactly Shisso Buraiken.
    """
    d = dan(dict(hand=["legendarytaunt", "grasp", "cross"]), dict())
    boost(d, "legendarytaunt")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_HAND
    assert (request.min_count, request.max_count) == (1, 1)
    assert len(request.candidates) == 27
    d.select(P1, "shissoburaiken")
    assert len(d.events(ev.DeckShuffled)) == 1
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.DISCARD
    assert (request.min_count, request.max_count) == (2, 2)
    d.select(P1, "grasp", "cross")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["skip end of turn draw", "pass"]
    d.choose("skip")
    assert d.events(ev.EndOfTurnDrawSkipped) == [ev.EndOfTurnDrawSkipped(player=P1)]
    assert _next(d) == P2
    assert d.zone(P1, Zone.HAND) == ["Shisso Buraiken"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Legendary Taunt"]
    assert not d.p(P1).skip_end_of_turn_draw  # only for that turn


# --- Shisso Buraiken / Lucky! ----------------------------------------------------------


def test_dan_shisso_buraiken_before_close_hit_gain_advantage_free() -> None:
    """Dan, Shisso Buraiken (Ultra, 3 gauge, free with no other card in hand): before:
    close 2; hit: gain_advantage.

    Dan closes 3 -> 5 and hits Block for 7 - 2 = 5 (stun); he takes the next turn.
    """
    d = dan(dict(space=3, hand=["shissoburaiken"]), dict(space=6, hand=["block"]))
    d.strike("shissoburaiken", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 25
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


def test_dan_shisso_buraiken_invalid_without_gauge() -> None:
    """Dan, Shisso Buraiken: holding another card and no gauge, it is invalid and Dan
    wild swings (Spike)."""
    d = dan(dict(space=3, hand=["shissoburaiken", "grasp"], deck=["spike"]),
            dict(space=5, hand=["block"]))
    d.strike("shissoburaiken", "block")
    assert d.names(e.card for e in d.events(ev.AttackInvalid)) == ["Shisso Buraiken"]
    assert d.names(e.card for e in d.events(ev.WildSwingRevealed)) == ["Spike"]


def test_dan_lucky_immediate_topdeck_from_hand_choice_pass_draws_it_back() -> None:
    """Dan, Shisso Buraiken's boost Lucky! (immediate): cards_from_hand top_of_deck 1; choice
    set_mode skip_end_of_turn_draw | pass. Dan tops Grasp and, not skipping, draws it back."""
    d = dan(dict(hand=["shissoburaiken", "grasp", "cross"]), dict())
    boost(d, "shissoburaiken")
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.DECK)[0] == "Grasp"
    d.choose("pass")
    assert d.zone(P1, Zone.HAND) == ["Cross", "Grasp"]
    assert _next(d) == P2


def test_dan_lucky_skip_end_of_turn_draw() -> None:
    """Dan, Lucky!: skipping the end-of-turn draw leaves the topped card on the deck."""
    d = dan(dict(hand=["shissoburaiken", "grasp"]), dict())
    boost(d, "shissoburaiken")
    d.choose("skip")
    assert d.zone(P1, Zone.DECK)[0] == "Grasp"
    assert d.zone(P1, Zone.HAND) == []
    assert _next(d) == P2
