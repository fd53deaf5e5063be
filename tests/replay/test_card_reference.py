"""The card texts of a game's fighters (``replay.card_reference``), the Game and Play
pages' "Card texts": every card of each fighter's deck list once, with its copies and
where it starts, in the terminal's words (``c NAME``)."""

from __future__ import annotations

from pathlib import Path

from engine import default_catalog
from replay.query import card_reference, game_cards, open_game
from replay.seat_view import describe_card

SAMPLES = Path(__file__).resolve().parents[2] / "sample_games"


def test_a_fighters_cards_are_its_deck_list_each_once() -> None:
    catalog = default_catalog()
    (ryu,) = card_reference(catalog, ["ryu"])
    assert (ryu.fighter, ryu.name) == ("ryu", "Ryu")
    assert ryu.lines[0] == "Ryu (fighter): life 30 · exceed cost 2"
    deck = catalog.character("ryu").deck
    assert [c.card for c in ryu.cards] == [e.card for e in deck]
    assert sum(c.copies for c in ryu.cards) == 30  # core rulebook: a 30-card deck
    hadoken = next(c for c in ryu.cards if c.name == "Hadoken")
    assert (hadoken.kind, hadoken.copies, hadoken.starts) == ("special", 2, "deck")
    # the terminal's text without its "Hadoken (special, Ryu): " head
    said = describe_card(catalog.card(hadoken.card))
    assert hadoken.lines[0] == "power 4 · speed 4 · range 3-6 · armor 0 · guard 0"
    assert len(hadoken.lines) == len(said)
    assert hadoken.lines[-1] == said[-1][2:]  # the boost's effect, one level under it


def test_set_aside_and_sealed_cards_say_where_they_start() -> None:
    catalog = default_catalog()
    (arakune,) = card_reference(catalog, ["arakune"])
    n = next(c for c in arakune.cards if c.card == "arakune_ntoinfinity")
    assert (n.starts, n.copies) == ("set aside", 1)  # BlazBlue: set aside at game start
    (nine,) = card_reference(catalog, ["nine"])
    starts = {c.card: c.starts for c in nine.cards}
    assert starts["nine_colorlessvoid"] == "set aside"
    # Nine's list holds one copy of each of her sealed cards in the deck and one sealed
    assert starts["nine_emerald"] == starts["nine_azuriteinferno"] == "1 deck, 1 sealed"
    assert next(c for c in nine.cards if c.card == "nine_emerald").copies == 2
    assert len(nine.cards) == len(starts)


def test_seats_give_each_fighter_once_and_unknown_ids_none() -> None:
    catalog = default_catalog()
    named = [f.fighter for f in card_reference(catalog, ["ryu+ken", "ken", "nobody"])]
    assert named == ["ryu", "ken"]


def test_an_opened_game_uses_its_seats() -> None:
    game = open_game(str(SAMPLES / "ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300.exlog"))
    assert [f.name for f in game_cards(game)] == ["Ryu", "Ken Masters", "Sagat", "Zangief"]


def test_a_name_holding_the_heads_separator_keeps_its_stats_line() -> None:
    """A log's own definitions may name a card anything: one holding "): " cut the
    stats line at the wrong place."""
    import msgspec

    from engine import Catalog

    catalog = default_catalog()
    cards = dict(catalog.cards)
    cards["ryu_hadoken"] = msgspec.structs.replace(cards["ryu_hadoken"], name="Ha (x): do")
    (ryu,) = card_reference(Catalog(cards=cards, characters=catalog.characters), ["ryu"])
    hadoken = next(c for c in ryu.cards if c.card == "ryu_hadoken")
    assert hadoken.lines[0] == "power 4 · speed 4 · range 3-6 · armor 0 · guard 0"
