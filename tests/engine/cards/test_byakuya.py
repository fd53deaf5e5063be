"""Byakuya (Under Night In-Birth): every special, ultra and boost, his Web Traps (Trap
boosts that stop the opponent moving onto or through their space), his ability and
exceed ability, and his character actions (strike; exceeded: draw 2 and an EX strike,
Revert).

Card facts: roster.md, "Byakuya". Byakuya is P1 and Ryu P2 (Ryu's gauge stays empty,
so his Critical is never offered). A test's name contains the effect and condition tags
it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    MoveTo,
    Prepare,
    SelectCardsRequest,
    SetAttackRequest,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.mechanics.under_night.state import trap_space

CHARS = ("byakuya", "ryu")


def byakuya(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Byakuya as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


# --- the deck ----------------------------------------------------------------------------


def test_byakuya_deck_has_36_cards_with_four_copies() -> None:
    """roster.md, Byakuya's deck: 36 cards: the uni Normals x2, How Shall I Cook You?,
    Minced? and Or... Shredded? x4, every other special and ultra x2."""
    deck = CATALOG.deck_list("byakuya")
    assert len(deck) == 36
    for four in ("byakuya_howshallicookyou", "byakuya_minced", "byakuya_orshredded"):
        assert deck.count(four) == 4
    assert deck.count("byakuya_caughtyou") == 2 and deck.count("uni_normal_block") == 2
    assert CATALOG.character("byakuya").season.value == "under_night"


# --- specials ----------------------------------------------------------------------------


def test_caught_you_before_opponent_speed_less_or_equal_attack_does_not_hit() -> None:
    """Caught You! (1-4, 3 power, speed 8): ``before: [if opponent_speed_less_or_equal
    4] attack_does_not_hit``. Against Ryu's Sweep (speed 2) at range 2 it goes first and
    misses; the Sweep hits Byakuya for 6."""
    d = byakuya(dict(space=3, hand=["caughtyou"]), dict(space=5, hand=["sweep"]))
    d.strike("caughtyou", "sweep")
    assert d.life(P2) == 30
    assert d.life(P1) == 24


def test_caught_you_hit_gain_advantage_against_a_fast_attack() -> None:
    """Caught You! against Grasp (speed 7 > 4): it hits for 3 (stunning Ryu, guard 0),
    ``hit: gain_advantage``: Byakuya acts next."""
    d = byakuya(dict(space=3, hand=["caughtyou"]), dict(space=4, hand=["grasp"]))
    d.strike("caughtyou", "grasp")
    assert d.life(P2) == 27
    assert d.life(P1) == 30
    assert _next(d) == P1


def test_disrespect_now_choice_retreat_and_opponent_set_strike_not_initiated_draw() -> None:
    """Caught You!'s boost Disrespect: ``now: choice <retreat 1|2|3|pass>``; when the
    opponent initiates a strike, Byakuya draws 3 once they have set (before he sets his
    own: ``opponent_set_strike: [if not_initiated_strike] draw 3``)."""
    d = byakuya(dict(space=4, hand=["caughtyou"], deck=["grasp", "cross", "dive", "spike"]),
                dict(space=6, hand=["grasp"], deck=["block"]))
    boost(d, "caughtyou")
    d.choose("retreat 2")
    assert d.space(P1) == 2
    assert d.zone(P1, Zone.HAND) == ["Grasp"]  # the end-of-turn draw
    d.act(Strike())
    d.set_attack(P2, "grasp")
    d.expect(SetAttackRequest, P1)
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Dive", "Grasp", "Spike"]


def test_disrespect_opponent_set_strike_not_when_byakuya_initiates() -> None:
    """Disrespect draws only when the opponent initiates: Byakuya striking himself
    draws nothing when Ryu sets (``[if not_initiated_strike]`` fails for him)."""
    d = byakuya(dict(space=4, hand=["grasp"], boosts=["caughtyou"], deck=["cross", "dive"]),
                dict(space=5, hand=["block"]))
    before = len(d.p(P1).deck)
    d.strike("grasp", "block")
    d.expect(ChoiceRequest, P1)  # Grasp's hit: both attacks were set long ago
    assert len(d.p(P1).deck) == before
    assert d.zone(P1, Zone.HAND) == []


def test_disrespect_start_of_next_turn_discard_this() -> None:
    """Disrespect: ``start_of_next_turn: discard_this``. With no strike in between, it is
    discarded as Byakuya's next turn starts; when he strikes himself, no draw 3."""
    d = byakuya(dict(space=4, hand=["caughtyou"], deck=["grasp", "cross"]),
                dict(space=6, hand=[], deck=["block", "block"]))
    boost(d, "caughtyou")
    d.choose("pass")
    d.act(Prepare())
    assert _next(d) == P1
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Caught You!"]


def test_how_shall_i_cook_you_hit_reveal_copies_from_hand_powerup_and_pull() -> None:
    """How Shall I Cook You? (1-2, 3 power): ``hit: reveal_copies_from_hand``: each of
    the two copies Byakuya reveals from hand gives +1 power, then pull 1 (roster.md:
    ``discard_effect=(powerup 1 {per_discard} + pull 1)``, the chain repeated per card).
    Ryu's Block (armor 2) takes 5 - 2 = 3 and is pulled from adjacent past Byakuya
    (4 -> 2), then back past him (2 -> 4); the copies stay in hand."""
    d = byakuya(dict(space=3, hand=["howshallicookyou"] * 3 + ["grasp"]),
                dict(space=4, hand=["block"]))
    d.strike("howshallicookyou", "block")
    request = d.pending
    assert isinstance(request, SelectCardsRequest) and len(request.candidates) == 2  # the copies
    d.select(P1, "howshallicookyou", "howshallicookyou")
    assert _mods(d, Stat.POWER) == [1, 1]
    revealed = d.events(ev.HandRevealed)
    assert len(revealed) == 1 and len(revealed[0].cards) == 2
    assert d.life(P2) == 27
    assert d.space(P2) == 4
    assert d.zone(P1, Zone.HAND).count("How Shall I Cook You?") == 2


def test_how_shall_i_cook_you_reveal_none_no_pull() -> None:
    """How Shall I Cook You?: revealing no copy gives no power and no pull."""
    d = byakuya(dict(space=3, hand=["howshallicookyou"] * 2), dict(space=4, hand=["block"]))
    d.strike("howshallicookyou", "block")
    d.select(P1)
    assert _mods(d, Stat.POWER) == []
    assert d.space(P2) == 4
    assert d.life(P2) == 29


def test_souls_oath_before_choice_advance_seal_this_boost() -> None:
    """How Shall I Cook You?'s boost Soul's Oath: ``before: choice <advance 1 +
    seal_this_boost | ...>``: Byakuya advances 1 and the boost goes to his sealed area."""
    d = byakuya(dict(space=3, boosts=["howshallicookyou"], hand=["grasp"]),
                dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.SEALED) == ["How Shall I Cook You?"]
    assert d.zone(P1, Zone.BOOSTS) == []


def test_souls_oath_cleanup_choice_spend_life_sustain_this() -> None:
    """Soul's Oath: passing its before, at cleanup Byakuya pays 1 life to sustain it."""
    d = byakuya(dict(space=3, boosts=["howshallicookyou"], hand=["grasp"]),
                dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("pass")
    d.choose("spend life")
    assert d.life(P1) == 29
    assert d.zone(P1, Zone.BOOSTS) == ["How Shall I Cook You?"]


def test_ill_plant_it_hit_choice_push_after_boost_then_sustain_ultra_from_gauge() -> None:
    """I'll Plant It Somewhere Over Here (2-4, 3 power): ``hit: choice <push 1 | pull
    1>``; ``after: choice <boost_then_sustain {hand, gauge; ultra; sustain false;
    play_boost_effect: gain_advantage} | pass>``: Byakuya boosts Endless Nightmare from
    his gauge, its Web Trap is placed on a space, and he gains advantage. A Trap
    sustains itself at cleanup (he is not stunned)."""
    d = byakuya(dict(space=3, hand=["illplantitsomewhere"], gauge=["endlessnightmare"]),
                dict(space=5, hand=["block"]))
    d.strike("illplantitsomewhere", "block")
    d.choose("push 1")
    assert d.space(P2) == 6
    d.choose("boost then sustain")
    d.select(P1, "endlessnightmare")
    d.move_to(P1, 5)
    web = d.ref(P1, "endlessnightmare", Zone.BOOSTS)
    assert trap_space(d.state, web) == 5
    assert ev.AdvantageGained(player=P1) in d.log
    assert _next(d) == P1
    assert d.zone(P1, Zone.BOOSTS) == ["Endless Nightmare"]
    assert d.zone(P1, Zone.GAUGE) == ["I'll Plant It Somewhere Over Here"]


def test_chelicerata_immediate_draw_seven() -> None:
    """I'll Plant It's boost Chelicerata (immediate, 3 force): draw 7."""
    d = byakuya(dict(space=3, hand=["illplantitsomewhere", "grasp", "cross", "dive"],
                     deck=["spike", "spike", "sweep", "sweep", "focus", "focus", "block",
                           "block", "assault"]),
                dict(space=5))
    boost(d, "illplantitsomewhere", "grasp", "cross", "dive")
    assert len(d.zone(P1, Zone.HAND)) == 8  # 7 drawn, then the end-of-turn draw


def test_minced_hit_advance() -> None:
    """Minced? (range 1, 3 power, speed 7): ``hit: advance 3``; from adjacent he crosses
    Ryu (whose space does not count) and lands 3 spaces on."""
    d = byakuya(dict(space=3, hand=["minced"]), dict(space=4, hand=["block"]))
    d.strike("minced", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 7


def test_menace_now_choice_draw_boost_in_play_or_parents_boost_additional_then_strike() -> None:
    """Minced?'s boost Menace: ``now``: advance or retreat 1, draw 1, then ``[if
    boost_in_play_or_parents Predator] strike, else choice <boost_additional {Predator}
    | pass>``. Byakuya boosts Predator from hand; Predator draws 1 and, Menace being in
    play, strikes. Predator's ``during_strike: powerup 1`` applies."""
    d = byakuya(dict(space=3, hand=["minced", "orshredded", "grasp"],
                     deck=["dive", "cross", "spike"]),
                dict(space=6, hand=["block"]))
    boost(d, "minced")
    d.choose("advance 1")
    assert d.space(P1) == 4
    d.choose("boost additional")
    d.select(P1, "orshredded")
    assert d.zone(P1, Zone.BOOSTS) == ["Minced?", "Or... Shredded?"]
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Dive", "Grasp"]
    d.respond(P1, "grasp", "block")
    assert 1 in _mods(d, Stat.POWER)


def test_menace_pass_no_strike() -> None:
    """Menace: declining to boost Predator, no strike; the turn ends."""
    d = byakuya(dict(space=3, hand=["minced", "orshredded"], deck=["dive", "cross"]),
                dict(space=6, hand=["block"]))
    boost(d, "minced")
    d.choose("retreat 1")
    d.choose("pass")
    assert d.state.strike is None
    assert _next(d) == P2


def test_or_shredded_during_strike_is_ex_strike_speedup_after_advance() -> None:
    """Or... Shredded? (2-5, 4 power, speed 3): ``during_strike: [if is_ex_strike]
    speedup 1``; ``after: advance 2``. As an EX pair: +1 speed, 5 power."""
    d = byakuya(dict(space=2, hand=["orshredded", "orshredded"]), dict(space=5, hand=["block"]))
    d.strike(["orshredded", "orshredded"], "block")
    assert _mods(d, Stat.SPEED) == [1]
    assert d.life(P2) == 27  # 5 - armor 2
    assert d.space(P1) == 4


def test_predator_boost_additional_menace_strikes() -> None:
    """Or... Shredded?'s boost Predator: draw 1, no Menace in play, so Byakuya boosts
    Menace; Menace moves him, draws 1 and strikes (Predator is in play)."""
    d = byakuya(dict(space=3, hand=["orshredded", "minced", "grasp"],
                     deck=["dive", "cross", "spike"]),
                dict(space=6, hand=["block"]))
    boost(d, "orshredded")
    d.choose("boost additional")
    d.select(P1, "minced")
    d.choose("advance 1")
    assert d.zone(P1, Zone.BOOSTS) == ["Or... Shredded?", "Minced?"]
    d.respond(P1, "grasp", "block")
    assert d.events(ev.StrikeStarted)


# --- ultras and Web Traps ---------------------------------------------------------------


def test_become_a_part_of_me_hit_choice_pull_after_boost_this_then_sustain_place_trap() -> None:
    """Become a Part of Me (4 gauge, 1-3, 6 power): ``hit: choice <push 1|2, pull 1|2,
    pass>``; ``after: choice <boost_this_then_sustain {dont_sustain, boost_effect:
    place_trap} | pass>``: the attack card becomes a Web Trap on a space of Byakuya's
    choice (a fighter's space is offered too); not stunned, it stays at cleanup."""
    d = byakuya(dict(space=3, hand=["becomeapartofme"], gauge=["grasp", "grasp", "cross", "cross"]),
                dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "becomeapartofme")
    d.set_attack(P2, "block")
    d.pay("grasp", "grasp", "cross", "cross")
    d.choose("pull 1")
    assert d.space(P2) == 4
    d.choose("boost this then sustain")
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in offered(request, MoveTo)] == list(range(1, 10))
    d.move_to(P1, 7)
    web = d.ref(P1, "becomeapartofme", Zone.BOOSTS)
    assert trap_space(d.state, web) == 7
    assert d.events(ev.TrapStopsMovement) == [ev.TrapStopsMovement(player=P1, card=web)]
    assert d.zone(P1, Zone.BOOSTS) == ["Become a Part of Me"]
    assert d.life(P2) == 26


def test_endless_nightmare_ignore_guard_after_hit_opponent_gain_advantage_trap() -> None:
    """Endless Nightmare (2 gauge, range 1, 3 power): ``during_strike: ignore_guard``;
    ``after: [if hit_opponent] choice <gain_advantage + boost_this_then_sustain (Web
    Trap) | pass>``. It stuns the Blocking Ryu (1 damage > guard 0), then becomes a Trap."""
    d = byakuya(dict(space=3, hand=["endlessnightmare"], gauge=["grasp"] * 2),
                dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "endlessnightmare")
    d.set_attack(P2, "block")
    d.pay("grasp", "grasp")
    assert d.life(P2) == 29
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    d.choose("gain advantage")
    d.move_to(P1, 6)
    assert _next(d) == P1
    assert d.zone(P1, Zone.BOOSTS) == ["Endless Nightmare"]


def test_web_trap_boost_now_place_trap_any_space_cleanup_not_stunned_sustain_this() -> None:
    """The Web Trap boost: ``now: place_trap {any_space}``: every board space is offered,
    the opponent's too; ``cleanup: [if not_stunned] sustain_this`` keeps it."""
    d = byakuya(dict(space=3, hand=["endlessnightmare", "grasp"], deck=["dive"]),
                dict(space=5, hand=["block"], deck=["spike", "spike"]))
    boost(d, "endlessnightmare")
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in offered(request, MoveTo)] == list(range(1, 10))
    d.move_to(P1, 8)
    d.act(Prepare())
    d.strike("grasp", "block")
    web = d.ref(P1, "endlessnightmare", Zone.BOOSTS)
    assert ev.BoostSustained(player=P1, card=web) in d.log
    assert trap_space(d.state, web) == 8


def test_web_trap_does_not_stop_a_move_action_outside_a_strike() -> None:
    """Web Trap, ``stop_on_space_effect``, stops movement during a strike only (the
    reference client, ``test_byakuya_webtrap_outside_strike``: a fighter moving through
    a Web Trap outside a strike is not stopped, and the trap stays): Ryu's Move action
    from 6 to 2 passes the trap on 4 and ends on 2; the trap stays in play on 4."""
    d = byakuya(dict(space=1, boosts=["endlessnightmare"], traps={"endlessnightmare": 4}),
                dict(space=6, hand=["block", "block", "grasp", "grasp"]), active=P2)
    d.act(MoveTo(space=2))
    d.pay("block", "block", "grasp", "grasp")
    assert d.space(P2) == 2
    assert d.events(ev.TrapSprung) == []
    web = d.ref(P1, "endlessnightmare", Zone.BOOSTS)
    assert trap_space(d.state, web) == 4


def test_web_trap_stops_its_owners_own_movement_in_a_strike() -> None:
    """Web Trap stops whoever moves onto it during a strike, Byakuya too (the reference
    client, ``test_byakuya_webtrap_self_movement``): Byakuya on 3, Ryu on 1, his Web Trap
    on 5; his Cross hits Ryu for 3, then ``after: retreat 3`` stops on 5, the trap
    springs (discarded; he takes advantage)."""
    d = byakuya(dict(space=3, hand=["cross"], boosts=["becomeapartofme"],
                     traps={"becomeapartofme": 5}),
                dict(space=1, hand=["sweep"]))
    d.strike("cross", "sweep")
    d.choose("gain advantage")
    assert d.space(P1) == 5 and d.life(P2) == 27
    assert [e.player for e in d.events(ev.TrapSprung)] == [P1]
    assert "Become a Part of Me" in d.zone(P1, Zone.DISCARD)


def test_web_trap_stops_opponent_advance_in_a_strike_then_gain_advantage() -> None:
    """Web Trap: Ryu's Dive (before: advance 3... as his own movement) through the trap
    on 4 stops there; Byakuya chooses to gain advantage."""
    d = byakuya(dict(space=2, hand=["block"], boosts=["endlessnightmare"],
                     traps={"endlessnightmare": 4}),
                dict(space=6, hand=["assault"]), active=P2)
    d.strike("assault", "block")
    assert d.space(P2) == 4
    d.choose("gain advantage")
    assert d.zone(P1, Zone.DISCARD)[:1] == ["Endless Nightmare"]
    assert ev.AdvantageGained(player=P1) in d.log


def test_web_trap_stops_opponent_pulled_onto_it_by_byakuya() -> None:
    """Web Trap stops the opponent however they move: I'll Plant It's ``hit: pull 1``
    brings Ryu from 5 onto the trap on 4; it springs and Byakuya pushes 1 (to 5)."""
    d = byakuya(dict(space=3, hand=["illplantitsomewhere"], boosts=["endlessnightmare"],
                     traps={"endlessnightmare": 4}),
                dict(space=5, hand=["block"]))
    d.strike("illplantitsomewhere", "block")
    d.choose("pull 1")
    assert d.space(P2) == 4
    assert len(d.events(ev.TrapSprung)) == 1
    d.choose("push 1")
    assert d.space(P2) == 5
    assert "Endless Nightmare" in d.zone(P1, Zone.DISCARD)


def test_web_trap_outside_a_strike_stops_neither_its_owner_nor_a_fighter_leaving_it() -> None:
    """Outside a strike no Web Trap stops anyone: Byakuya's Move action passes his own
    trap; Ryu moving off a trap placed under him is not stopped."""
    d = byakuya(dict(space=1, hand=["grasp", "grasp", "cross"],
                     boosts=["endlessnightmare", "becomeapartofme"],
                     traps={"endlessnightmare": 3, "becomeapartofme": 7}),
                dict(space=7, hand=["block"] * 2), active=P1)
    d.act(MoveTo(space=4))
    d.pay("grasp", "grasp", "cross")
    assert d.space(P1) == 4
    d.act(MoveTo(space=9))
    d.pay("block", "block")
    assert d.space(P2) == 9
    assert d.events(ev.TrapSprung) == []


# --- ability, exceed ability and character actions -------------------------------------


def test_byakuya_ability_used_character_action_discard_boost_in_opponent_space() -> None:
    """Byakuya's ability: a strike through his character action discards his Web Trap
    lying under the opponent for +2 power and +2 speed (Grasp: 5 power - armor 2)."""
    d = byakuya(dict(space=3, hand=["grasp"], boosts=["endlessnightmare"],
                     traps={"endlessnightmare": 4}),
                dict(space=4, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "grasp", "block")
    d.choose("push 1")  # Grasp's hit
    assert _mods(d, Stat.POWER) == [2] and _mods(d, Stat.SPEED) == [2]
    assert d.zone(P1, Zone.DISCARD)[:1] == ["Endless Nightmare"]
    assert d.life(P2) == 27


def test_byakuya_ability_no_trap_under_opponent_no_bonus() -> None:
    """Byakuya's ability: with his Web Trap elsewhere, the character action strike gets
    nothing and the trap stays."""
    d = byakuya(dict(space=3, hand=["grasp"], boosts=["endlessnightmare"],
                     traps={"endlessnightmare": 8}),
                dict(space=4, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "grasp", "block")
    assert _mods(d, Stat.POWER) == []
    assert d.zone(P1, Zone.BOOSTS) == ["Endless Nightmare"]


def test_byakuya_exceeded_action_draw_strike_with_ex_exceed_ability_powerup() -> None:
    """Byakuya's exceeded action (2 gauge): draw 2, then ``choice <strike_with_ex |
    pass>``: only EX pairs may be set (no single card, no wild swing); his exceed
    ability gives that strike +1 power."""
    d = byakuya(dict(space=3, exceeded=True, hand=["grasp", "grasp", "cross"],
                     gauge=["dive", "dive"], deck=["spike", "sweep"]),
                dict(space=4, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.pay("dive", "dive")
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Grasp", "Grasp", "Spike", "Sweep"]
    d.choose("strike with ex")
    # the one pair is the only option: set without asking
    assert [len(e.cards) for e in d.events(ev.AttackSet) if e.player == P1] == [2]
    assert d.side(P1).ex
    d.set_attack(P2, "block")
    d.choose("push 1")  # Grasp's hit
    assert 1 in _mods(d, Stat.POWER)
    assert d.life(P2) == 27  # 3 + 1 EX + 1 exceed ability - armor 2


def test_byakuya_revert_action() -> None:
    """Byakuya's exceeded action "Revert": a card from hand to gauge, ``revert``, a
    bonus action."""
    d = byakuya(dict(space=3, exceeded=True, hand=["grasp", "cross"]),
                dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=1))
    d.select(P1, "cross")
    assert not d.p(P1).exceeded
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert _next(d) == P1
