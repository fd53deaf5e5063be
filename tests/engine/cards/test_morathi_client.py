"""Morathi: situations of the reference client's ``test/unit/test_morathi.gd`` that our
Morathi tests (``test_morathi.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Morathi" (his wild swing is delayed; exceeded, "[if
min_cards_in_deck 3] look at 3, discard 1; [if min_cards_in_deck 2] look at 2, 1 to
hand") and the ``standard`` normals; core rulebook, Out of Cards. As in the client's
tests, P2 is Morathi too.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, deck_cards, position

from engine import events as ev
from engine.core.decisions import ActionRequest, ChooseOption, Strike
from engine.core.ids import Zone

CHARS = ("morathi", "morathi")


def _wild(d: object) -> None:
    d.act(Strike())  # type: ignore[attr-defined]
    d.set_attack(P1, "wild")  # type: ignore[attr-defined]


def test_morathi_exceeded_wild_swing_with_three_cards_left() -> None:
    """Morathi exceeded, deck of exactly 3 (Dive, Dive, Assault) (client:
    ``test_morathi_exceed_ua_no_deck_3_left``): he discards the first Dive, takes the
    second into his hand and swings Assault, which closes 2 and hits P2 (7) for 4."""
    d = position(p1=dict(space=5, hand=["focus"], exceeded=True, deck=["dive", "dive", "assault"],
                         deck_rest="none",
                         discard=deck_cards("morathi", "focus", "dive", "dive", "assault")),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    discard_before = len(d.zone(P1, Zone.DISCARD))
    _wild(d)
    d.select(P1, "dive")
    d.select(P1, "dive")
    d.set_attack(P2, "assault")
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 26)
    assert d.zone(P1, Zone.GAUGE) == ["Assault"]
    assert d.zone(P1, Zone.HAND)[:2] == ["Focus", "Dive"]
    assert len(d.zone(P1, Zone.DISCARD)) == discard_before + 1


def test_morathi_exceeded_wild_swing_with_two_cards_left() -> None:
    """Morathi exceeded, deck of exactly 2 (Dive, Assault) (client:
    ``test_morathi_exceed_ua_no_deck_2_left``): too few to look at 3, so no discard; he
    takes Dive into his hand and swings Assault."""
    d = position(p1=dict(space=5, hand=["focus"], exceeded=True, deck=["dive", "assault"],
                         deck_rest="none",
                         discard=deck_cards("morathi", "focus", "dive", "assault")),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    discard_before = len(d.zone(P1, Zone.DISCARD))
    _wild(d)
    d.select(P1, "dive")
    d.set_attack(P2, "assault")
    assert (d.life(P1), d.life(P2)) == (30, 26)
    assert d.zone(P1, Zone.GAUGE) == ["Assault"]
    assert d.zone(P1, Zone.HAND)[:2] == ["Focus", "Dive"]
    assert len(d.zone(P1, Zone.DISCARD)) == discard_before


def test_morathi_wild_swing_from_an_empty_deck_after_the_reshuffle_loses() -> None:
    """Core rulebook, Out of Cards: "After Reshuffling, if you would draw or Wild Swing
    from an empty deck again, you instead lose the game immediately" (client:
    ``test_morathi_exceed_ua_no_deck_gameover``): exceeded Morathi, empty deck, no
    reshuffle left, wild swings: he loses; nobody moved."""
    d = position(p1=dict(space=5, hand=["focus"], exceeded=True, deck=[], deck_rest="none",
                         reshuffles_left=0, discard=deck_cards("morathi", "focus")),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    _wild(d)
    if d.pending is not None:
        d.set_attack(P2, "assault")
    (ended,) = d.events(ev.GameEnded)
    assert ended.winner == P2
    assert (d.space(P1), d.space(P2)) == (5, 7)


def test_morathi_gyro_chain_gash_opponent_with_one_card() -> None:
    """Gyro Chain Gash ("discard_random 3 + powerup 3 + opponent_discard_choose 3")
    (client: ``test_morathi_gyrochaingash_discard_3_opponent_has_1``): from 4 it closes
    to 6, discards 3 of his cards for +3 and hits P2's Spike for 5 (stun); P2 holds one
    other card and discards it."""
    d = position(p1=dict(space=4, hand=["gyrochaingash", "focus", "dive", "cross", "grasp"]),
                 p2=dict(space=7, hand=["spike", "sweep"]), chars=CHARS)
    d.strike("gyrochaingash", "spike")
    d.act(ChooseOption(index=2))
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert len(d.zone(P1, Zone.HAND)) == 1
    assert d.zone(P2, Zone.HAND) == []
    assert sorted(d.zone(P2, Zone.DISCARD)) == ["Spike", "Sweep"]


def test_morathi_gyro_chain_gash_two_cards_pass_or_discard_two() -> None:
    """Gyro Chain Gash holding 2 other cards (client:
    ``test_morathi_gyrochaingash_discard_onlyhas_2_pass``, ``..._doit``): the choice is
    discard 1 | discard 2 | pass. Passing hits Spike for 2; discarding 2 hits for 4 and
    P2 discards 2 of his choice (neither stuns: guard 4)."""
    for index, p2_life, p1_hand, p2_hand in [(2, 28, 2, 3), (1, 26, 0, 1)]:
        d = position(p1=dict(space=4, hand=["gyrochaingash", "focus", "dive"]),
                     p2=dict(space=7, hand=["spike", "sweep", "grasp", "cross"]), chars=CHARS)
        d.strike("gyrochaingash", "spike")
        assert len(d.pending.labels) == 3  # type: ignore[union-attr]
        d.act(ChooseOption(index=index))
        if index == 1:
            d.discard(P2, "sweep", "grasp")
        assert (d.life(P1), d.life(P2)) == (30, p2_life)
        assert len(d.zone(P1, Zone.HAND)) == p1_hand
        assert len(d.zone(P2, Zone.HAND)) == p2_hand


def test_morathi_neck_snapper_discard_three() -> None:
    """Neck Snapper ("discard_random N record_discarded_amount + close N; hit:
    opponent_discard_choose CARDS_DISCARDED_THIS_STRIKE") (client:
    ``test_morathi_necksnapper_discard_3``): from 4 he discards 3 and closes to 6 (next
    to P2 on 7), wins the speed tie against Assault, hits for 4 and P2 discards 3 of
    his choice."""
    d = position(p1=dict(space=4, hand=["necksnapper", "focus", "dive", "cross", "grasp"]),
                 p2=dict(space=7, hand=["assault", "sweep", "grasp", "cross", "dive"]),
                 chars=CHARS)
    d.strike("necksnapper", "assault")
    d.act(ChooseOption(index=2))
    d.discard(P2, "sweep", "grasp", "cross")
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 26)
    assert len(d.zone(P1, Zone.HAND)) == 1
    assert d.zone(P2, Zone.HAND) == ["Dive"]


@pytest.mark.parametrize(("option", "spaces", "life", "next_player"), [
    (0, (6, 7), (30, 26), P1), (1, (5, 6), (26, 30), P2)])
def test_morathi_delayed_wild_swing_as_attacker(option: int, spaces: tuple[int, int],
                                                life: tuple[int, int], next_player: object) -> None:
    """Morathi's ability: a wild swing is delayed, and he may first draw the top card
    (client: ``test_morathi_ua``, ``test_morathi_ua_2ndoption``). Deck: Dive, Assault.
    Drawing Dive, he swings Assault, wins the tie against P2's Assault, closes to 6 and
    hits for 4 (advantage); not drawing, he swings Dive (4), and P2's Assault closes to
    6 and stuns him first."""
    d = position(p1=dict(space=5, hand=["focus"], deck=["dive", "assault", "cross"]),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    _wild(d)
    d.act(ChooseOption(index=option))
    d.set_attack(P2, "assault")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == life
    assert d.expect(ActionRequest).player == next_player


@pytest.mark.parametrize(("option", "spaces", "life"), [
    (0, (8, 7), (30, 25)), (1, (4, 5), (26, 30))])
def test_morathi_delayed_wild_swing_as_defender(option: int, spaces: tuple[int, int],
                                                life: tuple[int, int]) -> None:
    """Morathi's delayed wild swing as the defender (client: ``test_morathi_ua_p2``,
    ``test_morathi_ua_2ndoption_p2``). P1's Dive from 4 against Morathi (P2) on 7, whose
    deck is Assault, Dive. Drawing Assault, he swings Dive: P1 wins the tie, jumps over
    him to 8 and hits for 5. Not drawing, he swings Assault (5), closes to 5 and stuns
    P1 first."""
    d = position(p1=dict(space=4, hand=["dive"]),
                 p2=dict(space=7, hand=["focus"], deck=["assault", "dive", "cross"]),
                 chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "dive")
    d.set_attack(P2, "wild")
    d.act(ChooseOption(index=option))
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == life


def test_morathi_fates_crossing_both_delayed_wild_swings() -> None:
    """Revenger's boost Fates Crossing (3 force: "strike_wild {opponent_forced_wild}")
    with P2 a Morathi too (client: ``test_morathi_revenger_boost``): both wild swings are
    delayed and neither draws: P1 swings Assault, P2 Sweep. Assault closes from 4 to 6
    and hits for 4 (Sweep's guard 6 holds); Sweep hits back for 6; Assault's advantage
    gives P1 the next turn."""
    d = position(p1=dict(space=4, hand=["revenger", "focus", "dive", "cross"],
                         deck=["assault", "grasp"]),
                 p2=dict(space=7, hand=["block"], deck=["sweep", "grasp"]), chars=CHARS)
    boost(d, "revenger", "focus", "dive", "cross")
    d.act(ChooseOption(index=1))
    d.act(ChooseOption(index=1))
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (24, 26)
    assert d.expect(ActionRequest).player == P1


def test_morathi_gyro_chain_gash_with_an_empty_hand_asks_nothing() -> None:
    """Gyro Chain Gash ("hit: [if min_cards_in_hand 3] ... else ([if min_cards_in_hand
    2] ... else ([if min_cards_in_hand 1] choice <discard_random 1 + ... | pass>))")
    with no other card in hand (client: ``test_morathi_gyrochaingash_nohand``, newer
    version): no choice is offered; it closes 2 (4 -> 6) and hits Spike for 2."""
    d = position(p1=dict(space=4, hand=["gyrochaingash"]),
                 p2=dict(space=7, hand=["spike", "sweep"]), chars=CHARS)
    d.strike("gyrochaingash", "spike")
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 28)
    assert d.zone(P2, Zone.HAND) == ["Sweep"]
    assert d.expect(ActionRequest).player == P2


def test_morathi_gyro_chain_gash_with_one_card_discards_it() -> None:
    """Gyro Chain Gash holding exactly one other card (client:
    ``test_morathi_gyrochaingash_1hand_discard``, newer version): the choice is discard
    1 | pass; discarding it gives +1 (3 damage) and P2 discards one card of his choice."""
    d = position(p1=dict(space=4, hand=["gyrochaingash", "assault"]),
                 p2=dict(space=7, hand=["spike", "sweep", "grasp"]), chars=CHARS)
    d.strike("gyrochaingash", "spike")
    assert len(d.pending.labels) == 2  # type: ignore[union-attr]
    d.act(ChooseOption(index=0))
    d.discard(P2, "sweep")
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.zone(P1, Zone.HAND) == []
    assert d.zone(P2, Zone.HAND) == ["Grasp"]


def test_morathi_shadow_of_death_reached_after_a_declined_ultra_still_returns_to_hand() -> None:
    """Shadow of Death's card rule ("on_invalid: [if was_wild_swing (not invalid by
    choice)] replace_wild_swing {previous_attack_to=hand} + add_top_discard_to_gauge 2")
    when it is itself the replacement swing (client:
    ``test_morathi_shadowofdeath_invalid_after_other_ws``, newer version only). He wild
    swings God of War (3 gauge) and declines to pay it (invalid by choice: discarded);
    the replacement, Shadow of Death (8 gauge, he has 7), is invalid without a choice:
    it goes to his hand, the top two of his discard pile (God of War, Focus) go to
    gauge, and he swings Assault: it closes to 6 and stuns P2's Assault for 4."""
    gauge = ["grasp", "grasp", "cross", "cross", "dive", "spike", "spike"]
    d = position(p1=dict(space=5, hand=[], gauge=gauge, discard=["sweep", "focus"],
                         deck=["godofwar", "shadowofdeath", "assault", "block"]),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    _wild(d)
    d.act(ChooseOption(index=1))  # strike_wild, no draw
    d.set_attack(P2, "assault")
    d.decline()  # God of War: do not pay
    assert d.zone(P1, Zone.HAND) == ["Shadow of Death"]
    assert sorted(d.zone(P1, Zone.GAUGE)) == sorted(
        [n.capitalize() for n in gauge] + ["God of War", "Focus", "Assault"])
    assert d.zone(P1, Zone.DISCARD) == ["Sweep"]
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 26)
