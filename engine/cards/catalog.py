"""The card catalog: every character and card definition, loaded from ``engine/data/``.

``load_catalog`` decodes ``normals/*.json`` and ``characters/*.json`` into the schema of
``engine.cards.schema``, validates them (each problem is one ``CardDataError`` line naming the
file and the JSON path), and fingerprints the result with ``content_hash``, so a game log
can record exactly which card facts it was played with.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Final, TypeVar

import msgspec

from engine.cards import seasons as season_defs
from engine.cards.effect_walk import _character_roots, iter_effects
from engine.cards.schema import (
    REVERSIBLE_MODES,
    CardDef,
    CardKind,
    CharacterDef,
    Effect,
    GaugeCostReduction,
    MoveCardCopies,
    Quantity,
    RevealCopy,
    SetMode,
    SetStrikeX,
    StrikeFaceup,
    StrikeXSource,
)

DATA_DIR: Final = Path(__file__).parent.parent / "data"
"""The packaged card data, used when ``load_catalog`` is given no directory."""

DECK_SIZES: Final = season_defs.DECK_SIZES
"""The deck size of each season whose decks all have one size (core rulebook, Setup: 30),
read from its declaration (``engine.cards.seasons.SeasonDef.deck_size``). Under Night In-Birth
and BlazBlue have none: a fighter's main deck is what its data lists (29-36 cards, copy
counts other than 2), start-sealed and set-aside cards apart from it."""

_T = TypeVar("_T")


class CardDataError(Exception):
    """A data file is unreadable or breaks a rule; ``str()`` is one line naming the file."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = " ".join(problem.split())
        super().__init__(f"{source}: {self.problem}")


class UnknownCard(KeyError):
    """A card id that is not in the catalog."""

    def __init__(self, card_id: str, known: Iterable[str]) -> None:
        self.card_id = card_id
        close = difflib.get_close_matches(card_id, sorted(known), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        self.message = f"unknown card {card_id!r}{hint}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


def quoted_id(text: str, limit: int = 40) -> str:
    """``repr`` of an id someone typed, cut short when long (``'rrr…' (5,000 characters)``):
    a message naming it stays one readable line (``replay.quoting.quoted`` calls it)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit] + '…'!r} ({len(text):,} characters)"


class UnknownCharacter(LookupError):
    """A character id that is not in the catalog; the message lists the playable ids."""

    def __init__(self, char_id: str, playable: Iterable[str]) -> None:
        self.char_id = char_id
        self.message = (f"unknown character {quoted_id(char_id)}; playable: "
                        f"{', '.join(sorted(playable))}")
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


# --- file layouts ------------------------------------------------------------------


class NormalsFile(msgspec.Struct, frozen=True, kw_only=True):
    """``normals/<set>.json``: a named set of the eight Normal cards."""

    set_name: str = msgspec.field(name="set")
    cards: tuple[CardDef, ...]


class CharacterFile(msgspec.Struct, frozen=True, kw_only=True):
    """``characters/<id>.json``: a character and its own special and ultra cards."""

    character: CharacterDef
    cards: tuple[CardDef, ...] = ()


class _Canonical(msgspec.Struct, frozen=True, kw_only=True):
    """What ``content_hash`` covers: everything, sorted by id."""

    characters: tuple[CharacterDef, ...]
    cards: tuple[CardDef, ...]


_HASH_ENCODER: Final = msgspec.msgpack.Encoder(order="deterministic")


# --- the catalog -------------------------------------------------------------------


class Catalog:
    """Read-only lookup of card and character definitions, with a content fingerprint."""

    __slots__ = ("_cards", "_characters", "_content_hash")

    def __init__(
        self, *, cards: Mapping[str, CardDef], characters: Mapping[str, CharacterDef]
    ) -> None:
        self._cards: Mapping[str, CardDef] = MappingProxyType(dict(sorted(cards.items())))
        self._characters: Mapping[str, CharacterDef] = MappingProxyType(
            dict(sorted(characters.items()))
        )
        canonical = _Canonical(
            characters=tuple(self._characters.values()), cards=tuple(self._cards.values())
        )
        self._content_hash = hashlib.sha256(_HASH_ENCODER.encode(canonical)).hexdigest()

    @property
    def cards(self) -> Mapping[str, CardDef]:
        """Every card definition by id (normals and all characters' cards)."""
        return self._cards

    @property
    def characters(self) -> Mapping[str, CharacterDef]:
        """Every character definition by id."""
        return self._characters

    @property
    def content_hash(self) -> str:
        """Hex sha256 of the canonical msgpack encoding; independent of files and layout."""
        return self._content_hash

    def card(self, card_id: str) -> CardDef:
        """The definition of ``card_id``; raises ``UnknownCard``."""
        try:
            return self._cards[card_id]
        except KeyError:
            raise UnknownCard(card_id, self._cards) from None

    def character(self, char_id: str) -> CharacterDef:
        """The definition of ``char_id``; raises ``UnknownCharacter``."""
        try:
            return self._characters[char_id]
        except KeyError:
            raise UnknownCharacter(char_id, self._characters) from None

    def buddy_name(self, characters: Iterable[str | None], buddy: str) -> str:
        """A buddy token's printed name, as the first of ``characters`` (a player's
        fighter and Tag Team partner) that declares ``buddy`` names it; the id itself if
        none does (a placed Trap boost is named by its boost)."""
        for char_id in characters:
            if char_id is not None and char_id in self._characters:
                for declared in self._characters[char_id].buddies:
                    if declared.id == buddy:
                        return declared.name
        return buddy

    def character_ids(self) -> list[str]:
        """The playable character ids, sorted."""
        return sorted(self._characters)

    def deck_list(self, char_id: str) -> list[str]:
        """The character's deck as card ids, each repeated by its copies, in deck order."""
        return [e.card for e in self.character(char_id).deck for _ in range(e.copies)]

    def game_cards(self, char_id: str) -> list[str]:
        """Every card the character brings to a game, as card ids: the deck list, then its
        start-sealed cards, then its set-aside cards (setup deals these last two out of
        the deck before the first shuffle: ``engine.rules.turn.deal_apart``)."""
        char = self.character(char_id)
        return self.deck_list(char_id) + [
            e.card for e in (*char.start_sealed, *char.set_aside) for _ in range(e.copies)]

    def card_names(self, char_id: str) -> list[str]:
        """The distinct card names in the character's deck, in deck order (for naming)."""
        names = (self.card(e.card).name for e in self.character(char_id).deck)
        return list(dict.fromkeys(names))

    def __repr__(self) -> str:
        chars = ", ".join(self._characters)
        return f"<Catalog {len(self._cards)} cards; {chars}; {self._content_hash[:12]}>"


@functools.cache
def default_catalog() -> Catalog:
    """The packaged catalog, loaded and validated once per process."""
    return load_catalog()


def load_catalog(data_dir: Path | None = None) -> Catalog:
    """Load and validate ``normals/*.json`` and ``characters/*.json`` under ``data_dir``."""
    root = DATA_DIR if data_dir is None else data_dir
    if not root.is_dir():
        raise CardDataError(_display(root), "card data directory not found")
    cards: dict[str, CardDef] = {}
    origins: dict[str, str] = {}
    characters: dict[str, tuple[str, CharacterDef]] = {}
    for path in sorted((root / "normals").glob("*.json")):
        normals = _decode(path, NormalsFile)
        _add_cards(_display(path), normals.cards, cards, origins)
    for path in sorted((root / "characters").glob("*.json")):
        source = _display(path)
        char_file = _decode(path, CharacterFile)
        _add_cards(source, char_file.cards, cards, origins)
        char = char_file.character
        if char.id in characters:
            first = characters[char.id][0]
            raise CardDataError(
                source, f"$.character.id: duplicate character id {char.id!r} (also in {first})"
            )
        characters[char.id] = (source, char)
    for source, char in characters.values():
        _check_character(source, char, cards)
    buddies = {b.id for _, char in characters.values() for b in char.buddies}
    _check_named_cards(cards, origins, buddies)
    for source, char in characters.values():
        _check_modes(source, "$.character", _character_roots(char))
    for card_id, card in cards.items():
        _check_modes(origins[card_id], f"card {card_id!r}", (card.effects, card.boost.effects))
    return Catalog(cards=cards, characters={k: c for k, (_, c) in characters.items()})


# --- decoding ----------------------------------------------------------------------


def _display(path: Path) -> str:
    """The path as shown in errors: relative to the working directory when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _decode(path: Path, file_type: type[_T]) -> _T:
    """Parse one data file into ``file_type``, turning every failure into one line."""
    source = _display(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CardDataError(source, f"cannot read file: {exc.strerror}") from None
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise CardDataError(source, _locate_syntax_error(str(exc), data)) from None
    try:
        decoded = msgspec.convert(raw, file_type)
    except msgspec.ValidationError as exc:
        raise CardDataError(source, _explain_validation(str(exc))) from None
    _check_no_unknown_fields(source, raw, msgspec.to_builtins(decoded), "$")
    return decoded


def _locate_syntax_error(message: str, data: bytes) -> str:
    """Replace msgspec's ``(byte N)`` with a line and column."""
    match = re.search(r"\(byte (\d+)\)", message)
    if match is None:
        return message
    pos = int(match.group(1))
    line = data.count(b"\n", 0, pos) + 1
    column = pos - (data.rfind(b"\n", 0, pos) + 1) + 1
    return message.replace(match.group(0), f"(line {line}, column {column})")


def _explain_validation(message: str) -> str:
    """Turn ``<problem> - at `$.path``` into ``$.path: <problem>``, naming effect tags."""
    problem, sep, where = message.rpartition(" - at ")
    if not sep:
        return message
    path = where.strip("`")
    value = re.fullmatch(r"Invalid (?:enum )?value (.+)", problem)
    if value and path.endswith(".type"):
        return f"{path.removesuffix('.type')}: unknown effect type {value.group(1)}"
    if value and path.endswith(".if.kind"):
        return f"{path.removesuffix('.kind')}: unknown condition kind {value.group(1)}"
    if value and path.endswith(".amount.count"):
        known = ", ".join(q.value for q in Quantity)
        return f"{path}: unknown quantity {value.group(1)} (a count counts one of: {known})"
    return f"{path}: {problem}"


def _check_no_unknown_fields(source: str, raw: object, known: object, path: str) -> None:
    """Reject keys the schema would silently ignore (a typo like ``"iff"``)."""
    if isinstance(raw, dict) and isinstance(known, dict):
        for key, value in raw.items():
            if key not in known:
                raise CardDataError(source, f"{path}: unknown field {key!r}")
            _check_no_unknown_fields(source, value, known[key], f"{path}.{key}")
    elif isinstance(raw, list) and isinstance(known, list | tuple):
        for index, (item, known_item) in enumerate(zip(raw, known, strict=False)):
            _check_no_unknown_fields(source, item, known_item, f"{path}[{index}]")


# --- validation --------------------------------------------------------------------


def _add_cards(
    source: str,
    new_cards: Iterable[CardDef],
    cards: dict[str, CardDef],
    origins: dict[str, str],
) -> None:
    """Check each card and add it, refusing an id defined twice."""
    for index, card in enumerate(new_cards):
        where = f"$.cards[{index}]"
        if card.id in cards:
            first = origins[card.id]
            raise CardDataError(source, f"{where}: duplicate card id {card.id!r} (also in {first})")
        _check_card(source, where, card)
        cards[card.id] = card
        origins[card.id] = source


def _check_card(source: str, where: str, card: CardDef) -> None:
    """Range order, non-negative numbers, gauge costs only on ultras, a range bound
    that is the total power holding the printed power, and a power that is the range to
    the opponent holding 0 (its flag written only as true: an UNSET field)."""
    if card.range is not None:
        low, high = card.range
        if low < 0 or high < 0:
            raise CardDataError(source, f"{where}.range: negative range {low}-{high}")
        if low > high:
            raise CardDataError(source, f"{where}.range: minimum {low} exceeds maximum {high}")
    for index, is_power in enumerate((card.min_range_is_total_power,
                                      card.max_range_is_total_power)):
        if is_power and (card.range is None or card.range[index] != card.power):
            raise CardDataError(
                source, f"{where}.range: a total-power bound must hold the printed power")
    if card.guard_is_cards_in_hand and card.guard != 0:
        raise CardDataError(source, f"{where}.guard: a cards-in-hand guard holds 0")
    if card.range_is_range_to_opponent and card.range != (1, 8):
        raise CardDataError(
            source, f"{where}.range: a range to the opponent holds every distance, 1-8")
    if card.power_is_range_to_opponent is False:
        raise CardDataError(
            source, f"{where}.power_is_range_to_opponent: write true or leave it out")
    if card.power_is_range_to_opponent is True and card.power != 0:
        raise CardDataError(source, f"{where}.power: a power that is the range to the "
                                    "opponent holds 0")
    numbers = {
        "power": card.power,
        "speed": card.speed,
        "armor": card.armor,
        "guard": card.guard,
        "gauge_cost": card.gauge_cost,
        "force_cost": card.force_cost,
        "boost.force_cost": card.boost.force_cost,
    }
    for name, value in numbers.items():
        if value < 0:
            raise CardDataError(source, f"{where}.{name}: must not be negative, got {value}")
    if card.kind is CardKind.ULTRA and card.gauge_cost == 0:
        raise CardDataError(source, f"{where}: ultra {card.id!r} has no gauge_cost")
    if card.kind is not CardKind.ULTRA and card.gauge_cost != 0:
        raise CardDataError(
            source, f"{where}.gauge_cost: only ultras cost gauge, but {card.id!r} is {card.kind}"
        )
    if card.kind is not CardKind.ULTRA and card.gauge_cost_reduction is not None:
        raise CardDataError(
            source,
            f"{where}.gauge_cost_reduction: only ultras cost gauge, but {card.id!r} is {card.kind}",
        )
    per_copy = card.gauge_cost_reduction is GaugeCostReduction.PER_CARD_COPY_IN_GAUGE
    if per_copy != (card.gauge_cost_reduction_card_id is not None):
        raise CardDataError(
            source,
            f"{where}.gauge_cost_reduction_card_id: given exactly with per_card_copy_in_gauge",
        )


def _check_character(source: str, char: CharacterDef, cards: Mapping[str, CardDef]) -> None:
    """Costs, life, buddies shown as buddies it declares, and a deck of known cards of
    the season's size."""
    if char.life <= 0:
        raise CardDataError(source, f"$.character.life: must be positive, got {char.life}")
    if char.exceed_cost < 0:
        raise CardDataError(source, f"$.character.exceed_cost: negative ({char.exceed_cost})")
    for group, actions in (("actions", char.actions), ("exceed_actions", char.exceed_actions)):
        for index, action in enumerate(actions):
            if action.gauge_cost < 0 or action.force_cost < 0:
                raise CardDataError(source, f"$.character.{group}[{index}]: negative cost")
    declared = {buddy.id for buddy in char.buddies}
    for index, buddy in enumerate(char.buddies):
        if buddy.shown_as is not None and buddy.shown_as not in declared - {buddy.id}:
            raise CardDataError(source, f"$.character.buddies[{index}].shown_as: "
                                        f"{buddy.shown_as!r} is not another buddy of "
                                        f"{char.id!r}")
    seen: set[str] = set()
    for index, entry in enumerate(char.deck):
        where = f"$.character.deck[{index}]"
        if entry.card not in cards:
            hint = UnknownCard(entry.card, cards).message.removeprefix("unknown card ")
            raise CardDataError(source, f"{where}.card: deck lists unknown card {hint}")
        if entry.card in seen:
            raise CardDataError(source, f"{where}.card: {entry.card!r} is listed twice")
        if entry.copies < 1:
            raise CardDataError(source, f"{where}.copies: must be at least 1, got {entry.copies}")
        seen.add(entry.card)
    for group, entries in (("start_sealed", char.start_sealed), ("set_aside", char.set_aside)):
        for index, entry in enumerate(entries):
            where = f"$.character.{group}[{index}]"
            if entry.card not in cards:
                hint = UnknownCard(entry.card, cards).message.removeprefix("unknown card ")
                raise CardDataError(source, f"{where}.card: lists unknown card {hint}")
            if entry.copies < 1:
                raise CardDataError(source, f"{where}.copies: must be at least 1, "
                                            f"got {entry.copies}")
    total = sum(entry.copies for entry in char.deck)  # start-sealed, set-aside: apart
    size = season_defs.season_def(char.season).deck_size
    if size is not None and total != size:
        raise CardDataError(
            source,
            f"$.character.deck: {char.id!r} has {total} cards; "
            f"a {char.season.value.replace('_', ' ').title()} deck has {size}",
        )


def _check_named_cards(
    cards: Mapping[str, CardDef], origins: Mapping[str, str], buddies: set[str]
) -> None:
    """Every card a condition names (``matches_named_card``), an effect counts or moves
    (``set_strike_x copies_in_gauge``, ``move_card_copies``, ``reveal_copy``) or a cost
    rule counts (``gauge_cost_reduction_card_id``) exists; a buddy condition names a
    declared buddy id instead (``buddies``)."""
    for card in cards.values():
        counted = card.gauge_cost_reduction_card_id
        if counted is not None and counted not in cards:
            raise CardDataError(
                origins[card.id], f"card {card.id!r}: its cost rule counts unknown card {counted!r}"
            )
        for effect in iter_effects((*card.effects, *card.boost.effects)):
            named = effect.condition.card if effect.condition is not None else None
            if named in buddies:
                named = None
            if isinstance(effect, (MoveCardCopies, RevealCopy, SetStrikeX)):
                named = effect.card
                if isinstance(effect, SetStrikeX) and (named is None) == (
                    effect.source is StrikeXSource.COPIES_IN_GAUGE
                ):
                    raise CardDataError(
                        origins[card.id],
                        f"card {card.id!r}: set_strike_x names a card exactly for copies_in_gauge",
                    )
            if named is not None and named not in cards:
                hint = UnknownCard(named, cards).message.removeprefix("unknown card ")
                raise CardDataError(
                    origins[card.id], f"card {card.id!r}: an effect names unknown card {hint}"
                )


def _check_modes(source: str, where: str, roots: Iterable[tuple[Effect, ...]]) -> None:
    """``set_mode`` switches off only a reversible mode; ``strike_faceup`` comes only in
    the form the engine plays, Hyde's (``disable_wild_swing`` and ``disable_ex``)."""
    for root in roots:
        for effect in iter_effects(root):
            if isinstance(effect, StrikeFaceup) and not (
                    effect.disable_wild_swing and effect.disable_ex):
                raise CardDataError(source, f"{where}: strike_faceup is played only with "
                                    "disable_wild_swing and disable_ex both true")
            if isinstance(effect, SetMode) and not effect.on:
                if effect.mode not in REVERSIBLE_MODES:
                    raise CardDataError(
                        source, f"{where}: set_mode cannot switch off {effect.mode.value!r}"
                    )
