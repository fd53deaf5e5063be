"""Per-game card fingerprints and the checks on a log's own definitions (issue 29 item 1,
issue 27 items 2, 3 and 9; docs/log-format.md section 10 "Version 3 -> 4", P.2 and P.9).

A format 4 log's ``card_data`` is the fingerprint of exactly the definitions it carries;
adding or changing another fighter changes no log. Definitions that do not match their
hash are refused; an old log's definitions are checked when it names this engine's
catalog and are otherwise unverified. Hostile definitions are refused under caps.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from engine.cards.catalog import Catalog, default_catalog
from engine.play.api import GameSetup
from engine.recording.definitions import (
    ABSENT,
    MAX_CARDS,
    MAX_TEXT,
    UNVERIFIED,
    VERIFIED,
    Definitions,
    compare,
    decode,
    game_catalog,
)
from engine.recording.log import LogFormatError, decode_payload, expanded, iter_frames
from engine.recording.log_writer import encode_frame
from engine.recording.record import read_game, read_game_bytes, record_game

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
V5 = ROOT / "tests" / "fixtures" / "v5" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
"""The same game in format 5, whose definitions are zlib data: the blobs below are."""
V1 = ROOT / "tests" / "fixtures" / "v1" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
V2 = ROOT / "tests" / "fixtures" / "v2" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
_ENCODER = msgspec.msgpack.Encoder(order="sorted")

Payload = dict[str, object]


def rebuild(data: bytes, change: Callable[[Payload], None]) -> bytes:
    """``data`` with its HEADER payload changed by ``change`` (every frame re-encoded; a
    format 6 log's records as plain frames)."""
    frames = list(iter_frames(expanded(data)))
    payloads = [decode_payload(payload) for _, _, payload in frames]
    change(payloads[0])
    return data[:12] + b"".join(
        encode_frame(kind, payload) for (kind, _, _), payload in zip(frames, payloads, strict=True))


def blob_of(catalog: Catalog) -> bytes:
    return zlib.compress(_ENCODER.encode(Definitions(cards=dict(catalog.cards),
                                                     characters=dict(catalog.characters))))


def renamed(blob: bytes) -> Catalog:
    """The definitions of ``blob`` with every card and fighter renamed (issue 27 item 2)."""
    held = decode(blob)
    return Catalog(
        cards={c: msgspec.structs.replace(d, name="Renamed " + c) for c, d in held.cards.items()},
        characters={c: msgspec.structs.replace(d, name="Renamed " + c)
                    for c, d in held.characters.items()})


def with_definitions(data: bytes, blob: bytes) -> bytes:
    def change(header: Payload) -> None:
        header["definitions"] = blob
    return rebuild(data, change)


def refusal(data: bytes) -> str:
    with pytest.raises(LogFormatError) as info:
        read_game_bytes(data, "bad.exlog")
    text = str(info.value)
    assert "\n" not in text and text.startswith("bad.exlog: invalid header: ")
    return text


# --- the fingerprint covers the game's own definitions ---------------------------------


def _recorded(setup: GameSetup, seed: int, catalog: Catalog) -> bytes:
    stream = io.BytesIO()
    record_game(setup, seed, stream, ("heuristic", "random"), catalog)
    return stream.getvalue()


def test_a_new_fighter_changes_no_log() -> None:
    """Issue 29: one new fighter rewrote all 78 sample logs and made fork refuse them."""
    engine = default_catalog()
    ryu = engine.character("ryu")
    more = Catalog(cards=engine.cards, characters={
        **engine.characters, "ryu_new": msgspec.structs.replace(ryu, id="ryu_new",
                                                                 name="New Ryu")})
    assert more.content_hash != engine.content_hash
    setup = GameSetup(p1="ryu", p2="ken")
    assert _recorded(setup, 5, more) == _recorded(setup, 5, engine)
    log = read_game(SAMPLE)
    assert not compare(log.header, more).differs
    assert read_game_bytes(SAMPLE.read_bytes(), "s", more).definitions_status == VERIFIED


def test_card_data_is_the_fingerprint_of_the_definitions_carried() -> None:
    log = read_game(SAMPLE)
    held = decode(log.header.definitions)
    assert log.header.format >= 4 and log.definitions_status == VERIFIED  # 5: issue 30
    assert log.header.card_data == held.content_hash
    assert sorted(held.characters) == ["ken", "ryu"]
    assert set(held.cards) == {*log.header.decks[0], *log.header.decks[1]}
    assert held.content_hash == game_catalog(default_catalog(), ("ryu", "ken"),
                                             set(held.cards)).content_hash


def test_changing_a_card_of_the_game_is_a_per_game_difference() -> None:
    engine = default_catalog()
    log = read_game(SAMPLE)
    tatsu = "ken_tatsumakisenpukyaku"
    assert tatsu in log.header.decks[1]
    cards = dict(engine.cards)
    cards[tatsu] = msgspec.structs.replace(cards[tatsu], power=cards[tatsu].power + 1)
    changed = compare(log.header, Catalog(cards=cards, characters=engine.characters))
    assert changed.differs and changed.log == log.header.card_data != changed.engine
    other = next(c for c in engine.cards if c.startswith("sagat_"))
    cards = dict(engine.cards)
    cards[other] = msgspec.structs.replace(cards[other], power=cards[other].power + 1)
    assert not compare(log.header, Catalog(cards=cards, characters=engine.characters)).differs


# --- definitions checked against the hash (issue 27 item 2) -----------------------------


def test_renamed_definitions_are_refused_naming_the_field() -> None:
    data = V5.read_bytes()
    forged = with_definitions(data, blob_of(renamed(read_game(V5).header.definitions)))
    assert "card_data" in refusal(forged) and "does not match the definitions" in refusal(forged)


def test_an_old_log_naming_this_engines_catalog_is_checked() -> None:
    """A format 2 log whose ``card_data`` (then the hash of the engine's whole catalog)
    names this engine's catalog: the fixture with its header naming the catalog of now,
    so that a change to any card's data (which changes that hash) leaves the test about
    the upcast, not about the card data staying as it was when the fixture was made."""
    def this_catalog(header: Payload) -> None:
        header["card_data"] = default_catalog().content_hash
    data = rebuild(V2.read_bytes(), this_catalog)
    log = read_game_bytes(data, "old.exlog")
    assert log.header.format == 2 and log.definitions_status == VERIFIED
    assert log.header.catalog_hash == default_catalog().content_hash  # the upcast's field
    assert log.header.card_data == decode(log.header.definitions).content_hash
    forged = with_definitions(data, blob_of(renamed(log.header.definitions)))
    assert "definitions do not match card_data" in refusal(forged)


def test_an_old_log_of_another_catalog_is_unverified() -> None:
    def other_catalog(header: Payload) -> None:
        header["card_data"] = "0" * 64
    log = read_game_bytes(rebuild(V2.read_bytes(), other_catalog), "old.exlog")
    assert log.definitions_status == UNVERIFIED
    assert log.header.catalog_hash == "0" * 64
    assert read_game(V1).definitions_status == ABSENT


def test_definitions_with_cards_the_game_does_not_use_are_refused() -> None:
    held = decode(read_game(SAMPLE).header.definitions)
    engine = default_catalog()
    more = Catalog(cards={**held.cards, "sagat_tigershot": engine.card("sagat_tigershot")},
                   characters=held.characters)
    assert "other cards than the decks" in refusal(with_definitions(V5.read_bytes(),
                                                                    blob_of(more)))


def test_a_written_catalog_hash_is_refused() -> None:
    def change(header: Payload) -> None:
        header["catalog_hash"] = "0" * 64
    assert "catalog_hash is not a header key" in refusal(rebuild(SAMPLE.read_bytes(), change))


# --- a version 1 header cannot carry definitions (issue 27 item 9) ----------------------


def test_a_version_1_file_whose_header_carries_definitions_is_refused() -> None:
    data = bytearray(V2.read_bytes())
    data[8:10] = b"\x00\x01"
    assert refusal(bytes(data)) == (
        "bad.exlog: invalid header: format 2 in a version 1 file (a version 1 log cannot "
        "carry card definitions)")
    assert read_game(V1).header.format == 1  # a real version 1 log still reads


# --- bombs (issue 27 item 3) -------------------------------------------------------------


def inflation_bomb(megabytes: int) -> bytes:
    """A zlib stream of ``megabytes`` MiB of zeros, built without deflating them: one
    MiB deflated after a full flush is a block that does not refer back, repeated; the
    Adler-32 of n zeros is ``(n mod 65521) << 16 | 1``."""
    packer = zlib.compressobj(9)
    head = packer.compress(b"\x00" * (1 << 20)) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(b"\x00" * (1 << 20)) + packer.flush(zlib.Z_FULL_FLUSH)
    end = packer.flush()[:-4] + struct.pack(">I", ((megabytes << 20) % 65521) << 16 | 1)
    return head + block * (megabytes - 1) + end


def test_the_bomb_builder_makes_what_it_says() -> None:
    bomb = inflation_bomb(20)
    inflater = zlib.decompressobj()
    total = 0
    while chunk := inflater.decompress(inflater.unconsumed_tail or bomb, 1 << 22):
        assert not chunk.strip(b"\x00")
        total += len(chunk)
        bomb = b""
    assert total == 20 << 20 and inflater.eof
    assert len(inflation_bomb(1000)) < 1 << 20  # 1,000 MiB from under 1 MiB


@pytest.mark.parametrize(("blob", "says"), [
    (inflation_bomb(1000), "definitions inflate to more than 256 KiB"),
    (zlib.compress(b"\x81\xa5cards" + b"\x91" * 100_000 + b"\xc0"), "nested deeper than 64"),
    (zlib.compress(_ENCODER.encode({"cards": {f"c{i}": None for i in range(200_000)},
                                    "characters": {}})), "inflate to more than 256 KiB"),
    (zlib.compress(_ENCODER.encode({"cards": {f"c{i}": None for i in range(MAX_CARDS + 44)},
                                    "characters": {}})), "hold 300 cards, over the cap of 256"),
    (zlib.compress(_ENCODER.encode({"cards": {}, "characters": {},
                                    "x": b"\x00" * (200 << 20)})), "inflate to more than 256 KiB"),
    (zlib.compress(_ENCODER.encode({"cards": {}, "characters": {}, "spare": 1})),
     "the definitions has 1 unknown key(s), the first 'spare'"),
    (zlib.compress(b"\x81\xa5cards\x80")[:-3], "the zlib stream is cut short"),
])
def test_hostile_definitions_are_one_line_refusals(blob: bytes, says: str) -> None:
    assert len(blob) <= 1 << 20  # a header holds at most 1 MiB of bin
    assert says in refusal(with_definitions(V5.read_bytes(), blob))


def test_a_card_with_an_unknown_key_is_refused() -> None:
    held = decode(read_game(SAMPLE).header.definitions)
    tree = msgspec.to_builtins(Definitions(cards=dict(held.cards),
                                           characters=dict(held.characters)))
    first = sorted(tree["cards"])[0]
    tree["cards"][first]["flavour"] = "x" * 1000
    text = refusal(with_definitions(V5.read_bytes(), zlib.compress(_ENCODER.encode(tree))))
    assert f"card {first!r} has 1 unknown key(s), the first 'flavour'" in text


def _sample_tree() -> dict[str, dict[str, dict[str, object]]]:
    held = decode(read_game(SAMPLE).header.definitions)
    tree: dict[str, dict[str, dict[str, object]]] = msgspec.to_builtins(
        Definitions(cards=dict(held.cards), characters=dict(held.characters)))
    return tree


def test_a_card_name_over_the_text_cap_is_refused_naming_the_card() -> None:
    """A log's own definitions are shown (card chips, the timeline): a name of 5,000
    characters is refused as it is read, not drawn across a page."""
    tree = _sample_tree()
    first = sorted(tree["cards"])[0]
    tree["cards"][first]["name"] = "<b>" + "x" * 4997
    text = refusal(with_definitions(V5.read_bytes(), zlib.compress(_ENCODER.encode(tree))))
    assert (f"card {first!r} holds a text of 5000 characters, over the cap of {MAX_TEXT}"
            in text)


def test_a_long_text_deep_in_an_effect_or_a_fighter_is_refused() -> None:
    tree = _sample_tree()
    fighter = sorted(tree["characters"])[0]
    tree["characters"][fighter]["name"] = "y" * (MAX_TEXT + 1)
    text = refusal(with_definitions(V5.read_bytes(), zlib.compress(_ENCODER.encode(tree))))
    assert f"character {fighter!r} holds a text of {MAX_TEXT + 1} characters" in text
    tree = _sample_tree()
    card = next(key for key, value in sorted(tree["cards"].items()) if value.get("effects"))
    effects = tree["cards"][card]["effects"]
    assert isinstance(effects, tuple)
    nested = {"type": "powerup", "amount": 1, "then": [{"type": "z" * 300}]}
    tree["cards"][card]["effects"] = [*effects, nested]
    text = refusal(with_definitions(V5.read_bytes(), zlib.compress(_ENCODER.encode(tree))))
    assert f"card {card!r} holds a text of 300 characters" in text


def test_an_id_over_the_text_cap_is_refused() -> None:
    tree = _sample_tree()
    first = sorted(tree["cards"])[0]
    tree["cards"]["q" * 500] = tree["cards"].pop(first)
    text = refusal(with_definitions(V5.read_bytes(), zlib.compress(_ENCODER.encode(tree))))
    assert f"card id of 500 characters (the first {'q' * 40!r}), over the cap" in text


def test_every_text_of_the_whole_catalog_is_under_the_cap() -> None:
    """The cap leaves real content alone: every card and fighter of the engine."""
    catalog = default_catalog()
    tree = msgspec.to_builtins(Definitions(cards=dict(catalog.cards),
                                           characters=dict(catalog.characters)))
    longest = 0
    stack: list[object] = [tree]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += [*item, *item.values()]
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            longest = max(longest, len(item))
    assert 0 < longest <= MAX_TEXT // 2


def test_nesting_deeper_than_64_is_refused_where_the_schema_allows_it() -> None:
    """Effects nest (``then``): 40 levels of map and list are 81 deep with the card."""
    held = decode(read_game(SAMPLE).header.definitions)
    tree = msgspec.to_builtins(Definitions(cards=dict(held.cards),
                                           characters=dict(held.characters)))
    first = sorted(tree["cards"])[0]

    def nested(levels: int) -> dict[str, object]:
        effect: dict[str, object] = {"type": "powerup", "amount": 1}
        for _ in range(levels):
            effect = {"type": "powerup", "amount": 1, "then": [effect]}
        return effect

    tree["cards"][first]["effects"] = [nested(40)]
    text = refusal(with_definitions(V5.read_bytes(), zlib.compress(_ENCODER.encode(tree))))
    assert "nested deeper than 64" in text
    tree["cards"][first]["effects"] = [nested(25)]  # 55 deep: the format's nesting is allowed
    shallow = decode(zlib.compress(_ENCODER.encode(tree)))
    assert shallow.cards[first].effects[0].then


def test_format_6_definitions_are_the_map_itself_under_the_same_caps() -> None:
    """Format 6 writes the definitions uncompressed (its BLOCKs compress them): zlib data
    in a format 6 header, or a map in a format 5 one, is refused, and so is a map over
    256 KiB, like the inflated blob of formats 2-5."""
    data = SAMPLE.read_bytes()
    raw = read_game(SAMPLE).header.definitions
    assert raw[:1] == b"\x82" and decode(raw).content_hash == read_game(SAMPLE).header.card_data
    assert "must be the msgpack map itself" in refusal(with_definitions(data, zlib.compress(raw)))
    assert "must be zlib data" in refusal(with_definitions(V5.read_bytes(), raw))
    padded = raw[:1] + raw[1:] + b"\0" * (256 * 1024)
    assert "definitions inflate to more than 256 KiB" in refusal(with_definitions(data, padded))
