"""Merkava's I, Defile, whose printed power is "the range to the opponent", read as such
wherever a printed power is read (``CardDef.power_is_range_to_opponent``,
``engine.core.attack_totals.printed_power``), and the way the new field keeps every
other card's and every stored log's fingerprint.

Card facts: roster.md, "Merkava", the I, Defile row: ``| 2 | I, Defile | ultra | 8G |
1-8 | RANGE_TO_OPPONENT | 8 | 0 | 0 | -<br>_rules_:
gauge_cost_reduction=set_to_range_to_opponent | Dark Bite | continuous | 0 | **now**:
strike<br>**during_strike**: attack_includes_range 1 |`` (Pow column:
RANGE_TO_OPPONENT; roster.md, Notation: symbolic stats are "resolved by the engine at
run time"). The data held it as power 0 plus ``hit: powerup {count: spaces_between,
plus: 1}``, so every read of the printed power other than the strike's damage read 0.
Merkava is P1 (the ``uni`` Normals) and Nehtali P2 (the standard Normals: Block armor 2,
guard 3; Sweep range 1-3, power 6, speed 2, guard 6).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest
from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.cards.catalog import CardDataError, default_catalog, load_catalog
from engine.core.decisions import CharacterAction, EffectOrderRequest, PayGaugeRequest
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.recording.definitions import (
    VERIFIED,
    Definitions,
    compare,
    decode,
    encode,
    game_catalog,
)
from engine.recording.record import read_game
from replay.viewer.card_labels import card_stats
from replay.viewer.lanes import attack_stats

ROOT = Path(__file__).resolve().parents[3]
DEFILE = "merkava_idefile"


def merkava(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    """A position with Merkava as P1 (to act) and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=("merkava", "nehtali"))


def _revealed(d: Driver) -> list[str]:
    return [d.name(e.card) for e in d.events(ev.TopDeckRevealed)]


# --- in a strike ---------------------------------------------------------------------


def test_defile_as_the_attack_deals_the_distance() -> None:
    """roster.md, I, Defile (``8G``, range 1-8, power RANGE_TO_OPPONENT, speed 8,
    ``gauge_cost_reduction=set_to_range_to_opponent``): from 2 to 6 it costs 4 gauge
    and hits with power 4, with no power bonus (the printed power itself is the
    distance); Nehtali's Sweep (speed 2, range 1-3) takes 4 and misses at range 4. Same
    damage as before the fix (the old ``hit: powerup spaces_between + 1``)."""
    d = merkava(dict(space=2, hand=["idefile"], gauge=["grasp", "cross", "dive", "spike"]),
                dict(space=6, hand=["sweep"]))
    d.strike("idefile", "sweep")
    assert d.expect(PayGaugeRequest, P1).amount == 4
    d.pay("grasp", "cross", "dive", "spike")
    assert d.stat_mods(P1, Stat.POWER) == []
    assert d.life(P2) == 26
    assert d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == ["I, Defile"]


def test_defile_power_is_the_distance_when_read_after_a_move() -> None:
    """roster.md, I, Defile (power RANGE_TO_OPPONENT) with Instant Flight (I, Breathe
    Out's boost: ``before: reveal_topdeck + set_strike_x top_deck_power + choice
    <advance strike_x | retreat strike_x>``) in play: set from 2 against Nehtali on 8 it
    costs 6; its before effect reveals Grasp (power 3) and Merkava advances 3 to 5, so
    its power at the hit is the distance then, 3: Sweep (range 1-3) takes 3."""
    d = merkava(dict(space=2, hand=["idefile"], boosts=["ibreatheout"], deck=["grasp"],
                     gauge=["grasp", "cross", "dive", "spike", "sweep", "focus"]),
                dict(space=8, hand=["sweep"]))
    d.strike("idefile", "sweep")
    d.pay("grasp", "cross", "dive", "spike", "sweep", "focus")
    assert _revealed(d) == ["Grasp"]
    d.choose("advance")
    assert d.space(P1) == 5
    assert d.life(P2) == 27


def test_deflection_armorup_current_power_reads_the_distance_before_the_hit() -> None:
    """roster.md, I, Defile (power RANGE_TO_OPPONENT) with Deflection (I, Rampage's
    boost: ``during_strike: powerup 1``, ``hit: armorup_current_power``) in play: from 3
    to 5 Defile costs 2 and its power is 2 + 1 = 3 from the start of the strike, so
    Deflection's armor is 3 and Nehtali's Sweep (6) deals 3. Before the fix Defile had a
    hit effect of its own (its power bonus), Merkava was asked to order the two, and
    Deflection first read power 0 + 1: armor 1, Sweep dealt 5."""
    d = merkava(dict(space=3, hand=["idefile"], boosts=["irampage"],
                     gauge=["grasp", "cross"]),
                dict(space=5, hand=["sweep"]))
    d.printed_order = False  # an order request would stop here
    d.strike("idefile", "sweep")
    d.pay("grasp", "cross")
    assert not isinstance(d.pending, EffectOrderRequest)
    assert d.stat_mods(P1, Stat.ARMOR) == [3]
    assert d.life(P2) == 27
    assert d.life(P1) == 27


# --- a printed power read from a pile ---------------------------------------------------


def test_character_action_with_defile_on_top_moves_the_distance() -> None:
    """roster.md, Merkava, character action (default #0): ``reveal_topdeck
    {reveal_to_both=True} + set_strike_x {source=top_deck_power} + choice <advance
    strike_x | retreat strike_x>``; I, Defile's power is RANGE_TO_OPPONENT: on top of
    her deck with Merkava on 2 and Nehtali on 6, X is 4 (before the fix: 0, and she did
    not move). She advances 4 past Nehtali (3, 4, 5, then 7) and draws Defile at the end
    of her turn."""
    d = merkava(dict(space=2, deck=["idefile", "grasp"]), dict(space=6))
    d.act(CharacterAction(index=0))
    assert _revealed(d) == ["I, Defile"]
    d.choose("advance")
    assert d.space(P1) == 7
    assert d.zone(P1, Zone.HAND) == ["I, Defile"]


def test_exceeded_action_spending_defile_moves_the_distance() -> None:
    """roster.md, Merkava, character action (exceeded #0): ``gauge_for_effect
    {required=True, overall_effect=(set_strike_x {source=top_discard_power} +
    choice_altered_values <advance strike_x | retreat strike_x>), gauge_max=1}``: the
    spent I, Defile (power RANGE_TO_OPPONENT) tops the discard pile, and from 5 to 8 X is
    3 (before the fix: 0): Merkava retreats 3 to 2."""
    d = merkava(dict(space=5, gauge=["idefile"], exceeded=True), dict(space=8))
    d.act(CharacterAction(index=0))
    d.pay("idefile")
    assert d.zone(P1, Zone.DISCARD) == ["I, Defile"]
    d.choose("retreat")
    assert d.space(P1) == 2


def test_agitate_with_defile_on_top_pushes_the_distance() -> None:
    """roster.md, I, Agitate (range 1-3, power 5): ``hit: reveal_topdeck + set_strike_x
    {source=top_deck_power} + choice_altered_values <push strike_x | pull strike_x>``,
    with I, Defile (power RANGE_TO_OPPONENT) on top: it hits Block on 5 from 3 (5 - 2
    armor = 3 damage) and X is the distance, 2 (before the fix: 0, no push): Nehtali is
    pushed 2, to 7."""
    d = merkava(dict(space=3, hand=["iagitate"], deck=["idefile"]),
                dict(space=5, hand=["block"]))
    d.strike("iagitate", "block")
    assert _revealed(d) == ["I, Defile"]
    d.choose("push")
    assert d.space(P2) == 7
    assert d.life(P2) == 27


# --- the catalog's checks ----------------------------------------------------------------


def _data_with(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the card data with ``old`` replaced by ``new`` once in merkava.json."""
    source = ROOT / "engine" / "data"
    target = tmp_path / "data"
    shutil.copytree(source, target)
    path = target / "characters" / "merkava.json"
    text = path.read_text()
    assert text.count(old) == 1
    path.write_text(text.replace(old, new))
    return target


def test_the_catalog_refuses_the_flag_written_false(tmp_path: Path) -> None:
    """``power_is_range_to_opponent`` is written ``true`` or left out (an UNSET field:
    an explicit ``false`` would be encoded and is refused, one line)."""
    data = _data_with(tmp_path, '"power_is_range_to_opponent": true',
                      '"power_is_range_to_opponent": false')
    with pytest.raises(CardDataError) as info:
        load_catalog(data)
    assert "power_is_range_to_opponent: write true or leave it out" in str(info.value)
    assert "\n" not in str(info.value)


def test_the_catalog_refuses_a_printed_power_with_the_flag(tmp_path: Path) -> None:
    """roster.md: I, Defile's Pow is RANGE_TO_OPPONENT, no number: ``power`` holds 0
    with the flag (as a range to the opponent holds 1-8)."""
    data = _data_with(tmp_path, '"power": 0,\n      "power_is_range_to_opponent"',
                      '"power": 3,\n      "power_is_range_to_opponent"')
    with pytest.raises(CardDataError, match="a power that is the range to the opponent holds 0"):
        load_catalog(data)


# --- fingerprints: no other card and no stored log changes -------------------------------


def test_the_other_cards_fingerprint_is_unchanged() -> None:
    """The new field is UNSET (never encoded) on every card but I, Defile: no other
    card's encoding names it, so each encodes (and every catalog or game without
    Defile hashes) as it did before the field existed; the next test shows every
    committed log still verifies."""
    engine = default_catalog()
    others = {card_id: card for card_id, card in engine.cards.items() if card_id != DEFILE}
    encoder = msgspec.msgpack.Encoder(order="deterministic")
    assert all(b"power_is_range_to_opponent" not in encoder.encode(card)
               for card in others.values())
    assert engine.card(DEFILE).power_is_range_to_opponent is True
    assert b"power_is_range_to_opponent" in encoder.encode(engine.card(DEFILE))


def test_every_committed_log_still_reads_and_verifies() -> None:
    """Every committed log (tests/fixtures, sample_games) reads: a format 4+ log's
    definitions hash to its ``card_data`` (VERIFIED), and a game without Merkava has
    the same card data as this engine's (old definitions decode with the field UNSET,
    so they re-encode to the bytes they were hashed from)."""
    logs = sorted([*(ROOT / "tests" / "fixtures").rglob("*.exlog"),
                   *(ROOT / "sample_games").glob("*.exlog")])
    assert len(logs) > 80
    engine = default_catalog()
    for path in logs:
        log = read_game(path)
        if log.header.format >= 4:
            assert log.definitions_status == VERIFIED, path.name
        if log.header.definitions and "merkava" not in (log.header.p1 + log.header.p2):
            assert not compare(log.header, engine).differs, path.name


def test_a_log_holding_the_flag_decodes_and_verifies() -> None:
    """A Merkava game's definitions carry the key: they decode (the key is a
    ``CardDef`` field, so the log's key check knows it) to the same fingerprint, with
    the flag set; an older blob without it decodes to UNSET (the Merkava v3 fixture,
    whose Defile still has its old hit bonus; the previous test verifies it)."""
    engine = default_catalog()
    cards = set(engine.deck_list("merkava")) | set(engine.deck_list("ryu"))
    fingerprint, blob = encode(engine, ("merkava", "ryu"), cards)
    assert b"power_is_range_to_opponent" in blob
    held = decode(blob)
    assert held.card(DEFILE).power_is_range_to_opponent is True
    assert held.content_hash == fingerprint == game_catalog(
        engine, ("merkava", "ryu"), cards).content_hash
    tree = msgspec.msgpack.decode(blob)
    assert msgspec.convert(tree, Definitions).cards[DEFILE] == engine.card(DEFILE)
    old = read_game(ROOT / "tests" / "fixtures" / "v3"
                    / "merkava-vs-ryu_heuristic-vs-heuristic_seed400.exlog")
    old_defile = decode(old.header.definitions).card(DEFILE)
    assert old_defile.power_is_range_to_opponent is msgspec.UNSET
    assert old_defile.effects  # its old ``hit: powerup``


# --- displays ----------------------------------------------------------------------------


def test_displays_show_the_power_as_the_distance() -> None:
    """roster.md, I, Defile (Pow RANGE_TO_OPPONENT): a card chip says so instead of
    "power 0", and a strike's attack stats (the Game page's hover) show the distance, 4
    from 2 to 6, as Nine's Kunzite's range does."""
    assert card_stats(default_catalog().card(DEFILE)).startswith("power range to opponent · ")
    d = merkava(dict(space=2, hand=["idefile"], gauge=["grasp", "cross", "dive", "spike"]),
                dict(space=6, hand=["sweep"]))
    d.strike("idefile", "sweep")
    stats = attack_stats(d.state, default_catalog(), P1)
    assert stats is not None and stats.power == 4
