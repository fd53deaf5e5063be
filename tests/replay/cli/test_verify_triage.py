"""``exceed verify DIR --jobs N`` / ``--json`` (``replay/cli/triage.py``): the corpus's
divergences grouped in a table (or one JSON document), unreadable entries one line each
on stderr and counted, the same result for any number of jobs.

The engine's catalog is swapped for one where Ken's Tatsumaki Senpukyaku has 1 more
power (``stronger_tatsu``); the worker processes are forked, so they see it too."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from engine import read_game
from engine.recording.log import decode_payload, expanded, iter_frames
from engine.recording.log_writer import encode_frame
from replay.cli import main
from replay.cli import triage as cli_triage
from replay.verification import verify as verify_module
from tests.replay.verification.test_verify import KEN_TATSU, SAMPLE, stronger_tatsu

DAMAGE_BY_TATSU = f"the rule: damage; card {KEN_TATSU}"
"""The cause (log format v2) of the first damage that differs, and the card behind it."""


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.fixture
def tatsu(monkeypatch: pytest.MonkeyPatch) -> None:
    alt = stronger_tatsu()
    monkeypatch.setattr(verify_module, "default_catalog", lambda: alt)


def future_version(source: Path) -> bytes:
    """``source`` with its header's log format set to 99."""
    data = source.read_bytes()
    data = expanded(data)  # a format 6 log's records as plain frames
    frames = list(iter_frames(data))
    payloads = [decode_payload(payload) for _, _, payload in frames]
    payloads[0]["format"] = 99
    return data[:12] + b"".join(encode_frame(kind, payload)
                                for (kind, _, _), payload in zip(frames, payloads, strict=True))


@pytest.mark.usefixtures("tatsu")
def test_the_table_groups_the_divergences(corpus: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "verify", str(corpus), "--jobs", "2")
    assert (code, err) == (1, "")
    assert out[0].split() == ["divergence", "games", "example", "first", "divergence"]
    assert len(out) == 3
    row = out[1]
    assert row.startswith("different events: damage vs damage; cause the rule: damage; card Tatsumaki Senpukyaku "
                          f"({KEN_TATSU})")
    count = int(row.split(f"({KEN_TATSU})")[1].split()[0])
    assert f"{corpus}/" in row and "decision " in row and "turn " in row
    # every log holding Ken's Tatsumaki was recorded with other card data than this
    # engine's (the stronger one): the counts say how many, as one log's report does
    other = sum(KEN_TATSU in {*h.decks[0], *h.decks[1]}
                for h in (read_game(p).header for p in corpus.rglob("*.exlog")))
    assert 0 < count <= other < 60
    assert out[2] == (f"60 log(s): {60 - count} identical, {count} diverged (1 group(s)), "
                      f"0 damaged or unfinished, 0 skipped (unreadable); {other} recorded "
                      "with other card data than this engine")


@pytest.mark.usefixtures("tatsu")
def test_json_and_jobs_1_and_2_agree(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "verify", str(corpus), "--json", "--jobs", "2")
    assert (code, err) == (1, "")
    (line,) = out
    doc = json.loads(line)
    (group,) = doc["groups"]
    assert (group["kind"], group["expected"], group["actual"], group["by"], group["origin"]) == (
        "different events", "damage", "damage", "cause", DAMAGE_BY_TATSU)
    assert group["count"] == len(group["files"]) == doc["counts"]["diverged"]
    assert group["example"] == group["files"][0]
    assert doc["counts"]["logs"] == len(doc["files"]) == 60
    assert doc["skipped"] == []
    assert run_main(capsys, "verify", str(corpus), "--json", "--jobs", "1") == (code, out, "")
    table2 = run_main(capsys, "verify", str(corpus), "--jobs", "2")
    assert run_main(capsys, "verify", str(corpus), "--jobs", "1") == table2


def test_unreadable_entries_are_one_line_each_and_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(SAMPLE, tmp_path / "good.exlog")
    (tmp_path / "foreign.exlog").write_bytes(b"%PDF-1.7 not a game log")
    (tmp_path / "future.exlog").write_bytes(future_version(SAMPLE))
    code, out, err = run_main(capsys, "verify", str(tmp_path), "--jobs", "2")
    assert code == 2
    assert out == ["3 log(s): 1 identical, 0 diverged (0 group(s)), 0 damaged or unfinished, "
                   "2 skipped (unreadable)"]
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{tmp_path / 'foreign.exlog'}: ")
    assert lines[1].startswith(f"{tmp_path / 'future.exlog'}: ") and "99" in lines[1]
    code, out, _ = run_main(capsys, "verify", str(tmp_path), "--json")
    skipped = json.loads(out[0])["skipped"]
    assert [s["path"] for s in skipped] == [str(tmp_path / "foreign.exlog"),
                                           str(tmp_path / "future.exlog")]


def test_an_empty_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The folder is counted as a folder: the counts read ``1 skipped (unreadable)``, as
    if it were a file that could not be read."""
    code, out, err = run_main(capsys, "verify", str(tmp_path), "--jobs", "2")
    assert (code, out) == (2, ["0 log(s): 0 identical, 0 diverged (0 group(s)), 0 damaged "
                               "or unfinished, 0 skipped (unreadable), 1 folder(s) without "
                               "logs"])
    assert err == f"{tmp_path}: no .exlog files in this folder (or its subfolders)\n"
    code, out, _ = run_main(capsys, "verify", str(tmp_path), "--json")
    doc = json.loads(out[0])
    assert code == 2 and doc["skipped"] == []
    assert (doc["counts"]["skipped"], doc["counts"]["empty_folders"]) == (0, 1)
    assert doc["folders"] == [f"{tmp_path}: no .exlog files in this folder (or its subfolders)"]


def test_one_file_with_jobs_prints_as_without(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(capsys, "verify", str(SAMPLE), "--jobs", "2") == run_main(
        capsys, "verify", str(SAMPLE))


def test_the_help_names_every_key_of_the_json_document(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Found checking `exceed verify -h` against docs/cli.md: --json's help named
    counts, groups and skipped files, and not `files`, each file's status, which the
    document holds (the docs list all four)."""
    code, out, _ = run_main(capsys, "verify", str(SAMPLE), "--json")
    assert code == 0
    keys = set(json.loads("\n".join(out)))
    assert keys == {"counts", "groups", "skipped", "folders", "files"}
    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    listed = re.search(r"--json triage as one JSON document \((.*?)\)", text)
    assert listed is not None, text
    named = {item.strip().split(":")[0] for item in listed.group(1).split(",")}
    assert named == keys, listed.group(0)


@pytest.mark.usefixtures("tatsu")
def test_on_a_terminal_it_is_a_rich_table(corpus: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_triage, "on_terminal", lambda stream: True)
    code, out, _ = run_main(capsys, "verify", str(corpus), "--jobs", "2")
    text = "\n".join(out)
    assert code == 1
    assert "│" in text or "┃" in text
    assert "Tatsumaki" in text and "60 log(s): " in text



def test_a_damaged_log_is_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A damaged log whose good prefix replays identically is in no group of the table:
    the counts said "1 damaged or unfinished" and nothing said which, where ``exceed
    verify`` without ``--jobs`` names it. One line on stderr names it and where it stops."""
    shutil.copy(SAMPLE, tmp_path / "good.exlog")
    data = SAMPLE.read_bytes()
    (tmp_path / "cut.exlog").write_bytes(data[:len(data) * 2 // 3])
    code, out, err = run_main(capsys, "verify", str(tmp_path), "--jobs", "2")
    assert code == 1
    assert out == ["2 log(s): 1 identical, 0 diverged (0 group(s)), 1 damaged or unfinished, "
                   "0 skipped (unreadable)"]
    (line,) = err.splitlines()
    assert re.fullmatch(
        re.escape(f"{tmp_path / 'cut.exlog'}: damaged log: stopped at byte ")
        + r"\d+ \(frame \d+\): .*; its good prefix is identical \(\d+ decisions checked\)",
        line), line


def test_the_json_files_name_each_files_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json``'s ``files`` gave a damaged or skipped file's status only: a script
    reading the document learned that ``cut.exlog`` was damaged, not where or why, and
    that ``foreign.exlog`` was skipped, not why (that was in ``skipped`` alone). Each
    entry now has the line stderr names it by, and a damaged log why and where reading
    it stopped."""
    shutil.copy(SAMPLE, tmp_path / "good.exlog")
    data = SAMPLE.read_bytes()
    (tmp_path / "cut.exlog").write_bytes(data[:len(data) * 2 // 3])
    (tmp_path / "foreign.exlog").write_bytes(b"%PDF-1.7 not a game log")
    code, out, err = run_main(capsys, "verify", str(tmp_path), "--json")
    assert code == 2
    files = {Path(f["path"]).name: f for f in json.loads(out[0])["files"]}
    damage = read_game(tmp_path / "cut.exlog").damage
    assert damage is not None
    cut = files["cut.exlog"]
    assert (cut["status"], cut["damage"], cut["stopped_at"]) == (
        "damaged", damage.reason, f"byte {damage.offset} (frame {damage.frame_index})")
    assert cut["problem"].startswith(f"{tmp_path / 'cut.exlog'}: damaged log: stopped at "
                                     f"byte {damage.offset} ")
    foreign = files["foreign.exlog"]
    assert (foreign["status"], foreign["damage"], foreign["stopped_at"]) == ("skipped", None, "")
    assert foreign["problem"].startswith(f"{tmp_path / 'foreign.exlog'}: ")
    assert sorted(err.splitlines()) == sorted([cut["problem"], foreign["problem"]])
    good = files["good.exlog"]
    assert (good["status"], good["problem"], good["damage"], good["stopped_at"]) == (
        "identical", "", None, "")
