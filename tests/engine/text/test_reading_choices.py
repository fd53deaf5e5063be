"""``engine.read_choice``: a choice request's offered options in the card reader's words,
matched with the choice the asking card prints (``engine.text.reading_choices``)."""

from __future__ import annotations

import re

from engine import default_catalog, read_choice
from engine.cards import schema as c
from engine.core.decisions import ChoiceOption, RuleOption
from engine.text.phrases import describe_chain, option_of_chain
from engine.text.reading_choices import printed_choices

CATALOG = default_catalog()

PLAIN = frozenset({"gain advantage", "attack does not hit", "discard this"})
"""Multi-word effect tags that are rulebook English where the reader uses them ("gain
advantage"; "your attack does not hit"; "discard this boost")."""


def test_every_printed_choice_reads_in_the_readers_words() -> None:
    """Each choice printed on any card (attack or boost) or character card is found from
    its options alone, and each option reads without a card-data tag (``place buddy at
    range``, ``cards from discard``, ``boost then sustain topdiscard``...), which the
    recorded labels keep."""
    tags = {c.effect_tag(t).replace("_", " ") for t in vars(c).values()
            if isinstance(t, type) and issubclass(t, c.EffectBase) and t is not c.EffectBase
            and "_" in c.effect_tag(t)}
    shown: dict[str, str] = {}
    choices = 0
    for definition in [*CATALOG.cards.values(), *CATALOG.characters.values()]:
        for choice in printed_choices(definition):
            choices += 1
            texts = read_choice(CATALOG, [definition], [option_of_chain(o) for o in choice.options])
            assert texts is not None and len(texts) == len(choice.options), definition
            for text in texts:
                shown.update((t, text) for t in tags if re.search(rf"\b{re.escape(t)}\b", text))
    assert choices > 250
    assert set(shown) <= PLAIN, {t: shown[t] for t in set(shown) - PLAIN}


def test_hazamas_ouroboros_reads_its_buddy_by_name() -> None:
    """Hazama's ability, ``set_strike: [if initiated_strike] force_for_effect
    {overall_effect=(choice <place_buddy_at_range {ouroboros_nothing, 1-1} | ...>)}``:
    the label recorded is "place buddy at range ouroboros_move 1-1"; it reads with the
    buddy's printed name."""
    hazama = CATALOG.character("hazama")
    choice = next(ch for ch in printed_choices(hazama)
                  if any("ouroboros_move" in describe_chain(o) for o in ch.options))
    offered = [option_of_chain(o) for o in choice.options]
    texts = read_choice(CATALOG, [hazama], offered)
    assert texts is not None
    assert "put Ouroboros - Move to it 1 space from you" in texts
    assert "put Ouroboros - Fake 1 space from you" in texts


def test_fewer_options_offered_than_printed_match_in_order() -> None:
    """A choice may offer fewer options than it prints (mid-strike, one that would only
    start a strike is left out): Cross's boost Run, ``choice <advance 1 | advance 2 |
    advance 3 | pass>``, offered without ``advance 2``, reads the three it offers; out
    of printed order, nothing matches."""
    cross = CATALOG.card("standard_normal_cross")
    [run] = printed_choices(cross)
    options = [option_of_chain(o) for o in run.options]
    assert read_choice(CATALOG, [cross], [options[0], options[2], options[3]]) == (
        "advance 1", "advance 3", "pass")
    assert read_choice(CATALOG, [cross], [options[2], options[0]]) is None


def test_a_rules_question_is_not_read() -> None:
    """A question a rule asks (Tag Team's Ejection Strike: "eject" or "pass") is printed
    on no card: None, so the page keeps its recorded label; so is a request with no
    options described (a log recorded before options were)."""
    eject = (ChoiceOption(tag=RuleOption.EJECT), ChoiceOption(tag="pass"))
    ryu = CATALOG.character("ryu")
    assert read_choice(CATALOG, [ryu, *CATALOG.cards.values()], eject) is None
    assert read_choice(CATALOG, [ryu], ()) is None
