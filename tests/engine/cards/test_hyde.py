"""Hyde Kido (Under Night In-Birth): every special, ultra and boost, his exceed ability's
seal, and his character actions as far as the engine has them.

Card facts: roster.md, "Hyde Kido". Hyde is P1 and Ryu P2 (Ryu's gauge stays empty, so
his Critical is never offered). A test's name contains the effect tags it exercises (the
effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    MoveTo,
    Prepare,
    SelectCards,
    SetAttack,
    SetAttackRequest,
)
from engine.core.ids import Zone

CHARS = ("hyde", "ryu")


def hyde(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Hyde as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- the deck ----------------------------------------------------------------------------


def test_hyde_deck_has_32_cards_with_three_pale_bringers_and_red_clad_cravers() -> None:
    """roster.md, Hyde's deck: 32 cards, the uni Normals x2, Pale Bringer and Red-Clad
    Craver x3, every other special and ultra x2."""
    deck = CATALOG.deck_list("hyde")
    assert len(deck) == 32
    assert deck.count("hyde_palebringer") == 3 and deck.count("hyde_redcladcraver") == 3
    assert deck.count("uni_normal_grasp") == 2 and deck.count("hyde_gyrovortex") == 2
    assert CATALOG.character("hyde").season.value == "under_night"


# --- specials ----------------------------------------------------------------------------


def test_black_orbiter_hit_range_gain_advantage_and_after_choice_close() -> None:
    """Black Orbiter (3-6, 4 power): hit at range 4 gains advantage; after, close 2. Ryu's
    Grasp (speed 7) misses at 4 first; Hyde hits for 4, closes 2 and acts next."""
    d = hyde(dict(space=1, hand=["blackorbiter"]), dict(space=5, hand=["grasp"]))
    d.strike("blackorbiter", "grasp")
    assert d.life(P2) == 26
    d.choose("close 2")
    assert d.space(P1) == 3
    assert d.events(ev.AdvantageGained)
    assert _next(d) == P1


def test_black_orbiter_no_advantage_outside_range_4_after_retreat() -> None:
    """Black Orbiter at range 3: it hits, but no advantage; Hyde retreats 2 after, and
    Ryu (the defender) acts next."""
    d = hyde(dict(space=3, hand=["blackorbiter"]), dict(space=6, hand=["grasp"]))
    d.strike("blackorbiter", "grasp")
    assert d.life(P2) == 26
    d.choose("retreat 2")
    assert d.space(P1) == 1
    assert not d.events(ev.AdvantageGained)
    assert _next(d) == P2


def test_black_orbiter_boost_reach_rangeup_strike() -> None:
    """Reach (1 force): +0/+1 range this strike, then strike. Hyde's Grasp (range 1)
    reaches Ryu two spaces away: 3 damage."""
    d = hyde(dict(space=3, hand=["blackorbiter", "grasp", "cross"]),
             dict(space=5, hand=["cross"]))
    boost(d, "blackorbiter", "cross")
    d.respond(P1, "grasp", "cross")
    d.choose("push 1")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.DISCARD)[0] == "Cross"


def test_pale_bringer_before_close_3_hits() -> None:
    """Pale Bringer (range 1, 4 power): before, close 3; it then reaches Ryu from 4 away
    (Ryu's Sweep, speed 2, acts second)."""
    d = hyde(dict(space=2, hand=["palebringer"]), dict(space=6, hand=["sweep"]))
    d.strike("palebringer", "sweep")
    assert d.space(P1) == 5
    assert d.life(P2) == 26


def test_pale_bringer_is_ex_strike_ignore_guard() -> None:
    """Pale Bringer EX: ignore_guard, so Ryu's Sweep (guard 6) is stunned by 5 damage
    and never attacks; not EX it would not be (see the next test)."""
    d = hyde(dict(space=4, hand=["palebringer", "palebringer"]), dict(space=5, hand=["sweep"]))
    d.strike(["palebringer", "palebringer"], "sweep")
    assert d.life(P2) == 25
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]
    assert d.life(P1) == 30


def test_pale_bringer_not_ex_does_not_ignore_guard() -> None:
    """Pale Bringer alone: no ignore_guard; 4 damage does not stun Sweep (guard 6), which
    hits back for 6."""
    d = hyde(dict(space=4, hand=["palebringer"]), dict(space=5, hand=["sweep"]))
    d.strike("palebringer", "sweep")
    assert d.life(P2) == 26
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P1)]
    assert d.life(P1) == 24


def test_pale_bringer_boost_power_attack_powerup_gain_advantage_add_boost_to_gauge() -> None:
    """Power Attack (continuous): on hit, +1 power, advantage, and the boost goes to gauge
    at cleanup. Hyde boosts it, Ryu prepares, Hyde's Grasp hits for 4."""
    d = hyde(dict(space=4, hand=["palebringer", "grasp"]), dict(space=5, hand=["cross"]))
    boost(d, "palebringer")
    assert _next(d) == P2
    d.act(Prepare())
    d.strike("grasp", "cross")
    d.choose("push 1")
    assert d.life(P2) == 26
    assert "Pale Bringer" in d.zone(P1, Zone.GAUGE)
    assert d.events(ev.AdvantageGained)


def test_red_clad_craver_is_ex_strike_rangeup_speedup() -> None:
    """Red-Clad Craver EX: +0/+1 range and +2 speed. At range 2 the EX Craver (speed
    5+1+2 = 8) beats Ryu's Grasp (7) and hits for 5."""
    d = hyde(dict(space=3, hand=["redcladcraver", "redcladcraver"]),
             dict(space=5, hand=["grasp"]))
    d.strike(["redcladcraver", "redcladcraver"], "grasp")
    first = d.events(ev.PriorityDetermined)[0]
    assert first.first == P1 and first.speed_p1 == 8
    assert d.life(P2) == 25


def test_red_clad_craver_not_ex_range_1_only() -> None:
    """Red-Clad Craver alone at range 2 misses (range 1, no bonus)."""
    d = hyde(dict(space=3, hand=["redcladcraver"]), dict(space=5, hand=["cross"]))
    d.strike("redcladcraver", "cross")
    assert d.life(P2) == 30


def test_red_clad_craver_boost_charged_attack_powerup() -> None:
    """Charged Attack (continuous): +2 power in the next strike; Grasp hits for 5."""
    d = hyde(dict(space=4, hand=["redcladcraver", "grasp"]), dict(space=5, hand=["cross"]))
    boost(d, "redcladcraver")
    d.act(Prepare())
    d.strike("grasp", "cross")
    d.choose("push 1")
    assert d.life(P2) == 25


def test_red_clad_craver_boost_add_boost_to_gauge_on_move_action() -> None:
    """Charged Attack (now: add_boost_to_gauge_on_move): when Hyde moves himself (here a
    Move action, 1 force) the boost leaves play into his gauge."""
    d = hyde(dict(space=3, hand=["redcladcraver", "grasp", "cross"]),
             dict(space=7, hand=["cross"]))
    boost(d, "redcladcraver")
    d.act(Prepare())
    assert d.zone(P1, Zone.BOOSTS) == ["Red-Clad Craver"]
    d.act(MoveTo(space=4))
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.pay("cross")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Red-Clad Craver"]


def test_red_clad_craver_boost_add_boost_to_gauge_on_move_not_when_pulled() -> None:
    """Charged Attack stays in play when Ryu's effect moves Hyde (a Grasp pull is not
    Hyde moving himself)."""
    d = hyde(dict(space=4, hand=["redcladcraver", "cross"]),
             dict(space=5, hand=["grasp"]), active=P1)
    boost(d, "redcladcraver")
    d.act(Prepare())  # Ryu
    d.act(Prepare())  # Hyde
    d.strike("grasp", "cross")  # Ryu strikes; his Grasp (speed 7) hits first
    d.choose("pull 1")
    assert d.space(P1) == 6
    assert "Red-Clad Craver" not in d.zone(P1, Zone.GAUGE)
    assert "Red-Clad Craver" in d.zone(P1, Zone.DISCARD)  # left at cleanup, as usual


def test_shadow_scare_hit_pull_range_gain_advantage() -> None:
    """Shadow Scare (1-5, guard 4): hit, pull 2, then at range 1 gain advantage. From 3
    away Ryu is pulled adjacent: advantage, Hyde acts next."""
    d = hyde(dict(space=3, hand=["shadowscare"]), dict(space=6, hand=["block"]))
    d.strike("shadowscare", "block")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.decline()
    assert d.space(P2) == 4
    assert d.events(ev.AdvantageGained)
    assert _next(d) == P1


def test_shadow_scare_pull_not_to_range_1_no_advantage() -> None:
    """Shadow Scare from 5 away: pulled 2, Ryu is still 3 away: no advantage."""
    d = hyde(dict(space=1, hand=["shadowscare"]), dict(space=6, hand=["block"]))
    d.strike("shadowscare", "block")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.decline()
    assert d.space(P2) == 4
    assert not d.events(ev.AdvantageGained)


def test_shadow_scare_boost_overpower_powerup_close() -> None:
    """Overpower (continuous): +1 power and, before, close 1. Grasp from 2 away closes
    and hits for 4."""
    d = hyde(dict(space=3, hand=["shadowscare", "grasp"]), dict(space=5, hand=["cross"]))
    boost(d, "shadowscare")
    d.act(Prepare())
    d.strike("grasp", "cross")
    d.choose("push 1")
    assert d.space(P1) == 4
    assert d.life(P2) == 26


def test_vacant_shift_after_advance_through_draw() -> None:
    """Vacant Shift (5 power, speed 6): after, advance 2 (past Ryu, whose space does not
    count) and, having advanced through him, draw 1."""
    d = hyde(dict(space=4, hand=["vacantshift"], deck=["grasp", "cross"]),
             dict(space=5, hand=["sweep"]))
    d.strike("vacantshift", "sweep")
    assert d.life(P2) == 25
    d.choose("advance 2")
    assert d.space(P1) == 7
    draws = [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.DRAW]
    assert [d.name(e.card) for e in draws] == ["Grasp"]  # then Sweep's hit discards it


def test_vacant_shift_after_retreat() -> None:
    """Vacant Shift: after, retreat 2 instead (no draw)."""
    d = hyde(dict(space=4, hand=["vacantshift"], deck=["grasp", "cross", "dive"]),
             dict(space=5, hand=["sweep"]))
    d.strike("vacantshift", "sweep")
    d.choose("retreat 2")
    assert d.space(P1) == 2
    assert not [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.DRAW]


def test_vacant_shift_boost_double_jump_choice_advance_bonus_action() -> None:
    """Double Jump (immediate): advance or retreat 1, then take another action."""
    d = hyde(dict(space=3, hand=["vacantshift", "grasp"]), dict(space=6, hand=["cross"]))
    boost(d, "vacantshift")
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert _next(d) == P1
    assert d.events(ev.BonusActionGranted)


# --- ultras ------------------------------------------------------------------------------


def test_dead_set_daze_set_strike_x_opponent_speed_powerup_draw() -> None:
    """Dead Set Daze (1 gauge, power X): before, X = the opponent's speed; on hit draw 2.
    Against Ryu's Sweep (speed 2; a tie, so Hyde, the attacker, goes first) X = 2: 2
    damage and 2 cards drawn, one of which Sweep's hit then discards at random."""
    d = hyde(dict(space=4, hand=["deadsetdaze"], gauge=["grasp"], deck=["cross", "dive"]),
             dict(space=5, hand=["sweep"]))
    d.strike("deadsetdaze", "sweep")
    d.pay("grasp")
    assert d.events(ev.StrikeXSet) == [ev.StrikeXSet(player=P1, value=2)]
    assert d.life(P2) == 28
    assert sorted(d.zone(P1, Zone.HAND) + d.zone(P1, Zone.DISCARD)[1:]) == ["Cross", "Dive"]


def test_dead_set_daze_x_is_fast_opponent_speed() -> None:
    """Dead Set Daze against Ryu's Grasp (speed 7): X = 7, Ryu hits first for 3 (1 armor
    absorbs 1), then Hyde hits for 7."""
    d = hyde(dict(space=4, hand=["deadsetdaze"], gauge=["grasp"], deck=["cross", "dive"]),
             dict(space=5, hand=["grasp"]))
    d.strike("deadsetdaze", "grasp")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.pay("grasp")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.choose("pass") if "pass" in str(d.pending) else d.choose("push")
    assert d.events(ev.StrikeXSet) == [ev.StrikeXSet(player=P1, value=7)]
    assert d.life(P2) == 23


def test_dead_set_daze_boost_indulgence_powerup_speedup_strike() -> None:
    """Indulgence of Insulation (1 force): +1 power, +1 speed, then strike: Grasp (speed
    8) hits Ryu's Grasp first for 4."""
    d = hyde(dict(space=4, hand=["deadsetdaze", "grasp", "cross"]),
             dict(space=5, hand=["grasp"]))
    boost(d, "deadsetdaze", "cross")
    d.respond(P1, "grasp", "grasp")
    d.choose("push 1")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 8
    assert d.life(P2) == 26


def test_gyro_vortex_hit_move_top_cards_to_gauge_and_seal_this() -> None:
    """Gyro Vortex (3 gauge): hit, the top 3 of the deck go to gauge; after, if it hit,
    it is sealed at cleanup (not gauge)."""
    d = hyde(dict(space=4, hand=["gyrovortex"], gauge=["grasp", "cross", "dive"],
                  deck=["spike", "sweep", "focus", "block"]),
             dict(space=5, hand=["sweep"]))
    d.strike("gyrovortex", "sweep")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.GAUGE) == ["Spike", "Sweep", "Focus"]
    assert d.zone(P1, Zone.SEALED) == ["Gyro Vortex"]


def test_gyro_vortex_missed_is_not_sealed() -> None:
    """Gyro Vortex that misses: no seal; it goes to the discard pile."""
    d = hyde(dict(space=1, hand=["gyrovortex"], gauge=["grasp", "cross", "dive"]),
             dict(space=6, hand=["cross"]))
    d.strike("gyrovortex", "cross")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 30
    assert d.zone(P1, Zone.SEALED) == []
    assert "Gyro Vortex" in d.zone(P1, Zone.DISCARD)


def test_gyro_vortex_boost_void_red_exceed_now_add_to_gauge_bonus_action() -> None:
    """Void Red (immediate): exceed at no cost, the boost goes to gauge, another action."""
    d = hyde(dict(space=3, hand=["gyrovortex", "grasp"]), dict(space=6, hand=["cross"]))
    boost(d, "gyrovortex")
    assert d.p(P1).exceeded
    assert d.zone(P1, Zone.GAUGE) == ["Gyro Vortex"]
    assert _next(d) == P1


# --- character actions --------------------------------------------------------------------


def test_hyde_action_choice_close_then_cards_from_hand_to_gauge() -> None:
    """Basic action: close 1 or retreat 1, then (with a card in hand) strike or put a
    card from hand into gauge. Hyde closes and gauges Grasp; Ryu acts next."""
    d = hyde(dict(space=3, hand=["grasp"]), dict(space=6, hand=["cross"]))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    assert d.space(P1) == 4
    d.choose("gauge")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.act(SelectCards(cards=tuple(d.p(P1).hand)))
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert _next(d) == P2


def test_hyde_revert_action_cards_from_hand_revert_bonus_action() -> None:
    """Exceeded "Revert" (hand of 1 or more): a card from hand to gauge, revert, then
    another action."""
    d = hyde(dict(space=3, exceeded=True, hand=["grasp", "cross"]),
             dict(space=6, hand=["cross"]))
    d.act(CharacterAction(index=1))
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.act(SelectCards(cards=(d.p(P1).hand[0],)))
    assert not d.p(P1).exceeded
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert _next(d) == P1


def test_hyde_action_strike_faceup_sets_one_card_face_up_no_ex_no_wild() -> None:
    """Basic action, strike option (strike_faceup, no wild swing, no EX): Hyde retreats
    1, then sets Pale Bringer face-up before Ryu sets; a pair or a wild swing is not
    offered."""
    d = hyde(dict(space=3, hand=["palebringer", "palebringer", "grasp"]),
             dict(space=5, hand=["sweep"]))
    d.act(CharacterAction(index=0))
    d.choose("retreat 1")
    assert d.space(P1) == 2
    d.choose("strike")
    request = d.expect(SetAttackRequest, P1)
    assert all(isinstance(c, SetAttack) and len(c.cards) == 1 for c in request.choices)
    assert len(request.choices) == 2  # Pale Bringer, Grasp: no pair, no wild swing
    d.set_attack(P1, "palebringer")
    faceup = d.events(ev.AttackTurnedFaceUp)
    assert len(faceup) == 1 and faceup[0].player == P1
    assert d.side(P1).revealed and not d.side(P1).ex
    d.set_attack(P2, "sweep")
    assert d.space(P1) == 4  # Pale Bringer's close 3 stops next to Ryu
    assert d.life(P2) == 26


def test_hyde_exceed_action_strike_from_gauge_powerup_and_seal_this() -> None:
    """Exceeded action #0 (1 gauge): strike with a card from the gauge, face-up; the
    exceed ability then gives it +3 power and seals it at cleanup. Hyde pays Cross and
    sets Pale Bringer from gauge: 4+3 = 7 damage; Pale Bringer ends in the sealed area."""
    d = hyde(dict(space=4, exceeded=True, hand=["grasp"], gauge=["cross", "palebringer"]),
             dict(space=5, hand=["sweep"]))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    (set_from,) = d.events(ev.AttackSetFromGauge)
    assert set_from.player == P1 and d.name(set_from.card) == "Pale Bringer"
    assert d.zone(P1, Zone.GAUGE) == []
    d.set_attack(P2, "sweep")
    assert d.life(P2) == 23
    assert d.zone(P1, Zone.SEALED) == ["Pale Bringer"]
    assert d.zone(P1, Zone.HAND) == ["Grasp"] or "Grasp" in d.zone(P1, Zone.DISCARD)


def test_hyde_exceed_action_strike_from_empty_gauge_wild_swings() -> None:
    """UNI rulebook FAQ, "What happens if an effect instructs me to Strike from my Gauge
    but my Gauge is empty?": "Strike with a Wild Swing instead". Exceeded action #0 with only the 1 gauge it costs: the gauge is empty when he
    sets, so he wild swings the top card of his deck (still +3 and sealed)."""
    d = hyde(dict(space=4, exceeded=True, hand=["grasp"], gauge=["cross"],
                  deck=["assault", "dive"]),
             dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    (swing,) = [e for e in d.events(ev.AttackSet) if e.player == P1]
    assert swing.wild and d.names(swing.cards) == ["Assault"]


def test_hyde_exceed_action_invalid_gauge_attack_wild_swing_keeps_set_bonuses() -> None:
    """Exceeded action #0 (1 gauge) sets Gyro Vortex (3 gauge) from the gauge, which is
    then empty: its cost cannot be paid, so it is invalid and discarded, and Hyde wild
    swings (Grasp). The exceed ability's set-time +3 power and its added ``seal_this``
    stay with the replacement attack: Grasp deals 3 + 3 - Block's 2 armor = 4 and is
    sealed at cleanup.

    The reference client settles it: its set-time effects write the player's strike
    bonuses, which the invalid-attack path (``ask_for_cost``: ``invalidate_card``, then
    ``wild_strike``) leaves untouched (scenes/game/local_game.gd).
    """
    d = hyde(dict(space=4, exceeded=True, hand=["dive"], gauge=["cross", "gyrovortex"],
                  deck=["grasp", "assault"]),
             dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    d.set_attack(P2, "block")
    assert [e.player for e in d.events(ev.AttackInvalid)] == [P1]
    (swing,) = d.events(ev.WildSwingRevealed)
    assert swing.player == P1 and d.name(swing.card) == "Grasp"
    d.choose("push 1")
    assert "Gyro Vortex" in d.zone(P1, Zone.DISCARD)
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.SEALED) == ["Grasp"]


def test_hyde_exceed_ability_seal_this_after_used_character_bonus() -> None:
    """Exceed ability: after his exceed action #0 (``used_character_bonus``), his attack
    gets +3 power and is sealed at cleanup."""
    d = hyde(dict(space=4, exceeded=True, hand=["grasp"]), dict(space=5, hand=["cross"]))
    state = d.state
    state.players[P1].used_character_bonus = True
    d.strike("grasp", "cross")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.choose("push")
    assert d.life(P2) == 24
    assert d.zone(P1, Zone.SEALED) == ["Grasp"]
