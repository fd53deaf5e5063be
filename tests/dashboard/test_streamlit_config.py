"""The dashboard's Streamlit config (``dashboard/.streamlit/config.toml``): no source
watcher and no magic, the two per-navigation costs of the server found for issue 33
(``bench/notes.md``, "Insights page, round 3"), and no page that magic would have drawn
anything for, so turning it off changes no page; no full garbage collection after each
run, most of a Game page step's server time (``bench/notes.md``, "Game page step")."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest
from streamlit.runtime.scriptrunner import magic

DASHBOARD = Path(__file__).resolve().parents[2] / "dashboard"
SCRIPTS = [DASHBOARD / "app.py", *sorted((DASHBOARD / "app_pages").glob("*.py"))]


def _config() -> dict[str, dict[str, object]]:
    with open(DASHBOARD / ".streamlit" / "config.toml", "rb") as file:
        return tomllib.load(file)


def test_no_source_watcher_and_no_magic() -> None:
    config = _config()
    assert config["server"]["fileWatcherType"] == "none"
    assert config["runner"]["magicEnabled"] is False


def test_no_full_garbage_collection_after_each_run() -> None:
    # Streamlit's default gc.collect(2) after every run took 70 to 150 ms of the server's
    # CPU (holding the GIL) on a step of the Game page whose own script takes about 15 ms
    assert _config()["runner"].get("postScriptGC") is False


def _without_magic_import(tree: ast.Module) -> str:
    tree.body = [node for node in tree.body if not (
        isinstance(node, ast.Import)
        and any(alias.asname == "__streamlitmagic__" for alias in node.names))]
    return ast.dump(tree)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_no_page_relies_on_magic(script: Path) -> None:
    source = script.read_text(encoding="utf-8")
    with_magic = magic.add_magic(source, str(script))
    assert _without_magic_import(with_magic) == ast.dump(ast.parse(source)), (
        f"{script.name}: a bare expression would be drawn by Streamlit's magic, which "
        "the dashboard turns off; call st.write (or st.markdown) instead")


def test_a_bare_expression_is_caught() -> None:
    # the check above is not vacuous: magic does rewrite a bare value
    source = "import streamlit as st\nx = 1\nx\n"
    assert _without_magic_import(magic.add_magic(source, "x.py")) != ast.dump(ast.parse(source))
