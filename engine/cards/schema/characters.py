"""Characters: both sides of a character card (abilities, actions, Exceed), the deck list,
the buddies a fighter owns, and the ``Season`` that selects its season mechanics."""

from __future__ import annotations

import enum

import msgspec

from engine.vocabulary import Effect
from engine.vocabulary.base import Condition


class Season(enum.StrEnum):
    """The product line a character comes from; it selects the season mechanics.

    Append-only: the member order is part of the log format (a header's ``ruleset``
    names the seasons' rules in this order), so a new season is appended, never
    inserted, and no member is renamed or removed. Each member is declared once by a
    ``SeasonDef`` (number, deck size, ruleset tag) beside its mechanic
    (``engine.cards.seasons``), which ``engine.mechanics.builtin`` checks at import.
    """

    RED_HORIZON = "red_horizon"
    """Season 1: the core rulebook's own fighters; no season mechanic."""
    STREET_FIGHTER = "street_fighter"
    UNDER_NIGHT = "under_night"
    """Season 6, Under Night In-Birth: decks of the sizes their data lists (29-36), the
    Revert, set-aside and character areas and Trap boosts (``engine.mechanics.under_night``)."""
    BLAZBLUE = "blazblue"
    """Season 5, BlazBlue: Exceed mode is Overdrive (the gauge paid to Exceed enters an
    overdrive area, one card of it is discarded at each turn start with the fighter's
    ``overdrive`` effect, and the fighter reverts when it is empty) and each fighter's
    Astral Heat is set aside, joining the deck on a manual reshuffle
    (``engine.mechanics.blazblue``)."""


class CharacterAction(msgspec.Struct, frozen=True, kw_only=True):
    """An "As an action..." option printed on the character card.

    ``min_hand_size``: the action is offered only while you hold at least that many cards.
    ``requires``: the action is offered only while this condition holds for you (Linne's
    boost from gauge: ``can_boost_continuous_from_gauge``).
    """

    name: str
    gauge_cost: int = 0
    force_cost: int = 0
    effects: tuple[Effect, ...]
    min_hand_size: int = 0
    requires: Condition | None = None


class DeckEntry(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    copies: int


class BuddyDef(msgspec.Struct, frozen=True, kw_only=True):
    """A buddy a fighter owns: a named token that is out of play or on one arena space
    (Chaos's Azhi). Effects name it by ``id`` or ``name``."""

    id: str
    name: str
    start_offset: int | None = None
    """The buddy starts the game in play, this many spaces from its owner toward the
    opponent (Carl Clover's Nirvana: 0, on his own space); None: out of play."""
    shown_as: str | None = None
    """The token is placed face down: the opponent sees only a token with this id (a
    buddy the character also declares, for its name) until it leaves the arena; None:
    face up. Hazama's two Ouroboros, the fake and the one he moves to, both show as
    ``ouroboros_secret``."""


class CharacterDef(msgspec.Struct, frozen=True, kw_only=True):
    """A fighter: both sides of the character card and the deck list.

    ``change_cards_gauge_bonus``: Guile's character rule (roster.md's flag
    ``guile_change_cards_bonus``): a Change Cards that discards at least one card from
    the gauge generates this much more force (Guile: 2, so 2 more cards drawn), and
    while exceeded such a Change Cards may be followed by a Strike instead of the turn
    ending (``engine.rules.actions.change_cards``).
    """

    id: str
    name: str
    season: Season
    life: int = 30
    exceed_cost: int
    ability: tuple[Effect, ...] = ()
    exceed_ability: tuple[Effect, ...] = ()
    actions: tuple[CharacterAction, ...] = ()
    exceed_actions: tuple[CharacterAction, ...] = ()
    on_exceed: tuple[Effect, ...] = ()
    deck: tuple[DeckEntry, ...]
    change_cards_gauge_bonus: int = 0
    delayed_wild_swing: bool = False
    """Choosing to wild swing does not turn the top card over at once: the swing waits
    until the fighter's set effects are done (Morathi, who may draw first)."""
    on_revert: tuple[Effect, ...] = ()
    """Effects run when the fighter Reverts (leaves Exceed mode; Under Night In-Birth)."""
    overdrive: tuple[Effect, ...] = ()
    """The overdrive effect (BlazBlue): run at the start of the fighter's turn in
    Overdrive, after the mandatory overdrive discard."""
    start_sealed: tuple[DeckEntry, ...] = ()
    """Cards that start the game in the sealed area instead of the deck."""
    set_aside: tuple[DeckEntry, ...] = ()
    """Cards set aside at game start (out of the deck; an effect may bring them in)."""
    areas: tuple[str, ...] = ()
    """The character-specific areas the fighter's abilities create (UNI rulebook, The Play
    Area), by name; cards enter them only through the fighter's effects."""
    buddies: tuple[BuddyDef, ...] = ()
    """The buddy tokens the fighter owns (``engine.mechanics.buddies``)."""
    exceed_cost_area: str | None = None
    """The exceed cost is 1 less per card in this named area (Arakune: ``overdrive``)."""
    sealed_area_secret: bool = False
    """The fighter's sealed area is face down: the opponent sees how many cards it holds,
    not which (Arakune); cards sealed by the fighter's own effects go there unseen."""
    movement_limit: int | None = None
    """The most spaces the fighter moves at once by any movement of their own (Iron
    Tager: 2; upstream's ``movement_limit``): an advance, retreat or close effect moves
    them at most that many, and a Move action covering more spaces (the opponent's space
    not counted, as for an advance) is no legal option
    (``engine.rules.actions.move_action_limit``)."""
    movement_limit_optional_exceeded: bool = False
    """While exceeded the fighter may ignore ``movement_limit``: a limited advance,
    retreat or close asks for the full or the limited amount, and every Move the force
    pays for is legal (Iron Tager's exceed side,
    upstream ``may_ignore_movement_limit`` at ``on_advance_or_close`` / ``on_retreat``)."""
