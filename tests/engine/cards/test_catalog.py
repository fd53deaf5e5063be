"""Tests for ``engine.cards.catalog``: the packaged card facts, the content hash, and validation."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.cards import schema as c
from engine.cards.catalog import (
    DATA_DIR,
    CardDataError,
    UnknownCard,
    UnknownCharacter,
    default_catalog,
    load_catalog,
)
from engine.cards.effect_walk import (
    character_effect_types,
    iter_effects,
    single_fighter_effect_types,
    used_condition_kinds,
    used_effect_types,
)
from engine.cards.schema import (
    AddAttackEffect,
    Advance,
    CardKind,
    Choice,
    Close,
    ConditionKind,
    Critical,
    Draw,
    GaugeForEffect,
    IgnoreGuard,
    Pass,
    Strike,
    Timing,
)
from engine.cards.team import InvalidTeam, check_spec

Json = Any


# --- helpers -----------------------------------------------------------------------


def copy_data(tmp_path: Path) -> Path:
    """A private copy of the packaged data directory that a test may break."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit_json(path: Path, change: Callable[[Json], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=2))


def load_error(data_dir: Path) -> str:
    """Load ``data_dir``, expecting failure; return the one-line message."""
    with pytest.raises(CardDataError) as info:
        load_catalog(data_dir)
    message = str(info.value)
    assert "\n" not in message
    return message


def card_index(data: Json, card_id: str) -> int:
    return next(i for i, card in enumerate(data["cards"]) if card["id"] == card_id)


# --- the packaged facts ------------------------------------------------------------

def _data_files(group: str) -> dict[str, Json]:
    """The packaged data files of ``group`` (``characters``, ``normals``), read as plain
    JSON apart from the catalog loader, by file name."""
    return {path.stem: json.loads(path.read_text())
            for path in sorted((DATA_DIR / group).glob("*.json"))}


FIGHTER_FILES = _data_files("characters")
ROSTER = sorted(data["character"]["id"] for data in FIGHTER_FILES.values())
EXTRA_OWN_CARDS = {"merkava": 1, "nine": 2}
"""Fighters printed with more than 7 cards of their own (roster.md: Merkava 8, Nine 9)."""


def test_default_catalog_loads_and_is_cached() -> None:
    catalog = default_catalog()
    assert catalog is default_catalog()
    assert catalog.character_ids() == ROSTER
    # every card of every data file, once (the Normals sets and each fighter's own cards)
    files = [*_data_files("normals").values(), *FIGHTER_FILES.values()]
    assert len(catalog.cards) == sum(len(data["cards"]) for data in files)
    assert ROSTER == sorted(FIGHTER_FILES)  # a fighter's file is named by its id


@pytest.mark.parametrize("char_id", ROSTER)
def test_a_fighter_has_7_cards_of_its_own_beside_its_set_aside_cards(char_id: str) -> None:
    """roster.md: each fighter brings 7 cards (Merkava 8, Nine 9) and, in BlazBlue, its
    Astral Heat set aside; the Normals come from its season's Normals set."""
    catalog = default_catalog()
    character = catalog.character(char_id)
    own = {card_id for card_id in catalog.cards if card_id.startswith(char_id + "_")}
    set_aside = {entry.card for entry in character.set_aside}
    assert set_aside <= own
    assert len(own - set_aside) == 7 + EXTRA_OWN_CARDS.get(char_id, 0)
    assert len(set_aside) == (1 if character.season is c.Season.BLAZBLUE else 0)


@pytest.mark.parametrize("char_id", ["ryu", "ken"])
def test_deck_is_30_cards_16_normals_10_specials_4_ultras(char_id: str) -> None:
    catalog = default_catalog()
    deck = catalog.deck_list(char_id)
    assert len(deck) == 30
    kinds = Counter(catalog.card(card_id).kind for card_id in deck)
    assert kinds == {CardKind.NORMAL: 16, CardKind.SPECIAL: 10, CardKind.ULTRA: 4}
    assert all(count == 2 for count in Counter(deck).values())


def test_deck_list_keeps_entry_order_and_card_names_are_distinct() -> None:
    catalog = default_catalog()
    deck = catalog.deck_list("ryu")
    assert deck[:4] == [
        "standard_normal_grasp",
        "standard_normal_grasp",
        "standard_normal_cross",
        "standard_normal_cross",
    ]
    assert deck[-1] == "ryu_metsushoryuken"
    names = catalog.card_names("ryu")
    assert names[:8] == ["Grasp", "Cross", "Assault", "Dive", "Spike", "Sweep", "Focus", "Block"]
    assert names[8:] == [
        "Donkey Kick",
        "Hadoken",
        "One Inch Punch",
        "Shoryuken",
        "Tatsumaki Senpukyaku",
        "Metsu Hadoken",
        "Metsu Shoryuken",
    ]


def test_focus_stats() -> None:
    focus = default_catalog().card("standard_normal_focus")
    assert (focus.range, focus.power, focus.speed, focus.armor, focus.guard) == ((1, 2), 4, 1, 2, 5)
    assert focus.boost.name == "Reading"


def test_block_has_no_range() -> None:
    block = default_catalog().card("standard_normal_block")
    assert block.range is None
    assert (block.power, block.speed, block.armor, block.guard) == (0, 0, 2, 3)


def test_ryu_hadoken_stats() -> None:
    hadoken = default_catalog().card("ryu_hadoken")
    assert (hadoken.range, hadoken.power, hadoken.speed) == ((3, 6), 4, 4)
    assert hadoken.kind is CardKind.SPECIAL


def test_exceed_costs_and_ultra_costs() -> None:
    catalog = default_catalog()
    assert catalog.character("ken").exceed_cost == 3
    assert catalog.character("ryu").exceed_cost == 2
    assert catalog.card("ken_shinryuken").gauge_cost == 4
    assert catalog.card("ryu_metsuhadoken").gauge_cost == 3
    assert catalog.card("ryu_metsuhadoken").boost.force_cost == 1


def test_street_fighter_ability_pays_one_gauge_for_critical() -> None:
    for char_id in ("ryu", "ken"):
        (ability,) = default_catalog().character(char_id).ability
        assert isinstance(ability, GaugeForEffect)
        assert ability.timing is Timing.SET_STRIKE
        assert ability.gauge_max == 1
        assert ability.overall_effect == (Critical(),)


def test_ken_exceed_action_is_a_then_chain() -> None:
    (action,) = default_catalog().character("ken").exceed_actions
    walked = list(iter_effects(action.effects))
    assert [type(e) for e in walked] == [Close, Draw, Choice, Strike, Pass]


def test_ryu_exceed_action_draws_after_the_choice() -> None:
    (action,) = default_catalog().character("ryu").exceed_actions
    (choice,) = action.effects
    assert isinstance(choice, Choice)
    assert len(choice.options) == 2
    assert choice.then == (Draw(amount=1),)


def test_used_vocabulary_includes_nested_effects() -> None:
    catalog = default_catalog()
    # Critical only appears inside GaugeForEffect.overall_effect.
    assert {GaugeForEffect, Critical} <= used_effect_types(catalog)
    # the buddy conditions no fighter on main reads yet (the buddies seam brings them
    # for Hilda, Carmine and Kokonoe; tests/engine/mechanics/test_buddies.py runs them)
    awaiting = {ConditionKind.BUDDY_SPACE_UNOCCUPIED, ConditionKind.ANY_BUDDY_IN_PLAY,
                ConditionKind.ANY_BUDDY_IN_OPPONENT_SPACE, ConditionKind.ON_BUDDY_SPACE,
                ConditionKind.WAS_SET_FROM_BOOSTS}  # Carmine's (test_wagner_ultras.py runs it)
    assert set(ConditionKind) - awaiting <= used_condition_kinds(catalog)
    tatsumaki = catalog.card("ken_tatsumakisenpukyaku")
    walked = [type(e) for e in iter_effects(tatsumaki.effects)]
    assert walked == [Advance, AddAttackEffect, IgnoreGuard]


# --- content hash --------------------------------------------------------------------


def test_single_fighter_effect_types_name_the_one_fighter() -> None:
    """Cammy alone pushes or pulls to any space (Akuma and Seth both spend life);
    powerup is on Normals, so every fighter can use it; Ryu can use what the shared
    Normals carry (Sweep's opponent_discard_random)."""
    catalog = default_catalog()
    single = single_fighter_effect_types(catalog)
    assert c.SpendLife not in single
    assert single[c.PushOrPullToAnySpace] == "cammy"
    assert c.Powerup not in single
    assert c.OpponentDiscardRandom in character_effect_types(catalog, "ryu")
    assert c.SpendLife not in character_effect_types(catalog, "ryu")


def test_content_hash_is_stable_sha256_hex() -> None:
    first = load_catalog().content_hash
    assert re.fullmatch(r"[0-9a-f]{64}", first)
    assert load_catalog().content_hash == first == default_catalog().content_hash


def test_content_hash_ignores_whitespace_and_card_order(tmp_path: Path) -> None:
    data_dir = copy_data(tmp_path)
    for path in data_dir.rglob("*.json"):
        data = json.loads(path.read_text())
        data["cards"].reverse()
        path.write_text(json.dumps(data, separators=(",", ":")))
    assert load_catalog(data_dir).content_hash == default_catalog().content_hash


def test_content_hash_changes_when_one_number_changes(tmp_path: Path) -> None:
    data_dir = copy_data(tmp_path)
    path = data_dir / "characters" / "ryu.json"
    edit_json(path, lambda d: d["cards"][card_index(d, "ryu_hadoken")].update(power=5))
    assert load_catalog(data_dir).content_hash != default_catalog().content_hash


# --- lookups -------------------------------------------------------------------------


def test_unknown_character_lists_playable_ids() -> None:
    with pytest.raises(UnknownCharacter) as info:
        default_catalog().character("rye")
    assert str(info.value) == f"unknown character 'rye'; playable: {', '.join(ROSTER)}"
    assert isinstance(info.value, LookupError)


@pytest.mark.parametrize("spec", ["r" * 5000, "ryu+" + "k" * 5000, "ryu+ryu+" + "x" * 5000])
def test_a_long_fighter_someone_typed_is_named_cut_short(spec: str) -> None:
    """Found while fixing the audits' leftovers: ``exceed play --p1`` with a 5,000-character
    id echoed it whole in its one-line refusal (so did ``create_live``)."""
    with pytest.raises((UnknownCharacter, InvalidTeam)) as info:
        check_spec(default_catalog(), spec)
    text = str(info.value).split(";")[0]
    assert len(text) < 120 and "characters)" in text and "…'" in text, text


def test_unknown_card_is_a_key_error_with_a_hint() -> None:
    with pytest.raises(KeyError) as info:
        default_catalog().card("ryu_hadokn")
    assert isinstance(info.value, UnknownCard)
    assert str(info.value) == "unknown card 'ryu_hadokn'; did you mean 'ryu_hadoken'?"


def test_catalog_is_read_only() -> None:
    catalog = default_catalog()
    with pytest.raises(TypeError):
        catalog.cards["x"] = catalog.card("ryu_hadoken")  # type: ignore[index]
    with pytest.raises(AttributeError):
        catalog.content_hash = "0"  # type: ignore[misc]


# --- validation ----------------------------------------------------------------------


def test_bad_json_names_file_and_line(tmp_path: Path) -> None:
    data_dir = copy_data(tmp_path)
    path = data_dir / "characters" / "ryu.json"
    path.write_text(path.read_text().replace('"name": "Ryu",', '"name": "Ryu",,', 1))
    message = load_error(data_dir)
    assert "ryu.json" in message
    assert "malformed" in message and "line 4" in message


def _set_effect_type(d: Json) -> None:
    d["cards"][2]["effects"][0]["type"] = "advanse"


def _set_condition_kind(d: Json) -> None:
    d["cards"][card_index(d, "ryu_hadoken")]["effects"][0]["if"]["kind"] = "is_crit"


def _misspell_deck_card(d: Json) -> None:
    d["character"]["deck"][9]["card"] = "ryu_hadokn"


def _shrink_deck(d: Json) -> None:
    d["character"]["deck"][0]["copies"] = 1


def _drop_power(d: Json) -> None:
    del d["cards"][0]["power"]


def _power_as_text(d: Json) -> None:
    d["cards"][0]["power"] = "6"


def _reverse_range(d: Json) -> None:
    d["cards"][card_index(d, "ryu_hadoken")]["range"] = [6, 3]


def _negative_range(d: Json) -> None:
    d["cards"][0]["range"] = [-1, 2]


def _negative_speed(d: Json) -> None:
    d["cards"][0]["speed"] = -1


def _negative_boost_cost(d: Json) -> None:
    d["cards"][0]["boost"]["force_cost"] = -1


def _free_ultra(d: Json) -> None:
    del d["cards"][card_index(d, "ryu_metsuhadoken")]["gauge_cost"]


def _special_with_gauge_cost(d: Json) -> None:
    d["cards"][0]["gauge_cost"] = 2


def _special_with_cost_rule(d: Json) -> None:
    d["cards"][0]["gauge_cost_reduction"] = "free_if_no_cards_in_hand"


def _duplicate_card(d: Json) -> None:
    d["cards"].append(dict(d["cards"][0]))


def _steal_normal_id(d: Json) -> None:
    d["cards"][0]["id"] = "standard_normal_focus"


def _misspelled_field(d: Json) -> None:
    effect = d["cards"][card_index(d, "ryu_hadoken")]["effects"][0]
    effect["iff"] = effect.pop("if")


def _switch_off_a_one_way_mode(d: Json) -> None:
    off = {"type": "set_mode", "mode": "skip_end_of_turn_draw", "on": False}
    d["cards"][0]["effects"].append({**off, "timing": "after"})


def _misspell_quantity(d: Json) -> None:
    amount = {"count": "gauges"}
    d["cards"][0]["effects"].append({"type": "powerup", "timing": "before", "amount": amount})


def _cost_rule_without_card(d: Json) -> None:
    d["cards"][card_index(d, "ryu_metsuhadoken")]["gauge_cost_reduction"] = (
        "per_card_copy_in_gauge"
    )


def _copies_in_gauge_of_unknown_card(d: Json) -> None:
    effect = {"type": "set_strike_x", "timing": "before", "source": "copies_in_gauge",
              "card": "ryu_hadokn"}
    d["cards"][0]["effects"].append(effect)


def _copies_in_gauge_without_card(d: Json) -> None:
    effect = {"type": "set_strike_x", "timing": "before", "source": "copies_in_gauge"}
    d["cards"][0]["effects"].append(effect)


def _misspell_count_field(d: Json) -> None:
    amount = {"count": "gauge", "at_mots": 2}
    d["cards"][0]["effects"].append({"type": "powerup", "timing": "before", "amount": amount})


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_set_effect_type, "$.cards[2].effects[0]: unknown effect type 'advanse'"),
        (_set_condition_kind, "$.cards[1].effects[0].if: unknown condition kind 'is_crit'"),
        (_misspell_deck_card, "$.character.deck[9].card: deck lists unknown card 'ryu_hadokn'"),
        (_shrink_deck, "$.character.deck: 'ryu' has 29 cards; a Street Fighter deck has 30"),
        (_drop_power, "$.cards[0]: Object missing required field `power`"),
        (_power_as_text, "$.cards[0].power: Expected `int`, got `str`"),
        (_reverse_range, "$.cards[1].range: minimum 6 exceeds maximum 3"),
        (_negative_range, "$.cards[0].range: negative range -1-2"),
        (_negative_speed, "$.cards[0].speed: must not be negative, got -1"),
        (_negative_boost_cost, "$.cards[0].boost.force_cost: must not be negative, got -1"),
        (_free_ultra, "$.cards[5]: ultra 'ryu_metsuhadoken' has no gauge_cost"),
        (_special_with_gauge_cost, "$.cards[0].gauge_cost: only ultras cost gauge"),
        (_special_with_cost_rule, "$.cards[0].gauge_cost_reduction: only ultras cost gauge"),
        (_duplicate_card, "$.cards[7]: duplicate card id 'ryu_donkeykick'"),
        (_steal_normal_id, "$.cards[0]: duplicate card id 'standard_normal_focus' (also in"),
        (_misspelled_field, "$.cards[1].effects[0]: unknown field 'iff'"),
        (_misspell_quantity, "$.cards[0].effects[1].amount.count: unknown quantity 'gauges' "
                             "(a count counts one of: gauge, cards_in_hand, spaces_between, "
                                 "opponent_gauge, damage_taken, damage_dealt, "
                                 "boosts_in_play, opponent_cards_in_hand, strike_x, "
                                 "power, opponent_speed, cards_in_discard, "
                                 "sealed_normals)"),
        (_misspell_count_field, "$.cards[0].effects[1].amount: unknown field 'at_mots'"),
        (_switch_off_a_one_way_mode,
         "card 'ryu_donkeykick': set_mode cannot switch off 'skip_end_of_turn_draw'"),
        (_cost_rule_without_card,
         "$.cards[5].gauge_cost_reduction_card_id: given exactly with per_card_copy_in_gauge"),
        (_copies_in_gauge_of_unknown_card,
         "card 'ryu_donkeykick': an effect names unknown card 'ryu_hadokn'"),
        (_copies_in_gauge_without_card,
         "card 'ryu_donkeykick': set_strike_x names a card exactly for copies_in_gauge"),
    ],
    ids=lambda v: getattr(v, "__name__", "")[1:] or None,
)
def test_malformed_ryu_file_is_one_line_naming_the_file(
    tmp_path: Path, change: Callable[[Json], None], expected: str
) -> None:
    data_dir = copy_data(tmp_path)
    path = data_dir / "characters" / "ryu.json"
    edit_json(path, change)
    message = load_error(data_dir)
    assert "characters/ryu.json: " in message
    assert expected in message


def test_error_in_normals_file_names_that_file(tmp_path: Path) -> None:
    data_dir = copy_data(tmp_path)
    path = data_dir / "normals" / "standard.json"
    edit_json(path, lambda d: d["cards"][7]["effects"][0].update(timing="whenever"))
    message = load_error(data_dir)
    assert "normals/standard.json: $.cards[7].effects[0].timing:" in message
    assert "'whenever'" in message


def test_missing_data_dir(tmp_path: Path) -> None:
    assert "not found" in load_error(tmp_path / "nowhere")


def test_a_condition_naming_an_unknown_card_is_refused(tmp_path: Path) -> None:
    """``matches_named_card`` names a card id; a typo there is a load error."""
    data_dir = copy_data(tmp_path)
    path = data_dir / "characters" / "sagat.json"

    def typo(d: dict[str, Any]) -> None:
        effect = d["cards"][card_index(d, "sagat_lowstepkick")]["boost"]["effects"][0]
        effect["if"]["card"] = "sagat_tigeruppercat"

    edit_json(path, typo)
    with pytest.raises(CardDataError, match="names unknown card 'sagat_tigeruppercat'; did you"):
        load_catalog(data_dir)
