"""Hazama (BlazBlue): his Ouroboros (a buddy placed a set distance away when he
initiates a strike, the fake removed and the real one moved to at the reveal), his
exceeded double placement, the overdrive effect and every special and its boost (his
ultras, Astral Heat and Burst: ``test_hazama_ultras.py``).

Card facts: roster.md, "Hazama". Hazama is P1 and Nehtali P2 (no ability, the standard
Normals): Spike (range 2-3, power 5, speed 3, guard 4), Sweep (range 1-3, power 6,
speed 2, guard 6), Focus (range 1-2, power 4, speed 1, armor 2, guard 5), Assault
(range 1, power 4, speed 5, before: close 2), Grasp (range 1, power 3, speed 7). A
test's name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from conftest import CATALOG, P1, P2, Driver, boost, offered, position, redacted

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    Exceed,
    IllegalDecision,
    MoveTo,
    PayForceRequest,
    Reshuffle,
    SetAttackRequest,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import state_hash
from engine.knowledge.views import observe, redact, space_objects
from engine.mechanics.buddies.state import buddy_spaces, face_down

CHARS = ("hazama", "nehtali")


def hazama(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Hazama as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _ouroboros(d: Driver, name: str) -> list[int]:
    return buddy_spaces(d.game.table, P1, name)


def _placed(d: Driver) -> list[tuple[str, int]]:
    """Every Ouroboros placed (face down, as the character declares them), in order."""
    return [(e.buddy, e.space) for e in d.events(ev.BuddyPlacedFaceDown)]


def _strike_with_ouroboros(d: Driver, attack: str, force: str, which: str, space: int) -> None:
    """Hazama strikes with ``attack``, pays ``force`` for Ouroboros and places ``which``
    (``ouroboros_move`` or ``ouroboros_nothing``) on ``space``."""
    d.act(Strike())
    d.set_attack(P1, attack)
    d.expect(PayForceRequest, P1)
    d.pay(force)
    d.choose(which)
    d.move_to(P1, space)


# --- the deck --------------------------------------------------------------------------


def test_hazama_deck_31_cards_with_hungry_darkness_set_aside_and_two_ouroboros() -> None:
    """roster.md, Hazama: the 8 standard Normals and 7 specials/ultras twice each (30)
    plus Hungry Darkness of 1000 Souls set aside (31); exceed cost 4 into the
    overdrive; BlazBlue season; two Ouroboros buddies (the fake and the real one), both
    face down as the third, ``ouroboros_secret`` ("Ouroboros"), the token the opponent
    sees."""
    char = CATALOG.character("hazama")
    deck = CATALOG.deck_list("hazama")
    assert len(deck) == 30 and len(CATALOG.game_cards("hazama")) == 31
    assert all(entry.copies == 2 for entry in char.deck) and len(char.deck) == 15
    assert [e.card for e in char.set_aside] == ["hazama_hungrydarkness"]
    assert char.exceed_cost == 4 and char.life == 30 and char.season.value == "blazblue"
    assert [(b.id, b.shown_as) for b in char.buddies] == [
        ("ouroboros_nothing", "ouroboros_secret"), ("ouroboros_move", "ouroboros_secret"),
        ("ouroboros_secret", None)]
    assert CATALOG.buddy_name(("hazama",), "ouroboros_secret") == "Ouroboros"
    kinds = [CATALOG.card(card).kind.value for card in deck]
    assert (kinds.count("normal"), kinds.count("special"), kinds.count("ultra")) == (16, 10, 4)
    darkness = CATALOG.card("hazama_hungrydarkness")
    assert (darkness.gauge_cost, darkness.range, darkness.power, darkness.speed,
            darkness.guard) == (4, (1, 1), 4, 4, 4)
    d = hazama({}, {})
    assert d.area(P1, "set_aside") == ["Hungry Darkness of 1000 Souls"]


# --- the ability: Ouroboros ---------------------------------------------------------------


def test_ability_initiated_strike_force_for_effect_place_buddy_at_range_move_to_buddy_on_strike_reveal() -> None:
    """Ability: ``set_strike: [if initiated_strike] force_for_effect 1 <place Ouroboros
    (fake) | place Ouroboros (move to it)> at range 1``, then ``on_strike_reveal: [if
    buddy_space_unoccupied] move_to_buddy, then remove_buddy``. Hazama on 3 pays Grasp,
    places the real Ouroboros on 4 (the offered spaces are 2 and 4); at the reveal he
    moves to 4 and it leaves; Venom Sword (range 1-4) hits Nehtali on 7 at range 3 and
    pushes her to its max range (8); her Spike then misses from 8."""
    d = hazama(dict(space=3, hand=["venomsword", "grasp"]), dict(space=7, hand=["spike"]))
    d.act(Strike())
    d.set_attack(P1, "venomsword")
    d.pay("grasp")
    d.choose("ouroboros_move")
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in offered(request, MoveTo)] == [2, 4]
    d.act(MoveTo(space=4))
    assert _ouroboros(d, "ouroboros_move") == [4]
    d.set_attack(P2, "spike")
    assert _placed(d) == [("ouroboros_move", 4)]
    assert [e.buddy for e in d.events(ev.BuddyRemoved)] == ["ouroboros_move"]
    assert _ouroboros(d, "ouroboros_move") == []
    assert d.space(P1) == 4 and d.space(P2) == 8
    assert d.life(P2) == 26 and d.life(P1) == 30


def test_ability_fake_ouroboros_buddy_in_play_remove_buddy_on_strike_reveal() -> None:
    """Ability: ``on_strike_reveal: [if buddy_in_play (the fake)] remove_buddy``: the
    fake Ouroboros on 2 leaves at the reveal and Hazama stays on 3."""
    d = hazama(dict(space=3, hand=["venomsword", "grasp"]), dict(space=7, hand=["spike"]))
    _strike_with_ouroboros(d, "venomsword", "grasp", "ouroboros_nothing", 2)
    assert _ouroboros(d, "ouroboros_nothing") == [2]
    d.set_attack(P2, "spike")
    assert [e.buddy for e in d.events(ev.BuddyRemoved)] == ["ouroboros_nothing"]
    assert _ouroboros(d, "ouroboros_nothing") == []
    assert [e for e in d.events(ev.PlayerMoved) if e.player == P1] == []
    assert d.space(P1) == 3


def test_ability_ouroboros_on_the_opponent_not_buddy_space_unoccupied_removed_without_moving() -> None:
    """Ability, ``else`` branch: the real Ouroboros placed on Nehtali's space (range 1 from
    Hazama on 3, she is on 4) is not on an unoccupied space at the reveal, so it is
    only removed; Hazama does not move."""
    d = hazama(dict(space=3, hand=["venomsword", "grasp"]), dict(space=4, hand=["spike"]))
    _strike_with_ouroboros(d, "venomsword", "grasp", "ouroboros_move", 4)
    d.set_attack(P2, "spike")
    assert [e.buddy for e in d.events(ev.BuddyRemoved)] == ["ouroboros_move"]
    assert _ouroboros(d, "ouroboros_move") == []
    assert [e for e in d.events(ev.PlayerMoved) if e.player == P1] == []
    assert d.space(P1) == 3 and d.space(P2) == 7  # Venom Sword pushed her to range 4


def test_ability_declined_force_places_nothing_and_not_offered_to_the_defender() -> None:
    """Ability: the force is optional (declined: no Ouroboros); and only a strike Hazama
    initiates offers it (``initiated_strike``): striking back at Nehtali he sets with no
    payment asked."""
    d = hazama(dict(space=3, hand=["venomsword", "grasp"]), dict(space=7, hand=["spike"]))
    d.act(Strike())
    d.set_attack(P1, "venomsword")
    d.decline()
    d.expect(SetAttackRequest, P2)
    assert _placed(d) == []
    d = hazama(dict(space=3, hand=["venomsword", "grasp"]), dict(space=5, hand=["spike"]),
               active=P2)
    d.act(Strike())
    d.set_attack(P2, "spike")
    d.set_attack(P1, "venomsword")
    assert not isinstance(d.pending, PayForceRequest) and _placed(d) == []


def test_place_buddy_at_range_off_range_space_is_an_illegal_decision() -> None:
    """Bad input: asked to place Ouroboros 1 space away (2 or 4 from space 3), space 6
    is refused with an ``IllegalDecision`` naming the request; the game is unchanged."""
    d = hazama(dict(space=3, hand=["venomsword", "grasp"]), dict(space=7, hand=["spike"]))
    d.act(Strike())
    d.set_attack(P1, "venomsword")
    d.pay("grasp")
    d.choose("ouroboros_move")
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(MoveTo(space=6))
    assert "SpaceRequest" in str(raised.value) or "space" in str(raised.value).lower()
    assert d.state == before
    d.move_to(P1, 2)
    assert _ouroboros(d, "ouroboros_move") == [2]


def test_exceed_ability_place_buddy_at_range_both_ouroboros_within_two() -> None:
    """Exceed ability: ``place_buddy_at_range`` 0-2 with ``other_buddy``: Hazama (on 5,
    exceeded) places the fake on 3 and the real one on 6 (the second offered spaces
    exclude 3); at the reveal the fake leaves and he moves to 6, where Venom Sword hits
    Nehtali on 8 and pushes her to the edge."""
    d = hazama(dict(space=5, exceeded=True, overdrive=["grasp", "cross"],
                    hand=["venomsword", "dive"]), dict(space=8, hand=["spike"]))
    d.select(P1, "grasp")  # the overdrive discard at his turn start
    d.act(Strike())
    d.set_attack(P1, "venomsword")
    d.pay("dive")
    d.choose("ouroboros_nothing")
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in offered(request, MoveTo)] == [3, 4, 5, 6, 7]
    d.act(MoveTo(space=3))
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in offered(request, MoveTo)] == [4, 5, 6, 7]
    d.act(MoveTo(space=6))
    assert _placed(d) == [("ouroboros_nothing", 3), ("ouroboros_move", 6)]
    d.set_attack(P2, "spike")
    assert sorted(e.buddy for e in d.events(ev.BuddyRemoved)) == [
        "ouroboros_move", "ouroboros_nothing"]
    assert d.events(ev.PlayerMoved)[0].player == P1 and d.space(P1) == 6


# --- Ouroboros face down: hidden information ---------------------------------------------


def _exceeded_pair(first: str, spaces: tuple[int, int]) -> Driver:
    """Exceeded Hazama on 5 places ``first`` then the other Ouroboros on ``spaces``;
    Nehtali (8) has not set her attack yet."""
    d = hazama(dict(space=5, exceeded=True, overdrive=["grasp", "cross"],
                    hand=["venomsword", "dive"]), dict(space=8, hand=["spike"]))
    d.select(P1, "grasp")
    d.act(Strike())
    d.set_attack(P1, "venomsword")
    d.pay("dive")
    d.choose(f"range {first} ")  # the label: place_buddy_at_range FIRST 0-2 and OTHER
    d.act(MoveTo(space=spaces[0]))
    d.act(MoveTo(space=spaces[1]))
    return d


def _buddies_seen(d: Driver, viewer: Any) -> list[tuple[int, str]]:
    view = observe(d.game.table.state, viewer)
    return [(o.space, o.name) for o in space_objects(view) if o.kind == "buddy"]


def test_ouroboros_placed_face_down_the_opponent_sees_where_not_which() -> None:
    """Ability (roster.md, Hazama: the buddies ``ouroboros_nothing`` and
    ``ouroboros_move`` both named "Ouroboros", and ``ouroboros_secret``): an Ouroboros
    is placed face down. Hazama (and the omniscient log) sees the real one on 4;
    Nehtali's view shows an Ouroboros on 4 and names neither token, her copy of the
    event names ``ouroboros_secret``; at the reveal it turns face up and leaves."""
    d = hazama(dict(space=3, hand=["venomsword", "grasp"]), dict(space=7, hand=["spike"]))
    _strike_with_ouroboros(d, "venomsword", "grasp", "ouroboros_move", 4)
    assert _buddies_seen(d, None) == _buddies_seen(d, P1) == [(4, "ouroboros_move")]
    assert _buddies_seen(d, P2) == [(4, "ouroboros_secret")]
    their_view = msgspec.msgpack.encode(observe(d.game.table.state, P2).mechanics)
    assert b"ouroboros_move" not in their_view and b"ouroboros_nothing" not in their_view
    placed = d.events(ev.BuddyPlacedFaceDown)[0]
    assert redact(placed, P1) == placed and redact(placed, None) == placed
    assert redacted(placed, P2).buddy == "ouroboros_secret" and redacted(placed, P2).space == 4
    d.set_attack(P2, "spike")
    assert _buddies_seen(d, P2) == _buddies_seen(d, None) == []
    down = face_down(d.game.table.state)
    assert down is not None
    assert down.shown == [{}, {}]


def test_exceeded_ouroboros_pair_the_opponent_cannot_tell_fake_from_real() -> None:
    """Exceed ability: the fake on 3 and the real one on 6, or the real one on 3 and the
    fake on 6: the two games differ for Hazama and the omniscient log, and Nehtali's
    views of them are the same state (the same hash): two Ouroboros, on 3 and 6."""
    fake_first = _exceeded_pair("ouroboros_nothing", (3, 6))
    real_first = _exceeded_pair("ouroboros_move", (3, 6))
    assert _buddies_seen(fake_first, P1) == [(3, "ouroboros_nothing"), (6, "ouroboros_move")]
    assert _buddies_seen(real_first, P1) == [(3, "ouroboros_move"), (6, "ouroboros_nothing")]
    seen = [(3, "ouroboros_secret"), (6, "ouroboros_secret")]
    assert _buddies_seen(fake_first, P2) == _buddies_seen(real_first, P2) == seen
    states = (fake_first.game.table.state, real_first.game.table.state)
    assert state_hash(states[0]) != state_hash(states[1])
    assert state_hash(observe(states[0], P2)) == state_hash(observe(states[1], P2))
    assert state_hash(observe(states[0], P1)) != state_hash(observe(states[1], P1))


def test_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability: ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck``: the
    Reshuffle action puts Hungry Darkness of 1000 Souls on top of the deck; the
    end-of-turn draw takes it."""
    d = hazama(dict(hand=["grasp"], discard=["cross", "dive"]), {})
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "Hungry Darkness of 1000 Souls"
    assert "Hungry Darkness of 1000 Souls" in d.zone(P1, Zone.HAND)
    assert d.area(P1, "set_aside") == []


def test_on_exceed_pass_kicker_does_nothing_and_gauge_enters_overdrive() -> None:
    """Kicker ``on_exceed: pass``: exceeding (4 gauge into the overdrive area) does
    nothing more; the turn passes to Nehtali."""
    d = hazama(dict(gauge=["grasp", "cross", "dive", "spike"], hand=["focus"]), {})
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    assert d.p(P1).exceeded
    assert d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive", "Spike"]
    assert d.expect(ActionRequest).player == P2


def test_overdrive_take_damage_opponent_nonlethal_then_gain_life() -> None:
    """Overdrive: ``take_damage 1 {opponent, nonlethal}, then gain_life 1``: after the
    overdrive discard Nehtali loses 1 life (10 to 9) and Hazama gains 1 (20 to 21); at
    1 life she stays at 1."""
    d = hazama(dict(exceeded=True, overdrive=["grasp", "cross"], life=20), dict(life=10))
    d.select(P1, "cross")
    assert d.life(P2) == 9 and d.life(P1) == 21
    d = hazama(dict(exceeded=True, overdrive=["grasp", "cross"], life=20), dict(life=1))
    d.select(P1, "cross")
    assert d.life(P2) == 1 and d.life(P1) == 21 and d.state.winner is None


# --- specials ------------------------------------------------------------------------------


def test_devouring_fang_ignore_armor() -> None:
    """Devouring Fang (1 force, range 1-2, power 6, speed 4), ``during_strike:
    ignore_armor``: against Focus (armor 2) all 6 damage lands."""
    d = hazama(dict(space=4, hand=["devouringfang", "grasp"]), dict(space=5, hand=["focus"]))
    d.act(Strike())
    d.set_attack(P1, "devouringfang")
    d.decline()  # no Ouroboros
    d.set_attack(P2, "focus")
    d.pay("grasp")  # Devouring Fang's force cost
    assert d.life(P2) == 24


def test_bloody_fangs_draw_now_and_after_opponent_stunned_draw() -> None:
    """Bloody Fangs (Devouring Fang's continuous boost): ``now: draw 1``; ``after: [if
    opponent_stunned] draw 2``. Boosted, Hazama draws 1 at once. In play, his Grasp
    (speed 7) stuns Nehtali's Cross (3 damage, guard 0) and he draws 2 after."""
    d = hazama(dict(hand=["devouringfang", "grasp"], deck=["cross", "dive", "spike"]), {})
    boost(d, "devouringfang")
    drew = [d.name(e.card) for e in d.events(ev.CardMoved)
            if e.player == P1 and e.reason is ev.MoveReason.DRAW]
    assert drew[:1] == ["Cross"] and "Devouring Fang" in d.zone(P1, Zone.BOOSTS)
    d = hazama(dict(space=4, hand=["grasp"], boosts=["devouringfang"],
                    deck=["cross", "dive", "spike", "sweep"]),
               dict(space=5, hand=["cross"]))
    d.act(Strike())
    d.set_attack(P1, "grasp")  # no force left for Ouroboros: not asked
    d.set_attack(P2, "cross")
    d.choose("push 1")  # Grasp's hit
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    drew = [d.name(e.card) for e in d.events(ev.CardMoved)
            if e.player == P1 and e.reason is ev.MoveReason.DRAW]
    assert drew[:2] == ["Cross", "Dive"]


def test_falling_fang_hit_gain_advantage_then_push_choice() -> None:
    """Falling Fang (1 force, range 2-3, power 3, speed 6): ``hit: gain_advantage,
    then push 1 | pass``: it hits Nehtali at range 2, pushes her from 6 to 7, and
    Hazama acts next."""
    d = hazama(dict(space=4, hand=["fallingfang", "grasp", "cross"]),
               dict(space=6, hand=["spike"]))
    d.act(Strike())
    d.set_attack(P1, "fallingfang")
    d.decline()
    d.set_attack(P2, "spike")
    d.pay("grasp")
    d.choose("push")
    assert d.space(P2) == 7 and d.life(P2) == 27
    assert d.expect(ActionRequest).player == P1


def test_shadow_serpent_immediate_advance_or_retreat_choice_then_draw() -> None:
    """Shadow Serpent (Falling Fang's immediate boost): ``choice <advance 1 | advance 2 |
    retreat 1 | retreat 2>`` then ``draw 1``: Hazama on 3 retreats 2 to 1 and draws."""
    d = hazama(dict(space=3, hand=["fallingfang", "grasp"]), dict(space=7))
    boost(d, "fallingfang")
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 4
    d.choose("retreat 2")
    assert d.space(P1) == 1
    assert "Falling Fang" in d.zone(P1, Zone.DISCARD)
    assert len(d.p(P1).hand) == 3  # Grasp, the boost's draw, the end-of-turn draw


def test_hungry_coils_hit_pull_then_opponent_discard_random_after_gain_advantage() -> None:
    """Hungry Coils (free, range 2-3, power 3, speed 5): ``hit: pull 4, then
    opponent_discard_random 1``; ``after: gain_advantage``: it hits Nehtali on 6 from 3
    and pulls her 4 spaces, through Hazama's space, to 1; she discards 1 of her 2 other
    cards at random; her Spike hits back from 1; he acts next."""
    d = hazama(dict(space=3, hand=["hungrycoils"]), dict(space=6, hand=["spike", "grasp",
                                                                        "cross"]))
    d.act(Strike())
    d.set_attack(P1, "hungrycoils")
    d.set_attack(P2, "spike")
    assert d.space(P2) == 1 and d.life(P2) == 27
    assert len(d.p(P2).hand) == 1 and len(d.zone(P2, Zone.DISCARD)) == 1
    assert d.life(P1) == 25  # her Spike from 1 still hits him on 3 (range 2)

    assert d.expect(ActionRequest).player == P1


def test_serpents_benediction_force_costs_reduced_passive_and_strike_opponent_sets_first() -> None:
    """Serpent's Benediction (Hungry Coils' continuous boost): ``now:
    force_costs_reduced_passive 1`` and ``now: choice <strike (opponent sets first) |
    pass>``: Hazama boosts it and strikes; Nehtali sets Focus first; his Rising Fang (1
    force) then costs no card while the boost is in play, and Ouroboros (1 force) is a
    yes/no with no card to pay."""
    d = hazama(dict(space=3, hand=["hungrycoils", "risingfang"]), dict(space=5, hand=["focus"]))
    boost(d, "hungrycoils")
    d.choose("strike")
    d.set_attack(P2, "focus")
    d.set_attack(P1, "risingfang")
    request = d.expect(ChoiceRequest, P1)  # Ouroboros: paid by the reduction
    assert "costs reduced by 1" in request.labels[0]
    d.choose("decline")
    assert [e.player for e in d.events(ev.AttackSet)] == [P2, P1]
    assert [e for e in d.events(ev.CardMoved)
            if e.player == P1 and e.reason is ev.MoveReason.FORCE] == []
    assert d.events(ev.AttackInvalid) == []
    assert P1 in [e.player for e in d.events(ev.AttackActivated)]
    assert d.life(P2) == 28  # Rising Fang's 4 power through Focus's 2 armor


def test_rising_fang_initiated_strike_armorup_close_hit_push_then_lose_all_armor() -> None:
    """Rising Fang (1 force, range 1-2, power 4, speed 2, armor 2, guard 3): ``during:
    [if initiated_strike] armorup 2``, ``before: close 1``, ``hit: push 1, then
    lose_all_armor``: Hazama initiates against Sweep (power 6, speed 2): his 4 armor
    take 4 of her... both speed 2, the initiator goes first: he closes from 3 to 4, hits
    Nehtali on 6 at range 2, pushes her to 7 and loses his armor; her Sweep (range 1-3)
    then hits for all 6."""
    d = hazama(dict(space=3, hand=["risingfang", "grasp"]), dict(space=6, hand=["sweep"]))
    d.act(Strike())
    d.set_attack(P1, "risingfang")
    d.decline()
    d.set_attack(P2, "sweep")
    d.pay("grasp")
    assert d.space(P1) == 4 and d.space(P2) == 7
    assert d.life(P2) == 26 and d.life(P1) == 24


def test_vengeful_viper_hit_choice_boost_then_sustain_topdiscard() -> None:
    """Vengeful Viper (Rising Fang's continuous boost), ``hit: choice
    <boost_then_sustain_topdiscard 1 {continuous} | pass>``: with it in play, Hazama's
    Hungry Coils hits; the topmost continuous boost of his discard pile (Venom Sword's
    Serpent's Redemption, above an immediate Falling Fang) is played (its now: retreat
    2) and sustained at cleanup, staying in play."""
    d = hazama(dict(space=3, hand=["hungrycoils"], boosts=["risingfang"],
                    discard=["venomsword", "fallingfang"]),
               dict(space=5, hand=["spike"]))
    d.act(Strike())
    d.set_attack(P1, "hungrycoils")
    d.set_attack(P2, "spike")
    d.choose("boost then sustain topdiscard")
    d.choose("retreat 2")
    assert "Venom Sword" in d.zone(P1, Zone.BOOSTS)
    assert d.events(ev.BoostSustained)[0].card == d.ref(P1, "venomsword", Zone.BOOSTS)
    assert d.zone(P1, Zone.DISCARD).count("Falling Fang") == 1


def test_venom_sword_hit_push_to_attack_max_range_after_draw() -> None:
    """Venom Sword (free, range 1-4, power 4, speed 4): ``hit: push_to_attack_max_range``,
    ``after: draw 1``: from 3 it hits Nehtali on 5 (range 2) and pushes her to 7
    (range 4), where her Spike (range 2-3) misses; Hazama draws 1 after."""
    d = hazama(dict(space=3, hand=["venomsword"]), dict(space=5, hand=["spike"]))
    d.act(Strike())
    d.set_attack(P1, "venomsword")
    d.set_attack(P2, "spike")
    assert d.space(P2) == 7 and d.life(P2) == 26 and d.life(P1) == 30
    drawn = [e for e in d.events(ev.CardMoved) if e.player == P1
             and e.reason is ev.MoveReason.DRAW]
    assert len(drawn) >= 1


def test_serpents_redemption_force_costs_reduced_passive_advance_or_retreat() -> None:
    """Serpent's Redemption (Venom Sword's continuous boost): ``now:
    force_costs_reduced_passive 1`` and ``now: advance 2 | retreat 2``: Hazama advances
    from 3 to 5; next turn the Move action reaches one space further than his force
    (three cards: 4 spaces, past Nehtali on 8 to 9), and a 1-space move costs no
    card."""
    d = hazama(dict(space=3, hand=["venomsword", "grasp", "grasp"]), dict(space=8))
    boost(d, "venomsword")
    d.choose("advance 2")
    assert d.space(P1) == 5
    assert "Venom Sword" in d.zone(P1, Zone.BOOSTS)
    assert d.game.table.force_discount(P1) == 1
    d.act(_prepare())  # Nehtali's turn
    request = d.expect(ActionRequest, P1)
    spaces = sorted(c.space for c in request.choices if isinstance(c, MoveTo))
    assert spaces == [1, 2, 3, 4, 6, 7, 9]
    hand = len(d.p(P1).hand)
    d.act(MoveTo(space=6))
    assert d.space(P1) == 6 and len(d.p(P1).hand) == hand + 1  # no card paid, drew 1


def _prepare() -> Any:
    from engine.core.decisions import Prepare

    return Prepare()
