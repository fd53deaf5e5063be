"""The moment-search pattern language: words to a ``Pattern`` (see docs/search.md).

    stunned defender by wild_swing
    miss card=Shoryuken
    decked_out
    boost then strike same turn
    hit damage>=7 range=1

A pattern is one or more *steps* joined by ``then``, optionally ending with ``same
turn`` or ``same strike``. A step is a *kind* (what happened) and its *conditions*.
Patterns are capped: ``MAX_LENGTH`` characters, ``MAX_STEPS`` steps, ``MAX_CONDITIONS``
conditions. The
parser only checks the words; card and fighter names are resolved against the catalog
by the compiler (``replay.index.search``). Every refusal is a ``PatternError`` naming
the 1-based column and the token where the pattern stops making sense.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

import msgspec

KINDS: dict[str, str] = {
    "hit": "an attack hit",
    "miss": "an attack missed",
    "stunned": "a player was stunned",
    "strike": "a strike started (its attacker's attack)",
    "wild_swing": "an attack was wild swung",
    "boost": "a card was played as a boost (Boost or Cross Boost action)",
    "decked_out": "a player lost by drawing from an empty deck",
}
"""Every step kind and what it matches."""

ATTACK_KINDS = frozenset({"hit", "miss", "stunned", "strike", "wild_swing"})
"""Kinds read from the ``strikes`` table: one row per attack (side of a strike)."""

ROLES = ("attacker", "defender")
SEATS = ("p1", "p2")
FLAGS: dict[str, str] = {
    "ex": "the attack was EX",
    "wild_swing": "the attack was wild swung",
    "critical": "the attack was Critical",
    "stun": "the attack stunned the opponent",
}
"""Yes/no conditions on an attack (``not FLAG`` negates one)."""

FIELDS: dict[str, str] = {
    "card": "card id or name (quote a name with spaces)",
    "fighter": "character id or name of the player's fighter",
    "player": "p1 or p2",
    "role": "attacker or defender",
    "damage": "damage the attack dealt",
    "range": "distance between the fighters at the attack's range check",
    "speed": "the attack's speed",
    "turn": "turn number",
}
"""``FIELD OP VALUE`` conditions; numbers take every comparison, words ``=`` / ``!=``."""

MAX_LENGTH = 500
"""The longest pattern, in characters (issue 27 item 6: 5,000 ``ex`` ran out of memory)."""
MAX_STEPS = 4
"""The most steps joined by ``then``: every step is one more join of a game's moments
with the chains before it (30 steps ran out of memory, 2,000 hit DuckDB's expression
depth)."""
MAX_CONDITIONS = 12
"""The most conditions in a whole pattern (every step's, ``by`` ones included)."""

NUMERIC = frozenset({"damage", "range", "speed", "turn"})
MAX_DIGITS = 18
"""The digits a number of a pattern may have: it is compared in SQL as a 64-bit integer
(DuckDB refused 2**127 and more with its own error, echoing every digit)."""
_WHOLE = re.compile(r"[+-]?[0-9]+")
OPS = ("<=", ">=", "!=", "=", "<", ">")
SCOPES = ("turn", "strike")

Op = Literal["=", "!=", "<", "<=", ">", ">="]


TOKEN_SHOWN = 40
"""The most characters of a token an error shows (the line stays one short line)."""


class PatternError(ValueError):
    """A pattern that does not parse or compile: where it stops making sense and why."""

    def __init__(self, column: int, token: str, why: str) -> None:
        self.column = column
        self.token = token
        self.why = why
        shown = token if len(token) <= TOKEN_SHOWN else token[:TOKEN_SHOWN] + "…"
        super().__init__(f"at column {column}, {shown!r}: {why}")


class Condition(msgspec.Struct, frozen=True):
    """``field op value`` (a flag is ``field = "yes"``, a role ``role = attacker``);
    ``foe``: it describes the opposing attack (after ``by``)."""

    field: str
    op: Op
    value: str | int
    column: int
    token: str
    foe: bool = False
    value_column: int = 0
    value_token: str = ""


class Step(msgspec.Struct, frozen=True):
    """One moment: its kind and the conditions it must meet."""

    kind: str
    conditions: tuple[Condition, ...]
    column: int


class Pattern(msgspec.Struct, frozen=True):
    """Steps in order (each after the one before, in the same game) and their scope."""

    steps: tuple[Step, ...]
    same: str | None = None
    text: str = ""


class Token(msgspec.Struct, frozen=True):
    text: str
    column: int
    quoted: bool = False


_TOKEN = re.compile(r'\s*(?:(?P<q>"[^"]*"?)|(?P<op><=|>=|!=|=|<|>)|(?P<w>[^\s=<>!"]+)|(?P<bad>\S))')


def tokenize(text: str) -> list[Token]:
    """Words, quoted names and comparison operators, each with its 1-based column."""
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:  # only trailing spaces are left
            break
        start = match.start(match.lastgroup or 0) + 1
        if match.group("q") is not None:
            raw = match.group("q")
            if len(raw) < 2 or not raw.endswith('"'):
                raise PatternError(start, raw, "unterminated quote")
            tokens.append(Token(raw[1:-1], start, quoted=True))
        elif match.group("bad") is not None:
            raise PatternError(start, match.group("bad"), "unexpected character")
        else:
            tokens.append(Token(match.group("op") or match.group("w"), start))
        pos = match.end()
    return tokens


def _known(names: Iterable[str]) -> str:
    return ", ".join(sorted(names))


class _Parser:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_LENGTH:
            raise PatternError(MAX_LENGTH + 1, text[MAX_LENGTH:MAX_LENGTH + 12],
                               f"a pattern is at most {MAX_LENGTH} characters long "
                               f"(this one has {len(text)})")
        self.text = text
        self.tokens = tokenize(text)
        self.at = 0
        self.conditions = 0

    def peek(self) -> Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> Token:
        token = self.peek()
        if token is None:
            raise PatternError(len(self.text) + 1, "", "the pattern ends too soon")
        self.at += 1
        return token

    def pattern(self) -> Pattern:
        if not self.tokens:
            raise PatternError(1, "", f"empty pattern; start with a kind: {_known(KINDS)}")
        steps = [self.step()]
        same: str | None = None
        same_at = Token("", 1)
        while (token := self.peek()) is not None:
            word = token.text.lower()
            if word == "then" and not token.quoted:
                self.take()
                if len(steps) == MAX_STEPS:
                    raise PatternError(token.column, token.text,
                                       f"a pattern has at most {MAX_STEPS} steps")
                steps.append(self.step())
            elif word == "same" and not token.quoted:
                same_at = self.take()
                scope = self.take()
                if scope.text.lower() not in SCOPES:
                    raise PatternError(scope.column, scope.text,
                                       "expected 'turn' or 'strike' after 'same'")
                same = scope.text.lower()
                if (extra := self.peek()) is not None:
                    raise PatternError(extra.column, extra.text,
                                       "nothing may follow 'same turn' / 'same strike'")
            else:
                raise PatternError(token.column, token.text, "expected a condition, 'then' "
                                   "or 'same'")
        if same is not None and len(steps) < 2:
            raise PatternError(same_at.column, same_at.text, f"'same {same}' needs two steps "
                               "joined by 'then'")
        if same == "strike":
            for step in steps:
                if step.kind not in ATTACK_KINDS:
                    raise PatternError(step.column, step.kind,
                                       "'same strike' joins only strike moments: "
                                       f"{_known(ATTACK_KINDS)}")
        return Pattern(steps=tuple(steps), same=same, text=self.text)

    def step(self) -> Step:
        token = self.take()
        kind = token.text.lower()
        if token.quoted or kind not in KINDS:
            raise PatternError(token.column, token.text, f"unknown kind; known: {_known(KINDS)}")
        conditions: list[Condition] = []
        while (nxt := self.peek()) is not None:
            word = nxt.text.lower()
            if not nxt.quoted and word in ("then", "same"):
                break
            if not nxt.quoted and word == "by":
                self.take()
                if kind != "stunned":
                    raise PatternError(nxt.column, nxt.text,
                                       "'by' (the opposing attack) only follows 'stunned'")
                after = self.peek()
                if after is None:
                    raise PatternError(len(self.text) + 1, "", "'by' needs a condition")
                conditions.append(self.condition(kind, foe=True))
                continue
            conditions.append(self.condition(kind, foe=False))
        return Step(kind=kind, conditions=tuple(conditions), column=token.column)

    def condition(self, kind: str, foe: bool) -> Condition:
        token = self.take()
        self.conditions += 1
        if self.conditions > MAX_CONDITIONS:
            raise PatternError(token.column, token.text,
                               f"a pattern has at most {MAX_CONDITIONS} conditions")
        word = token.text.lower()
        if token.quoted:
            raise PatternError(token.column, token.text, "a quoted name needs a field first "
                               "(card=\"...\")")
        nxt = self.peek()
        if nxt is not None and nxt.text in OPS and not nxt.quoted:
            if word not in FIELDS:
                raise PatternError(token.column, token.text,
                                   f"unknown condition; known: {_known(FIELDS)}")
            op_token = self.take()
            value = self.take()
            return self._field(kind, word, op_token, value, token, foe)
        if word == "not":
            flag = self.take()
            if flag.text.lower() not in FLAGS:
                raise PatternError(flag.column, flag.text,
                                   f"'not' takes a flag: {_known(FLAGS)}")
            return self._check(kind, Condition(flag.text.lower(), "!=", "yes", token.column,
                                               flag.text, foe))
        if word in FLAGS:
            return self._check(kind, Condition(word, "=", "yes", token.column, token.text, foe))
        if word in ROLES:
            return self._check(kind, Condition("role", "=", word, token.column, token.text, foe))
        if word in SEATS:
            return self._check(kind, Condition("player", "=", word, token.column, token.text,
                                               foe))
        if word in FIELDS:
            raise PatternError(token.column, token.text,
                               "expected a comparison after it (=, !=, <, <=, >, >=)")
        known = _known([*FIELDS, *FLAGS, *ROLES, *SEATS, "not", "by", "then", "same"])
        raise PatternError(token.column, token.text, f"unknown condition; known: {known}")

    def _field(self, kind: str, field: str, op_token: Token, value: Token, at: Token,
               foe: bool) -> Condition:
        op: Op = op_token.text  # type: ignore[assignment]
        if value.text in OPS and not value.quoted:
            raise PatternError(value.column, value.text, "expected a value")
        if field in NUMERIC:
            if not _WHOLE.fullmatch(value.text):  # int() also takes 1_0, ٣ and a fullwidth 1
                raise PatternError(value.column, value.text, f"{field} takes a whole number")
            number = int(value.text)
            if abs(number) >= 10**MAX_DIGITS:
                raise PatternError(value.column, value.text, f"{field} takes a whole number "
                                   f"of at most {MAX_DIGITS} digits")
            return self._check(kind, Condition(field, op, number, at.column, at.text, foe,
                                               value.column, value.text))
        if op not in ("=", "!="):
            raise PatternError(op_token.column, op_token.text,
                               f"{field} compares only with = or !=")
        text = value.text
        if field == "player" and text.lower() not in SEATS:
            raise PatternError(value.column, value.text, "player is p1 or p2")
        if field == "role" and text.lower() not in ROLES:
            raise PatternError(value.column, value.text, "role is attacker or defender")
        if field in ("player", "role"):
            text = text.lower()
        return self._check(kind, Condition(field, op, text, at.column, at.text, foe,
                                           value.column, value.text))

    def _check(self, kind: str, cond: Condition) -> Condition:
        allowed = applies_to(kind)
        if cond.field not in allowed:
            raise PatternError(cond.column, cond.token,
                               f"does not apply to {kind}; {kind} takes: {_known(allowed)}")
        return cond


def applies_to(kind: str) -> frozenset[str]:
    """The condition fields (and flags) a step of ``kind`` takes."""
    if kind == "boost":
        return frozenset({"card", "fighter", "player", "turn"})
    if kind == "decked_out":
        return frozenset({"fighter", "player", "turn"})
    every = frozenset(FIELDS) | frozenset(FLAGS)
    if kind == "strike":
        return every - {"role"}
    return every


def parse_pattern(text: str) -> Pattern:
    """Parse a pattern, or raise ``PatternError`` (column, token, why)."""
    return _Parser(text).pattern()


def _written(text: str, cond: Condition) -> str:
    """``cond`` as the pattern ``text`` wrote it (``card="Donkey Kick"``, ``not ex``)."""
    start = cond.column - 1
    if cond.value_column:  # field op value, the value perhaps quoted
        at = cond.value_column - 1
        end = at + len(cond.value_token) + (2 if text[at:at + 1] == '"' else 0)
    else:  # a flag, role or seat, perhaps after "not" (found in the text as written:
        # lower() may lengthen a text, "İ" to two characters, and shift every column)
        found = re.compile(re.escape(cond.token), re.IGNORECASE).search(text, start)
        end = found.end() if found is not None else start + len(cond.token)
    return text[start:end]


def _step_text(text: str, step: Step, foe: list[Condition]) -> str:
    """A step written back: its kind, its own conditions, then ``by`` before each of
    ``foe``."""
    own = [_written(text, c) for c in step.conditions if not c.foe]
    return " ".join([step.kind, *own, *(f"by {_written(text, c)}" for c in foe)])


def by_note(pattern: Pattern) -> str:
    """One line when a ``stunned`` step has a condition after a ``by`` one that is not
    itself after ``by`` (``stunned by fighter=zangief card=Sweep``): ``by`` takes the
    one condition right after it (docs/search.md, Grammar), so that condition describes
    the stunned side, not the opposing attack a reader may take it for. The line gives
    the pattern as it was understood and the way to write the other reading; "" when no
    step reads two ways."""
    text = pattern.text
    trapped: list[Condition] = []
    understood: list[str] = []
    other: list[str] = []
    for step in pattern.steps:
        first_by = next((c.column for c in step.conditions if c.foe), None)
        after = [c for c in step.conditions if first_by is not None and c.column >= first_by]
        moved = [c for c in after if not c.foe]
        trapped += moved
        understood.append(_step_text(text, step, [c for c in step.conditions if c.foe]))
        if moved:
            before = Step(kind=step.kind, conditions=tuple(
                c for c in step.conditions if c.column < (first_by or 0)), column=step.column)
            other.append(_step_text(text, before, after))
        else:
            other.append(understood[-1])
    if not trapped:
        return ""
    scope = f" same {pattern.same}" if pattern.same else ""
    names = ", ".join(_written(text, c) for c in trapped)
    return (f"read as '{' then '.join(understood)}{scope}' (\"by\" takes only the condition "
            f"right after it, so {names} describe{'s' if len(trapped) == 1 else ''} the "
            "stunned side); for the opposing attack put \"by\" before each condition: "
            f"'{' then '.join(other)}{scope}'")
