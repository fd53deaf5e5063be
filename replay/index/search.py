"""Moment search over the index: a ``replay.search.pattern`` compiled to parameterised SQL.

Every step becomes a sub-query (a CTE ``m0``, ``m1``, ...) with the same columns:

- attack kinds (``hit``, ``miss``, ``stunned``, ``strike``, ``wild_swing``) read the
  ``strikes`` table as two branches, the attacker's side (``a_*`` columns, the opposing
  attack ``d_*``) and the defender's (``d_*``, ``a_*``), ``UNION ALL``; the conditions go
  into each branch's WHERE so they reach the table scan;
- ``boost`` reads the ``decisions`` table (Boost and Cross Boost decisions); its action
  event and card are read with the exact events;
- ``decked_out`` reads ``games`` (``reason = 'decked'``; the loser, the last event).

Steps joined by ``then`` are joined on the game, each after the one before (event order,
then a fixed order inside a strike: strike, wild swing, hit or miss, stun), and on the
turn or strike for ``same turn`` / ``same strike``; a first step with several matching
continuations is reported once (``GROUP BY``, with its earliest continuation). A second
query then reads the exact ``hit`` / ``missed`` / ``stunned`` event of each such step
inside its strike, for the result's games only (``exact_events``). Values
(cards, numbers, players) only ever travel as ``?`` parameters; the SQL text is built
from fixed fragments chosen by the parsed words.
"""

from __future__ import annotations

import duckdb
import msgspec

from engine import Catalog, default_catalog, display_name
from engine import events as ev
from replay.index.source import Source, execute
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

_EXACT_EVENT = {"hit": ev.AttackHit, "miss": ev.AttackMissed, "stunned": ev.PlayerStunned}
"""Attack kinds whose own event is looked up inside the strike for the result."""

_COLUMNS = ("game_id", "turn", "strike", "pos", "sub", "player", "role", "fighter", "card",
            "damage", "distance", "foe_card", "first_event", "last_event")

_OPS = {"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _side(me: str, foe: str) -> dict[str, str]:
    """Column expressions of one side of a strike (``me``: ``a`` or ``d``)."""
    cols: dict[str, str] = {}
    for prefix, side in (("", me), ("foe_", foe)):
        cols.update({
            f"{prefix}player": "attacker" if side == "a" else "defender",
            f"{prefix}fighter": f"{side}_char", f"{prefix}card": f"{side}_card",
            f"{prefix}ex": f"{side}_ex", f"{prefix}wild_swing": f"{side}_wild",
            f"{prefix}critical": f"{side}_critical", f"{prefix}hit": f"{side}_hit",
            f"{prefix}damage": f"{side}_damage", f"{prefix}range": f"{side}_distance",
            f"{prefix}speed": f"{side}_speed", f"{prefix}stunned": f"{side}_stunned",
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
        ids = _fighter_ids(cond, catalog)
        test = "list_has_any(string_split(" + column + ", '+'), [" + ", ".join(
            sql.p(i) for i in ids) + "])"
        return test if cond.op == "=" else f"NOT {test}"
    return f"{column} {op} {sql.p(cond.value)}"


def _attack_step(step: Step, sql: _Sql, catalog: Catalog) -> str:
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
        select = (f"SELECT game_id, turn, strike, first_event AS pos, {_SUB[step.kind]} AS sub, "
                  f"{cols['player']} AS player, {cols['role']} AS role, "
                  f"{cols['fighter']} AS fighter, {cols['card']} AS card, "
                  f"{cols['damage']} AS damage, {cols['range']} AS distance, "
                  f"{cols['foe_card']} AS foe_card, first_event, last_event FROM strikes")
        branches.append(select + (" WHERE " + " AND ".join(where) if where else ""))
    return " UNION ALL ".join(branches)


BOOST_DECISIONS = ("boost", "cross_boost")
"""The decisions that play a card as a boost: Boost, and Tag Team's Cross Boost."""

BOOST_POS = 1_000_000_000
"""A boost step's position is its decision index less this: before every event of its
turn (the action comes first), and boosts of one turn in decision order."""


def _boost_step(step: Step, sql: _Sql, catalog: Catalog) -> str:
    cols = {"player": "d.player", "turn": "d.turn",
            "fighter": "CASE d.player WHEN 0 THEN g.p1 ELSE g.p2 END"}
    # from the small decisions table; the action event (and the card) is read afterwards
    # for the result's games only (``exact_events``), or here for a card condition
    kinds = ", ".join(sql.p(k) for k in BOOST_DECISIONS)
    where = [f"d.decision IN ({kinds})"]
    for cond in step.conditions:
        if cond.field == "card":
            ids = ", ".join(sql.p(i) for i in _card_ids(cond, catalog))
            where.append(f"{'NOT ' if cond.op == '!=' else ''}EXISTS (SELECT 1 FROM events e "
                         "WHERE e.game_id = d.game_id AND e.decision = d.idx AND "
                         f"e.type = 'action' AND e.card IN ({ids}))")
        else:
            where.append(_condition(cond, cols, sql, catalog))
    games = any(c.field == "fighter" for c in step.conditions)
    source = "decisions d JOIN games g ON g.game_id = d.game_id" if games else "decisions d"
    return ("SELECT d.game_id, d.turn, CAST(NULL AS INTEGER) AS strike, "
            f"d.idx - {BOOST_POS} AS pos, 0 AS sub, d.player, CAST(NULL AS VARCHAR) AS role, "
            "CAST(NULL AS VARCHAR) AS fighter, CAST(NULL AS VARCHAR) AS card, "
            "CAST(NULL AS INTEGER) AS damage, CAST(NULL AS INTEGER) AS distance, "
            "CAST(NULL AS VARCHAR) AS foe_card, d.idx AS first_event, d.idx AS last_event "
            f"FROM {source} WHERE " + " AND ".join(where))


def _decked_step(step: Step, sql: _Sql, catalog: Catalog) -> str:
    cols = {"player": "(1 - winner)", "turn": "turns",
            "fighter": "CASE winner WHEN 1 THEN p1 ELSE p2 END"}
    where = ["reason = 'decked'", "winner IS NOT NULL"]
    where += [_condition(c, cols, sql, catalog) for c in step.conditions]
    return ("SELECT game_id, turns AS turn, CAST(NULL AS INTEGER) AS strike, "
            "events - 1 AS pos, 0 AS sub, 1 - winner AS player, CAST(NULL AS VARCHAR) AS role, "
            f"{cols['fighter']} AS fighter, CAST(NULL AS VARCHAR) AS card, "
            "CAST(NULL AS INTEGER) AS damage, CAST(NULL AS INTEGER) AS distance, "
            "CAST(NULL AS VARCHAR) AS foe_card, events - 1 AS first_event, "
            "events - 1 AS last_event FROM games WHERE " + " AND ".join(where))


def compile_pattern(pattern: Pattern, limit: int = DEFAULT_LIMIT,
                    catalog: Catalog | None = None) -> tuple[str, list[object]]:
    """The SQL and its parameters for ``pattern`` (``PatternError`` for an unknown card or
    fighter). Columns: the first step's ``_COLUMNS``, then per step ``i`` its position,
    player and strike bounds (``pos{i}``, ``player{i}``, ``first{i}``, ``last{i}``); the
    exact event of a ``hit``, ``miss`` or ``stunned`` step is looked up afterwards
    (``exact_events``)."""
    cat = catalog if catalog is not None else default_catalog()
    sql = _Sql()
    ctes = []
    for i, step in enumerate(pattern.steps):
        if step.kind in ATTACK_KINDS:
            body = _attack_step(step, sql, cat)
        elif step.kind == "boost":
            body = _boost_step(step, sql, cat)
        else:
            body = _decked_step(step, sql, cat)
        ctes.append(f"m{i} AS ({body})")
    first = ", ".join(f"m0.{c}" for c in _COLUMNS)
    joins = ""
    for i in range(1, len(pattern.steps)):
        same = ""
        if pattern.same == "turn":
            same = f" AND m{i}.turn = m{i - 1}.turn"
        elif pattern.same == "strike":
            same = f" AND m{i}.strike = m{i - 1}.strike"
        a, b = f"m{i}", f"m{i - 1}"
        joins += (f" JOIN {a} ON {a}.game_id = m0.game_id AND ({a}.turn > {b}.turn OR "
                  f"({a}.turn = {b}.turn AND ({a}.pos > {b}.pos OR ({a}.pos = {b}.pos AND "
                  f"{a}.sub > {b}.sub)))){same}")
    steps = len(pattern.steps)
    if steps == 1:  # one row per moment already
        found = f"SELECT {first}, pos AS pos0, player AS player0, first_event AS first0, " \
                "last_event AS last0 FROM m0"
    else:  # one row per first-step moment, with its earliest continuation
        chain = ", ".join(f"m{i}.turn, m{i}.pos, m{i}.sub, m{i}.player, m{i}.first_event, "
                          f"m{i}.last_event" for i in range(1, steps))
        later = "".join(
            f", min([{chain}])[{6 * i - 4}] AS pos{i}, min([{chain}])[{6 * i - 2}] AS player{i}"
            f", min([{chain}])[{6 * i - 1}] AS first{i}, min([{chain}])[{6 * i}] AS last{i}"
            for i in range(1, steps))
        found = (f"SELECT {first}, m0.pos AS pos0, m0.player AS player0, m0.first_event AS "
                 f"first0, m0.last_event AS last0{later} FROM m0{joins} GROUP BY ALL")
    limited = f"found AS ({found}), top AS (SELECT * FROM found ORDER BY game_id, turn, pos, " \
              f"sub, player LIMIT {sql.p(limit)})"
    seat = "CASE top.player WHEN 0 THEN g.p1 ELSE g.p2 END AS fighter"
    final = f"SELECT top.* EXCLUDE (fighter), {seat} FROM top JOIN games g ON " \
            "g.game_id = top.game_id"
    text = (f"WITH {', '.join(ctes)}, {limited} {final} ORDER BY game_id, turn, pos, sub, player")
    return text, sql.params


def exact_events(con: duckdb.DuckDBPyConnection, src: Source, rows: list[dict[str, object]],
                 pattern: Pattern) -> tuple[list[list[int]], list[str | None]]:
    """Each row's event per step, and the card of a first ``boost`` step. A step's event
    is its position, but for a ``hit``, ``miss`` or ``stunned`` step its own event inside
    the strike and for a ``boost`` its ``action`` event, read from ``events`` for the
    rows' games only (their ids as an IN list of parameters, which DuckDB filters in the
    scan: far cheaper than joining the whole table)."""
    steps = range(len(pattern.steps))
    out = [[_int(row[f"pos{i}"]) for i in steps] for row in rows]
    cards: list[str | None] = [_opt_str(row["card"]) for row in rows]
    tags = {str(_EXACT_EVENT[s.kind].__struct_config__.tag) for s in pattern.steps
            if s.kind in _EXACT_EVENT}
    if any(s.kind == "boost" for s in pattern.steps):
        tags.add(str(ev.ActionTaken.__struct_config__.tag))
    if not rows or not tags:
        return out, cards
    games = sorted({str(row["game_id"]) for row in rows})
    boosts = any(s.kind == "boost" for s in pattern.steps)
    extra = ", decision, card" if boosts else ", NULL, NULL"  # each column read costs
    sql = (f"SELECT game_id, type, player, seq{extra} FROM events WHERE type IN "
           f"({', '.join('?' for _ in tags)}) AND game_id IN ({', '.join('?' for _ in games)})")
    _, found = execute(src, con, sql, [*sorted(tags), *games], src.path)
    seqs: dict[tuple[str, str, int], list[int]] = {}
    actions: dict[tuple[str, int], tuple[int, str | None]] = {}
    for game_id, tag, player, seq, decision, card in sorted(found, key=lambda f: _int(f[3])):
        seqs.setdefault((str(game_id), str(tag), _int(player)), []).append(_int(seq))
        if boosts:
            actions.setdefault((str(game_id), _int(decision)), (_int(seq), _opt_str(card)))
    for r, (row, events) in enumerate(zip(rows, out, strict=True)):
        game = str(row["game_id"])
        for i, step in enumerate(pattern.steps):
            if step.kind == "boost":  # first_event holds the decision index
                seq, card = actions.get((game, _int(row[f"first{i}"])), (events[i], None))
                events[i] = seq
                if i == 0:
                    cards[r] = card
                continue
            exact = _EXACT_EVENT.get(step.kind)
            if exact is None:
                continue
            low, high = _int(row[f"first{i}"]), _int(row[f"last{i}"])
            key = (game, str(exact.__struct_config__.tag), _int(row[f"player{i}"]))
            events[i] = next((q for q in seqs.get(key, []) if low <= q <= high), events[i])
    return out, cards


def _describe(row: dict[str, object], pattern: Pattern, catalog: Catalog) -> str:
    kind = str(row["kind"])
    who = "p1" if row["player"] == 0 else "p2"
    fighter = display_name(catalog, str(row["fighter"]))
    cards = catalog.cards

    def card(value: object) -> str:
        return cards[str(value)].name if str(value) in cards else str(value)

    role = f" ({row['role']})" if row["role"] else ""
    at = f" at range {row['damage_range']}" if row.get("damage_range") is not None else ""
    if kind == "hit":
        text = (f"{who} {fighter}'s {card(row['card'])} hit{role} for {row['damage']}"
                f"{at}")
    elif kind == "miss":
        text = f"{who} {fighter}'s {card(row['card'])} missed{role}{at}"
    elif kind == "stunned":
        text = f"{who} {fighter} stunned{role} by {card(row['foe_card'])}"
    elif kind == "strike":
        text = f"{who} {fighter} struck with {card(row['card'])} against {card(row['foe_card'])}"
    elif kind == "wild_swing":
        text = f"{who} {fighter} wild swung {card(row['card'])}{role}"
    elif kind == "boost":
        text = f"{who} {fighter} boosted {card(row['card'])}"
    else:
        text = f"{who} {fighter} decked out"
    for step, event in zip(pattern.steps[1:], list(row["events"])[1:], strict=True):  # type: ignore[call-overload]
        text += f"; then {step.kind} (event {event})"
    return text


def find_moments(src: Source, pattern: str | Pattern, limit: int = DEFAULT_LIMIT,
                 catalog: Catalog | None = None) -> list[MomentRow]:
    """The moments matching ``pattern`` (text or parsed), ordered by game id and event,
    at most ``limit``. A bad pattern raises ``PatternError``; the index's errors are
    those of every query (``QueryError``, ``QueryTimeout``, ``IndexBusy``)."""
    parsed = parse_pattern(pattern) if isinstance(pattern, str) else pattern
    cat = catalog if catalog is not None else default_catalog()
    if limit < 0:
        raise PatternError(1, str(limit), "limit must be 0 or more")
    sql, params = compile_pattern(parsed, limit, cat)
    with src.connect() as con:
        names, values = execute(src, con, sql, params, src.path)
        rows = [dict(zip(names, v, strict=True)) for v in values]
        every, cards = exact_events(con, src, rows, parsed)
    out = []
    for row, events, card in zip(rows, every, cards, strict=True):
        is_strike = parsed.steps[0].kind in ATTACK_KINDS
        row["card"] = card
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
