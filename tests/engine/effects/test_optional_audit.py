"""Optional-choice audit: who is asked, whether a choice may be declined, and how many
cards or spaces a decision allows, checked against the card data (roster.md) and the
effect glossary (/work/shared/reference/effects.md), each test naming its source."""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine.core.decisions import ActionRequest, CardPurpose, SelectCardsRequest
from engine.core.ids import Zone


def test_soul_exchange_the_opponent_chooses_which_gauge_card_to_discard() -> None:
    """Nehtali, Darkness Barrier's boost Soul Exchange (immediate, 0F): ``[if
    min_cards_in_gauge(amount=1, of_opponent=True)] add_to_gauge_boost_play_cleanup +
    choose_discard 1 {opponent=True, source=gauge, destination=discard}`` (roster.md,
    "Nehtali"). ``opponent`` makes the opponent the one who does the effect, as for
    every effect of the glossary that carries it (``draw``, ``gauge_from_hand``,
    ``choice``: "``opponent`` makes the opponent choose"); upstream's ``choose_discard``
    gives the ChooseFromDiscard decision to that target player. So Ryu, not Nehtali,
    picks which of his two gauge cards goes: he keeps Spike and discards Grasp. The
    engine asked Nehtali (the request was his, P1)."""
    d = position(p1=dict(hand=["darknessbarrier"]), p2=dict(gauge=["grasp", "spike"]),
                 chars=("nehtali", "ryu"))
    boost(d, "darknessbarrier")
    request = d.expect(SelectCardsRequest, P2)
    assert request.purpose is CardPurpose.DISCARD
    assert (request.min_count, request.max_count) == (1, 1)
    assert d.names(request.candidates) == ["Grasp", "Spike"]
    d.select(P2, "grasp")
    assert d.zone(P2, Zone.GAUGE) == ["Spike"]
    assert d.zone(P2, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P1, Zone.GAUGE) == ["Darkness Barrier"]
    assert d.expect(ActionRequest).player == P2
