"""Movement effects: moving yourself and the opponent.

The handlers are in ``engine.effects.movement``, under the same names in snake case.
"""

from __future__ import annotations

from engine.vocabulary.base import Count, EffectBase, SymbolicAmount


class Advance(EffectBase, frozen=True, kw_only=True, tag="advance"):
    """``amount`` may be ``"strike_x"`` (the X set earlier this strike);
    ``stop_on_buddy_space``: you stop on the space of your buddy with that id if you
    reach it (Kokonoe's Solid Wheel, Gravitron)."""

    amount: int | SymbolicAmount
    stop_on_buddy_space: str | None = None


class Retreat(EffectBase, frozen=True, kw_only=True, tag="retreat"):
    """``amount`` may be ``"strike_x"`` (the X set earlier this strike)."""

    amount: int | SymbolicAmount


class Close(EffectBase, frozen=True, kw_only=True, tag="close"):
    """``amount`` may be a ``Count`` (Vincent's National Guard: the damage taken);
    ``save_spaces_as_strike_x``: the spaces moved become this strike's X."""

    amount: int | Count
    save_spaces_as_strike_x: bool = False


class Push(EffectBase, frozen=True, kw_only=True, tag="push"):
    """``amount`` may be ``"total_power"`` (your attack's total power now) or
    ``"strike_x"`` (Merkava's I, Agitate), or a ``Count`` (Hilda's Interference:
    ``{count: opponent_speed}``)."""

    amount: int | SymbolicAmount | Count


class Pull(EffectBase, frozen=True, kw_only=True, tag="pull"):
    """``amount`` may be ``"total_power"`` (your attack's total power now) or
    ``"strike_x"`` (Merkava's I, Agitate)."""

    amount: int | SymbolicAmount


class PushOrPullToAnySpace(EffectBase, frozen=True, kw_only=True, tag="push_or_pull_to_any_space"):
    pass


class PullAnyNumberOfSpacesAndGainPower(
    EffectBase, frozen=True, kw_only=True, tag="pull_any_number_of_spaces_and_gain_power"
):
    pass


class MoveToAnySpace(EffectBase, frozen=True, kw_only=True, tag="move_to_any_space"):
    """Move to a space ``move_min``..``move_max`` spaces away (0: stay put)."""

    move_min: int = 0
    move_max: int = 8
    in_attack_range: bool = False
    """Only spaces at a distance within your attack's range (or your own, if
    ``move_min`` is 0)."""
    advance_only: bool = False
    """Only spaces towards the opponent (or past them)."""


class IncreaseMovementEffects(
    EffectBase, frozen=True, kw_only=True, tag="increase_movement_effects"
):
    """This strike, your advance, close and retreat effects move ``amount`` more."""

    amount: int


class IncreaseMoveOpponentEffects(
    EffectBase, frozen=True, kw_only=True, tag="increase_move_opponent_effects"
):
    """This strike, your push and pull effects move the opponent ``amount`` more."""

    amount: int


class BlockOpponentMove(EffectBase, frozen=True, kw_only=True, tag="block_opponent_move"):
    """Until a matching ``remove_block_opponent_move``, the opponent cannot move
    themselves (the Move action and their own movement effects)."""


class RemoveBlockOpponentMove(
    EffectBase, frozen=True, kw_only=True, tag="remove_block_opponent_move"
):
    """Ends one ``block_opponent_move`` you hold."""


class PushToRange(EffectBase, frozen=True, kw_only=True, tag="push_to_range"):
    """Push the opponent until they are ``amount`` spaces from you."""

    amount: int


class PushToAttackMaxRange(EffectBase, frozen=True, kw_only=True, tag="push_to_attack_max_range"):
    """Push the opponent until they stand at your attack's maximum range from you."""
