"""Text from a log, an upload or a URL is shown as it is, never as markup (issue 27 item
1: card and fighter names from a log's definitions reached ``st.markdown``, ``st.info``
and ``st.success`` unescaped, so a crafted log showed links, ``:red[]`` colours and an
external image; the ``as=`` link parameter was echoed the same way).

Markdown is checked by rendering each element's source with a CommonMark renderer
(markdown-it, HTML on, as ``unsafe_allow_html`` would be): the hostile text must come out
as the same characters, with no link, image or emphasis made of it."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from streamlit.testing.v1 import AppTest

from dashboard import literal
from replay.query import GameRow, quoted

HOSTILE = ("**bold** _it_ [link](http://evil.example/x) ![px](http://evil.example/p.png) "
           ":red[red] :material/home: <img src=x onerror=alert(1)> <b>tag</b> $x^2$ "
           "# head | a | ~~s~~ `code` &amp; 100% %{x}")
RENDER = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


def _rendered(source: str) -> str:
    rendered: str = RENDER.render(source)
    return rendered


def _text(rendered: str) -> str:
    """The characters a reader sees: tags dropped, entities decoded, spaces collapsed, the
    invisible word joiners that stop autolinks (``literal.WORD_JOINER``) dropped."""
    seen = html.unescape(re.sub(r"<[^>]+>", "", rendered)).replace(literal.WORD_JOINER, "")
    return re.sub(r"\s+", " ", seen)


def _no_markup_from(rendered: str, page_html: bool = False) -> None:
    """No tag a hostile name could make (``page_html``: the page's own HTML block, the
    arena picture, where only a link or an image would be foreign)."""
    tags = ("<img", "<a ") if page_html else ("<img", "<a ", "<em>", "<code>", "<del>",
                                              "<s>", "<h1", "<table", "<b>")
    for tag in tags:
        assert tag not in rendered, (tag, rendered)


@pytest.mark.parametrize("text", [HOSTILE, "Ken Masters", "a\nb\r\n# c\u2028d", "\\*x\\*"])
def test_markdown_renders_as_the_same_characters(text: str) -> None:
    rendered = _rendered(f"**{literal.markdown(text)}**")
    expected = re.sub(r"[\n\r\u2028]+", " ", text)
    assert _text(rendered).strip() == re.sub(r"\s+", " ", expected).strip()
    assert rendered.count("<strong>") == 1  # only the bold the page itself wrote
    _no_markup_from(rendered.replace("<strong>", "").replace("</strong>", ""))


def test_streamlit_directives_and_templates_are_escaped() -> None:
    """Streamlit's own syntax (not CommonMark's): ``:colour[...]``, ``:material/x:``,
    emoji short codes and ``$`` LaTeX start with a character that now has a backslash;
    ``html`` makes ``<``, ``&``, quotes and plotly's ``%{`` inert."""
    assert literal.markdown(":red[x]") == r"\:red\[x\]"
    assert literal.markdown(":material/home:") == "\\:\u2060material/home\\:"  # STREAMLIT_ICONS
    assert literal.markdown("a@b.example") == "a\u2060\\@b\\.example"  # no e-mail autolink
    assert literal.markdown("$x$") == r"\$x\$"
    assert literal.html('<img src="x"> & \'%{x}') == "&lt;img src=&#34;x&#34;&gt; &amp; &#39;&#37;{x}"
    assert html.unescape(literal.html(HOSTILE)) == HOSTILE
    assert "<" not in literal.html(HOSTILE) and "%{" not in literal.html(HOSTILE)


GFM_AUTOLINKS = (re.compile(r"(https?://|www(?=\.))([-.\w]+)([^ \t\r\n]*)", re.I | re.A),
                 re.compile(r"(?<![^\s\W_])([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.A))
"""The patterns by which Streamlit's Markdown (remark-gfm: mdast-util-gfm-autolink-literal,
in its bundle) makes a link of a web or e-mail address in a text, read after the
backslash escapes: ``\\:`` and ``\\@`` did not stop them (the e-mail assertion above said
"no e-mail autolink" of ``a\\@b\\.example``, which a browser showed as a mailto link)."""


@pytest.mark.parametrize("name", [
    "a@b.example", "see http://evil.example/x?y=1", "HTTPS://evil.example",
    "http://www.evil.example", "WWW.evil.example/x", "mailto:ann+x@b.example", HOSTILE])
def test_an_address_in_a_name_is_never_a_link(name: str) -> None:
    """CommonMark (markdown-it above) has no autolink literals; GitHub-flavoured
    Markdown, which Streamlit renders, has: a name holding an address was a link to it
    (a player named ``see http://evil.example``). The text it reads once its escapes are
    read holds no address those patterns find, and shows the name as written."""
    shown = literal.markdown(name)
    read = re.sub(r"\\(.)", r"\1", shown)  # what remark-gfm searches: escapes resolved
    assert not [p.pattern for p in GFM_AUTOLINKS if p.search(read)], read
    assert read.replace(literal.WORD_JOINER, "") == name


STREAMLIT_ICON = re.compile(r":(material/\w+|streamlit):")
"""What Streamlit's front end (``StreamlitMarkdown``, in its bundle) draws as an icon in a
Markdown source: ``:material/x:`` and ``:streamlit:``, read before the backslash escapes
(it rewrites ``:material/`` to ``:material_`` in the source, then draws any
``:material_x:`` left in the text once the escapes are read)."""


@pytest.mark.parametrize("name", [":material/home:", "a :material/star: b", ":streamlit:",
                                  HOSTILE])
def test_a_streamlit_icon_in_a_name_is_never_drawn(name: str) -> None:
    """A player named ``:material/home:`` showed the home icon, not the name, in the Play
    page's header and the Game page's line of players (``\\:material/home\\:`` drew it
    still, in a browser); ``:streamlit:`` showed Streamlit's logo. The text read once its
    escapes are read holds neither, and shows the name as written."""
    shown = literal.markdown(name)
    read = re.sub(r"\\(.)", r"\1", shown)
    assert not STREAMLIT_ICON.search(read), read
    assert read.replace(literal.WORD_JOINER, "") == name


def _viewer(path: str, hostile: str) -> None:
    """The replay viewer of ``path`` with every name of the frame replaced by ``hostile``."""
    import msgspec

    from dashboard import viewer_panel
    from replay.query import SideFrame, StrikeFrame, open_game
    from replay.query import frame as real_frame

    game = open_game(path)

    def crafted(g: object, at: int, perspective: str) -> object:
        shown = real_frame(g, at, perspective)  # type: ignore[arg-type]
        side = SideFrame(seat="p1", cards=hostile, stats=hostile, ex=True, wild=True,
                         critical=False, hit=False, stunned=False, damage_taken=0)
        p1 = msgspec.structs.replace(
            shown.p1, character=hostile, hand=(hostile,), hand_stats=None, gauge=(hostile,),
            boosts=(hostile,), notes=(hostile,), discard_top=hostile, sealed=(hostile,),
            areas=((hostile, (hostile,)),))
        return msgspec.structs.replace(
            shown, header=hostile, result=hostile, p1=p1,
            strike_in_progress=StrikeFrame(number=1, attacker="p1", attacker_name=hostile,
                                           first=hostile, attack=side, defence=side))

    names = vars(viewer_panel)  # its globals: ``frame`` is imported there, not exported
    names["frame"] = crafted
    try:
        shown = viewer_panel.render_board(game, game.game_id, [])
        viewer_panel.render_details(shown)
    finally:  # the module is shared with every later test of this process
        names["frame"] = real_frame


def test_the_viewer_shows_hostile_names_from_a_log_as_text(longest: GameRow) -> None:
    """Header, result (the game-over line), both zone lists and the strike in progress:
    each shows the names as written, and no element makes a link or an image of them."""
    at = AppTest.from_function(_viewer, args=(longest.path, HOSTILE), default_timeout=60)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    # the arena picture is an st.html block: HTML as it is, never markdown
    assert any(HOSTILE in html.unescape(str(h.value)) for h in at.html)
    elements = [*at.markdown, *at.html, *at.info, *at.success, *at.warning, *at.caption]
    seen = 0
    for element in elements:
        source = str(element.value)
        if source.startswith("[link to this moment]"):
            continue  # the page's own link
        rendered = _rendered(source)
        _no_markup_from(rendered, page_html=source.startswith("<"))
        seen += _text(rendered).count(HOSTILE)
    # header, result, p1's heading and 7 zones/notes, the strike (attacker and two sides)
    assert seen >= 10, seen
    assert [_text(_rendered(str(s.value))).strip() for s in at.success] == [HOSTILE]


def test_the_as_link_parameter_is_echoed_as_text(app: Callable[..., AppTest],
                                                 longest: GameRow) -> None:
    at = app()
    at.query_params["game"] = longest.game_id
    at.query_params["as"] = HOSTILE
    at.switch_page("app_pages/game.py").run()
    assert not at.exception, [e.message for e in at.exception]
    [warning] = [w for w in at.warning if "is not a perspective" in _text(_rendered(w.value))]
    rendered = _rendered(warning.value)
    _no_markup_from(rendered)
    # named by its first 40 characters and its length (replay.quoting), escaped as before
    assert f"as={quoted(HOSTILE)} is not a perspective" in _text(rendered)


def test_an_uploaded_file_name_is_shown_as_text(tmp_path: Path) -> None:
    """The Verify page names the uploaded file in its verdict (``st.success``): a name
    with Markdown in it is shown as written (the page escapes it with ``data.plain``,
    which is ``literal.markdown``)."""
    from dashboard import data
    assert data.plain is literal.markdown
