"""Our effect handlers against the reference client's implementation (its
``handle_strike_effect`` arms ``add_attack_effect`` .. ``return_attack_to_top_of_deck``,
``scenes/game/local_game.gd`` at 278d3c91, offsets 180,000-285,000): the cases where the
client's code decides an outcome its tests barely touch. Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.ids import Zone


def test_a_speed_boost_sent_to_gauge_at_its_hit_no_longer_adds_speed() -> None:
    """Chun-Li's Swift Attack (Head Stomp's boost, roster.md: ``during_strike: speedup 1``,
    ``hit: gain_advantage + add_boost_to_gauge_on_strike_cleanup``). effects.md: "Move this
    boost from play into your gauge (immediately by default ...)"; core rulebook,
    Continuous Boosts: its effects "are active at all times until discarded". The client's
    arm (offset ~181,500) calls ``remove_from_continuous_boosts(card, "gauge")``, which
    starts with ``disable_boost_effects(card)``: mid-strike, each ``during_strike``
    ``speedup`` is taken back (``strike_stat_boosts.speed -= effect['amount']``).

    Chun-Li's Assault (speed 5, +1) hits Hilda first (power 4 under Interference's guard
    6: no stun); Swift Attack goes to her gauge. Hilda's Interference then hits: ``push
    OPPONENT_SPEED`` (effects.md, push: "their current total speed") is 5, not 6: from 2
    to 7."""
    d = position(p1=dict(space=2, hand=["assault"], boosts=["headstomp"]),
                 p2=dict(space=1, hand=["interference"]), chars=("chunli", "hilda"))
    d.strike("assault", "interference")
    assert [e.player for e in d.events(ev.AttackHit)] == [P1, P2]
    assert d.zone(P1, Zone.GAUGE) == ["Head Stomp", "Assault"]
    assert d.life(P1) == 26 and d.life(P2) == 26
    assert d.space(P1) == 7
