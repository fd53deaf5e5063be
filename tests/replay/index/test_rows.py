"""The indexer's bulk row building and its hand-over from the workers.

The rows must be exactly those of the straightforward definition (one fold, one row
per event, decision and strike, built field by field), which ``_reference_rows`` keeps
here as the yardstick: the bulk code in ``replay.index.writer`` is only faster.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec
import pyarrow as pa
import pytest

from engine import events as ev
from engine.core.apply import apply
from engine.core.state import EndReason, state_hash
from engine.recording.game_log import GameLog
from engine.recording.record import read_game, read_game_bytes
from replay.index import batch as batches
from replay.index import rows as index_rows
from replay.index import schema as index_schema
from replay.index import spool as index_spool
from replay.index.rows import ChunkRows, decode_chunk
from replay.index.schema import TABLES
from replay.index.writer import Indexer
from replay.strikes import fold_strikes, summarise_strikes

SAMPLES = Path(__file__).resolve().parents[3] / "sample_games"
Rows = dict[str, list[dict[str, Any]]]


def _reference_rows(log: GameLog, game_id: str) -> Rows:
    """Every table's rows for one game, the slow and obvious way."""
    h = log.header
    chars = (h.p1, h.p2)
    bucket = game_id[0]
    initial = log.initial_state()
    state = initial.copy()
    defs = state.card_defs
    rows: Rows = {table: [] for table in TABLES}
    seq = 0
    for step in log.steps:
        asked: dict[str, Any] = {}
        if step.request is not None and step.decision is not None:
            asked = {
                "game_id": game_id, "bucket": bucket, "idx": step.index, "turn": state.turn,
                "player": int(step.request.player), "request": step.request.kind,
                "decision": step.decision.__struct_config__.tag,
                "data": msgspec.json.encode({"request": step.request,
                                             "decision": step.decision}).decode()}
            rows["decisions"].append(asked)
            if asked["decision"] in ("boost", "cross_boost"):
                # the fighter in play boosts; a Cross Boost is the tagged-out fighter's
                seat = state.players[step.request.player]
                fighter = seat.partner if asked["decision"] == "cross_boost" else seat.character
                rows["boosts"].append({**asked, "event": None, "card": None, "fighter": fighter})
        for event in step.events:
            apply(state, event)
            fields = type(event).__struct_fields__
            who = next((f for f in ("player", "target", "attacker", "winner", "first")
                        if f in fields), None)
            card = None
            if "card" in fields and event.card is not None:  # type: ignore[union-attr]
                card = defs[event.card]  # type: ignore[union-attr]
            elif "cards" in fields:
                ids = {defs[ref] for ref in event.cards}  # type: ignore[union-attr]
                card = ids.pop() if len(ids) == 1 else None
            rows["events"].append({
                "game_id": game_id, "bucket": bucket, "seq": seq, "decision": step.index,
                "turn": state.turn, "type": event.__struct_config__.tag,
                "player": None if who is None else int(getattr(event, who)), "card": card,
                "data": msgspec.json.encode(event).decode()})
            if (isinstance(event, ev.ActionTaken) and rows["boosts"]
                    and rows["boosts"][-1]["idx"] == step.index
                    and rows["boosts"][-1]["event"] is None):
                rows["boosts"][-1].update(event=seq, card=card)
            seq += 1
    summaries = summarise_strikes(initial, log.events())
    totals: dict[tuple[str, str, str | None], dict[str, Any]] = {}

    def count(seat: int, card: str | None, **add: int) -> None:
        char, agent = chars[seat], h.agents[seat]
        row = totals.setdefault((char, agent, card), {
            "bucket": bucket, "character": char, "agent": agent, "card": card, "struck": 0,
            "hits": 0, "damage": 0, "stuns": 0, "wild_swung": 0, "boosted": 0})
        for name, value in add.items():
            row[name] += value

    for s in summaries:
        for me, foe, side in (("a", "d", s.attacker), ("d", "a", s.defender)):
            if getattr(s, f"{me}_card"):
                count(side, getattr(s, f"{me}_card"), struck=1,
                      hits=int(getattr(s, f"{me}_hit")), damage=getattr(s, f"{me}_damage"),
                      stuns=int(getattr(s, f"{foe}_stunned")),
                      wild_swung=int(getattr(s, f"{me}_wild")))
    for event in log.events():  # Boost actions, not every card moved to the boosts
        if isinstance(event, ev.ActionTaken) and event.card is not None:
            count(event.player, defs[event.card], boosted=1)
    rows["card_totals"] = list(totals.values())
    for s in summaries:
        rows["strikes"].append({"game_id": game_id, **msgspec.structs.asdict(s),
                                "a_char": chars[s.attacker], "d_char": chars[s.defender],
                                "bucket": bucket})
    t = log.trailer if log.sealed else None
    rows["games"].append({
        "game_id": game_id, "path": os.path.abspath(log.name), "seed": h.seed,
        "p1": h.p1, "p2": h.p2, "agent1": h.agents[0], "agent2": h.agents[1],
        "first": int(h.first), "winner": None if t is None else int(t.winner),
        "reason": None if t is None else EndReason(t.reason).name.lower(),
        "turns": state.turn if t is None else t.turns, "strikes": len(summaries),
        "decisions": sum(1 for s in log.steps if s.decision is not None), "events": seq,
        "p1_life": state.players[0].life, "p2_life": state.players[1].life,
        "sealed": log.sealed, "damage": index_rows._damage_text(log),
        "card_data": h.card_data, "engine": h.engine,
        # a log without players in its header shows its agents as players (issue 33),
        # played when the file was last written
        "player1": h.agents[0], "player2": h.agents[1],
        "played": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                time.gmtime(int(os.stat(log.name).st_mtime))),
        "bucket": bucket})
    return {table: [{name: row[name] for name, _ in TABLES[table]} for row in table_rows]
            for table, table_rows in rows.items()}


def _as_rows(tables: dict[str, pa.Table]) -> Rows:
    assert list(tables) == list(TABLES)
    for table, arrow in tables.items():
        assert arrow.column_names == [name for name, _ in TABLES[table]]
        # the wire types only dictionary-encode some strings: same values
        assert arrow.schema == index_rows._WIRE_SCHEMAS[table]
        assert arrow.cast(index_schema.ARROW_SCHEMAS[table]).schema == index_schema.ARROW_SCHEMAS[table]
    return {table: arrow.to_pylist() for table, arrow in tables.items()}


def _logs(corpus: Path, tmp_path: Path) -> list[tuple[GameLog, str]]:
    """Sample games (every character, Tag Team), corpus games and a truncated log."""
    paths = sorted(SAMPLES.glob("*.exlog")) + sorted(corpus.rglob("*.exlog"))[::6]
    data = paths[0].read_bytes()
    cut = tmp_path / "cut.exlog"
    cut.write_bytes(data[: len(data) // 2])
    logs = []
    for path in [*paths, cut]:
        raw = path.read_bytes()
        logs.append((read_game_bytes(raw, str(path)), hashlib.sha256(raw).hexdigest()))
    return logs


def test_bulk_rows_equal_the_row_by_row_definition(corpus: Path, tmp_path: Path) -> None:
    logs = _logs(corpus, tmp_path)
    assert any("+" in log.header.p1 for log, _ in logs), "no Tag Team sample to check"
    assert not logs[-1][0].sealed
    expected: Rows = {table: [] for table in TABLES}
    for log, game_id in logs:
        for table, rows in _reference_rows(log, game_id).items():
            expected[table] += rows
    chunk = ChunkRows()
    for log, game_id in logs:
        chunk.add(log, game_id)
    got = _as_rows(chunk.tables())
    # card_totals: the chunk's sums per key, whatever the order
    assert _by_key(got.pop("card_totals")) == _by_key(_summed(expected.pop("card_totals")))
    assert got == expected


def _summed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``card_totals`` rows of several games summed per (bucket, character, agent, card)."""
    keys = ("bucket", "character", "agent", "card")
    sums: dict[tuple[object, ...], dict[str, Any]] = {}
    for row in rows:
        key = tuple(row[k] for k in keys)
        into = sums.setdefault(key, {**row, **{n: 0 for n in row if n not in keys}})
        for name, value in row.items():
            if name not in keys:
                into[name] += value
    return list(sums.values())


def _by_key(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(rows, key=lambda r: (r["bucket"], r["character"], r["agent"],
                                       r["card"] or ""))


def test_a_game_that_cannot_be_folded_adds_no_rows(corpus: Path) -> None:
    path = sorted(corpus.rglob("*.exlog"))[0]
    good = read_game(path)
    steps = list(good.steps)
    i = next(i for i, s in enumerate(steps)
             if i > 3 and any(isinstance(e, ev.CardMoved) for e in s.events))
    events = tuple(msgspec.structs.replace(e, card=9999) if isinstance(e, ev.CardMoved) else e
                   for e in steps[i].events)
    steps[i] = msgspec.structs.replace(steps[i], events=events)
    bad = msgspec.structs.replace(good, steps=steps)
    chunk = ChunkRows()
    chunk.add(good, "a" * 64)
    with pytest.raises(ValueError):
        chunk.add(bad, "b" * 64)
    chunk.add(good, "c" * 64)
    rows = _as_rows(chunk.tables())
    assert [g["game_id"] for g in rows["games"]] == ["a" * 64, "c" * 64]
    for table in ("events", "decisions", "strikes"):
        assert {r["game_id"] for r in rows[table]} == {"a" * 64, "c" * 64}
    assert (rows["events"] == _reference_rows(good, "a" * 64)["events"]
            + _reference_rows(good, "c" * 64)["events"])
    assert _by_key(rows["card_totals"]) == _by_key(_summed(
        _reference_rows(good, "a" * 64)["card_totals"]
        + _reference_rows(good, "c" * 64)["card_totals"]))


def test_an_empty_chunk_has_empty_tables() -> None:
    rows = _as_rows(ChunkRows().tables())
    assert rows == {table: [] for table in TABLES}


@pytest.mark.parametrize("values", [
    [],
    [["card_moved", 0, 12, 1, 2, 3, False]],
    [{"name": "line\nbreak", "other": "tab\tand \"quote\" and é and \u2028"}, [], {}, "",
     None, 1.5, [[1], [2, [3]]]],
])
def test_json_columns_hold_each_value_as_msgspec_encodes_it(values: list[object]) -> None:
    column = index_rows._Json()
    column.extend(values[:1])
    column.extend(values[1:])
    assert column.array().to_pylist() == [msgspec.json.encode(v).decode() for v in values]


def test_events_are_merged_into_whole_row_groups(corpus: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batches, "ROW_GROUP", 1000)
    paths = sorted(corpus.rglob("*.exlog"))
    chunks = []
    for start in range(0, 30, 3):
        files = [(str(p), hashlib.sha256(p.read_bytes()).hexdigest())
                 for p in paths[start:start + 3]]
        chunks.append(decode_chunk(files))
    batch = batches.Batch()
    for chunk in chunks:
        batch.add(chunk.read_tables(), chunk.outcomes, chunk.games)
    tables = batch.tables()
    sizes = [len(c) for c in tables["events"]["seq"].chunks]
    assert len(sizes) > 2
    assert all(size % 1000 == 0 for size in sizes[:-1])
    assert batch.games == 30 and len(batch.outcomes) == 30
    for table in TABLES:
        whole = pa.concat_tables([c.read_tables()[table] for c in chunks])
        assert tables[table].to_pylist() == whole.to_pylist()


def _files(corpus: Path, count: int) -> list[tuple[str, str]]:
    return [(str(p), hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(corpus.rglob("*.exlog"))[:count]]


def test_a_spooled_chunk_is_read_from_its_file_then_removed(corpus: Path,
                                                           tmp_path: Path) -> None:
    files = _files(corpus, 4)
    direct = decode_chunk(files)
    spooled = decode_chunk(files, str(tmp_path))
    assert direct.tables is not None and spooled.tables is None
    assert spooled.spooled is not None and Path(spooled.spooled.path).is_file()
    received = pickle.loads(pickle.dumps(spooled))  # as the main process receives it
    assert list(tmp_path.iterdir()) == []
    assert received.outcomes == direct.outcomes
    assert _as_rows(received.read_tables()) == _as_rows(direct.read_tables())


def test_a_lost_spool_file_fails_in_the_main_thread_not_on_receipt(corpus: Path,
                                                                   tmp_path: Path) -> None:
    chunk = decode_chunk(_files(corpus, 2), str(tmp_path))
    assert chunk.spooled is not None
    os.unlink(chunk.spooled.path)
    received = pickle.loads(pickle.dumps(chunk))  # must not raise in the result thread
    with pytest.raises(OSError, match="lost the decoded rows of a chunk"):
        received.read_tables()


def test_without_a_usable_spool_the_tables_are_pickled(corpus: Path, tmp_path: Path) -> None:
    files = _files(corpus, 3)
    chunk = decode_chunk(files, str(tmp_path / "missing"))
    assert chunk.spooled is None and chunk.tables is not None
    received = pickle.loads(pickle.dumps(chunk))
    assert _as_rows(received.read_tables()) == _as_rows(decode_chunk(files).read_tables())


def test_spool_directories_are_removed_even_after_a_killed_run(
        corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spools = tmp_path / "tmp"
    spools.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spools))
    db = tmp_path / "ix.duckdb"
    digest = hashlib.sha256(str(db.resolve()).encode()).hexdigest()[:12]
    stale = spools / f"exceed-index-{digest}-killed"  # as a killed run leaves it
    stale.mkdir()
    (stale / "1-0.arrow").write_bytes(b"in flight")
    other = spools / "exceed-index-0123456789ab-other"  # another index's run
    other.mkdir()
    report = Indexer(db, jobs=2, say=lambda _: None).run([corpus / "ken-ken"])
    assert report.indexed == 12
    assert sorted(p.name for p in spools.iterdir()) == [other.name]


def test_an_orphaned_worker_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not index_spool._orphaned()  # in the main process
    monkeypatch.setattr(index_spool, "_PARENT", os.getppid())
    assert not index_spool._orphaned()
    monkeypatch.setattr(index_spool, "_PARENT", os.getppid() + 1)
    assert index_spool._orphaned()


def test_initial_states_come_from_a_template_but_are_independent(corpus: Path) -> None:
    paths = sorted((corpus / "ryu-ken").rglob("*.exlog"))[:3]
    hashes = []
    for path in paths:
        log = read_game(path)
        state = index_rows._initial_state(log)
        assert state_hash(state) == state_hash(log.initial_state())
        assert state.card_defs == log.initial_state().card_defs
        hashes.append(state_hash(state))
        for event in log.events():  # folding a copy leaves the template alone
            apply(state, event)
    assert len(set(hashes)) == 1


def test_fold_strikes_is_summarise_strikes_leaving_the_folded_state(corpus: Path) -> None:
    for path in sorted(corpus.rglob("*.exlog"))[:5] + sorted(SAMPLES.glob("*+*.exlog")):
        log = read_game(path)
        initial = log.initial_state()
        folded = initial.copy()
        for event in log.events():
            apply(folded, event)
        state = initial.copy()
        assert fold_strikes(state, log.events()) == summarise_strikes(initial, log.events())
        assert state_hash(state) == state_hash(folded)


def test_the_turn_column_is_the_folded_states_turn_after_each_event() -> None:
    """``rows._turns`` reads the turn from the events; it must be ``state.turn`` after each
    event of the fold, also where a built position sets the next turn (``position_edited``
    of kind ``next_turn``) and where other position edits come in between."""
    from engine.core.events.position import EditKind, PositionEdited
    from engine.core.ids import Player

    log = read_game(sorted(SAMPLES.glob("*.exlog"))[0])
    state = log.initial_state()
    start = state.turn
    events: list[ev.Event] = [
        PositionEdited(player=Player.P1, kind=EditKind.LIFE, value=20),
        PositionEdited(player=Player.P2, kind=EditKind.NEXT_TURN, value=7),
        PositionEdited(player=Player.P1, kind=EditKind.LIFE, value=19),
        ev.TurnStarted(player=Player.P1, turn=8),
        PositionEdited(player=Player.P2, kind=EditKind.LIFE, value=18),
        ev.TurnStarted(player=Player.P2, turn=9),
    ]
    folded = []
    for event in events:
        apply(state, event)
        folded.append(state.turn)
    codes = [index_rows._EVENT_CODE[type(e)] for e in events]
    assert index_rows._turns(start, events, codes) == folded == [start, 7, 7, 8, 8, 9]
    assert index_rows._turns(start, [], []) == []
    sample = [e for step in log.steps for e in step.events]
    state = log.initial_state()
    start, folded = state.turn, []
    for event in sample:
        apply(state, event)
        folded.append(state.turn)
    codes = [index_rows._EVENT_CODE[type(e)] for e in sample]
    assert index_rows._turns(start, sample, codes) == folded


def test_event_numbers_are_slices_of_one_kept_range() -> None:
    """``rows._numbers(n)`` (the ``seq`` column of a game of ``n`` events) is
    ``range(n)`` whatever was asked before, growing the kept range when a longer game
    comes, and the caller's copy is its own."""
    from array import array

    for n in (3, 0, 5000, 7, 20_000, 1):
        assert index_rows._numbers(n) == array("i", range(n))
    first = index_rows._numbers(4)
    first[0] = 99
    assert index_rows._numbers(4) == array("i", range(4))
