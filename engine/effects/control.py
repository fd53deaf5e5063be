"""Control effects: a player's choice between chains of effects, and the empty option.

One registered handler per effect type of ``engine.vocabulary.control``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.core.context import EffectCtx, Flow, choose
from engine.core.decisions import ChoiceOption
from engine.effects.amounts import amount_value
from engine.effects.registry import handler, resolve_all
from engine.text.notation import describe_chain, option_of_chain
from engine.vocabulary.control import RepeatEffectOptionally

_STOP = ChoiceOption(tag=c.effect_tag(c.Pass))


@handler(c.Choice)
def choice(ctx: EffectCtx, e: c.Choice) -> Flow[None]:
    """Pick one option; each option is a chain of effects. Example: Grasp's hit.

    ``skip_if_boost_sustained``: no choice at all when this continuous boost is already
    sustained (Seth's Soul's Oath, which need not pay to sustain itself twice).

    An option's ``total_power`` amount is labelled with its value as the choice is
    offered: Phonon's Suppressive Restriction offers "push total_power (3), then draw 2".

    ``opponent``: the opponent picks, and the chosen chain is theirs (its "you" is the
    opponent). Example: Arakune's A +- B (Permutation n, r boost): the opponent either
    puts a card of their hand into Arakune's overdrive (``cards_to_overdrive hand 1..1
    {to_opponent}``) or reveals their hand and their top card.
    """
    if e.skip_if_boost_sustained and ctx.source in ctx.table.p(ctx.player).sustained:
        return
    if e.opponent:
        ctx = EffectCtx(ctx.table, ctx.opponent, ctx.source, ctx.scope)
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


@handler(c.ChoiceMultiple)
def choice_multiple(ctx: EffectCtx, e: c.ChoiceMultiple) -> Flow[None]:
    """Pick ``amount`` different options one after another (a ``choice`` with
    ``multiple_amount``); each picked option resolves before the next pick, and an
    option once picked is not offered again.

    Example: Hilda's Revenant Pillar, ``hit: choice_multiple 2 <push 1 | pull 1 | draw 1
    | opponent_discard_random 1 | gain_advantage>``.

    Own type: ``choice`` picks one option; a second ``choice`` could pick the same one
    again.
    """
    left = list(range(len(e.options)))
    for _ in range(min(e.amount, len(left))):
        labels = [describe_chain(e.options[i]) for i in left]
        options = [option_of_chain(e.options[i]) for i in left]
        index = yield from choose(ctx.table, ctx.player, labels, options)
        picked = left.pop(index)
        yield from resolve_all(ctx, e.options[picked])


@handler(RepeatEffectOptionally)
def repeat_effect_optionally(ctx: EffectCtx, e: RepeatEffectOptionally) -> Flow[None]:
    """``linked_effect`` runs once, then you may repeat it up to ``amount`` more times:
    before each repeat you choose it or "stop" (stopping ends the repeats).
    ``first_not_automatic``: the first run is asked too, so it runs at most ``amount``
    times in all. ``amount`` may be ``strike_x`` or a ``Count``, taken once, as the
    effect starts.

    Example: Nine's Lapis Lazuli of Lamentation, ``after: repeat_effect_optionally
    {count: sealed_normals, per: 2}`` of ``choice <advance 1 | retreat 1>``: with 4
    Normals sealed she moves 1 space, then up to 2 more times.

    Own type: a loop whose length is a choice made as it goes, which a fixed chain of
    ``choice`` effects cannot say for a count known only at run time.
    """
    most = max(0, amount_value(ctx, e.amount))
    if not e.first_not_automatic:
        yield from resolve_all(ctx, e.linked_effect)
    labels = ["repeat: " + describe_chain(e.linked_effect), "stop"]
    options = [option_of_chain(e.linked_effect), _STOP]
    for _ in range(most):
        if (yield from choose(ctx.table, ctx.player, labels, options)) == 1:
            return
        yield from resolve_all(ctx, e.linked_effect)
