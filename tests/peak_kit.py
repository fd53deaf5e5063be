"""A command run in a fresh process, with its own peak memory.

The peak is VmHWM, this process image's own: ru_maxrss of RUSAGE_SELF survives exec, so
it counted the pytest worker the command was started from (1.3 GB late in a full run),
not the command.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PROBE = """
import re, sys
from replay.cli import main
code = main(sys.argv[1:])
status = open("/proc/self/status").read()
print(re.search(r"VmHWM:\\s*(\\d+) kB", status).group(1), file=sys.stderr)
sys.exit(code)
"""


def exceed_with_peak(*argv: str) -> tuple[int, list[str], int]:
    """``exceed ARGV`` in a fresh process (this checkout's code, no ``EXCEED_DEBUG``): its
    exit code, its stderr lines and its peak memory in KiB. The timeout only guards
    against a hang."""
    env = {k: v for k, v in os.environ.items() if k != "EXCEED_DEBUG"}
    done = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=600)
    *lines, peak = done.stderr.splitlines()
    return done.returncode, lines, int(peak)
