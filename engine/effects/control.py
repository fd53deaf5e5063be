"""Control effects: a player's choice between chains of effects, and the empty option.

One registered handler per effect type of ``engine.vocabulary.control``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine import cards as c
from engine.context import EffectCtx, Flow, choose
from engine.effects.amounts import amount_value
from engine.effects.registry import handler, resolve_all
from engine.notation import describe_chain, option_of_chain


@handler(c.Choice)
def choice(ctx: EffectCtx, e: c.Choice) -> Flow[None]:
    """Pick one option; each option is a chain of effects. Example: Grasp's hit.

    ``skip_if_boost_sustained``: no choice at all when this continuous boost is already
    sustained (Seth's Soul's Oath, which need not pay to sustain itself twice).

    An option's ``total_power`` amount is labelled with its value as the choice is
    offered: Phonon's Suppressive Restriction offers "push total_power (3), then draw 2".
    """
    if e.skip_if_boost_sustained and ctx.source in ctx.table.p(ctx.player).sustained:
        return
    labels = [_with_current_values(ctx, describe_chain(option)) for option in e.options]
    options = [option_of_chain(option) for option in e.options]
    index = yield from choose(ctx.table, ctx.player, labels, options)
    yield from resolve_all(ctx, e.options[index])


def _with_current_values(ctx: EffectCtx, label: str) -> str:
    """``label`` with ``total_power`` followed by its current value in brackets."""
    word = c.SymbolicAmount.TOTAL_POWER.value
    if word not in label:
        return label
    value = amount_value(ctx, c.SymbolicAmount.TOTAL_POWER)
    return label.replace(word, f"{word} ({value})")


@handler(c.Pass)
def pass_(ctx: EffectCtx, e: c.Pass) -> None:
    """Does nothing: the explicit "decline" option of a choice.

    Example: Run's last option (``advance 1 | advance 2 | advance 3 | pass``).
    """
