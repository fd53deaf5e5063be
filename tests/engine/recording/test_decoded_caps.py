"""What a log may make a reader build: caps on the decoded values, not only on the bytes
(docs/log-format.md, section 6 and P.9). Each case was found by a mutation fuzzer and
crashed ``exceed info`` (an internal error naming no file) or made a 21 KB upload cost
2 GB of memory."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import msgspec
import pytest

from engine import LogFormatError
from engine.recording import payload, record
from engine.recording.definitions import MAX_GAME_CARDS, MAX_NUMBER
from engine.recording.log import FrameKind, expanded, iter_frames, read_log, read_log_bytes
from engine.recording.log_writer import LogWriter, encode_frame, encode_preamble
from engine.recording.record import read_game, read_game_bytes

SAMPLES = Path(__file__).resolve().parents[3] / "sample_games"
KEN_RYU = SAMPLES / "ken-vs-ryu_heuristic-vs-heuristic_seed101.exlog"
TEAMS = SAMPLES / "cammy+chunli-vs-guile+bison_heuristic-vs-random_seed301.exlog"


def _rewritten(src: Path, dst: Path, header: dict[str, object] | None = None,
               steps: list[dict[str, object]] | None = None) -> Path:
    """``src`` written again (plain frames, sealed as it was) with its header or steps
    replaced: CRCs right, so only the values are wrong."""
    scan = read_log(src)
    with open(dst, "wb") as stream:
        writer = LogWriter(stream, header if header is not None else scan.header)
        for step in steps if steps is not None else scan.steps:
            writer.write_step(step)
        assert scan.trailer is not None
        writer.seal(scan.trailer)
    return dst


def _with_definitions(src: Path, dst: Path, change: object) -> Path:
    """``src`` with ``change`` applied to its header's definitions (a msgpack map,
    format 6); the card-data fingerprint is left as it was."""
    header = dict(read_log(src).header)
    assert isinstance(header["definitions"], bytes)
    tree = msgspec.msgpack.decode(header["definitions"])
    change(tree)  # type: ignore[operator]
    header["definitions"] = msgspec.msgpack.encode(tree)
    return _rewritten(src, dst, header=header)


def test_a_deck_listing_a_card_the_definitions_lack_is_an_invalid_header(
        tmp_path: Path) -> None:
    """A Tag Team's definitions whose Grasp is renamed: Bison's deck lists a card they
    no longer define. Before, checking the seats looked it up and raised an internal
    error (exit 70) naming no file; now the header is refused in one line."""
    def rename(tree: dict[str, dict[str, object]]) -> None:
        tree["cards"]["standard_normal_grasq"] = tree["cards"].pop("standard_normal_grasp")

    path = _with_definitions(TEAMS, tmp_path / "renamed.exlog", rename)
    with pytest.raises(LogFormatError) as raised:
        read_game(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: invalid header: definitions cannot be read: ")
    assert "lists card 'standard_normal_grasp', which they do not define" in message
    assert "\n" not in message


@pytest.mark.parametrize(("copies", "reason"), [
    (2**32, f"holds the number {2**32}, outside -{MAX_NUMBER}..{MAX_NUMBER}"),
    (MAX_GAME_CARDS, f"brings {MAX_GAME_CARDS + 28} cards, over the cap of {MAX_GAME_CARDS}"),
    (0, "fighter 'ken' lists card 'standard_normal_grasp' 0 times"),
    (-3, "fighter 'ken' lists card 'standard_normal_grasp' -3 times"),
])
def test_a_deck_entry_of_absurd_copies_is_refused_before_a_deck_is_built(
        tmp_path: Path, copies: int, reason: str) -> None:
    """Ken's first deck entry (2 Grasps) given 2**32 copies: before, the header's deck
    check built a 4-billion-entry list (a MemoryError, or tens of GB). A number over
    ``MAX_NUMBER`` anywhere in the definitions is refused; so is a fighter bringing more
    than ``MAX_GAME_CARDS`` cards (30 + 98 here) or an entry of no copies."""
    def inflate(tree: dict[str, dict[str, dict[str, list[dict[str, object]]]]]) -> None:
        tree["characters"]["ken"]["deck"][0]["copies"] = copies

    path = _with_definitions(KEN_RYU, tmp_path / "copies.exlog", inflate)
    with pytest.raises(LogFormatError,
                       match="invalid header: definitions cannot be read: ") as raised:
        read_game(path)
    assert reason in str(raised.value)


def _with_request(src: Path, dst: Path, at: int, request: list[object]) -> Path:
    """``src`` with step ``at``'s request replaced, written as a hostile writer would:
    without the checks by which the reference writer refuses an oversized payload."""
    steps = [dict(step) for step in read_log(src).steps]
    steps[at]["request"] = request
    with pytest.MonkeyPatch.context() as unchecked:
        unchecked.setattr(payload, "_check_value", lambda value, depth: None)
        return _rewritten(src, dst, steps=steps)


def test_a_step_over_the_container_cap_is_damage_at_that_step(tmp_path: Path) -> None:
    """Section 6: a container of more than 100,000 elements is damage. A STEP was read
    by the typed decoder without the caps: a request listing 150,000 cards read as
    sealed. Now the read stops there and keeps the steps before it."""
    good = read_game(KEN_RYU)
    path = _with_request(KEN_RYU, tmp_path / "container.exlog", 3,
                         ["discard", 1, 1, [0] * 150_000, None])
    log = read_game(path)
    assert log.damage is not None and not log.sealed
    assert log.damage.reason == "container exceeds cap of 100000 elements"
    assert log.steps == good.steps[:3]


def test_a_step_over_the_string_cap_is_damage_at_that_step(tmp_path: Path) -> None:
    """Section 6: a string of more than 1 MiB is damage (a choice label of 2 MiB)."""
    good = read_game(KEN_RYU)
    steps = [dict(step) for step in read_log(KEN_RYU).steps]
    at = next(i for i, step in enumerate(steps)
              if isinstance(step["request"], list) and step["request"][0] == "choice")
    request = list(steps[at]["request"])  # type: ignore[call-overload]
    request[2] = ["L" * (2 * 1024 * 1024), *request[2][1:]]
    log = read_game(_with_request(KEN_RYU, tmp_path / "string.exlog", at, request))
    assert log.damage is not None
    assert log.damage.reason == "string exceeds cap of 1 MiB"
    assert log.steps == good.steps[:at]


def test_the_records_a_log_may_decode_are_capped(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Steps each under every per-payload cap can still add up: 60 steps of 4 MB of
    one-byte card references made a 21 KB format 6 log decode to 2 GB. The reader stops
    once the log's STEP and TRAILER payloads pass ``MAX_RECORDS`` (16 MiB; 3,000 bytes
    here, so the real sample reaches it) and keeps the steps before."""
    good = read_game(KEN_RYU)
    monkeypatch.setattr(record, "MAX_RECORDS", 3_000)
    log = read_game(KEN_RYU)
    assert log.damage is not None and not log.sealed
    assert log.damage.reason == ("the log's steps pass 3,000 bytes of records, the most a "
                                 "reader decodes")
    kept = len(log.steps)
    assert 0 < kept < len(good.steps) and log.steps == good.steps[:kept]
    sizes = [len(msgspec.msgpack.encode(step)) for step in read_log(KEN_RYU).steps]
    assert sum(sizes[:kept]) <= 3_000 < sum(sizes[:kept + 1])


def _skipped_records_block(records: int) -> bytes:
    """A BLOCK frame (starting its own zstd stream) of ``records`` empty records of kind
    100, a future kind every reader skips: a few hundred bytes on disk."""
    from engine.recording.blocks import BlockWriter

    record = b"\x00\x00\x00\x00\x64"  # length 0, kind 100
    body = BlockWriter().payload(record * records)
    kind = FrameKind.BLOCK
    return struct.pack(">IBI", len(body), kind, zlib.crc32(bytes([kind]) + body)) + body


def test_a_log_of_more_frames_than_a_reader_reads_is_damage_there(tmp_path: Path) -> None:
    """Section 6, ``MAX_FRAMES``: a log's frames, each record of a BLOCK counted as one,
    are capped. Found uploading a hostile log: 25 KB of BLOCKs, each declaring 4 MiB of
    empty records of a kind readers skip, within every other cap, held ``exceed info``,
    ``verify`` and ``index`` for two minutes (50 million records walked one by one). The
    read now stops past the cap, keeping the turns before it."""
    data = KEN_RYU.read_bytes()
    ends = [offset + 9 + len(body) for _, offset, body in iter_frames(data)]
    good = read_game(KEN_RYU)
    kept = data[:ends[3]]  # the header's block and three turns' blocks
    half = payload.MAX_FRAMES // 2 + 1  # two such blocks pass the cap
    hostile = tmp_path / "bomb.exlog"
    hostile.write_bytes(kept + _skipped_records_block(half) * 2)
    log = read_game(hostile)
    assert log.damage is not None and not log.sealed
    assert log.damage.reason.endswith(
        "the log holds more than 100,000 frames, the most a reader reads "
        "(a real game's are about 10,000 at most)"), log.damage.reason
    assert log.damage.offset == ends[3] + len(_skipped_records_block(half))  # the second
    prefix = read_game_bytes(kept, "kept.exlog")
    assert prefix.steps and log.steps == prefix.steps == good.steps[:len(prefix.steps)]
    # up to the cap, nothing is lost: as many records as the cap leaves are read past
    held = sum(1 for _ in iter_frames(expanded(kept)))  # the prefix's, its header's included
    hostile.write_bytes(kept + _skipped_records_block(payload.MAX_FRAMES - held))
    assert read_game(hostile).damage is None
    hostile.write_bytes(kept + _skipped_records_block(payload.MAX_FRAMES - held + 1))
    assert read_game(hostile).damage is not None


def test_a_plain_log_of_more_frames_than_a_reader_reads_is_damage_there() -> None:
    """The same cap on plain frames (a log of format 5 and older is all of them): with
    the header's, 100,000 frames are read, and the 100,001st is damage."""
    empty = struct.pack(">IBI", 0, 100, zlib.crc32(bytes([100])))
    head = encode_preamble() + encode_frame(FrameKind.HEADER, {"format": 1})
    scan = read_log_bytes(head + empty * payload.MAX_FRAMES)
    assert scan.damage is not None
    assert scan.damage.reason == ("the log holds more than 100,000 frames, the most a "
                                  "reader reads (a real game's are about 10,000 at most)")
    assert scan.damage.offset == len(head) + len(empty) * (payload.MAX_FRAMES - 1)
    assert read_log_bytes(head + empty * (payload.MAX_FRAMES - 1)).damage is None
