"""Tag Team effects (Street Fighter rulebook, "VARIANT: TAG TEAM"): the variant's own
effect types, kept apart from the core domains because no card prints them.

The handlers are in ``engine.mechanics.tag_team.effects``, under the same names in snake
case; they register when the mechanic is attached (``engine.mechanics.builtin``).
"""

from __future__ import annotations

from engine.vocabulary.base import EffectBase


class EjectionStrike(EffectBase, frozen=True, kw_only=True, tag="ejection_strike"):
    """If the opponent (a team) is stunned, you may swap their active fighter for their
    tagged-out one, who cannot swap back until the end of the next strike (Street
    Fighter rulebook, Tag Team, Ejection Strike: "All EX and Double EX attacks have the
    Ejection Strike property. This gives your attack 'After: ...'"). No card prints it:
    the Tag Team mechanic adds one to an EX or Double EX attack's after triggers
    (``after_triggers``), which its player orders with the attack's others."""
