"""Issue 28, item 5: every flag, rule or parameter the card data sets is read by the
engine.

The data is decoded into the schema (``engine.cards.schema``, ``engine.vocabulary``), which
refuses an unknown key; this test walks the decoded catalog for every field that some
card or fighter sets to a value other than its default, and fails when the engine's
code (its schema modules apart) never names that field: a flag like Guile's Change
Cards bonus or Tager's movement limit that nothing reads would be silently ignored.
The known exceptions are listed with the reason they need no reading.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from engine.cards.catalog import CardDataError, default_catalog, load_catalog

ENGINE = Path(__file__).resolve().parents[3] / "engine"
SCHEMA = ("vocabulary", "cards.py")
"""The schema modules: naming a field there declares it, it does not read it."""
COMMON = frozenset({"timing", "condition", "then", "otherwise", "kind"})
"""Read by the effect resolver and the condition predicates for every effect."""
NOT_READ = {
    ("DiscardThis", "ignore_active_boost"):
        "matters only for a boost still being played; this engine discards at once "
        "either way (the effect's reference entry says so)",
}


def _set_fields() -> dict[tuple[str, str], str]:
    """(struct, field) -> a card or fighter id that sets it to a non-default value."""
    found: dict[tuple[str, str], str] = {}

    def walk(node: object, where: str) -> None:
        if isinstance(node, msgspec.Struct):
            for field in msgspec.structs.fields(node):
                value = getattr(node, field.name)
                default = (field.default if field.default is not msgspec.NODEFAULT
                           else field.default_factory() if field.default_factory
                           is not msgspec.NODEFAULT else object())
                if value != default:
                    found.setdefault((type(node).__name__, field.name), where)
                walk(value, where)
        elif isinstance(node, (tuple, list)):
            for item in node:
                walk(item, where)

    catalog = default_catalog()
    for card_id, card in catalog.cards.items():
        walk(card, card_id)
    for char_id, char in catalog.characters.items():
        walk(char, char_id)
    return found


def _engine_source() -> str:
    return "\n".join(path.read_text() for path in sorted(ENGINE.rglob("*.py"))
                     if not str(path.relative_to(ENGINE)).startswith(SCHEMA))


def test_every_field_the_data_sets_is_read_by_the_engine() -> None:
    source = _engine_source()
    unread = [
        f"{struct}.{field} (set by {where})"
        for (struct, field), where in sorted(_set_fields().items())
        if field not in COMMON and (struct, field) not in NOT_READ
        and not re.search(rf"\.{field}\b|[\"']{field}[\"']", source)]
    assert not unread, "data the engine never reads: " + "; ".join(unread)
    # the exceptions are still set by the data and still unread (the detector sees them)
    for struct, field in NOT_READ:
        assert (struct, field) in _set_fields()
        assert not re.search(rf"\.{field}\b|[\"']{field}[\"']", source)


def test_the_character_flags_are_among_the_fields_read() -> None:
    """roster.md, "Character flags": each flag's field is set by its fighter (and so
    checked above): Guile's Change Cards bonus, Tager's movement limit and its optional
    exceed side, Morathi's delayed wild swing, Arakune's secret sealed area."""
    found = _set_fields()
    for field, fighter in (("change_cards_gauge_bonus", "guile"), ("movement_limit", "tager"),
                           ("movement_limit_optional_exceeded", "tager"),
                           ("delayed_wild_swing", "morathi"), ("sealed_area_secret", "arakune")):
        assert found.get(("CharacterDef", field)) == fighter


def test_strike_faceup_in_another_form_is_refused(tmp_path: Path) -> None:
    """``strike_faceup`` is played only as Hyde's card prints it (no wild swing, no EX):
    data asking for another form is one clear error, not a silently ignored field."""
    data = ENGINE / "data"
    target = tmp_path / "data"
    for path in data.rglob("*.json"):
        out = target / path.relative_to(data)
        out.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text()
        if path.name == "hyde.json":
            text = text.replace('"disable_ex": true', '"disable_ex": false', 1)
        out.write_text(text)
    with pytest.raises(CardDataError, match="strike_faceup is played only with"):
        load_catalog(target)
