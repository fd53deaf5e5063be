"""Every command on logs whose definitions are forged, bombs or unverified, on a step of
99,999 events, and on damaged logs (issue 27 items 2, 3, 4 and 8; issue 29, "Bad input").

A bad definitions blob is refused by every command with the same one line, exit 2, no
traceback, and under a memory limit; an old log's unverified definitions are said by
``info`` and ``verify`` and never shown by name; ``capsule`` and ``fork`` on a damaged log
say what ``replay`` says: the damage, its byte and frame, and that the good prefix is used.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from engine.cards.catalog import Catalog, default_catalog
from engine.recording.definitions import Definitions, decode
from engine.recording.log import decode_payload, expanded, iter_frames
from engine.recording.log_writer import encode_frame
from engine.recording.record import read_game, read_game_bytes
from replay.cli import main
from replay.viewer.frames import GameReplay

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
V2 = ROOT / "tests" / "fixtures" / "v2" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
_ENCODER = msgspec.msgpack.Encoder(order="sorted")

Payload = dict[str, object]


def rebuild(data: bytes, change: Callable[[list[Payload]], None]) -> bytes:
    data = expanded(data)  # a format 6 log's records as plain frames
    frames = list(iter_frames(data))
    payloads = [decode_payload(payload) for _, _, payload in frames]
    change(payloads)
    return data[:12] + b"".join(
        encode_frame(kind, payload) for (kind, _, _), payload in zip(frames, payloads, strict=True))


def definitions(blob: bytes) -> Callable[[list[Payload]], None]:
    def change(payloads: list[Payload]) -> None:
        payloads[0]["definitions"] = blob
    return change


def renamed_blob() -> bytes:
    """The sample's definitions renamed, as a format 6 header holds them (the map itself)."""
    held = decode(read_game(SAMPLE).header.definitions)
    return _ENCODER.encode(Definitions(
        cards={c: msgspec.structs.replace(d, name="[x](http://evil)") for c, d in held.cards.items()},
        characters={c: msgspec.structs.replace(d, name="Evil") for c, d
                    in held.characters.items()}))


def bomb_blob() -> bytes:
    """About 1,000 MiB of zeros from under 1 MiB (see tests/engine/recording/test_definitions.py)."""
    packer = zlib.compressobj(9)
    head = packer.compress(b"\x00" * (1 << 20)) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(b"\x00" * (1 << 20)) + packer.flush(zlib.Z_FULL_FLUSH)
    end = packer.flush()[:-4] + struct.pack(">I", ((1000 << 20) % 65521) << 16 | 1)
    return head + block * 999 + end


BAD: dict[str, tuple[Callable[[], bytes], str]] = {
    "renamed": (renamed_blob, "invalid header: card_data"),
    "inflation": (bomb_blob, "definitions inflate to more than 256 KiB"),
    "nesting": (lambda: zlib.compress(b"\x81\xa5cards" + b"\x91" * 100_000 + b"\xc0"),
                "nested deeper than 64"),
    "cards": (lambda: zlib.compress(_ENCODER.encode(
        {"cards": {f"c{i}": None for i in range(200_000)}, "characters": {}})),
        "inflate to more than 256 KiB"),
    "extra_keys": (lambda: zlib.compress(_ENCODER.encode(
        {"cards": {}, "characters": {}, "x": b"\x00" * (200 << 20)})),
        "inflate to more than 256 KiB"),
}


@pytest.fixture(scope="module")
def bad_logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bad")
    data = SAMPLE.read_bytes()
    made = {}
    for name, (make, _) in BAD.items():
        made[name] = folder / f"{name}.exlog"
        made[name].write_bytes(rebuild(data, definitions(make())))
    assert made["inflation"].stat().st_size < 1100 * 1024  # a 1 MiB log
    return made


def one_line(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    _out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err, err
    return code, err


@pytest.mark.parametrize("name", sorted(BAD))
def test_every_command_refuses_bad_definitions_in_one_line(
        name: str, bad_logs: dict[str, Path], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = bad_logs[name]
    says = BAD[name][1]
    for argv in (("info", str(path)), ("verify", str(path)), ("replay", str(path)),
                 ("fork", str(path), "--at", "2"), ("analyze", str(path), "--no-store"),
                 ("capsule", str(path), "--at", "30", "--out", str(tmp_path / "caps"))):
        code, err = one_line(capsys, *argv)
        assert code == 2, (argv, err)
        assert len(err.strip().splitlines()) == 1 and says in err and str(path) in err, (argv, err)
    code, err = one_line(capsys, "index", str(path), "--db", str(tmp_path / "i.duckdb"))
    assert says in err and str(path) in err
    assert not (tmp_path / "caps").exists()


_UNDER_LIMIT = """
import resource, sys
from replay.cli import main
with open("/proc/self/status") as status:
    used = next(int(l.split()[1]) * 1024 for l in status if l.startswith("VmSize:"))
resource.setrlimit(resource.RLIMIT_AS, (used + (128 << 20), used + (128 << 20)))
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("name", ["inflation", "nesting", "extra_keys"])
def test_bombs_are_refused_under_a_memory_limit(name: str, bad_logs: dict[str, Path]) -> None:
    """Issue 27 item 3: under a 1 GiB cap every command died with MemoryError; now 128 MiB
    above the imports is enough (the pattern of tests/engine/recording/test_log.py)."""
    for command in ("info", "verify"):
        result = subprocess.run([sys.executable, "-c", _UNDER_LIMIT, command,
                                 str(bad_logs[name])], capture_output=True, text=True,
                                timeout=300, env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
        assert result.returncode == 2, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
        assert BAD[name][1] in result.stderr and "MemoryError" not in result.stderr


# --- unverified definitions of an old log --------------------------------------------------


@pytest.fixture
def unverified(tmp_path: Path) -> Path:
    """The v2 fixture as if recorded by an engine whose catalog is not this one."""
    def other_catalog(payloads: list[Payload]) -> None:
        payloads[0]["card_data"] = "ab" * 32
    path = tmp_path / "old.exlog"
    held = decode(read_game(V2).header.definitions)
    forged = zlib.compress(_ENCODER.encode(Definitions(
        cards={c: msgspec.structs.replace(d, name="Forged") for c, d in held.cards.items()},
        characters={c: msgspec.structs.replace(d, name="Forged") for c, d
                    in held.characters.items()})))
    path.write_bytes(rebuild(rebuild(V2.read_bytes(), other_catalog), definitions(forged)))
    return path


def test_info_and_verify_say_the_definitions_are_unverified(
        unverified: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", str(unverified)]) == 0
    out = capsys.readouterr().out
    assert "  definitions: unverified: recorded with engine catalog abababababab" in out
    main(["verify", str(unverified)])
    out = capsys.readouterr().out
    assert (f"{unverified}: note: its card definitions are unverified (recorded with engine "
            "catalog abababababab, not this engine's)") in out


def test_the_viewer_shows_no_name_from_unverified_definitions(unverified: Path) -> None:
    log = read_game(unverified)
    game = GameReplay(log, "x")
    assert game.unverified and game.characters == ("ryu", "ken")
    assert all(card.name == cid for cid, card in game.catalog.cards.items())
    assert "Forged" not in repr([c.name for c in game.catalog.characters.values()])
    def this_catalog(payloads: list[Payload]) -> None:  # the fixture's catalog is of 27 Nov
        payloads[0]["card_data"] = default_catalog().content_hash
    verified = GameReplay(read_game_bytes(rebuild(V2.read_bytes(), this_catalog), "v2.exlog"),
                          "y")
    assert not verified.unverified and verified.characters == ("Ryu", "Ken Masters")


# --- a step of 99,999 events (issue 27 item 4) ---------------------------------------------


def test_analyze_refuses_a_step_that_does_not_fold_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def flood(payloads: list[Payload]) -> None:
        step = payloads[3]
        events = step["events"]
        assert isinstance(events, list)
        moved = next(e for e in events if e[0] == "card_moved")
        step["events"] = events + [list(moved)] * (99_999 - len(events))
        step["causes"] = [[0, "", -1, -1, -1]] * 99_999
    path = tmp_path / "flood.exlog"
    path.write_bytes(rebuild(SAMPLE.read_bytes(), flood))
    code, err = one_line(capsys, "analyze", str(path), "--no-store")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "does not fold onto the game so far: ValueError" in err
    code, replay_err = one_line(capsys, "replay", str(path))
    assert code == 2 and err.split(": ", 1)[1] in replay_err  # the same words as replay's


# --- capsule and fork on a damaged log (issue 27 item 8) -----------------------------------


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    path = tmp_path / "damaged.exlog"
    path.write_bytes(SAMPLE.read_bytes() + b"junk")  # "data after trailer"
    return path


def test_capsule_and_fork_report_damage_like_replay(
        damaged: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = read_game(damaged)
    assert log.damage is not None
    where = f"{damaged}: damaged at byte {log.damage.offset} (frame {log.damage.frame_index}): "
    code, err = one_line(capsys, "capsule", str(damaged), "--at", "30",
                         "--out", str(tmp_path / "caps"))
    assert code == 0
    assert err.strip() == (f"exceed capsule: warning: {where}{log.damage.reason}; the capsule "
                           f"uses the {log.event_count} event(s) before it")
    code, err = one_line(capsys, "fork", str(damaged), "--at", "2")
    assert code == 0
    assert err.strip() == (f"exceed fork: warning: {where}{log.damage.reason}; forking from "
                           f"the {log.event_count} event(s) before it")
    code, err = one_line(capsys, "fork", str(damaged), "--at", "2", "--choose", "0",
                         "--out", str(tmp_path / "f.exlog"))
    assert code == 0 and err.strip().startswith(f"exceed fork: warning: {where}")
    code, err = one_line(capsys, "replay", str(damaged))
    assert err.strip().startswith(f"exceed replay: warning: {where}{log.damage.reason}")


def test_a_sealed_log_gets_no_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = one_line(capsys, "capsule", str(SAMPLE), "--at", "30",
                         "--out", str(tmp_path / "caps"))
    assert code == 0 and err == ""


def test_an_engine_that_changed_another_fighter_still_forks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29: after any card change, every existing log was refused by fork."""
    from engine.cards.catalog import default_catalog
    from replay.cli import fork as fork_cli
    engine = default_catalog()
    cards = dict(engine.cards)
    cards["sagat_tigershot"] = msgspec.structs.replace(cards["sagat_tigershot"], power=9)
    changed = Catalog(cards=cards, characters=engine.characters)
    monkeypatch.setattr(fork_cli, "load_catalog_or_fail", lambda: changed)
    code, err = one_line(capsys, "fork", str(SAMPLE), "--at", "2")
    assert (code, err) == (0, "")
    assert read_game_bytes(SAMPLE.read_bytes(), "s", changed).definitions_status == "verified"
