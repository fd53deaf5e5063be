"""Platinum the Trinity: situations of the reference client's
``test/unit/test_platinum.gd`` (Magical Do-Re-Mi Box's pull beside Mystique Momo's and
Dream Sally's own effects), written with our builder in our own words.

Card facts: roster.md, "Platinum the Trinity": Mystique Momo (range 2-5, power 2, speed
5): ``before: discard_continuous_boost 1 (mine, optional) for powerup 2``; its boost
Magical Do-Re-Mi Box: ``before: pull 2``; Dream Sally (range 1-5, power 3, speed 1):
``hit: [if opponent_moved_or_was_moved] powerup 2``; her ability's cleanup: ``choice
<boost_then_sustain_topdeck | pass>``. Nehtali answers with the standard Normals
(Assault range 1, power 4, speed 5, before: close 2; Focus range 1-2, power 4, speed 1,
armor 2, guard 5, and the opponent cannot move her).
"""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    EffectOrderRequest,
    OrderEffects,
    SelectCardsRequest,
    Strike,
)
from engine.core.ids import Zone


def _with_box(attack: str, response: str) -> Driver:
    """Platinum (3) with Magical Do-Re-Mi Box in play strikes ``attack`` against
    Nehtali's ``response`` (5)."""
    d = position(p1=dict(space=3, hand=[attack], boosts=["mystiquemomo"]),
                 p2=dict(space=5, hand=[response]), chars=("platinum", "nehtali"))
    d.printed_order = False
    d.act(Strike())
    d.set_attack(P1, attack)
    d.set_attack(P2, response)
    return d


def test_momo_discarding_the_box_first_cancels_its_pull() -> None:
    """Client test_platinum_mystique_momo. Momo (speed 5) goes first (the initiator's
    tie with Assault); her two Before effects are ordered, Momo's own first: it
    discards the Do-Re-Mi Box for +2 power, and the Box, out of play, no longer pulls
    (core rulebook: a boost's effects last only while it is in play). Nehtali stays on
    5, is hit at range 2 for 4 and her Assault is stunned."""
    d = _with_box("mystiquemomo", "assault")
    order = d.expect(EffectOrderRequest, P1)
    tags = [e.tags[0] for e in order.effects]
    assert sorted(tags) == ["discard_continuous_boost", "pull"], tags
    first = tags.index("discard_continuous_boost")
    d.act(OrderEffects(order=(first, 1 - first)))
    d.choose("Magical Do-Re-Mi Box")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert [e for e in d.events(ev.PlayerMoved) if e.player == P2] == []
    d.choose("pass")  # her cleanup
    assert d.space(P1) == 3 and d.space(P2) == 5
    assert d.life(P2) == 26 and d.life(P1) == 30


def test_dream_sally_after_assault_closes_then_the_box_pulls_her_past() -> None:
    """Client test_platinum_dreamsally_move. Assault (speed 5) goes first: it closes 2
    (5 -> 4) and hits Platinum for 4 (Dream Sally's guard 5 holds: no stun). Then her
    Box pulls Nehtali 2, through Platinum's space, to 1; Dream Sally hits her at range
    2 with +2 (she moved this strike) for 5."""
    d = _with_box("dreamsally", "assault")
    d.choose("pass")  # her cleanup
    assert d.space(P1) == 3 and d.space(P2) == 1
    assert d.life(P1) == 26 and d.life(P2) == 25


def test_dream_sally_vs_focus_the_box_cannot_move_her() -> None:
    """Client test_platinum_dreamsally_nomove. Dream Sally and Focus tie at speed 1:
    Platinum, the initiator, goes first; Focus keeps Nehtali from being moved, so the
    Box's pull does nothing, and Dream Sally hits for 3 (no bonus) into Focus's 2
    armor: 1 damage; Focus hits back for 4."""
    d = _with_box("dreamsally", "focus")
    d.choose("pass")  # her cleanup
    assert d.space(P1) == 3 and d.space(P2) == 5
    assert d.life(P1) == 26 and d.life(P2) == 29


# --- client version 0412346 ---------------------------------------------------------


def test_dramatic_sammy_sustains_fierce_then_both_cleanups_boost_their_top_card() -> None:
    """Client test_platinum_dramaticsammy_sustain_and_cleanup_testing_too. Platinum (3)
    with Fierce (Grasp's boost) in play sets Dramatic Sammy (range 1, power 4, speed 2;
    ``before: advance 1 | advance 2``; ``hit: gain_advantage + choose_sustain_boost
    1``) against Platinum's Sweep (5), tied at speed 2, she goes first: advances 1,
    hits for 4 + 2 (Fierce) and sustains Fierce. At the cleanup her ability (``cleanup:
    choice <boost_then_sustain_topdeck 1 {discard_if_not_continuous} | pass>``) boosts
    her top card, Spike (Defend, continuous: stays, sustained); the opponent's does
    the same with Assault (Backstep, immediate: discarded). She keeps both boosts and,
    with the advantage, acts next."""
    d = position(p1=dict(space=3, hand=["dramaticsammy"], boosts=["grasp"], deck=["spike", "dive"]),
                 p2=dict(space=5, hand=["sweep"], deck=["assault", "cross"]),
                 chars=("platinum", "platinum"))
    d.strike("dramaticsammy", "sweep")
    d.choose("advance 1")
    d.choose("sustain")
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    d.choose("boost")  # hers
    d.choose("boost")  # the opponent's
    assert d.zone(P1, Zone.BOOSTS) == ["Grasp", "Spike"]
    assert d.zone(P2, Zone.BOOSTS) == []
    assert "Assault" in d.zone(P2, Zone.DISCARD)
    assert d.expect(ActionRequest).player == P1


def test_miracle_jeanne_plays_the_box_from_discard_and_its_pull_joins_the_before() -> None:
    """Client test_platinum_miraclejeanne_add_mystique_momo_pull. Miracle Jeanne (4
    gauge; range 2-3, power 3, speed 4; ``before: choose_discard 2 {continuous, play as
    boost}``) from 3 against Sweep on 8: she plays Mystique Momo from her discard pile as
    Magical Do-Re-Mi Box (``before: pull 2``); a boost played during her Before adds its
    own Before, so Sweep's owner is pulled 8 -> 6 and Jeanne (range 3) hits for 3;
    Sweep (range 1-3) hits back for 6."""
    d = position(p1=dict(space=3, hand=["miraclejeanne"], gauge=["grasp", "cross", "dive", "spike"],
                         discard=["mystiquemomo"]),
                 p2=dict(space=8, hand=["sweep"]), chars=("platinum", "platinum"))
    d.strike("miraclejeanne", "sweep")
    d.pay("grasp", "cross", "dive", "spike")
    d.select(P1, "mystiquemomo")
    d.select(P1)  # no second card
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (24, 27)
    assert d.zone(P1, Zone.BOOSTS) == ["Mystique Momo"]


def test_happy_magicka_against_focus_no_discard_when_not_hit_first() -> None:
    """Client test_platinum_happymagicka_vs_focus. Happy Magicka (range 1-3, power 3,
    speed 1, armor 2; ``hit: [if was_hit] opponent_discard_random 1``) against Focus
    (range 1-2, power 4, speed 1, armor 2; ``after: draw 1``) from 2 away: tied, she
    goes first and hits for 3 - 2 = 1; she was not hit yet, so nothing is discarded.
    Focus hits for 4 - 2 = 2 and its owner draws 1."""
    d = position(p1=dict(space=3, hand=["happymagicka"]),
                 p2=dict(space=5, hand=["focus", "grasp"], deck=["cross"]),
                 chars=("platinum", "platinum"))
    d.strike("happymagicka", "focus")
    assert (d.life(P1), d.life(P2)) == (28, 29)
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Cross"]


def test_exceeded_cleanup_discards_an_immediate_top_card_and_still_sustains() -> None:
    """Client test_platinum_exceed_ua_overdrive in its later version (commit bd82588:
    "p1 will try but see cross, still gets to sustain"; the earlier 0412346 version
    passed there). Her exceed ability: ``cleanup: choice <add_attack_effect
    (choose_sustain_boost 1 {amount_min 0}) + boost_then_sustain_topdeck 1 {sustain
    False, discard_if_not_continuous} | pass>``. Exceeded, with Light (Sweep's boost)
    in play, her Assault hits Ryu's Cross (5 + 2 speed against 6) for 4; at the cleanup
    the top card, Cross, is an immediate boost: it is discarded unplayed, and she is
    still offered to sustain Light, which stays in play."""
    d = position(p1=dict(space=4, hand=["assault"], boosts=["sweep"], exceeded=True,
                         overdrive=["dive", "dive"], deck=["cross", "focus"]),
                 p2=dict(space=5, hand=["cross"]), chars=("platinum", "ryu"))
    d.select(P1, "dive")  # the overdrive discard (Tech is immediate: nothing boosted)
    d.strike("assault", "cross")
    assert (d.life(P1), d.life(P2)) == (30, 26)
    d.choose("boost then sustain topdeck")
    assert d.zone(P1, Zone.DISCARD)[-1] == "Cross"
    d.choose("sustain Light")
    assert d.zone(P1, Zone.BOOSTS) == ["Sweep"]
    # Assault's advantage: her next turn starts, discarding the other Dive
    assert d.expect(ActionRequest).player == P1 and d.area(P1, "overdrive") == []
    assert d.zone(P1, Zone.BOOSTS) == ["Sweep"]


def test_exceeded_cleanup_as_the_defender_keeps_the_chosen_boost() -> None:
    """Client test_platinum_exceed_ua_overdrive_variant (version bd82588). Exceeded
    Platinum (3) with Magical Bat (Mami Circular: ``speedup -1 + guardup 5``) and
    Magical Do-Re-Mi Box (Mystique Momo: ``before: pull 2``) in play answers Arakune's
    Focus (7) with Cross: Cross (speed 5) goes first; Focus's ``ignore_push_and_pull``
    stops the Box's pull, Cross misses at range 4 and retreats her 3 -> 1 (the edge);
    Focus then misses. At the cleanup (hers, though she defended) the top card, Dive,
    is discarded unplayed and she keeps Magical Bat; the Box is discarded. Her next turn
    starts with her overdrive discard."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["mamicircular", "mystiquemomo"],
                         exceeded=True, overdrive=["grasp", "spike"], deck=["dive", "focus"]),
                 p2=dict(space=7, hand=["focus"]), chars=("platinum", "arakune"), active=P2)
    d.strike("focus", "cross")
    assert (d.space(P1), d.space(P2)) == (1, 7)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    d.choose("boost then sustain topdeck")
    d.choose("sustain Magical Bat")
    assert d.zone(P1, Zone.BOOSTS) == ["Mami Circular"]
    assert {"Dive", "Mystique Momo"} <= set(d.zone(P1, Zone.DISCARD))
    assert d.expect(SelectCardsRequest, P1).purpose is CardPurpose.OVERDRIVE_DISCARD


def test_dream_sally_return_attack_loses_happy_magickas_printed_armor_and_guard() -> None:
    """Client test_platinum_dreamsally_returnattack_losearmor ("Full damage because
    happymagicka armor left play"); effects.md, ``return_attack_to_top_of_deck``: "Your
    attack leaves play now and goes on top of your deck". With Magical Boomerang (Dream
    Sally's boost: ``after: draw 1, then return_attack_to_top_of_deck``) and Light
    (Sweep's boost: +2 speed) in play, Happy Magicka (range 1-3, power 3, speed 1 + 2,
    armor 2, guard 4) goes before Ryu's Sweep (speed 2) and hits for 3; she was not hit
    yet, so nothing is discarded. At its after it goes back on top of her deck, and its
    printed armor and guard leave with it: Sweep hits for its full 6 (24 life, not 26)
    and 6 over guard 0 stuns her; Sweep makes her discard 1 at random."""
    d = position(p1=dict(space=3, hand=["happymagicka", "cross"], boosts=["dreamsally", "sweep"],
                         deck=["dive", "spike"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("platinum", "ryu"))
    d.strike("happymagicka", "sweep")
    assert d.life(P2) == 27
    assert d.life(P1) == 24
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.zone(P1, Zone.DECK)[0] == "Happy Magicka"
    assert len(d.zone(P1, Zone.DISCARD)) == 1  # Sweep's hit: one of Cross and Dive


def test_dream_sally_boomerang_after_focus_draws_first_then_returns_focus() -> None:
    """Client test_platinum_dreamsally_returnattack_focusfirst ("Do focus first and go
    to 8"; "Focus is on p1 top deck"). With Magical Boomerang (Dream Sally's boost:
    ``after: draw 1, then return_attack_to_top_of_deck``) in play, Platinum (3) strikes
    with Focus against Ryu's Assault (5): Assault (speed 5) closes 5 -> 4 and hits for
    4 - 2 armor = 2; Focus hits back for 4. Her two After effects are ordered, Focus's
    own ``draw 1`` first (core rulebook: "If you have multiple effects with the same
    trigger, you choose the order"): she draws Dive, then the Boomerang draws Spike and
    puts Focus back on top of her deck (effects.md, ``return_attack_to_top_of_deck``:
    "Your attack leaves play now and goes on top of your deck")."""
    d = position(p1=dict(space=3, hand=["focus", "cross"], boosts=["dreamsally"],
                         deck=["dive", "spike"]),
                 p2=dict(space=5, hand=["assault"]), chars=("platinum", "ryu"))
    d.printed_order = False
    d.act(Strike())
    d.set_attack(P1, "focus")
    d.set_attack(P2, "assault")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (28, 26)
    order = d.expect(EffectOrderRequest, P1)
    texts = [e.text for e in order.effects]
    assert len(texts) == 2 and any(t.startswith("Magical Boomerang:") for t in texts), texts
    focus = next(i for i, t in enumerate(texts) if t.startswith("Focus:"))
    d.act(OrderEffects(order=(focus, 1 - focus)))
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive", "Spike"]
    assert d.zone(P1, Zone.DECK)[0] == "Focus"
    d.choose("pass")  # her cleanup
    assert d.zone(P1, Zone.DECK)[0] == "Focus"
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive", "Spike"]
