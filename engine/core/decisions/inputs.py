"""Decisions: a player's inputs, one tagged struct each, and the ``Decision`` union a
log decodes."""

from __future__ import annotations

import msgspec

from engine.core.events.position import EditKind
from engine.core.ids import Player, Zone

# --- decisions ---------------------------------------------------------------------


class _Decision(msgspec.Struct, frozen=True, array_like=True, tag_field="t", gc=False):
    """Base of every decision: frozen, not tracked by the cyclic garbage collector
    (``gc=False``), as events are not (``engine.core.event_base``)."""


class Mulligan(_Decision, frozen=True, tag="mulligan"):
    """Set aside ``cards`` from the opening hand, draw as many, shuffle them in."""

    cards: tuple[int, ...] = ()


class Prepare(_Decision, frozen=True, tag="prepare"):
    pass


class MoveTo(_Decision, frozen=True, tag="move"):
    """The Move action: go to ``space``, paying 1 force per space travelled."""

    space: int


class ChangeCards(_Decision, frozen=True, tag="change_cards"):
    pass


class Exceed(_Decision, frozen=True, tag="exceed"):
    pass


class Reshuffle(_Decision, frozen=True, tag="reshuffle"):
    pass


class Boost(_Decision, frozen=True, tag="boost"):
    card: int


class Strike(_Decision, frozen=True, tag="strike"):
    pass


class CharacterAction(_Decision, frozen=True, tag="character_action"):
    index: int = 0


class SetAttack(_Decision, frozen=True, tag="set_attack"):
    """Set one card, or two copies of the same card for an EX attack (three copies of a
    Normal for a Tag Team's Double EX)."""

    cards: tuple[int, ...]


class SwitchFighters(_Decision, frozen=True, tag="switch"):
    """Tag Team action: swap your fighter in play for your tagged-out one."""


class CrossExceed(_Decision, frozen=True, tag="cross_exceed"):
    """Tag Team action: your tagged-out fighter exceeds, paying its own exceed cost."""


class CrossBoost(_Decision, frozen=True, tag="cross_boost"):
    """Tag Team action: boost ``card``, a special or ultra of your tagged-out fighter,
    for 1 gauge plus its force cost."""

    card: int


class CrossStrike(_Decision, frozen=True, tag="cross_strike"):
    """Tag Team: set ``cards`` (as ``SetAttack``) after spending 2 gauge to tag in your
    other fighter, whose specials and ultras are then valid."""

    cards: tuple[int, ...]


class WildSwing(_Decision, frozen=True, tag="wild_swing"):
    pass


class PayCards(_Decision, frozen=True, tag="pay"):
    """Spend ``cards`` (hand or gauge) as force or gauge; empty declines when allowed."""

    cards: tuple[int, ...] = ()


class ChooseOption(_Decision, frozen=True, tag="choose"):
    index: int


class OrderEffects(_Decision, frozen=True, tag="order_effects"):
    """The order to resolve the pending effects of an ``EffectOrderRequest`` in: their
    indices, each once (``(1, 0)``: the second listed first)."""

    order: tuple[int, ...]


class NameCard(_Decision, frozen=True, tag="name_card"):
    name: str


class Discard(_Decision, frozen=True, tag="discard"):
    cards: tuple[int, ...]


class SelectCards(_Decision, frozen=True, tag="select_cards"):
    """Pick ``cards`` among the candidates of a ``SelectCardsRequest`` (maybe none)."""

    cards: tuple[int, ...] = ()


class SeatEdit(msgspec.Struct, frozen=True, array_like=True):
    """One value of an ``EditPosition``: ``player``'s ``kind`` set to ``value``, or (for
    ``EditKind.ZONE``) ``zone`` made to hold exactly ``cards``."""

    player: Player
    kind: EditKind
    value: int = 0
    zone: Zone = Zone.DECK
    cards: tuple[int, ...] = ()


class CardCreation(msgspec.Struct, frozen=True, array_like=True):
    """Cards beyond ``player``'s deck list, with their references and card ids."""

    player: Player
    cards: tuple[int, ...]
    card_ids: tuple[str, ...]


class EditPosition(_Decision, frozen=True, tag="edit"):
    """A referee's edit of the position during play (``Game.edit``, built with
    ``engine.play.scenario.Edits``): no player's choice, whatever request is pending. It
    causes one ``CardsCreated`` per creation, then one ``PositionEdited`` per edit, and
    the rules then ask again from the pending request's point."""

    edits: tuple[SeatEdit, ...] = ()
    created: tuple[CardCreation, ...] = ()


class BoostAction(_Decision, frozen=True, tag="boost_action"):
    """Take the "Action:" ability (``action`` effects) of ``card``, a continuous boost
    of yours in play (Under Night In-Birth: Seth's Stitched Segment)."""

    card: int


class Resign(_Decision, frozen=True, tag="resign"):
    """``player`` resigns: the game ends at once, the other seat winning
    (``EndReason.RESIGNED``). Accepted at any request, from either seat (a person may
    resign while the opponent is on move), so it is never among a request's options;
    ``engine.play.api.Game.step`` takes it (format 5)."""

    player: Player


class FlagFall(_Decision, frozen=True, tag="flag_fall"):
    """``player``'s clock ran out: the game ends at once, the other seat winning
    (``EndReason.TIME``). Given by whoever keeps the clock (the live game,
    ``replay.live``), at any request, like ``Resign`` (format 5)."""

    player: Player


class LeftGame(_Decision, frozen=True, tag="left_game"):
    """``player`` left a game between two people and the other claimed the win: the
    game ends at once (``EndReason.LEFT``). Given by the live game (``replay.live``)
    when the seat still there claims it, after the other seat's page has not been seen
    for a while as the game waits on them; at any request, like ``Resign`` (format 7)."""

    player: Player


Decision = (
    Mulligan
    | Prepare
    | MoveTo
    | ChangeCards
    | Exceed
    | Reshuffle
    | Boost
    | Strike
    | CharacterAction
    | SetAttack
    | WildSwing
    | PayCards
    | ChooseOption
    | NameCard
    | Discard
    | SelectCards
    | SwitchFighters
    | CrossExceed
    | CrossBoost
    | CrossStrike
    | EditPosition
    | BoostAction
    | OrderEffects
    | Resign
    | FlagFall
    | LeftGame
)

DECISION_TYPES: tuple[type[_Decision], ...] = Decision.__args__
