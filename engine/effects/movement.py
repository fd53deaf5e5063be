"""Movement effects: moving yourself and the opponent.

One registered handler per effect type of ``engine.vocabulary.movement``; each docstring is
the effect's reference entry in ``docs/effects.md``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import schema as c
from engine.core import events as ev
from engine.core import movement
from engine.core.asking import choose, choose_space
from engine.core.context import EffectCtx, Flow
from engine.core.decisions import ChoiceOption
from engine.core.ids import ARENA_MAX, ARENA_MIN
from engine.core.movement import crossed, enters
from engine.core.state import (
    MOVEMENT_BONUS,
    PUSH_PULL_BONUS,
    Passive,
    Stat,
    holds_passive,
    strike_value,
)
from engine.effects.amounts import amount_value, attack_reach
from engine.effects.registry import (
    add_stat,
    attack_side,
    handler,
    move_opponent,
    move_self,
    opponent_ignores_push_and_pull,
)

_PASS = ChoiceOption(tag=c.effect_tag(c.Pass))


@handler(c.Advance)
def advance(ctx: EffectCtx, e: c.Advance) -> Flow[None]:
    """Move ``amount`` spaces toward the opponent, crossing them if there is room.

    The opponent's space is not counted and a wall stops you. Chained effects can test
    ``advanced_through``. Example: Dive's ``before: advance 3``. ``amount`` may be
    ``strike_x``.

    A fighter with a ``movement_limit`` (Iron Tager: 2) moves at most that many spaces
    per advance, retreat or close; with ``movement_limit_optional_exceeded``, while
    exceeded they choose the full or the limited amount (asked only when the two end
    on different spaces).

    ``stop_on_buddy_space``: you stop on the space of your buddy with that id if the
    advance reaches it (Kokonoe's Solid Wheel, ``before: advance 4 {stop_on_buddy_space:
    gravitron}, then [if on_buddy_space] gain_advantage``).
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    amount = max(0, amount_value(ctx, e.amount)) + movement_bonus(ctx)
    amount = yield from limited(ctx, c.Advance, amount, lambda n: movement.advance_to(me, them, n))
    destination = movement.advance_to(me, them, amount)
    if e.stop_on_buddy_space is not None:
        destination = _stop_on_buddy(ctx, me, destination, e.stop_on_buddy_space)
    move_self(ctx, destination)


def _stop_on_buddy(ctx: EffectCtx, src: int, dst: int, buddy: str) -> int:
    """The first space from ``src`` toward ``dst`` (``dst`` included) that holds your
    buddy token ``buddy`` (a ``buddy`` space object of yours by that id), the opponent's
    space excepted; ``dst`` if none."""
    state = ctx.table.state
    spaces = {obj.space for found in state.mechanics.values()
              for obj in found.space_objects(state)
              if obj.kind == "buddy" and obj.owner == ctx.player and obj.name == buddy}
    step = 1 if dst > src else -1
    them = ctx.table.p(ctx.opponent).space
    path = range(src + step, dst + step, step) if dst != src else range(0)
    return next((space for space in path if space in spaces and space != them), dst)


@handler(c.Retreat)
def retreat(ctx: EffectCtx, e: c.Retreat) -> Flow[None]:
    """Move ``amount`` spaces directly away from the opponent; the edge stops you.

    Example: Cross's ``after: retreat 3``. ``amount`` may be ``strike_x`` (Vatista's
    Instant Flight: advance or retreat by the power of the revealed top card).
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    amount = max(0, amount_value(ctx, e.amount)) + movement_bonus(ctx)
    amount = yield from limited(ctx, c.Retreat, amount, lambda n: movement.retreat_to(me, them, n))
    move_self(ctx, movement.retreat_to(me, them, amount))


@handler(c.Close)
def close(ctx: EffectCtx, e: c.Close) -> Flow[None]:
    """Move up to ``amount`` spaces toward the opponent, stopping adjacent.

    Example: Assault's ``before: close 2``. ``amount`` may be a ``Count`` taken when it
    resolves: Vincent's National Guard, ``before: close {count: damage_taken}``, closes
    1 space per damage he has taken this strike.

    ``save_spaces_as_strike_x``: the spaces actually closed become your X this strike
    (Seth's Distant Frontier, ``close 6`` then ``draw strike_x``).
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    amount = max(0, amount_value(ctx, e.amount)) + movement_bonus(ctx)
    amount = yield from limited(ctx, c.Close, amount, lambda n: movement.close_to(me, them, n))
    move_self(ctx, movement.close_to(me, them, amount))
    if e.save_spaces_as_strike_x and attack_side(ctx) is not None:
        moved = abs(ctx.table.p(ctx.player).space - me)
        ctx.table.emit(ev.StrikeXSet(player=ctx.player, value=moved))


@handler(c.Push)
def push(ctx: EffectCtx, e: c.Push) -> None:
    """Move the opponent ``amount`` spaces away from you (as if they retreated).

    No effect on an opponent who ignores push and pull (Focus). Example: Grasp's hit.
    ``amount`` may be ``total_power``, your attack's total power as it resolves (Phonon's
    Suppressive Restriction, ``after: choice push total_power | pull total_power``), or
    ``strike_x`` (Merkava's I, Agitate: push or pull X, the power of the revealed top card
    of his deck), or a ``Count`` (Hilda's Interference, ``push {count: opponent_speed}``).

    The spaces the opponent actually moved are kept for a chained ``[if
    pushed_min_spaces]`` (Nine's Amethyst of Annihilation: ``push 2, then [if
    pushed_min_spaces 1] gain_advantage``).
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    amount = max(0, amount_value(ctx, e.amount)) + push_pull_bonus(ctx)
    move_opponent(ctx, movement.retreat_to(them, me, amount))
    ctx.pushed = abs(ctx.table.p(ctx.opponent).space - them)


@handler(c.Pull)
def pull(ctx: EffectCtx, e: c.Pull) -> None:
    """Move the opponent ``amount`` spaces toward you (as if they advanced); they may
    be pulled past you. No effect on an opponent who ignores push and pull.

    Example: Grasp's hit, ``pull 1`` from adjacent carries the opponent to your far side.
    ``amount`` may be ``total_power`` (your attack's total power as it resolves) or
    ``strike_x``.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    amount = max(0, amount_value(ctx, e.amount)) + push_pull_bonus(ctx)
    move_opponent(ctx, movement.advance_to(them, me, amount))


@handler(c.PushOrPullToAnySpace)
def push_or_pull_to_any_space(ctx: EffectCtx, e: c.PushOrPullToAnySpace) -> Flow[None]:
    """Decision: move the opponent to any space except yours and theirs (a push or a
    pull, as needed; they may end on your other side), or pass.

    Not offered to an opponent who ignores push and pull. Example: Cammy's CQC, ``hit``.

    Own type: its options are every space but the two fighters'; a choice written in
    data cannot list spaces that depend on the positions.
    """
    if _immune(ctx):
        return
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    spaces = [s for s in range(ARENA_MIN, ARENA_MAX + 1) if s not in (me, them)]
    labels = [f"move opponent to space {s}" for s in spaces] + ["pass"]
    tag = c.effect_tag(c.PushOrPullToAnySpace)
    options = [ChoiceOption(tag=tag, amounts=(s,)) for s in spaces] + [_PASS]
    index = yield from choose(ctx.table, ctx.player, labels, options)
    if index < len(spaces):
        move_opponent(ctx, spaces[index])


@handler(c.PullAnyNumberOfSpacesAndGainPower)
def pull_any_number_of_spaces_and_gain_power(
    ctx: EffectCtx, e: c.PullAnyNumberOfSpacesAndGainPower
) -> Flow[None]:
    """Decision: pull the opponent any number of spaces (each option is a distinct
    landing space, past you if there is room), or pass; +1 power per space they moved.

    Your space is skipped and not counted, as for any pull. An opponent who ignores push
    and pull is not moved and gives no power. Example: Cammy's Gyro Driver Smasher, ``hit``.

    Own type: its options are landing spaces computed from both positions, and the power
    it gives is the distance moved; a choice written in data cannot list them.
    """
    if _immune(ctx):
        return
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    amounts: list[int] = []
    landed = {them}
    for amount in range(1, ARENA_MAX):
        dst = movement.advance_to(them, me, amount)
        if dst in landed:
            break
        landed.add(dst)
        amounts.append(amount)
    labels = ["pass"] + [f"pull {amount}" for amount in amounts]
    tag = c.effect_tag(c.PullAnyNumberOfSpacesAndGainPower)
    options = [_PASS] + [ChoiceOption(tag=tag, amounts=(amount,)) for amount in amounts]
    index = yield from choose(ctx.table, ctx.player, labels, options)
    if index == 0:
        return
    move_opponent(ctx, movement.advance_to(them, me, amounts[index - 1]))
    after = ctx.table.p(ctx.opponent).space
    add_stat(ctx, Stat.POWER, abs(after - them) - (1 if movement.crossed(them, after, me) else 0))


@handler(c.MoveToAnySpace)
def move_to_any_space(ctx: EffectCtx, e: c.MoveToAnySpace) -> Flow[None]:
    """Choose a space to move to, ``move_min``..``move_max`` spaces away (the opponent's
    space is not counted; 0 stays put). It is your own movement: crossing the opponent
    sets ``advanced_through``, and an opponent you cannot move past blocks the far side.

    Examples: M. Bison's Bison Teleport (0..5); Vega's Bloody High Claw, ``hit:
    move_to_any_space`` (anywhere).

    ``in_attack_range``: only spaces whose distance from you is within your attack's
    range (and your own space if ``move_min`` is 0); ``advance_only``: only spaces
    towards the opponent or past them (Carmine's Spin!, ``after: move_to_any_space
    {move_min 0, in_attack_range, advance_only}``).
    """
    table = ctx.table
    me, them = table.p(ctx.player).space, table.p(ctx.opponent)
    if holds_passive(table.state, ctx.opponent, Passive.BLOCKS_OPPONENT_MOVE):
        return
    side = attack_side(ctx)
    reach = None if side is None else attack_reach(table, side)
    spaces = [
        space
        for space in range(ARENA_MIN, ARENA_MAX + 1)
        if space != them.space
        and e.move_min <= abs(space - me) - crossed(me, space, them.space) <= e.move_max
        and not (them.blocks_passing and crossed(me, space, them.space))
        and not (e.advance_only and space != me
                 and (space - me) * (them.space - me) <= 0)
        and not (e.in_attack_range and space != me
                 and (reach is None or not reach[0] <= abs(space - me) <= reach[1]))
    ]
    walls = [w for walls in table.hooks.movement_walls for w in walls(table, ctx.player)]
    spaces = [s for s in spaces if not any(enters(me, s, w) for w in walls)]
    if spaces:
        move_self(ctx, (yield from choose_space(ctx.player, spaces)))


def _immune(ctx: EffectCtx) -> bool:
    """The opponent ignores pushes and pulls (Focus, Double Lariat; Vincent's Foundation)."""
    return opponent_ignores_push_and_pull(ctx)


def limited(
    ctx: EffectCtx, kind: type[c.Advance | c.Retreat | c.Close], amount: int,
    destination: Callable[[int], int],
) -> Flow[int]:
    """``amount`` within your fighter's ``movement_limit`` (the character card's rule:
    Iron Tager moves at most 2 spaces per advance, retreat or close effect). With
    ``movement_limit_optional_exceeded`` and exceeded (Tager's exceed side, upstream
    ``may_ignore_movement_limit``) you choose the full or the limited amount, asked only
    when ``destination`` of the two differs."""
    char = ctx.table.catalog.character(ctx.table.p(ctx.player).character)
    limit = char.movement_limit
    if limit is None or amount <= limit:
        return amount
    if not (char.movement_limit_optional_exceeded and ctx.table.p(ctx.player).exceeded):
        return limit
    if destination(amount) == destination(limit):
        return limit
    tag = c.effect_tag(kind)
    labels = [f"{tag} {amount} (ignore the movement limit)", f"{tag} {limit}"]
    options = [ChoiceOption(tag=tag, amounts=(amount,)), ChoiceOption(tag=tag, amounts=(limit,))]
    index = yield from choose(ctx.table, ctx.player, labels, options)
    return amount if index == 0 else limit


def movement_bonus(ctx: EffectCtx) -> int:
    """What ``increase_movement_effects`` adds to your advance, close and retreat amounts
    in the strike in progress (0 outside a strike)."""
    return strike_value(ctx.table.state, MOVEMENT_BONUS, ctx.player)


@handler(c.IncreaseMovementEffects)
def increase_movement_effects(ctx: EffectCtx, e: c.IncreaseMovementEffects) -> None:
    """This strike, each of your advance, close and retreat effects moves ``amount``
    spaces more (pushes and pulls are unchanged).

    Example: Orie's The Ruler (Rest in Peace boost), ``during_strike:
    increase_movement_effects 1``: Divine Thrust's ``after: advance 4`` advances 5.

    Own type: a strike-long modifier of the movement effects themselves, which no stat
    or other effect changes.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.MovementEffectsIncreased(player=ctx.player, amount=e.amount))


def push_pull_bonus(ctx: EffectCtx) -> int:
    """What ``increase_move_opponent_effects`` adds to your push and pull amounts in the
    strike in progress (0 outside a strike)."""
    return strike_value(ctx.table.state, PUSH_PULL_BONUS, ctx.player)


@handler(c.IncreaseMoveOpponentEffects)
def increase_move_opponent_effects(ctx: EffectCtx, e: c.IncreaseMoveOpponentEffects) -> None:
    """This strike, each of your push and pull effects moves the opponent ``amount``
    spaces more (your own movement is unchanged).

    Example: Vatista's ability, ``set_strike: [if used_character_action 0]
    increase_move_opponent_effects 1``: Lumen Stella's ``hit: push 1`` pushes 2.

    Own type: a strike-long modifier of the push and pull effects themselves, which no
    stat or other effect changes.
    """
    if attack_side(ctx) is not None:
        ctx.table.emit(ev.MoveOpponentEffectsIncreased(player=ctx.player, amount=e.amount))


@handler(c.BlockOpponentMove)
def block_opponent_move(ctx: EffectCtx, e: c.BlockOpponentMove) -> None:
    """Until a matching ``remove_block_opponent_move``, the opponent cannot move
    themselves: no Move action, and their advance, close, retreat and move-to-space
    effects do nothing. Pushes and pulls still move them.

    Example: Enkidu's Thunder Stomp, ``during_strike: block_opponent_move``,
    ``cleanup: remove_block_opponent_move``.

    Own type: a lasting ban on the opponent's own movement (a passive held outside any
    one strike, ended only by its remove), which ``opponent_cant_move_past`` (only
    past you) does not say.
    """
    ctx.table.emit(ev.PassiveGained(player=ctx.player, passive=Passive.BLOCKS_OPPONENT_MOVE))


@handler(c.RemoveBlockOpponentMove)
def remove_block_opponent_move(ctx: EffectCtx, e: c.RemoveBlockOpponentMove) -> None:
    """Ends one ``block_opponent_move`` you hold (nothing if you hold none). Example:
    Enkidu's Thunder Stomp, ``cleanup``.

    Own type: the end of the lasting ban above.
    """
    passive = Passive.BLOCKS_OPPONENT_MOVE
    if holds_passive(ctx.table.state, ctx.player, passive):
        ctx.table.emit(ev.PassiveRemoved(player=ctx.player, passive=passive))


@handler(c.PushToRange)
def push_to_range(ctx: EffectCtx, e: c.PushToRange) -> None:
    """Push the opponent just far enough that they stand ``amount`` spaces from you (the
    arena's edge may stop them short); nothing if they are already that far or farther.
    A target distance, so push bonuses do not add to it. No effect on an opponent who
    ignores push and pull.

    Example: Merkava's I, Resentfully Rage, ``hit: push_to_range 5``.

    Own type: the spaces pushed depend on the distance when it resolves, which no
    printed push amount can say.
    """
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    spaces = e.amount - movement.distance(me, them)
    if spaces > 0:
        move_opponent(ctx, movement.retreat_to(them, me, spaces))


@handler(c.PushToAttackMaxRange)
def push_to_attack_max_range(ctx: EffectCtx, e: c.PushToAttackMaxRange) -> None:
    """Push the opponent just far enough that they stand at your attack's maximum range
    from you (the arena's edge may stop them short); nothing if they are already that
    far or farther, or outside a strike. A target distance, so push bonuses do not add
    to it. No effect on an opponent who ignores push and pull.

    Example: Carmine's Pulverize!, ``hit: push_to_attack_max_range``.

    Own type: the distance is the attack's current range, not a printed amount.
    """
    side = attack_side(ctx)
    reach = None if side is None else attack_reach(ctx.table, side)
    if reach is None or _immune(ctx):
        return
    me, them = ctx.table.p(ctx.player).space, ctx.table.p(ctx.opponent).space
    spaces = reach[1] - movement.distance(me, them)
    if spaces > 0:
        move_opponent(ctx, movement.retreat_to(them, me, spaces))


_SELF_MOVES = (c.Advance, c.Retreat, c.Close)
_OPPONENT_MOVES = (c.Push, c.Pull)


def _plain_moves(effects: tuple[c.Effect, ...]) -> list[c.Effect] | None:
    """``effects`` and their ``then`` chains in order, if every one is an unconditional
    advance, retreat, close, push or pull by a printed number of spaces (else None)."""
    found: list[c.Effect] = []
    for effect in effects:
        if not isinstance(effect, _SELF_MOVES + _OPPONENT_MOVES) or effect.otherwise:
            return None
        amount = getattr(effect, "amount", None)
        if effect.condition is not None or not isinstance(amount, int) or isinstance(
                amount, bool) or getattr(effect, "stop_on_buddy_space", None) is not None:
            return None
        found.append(effect)
        chained = _plain_moves(effect.then)
        if chained is None:
            return None
        found.extend(chained)
    return found


def spaces_after_moves(
    ctx: EffectCtx, effects: tuple[c.Effect, ...], times: int
) -> tuple[int, int] | None:
    """Where you and the opponent would stand after ``effects`` ran ``times`` times, if
    they are plain movement (``_plain_moves``; None otherwise), by the arena's geometry
    (the opponent's space not counted, the edges stop, close never crosses), your
    ``movement_limit``, a block on your own movement, an opponent who ignores push and
    pull, and the movement bonuses of the strike. Reads only: for the core rulebook's
    "You may not over-spend on movement effects" (``force_for_effect``)."""
    moves = _plain_moves(effects)
    if moves is None:
        return None
    table = ctx.table
    me, them = table.p(ctx.player).space, table.p(ctx.opponent).space
    blocked = holds_passive(table.state, ctx.opponent, Passive.BLOCKS_OPPONENT_MOVE)
    immune = opponent_ignores_push_and_pull(ctx)
    char = table.catalog.character(table.p(ctx.player).character)
    limit = char.movement_limit
    if limit is not None and char.movement_limit_optional_exceeded and table.p(
            ctx.player).exceeded:
        limit = None
    for _ in range(times):
        for effect in moves:
            amount = getattr(effect, "amount", 0)
            if isinstance(effect, _SELF_MOVES):
                if blocked:
                    continue
                amount = max(0, amount) + movement_bonus(ctx)
                if limit is not None:
                    amount = min(amount, limit)
                if isinstance(effect, c.Advance):
                    dst = movement.advance_to(me, them, amount)
                elif isinstance(effect, c.Retreat):
                    dst = movement.retreat_to(me, them, amount)
                else:
                    dst = movement.close_to(me, them, amount)
                if table.p(ctx.opponent).blocks_passing:
                    dst = movement.stop_before(me, dst, them)
                me = dst
            elif not immune:
                amount = max(0, amount) + push_pull_bonus(ctx)
                if isinstance(effect, c.Push):
                    them = movement.retreat_to(them, me, amount)
                else:
                    them = movement.advance_to(them, me, amount)
    return me, them
