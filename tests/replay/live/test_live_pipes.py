"""Pipes in the live folder (leftover of attack 4): a game's ``.tab-<seat>`` and
``.lock`` files were opened plainly, so a named pipe of that name put in the live
folder by anyone who can write there held the game's page (``claim_tab`` waiting for a
reader, ``newest_tab`` for a writer) or broke it with a traceback (``locked``: "File or
stream is not seekable"). Now the tab file and the lock are replaced whole (the game
plays on), and a pipe read is opened without waiting and refused in one line naming it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from replay.live import new_games, picture, store, table
from replay.live.store import LiveError
from tests.fifo_kit import fifo, released


@contextlib.contextmanager
def released_writer(path: Path, after: float = 3.0) -> Iterator[None]:
    """Release a writer blocked opening the pipe ``path`` (it waits for a reader) while
    the block runs: a reader comes and goes every 0.2 s after ``after`` seconds, so the
    test fails instead of hanging."""
    done = threading.Event()

    def release() -> None:
        if done.wait(after):
            return
        while not done.is_set():
            with contextlib.suppress(OSError):
                os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
            done.wait(0.2)

    thread = threading.Thread(target=release, daemon=True)
    thread.start()
    try:
        with released(path):
            yield
    finally:
        done.set()
        thread.join()


def _game(root: Path) -> new_games.Created:
    return new_games.create_live(root, "ryu", "ken", seat="p1", opponent="heuristic", seed=3)


def test_a_pipe_as_the_tab_file_is_replaced_and_the_game_plays_on(tmp_path: Path) -> None:
    created = _game(tmp_path)
    tab = fifo(tmp_path / f"{created.game_id}.tab-p1")
    with released_writer(tab):
        store.claim_tab(tmp_path, created.game_id, "p1", "t")
    assert tab.is_file()
    assert store.newest_tab(tmp_path, created.game_id, "p1") == "t"
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)
    assert not list(tmp_path.glob("*.part-*"))


def test_a_pipe_read_as_the_newest_tab_is_one_line_not_a_hang(tmp_path: Path) -> None:
    created = _game(tmp_path)
    tab = fifo(tmp_path / f"{created.game_id}.tab-p1")
    with released(tab), pytest.raises(LiveError) as caught:
        store.newest_tab(tmp_path, created.game_id, "p1")
    assert str(caught.value) == (f"{created.game_id}.tab-p1: not a regular file; the live "
                                 "folder is damaged (remove it)")


def test_a_pipe_as_the_lock_is_replaced_and_the_game_plays_on(tmp_path: Path) -> None:
    """A pipe in the lock's place was refused in one line, and the game stayed stuck
    until someone removed it: it is replaced by an empty lock file, as a pipe in the tab
    file's place is."""
    created = _game(tmp_path)
    lock = tmp_path / f"{created.game_id}.lock"
    lock.unlink(missing_ok=True)
    fifo(lock)
    with released(lock), store.locked(tmp_path, created.game_id):
        assert lock.is_file() and not lock.is_symlink()
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "", pic.decision,
                   pic.groups[0].options[0].decision)
    assert picture.live_picture(tmp_path, created.game_id, "p1").decision > pic.decision
    assert not list(tmp_path.glob("*.part-*"))


def test_a_link_as_the_lock_is_replaced_not_followed(tmp_path: Path) -> None:
    """A link in the lock's place was followed: opening it made (and locked) a file
    wherever it pointed. It is replaced, and what it pointed to is left alone."""
    created = _game(tmp_path)
    lock = tmp_path / f"{created.game_id}.lock"
    lock.unlink(missing_ok=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    lock.symlink_to(elsewhere / "made")
    with store.locked(tmp_path, created.game_id):
        assert lock.is_file() and not lock.is_symlink()
    assert not (elsewhere / "made").exists()


def test_a_lock_replaced_while_being_taken_is_taken_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes that each replaced a damaged lock file must not both hold one: the
    lock held is checked to be the file its name still gives, and taken again if not."""
    created = _game(tmp_path)
    lock = tmp_path / f"{created.game_id}.lock"
    replaced: list[int] = []
    real_flock = fcntl.flock  # the module store locks with

    def flock(handle: int, operation: int) -> None:
        real_flock(handle, operation)
        if operation == fcntl.LOCK_EX and not replaced:  # another process's repair
            replaced.append(os.fstat(handle).st_ino)
            store._write_whole(lock, b"")

    monkeypatch.setattr(fcntl, "flock", flock)
    with store.locked(tmp_path, created.game_id):
        assert lock.stat().st_ino != replaced[0]


def test_a_folder_as_the_lock_is_one_line(tmp_path: Path) -> None:
    created = _game(tmp_path)
    lock = tmp_path / f"{created.game_id}.lock"
    lock.unlink(missing_ok=True)
    lock.mkdir()
    with pytest.raises(LiveError) as caught, store.locked(tmp_path, created.game_id):
        pass
    assert str(caught.value).startswith(f"{created.game_id}.lock: cannot be opened (")


def test_a_pipe_as_the_seats_part_file_does_not_hold_a_write(tmp_path: Path) -> None:
    created = _game(tmp_path)
    part = fifo(tmp_path / f"{created.game_id}.seats.json.part")
    with released_writer(part):
        store.update_settings(tmp_path, created.game_id, indexed="x")
    assert store.read_live_settings(tmp_path, created.game_id).indexed == "x"


def test_a_folder_as_the_tab_file_is_one_line(tmp_path: Path) -> None:
    created = _game(tmp_path)
    os.mkdir(tmp_path / f"{created.game_id}.tab-p1")
    with pytest.raises(LiveError) as caught:
        store.claim_tab(tmp_path, created.game_id, "p1", "t")
    assert str(caught.value).startswith(f"{created.game_id}.tab-p1: cannot be written (")
    assert not list(tmp_path.glob("*.part-*"))


def test_a_pipe_as_the_log_when_its_digest_is_taken_is_one_line(tmp_path: Path) -> None:
    """Found beside the above: ``game_digest`` (the index's id of a finished game, taken
    after indexing it) read the log plainly, so a pipe put in its place held it."""
    created = _game(tmp_path)
    log = store.log_path(tmp_path, created.game_id)
    log.unlink()
    fifo(log)
    with released(log), pytest.raises(LiveError) as caught:
        table.game_digest(tmp_path, created.game_id)
    assert str(caught.value) == (f"{created.game_id}.exlog: not a regular file; the game's "
                                 "log cannot be read")
