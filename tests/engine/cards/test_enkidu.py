"""Enkidu (Under Night In-Birth): his character actions (Three Precept Strike from discard
to hand; exceeded, a strike and the Revert), his exceed ability, and every attack and
boost.

Card facts: roster.md, "Enkidu". Enkidu is P1 and Nehtali P2 (no ability, the standard
Normals): he mostly answers with Block (power 0, speed 0, armor 2, guard 3, never hits),
Dive (range 1, power 5, speed 4, before: advance) or Cross (range 1-2, power 3, speed 6,
after: retreat 2). A test's name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    MoveTo,
    PayGaugeRequest,
    SelectCardsRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Passive, Stat, holds_passive
from engine.rules.actions import legal_actions

CHARS = ("enkidu", "nehtali")
TPS = "threepreceptstrike"


def enkidu(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Enkidu as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


# --- deck, character actions, exceed ability -------------------------------------------


def test_enkidu_deck_34_cards_six_three_precept_strikes() -> None:
    """Enkidu's deck: 34 cards (the uni Normals x2, six Three Precept Strikes, two of
    each other special and ultra)."""
    deck = CATALOG.deck_list("enkidu")
    assert len(deck) == 34
    assert deck.count("enkidu_threepreceptstrike") == 6
    assert sum(card.startswith("uni_normal_") for card in deck) == 16


def test_enkidu_character_action_move_card_copies_discard_to_hand_close() -> None:
    """Enkidu's character action (default #0): move_card_copies Three Precept Strike
    from discard to hand, per card close 1: the copy comes back and he closes 3 -> 4."""
    d = enkidu(dict(space=3, hand=["grasp"], discard=["cross", TPS]), dict(space=6))
    d.act(CharacterAction(index=0))
    assert "Three Precept Strike" in d.zone(P1, Zone.HAND)
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
    assert d.space(P1) == 4
    assert _next(d) == P2


def test_enkidu_character_action_no_copy_in_discard_no_close() -> None:
    """Enkidu's character action with no Three Precept Strike in the discard pile: no
    card moves and the close (its "if you do" effect) does not happen."""
    d = enkidu(dict(space=3, hand=["grasp"], discard=["cross"]), dict(space=6))
    d.act(CharacterAction(index=0))
    assert d.space(P1) == 3
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


def test_enkidu_exceed_ability_used_character_action_seal_from_gauge_powerup_speedup() -> None:
    """Enkidu's exceed ability: after his exceeded character action strike (#0),
    ``set_strike: [if used_character_action 0] move_card_copies`` Three Precept Strike
    gauge -> sealed (1..1: effects.md, ``specific_card_seal_from_gauge``, "If a copy ...
    is in your gauge, seal it"), per card powerup 2 and speedup 1: Tidal Spin 5 + 2 = 7 -
    2 armor = 5 through Block; the one copy is sealed without a question (Grasp stays)."""
    d = enkidu(dict(space=4, hand=["tidalspin"], gauge=[TPS, "grasp"], exceeded=True),
               dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "tidalspin")
    assert not isinstance(d.pending, SelectCardsRequest)
    d.set_attack(P2, "block")
    assert 2 in _mods(d, P1, Stat.POWER)
    assert 1 in _mods(d, P1, Stat.SPEED)
    assert d.zone(P1, Zone.SEALED) == ["Three Precept Strike"]
    assert d.life(P2) == 25


def test_enkidu_exceed_ability_no_copy_in_gauge_no_bonus() -> None:
    """Enkidu's exceed ability with no Three Precept Strike in gauge: nothing is sealed
    and the seal effect (powerup 2, speedup 1) does not run: Tidal Spin 5 - 2 = 3.
    (The ability is not optional: with a copy in gauge it is sealed, see above; this
    test used to decline the seal, which effects.md does not allow.)"""
    d = enkidu(dict(space=4, hand=["tidalspin"], gauge=["grasp"], exceeded=True),
               dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "tidalspin")
    assert not isinstance(d.pending, SelectCardsRequest)
    d.set_attack(P2, "block")
    assert _mods(d, P1, Stat.POWER) == []
    assert d.zone(P1, Zone.SEALED) == []
    assert d.life(P2) == 27


def test_enkidu_exceed_ability_plain_strike_not_character_action() -> None:
    """Enkidu exceeded, ordinary Strike action: no character action, so no seal is
    offered (no SelectCardsRequest) and the copy stays in gauge."""
    d = enkidu(dict(space=4, hand=["tidalspin"], gauge=[TPS], exceeded=True),
               dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "tidalspin")
    assert not isinstance(d.pending, SelectCardsRequest)
    d.set_attack(P2, "block")
    assert d.zone(P1, Zone.GAUGE) == ["Three Precept Strike", "Tidal Spin"]
    assert d.zone(P1, Zone.SEALED) == []
    assert d.life(P2) == 27


def test_enkidu_exceeded_revert_cards_from_hand_revert_bonus_action() -> None:
    """Enkidu's exceeded "Revert" (#1): a card from hand to gauge, revert, bonus action:
    he is no longer exceeded and acts again."""
    d = enkidu(dict(space=3, hand=["grasp", "cross"], exceeded=True), dict(space=6))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


# --- Three Precept Strike / Calamity Crest ---------------------------------------------


def test_enkidu_threepreceptstrike_set_strike_x_copies_in_gauge_powerup_guardup() -> None:
    """Three Precept Strike: ``during_strike: set_strike_x copies_in_gauge`` (two copies
    in gauge: X = 2), then powerup X and guardup X: 3 + 2 = 5 - 2 armor = 3 through
    Block; after: close 1 (3 -> 4)."""
    d = enkidu(dict(space=3, hand=[TPS], gauge=[TPS, TPS, "grasp"]),
               dict(space=5, hand=["block"]))
    d.strike(TPS, "block")
    d.choose("pass")
    assert 2 in _mods(d, P1, Stat.POWER)
    assert 2 in _mods(d, P1, Stat.GUARD)
    assert [e.value for e in d.events(ev.StrikeXSet)] == [2]
    assert d.life(P2) == 27
    assert d.space(P1) == 4
    assert _next(d) == P2


def test_enkidu_threepreceptstrike_after_reveal_copy_gain_advantage() -> None:
    """Three Precept Strike's after: close 1, then choice reveal_copy (a Three Precept
    Strike from hand, reveal_effect gain_advantage) | pass: he reveals the copy he holds
    and acts next."""
    d = enkidu(dict(space=3, hand=[TPS, TPS]), dict(space=5, hand=["block"]))
    d.strike(TPS, "block")
    d.choose("reveal")
    revealed = d.events(ev.HandRevealed)
    assert len(revealed) == 1 and d.names(revealed[0].cards) == ["Three Precept Strike"]
    assert d.zone(P1, Zone.HAND) == ["Three Precept Strike"]
    assert d.life(P2) == 29  # no copy in gauge: X = 0, 3 - 2 armor
    assert _next(d) == P1


def test_enkidu_threepreceptstrike_reveal_copy_without_copy_no_advantage() -> None:
    """Three Precept Strike's reveal with no copy in hand reveals nothing and gains no
    advantage: Nehtali acts next."""
    d = enkidu(dict(space=3, hand=[TPS, "grasp"]), dict(space=5, hand=["block"]))
    d.strike(TPS, "block")
    d.choose("reveal")
    assert d.events(ev.HandRevealed) == []
    assert _next(d) == P2


def test_enkidu_threepreceptstrike_boost_calamity_crest_spend_life_to_gauge_bonus_action() -> None:
    """Calamity Crest (Three Precept Strike boost, immediate): spend_life 3, then
    add_to_gauge_boost_play_cleanup; bonus_action: life 27, the card in gauge, he acts
    again."""
    d = enkidu(dict(space=3, hand=[TPS, "grasp"]), dict(space=6))
    boost(d, TPS)
    assert d.life(P1) == 27
    assert d.zone(P1, Zone.GAUGE) == ["Three Precept Strike"]
    assert _next(d) == P1


# --- Chained Kick / Reckless Run ------------------------------------------------------


def test_enkidu_chainedkick_set_strike_x_copies_in_gauge_advance() -> None:
    """Chained Kick: X = Three Precept Strikes in gauge (3): powerup X and guardup X;
    before: advance 1 (3 -> 4): 4 + 3 = 7 - 2 armor = 5 through Block."""
    d = enkidu(dict(space=3, hand=["chainedkick"], gauge=[TPS, TPS, TPS]),
               dict(space=5, hand=["block"]))
    d.strike("chainedkick", "block")
    assert 3 in _mods(d, P1, Stat.POWER)
    assert 3 in _mods(d, P1, Stat.GUARD)
    assert d.events(ev.PlayerMoved)[0] == ev.PlayerMoved(player=P1, src=3, dst=4)
    assert d.life(P2) == 25


def test_enkidu_chainedkick_boost_reckless_run_advance_force_for_effect() -> None:
    """Reckless Run (Chained Kick boost, immediate): advance 2, then force_for_effect:
    advance 2 per force: 2 force moves him 1 -> 3 -> 7."""
    d = enkidu(dict(space=1, hand=["chainedkick", "grasp", "cross"]), dict(space=9))
    boost(d, "chainedkick")
    assert d.space(P1) == 3
    d.choose("spend 2 force")
    d.pay("grasp", "cross")
    assert d.space(P1) == 7


# --- Gale Edge / Chain Shift ----------------------------------------------------------


def test_enkidu_galeedge_higher_speed_misses_advance() -> None:
    """Gale Edge: ``during_strike: higher_speed_misses`` at speed 5 or more: Cross
    (speed 6) misses him at range 2 (Nehtali at the wall cannot retreat); Gale Edge hits
    for 6; after: advance 2, stopped next to Nehtali (7 -> 8)."""
    d = enkidu(dict(space=7, hand=["galeedge"]), dict(space=9, hand=["cross"]))
    d.strike("galeedge", "cross")
    assert d.life(P1) == 30
    assert d.life(P2) == 24
    assert d.space(P1) == 8


def test_enkidu_galeedge_boost_chain_shift_strike_to_gauge_undo_speed() -> None:
    """Chain Shift (Gale Edge boost): now: strike; during_strike: speedup 1; after:
    add_to_gauge_immediately_mid_strike_undo_effects: the boost goes to gauge and its +1
    speed is taken back (``StatBonusEnded``, as for any boost leaving mid-strike)."""
    d = enkidu(dict(space=3, hand=["galeedge", "tidalspin"]), dict(space=4, hand=["block"]))
    boost(d, "galeedge")
    d.respond(P1, "tidalspin", "block")
    assert _mods(d, P1, Stat.SPEED) == [1]
    ended = [(e.player, e.stat, e.amount) for e in d.events(ev.StatBonusEnded)]
    assert ended == [(P1, Stat.SPEED, 1)]  # the boost left play: its +1 no longer counts
    assert "Gale Edge" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.BOOSTS) == []


# --- Thunder Stomp / Maelstrom --------------------------------------------------------


def test_enkidu_thunderstomp_block_opponent_move_then_remove() -> None:
    """Thunder Stomp: ``during_strike: block_opponent_move``: Nehtali's Dive (faster)
    cannot advance, so it misses at range 2; Thunder Stomp hits for 4. ``cleanup:
    remove_block_opponent_move``: the block ends with the strike."""
    d = enkidu(dict(space=3, hand=["thunderstomp"]), dict(space=5, hand=["dive"]))
    d.strike("thunderstomp", "dive")
    assert d.space(P2) == 5
    assert d.life(P1) == 30
    assert d.life(P2) == 26
    gained = d.events(ev.PassiveGained)
    assert [e.passive for e in gained] == [Passive.BLOCKS_OPPONENT_MOVE]
    assert [e.passive for e in d.events(ev.PassiveRemoved)] == [Passive.BLOCKS_OPPONENT_MOVE]
    assert not holds_passive(d.state, P1, Passive.BLOCKS_OPPONENT_MOVE)


def test_enkidu_block_opponent_move_no_move_action() -> None:
    """While Enkidu holds block_opponent_move, the opponent's actions include no Move;
    once it ends they do again."""
    d = enkidu(dict(space=3), dict(space=6, hand=["grasp", "cross"]), active=P2)
    table = d.game.table
    assert any(isinstance(a, MoveTo) for a in legal_actions(table, P2))
    table.emit(ev.PassiveGained(player=P1, passive=Passive.BLOCKS_OPPONENT_MOVE))
    assert not any(isinstance(a, MoveTo) for a in legal_actions(table, P2))
    table.emit(ev.PassiveRemoved(player=P1, passive=Passive.BLOCKS_OPPONENT_MOVE))
    assert any(isinstance(a, MoveTo) for a in legal_actions(table, P2))


def test_enkidu_thunderstomp_boost_maelstrom_min_cards_in_hand_discard_hand_draw_bonus() -> None:
    """Maelstrom (Thunder Stomp boost): ``[if min_cards_in_hand 3] discard_hand, then
    draw 4, then bonus_action``: with 3 other cards he discards them, draws 4 and acts
    again."""
    d = enkidu(dict(space=3, hand=["thunderstomp", "grasp", "cross", "dive"]), dict(space=6))
    boost(d, "thunderstomp")
    assert sorted(d.zone(P1, Zone.DISCARD)) == ["Cross", "Dive", "Grasp", "Thunder Stomp"]
    assert len(d.p(P1).hand) == 4
    assert _next(d) == P1


def test_enkidu_thunderstomp_boost_maelstrom_else_discard_hand_draw_no_bonus() -> None:
    """Maelstrom with fewer than 3 other cards: else discard_hand, then draw 4, and no
    bonus action (Nehtali acts next)."""
    d = enkidu(dict(space=3, hand=["thunderstomp", "grasp"]), dict(space=6))
    boost(d, "thunderstomp")
    assert sorted(d.zone(P1, Zone.DISCARD)) == ["Grasp", "Thunder Stomp"]
    assert _next(d) == P2


# --- Tidal Spin / Tactical ------------------------------------------------------------


def test_enkidu_tidalspin_not_initiated_strike_cannot_stun() -> None:
    """Tidal Spin: ``during_strike: [if not_initiated_strike] cannot_stun``: answering
    Nehtali's strike, his attack cannot stun; after: advance 2."""
    d = enkidu(dict(space=4, hand=["tidalspin"]), dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "tidalspin")
    flags = [e.flag for e in d.events(ev.AttackFlagged) if e.player == P1]
    assert AttackFlag.CANNOT_STUN in flags
    assert d.life(P2) == 27


def test_enkidu_tidalspin_initiated_can_stun() -> None:
    """Tidal Spin when he initiates: no cannot_stun."""
    d = enkidu(dict(space=4, hand=["tidalspin"]), dict(space=5, hand=["block"]))
    d.strike("tidalspin", "block")
    flags = [e.flag for e in d.events(ev.AttackFlagged) if e.player == P1]
    assert AttackFlag.CANNOT_STUN not in flags


def test_enkidu_tidalspin_boost_tactical_speedup_choice_advance() -> None:
    """Tactical (Tidal Spin boost, continuous): now: choice advance 1 | retreat 1."""
    d = enkidu(dict(space=3, hand=["tidalspin", "grasp"]), dict(space=6))
    boost(d, "tidalspin")
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.BOOSTS) == ["Tidal Spin"]


# --- Demon Seal: Abyssal Force / Unstoppable Force ------------------------------------


def test_enkidu_demonseal_gauge_cost_per_card_copy_in_gauge_move_copies_to_hand() -> None:
    """Demon Seal: Abyssal Force costs 6 gauge, 1 less per Three Precept Strike in gauge
    (four: 2). It hits for 10 - 2 = 8; after: gain_advantage, then move_card_copies any
    number of Three Precept Strikes from gauge to hand (he takes two)."""
    d = enkidu(dict(space=3, hand=["demonsealabyssalforce"],
                    gauge=[TPS, TPS, TPS, TPS, "grasp", "cross"]),
               dict(space=6, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "demonsealabyssalforce")
    d.set_attack(P2, "block")
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 2
    d.pay("grasp", "cross")
    assert d.life(P2) == 22
    select = d.expect(SelectCardsRequest, P1)
    assert select.max_count == 4
    d.select(P1, TPS, TPS)
    assert d.zone(P1, Zone.HAND).count("Three Precept Strike") == 2
    assert d.zone(P1, Zone.GAUGE).count("Three Precept Strike") == 2
    assert _next(d) == P1


def test_enkidu_demonseal_boost_unstoppable_force_gain_advantage_sustain() -> None:
    """Unstoppable Force (Demon Seal boost, continuous): hit: gain_advantage; after:
    gauge_for_effect 1 to sustain_this: he pays 1 gauge, the boost stays, he acts next."""
    d = enkidu(dict(space=3, hand=[TPS], gauge=["grasp"], boosts=["demonsealabyssalforce"]),
               dict(space=5, hand=["block"]))
    d.strike(TPS, "block")
    d.choose("pass")
    d.pay("grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Demon Seal: Abyssal Force"]
    assert _next(d) == P1


# --- Spiral Dual Palm Strike / Immovable Object ---------------------------------------


def test_enkidu_spiraldualpalmstrike_armor_close_lose_all_armor() -> None:
    """Spiral Dual Palm Strike (2 gauge, armor 6): Nehtali's faster Cross deals 3, all
    absorbed (Nehtali at the wall retreats 8 -> 9); it hits for 4 at range 2; after:
    close 2 (7 -> 8, next to him), then lose_all_armor (the 3 armor left)."""
    d = enkidu(dict(space=7, hand=["spiraldualpalmstrike"], gauge=["grasp", "cross"]),
               dict(space=8, hand=["cross"]))
    d.act(Strike())
    d.set_attack(P1, "spiraldualpalmstrike")
    d.set_attack(P2, "cross")
    d.pay("grasp", "cross")
    assert d.life(P1) == 30
    assert d.life(P2) == 26
    assert d.space(P1) == 8
    assert -3 in _mods(d, P1, Stat.ARMOR)


def test_enkidu_spiraldualpalmstrike_boost_immovable_object_ignore_push_and_pull() -> None:
    """Immovable Object (Spiral Dual Palm Strike boost, continuous): now:
    ignore_push_and_pull_passive_bonus (held while in play, ``discarded``: removed);
    during_strike: armorup 1, guardup 1; after: gauge_for_effect 1 to sustain_this."""
    d = enkidu(dict(space=3, hand=["spiraldualpalmstrike", "grasp"]), dict(space=6))
    boost(d, "spiraldualpalmstrike")
    assert holds_passive(d.state, P1, Passive.IGNORE_PUSH_AND_PULL)
    assert d.zone(P1, Zone.BOOSTS) == ["Spiral Dual Palm Strike"]


def test_enkidu_immovable_object_push_ignored_armorup_guardup_discarded_removes() -> None:
    """Immovable Object in play: Nehtali's Grasp hits (3 - 1 armor = 2) and its push
    does not move Enkidu; with no gauge to sustain it, the boost is discarded at cleanup
    and ``discarded: remove_ignore_push_and_pull_passive_bonus`` ends the immunity."""
    d = enkidu(dict(space=3, hand=["spiraldualpalmstrike", "spike"]), dict(space=4, hand=["grasp"]))
    boost(d, "spiraldualpalmstrike")
    d.strike("grasp", "spike")
    d.choose("push")
    assert d.space(P1) == 3
    assert d.life(P1) == 28
    assert 1 in _mods(d, P1, Stat.ARMOR) and 1 in _mods(d, P1, Stat.GUARD)
    assert not holds_passive(d.state, P1, Passive.IGNORE_PUSH_AND_PULL)
    assert "Spiral Dual Palm Strike" in d.zone(P1, Zone.DISCARD)
