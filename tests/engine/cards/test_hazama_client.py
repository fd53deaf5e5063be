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

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    MoveTo,
    Prepare,
    SpaceRequest,
    Strike,
)
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
    assert sorted(m.space for m in d.expect(SpaceRequest, P1).choices) == [4, 5, 6, 7, 8]
    d.move_to(P1, 6)
    request = d.expect(SpaceRequest, P1)
    assert 4 in [m.space for m in request.choices]
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
