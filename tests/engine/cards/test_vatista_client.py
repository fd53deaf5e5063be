"""Vatista: situations of the reference client's ``test/unit/test_vatista.gd`` that our
Vatista tests (``test_vatista.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Vatista", and the ``uni`` normals. As in the client's tests,
P2 is Vatista too.
"""

from __future__ import annotations

from conftest import P1, P2, deck_cards, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    Boost,
    CharacterAction,
    MoveTo,
    PayForceRequest,
    PayGaugeRequest,
    SetAttackRequest,
)
from engine.core.ids import Zone

CHARS = ("vatista", "vatista")


def test_vatista_instant_flight_advances_the_revealed_power_then_grasp_pulls_past() -> None:
    """Instant Flight (Lumen Stella's boost; "before: reveal_topdeck + set_strike_x
    {source=top_deck_power} + choice <advance strike_x | retreat strike_x>") (client:
    ``test_vatista_instant_flight``). The top card is Assault (power 4): from 2 she
    advances 4 to 6 next to P2 on 7; Grasp hits for 3 and pulls him past to 5."""
    d = position(p1=dict(space=2, hand=["grasp"], boosts=["lumenstella"],
                         deck=["assault", "dive"]),
                 p2=dict(space=7, hand=["grasp"]), chars=CHARS)
    d.strike("grasp", "grasp")
    d.choose("advance")
    d.choose("pull 1")
    assert (d.space(P1), d.space(P2)) == (6, 5)
    assert (d.life(P1), d.life(P2)) == (30, 27)


def test_vatista_instant_flight_reads_the_printed_power_not_her_bonuses() -> None:
    """Instant Flight's X is the revealed card's own power, not raised by her power
    bonuses (client: ``test_vatista_instant_flight_power_boost``). With Charged Attack
    (+2 power) also in play, the top Grasp (power 3) moves her 3, 2 -> 5 (Charged
    Attack goes to her gauge as she advances); both Grasps miss at range 2."""
    d = position(p1=dict(space=2, hand=["grasp"], boosts=["lumenstella", "transvoranse"],
                         deck=["grasp", "dive"]),
                 p2=dict(space=7, hand=["grasp"]), chars=CHARS)
    d.strike("grasp", "grasp")
    d.choose("advance")
    assert (d.space(P1), d.space(P2)) == (5, 7)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_vatista_exceeded_character_action_instant_flight_and_grasp_pull_raised() -> None:
    """Exceeded, her character action (2 gauge) strike gives "increase_move_opponent_effects
    2 + increase_movement_effects 2" (client: ``test_vatista_exceed_ua_instant_flight``).
    Instant Flight reveals Assault (4): she advances 4 + 2, 2 -> 8; Grasp's pull 1 + 2
    takes P2 from 9 past her to 5."""
    d = position(p1=dict(space=2, hand=["grasp"], boosts=["lumenstella"], exceeded=True,
                         gauge=["cross", "dive"], deck=["assault", "dive"]),
                 p2=dict(space=9, hand=["grasp"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("cross", "dive")
    d.set_attack(P1, "grasp")
    d.set_attack(P2, "grasp")
    d.choose("advance")
    d.choose("pull 1")
    assert (d.space(P1), d.space(P2)) == (8, 5)
    assert (d.life(P1), d.life(P2)) == (30, 27)


def test_vatista_instant_flight_with_an_empty_deck_moves_nothing() -> None:
    """Instant Flight with an empty deck reveals nothing: X = 0, she stays (client:
    ``test_vatista_instant_flight_empty_deck``). Grasp misses at 2, Focus hits for 4."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["lumenstella"], deck=[],
                         deck_rest="none",
                         discard=deck_cards("vatista", "grasp", "lumenstella")),
                 p2=dict(space=5, hand=["focus"]), chars=CHARS)
    d.strike("grasp", "focus")
    assert d.events(ev.TopDeckRevealed) == [] and d.events(ev.DeckReshuffled) == []
    d.choose("retreat")
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (26, 30)


def test_vatista_lateus_orbis_opponent_pays_an_ultra_for_two_armor() -> None:
    """Lateus Orbis's hit ("... + immediate_force_for_armor 1 {opponent=True}") with
    nothing of hers to spend (client: ``test_vatista_lateus_orbis_opponent_blocks``):
    P2 spends Cross, Dive and an ultra from hand, 4 force, +4 armor: 6 - 4 = 2."""
    d = position(p1=dict(space=3, hand=["lateusorbis"], gauge=["cross", "dive", "focus"]),
                 p2=dict(space=7, hand=["grasp", "cross", "dive", "lateusorbis"]),
                 chars=CHARS)
    d.strike("lateusorbis", "grasp")
    d.pay("cross", "dive", "focus")
    d.expect(PayForceRequest, P2)
    d.pay("cross", "dive", "lateusorbis")
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 28)


def test_vatista_lateus_orbis_spends_hand_and_gauge_and_keeps_itself() -> None:
    """Lateus Orbis spends all her force, gauge beyond its cost too (client:
    ``test_vatista_lateus_orbis_extra_gauge``): Grasp, Grasp and an ultra left in the
    gauge give 4 force, 6 + 4 = 10; the attack itself then goes to the gauge alone."""
    d = position(p1=dict(space=3, hand=["lateusorbis"],
                         gauge=["cross", "dive", "focus", "grasp", "grasp", "zahhishio"]),
                 p2=dict(space=7, hand=["grasp"]), chars=CHARS)
    d.strike("lateusorbis", "grasp")
    d.pay("cross", "dive", "focus")
    if isinstance(d.pending, PayForceRequest):
        d.decline()
    assert (d.life(P1), d.life(P2)) == (30, 20)
    assert d.zone(P1, Zone.GAUGE) == ["Lateus Orbis"]
    assert d.zone(P1, Zone.HAND) == []


def test_vatista_autonomic_nerve_with_no_gauge_still_goes_to_gauge() -> None:
    """Autonomic Nerve (Lateus Orbis's boost; "hit: gauge_for_effect {gauge_max=6} +
    add_boost_to_gauge_on_strike_cleanup") with an empty gauge (client:
    ``test_vatista_autonomic_nerve_no_gauge``): Grasp hits for 3, pushes 1; the boost
    goes to her gauge beside the Grasp that hit."""
    d = position(p1=dict(space=5, hand=["grasp"], boosts=["lateusorbis"]),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    d.strike("grasp", "grasp")
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (5, 7)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Grasp", "Lateus Orbis"]


def test_vatista_zahhishio_missing_puts_the_hand_in_gauge_but_not_itself() -> None:
    """Zahhishio ("before: add_hand_to_gauge + gain_advantage; hit: push 3") missing at
    range 3 (client: ``test_vatista_zahhishio_with_hand_miss``): her hand goes to the
    gauge, the attack to the discard pile; both miss; she has the advantage."""
    d = position(p1=dict(space=3, hand=["zahhishio", "dive", "focus"], gauge=["cross", "cross"]),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    d.strike("zahhishio", "grasp")
    d.pay("cross", "cross")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Dive", "Focus"]
    assert d.zone(P1, Zone.HAND) == []
    d.expect(ActionRequest, P1)


def test_vatista_curse_commandment_empty_gauge_cannot_strike_from_hand() -> None:
    """Curse Commandment ("now: strike_from_gauge") with an empty gauge but cards in
    hand (client: ``..._no_gauge_with_hand_forces_wild_swing``): no card of her hand
    may be set; she wild swings (Grasp on top: 3 + 3, push 1)."""
    d = position(p1=dict(space=3, hand=["zahhishio", "spike", "cross"], deck=["grasp", "dive"]),
                 p2=dict(space=4, hand=["grasp"]), chars=CHARS)
    d.act(Boost(card=d.ref(P1, "zahhishio")))
    assert not any(isinstance(r, SetAttackRequest) and r.player == P1 for r in d.forced)
    assert [e.wild for e in d.events(ev.AttackSet) if e.player == P1] == [True]
    d.set_attack(P2, "grasp")
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (30, 24)


def test_vatista_two_gauge_on_move_boosts_leave_on_one_move_action() -> None:
    """Crimson Wings and Charged Attack ("now: add_boost_to_gauge_on_move") both go to
    the gauge on one Move action (client: ``test_vatista_double_gauge_boost_on_move``)."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["armabellum", "transvoranse"]),
                 p2=dict(space=4), chars=CHARS)
    d.act(MoveTo(space=2))
    if isinstance(d.pending, PayForceRequest):
        d.pay("grasp")
    assert (d.space(P1), d.space(P2)) == (2, 4)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Armabellum", "Transvoranse"]


def test_vatista_gauge_on_move_boosts_leave_on_assaults_close_power_lost() -> None:
    """Assault's close moves her (2 -> 3): both boosts go to her gauge; Crimson Wings'
    +1 speed already let Assault (6) beat Cross (6, ties to the attacker anyway), but
    Charged Attack's +2 power has left before damage: 4 (client:
    ``test_vatista_double_gauge_boost_on_attack``)."""
    d = position(p1=dict(space=2, hand=["assault"], boosts=["armabellum", "transvoranse"]),
                 p2=dict(space=4, hand=["cross"]), chars=CHARS)
    d.strike("assault", "cross")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Armabellum", "Assault", "Transvoranse"]
    assert (d.life(P1), d.life(P2)) == (30, 26)


def test_vatista_gauge_on_move_boosts_stay_when_assault_closes_nothing() -> None:
    """Adjacent, Assault's close 2 moves her nothing: both boosts stay, and Charged
    Attack's +2 counts: 6 (client: ``test_vatista_double_gauge_boost_on_null_move``)."""
    d = position(p1=dict(space=3, hand=["assault"], boosts=["armabellum", "transvoranse"]),
                 p2=dict(space=4, hand=["cross"]), chars=CHARS)
    d.strike("assault", "cross")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert d.zone(P1, Zone.GAUGE) == ["Assault"]  # the hit attack only
    assert (d.life(P1), d.life(P2)) == (30, 24)
