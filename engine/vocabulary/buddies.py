"""Buddy effects: a named token a fighter owns (Chaos's Azhi; Hilda's Condensity Gloom,
Merkava's Persistently Cling, BlazBlue's Nirvana...), out of play or on one arena space.

``buddy`` names it: a token id or name the character card declares (``CharacterDef.
buddies``), or the boost name of a Trap boost placed on a space (Carmine's Dissolve);
None: the first buddy your character card declares. The handlers are in
``engine.mechanics.buddies.effects``.
"""

from __future__ import annotations

from engine.vocabulary.base import EffectBase


class PlaceBuddyInAnySpace(EffectBase, frozen=True, kw_only=True, tag="place_buddy_in_any_space"):
    """Decision: put your buddy onto (or move it to) any arena space; ``optional``: you
    may leave it where it is."""

    buddy: str | None = None
    optional: bool = False


class RemoveBuddy(EffectBase, frozen=True, kw_only=True, tag="remove_buddy"):
    """Take your buddy out of the arena."""

    buddy: str | None = None


class MoveToBuddy(EffectBase, frozen=True, kw_only=True, tag="move_to_buddy"):
    """Move to your buddy's space (your own movement)."""

    buddy: str | None = None


class CalculateRangeFromBuddy(
    EffectBase, frozen=True, kw_only=True, tag="calculate_range_from_buddy"
):
    """This strike your attack's range is measured from your buddy's space."""

    buddy: str | None = None


class OpponentCantMovePastBuddy(
    EffectBase, frozen=True, kw_only=True, tag="opponent_cant_move_past_buddy"
):
    """Your buddy's space is a wall for the opponent's own movement."""

    buddy: str | None = None


class RemoveOpponentCantMovePastBuddy(
    EffectBase, frozen=True, kw_only=True, tag="remove_opponent_cant_move_past_buddy"
):
    """Your buddy's space is no longer a wall for the opponent."""

    buddy: str | None = None


class ChooseCalculateRangeFromBuddy(
    EffectBase, frozen=True, kw_only=True, tag="choose_calculate_range_from_buddy"
):
    """Choose one of your buddies named ``buddy`` in play; this strike your attack's
    range is measured from its space (``optional``: you may decline)."""

    buddy: str | None = None
    optional: bool = False


class CalculateRangeFromSetFromBoostSpace(
    EffectBase, frozen=True, kw_only=True, tag="calculate_range_from_set_from_boost_space"
):
    """Your attack, set from your boost area, measures its range from the space it lay
    on as a Trap boost."""


class PlaceBoostInSpace(EffectBase, frozen=True, kw_only=True, tag="place_boost_in_space"):
    """This continuous boost is played onto an arena space (any space, a fighter's
    included); it leaves play as a boost does, and counts as a buddy by its boost name
    (Rachel's Ivy Blossom, George XIII, Impish Gypsophila)."""
class MoveBuddy(EffectBase, frozen=True, kw_only=True, tag="move_buddy"):
    """Decision: move your buddy (in play) ``amount`` to ``amount2`` spaces either way
    (``amount2`` None: exactly ``amount``; ``optional``: you may leave it where it is)."""

    buddy: str | None = None
    amount: int = 1
    amount2: int | None = None
    optional: bool = False


class SwapBuddy(EffectBase, frozen=True, kw_only=True, tag="swap_buddy"):
    """Your buddy ``buddy_to_remove`` (in play) is replaced by ``buddy_to_place`` on its
    space (Carl's Nirvana turned Active again)."""

    buddy_to_remove: str
    buddy_to_place: str


class PlaceBuddyOntoSelf(EffectBase, frozen=True, kw_only=True, tag="place_buddy_onto_self"):
    """Put your buddy on your own space (moving it there if it is in play)."""

    buddy: str | None = None


class PlaceBuddyOntoOpponent(
    EffectBase, frozen=True, kw_only=True, tag="place_buddy_onto_opponent"
):
    """Put your buddy on the opponent's space (moving it there if it is in play)."""

    buddy: str | None = None


class PlaceBuddyInAttackRange(
    EffectBase, frozen=True, kw_only=True, tag="place_buddy_in_attack_range"
):
    """Decision: put your buddy on a space whose distance from you is within your
    attack's range."""

    buddy: str | None = None


class FlipBuddyMissGetGauge(
    EffectBase, frozen=True, kw_only=True, tag="flip_buddy_miss_get_gauge"
):
    """Your attack does not hit but goes to your gauge at cleanup, and the opponent's
    buddy ``buddy_to_remove`` is flipped to ``buddy_to_place`` (Carl's Nirvana)."""

    buddy_to_remove: str
    buddy_to_place: str


class BuddyImmuneToFlip(EffectBase, frozen=True, kw_only=True, tag="buddy_immune_to_flip"):
    """This strike the opponent cannot flip your buddy."""

    buddy: str | None = None


class PushFromSource(EffectBase, frozen=True, kw_only=True, tag="push_from_source"):
    """Push the opponent ``amount`` spaces away from your attack's origin (the buddy its
    range is measured from, else you); on the origin's space you choose the way."""

    amount: int


class PlaceBuddyAtRange(EffectBase, frozen=True, kw_only=True, tag="place_buddy_at_range"):
    """Decision: put your buddy ``buddy`` on a space ``range_min``..``range_max`` away
    from you; ``other_buddy``: then put that one on another such space (Hazama's
    Ouroboros)."""

    buddy: str | None = None
    range_min: int = 1
    range_max: int = 1
    other_buddy: str | None = None
