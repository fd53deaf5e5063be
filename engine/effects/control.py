"""Control effects: a player's choice between chains of effects, and the empty option.

One registered handler per effect type of ``engine.vocabulary.control``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.cards import schema as c
from engine.core.asking import choose
from engine.core.context import EffectCtx, Flow
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

    During a strike an option that would only start a strike (``strike`` and its forms,
    ignored there) is not offered while another option that does nothing (``pass``) is;
    a single option left resolves without asking. Example: Hazama's Serpent's
    Benediction, ``now: choice <strike {opponent_sets_first} | pass>``, played mid-strike
    by Vengeful Viper asks nothing.
    """
    if e.skip_if_boost_sustained and ctx.source in ctx.table.p(ctx.player).sustained:
        return
    if e.opponent:
        ctx = EffectCtx(ctx.table, ctx.opponent, ctx.source, ctx.scope)
    offered = _offered(ctx, e.options)
    if len(offered) == 1 and len(offered) < len(e.options):
        yield from resolve_all(ctx, offered[0])
        return
    labels = [_with_current_values(ctx, describe_chain(option)) for option in offered]
    options = [option_of_chain(option) for option in offered]
    index = yield from choose(ctx.table, ctx.player, labels, options)
    yield from resolve_all(ctx, offered[index])


def _offered(ctx: EffectCtx, options: Sequence[Sequence[c.Effect]]) -> list[Sequence[c.Effect]]:
    """``options`` less, during a strike, those that would only start a strike (they do
    nothing there) while another option that does nothing remains (the first of them is
    kept otherwise: it is the only way to decline the rest)."""
    if ctx.table.state.strike is None:
        return list(options)
    futile = [i for i, option in enumerate(options) if _only_starts_strike(option)]
    if not any(_idle(option) for i, option in enumerate(options) if i not in futile):
        futile = futile[1:]
    return [option for i, option in enumerate(options) if i not in futile]


def _chained(effects: Sequence[c.Effect]) -> Iterator[c.Effect]:
    """``effects`` and every effect chained to them (``then`` and ``else``)."""
    for effect in effects:
        yield effect
        yield from _chained(effect.then)
        yield from _chained(effect.otherwise)


def _idle(option: Sequence[c.Effect]) -> bool:
    """Whether ``option`` does nothing during a strike: only passes and effects that
    would start a strike (a delayed wild swing made now is not one)."""
    return all(isinstance(effect, c.Pass) or _starts_strike(effect)
               for effect in _chained(option))


def _starts_strike(effect: c.Effect) -> bool:
    if isinstance(effect, c.StrikeWild) and effect.auto_delayed_strike:
        return False
    return type(effect).starts_strike


def _only_starts_strike(option: Sequence[c.Effect]) -> bool:
    return _idle(option) and any(_starts_strike(effect) for effect in _chained(option))


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
