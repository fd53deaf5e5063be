"""Cost effects: optional payments of gauge, force or life that run other effects.

The handlers are in ``engine.effects.costs``, under the same names in snake case.
"""

from __future__ import annotations

from engine import vocabulary
from engine.vocabulary.base import EffectBase


class GaugeForEffect(EffectBase, frozen=True, kw_only=True, tag="gauge_for_effect"):
    """Optionally spend exactly ``gauge_max`` gauge to run ``overall_effect``; or, with
    ``per_gauge_effect``, spend 0..``gauge_max`` gauge and run it once per card."""

    gauge_max: int
    overall_effect: tuple[vocabulary.Effect, ...] = ()
    per_gauge_effect: tuple[vocabulary.Effect, ...] = ()
    required: bool = False
    """With ``overall_effect``: you may not decline when you can pay (Hakumen's specials)."""


class ForceForEffect(EffectBase, frozen=True, kw_only=True, tag="force_for_effect"):
    """Optionally spend force: ``per_force_effect`` runs once per force (up to
    ``force_max``), or ``overall_effect`` once for exactly ``force_max``."""

    force_max: int
    per_force_effect: tuple[vocabulary.Effect, ...] = ()
    overall_effect: tuple[vocabulary.Effect, ...] = ()
    combined: bool = False
    """``per_force_effect`` runs once, its amounts multiplied by the force spent."""
    other_player: bool = False
    """The opponent pays the force instead of you (their decision); the effects are yours."""
    required: bool = False
    """The payer may not decline: they pay ``force_max``, or all the force they have if less."""


class SpendLife(EffectBase, frozen=True, kw_only=True, tag="spend_life"):
    amount: int


class SpendAllForce(EffectBase, frozen=True, kw_only=True, tag="spend_all_force"):
    """Discard your whole hand and gauge as force; ``save_as_strike_x``: the force made
    becomes your X this strike."""

    save_as_strike_x: bool = False


class ForceForArmorNow(EffectBase, frozen=True, kw_only=True, tag="force_for_armor_now"):
    """At once, you (``opponent``: the opponent) may spend force for ``amount`` armor
    per force, this strike."""

    amount: int
    opponent: bool = False


class SpendAllGaugeAndSaveAmount(
    EffectBase, frozen=True, kw_only=True, tag="spend_all_gauge_and_save_amount"
):
    """Discard your whole gauge; the number of cards is saved as your gauge spent before
    the strike (``set_strike_x gauge_spent_before_strike``)."""


class TakeDamage(EffectBase, frozen=True, kw_only=True, tag="take_damage"):
    """You (``opponent``: the opponent) take ``amount`` damage outside a strike's hit;
    ``nonlethal``: not below 1 life."""

    amount: int
    opponent: bool = False
    nonlethal: bool = False


class GaugeCostsReducedPassive(
    EffectBase, frozen=True, kw_only=True, tag="gauge_costs_reduced_passive"
):
    """From now on your gauge costs are ``amount`` lower (99: free); ``remove`` takes
    that reduction away again (Hakumen's Exceed and Revert)."""

    amount: int
    remove: bool = False


class ForceCostsReducedPassive(
    EffectBase, frozen=True, kw_only=True, tag="force_costs_reduced_passive"
):
    """While the continuous boost carrying it is in play, every force cost you pay is
    ``amount`` less (Hazama's Serpent's Benediction)."""

    amount: int = 1
