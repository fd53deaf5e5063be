"""Strike control and control flow audit (effects.md, "Strike control" and "Other /
control flow"): scenario tests of the behaviours where the engine differed from
roster.md / effects.md, each failing before its fix."""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    SetAttack,
    SetAttackRequest,
    Strike,
    WildSwing,
)


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


def test_byakuya_strike_with_ex_single_card_is_ex_through_superior() -> None:
    """Byakuya, exceeded character action #0 (2G): ``draw 2 + choice <strike_with_ex |
    pass>``; the uni Cross's boost Superior (continuous): ``during_strike: attack_is_ex``
    (roster.md, Byakuya; uni normals). effects.md, strike_with_ex: "You must strike with
    an EX attack (a pair, *or with an EX-granting boost*); no wild swing." With Superior
    in play any single card is an EX attack, so the single cards are offered beside the
    pair (still no wild swing); Spike set alone is EX (Superior) and deals 5 + 1 + 1
    (his exceed ability). The engine offered only the pair (and set it without
    asking)."""
    d = position(p1=dict(space=3, exceeded=True, hand=["grasp", "grasp", "spike"],
                         boosts=["cross"], gauge=["dive", "dive"], deck=["sweep", "focus"]),
                 p2=dict(space=5, hand=["block"]), chars=("byakuya", "ryu"))
    d.act(CharacterAction(index=0))
    d.pay("dive", "dive")
    d.choose("strike with ex")
    request = d.expect(SetAttackRequest, P1)
    assert WildSwing() not in request.choices
    singles = {d.game.table.card(o.cards[0]).name for o in request.choices
               if isinstance(o, SetAttack) and len(o.cards) == 1}
    assert {"Spike", "Sweep", "Focus", "Grasp"} <= singles
    assert any(isinstance(o, SetAttack) and len(o.cards) == 2 for o in request.choices)
    d.set_attack(P1, "spike")
    d.set_attack(P2, "block")
    # Spike (power 5, ignores armor) + 1 EX (Superior) + 1 (his exceed ability)
    assert d.life(P2) == 30 - 7
