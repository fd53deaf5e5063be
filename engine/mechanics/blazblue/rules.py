"""The BlazBlue mechanic (BlazBlue rulebook, Season Mechanics; its reference card),
attached by the BlazBlue season:

- ``exceed_gauge_to``: a BlazBlue fighter's Exceed sends the gauge it pays into the
  overdrive area instead of the discard pile (Exceed mode is Overdrive);
- ``start_of_turn``: a fighter in Overdrive discards one overdrive card of their choice
  (``SelectCardsRequest`` OVERDRIVE_DISCARD), then their ``overdrive`` effect runs, then
  they revert if the area is now empty; if it was already empty, they revert at once;
  the character's ``on_revert`` effects run after the revert (Hakumen's).
  This runs before the ``start_of_next_turn`` boost effects (``engine.rules.turn``);
- ``cleanup``: an attack marked by ``add_strike_to_overdrive_after_cleanup`` enters the
  overdrive area instead of going to gauge or discard;
- ``attack_valid``: an attack of a card named by ``zero_vector`` this turn is invalid.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import events as ev
from engine.cards import Season
from engine.context import EffectCtx, Flow, Table, select_cards
from engine.decisions import CardPurpose
from engine.effects.registry import resolve_all
from engine.events.blazblue import EnteredOverdrive, LeftOverdrive, OverdriveExit
from engine.hooks.mechanic import Mechanic
from engine.ids import Player, Zone
from engine.mechanics.blazblue.state import (
    OVERDRIVE,
    attack_to_overdrive,
    invalid_names,
    overdrive,
)


class BlazBlue(Mechanic):
    """BlazBlue's Overdrive: state ``OverdriveState`` (``State.mechanics``)."""

    name = OVERDRIVE
    seasons = frozenset({Season.BLAZBLUE})

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

    def cleanup(self, table: Table, who: Player) -> Flow[None]:
        """An attack marked by ``add_strike_to_overdrive_after_cleanup`` goes into its
        owner's overdrive area before the core cleanup sends it to gauge or discard."""
        strike = table.state.strike
        if strike is not None and attack_to_overdrive(table.state, who):
            card = strike.sides[who].card
            if card is not None and card in strike.sides[who].cards:
                table.emit(EnteredOverdrive(player=who, card=card, src=Zone.STRIKE,
                                            from_player=who))
        return
        yield

    def attack_valid(self, table: Table, who: Player, card: int) -> bool:
        """An attack of a card named by ``zero_vector`` this turn is invalid."""
        names = invalid_names(table.state)
        return not names or table.card(card).name not in names


def in_overdrive_mode(table: Table, who: Player) -> bool:
    """``who``'s fighter's Exceed mode is Overdrive (a BlazBlue fighter)."""
    return table.catalog.character(table.p(who).character).season is Season.BLAZBLUE

