"""The game and the turn: setup, shuffles, cards moving between zones, the turn's action, moves, Exceed and boosts, and the game's end."""

from __future__ import annotations

from engine.core.event_base import EventStruct as _Event
from engine.core.events.reasons import ActionKind, MoveReason
from engine.core.ids import Player, Zone
from engine.core.state import EndReason


class GameStarted(_Event, frozen=True, tag="game_started"):
    """Setup is done: positions and life are set and ``first`` takes the first turn."""

    first: Player


class DeckShuffled(_Event, frozen=True, tag="deck_shuffled"):
    """``player``'s deck now has exactly ``order`` (top first)."""

    player: Player
    order: tuple[int, ...]


class DeckReshuffled(_Event, frozen=True, tag="deck_reshuffled"):
    """The discard pile was shuffled into the deck, using the player's one reshuffle."""

    player: Player
    order: tuple[int, ...]
    manual: bool


class CardMoved(_Event, frozen=True, tag="card_moved"):
    """A card left ``src`` for ``dst``. Deck destinations are the top unless ``bottom``."""

    player: Player
    card: int
    src: Zone
    dst: Zone
    reason: MoveReason
    bottom: bool = False


class MulliganTaken(_Event, frozen=True, tag="mulligan"):
    player: Player
    count: int


class TurnStarted(_Event, frozen=True, tag="turn_started"):
    player: Player
    turn: int


class ActionTaken(_Event, frozen=True, tag="action"):
    """The turn player declared an action; ``card`` or ``space`` qualifies it."""

    player: Player
    action: ActionKind
    card: int | None = None
    space: int | None = None
    index: int | None = None


class BonusActionGranted(_Event, frozen=True, tag="bonus_action"):
    player: Player


class PlayerMoved(_Event, frozen=True, tag="moved"):
    player: Player
    src: int
    dst: int


class Exceeded(_Event, frozen=True, tag="exceeded"):
    player: Player


class BoostSustained(_Event, frozen=True, tag="boost_sustained"):
    player: Player
    card: int


class BoostMarkedForGauge(_Event, frozen=True, tag="boost_to_gauge"):
    """This continuous boost goes to gauge instead of the discard pile at cleanup."""

    player: Player
    card: int




class TurnEnded(_Event, frozen=True, tag="turn_ended"):
    player: Player
    next_player: Player


class GameEnded(_Event, frozen=True, tag="game_ended"):
    winner: Player
    reason: EndReason
