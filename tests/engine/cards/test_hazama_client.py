"""Hazama: situations of the reference client's ``test/unit/test_hazama.gd``, written
with our builder in our own words.

Card facts: roster.md, "Hazama" (ability: when he initiates, 1 force places an
Ouroboros at range 1, exceeded both at range 0-2; at the reveal the fake leaves and he
moves to the real one; Hungry Coils' boost Serpent's Benediction: ``now:
force_costs_reduced_passive 1`` and ``strike (opponent sets first) | pass``). The
opponent is Nehtali (standard Normals) or Sagat.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChangeCards,
    ChoiceRequest,
    MoveTo,
    PayForceRequest,
    Prepare,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.mechanics.buddies.state import buddy_spaces

FORCE = ["grasp", "grasp", "focus", "focus"]


def hazama(p1: dict[str, Any], p2: dict[str, Any], rival: str = "nehtali") -> Driver:
    return position(p1=p1, p2=p2, chars=("hazama", rival))


def test_exceeded_fake_on_his_own_space_real_behind_then_dive_past() -> None:
    """Client test_hazama_exceed_ua_nothing_first. Exceeded Hazama on 6, Nehtali on 7:
    1 force places the fake Ouroboros first, anywhere at range 0-2 (4 to 8, her space
    included): on his own space (6); then the real one (on 4). At the reveal the fake
    leaves and he moves to 4; his Dive (before: advance 3) goes past her to 8 and hits
    for 5; her Sweep (range 1-3) then hits him back? No: Dive's speed 4 beats Sweep's 2,
    and Sweep (guard 6) is not stunned; it reaches him at range 1 for 6."""
    d = hazama(dict(space=6, hand=["dive", "grasp"], exceeded=True,
                    overdrive=["cross", "spike"]), dict(space=7, hand=["sweep"]))
    d.select(P1, "cross")  # the overdrive discard at his turn start
    d.act(Strike())
    d.set_attack(P1, "dive")
    d.pay("grasp")
    d.choose("ouroboros_nothing")
    assert sorted(m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)) == [4, 5, 6, 7, 8]
    d.move_to(P1, 6)
    request = d.expect(SpaceRequest, P1)
    assert 4 in [m.space for m in offered(request, MoveTo)]
    d.move_to(P1, 4)
    d.set_attack(P2, "sweep")
    assert [(e.player, e.src, e.dst) for e in d.events(ev.PlayerMoved)][:2] == [
        (P1, 6, 4), (P1, 4, 8)]
    assert d.space(P1) == 8 and d.space(P2) == 7
    assert d.life(P2) == 24  # 1 from his overdrive effect at the turn start, then 5
    assert buddy_spaces(d.game.table, P1, "ouroboros_move") == []
    assert buddy_spaces(d.game.table, P1, "ouroboros_nothing") == []


def test_serpents_benediction_makes_eternal_coils_first_force_free() -> None:
    """Client test_hazama_eternalcoils_with_force_reduced(_full5). With Serpent's
    Benediction in play Hazama (on 3) strikes, Nehtali (on 7) sets Assault first; he
    sets Eternal Coils (3 gauge, range 2-4, speed 6) and declines Ouroboros. On the hit
    its force_for_effect (up to 5, each ``powerup 1, pull 8``) gets 1 force for no
    card: 4 damage and one pull 8 takes her past him to the edge (1); with 4 cards
    more, 5 force: 8 damage and five pulls, back and forth, ending on 1 again."""
    for cards, life in ((0, 26), (4, 22)):
        d = hazama(dict(space=3, hand=["hungrycoils", "eternalcoils", *FORCE[:cards]],
                        gauge=["cross", "dive", "spike"]),
                   dict(space=7, hand=["assault"]))
        boost(d, "hungrycoils")
        d.choose("strike")
        d.set_attack(P2, "assault")
        d.set_attack(P1, "eternalcoils")
        d.choose("decline")  # Ouroboros, free with the reduction: declined
        d.pay("cross", "dive", "spike")
        d.choose(f"spend {cards + 1} force")
        if cards:
            d.pay(*FORCE[:cards])
        assert d.life(P2) == life and d.life(P1) == 30
        assert d.space(P2) == 1 and d.space(P1) == 3
        assert len([e for e in d.events(ev.PlayerMoved) if e.player == P2]) == cards + 1


def test_serpents_benediction_move_one_space_for_no_card() -> None:
    """Client test_hazama_hungrycoils_force_reduce_dont_strike_move(_2). Hazama boosts
    Hungry Coils and passes on the strike; next turn, with no card in hand, his Move
    action still takes him 1 space (the reduction pays its 1 force); with one card, 2
    spaces."""
    d = hazama(dict(space=3, hand=["hungrycoils"], deck=["grasp"]), dict(space=7))
    boost(d, "hungrycoils")
    d.choose("pass")
    d.act(Prepare())
    assert len(d.p(P1).hand) == 1  # the end-of-turn draw
    request = d.expect(ActionRequest, P1)
    moves = sorted(c.space for c in request.choices if isinstance(c, MoveTo))
    assert moves == [1, 2, 4, 5]  # 1 card + 1 free force
    d.act(MoveTo(space=5))
    d.pay("grasp")
    assert d.space(P1) == 5


def test_serpents_benediction_vs_sagats_critical_set_first() -> None:
    """Client test_hazama_v_sagat_crit_mid_opponent_sets_first. Hazama (3) boosts Hungry
    Coils and strikes; Sagat (6) sets Low Step Kick first and pays 1 gauge for its
    Critical; Hazama sets Devouring Fang (1 force, free with the reduction) and takes
    the free Ouroboros: the real one on 4. At the reveal he moves to 4; Low Step Kick
    (speed 5) goes first, closes 1 (to 5) and hits for 2 through Devouring Fang's guard
    (Critical: ignore_guard), stunning him."""
    d = hazama(dict(space=3, hand=["hungrycoils", "devouringfang"]),
               dict(space=6, hand=["lowstepkick"], gauge=["grasp"]), rival="sagat")
    boost(d, "hungrycoils")
    d.choose("strike")
    d.set_attack(P2, "lowstepkick")
    d.pay("grasp")
    d.set_attack(P1, "devouringfang")
    request = d.expect(ChoiceRequest, P1)
    assert "costs reduced by 1" in request.labels[0]
    d.choose(request.labels[0])
    d.choose("ouroboros_move")
    d.move_to(P1, 4)
    assert d.space(P1) == 4 and d.space(P2) == 5
    assert d.life(P1) == 28 and d.life(P2) == 30
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]



def test_serpents_benediction_change_cards_of_no_card_draws_one() -> None:
    """Client test_hazama_hungrycoils_force_reduce_dont_strike_cc. Serpent's Benediction
    (Hungry Coils' boost, ``force_costs_reduced_passive 1``; reference effects.md: "every
    force payment gets N free force") in play and no card in hand or gauge: Change Cards
    (core rulebook, Change Cards: "Spend 1 or more Force ... Draw that many cards") is
    still an action, asks nothing, and draws 1; with the end-of-turn draw he holds 2.
    Before, Change Cards was not offered with no card to spend."""
    d = hazama(dict(space=3, boosts=["hungrycoils"], deck=["grasp", "focus", "dive"]),
               dict(space=7))
    assert ChangeCards() in d.expect(ActionRequest, P1).choices
    d.act(ChangeCards())
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Focus"]
    assert d.zone(P1, Zone.BOOSTS) == ["Hungry Coils"]  # the boost stays in play
    assert d.expect(ActionRequest, P2)  # his turn is over


def test_serpents_benediction_change_cards_one_more_card() -> None:
    """Client test_hazama_hungrycoils_force_reduce_dont_strike_cc1 and _cc_ultra. With
    Serpent's Benediction in play, Change Cards of one Normal makes 2 force (draws 2),
    of an Ultra 3 (an Ultra "gives you 2 Force": Street Fighter rulebook, Change Cards),
    and of no card, his hand held, 1; each then the end-of-turn draw. The payment may
    now be of no card, so it is optional."""
    deck = ["grasp", "focus", "dive", "cross", "spike", "sweep"]
    for paid, drawn in ((["assault"], 2), (["serpentsinfernalrapture"], 3), ([], 1)):
        d = hazama(dict(space=3, boosts=["hungrycoils"], deck=deck,
                        hand=["assault", "serpentsinfernalrapture", "block"]),
                   dict(space=7))
        d.act(ChangeCards())
        request = d.expect(PayForceRequest, P1)
        assert request.amount is None and request.optional
        d.pay(*paid)
        assert len(d.zone(P1, Zone.HAND)) == 3 - len(paid) + drawn + 1
        assert d.zone(P1, Zone.DISCARD) == [d.name(d.ref(P1, c, Zone.DISCARD))
                                            for c in paid]
        assert d.zone(P1, Zone.HAND)[-(drawn + 1):] == [c.title() for c in deck[:drawn + 1]]


def test_serpents_benediction_gives_block_two_armor_for_no_card() -> None:
    """Client test_hazama_block_with_force_reduced. Serpent's Benediction in play, Hazama
    (5) strikes with Block (armor 2, ``when_hit_force_for_armor 2``) against Nehtali's
    Sweep (7, power 6, range 1-3) and declines Ouroboros; hit, he spends no card for
    armor, yet the free force gives +2: 4 armor, 2 damage (28). (Sweep's hit discards
    one of his two Grasps at random first.)"""
    d = hazama(dict(space=5, boosts=["hungrycoils"], hand=["block", "grasp", "grasp"]),
               dict(space=7, hand=["sweep"]))
    d.act(Strike())
    d.set_attack(P1, "block")
    d.choose("decline")  # Ouroboros, free with the reduction: declined
    d.set_attack(P2, "sweep")
    request = d.expect(PayForceRequest, P1)
    assert request.amount is None and request.optional
    d.decline()
    assert d.life(P1) == 28 and d.life(P2) == 30
    assert d.space(P1) == 5 and d.space(P2) == 7
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_serpents_benediction_gives_block_armor_with_no_card_to_spend() -> None:
    """The same with no card in hand or gauge: the free force is not asked for and still
    gives Block +2 armor (28)."""
    d = hazama(dict(space=5, boosts=["hungrycoils"], hand=["block"]),
               dict(space=7, hand=["sweep"]))
    d.act(Strike())
    d.set_attack(P1, "block")
    d.choose("decline")  # Ouroboros
    d.set_attack(P2, "sweep")
    assert not [r for r in d.forced if isinstance(r, PayForceRequest)]
    assert d.life(P1) == 28
    assert 2 in d.stat_mods(P1, Stat.ARMOR)


@pytest.mark.parametrize(("me", "her", "pushed_to"), [(6, 7, 9), (4, 3, 1), (3, 6, 7)])
def test_venom_sword_push_to_max_range_stops_at_the_edge(me: int, her: int, pushed_to: int) -> None:
    """Client test_hazama_venomsword_hit_end_right, _end_left and _hit_mid (version
    0412346). Venom Sword (range 1-4, power 4, speed 4; ``hit:
    push_to_attack_max_range``) against Venom Sword, tied, the attacker first: it pushes
    the opponent toward range 4, but no further than the arena's edge (6 vs 7: to 9;
    4 vs 3: to 1), and from 3 vs 6 exactly to 7. 4 damage stuns the other Venom Sword
    (guard 0), so Hazama takes nothing."""
    d = position(p1=dict(space=me, hand=["venomsword"]), p2=dict(space=her, hand=["venomsword"]),
                 chars=("hazama", "hazama"))
    d.act(Strike())
    d.set_attack(P1, "venomsword")
    d.set_attack(P2, "venomsword")
    assert (d.space(P1), d.space(P2)) == (me, pushed_to)
    assert (d.life(P1), d.life(P2)) == (30, 26)
