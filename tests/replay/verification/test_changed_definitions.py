"""``exceed verify`` names the cards this engine defines otherwise than a log, and what
differs in each.

Found walking the developer's path: with Ryu's Hadoken changed on purpose (power 4 to 5,
a scratch engine) the report said only "recorded with different card data than this
engine (log 2fbf7bcb10a2, engine cb8d7f15ce4a); no divergence follows from it" (or "a
divergence below may come from a changed card"): two hashes, never which card or what
changed, though the log holds its game's own definitions (format 4). A second note line
now names each card and fighter defined otherwise, with the fields that differ, the
log's value first.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
import pytest

from engine.cards.catalog import Catalog, default_catalog
from engine.recording.record import read_game
from replay.cli import main
from replay.verification import verify as verify_module
from replay.verification.verify import MAX_CHANGED, changed_definitions, verify

from .test_verify import SAMPLE

UNTOUCHED = SAMPLE.with_name("ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog")
"""A sample whose Hadoken never deals damage: identical with a stronger one."""


def altered(**changes: Mapping[str, object]) -> Catalog:
    """This engine's catalog with each card's fields replaced as given."""
    cat = default_catalog()
    cards = dict(cat.cards)
    for card_id, fields in changes.items():
        cards[card_id] = msgspec.structs.replace(cards[card_id], **fields)
    return Catalog(cards=cards, characters=cat.characters)


def test_the_changed_card_and_field_are_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    alt = altered(ryu_hadoken={"power": 5})
    monkeypatch.setattr(verify_module, "default_catalog", lambda: alt)
    assert main(["verify", str(UNTOUCHED)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines()[1] == (f"{UNTOUCHED}: note: defined otherwise here (log vs "
                                   "engine): Hadoken (ryu_hadoken): power 4 vs 5")


def test_several_fields_and_cards_in_id_order_values_plain() -> None:
    alt = altered(ryu_hadoken={"range": (3, 7)},
                  ken_tatsumakisenpukyaku={"power": 6, "speed": 4, "effects": ()})
    assert changed_definitions(read_game(SAMPLE), alt) == (
        "Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku): power 5 vs 6, speed 3 vs 4, "
        "effects differ",
        "Hadoken (ryu_hadoken): range 3-6 vs 3-7")


def test_the_same_card_data_names_nothing() -> None:
    verdict = verify(read_game(SAMPLE))
    assert verdict.changed == () and not any("defined otherwise" in line
                                             for line in verdict.lines())


def test_many_changes_are_cut_with_a_count() -> None:
    cat = default_catalog()
    game = read_game(SAMPLE).catalog()
    ids = sorted(game.cards)[:MAX_CHANGED + 2]
    alt = altered(**{card: {"speed": cat.cards[card].speed + 1} for card in ids})
    lines = verify(read_game(SAMPLE), alt).lines()
    (note,) = [line for line in lines if "defined otherwise" in line]
    named = note.split("(log vs engine): ", 1)[1]
    assert named.endswith("; and 2 more") and named.count(" vs ") == MAX_CHANGED
