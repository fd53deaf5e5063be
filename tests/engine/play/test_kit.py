"""Rule tests for ``engine.play.kit``: the heuristic agent plays each fighter's kit.

Each test builds a position with the scenario builder, asks the heuristic agent for its
decision from its own view, asserts the decision, then plays it and asserts the outcome.
The card or rulebook section each rule reads is named in the test's docstring.
"""

from __future__ import annotations

import pytest
from kit_positions import CATALOG, FILLER, P1, decide, play, position

from engine.core import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChangeCards,
    CharacterAction,
    ChoiceRequest,
    ChooseOption,
    Exceed,
    MoveTo,
    Prepare,
    Reshuffle,
    SetAttackRequest,
    SpaceRequest,
    Strike,
)
from engine.knowledge.views import observe
from engine.mechanics.buddies.state import of as buddies_of
from engine.play.heuristic import RESHUFFLE_DECK, HeuristicAgent
from engine.play.kit import Role, action_role


def _action(fighter: str, name: str, exceeded: bool = False) -> Role:
    char = CATALOG.character(fighter)
    actions = char.exceed_actions if exceeded else char.actions
    return action_role(next(a for a in actions if a.name.startswith(name)))


def test_character_actions_are_read_into_roles() -> None:
    """Each fighter card's "As an action" text, read from its effects (roster.md)."""
    assert _action("ken", "Ken's rush") is Role.DRAW  # close 1, then draw 1
    assert _action("ryu", "Ryu's step") is Role.STEP  # advance or retreat 1
    assert _action("orie", "Strike") is Role.STRIKE
    assert _action("chaos", "Strike (Azhi") is Role.STRIKE
    assert _action("enkidu", "Three Precept") is Role.RETURN
    assert _action("bison", "Bison's hand") is Role.TO_GAUGE
    assert _action("nehtali", "Top discards") is Role.TO_GAUGE
    assert _action("carlclover", "Move Nirvana") is Role.BUDDY
    assert _action("litchi", "Summon") is Role.SUMMON
    assert _action("orie", "Revert", exceeded=True) is Role.REVERT
    assert _action("mika", "Discard 1") is Role.WILD  # a wild swing
    assert _action("gordeau", "Bonus action", exceeded=True) is Role.BONUS


def test_ken_rushes_instead_of_preparing() -> None:
    """Ken's character card: "close 1, then draw 1" does what Prepare does and closes
    in; with a short hand and nothing in reach the agent rushes."""
    game = position("ken", space=2, hand=FILLER, deck=["sweep", "dive", "grasp"])
    assert decide(game) == CharacterAction(index=0)
    game.step(CharacterAction(index=0))
    assert game.state.players[P1].space == 3
    assert len(game.state.players[P1].hand) == 4  # 2, the rush's draw, the turn's draw


def test_orie_strikes_with_her_character_action() -> None:
    """Orie's character card (UNI): "Strike" as a character action, her ability's
    bonus attached; with Sweep in reach (power 6) the agent strikes with it."""
    game = position("orie", space=5, hand=["sweep", *FILLER])
    assert decide(game) == CharacterAction(index=0)
    game.step(CharacterAction(index=0))
    assert isinstance(game.pending, SetAttackRequest) and game.pending.player is P1


@pytest.mark.parametrize("life", [20, 5])
def test_seth_strikes_plainly_against_any_life(life: int) -> None:
    """Seth's ability: his character-action strike is +1 speed, but cannot stun and is
    nonlethal; the agent takes the plain Strike (test_kit_rules.py says why)."""
    game = position("seth", space=5, hand=["sweep", *FILLER], them={"life": life})
    assert decide(game) == Strike()


def test_nanase_keeps_power_and_speed() -> None:
    """Nanase's ability: her character-action strike is -1 power and speed (for
    advantage); the agent strikes plainly."""
    game = position("nanase", space=5, hand=["sweep", *FILLER])
    assert decide(game) == Strike()


def test_exceeds_with_the_gauge_to_spare() -> None:
    """Core rulebook, Exceed (Ryu's cost 2): with 3 gauge and no strong attack in
    reach, the agent Exceeds; the gauge pays and Ryu turns over."""
    game = position("ryu", space=2, hand=FILLER, gauge=["sweep", "dive", "grasp"])
    agent = HeuristicAgent(0, P1, CATALOG)
    assert play(game, agent) == Exceed()
    while not game.state.players[P1].exceeded:  # the agent pays the cost
        play(game, agent)
    assert len(game.state.players[P1].gauge) == 1


def test_keeps_the_gauge_for_an_ultra_in_hand() -> None:
    """Exceeding would leave Metsu Shoryuken (4 gauge, range 1), which reaches the
    opponent next to Ryu, unpaid: no Exceed."""
    game = position("ryu", space=2, hand=["metsushoryuken", *FILLER],
                     gauge=["sweep", "dive", "grasp", "cross"], them={"space": 3})
    assert decide(game) != Exceed()


def test_ryu_steps_into_range() -> None:
    """Ryu's character card: "advance or retreat 1". Nothing reaches at 3, Spike
    (range 2-3)... reaches at 2 and 3: with Sweep out of reach at 4, the agent steps
    and advances."""
    game = position("ryu", space=3, hand=["donkeykick", *FILLER], them={"space": 6})
    agent = HeuristicAgent(0, P1, CATALOG)
    assert play(game, agent) == CharacterAction(index=0)
    assert isinstance(game.pending, ChoiceRequest)
    assert play(game, agent) == ChooseOption(index=0)  # advance 1
    assert game.state.players[P1].space == 4


def test_enkidu_brings_back_three_precept_strike() -> None:
    """Enkidu's character card: Three Precept Strike from the discard pile to hand,
    then close 1, taken when a copy is in the discard pile."""
    game = position("enkidu", space=2, hand=FILLER, discard=["threepreceptstrike"])
    assert decide(game) == CharacterAction(index=0)
    game.step(CharacterAction(index=0))
    names = [CATALOG.card(game.state.card_defs[r]).name for r in game.state.players[P1].hand]
    assert "Three Precept Strike" in names
    assert game.state.players[P1].space == 3


def test_litchi_summons_mantenbo_then_acts_again() -> None:
    """Litchi's character card: summon Mantenbo onto her space, then a bonus action."""
    game = position("litchi", space=2, hand=FILLER)
    agent = HeuristicAgent(0, P1, CATALOG)
    assert play(game, agent) == CharacterAction(index=1)
    assert play(game, agent) == ChooseOption(index=0)  # place Mantenbo onto herself
    found = buddies_of(game.state)
    assert found is not None and found.spaces[P1] == {"mantenbo": 2}
    assert isinstance(game.pending, ActionRequest) and game.pending.player is P1


def test_carl_moves_nirvana_toward_the_opponent() -> None:
    """Carl Clover's character card: "Move Nirvana 1"; his specials gain +1 power and
    speed with the opponent between him and Nirvana, so Nirvana goes their way."""
    game = position("carlclover", space=2, hand=FILLER, buddies={"nirvana_active": 2},
                     them={"space": 5})
    agent = HeuristicAgent(0, P1, CATALOG)
    assert play(game, agent) == CharacterAction(index=0)
    assert isinstance(game.pending, SpaceRequest)
    assert play(game, agent) == MoveTo(space=3)
    found = buddies_of(game.state)
    assert found is not None and found.spaces[P1]["nirvana_active"] == 3


def test_bison_puts_a_card_in_gauge_instead_of_preparing() -> None:
    """M. Bison's character card: a card from hand to gauge, then draw 1: with 4
    cards in hand and no gauge, in place of Prepare."""
    game = position("bison", space=2, hand=["block", "focus", "block", "focus"])
    assert decide(game) == CharacterAction(index=0)


def test_no_strike_offered_means_prepare() -> None:
    """A bonus action that may not Strike (Wagner's exceed side): with a full hand the
    agent, which would Strike, prepares instead of deciding something not offered (with
    Sweep in reach, so Change Cards is not wanted either)."""
    game = position("ryu", space=2, hand=["block"] * 2 + ["focus"] * 2 + ["sweep"] * 2,
                     them={"space": 4})
    view = observe(game.state, P1)
    request = ActionRequest(player=P1, choices=(Prepare(), ChangeCards()))
    assert HeuristicAgent(0, P1, CATALOG).decide(view, request) == Prepare()


def test_no_strike_offered_changes_cards_out_of_reach() -> None:
    """The same bonus action with 6 cards none of which reaches (core rulebook, Change
    Cards): the agent changes them rather than overfill its hand with Prepare."""
    game = position("ryu", space=2, hand=["block"] * 2 + ["focus"] * 2 + ["dive"] * 2,
                     them={"space": 8})
    view = observe(game.state, P1)
    request = ActionRequest(player=P1, choices=(Prepare(), ChangeCards()))
    assert HeuristicAgent(0, P1, CATALOG).decide(view, request) == ChangeCards()


@pytest.mark.parametrize(("deck", "reshuffles"), [(RESHUFFLE_DECK, True), (5, False)])
def test_manual_reshuffle_brings_the_astral_heat_late(deck: int, reshuffles: bool) -> None:
    """BlazBlue rulebook, Astral Heats (Nu-13's ability: a Manual Reshuffle adds Sword
    of Destruction to her deck). The Reshuffle uses up her one reshuffle (core
    rulebook, Reshuffle), so the agent takes it only with the deck nearly out."""
    cards = sorted(CATALOG.deck_list("nu13"), key=lambda c: c.startswith("nu13_"))
    hand = ["nu13_swordsummoner"]
    cards.remove(hand[0])  # the rest: the deck's top ``deck`` normals, then the discard
    game = position("nu13", space=2, hand=hand, deck=cards[:deck], deck_rest="none",
                     discard=cards[deck:], them={"space": 8})
    decision = decide(game)
    assert (decision == Reshuffle()) is reshuffles
    if reshuffles:
        caused = game.step(decision)
        added = [e for e in caused if isinstance(e, ev.SetAsideCardAdded)]
        assert [CATALOG.card(game.state.card_defs[e.card]).name for e in added] == [
            "Sword of Destruction"]


def _enkidu_sets(gauge: list[str], ultra: str, them: int = 5) -> list[str]:
    """Exceeded Enkidu (space 4, Ryu on ``them``) holding ``ultra`` and Grasp strikes with
    his character action; the names of the cards the heuristic agent sets."""
    game = position("enkidu", space=4, exceeded=True, gauge=gauge, hand=[ultra, "grasp"],
                    them={"space": them})
    game.step(CharacterAction(index=0))
    assert isinstance(game.pending, SetAttackRequest)
    decision = decide(game)
    return [CATALOG.card(game.state.card_defs[c]).name for c in getattr(decision, "cards", ())]


@pytest.mark.parametrize(("gauge", "ultra"), [(2, False), (3, True)])
def test_enkidu_sets_no_ultra_the_seal_leaves_unpaid(gauge: int, ultra: bool) -> None:
    """Enkidu's exceed side: struck with his character action, a Three Precept Strike in
    gauge is sealed as the attack is set, before its cost is paid (effects.md,
    ``specific_card_seal_from_gauge``: "If a copy ... is in your gauge, seal it", no
    choice). With Spiral Dual Palm Strike (2 gauge) and only 2 gauge, one of them the
    copy, the Ultra would be left unpaid: he sets Grasp; with 3 he sets the Ultra."""
    cards = ["threepreceptstrike", "sweep", "dive"][:gauge]
    assert _enkidu_sets(cards, "spiraldualpalmstrike") == (
        ["Spiral Dual Palm Strike"] if ultra else ["Grasp"])


@pytest.mark.parametrize(("others", "ultra"), [(5, False), (6, True)])
def test_enkidu_sets_no_ultra_whose_cost_the_seal_raises(others: int, ultra: bool) -> None:
    """Demon Seal: Abyssal Force costs 6 gauge, 1 less per Three Precept Strike in
    gauge. With one copy and 5 other cards in gauge it costs 5 of the 6; the seal as the
    attack is set (Enkidu's exceed side, struck with his character action) takes the
    copy and raises the cost back to 6, with 5 left: he does not set it (Ryu 2 spaces
    away, in its range 2-5; he wild swings). With 6 others, 6 are left for 6: he does
    (found by test_agent_costs.py, enkidu vs chaos seed 5,
    when the seal was a choice: the copy sealed, the Ultra invalid)."""
    cards = ["threepreceptstrike", "sweep", "dive", "grasp", "cross", "spike", "focus",
             "assault"][:1 + others]
    assert ("Demon Seal: Abyssal Force" in _enkidu_sets(
        cards, "demonsealabyssalforce", them=6)) is ultra
