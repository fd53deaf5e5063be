"""The transcript's line for a turn action (``engine.text.notation``): a character
action by its name, as the options name it. Found replaying a sample game at the
terminal: "p2 Ken Masters: character action" said which kind of action, not which
(Ken's rush, or exceeded, Ken's rush and strike)."""

from __future__ import annotations

from conftest import CATALOG, position

from engine import Transcript
from engine.core.decisions import CharacterAction, Prepare


def _action_lines(exceeded: bool, decision: object) -> list[str]:
    d = position(p1=dict(space=3, exceeded=exceeded, hand=["cross", "spike"]),
                 p2=dict(space=7), chars=("ryu", "ken"))
    start = len(d.game.events)
    words = Transcript(d.state, CATALOG)
    d.act(decision)  # type: ignore[arg-type]
    lines = [words.feed(event) for event in d.game.events[start:]]
    return [line for line in lines if line is not None and line.startswith("p1 Ryu: ")]


def test_a_character_action_is_named_on_either_side_of_the_card() -> None:
    """Ryu's character card: "Ryu's step" on his normal side, "Ryu's step and draw"
    exceeded (roster: each side's action)."""
    assert _action_lines(False, CharacterAction(index=0))[0] == \
        "p1 Ryu: character action: Ryu's step"
    assert _action_lines(True, CharacterAction(index=0))[0] == \
        "p1 Ryu: character action: Ryu's step and draw"


def test_the_other_actions_read_as_before() -> None:
    assert _action_lines(False, Prepare())[0] == "p1 Ryu: prepare"


def test_a_mulligan_says_how_many_cards_were_set_aside_or_that_the_hand_was_kept() -> None:
    """Core rulebook, Setup 5, Mulligan: "you may set aside any number of cards from your
    hand face-down ... draw cards from your deck equal to the number that you set aside.
    Then, shuffle the cards you set aside into your deck." The line read "mulligans 0
    card(s)" for a kept hand; it says the hand was kept, or how many cards were set
    aside, in words that need no "(s)"."""
    from engine import GameSetup, new_game
    from engine.core.decisions import Mulligan

    for count, said in ((0, "keeps the opening hand"), (1, "sets 1 card aside (mulligan)"),
                        (2, "sets 2 cards aside (mulligan)")):
        game = new_game(GameSetup(p1="ryu", p2="ken"), 0)
        request = game.pending
        assert request is not None and request.kind == "mulligan"
        who = request.player
        hand = list(game.state.players[who].hand)
        words = Transcript(game.state, CATALOG)
        start = len(game.events)
        game.step(Mulligan(cards=tuple(hand[:count])))
        lines = [words.feed(e) for e in game.events[start:]]
        fighter = CATALOG.character(game.state.players[who].character).name
        assert f"{who.label} {fighter} {said}" in lines, lines
        assert len(game.state.players[who].hand) == len(hand)  # as many drawn as set aside
        assert set(hand[:count]).isdisjoint(game.state.players[who].hand)
