"""A card as its reader reads it (``engine.text.reading``): plain words with every
figure, name and nested effect, never the card data's own words.

Found at the terminal and on the Play page's "What these cards do": ``c ken masters``
read "ability: set strike: gauge for effect"; Hakumen's read "[if manual_reshuffle] add
set aside card to deck (id hakumen_akumetsu)"; Carl Clover's "move buddy (buddy
nirvana_active, amount2 3)"; an effect's ``else`` branch and an ``add_attack_effect``'s
added effect were not read at all. The words recorded logs carry in their choices'
labels (``describe_effect``) stay as they were."""

from __future__ import annotations

import re

import msgspec

from engine import Catalog, catalog_names, default_catalog, describe_effect, read_effect
from engine.cards import schema as c
from engine.cards.effect_walk import iter_effects
from engine.text.reading_base import PHRASES
from replay.seat_view import describe_card, describe_fighter

CATALOG = default_catalog()


def _printed(card_id: str) -> list[str]:
    card = CATALOG.card(card_id)
    return [read_effect(e) for e in (*card.effects, *card.boost.effects)]


def _paid(card_id: str) -> list[str]:
    """Every paid effect of a card, its boost's and their chains', read."""
    card = CATALOG.card(card_id)
    return [read_effect(e) for e in iter_effects((*card.effects, *card.boost.effects))
            if isinstance(e, (c.GaugeForEffect, c.ForceForEffect))]


def _every_root() -> list[tuple[str, c.Effect]]:
    roots: list[tuple[str, c.Effect]] = []
    for card_id, card in CATALOG.cards.items():
        roots += [(card_id, e) for e in (*card.effects, *card.boost.effects)]
    for char_id, char in CATALOG.characters.items():
        effects = [*char.ability, *char.exceed_ability, *char.on_exceed]
        for action in (*char.actions, *char.exceed_actions):
            effects += action.effects
        roots += [(char_id, e) for e in effects]
    return roots


def test_critical_reads_as_a_gauge_paid_for_it() -> None:
    """Street Fighter rulebook, Critical: pay 1 gauge as you set your attack. Ken's
    character card holds it as ``gauge_for_effect 1: critical``."""
    [ability] = CATALOG.character("ken").ability
    assert read_effect(ability) == "may spend 1 gauge: your attack is Critical"
    assert ("  ability: set strike: may spend 1 gauge: your attack is Critical"
            in describe_fighter(CATALOG, "ken"))
    # the words recorded logs carry in choices' labels stay as they were
    assert describe_effect(ability) == "gauge for effect"


def test_figures_the_label_words_leave_out_are_said() -> None:
    """Carmine's Be Devoured: ``rangeup 0 / X`` read "rangeup"; Akuma's Hyakkishu's
    ``dodge_at_range 1-1`` read "dodge at range"; Hazama's Hungry Coils read "force
    costs reduced passive"; Ryu's Hadoken "[if is_critical] speedup 2"."""
    assert "range +0~+X" in "; ".join(_printed("carmine_bedevoured"))
    assert "attacks from range 1 miss you" in "; ".join(_printed("akuma_hyakkishu"))
    assert "your force costs are 1 less" in _printed("hazama_hungrycoils")
    assert _printed("ryu_hadoken")[0] == "[if your attack is Critical] +2 speed"
    assert describe_effect(CATALOG.card("ryu_hadoken").effects[0]) == "[if is_critical] speedup 2"


def test_each_kind_of_payment_reads_as_its_card_says() -> None:
    """Guren (Hakumen): up to 3 gauge, +1 power each; Enma: a gauge Hakumen must spend
    when he can; F-Piecewise (Arakune): up to 3 force, +2~+2 range each; Nu-13's Sword
    Dance: up to 4 force, +1 power each (a combined spend)."""
    assert "may spend up to 3 gauge: +1 power per gauge" in _paid("hakumen_guren")
    assert "must spend 1 gauge: close 1" in _paid("hakumen_enma")
    assert "may spend up to 3 force: range +2~+2 per force" in _paid("arakune_fpiecewise")
    assert _paid("nu13_sworddance") == ["may spend up to 4 force: +1 power per force"]
    lines = describe_card(CATALOG.card("hakumen_guren"))
    assert any(line.endswith("may spend up to 3 gauge: +1 power per gauge") for line in lines)


def test_cards_and_buddies_are_named_by_their_printed_names() -> None:
    """BlazBlue: Hakumen's Astral Heat, set aside, goes on top of his deck after a manual
    reshuffle; Carl Clover's Nirvana is a buddy with two sides."""
    hakumen = "; ".join(read_effect(e) for e in CATALOG.character("hakumen").ability)
    assert ("[if you chose to reshuffle] put your set-aside Akumetsu on top of your deck"
            in hakumen)
    carl = "; ".join(line for line in describe_fighter(CATALOG, "carlclover"))
    assert "Nirvana (Disabled) becomes Nirvana (Active)" in carl
    assert "nirvana" not in carl.replace("Nirvana", "")


def test_names_come_from_the_game_s_own_catalog() -> None:
    """A log carries its own card definitions: its names, not this engine's, are read."""
    akumetsu = CATALOG.card("hakumen_akumetsu")
    cards = dict(CATALOG.cards)
    cards[akumetsu.id] = msgspec.structs.replace(akumetsu, name="Old Akumetsu")
    old = Catalog(cards=cards, characters=CATALOG.characters)
    [reshuffle] = [e for e in CATALOG.character("hakumen").ability
                   if isinstance(e, c.AddSetAsideCardToDeck)]
    assert "your set-aside Old Akumetsu" in read_effect(reshuffle, catalog_names(old))
    assert any("your set-aside Old Akumetsu" in line for line in describe_fighter(old, "hakumen"))
    assert catalog_names(old)("not_a_card") == "not_a_card"


def test_what_the_label_words_hide_is_read() -> None:
    """Byakuya's Minced?: ``[if boost_in_play_or_parents byakuya_orshredded] strike, else
    choice ...`` (the else branch was not read); Hilda's Interference: the opponent draws
    too (read as "draw 3, then draw 3"); Arakune's Permutation n, r: the opponent picks;
    Ryu's Tatsumaki Senpukyaku gives its attack an effect once he has crossed (read as
    "add attack effect")."""
    minced = _printed("byakuya_minced")[-1]
    assert minced == ("[if Or... Shredded? is among your boosts in play] strike (otherwise "
                      "choose: you may boost Predator from your hand / nothing)")
    assert "draw 3, then the opponent draws 3" in _printed("hilda_interference")
    assert "push by the opponent's speed" in _printed("hilda_interference")
    assert any(t.startswith('the opponent chooses and does ("you" is them): ')
               for t in _printed("arakune_permutationnr"))
    assert ("advance 2, then [if you moved past the opponent] your attack gains (hit: gain "
            "advantage)") in _printed("ryu_tatsumakisenpukyaku")


def test_every_effect_type_has_a_reader_phrase() -> None:
    """Each of the vocabulary's effect types is read in its own words, not its tag."""
    missing = sorted(t.__name__ for t in c.EFFECT_TYPES if t not in PHRASES)
    assert missing == []


def test_no_card_text_shows_the_card_data_s_words() -> None:
    """Every printed effect of every card and fighter: no underscore (``hit_opponent``,
    ``strike_x``), no card or buddy id, no data field name (``amount2``, ``(id``)."""
    ids = set(CATALOG.cards) | {b.id for ch in CATALOG.characters.values() for b in ch.buddies}
    fields = re.compile(r"\b(amount2|amount \d|buddy to|valid zones|look amount|move max)\b"
                        r"|\(id ")
    bad: list[str] = []
    for owner, effect in _every_root():
        text = read_effect(effect)
        words = set(re.findall(r"[a-z0-9_]+", text))
        if "_" in text or words & ids or fields.search(text):
            bad.append(f"{owner}: {text}")
    assert bad == [], "\n".join(bad[:20])


def test_every_condition_kind_has_reader_words() -> None:
    """docs/effects.md, Conditions: each kind reads as a sentence of its own, not as its
    name in the data (``hit_opponent`` is "you hit")."""
    from engine.text.reading import _reader
    from engine.text.reading_conditions import read_condition

    reader = _reader(None)
    raw = [k.value for k in c.ConditionKind
           if read_condition(c.Condition(kind=k, amount=1), reader) == k.value.replace("_", " ")]
    assert raw == []
    assert len(c.ConditionKind) > 70


def test_a_repeat_says_how_many_more_times() -> None:
    """Nine's Lapis Lazuli: a move, repeated once more per 2 sealed Normals (effects.md,
    ``repeat_effect_optionally``: ``every_two_sealed_normals``); Hazama's Hungry
    Darkness: up to X draws, each asked."""
    assert ("choose: advance 1 / retreat 1; you may repeat it, 1 more time per 2 sealed "
            "Normals") in _printed("nine_lapislazuli")
    assert "you may draw 1, up to X times" in "; ".join(_printed("hazama_hungrydarkness"))


def test_an_effect_granted_to_the_opponent_says_whose_you_it_is() -> None:
    """Carl Clover's ability gives the opponent's attack an ``opponent_before`` effect,
    which the opponent resolves (docs/effects.md, Timings): its "you" is them, and the
    line says so (it read "opponent before:", so "your attack misses" read as Carl's)."""
    lines = describe_fighter(CATALOG, "carlclover")
    assert any(line.startswith('  ability: the opponent\'s before (they resolve it: "you" is '
                               "them): ") and "flip the opponent's Nirvana (Active)" in line
               for line in lines), lines
