"""Waldstein (Under Night In-Birth): every special, ultra and boost, his ability (the
"Strike" character action's push or pull), his exceed ability (the exceeded "Strike"
action: +2 power, +2 guard, the attack sealed) and his "Revert" action.

Card facts: roster.md, "Waldstein". Waldstein is P1 and Ryu P2; Ryu mostly answers with
Block (power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    PayGaugeRequest,
    Prepare,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("waldstein", "ryu")


def waldstein(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Waldstein as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- ability, exceed ability and character actions ------------------------------------


def test_waldstein_ability_strike_action_used_character_bonus_add_attack_effect_push() -> None:
    """Waldstein's ability: a strike from his "Strike" action (``set_mode
    used_character_bonus``, then ``strike``) gains ``hit: push 1 or pull 1``. His Cross
    hits Ryu's Block (3 - 2 armor = 1 damage) and he pushes Ryu 5 -> 6."""
    d = waldstein(dict(space=4, hand=["cross"]), dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "cross", "block")
    assert d.expect(ChoiceRequest, P1).labels == ("push 1", "pull 1")
    d.choose("push 1")
    assert d.space(P2) == 6
    assert d.life(P2) == 29
    assert _next(d) == P2


def test_waldstein_ability_not_used_character_bonus_plain_strike_has_no_push() -> None:
    """Waldstein's ability needs the character action: after the plain Strike action
    his Cross hits without any push or pull choice; Ryu stays on space 5."""
    d = waldstein(dict(space=4, hand=["cross"]), dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.space(P2) == 5
    assert d.life(P2) == 29
    assert _next(d) == P2


def test_waldstein_exceed_ability_strike_action_powerup_guardup_seal_this() -> None:
    """Waldstein's exceed ability: the exceeded "Strike" action (cost 1 gauge) gives
    +2 power, +2 guard, and the attack is sealed at cleanup (``seal_this``) instead of
    going to gauge. Cross hits Block for 3 + 2 - 2 = 3; Cross ends in the sealed area."""
    d = waldstein(dict(space=4, exceeded=True, hand=["cross"], gauge=["grasp"]),
                  dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.expect(PayGaugeRequest, P1)
    d.pay("grasp")
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.SEALED) == ["Cross"]
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert _next(d) == P2


def test_waldstein_revert_action_cards_from_hand_revert_bonus_action() -> None:
    """Waldstein's exceeded "Revert" action (needs 1 card in hand): one card from hand
    to gauge, he Reverts, then takes a bonus action (P1 acts again, in Basic Mode)."""
    d = waldstein(dict(exceeded=True, hand=["cross", "spike"]), dict(hand=["block"]))
    d.act(CharacterAction(index=1))
    d.select(P1, "cross")
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


def test_waldstein_revert_action_needs_a_card_in_hand() -> None:
    """Revert's requirement ``min_hand_size 1``: with an empty hand it is not offered,
    while the exceeded "Strike" action (1 gauge) is."""
    d = waldstein(dict(exceeded=True, hand=[], gauge=["grasp"]), dict(hand=["block"]))
    choices = d.expect(ActionRequest, P1).choices
    assert CharacterAction(index=0) in choices
    assert CharacterAction(index=1) not in choices


# --- Eisen Nagel / Flex ------------------------------------------------------------------


def test_waldstein_eisen_nagel_hit_choice_push_after_opponent_stunned_gain_advantage() -> None:
    """Eisen Nagel (range 2-4, 6 power): hit: push 1 or pull 1; after: if the opponent
    is stunned, gain_advantage. 6 - 2 armor = 4 damage beats Block's guard 3: Ryu is
    stunned, pulled 5 -> 4, and Waldstein acts next."""
    d = waldstein(dict(space=3, hand=["eisennagel"]), dict(space=5, hand=["block"]))
    d.strike("eisennagel", "block")
    d.choose("pull 1")
    assert d.space(P2) == 4
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert _next(d) == P1


def test_waldstein_eisen_nagel_no_advantage_when_opponent_not_stunned() -> None:
    """Eisen Nagel's after effect needs ``opponent_stunned``: Ryu's Focus (armor 2,
    guard 5, ignores push and pull) takes 6 - 2 = 4 damage, not stunned, and stays on
    5; his Focus (range 1-2) hits back for 4 - 1 armor = 3. No advantage: Ryu acts next."""
    d = waldstein(dict(space=3, hand=["eisennagel"]), dict(space=5, hand=["focus"]))
    d.strike("eisennagel", "focus")
    d.choose("push 1")
    assert d.space(P2) == 5
    assert d.life(P2) == 26
    assert d.life(P1) == 27
    assert d.events(ev.AdvantageGained) == []
    assert _next(d) == P2


def test_waldstein_flex_boost_armorup_guardup_strike() -> None:
    """Flex (Eisen Nagel boost, continuous): during_strike +1 armor and +1 guard; now:
    strike. Waldstein boosts it and a strike starts at once with him setting."""
    d = waldstein(dict(space=4, hand=["eisennagel", "cross"]), dict(space=5, hand=["block"]))
    boost(d, "eisennagel")
    assert d.zone(P1, Zone.BOOSTS) == ["Eisen Nagel"]
    d.expect(SetAttackRequest, P1)
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.DISCARD) == ["Eisen Nagel"]


# --- Ferzen Volf / Reach -----------------------------------------------------------------


def test_waldstein_ferzen_volf_before_range_push_powerup_hit_push() -> None:
    """Ferzen Volf (range 1-3, 4 power): before: at range 1, push 2 and +2 power; hit:
    push 2. Ryu is pushed 4 -> 6 (range 3, still in range), takes 6 - 2 = 4, then is
    pushed 6 -> 8."""
    d = waldstein(dict(space=3, hand=["ferzenvolf"]), dict(space=4, hand=["block"]))
    d.strike("ferzenvolf", "block")
    assert d.space(P2) == 8
    assert d.life(P2) == 26


def test_waldstein_ferzen_volf_not_range_1_no_push_before() -> None:
    """Ferzen Volf's before effect needs ``range 1``: at range 2 there is no push and no
    power bonus; 4 - 2 = 2 damage and the hit push 2 (5 -> 7)."""
    d = waldstein(dict(space=3, hand=["ferzenvolf"]), dict(space=5, hand=["block"]))
    d.strike("ferzenvolf", "block")
    assert d.space(P2) == 7
    assert d.life(P2) == 28


def test_waldstein_reach_boost_rangeup_strike() -> None:
    """Reach (Ferzen Volf boost, 1 force, continuous): during_strike +0/+1 range; now:
    strike. Ferzen Volf then reaches Ryu at range 4 (1-3 becomes 1-4)."""
    d = waldstein(dict(space=1, hand=["ferzenvolf", "ferzenvolf", "grasp"]),
                  dict(space=5, hand=["block"]))
    boost(d, "ferzenvolf", "grasp")
    d.respond(P1, "ferzenvolf", "block")
    assert d.life(P2) == 28
    assert d.space(P2) == 7


# --- Sturmangriff / Face Me! -------------------------------------------------------------


def test_waldstein_sturmangriff_before_close_hit_choice_push() -> None:
    """Sturmangriff (range 1, 5 power): before: close 4; hit: push 3 or pull 3.
    Waldstein closes 1 -> 5 next to Ryu (on 6), hits for 5 - 2 = 3 and pushes him 6 -> 9."""
    d = waldstein(dict(space=1, hand=["sturmangriff"]), dict(space=6, hand=["block"]))
    d.strike("sturmangriff", "block")
    assert d.space(P1) == 5
    d.choose("push 3")
    assert d.space(P2) == 9
    assert d.life(P2) == 27


def test_waldstein_face_me_boost_draw() -> None:
    """Face Me! (Sturmangriff boost, continuous): now: draw 2; it stays in play."""
    d = waldstein(dict(hand=["sturmangriff"], deck=["cross", "dive", "spike"]),
                  dict(hand=["block"]))
    boost(d, "sturmangriff")
    assert d.zone(P1, Zone.BOOSTS) == ["Sturmangriff"]
    assert d.zone(P1, Zone.HAND)[:2] == ["Cross", "Dive"]


# --- Wirbelwind / Blowback ---------------------------------------------------------------


def test_waldstein_wirbelwind_hit_push_after_advance() -> None:
    """Wirbelwind (range 1-2, 6 power): hit: push 3; after: advance 2. Ryu is pushed
    4 -> 7 (4 damage, stunned through Block), then Waldstein advances 3 -> 5."""
    d = waldstein(dict(space=3, hand=["wirbelwind"]), dict(space=4, hand=["block"]))
    d.strike("wirbelwind", "block")
    assert d.space(P2) == 7
    assert d.space(P1) == 5
    assert d.life(P2) == 26


def test_waldstein_wirbelwind_dodge_at_range_4_to_9() -> None:
    """Wirbelwind: during_strike, the opponent's attack misses at range 4-9. Ryu's
    Hadoken (range 3-7) from 4 spaces away misses; Wirbelwind is out of range too."""
    d = waldstein(dict(space=1, hand=["wirbelwind"]), dict(space=5, hand=["hadoken"]))
    d.strike("wirbelwind", "hadoken")
    assert d.life(P1) == 30
    assert d.life(P2) == 30


def test_waldstein_blowback_boost_range_choice_push_strike() -> None:
    """Blowback (Wirbelwind boost, immediate): at range 1, push 1 or 2, then strike.
    Waldstein pushes Ryu 5 -> 7 and a strike starts."""
    d = waldstein(dict(space=4, hand=["wirbelwind", "cross"]), dict(space=5, hand=["block"]))
    boost(d, "wirbelwind")
    d.choose("push 2")
    assert d.space(P2) == 7
    d.expect(SetAttackRequest, P1)


def test_waldstein_blowback_not_range_1_does_nothing() -> None:
    """Blowback needs ``range 1``: at range 2 nothing happens, no strike; Ryu acts."""
    d = waldstein(dict(space=3, hand=["wirbelwind", "cross"]), dict(space=5, hand=["block"]))
    boost(d, "wirbelwind")
    assert d.space(P2) == 5
    assert _next(d) == P2


# --- Katastrophe / Hecatoncheir ----------------------------------------------------------


def test_waldstein_katastrophe_hit_push_8() -> None:
    """Katastrophe (ultra, 2 gauge, range 1-2, 7 power): hit: push 8. Ryu goes 5 -> 9
    (the wall stops him) after 7 - 2 = 5 damage."""
    d = waldstein(dict(space=4, hand=["katastrophe"], gauge=["grasp", "cross"]),
                  dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "katastrophe")
    d.set_attack(P2, "block")
    d.pay("grasp", "cross")
    assert d.space(P2) == 9
    assert d.life(P2) == 25


def test_waldstein_hecatoncheir_boost_draw_count_cards_in_hand() -> None:
    """Hecatoncheir (Katastrophe boost, immediate): draw as many cards as you hold
    (``draw {count: cards_in_hand}``). Holding 2 after boosting, Waldstein draws 2."""
    d = waldstein(dict(hand=["katastrophe", "cross", "dive"],
                       deck=["spike", "sweep", "focus"]), dict(hand=["block"]))
    boost(d, "katastrophe")
    assert d.zone(P1, Zone.HAND)[:4] == ["Cross", "Dive", "Spike", "Sweep"]
    assert d.zone(P1, Zone.DISCARD) == ["Katastrophe"]


# --- Verderben / Maximize Power ----------------------------------------------------------


def test_waldstein_verderben_reveal_strike_stun_immunity() -> None:
    """Verderben (ultra, 4 gauge, range 3-4, 10 power, 4 armor): set_strike: if not a wild
    swing, choose reveal_strike or pass; during_strike: stun_immunity. Waldstein reveals
    it; Ryu answers with Block and takes 10 - 2 = 8."""
    d = waldstein(dict(space=2, hand=["verderben"], gauge=["grasp", "cross", "dive", "spike"]),
                  dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "verderben")
    d.choose("reveal")
    assert len(d.events(ev.AttackTurnedFaceUp)) == 1
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "dive", "spike")
    assert d.life(P2) == 22


def test_waldstein_maximize_power_boost_armorup_advance_add_to_gauge_immediately() -> None:
    """Maximize Power (Verderben boost, 1 force, continuous): now: advance 1 or 2 or
    pass; during_strike +4 armor; start_of_next_turn: it goes to gauge."""
    d = waldstein(dict(space=3, hand=["verderben", "grasp"]), dict(space=7, hand=["block"]))
    boost(d, "verderben", "grasp")
    d.choose("advance 2")
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.BOOSTS) == ["Verderben"]
    d.expect(ActionRequest, P2)


# --- Werfen Erschlagen / The Destroyers --------------------------------------------------


def test_waldstein_werfen_erschlagen_ignore_armor_hit_opponent_discard_random() -> None:
    """Werfen Erschlagen (ultra, 2 gauge, range 2-3, 4 power): ignore_armor; hit: the
    opponent discards 4 random cards. Block's 2 armor is ignored (4 damage, stunned) and
    Ryu's 4 other cards are discarded."""
    d = waldstein(dict(space=3, hand=["werfenerschlagen"], gauge=["grasp", "cross"]),
                  dict(space=5, hand=["block", "grasp", "cross", "dive", "spike"]))
    d.act(Strike())
    d.set_attack(P1, "werfenerschlagen")
    d.set_attack(P2, "block")
    d.pay("grasp", "cross")
    assert d.life(P2) == 26
    assert d.zone(P2, Zone.HAND) == []
    # stunned, Ryu's Block skips its after effect and is discarded with the four
    assert sorted(d.zone(P2, Zone.DISCARD)) == ["Block", "Cross", "Dive", "Grasp", "Spike"]


def test_waldstein_the_destroyers_is_normal_attack_rangeup_powerup() -> None:
    """The Destroyers (Werfen Erschlagen boost, continuous): with a Normal, +2/+2 range
    and +2 power. Waldstein's Cross (range 1-2 -> 3-4) hits Ryu 4 spaces away for
    3 + 2 - 2 = 3; it hit, so the boost is discarded at cleanup as usual."""
    d = waldstein(dict(space=1, hand=["cross"], boosts=["werfenerschlagen"]),
                  dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.DISCARD) == ["Werfen Erschlagen"]


def test_waldstein_the_destroyers_not_hit_opponent_return_this_boost_to_hand() -> None:
    """The Destroyers: after: if the attack did not hit, the boost returns to hand
    (``return_this_boost_to_hand``). Cross (3-4 with it) misses Ryu 5 spaces away; The
    Destroyers goes back to Waldstein's hand instead of the discard pile."""
    d = waldstein(dict(space=1, hand=["cross"], boosts=["werfenerschlagen"]),
                  dict(space=6, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 30
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Werfen Erschlagen" in d.zone(P1, Zone.HAND)
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


def test_waldstein_the_destroyers_special_attack_no_bonus() -> None:
    """The Destroyers' bonus needs ``is_normal_attack``: Wirbelwind (a Special, range
    1-2) gets no range from it and misses Ryu 3 spaces away."""
    d = waldstein(dict(space=2, hand=["wirbelwind"], boosts=["werfenerschlagen"]),
                  dict(space=5, hand=["block"]))
    d.strike("wirbelwind", "block")
    assert d.life(P2) == 30
    assert "Werfen Erschlagen" in d.zone(P1, Zone.HAND)


def test_waldstein_face_me_start_of_turn_strike_boost_caused_start_of_turn_strike() -> None:
    """Face Me!: at the start of Waldstein's next turn he must strike (Strike is his only
    action: ``start_of_turn_strike``), and in that strike ``[if
    boost_caused_start_of_turn_strike]`` gives +2 speed and +2 armor. His Dive (speed 4
    Spike (5 power, ignores armor) deals Ryu's Block 5."""
    d = waldstein(dict(space=3, hand=["sturmangriff", "spike"], deck=["cross", "dive", "sweep"]),
                  dict(space=5, hand=["block"], deck=["grasp", "cross"]))
    boost(d, "sturmangriff")
    d.expect(ActionRequest, P2)
    d.act(Prepare())
    request = d.expect(ActionRequest, P1)
    assert request.choices == (Strike(),)
    d.act(Strike())
    d.respond(P1, "spike", "block")
    d.decline()  # Ryu's Block: no force for armor (Spike ignores it anyway)
    speed = [e.amount for e in d.events(ev.StatModified)
             if e.player == P1 and e.stat is Stat.SPEED]
    armor = [e.amount for e in d.events(ev.StatModified)
             if e.player == P1 and e.stat is Stat.ARMOR]
    assert speed == [2] and armor == [2]
    assert d.life(P2) == 25
    assert _next(d) == P2


def test_waldstein_face_me_no_bonus_on_the_turn_it_is_played() -> None:
    """Face Me!'s bonus needs the forced strike: in a strike the opponent starts while it
    is in play, ``boost_caused_start_of_turn_strike`` is false (no speed or armor), and
    the boost leaves play at that strike's cleanup."""
    d = waldstein(dict(space=4, hand=["sturmangriff", "spike"], deck=["cross", "dive"]),
                  dict(space=5, hand=["block"], deck=["cross", "dive"]))
    boost(d, "sturmangriff")
    d.strike("block", "spike")
    assert [e for e in d.events(ev.StatModified)
            if e.player == P1 and e.stat in (Stat.SPEED, Stat.ARMOR)] == []
    assert d.zone(P1, Zone.BOOSTS) == []


def test_waldstein_verderben_invalidate_attack_if_not_set_face_up() -> None:
    """Verderben, "invalid if not set face up" (``invalidate_attack``): if Waldstein
    does not reveal it, it is invalid (even with 4 gauge to pay): discarded, and he wild
    swings the top card of his deck (Cross) instead; no gauge is spent."""
    d = waldstein(dict(space=2, hand=["verderben"], gauge=["grasp", "cross", "dive", "spike"],
                       deck=["cross", "sweep"]),
                  dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "verderben")
    d.choose("invalidate")
    d.set_attack(P2, "block")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Verderben"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Cross"]
    assert len(d.zone(P1, Zone.GAUGE)) == 4
    assert "Verderben" in d.zone(P1, Zone.DISCARD)


def test_waldstein_verderben_was_wild_swing_is_not_set_face_up() -> None:
    """Verderben wild-swung: its set effect ``[if was_wild_swing] invalidate_attack``
    offers no reveal, so it is invalid and the next card (Cross) is swung."""
    d = waldstein(dict(space=2, hand=["grasp"], gauge=["grasp", "cross", "dive", "spike"],
                       deck=["verderben", "cross", "sweep"]),
                  dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "wild")
    assert not isinstance(d.pending, ChoiceRequest)
    d.set_attack(P2, "block")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Verderben"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)][-1] == "Cross"
    assert len(d.zone(P1, Zone.GAUGE)) == 4


def test_waldstein_maximize_power_start_of_next_turn_add_to_gauge_immediately() -> None:
    """Maximize Power: ``start_of_next_turn: add_to_gauge_immediately``: still in play at
    the start of Waldstein's next turn, it goes to his gauge before he acts."""
    d = waldstein(dict(space=3, hand=["verderben", "grasp"], deck=["cross", "dive", "spike"]),
                  dict(space=7, hand=["block"], deck=["grasp", "cross"]))
    boost(d, "verderben", "grasp")
    d.choose("pass")
    d.expect(ActionRequest, P2)
    d.act(Prepare())
    d.expect(ActionRequest, P1)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Verderben"]
