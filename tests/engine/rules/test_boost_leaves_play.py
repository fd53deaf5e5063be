"""A continuous boost's effects last only while it is in play (core rulebook, Boosts:
continuous boost effects "are active until they are discarded after Cleanup or by a
card effect"; the Under Night rulebook says the same).

When a continuous boost leaves play mid-strike, by any way (discarded, to gauge, to
hand, to deck; sustained or not), what its ``during_strike`` effects gave the strike
ends at once (``StatBonusEnded`` and its kin), and its effects still waiting at the
current timing do not run. Its triggered effects that already resolved (a ``when_hit``
armor, a move) stay done. One test per way of leaving, each with the card that does it;
no card in the data sends a boost to the deck mid-strike, so that way is shown through
the one place every departure passes (``Table.move``).
"""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ChoiceRequest
from engine.core.ids import Zone
from engine.core.state import Stat


def _ended(d: Driver) -> list[tuple[object, Stat, int]]:
    return [(e.player, e.stat, e.amount) for e in d.events(ev.StatBonusEnded)]


def test_to_gauge_on_move_hyde_charged_attack_with_assault() -> None:
    """Issue 28's example. Hyde's Charged Attack (Red-Clad Craver boost: ``during_strike:
    powerup 2``; it goes to gauge when he moves himself). His Assault's ``before: close
    2`` moves him 3 -> 5: the boost leaves play at once and its +2 no longer counts, so
    Ryu's Block (armor 2) takes 4 - 2 = 2, not 4."""
    d = position(p1=dict(space=3, hand=["assault"], boosts=["redcladcraver"]),
                 p2=dict(space=6, hand=["block"]), chars=("hyde", "ryu"))
    d.strike("assault", "block")
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.GAUGE)[:1] == ["Red-Clad Craver"]
    assert _ended(d) == [(P1, Stat.POWER, 2)]
    assert d.life(P2) == 28


def test_discarded_by_its_own_trigger_super_skull_man_fear_not_citizen() -> None:
    """Super Skull Man's Fear Not, Citizen! (``during_strike: armorup 3, guardup 3``;
    ``opponent_moved_past: discard_this``). Ryu's Dive (power 5, ``before: advance 3``)
    from 6 over him on 8 stops at the wall on 9, next to him: the boost is discarded, so
    only Block's 2 armor counts and he takes 3 (not 0)."""
    d = position(p1=dict(space=8, hand=["block"], boosts=["slamevil"]),
                 p2=dict(space=6, hand=["dive"]), chars=("superskullman", "ryu"), active=P2)
    d.strike("dive", "block")
    assert d.space(P2) == 9
    assert "Slam Evil" in d.zone(P1, Zone.DISCARD)
    assert sorted(_ended(d)) == sorted([(P1, Stat.ARMOR, 3), (P1, Stat.GUARD, 3)])
    assert d.life(P1) == 27


def test_discarded_by_a_card_effect_platinum_mystique_momo() -> None:
    """Platinum's Mystique Momo (power 2, ``before: discard one of your continuous
    boosts, then +2 power``) discarding Fierce (Grasp's boost, ``during_strike: powerup
    2``): Fierce's +2 ends and Momo's +2 comes, so Ryu's Block takes 4 - 2 = 2, not 4."""
    d = position(p1=dict(space=3, hand=["mystiquemomo"], boosts=["grasp"]),
                 p2=dict(space=6, hand=["block"]), chars=("platinum", "ryu"))
    d.strike("mystiquemomo", "block")
    d.choose("Fierce")
    assert "Grasp" in d.zone(P1, Zone.DISCARD)
    assert _ended(d) == [(P1, Stat.POWER, 2)]
    assert d.life(P2) == 28


def test_to_hand_at_hit_phonon_resonance() -> None:
    """Phonon's Resonance (``during_strike: [if not_initiated_strike] powerup 2``; ``hit:
    choice <return_this_boost_to_hand | pass>``). Hit effects resolve before damage:
    returning it to her hand ends the +2, so her Cross hits for 3, not 5."""
    d = position(p1=dict(space=4, hand=["cross"], boosts=["slidingaffliction"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("phonon", "nehtali"), active=P2)
    d.strike("sweep", "cross")
    d.choose("return")
    assert "Sliding Affliction" in d.zone(P1, Zone.HAND)
    assert _ended(d) == [(P1, Stat.POWER, 2)]
    assert d.life(P2) == 27


def test_to_deck_mid_strike_ends_the_bonus() -> None:
    """To the deck: no card in the data sends a continuous boost there mid-strike, so the
    move is made through ``Table.move``, the one place every departure passes, at
    Resonance's hit choice: its +2 ends and Cross hits for 3."""
    d = position(p1=dict(space=4, hand=["cross"], boosts=["slidingaffliction"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("phonon", "nehtali"), active=P2)
    d.strike("sweep", "cross")
    d.expect(ChoiceRequest, P1)
    card = d.p(P1).boosts[0]
    d.game.table.move(P1, card, Zone.BOOSTS, Zone.DECK, ev.MoveReason.EFFECT)
    d.choose("pass")
    assert d.zone(P1, Zone.DECK)[:1] == ["Sliding Affliction"]
    assert d.life(P2) == 27


def test_sustained_boost_leaving_mid_strike_ends_its_bonus_too() -> None:
    """Sustained or not: a boost marked sustained this strike (it would survive the
    cleanup) that leaves play mid-strike loses its bonuses all the same. Resonance is
    sustained before the hit (``BoostSustained``, as ``sustain_this`` would emit), then
    returned to hand: Cross hits for 3."""
    d = position(p1=dict(space=4, hand=["cross"], boosts=["slidingaffliction"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("phonon", "nehtali"), active=P2)
    d.strike("sweep", "cross")
    d.expect(ChoiceRequest, P1)
    card = d.p(P1).boosts[0]
    d.game.table.emit(ev.BoostSustained(player=P1, card=card))
    assert card in d.p(P1).sustained
    d.choose("return")
    assert _ended(d) == [(P1, Stat.POWER, 2)]
    assert d.life(P2) == 27


def test_boost_staying_in_play_keeps_its_bonus() -> None:
    """The control: Resonance kept (pass) still gives +2, Cross hits for 5, and nothing
    ends; it leaves at cleanup as usual, after the strike's damage."""
    d = position(p1=dict(space=4, hand=["cross"], boosts=["slidingaffliction"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("phonon", "nehtali"), active=P2)
    d.strike("sweep", "cross")
    d.choose("pass")
    assert _ended(d) == []
    assert d.life(P2) == 25


def test_triggered_bonus_stays_when_its_boost_discards_itself_londrekia_iceflower() -> None:
    """The card over a wider reading: Londrekia's Iceflower (a Trap on 4, between him on
    3 and Nehtali on 5) says ``when_hit: armorup 2 + stun_immunity + discard_this``; that
    armor is a triggered effect that has resolved, not a continuous one, so it still
    absorbs Sweep's hit after the Trap is discarded: 6 - (2 + 2) = 2 damage."""
    d = position(p1=dict(space=3, hand=["block"], boosts=["snowblossom"],
                         traps={"snowblossom": 4}),
                 p2=dict(space=5, hand=["sweep"]), chars=("londrekia", "nehtali"), active=P2)
    d.strike("sweep", "block")
    assert "Snow Blossom" in d.zone(P1, Zone.DISCARD)
    assert _ended(d) == []
    assert d.life(P1) == 28


_STRIKE_TIMINGS = frozenset({"set_strike", "on_strike_reveal", "during_strike", "before", "hit",
                             "when_hit", "on_stunned", "after", "opponent_moved_past"})
_LEAVES = ("discard_this", "add_to_gauge_immediately", "add_to_gauge_immediately_mid_strike_"
           "undo_effects", "return_this_boost_to_hand", "seal_this_boost",
           "add_boost_to_overdrive_during_strike_immediately")


def test_every_boost_that_leaves_mid_strike_by_its_own_text_is_known() -> None:
    """The survey behind the rule (issue 28): the continuous boosts whose own text takes
    them out of play during a strike (a leaving effect at a strike timing, or
    ``add_boost_to_gauge_on_move``, which fires on any self-move). A new one fails here,
    to be checked against the rule and named in ``Table.end_boost_bonuses``."""
    from engine.cards.catalog import default_catalog
    from engine.cards.effect_walk import iter_effects
    from engine.cards.schema import BoostKind, effect_tag

    catalog = default_catalog()
    found: set[str] = set()
    for card in catalog.cards.values():
        if card.boost.kind is not BoostKind.CONTINUOUS:
            continue
        for top in card.boost.effects:
            tags = {effect_tag(type(e)) for e in iter_effects((top,))}
            if "add_boost_to_gauge_on_move" in tags or (
                    top.timing is not None and top.timing.value in _STRIKE_TIMINGS
                    and tags & set(_LEAVES)):
                found.add(card.boost.name)
    assert found == {
        "Charged Attack", "Crimson Wings", "Restriction", "Fear Not, Citizen!", "Resonance",
        "Baroque Noise", "The Destroyers", "Beat A Nail With Your Hammer", "Chain Shift",
        "Bell Bug", "Zero Vector", "Soul's Oath", "Iceflower"}
