"""Under Night In-Birth effects: the season's own effect types (its normals' boosts and
the Revert), kept apart from the core domains because only UNI cards use them.

The handlers are in ``engine.mechanics.under_night.effects``, under the same names in
snake case; they register when the mechanic is attached (``engine.mechanics.builtin``).
"""

from __future__ import annotations

from typing import ClassVar

from engine import vocabulary
from engine.vocabulary.base import EffectBase


class AttackIsEx(EffectBase, frozen=True, kw_only=True, tag="attack_is_ex"):
    """Your attack counts as EX for the strike (uni Cross boost, Superior)."""


class StrikeEffectAfterSetting(
    EffectBase, frozen=True, kw_only=True, tag="strike_effect_after_setting"
):
    """Strike now; ``after_set_effect`` runs once the attacks are set (uni Spike boost)."""

    starts_strike: ClassVar[bool] = True

    after_set_effect: tuple[vocabulary.Effect, ...] = ()


class ExceedNow(EffectBase, frozen=True, kw_only=True, tag="exceed_now"):
    """Exceed at once, at no cost (uni Focus boost, Veil Off)."""


class Revert(EffectBase, frozen=True, kw_only=True, tag="revert"):
    """Leave Exceed mode: flip the character card to its Basic Mode (UNI glossary)."""


class PlaceTrap(EffectBase, frozen=True, kw_only=True, tag="place_trap"):
    """This continuous boost is a Trap: you play it onto a space (UNI rulebook, Trap
    Boosts: "played onto any space", a fighter's or another Trap's included); it is
    sustained while you are not stunned. ``any_space``: the same, stated by the card
    (Byakuya's Web Traps); ``stop_on_space_effect``: the opponent moving onto or through its
    space stops there, then these effects run for you, with the Trap as their source.
    ``in_attack_range``: a space your attack reaches; ``optional``: you may decline;
    ``if_placed_effect``: runs once the space is chosen (it may put your attack card into
    play as the Trap: Londrekia's Snow Blossom)."""

    any_space: bool = False
    stop_on_space_effect: tuple[vocabulary.Effect, ...] = ()
    in_attack_range: bool = False
    optional: bool = False
    if_placed_effect: tuple[vocabulary.Effect, ...] = ()


class NameCardForBoost(EffectBase, frozen=True, kw_only=True, tag="name_card_for_boost"):
    """Name a card; this continuous boost remembers the name while it is in play (Linne's
    Sidestep, Transparent Foe), for ``opponent_attack_is_named_by_boost``."""


class StartOfTurnStrike(EffectBase, frozen=True, kw_only=True, tag="start_of_turn_strike"):
    """Your action this turn must be a strike (a ``start_of_next_turn`` boost effect)."""


class InvalidateAttack(EffectBase, frozen=True, kw_only=True, tag="invalidate_attack"):
    """Your attack is invalid (Waldstein's Verderben when not set face up)."""


class DiscardBoostInOpponentSpace(
    EffectBase, frozen=True, kw_only=True, tag="discard_boost_in_opponent_space"
):
    """Discard your Trap named ``boost_name`` on the opponent's space; if you do,
    ``overall_effect`` (Byakuya's ability: +2 power and speed)."""

    boost_name: str
    overall_effect: tuple[vocabulary.Effect, ...] = ()



class MoveAnyBoost(EffectBase, frozen=True, kw_only=True, tag="move_any_boost"):
    """Move one of your Trap boosts in play named ``boost_name`` (None: any of yours)
    ``amount_min``..``amount_max`` spaces, onto a space a Trap may be played onto."""

    boost_name: str | None = None
    amount_min: int = 1
    amount_max: int = 1
