"""Decoding logs into index rows: runs in the indexer's worker processes.

Each worker folds a chunk of logs once and builds their rows column by column as Arrow
tables (strike facts from ``replay.strikes``), then hands them to the main process as
Arrow IPC streams in a spool file (``replay.index.spool``). Only ``replay.index.writer``
calls this module.
"""

from __future__ import annotations

import gc
import hashlib
import os
from array import array
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter, call
from typing import Any, TypeVar, cast

import msgspec
import pyarrow as pa

from engine import EndReason, GameLog, LogFormatError, State, Step, read_capped, read_game_bytes
from engine import events as ev
from replay.index.schema import ARROW_SCHEMAS, BOOST_DECISIONS, GAMES, SUMMARY_FIELDS
from replay.index.spool import Chunk, Outcome, _orphaned, _pack
from replay.players import played_at, seat_player
from replay.quoting import error_text
from replay.strikes import StrikeSummary, fold_strikes

T = TypeVar("T")
R = TypeVar("R")

_PLAYER_FIELDS = ("player", "target", "attacker", "winner", "first")
_JSON = msgspec.json.Encoder()
_Getter = Callable[[object], object]
_NONE = cast(_Getter, {}.get)  # a C-level callable returning None for any event


def _event_getters(cls: type) -> tuple[str, _Getter, _Getter]:
    """An event class's tag, and getters of its player and of its card reference(s)."""
    fields = cls.__struct_fields__  # type: ignore[attr-defined]
    tag = cls.__struct_config__.tag  # type: ignore[attr-defined]
    player = next((f for f in _PLAYER_FIELDS if f in fields), None)
    card = "card" if "card" in fields else "cards" if "cards" in fields else None
    return (tag, _NONE if player is None else attrgetter(player),
            _NONE if card is None else attrgetter(card))


_EVENT_CLASSES: tuple[type, ...] = tuple(ev.EVENT_TYPES)
_EVENT_CODE = {cls: code for code, cls in enumerate(_EVENT_CLASSES)}
_EVENT_TAGS = [_event_getters(cls)[0] for cls in _EVENT_CLASSES]  # by code
_PLAYER_OF = {cls: _event_getters(cls)[1] for cls in _EVENT_CLASSES}
_CARD_OF = {cls: _event_getters(cls)[2] for cls in _EVENT_CLASSES}
_ACTION = _EVENT_CODE[ev.ActionTaken]
_SWITCHED = _EVENT_CODE[ev.FighterSwitched]


class _CardIds(dict[Any, str | None]):
    """A game's card references -> card ids, as the ``card`` column wants them: ``None``
    -> NULL, a tuple of references -> their id if they all share one (an EX pair), else
    NULL. An unknown reference raises ``KeyError``, as the fold would."""

    def __init__(self, defs: dict[int, str]) -> None:
        super().__init__(defs)
        self[None] = None

    def __missing__(self, key: object) -> str | None:
        if type(key) is not tuple:
            raise KeyError(key)
        ids = {self[ref] for ref in key}
        value = ids.pop() if len(ids) == 1 else None
        self[key] = value
        return value


def _int32_array(values: array[int]) -> pa.Array:
    """An Arrow int32 array over ``values``' memory (no copy; ``values`` must not grow)."""
    return pa.Array.from_buffers(pa.int32(), len(values), [None, pa.py_buffer(values)])


class _Json:
    """JSON texts, ``msgspec.json.encode`` of each value: an Arrow string column.

    Values are encoded a list at a time as JSON lines (no per-value Python) and split
    at the newlines in Arrow: JSON text never holds a raw newline (strings escape it)
    and msgspec writes no whitespace, so each line is exactly one value's encoding.
    """

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.count = 0

    def extend(self, values: Sequence[object]) -> None:
        self.buffer += _JSON.encode_lines(values)
        self.count += len(values)

    def array(self) -> pa.Array:
        # imported here: readers of the index (replay.query) import this module too, and
        # pyarrow.compute costs them memory for nothing
        import pyarrow.compute as pc

        if not self.count:
            return pa.array([], pa.string())
        lines = pa.StringArray.from_buffers(  # one string: every line but the last newline
            1, pa.py_buffer(array("i", [0, len(self.buffer) - 1])), pa.py_buffer(self.buffer))
        values = pc.split_pattern(lines, "\n").flatten()
        if len(values) != self.count:
            raise AssertionError(f"{self.count} JSON values split into {len(values)} lines")
        return values


_INITIAL: dict[tuple[object, ...], State] = {}
_INITIAL_KEEP = 32


def _initial_state(log: GameLog) -> State:
    """``log.initial_state()``, copied from a template kept per header (the state before
    the first event depends on the characters and decks, not on the seed, the agents or
    the first player, which come as events): a copy costs a tenth of a rebuild."""
    h = log.header
    key = (h.engine, h.format, h.card_data, h.ruleset, h.p1, h.p2, h.decks)
    template = _INITIAL.get(key)
    if template is None:
        template = log.initial_state()
        if len(_INITIAL) >= _INITIAL_KEEP:
            _INITIAL.clear()
        _INITIAL[key] = template
    return template.copy()


_NUMBERS = array("i")


def _numbers(n: int) -> array[int]:
    """``array("i", range(n))``, sliced from a kept array grown as needed."""
    global _NUMBERS
    if len(_NUMBERS) < n:
        _NUMBERS = array("i", range(max(n, 2 * len(_NUMBERS))))
    return _NUMBERS[:n]


def _boost_fighters(fighters: Sequence[tuple[str, str | None]], events: Sequence[ev.Event],
                    codes: Sequence[int], boosts: Sequence[tuple[int, int, bool]]) -> list[str]:
    """The fighter who played each boost (``boosts``: its position among ``events``, its
    player, whether it was a Cross Boost), the ``boosts`` table's ``fighter``:
    ``fighters`` holds each seat's fighter in play before the first event and its Tag Team
    partner (None for a single fighter). Only ``fighter_switched`` swaps a seat's two
    fighters (a built position's ``position_edited`` never does), so the fighter in play
    at a boost is the one the seat's switches before it left in play; a Cross Boost is
    played by the tagged-out fighter (Street Fighter rulebook, Tag Team: "activate a
    Boost ... from your tagged-out character")."""
    if all(partner is None for _, partner in fighters):
        return [fighters[player][0] for _, player, _ in boosts]
    switches = [(i, int(e.player)) for i, code in enumerate(codes)
                if code == _SWITCHED and isinstance(e := events[i], ev.FighterSwitched)]
    out = []
    for position, player, cross in boosts:
        flips = sum(1 for i, who in switches if i < position and who == player) + cross
        in_play, partner = fighters[player]
        out.append(partner if flips % 2 and partner is not None else in_play)
    return out


_TURN_STARTED = _EVENT_CODE[ev.TurnStarted]
_POSITION_EDITED = _EVENT_CODE[ev.PositionEdited]


def _turns(start: int, events: Sequence[ev.Event], codes: Sequence[int]) -> list[int]:
    """``state.turn`` after each event of a fold starting at turn ``start``, read from the
    events themselves: only ``turn_started`` (its ``turn``) and a built position's
    ``position_edited`` of kind ``next_turn`` (its ``value``) set it
    (``engine/core/folds``), so the column is the last such value, carried forward."""
    turns = [start] * len(events)
    at, turn = 0, start
    for i in [i for i, code in enumerate(codes)
              if code == _TURN_STARTED or code == _POSITION_EDITED]:
        e = events[i]
        if isinstance(e, ev.TurnStarted):
            value = e.turn
        elif isinstance(e, ev.PositionEdited) and e.kind is ev.EditKind.NEXT_TURN:
            value = e.value
        else:
            continue
        turns[at:i] = [turn] * (i - at)
        at, turn = i, value
    turns[at:] = [turn] * (len(events) - at)
    return turns


class ChunkRows:
    """The rows of a chunk of games, built game by game in bulk (whole columns, not rows)
    and returned as one Arrow table per index table by ``tables()``."""

    def __init__(self) -> None:
        self.game_ids: list[str] = []
        self.games: list[tuple[object, ...]] = []
        self.strikes: list[tuple[object, ...]] = []
        self.strike_game: list[int] = []
        self.ev_game = array("i")  # int32 columns, handed to Arrow without a copy
        self.ev_seq = array("i")
        self.ev_decision = array("i")
        self.ev_turn = array("i")
        self.ev_type = array("i")  # codes of _EVENT_TAGS
        self.ev_player: list[object] = []
        self.ev_card: list[str | None] = []
        self.ev_data = _Json()
        self.dec_game: list[int] = []
        self.dec_idx: list[int] = []
        self.dec_turn: list[int] = []
        self.dec_player: list[int] = []
        self.dec_request: list[str] = []
        self.dec_decision: list[object] = []
        self.dec_data = _Json()
        self.boost_game: list[int] = []
        self.boost_idx: list[int] = []
        self.boost_turn: list[int] = []
        self.boost_player: list[int] = []
        self.boost_decision: list[object] = []
        self.boost_event: list[int | None] = []
        self.boost_card: list[str | None] = []
        self.boost_fighter: list[str] = []
        # card_totals: (bucket, character, agent, card) -> struck, hits, damage, stuns,
        # wild_swung, boosted, summed over the chunk's games
        self.card_totals: dict[tuple[str, str, str, str | None], list[int]] = {}

    def add(self, log: GameLog, game_id: str) -> int:
        """Add one game's rows; returns its event count. Raises, adding nothing, if its
        events can't be folded."""
        h = log.header
        state = _initial_state(log)
        start = state.turn
        events: list[ev.Event] = []
        decision: list[int] = []
        asked: list[Step] = []
        asked_at: list[int] = []  # events before each decision
        for step in log.steps:
            if step.request is not None and step.decision is not None:
                asked.append(step)
                asked_at.append(len(events))
            if step.events:
                events += step.events
                decision += [step.index] * len(step.events)
        fighters = [(p.character, p.partner) for p in state.players]
        # one fold for everything: the strike summaries, the final life totals
        summaries = fold_strikes(state, events, (h.p1, h.p2))
        types = list(map(type, events))
        codes = list(map(_EVENT_CODE.__getitem__, types))
        turns = _turns(start, events, codes)
        asked_turn = [turns[at - 1] if at else start for at in asked_at]
        card_ids = _CardIds(state.card_defs)
        cards = list(map(card_ids.__getitem__,
                         map(call, map(_CARD_OF.__getitem__, types), events)))
        players = list(map(call, map(_PLAYER_OF.__getitem__, types), events))
        tags = [s.decision.__struct_config__.tag for s in asked]  # type: ignore[union-attr]
        boosts = [i for i, tag in enumerate(tags) if tag in BOOST_DECISIONS]
        actions: dict[int, int] = {}  # decision index -> its first action event
        if boosts:
            for seq in [i for i, code in enumerate(codes) if code == _ACTION]:
                actions.setdefault(decision[seq], seq)
        boost_events = [actions.get(asked[i].index) for i in boosts]
        boost_players = [int(asked[i].request.player) for i in boosts]  # type: ignore[union-attr]
        boost_cards = [None if seq is None else cards[seq] for seq in boost_events]
        boost_fighters = _boost_fighters(fighters, events, codes, [
            (asked_at[i] if seq is None else seq, player, tags[i] == "cross_boost")
            for i, seq, player in zip(boosts, boost_events, boost_players, strict=True)])
        totals = _card_totals(summaries, zip(boost_players, boost_cards, strict=True),
                              (h.p1, h.p2), (h.agents[0], h.agents[1]))
        # nothing above touched the chunk: a game that fails adds no rows
        g = len(self.game_ids)
        n = len(events)
        self.game_ids.append(game_id)
        self.ev_game += array("i", (g,)) * n  # C-level copies: extending an array from
        self.ev_seq += _numbers(n)  # an iterator costs a Python int per row
        self.ev_decision.fromlist(decision)
        self.ev_turn.fromlist(turns)
        self.ev_type.fromlist(codes)
        self.ev_player += players
        self.ev_card += cards
        self.ev_data.extend(events)
        self.strike_game += [g] * len(summaries)
        self.strikes += map(msgspec.structs.astuple, summaries)
        self.dec_game += [g] * len(asked)
        self.dec_idx += [s.index for s in asked]
        self.dec_turn += asked_turn
        self.dec_player += [int(s.request.player) for s in asked]  # type: ignore[union-attr]
        self.dec_request += [s.request.kind for s in asked]  # type: ignore[union-attr]
        self.dec_decision += tags
        self.dec_data.extend([{"request": s.request, "decision": s.decision} for s in asked])
        self.boost_game += [g] * len(boosts)
        self.boost_idx += [asked[i].index for i in boosts]
        self.boost_turn += [asked_turn[i] for i in boosts]
        self.boost_player += boost_players
        self.boost_decision += [tags[i] for i in boosts]
        self.boost_event += boost_events
        self.boost_card += boost_cards
        self.boost_fighter += boost_fighters
        bucket_of = game_id[0]
        for (character, agent, card), sums in totals.items():
            into = self.card_totals.setdefault((bucket_of, character, agent, card), [0] * 6)
            for i, value in enumerate(sums):
                into[i] += value
        t = log.trailer if log.sealed else None
        self.games.append((
            game_id, os.path.abspath(log.name), h.seed, h.p1, h.p2, h.agents[0], h.agents[1],
            int(h.first), None if t is None else t.winner,
            None if t is None else EndReason(t.reason).name.lower(),
            state.turn if t is None else t.turns, len(summaries),
            sum(1 for step in log.steps if step.decision is not None), n,
            state.players[0].life, state.players[1].life, log.sealed, _damage_text(log),
            h.card_data, h.engine, seat_player(log, 0), seat_player(log, 1),
            played_at(log.name), game_id[0]))
        return n

    def tables(self) -> dict[str, pa.Table]:
        """One Arrow table per index table (``ARROW_SCHEMAS``), in ``TABLES`` order."""
        ids = pa.array(self.game_ids, pa.string())
        buckets = pa.array([i[0] for i in self.game_ids], pa.string())

        def per_game(rows: list[int] | array[int]) -> tuple[pa.Array, pa.Array]:
            # dictionary-encoded: a 64-character id is repeated on every row, and the
            # tables travel from the workers to the main process
            index = (_int32_array(rows) if isinstance(rows, array)
                     else pa.array(rows, pa.int32()))
            return (pa.DictionaryArray.from_arrays(index, ids),
                    pa.DictionaryArray.from_arrays(index, buckets))

        games = _table("games", dict(zip((name for name, _ in GAMES),
                                         _transpose(self.games, len(GAMES)), strict=True)))
        game_id, bucket = per_game(self.strike_game)
        summary = _transpose(self.strikes, len(SUMMARY_FIELDS))
        by_name: dict[str, object] = dict(zip(SUMMARY_FIELDS, summary, strict=True))
        by_name.update(game_id=game_id, bucket=bucket)
        strikes = _table("strikes", by_name)
        game_id, bucket = per_game(self.ev_game)
        events = _table("events", {
            "game_id": game_id, "bucket": bucket, "seq": _int32_array(self.ev_seq),
            "decision": _int32_array(self.ev_decision), "turn": _int32_array(self.ev_turn),
            "type": pa.DictionaryArray.from_arrays(_int32_array(self.ev_type),
                                                   pa.array(_EVENT_TAGS, pa.string())),
            "player": self.ev_player, "card": self.ev_card, "data": self.ev_data.array()})
        game_id, bucket = per_game(self.dec_game)
        decisions = _table("decisions", {
            "game_id": game_id, "bucket": bucket, "idx": self.dec_idx, "turn": self.dec_turn,
            "player": self.dec_player, "request": self.dec_request,
            "decision": self.dec_decision, "data": self.dec_data.array()})
        game_id, bucket = per_game(self.boost_game)
        boosts = _table("boosts", {
            "game_id": game_id, "bucket": bucket, "idx": self.boost_idx,
            "turn": self.boost_turn, "player": self.boost_player,
            "decision": self.boost_decision, "event": self.boost_event,
            "card": self.boost_card, "fighter": self.boost_fighter})
        keys = list(self.card_totals)
        sums = _transpose([tuple(v) for v in self.card_totals.values()], 6)
        card_totals = _table("card_totals", {
            "bucket": [k[0] for k in keys], "character": [k[1] for k in keys],
            "agent": [k[2] for k in keys], "card": [k[3] for k in keys],
            **dict(zip(("struck", "hits", "damage", "stuns", "wild_swung", "boosted"), sums,
                       strict=True))})
        return {"games": games, "strikes": strikes, "events": events, "decisions": decisions,
                "boosts": boosts, "card_totals": card_totals}


def _card_totals(summaries: Sequence[StrikeSummary], boosts: Iterable[tuple[int, str | None]],
                 seats: tuple[str, str], agents: tuple[str, str]
                 ) -> dict[tuple[str, str, str | None], list[int]]:
    """One game's ``card_totals`` sums by (character, agent, card): per side of each strike
    that got to priority (its card; the side's seat's agent), struck, hit, damage, the
    opponent stunned, wild swung; per Boost action naming a card (``boosts``: the seat
    and the card of each Boost or Cross Boost), boosted. A card moved to the boost area
    by an effect is not a Boost action and is not counted (docs/metrics.md)."""
    totals: dict[tuple[str, str, str | None], list[int]] = {}
    for s in summaries:
        for char, agent, card, hit, damage, stun, wild in (
                (s.a_char, agents[s.attacker], s.a_card, s.a_hit, s.a_damage, s.d_stunned,
                 s.a_wild),
                (s.d_char, agents[1 - s.attacker], s.d_card, s.d_hit, s.d_damage,
                 s.a_stunned, s.d_wild)):
            if card != "":
                sums = totals.setdefault((char, agent, card), [0] * 6)
                sums[0] += 1
                sums[1] += hit
                sums[2] += damage
                sums[3] += stun
                sums[4] += wild
    for player, boosted in boosts:
        if boosted is not None:
            totals.setdefault((seats[player], agents[player], boosted), [0] * 6)[5] += 1
    return totals


def _transpose(rows: list[tuple[object, ...]], width: int) -> list[Sequence[object]]:
    return list(zip(*rows, strict=True)) if rows else [() for _ in range(width)]


_DICTIONARY = pa.dictionary(pa.int32(), pa.string())
_ENCODED = {(table, column) for table in ("strikes", "events", "decisions", "boosts")
            for column in ("game_id", "bucket")} | {("events", "type")}
_WIRE_SCHEMAS = {
    table: pa.schema([pa.field(f.name, _DICTIONARY) if (table, f.name) in _ENCODED else f
                      for f in schema])
    for table, schema in ARROW_SCHEMAS.items()
}
"""``ARROW_SCHEMAS`` as the workers send them: the columns repeating a few strings are
dictionary-encoded (DuckDB stores the same VARCHAR values)."""


def _table(name: str, columns: dict[str, object]) -> pa.Table:
    schema = _WIRE_SCHEMAS[name]
    return pa.Table.from_arrays(
        [c if isinstance(c, pa.Array) else pa.array(c, f.type)
         for c, f in zip((columns[f.name] for f in schema), schema, strict=True)],
        schema=schema)


def hash_file(path: str) -> tuple[str, str | None, str | None]:
    """``(path, sha256 hex, None)``, or ``(path, None, why)`` if the file can't be read."""
    try:
        return path, hashlib.sha256(read_capped(path, pipes=False)).hexdigest(), None
    except LogFormatError as error:  # over the size cap
        return path, None, error.reason
    except OSError as error:  # a named pipe named directly too (NotRegularFile)
        return path, None, f"cannot read: {error.strerror}"


def decode_chunk(files: Sequence[tuple[str, str]], spool: str | None = None) -> Chunk:
    """Decode ``(path, expected sha256)`` pairs into Arrow tables for every table; in a
    worker process ``spool`` is the directory to hand them over in (see ``Spooled``)."""
    if _orphaned():  # the indexer was killed: nobody will read this
        os._exit(1)
    rows = ChunkRows()
    outcomes: list[Outcome] = []
    # Decoding allocates many short-lived, acyclic objects: the cyclic collector would
    # only re-scan them (a fifth of the decode time), so it is paused for the chunk.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for path, game_id in files:
            stage = "cannot read it"
            try:
                data = read_capped(path, pipes=False)
                if hashlib.sha256(data).hexdigest() != game_id:
                    raise LogFormatError("changed while being indexed", path)
                log = read_game_bytes(data, path)
                stage = "cannot fold its events"
                rows.add(log, game_id)
            except LogFormatError as error:
                outcomes.append(Outcome(path=path, game_id=game_id, status="skipped",
                                        reason=error.reason))
                continue
            except OSError as error:
                outcomes.append(Outcome(path=path, game_id=game_id, status="skipped",
                                        reason=f"cannot read: {error.strerror}"))
                continue
            except Exception as error:
                # e.g. a character or card this engine does not know: one bad log must not
                # stop the run, so it is skipped with the reason, and with which of reading
                # and folding it failed in
                outcomes.append(Outcome(path=path, game_id=game_id, status="skipped",
                                        reason=f"{stage}: {error_text(error)}"))
                continue
            outcomes.append(Outcome(path=path, game_id=game_id, status="indexed",
                                    reason=_damage_text(log), sealed=log.sealed,
                                    damaged=log.damage is not None))
    finally:
        if collecting:
            gc.enable()
    return _pack(rows.tables(), spool, outcomes, len(rows.game_ids))


def _damage_text(log: GameLog) -> str | None:
    if log.damage is not None:
        d = log.damage
        where = f"byte {d.offset}" if d.offset >= 0 else "a payload"
        return f"stopped at {where} (frame {d.frame_index}): {d.reason}"
    if log.abandoned:  # as `exceed info` says it (replay.summary)
        return "unfinished (abandoned): its players left it"
    if not log.sealed:
        return "no trailer: the game was not finished"
    return None
