"""``exceed verify`` of a folder (``replay/cli/logs.py``): every log under it checked,
its verdict printed, a last line of counts, and the worst exit code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from replay.cli import main


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.fixture
def folder(tmp_path: Path, sample_paths: list[Path]) -> Path:
    """Two sample logs, the second one level down, as ``exceed verify`` finds them."""
    shutil.copy(sample_paths[0], tmp_path / sample_paths[0].name)
    (tmp_path / "more").mkdir()
    shutil.copy(sample_paths[1], tmp_path / "more" / sample_paths[1].name)
    return tmp_path


def test_a_folder_of_intact_logs_is_identical_and_counted(
    folder: Path, sample_paths: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(capsys, "verify", str(folder))
    assert (code, err) == (0, "")
    first, second = folder / sample_paths[0].name, folder / "more" / sample_paths[1].name
    assert out[0].startswith(f"{first}: identical (")
    assert out[1].startswith(f"{second}: identical (")
    assert out[2:] == ["2 log(s): 2 identical, 0 diverged or damaged, 0 unreadable"]


def test_a_damaged_and_an_unreadable_log_in_a_folder(
    folder: Path, sample_paths: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    data = sample_paths[2].read_bytes()
    (folder / "cut.exlog").write_bytes(data[: len(data) // 2])
    (folder / "junk.exlog").write_bytes(b"not a log at all")
    code, out, err = run_main(capsys, "verify", str(folder))
    assert code == 2  # the worst: a file that is not a log
    assert any(line.startswith(f"{folder / 'cut.exlog'}: damaged log: ") for line in out)
    assert any(line.startswith(f"{folder / 'cut.exlog'}: identical prefix") for line in out)
    assert out[-1] == "4 log(s): 2 identical, 1 diverged or damaged, 1 unreadable"
    assert len(err.splitlines()) == 1 and str(folder / "junk.exlog") in err
    shutil.copy(sample_paths[0], folder / "junk.exlog")  # without the unreadable file: 1
    assert run_main(capsys, "verify", str(folder))[0] == 1


def test_a_folder_without_logs_is_one_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "verify", str(tmp_path))
    assert (code, out) == (2, [])
    assert err == f"{tmp_path}: no .exlog files in this folder (or its subfolders)\n"


def test_files_given_one_by_one_print_no_count_line(
    sample_paths: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_main(capsys, "verify", str(sample_paths[0]), str(sample_paths[1]))
    assert code == 0
    assert [line.split(": ")[1].split(" (")[0] for line in out] == ["identical", "identical"]
