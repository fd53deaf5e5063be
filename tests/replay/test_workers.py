"""Worker processes end with their parent (issue 27 item 11; ``replay.workers``).

The CLI's pools are started as real commands, their parent is SIGKILLed once the workers
exist, and no worker may be left: the kernel's parent-death signal (Linux) and, where that
is not armed, each worker's watch of its parent pid. Waiting for the workers to appear is
honest work and has only a generous hang guard; the bound on their exit is the limit the
test asserts.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from proc_tree import Proc, alive, children, kill_all, needs_proc, wait_until

from replay import workers

ROOT = Path(__file__).resolve().parents[2]
EXCEED = Path(sys.executable).parent / "exceed"
SAMPLE = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
HANG_GUARD = 300  # s for the workers to start: honest work on a loaded machine
EXIT_BOUND = 30  # s for orphaned workers to be gone: the limit under test


def _workers_of(parent: subprocess.Popen[str] | subprocess.Popen[bytes], count: int) -> list[Proc]:
    def started() -> bool:
        assert parent.poll() is None, "the command ended before its workers were seen"
        return len(children(parent.pid)) >= count

    assert wait_until(started, HANG_GUARD)
    return children(parent.pid)


def _kill_and_check(parent: subprocess.Popen[bytes], count: int) -> None:
    procs = _workers_of(parent, count)
    try:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        assert wait_until(lambda: not any(map(alive, procs)), EXIT_BOUND), \
            f"orphaned workers still alive: {[p for p in procs if alive(p)]}"
    finally:
        kill_all(procs)


@needs_proc
@pytest.mark.parametrize("command", [
    # sized to run for minutes, so it is still working when killed
    ["analyze", str(SAMPLE), "--jobs", "2", "--no-store"],
    ["simulate", "--p1", "ryu", "--p2", "ken", "--games", "2000", "--jobs", "2"],
], ids=["analyze", "simulate"])
def test_a_sigkilled_command_leaves_no_worker(command: list[str], tmp_path: Path) -> None:
    if command[0] == "simulate":
        command = [*command, "--out", str(tmp_path / "games")]
    parent = subprocess.Popen([str(EXCEED), *command], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, cwd=tmp_path)
    _kill_and_check(parent, 2)


_WITHOUT_PRCTL = textwrap.dedent("""
    import time
    from replay import workers
    workers._PRCTL = None  # as on a system without prctl: only the watch is left
    with workers.pool(2) as pool:
        pool.map_async(time.sleep, [3600, 3600], chunksize=1)
        time.sleep(3600)
""")


@needs_proc
def test_without_the_parent_death_signal_the_watch_ends_the_workers(tmp_path: Path) -> None:
    parent = subprocess.Popen([sys.executable, "-c", _WITHOUT_PRCTL], cwd=tmp_path)
    _kill_and_check(parent, 2)


def test_the_death_signal_is_armed_only_in_a_child_of_the_main_thread() -> None:
    """PR_SET_PDEATHSIG fires when the forking *thread* ends: a child another thread
    forked must not be armed (it would die with that thread)."""
    if workers._PRCTL is None:
        pytest.skip("no prctl here")
    main = threading.main_thread().ident

    def armed_in_child() -> bool:
        pid = os.fork()
        if pid == 0:
            os._exit(0 if workers.die_with_parent(os.getppid(), main) else 1)
        return os.waitpid(pid, 0)[1] == 0

    assert armed_in_child()
    seen: list[bool] = []
    thread = threading.Thread(target=lambda: seen.append(armed_in_child()))
    thread.start()
    thread.join()
    assert seen == [False]


def test_a_child_whose_parent_is_already_gone_exits_at_once() -> None:
    pid = os.fork()
    if pid == 0:
        workers.die_with_parent(os.getpid(), None)  # "parent" is not our parent
        os._exit(0)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == workers.EXIT_ORPHANED


CTRL_C_BOUND = 60  # s from Ctrl-C to the command's end: the limit under test


def as_from_a_terminal() -> None:
    """A ``preexec_fn``: the command starts with Ctrl-C at its default, as from a terminal.
    A child inherits an ignored SIGINT, and Python then installs no KeyboardInterrupt
    handler (POSIX: a command started with SIGINT ignored keeps ignoring it). In the full
    suite under xdist a worker was once found with SIGINT ignored (two CI runs of 2 Dec
    2026: the commands ran on, ``verify`` to exit 0), which these tests must not inherit;
    what left it ignored is not yet found (a failure says whether the kernel
    has it ignored: ``_ignores_sigint``)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _ignores_sigint() -> bool:
    """Whether this process ignores SIGINT as the kernel sees it (``SigIgn`` in
    ``/proc/self/status``: what a child inherits; ``signal.getsignal`` does not see a
    disposition a C library set)."""
    with open("/proc/self/status", encoding="ascii") as status:
        mask = next(int(line.split()[1], 16) for line in status if line.startswith("SigIgn:"))
    return bool(mask & (1 << (signal.SIGINT - 1)))


@needs_proc
@pytest.mark.parametrize("command", [
    # sized to run for minutes, so it is still working when interrupted
    ["analyze", str(SAMPLE), "--jobs", "2", "--no-store"],
    ["simulate", "--p1", "ryu", "--p2", "ken", "--games", "200000", "--jobs", "2"],
    ["verify", str(ROOT / "sample_games"), "--jobs", "2"],
], ids=["analyze", "simulate", "verify"])
def test_ctrl_c_ends_a_pooled_command_at_once_with_one_line(command: list[str],
                                                            tmp_path: Path) -> None:
    """Found walking the README: Ctrl-C on ``exceed analyze --jobs 2`` was taken only
    after every point of the game was analysed (12 minutes on the shared machine), and
    ``simulate``/``verify``/``index --jobs 2`` printed ``Process ForkPoolWorker-N:`` (and
    what a worker's traceback it had time for) beside their one line. Ctrl-C signals the
    terminal's whole process group, so the test does too."""
    if command[0] == "simulate":
        command = [*command, "--out", str(tmp_path / "games")]
    parent = subprocess.Popen([str(EXCEED), *command], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                              start_new_session=True, preexec_fn=as_from_a_terminal)
    procs = _workers_of(parent, 2)
    try:
        os.killpg(parent.pid, signal.SIGINT)
        try:
            _, err = parent.communicate(timeout=CTRL_C_BOUND)
        except subprocess.TimeoutExpired:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.communicate()
            pytest.fail(f"exceed {command[0]} still running {CTRL_C_BOUND} s after Ctrl-C "
                        f"(this test process ignores SIGINT: {_ignores_sigint()})")
        assert parent.returncode == 130, err
        assert len(err.splitlines()) == 1 and err.startswith(f"exceed {command[0]}: interrupted"), err
        assert wait_until(lambda: not any(map(alive, procs)), EXIT_BOUND)
    finally:
        kill_all(procs)


_CTRL_C_AT_FORK = textwrap.dedent("""
    import os, signal, sys
    from replay.cli import main
    sent = []
    def ctrl_c() -> None:  # Ctrl-C while a worker is forked: CPython ignores an
        if not sent:       # exception raised in an at-fork callback
            sent.append(1)
            os.kill(os.getpid(), signal.SIGINT)
    os.register_at_fork(after_in_parent=ctrl_c)
    sys.exit(main(sys.argv[1:]))
""")


@pytest.mark.parametrize("command", [
    ["simulate", "--p1", "ryu", "--p2", "ken", "--games", "40", "--jobs", "2"],
    ["analyze", str(SAMPLE), "--jobs", "2", "--no-store", "--rollouts", "2", "--best", "0"],
], ids=["simulate", "analyze"])
def test_ctrl_c_while_the_workers_are_forked_is_not_lost(command: list[str],
                                                         tmp_path: Path) -> None:
    """Found re-running the walk's Ctrl-C checks: a SIGINT that came while the pool
    forked its workers was printed as "Exception ignored in: <function _releaseLock>"
    with a traceback, and the command went on: ``simulate --games 20000`` wrote all 20000
    games and exited 0. The workers are now forked with Ctrl-C held back, and it is
    raised once they are there."""
    if command[0] == "simulate":
        command = [*command, "--out", str(tmp_path / "games")]
    done = subprocess.run([sys.executable, "-c", _CTRL_C_AT_FORK, *command], cwd=tmp_path,
                          capture_output=True, text=True, timeout=HANG_GUARD,
                          preexec_fn=as_from_a_terminal)
    assert done.returncode == 130, done.stderr
    assert done.stderr.startswith(f"exceed {command[0]}: interrupted"), done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_an_executor_left_by_ctrl_c_has_ended_its_manager_thread() -> None:
    """CI of stop 54: ``exceed analyze --jobs 2`` printed its one line on Ctrl-C, then
    "Exception ignored in: <module 'threading'>" and an ``OSError: [Errno 9] Bad file
    descriptor`` traceback. At exit CPython's ``_python_exit`` wakes every executor's
    manager thread without its lock, while a manager thread still ending (its workers
    just terminated) closes that very pipe. The ``with`` block must be left only once the
    manager thread has ended and closed its pipe, so the exit has nothing left to race."""
    from concurrent.futures import process as futures_process
    with pytest.raises(KeyboardInterrupt):
        with workers.executor(2) as pool:
            for _ in range(4):
                pool.submit(time.sleep, 3600)
            manager = getattr(pool, "_executor_manager_thread", None)
            assert isinstance(manager, threading.Thread)
            raise KeyboardInterrupt
    assert isinstance(manager, threading.Thread)
    assert not manager.is_alive()
    assert futures_process._threads_wakeups[manager]._closed
