"""Issue 28, item 5: rulings the engine's notes flagged, each re-checked against its
source in one test that names it.

Sources: ``../shared/reference/roster.md`` (card rows and "Character flags"),
``../shared/reference/effects.md`` (effect keywords) and the Under Night rulebook.
"""

from __future__ import annotations

import pytest
from conftest import CATALOG, P1, P2, position

from engine import events as ev
from engine.cards import schema as c
from engine.cards.effect_walk import iter_effects
from engine.core.decisions import (
    ActionRequest,
    Boost,
    CharacterAction,
    MoveTo,
    PayForceRequest,
    Prepare,
    Strike,
)
from engine.core.ids import Zone


def test_strikeless_bonus_action_forbids_only_the_strike_action_wagner() -> None:
    """Source: reference/effects.md, ``take_bonus_actions``: "after this action you take
    N more actions (``disable_strike_action``: those cannot be Strike)", on Wagner's and
    Hilda's exceeded character actions (roster.md). The Strike action is what is taken
    away: exceeded Wagner's bonus action offers no Strike, but a boost whose ``now:
    strike`` starts one (Sweep's Just Defense) is still a legal Boost action."""
    d = position(p1=dict(space=3, exceeded=True, hand=["sweep", "grasp"],
                         gauge=["schildzack"]),
                 p2=dict(space=5, hand=["block"]), chars=("wagner", "ryu"))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    d.select(P1, "schildzack")
    request = d.expect(ActionRequest, P1)
    assert Strike() not in request.choices
    sweep = Boost(card=d.ref(P1, "sweep"))
    assert sweep in request.choices
    d.act(sweep)
    assert d.events(ev.StrikeStarted) == [ev.StrikeStarted(attacker=P1)]


@pytest.mark.parametrize(("fighter", "card"), [("jin", "jin_dualicestrike"),
                                               ("nu13", "nu13_sworddance")])
def test_double_block_opponent_move_is_one_lasting_block(fighter: str, card: str) -> None:
    """Source: roster.md, Jin's Flying Ice Strike and Nu-13's Gravity Seed: "during_strike:
    block_opponent_move, now: block_opponent_move, discarded: remove_block_opponent_move".
    Both lines name one lasting block held while the boost is in play; granted again at
    each strike with one remove it would outlast the boost, so the data keeps the ``now``
    one. Ryu has no Move while it is in play, through a strike, and has it again once
    the boost leaves play at that strike's cleanup."""
    boost = CATALOG.card(card).boost.effects
    tags = [c.effect_tag(type(e)) for e in iter_effects(boost)]
    assert tags.count("block_opponent_move") == tags.count("remove_block_opponent_move") == 1
    d = position(p1=dict(space=3, hand=[card.split("_", 1)[1], "grasp", "block"]),
                 p2=dict(space=6, hand=["grasp", "cross", "dive"]), chars=(fighter, "ryu"))
    d.act(Boost(card=d.ref(P1, card.split("_", 1)[1])))
    d.pay("grasp")
    assert not any(isinstance(o, MoveTo) for o in d.expect(ActionRequest, P2).choices)
    d.strike("grasp", "block")
    while isinstance(d.pending, PayForceRequest):  # Block's force for armor: declined
        d.decline()
    assert card in [CATALOG.card(d.state.card_defs[r]).id for r in d.p(P1).discard]
    if d.expect(ActionRequest).player == P1:
        d.act(Prepare())
    assert any(isinstance(o, MoveTo) for o in d.expect(ActionRequest, P2).choices)


def test_phonon_doubles_negative_bonuses_and_none_can_come_after() -> None:
    """Source: reference/effects.md, ``multiply_power_bonuses``: "All power modifiers on
    your attack are multiplied by N" (Phonon's Complete Servitude, ``hit``). The engine
    doubles the negative bonuses taken so far as it resolves, and the positive ones
    through the multiplier. A negative bonus after her ``hit`` and before damage could
    only come from the opponent's ``when_hit`` effects: no card prints one, so none is
    left undoubled."""
    for card in CATALOG.cards.values():
        for effect in iter_effects((*card.effects, *card.boost.effects)):
            if effect.timing is c.Timing.WHEN_HIT:
                assert not isinstance(effect, c.PowerupOpponent), card.id
    for char in CATALOG.characters.values():
        for effect in iter_effects((*char.ability, *char.exceed_ability)):
            if effect.timing is c.Timing.WHEN_HIT:
                assert not isinstance(effect, c.PowerupOpponent), char.id


def test_carmines_spin_stops_on_a_web_trap_it_would_cross() -> None:
    """Source: Under Night rulebook, "MOVE" ("Move the indicated number of spaces in
    either direction") and Byakuya's Web Trap (roster.md: ``stop_on_space_effect``: the
    opponent who moves onto or through its space stops there). Carmine's Spin! (``after:
    move_to_any_space {in_attack_range, advance_only}``) moves space by space like any
    movement of hers, so choosing 6 from 2 across the Web Trap on 3 stops her on 3."""
    d = position(p1=dict(space=2, hand=["spin"]),
                 p2=dict(space=5, hand=["block"], boosts=["becomeapartofme"],
                         traps={"becomeapartofme": 3}),
                 chars=("carmine", "byakuya"))
    d.strike("spin", "block")
    d.move_to(P1, 6)
    assert d.space(P1) == 3
    assert [e.player for e in d.events(ev.TrapSprung)] == [P2]
    assert "Become a Part of Me" not in d.zone(P2, Zone.BOOSTS)
