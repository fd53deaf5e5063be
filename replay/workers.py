"""Worker processes that end with the process that started them.

Every pool the CLI starts (``simulate``, ``verify``/``index``/``analyze --jobs``, the
benchmarks) is made here (``pool``, ``executor``), and ``exceed dashboard`` starts
Streamlit with ``child_preexec``, so a parent killed even with SIGKILL leaves no worker
behind. Two mechanisms, both set up in the child as it starts:

- Linux's ``PR_SET_PDEATHSIG`` (``prctl`` through ctypes): the kernel signals the child
  when the *thread* that forked it ends, so it is armed only when that thread is the
  parent's main thread (a pool made in another thread, or a worker a pool's handler
  thread re-forks, relies on the watch below);
- everywhere, a pool worker's daemon thread that polls its parent's pid every
  ``POLL_SECONDS`` and exits the worker once the parent is gone (its parent pid changes).

A child whose parent died before either was in place exits at once.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import multiprocessing.pool
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from functools import partial
from typing import Any, ParamSpec, TypeVar

PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal a process gets when its parent (thread) dies."""
POLL_SECONDS = 0.5
"""How often a pool worker checks that its parent is still alive."""
EXIT_ORPHANED = 1
"""A worker's exit status when it stops because its parent died."""

Initializer = Callable[..., object]
_P = ParamSpec("_P")
_R = TypeVar("_R")


def _find_prctl() -> Callable[..., int] | None:
    """libc's ``prctl`` on Linux (resolved once, here, so a forked child only calls it)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                      ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    return prctl


_PRCTL = _find_prctl()


def die_with_parent(parent: int, forker: int | None,
                    signum: signal.Signals = signal.SIGKILL) -> bool:
    """In a child of ``parent``: have the kernel send ``signum`` when the parent dies,
    if this process was forked by the parent's thread ``forker`` (its main thread; see
    the module docstring); exit at once if ``parent`` is already gone. True if armed."""
    armed = False
    if _PRCTL is not None and forker is not None and threading.get_ident() == forker:
        armed = _PRCTL(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0
    if os.getppid() != parent:
        os._exit(EXIT_ORPHANED)
    return armed


def watch_parent(parent: int) -> threading.Thread:
    """Start a daemon thread that exits this process once ``parent`` is no longer its
    parent (it died and this process was re-parented)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(POLL_SECONDS)
        os._exit(EXIT_ORPHANED)

    thread = threading.Thread(target=watch, name="exceed-parent-watch", daemon=True)
    thread.start()
    return thread


def _start_worker(parent: int, forker: int | None, initializer: Initializer | None,
                  initargs: Sequence[Any]) -> None:
    """A pool worker's initializer: bind it to its parent, leave Ctrl-C to it (the
    parent's interrupt ends the pool; a worker's own KeyboardInterrupt only printed
    ``Process ForkPoolWorker-N:`` and a traceback under the parent's one line), then run
    the pool's own."""
    die_with_parent(parent, forker)
    watch_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer(*initargs)


def _lifeline(initializer: Initializer | None, initargs: Sequence[Any]) -> tuple[Any, ...]:
    return (os.getpid(), threading.main_thread().ident, initializer, tuple(initargs))


@contextmanager
def _ctrl_c_held() -> Iterator[list[int]]:
    """Hold Ctrl-C back while workers are being ended: the SIGINTs that come meanwhile
    are listed, not raised (in the main thread; elsewhere nothing is held). A second
    Ctrl-C, or ``timeout -s INT``'s signal to the command and then to its whole group,
    broke into a pool's ``terminate()`` and left its workers writing on."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield []
        return
    held: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    try:
        yield held
    finally:
        signal.signal(signal.SIGINT, previous)


class _Pool(multiprocessing.pool.Pool):
    """A ``multiprocessing.Pool`` whose ``with`` block ends its workers whole: a Ctrl-C
    while they are ended waits until they are gone (``_ctrl_c_held``), and is raised
    then if the block was not already left by one."""

    def __exit__(self, exc_type: Any, exc_val: Any, exc_tb: Any) -> None:
        with _ctrl_c_held() as held:
            self.terminate()
        if held and exc_type is None:
            raise KeyboardInterrupt


def pool(workers: int, initializer: Initializer | None = None,
         initargs: Sequence[Any] = ()) -> multiprocessing.pool.Pool:
    """A ``multiprocessing.Pool`` of ``workers`` forked processes that end with this one
    (``_Pool``); ``initializer(*initargs)`` runs in each worker after it is bound."""
    # forked with Ctrl-C held: a SIGINT in CPython's at-fork callbacks is printed as
    # "Exception ignored" and lost, and the command ran on to its end
    with _ctrl_c_held() as held:
        made = _Pool(workers, initializer=_start_worker,
                     initargs=_lifeline(initializer, initargs),
                     context=multiprocessing.get_context("fork"))
    if held:
        made.terminate()
        raise KeyboardInterrupt
    return made


class _Executor(ProcessPoolExecutor):
    """A ``ProcessPoolExecutor`` whose ``with`` block, left by an exception (Ctrl-C's
    ``KeyboardInterrupt`` above all), cancels the tasks not started and ends its workers
    at once. The standard one waits for every task submitted: ``exceed analyze --jobs 2``
    went on analysing the whole game for minutes after Ctrl-C."""

    def submit(self, fn: Callable[_P, _R], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_R]:
        """``submit``, with Ctrl-C held while it forks the workers (the first call does):
        a SIGINT in CPython's at-fork callbacks is printed as "Exception ignored" and
        lost, and the command ran on to its end."""
        with _ctrl_c_held() as held:
            future = super().submit(fn, *args, **kwargs)
        if held:
            raise KeyboardInterrupt
        return future

    def __exit__(self, exc_type: Any, exc_val: Any, exc_tb: Any) -> bool | None:
        if exc_type is None:
            return super().__exit__(exc_type, exc_val, exc_tb)
        # Python 3.14 has terminate_workers(); before it the processes are only here
        processes = list((getattr(self, "_processes", None) or {}).values())
        manager = getattr(self, "_executor_manager_thread", None)
        with _ctrl_c_held():
            self.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
            for process in processes:
                process.join()
            # left only once the manager thread has seen its workers gone and closed its
            # wake-up pipe: CPython's exit hook wakes it without the executor's lock, and
            # a pipe closed under that call printed "OSError: Bad file descriptor"
            if manager is not None:
                manager.join()
        return False


def executor(workers: int, initializer: Initializer | None = None,
             initargs: Sequence[Any] = ()) -> ProcessPoolExecutor:
    """A ``ProcessPoolExecutor`` of ``workers`` forked processes that end with this one,
    and at once when its ``with`` block is left by an exception (``_Executor``)."""
    return _Executor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                     initializer=_start_worker, initargs=_lifeline(initializer, initargs))


def child_preexec(signum: signal.Signals = signal.SIGTERM) -> Callable[[], None]:
    """A ``preexec_fn`` for ``subprocess.Popen``/``run``: the program it starts gets
    ``signum`` when this process dies (Linux; SIGTERM lets it shut down cleanly)."""
    return partial(_bind_child, os.getpid(), threading.main_thread().ident, signum)


def _bind_child(parent: int, forker: int | None, signum: signal.Signals) -> None:
    die_with_parent(parent, forker, signum)


__all__ = ["EXIT_ORPHANED", "POLL_SECONDS", "child_preexec", "die_with_parent", "executor",
           "pool", "watch_parent"]
