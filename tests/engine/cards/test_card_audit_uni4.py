"""Card audit (third, depth-first pass) of the remaining Under Night In-Birth kits (chaos,
enkidu, gordeau, hyde, linne, londrekia, mika, wagner, nanase, orie, vatista, waldstein,
yuzu) and Red Horizon's nehtali, superskullman and vincent: no engine change came out of
this pass; these tests pin interactions that were right but untested and subtle (the
pass's open questions are in its report).

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, P2, boost, versus

from engine import events as ev
from engine.core.decisions import Prepare
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Stat

DECK = ["grasp", "cross", "dive", "focus"]


def test_londrekia_snow_blossom_placed_mid_strike_protects_him_from_the_slower_attack() -> None:
    """Londrekia, Snow Blossom (range 2-5, power 3, speed 4): ``after:
    place_boost_in_space {in_attack_range, optional, if_placed_effect=(boost_this_then_
    sustain {dont_sustain})}``; its boost Iceflower: ``when_hit: [if
    boost_space_between_opponent] armorup 2 + stun_immunity + discard_this`` (roster.md).
    Placed by the faster attack's ``after``, the Iceflower is in play when the slower
    attack hits in the same strike (effects.md, strike order: the first attack's after
    runs before the second attack activates).

    Londrekia on 3 hits Nehtali on 6 first (3 damage) and places Iceflower on 5, between
    them; Nehtali's Sweep (power 6, speed 2) then hits him: +2 armor (4 damage, not 6),
    stun immunity (guard 0), and the Iceflower is discarded."""
    d = versus(("londrekia", "nehtali"), dict(space=3, hand=["snowblossom"], deck=DECK),
               dict(space=6, hand=["sweep"], deck=DECK))
    d.strike("snowblossom", "sweep")
    d.choose("place")
    d.move_to(P1, 5)
    assert d.life(P2) == 27
    assert d.stat_mods(P1, Stat.ARMOR) == [2]
    assert d.life(P1) == 26
    assert d.events(ev.PlayerStunned) == []
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Snow Blossom"]
    assert d.zone(P1, Zone.GAUGE) == []


def test_londrekia_two_iceflowers_between_the_fighters_each_add_their_armor() -> None:
    """Londrekia, Iceflower (Snow Blossom's boost, a Trap): ``now: place_boost_in_space``;
    ``when_hit: [if boost_space_between_opponent] armorup 2 + stun_immunity +
    discard_this`` (roster.md). The condition is each Iceflower's own space, so two
    Iceflowers between the fighters both answer the hit.

    Iceflowers on 4 and 5, between Londrekia (3) and Nehtali (6): Sweep (power 6) hits
    his Block (armor 2) + 2 + 2 = 6 armor: no damage, no stun, and both Iceflowers are
    discarded."""
    d = versus(("londrekia", "nehtali"),
               dict(space=3, hand=["snowblossom", "snowblossom", "block"], deck=DECK),
               dict(space=6, hand=["sweep"], deck=DECK))
    boost(d, "snowblossom")
    d.move_to(P1, 4)
    d.act(Prepare())
    boost(d, "snowblossom")
    d.move_to(P1, 5)
    d.strike("sweep", "block")
    d.decline()  # Block's force for armor
    assert d.stat_mods(P1, Stat.ARMOR) == [2, 2]
    assert d.life(P1) == 30
    assert d.events(ev.PlayerStunned) == []
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD).count("Snow Blossom") == 2


def test_hyde_pale_bringer_set_alone_is_ex_through_superior_and_ignores_guard() -> None:
    """Hyde, Pale Bringer (range 1, power 4, speed 4): ``during_strike: [if is_ex_strike]
    ignore_guard``; the uni Cross's boost Superior (continuous): ``during_strike:
    attack_is_ex`` (roster.md). The card's own during_strike effects run before the
    boosts', and a condition that failed is retried until nothing changes (effects.md,
    During-strike bonuses), so Superior's EX makes the single Pale Bringer an EX strike.

    Pale Bringer 4 + 1 (EX) = 5 against Nehtali's Sweep (guard 6): 5 damage, and with his
    guard ignored he is stunned, so Sweep never hits back."""
    d = versus(("hyde", "nehtali"), dict(space=3, hand=["palebringer"], boosts=["cross"],
                                         deck=DECK),
               dict(space=4, hand=["sweep"], deck=DECK))
    d.strike("palebringer", "sweep")
    assert AttackFlag.IGNORE_GUARD in {e.flag for e in d.events(ev.AttackFlagged)
                                       if e.player == P1}
    assert d.life(P2) == 25
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]
    assert d.life(P1) == 30
