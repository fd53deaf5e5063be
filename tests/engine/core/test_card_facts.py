"""``card_facts``, the per-definition facts ``Table`` reads on its hot paths (issue 31:
the legal boosts and force costs of every action choice): each agrees with the printed
card (core rulebook, "Force": an ultra is worth 2; "Boost": pay the boost's force cost,
the boosted card not among the payment; Hazama's Serpent's Benediction,
``force_costs_reduced_passive``), for every card of the catalog."""

from __future__ import annotations

from engine.cards.catalog import default_catalog
from engine.cards.schema import CardKind, ForceCostsReducedPassive
from engine.core.card_facts import card_facts
from engine.core.context import Table
from engine.core.ids import Player
from engine.core.rng import Rng
from engine.play.api import GameSetup, initial_state


def test_every_cards_facts_agree_with_its_printed_definition() -> None:
    catalog = default_catalog()
    reducing = 0
    for card in catalog.cards.values():
        force, need, discount = card_facts(card)
        assert force == (2 if card.kind is CardKind.ULTRA else 1), card.id
        assert need == card.boost.force_cost + force, card.id
        printed = sum(e.amount for e in card.boost.effects
                      if isinstance(e, ForceCostsReducedPassive))
        assert discount == printed, card.id
        reducing += discount > 0
    assert reducing >= 1  # Serpent's Benediction is in the catalog


def test_a_tables_force_discount_counts_the_reducing_boosts_in_play() -> None:
    """Hazama's Serpent's Benediction in play reduces his force costs by 1; not in play,
    by nothing; Ryu's boosts never do."""
    catalog = default_catalog()
    table = Table(initial_state(GameSetup(p1="hazama", p2="ryu"), catalog), Rng(1), catalog)
    hazama = table.state.players[0]
    serpent = next(ref for ref in hazama.deck
                   if card_facts(table.card(ref))[2] > 0)
    assert table.force_discount(Player.P1) == 0
    hazama.deck.remove(serpent)
    hazama.boosts.append(serpent)
    assert table.force_discount(Player.P1) == 1
    ryu = table.state.players[1]
    ryu.boosts.extend(ryu.deck[:3])
    assert table.force_discount(Player.P2) == 0
