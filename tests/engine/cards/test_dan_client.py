"""Dan Hibiki: situations of the reference client's ``test/unit/test_dan.gd`` that our
Dan tests (``test_dan.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Dan Hibiki" and the ``standard`` normals. Dan is P1 and, as in
the client's tests, Dan is P2 too.
"""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ActionRequest, ChooseOption
from engine.core.ids import Zone

CHARS = ("dan", "dan")


def test_dan_critical_then_invalid_ultra_wild_swings_with_the_bonus() -> None:
    """Dan's ability "[if is_critical] ... [if was_wild_swing] powerup 1 + speedup 1" and
    the core rule that an attack whose cost cannot be paid is invalid and replaced by a
    wild swing (client: ``test_dan_ua_after_invalid``). Dan (3) sets Legendary Taunt
    (2 gauge) and spends his only gauge card on Critical: the Taunt is invalid, he wild
    swings Dive, which is Critical and a wild swing: speed 5 ties Assault and goes
    first, jumps 3 over P2 (6) to 7 and hits for 6, stunning P2."""
    d = position(p1=dict(space=3, hand=["legendarytaunt"], gauge=["grasp"], deck=["dive"]),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    d.strike("legendarytaunt", "assault", crit=(True, False))
    assert d.names(e.card for e in d.events(ev.AttackInvalid)) == ["Legendary Taunt"]
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    assert (d.space(P1), d.space(P2)) == (7, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]


def test_dan_legendary_taunt_extra_attack_with_a_free_shisso_buraiken() -> None:
    """Dan, Legendary Taunt: "play_attack_from_hand", with Shisso Buraiken (3 gauge, card
    rule: free if no other card in hand) as his only card (client:
    ``test_dan_legendary_taunt_extra_attack_shisso_buraiken``). Taunt (4 -> pass) plays
    Shisso for free: it closes 2 (to 6), hits for 7, stuns P2's Spike, gains advantage
    and goes to gauge; the Taunt is discarded; Dan acts next."""
    d = position(p1=dict(space=4, hand=["legendarytaunt", "shissoburaiken"],
                         gauge=["grasp", "cross"]),
                 p2=dict(space=7, hand=["spike"]), chars=CHARS)
    d.strike("legendarytaunt", "spike")
    d.pay("grasp", "cross")
    d.choose("pass")
    d.act(ChooseOption(index=1))  # play_attack_from_hand, no draw
    d.select(P1, "shissoburaiken")
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.zone(P1, Zone.GAUGE) == ["Shisso Buraiken"]
    assert "Legendary Taunt" in d.zone(P1, Zone.DISCARD)
    assert d.expect(ActionRequest).player == P1


def test_dan_legendary_taunt_extra_attack_is_another_legendary_taunt() -> None:
    """Dan, Legendary Taunt playing a second Legendary Taunt (paying its 2 gauge), which
    plays Sweep (client: ``test_dan_legendary_taunt_extra_attack_legendary_taunt``).
    From 1 he advances 3 (to 4), draws the second Taunt and plays it; it advances 3 (to
    7) and plays Sweep, which hits P2 (9) at range 2 for 6 and stuns his Spike. Sweep
    goes to gauge; both Taunts are discarded."""
    d = position(p1=dict(space=1, hand=["legendarytaunt", "sweep"],
                         gauge=["grasp", "cross", "dive", "spike"], deck=["legendarytaunt"]),
                 p2=dict(space=9, hand=["spike"]), chars=CHARS)
    d.strike("legendarytaunt", "spike")
    d.pay("grasp", "cross")
    d.choose("advance 3")
    d.choose("draw 1")
    d.select(P1, "legendarytaunt")
    d.pay("dive", "spike")
    d.choose("advance 3")
    d.act(ChooseOption(index=1))
    d.select(P1, "sweep")
    assert (d.space(P1), d.space(P2)) == (7, 9)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"]
    assert d.zone(P1, Zone.DISCARD).count("Legendary Taunt") == 2


def test_dan_legendary_taunt_extra_gadouken_returns_to_the_deck() -> None:
    """Dan, Legendary Taunt playing Gadouken ("after: [if hit_opponent] choice
    <return_attack_to_top_of_deck + gauge_from_hand 1 | pass>") (client:
    ``test_dan_legendary_taunt_extra_attack_gadouken``). From 1 he advances 2 (to 3);
    Gadouken hits P2 (7) at range 4 for 4, not above Spike's guard 4; Spike (2-3) misses
    at range 4. After, Gadouken goes on top of his deck and Cross from hand to gauge."""
    d = position(p1=dict(space=1, hand=["legendarytaunt", "gadouken", "cross"],
                         gauge=["grasp", "dive"]),
                 p2=dict(space=7, hand=["spike"]), chars=CHARS)
    d.strike("legendarytaunt", "spike")
    d.pay("grasp", "dive")
    d.choose("advance 2")
    d.act(ChooseOption(index=1))
    d.select(P1, "gadouken")
    d.choose("return")  # Cross, his only card, goes to gauge: no choice to make
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 26)
    assert d.zone(P1, Zone.DECK)[0] == "Gadouken"
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert "Legendary Taunt" in d.zone(P1, Zone.DISCARD)


def _taunt_into_nirvana() -> Driver:
    """Dan (2) sets Legendary Taunt against Carl Clover's Spike (6), Nirvana (Active)
    on 4; Dan advances 2 onto Nirvana's space and plays Sweep from his hand."""
    d = position(p1=dict(space=2, hand=["legendarytaunt", "sweep"], gauge=["grasp", "cross"]),
                 p2=dict(space=6, hand=["spike"], buddies={"nirvana_active": 4}),
                 chars=("dan", "carlclover"))
    d.strike("legendarytaunt", "spike")
    d.pay("grasp", "cross")
    d.choose("advance 2")
    d.act(ChooseOption(index=1))  # play_attack_from_hand, no draw
    return d


def test_dan_legendary_taunt_extra_attack_flips_nirvana() -> None:
    """Carl Clover's ability (opponent_before: "[if opponent_buddy_in_range] choice
    <flip_buddy_miss_get_gauge | pass>") offered to Dan's extra attack (client:
    ``test_dan_legendary_taunt_hit_nirvana_with_extra_attack``). Dan flips Nirvana with
    Sweep: Sweep does not hit and goes to gauge; Spike hits Dan for 5; the Taunt is
    discarded; Nirvana is Disabled on 4, so no offer is left for the Taunt.

    The extra attack is made as soon as the Taunt's Before effect that asks for it has
    resolved (core rulebook, Timing: each trigger is activated and resolved
    individually), so Sweep is picked, and Carl's offer made for it, before Carl's offer
    for the Taunt, as in the client."""
    d = _taunt_into_nirvana()
    d.select(P1, "sweep")
    d.choose("flip")  # the offer for Sweep; Nirvana leaves, none for the Taunt
    assert d.expect(ActionRequest).player == P2
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"]
    assert "Legendary Taunt" in d.zone(P1, Zone.DISCARD)


def test_dan_legendary_taunt_itself_flips_nirvana() -> None:
    """The same, Dan flipping Nirvana with the Taunt (which never hits) and Sweep then
    hitting Carl for 6 and stunning his Spike (client:
    ``test_dan_legendary_taunt_hit_nirvana_with_leg_taunt``): both the Taunt and Sweep
    go to gauge. Sweep comes first (see above): Dan passes the offer for it, then takes
    the one for the Taunt."""
    d = _taunt_into_nirvana()
    d.select(P1, "sweep")
    d.choose("pass")  # the offer for Sweep
    d.choose("flip")  # the offer for Legendary Taunt
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Legendary Taunt", "Sweep"]


def test_dan_legendary_taunt_without_an_extra_attack() -> None:
    """Dan, Legendary Taunt (no range; armor 1, guard 5) playing no extra attack (client:
    ``test_dan_legendary_taunt_no_extra_attack``): P2's Spike (ignores armor and guard)
    hits him for 5 from range 3; the Taunt never hits and is discarded."""
    d = position(p1=dict(space=4, hand=["legendarytaunt", "grasp"], gauge=["cross", "dive"]),
                 p2=dict(space=7, hand=["spike"]), chars=CHARS)
    d.strike("legendarytaunt", "spike")
    d.pay("cross", "dive")
    d.choose("pass")
    d.act(ChooseOption(index=1))
    d.select(P1)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert (d.space(P1), d.space(P2)) == (4, 7)
    assert "Legendary Taunt" in d.zone(P1, Zone.DISCARD)


def test_dan_legendary_taunt_extra_cross_misses_and_retreats() -> None:
    """Dan, Legendary Taunt playing Cross (range 1-2; after: retreat 3) (client:
    ``test_dan_legendary_taunt_extra_attack_miss``): from 3 he advances 2 (to 5); Cross
    misses P2 (8) at range 3, and its After still runs: he retreats to 2, out of Spike's
    reach. Both Cross and the Taunt are discarded."""
    d = position(p1=dict(space=3, hand=["legendarytaunt", "cross"], gauge=["grasp", "dive"]),
                 p2=dict(space=8, hand=["spike"]), chars=CHARS)
    d.strike("legendarytaunt", "spike")
    d.pay("grasp", "dive")
    d.choose("advance 2")
    d.act(ChooseOption(index=1))
    d.select(P1, "cross")
    assert (d.space(P1), d.space(P2)) == (2, 8)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert {"Cross", "Legendary Taunt"} <= set(d.zone(P1, Zone.DISCARD))
    assert d.zone(P1, Zone.GAUGE) == []


def test_dan_legendary_taunt_extra_attack_shisso_buraiken_paid_from_gauge() -> None:
    """Dan, Legendary Taunt ("play_attack_from_hand") with Shisso Buraiken (3 gauge, card
    rule "free_if_no_cards_in_hand") while another card (Dive) stays in his hand (client:
    ``test_dan_legendary_taunt_extra_attack_shisso_buraiken_payit``, in one stored
    version only): the reduction does not apply, so Dan pays Shisso's 3 gauge from the
    3 left after the Taunt's 2. Shisso closes 2 (4 to 6), hits for 7, stuns P2's Spike
    and gains advantage; the gauge then holds only Shisso; Dive is still in hand."""
    d = position(p1=dict(space=4, hand=["legendarytaunt", "shissoburaiken", "dive"],
                         gauge=["grasp", "cross", "spike", "sweep", "assault"]),
                 p2=dict(space=7, hand=["spike"]), chars=CHARS)
    d.strike("legendarytaunt", "spike")
    d.pay("grasp", "cross")
    d.choose("pass")
    d.act(ChooseOption(index=1))  # play_attack_from_hand, no draw
    d.select(P1, "shissoburaiken")
    d.pay("spike", "sweep", "assault")
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.zone(P1, Zone.GAUGE) == ["Shisso Buraiken"]
    assert "Dive" in d.zone(P1, Zone.HAND)
    assert "Legendary Taunt" in d.zone(P1, Zone.DISCARD)
    assert d.expect(ActionRequest).player == P1
