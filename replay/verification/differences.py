"""What differs at a divergence, in game terms: the events around the first difference
with their transcript lines, the card a difference is about, the recorded decision in
words, and the state fields that differ between the log's fold and the live engine.

``replay.verification.verify`` finds where a log and this engine part; these helpers say
what is on each side there.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

import msgspec

from engine import Catalog, Player, State, Step, Transcript, apply, default_catalog
from engine import events as ev

MAX_DIFFS = 12
"""State fields listed at most."""
WINDOW = 6
"""Events shown around the first difference."""


def tag(value: msgspec.Struct) -> str:
    """The wire tag of an event, request or decision (``card_moved``)."""
    return str(value.__struct_config__.tag)


def tag_at(events: Sequence[ev.Event], index: int | None) -> str:
    """The tag of ``events[index]``; "" past their end or for None."""
    return tag(events[index]) if index is not None and index < len(events) else ""


def involved(step: Step, before: State, expected: Sequence[ev.Event],
              actual: Sequence[ev.Event], first: int | None, made: bool) -> str:
    """The catalog id of the card a divergence is about ("" if none). When the engine
    made no events (another request, an illegal decision, the game over): the card the
    recorded decision names. Otherwise, when the first differing event is a strike's
    event about both seats (the speeds, the reveal), the attack of the seat whose value
    differs; else the card the first differing event names (recorded side first); else,
    during a strike, the attack of the player that event is about (a damage's target's
    opponent: the card that hit); else the decision's card."""
    if not made:
        return _decision_card(step, before)
    card = _seat_that_differs(before, expected, actual, first)
    if card:
        return card
    for events in (expected, actual):
        if first is None or first >= len(events):
            continue
        event = events[first]
        refs = getattr(event, "cards", None) or (getattr(event, "card", None),)
        for ref in refs:
            if isinstance(ref, int) and not isinstance(ref, bool) and ref in before.card_defs:
                return before.card_defs[ref]
        card = _attack_of(before, expected[:first], event)
        if card:
            return card
    return _decision_card(step, before)


def _decision_card(step: Step, before: State) -> str:
    """The catalog id of the first card the recorded decision names ("" if none)."""
    if step.decision is None:
        return ""
    refs = getattr(step.decision, "cards", None) or (getattr(step.decision, "card", None),)
    for ref in refs:
        if isinstance(ref, int) and not isinstance(ref, bool) and ref in before.card_defs:
            return before.card_defs[ref]
    return ""


def _seat_that_differs(before: State, expected: Sequence[ev.Event],
                       actual: Sequence[ev.Event], first: int | None) -> str:
    """For a first difference between two events about both seats (``priority``: the
    speeds; ``revealed``: the attacks), the card of the seat whose value differs (p1's
    first): a faster Tatsumaki Senpukyaku is named, not the other seat's attack nor the
    decision's card. "" for any other difference."""
    if first is None or first >= min(len(expected), len(actual)):
        return ""
    recorded, live = expected[first], actual[first]
    if isinstance(recorded, ev.PriorityDetermined) and isinstance(live, ev.PriorityDetermined):
        for seat, (was, now) in zip(Player, ((recorded.speed_p1, live.speed_p1),
                                             (recorded.speed_p2, live.speed_p2)), strict=True):
            if was != now:
                return _attack_of_seat(before, expected[:first], seat)
    if isinstance(recorded, ev.AttacksRevealed) and isinstance(live, ev.AttacksRevealed):
        for cards, engine_cards in ((recorded.p1, live.p1), (recorded.p2, live.p2)):
            for ref in (*cards, *engine_cards) if cards != engine_cards else ():
                if ref in before.card_defs:
                    return before.card_defs[ref]
    return ""


def _attack_of(before: State, prefix: Sequence[ev.Event], event: ev.Event) -> str:
    """The attack card of the player ``event`` is about, in the strike as it stands after
    ``prefix`` (the identical events before it); "" outside a strike."""
    target, player = getattr(event, "target", None), getattr(event, "player", None)
    who = target.other if isinstance(target, Player) else player
    return _attack_of_seat(before, prefix, who) if isinstance(who, Player) else ""


def _attack_of_seat(before: State, prefix: Sequence[ev.Event], who: Player) -> str:
    """The attack card of seat ``who`` in the strike as it stands after ``prefix`` (the
    identical events before it); "" outside a strike or before that seat has set one."""
    state = before.copy()
    try:
        for earlier in prefix:
            apply(state, earlier)
    except (ValueError, KeyError, AssertionError, IndexError):
        return ""
    strike = state.strike
    if strike is None or who >= len(strike.sides):
        return ""
    ref = strike.sides[who].attack
    return state.card_defs.get(ref, "") if ref is not None else ""


def first_difference(a: Sequence[ev.Event], b: Sequence[ev.Event]) -> int | None:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def window(
    before: State, events: Sequence[ev.Event], first: int | None, catalog: Catalog
) -> list[str]:
    """The events around the first difference (all of them when they are identical)."""
    lines = _lines(before, events, catalog)
    if first is None:
        return lines[:WINDOW] + ([f"... {len(lines) - WINDOW} more"] if len(lines) > WINDOW else [])
    start = max(0, first - 1)
    shown = lines[start : start + WINDOW]
    if start:
        shown.insert(0, f"... {start} identical event(s)")
    rest = len(lines) - start - WINDOW
    if rest > 0:
        shown.append(f"... {rest} more")
    return shown


def describe(value: msgspec.Struct) -> str:
    """``tag(field=value, ...)`` with players as ``p1``/``p2`` and other enums by name."""
    tag = value.__struct_config__.tag
    fields = ", ".join(f"{f}={_value(getattr(value, f))}" for f in value.__struct_fields__)
    return f"{tag}({fields})"


def _value(value: object) -> str:
    if isinstance(value, Player):
        return value.label
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, tuple):
        return "(" + ", ".join(_value(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, msgspec.Struct):
        return describe(value)
    return repr(value)


def decision_words(step: Step, before: State, catalog: Catalog) -> str:
    """The recorded decision, who made it and the cards it names, e.g.
    ``p2 set_attack(cards=(109,))  -- Spike``."""
    assert step.decision is not None
    text = describe(step.decision)
    if step.request is not None:
        text = f"{step.request.player.label} {text}"
    refs = getattr(step.decision, "cards", None) or (getattr(step.decision, "card", None),)
    names = [_card_name(before, ref, catalog) for ref in refs if isinstance(ref, int)]
    return text + (f"  -- {', '.join(names)}" if names else "")


def _card_name(state: State, ref: int, catalog: Catalog) -> str:
    card_id = state.card_defs.get(ref)
    if card_id is None or card_id not in catalog.cards:
        return f"unknown card {ref}"
    return catalog.cards[card_id].name


def _lines(before: State, events: Sequence[ev.Event], catalog: Catalog) -> list[str]:
    """Each event as ``tag(fields)``, followed by its transcript line when it folds."""
    transcript = Transcript(before, catalog)
    lines: list[str] = []
    for event in events:
        text = describe(event)
        try:
            line = transcript.feed(event)
        except (ValueError, KeyError, AssertionError, IndexError):
            line = "(does not fold on the state before it)"
        lines.append(f"{text}" + (f"  -- {line}" if line else ""))
    return lines


CARD_FIELDS = frozenset({
    "deck", "hand", "discard", "gauge", "boosts", "sealed", "sustained", "boosts_to_gauge",
    "delayed_boosts", "cards", "attack", "extra_cards", "extra_to_gauge",
})
"""State fields that hold card references; the diff names the card after the number."""


def state_diff(recorded: State, live: State, catalog: Catalog | None = None) -> list[str]:
    """Paths where two states differ, e.g. ``players[1].life: 25 vs 23`` or
    ``players[0].hand[1]: 22 (Cross) vs 8 (Spike)``."""
    cat = catalog if catalog is not None else default_catalog()
    out: list[str] = []

    def name(ref: int) -> str:
        return _card_name(recorded if ref in recorded.card_defs else live, ref, cat)

    _walk(msgspec.to_builtins(recorded), msgspec.to_builtins(live), "", out, name)
    return out[:MAX_DIFFS]


def _walk(
    a: object, b: object, path: str, out: list[str], name: Callable[[int], str]
) -> None:
    if len(out) >= MAX_DIFFS or a == b:
        return
    field = path.rsplit(".", 1)[-1].split("[", 1)[0]
    cards = field in CARD_FIELDS
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            _walk(a.get(key), b.get(key), f"{path}.{key}" if path else str(key), out, name)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and not cards:
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _walk(x, y, f"{path}[{i}]", out, name)
    else:  # a card zone is shown whole: a reordered hand reads better than per-index
        out.append(f"{path}: {_shown(a, cards, name)} vs {_shown(b, cards, name)}")


def _shown(value: object, cards: bool, name: Callable[[int], str]) -> str:
    """``value`` as in the diff; card references get the card's name."""
    if cards and isinstance(value, int) and not isinstance(value, bool):
        return f"{value} ({name(value)})"
    if cards and isinstance(value, list):
        return "[" + ", ".join(_shown(v, cards, name) for v in value) + "]"
    return repr(value)
