"""Card flow audit (effects.md, "Card flow (draw, discard, gauge, deck, seal, life)"):
each test a place where a card-flow keyword's handler read differently from its
semantics line in effects.md, or a subtle reading no other test pinned. A test's
docstring names the fighter, the card and its data (roster.md notation)."""

from __future__ import annotations

from conftest import P2, boost, position

from engine import events as ev


def test_burning_justice_takes_effect_damage_as_discards() -> None:
    """Super Skull Man 33, Kaplow!!!!'s boost Burning Justice (continuous, 0): now:
    add_passive {passive=discard_2x_topdeck_instead_of_damage} (effects.md, add_passive:
    "take 2x damage as top-deck discards instead of life loss"). take_damage is damage
    too (effects.md, take_damage: "Non-attack damage of N"). Carmine boosts Give Me
    That!'s Blood Spike (immediate: [if any_buddy_in_opponent_space] take_damage 2
    {opponent, nonlethal}) with a Dissolve on Super Skull Man's space: he loses no life
    and discards the top 4 cards of his deck instead."""
    d = position(p1=dict(space=3, hand=["givemethat"], boosts=["twist"], traps={"twist": 5}),
                 p2=dict(space=5, life=10, boosts=["kaplow"]),
                 chars=("carmine", "superskullman"))
    deck_before = len(d.p(P2).deck)
    boost(d, "givemethat")
    d.choose("push")
    assert d.life(P2) == 10
    assert len(d.p(P2).deck) == deck_before - 4
    assert d.events(ev.DamageTakenAsDiscards) == [
        ev.DamageTakenAsDiscards(target=P2, amount=2, discarded=4)]


def test_burning_justice_takes_nonlethal_effect_damage_at_one_life_as_discards() -> None:
    """Super Skull Man 33's Burning Justice (add_passive discard_2x_topdeck_instead_of_
    damage) against Carmine's Blood Spike (take_damage 2 {opponent, nonlethal}) at 1
    life: the 2 damage is taken as 4 top-deck discards instead of life loss (effects.md,
    add_passive); nonlethal only caps the life lost ("leaves at least 1 life"), and none
    is lost. He stays on 1 life and discards 4."""
    d = position(p1=dict(space=3, hand=["givemethat"], boosts=["twist"], traps={"twist": 5}),
                 p2=dict(space=5, life=1, boosts=["kaplow"]),
                 chars=("carmine", "superskullman"))
    deck_before = len(d.p(P2).deck)
    boost(d, "givemethat")
    d.choose("push")
    assert d.life(P2) == 1
    assert len(d.p(P2).deck) == deck_before - 4
