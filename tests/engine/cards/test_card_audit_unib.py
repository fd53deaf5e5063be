"""Card audit of the last nine Under Night In-Birth fighters (Mika, Wagner, Nanase, Orie,
Phonon, Seth, Vatista, Waldstein, Yuzuriha) and the ``uni`` normals' boosts: behaviours
where the engine played a card differently from roster.md / effects.md, each pinned by
a scenario test.

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, versus

from engine import events as ev
from engine.core.ids import Zone
from engine.core.state import Stat

# --- Miyashiro Wagner ---------------------------------------------------------------------


def test_wagner_schild_zack_boost_effect_armor_and_guard_against_the_second_attack() -> None:
    """Miyashiro Wagner, Schild Zack (range 2, power 5, speed 6): ``after: [if
    not_hit_opponent] choice <boost_this_then_sustain {boost_effect=(armorup 1 +
    guardup 3)} | pass>`` (roster.md). effects.md, boost_this_then_sustain: "optional
    ``boost_effect``", which runs when the card is boosted this way: Defend's armor and
    guard protect Wagner from the slower attack still to come in this strike.

    Wagner on 3, Ryu adjacent on 4: Schild Zack (speed 6) goes first and misses (range 2);
    Wagner keeps it as Defend with +1 armor and +3 guard. Ryu's Assault (power 4) then
    hits for 4 - 1 = 3, not more than guard 3: Wagner is at 27 and not stunned. Without
    the boost effect he took 4 (26) and was stunned (guard 0)."""
    d = versus(("wagner", "ryu"), dict(space=3, hand=["schildzack"]),
             dict(space=4, hand=["assault"]))
    d.strike("schildzack", "assault")
    d.choose("boost this then sustain")
    assert d.zone(P1, Zone.BOOSTS) == ["Schild Zack"]
    assert d.stat_mods(P1, Stat.ARMOR) == [1]
    assert d.stat_mods(P1, Stat.GUARD) == [3]
    assert d.life(P1) == 27
    assert d.events(ev.PlayerStunned) == []


def test_wagner_sturm_brecher_boost_effect_retreat_out_of_the_second_attack() -> None:
    """Miyashiro Wagner, Sturm Brecher (range 1-2, power 5, speed 4): ``after: [if
    not_hit_opponent] choice <boost_this_then_sustain {boost_effect=(speedup 1 + choice
    <advance 1 | retreat 1>)} | pass>`` (roster.md; effects.md, boost_this_then_sustain,
    ``boost_effect``). Kept as Tactical, the card moves Wagner at once.

    Wagner on 2, Ryu on 5: Sturm Brecher (speed 4) goes first and misses at range 3;
    Wagner keeps it and retreats 1 (2 -> 1), so Ryu's Spike (range 2-3, speed 3) is 4
    away and misses: Wagner stays at 30. Without the boost effect she stayed on 2 and
    Spike hit her for 5 (25)."""
    d = versus(("wagner", "ryu"), dict(space=2, hand=["sturmbrecher"]),
             dict(space=5, hand=["spike"]))
    d.strike("sturmbrecher", "spike")
    d.choose("boost this then sustain")
    d.choose("retreat 1")
    assert d.space(P1) == 1
    assert d.stat_mods(P1, Stat.SPEED) == [1]
    assert d.life(P1) == 30
    assert d.zone(P1, Zone.BOOSTS) == ["Sturm Brecher"]


# --- Yuzuriha -----------------------------------------------------------------------------


def test_yuzu_exceeded_kurenai_kept_as_boost_is_not_discarded_by_the_exceed_ability() -> None:
    """Yuzuriha, exceed ability: ``set_strike: add_attack_effect {added_effect=(during_strike:
    add_attack_effect {added_effect=(cleanup: discard_strike_after_cleanup)})}``; Inochi
    Kurenai (ultra, 1 gauge): ``cleanup: [if stunned] choice <boost_this_then_sustain |
    pass>`` (roster.md). The attack card that became a sustained boost has left the
    strike (effects.md, boost_this_then_sustain: "Your current attack leaves the
    strike"), so the discard meant for the attack at cleanup (effects.md, Strike
    resolution 16.1) no longer reaches it: Ainsel Lost stays in play. (Pins a behaviour
    already right: the two cleanup rules meet only here.)

    Exceeded Yuzu strikes Kurenai; Nehtali's Grasp (speed 7) hits first for 3 > guard 0
    and stuns her; at cleanup she keeps Kurenai as a boost."""
    d = versus(("yuzu", "nehtali"), dict(space=3, hand=["kurenai"], gauge=["grasp"],
                                       exceeded=True),
             dict(space=4, hand=["grasp"]))
    d.strike("kurenai", "grasp")
    d.pay("grasp")
    d.choose("push 1")
    d.choose("boost")
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P1)]
    assert d.zone(P1, Zone.BOOSTS) == ["Zero no Kata Hi-Ougi: Inochi Kurenai"]
    assert "Zero no Kata Hi-Ougi: Inochi Kurenai" not in d.zone(P1, Zone.DISCARD)
