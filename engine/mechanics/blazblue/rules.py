"""The BlazBlue mechanic (BlazBlue rulebook, Season Mechanics; its reference card),
attached by the BlazBlue season:

- ``exceed_gauge_to``: a BlazBlue fighter's Exceed sends the gauge it pays into the
  overdrive area instead of the discard pile (Exceed mode is Overdrive);
- ``start_of_turn``: a fighter in Overdrive discards one overdrive card of their choice
  (``SelectCardsRequest`` OVERDRIVE_DISCARD), then their ``overdrive`` effect runs, then
  they revert if the area is now empty; if it was already empty, they revert at once;
  the character's ``on_revert`` effects run after the revert (Hakumen's).
  This runs before the ``start_of_next_turn`` boost effects (``engine.rules.turn``);
- ``after_triggers``: each of the attacking player's lightning rods (Rachel) is one of
  their after triggers (``lightning_rod_strike``), ordered with the others: on the
  opponent's space when it resolves, it may strike: the rod returns to hand and deals
  2 nonlethal damage;
- ``range_includes``: an attack with ``range_includes_lightningrods`` reaches an
  opponent on one of its owner's rods;
- ``attack_valid``: an attack of a card named by ``zero_vector`` this turn is invalid;
- ``nonlethal_in_full``: nonlethal damage counts in full toward the stun (Glossary);
- ``dodge_ranges``: Arakune's Equals 0 (``dodge_at_range {special_range:
  OVERDRIVE_COUNT}``): an attack on him from exactly his overdrive count, counted at
  its hit check, misses; ``boost_bonus_ended``: the boost leaving play mid-strike ends
  that dodge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.cards import schema as c
from engine.cards.schema import Season
from engine.cards.seasons import SeasonDef
from engine.core import events as ev
from engine.core.asking import select_cards
from engine.core.context import EffectCtx, Flow, Table
from engine.core.decisions import CardPurpose
from engine.core.event_base import EventStruct
from engine.core.events.blazblue import (
    EnteredOverdrive,
    LeftOverdrive,
    OverdriveCountDodgeEnded,
    OverdriveCountDodgeGained,
    OverdriveExit,
)
from engine.core.ids import Player, Zone
from engine.effects.registry import resolve_all
from engine.mechanics.blazblue.recipe import OverdriveRecipe
from engine.mechanics.blazblue.state import (
    OVERDRIVE,
    invalid_names,
    overdrive,
    overdrive_count_dodge,
    reaches_rods,
    rod_spaces,
)
from engine.mechanics.blazblue.words import WORDS

SEASON: Final = SeasonDef(id=Season.BLAZBLUE, number=5, deck_size=None, ruleset="blazblue")
"""Season 5, BlazBlue: Overdrive and the set-aside Astral Heats; a deck is the size its
data lists. Declared once (``engine.cards.seasons``; ``schema.Season`` is append-only, its order
is log format)."""

_ROD_STRIKE = c.LightningRodStrike(timing=c.Timing.AFTER)
"""The after trigger each lightning rod carries (``lightning_rod_strike``)."""


class BlazBlue(OverdriveRecipe):
    """BlazBlue's Overdrive: state ``OverdriveState`` (``State.mechanics``)."""

    name = OVERDRIVE
    season = SEASON
    seasons = frozenset({SEASON.id})
    words = WORDS

    def nonlethal_in_full(self, table: Table) -> bool:
        """BlazBlue rulebook, Glossary, Non-lethal damage: "Damage that can't bring the
        opponent below 1 life. They still take full damage for the purposes of Stunning,
        Armor, and other effects": what the 1-life floor holds back still counts toward
        the strike's damage taken (the stun against guard)."""
        return True

    def exceed_gauge_to(self, table: Table, who: Player) -> Callable[[int], None] | None:
        """A BlazBlue fighter's exceed cost enters their overdrive area, card by card."""
        if not in_overdrive_mode(table, who):
            return None

        def to_overdrive(card: int) -> None:
            table.emit(EnteredOverdrive(player=who, card=card, src=Zone.GAUGE, from_player=who))

        return to_overdrive

    def start_of_turn(self, table: Table, who: Player) -> Flow[None]:
        """The overdrive step of a BlazBlue fighter in Exceed mode (see the module)."""
        if not table.p(who).exceeded or not in_overdrive_mode(table, who):
            return
        cards = overdrive(table.state, who)
        if cards:
            chosen = yield from select_cards(who, CardPurpose.OVERDRIVE_DISCARD, cards, 1, 1)
            table.emit(LeftOverdrive(player=who, card=chosen[0], dst=Zone.DISCARD,
                                     reason=OverdriveExit.TURN_START))
            char = table.catalog.character(table.p(who).character)
            yield from resolve_all(EffectCtx(table, who), char.overdrive)
        if not overdrive(table.state, who) and table.p(who).exceeded:
            table.emit(ev.Reverted(player=who))
            char = table.catalog.character(table.p(who).character)
            yield from resolve_all(EffectCtx(table, who), char.on_revert)

    def after_triggers(self, table: Table, who: Player) -> tuple[tuple[int, c.Effect], ...]:
        """Each of ``who``'s lightning rods, in the order placed, is an after trigger of
        theirs (reference effects.md, ``place_lightningrod``: "each of your After timings
        offers: if the opponent stands on a rod's space, return that rod card to hand
        and deal 2 nonlethal damage"), which ``who`` orders with their other after
        triggers (the reference client's "After - lily, rod, rod"): one after an effect
        that moves the opponent off its space no longer strikes."""
        rods = rod_spaces(table.state, who)
        return tuple((card, _ROD_STRIKE) for card in rods) if rods else ()

    def range_includes(self, table: Table, who: Player) -> bool:
        """``who``'s attack has ``range_includes_lightningrods`` and the opponent stands
        on one of ``who``'s lightning rods."""
        return (reaches_rods(table.state, who)
                and table.p(who.other).space in rod_spaces(table.state, who).values())

    def dodge_ranges(self, table: Table, who: Player) -> tuple[tuple[int, int], ...]:
        """``who`` holds a dodge at their overdrive count this strike (Equals 0): an
        attack on them from exactly as many spaces as their overdrive area holds cards
        now, at its hit check, misses (the count may have grown since the boost's
        during-strike effect: a faster attack's hit putting a card there)."""
        count = overdrive_count_dodge(table.state, who)
        return () if count is None else ((count, count),)

    def boost_bonus_ended(self, table: Table, event: EventStruct) -> None:
        """The boost that gave a dodge at the overdrive count (Equals 0) left play
        mid-strike: that dodge ends (core rulebook, Boosts: continuous boost effects
        "are active until they are discarded after Cleanup or by a card effect")."""
        if isinstance(event, OverdriveCountDodgeGained):
            table.emit(OverdriveCountDodgeEnded(player=event.player))


    def attack_valid(self, table: Table, who: Player, card: int) -> bool:
        """An attack of a card named by ``zero_vector`` this turn is invalid."""
        names = invalid_names(table.state)
        return not names or table.card(card).name not in names


def in_overdrive_mode(table: Table, who: Player) -> bool:
    """``who``'s fighter's Exceed mode is Overdrive (a BlazBlue fighter)."""
    return exceed_gauge_area(table.catalog.character(table.p(who).character)) == OVERDRIVE


def exceed_gauge_area(character: c.CharacterDef) -> str | None:
    """Where the gauge ``character`` pays for the Exceed action goes (``exceed_gauge_to``):
    the overdrive area (``OVERDRIVE``) for a fighter whose Exceed mode is Overdrive, a
    BlazBlue fighter (reference effects.md, Exceed: "or to Overdrive for BlazBlue");
    None for any other, whose gauge goes to the discard pile. Public as
    ``engine.exceed_gauge_area``, for words that say where the cards go."""
    return OVERDRIVE if character.season is Season.BLAZBLUE else None

