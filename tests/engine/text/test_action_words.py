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
