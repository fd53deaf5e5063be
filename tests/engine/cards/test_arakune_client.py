"""Arakune: situations of the reference client's ``test/unit/test_arakune.gd`` that our
Arakune tests (``test_arakune.py``, ``test_card_audit_bb3.py``,
``tests/engine/mechanics/test_equals0_live.py``) did not pin, written with our scenario
builder.

Card facts: roster.md, "Arakune", and the ``standard`` normals. As in the client's
tests, P2 is Arakune too (answering with ``standard`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, deck_cards, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    Exceed,
    NameCard,
    PayGaugeRequest,
    Prepare,
    SelectCardsRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("arakune", "arakune")


def test_arakune_disjoint_union_stuns_ability_then_after_two_discards_to_overdrive() -> None:
    """Disjoint Union (range 4; ``before: [if range 1] push 3 | push 4 | pass``; ``after:
    [if opponent_stunned] add_top_discard_to_overdrive``) and his ability (``hit: [if
    is_special_or_ultra_attack] ... choice <add_top_discard_to_overdrive | pass>``)
    against Assault, tied at speed 5 (client:
    ``test_arakune_ability_disjointunion_stunned``): he pushes 4 -> 7, hits for 3 and
    stuns (guard 0); the hit puts his top discard (Spike) into overdrive, then the after
    the next one (Dive), in that order; Assault never resolves."""
    d = position(p1=dict(space=3, hand=["disjointunion"], discard=["cross", "dive", "spike"]),
                 p2=dict(space=4, hand=["assault"]), chars=CHARS)
    d.strike("disjointunion", "assault")
    d.choose("push 3")
    assert d.space(P2) == 7
    d.choose("add top discard to overdrive")
    assert d.area(P1, "overdrive") == ["Spike", "Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.zone(P1, Zone.GAUGE) == ["Disjoint Union"]


def test_arakune_disjoint_union_not_stunned_only_the_ability_adds() -> None:
    """The same against Sweep (guard 6; client:
    ``test_arakune_ability_disjointunion_notstunned``): 3 damage does not stun, so only
    the ability's pick (Spike) goes into overdrive; Sweep (range 1-3) misses from 4."""
    d = position(p1=dict(space=3, hand=["disjointunion"], discard=["cross", "dive", "spike"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.strike("disjointunion", "sweep")
    d.choose("push 3")
    d.choose("add top discard to overdrive")
    assert d.area(P1, "overdrive") == ["Spike"]
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 27)


def test_arakune_if_p_then_q_advance_stops_at_the_edge_hit_for_0_feeds_overdrive() -> None:
    """If p, then q (1 force, range 1, power 0, speed 5: ``set_total_power 0,
    higher_speed_misses``; ``before: advance 3 | pass``; ``after: choice
    add_strike_to_overdrive_after_cleanup | pass``) against Cross (speed 6) with P2 on 1
    (client: ``test_arakune_ifpthenq_go_to_overdrive``): Cross misses (faster), its
    retreat is stopped by the edge; Arakune advances 3 -> 2 (nowhere past P2), hits for
    0; the ability puts his force card (Dive, top discard) into overdrive, and at
    cleanup the attack follows it."""
    d = position(p1=dict(space=3, hand=["ifpthenq", "dive"]),
                 p2=dict(space=1, hand=["cross"]), chars=CHARS)
    d.strike("ifpthenq", "cross")
    d.pay("dive")
    d.choose("advance 3")
    d.choose("add top discard to overdrive")
    d.choose("add strike to overdrive after cleanup")
    assert (d.space(P1), d.space(P2)) == (2, 1)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.area(P1, "overdrive") == ["Dive", "If p, then q"]
    assert d.zone(P1, Zone.GAUGE) == []


def test_arakune_if_p_then_q_missing_still_offers_its_after() -> None:
    """If p, then q without the advance (client: ``test_arakune_ifpthenq_go_to_overdrive
    _miss``): from range 2 it misses, but its after (not a hit effect) still offers the
    attack to overdrive; no hit, so the ability asks nothing."""
    d = position(p1=dict(space=3, hand=["ifpthenq", "dive"]),
                 p2=dict(space=1, hand=["cross"]), chars=CHARS)
    d.strike("ifpthenq", "cross")
    d.pay("dive")
    d.choose("pass")
    d.choose("add strike to overdrive after cleanup")
    assert (d.space(P1), d.space(P2)) == (3, 1)
    assert d.area(P1, "overdrive") == ["If p, then q"]
    assert d.zone(P1, Zone.GAUGE) == [] and d.life(P2) == 30


def test_arakune_equals_0_with_one_overdrive_card_dodges_grasp_adjacent() -> None:
    """Equals 0 (If p, then q's boost: ``now: draw 1``; ``during_strike: speedup -1,
    dodge_at_range {special_range=OVERDRIVE_COUNT}``) with one overdrive card (client:
    ``test_arakune_ifpthenq_boost``): on his next turn Grasp (speed 7) misses him at
    range 1; his Assault hits for 4 and stuns."""
    d = position(p1=dict(space=3, hand=["ifpthenq", "assault"], overdrive=["cross"],
                         deck=["focus"]),
                 p2=dict(space=4, hand=["grasp", "block"]), chars=CHARS)
    boost(d, "ifpthenq")
    assert "Focus" in d.zone(P1, Zone.HAND)
    d.act(Prepare())  # P2's turn
    d.strike("assault", "grasp")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (30, 26)
    assert d.area(P1, "overdrive") == ["Cross"]
    assert d.zone(P1, Zone.GAUGE) == ["Assault"]


def test_arakune_irrationality_grasp_misses_adjacent_two_dash_advances_past() -> None:
    """Irrationality (y, two-dash's boost: ``rangeup_both_players 1/1,
    powerup_both_players -1``) then y, two-dash (range 2-3, power 4: ``advance 3 + [if
    advanced_through] powerup 2``) against Grasp, Arakune on 2 and P2 on 3 (client:
    ``test_arakune_ytwodash_boostandattack``): Grasp is range 2-2 and misses; he advances
    past P2 to 6 and hits from range 3 (his range 3-4) for 4+2-1 = 5."""
    d = position(p1=dict(space=2, hand=["ytwodash", "ytwodash"]),
                 p2=dict(space=3, hand=["grasp", "block"]), chars=CHARS)
    boost(d, "ytwodash")
    d.act(Prepare())  # P2's turn
    d.strike("ytwodash", "grasp")
    d.choose("advance 3")
    assert (d.space(P1), d.space(P2)) == (6, 3)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.GAUGE) == ["y, two-dash"]


def test_arakune_permutation_three_force_range_1_two_hit_effects_to_overdrive() -> None:
    """Permutation n, r (range 7, power 5, speed 3, armor 1: ``before: force_for_effect``
    up to 3, ``rangeup -2/-2`` each; ``hit: opponent_discard_random 1 {destination=
    overdrive}``) against Cross from range 1 (client:
    ``test_arakune_permutationnr_attack``): Cross hits first for 3-1 = 2 and cannot
    retreat from 1; three force bring Permutation to range 1; it hits for 5, P2's one
    card (Block) goes into his overdrive and his ability adds his top discard (a force
    card): two overdrive cards."""
    d = position(p1=dict(space=2, hand=["permutationnr", "dive", "dive", "spike"]),
                 p2=dict(space=1, hand=["cross", "block"]), chars=CHARS)
    d.strike("permutationnr", "cross")
    d.choose("spend 3")
    d.pay("dive", "dive", "spike")
    d.choose("add top discard to overdrive")
    assert (d.space(P1), d.space(P2)) == (2, 1)
    assert (d.life(P1), d.life(P2)) == (28, 25)
    overdrive = d.area(P1, "overdrive")
    assert sorted(overdrive) in (["Block", "Dive"], ["Block", "Spike"])
    assert d.zone(P2, Zone.HAND) == []
    assert d.zone(P1, Zone.GAUGE) == ["Permutation n, r"]


def test_arakune_f_piecewise_odd_range_misses_then_advances_past() -> None:
    """f piecewise (range 0, power 6, speed 2, guard 6: ``before: force_for_effect`` up to
    3, ``rangeup 2/2`` each; ``after: advance 2 | retreat 2``) against Sweep, P2
    adjacent (client: ``test_arakune_piecewise_odd_miss``): tied at speed 2 he goes
    first; one force makes range 2, which misses at range 1; he advances past P2 to 5;
    Sweep then hits from range 2 for 6 (his guard 6 holds)."""
    d = position(p1=dict(space=2, hand=["fpiecewise", "dive"]),
                 p2=dict(space=3, hand=["sweep"]), chars=CHARS)
    d.strike("fpiecewise", "sweep")
    d.choose("spend 1")
    d.pay("dive")
    d.choose("advance 2")
    assert (d.space(P1), d.space(P2)) == (5, 3)
    assert (d.life(P1), d.life(P2)) == (24, 30)
    assert d.zone(P1, Zone.GAUGE) == [] and d.zone(P2, Zone.GAUGE) == ["Sweep"]


def test_arakune_f_piecewise_even_range_hits_force_card_to_overdrive() -> None:
    """f piecewise from range 2 (client: ``test_arakune_piecewise_even_hit``): one force
    makes range 2, it hits for 6; his ability puts the force card (Dive) into overdrive;
    he advances 2 past P2 to 5 and Sweep hits back from range 1 for 6."""
    d = position(p1=dict(space=2, hand=["fpiecewise", "dive"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.strike("fpiecewise", "sweep")
    d.choose("spend 1")
    d.pay("dive")
    d.choose("add top discard to overdrive")
    assert d.area(P1, "overdrive") == ["Dive"]
    d.choose("advance 2")
    assert (d.space(P1), d.space(P2)) == (5, 4)
    assert (d.life(P1), d.life(P2)) == (24, 24)
    assert d.zone(P1, Zone.GAUGE) == ["f piecewise"]


def test_arakune_zero_vector_both_invalid_stunned_loses_its_after() -> None:
    """Zero Vector (f piecewise's boost: ``now: zero_vector``, ``now: strike``; ``after:
    add_boost_to_overdrive_during_strike_immediately``), Assault named and both players
    setting Assault (client: ``test_arakune_piecewise_boost``): both are invalid and
    both wild swing (his Sweep, P2's Spike). Spike (speed 3, ignoring guard) hits him
    first for 5 and stuns him: his attack and its after do not happen (core rulebook:
    "If they are Stunned, skip their attack entirely"), so Zero Vector is not put into
    overdrive."""
    d = position(p1=dict(space=2, hand=["fpiecewise", "assault"], deck=["sweep"]),
                 p2=dict(space=4, hand=["assault"], deck=["spike"]), chars=CHARS)
    boost(d, "fpiecewise")
    d.act(NameCard(name="Assault"))
    d.respond(P1, "assault", "assault")
    assert sorted(e.player for e in d.events(ev.AttackInvalid)) == [P1, P2]
    assert (d.space(P1), d.space(P2)) == (2, 4)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert d.area(P1, "overdrive") == []
    assert d.zone(P1, Zone.GAUGE) == [] and d.zone(P2, Zone.GAUGE) == ["Spike"]
    assert "f piecewise" in d.zone(P1, Zone.DISCARD)


# --- the client's later tests: exceeding, f inverse, Forbidden Knowledge, n to infinity ----

G6 = ["cross", "cross", "dive", "ytwodash", "ytwodash", "fofg"]


def _exceed_with_five_overdrive(d: Driver) -> None:
    """Arakune exceeds with 5 overdrive cards (cost 8, 1 less per overdrive card: 3 gauge
    paid); his kicker draws 2 and starts a strike."""
    d.act(Exceed())
    d.pay("cross", "cross", "dive")
    assert d.p(P1).exceeded and len(d.area(P1, "overdrive")) == 8


def test_arakune_exceeds_and_his_assault_gains_the_matching_speed_bonus() -> None:
    """Exceed ability (``on_strike_reveal``: discard 1 overdrive card; ``[if
    discarded_matches_attack_speed] rangeup -8/0 + powerup 2 + speedup 1 + choice
    <seal_topdeck | pass>``), kicker ``draw 2 + strike`` (client:
    ``test_arakune_exceed_and_strike_with_bonus``): his Assault meets Cross; he
    discards an overdrive Assault (speed 5 = 5), seals his top card (the only choice),
    and Assault at speed 6 wins the tie, hits for 4+2 = 6 and stuns Cross; with
    Assault's advantage his next turn starts with his overdrive (one card discarded,
    ``choice seal_topdeck | pass``)."""
    d = position(p1=dict(space=3, gauge=G6, hand=["block"],
                         overdrive=["assault", "sweep", "sweep", "focus", "focus"],
                         deck=["block", "assault", "grasp", "spike"]),
                 p2=dict(space=4, hand=["cross"]), chars=CHARS)
    _exceed_with_five_overdrive(d)
    d.set_attack(P1, "assault")
    d.set_attack(P2, "cross")
    d.select(P1, "assault")
    d.choose("sealed")
    assert d.zone(P1, Zone.SEALED) == ["Grasp"]
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert (d.space(P1), d.space(P2)) == (3, 4)
    d.select(P1, "sweep")  # his next turn: the overdrive discard
    d.choose("sealed")
    assert d.zone(P1, Zone.SEALED) == ["Grasp", "Spike"]
    assert d.expect(ActionRequest).player == P1


def test_arakune_exceeds_without_the_bonus_cross_retreats_out_of_reach() -> None:
    """The same with an overdrive Dive (speed 4, not Assault's 5) discarded (client:
    ``test_arakune_exceed_and_strike_without_bonus``): no bonus, the seal still offered;
    Cross (speed 6) hits him first for 3, stunning him (Assault's guard 0), and retreats
    4 -> 7; his Assault never resolves."""
    d = position(p1=dict(space=3, gauge=G6, hand=["block"],
                         overdrive=["dive", "sweep", "sweep", "focus", "focus"],
                         deck=["block", "assault", "grasp", "spike"]),
                 p2=dict(space=4, hand=["cross"]), chars=CHARS)
    _exceed_with_five_overdrive(d)
    d.set_attack(P1, "assault")
    d.set_attack(P2, "cross")
    d.select(P1, "dive")
    d.choose("sealed")
    assert d.zone(P1, Zone.SEALED) == ["Grasp"]
    assert (d.life(P1), d.life(P2)) == (27, 30)
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]


def test_arakune_exceeds_f_inverse_reaches_range_1_and_pushes() -> None:
    """Exceeding into f inverse (3 gauge, range 2, power 4, speed 7: ``hit: [if range 1]
    powerup 2``; ``after: push 1 | push 2 | pull 1 | pull 2``) against Cross, an
    overdrive Grasp (speed 7) discarded (client:
    ``test_arakune_exceed_and_strike_with_bonus_finverse_range1``): range -6..2 reaches
    P2 adjacent, 4+2+2 = 8 damage; he pushes 1."""
    d = position(p1=dict(space=3, gauge=G6, hand=["block"],
                         overdrive=["grasp", "sweep", "sweep", "focus", "focus"],
                         deck=["block", "finverse", "assault", "spike"]),
                 p2=dict(space=4, hand=["cross"]), chars=CHARS)
    _exceed_with_five_overdrive(d)
    d.set_attack(P1, "finverse")
    d.set_attack(P2, "cross")
    d.select(P1, "grasp")
    d.choose("sealed")
    d.pay("ytwodash", "ytwodash", "fofg")
    d.choose("push 1")
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (30, 22)


def test_arakune_exceeded_bonus_carries_to_the_wild_swing_after_f_inverse_is_declined() -> None:
    """Exceeding, he wild swings into f inverse; his reveal bonus (overdrive Grasp: speed
    7 matches: +2 power, +1 speed) is taken, then he declines to pay (core rulebook FAQ:
    "it is considered an invalid attack and replaced with a new Wild Swing"); f
    inverse's rule ``on_invalid: armorup 3`` (client:
    ``test_arakune_exceed_and_strike_with_bonus_wildswing_finverse_wildswing``). His new
    wild swing, Assault, keeps the strike's bonuses: Grasp (7 against 5+1) hits first
    for 3-3 = 0 and pushes him 3 -> 1; Assault closes back to 3 and hits for 4+2 = 6."""
    d = position(p1=dict(space=3, gauge=G6, hand=["block"],
                         overdrive=["grasp", "sweep", "sweep", "focus", "focus"],
                         deck=["block", "assault", "finverse", "assault"]),
                 p2=dict(space=4, hand=["grasp"]), chars=CHARS)
    _exceed_with_five_overdrive(d)
    d.set_attack(P1, "wild")
    d.set_attack(P2, "grasp")
    d.select(P1, "grasp")
    d.choose("pass")
    assert d.zone(P1, Zone.SEALED) == []
    d.expect(PayGaugeRequest, P1)
    d.decline()
    d.choose("push 2")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["f inverse"]
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.GAUGE)[-1] == "Assault"


def test_arakune_permutation_ultra_paid_as_one_force() -> None:
    """Permutation n, r's ``force_for_effect`` (``rangeup -2/-2`` per force) paid with an
    ultra (n to infinity, worth 2 force) for one force (effects.md, force_for_effect:
    "Overpaying is accepted only when an Ultra's second point overshoots"; client:
    ``test_arakune_permutationnr_attack_far_pay_ultra``): Cross hits first for 3-1 and
    retreats 4 -> 7; range 5-5 then reaches P2 5 away; two overdrive cards."""
    d = position(p1=dict(space=2, hand=["permutationnr", "ntoinfinity"], set_aside=[]),
                 p2=dict(space=4, hand=["cross", "block"]), chars=CHARS)
    d.strike("permutationnr", "cross")
    assert d.space(P2) == 7
    d.choose("spend 1")
    d.pay("ntoinfinity")
    d.choose("add top discard to overdrive")
    assert (d.space(P1), d.space(P2)) == (2, 7)
    assert (d.life(P1), d.life(P2)) == (28, 25)
    assert sorted(d.area(P1, "overdrive")) == ["Block", "n to infinity"]


def _forbidden_knowledge(d: Driver, picks: list[str]) -> None:
    """Boost f inverse (Forbidden Knowledge, 1 force paid with Block), then pick each
    look's card: sealed, gauge, overdrive, under the top card (a look with one card
    left takes it with no question asked)."""
    boost(d, "finverse", "block")
    for pick in picks:
        if isinstance(d.pending, SelectCardsRequest):
            d.select(P1, pick)


def test_arakune_forbidden_knowledge_five_looks() -> None:
    """Forbidden Knowledge (look 5: seal one; look 4: one to gauge; look 3: one into
    overdrive; look 2: one under the other; client: ``test_arakune_finverse_boost``):
    from Grasp, Cross, Dive, Spike, Sweep he seals Spike, gauges Grasp, overdrives
    Dive, and puts Sweep under Cross: his end-of-turn draw takes Cross; Sweep tops the
    deck."""
    d = position(p1=dict(hand=["finverse", "block"],
                         deck=["grasp", "cross", "dive", "spike", "sweep", "focus"]),
                 chars=CHARS)
    _forbidden_knowledge(d, ["spike", "grasp", "dive", "sweep"])
    assert d.zone(P1, Zone.SEALED) == ["Spike"] and d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.area(P1, "overdrive") == ["Dive"]
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.zone(P1, Zone.DECK)[:2] == ["Sweep", "Focus"]


def test_arakune_forbidden_knowledge_four_cards_in_deck() -> None:
    """Forbidden Knowledge with 4 cards in his deck (client:
    ``test_arakune_finverse_boost_4_in_deck``): the first look sees the 4 (no
    reshuffle); the last look has one card, which stays on top and is drawn."""
    d = position(p1=dict(hand=["finverse", "block"],
                         deck=["grasp", "cross", "dive", "spike"], deck_rest="none",
                         discard=[c for c in deck_cards("arakune", "finverse", "block",
                                                        "grasp", "cross", "dive",
                                                        "spike")]),
                 chars=CHARS)
    _forbidden_knowledge(d, ["grasp", "spike", "dive", "cross"])
    assert d.zone(P1, Zone.SEALED) == ["Grasp"] and d.zone(P1, Zone.GAUGE) == ["Spike"]
    assert d.area(P1, "overdrive") == ["Dive"]
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert not d.p(P1).reshuffled


def test_arakune_forbidden_knowledge_three_cards_in_deck_then_reshuffles_to_draw() -> None:
    """With 3 cards (client: ``test_arakune_finverse_boost_3_in_deck``): three looks
    take all three; the fourth has nothing to look at; his end-of-turn draw then
    reshuffles his discard pile into his deck."""
    rest = deck_cards("arakune", "finverse", "block", "grasp", "cross", "dive")
    d = position(p1=dict(hand=["finverse", "block"], deck=["grasp", "cross", "dive"],
                         deck_rest="none", discard=rest),
                 chars=CHARS)
    _forbidden_knowledge(d, ["dive", "grasp", "cross"])
    assert d.zone(P1, Zone.SEALED) == ["Dive"] and d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.area(P1, "overdrive") == ["Cross"]
    assert d.p(P1).reshuffled and d.zone(P1, Zone.DISCARD) == []
    assert len(d.zone(P1, Zone.HAND)) == 1


def test_arakune_n_to_infinity_closes_stuns_and_wins() -> None:
    """n to infinity (Astral Heat, 3 gauge, range 1, power 5, speed 4: ``before: close
    3``; ``after: [if opponent_stunned] take_damage 99 {opponent}``) against Dive from
    range 4 (client: ``test_arakune_n_uberdeath``): tied at speed 4 he goes first,
    closes 2 -> 5, hits for 5 and stuns (guard 0); the after deals 99: P2 loses."""
    d = position(p1=dict(space=2, hand=["ntoinfinity"], gauge=["cross", "dive", "spike"],
                         set_aside=[]),
                 p2=dict(space=6, hand=["dive"]), chars=CHARS)
    d.strike("ntoinfinity", "dive")
    d.pay("cross", "dive", "spike")
    d.choose("add top discard to overdrive")
    assert d.life(P2) <= 0
    [ended] = d.events(ev.GameEnded)
    assert ended.winner == P1


# --- beyond the client: the BlazBlue FAQ on the opponent's cards in his overdrive ---------


def _ryus_grasp_in_his_overdrive() -> Driver:
    """Exceeded Arakune (overdrive Cross, Focus, Dive against Ryu) discards Cross at his
    turn start and passes the seal; then boosts Permutation n, r (A +- B, 1 force): Ryu
    chooses to give up his Grasp into Arakune's overdrive area."""
    d = position(p1=dict(space=3, exceeded=True, overdrive=["cross", "focus", "dive"],
                         hand=["permutationnr", "spike", "grasp"]),
                 p2=dict(space=4, hand=["grasp", "block"]), chars=("arakune", "ryu"))
    d.select(P1, "cross")
    d.choose("pass")
    boost(d, "permutationnr", "spike")
    d.choose("cards to overdrive")
    d.select(P2, "grasp")
    assert d.area(P1, "overdrive") == ["Focus", "Dive", "Grasp"]
    return d


def test_arakune_opponents_card_discarded_from_overdrive_returns_to_its_owner() -> None:
    """BlazBlue rulebook FAQ: "An opponent's card may be in your Boost, Gauge, sealed, or
    character-specific areas. If an opponent's card would enter any other area, return
    it to the opponent's discard instead." At his next turn start he discards Ryu's
    Grasp from his overdrive: it goes to Ryu's discard pile, not his."""
    d = _ryus_grasp_in_his_overdrive()
    d.act(Prepare())  # Ryu's turn
    d.select(P1, "grasp")
    assert d.zone(P2, Zone.DISCARD) == ["Grasp"]
    assert "Grasp" not in d.zone(P1, Zone.DISCARD)
    assert d.area(P1, "overdrive") == ["Focus", "Dive"]


def test_arakune_opponents_card_discarded_at_reveal_returns_and_still_matches_speed() -> None:
    """The same through his exceed ability (``on_strike_reveal``: discard 1 overdrive
    card, ``[if discarded_matches_attack_speed]`` bonus): answering Ryu's Block with
    Grasp, he discards Ryu's Grasp (speed 7 = 7): the bonus applies and the card goes
    to Ryu's discard pile."""
    d = _ryus_grasp_in_his_overdrive()
    d.strike("block", "grasp")  # Ryu's turn: Block, answered by Arakune's Grasp
    d.select(P1, "grasp")
    d.choose("pass")
    assert d.stat_mods(P1, Stat.POWER) == [2] and d.stat_mods(P1, Stat.SPEED) == [1]
    assert d.zone(P2, Zone.DISCARD)[:1] == ["Grasp"]
    assert "Grasp" not in d.zone(P1, Zone.DISCARD)


def test_arakune_disjoint_union_with_an_empty_discard_pile_asks_nothing_at_the_hit() -> None:
    """Client ``test_arakune_disjointunion_nodiscards`` (the version at commit 703b255).
    His ability reads ``hit: [if is_special_or_ultra_attack] ... [if
    min_cards_in_discard(amount=1)] choice <add_top_discard_to_overdrive | pass>``: with
    no card in his discard pile the choice is not offered at all. Disjoint Union pushes
    Sweep's owner 4 -> 7 and hits for 3 (guard 6: no stun, so its after adds nothing);
    Sweep (range 1-3) misses from 4 away. Only the push is asked of him."""
    d = position(p1=dict(space=3, hand=["disjointunion"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    d.strike("disjointunion", "sweep")
    d.choose("push 3")
    assert d.expect(ActionRequest).player == P2
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.area(P1, "overdrive") == []
    assert d.zone(P1, Zone.GAUGE) == ["Disjoint Union"]


def test_arakune_if_p_then_q_does_not_dodge_a_slower_sweep() -> None:
    """Client ``test_arakune_ifpthenq_go_to_overdrive_no_dodge`` (version 4db5791). If
    p, then q's ``higher_speed_misses`` only makes faster attacks miss him: Sweep (speed
    2, range 1-3) is slower than its 5. He passes the advance and misses from range 2,
    still sends the attack to overdrive with its after (resolved before Sweep, as he is
    faster); then Sweep hits him for 6, stunning him (guard 0). The attack goes to his
    overdrive, not to gauge."""
    d = position(p1=dict(space=3, hand=["ifpthenq", "dive"]),
                 p2=dict(space=1, hand=["sweep"]), chars=CHARS)
    d.strike("ifpthenq", "sweep")
    d.pay("dive")
    d.choose("pass")
    d.choose("add strike to overdrive after cleanup")
    assert (d.space(P1), d.space(P2)) == (3, 1)
    assert (d.life(P1), d.life(P2)) == (24, 30)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.area(P1, "overdrive") == ["If p, then q"]
    assert d.zone(P1, Zone.GAUGE) == []


def _exceeded_with_one_overdrive_assault(answer: str, attack: str) -> Driver:
    """Exceeded Arakune (3) with Grasp and Assault in overdrive: his turn start discards
    Grasp (its seal passed), leaving Assault; he strikes ``attack``, P2 (4) answers
    ``answer``; at the reveal his exceed ability discards the last overdrive card."""
    d = position(p1=dict(space=3, hand=[attack], exceeded=True, overdrive=["grasp", "assault"],
                         deck=["block", "spike", "focus", "dive"]),
                 p2=dict(space=4, hand=[answer]), chars=CHARS)
    d.select(P1, "grasp")
    d.choose("pass")
    d.strike(attack, answer)  # the reveal's discard of the one card left asks nothing
    d.choose("sealed")
    assert d.area(P1, "overdrive") == [] and "Assault" in d.zone(P1, Zone.DISCARD)
    return d


def test_arakune_reverts_at_his_turn_start_after_spending_his_last_overdrive_card() -> None:
    """Client ``test_arakune_exceed_revert_on_last_card`` (version 4db5791). Roster
    note on the overdrive mode: "when the area is empty at a turn start the character
    reverts". His last overdrive card (Assault, speed 5 = his Assault's) gives the bonus:
    Assault hits Cross for 4 + 2 and gains the advantage. At his next turn start the
    area is empty: he reverts, and no overdrive discard is asked."""
    d = _exceeded_with_one_overdrive_assault("cross", "assault")
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.expect(ActionRequest).player == P1
    assert not d.p(P1).exceeded


def test_arakune_stays_exceeded_until_his_next_turn_start() -> None:
    """Client ``test_arakune_exceed_revert_on_last_card_nomatch``. Cross against Cross,
    the discarded Assault does not match (speed 6): no bonus, Cross hits for 3. His
    overdrive is empty but he stays exceeded through the opponent's turn; he reverts at
    his own next turn start."""
    d = _exceeded_with_one_overdrive_assault("cross", "cross")
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.expect(ActionRequest).player == P2
    assert d.p(P1).exceeded
    d.act(Prepare())  # the opponent's turn
    assert d.expect(ActionRequest).player == P1
    assert not d.p(P1).exceeded
