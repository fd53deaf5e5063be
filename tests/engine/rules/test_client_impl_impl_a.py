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


def test_an_attack_discarded_at_cleanup_goes_on_top_of_the_discarded_boosts() -> None:
    """Core rulebook, Cleanup: "1. Resolve any Cleanup triggers ... 2. Discard all
    Continuous Boosts in your Boost area ... 3. ... put your attack card into your
    discard pile". Yuzuriha's exceed ability (roster.md: ``add_attack_effect
    {added_effect=(add_attack_effect {added_effect=(discard_strike_after_cleanup)})}``)
    sends her attack to her discard pile even when it hits. The reference client
    discards such an attack before the boosts (``handle_strike_attack_cleanup`` runs
    ``discard_attack_on_cleanup`` ahead of ``cleanup_continuous_boosts``, offset
    ~463,000), which would leave the boost on top; the rulebook's order is followed
    here: her Cross hits Ryu for 3, then the uni Grasp boost and Cross go to her discard
    pile in that order, Cross on top (what her top-discard effects read next)."""
    d = position(p1=dict(space=4, hand=["cross"], boosts=["grasp"], exceeded=True),
                 p2=dict(space=5, hand=["sweep"]), chars=("yuzu", "ryu"))
    d.strike("cross", "sweep")
    assert [e.player for e in d.events(ev.AttackHit)] == [P1]
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross"]
