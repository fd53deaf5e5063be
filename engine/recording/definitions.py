"""A log's own card definitions and the card-data fingerprint of one game.

Every log since format 2 carries the definitions of the cards and fighters its game can
use (``Definitions``, msgpack then zlib: the HEADER's ``definitions``; format 6 leaves
out the zlib step, since its BLOCKs compress the header with a dictionary that holds the
catalog's definitions). Since format 4 its
``card_data`` is their fingerprint, ``Catalog.content_hash`` of exactly those definitions
(``game_catalog``), so adding or changing another fighter changes no log; older logs
named the whole engine catalog instead (``Header.catalog_hash`` after ``upcast``).

Decoding is bounded before anything is built (``docs/log-format.md``, P.2): the blob
inflates to at most ``MAX_INFLATED`` bytes, nests at most ``MAX_DEPTH`` deep, holds at most
``MAX_CARDS`` cards and ``MAX_CHARACTERS`` fighters and no key the format does not know,
no number outside ``-MAX_NUMBER..MAX_NUMBER``; every card a fighter's deck lists is one
they define, and a fighter brings at most ``MAX_GAME_CARDS`` cards to a game.
``check`` then proves the definitions are the ones the header's hash names (format 4), or
that they equal this engine's when the log names this engine's catalog (formats 2 and
3); otherwise an old log's definitions are ``UNVERIFIED``.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import msgspec

from engine.cards import team
from engine.cards.catalog import Catalog
from engine.cards.schema import CardDef, CharacterDef
from engine.recording.log import MAX_DEPTH, PayloadError

if TYPE_CHECKING:
    from engine.recording.game_log import Header

RAW_FORMAT: Final = 6
"""The first format whose ``definitions`` are the msgpack map itself, not zlib'ed."""
GAME_FINGERPRINT_FORMAT: Final = 4
"""The first format whose ``card_data`` is the game's own definitions' fingerprint."""
MAX_INFLATED: Final = 256 * 1024
"""Bytes the definitions may inflate to. The largest real subset, the four largest fighters
(Tag Teams of Nine, Litchi, Byakuya and Carl Clover) with the Normals, is 58,854 bytes
(one fighter with the Normals is 12 to 20 KB; the whole 51-fighter catalog 455 KB): a
4.5-fold margin, while the untyped decode of the worst 256 KiB (262,000 empty maps) stays
near 20 MB."""
MAX_CARDS: Final = 256
"""Card definitions one log may carry: those four fighters' cards and the Normals are 49."""
MAX_CHARACTERS: Final = 4
"""Fighter definitions one log may carry: two seats of a Tag Team each."""
MAX_TEXT: Final = 200
"""Characters any one text of the definitions may hold (an id, a name, any string of an
effect), keys included: the longest real one is a card name of 41 characters (the whole
catalog's), so a name that would fill a page where it is shown is refused here."""
MAX_NUMBER: Final = 999
"""The largest magnitude of any number in the definitions (a power, a range, an amount, a
deck entry's copies): the whole catalog's lie in -8..99, and P.9 bounds a step's counts
and amounts by 999. A hostile 2**32 copies would otherwise build a 4-billion-card deck
list before any other check looked at it."""
MAX_GAME_CARDS: Final = 100
"""The most cards one fighter may bring to a game (its deck's copies, start-sealed and
set-aside cards together): the most in the catalog is Byakuya's 36."""

VERIFIED: Final = "verified"
"""The definitions are the ones the header's ``card_data`` names."""
UNVERIFIED: Final = "unverified"
"""An old log (format 2 or 3) recorded with another engine catalog: nothing can prove its
definitions were the ones played, so no name from them is shown as the game's."""
ABSENT: Final = "absent"
"""A format 1 log: no definitions; it is shown with this engine's card data."""


class Definitions(msgspec.Struct, frozen=True, kw_only=True):
    """The definitions a log carries (format 2): every card of both seats' decks and
    created cards, and every fighter seated (a Tag Team's two)."""

    cards: dict[str, CardDef]
    characters: dict[str, CharacterDef]


_ENCODER = msgspec.msgpack.Encoder(order="sorted")
_KEYS: Final = {
    "top": frozenset({"cards", "characters"}),
    "cards": frozenset(f.encode_name for f in msgspec.structs.fields(CardDef)),
    "characters": frozenset(f.encode_name for f in msgspec.structs.fields(CharacterDef)),
}


def game_catalog(catalog: Catalog, seats: tuple[str, str], card_ids: Iterable[str]) -> Catalog:
    """The definitions a game of ``seats`` using ``card_ids`` can use, as a catalog: its
    ``content_hash`` is the game's card-data fingerprint (format 4)."""
    chars = {char: catalog.character(char) for spec in seats for char in team.members(spec)}
    return Catalog(cards={card: catalog.card(card) for card in set(card_ids)}, characters=chars)


def engine_counterpart(definitions: Catalog, engine: Catalog) -> Catalog:
    """``engine``'s definitions of the same ids as ``definitions`` (ids it lacks left
    out, so the fingerprints then differ)."""
    return Catalog(
        cards={c: engine.cards[c] for c in definitions.cards if c in engine.cards},
        characters={c: engine.characters[c] for c in definitions.characters
                    if c in engine.characters})


_BLOBS: dict[tuple[int, tuple[str, str], frozenset[str]], tuple[Catalog, str, bytes]] = {}
"""(id of a catalog, seats, card ids) -> (that catalog, fingerprint, blob): every game of
one matchup writes the same blob, compressed once (a few recent ones are kept)."""


def encode(catalog: Catalog, seats: tuple[str, str], card_ids: set[str]) -> tuple[str, bytes]:
    """The fingerprint and ``definitions`` of a game of ``seats`` using ``card_ids``, as
    format 6 writes them (the msgpack map; ``zlib.compress(raw, 9)`` is the blob of
    formats 2 to 5)."""
    key = (id(catalog), seats, frozenset(card_ids))
    known = _BLOBS.get(key)
    if known is not None and known[0] is catalog:
        return known[1], known[2]
    if len(_BLOBS) >= 256:
        _BLOBS.clear()
    found = game_catalog(catalog, seats, card_ids)
    blob = _ENCODER.encode(Definitions(cards=dict(found.cards),
                                       characters=dict(found.characters)))
    _BLOBS[key] = (catalog, found.content_hash, blob)
    return found.content_hash, blob


@functools.lru_cache(maxsize=128)
def decode(blob: bytes) -> Catalog:
    """The catalog a ``definitions`` blob holds (zlib'ed, formats 2-5, or the msgpack map
    itself, format 6: ``is_raw``); ``ValueError`` (one line) for a blob that is not one,
    or is over a cap. Cached by the blob's bytes: every game of one matchup carries the
    same blob, and a ``Catalog`` is read-only."""
    if is_raw(blob):
        if len(blob) > MAX_INFLATED:
            raise ValueError(f"definitions inflate to more than {MAX_INFLATED >> 10} KiB")
        raw = blob
    else:
        raw = _inflate(blob)
    try:
        tree = msgspec.msgpack.decode(raw)
    except RecursionError:
        raise ValueError(f"definitions cannot be read: nested deeper than {MAX_DEPTH}") from None
    except msgspec.DecodeError as error:
        raise ValueError(f"definitions cannot be read: {error}") from None
    _check_tree(tree)
    try:  # typing first: a tree of the wrong shape stops at its first wrong value
        found = msgspec.convert(tree, Definitions)
    except msgspec.ValidationError as error:
        raise ValueError(f"definitions cannot be read: {error}") from None
    except RecursionError:
        raise ValueError(f"definitions cannot be read: nested deeper than {MAX_DEPTH}") from None
    _check_depth(tree)
    _check_decks(found)
    return Catalog(cards=found.cards, characters=found.characters)


def _check_decks(found: Definitions) -> None:
    """Every card a fighter lists (deck, start-sealed, set aside) is defined beside it, and
    the fighter brings at most ``MAX_GAME_CARDS``: the header's checks build deck lists
    and look their cards up from these definitions."""
    for char_id, char in found.characters.items():
        entries = (*char.deck, *char.start_sealed, *char.set_aside)
        missing = next((e.card for e in entries if e.card not in found.cards), None)
        if missing is not None:
            raise ValueError(f"definitions cannot be read: fighter {char_id[:40]!r} lists "
                             f"card {missing[:40]!r}, which they do not define")
        none = next((e for e in entries if e.copies < 1), None)
        if none is not None:
            raise ValueError(f"definitions cannot be read: fighter {char_id[:40]!r} lists "
                             f"card {none.card[:40]!r} {none.copies} times")
        total = sum(e.copies for e in entries)
        if total > MAX_GAME_CARDS:
            raise ValueError(f"definitions cannot be read: fighter {char_id[:40]!r} brings "
                             f"{total} cards, over the cap of {MAX_GAME_CARDS}")


def is_raw(blob: bytes) -> bool:
    """Whether ``blob`` is a msgpack map (format 6) rather than zlib data: a map's first
    byte (``0x80``-``0x8f``, ``0xde``, ``0xdf``) is never a zlib stream's, whose low
    four bits are 8 and whose high four bits are at most 7."""
    return bool(blob) and (blob[0] >> 4 == 0x8 or blob[0] in (0xDE, 0xDF))


def _inflate(blob: bytes) -> bytes:
    """Inflate at most ``MAX_INFLATED`` bytes, never more, whatever the blob claims."""
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(blob, MAX_INFLATED + 1)
    except zlib.error as error:
        raise ValueError(f"definitions cannot be read: {error}") from None
    if len(raw) > MAX_INFLATED or inflater.unconsumed_tail:
        raise ValueError(f"definitions inflate to more than {MAX_INFLATED >> 10} KiB")
    if not inflater.eof:
        raise ValueError("definitions cannot be read: the zlib stream is cut short")
    if inflater.unused_data:
        raise ValueError("definitions cannot be read: bytes after the zlib stream")
    return raw


def _check_tree(tree: object) -> None:
    """Counts and keys of the decoded (untyped) definitions, before typing them."""
    if not isinstance(tree, dict):
        raise ValueError("definitions cannot be read: not a map")
    _check_keys(tree, "top", "the definitions")
    for part, cap in (("cards", MAX_CARDS), ("characters", MAX_CHARACTERS)):
        held = tree.get(part)
        if isinstance(held, dict):
            if len(held) > cap:
                raise ValueError(f"definitions hold {len(held)} {part}, over the cap of {cap}")
            for key, value in held.items():
                if isinstance(value, dict):
                    _check_keys(value, part, f"{part[:-1]} {str(key)[:40]!r}")
                _check_values(key, value, part[:-1])


def _check_values(key: object, value: object, kind: str) -> None:
    """Refuse a text over ``MAX_TEXT`` characters in the card or fighter ``key``: its id,
    or any string within its definition (effects nest; the depth is checked after), and
    a number outside ``-MAX_NUMBER..MAX_NUMBER`` anywhere within it."""
    what = f"{kind} {str(key)[:40]!r}"
    if isinstance(key, str) and len(key) > MAX_TEXT:
        raise ValueError(f"definitions cannot be read: {kind} id of {len(key)} characters "
                         f"(the first {str(key)[:40]!r}), over the cap of {MAX_TEXT}")
    level: list[object] = [value]
    for _ in range(MAX_DEPTH + 1):
        deeper: list[object] = []
        for item in level:
            if isinstance(item, dict):
                deeper += item
                deeper += item.values()
            elif isinstance(item, list):
                deeper += item
            elif isinstance(item, str) and len(item) > MAX_TEXT:
                raise ValueError(f"definitions cannot be read: {what} holds a text of "
                                 f"{len(item)} characters, over the cap of {MAX_TEXT}")
            elif type(item) is int and not -MAX_NUMBER <= item <= MAX_NUMBER:
                raise ValueError(f"definitions cannot be read: {what} holds the number "
                                 f"{item}, outside -{MAX_NUMBER}..{MAX_NUMBER}")
        if not deeper:
            return
        level = deeper


def _check_depth(tree: object) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` (only containers are visited)."""
    level: list[object] = [tree]
    for _ in range(MAX_DEPTH):
        level = [item for value in level
                 for item in (value.values() if type(value) is dict else value)  # type: ignore[attr-defined]
                 if type(item) is dict or type(item) is list]
        if not level:
            return
    raise ValueError(f"definitions cannot be read: nested deeper than {MAX_DEPTH}")


def _check_keys(value: dict[object, object], kind: str, what: str) -> None:
    unknown = [key for key in value if key not in _KEYS[kind]]
    if unknown:
        raise ValueError(f"definitions cannot be read: {what} has {len(unknown)} unknown "
                         f"key(s), the first {str(unknown[0])[:40]!r}")


def check(header: Header, definitions: Catalog, engine: Catalog) -> str:
    """``VERIFIED`` or ``UNVERIFIED`` for a header carrying ``definitions`` (read with
    ``engine``); ``PayloadError`` (one line naming the field) when they are not the ones
    the header's hash names, or hold other cards or fighters than the game uses."""
    seats = {char for spec in (header.p1, header.p2) for char in team.members(spec)}
    if set(definitions.characters) != seats:
        raise PayloadError("definitions hold other fighters than the seats "
                           f"({', '.join(sorted(definitions.characters))[:80]})")
    used = {card for deck in (*header.decks, *header.extra) for card in deck}
    if set(definitions.cards) != used:
        other = sorted(set(definitions.cards) ^ used)
        raise PayloadError(f"definitions hold other cards than the decks ({other[0][:40]!r} "
                           f"and {len(other) - 1} more)")
    if header.format >= GAME_FINGERPRINT_FORMAT:
        if definitions.content_hash != header.card_data:
            raise PayloadError(f"card_data {header.card_data[:12]} does not match the "
                               f"definitions (their hash is {definitions.content_hash[:12]})")
        return VERIFIED
    if header.card_data != engine.content_hash:
        return UNVERIFIED
    if engine_counterpart(definitions, engine).content_hash != definitions.content_hash:
        raise PayloadError(f"definitions do not match card_data {header.card_data[:12]} "
                           "(this engine's catalog, whose definitions differ)")
    return VERIFIED


def upcast(header: Header, definitions: Catalog | None) -> Header:
    """A format 1-3 header as format 4 reads it: ``catalog_hash`` keeps the whole-catalog
    hash the log names, and ``card_data`` becomes its definitions' fingerprint (a format
    1 log has none: it keeps the catalog hash)."""
    if header.format >= GAME_FINGERPRINT_FORMAT:
        return header
    per_game = definitions.content_hash if definitions is not None else header.card_data
    return msgspec.structs.replace(header, catalog_hash=header.card_data, card_data=per_game)


class CardDataCheck(msgspec.Struct, frozen=True):
    """A game's card data against this engine's for the same ids."""

    differs: bool
    log: str
    engine: str


def compare(header: Header, engine: Catalog) -> CardDataCheck:
    """The game's card data (its definitions, upcast: ``header.card_data``) against
    ``engine``'s definitions of the same cards and fighters; a format 1 log, which has
    no definitions, against the engine's whole catalog."""
    if header.definitions:
        ours = engine_counterpart(decode(header.definitions), engine).content_hash
    else:
        ours = engine.content_hash
    return CardDataCheck(differs=header.card_data != ours, log=header.card_data, engine=ours)


def unnamed(catalog: Catalog) -> Catalog:
    """``catalog`` with every name replaced by its id: what is shown of unverified
    definitions, whose names nothing vouches for."""
    cards = {cid: msgspec.structs.replace(
        card, name=cid, boost=msgspec.structs.replace(card.boost, name=cid))
        for cid, card in catalog.cards.items()}
    chars = {cid: msgspec.structs.replace(
        char, name=cid,
        buddies=tuple(msgspec.structs.replace(b, name=b.id) for b in char.buddies),
        actions=tuple(msgspec.structs.replace(a, name=f"{cid} action {i + 1}")
                      for i, a in enumerate(char.actions)),
        exceed_actions=tuple(msgspec.structs.replace(a, name=f"{cid} exceed action {i + 1}")
                             for i, a in enumerate(char.exceed_actions)))
        for cid, char in catalog.characters.items()}
    return Catalog(cards=cards, characters=chars)
