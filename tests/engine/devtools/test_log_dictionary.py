"""``python -m engine.devtools.log_dictionary`` never writes over the frozen dictionary.

Found walking the docs: ``docs/log-format.md`` names the command that built the format 6
dictionary, and run as written it overwrote ``engine/recording/format6.zdict.z`` with a
dictionary of today's catalog; every command then failed with "format6.zdict.z is not
the format 6 dictionary (its hash differs)". The committed file is stood in for by a
copy, and ``build`` by a stub (the real one records 240 games).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.devtools import log_dictionary
from engine.recording import dictionary


@pytest.fixture
def frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the committed dictionary in its place, and a ``build`` that must not run
    before the output is known to be new."""
    copy = tmp_path / dictionary.PATH.name
    copy.write_bytes(dictionary.PATH.read_bytes())
    monkeypatch.setattr(dictionary, "PATH", copy)
    monkeypatch.setattr(log_dictionary, "build", lambda: b"a new dictionary")
    return copy


def test_run_as_the_docs_name_it_leaves_the_committed_dictionary(
        frozen: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    before = frozen.read_bytes()
    monkeypatch.setattr(sys, "argv", ["log_dictionary"])
    with pytest.raises(SystemExit) as stop:
        log_dictionary.main()
    assert stop.value.code == 2
    assert frozen.read_bytes() == before
    assert "--out" in capsys.readouterr().err


def test_an_existing_out_file_is_refused_before_building(
        frozen: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = frozen.read_bytes()
    assert log_dictionary.main(["--out", str(frozen)]) == 2
    assert frozen.read_bytes() == before
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{frozen} already exists" in err


def test_a_new_file_gets_the_dictionary(frozen: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "format7.zdict.z"
    assert log_dictionary.main(["--out", str(out)]) == 0
    assert out.is_file() and str(out) in capsys.readouterr().out
