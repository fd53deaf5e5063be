"""What the Spark job's tests share: the sample logs they analyse, the analysis's
arguments, and whether Java 17+ is here to run Spark (``NO_JAVA``: why not, else None)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_games"
LOGS = ("ken-vs-ryu_heuristic-vs-heuristic_seed5.exlog",
        "vega-vs-zangief_heuristic-vs-heuristic_seed210.exlog")
"""Two of the shortest sample games."""
ARGS = ("--rollouts", "2", "--max-options", "2", "--seed", "7", "--best", "3")


def _java() -> str | None:
    """The ``java`` pyspark starts: ``$JAVA_HOME/bin/java``, else the one on PATH."""
    home = os.environ.get("JAVA_HOME")
    if home and Path(home, "bin", "java").exists():
        return str(Path(home, "bin", "java"))
    return shutil.which("java")


def _no_java() -> str | None:
    """Why Spark cannot run here, or None."""
    java = _java()
    if java is None:
        return ("Spark needs Java and none was found (no JAVA_HOME, no `java` on PATH): "
                "`make java` installs Debian's default-jre-headless")
    shown = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
    found = re.search(r'version "(?:1\.)?(\d+)', shown)
    if found is None or int(found.group(1)) < 17:
        return f"Spark 4 needs Java 17 or later; {java} -version says: {shown.strip()[:80]!r}"
    return None


NO_JAVA = _no_java()
