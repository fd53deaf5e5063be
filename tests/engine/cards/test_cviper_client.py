"""C. Viper: situations of the reference client's ``test/unit/test_cviper.gd`` that our
Viper tests (``test_cviper.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "C. Viper" (ability: "on_continuous_boost: choice <strike |
pass>", Critical) and the ``standard`` normals. As in the client's tests, P2 is Viper
too.
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, Prepare
from engine.core.ids import Zone

CHARS = ("cviper", "cviper")


def test_cviper_critical_burning_kick_weakens_spike() -> None:
    """C. Viper, Burning Kick: "hit: [if is_critical] powerup_opponent -2 +
    gain_advantage; after: close 1" (client: ``test_cviper_crit``). From 3 against Spike
    on 6: it hits first for 4 (not above guard 4), Spike comes back for 5 - 2 = 3, then
    Viper closes 1."""
    d = position(p1=dict(space=3, hand=["burningkick"], gauge=["grasp"]),
                 p2=dict(space=6, hand=["spike"]), chars=CHARS)
    d.strike("burningkick", "spike", crit=(True, False))
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert (d.life(P1), d.life(P2)) == (27, 26)


def test_cviper_defend_boost_then_her_strike() -> None:
    """C. Viper's ability after a continuous boost (Spike's Defend: armor 1, guard 3)
    (client: ``test_cviper_boost_ua_strike``): she strikes at once with Assault against
    Cross on 8 (from 7). Cross (6) hits first for 3 - 1 = 2, not above guard 3, and
    retreats to the edge (9); Assault closes to 8 and hits for 4."""
    d = position(p1=dict(space=7, hand=["spike", "assault"]), p2=dict(space=8, hand=["cross"]),
                 chars=CHARS)
    boost(d, "spike")
    d.choose("strike")
    d.respond(P1, "assault", "cross")
    assert (d.space(P1), d.space(P2)) == (8, 9)
    assert (d.life(P1), d.life(P2)) == (28, 26)


def test_cviper_cheater_plays_stylish_then_pass_keeps_the_bonus_action() -> None:
    """C. Viper, Temple Massage's boost Cheater ("boost_additional" continuous from the
    discard) playing Burning Dance's Stylish ("now: draw 3 + bonus_action") (client:
    ``test_cviper_cheater_boost``): she draws 3, passes on her ability's strike, and has
    her bonus action."""
    d = position(p1=dict(space=7, hand=["templemassage"], discard=["burningdance"],
                         deck=["grasp", "cross", "dive", "spike"]),
                 p2=dict(space=8), chars=CHARS)
    boost(d, "templemassage")
    d.select(P1, "burningdance")
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross", "Dive"]
    d.choose("pass")
    assert d.zone(P1, Zone.BOOSTS) == ["Burning Dance"]
    assert d.expect(ActionRequest).player == P1
    d.act(Prepare())


def test_cviper_cheater_plays_stylish_then_her_strike() -> None:
    """The same, taking her ability's strike (client:
    ``test_cviper_cheater_boost_choose_strike``): Assault from 6 closes to 7 and hits
    Focus (8) for 4 - 2 armor; Focus, +3 from Stylish, hits back for 7; Assault's
    advantage gives Viper the next turn."""
    d = position(p1=dict(space=6, hand=["templemassage", "assault"], discard=["burningdance"],
                         deck=["grasp", "cross", "dive", "spike"]),
                 p2=dict(space=8, hand=["focus"]), chars=CHARS)
    boost(d, "templemassage")
    d.select(P1, "burningdance")
    d.choose("strike")
    d.respond(P1, "assault", "focus")
    assert (d.space(P1), d.space(P2)) == (7, 8)
    assert (d.life(P1), d.life(P2)) == (23, 28)
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.expect(ActionRequest).player == P1


def test_cviper_defend_boost_then_pass_ends_her_turn() -> None:
    """C. Viper's ability after a continuous boost, "choice <strike | pass>", passing
    (client: ``test_cviper_boost_ua_pass``, newer version): no strike happens, Defend
    stays in play, her turn ends with its draw and P2 acts next; nobody moved or lost
    life."""
    d = position(p1=dict(space=7, hand=["spike", "assault"], deck=["grasp"]),
                 p2=dict(space=8, hand=["cross"]), chars=CHARS)
    boost(d, "spike")
    d.choose("pass")
    assert d.zone(P1, Zone.BOOSTS) == ["Spike"]
    assert sorted(d.zone(P1, Zone.HAND)) == ["Assault", "Grasp"]
    assert d.expect(ActionRequest).player == P2
    assert (d.space(P1), d.space(P2)) == (7, 8)
    assert (d.life(P1), d.life(P2)) == (30, 30)
