"""Ragna the Bloodedge (BlazBlue): every special, ultra and boost, his Astral Heat Black
Onslaught, his ability and exceed ability (``hit`` life gain), his kicker (``on_exceed``)
and his overdrive effect.

Card facts: roster.md, "Ragna the Bloodedge". Ragna is P1 and Ryu P2 (Ryu's gauge stays
empty, so his Critical is never offered). A test's name contains the effect and condition
tags it exercises (the effect-registry meta-test relies on it). The season rules
(Overdrive, the manual Reshuffle, the Astral Heat's arrival) are pinned with Ragna in
``tests/engine/mechanics/test_blazblue.py``.
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, ChoiceRequest, ChooseOption, Exceed
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("ragna", "ryu")


def ragna(p1: dict[str, Any], p2: dict[str, Any] | None = None, active: Any = P1) -> Driver:
    """A position with Ragna as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def test_ragna_deck_has_30_cards_and_black_onslaught_set_aside() -> None:
    """roster.md, Ragna's deck: 30 cards (the standard normals and his 7 cards x2) and
    Black Onslaught, his Astral Heat, set aside; exceed cost 4, BlazBlue season."""
    deck = CATALOG.deck_list("ragna")
    assert len(deck) == 30
    assert deck.count("ragna_bloodscythe") == 2 and deck.count("standard_normal_block") == 2
    assert "ragna_blackonslaught" not in deck
    char = CATALOG.character("ragna")
    assert [e.card for e in char.set_aside] == ["ragna_blackonslaught"]
    assert char.exceed_cost == 4 and char.season.value == "blazblue"


# --- specials ----------------------------------------------------------------------------


def test_blood_scythe_advance_hit_move_top_cards_discard_to_gauge_and_ability_gain_life() -> None:
    """Blood Scythe (range 1-2, power 5, speed 1, guard 6): ``before: advance 1``; ``hit:
    add_top_discard_to_gauge``; Ragna's ability ``hit: gain_life 1``. Ryu's faster Sweep
    hits first (6; guard 6 holds); Ragna advances 3 -> 4, hits for 5, puts the top of
    his discard (Cross) into gauge and gains 1 life."""
    d = ragna(dict(space=3, life=20, hand=["bloodscythe"], discard=["cross"]),
              dict(space=5, hand=["sweep"]))
    d.strike("bloodscythe", "sweep")
    assert d.space(P1) == 4
    assert d.life(P2) == 25
    assert d.life(P1) == 20 - 6 + 1
    assert d.zone(P1, Zone.GAUGE) == ["Cross", "Blood Scythe"]
    assert d.zone(P1, Zone.DISCARD) == []


def test_dead_spike_hit_push_after_choice_close() -> None:
    """Dead Spike (range 2-4, power 5, speed 3, guard 4): ``hit: push 1``; ``after: close 1
    | close 2``. Faster than Sweep, it deals 5 and pushes Ryu 5 -> 6; Sweep (range 1-3)
    still hits back for 6; Ragna closes 2 (3 -> 5)."""
    d = ragna(dict(space=3, life=20, hand=["deadspike"]), dict(space=5, hand=["sweep"]))
    d.strike("deadspike", "sweep")
    assert d.space(P2) == 6
    d.choose("close 2")
    assert d.space(P1) == 5
    assert d.life(P2) == 25
    assert d.life(P1) == 20 + 1 - 6  # his ability: gain_life 1 on a hit


def test_gauntlet_hades_ignore_armor_choice_advance() -> None:
    """Gauntlet Hades (range 1-2, power 4, speed 3): ``during_strike: ignore_armor``;
    ``before: advance 1 | advance 2``. Advancing 3 -> 4 without passing Ryu, it hits
    through Focus's 2 armor for the full 4."""
    d = ragna(dict(space=3, hand=["gauntlethades"]), dict(space=6, hand=["focus"]))
    d.strike("gauntlethades", "focus")
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.life(P2) == 26


def test_gauntlet_hades_advanced_through_attack_does_not_hit() -> None:
    """Gauntlet Hades: ``[if advanced_through] attack_does_not_hit``: advancing past Ryu
    (3 -> 5 over 4) the attack does not hit; Ryu's Focus hits Ragna for 4."""
    d = ragna(dict(space=3, life=20, hand=["gauntlethades"]), dict(space=4, hand=["focus"]))
    d.strike("gauntlethades", "focus")
    d.choose("advance 1")
    assert d.space(P1) == 5
    assert d.life(P2) == 30
    assert d.life(P1) == 16


def test_hells_fang_close_hit_push_gain_advantage() -> None:
    """Hell's Fang (range 1, power 4, speed 4): ``before: close 3``; ``hit: push 2, then
    gain_advantage``. Faster than Sweep, Ragna closes 2 -> 5, deals 4, pushes Ryu 6 -> 8
    and, with the advantage, acts next."""
    d = ragna(dict(space=2, hand=["hellsfang"]), dict(space=6, hand=["sweep"]))
    d.strike("hellsfang", "sweep")
    assert d.space(P1) == 5 and d.space(P2) == 8
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


def test_inferno_divider_initiated_strike_powerup_push() -> None:
    """Inferno Divider (1 force, range 1-2, power 3, speed 7): ``hit: [if initiated_strike]
    powerup 2, then push 1``. Ragna strikes first (pays the force with Grasp): 5 damage,
    Ryu pushed 4 -> 5."""
    d = ragna(dict(space=3, hand=["infernodivider", "grasp"]), dict(space=4, hand=["sweep"]))
    d.strike("infernodivider", "sweep")
    d.pay("grasp")
    assert d.life(P2) == 25
    assert d.space(P2) == 5


def test_inferno_divider_not_initiated_no_powerup() -> None:
    """Inferno Divider set in answer to Ryu's strike: no powerup, no push (3 damage)."""
    d = ragna(dict(space=3, hand=["infernodivider", "grasp"]), dict(space=4, hand=["sweep"]),
              active=P2)
    d.strike("sweep", "infernodivider")
    d.pay("grasp")
    assert d.life(P2) == 27
    assert d.space(P2) == 4


# --- ultras and the Astral Heat --------------------------------------------------------


def test_carnage_scissors_dodge_at_range_close() -> None:
    """Carnage Scissors (2 gauge, range 1, power 5, speed 3): ``during_strike:
    dodge_at_range 4-5``; ``before: close 4``. Ryu's faster Hadoken at range 4 is
    dodged; Ragna closes 2 -> 5 and hits for 5."""
    d = ragna(dict(space=2, life=20, hand=["carnagescissors"], gauge=["grasp", "cross"]),
              dict(space=6, hand=["hadoken"]))
    d.strike("carnagescissors", "hadoken")
    d.pay("grasp", "cross")
    assert d.life(P1) == 21
    assert d.space(P1) == 5
    assert d.life(P2) == 25


def test_devoured_by_darkness_exceeded_rangeup_speedup_hit_gain_life() -> None:
    """Devoured by Darkness (3 gauge, range 1-2, power 5, speed 5): ``during_strike: [if
    exceeded] rangeup 0/1, then speedup 1``; ``hit: gain_life 3``. Exceeded, Ragna hits
    at range 3 with his exceed ability (``hit: powerup 1, then gain_life 2``): 6 damage,
    3 + 2 life."""
    d = ragna(dict(space=3, life=10, exceeded=True, overdrive=["block", "focus"],
                   hand=["devouredbydarkness"], gauge=["grasp", "cross", "dive"]),
              dict(space=6, hand=["sweep"]))
    d.select(P1, "block")  # his overdrive step: one card discarded, 1 damage, no push
    d.choose("pass")
    assert d.p(P1).exceeded and d.area(P1, "overdrive") == ["Focus"]
    d.strike("devouredbydarkness", "sweep")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 24
    assert d.life(P1) == 10 - 1 + 3 + 2 - 6  # then Sweep (range 1-3) hits back for 6


def test_devoured_by_darkness_not_exceeded_no_rangeup() -> None:
    """Devoured by Darkness unexceeded: range 1-2 only, so at range 3 it misses."""
    d = ragna(dict(space=3, hand=["devouredbydarkness"], gauge=["grasp", "cross", "dive"]),
              dict(space=6, hand=["focus"]))
    d.strike("devouredbydarkness", "focus")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 30


def test_black_onslaught_life_equals_powerup() -> None:
    """Black Onslaught (Astral Heat, 4 gauge, range 2-3, power 6, speed 6): ``before: [if
    life_equals 1] powerup 6``. At 1 life Ragna hits for 12."""
    d = ragna(dict(space=3, life=1, set_aside=[], hand=["blackonslaught"],
                   gauge=["grasp", "cross", "dive", "spike"]),
              dict(space=5, hand=["focus"]))
    d.strike("blackonslaught", "focus")
    d.pay("grasp", "cross", "dive", "spike")
    assert d.life(P2) == 30 - (12 - 2)


def test_black_onslaught_without_life_equals_no_powerup() -> None:
    """Black Onslaught at 2 life: no bonus, 6 - 2 armor = 4 damage."""
    d = ragna(dict(space=3, life=2, set_aside=[], hand=["blackonslaught"],
                   gauge=["grasp", "cross", "dive", "spike"]),
              dict(space=5, hand=["focus"]))
    d.strike("blackonslaught", "focus")
    d.pay("grasp", "cross", "dive", "spike")
    assert d.life(P2) == 26


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Black Onslaught's boost, immediate): ``draw 2``, ``seal_this``,
    ``bonus_action``: Ragna draws 2, Black Onslaught goes to his sealed area and he acts
    again."""
    d = ragna(dict(set_aside=[], hand=["blackonslaught"], deck=["grasp", "cross", "dive"]))
    boost(d, "blackonslaught")
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross"]
    assert d.zone(P1, Zone.SEALED) == ["Black Onslaught"]
    assert _next(d) == P1


# --- boosts ------------------------------------------------------------------------------


def test_soul_eater_now_close_draw() -> None:
    """Soul Eater (Blood Scythe's continuous boost): ``now: close 1, then draw 1``. Ragna
    closes 3 -> 4 and draws Dive (then Spike at the end of his turn); the boost stays."""
    d = ragna(dict(space=3, hand=["bloodscythe"], deck=["dive", "spike"]), dict(space=6))
    boost(d, "bloodscythe")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Dive", "Spike"]
    assert d.zone(P1, Zone.BOOSTS) == ["Blood Scythe"]
    assert _next(d) == P2


def test_soul_eater_hit_gain_life() -> None:
    """Soul Eater in play: ``hit: gain_life 2``, with his ability's 1: Ragna's Sweep hits
    Block (4 through its armor) and he goes 20 -> 23."""
    d = ragna(dict(space=3, life=20, hand=["sweep"], boosts=["bloodscythe"]),
              dict(space=4, hand=["block"]))
    d.strike("sweep", "block")
    assert d.life(P2) == 26
    assert d.life(P1) == 23


def test_nightmare_edge_speedup_hit_choice_push() -> None:
    """Nightmare Edge (Dead Spike's boost): ``during_strike: speedup 1``; ``hit: push 1 |
    push 2``. Ragna's Sweep gets +1 speed and, on the hit, pushes Ryu 4 -> 6."""
    d = ragna(dict(space=3, hand=["sweep"], boosts=["deadspike"]), dict(space=4, hand=["block"]))
    d.strike("sweep", "block")
    d.choose("push 2")
    assert d.space(P2) == 6
    assert [e.amount for e in d.events(ev.StatModified)
            if e.player == P1 and e.stat is Stat.SPEED] == [1]


def test_revolver_action_now_draw() -> None:
    """Revolver Action (Gauntlet Hades's boost): ``now: draw 2``: Ragna draws Dive and
    Spike, then Cross at the end of his turn."""
    d = ragna(dict(hand=["gauntlethades"], deck=["dive", "spike", "cross"]))
    boost(d, "gauntlethades")
    assert d.zone(P1, Zone.HAND) == ["Dive", "Spike", "Cross"]
    assert _next(d) == P2


def test_revolver_action_hit_gain_advantage() -> None:
    """Revolver Action in play: ``hit: gain_advantage``: after Ragna's Sweep hits, he
    acts next."""
    d = ragna(dict(space=3, hand=["sweep"], boosts=["gauntlethades"]),
              dict(space=4, hand=["block"]))
    d.strike("sweep", "block")
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


def test_foul_tempered_now_choice_spend_life_draw() -> None:
    """Foul-Tempered (Hell's Fang's boost): ``now: spend_life 2, then draw 1 | pass``."""
    d = ragna(dict(life=20, hand=["hellsfang"], deck=["dive", "spike"]))
    boost(d, "hellsfang")
    d.choose("spend life 2")
    assert d.life(P1) == 18
    assert d.zone(P1, Zone.HAND) == ["Dive", "Spike"]


def test_foul_tempered_powerup_armorup() -> None:
    """Foul-Tempered in play: ``during_strike: powerup 1, then armorup 2``. Ragna's Focus
    (armor 2 + 2) takes 2 from Ryu's faster Sweep (6 - 4), then hits for 4 + 1 and gains
    1 life (his ability)."""
    d = ragna(dict(space=3, life=20, hand=["focus"], boosts=["hellsfang"]),
              dict(space=4, hand=["sweep"]))
    d.strike("focus", "sweep")
    assert d.life(P1) == 20 - 2 + 1
    assert d.life(P2) == 25


def test_unrelenting_powerup_stun_immunity() -> None:
    """Unrelenting (Inferno Divider's boost, 1 force): ``during_strike: powerup 1, then
    stun_immunity``. Ryu's faster Grasp hits Ragna's Assault (guard 0) for 3, which
    would stun; immune, Ragna closes and hits for 5."""
    d = ragna(dict(space=3, life=20, hand=["assault"], boosts=["infernodivider"]),
              dict(space=4, hand=["grasp"]))
    d.strike("assault", "grasp")
    d.choose("push 1")  # Ryu's Grasp: Ragna pushed 3 -> 2
    assert d.life(P1) == 20 - 3 + 1 and d.space(P1) == 3
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]  # Ragna is not
    assert d.life(P2) == 25


def test_not_over_yet_now_range_push_strike() -> None:
    """Not Over Yet (Carnage Scissors's boost): ``now: [if range 1] push 2, then strike``;
    ``during_strike: powerup 2``. Adjacent, Ragna pushes Ryu 4 -> 6 and strikes."""
    d = ragna(dict(space=3, hand=["carnagescissors", "sweep"]), dict(space=4, hand=["block"]))
    boost(d, "carnagescissors")
    assert d.space(P2) == 6
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_not_over_yet_not_at_range_1_no_strike() -> None:
    """Not Over Yet at range 2: no push and no strike; Ryu acts next."""
    d = ragna(dict(space=3, hand=["carnagescissors"]), dict(space=5))
    boost(d, "carnagescissors")
    assert d.space(P2) == 5 and d.state.strike is None
    assert _next(d) == P2


def test_azure_grimoire_choice_spend_life_draw_bonus_action() -> None:
    """Azure Grimoire (Devoured by Darkness's boost, immediate, 1 force): ``spend_life N,
    then draw N`` (N 1-5) ``| pass``, then ``bonus_action``. Ragna spends 3, draws 3 and
    acts again."""
    d = ragna(dict(life=20, hand=["devouredbydarkness", "grasp"],
                   deck=["dive", "spike", "cross", "focus"]))
    boost(d, "devouredbydarkness", "grasp")
    d.choose("spend life 3")
    assert d.life(P1) == 17
    assert d.zone(P1, Zone.HAND) == ["Dive", "Spike", "Cross"]
    assert _next(d) == P1


# --- kicker and overdrive ----------------------------------------------------------------


def test_on_exceed_kicker_draw_choice_strike() -> None:
    """Ragna's kicker (``on_exceed``): ``draw 1, then close 1 + strike | strike``; taking
    the plain strike he stays on his space and strikes."""
    d = ragna(dict(space=3, gauge=["grasp", "cross", "dive", "spike"], hand=["focus"],
                   deck=["sweep"]), dict(space=7))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    assert d.zone(P1, Zone.HAND) == ["Focus", "Sweep"]
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("close 1, then strike", "strike")
    d.act(ChooseOption(index=1))
    assert d.space(P1) == 3
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_overdrive_take_damage_nonlethal_choice_push() -> None:
    """Ragna's overdrive effect: ``take_damage 1 {nonlethal}, then push 1 | pass``."""
    d = ragna(dict(exceeded=True, overdrive=["grasp", "cross"], space=4, life=10),
              dict(space=5))
    d.select(P1, "grasp")
    assert d.life(P1) == 9
    d.choose("push")
    assert d.space(P2) == 6 and d.area(P1, "overdrive") == ["Cross"]


def test_without_unrelenting_assault_is_stunned() -> None:
    """The same exchange without Unrelenting: Ryu's Grasp (3 > guard 0) stuns Ragna, whose
    Assault never hits."""
    d = ragna(dict(space=3, life=20, hand=["assault"]), dict(space=4, hand=["grasp"]))
    d.strike("assault", "grasp")
    d.choose("push 1")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.life(P2) == 30
