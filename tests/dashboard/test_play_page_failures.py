"""The Play page when its files fail it: each is one line on the page, never a traceback,
and the game's log is kept as it was (found by the dashboard audit, driving the page
with AppTest on a broken index, an unwritable folder and a log this engine refuses).

- A finished game's page indexes the game for review: an index that is not an index
  (or is held by a running ``exceed index``) raised ``NotAnIndex`` / ``IndexBusy``
  through the page, after waiting the indexer's whole minute for a busy one.
- Start with the live games' folder impossible to create raised the ``OSError``.
- A live log whose decisions this engine refuses (an engine changed between a
  dashboard restart and the next move, or a log copied in) raised ``IllegalDecision``
  for the seat and the spectator alike.
"""

from __future__ import annotations

import fcntl
import io
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import play_edges, play_start
from dashboard.literal import markdown as md
from engine import GameSetup, default_catalog, new_game, read_game
from engine.core.decisions.inputs import Mulligan
from engine.recording.log import read_log_bytes
from engine.recording.log_writer import LogWriter
from engine.recording.record import Recording
from replay import query as q
from replay.live import table
from tests.dashboard.page_kit import next_look
from tests.dashboard.page_kit import open_play as _open


def _finished(db: Path) -> tuple[q.Created, bytes]:
    """A live game p1 resigned, and its log's bytes."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    q.live_resign(root, created.game_id, created.tokens["p1"], "")
    return created, (root / f"{created.game_id}.exlog").read_bytes()


def _captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def test_a_finished_game_beside_a_file_that_is_no_index_is_one_line(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    db = tmp_path / "index.duckdb"
    db.write_text("my notes, not an index")
    created, log = _finished(db)
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    assert md(f"the game was recorded but not indexed: {db} is not an exceed index") \
        in _captions(at)
    assert any("Game over" in box.value for box in at.info)  # p1 resigned: not green
    assert "Review this game" not in [link.proto.label for link in at.get("page_link")]
    assert (q.live_root(db) / f"{created.game_id}.exlog").read_bytes() == log
    assert db.read_text() == "my notes, not an index"


@contextmanager
def _writing(db: Path) -> Iterator[None]:
    """Hold the index's writer lock, as a running ``exceed index`` does."""
    fd = os.open(f"{db}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def test_a_finished_game_while_the_index_is_written_is_one_line_then_reviewed(
        app: Callable[..., AppTest], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "index.duckdb"
    created, log = _finished(db)
    monkeypatch.setattr(play_edges, "INDEX_WAIT", 0.5)
    with _writing(db):
        started = time.monotonic()
        at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
        assert time.monotonic() - started < 30  # not the indexer's minute
    assert md(f"another `exceed index` is still writing {db}") in _captions(at)
    assert (q.live_root(db) / f"{created.game_id}.exlog").read_bytes() == log
    at.run()  # the writer is done: the game is indexed and offered for review
    assert not at.exception, [e.message for e in at.exception]
    assert "Review this game" in [link.proto.label for link in at.get("page_link")]


def test_a_finished_game_not_indexed_for_a_busy_index_is_indexed_by_its_open_page(
        app: Callable[..., AppTest], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the qa3 walk: a game that ended while an ``exceed index`` held the index
    said "recorded but not indexed ... giving up", and stayed so once the index was free:
    only a reload tried again, and a player who closed the page left the game out of the
    index and the Games page. The page's look every second indexes it now, and draws
    Review this game, with no click and no reload."""
    db = tmp_path / "index.duckdb"
    created, _ = _finished(db)
    monkeypatch.setattr(play_edges, "INDEX_WAIT", 0.5)
    with _writing(db):
        at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
        assert md("this page tries again every second while it is open") in _captions(at)
        next_look(at)  # still held: nothing changes
        assert "Review this game" not in [link.proto.label for link in at.get("page_link")]
    next_look(at)  # the writer is done: the look indexes the game, and the page is redrawn
    assert q.read_live_settings(q.live_root(db), created.game_id).indexed
    assert "Review this game" in [link.proto.label for link in at.get("page_link")]


def test_start_where_no_game_can_be_recorded_is_one_line(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the index's folder should be")
    db = blocker / "index.duckdb"
    at = _open(app, db)
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    assert [e.value for e in at.error] == [md(f"cannot record a new game in {q.live_root(db)}: "
                                              "Not a directory")]
    assert "g" not in at.query_params


def _refused_log(db: Path, dealt: int) -> tuple[q.Created, bytes]:
    """A live game (header seed 6) whose log holds two mulligans, recorded from a game
    dealt from seed ``dealt``: from another seed, this engine deals otherwise than the
    log; from seed 6, the first mulligan is rewritten to name the opponent's cards, which
    this engine refuses on replay."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=6)
    catalog = default_catalog()
    game = new_game(GameSetup(p1="ryu", p2="ken"), dealt, catalog)
    stream = io.BytesIO()
    recording = Recording(game, 6, stream, ("human", "heuristic"), catalog)
    for _ in range(2):
        pending = game.pending
        assert pending is not None
        recording.step(Mulligan(cards=tuple(game.state.players[pending.player].hand[:2])))
    recording.flush()
    data = stream.getvalue()
    if dealt == 6:
        scan = read_log_bytes(data)
        steps = [dict(step) for step in scan.steps]
        foe = game.state.players[1].hand[:2]
        steps[1]["decision"] = ["mulligan", list(foe)]
        rewritten = io.BytesIO()
        writer = LogWriter(rewritten, scan.header)
        for record in steps:
            writer.write_step(record)
        writer.flush()
        data = rewritten.getvalue()
    path = root / f"{created.game_id}.exlog"
    path.write_bytes(data)
    assert len(read_game(path).decisions) == 2
    return created, data


@pytest.mark.parametrize("seat", [True, False], ids=["seat", "spectator"])
@pytest.mark.parametrize("dealt", [5, 6], ids=["dealt-otherwise", "refused-decision"])
def test_a_log_this_engine_refuses_is_one_line_naming_it(
        app: Callable[..., AppTest], tmp_path: Path, seat: bool, dealt: int) -> None:
    db = tmp_path / "index.duckdb"
    created, log = _refused_log(db, dealt)
    params = {"g": created.game_id, **({"t": created.tokens["p1"]} if seat else {})}
    at = _open(app, db, **params)
    [error] = [e.value for e in at.error]
    if dealt == 6:
        assert error.startswith(md(f"{created.game_id}.exlog: decision 0 of the log cannot "
                                   "be replayed on this engine (illegal decision mulligan"))
    else:  # the deal differs: said before any decision is tried (it was "decision 0 of
        # the log cannot be replayed", the mulligan naming cards of another deal)
        assert error.startswith(md(f"{created.game_id}.exlog: this engine sets the game up "
                                   "otherwise than it was recorded (a rule changed since, "
                                   "or a bug: exceed verify names the first difference)"))
    assert error.endswith(md("the log is kept as it is"))
    assert not [b for b in at.button if b.label in ("Resign", "Keep the opening hand")]
    assert (q.live_root(db) / f"{created.game_id}.exlog").read_bytes() == log


def _mid_game(db: Path) -> tuple[q.Created, Path]:
    """A game against the heuristic agent after a few of p1's decisions, and its log."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", opponent="heuristic", seed=3)
    for _ in range(4):
        pic = q.live_picture(root, created.game_id, "p1")
        q.live_act(root, created.game_id, created.tokens["p1"], "", pic.decision,
                   pic.groups[0].options[0].decision)
    table._CACHE.clear()  # as a dashboard restarted would: the log is read again
    return created, root / f"{created.game_id}.exlog"


def test_a_log_damaged_on_disk_is_one_line_naming_it_and_what_is_kept(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """Attack 3: the page said "the game's log is damaged: checksum mismatch in frame of
    kind 128", naming neither the file nor what was kept."""
    db = tmp_path / "index.duckdb"
    created, path = _mid_game(db)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    assert not at.exception, [e.message for e in at.exception]
    [error] = [e.value for e in at.error]
    assert error.startswith(md(f"{created.game_id}.exlog: damaged at byte "))
    good = len(read_game(path).decisions)
    assert error.endswith(md(f"kept as it is, the {good} decision(s) before the damage "
                             "intact (exceed replay shows them)"))
    assert path.read_bytes() == bytes(data)


def test_a_log_cut_short_goes_on_and_the_page_says_where_the_rest_is_kept(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """Attack 3: a log cut short in a frame was cut there silently, the bytes after it
    dropped (good frames, when a length field was damaged on disk); they are kept
    beside the log and the page says so."""
    db = tmp_path / "index.duckdb"
    created, path = _mid_game(db)
    data = path.read_bytes()
    path.write_bytes(data[:-5])
    at = _open(app, db, g=created.game_id)  # a spectator's look is enough
    assert not at.exception, [e.message for e in at.exception]
    warning = " ".join(w.value for w in at.warning)
    [kept] = path.parent.glob(f"{created.game_id}.exlog.cut-*")
    assert md(f"the bytes after it are kept beside the log, in {kept.name}.") in warning
    offset = int(kept.name.rsplit("-", 1)[1])
    # not one byte lost; the game went on from the cut (the agent's reply the torn frame
    # held is played again: the game waited on it)
    assert path.read_bytes()[:offset] + kept.read_bytes() == data[:-5]
    assert read_game(path).damage is None


@pytest.mark.parametrize("link", [{"g": "zzz"}, {"g": "0" * 16, "t": "<b>x</b>"},
                                  {"g": "x" * 5000}])
def test_a_link_to_no_live_game_is_one_line_and_the_way_to_a_new_one(
        app: Callable[..., AppTest], tmp_path: Path, link: dict[str, str]) -> None:
    """Found by walking the Play page: ``/play?g=zzz`` showed "no such live game" and
    nothing else, and the sidebar's Play link kept ``?g=zzz``: no way to start a game
    but editing the address. One line, and a button that opens the new game form."""
    at = _open(app, tmp_path / "index.duckdb", **link)
    assert len(at.error) == 1 and at.error[0].value.startswith(md("no such live game ("))
    assert not at.get("form")
    at.button(key="play.fresh").click().run()
    assert not at.exception and not at.error
    assert "g" not in at.query_params and "t" not in at.query_params
    assert at.get("form") and [b.label for b in at.button if b.label == "Start"] == ["Start"]



@pytest.mark.parametrize(("typed", "shown"), [
    ("9" * 5000, "seed '" + "9" * 40 + "…' (5,000 characters) is outside 0..2**64-1"),
    (str(2**64), f"seed {2**64} is outside 0..2**64-1"),
    ("-1", "seed -1 is outside 0..2**64-1"),
    ("seven", "seed 'seven' is not an integer"),
])
def test_a_seed_no_game_can_have_is_one_line_naming_the_range(
        app: Callable[..., AppTest], tmp_path: Path, typed: str, shown: str) -> None:
    """The dashboard walk: a seed of 5,000 digits was refused with Python's limit ("at most
    4,300" digits), when a seed has 20 at most; each refusal names the seed's range, and
    no game starts."""
    db = tmp_path / "index.duckdb"
    at = _open(app, db)
    at.text_input[1].input(typed)  # the seed
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    assert [e.value for e in at.error] == [md(shown)]
    assert "g" not in at.query_params
    assert not any(q.live_root(db).glob("*.exlog"))  # no game recorded


def test_a_chosen_seed_against_a_friend_is_refused(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """The Play page walk: a host could choose the seed of a game against a friend and,
    replaying it alone, know every card the friend would draw (a seed decides every
    shuffle), while the friend's join form did not say the seed was chosen. Start now
    refuses a chosen seed against a person, in one line, and makes no game; against an
    agent a chosen seed still starts one (``test_play_page``)."""
    db = tmp_path / "index.duckdb"
    at = _open(app, db)
    at.text_input[1].input("5")  # the seed
    next(s for s in at.selectbox if s.label == "Opponent").set_value("person")
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    assert [e.value for e in at.error] == [md(play_start.CHOSEN_SEED_REFUSED)]
    assert "g" not in at.query_params
    root = q.live_root(db)
    assert not root.exists() or not any(root.iterdir()), list(root.iterdir())
    at.text_input[1].input("")  # a random seed: the game waits for the friend
    at.button[0].click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert "g" in at.query_params


def test_a_pair_that_makes_no_tag_team_is_refused_by_name(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """The Play page walk: Ryu with Hyde as partner (Under Night's Normals are not Street
    Fighter's) was refused at Start by ids, "p1 fighter 'ryu+hyde': ryu and hyde do not
    share the same Normals"; the line now names the fighters as the form does, says why,
    and no game is made. Ragna as the fighter (no team may hold her set-aside Astral
    Heat) and one fighter twice get their own line."""
    db = tmp_path / "index.duckdb"
    names = dict(q.live_fighters())
    at = _open(app, db)
    boxes = {s.label: s for s in at.selectbox}
    boxes["p1 tag partner (Tag Team)"].set_value("hyde")
    boxes["Opponent"].set_value("random")
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    assert [e.value for e in at.error] == [md(
        f"p1's Tag Team: Ryu and {names['hyde']} do not share the same Normals, as a team's "
        "two fighters must (Street Fighter rulebook, Variant: Tag Team); choose another "
        "partner")]
    assert "g" not in at.query_params
    root = q.live_root(db)
    assert not root.exists() or not any(root.iterdir()), list(root.iterdir())
    for fighter, partner, said in (
            ("ragna", "ken", f"{names['ragna']} cannot be in a Tag Team (the team deck has "
                             "no place for its cards dealt out of the deck at setup, set "
                             "aside or sealed); choose another fighter"),
            ("ken", "ken", f"{names['ken']} twice; choose a partner other than the fighter")):
        boxes = {s.label: s for s in at.selectbox}
        boxes["p2 fighter"].set_value(fighter)
        boxes["p2 tag partner (Tag Team)"].set_value(partner)
        boxes["p1 tag partner (Tag Team)"].set_value("")
        at.button[0].click().run()
        assert [e.value for e in at.error] == [md(f"p2's Tag Team: {said}")]
    boxes = {s.label: s for s in at.selectbox}
    boxes["p2 fighter"].set_value("ken")
    boxes["p2 tag partner (Tag Team)"].set_value("ryu")  # Ken and Ryu: a team
    at.button[0].click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert "g" in at.query_params
