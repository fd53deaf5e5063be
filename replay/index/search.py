"""Moment search over the index: a ``replay.search.pattern`` compiled to parameterised SQL.

Every step becomes a sub-query (a CTE ``m0``, ``m1``, ...) with the same columns:

- attack kinds (``hit``, ``miss``, ``stunned``, ``strike``, ``wild_swing``) read the
  ``strikes`` table as two branches, the attacker's side (``a_*`` columns, the opposing
  attack ``d_*``) and the defender's (``d_*``, ``a_*``), ``UNION ALL``; the conditions go
  into each branch's WHERE so they reach the table scan;
- ``boost`` reads the ``boosts`` table (Boost and Cross Boost decisions, with the
  ``action`` event and card each one caused);
- ``decked_out`` reads ``games`` (``reason = 'decked'``; the loser, the last event).

Steps joined by ``then`` are joined on the game, each after the one before (event order,
then a fixed order inside a strike: strike, wild swing, hit or miss, stun), and on the
turn or strike for ``same turn`` / ``same strike``; a first step with several matching
continuations is reported once (``GROUP BY``, with its earliest continuation). Each
step's own event comes with it from the index (a ``hit``/``miss`` step's ``*_hit_event``,
a ``stunned`` step's ``*_stun_event``, a boost's ``event``): the search never
reads the big ``events`` table. Values
(cards, numbers, players) only ever travel as ``?`` parameters; the SQL text is built
from fixed fragments chosen by the parsed words.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import msgspec
from duckdb import DuckDBPyConnection

from engine import Catalog, default_catalog, display_name, possessive
from replay.event_numbers import event_number
from replay.index.source import (
    QueryTimeout,
    Source,
    capped_rows,
    execute,
    timeout_message,
)
from replay.search.pattern import (
    ATTACK_KINDS,
    Condition,
    Pattern,
    PatternError,
    Step,
    parse_pattern,
)

DEFAULT_LIMIT = 100


class MomentRow(msgspec.Struct, frozen=True, kw_only=True):
    """One found moment: where it is (game, turn, strike, event), who and what.

    ``event`` is the first step's event (the one a dashboard link opens); ``events`` the
    event of every step in order; ``strike`` is None for a boost or a deck-out.
    """

    game_id: str
    turn: int
    strike: int | None
    event: int
    kind: str
    player: int
    role: str | None
    fighter: str
    card: str | None
    damage: int | None
    range: int | None
    foe_card: str | None
    events: list[int]
    description: str


_SUB = {"strike": 0, "wild_swing": 1, "hit": 2, "miss": 2, "stunned": 3, "boost": 0,
        "decked_out": 0}
"""The order of moments that share an event position (a strike's start)."""

_EVENT_COLUMN = {"hit": "hit_event", "miss": "hit_event", "stunned": "stun_event"}
"""Attack kinds whose own event is a column of their side (else the strike's start)."""

_COLUMNS = ("game_id", "turn", "strike", "pos", "sub", "player", "role", "card", "damage",
            "distance", "foe_card", "event", "fighter")

_OPS = {"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _side(me: str, foe: str) -> dict[str, str]:
    """Column expressions of one side of a strike (``me``: ``a`` or ``d``)."""
    cols: dict[str, str] = {}
    for prefix, side in (("", me), ("foe_", foe)):
        cols.update({
            f"{prefix}player": "attacker" if side == "a" else "defender",
            f"{prefix}fighter": f"{side}_fighter", f"{prefix}card": f"{side}_card",
            f"{prefix}ex": f"{side}_ex", f"{prefix}wild_swing": f"{side}_wild",
            f"{prefix}critical": f"{side}_critical", f"{prefix}hit": f"{side}_hit",
            f"{prefix}damage": f"{side}_damage", f"{prefix}range": f"{side}_distance",
            f"{prefix}speed": f"{side}_speed", f"{prefix}stunned": f"{side}_stunned",
            f"{prefix}hit_event": f"{side}_hit_event", f"{prefix}stun_event": f"{side}_stun_event",
        })
    cols["stun"] = cols["foe_stunned"]
    cols["foe_stun"] = cols["stunned"]
    cols["role"] = "'attacker'" if me == "a" else "'defender'"
    cols["foe_role"] = "'defender'" if me == "a" else "'attacker'"
    cols["turn"] = cols["foe_turn"] = "turn"
    return cols


class _Sql:
    """SQL fragments and their parameters, in order."""

    def __init__(self) -> None:
        self.params: list[object] = []

    def p(self, value: object) -> str:
        self.params.append(value)
        return "?"


def _card_ids(cond: Condition, catalog: Catalog) -> list[str]:
    text = str(cond.value)
    low = text.lower()
    cards = catalog.cards
    if text in cards:
        return [text]
    ids = [cid for cid, card in cards.items()
           if card.name.lower() == low or card.name.lower().replace(" ", "_") == low]
    if not ids:
        ids = [cid for cid in cards if cid.endswith("_" + low)]
    if not ids:
        raise PatternError(cond.value_column, cond.value_token,
                           "unknown card (give a card id or its name)")
    return sorted(ids)


def _fighter_ids(cond: Condition, catalog: Catalog) -> list[str]:
    text = str(cond.value)
    low = text.lower()
    chars = catalog.characters
    ids = [cid for cid, char in chars.items() if low in (cid, char.name.lower())]
    if not ids:
        ids = [cid for cid, char in chars.items()
               if low in char.name.lower().split()]
    if not ids:
        raise PatternError(cond.value_column, cond.value_token,
                           "unknown fighter (give a character id or name)")
    return sorted(ids)


def _condition(cond: Condition, cols: dict[str, str], sql: _Sql, catalog: Catalog) -> str:
    name = ("foe_" if cond.foe else "") + cond.field
    column = cols[name]
    op = _OPS[cond.op]
    if cond.field in ("ex", "wild_swing", "critical", "stun"):
        return column if cond.op == "=" else f"NOT {column}"
    if cond.field == "role":
        return f"{column} {op} {sql.p(cond.value)}"
    if cond.field == "player":
        return f"{column} {op} {sql.p(0 if cond.value == 'p1' else 1)}"
    if cond.field == "card":
        ids = _card_ids(cond, catalog)
        marks = ", ".join(sql.p(i) for i in ids)
        return f"{column} {'NOT IN' if cond.op == '!=' else 'IN'} ({marks})"
    if cond.field == "fighter":
        # a strike's or a boost's own fighter (the one in play, or a Cross Boost's); a
        # seat's spec (a decked-out seat: ``ryu+ken``) holds either of its team
        ids = _fighter_ids(cond, catalog)
        test = "list_has_any(string_split(" + column + ", '+'), [" + ", ".join(
            sql.p(i) for i in ids) + "])"
        return test if cond.op == "=" else f"NOT {test}"
    return f"{column} {op} {sql.p(cond.value)}"


IdRange = tuple[str | None, str | None]
"""Game ids from the first (included) to the second (excluded); None: unbounded."""
EVERY_GAME: IdRange = (None, None)


def _in_range(column: str, ids: IdRange, sql: _Sql) -> list[str]:
    low, high = ids
    return ([] if low is None else [f"{column} >= {sql.p(low)}"]) + (
        [] if high is None else [f"{column} < {sql.p(high)}"])


def _attack_step(step: Step, sql: _Sql, catalog: Catalog, ids: IdRange) -> str:
    branches = []
    for me, foe in (("a", "d"), ("d", "a")):
        if step.kind == "strike" and me == "d":
            continue
        cols = _side(me, foe)
        where = {"hit": [cols["hit"]],
                 "miss": [f"{cols['range']} IS NOT NULL", f"NOT {cols['hit']}"],
                 "stunned": [cols["stunned"]],
                 "strike": [],
                 "wild_swing": [cols["wild_swing"]]}[step.kind]
        where += [_condition(c, cols, sql, catalog) for c in step.conditions]
        where += _in_range("game_id", ids, sql)
        own = _EVENT_COLUMN.get(step.kind)
        event = f"coalesce({cols[own]}, first_event)" if own else "first_event"
        select = (f"SELECT game_id, turn, strike, first_event AS pos, {_SUB[step.kind]} AS sub, "
                  f"{cols['player']} AS player, {cols['role']} AS role, {cols['card']} AS card, "
                  f"{cols['damage']} AS damage, {cols['range']} AS distance, "
                  f"{cols['foe_card']} AS foe_card, {event} AS event, "
                  f"{cols['fighter']} AS fighter FROM strikes")
        branches.append(select + (" WHERE " + " AND ".join(where) if where else ""))
    return " UNION ALL ".join(branches)


BOOST_POS = 1_000_000_000
"""A boost step's position is its decision index less this: before every event of its
turn (the action comes first), and boosts of one turn in decision order."""


def _boost_step(step: Step, sql: _Sql, catalog: Catalog, ids: IdRange) -> str:
    cols = {"player": "b.player", "turn": "b.turn", "fighter": "b.fighter"}
    # from the small boosts table, with the action event each boost caused and its card
    # (a boost without one keeps its position as its event)
    where = ["TRUE"]
    for cond in step.conditions:
        if cond.field == "card":
            cards = ", ".join(sql.p(i) for i in _card_ids(cond, catalog))
            where.append(f"(b.card IS NULL OR b.card NOT IN ({cards}))"
                         if cond.op == "!=" else f"b.card IN ({cards})")
        else:
            where.append(_condition(cond, cols, sql, catalog))
    where += _in_range("b.game_id", ids, sql)
    return ("SELECT b.game_id, b.turn, CAST(NULL AS INTEGER) AS strike, "
            f"b.idx - {BOOST_POS} AS pos, 0 AS sub, b.player, CAST(NULL AS VARCHAR) AS role, "
            "b.card, CAST(NULL AS INTEGER) AS damage, CAST(NULL AS INTEGER) AS distance, "
            f"CAST(NULL AS VARCHAR) AS foe_card, coalesce(b.event, b.idx - {BOOST_POS}) "
            "AS event, b.fighter FROM boosts b WHERE " + " AND ".join(where))


def _decked_step(step: Step, sql: _Sql, catalog: Catalog, ids: IdRange) -> str:
    cols = {"player": "(1 - winner)", "turn": "turns",
            "fighter": "CASE winner WHEN 1 THEN p1 ELSE p2 END"}
    where = ["reason = 'decked'", "winner IS NOT NULL"]
    where += [_condition(c, cols, sql, catalog) for c in step.conditions]
    where += _in_range("game_id", ids, sql)
    return ("SELECT game_id, turns AS turn, CAST(NULL AS INTEGER) AS strike, "
            "events - 1 AS pos, 0 AS sub, 1 - winner AS player, CAST(NULL AS VARCHAR) AS role, "
            "CAST(NULL AS VARCHAR) AS card, "
            "CAST(NULL AS INTEGER) AS damage, CAST(NULL AS INTEGER) AS distance, "
            "CAST(NULL AS VARCHAR) AS foe_card, events - 1 AS event, "
            "CASE winner WHEN 1 THEN p1 ELSE p2 END AS fighter FROM games WHERE "
            + " AND ".join(where))


_ORDER = "(CAST(turn AS BIGINT) << 33) + ((CAST(pos AS BIGINT) + (1 << 30)) << 2) + sub AS okey"
"""One BIGINT in the order of moments (``turn``, then ``pos``, then ``sub``): a position
lies within -2^30 .. 2^31 - 2^30 (a boost's is its decision index less 10^9) and ``sub``
within 0 .. 3. Comparing one number joins and aggregates far faster than comparing the
three columns (or lists of them) in turn."""


def compile_pattern(pattern: Pattern, limit: int = DEFAULT_LIMIT,
                    catalog: Catalog | None = None,
                    ids: IdRange = EVERY_GAME) -> tuple[str, list[object]]:
    """The SQL and its parameters for ``pattern`` (``PatternError`` for an unknown card or
    fighter), over the games whose ids lie in ``ids``. Columns: the first step's
    ``_COLUMNS`` (``event``: its own event; ``fighter``: a strike's or a boost's own
    fighter, a decked-out seat's spec), then each step's own event (``event0``,
    ``event1``, ...)."""
    cat = catalog if catalog is not None else default_catalog()
    sql = _Sql()
    ctes = []
    for i, step in enumerate(pattern.steps):
        if step.kind in ATTACK_KINDS:
            body = _attack_step(step, sql, cat, ids)
        elif step.kind == "boost":
            body = _boost_step(step, sql, cat, ids)
        else:
            body = _decked_step(step, sql, cat, ids)
        ctes.append(f"m{i} AS (SELECT *, {_ORDER} FROM ({body}))")
    first = ", ".join(f"m0.{c}" for c in _COLUMNS)
    joins = ""
    for i in range(1, len(pattern.steps)):
        same = ""
        if pattern.same == "turn":
            same = f" AND m{i}.turn = m{i - 1}.turn"
        elif pattern.same == "strike":
            same = f" AND m{i}.strike = m{i - 1}.strike"
        a, b = f"m{i}", f"m{i - 1}"
        joins += f" JOIN {a} ON {a}.game_id = m0.game_id AND {a}.okey > {b}.okey{same}"
    steps = len(pattern.steps)
    if steps == 1:  # one row per moment already
        found = f"SELECT {first}, event AS event0 FROM m0"
    else:
        # one row per first-step moment, with its earliest continuation: each later
        # step's earliest moment (by order, then player) among the chains that follow it
        # is the one of the earliest chain, as every step keeps to the first's turn or
        # strike, if any, and follows the step before
        later = "".join(f", arg_min(m{i}.event, m{i}.okey * 2 + m{i}.player) AS event{i}"
                        for i in range(1, steps))
        found = f"SELECT {first}, m0.event AS event0{later} FROM m0{joins} GROUP BY ALL"
    limited = f"found AS ({found}), top AS (SELECT * FROM found ORDER BY game_id, turn, pos, " \
              f"sub, player LIMIT {sql.p(capped_rows(limit))})"
    text = (f"WITH {', '.join(ctes)}, {limited} SELECT * FROM top "
            "ORDER BY game_id, turn, pos, sub, player")
    return text, sql.params


def _describe(row: dict[str, object], pattern: Pattern, catalog: Catalog) -> str:
    kind = str(row["kind"])
    who = "p1" if row["player"] == 0 else "p2"
    fighter = display_name(catalog, str(row["fighter"]))
    cards = catalog.cards

    def card(value: object) -> str:
        return cards[str(value)].name if str(value) in cards else str(value)

    role = f" ({row['role']})" if row["role"] else ""
    at = f" at range {row['damage_range']}" if row.get("damage_range") is not None else ""
    mine, foes = _flag_words(pattern.steps[0], foe=False), _flag_words(pattern.steps[0], foe=True)
    if kind == "hit":
        text = (f"{who} {possessive(fighter)} {card(row['card'])}{mine} hit{role} for "
                f"{row['damage']}{at}")
    elif kind == "miss":
        text = f"{who} {possessive(fighter)} {card(row['card'])}{mine} missed{role}{at}"
    elif kind == "stunned":
        text = f"{who} {fighter} stunned{role} by {card(row['foe_card'])}{foes}"
    elif kind == "strike":
        text = f"{who} {fighter} struck with {card(row['card'])} against {card(row['foe_card'])}"
    elif kind == "wild_swing":
        text = f"{who} {fighter} wild swung {card(row['card'])}{role}"
    elif kind == "boost":
        text = f"{who} {fighter} boosted {card(row['card'])}"
    else:
        text = f"{who} {fighter} decked out"
    for step, event in zip(pattern.steps[1:], list(row["events"])[1:], strict=True):  # type: ignore[call-overload]
        text += f"; then {step.kind} (event {event_number(event)})"
    return text


_FLAG_WORDS = {"wild_swing": "a wild swing", "ex": "EX", "critical": "Critical"}


def _flag_words(step: Step, foe: bool) -> str:
    """`` (a wild swing)``: the flags the step's conditions required of its own attack
    (``foe``: of the opposing one, after ``by``), so a result says what was searched."""
    words = [_FLAG_WORDS[c.field] for c in step.conditions
             if c.foe == foe and c.field in _FLAG_WORDS and c.op == "=" and c.value == "yes"]
    return f" ({', '.join(words)})" if words else ""


FIRST_GAMES = 1600
"""About how many games (those of the lowest ids) a search reads first: the moments are
ordered by game id, so on a big index the first ``limit`` usually lie in a small slice,
and joining or ordering a slice is far cheaper than all of it."""


def _id_at(share: float) -> str | None:
    """The game id a ``share`` of the sha256 hex ids lie below (None: all of them)."""
    return None if share >= 1.0 else format(int(share * 16 ** 8), "08x")


class _Clock:
    """One time limit (``src.limit``) over every query of a search, not one each."""

    def __init__(self, src: Source) -> None:
        self.src = src
        self.deadline = time.monotonic() + src.limit if src.limit > 0 else None

    def run(self, con: DuckDBPyConnection, sql: str, params: Sequence[object] | None
            ) -> tuple[list[str], list[tuple[object, ...]]]:
        src = self.src
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise QueryTimeout(timeout_message(self.src.limit))
            src = src.with_limit(left)
        try:
            return execute(src, con, sql, params, src.path)
        except QueryTimeout:
            raise QueryTimeout(timeout_message(self.src.limit)) from None


def find_moments(src: Source, pattern: str | Pattern, limit: int = DEFAULT_LIMIT,
                 catalog: Catalog | None = None) -> list[MomentRow]:
    """The moments matching ``pattern`` (text or parsed), ordered by game id and event,
    at most ``limit``. A bad pattern raises ``PatternError``; the index's errors are
    those of every query (``QueryError``, ``QueryTimeout``, ``IndexBusy``); the time
    limit (``src.limit``) covers the whole search, each query interrupted at its end.

    On a big index the games are read in slices of ids, lowest first: about
    ``FIRST_GAMES`` games, then a slice sized by the moments found so far (twice what
    should hold the missing ones), then all the rest, stopping once ``limit`` moments
    are found; each slice's moments come in order after the slice before's."""
    parsed = parse_pattern(pattern) if isinstance(pattern, str) else pattern
    cat = catalog if catalog is not None else default_catalog()
    if limit < 0:
        raise PatternError(1, str(limit), "limit must be 0 or more")
    compile_pattern(parsed, limit, cat)  # a bad card or fighter fails before connecting
    rows: list[dict[str, object]] = []
    clock = _Clock(src)
    with src.connect() as con:
        _, counted = clock.run(con, "SELECT count(*) FROM games", None)
        games = _int(counted[0][0])
        done, share, low = 0.0, FIRST_GAMES / max(games, 1), None
        while True:  # over successive ranges of game ids, until ``limit`` moments
            done = min(1.0, done + share)
            high = _id_at(done)
            sql, params = compile_pattern(parsed, limit - len(rows), cat, (low, high))
            names, values = clock.run(con, sql, params)
            rows += [dict(zip(names, v, strict=True)) for v in values]
            if len(rows) >= limit or high is None:
                break
            # the share of the ids that should hold the missing moments, twice over
            share = 1.0 if not rows else 2 * (limit - len(rows)) * done / len(rows)
            low = high
    out = []
    for row in rows:
        is_strike = parsed.steps[0].kind in ATTACK_KINDS
        events = [_int(row[f"event{i}"]) for i in range(len(parsed.steps))]
        info: dict[str, object] = {**row, "kind": parsed.steps[0].kind, "events": events,
                                   "damage_range": row["distance"]}
        out.append(MomentRow(
            game_id=str(row["game_id"]), turn=int(row["turn"]),  # type: ignore[call-overload]
            strike=int(row["strike"]) if is_strike else None,  # type: ignore[call-overload]
            event=events[0], kind=parsed.steps[0].kind, player=int(row["player"]),  # type: ignore[call-overload]
            role=_opt_str(row["role"]), fighter=str(row["fighter"]),
            card=_opt_str(row["card"]), damage=_opt_int(row["damage"]),
            range=_opt_int(row["distance"]), foe_card=_opt_str(row["foe_card"]),
            events=events, description=_describe(info, parsed, cat)))
    return out


def _opt_str(value: object) -> str | None:
    return None if value is None else str(value)


def _int(value: object) -> int:
    assert isinstance(value, int), value
    return value


def _opt_int(value: object) -> int | None:
    return None if value is None else int(value)  # type: ignore[call-overload]
