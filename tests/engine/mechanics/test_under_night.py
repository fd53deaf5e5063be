"""The Under Night In-Birth season mechanic (``engine.mechanics.under_night``): the
season, its deck sizes and ruleset, the Revert, the areas and the rule for an opponent's
card, Trap boosts, and that games without a UNI fighter are untouched.

Rules: the UNI rulebook (``/work/shared/rulebooks/under-night-rulebook.txt``). The UNI
seat is the test-only fighter ``unitester`` (``tests/uni_fixture.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, offered, position
from uni_fixture import UNI_CATALOG

from engine import events as ev
from engine import read_game_bytes
from engine.cards.catalog import DECK_SIZES
from engine.cards.schema import Season
from engine.core.apply import apply
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    IllegalDecision,
    MoveTo,
    Prepare,
    SpaceRequest,
)
from engine.core.hooks.registry import hooks_for
from engine.core.ids import Player, Zone
from engine.core.invariants import card_conservation
from engine.core.state import state_hash
from engine.knowledge.views import hidden_cards, observe
from engine.mechanics.under_night.state import UNDER_NIGHT, area, of, trap_space
from engine.play.scenario import Scenario
from engine.recording.checks import RULESETS, ruleset_of

SAMPLES = Path(__file__).parents[3] / "sample_games"


def uni(p1: dict[str, Any] | None = None, p2: dict[str, Any] | None = None,
        chars: tuple[str, str] = ("unitester", "unitester"), active: Player = P1) -> Driver:
    builder = Scenario(chars[0], chars[1], UNI_CATALOG)
    builder.player(P1, **(p1 or {}))
    builder.player(P2, **(p2 or {}))
    builder.active(active)
    return Driver(builder.game(0))


# --- the season, its decks and its ruleset -------------------------------------------


def test_season_under_night_is_appended_after_the_others() -> None:
    """UNI rulebook (season 6): the season value is ``under_night``, after Red Horizon
    and Street Fighter (enum order is log-visible through the ruleset order)."""
    assert [s.value for s in Season][:3] == ["red_horizon", "street_fighter", "under_night"]
    assert UNI_CATALOG.character("unitester").season is Season.UNDER_NIGHT


def test_under_night_deck_has_the_size_its_data_lists() -> None:
    """UNI rulebook, Setup 4 (and roster.md: decks of 29-36): no fixed 30 for UNI; the
    19-card test deck loads and a seat's deck is its data's deck list."""
    assert Season.UNDER_NIGHT not in DECK_SIZES
    assert DECK_SIZES[Season.RED_HORIZON] == DECK_SIZES[Season.STREET_FIGHTER] == 30
    deck = UNI_CATALOG.deck_list("unitester")
    assert len(deck) == 19
    assert deck.count("uni_normal_grasp") == 2 and deck.count("unitester_trap") == 3


@pytest.mark.parametrize(("p1", "p2", "expected"), [
    ("unitester", "unitester", "core+under_night"),
    ("unitester", "morathi", "core+under_night"),
    ("unitester", "ryu", "core+street_fighter+under_night"),
    ("morathi", "nehtali", "core"),
    ("ryu", "morathi", "core+street_fighter"),
    ("ryu+ken", "unitester", "core+street_fighter+under_night+tag_team"),
])
def test_ruleset_canonical_order(p1: str, p2: str, expected: str) -> None:
    """Header ruleset: ``core``, then the seasons' rules in ``Season`` order, then
    ``+tag_team``; every such string is a known ruleset."""
    assert ruleset_of(UNI_CATALOG, p1, p2) == expected
    assert expected in RULESETS


def test_every_sample_keeps_its_ruleset() -> None:
    """The existing sample games' header rulesets are what ``ruleset_of`` gives now."""
    samples = sorted(SAMPLES.glob("*.exlog"))
    assert samples
    for path in samples:
        game = read_game_bytes(path.read_bytes(), path.name)
        h = game.header
        assert h.ruleset == ruleset_of(CATALOG, h.p1, h.p2), path.name
        uni = any(CATALOG.character(c).season is Season.UNDER_NIGHT
                  for spec in (h.p1, h.p2) for c in spec.split("+"))
        assert ("under_night" in h.ruleset) == uni, path.name  # only a UNI fighter's game


# --- attachment and the state hash ----------------------------------------------------


def test_mechanic_attached_only_with_a_uni_fighter() -> None:
    """The UNI rules apply to a game with a UNI fighter only (attached by season)."""
    with_uni = uni().game.state
    without = position().game.state
    assert UNDER_NIGHT in [m.name for m in hooks_for(with_uni, UNI_CATALOG).mechanics]
    assert UNDER_NIGHT not in [m.name for m in hooks_for(without, CATALOG).mechanics]


def test_game_without_uni_fighter_has_no_under_night_state() -> None:
    """A Ryu/Ken game that boosts, strikes and exceeds never gets UNI state, so its
    state hash is the core one (``State.mechanics`` hashed only when present)."""
    d = position(p1=dict(space=4, hand=["grasp", "cross"]), p2=dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert of(d.state) is None
    assert UNDER_NIGHT not in d.state.mechanics


# --- Revert -----------------------------------------------------------------------------


def test_revert_action_leaves_exceed_mode_and_runs_on_revert() -> None:
    """UNI rulebook, Glossary: Revert (and Character cards: Downshift, an action that
    leaves Exceed mode). The exceeded tester takes its "Revert" action: ``Reverted``,
    the card is back on its Basic Mode, ``on_revert`` draws 2, the turn ends with the
    usual draw, and P2 acts next."""
    d = uni(p1=dict(exceeded=True, hand=[], deck=["cross", "dive", "spike"]))
    request = d.expect(ActionRequest, P1)
    assert CharacterAction(index=0) in request.choices
    d.act(CharacterAction(index=0))
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive", "Spike"]
    assert d.expect(ActionRequest).player == P2


def test_revert_restores_the_basic_ability() -> None:
    """UNI rulebook, Card overview: the Exceed effect is active only in Exceed mode.
    Exceeded, the tester's Spike gets +1 power; after reverting it does not."""
    d = uni(p1=dict(exceeded=True, space=3, hand=["spike"], deck=["cross", "dive", "sweep"]),
            p2=dict(space=5, hand=["block"], deck=["grasp"]))
    d.act(CharacterAction(index=0))
    d.expect(ActionRequest, P2)
    d.act(Prepare())
    d.expect(ActionRequest, P1)
    d.strike("spike", "block")
    d.decline()  # P2's Block: no force spent for armor (ignored anyway)
    assert d.life(P2) == 25  # 5 power, armor and guard ignored; no exceed +1


def test_exceed_then_revert_revert_is_not_offered_in_basic_mode() -> None:
    """UNI rulebook, Character cards: Downshift is an Exceed-mode action; in Basic Mode
    the tester has no character action."""
    d = uni()
    request = d.expect(ActionRequest, P1)
    assert not any(isinstance(c, CharacterAction) for c in request.choices)


# --- the areas and an opponent's card ---------------------------------------------------


def test_opponents_card_entering_another_area_returns_to_owner_discard() -> None:
    """UNI rulebook, FAQ (a card taken from the opponent): an opponent's card may be in
    your boost, gauge, sealed or character-specific areas; one that would enter any other
    area (here: P1's discard) goes to its owner's discard instead."""
    d = uni(p2=dict(hand=["cross"]))
    state = d.state.copy()
    taken = state.players[P2].hand[0]
    state.players[P2].hand.remove(taken)
    state.players[P1].boosts.append(taken)  # held as P1's boost (allowed)
    apply(state, ev.CardMoved(player=P1, card=taken, src=Zone.BOOSTS, dst=Zone.DISCARD,
                              reason=ev.MoveReason.CLEANUP))
    assert taken not in state.players[P1].discard
    assert state.players[P2].discard == [taken]
    assert card_conservation(state) == []


def test_opponents_card_may_enter_gauge_and_sealed() -> None:
    """UNI rulebook, FAQ: gauge and sealed may hold an opponent's card."""
    d = uni(p2=dict(hand=["cross", "dive"]))
    state = d.state.copy()
    a, b = state.players[P2].hand
    state.players[P2].hand.clear()
    state.players[P1].boosts.extend([a, b])
    apply(state, ev.CardMoved(player=P1, card=a, src=Zone.BOOSTS, dst=Zone.GAUGE,
                              reason=ev.MoveReason.EFFECT))
    apply(state, ev.CardMoved(player=P1, card=b, src=Zone.BOOSTS, dst=Zone.SEALED,
                              reason=ev.MoveReason.EFFECT))
    assert state.players[P1].gauge == [a]
    assert state.players[P1].sealed == [b]
    assert state.players[P2].discard == []
    assert card_conservation(state) == []  # held by P1, owned by P2: allowed there


def test_set_aside_and_character_area_events() -> None:
    """UNI rulebook, The Play Area (character abilities create extra areas) and Setup 4
    (cards set aside): a card from the hand enters ``set_aside``, then a character area
    ("web"), leaving the one before; the invariants count it as somewhere."""
    d = uni(p1=dict(hand=["block"]))
    state = d.state.copy()
    ref = state.players[P1].hand[0]
    apply(state, ev.CardEnteredArea(player=P1, card=ref, area="set_aside"))
    assert state.players[P1].hand == []
    assert area(state, P1, "set_aside") == [ref]
    apply(state, ev.CardEnteredArea(player=P1, card=ref, area="web"))
    assert area(state, P1, "set_aside") == []
    assert area(state, P1, "web") == [ref]
    assert area(state, P2, "web") == []
    assert card_conservation(state) == []
    assert ref not in hidden_cards(observe(state, P2))


# --- Trap boosts --------------------------------------------------------------------


def test_trap_boost_is_played_onto_any_space() -> None:
    """UNI rulebook, Trap Boosts: "Traps are a subtype of Continuous Boost that are
    played onto any space, unless otherwise stated": all nine spaces are offered, the
    fighters' (3 and 7) too. The Trap stays in the boost area."""
    d = uni(p1=dict(space=3, hand=["trap"]), p2=dict(space=7))
    boost(d, "trap")
    request = d.expect(SpaceRequest, P1)
    assert [c.space for c in offered(request, MoveTo)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    d.move_to(P1, 5)
    card = d.p(P1).boosts[0]
    assert d.events(ev.TrapPlaced) == [ev.TrapPlaced(player=P1, card=card, space=5)]
    assert trap_space(d.state, card) == 5


@pytest.mark.parametrize("space", [0, 10])
def test_illegal_trap_placement_is_refused(space: int) -> None:
    """UNI rulebook, Trap Boosts: a space off the board is an ``IllegalDecision`` naming
    the decision and the spaces allowed; the game is unchanged."""
    d = uni(p1=dict(space=3, hand=["trap"]), p2=dict(space=7))
    boost(d, "trap")
    before = state_hash(d.state)
    with pytest.raises(IllegalDecision) as info:
        d.game.step(MoveTo(space=space))
    message = str(info.value)
    assert str(space) in message and "p1" in message
    assert "5" in message  # an allowed space is named
    assert state_hash(d.state) == before


def test_second_trap_may_share_a_space() -> None:
    """UNI rulebook, Trap Boosts ("played onto any space"): a space holding a Trap is
    offered for the next one too."""
    d = uni(p1=dict(space=3, hand=["trap", "trap"], deck=["cross", "cross"]),
            p2=dict(space=7, hand=[], deck=["block", "block"]))
    boost(d, "trap")
    d.move_to(P1, 5)
    d.act(Prepare())
    boost(d, "trap")
    request = d.expect(SpaceRequest, P1)
    assert 5 in [c.space for c in offered(request, MoveTo)]
    d.move_to(P1, 5)
    assert [trap_space(d.state, card) for card in d.p(P1).boosts] == [5, 5]


def test_trap_sustains_itself_if_owner_not_stunned() -> None:
    """UNI rulebook, Trap Boosts and Cleanup 2: Traps are sustained if you are not
    stunned. After the strike the Trap is still in P1's boost area, still on its space;
    a plain continuous boost (Superior) is discarded."""
    d = uni(p1=dict(space=3, hand=["trap", "block"], boosts=["cross"], deck=["dive"]),
            p2=dict(space=7, hand=["block"], deck=["spike", "spike"]))
    boost(d, "trap")
    d.move_to(P1, 5)
    d.act(Prepare())
    d.strike("block", "block")
    assert d.zone(P1, Zone.BOOSTS) == ["Test Trap"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
    trap = d.p(P1).boosts[0]
    assert ev.BoostSustained(player=P1, card=trap) in d.log
    assert trap_space(d.state, trap) == 5


def test_trap_is_discarded_when_owner_is_stunned() -> None:
    """UNI rulebook, Trap Boosts: a stunned owner's Trap is not sustained; it goes to
    the discard pile at cleanup and leaves its space."""
    d = uni(p1=dict(space=5, hand=["trap", "grasp"], deck=["dive"]),
            p2=dict(space=7, hand=["sweep"], deck=["spike", "spike"]))
    boost(d, "trap")
    d.move_to(P1, 1)
    d.act(Prepare())
    d.expect(ActionRequest, P1)
    # P1 on 5, P2 on 7: Sweep (range 1-3, power 6, speed 2) vs Grasp (range 1, misses).
    d.strike("grasp", "sweep")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    trap = d.events(ev.TrapPlaced)[0].card
    assert trap in d.p(P1).discard
    assert trap_space(d.state, trap) is None


# --- the scenario builder -------------------------------------------------------------


def test_scenario_sets_areas_and_traps() -> None:
    """The scenario builder places cards in the set-aside and a character area and a
    Trap on a space (UNI rulebook, The Play Area; Trap Boosts); both players see them,
    and every card is still somewhere exactly once."""
    d = uni(p1=dict(space=3, boosts=["trap"], traps={"trap": 5},
                    areas={"set_aside": ["block"], "web": ["grasp", "grasp"]}),
            p2=dict(space=7))
    state = d.state
    assert [d.name(c) for c in area(state, P1, "set_aside")] == ["Block"]
    assert [d.name(c) for c in area(state, P1, "web")] == ["Grasp", "Grasp"]
    assert trap_space(state, d.p(P1).boosts[0]) == 5
    assert card_conservation(state) == []
    view = observe(state, P2)
    assert area(view, P1, "web") == area(state, P1, "web")
    assert not set(area(state, P1, "web")) & hidden_cards(view)


def test_scenario_trap_must_be_a_boost_on_the_board() -> None:
    """A Trap given for a boost that is not in play, or off the board, is refused with
    a line naming it."""
    from engine.play.seat_cards import ScenarioError
    with pytest.raises(ScenarioError, match="not among the boosts"):
        uni(p1=dict(traps={"trap": 5}))
    with pytest.raises(ScenarioError, match=r"outside 1\.\.9"):
        uni(p1=dict(boosts=["trap"], traps={"trap": 12}))


def test_uni_deck_data_rejects_unknown_start_sealed_card(tmp_path: Path) -> None:
    """Card data: a start-sealed or set-aside entry must name a known card (one line
    naming the file and the JSON path)."""
    import json
    import shutil

    from uni_fixture import FIXTURE

    from engine.cards.catalog import DATA_DIR, CardDataError, load_catalog

    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    fighter = json.loads(FIXTURE.read_text())
    fighter["character"]["start_sealed"] = [{"card": "unitester_nosuch", "copies": 1}]
    (root / "characters" / "unitester.json").write_text(json.dumps(fighter))
    with pytest.raises(CardDataError, match=r"start_sealed\[0\]\.card"):
        load_catalog(root)


def test_reverting_while_not_exceeded_is_an_illegal_decision() -> None:
    """Issue 14, bad input: reverting while not exceeded. The Revert is an Exceed-mode
    character action (UNI rulebook, Character cards); asked for in Basic Mode it is an
    ``IllegalDecision`` naming the decision and the actions allowed, and the game is
    unchanged."""
    d = uni()
    before = state_hash(d.state)
    with pytest.raises(IllegalDecision) as info:
        d.game.step(CharacterAction(index=0))
    message = str(info.value)
    assert "character_action" in message or "CharacterAction" in message, message
    assert "p1" in message and "prepare" in message.lower(), message
    assert state_hash(d.state) == before
