"""Strike control and control flow audit (effects.md, "Strike control" and "Other /
control flow"): scenario tests of the behaviours where the engine differed from
roster.md / effects.md, each failing before its fix."""

from __future__ import annotations

from conftest import P1, position

from engine.core.decisions import ActionRequest, CharacterAction, Strike


def test_hilda_unrestricted_bonus_action_after_a_strikeless_one_may_strike() -> None:
    """Hilda, exceeded character action #0 (1G): ``choice <push 1 | pull 1 | draw 1> +
    take_bonus_actions 1 {disable_strike_action=True}``; action #1 "Revert" (0):
    ``gauge_from_hand 1 + revert + take_bonus_actions 1`` (roster.md, Hilda). effects.md,
    take_bonus_actions: "after this action you take N more actions
    (``disable_strike_action``: *those* cannot be Strike)": the restriction belongs to the
    bonus action it grants. Her strikeless bonus action is Revert, which grants a bonus
    action of its own with no restriction: Strike must be offered for it. The engine
    kept the whole turn strikeless (Strike not offered)."""
    d = position(p1=dict(space=3, hand=["grasp", "cross"], gauge=["dive"], exceeded=True),
                 p2=dict(space=6), chars=("hilda", "nehtali"))
    d.act(CharacterAction(index=0))
    d.pay("dive")
    d.choose("draw")
    first = d.expect(ActionRequest, P1)
    assert not any(isinstance(choice, Strike) for choice in first.choices)
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert not d.p(P1).exceeded
    request = d.expect(ActionRequest, P1)
    assert any(isinstance(choice, Strike) for choice in request.choices)
