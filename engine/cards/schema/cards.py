"""Attack cards: the attack printed on top, the boost below, and the card rules that
change how a card is paid for, set or measured (``GaugeCostReduction``, ``SetFromBoost``)."""

from __future__ import annotations

import enum

import msgspec

from engine.vocabulary import Effect
from engine.vocabulary.base import BoostKind, CardKind
from engine.vocabulary.traits import RangeIncludesIfMovedPast


class GaugeCostReduction(enum.StrEnum):
    """A card rule lowering an ultra's gauge cost when it is paid."""

    FREE_IF_NO_CARDS_IN_HAND = "free_if_no_cards_in_hand"
    FREE_IF_WILD = "free_if_wild"
    PER_CARD_COPY_IN_GAUGE = "per_card_copy_in_gauge"
    """1 less per copy of the card ``gauge_cost_reduction_card_id`` in your gauge."""
    SET_TO_RANGE_TO_OPPONENT = "set_to_range_to_opponent"
    """The cost is the distance between the fighters when it is paid (at most printed)."""
    FREE_IF_4_SPECIALS_IN_OVERDRIVE = "free_if_4_specials_in_overdrive"
    """Free while the payer's overdrive area (BlazBlue) holds at least 4 Special cards
    (Bang's Hyper Shadowstep Strike)."""
    PER_SEALED_NORMAL = "per_sealed_normal"
    """1 less per Normal in your sealed area (Nine's Colorless Void)."""


class SetFromBoost(enum.StrEnum):
    """A card rule letting the card be set as an attack from its owner's boost area (a
    continuous boost of theirs in play that is this card): ``must``, only from there (in
    hand it may be set but is then invalid, as it is set any other way: Wagner's ultras);
    ``may``, from there as well as from hand (Carmine's "You Shit! This is the END!")."""

    MUST = "must"
    MAY = "may"


class Boost(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    kind: BoostKind
    force_cost: int = 0
    effects: tuple[Effect, ...] = ()


class CardDef(msgspec.Struct, frozen=True, kw_only=True):
    """One attack card: the attack on top, the boost below.

    ``range`` is ``None`` for cards with no printed range. Such an attack never hits
    (Block) unless an effect reaches the opponent without a range: Chun-Li's Head Stomp,
    whose printed range is "the opponent, if you moved past them", is ``null`` plus
    ``before: range_includes_if_moved_past``.
    ``gauge_cost_reduction`` is a rule lowering the ultra's cost when it is paid.

    A field added from now on is ``bool | msgspec.UnsetType = msgspec.UNSET`` (or
    another type with ``UNSET``), read as ``card.field is True``, like
    ``power_is_range_to_opponent``: an UNSET field is never encoded, so every card that
    leaves it out keeps its bytes, the catalog's and every game's fingerprint
    (``Catalog.content_hash``) stay as they were, and a log recorded before the field
    existed still verifies (docs/log-format.md, "Logs across card-data changes"). A
    field with an ordinary default would be written in every card's encoding and change
    the fingerprint of every stored log. The catalog refuses the explicit default
    (``false``): a card either sets the field or leaves it out.
    """

    id: str
    name: str
    kind: CardKind
    gauge_cost: int = 0
    force_cost: int = 0
    range: tuple[int, int] | None
    power: int
    speed: int
    armor: int = 0
    guard: int = 0
    effects: tuple[Effect, ...] = ()
    boost: Boost
    gauge_cost_reduction: GaugeCostReduction | None = None
    gauge_cost_reduction_card_id: str | None = None
    gauge_cost_exceeded: int | None = None
    """A card rule: the gauge cost while its owner is exceeded (Kokonoe's Dreadnought
    Exterminator: 8)."""
    """The card whose copies in gauge ``per_card_copy_in_gauge`` counts."""
    on_invalid: tuple[Effect, ...] = ()
    """A card rule run when this attack becomes invalid, before it would be discarded
    (Morathi's Shadow of Death: a wild-swung copy it could not pay goes to hand)."""
    min_range_is_total_power: bool = False
    """The printed minimum range is "the attack's total power" (Phonon's Guidance
    Ascension): in a strike it is the current total power; ``range`` holds the printed
    power there (the range with no bonuses), which the catalog checks."""
    max_range_is_total_power: bool = False
    """The printed maximum range is "the attack's total power" (Phonon's Impulsive
    Frustration, range 2 to its total power); ``range`` holds the printed power there."""
    set_from_boost: SetFromBoost | None = None
    """A card rule: the card can be set as an attack from the boost area (``SetFromBoost``)."""
    guard_is_cards_in_hand: bool = False
    """The printed guard is "the cards in your hand" (Jin's Arctic Dungeon): counted
    whenever the guard is read; ``guard`` holds 0 there, which the catalog checks."""
    range_is_range_to_opponent: bool = False
    """The printed range is "the range to the opponent" (Nine's Kunzite of Keep
    Breaker): in a strike both bounds are the distance from the attack's fighter to the
    opponent, before range bonuses; ``range`` holds ``[1, 8]``, every distance there
    is (what the catalog checks and a board shows)."""
    power_is_range_to_opponent: bool | msgspec.UnsetType = msgspec.UNSET
    """The printed power is "the range to the opponent" (Merkava's I, Defile): wherever
    the printed power is read (``engine.core.attack_totals.printed_power``: the attack's
    power in a strike, a card's power read from a pile) it is the distance between the
    fighters at that moment; ``power`` holds 0 there, which the catalog checks. ``True``
    or left out (UNSET, never encoded: see above), never ``false``."""

    @property
    def printed_range_x(self) -> bool:
        """The printed range is "X", a range its text sets: no numbers in the data, and
        an effect that gives it a range. Of the Street Fighter cards only Head Stomp
        (the reference roster's symbolic range ``INCLUDE_OPPONENT_IF_MOVED_PAST``, not
        "n/a"); Block and Legendary Taunt have no printed range at all."""
        return self.range is None and any(
            isinstance(effect, RangeIncludesIfMovedPast) for effect in self.effects
        )
