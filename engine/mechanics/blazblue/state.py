"""``OverdriveState``: the per-game state of the BlazBlue mechanic, kept in
``State.mechanics[OVERDRIVE]``; ``LightningRodState``: Rachel's lightning rods on the
arena, in ``State.mechanics[LIGHTNING_RODS]``; and three per-strike values (the core's
generic ``StrikeValues`` record): ``REACHES_RODS``, the attacks that reach an opponent on
a rod this strike, ``TO_OVERDRIVE``, the attacks bound for the overdrive area, and
``COUNT_DODGES``, the dodges at the overdrive count (Equals 0). Written only by
``engine.mechanics.blazblue.folds``.
"""

from __future__ import annotations

import msgspec

from engine.core.ids import Player
from engine.core.state import (
    LIGHTNING_ROD,
    MechanicState,
    SpaceObject,
    State,
    StrikeValue,
    declare_strike_value,
    game_record,
    kept_record,
    strike_value,
)

OVERDRIVE = "overdrive"
"""The ``State.mechanics`` key (and the mechanic's name)."""


class OverdriveState(MechanicState, kw_only=True):
    """Per player, the cards in the overdrive area, oldest first (open information; a
    player may hold an opponent's card there, as Arakune's effects put them)."""

    cards: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])

    def named_areas(self, who: int) -> dict[str, list[int]]:
        """``who``'s overdrive area, when it holds any card."""
        return {OVERDRIVE: list(self.cards[who])} if self.cards[who] else {}

    def counters(self, who: int) -> dict[str, int]:
        """``who``'s Overdrive count (the cards in the overdrive area), when any."""
        return {OVERDRIVE: len(self.cards[who])} if self.cards[who] else {}


def of(state: State) -> OverdriveState | None:
    """The mechanic's state, None before its first event. Reads only."""
    return kept_record(state, OVERDRIVE, OverdriveState)


def ensure(state: State) -> OverdriveState:
    """The mechanic's state, created on its first event (folds only)."""
    return game_record(state, OVERDRIVE, OverdriveState)


def overdrive(state: State, who: Player) -> list[int]:
    """The cards in ``who``'s overdrive area, oldest first (a copy). Reads only."""
    found = of(state)
    return [] if found is None else list(found.cards[who])


LIGHTNING_RODS = "lightning_rods"
"""The ``State.mechanics`` key of ``LightningRodState`` (and the name of the area its
cards are in, for card conservation and the boards)."""
ROD_RANGE = "lightning_rod_range"
"""The ``State.mechanics`` key of the strike's ``REACHES_RODS`` values."""


class LightningRodState(MechanicState, kw_only=True):
    """Per player, card reference -> the space it lies on as a lightning rod (in the
    order placed). Created by the first rod placed, so other games hash as before."""

    rods: list[dict[int, int]] = msgspec.field(default_factory=lambda: [{}, {}])

    def named_areas(self, who: int) -> dict[str, list[int]]:
        """``who``'s lightning rods (cards out of every core zone), when any."""
        return {LIGHTNING_RODS: list(self.rods[who])} if self.rods[who] else {}

    def space_objects(self, state: State) -> list[SpaceObject]:
        """Every lightning rod, on its space (kind ``lightning_rod``, named "Lightning
        Rod", with its card)."""
        return [SpaceObject(space=space, owner=Player(who), kind=LIGHTNING_ROD, card=card,
                            name="Lightning Rod")
                for who, rods in enumerate(self.rods) for card, space in rods.items()]


REACHES_RODS: StrikeValue[bool] = declare_strike_value(ROD_RANGE, "includes", False)
"""Per player: their attack reaches an opponent on one of their rods this strike
(``range_includes_lightningrods``)."""


def rods_of(state: State) -> LightningRodState | None:
    """The lightning rods' state, None before the first rod. Reads only."""
    return kept_record(state, LIGHTNING_RODS, LightningRodState)


def ensure_rods(state: State) -> LightningRodState:
    """The lightning rods' state, created on the first rod (folds only)."""
    return game_record(state, LIGHTNING_RODS, LightningRodState)


def rod_spaces(state: State, who: Player) -> dict[int, int]:
    """``who``'s lightning rods: card reference -> space (a copy). Reads only."""
    found = rods_of(state)
    return {} if found is None else dict(found.rods[who])


def reaches_rods(state: State, who: Player) -> bool:
    """``who``'s attack in the strike in progress reaches an opponent on their rods."""
    return strike_value(state, REACHES_RODS, who)


STRIKE_TO_OVERDRIVE = "strike_to_overdrive"
"""The ``State.mechanics`` key of the attacks bound for the overdrive area this strike."""


TO_OVERDRIVE: StrikeValue[bool] = declare_strike_value(STRIKE_TO_OVERDRIVE, "marked", False)
"""Per player, whether their attack card was sent into their overdrive area this strike
(``add_strike_to_overdrive_after_cleanup``, which moves it at once)."""


OVERDRIVE_DODGE = "overdrive_count_dodge"
"""The ``State.mechanics`` key of the dodges at the overdrive count this strike (its own
key: a record is made only in a strike where Equals 0 gives one, so no other strike's
state hash changes)."""


COUNT_DODGES: StrikeValue[int] = declare_strike_value(OVERDRIVE_DODGE, "dodges", 0)
"""Per player, how many ``dodge_at_range {special_range: OVERDRIVE_COUNT}`` they hold in
the strike in progress (gained less ended: two Equals 0 in play give two, one leaving
play leaves the other)."""


def overdrive_count_dodge(state: State, who: Player) -> int | None:
    """The distance from which attacks on ``who`` miss by their overdrive count dodge
    (the cards in their overdrive area now), None when they hold none this strike.
    Reads only."""
    if strike_value(state, COUNT_DODGES, who) <= 0:
        return None
    return len(overdrive(state, who))


ZERO_VECTOR = "zero_vector"
"""The ``State.mechanics`` key of the card names made invalid (``ZeroVectorState``)."""


class ZeroVectorState(MechanicState, kw_only=True):
    """The card names whose attacks are invalid for both players in turn number ``turn``
    (``zero_vector``); a record of an earlier turn counts as none."""

    turn: int = 0
    names: list[str] = msgspec.field(default_factory=list)


def invalid_names(state: State) -> list[str]:
    """The card names invalid as attacks this turn (``zero_vector``). Reads only."""
    found = kept_record(state, ZERO_VECTOR, ZeroVectorState)
    return [] if found is None or found.turn != state.turn else list(found.names)
