"""Card flow audit (effects.md, "Card flow (draw, discard, gauge, deck, seal, life)"):
each test a place where a card-flow keyword's handler read differently from its
semantics line in effects.md, or a subtle reading no other test pinned. A test's
docstring names the fighter, the card and its data (roster.md notation)."""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.ids import Zone


def _blood_spike_on_burning_justice(life: int) -> tuple[Driver, int]:
    """Carmine (space 3) boosts Give Me That!'s Blood Spike with a Dissolve Trap on
    Super Skull Man's space (5), who has Burning Justice in play and ``life``; the
    driver, and the size of his deck before."""
    d = position(p1=dict(space=3, hand=["givemethat"], boosts=["twist"], traps={"twist": 5}),
                 p2=dict(space=5, life=life, boosts=["kaplow"]),
                 chars=("carmine", "superskullman"))
    deck_before = len(d.p(P2).deck)
    boost(d, "givemethat")
    d.choose("push")
    return d, deck_before


def test_burning_justice_takes_effect_damage_as_discards() -> None:
    """Super Skull Man 33, Kaplow!!!!'s boost Burning Justice (continuous, 0): now:
    add_passive {passive=discard_2x_topdeck_instead_of_damage} (effects.md, add_passive:
    "take 2x damage as top-deck discards instead of life loss"). take_damage is damage
    too (effects.md, take_damage: "Non-attack damage of N"). Carmine boosts Give Me
    That!'s Blood Spike (immediate: [if any_buddy_in_opponent_space] take_damage 2
    {opponent, nonlethal}) with a Dissolve on Super Skull Man's space: he loses no life
    and discards the top 4 cards of his deck instead."""
    d, deck_before = _blood_spike_on_burning_justice(life=10)
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
    d, deck_before = _blood_spike_on_burning_justice(life=1)
    assert d.life(P2) == 1
    assert len(d.p(P2).deck) == deck_before - 4


def test_soul_exodus_discards_feed_gordeaus_own_gauge() -> None:
    """Gordeau, Soul Exodus (ultra, 3G): hit: gain_advantage + opponent_discard_choose 2
    {discard_effect=(add_top_deck_to_gauge num_discarded_card_ids {opponent=True})}
    (roster.md). The discard effect is resolved by the player who discarded (effects.md
    restates the reference engine, whose own Soul Exodus tests put Gordeau's top deck
    cards into Gordeau's gauge), so {opponent} is Gordeau: for each card Ryu discards,
    the top card of Gordeau's deck goes to Gordeau's gauge. Ryu discards Cross and
    Spike: Gordeau's Grasp and Dive go to his gauge (then Soul Exodus, which hit); Ryu's
    deck is untouched and his gauge only gets his Block at cleanup."""
    d = position(p1=dict(space=4, hand=["soulexodus"], gauge=["grasp", "cross", "dive"],
                         deck=["grasp", "dive", "focus"]),
                 p2=dict(space=5, hand=["block", "cross", "dive", "spike"],
                         deck=["sweep", "focus", "grasp"]),
                 chars=("gordeau", "ryu"))
    d.strike("soulexodus", "block")
    d.pay("grasp", "cross", "dive")
    d.discard(P2, "cross", "spike")
    d.decline()  # Block's force-for-armor
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Dive", "Soul Exodus"]
    assert d.zone(P1, Zone.DECK)[0] == "Focus"
    assert d.zone(P2, Zone.GAUGE) == ["Block"]
    assert d.zone(P2, Zone.DECK)[:3] == ["Sweep", "Focus", "Grasp"]


def test_how_shall_i_cook_you_pulls_once_per_revealed_copy() -> None:
    """Byakuya, How Shall I Cook You? (range 1-2, power 3): hit: self_discard_choose -1
    {limitation=same-named, destination=reveal, discard_effect=(powerup 1
    {per_discard=True} + pull 1)} (roster.md). The per-discard effect is the whole
    chain: ``+ pull 1`` follows each ``powerup 1`` it is chained to (roster.md notation:
    a chained follow-up runs after its parent), as the reference engine repeats the
    discard effect with its chain once per card (its test: 4 copies revealed, 4 pulls).
    Byakuya (3) reveals two copies against Ryu's Block on 5: +2 power (5 - 2 armor = 3
    damage) and two pulls, 5 -> 4 -> 2 (past him)."""
    d = position(p1=dict(space=3, hand=["howshallicookyou"] * 3 + ["grasp"]),
                 p2=dict(space=5, hand=["block"]), chars=("byakuya", "ryu"))
    d.strike("howshallicookyou", "block")
    d.select(P1, "howshallicookyou", "howshallicookyou")
    assert d.life(P2) == 27
    assert d.space(P2) == 2
