"""Log format v3 read by this reader (``docs/log-format.md``, section 10, "Version 3 ->
4"): three sample logs recorded in format 3 (``tests/fixtures/v3/``, whose ``card_data``
is the hash of the whole engine catalog of their day) are read upcast: the catalog hash
moves to ``catalog_hash``, ``card_data`` becomes their definitions' fingerprint, their
definitions are checked (they name this engine's catalog) or else unverified, and
``exceed verify`` re-simulates them identically."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruling_changes import assert_verdict, changed

from engine import default_catalog, read_game
from engine.recording.definitions import UNVERIFIED, VERIFIED, decode
from engine.recording.log import FORMAT_VERSION
from replay.verification.verify import verify

V3 = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "v3").glob("*.exlog"))
CARD_DATA_CHANGED = {"merkava-vs-ryu_heuristic-vs-heuristic_seed400"}
"""Fixtures one of whose cards this engine defines otherwise since they were recorded:
Merkava's I, Defile, whose printed power became the range to the opponent
(``power_is_range_to_opponent``) instead of power 0 and a hit bonus. ``verify`` says the
card data differs (its note, which says no divergence follows from it) and still
re-simulates the game identically."""


@pytest.mark.parametrize("path", V3, ids=[p.stem for p in V3])
def test_a_v3_log_reads_upcast_and_verifies(path: Path) -> None:
    log = read_game(path)
    h = log.header
    assert h.format == 3 < FORMAT_VERSION
    assert len(h.catalog_hash) == 64 and h.catalog_hash != h.card_data
    assert h.card_data == decode(h.definitions).content_hash
    engine = default_catalog()
    expected = VERIFIED if h.catalog_hash == engine.content_hash else UNVERIFIED
    assert log.definitions_status == expected
    verdict = verify(log)
    assert_verdict(path, verdict)  # identical, up to the rule fixes since
    assert verdict.card_data_differs == (path.stem in CARD_DATA_CHANGED), verdict.lines()
    if verdict.card_data_differs and changed(path) is None:  # the note says no divergence came of it (it said "a
        # divergence below may come from a changed card" with none below)
        assert next(line for line in verdict.lines() if "note: recorded with different card "
                "data" in line).endswith("; no divergence follows from it"), verdict.lines()


def test_there_are_v3_fixtures() -> None:
    # three for the fingerprint upcast (issue 29) and three that meet an effect order,
    # which this engine now asks (issue 28: test_effect_order_logs.py); all six upcast
    assert len(V3) == 6
