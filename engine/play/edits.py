"""Edit a game in play as a referee would (``Edits``): cards given or put on top of the
deck, spaces, life and Exceed set, as one recorded ``EditPosition`` decision. Cards are
named as the scenario builder names them (``engine.play.scenario``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards.catalog import Catalog, default_catalog
from engine.cards.team import spec_of
from engine.core import events as ev
from engine.core.decisions import CardCreation, EditPosition, SeatEdit
from engine.core.folds.zones import zone_list
from engine.core.ids import CARDS_PER_PLAYER_BASE, Player
from engine.play.api import Game
from engine.play.scenario_recipe import ZONES
from engine.play.seat_cards import ScenarioError, own_card


class Edits:
    """Edit a game in play as a referee would, through the event log: each call adds to
    one ``EditPosition`` decision, which ``apply()`` gives to ``Game.step`` (or pass
    ``decision()`` to ``Recording.step`` to record it). The rules then ask again from the
    pending request's point, so the next request sees the edited position.

        Edits(game).give(P1, "hadoken").set_space(P2, 5).apply()

    Cards keep their identity: ``give`` takes a copy from the player's deck (or, with
    ``create=True``, creates one beyond the deck list). ``Game.edit`` refuses an edit
    that breaks card conservation or the bounds of life and spaces.
    """

    def __init__(self, game: Game, catalog: Catalog | None = None) -> None:
        self.game = game
        self.catalog = catalog if catalog is not None else default_catalog()
        self.after = game.state.copy()
        self.before = game.state.copy()
        self.values: dict[tuple[Player, ev.EditKind], int] = {}
        self.created: list[CardCreation] = []

    def _card_id(self, who: Player, name: str) -> str:
        return own_card(self.catalog, spec_of(self.after.players[who]), name,
                        f"{who.label}'s card")

    def give(self, who: Player, name: str, zone: str = "hand", create: bool = False) -> Edits:
        """Put a copy of ``name`` into ``who``'s ``zone``: the first one in the deck, or
        a new card beyond the deck list with ``create=True``."""
        if zone not in ZONES or zone == "deck":
            raise ScenarioError(f"give: zone must be one of "
                                f"{', '.join(z for z in ZONES if z != 'deck')}, got {zone!r}")
        card_id = self._card_id(who, name)
        p = self.after.players[who]
        if create:
            base = CARDS_PER_PLAYER_BASE * who
            mine = [r for r in self.after.card_defs if base <= r < base + CARDS_PER_PLAYER_BASE]
            ref = max(mine) + 1
            if ref >= base + CARDS_PER_PLAYER_BASE:
                raise ScenarioError(f"give: no card reference is left for {who.label}")
            self.after.card_defs = {**self.after.card_defs, ref: card_id}
            self.created.append(CardCreation(player=who, cards=(ref,), card_ids=(card_id,)))
        else:
            ref = next((r for r in p.deck if self.after.card_defs[r] == card_id), -1)
            if ref < 0:
                raise ScenarioError(f"give: {who.label}'s deck holds no {card_id}; "
                                    f"create=True makes one beyond the deck list")
            p.deck.remove(ref)
        zone_list(p, ZONES[zone]).append(ref)
        return self

    def set_deck(self, who: Player, names: Sequence[str]) -> Edits:
        """Put the named cards of ``who``'s deck on top, in that order; the rest of the
        deck follows in its present order."""
        p = self.after.players[who]
        rest = list(p.deck)
        top = []
        for name in names:
            card_id = self._card_id(who, name)
            ref = next((r for r in rest if self.after.card_defs[r] == card_id), -1)
            if ref < 0:
                raise ScenarioError(f"set_deck: {who.label}'s deck holds no (more) {card_id}")
            rest.remove(ref)
            top.append(ref)
        p.deck[:] = top + rest
        return self

    def set_space(self, who: Player, space: int) -> Edits:
        return self._value(who, ev.EditKind.SPACE, space)

    def set_life(self, who: Player, life: int) -> Edits:
        return self._value(who, ev.EditKind.LIFE, life)

    def set_exceeded(self, who: Player, exceeded: bool = True) -> Edits:
        return self._value(who, ev.EditKind.EXCEEDED, int(exceeded))

    def _value(self, who: Player, kind: ev.EditKind, value: int) -> Edits:
        self.values[(who, kind)] = value
        return self

    def decision(self) -> EditPosition:
        """The edit as one referee decision: creations, changed zones, then values."""
        edits: list[SeatEdit] = []
        for who in (Player.P1, Player.P2):
            old, new = self.before.players[who], self.after.players[who]
            for zone in ZONES.values():
                if zone_list(old, zone) != zone_list(new, zone):
                    edits.append(SeatEdit(player=who, kind=ev.EditKind.ZONE, zone=zone,
                                          cards=tuple(zone_list(new, zone))))
        edits += [SeatEdit(player=who, kind=kind, value=value)
                  for (who, kind), value in self.values.items()]
        return EditPosition(edits=tuple(edits), created=tuple(self.created))

    def apply(self) -> list[ev.Event]:
        """Make the edit (``Game.step``); returns the events it caused."""
        return self.game.step(self.decision())
