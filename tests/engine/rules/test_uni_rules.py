"""The Under Night In-Birth rulebook's general rules (issue 14 item 3), each pinned by
the rulebook section or FAQ entry it names: the movement diagrams, "played" and
"resolved", range addition, continuous boosts, wild swings and the gameplay example.

Rules: ``/work/shared/rulebooks/under-night-rulebook.txt``. The seats are test-only UNI
fighters: ``unitester`` (``tests/uni_fixture.py``) and ``unirules``
(``tests/fixtures/uni/unirules.json``: the 8 ``uni`` Normals x2, *Stretch* whose
continuous boost is +1~2 Range, *Step* whose instant boost costs 1 Force and is "Move 2",
and *Seek* whose instant boost searches the deck for a card and shuffles it). No UNI
fighter is in the packaged data yet, so the rulebook's Hyde and Linne are played by
these with the ``uni`` Normals, which carry the rulebook's numbers.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import msgspec
import pytest
from conftest import P1, P2, Driver, boost, kinds
from uni_fixture import FIXTURE

from engine import events as ev
from engine.cards.catalog import DATA_DIR, Catalog, load_catalog
from engine.core.decisions import ActionRequest
from engine.core.ids import Player, Zone
from engine.core.movement import close_to
from engine.effects.registry import HANDLERS
from engine.play.scenario import Scenario

RULES_FIXTURE = FIXTURE.with_name("unirules.json")


def _rules_catalog() -> Catalog:
    """The packaged data plus ``unitester`` and ``unirules``, from a temporary copy."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "data"
        shutil.copytree(DATA_DIR, root)
        for fixture in (FIXTURE, RULES_FIXTURE):
            shutil.copy(fixture, root / "characters" / fixture.name)
        return load_catalog(root)


CATALOG = _rules_catalog()


def uni(p1: dict[str, Any] | None = None, p2: dict[str, Any] | None = None,
        active: Player = P1, seed: int = 0) -> Driver:
    """A position between two ``unirules`` seats; ``active`` acts first."""
    builder = Scenario("unirules", "unirules", CATALOG)
    builder.player(P1, **(p1 or {}))
    builder.player(P2, **(p2 or {}))
    builder.active(active)
    return Driver(builder.game(seed))


def moves(d: Driver, who: Player) -> list[tuple[int, int]]:
    return [(e.src, e.dst) for e in d.events(ev.PlayerMoved) if e.player == who]


# --- MOVE, ADVANCE, CLOSE, RETREAT, PUSH/PULL: the rulebook's diagrams -----------------


@pytest.mark.parametrize(("destination", "crossed"), [(3, False), (8, True)])
def test_move_either_direction_and_switching_sides(destination: int, crossed: bool) -> None:
    """UNI rulebook, "MOVE": move the number of spaces in either direction, switching
    sides with the opponent and continuing beyond ("Unlike Close, switching sides with
    the opponent is allowed"). Side Step's "Move 2" from 5, the opponent on 6: back to 3,
    or across to 8 (the opponent's space is not counted)."""
    d = uni(p1=dict(space=5, hand=["step", "cross"]), p2=dict(space=6))
    boost(d, "step", "cross")
    d.move_to(P1, destination)
    assert d.space(P1) == destination
    assert d.space(P2) == 6
    assert (d.space(P1) > d.space(P2)) is crossed
    assert d.expect(ActionRequest).player == P2


@pytest.mark.parametrize(("amount", "lands"), [(1, 4), (2, 6)])
def test_advance_1_puts_us_adjacent_advance_2_switches_sides(amount: int, lands: int) -> None:
    """UNI rulebook, "ADVANCE": "Advancing 1 space puts us adjacent. Advancing 2 would
    switch sides." Respect's advance from 3 toward the opponent on 5."""
    d = uni(p1=dict(space=3, hand=["grasp"]), p2=dict(space=5))
    boost(d, "grasp")
    d.choose(f"advance {amount}")
    assert d.space(P1) == lands
    assert moves(d, P1) == [(3, lands)]
    assert d.space(P2) == 5


def test_close_moves_as_far_as_possible_without_passing() -> None:
    """UNI rulebook, "CLOSE": "Closing 2 spaces. Since 'close' always moves you as far as
    possible without passing the opponent, closing 3, 4, or 5 spaces would look
    identical." Air Dash's Close 3 from 3 toward the opponent on 6 stops on 5, where
    Close 2, 4 and 5 stop too."""
    d = uni(p1=dict(space=3, hand=["assault"]), p2=dict(space=6))
    boost(d, "assault")
    d.choose("close")
    assert d.space(P1) == 5
    assert moves(d, P1) == [(3, 5)]
    assert {close_to(3, 6, n) for n in (2, 3, 4, 5)} == {5}


def test_retreat_1_from_the_opponent() -> None:
    """UNI rulebook, "RETREAT": "Retreating 1 space from the opponent." Mixup's Retreat 1
    from 5, the opponent on 6, lands on 4."""
    d = uni(p1=dict(space=5, hand=["spike"]), p2=dict(space=6))
    boost(d, "spike")
    d.choose("retreat")
    assert d.space(P1) == 4
    assert moves(d, P1) == [(5, 4)]


@pytest.mark.parametrize(("option", "lands"), [("pull 2", 3), ("push 1", 7)])
def test_pull_2_to_the_other_side_or_push_1(option: str, lands: int) -> None:
    """UNI rulebook, "PUSH/PULL": "Pulling the opponent 2 spaces (moving them to the other
    side of you), or Pushing 1 space." Grasp hits from 5 the opponent on 6; Pull 2 moves
    them as if advancing (4, skipping 5, then 3), Push 1 as if retreating (to 7)."""
    d = uni(p1=dict(space=5, hand=["grasp"]), p2=dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    d.choose(option)
    assert d.space(P1) == 5
    assert d.space(P2) == lands
    assert moves(d, P2) == [(6, lands)]


# --- "played" and "resolved" ------------------------------------------------------------


def test_a_boost_is_played_after_its_costs_and_resolved_after_its_effects() -> None:
    """UNI rulebook FAQ, "When do 'playing' and 'resolving' a card occur?": "Played: After
    spending costs, but before effects. Resolved: After effects occur." Side Step: the
    Force (Cross) is spent, then the boost enters play, then its Move 2 happens, then it
    is discarded (an instant boost, UNI rulebook "INSTANT BOOSTS"), then the end-of-turn
    draw."""
    d = uni(p1=dict(space=5, hand=["step", "cross"], deck=["focus"]), p2=dict(space=6))
    boost(d, "step", "cross")
    d.move_to(P1, 3)
    step, cross = d.ref(P1, "step", Zone.DISCARD), d.ref(P1, "cross", Zone.DISCARD)
    trail = [(type(e).__name__, getattr(e, "card", None), getattr(e, "reason", None))
             for e in d.log if isinstance(e, ev.CardMoved | ev.PlayerMoved)]
    assert trail == [
        ("CardMoved", cross, ev.MoveReason.FORCE),
        ("CardMoved", step, ev.MoveReason.BOOST),
        ("PlayerMoved", None, None),
        ("CardMoved", step, ev.MoveReason.BOOST_DONE),
        ("CardMoved", d.ref(P1, "focus"), ev.MoveReason.DRAW),
    ]
    assert d.zone(P1, Zone.DISCARD) == ["Cross", "Step"]


def test_a_boost_that_strikes_is_resolved_and_discarded_before_the_strike() -> None:
    """UNI rulebook FAQ, "For Boosts that cause a Strike, when are they considered
    'resolved'?": right before the Strike begins; and "When do 'playing' and 'resolving'
    a card occur?": "Resolving happens after effects, but before the Strike. Discarding
    the card happens after resolution." Reading names Grasp, is discarded, and only then
    does the strike start, with Reading already in the discard when the attack is set;
    no end-of-turn draw follows the strike (UNI rulebook "ACTIONS")."""
    d = uni(p1=dict(space=3, hand=["dive", "focus"], deck=["cross"]),
            p2=dict(space=5, hand=["block"]))
    boost(d, "dive")
    d.name_card("Grasp")
    assert kinds(d.log) == ["ActionTaken", "CardMoved", "CardNamed", "CardMoved",
                            "StrikeStarted"]
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    assert d.zone(P1, Zone.BOOSTS) == []
    d.respond(P1, "focus", "block")
    assert d.zone(P1, Zone.HAND) == ["Cross"]  # Focus's After draw; no end-of-turn draw
    assert d.expect(ActionRequest).player == P2


# --- range addition and continuous boosts ---------------------------------------------


@pytest.mark.parametrize(("attack", "distance", "hits"), [
    ("sweep", 1, False), ("sweep", 2, True), ("sweep", 5, True), ("sweep", 6, False),
    ("grasp", 1, False), ("grasp", 2, True), ("grasp", 3, True), ("grasp", 4, False),
])
def test_range_addition_adds_minimum_to_minimum_and_maximum_to_maximum(
    attack: str, distance: int, hits: bool
) -> None:
    """UNI rulebook FAQ, "What does +1~2 Range mean?": add the left values (minimum) and
    the right values (maximum): +1~2 on Sweep (1-3) is 2-5; a single number is min = max,
    so Grasp (1) is 1-1 and becomes 2-3. Long Reach (+1~2) in play, P1 on 2."""
    d = uni(p1=dict(space=2, boosts=["stretch"], hand=[attack]),
            p2=dict(space=2 + distance, hand=["block"]))
    d.strike(attack, "block")
    [outcome] = [e for e in d.log
                 if isinstance(e, ev.AttackHit | ev.AttackMissed) and e.player == P1]
    assert isinstance(outcome, ev.AttackHit) is hits
    assert outcome.distance == distance


def test_a_continuous_boost_applies_to_the_attack_set_and_is_then_discarded() -> None:
    """UNI rulebook FAQ, "do my Continuous Boosts apply to each of my attacks?": "No, your
    Continuous Boosts apply only to the attack you set and revealed"; UNI rulebook
    "CLEANUP" 2: unsustained continuous boosts are discarded. Long Reach gives P1's Sweep
    its +1~2 (hits at 5), not P2's Sweep (1-3, misses at 5), and is discarded at Cleanup,
    so it reaches no later attack. (No card on main plays two attacks in one strike.)"""
    d = uni(p1=dict(space=2, boosts=["stretch"], hand=["sweep"]),
            p2=dict(space=7, hand=["sweep"]))
    d.strike("sweep", "sweep")
    hits = [e.player for e in d.events(ev.AttackHit)]
    missed = [e.player for e in d.events(ev.AttackMissed)]
    assert (hits, missed) == ([P1], [P2])
    assert d.life(P2) == 24 and d.life(P1) == 30
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Stretch" in d.zone(P1, Zone.DISCARD)


# --- wild swings ---------------------------------------------------------------------


def test_no_cards_in_hand_when_a_strike_occurs_is_a_wild_swing() -> None:
    """UNI rulebook FAQ, "What if I have no cards in my hand and a Strike occurs?": "You
    must perform a Wild Swing." P2, with an empty hand, defends with the top card of the
    deck (Focus) unlooked, and it resolves as a normal attack."""
    d = uni(p1=dict(space=3, hand=["dive"]), p2=dict(space=7, hand=[], deck=["focus"]))
    d.strike("dive", "wild")
    [_, theirs] = d.events(ev.AttackSet)
    assert theirs.player == P2 and theirs.wild and d.names(theirs.cards) == ["Focus"]
    assert d.life(P1) == 26 and d.life(P2) == 27
    assert d.zone(P2, Zone.GAUGE) == ["Focus"]


# --- searching, cancelling, striking from gauge ---------------------------------------


def test_searching_the_deck_shuffles_it_afterwards() -> None:
    """UNI rulebook FAQ, "If an effect causes me to search my deck, do I have to shuffle
    afterwards?": "Yes." Seek's Search (look at the whole deck, one card to hand, as Dan's
    Secret Technique is written) takes Dive, then the deck is shuffled by the seeded PRNG
    before the boost is discarded and the end-of-turn draw comes from the shuffled deck.
    The shuffle is card data (``shuffle_deck`` after the search), as in the core game:
    the engine does not add one, so a UNI card that searches must list it."""
    d = uni(p1=dict(space=3, hand=["seek"], deck=["grasp", "cross", "assault", "dive"]),
            p2=dict(space=7))
    before = d.zone(P1, Zone.DECK)
    boost(d, "seek")
    d.select(P1, "dive")
    assert kinds(d.log, ev.CardMoved, ev.DeckShuffled) == [
        "CardMoved", "CardMoved", "DeckShuffled", "CardMoved", "CardMoved"]
    [shuffled] = d.events(ev.DeckShuffled)
    assert shuffled.player == P1
    searched = before.copy()
    searched.remove("Dive")
    assert sorted(d.names(shuffled.order)) == sorted(searched)
    assert d.names(shuffled.order) != searched
    assert d.zone(P1, Zone.HAND) == ["Dive", d.name(shuffled.order[0])]


def _effect_tags() -> set[str]:
    structs = [effect for effect in HANDLERS if issubclass(effect, msgspec.Struct)]
    assert len(structs) == len(HANDLERS)  # every effect type is a struct
    return {effect.__struct_config__.tag for effect in structs if
            isinstance(effect.__struct_config__.tag, str)}


@pytest.mark.xfail(strict=True, reason=(
    "UNI rulebook FAQ, cancelling a Boost (after costs, before choices; the booster still "
    "draws at end of turn): no effect in the vocabulary cancels a boost and no card on "
    "main does, so the timing cannot be played; pin it with the first card that cancels"))
def test_cancelling_a_boost_happens_after_costs_and_before_choices() -> None:
    """UNI rulebook FAQ, "I'm using an effect that cancels an opponent's Boost - when does
    that happen?": after costs are paid, before decisions are made (like the card named
    for Parry); the player still draws at end of turn."""
    assert any("cancel" in tag and "boost" in tag for tag in _effect_tags())


# UNI rulebook FAQ, striking from an empty Gauge ("Strike with a Wild Swing instead"):
# pinned with the first card that strikes from the gauge, Hyde's exceeded action
# (tests/engine/cards/test_hyde.py::test_hyde_exceed_action_strike_from_empty_gauge_wild_swings),
# and below for the random pick (Yuzuriha's strike_random_from_gauge).


def test_striking_from_an_empty_gauge_is_a_wild_swing() -> None:
    """UNI rulebook FAQ, "What happens if an effect instructs me to Strike from my Gauge
    but my Gauge is empty?": "Strike with a Wild Swing instead" - the top card of the
    deck, unlooked (UNI rulebook, "RESOLVING STRIKES" 1). Pinned with Yuzuriha's
    exceeded character action (``strike_random_from_gauge``), gauge empty: her attack
    is her deck's top card, wild swung."""
    from engine.core.decisions import CharacterAction

    builder = Scenario("yuzu", "nehtali", CATALOG)
    builder.player(P1, space=3, hand=["cross"], deck=["yuzu_kiri"], exceeded=True)
    builder.player(P2, space=5, hand=["block"])
    builder.active(P1)
    d = Driver(builder.game(0))
    d.act(CharacterAction(index=0))
    d.set_attack(P2, "block")
    d.critical(P2, False)
    assert [(e.player, e.wild) for e in d.events(ev.AttackSet)] == [(P2, False), (P1, True)]
    assert d.events(ev.AttackSetFromGauge) == []


# --- the rulebook's GAMEPLAY EXAMPLE ----------------------------------------------------


def test_gameplay_example_hyde_focus_against_linne_dive() -> None:
    """UNI rulebook, "GAMEPLAY EXAMPLE" 1-4. Hyde (P1, space 3) strikes with Focus,
    Linne (P2, space 7) answers with Dive (no Hyde or Linne on main: two ``unirules``
    seats with the ``uni`` Focus and Dive, the rulebook's numbers). Dive (speed 4) beats
    Focus (speed 1), advances 3 to be adjacent (4) and hits: 5 power less Focus's
    2 Armor is 3 damage, not over Guard 5, so Hyde is not stunned. Focus hits back for 4
    (Linne at 26) and its After draws Hyde a card. Both attacks hit, so both go to gauge,
    and gameplay proceeds with Linne's turn."""
    d = uni(p1=dict(space=3, hand=["focus"], deck=["cross"]),
            p2=dict(space=7, hand=["dive"]))
    d.strike("focus", "dive")
    assert d.space(P2) == 4 and d.space(P1) == 3
    assert d.life(P1) == 27
    assert d.life(P2) == 26
    # Linne has acted already; Dive's Guard 0 means the 4 damage stuns her, not Hyde.
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]
    assert d.zone(P2, Zone.GAUGE) == ["Dive"]
    assert d.expect(ActionRequest).player == P2
