"""A live game begun in log format 5 and resumed after the upgrade to a newer format
(``docs/log-format.md``, section 10, "Version 5 -> 6"): the game goes on and its log
stays one readable version 5 file, in plain frames. Before the fix the resumed
recorder appended compressed BLOCK frames, a critical kind a version 5 file cannot
hold, so every reader stopped there and the game could not be opened again."""

from __future__ import annotations

import zlib
from pathlib import Path

from engine import read_game
from engine.recording.log import PREAMBLE_SIZE, FrameKind, decode_payload, expanded, iter_frames
from engine.recording.log_writer import encode_frame, encode_preamble
from replay.live import new_games, picture, store, table
from replay.verification.verify import verify


def _as_format_5(path: Path) -> None:
    """Rewrite the live log at ``path`` as the format 5 recorder wrote it: plain frames,
    version 5 in the preamble and the header, the definitions zlib'ed (level 9)."""
    plain = expanded(path.read_bytes())
    frames = list(iter_frames(plain))
    kind, _, payload = frames[0]
    assert kind == FrameKind.HEADER
    header = decode_payload(payload)
    blob = header["definitions"]
    assert isinstance(blob, bytes)
    header["format"] = 5
    header["definitions"] = zlib.compress(blob, 9)
    rest = plain[PREAMBLE_SIZE + 9 + len(payload):]
    path.write_bytes(encode_preamble(5) + encode_frame(FrameKind.HEADER, header) + rest)


def _act(root: Path, created: new_games.Created, count: int) -> None:
    """Take the first option at ``count`` of p1's requests (fewer if the game ends)."""
    store.claim_tab(root, created.game_id, "p1", "t")
    for _ in range(count):
        pic = picture.live_picture(root, created.game_id, "p1")
        if pic.over:
            return
        assert pic.request is not None
        table.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                       pic.groups[0].options[0].decision)


def _v5_game(root: Path, count: int = 3) -> tuple[new_games.Created, Path, int]:
    """A game of ``count`` of p1's decisions, its log rewritten in format 5."""
    created = new_games.create_live(root, "ryu", "ken", seat="p1", opponent="random", seed=11)
    _act(root, created, count)
    path = store.log_path(root, created.game_id)
    _as_format_5(path)
    before = read_game(path)
    assert before.header.format == 5 and before.damage is None and not before.sealed
    assert before.decisions
    return created, path, len(before.steps)


def _blocks(path: Path) -> int:
    return sum(kind == FrameKind.BLOCK for kind, _, _ in iter_frames(path.read_bytes()))


def test_a_format_5_live_game_plays_on_in_format_5(tmp_path: Path) -> None:
    created, path, steps = _v5_game(tmp_path)
    _act(tmp_path, created, 2)
    log = read_game(path)
    assert log.damage is None, log.damage
    assert log.header.format == 5 and _blocks(path) == 0
    assert len(log.steps) > steps
    _act(tmp_path, created, 10_000)  # to the end: it seals in format 5 too
    log = read_game(path)
    assert log.sealed and log.damage is None and log.header.format == 5
    assert _blocks(path) == 0
    assert verify(log).identical


def test_a_format_5_live_game_is_abandoned_in_format_5(tmp_path: Path) -> None:
    created, path, steps = _v5_game(tmp_path, 1)  # abandoned before p1's first action
    table.abandon_live(tmp_path, created.game_id, created.tokens["p1"], "t")
    log = read_game(path)
    assert log.abandoned and log.damage is None and len(log.steps) == steps
    assert log.header.format == 5 and _blocks(path) == 0
