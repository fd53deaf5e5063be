"""The dashboard works offline (issue 27 item 19): nothing it asks the browser to draw
comes from another host. A ``:material/...:`` favicon is fetched by Streamlit's front end
from fonts.gstatic.com; the Material icons inside the pages come from the font bundled
with Streamlit."""

from __future__ import annotations

import ast
from pathlib import Path

from streamlit.commands.page_config import _get_favicon_string

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


def _page_icon() -> str:
    tree = ast.parse(APP.read_text(encoding="utf-8"))
    consts = {t.id: n.value.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
              for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)}
    [call] = [n for n in ast.walk(tree) if isinstance(n, ast.Call)  # the one with the
              and getattr(n.func, "attr", "") == "set_page_config"  # icon (another sets
              and any(k.arg == "page_icon" for k in n.keywords)]  # the tab's title)
    [icon] = [k.value for k in call.keywords if k.arg == "page_icon"]
    value = consts[icon.id] if isinstance(icon, ast.Name) else icon.value  # type: ignore[attr-defined]
    assert isinstance(value, str)
    return value


def test_the_favicon_is_drawn_by_the_browser_not_fetched() -> None:
    icon = _page_icon()
    assert not icon.startswith(":material")
    favicon = _get_favicon_string(icon)
    assert favicon.startswith("emoji:") and "http" not in favicon


def test_streamlit_bundles_the_material_symbols_font() -> None:
    import streamlit
    media = Path(streamlit.__file__).parent / "static" / "static" / "media"
    assert list(media.glob("MaterialSymbols-Rounded*.woff2"))


def test_no_page_loads_anything_from_another_host() -> None:
    """No page names a font, image or script on another host (``http``/``//`` URLs in
    the Markdown or HTML a page writes)."""
    dashboard = APP.parent
    for path in [*dashboard.glob("*.py"), *dashboard.glob("app_pages/*.py")]:
        text = path.read_text(encoding="utf-8")
        for needle in ("fonts.googleapis", "fonts.gstatic", "<link ", "@import", "src=\"http"):
            assert needle not in text, (path.name, needle)
