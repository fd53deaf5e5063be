"""Kokonoe Mercury (BlazBlue): every special, ultra, Astral Heat and boost, her buddy
Gravitron (placed after a continuous boost, by her kicker and her overdrive effect;
an attack that pulls the opponent toward it for 1 force; removed at cleanup), her
exceed ability (gauge costs paid with force, Ultras she may make invalid) and kicker.

Card facts: roster.md, "Kokonoe Mercury". Kokonoe is P1 and Ryu P2 (Ryu's gauge stays
empty, so his Critical is never offered; his Block, with no range, never hits). Her
hand holds only what a test needs, so the set-strike force prompt for Gravitron is
asked only where a test wants it. A test's name contains the effect and condition tags
it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    ChoiceRequest,
    Exceed,
    IllegalDecision,
    MoveTo,
    PayForceRequest,
    Prepare,
    Reshuffle,
    SelectCards,
    SelectCardsRequest,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.mechanics.buddies.state import buddy_spaces

CHARS = ("kokonoe", "ryu")


def kokonoe(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Kokonoe as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def gravitron(d: Driver) -> list[int]:
    return buddy_spaces(d.game.table, P1, "Gravitron")


def strike_with_gravitron(d: Driver, attack: str, response: str, force: str | None) -> None:
    """Kokonoe strikes with Gravitron in play: her set-strike force for the pull toward
    it is paid with ``force`` (None: declined) before Ryu sets."""
    d.act(Strike())
    d.set_attack(P1, attack)
    request = d.expect(PayForceRequest, P1)
    assert request.optional and request.amount == 1
    if force is None:
        d.decline()
    else:
        d.pay(force)
    d.set_attack(P2, response)


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def test_kokonoe_deck_has_30_cards_and_ultimate_impact_set_aside() -> None:
    """roster.md, Kokonoe's deck: 30 cards (standard Normals and her 7 cards x2),
    Ultimate Impact set aside; exceed cost 2; her buddy Gravitron."""
    deck = CATALOG.deck_list("kokonoe")
    assert len(deck) == 30
    for card in ("kokonoe_absolutezero", "kokonoe_banishingrays",
                 "kokonoe_brokenbunkerassault", "kokonoe_flamecage", "kokonoe_solidwheel",
                 "kokonoe_dreadnoughtexterminator", "kokonoe_flamingbelobog"):
        assert deck.count(card) == 2
    char = CATALOG.character("kokonoe")
    assert [(e.card, e.copies) for e in char.set_aside] == [("kokonoe_ultimateimpact", 1)]
    assert char.exceed_cost == 2 and [(b.id, b.name) for b in char.buddies] == [
        ("gravitron", "Gravitron")]


# --- specials ----------------------------------------------------------------------------


def test_absolute_zero_hit_opponent_discard_random_gauge_for_effect_powerup_push() -> None:
    """Absolute Zero (range 1-2, power 2): ``hit: opponent_discard_random 1, then
    gauge_for_effect 2 {required} for powerup 3, push 2``: Ryu discards his Dive, she pays 2
    gauge: 5 - 2 (Block's armor) and Ryu pushed 5 -> 7."""
    d = kokonoe(dict(space=4, hand=["absolutezero"], gauge=["grasp", "cross"]),
                dict(space=5, hand=["block", "dive"]))
    d.strike("absolutezero", "block")
    d.pay("grasp", "cross")
    assert "Dive" in d.zone(P2, Zone.DISCARD)
    assert d.life(P2) == 27 and d.space(P2) == 7


def test_grappling_hook_now_strike_rangeup_hit_pull_draw() -> None:
    """Grappling Hook (Absolute Zero's boost, continuous): ``now: strike``;
    ``during_strike: rangeup 2/2``; ``hit: pull 2, then draw 1``. Cross reaches 3 (1-2
    +2/+2) and hits; Ryu pulled 6 -> 4."""
    d = kokonoe(dict(space=3, hand=["absolutezero", "cross"]), dict(space=6, hand=["block"]))
    boost(d, "absolutezero")
    d.choose("pass")  # her ability: Gravitron may be placed after a continuous boost
    d.respond(P1, "cross", "block")
    assert _mods(d, Stat.MAX_RANGE) == [2] and _mods(d, Stat.MIN_RANGE) == [2]
    assert d.life(P2) == 29
    pulled = [e for e in d.events(ev.PlayerMoved) if e.player == P2]
    assert (pulled[0].src, pulled[0].dst) == (6, 4)


def test_banishing_rays_buddy_in_play_speedup_after_choice_retreat() -> None:
    """Banishing Rays (range 3, power 3, speed 4): ``during_strike: [if buddy_in_play]
    speedup 2``; ``after: choice <advance 1 | retreat 1>``. Gravitron is out: +2 speed;
    she retreats 2 -> 1; her ability then takes Gravitron away at cleanup."""
    d = kokonoe(dict(space=2, hand=["banishingrays"], buddies={"gravitron": 8}),
                dict(space=5, hand=["block"]))
    d.strike("banishingrays", "block")
    assert _mods(d, Stat.SPEED) == [2]
    d.choose("retreat")
    assert d.life(P2) == 29 and d.space(P1) == 1
    assert gravitron(d) == [] and len(d.events(ev.BuddyRemoved)) == 1


def test_planar_haze_buddy_space_unoccupied_move_to_buddy_bonus_action() -> None:
    """Planar Haze (Banishing Rays' boost, immediate, 1 force): ``[if
    buddy_space_unoccupied] move_to_buddy + bonus_action``: Kokonoe goes to
    Gravitron on 6 and acts again."""
    d = kokonoe(dict(space=2, hand=["banishingrays", "dive"], buddies={"gravitron": 6}),
                dict(space=8))
    boost(d, "banishingrays", "dive")
    assert d.space(P1) == 6
    assert d.expect(ActionRequest).player == P1


def test_planar_haze_without_buddy_else_choice_advance() -> None:
    """Planar Haze without Gravitron: ``else choice <advance 4 | advance 5>``: 2 -> 7
    (past Ryu on 5, whose space is not counted). The ``bonus_action`` is chained to
    move_to_buddy (roster.md: ``... else (choice ...) + bonus_action``), so the else
    branch takes no second action: Ryu acts next."""
    d = kokonoe(dict(space=2, hand=["banishingrays", "dive"]), dict(space=5))
    boost(d, "banishingrays", "dive")
    d.choose("advance 4")
    assert d.space(P1) == 7
    assert d.expect(ActionRequest).player == P2


def test_broken_bunker_assault_speedup_close_hit_on_buddy_space_powerup() -> None:
    """Broken Bunker Assault (1 force, range 1, power 5): ``during_strike: [if
    buddy_in_play] speedup -2``; ``before: close 2``; ``hit: [if on_buddy_space] powerup
    2``: she closes 3 -> 5 onto Gravitron and hits for 7 - 2."""
    d = kokonoe(dict(space=3, hand=["brokenbunkerassault", "dive"], buddies={"gravitron": 5}),
                dict(space=6, hand=["block"]))
    strike_with_gravitron(d, "brokenbunkerassault", "block", None)
    d.pay("dive")
    assert _mods(d, Stat.SPEED) == [-2] and _mods(d, Stat.POWER) == [2]
    assert d.space(P1) == 5 and d.life(P2) == 25


def test_impact_hammer_armorup_hit_gauge_for_effect_powerup_push() -> None:
    """Impact Hammer (Broken Bunker Assault's boost): ``during_strike: armorup 2``;
    ``hit: gauge_for_effect`` up to 2 for powerup 1 and push 1 each: Assault 4 + 2 - 2
    and Ryu pushed 5 -> 7."""
    d = kokonoe(dict(space=4, hand=["assault"], boosts=["brokenbunkerassault"],
                     gauge=["grasp", "cross"]),
                dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    d.choose("spend 2 gauge")
    d.pay("grasp", "cross")
    assert _mods(d, Stat.ARMOR) == [2]
    assert d.life(P2) == 26 and d.space(P2) == 7


def test_flame_cage_hit_range_greater_or_equal_powerup_after_choice_pull() -> None:
    """Flame Cage (range 2-5, power 3): ``hit: [if range_greater_or_equal 4] powerup
    2``; ``after: choice <push 1 | pull 1>``: from 4 away 5 - 2, then Ryu pulled 5 -> 4."""
    d = kokonoe(dict(space=1, hand=["flamecage"]), dict(space=5, hand=["block"]))
    d.strike("flamecage", "block")
    d.choose("pull")
    assert d.life(P2) == 27 and d.space(P2) == 4


def test_overtime_now_draw_start_of_next_turn_add_to_gauge_immediately_cards_from_hand() -> None:
    """Overtime (Flame Cage's boost, continuous): ``now: draw 4``; ``start_of_next_turn:
    add_to_gauge_immediately, then discard 3 from hand``."""
    d = kokonoe(dict(space=3, hand=["flamecage"]), dict(space=7))
    boost(d, "flamecage")
    d.choose("pass")  # no Gravitron
    assert len(d.p(P1).hand) == 5  # 4 drawn, and the end-of-turn draw
    d.act(Prepare())  # Ryu's turn; then Kokonoe's starts
    assert d.zone(P1, Zone.GAUGE) == ["Flame Cage v1.43"]
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.DISCARD and request.min_count == 3
    d.act(SelectCards(cards=request.candidates[:3]))
    assert len(d.p(P1).hand) == 2 and len(d.p(P1).discard) == 3


def test_solid_wheel_advance_stop_on_buddy_space_on_buddy_space_gain_advantage() -> None:
    """Solid Wheel (range 1, power 4): ``before: advance 4 {stop_on_buddy_space
    gravitron}, then [if on_buddy_space] gain_advantage``: from 2 she stops on Gravitron
    (4), misses Ryu on 8, and takes the next turn."""
    d = kokonoe(dict(space=2, hand=["solidwheel"], buddies={"gravitron": 4}),
                dict(space=8, hand=["block"]))
    d.strike("solidwheel", "block")
    assert d.space(P1) == 4
    assert d.events(ev.AdvantageGained)[-1].player == P1
    assert d.expect(ActionRequest).player == P1


def test_solid_wheel_advance_without_buddy_moves_full() -> None:
    """Solid Wheel with Gravitron not in play: the full advance 4 (2 -> 6), no advantage
    from it."""
    d = kokonoe(dict(space=2, hand=["solidwheel"]), dict(space=8, hand=["block"]))
    d.strike("solidwheel", "block")
    assert d.space(P1) == 6
    assert all(e.player != P1 for e in d.events(ev.AdvantageGained))


def test_timed_explosives_powerup_after_add_boost_to_gauge_on_strike_cleanup() -> None:
    """Timed Explosives (Solid Wheel's boost, 1 force): ``during_strike: powerup 2``;
    ``after: add_boost_to_gauge_on_strike_cleanup``: Assault 4 + 2 - 2, and the boost
    goes to gauge at cleanup."""
    d = kokonoe(dict(space=4, hand=["assault"], boosts=["solidwheel"]),
                dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert d.life(P2) == 26
    assert "Solid Wheel v3.37" in d.zone(P1, Zone.GAUGE) and d.zone(P1, Zone.BOOSTS) == []


# --- ultras ------------------------------------------------------------------------------


def test_dreadnought_exterminator_hit_force_for_effect_powerup() -> None:
    """Dreadnought Exterminator (4 gauge, range 4-8, power 7): ``hit: force_for_effect``
    up to 4 for +1 power each: 2 force, 9 - 2."""
    d = kokonoe(dict(space=1, hand=["dreadnoughtexterminator", "dive", "sweep"],
                     gauge=["grasp", "cross", "spike", "focus"]),
                dict(space=5, hand=["block"]))
    d.strike("dreadnoughtexterminator", "block")
    d.pay("grasp", "cross", "spike", "focus")
    d.choose("spend 2 force")
    d.pay("dive", "sweep")
    assert d.life(P2) == 23


def test_dreadnought_exterminator_exceeded_powerup_cost_8_may_generate_gauge_with_force() -> None:
    """Exceeded: ``during_strike: [if exceeded] powerup 7`` and its cost is 8
    (``gauge_cost_exceeded``), which her exceed ability (``on_strike_reveal:
    may_generate_gauge_with_force``) lets her pay in force from hand and gauge: 14 - 2."""
    d = kokonoe(dict(space=1, hand=["dreadnoughtexterminator", "dive", "sweep", "grasp",
                                    "cross"],
                     gauge=["spike", "focus", "assault", "block"], exceeded=True,
                     overdrive=["grasp", "cross"]),
                dict(space=5, hand=["block"]))
    d.select(P1, "grasp")  # the overdrive discard
    d.choose("pass")  # her overdrive effect: Gravitron may be placed
    d.strike("dreadnoughtexterminator", "block")
    assert [e.player for e in d.events(ev.GaugeCostsPaidWithForce)] == [P1]
    request = d.expect(PayForceRequest, P1)
    assert request.amount == 8
    d.pay("dive", "sweep", "grasp", "cross", "spike", "focus", "assault", "block")
    assert _mods(d, Stat.POWER) == [7]
    assert d.life(P2) == 18


def test_may_invalidate_ultras_declined_ultra_is_invalid_replace_wild_swing_to_gauge() -> None:
    """Her exceed ability, ``on_strike_reveal: may_invalidate_ultras``: she declines to pay for
    Ultimate Impact, which is invalid; its ``on_invalid`` rule (``replace_wild_swing
    {gauge}``, upstream ``on_invalid_add_to_gauge``) sends it to gauge, and she wild
    swings the Spike on top of her deck."""
    d = kokonoe(dict(space=4, hand=["ultimateimpact"], set_aside=[], deck=["spike"],
                     gauge=["grasp", "cross", "dive", "sweep"], exceeded=True,
                     overdrive=["focus", "assault"]),
                dict(space=5, hand=["block"]))
    d.select(P1, "focus")
    d.choose("pass")
    d.strike("ultimateimpact", "block")
    assert [e.player for e in d.events(ev.UltrasMayBeInvalidated)] == [P1]
    assert isinstance(d.pending, PayForceRequest) and d.pending.optional
    d.decline()
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Ultimate Impact"]
    assert "Ultimate Impact" in d.zone(P1, Zone.GAUGE)
    assert d.name(d.events(ev.WildSwingRevealed)[0].card) == "Spike"


def test_flaming_belobog_hit_range_greater_or_equal_cards_from_discard() -> None:
    """Flaming Belobog (2 gauge, range 1-4, power 5): ``hit: [if range_greater_or_equal
    3] choose_discard 2 {hand}`` (``cards_from_discard`` 0..2): from 3 away she takes Dive
    and Sweep back to hand."""
    d = kokonoe(dict(space=2, hand=["flamingbelobog"], gauge=["grasp", "cross"],
                     discard=["dive", "sweep"]),
                dict(space=5, hand=["block"]))
    d.strike("flamingbelobog", "block")
    d.pay("grasp", "cross")
    d.select(P1, "dive", "sweep")
    assert sorted(d.zone(P1, Zone.HAND)) == ["Dive", "Sweep"]
    assert d.life(P2) == 27


def test_jamming_dark_after_range_play_attack_from_hand() -> None:
    """Jamming Dark (Flaming Belobog's boost): ``after: [if range 4]
    play_attack_from_hand``: Flame Cage pushes Ryu to 4 away, then she makes an extra
    attack with Sweep from hand (it misses at 4: range 1-3)."""
    d = kokonoe(dict(space=1, hand=["flamecage", "sweep"], boosts=["flamingbelobog"]),
                dict(space=4, hand=["block"]))
    d.strike("flamecage", "block")
    d.choose("push")
    assert d.space(P2) == 5
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.EXTRA_ATTACK
    d.select(P1, "sweep")
    assert len([e for e in d.events(ev.AttackActivated) if e.player == P1]) == 2


def test_reckless_upgrades_now_move_top_cards_powerup_opponent() -> None:
    """Reckless Upgrades (Dreadnought Exterminator's boost): ``now:
    add_top_discard_to_gauge 3``; ``during_strike: powerup_opponent 3``."""
    d = kokonoe(dict(space=3, hand=["dreadnoughtexterminator"], discard=["dive", "sweep", "grasp"]),
                dict(space=7))
    boost(d, "dreadnoughtexterminator")
    d.choose("pass")
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Dive", "Grasp", "Sweep"]
    d2 = kokonoe(dict(space=4, hand=["block"], boosts=["dreadnoughtexterminator"]),
                 dict(space=5, hand=["cross"]))
    d2.strike("block", "cross")
    assert _mods(d2, Stat.POWER, P2) == [3]
    assert d2.life(P1) == 30 - (3 + 3 - 2)


# --- Astral Heat -------------------------------------------------------------------------


def test_ultimate_impact_hit_push_range_draw_any_number() -> None:
    """Ultimate Impact (4 gauge, range 1, power 7): ``hit: push 3, then [if range 4]
    draw_any_number``: Ryu pushed 5 -> 8, 4 away, she chooses to draw 2."""
    d = kokonoe(dict(space=4, hand=["ultimateimpact"], set_aside=[],
                     gauge=["grasp", "cross", "dive", "sweep"]),
                dict(space=5, hand=["block"]))
    d.strike("ultimateimpact", "block")
    d.pay("grasp", "cross", "dive", "sweep")
    assert d.space(P2) == 8
    labels = d.expect(ChoiceRequest, P1).labels
    assert labels[0] == "draw 0" and "draw 2" in labels
    d.choose("draw 2")
    assert len(d.p(P1).hand) == 2
    assert d.life(P2) == 25


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Ultimate Impact's boost): draw 2, sealed, bonus action."""
    d = kokonoe(dict(space=2, hand=["ultimateimpact"], set_aside=[]), dict(space=7))
    boost(d, "ultimateimpact")
    assert len(d.p(P1).hand) == 2 and d.zone(P1, Zone.SEALED) == ["Ultimate Impact"]
    assert d.expect(ActionRequest).player == P1


# --- character card ----------------------------------------------------------------------


def test_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability: the manual Reshuffle brings Ultimate Impact to the top of the deck (the
    end-of-turn draw takes it)."""
    d = kokonoe(dict(space=2, discard=["dive"]), dict(space=7))
    d.act(Reshuffle())
    assert [d.name(e.card) for e in d.events(ev.SetAsideCardAdded)] == ["Ultimate Impact"]
    assert "Ultimate Impact" in d.zone(P1, Zone.HAND)


def test_ability_on_continuous_boost_place_buddy_in_any_space() -> None:
    """Ability: ``on_continuous_boost: place_buddy_in_any_space {Gravitron, optional}``:
    after Timed Explosives she places Gravitron on 3."""
    d = kokonoe(dict(space=2, hand=["solidwheel", "dive"]), dict(space=7))
    boost(d, "solidwheel", "dive")
    d.choose("place buddy")
    d.move_to(P1, 3)
    assert gravitron(d) == [3]


def test_ability_set_strike_buddy_in_play_force_for_effect_add_attack_effect_pull_to_buddy() -> None:
    """Ability: ``set_strike: [if buddy_in_play] force_for_effect 1 for add_attack_effect
    {before: pull_to_buddy 1}``; ``cleanup: remove_buddy``. Gravitron behind her (1):
    Ryu is pulled 6 -> 5 into Spike's range (2-3) and takes 5 (it ignores armor);
    Gravitron leaves at cleanup."""
    d = kokonoe(dict(space=2, hand=["spike", "dive"], buddies={"gravitron": 1}),
                dict(space=6, hand=["block"]))
    strike_with_gravitron(d, "spike", "block", "dive")
    assert d.space(P2) == 5 and d.life(P2) == 25
    assert gravitron(d) == []


def test_pull_to_buddy_beyond_opponent_is_a_push() -> None:
    """``pull_to_buddy`` with Gravitron beyond Ryu (8): a push toward it, 5 -> 6 (out of
    Spike's reach from 2: it misses)."""
    d = kokonoe(dict(space=2, hand=["spike", "dive"], buddies={"gravitron": 8}),
                dict(space=5, hand=["block"]))
    strike_with_gravitron(d, "spike", "block", "dive")
    assert d.space(P2) == 6 and d.life(P2) == 30


def test_pull_to_buddy_on_opponent_space_choice() -> None:
    """``pull_to_buddy`` with Gravitron under Ryu (6): her choice of push or pull; pulled
    to 5, Spike hits."""
    d = kokonoe(dict(space=2, hand=["spike", "dive"], buddies={"gravitron": 6}),
                dict(space=6, hand=["block"]))
    strike_with_gravitron(d, "spike", "block", "dive")
    d.choose("pull")
    assert d.space(P2) == 5 and d.life(P2) == 25


def test_on_exceed_bonus_action_place_buddy_in_any_space() -> None:
    """Kicker (``on_exceed``): ``take_bonus_actions 1`` (``bonus_action``), the
    may-pay-with-force and may-invalidate grants (nothing outside a strike: her exceed
    ability grants them each strike) and ``place_buddy_in_any_space`` (not optional):
    Gravitron on 5, then she acts again."""
    d = kokonoe(dict(space=2, gauge=["grasp", "cross"]), dict(space=7))
    d.act(Exceed())
    d.pay("grasp", "cross")
    assert d.area(P1, "overdrive") == ["Grasp", "Cross"]
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == list(range(1, 10))
    d.move_to(P1, 5)
    assert gravitron(d) == [5]
    assert d.events(ev.GaugeCostsPaidWithForce) == []
    assert d.expect(ActionRequest).player == P1


def test_placing_gravitron_off_the_arena_is_an_illegal_decision() -> None:
    """Bad input (issue 15): Gravitron placed on space 10 (off the arena) is an
    ``IllegalDecision`` naming the request and the nine spaces allowed."""
    d = kokonoe(dict(space=2, gauge=["grasp", "cross"]), dict(space=7))
    d.act(Exceed())
    d.pay("grasp", "cross")
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(MoveTo(space=10))
    assert str(raised.value) == (
        "illegal decision move(space=10) for p1: not one of the offered options; asked "
        "choose_space, allowed: " + ", ".join(f"move(space={s})" for s in range(1, 10)))
    assert d.state == before


def test_overdrive_place_buddy_in_any_space_optional() -> None:
    """Overdrive effect: ``place_buddy_in_any_space {Gravitron, optional}`` at the start
    of her turn, after the overdrive discard."""
    d = kokonoe(dict(space=3, exceeded=True, overdrive=["grasp", "cross"]),
                dict(space=7), active=P2)
    d.act(Prepare())
    d.select(P1, "grasp")
    d.choose("place buddy")
    d.move_to(P1, 6)
    assert gravitron(d) == [6]
    assert d.expect(ActionRequest).player == P1


def test_gauge_for_effect_paid_with_force_while_may_generate_gauge_with_force() -> None:
    """Exceeded, ``may_generate_gauge_with_force`` turns Absolute Zero's ``gauge_for_effect
    2`` into a force payment: with no gauge she pays 2 force from hand (Dive, Sweep) for
    +3 power and push 2."""
    d = kokonoe(dict(space=4, hand=["absolutezero", "dive", "sweep"], exceeded=True,
                     overdrive=["grasp", "cross"]),
                dict(space=5, hand=["block"]))
    d.select(P1, "grasp")
    d.choose("pass")
    d.strike("absolutezero", "block")
    request = d.expect(PayForceRequest, P1)
    assert request.amount == 2 and not request.optional  # required
    d.pay("dive", "sweep")
    assert d.life(P2) == 27 and d.space(P2) == 7
    assert d.zone(P1, Zone.GAUGE) == ["Absolute Zero v4.32"]
