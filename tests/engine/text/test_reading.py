"""A card as its reader reads it (``engine.text.reading``): a paid effect says what is
paid and what it buys. Found at the terminal: ``c ken masters`` read "ability: set
strike: gauge for effect", and the Game and Play pages' "Card texts" said the same of
61 cards and characters (85 such effects; shared/reference/effects.md)."""

from __future__ import annotations

from engine import default_catalog, describe_effect, read_effect
from replay.seat_view import describe_card, describe_fighter

CATALOG = default_catalog()


def _paid(card_id: str) -> list[object]:
    """Every paid effect of a card, its boost's and their chains', in order."""
    card = CATALOG.card(card_id)
    found: list[object] = []

    def walk(effects: tuple[object, ...]) -> None:
        for e in effects:
            if type(e).__name__ in ("GaugeForEffect", "ForceForEffect"):
                found.append(e)
            walk(getattr(e, "then", ()))

    walk((*card.effects, *card.boost.effects))
    return found


def _read(card_id: str) -> list[str]:
    return [read_effect(e) for e in _paid(card_id)]  # type: ignore[arg-type]


def test_critical_reads_as_a_gauge_paid_for_it() -> None:
    """Street Fighter rulebook, Critical: pay 1 gauge as you set your attack. Ken's
    character card holds it as ``gauge_for_effect 1: critical``."""
    [ability] = CATALOG.character("ken").ability
    assert read_effect(ability) == "may spend 1 gauge: critical"
    assert "  ability: set strike: may spend 1 gauge: critical" in describe_fighter(CATALOG,
                                                                                 "ken")
    # the words recorded logs carry in choices' labels stay as they were
    assert describe_effect(ability) == "gauge for effect"


def test_figures_the_label_words_leave_out_are_said() -> None:
    """Carmine's Be Devoured: ``rangeup 0 / 1 per strike X`` read "rangeup"; Akuma's
    Hyakkishu's ``dodge_at_range 1-1`` read "dodge at range"; Hazama's Serpent's
    Benediction read "force costs reduced passive"; Arakune's Fofg's move to any space
    hid its 8 spaces. Each now says its figures (the log's words stay as they were)."""
    carmine = [read_effect(e) for e in CATALOG.card("carmine_bedevoured").effects]
    assert any("range +0~+1 per strike x" in line for line in carmine), carmine
    akuma = [read_effect(e) for e in CATALOG.card("akuma_hyakkishu").effects]
    assert "attacks from range 1 miss you" in "; ".join(akuma), akuma
    hazama = [read_effect(e) for e in CATALOG.card("hazama_hungrycoils").boost.effects]
    assert "your force costs are 1 less" in hazama, hazama
    card = CATALOG.card("arakune_fofg")
    fofg = "; ".join(read_effect(e) for e in (*card.effects, *card.boost.effects))
    assert "move to any space (move max 8)" in fofg, fofg
    # an effect whose label already says everything reads as the label
    hadoken = CATALOG.card("ryu_hadoken").effects
    assert read_effect(hadoken[0]) == describe_effect(hadoken[0])


def test_each_kind_of_payment_reads_as_its_card_says() -> None:
    """Guren (Hakumen): up to 3 gauge, +1 power each; Enma: a gauge Hakumen must spend
    when he can; F-Piecewise (Arakune): up to 3 force, +2~+2 range each; Nu-13's Sword Dance
    keeps its own words (power per force, combined)."""
    assert "may spend up to 3 gauge: powerup 1 per gauge" in _read("hakumen_guren")
    assert "must spend 1 gauge: close 1" in _read("hakumen_enma")
    assert "may spend up to 3 force: range +2~+2 per force" in _read("arakune_fpiecewise")
    sword = _paid("nu13_sworddance")
    assert [read_effect(e) for e in sword] == [  # type: ignore[arg-type]
        describe_effect(e) for e in sword] == ["powerup 1 per force, up to 4"]  # type: ignore[arg-type]
    lines = describe_card(CATALOG.card("hakumen_guren"))
    assert any(line.endswith("may spend up to 3 gauge: powerup 1 per gauge") for line in lines)
