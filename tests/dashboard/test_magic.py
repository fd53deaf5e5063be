"""Streamlit's magic writes any bare expression of a page script onto the page, so an
attribute docstring under a constant showed as text at the top of the Play page. No page
script or module the app runs holds a bare string after its module docstring."""

from __future__ import annotations

import ast
from pathlib import Path

DASHBOARD = Path(__file__).resolve().parents[2] / "dashboard"


def _bare_strings(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for i, node in enumerate(tree.body)
            if i and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)]


def test_no_page_script_shows_a_stray_string() -> None:
    scripts = [DASHBOARD / "app.py", *sorted((DASHBOARD / "app_pages").glob("*.py"))]
    assert len(scripts) > 5
    found = {str(p.relative_to(DASHBOARD)): lines for p in scripts
             if (lines := _bare_strings(p))}
    assert found == {}


def test_the_check_names_a_stray_string(tmp_path: Path) -> None:
    page = tmp_path / "page.py"
    page.write_text('"""Doc."""\n\nX = 1\n"""About X."""\n', encoding="utf-8")
    assert _bare_strings(page) == [4]
