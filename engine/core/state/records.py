"""Game-long records a player holds outside any one strike: passive bonuses, set-aside
and face-down sealed cards, character actions taken, saved powers and gauge, cost
reductions, and the turn whose bonus actions cannot strike.

Each is kept in ``State.mechanics`` under its own key (``engine.core.state.mechanic``), as a
mechanic's state is, so that a game that never uses one hashes as before.
"""


from __future__ import annotations

import enum

import msgspec

from engine.core.ids import HIDDEN, Player
from engine.core.state.mechanic import MechanicState, kept_record
from engine.core.state.table import State


class Passive(enum.IntEnum):
    """A lasting bonus a player holds outside any one strike, until an effect removes it."""

    IGNORE_PUSH_AND_PULL = 0
    """The opponent's pushes and pulls do not move this player (Vincent's Foundation)."""
    BLOCKS_OPPONENT_MOVE = 1
    """This player's opponent cannot move themselves (Enkidu's Thunder Stomp)."""


SET_ASIDE = "set_aside"
"""The ``State.mechanics`` key of the cards set aside at setup (``SetAsideState``)."""


class SetAsideState(MechanicState, kw_only=True):
    """Per player, the cards set aside at setup (a character's ``set_aside`` cards:
    BlazBlue's Astral Heats) and still there. Kept beside the core fields, as a
    mechanic's state is, so that a game without set-aside cards hashes as before."""

    cards: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])

    def named_areas(self, who: int) -> dict[str, list[int]]:
        """``who``'s set-aside cards as the ``set aside`` area (when it holds any)."""
        return {"set_aside": list(self.cards[who])} if self.cards[who] else {}



def set_aside_cards(state: State, who: int) -> list[int]:
    """The cards ``who`` has set aside now (empty if none). Reads only."""
    record = kept_record(state, SET_ASIDE, SetAsideState)
    return [] if record is None else list(record.cards[who])


PASSIVES = "passives"
"""The ``State.mechanics`` key of the passive bonuses held (``PassiveState``)."""


class PassiveState(MechanicState, kw_only=True):
    """The passive bonuses each player holds, one entry per bonus gained and not yet
    removed (two boosts granting the same one: two entries). Kept beside the core fields,
    as a mechanic's state is, so that a game that never grants one hashes as before."""

    held: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


def holds_passive(state: State, who: int, passive: Passive) -> bool:
    """``who`` holds ``passive`` now."""
    record = kept_record(state, PASSIVES, PassiveState)
    return record is not None and passive in record.held[who]


CHARACTER_ACTIONS = "character_actions"
"""The ``State.mechanics`` key of the character actions taken (``CharacterActionState``)."""


class CharacterActionState(MechanicState, kw_only=True):
    """The character action each player took in turn number ``turn``, as
    ``[exceeded (0/1), index]`` (empty: none), for ``used_character_action``. Kept beside
    the core fields, as a mechanic's state is, so that a game that never records one
    hashes as before; a record of an earlier turn counts as none."""

    turn: int = 0
    used: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])



SAVED_POWER = "saved_power"
"""The ``State.mechanics`` key of the powers saved for a later attack (``SavedPowerState``)."""


class SavedPowerState(MechanicState, kw_only=True):
    """Per player, the power ``save_power_of_card_from_hand`` saved (None: none), read by
    ``use_saved_power_as_printed_power``. Kept beside the core fields, as a mechanic's
    state is, so that a game that never saves a power hashes as before."""

    power: list[int | None] = msgspec.field(default_factory=lambda: [None, None])


def saved_power(state: State, who: int) -> int | None:
    """The power ``who`` saved last (None if none). Reads only."""
    found = kept_record(state, SAVED_POWER, SavedPowerState)
    return None if found is None else found.power[who]


NO_STRIKE_BONUS = "no_strike_bonus"
"""The ``State.mechanics`` key of the turn whose bonus actions cannot strike
(``NoStrikeBonusState``)."""


class NoStrikeBonusState(MechanicState, kw_only=True):
    """The turn number ``turn`` in which the active player's pending bonus actions cannot
    be the Strike action (kept beside the core fields so that a game that never records
    one hashes as before; a record of an earlier turn counts as none)."""

    turn: int = 0


def bonus_strike_forbidden(state: State, who: Player) -> bool:
    """``who`` is taking a bonus action this turn that cannot be the Strike action."""
    found = state.mechanics.get(NO_STRIKE_BONUS)
    return (
        isinstance(found, NoStrikeBonusState) and found.turn == state.turn
        and who == state.active and state.bonus_actions > 0
    )



SPENT_GAUGE = "spent_gauge"
"""The ``State.mechanics`` key of the gauge each player last spent with
``spend_all_gauge_and_save_amount`` (``SpentGaugeState``)."""


class SpentGaugeState(MechanicState, kw_only=True):
    """Per player, the number of gauge cards last spent with
    ``spend_all_gauge_and_save_amount`` (Londrekia), read by ``set_strike_x
    gauge_spent_before_strike``. Kept beside the core fields, as a mechanic's state is,
    so that a game that never saves it hashes as before."""

    spent: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def spent_gauge(state: State, who: int) -> int:
    """The gauge ``who`` last spent and saved (0 if never). Reads only."""
    found = kept_record(state, SPENT_GAUGE, SpentGaugeState)
    return 0 if found is None else found.spent[who]


GAUGE_COST_REDUCTIONS = "gauge_cost_reductions"
"""The ``State.mechanics`` key of the lasting gauge-cost reductions
(``GaugeCostReductionState``)."""


class GaugeCostReductionState(MechanicState, kw_only=True):
    """Per player, how much lower their gauge costs are now (``gauge_costs_reduced_passive``:
    Hakumen's Exceed, 99 = free). Kept beside the core fields, as a mechanic's state is,
    so that a game that never reduces a cost hashes as before."""

    reduction: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def gauge_cost_reduction(state: State, who: int) -> int:
    """How much lower ``who``'s gauge costs are now (0 if never reduced). Reads only."""
    found = kept_record(state, GAUGE_COST_REDUCTIONS, GaugeCostReductionState)
    return 0 if found is None else max(0, found.reduction[who])



SECRET_SEALED = "secret_sealed"
"""The ``State.mechanics`` key of the cards sealed face down (``SecretSealedState``)."""


class SecretSealedState(MechanicState, kw_only=True):
    """Per player, the cards put into their secret sealed area face down
    (``CardSealedFaceDown``: Arakune's); the views hide them from the opponent while they
    stay sealed. Kept beside the core fields so that other games hash as before."""

    cards: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])

    def hide_from(self, view: State, viewer: int) -> None:
        """Which cards the other player sealed face down is theirs to know: in
        ``viewer``'s view they are ``HIDDEN`` references, as the views show them in the
        sealed area (else the view's ``card_defs`` would name them)."""
        for who, cards in enumerate(self.cards):
            if who != viewer:
                self.cards[who] = [HIDDEN] * len(cards)


def secret_sealed(state: State, who: int) -> list[int]:
    """The cards of ``who``'s sealed area that lie face down (a copy). Reads only."""
    found = kept_record(state, SECRET_SEALED, SecretSealedState)
    if found is None:
        return []
    sealed = state.players[who].sealed
    return [card for card in found.cards[who] if card in sealed]
