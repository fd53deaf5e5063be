"""``replay/spark_analyze.py`` over a folder with a subfolder it cannot read: the job
words and counts it as ``exceed index``, ``verify`` and ``info`` do (``1 folder(s)
unreadable``, never a refused log). The tests run as root, who may list any folder, so
listing the subfolder is refused by a patched ``os.scandir`` instead of a mode of 000."""

from __future__ import annotations

import errno
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

from replay import spark_analyze
from tests.replay.spark_kit import ARGS, LOGS, NO_JAVA, SAMPLES


def _unreadable(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Listing ``folder`` is refused, as for a folder of mode 000 (the tests run as root,
    who may list any folder)."""
    real = os.scandir

    def scandir(*args: Any) -> Any:
        if args and isinstance(args[0], (str, os.PathLike)) and Path(args[0]).absolute() == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(args[0]))
        return real(*args)

    monkeypatch.setattr(os, "scandir", scandir)


def test_an_unreadable_subfolder_is_counted_as_a_folder_not_a_refused_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Walking the corpus: a subfolder the job could not read was a refused log's note,
    ``file:/logs/sub: cannot read folder: Permission denied (refused)``, counted in
    ``1 log(s) refused (file:/logs/sub)``, where ``exceed index``, ``verify`` and
    ``info`` count it apart from the files (``1 folder(s) unreadable``). Now the job
    does too; the log beside it is still analysed, and a folder whose only subfolder
    cannot be read is that line, not 'no *.exlog in it'. The folder and the logs are
    named as the person gave the folder, ``logs/sub``, as every command names them (the
    job said ``file:/tmp/.../logs/sub``); the executors read a log by its absolute path."""
    logs = tmp_path / "logs"
    (logs / "sub").mkdir(parents=True)
    shutil.copy(SAMPLES / LOGS[0], logs / LOGS[0])
    shutil.copy(SAMPLES / LOGS[1], logs / "sub" / LOGS[1])
    _unreadable(monkeypatch, logs / "sub")
    monkeypatch.chdir(tmp_path)
    inputs, refused, folders = spark_analyze._inputs("logs")
    assert (inputs, refused) == ([(f"logs/{LOGS[0]}", str(logs / LOGS[0]))], [])
    assert folders == ["u: logs/sub: cannot read folder: Permission denied"]
    assert spark_analyze.summary("out", [*refused, *folders]) == [
        "logs/sub: cannot read folder: Permission denied",
        "wrote out/analysis_points and analysis_options; 1 folder(s) unreadable"]
    assert spark_analyze.summary("out", ["e: logs/junk.exlog: not an EXCEED log (bad magic)",
                                         *folders])[-1] == (
        "wrote out/analysis_points and analysis_options; 1 log(s) refused (logs/junk.exlog); "
        "1 folder(s) unreadable")
    (logs / LOGS[0]).unlink()
    assert spark_analyze._inputs("logs") == ([], [], folders)


@pytest.mark.slow
@pytest.mark.skipif(NO_JAVA is not None, reason=NO_JAVA or "")
def test_a_job_over_an_unreadable_subfolder_alone_says_so_and_exits_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The whole job over a folder whose one subfolder cannot be read: its line, naming
    the folder as it was given (``logs/sub``, not ``file:/tmp/.../logs/sub``), and
    ``1 folder(s) unreadable``, never a refused log; exit 1 (not every log was read),
    as ``exceed index`` exits."""
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    logs = tmp_path / "logs"
    (logs / "sub").mkdir(parents=True)
    shutil.copy(SAMPLES / LOGS[0], logs / "sub" / LOGS[0])
    _unreadable(monkeypatch, logs / "sub")
    out = tmp_path / "out"
    monkeypatch.chdir(tmp_path)
    spark = (SparkSession.builder.master("local[1]").appName("exceed-analyze-folder")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.memory", "512m")
             .config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.pyspark.python", sys.executable)
             .config("spark.log.level", "ERROR")
             .getOrCreate())
    try:
        code = spark_analyze.main(["logs", "--out", str(out), *ARGS], spark=spark)
    finally:
        spark.stop()
    assert code == 1
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "spark_analyze.py: logs/sub: cannot read folder: Permission denied",
        f"spark_analyze.py: wrote {out}/analysis_points and analysis_options; "
        "1 folder(s) unreadable"]
