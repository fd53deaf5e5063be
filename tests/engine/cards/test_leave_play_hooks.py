"""The moves that skip a leaving-play hook meet no card that has the hook (rule audit,
3 Dec 2026).

A continuous boost's ``discarded`` effects run when it leaves play (cleanup,
``discard_continuous_boost``, ``add_to_gauge_immediately``, ``seal_this_boost``, ...:
``engine.effects.boost_play.boost_left_play``); a character's ``on_seal`` effects run when a
card is sealed (``engine.effects.registry.seal_card``). Three ways a boost leaves play
(``discard_this``, ``return_this_boost_to_hand``, ``add_boost_to_gauge_on_move``) and two
ways a card is sealed (``move_top_cards`` to sealed, ``choose_cards_from_top_deck``
``add_to_sealed``) run no such hook. The reference client runs a boost's ``discarded``
effects on every way it leaves play (local_game.gd, remove_from_continuous_boosts), but
no card today has both the hook and one of those moves, so nothing differs: these tests
fail the day a card does, so that the move is then made to run the hook.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.catalog import default_catalog
from engine.cards.effect_walk import iter_effects

CATALOG = default_catalog()
SELF_LEAVING = (c.DiscardThis, c.ReturnThisBoostToHand, c.AddBoostToGaugeOnMove)


def test_no_boost_with_a_discarded_effect_leaves_play_a_way_that_skips_it() -> None:
    both = [
        card.id for card in CATALOG.cards.values()
        if any(e.timing is c.Timing.DISCARDED for e in card.boost.effects)
        and any(isinstance(e, SELF_LEAVING) for e in iter_effects(card.boost.effects))
    ]
    assert both == []


def _seals_skipping_on_seal(effects: tuple[c.Effect, ...]) -> bool:
    return any(
        (isinstance(e, c.MoveTopCards) and e.destination is c.PileDestination.SEALED)
        or (isinstance(e, c.ChooseCardsFromTopDeck)
            and c.TopDeckAction.ADD_TO_SEALED in e.action_choices)
        for e in iter_effects(effects)
    )


def test_no_fighter_with_an_on_seal_effect_seals_a_way_that_skips_it() -> None:
    both = []
    for char_id in CATALOG.character_ids():
        char = CATALOG.character(char_id)
        if not any(e.timing is c.Timing.ON_SEAL for e in (*char.ability, *char.exceed_ability)):
            continue
        roots = [char.ability, char.exceed_ability, char.on_exceed, char.overdrive,
                 *(a.effects for a in (*char.actions, *char.exceed_actions))]
        for card_id in CATALOG.game_cards(char_id):
            card = CATALOG.card(card_id)
            roots += [card.effects, card.boost.effects]
        if any(_seals_skipping_on_seal(root) for root in roots):
            both.append(char_id)
    assert both == []
