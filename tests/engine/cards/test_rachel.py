"""Rachel Alucard (BlazBlue): every special, ultra, Astral Heat and boost, her lightning
rods' placing (from the discard pile or as her attack) and Baden Baden Lily's range to
them (their strike at her After timing: ``test_rachel_rods.py``), her boosts placed on a space (Ivy Blossom, George XIII,
Impish Gypsophila), her ability and exceed ability (the manual Reshuffle brings in
Clownish Calendula), her once-per-turn character actions and her overdrive effect
(a continuous boost from hand at the start of her turn).

Card facts: roster.md, "Rachel Alucard". Rachel is P1 and Ryu P2 (Ryu's gauge stays
empty, so his Critical is never offered; his Block, with no range, never hits). A
test's name contains the effect and condition tags it exercises (the effect-registry
meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    CharacterAction,
    ChoiceRequest,
    ChooseOption,
    IllegalDecision,
    MoveTo,
    Prepare,
    Reshuffle,
    SelectCardsRequest,
    SpaceRequest,
)
from engine.core.ids import Zone
from engine.core.invariants import card_conservation
from engine.core.state import Stat
from engine.knowledge.views import space_objects
from engine.mechanics.blazblue.state import rod_spaces
from engine.mechanics.under_night.state import trap_space

CHARS = ("rachel", "ryu")


def rachel(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1,
           chars: tuple[str, str] = CHARS) -> Driver:
    """A position with Rachel as P1 and Ryu (or ``chars[1]``) as P2."""
    return position(p1=p1, p2=p2, chars=chars, active=active)


def rods(d: Driver, who: Any = P1) -> dict[str, int]:
    """``who``'s lightning rods: card name -> space."""
    return {d.name(card): space for card, space in rod_spaces(d.state, who).items()}


def spaces_offered(d: Driver) -> list[int]:
    request = d.expect(SpaceRequest)
    return [m.space for m in offered(request, MoveTo)]


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def test_rachel_deck_has_30_cards_and_clownish_calendula_set_aside() -> None:
    """roster.md, Rachel's deck: 30 cards (the standard Normals and her 7 cards x2),
    Clownish Calendula set aside; exceed cost 3, BlazBlue."""
    deck = CATALOG.deck_list("rachel")
    assert len(deck) == 30
    for card in ("rachel_electricchair", "rachel_flyinglobelia", "rachel_spikedrop",
                 "rachel_tinylobelia", "rachel_whirlwind", "rachel_badenbadenlily",
                 "rachel_tempestdahlia", "standard_normal_block"):
        assert deck.count(card) == 2
    assert "rachel_clownishcalendula" not in deck
    char = CATALOG.character("rachel")
    assert [(e.card, e.copies) for e in char.set_aside] == [("rachel_clownishcalendula", 1)]
    assert char.exceed_cost == 3 and char.season.value == "blazblue"
    assert len(CATALOG.game_cards("rachel")) == 31


# --- specials ----------------------------------------------------------------------------


def test_electric_chair_hit_draw() -> None:
    """Electric Chair (range 1-2, power 5, speed 1, guard 7): ``hit: draw 1``. Ryu's
    faster Assault (4) does not stun her (guard 7); she hits for 5 and draws."""
    d = rachel(dict(space=4, hand=["electricchair"]), dict(space=5, hand=["assault"]))
    d.strike("electricchair", "assault")
    assert d.life(P1) == 26 and d.life(P2) == 25
    assert len(d.p(P1).hand) == 1


def test_ivy_blossom_place_boost_in_space_then_draw() -> None:
    """Ivy Blossom (Electric Chair's boost, continuous): ``now: place_boost_in_space,
    then draw 1``: Rachel plays it onto Ryu's space (any space is offered, fighters'
    included), draws, and the board shows it there (a ``trap`` space object)."""
    d = rachel(dict(space=3, hand=["electricchair"]), dict(space=5))
    boost(d, "electricchair")
    assert spaces_offered(d) == list(range(1, 10))
    d.move_to(P1, 5)
    card = d.ref(P1, "electricchair", Zone.BOOSTS)
    assert trap_space(d.state, card) == 5
    assert [(o.space, o.kind, o.card) for o in space_objects(d.state)] == [(5, "trap", card)]
    assert len(d.p(P1).hand) == 2  # Ivy's draw, then the end-of-turn draw
    assert d.zone(P1, Zone.BOOSTS) == ["Electric Chair"]


def test_ivy_blossom_cleanup_opponent_in_boost_space_take_damage_sustain_this() -> None:
    """Ivy Blossom: ``cleanup: [if opponent_in_boost_space] take_damage 1 {opponent,
    nonlethal}, then sustain_this``. Ryu stands on it: Assault deals 4 - 2 (Block's
    armor) and Ivy 1 more; the boost stays in play on its space for the next strike."""
    d = rachel(dict(space=4, hand=["assault"], boosts=["electricchair"],
                    traps={"electricchair": 5}),
               dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.BOOSTS) == ["Electric Chair"]
    assert trap_space(d.state, d.ref(P1, "electricchair", Zone.BOOSTS)) == 5


def test_ivy_blossom_not_opponent_in_boost_space_leaves_play() -> None:
    """Ivy Blossom on a space Ryu is not on: no damage, not sustained; it leaves play at
    cleanup and its space is free (the board no longer shows it)."""
    d = rachel(dict(space=4, hand=["assault"], boosts=["electricchair"],
                    traps={"electricchair": 6}),
               dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert d.life(P2) == 28
    assert "Electric Chair" in d.zone(P1, Zone.DISCARD) and d.zone(P1, Zone.BOOSTS) == []
    assert space_objects(d.state) == []


def test_flying_lobelia_hit_push_cleanup_choice_place_lightningrod_top_discard_in_range() -> None:
    """Flying Lobelia (1 force, range 2-5, power 3): ``hit: push 1``; ``cleanup: choice
    <place_lightningrod {top_discard, attack_range} | pass>``. The Cross paid as force is
    the top discard; it becomes a rod on a space 2-5 from Rachel (4..7 from space 2),
    chosen on Ryu's space 6, and shows on the board as a ``lightning_rod``."""
    d = rachel(dict(space=2, hand=["flyinglobelia", "cross"], discard=["dive"]),
               dict(space=5, hand=["block"]))
    d.strike("flyinglobelia", "block")
    d.pay("cross")
    assert d.life(P2) == 29 and d.space(P2) == 6
    d.choose("place")
    assert spaces_offered(d) == [4, 5, 6, 7]
    d.move_to(P1, 6)
    assert rods(d) == {"Cross": 6}
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    assert d.zone(P1, Zone.GAUGE) == ["Flying Lobelia"]
    assert d.area(P1, "lightning_rods") == ["Cross"]
    [obj] = space_objects(d.state)
    assert (obj.space, obj.owner, obj.kind, d.name(obj.card or 0)) == (
        6, P1, "lightning_rod", "Cross")
    assert card_conservation(d.state) == []


def test_place_lightningrod_on_a_space_out_of_range_is_an_illegal_decision() -> None:
    """Bad input (issue 15): a rod placed on a space the attack does not reach (3, one
    from Rachel on 2; Flying Lobelia reaches 2-5) is an ``IllegalDecision`` naming the
    space asked and the spaces allowed; nothing changes."""
    d = rachel(dict(space=2, hand=["flyinglobelia", "cross"]), dict(space=5, hand=["block"]))
    d.strike("flyinglobelia", "block")
    d.pay("cross")
    d.choose("place")
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(MoveTo(space=3))
    assert str(raised.value) == (
        "illegal decision move(space=3) for p1: not one of the offered options; asked "
        "choose_space, allowed: move(space=4), move(space=5), move(space=6), move(space=7)")
    assert d.state == before
    d.move_to(P1, 4)
    assert rods(d) == {"Cross": 4}


def test_gust_of_wind_before_choice_push() -> None:
    """Gust of Wind (Flying Lobelia's boost, continuous, 1 force): ``before: choice
    <push 1 | push 2>``. Ryu pushed 4 -> 5 before Cross (range 1-2) hits him."""
    d = rachel(dict(space=3, hand=["cross"], boosts=["flyinglobelia"]),
               dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    d.choose("push 1")
    moved = [e for e in d.events(ev.PlayerMoved) if e.player == P2]
    assert (moved[0].src, moved[0].dst) == (4, 5)
    assert d.life(P2) == 29


def test_spike_drop_ignore_armor_boost_in_play_powerup() -> None:
    """Spike Drop (range 1-2, power 3): ``during_strike: ignore_armor``; ``before: [if
    boost_in_play] powerup 2``. With a boost in play it deals 5 through Block's armor."""
    d = rachel(dict(space=4, hand=["spikedrop"], boosts=["electricchair"]),
               dict(space=5, hand=["block"]))
    d.strike("spikedrop", "block")
    assert _mods(d, Stat.POWER) == [2]
    assert d.life(P2) == 25


def test_lotus_barrel_place_lightningrod_chosen_discard_any_space() -> None:
    """Lotus Barrel (Spike Drop's boost, immediate): a discard of Rachel's choice
    (``SelectCardsRequest`` LIGHTNING_ROD) becomes a rod on any space; the boost is then
    discarded and the turn ends."""
    d = rachel(dict(space=3, hand=["spikedrop"], discard=["dive", "sweep"]), dict(space=7))
    boost(d, "spikedrop")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.LIGHTNING_ROD
    assert sorted(d.names(request.candidates)) == ["Dive", "Sweep"]
    d.select(P1, "dive")
    assert spaces_offered(d) == list(range(1, 10))
    d.move_to(P1, 1)
    assert rods(d) == {"Dive": 1}
    assert d.zone(P1, Zone.DISCARD) == ["Sweep", "Spike Drop"]
    assert d.expect(ActionRequest).player == P2


def test_tiny_lobelia_hit_move_top_cards_cleanup_place_lightningrod_this_attack_card() -> None:
    """Tiny Lobelia (range 3-6, power 3): ``hit: add_top_discard_to_gauge`` (the Dive);
    ``cleanup: choice <place_lightningrod {this_attack_card, attack_range} | pass>``:
    the attack itself becomes a rod 3-6 from Rachel (4..7 from space 1; not 3) instead
    of going to gauge."""
    d = rachel(dict(space=1, hand=["tinylobelia"], discard=["dive"]),
               dict(space=4, hand=["block"]))
    d.strike("tinylobelia", "block")
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
    d.choose("place")
    assert spaces_offered(d) == [4, 5, 6, 7]
    d.move_to(P1, 7)
    assert rods(d) == {"Tiny Lobelia": 7}
    assert "Tiny Lobelia" not in d.zone(P1, Zone.GAUGE) + d.zone(P1, Zone.DISCARD)
    assert card_conservation(d.state) == []


def test_tiny_lobelia_cleanup_choice_pass_goes_to_gauge() -> None:
    """Tiny Lobelia, passing on the rod: the attack that hit goes to gauge as usual."""
    d = rachel(dict(space=1, hand=["tinylobelia"]), dict(space=4, hand=["block"]))
    d.strike("tinylobelia", "block")
    d.choose("pass")
    assert rods(d) == {} and d.zone(P1, Zone.GAUGE) == ["Tiny Lobelia"]


def test_initiative_speedup_hit_choice_draw() -> None:
    """Initiative (Tiny Lobelia's boost, continuous): ``during_strike: speedup 1``;
    ``hit: choice <draw 1 | gain_advantage>``: Assault +1 speed, and Rachel draws."""
    d = rachel(dict(space=4, hand=["assault"], boosts=["tinylobelia"]),
               dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert _mods(d, Stat.SPEED) == [1]
    hand = len(d.p(P1).hand)
    d.choose("draw")
    assert len(d.p(P1).hand) == hand + 1
    assert d.life(P2) == 28


def test_whirlwind_hit_choose_sustain_boost() -> None:
    """Whirlwind (range 2-3, power 3): ``hit: choose_sustain_boost 1 {amount_min 0}``:
    Rachel keeps her continuous boost (Initiative) through the cleanup."""
    d = rachel(dict(space=3, hand=["whirlwind"], boosts=["electricchair"]),
               dict(space=5, hand=["block"]))
    d.strike("whirlwind", "block")
    d.choose("sustain Ivy Blossom")
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.BOOSTS) == ["Electric Chair"]


def test_impish_gypsophila_hit_opponent_in_boost_space_powerup_choice_push() -> None:
    """Impish Gypsophila (Whirlwind's boost, placed on Ryu's space): ``hit: [if
    opponent_in_boost_space] powerup 1, then choice <push 1 | pull 1 | pass>``: Assault
    deals 5 - 2 and pushes Ryu 5 -> 6."""
    d = rachel(dict(space=4, hand=["assault"], boosts=["whirlwind"], traps={"whirlwind": 5}),
               dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    d.choose("push")
    assert _mods(d, Stat.POWER) == [1]
    assert d.life(P2) == 27 and d.space(P2) == 6


# --- ultras ------------------------------------------------------------------------------


def test_baden_baden_lily_range_includes_lightningrods_set_strike_x_move_to_any_space() -> None:
    """Baden Baden Lily (2 gauge, range 1, power 3): ``during_strike:
    range_includes_lightningrods``; ``hit: set_strike_x lightningrods_in_opponent_space,
    then powerup strike_x``; ``after: move_to_any_space 0..2``. Ryu on space 9 stands on
    two rods: hit across the arena for 3 + 2 - 2 (armor); Rachel moves 1 -> 3; then both
    rods strike (2 each) and return to hand."""
    d = rachel(dict(space=1, hand=["badenbadenlily"], gauge=["grasp", "cross"],
                    rods=[("dive", 9), ("sweep", 9)]),
               dict(space=9, hand=["block"]))
    d.strike("badenbadenlily", "block")
    d.pay("grasp", "cross")
    assert d.life(P2) == 27
    assert [e.value for e in d.events(ev.StrikeXSet)] == [2]
    assert spaces_offered(d) == [1, 2, 3]
    d.move_to(P1, 3)
    d.choose("strike")
    d.choose("strike")
    assert d.life(P2) == 23
    assert sorted(d.zone(P1, Zone.HAND)) == ["Dive", "Sweep"]
    assert rods(d) == {}


def test_baden_baden_lily_misses_out_of_range_without_a_rod() -> None:
    """Baden Baden Lily: with no rod under Ryu the range check is the printed range 1:
    from 1 to 9 it misses."""
    d = rachel(dict(space=1, hand=["badenbadenlily"], gauge=["grasp", "cross"],
                    rods=[("dive", 8)]),
               dict(space=9, hand=["block"]))
    d.strike("badenbadenlily", "block")
    d.pay("grasp", "cross")
    assert [e.reason for e in d.events(ev.AttackMissed) if e.player == P1] == [
        ev.MissReason.OUT_OF_RANGE]
    assert d.life(P2) == 30


def test_sylpheed_flight_move_to_lightningrods_bonus_action() -> None:
    """Sylpheed Flight (Baden Baden Lily's boost, immediate, 1 force):
    ``move_to_lightningrods`` then ``bonus_action``. Rods on 3, 5, 7 (under Ryu) and 9:
    the spaces offered are 3, 5, 6 (next to Ryu on her side) and 9; she moves to 6 and
    acts again."""
    d = rachel(dict(space=1, hand=["badenbadenlily", "focus"],
                    rods=[("dive", 3), ("sweep", 5), ("grasp", 7), ("cross", 9)]),
               dict(space=7))
    boost(d, "badenbadenlily", "focus")
    assert spaces_offered(d) == [3, 5, 6, 9]
    d.move_to(P1, 6)
    assert d.space(P1) == 6
    assert d.expect(ActionRequest).player == P1


def test_tempest_dahlia_hit_draw_after_choice_push_close() -> None:
    """Tempest Dahlia (3 gauge, range 3-5, power 5): ``hit: draw 2``; ``after: choice
    <push 1 + close 2 | push 2 + close 2 | close 2>``: 5 - 2 damage, two cards drawn,
    Ryu pushed 5 -> 7 and Rachel closes 2 -> 4."""
    d = rachel(dict(space=2, hand=["tempestdahlia"], gauge=["grasp", "cross", "dive"]),
               dict(space=5, hand=["block"]))
    d.strike("tempestdahlia", "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 27 and len(d.p(P1).hand) == 2
    request = d.expect(ChoiceRequest, P1)
    d.act(_choice_index(request, "push 2"))
    assert d.space(P2) == 7 and d.space(P1) == 4


def _choice_index(request: ChoiceRequest, text: str) -> ChooseOption:
    """The first option whose label contains ``text``."""
    return ChooseOption(index=next(i for i, label in enumerate(request.labels) if text in label))


def test_george_xiii_after_opponent_in_boost_space_take_damage() -> None:
    """George XIII (Tempest Dahlia's boost, 1 force, placed on a space): ``after: [if
    opponent_in_boost_space] take_damage 3 {opponent, nonlethal}``. Assault's 4 - 2 and
    George's 3: Ryu 25. Not sustained: it leaves play at cleanup."""
    d = rachel(dict(space=4, hand=["assault"], boosts=["tempestdahlia"],
                    traps={"tempestdahlia": 5}),
               dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.BOOSTS) == [] and "Tempest Dahlia" in d.zone(P1, Zone.DISCARD)


def test_george_xiii_take_damage_is_nonlethal() -> None:
    """George XIII's damage is nonlethal: Ryu at 3 life, hit for 2 (Assault 4 - Block 2),
    keeps 1."""
    d = rachel(dict(space=4, hand=["assault"], boosts=["tempestdahlia"],
                    traps={"tempestdahlia": 5}),
               dict(space=5, life=3, hand=["block"]))
    d.strike("assault", "block")
    assert d.life(P2) == 1


def test_george_xiii_take_damage_meets_remaining_armor() -> None:
    """George XIII's 3 is effect damage inside the strike (effects.md, ``take_damage``:
    reduced by current armor): Rachel's Spike (range 2-3) misses Ryu at range 1, so
    Block's 2 armor is whole and absorbs 2 of George's 3: Ryu 29."""
    d = rachel(dict(space=4, hand=["spike"], boosts=["tempestdahlia"],
                    traps={"tempestdahlia": 5}),
               dict(space=5, hand=["block"]))
    d.strike("spike", "block")
    assert d.life(P2) == 29
    assert ev.DamageDealt(target=P2, amount=1, absorbed=2) in d.events(ev.DamageDealt)


def test_george_xiii_take_damage_counts_toward_stun() -> None:
    """George XIII's damage counts toward the strike's damage taken (effects.md,
    ``take_damage``): Rachel's Assault (speed 5) hits Ryu's slower Sweep (guard 6) for
    4, no stun; George's 3 makes 7 > 6, Ryu is stunned and his Sweep never hits."""
    d = rachel(dict(space=4, hand=["assault"], boosts=["tempestdahlia"],
                    traps={"tempestdahlia": 5}),
               dict(space=5, hand=["sweep"]))
    d.strike("assault", "sweep")
    assert d.life(P2) == 23 and d.life(P1) == 30
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]


# --- Astral Heat ----------------------------------------------------------------------------


def test_clownish_calendula_power_12() -> None:
    """Clownish Calendula (Astral Heat, 3 gauge, range 3, power 12, speed 3, guard 6):
    12 - 2 (Block's armor) from 3 spaces."""
    d = rachel(dict(space=2, hand=["clownishcalendula"], set_aside=[],
                    gauge=["grasp", "cross", "dive"]),
               dict(space=5, hand=["block"]))
    d.strike("clownishcalendula", "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 20


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Clownish Calendula's boost, immediate): ``draw 2``, ``seal_this_boost``,
    ``bonus_action``."""
    d = rachel(dict(space=2, hand=["clownishcalendula"], set_aside=[]), dict(space=7))
    boost(d, "clownishcalendula")
    assert len(d.p(P1).hand) == 2
    assert d.zone(P1, Zone.SEALED) == ["Clownish Calendula"]
    assert d.expect(ActionRequest).player == P1


# --- character card --------------------------------------------------------------------------


def test_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability: ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck
    {rachel_clownishcalendula}``: the manual Reshuffle puts Clownish Calendula on top of
    the deck, so the end-of-turn draw brings it to hand."""
    d = rachel(dict(space=2, discard=["dive"]), dict(space=7))
    d.act(Reshuffle())
    assert [d.name(e.card) for e in d.events(ev.SetAsideCardAdded)] == ["Clownish Calendula"]
    assert "Clownish Calendula" in d.zone(P1, Zone.HAND)
    assert d.area(P1, "set_aside") == []


def test_exceed_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Exceed ability: the same ``on_reshuffle`` effect when Rachel is exceeded."""
    d = rachel(dict(space=2, discard=["dive"], exceeded=True, overdrive=["grasp", "cross"]),
               dict(space=7))
    d.select(P1, "grasp")  # the overdrive discard at the start of her turn
    assert d.p(P1).exceeded
    d.act(Reshuffle())
    assert [d.name(e.card) for e in d.events(ev.SetAsideCardAdded)] == ["Clownish Calendula"]
    assert "Clownish Calendula" in d.zone(P1, Zone.HAND)


def test_character_action_set_mode_bonus_action_force_for_effect_close_not_used_character_bonus() -> None:
    """Character action (once per turn: ``[requires not_used_character_bonus]``):
    ``set_mode used_character_bonus``, ``bonus_action``, then close (or retreat) 1 per
    force, up to 2. Rachel spends 2 force to close 3 -> 5, acts again, and the action is
    no longer offered this turn."""
    d = rachel(dict(space=3, hand=["dive", "sweep", "grasp"]), dict(space=7))
    assert CharacterAction(index=0) in d.expect(ActionRequest).choices
    d.act(CharacterAction(index=0))
    assert d.expect(ChoiceRequest).labels == ("close 1 per force, up to 2",
                                              "retreat 1 per force, up to 2")
    d.choose("close")
    d.choose("spend 2 force")
    d.pay("dive", "sweep")
    assert d.space(P1) == 5
    request = d.expect(ActionRequest, P1)
    assert CharacterAction(index=0) not in request.choices


def test_exceeded_character_action_force_for_effect_pull() -> None:
    """Exceeded character action: push or pull are offered too; 2 force pulls Ryu 7 -> 5,
    then Rachel acts again."""
    d = rachel(dict(space=3, hand=["dive", "sweep"], exceeded=True,
                    overdrive=["grasp", "cross"]),
               dict(space=7))
    d.select(P1, "grasp")  # the overdrive discard at the start of her turn
    d.select(P1)  # her overdrive effect: no boost from hand (Dive and Sweep: not taken)
    d.act(CharacterAction(index=0))
    labels = [label.split()[0] for label in d.expect(ChoiceRequest).labels]
    assert labels == ["close", "retreat", "push", "pull"]
    d.choose("pull")
    d.choose("spend 2 force")
    d.pay("dive", "sweep")
    assert d.space(P2) == 5
    assert d.expect(ActionRequest).player == P1


def test_overdrive_boost_additional_continuous_from_hand() -> None:
    """Overdrive effect (``boost_as_overdrive {continuous, hand}``, here
    ``boost_additional``): at the start of her turn, after the overdrive discard, Rachel
    may boost a continuous card from hand (Ivy Blossom, placed on Ryu's space), then
    takes her turn's action."""
    d = rachel(dict(space=3, hand=["electricchair", "dive"], exceeded=True,
                    overdrive=["grasp", "cross"]),
               dict(space=7), active=P2)
    d.act(Prepare())
    d.select(P1, "grasp")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.BOOST
    assert d.names(request.candidates) == ["Electric Chair"]  # Dive's boost is immediate
    d.select(P1, "electricchair")
    d.move_to(P1, 7)
    assert d.zone(P1, Zone.BOOSTS) == ["Electric Chair"]
    assert d.expect(ActionRequest).player == P1


# --- placed boosts and teams ------------------------------------------------------------


def test_placed_boost_is_not_a_uni_trap_against_carmine() -> None:
    """Against an Under Night fighter (Carmine) the UNI Trap rule (a Trap boost sustains
    itself while its owner is not stunned) does not keep Rachel's placed Ivy Blossom:
    Ryu-less, Carmine is not on it, it leaves play at cleanup."""
    d = rachel(dict(space=4, hand=["assault"], boosts=["electricchair"],
                    traps={"electricchair": 7}),
               dict(space=5, hand=["block"]), chars=("rachel", "carmine"))
    d.strike("assault", "block")
    assert d.zone(P1, Zone.BOOSTS) == []


def test_a_tag_team_with_rachel_is_refused() -> None:
    """Tag Team (a Street Fighter variant) seats a 52-card team deck with no room for a
    set-aside Astral Heat: ``rachel+ryu`` is an invalid team, in one line, rather than a
    setup that finds no Clownish Calendula to set aside."""
    from engine.cards.team import InvalidTeam, check_spec

    with pytest.raises(InvalidTeam) as raised:
        check_spec(CATALOG, "rachel+ryu")
    assert "rachel cannot join a Tag Team" in str(raised.value)
