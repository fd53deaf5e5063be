"""Text from a log, an upload, a URL or a person, made safe to show as it is.

Every such string (a card or fighter name from a log's definitions, a file name, a
query parameter, a typed pattern) is data, never markup. ``markdown`` is the one
escaping function for everything Streamlit reads as Markdown: ``st.markdown``,
``st.info`` / ``st.warning`` / ``st.error`` / ``st.success``, ``st.caption``,
``st.title`` and the other headers, widget labels, ``help`` tooltips, ``st.radio``
options and ``st.table`` cells. It backslash-escapes every ASCII punctuation character
Markdown, GitHub-flavoured Markdown or Streamlit's own directives could read (emphasis,
links and images ``![x](url)``, headings, lists, tables, ``:red[...]`` colours,
``:material/x:`` icons and emoji short codes, ``$`` LaTeX, raw HTML ``<img>``), and
turns line breaks and other control characters into spaces, so a name cannot start a
new block; a web or e-mail address in it gets an invisible word joiner (U+2060), at
which GitHub-flavoured Markdown's autolinks stop (``AUTOLINK_TRIGGERS``), and so does
a Streamlit icon's name, ``:material/x:`` or ``:streamlit:``, which Streamlit reads
before the escapes (``STREAMLIT_ICONS``). Every other
unprintable character (a bidi override such as U+202E, which would show the rest of a
name reversed, ``photo\\u202egnp.exe`` read as
``photoexe.png``; an isolate U+2066..2069, a zero-width joiner, a C1 control) is written
as Python writes it (``\\u202e``), as the terminal shows it (``replay.quoting.printable``,
the one rule for both). The text then shows exactly as it was written, every character
of it visible.

``html`` is its counterpart for text placed inside HTML (the arena picture, drawn with
``unsafe_allow_html``) and inside plotly's hover texts, labels and axis names, which
read ``<b>``, ``<br>``, ``<a href>`` and entities: ``&``, ``<``, ``>``, quotes and ``%``
(plotly's ``%{field}`` templates) become entities, control characters spaces and the other
unprintable characters escapes, as ``markdown`` writes them. Use one or the other, never
both on one string.

``code`` is the text of an ``st.code`` box or a table cell: not Markdown, but shown as
it is, so its line breaks are kept and every other control or unprintable character
escaped (``replay.quoting.printable_lines``). ``lines`` is the text of such a box made of lines from elsewhere (the recent events, the
"why" chain, a verification report, a seat's table): one line per item, each escaped as
the terminal prints it (``replay.quoting.printable``), so a line break inside an item (a
card named ``x\\n  <- decision 0: p1 resigned``) is written ``\\n`` and cannot add a
line of its own to the box.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from replay.query import printable, printable_lines

MARKDOWN_SPECIALS = frozenset("\\`*_{}[]()<>#+-.!|~:$=^&\"'@")
"""ASCII punctuation that Markdown or a Streamlit directive could read; each gets a backslash
(CommonMark lets any ASCII punctuation be escaped, and shows it as itself)."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u0085\u2028\u2029]+")
_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;",
                           "%": "&#37;"})
"""Named ``amp``/``lt``/``gt`` and numeric quotes: the entities both HTML and plotly read
(plotly knows no ``&quot;``); ``%`` too, so a name inside a plotly ``hovertemplate`` or
``texttemplate`` cannot start a ``%{...}`` field."""


WORD_JOINER = "\u2060"
"""An invisible character that keeps GitHub-flavoured Markdown from reading a web address
or an e-mail address in a name as a link (``AUTOLINK_TRIGGERS``)."""
AUTOLINK_TRIGGERS = re.compile(r"(?i)(?<=http)(?=://)|(?<=https)(?=://)|(?<=www)(?=\.)|(?=@)")
"""Where a word joiner goes so that no GFM "autolink literal" starts: Streamlit's Markdown
(remark-gfm) links ``http://``, ``https://``, ``www.`` and ``a@b.example`` found in the
text once its backslash escapes are read, so ``\\:`` and ``\\@`` do not stop it: a
player named ``see http://evil.example`` was a link on the Players page. The joiner
between ``http`` and ``://``, ``www`` and ``.``, before ``@`` breaks each pattern
(mdast-util-gfm-autolink-literal's) and shows nothing."""
STREAMLIT_ICONS = re.compile(r"(?i)(?<=:)(?=material/|streamlit:)")
"""Where a word joiner goes so that no Streamlit icon is drawn: its front end reads
``:material/x:`` (an icon) and ``:streamlit:`` (its logo) in the Markdown source before
any backslash escape is read (``StreamlitMarkdown`` rewrites ``:material/`` first), so
``\\:material/home\\:`` still drew the home icon: a player named ``:material/home:`` showed
an icon in the Play page's header and the Game page's line of players. The joiner after
the colon breaks both words and shows nothing."""


def markdown(text: object) -> str:
    """``text`` (any value, shown as ``str``) as Markdown that renders exactly as written
    (and is never a link, ``AUTOLINK_TRIGGERS``, nor an icon, ``STREAMLIT_ICONS``)."""
    flat = AUTOLINK_TRIGGERS.sub(WORD_JOINER, printable(_CONTROL.sub(" ", str(text))))
    flat = STREAMLIT_ICONS.sub(WORD_JOINER, flat)
    return "".join(f"\\{c}" if c in MARKDOWN_SPECIALS else c for c in flat)


def html(text: object) -> str:
    """``text`` (any value, shown as ``str``) for HTML or a plotly text: ``&``, ``<``,
    ``>`` and quotes as entities, control characters as spaces, other unprintable
    characters (a bidi override) escaped as ``markdown`` writes them."""
    return printable(_CONTROL.sub(" ", str(text))).translate(_ENTITIES)


def code(text: object) -> str:
    """``text`` (any value, shown as ``str``) for an ``st.code`` box: its line breaks
    kept, every other control or unprintable character escaped (``\\x1b``, ``\\u202e``)."""
    return printable_lines(str(text))


def lines(items: Iterable[object]) -> str:
    """``items`` (any values, each shown as ``str``) for an ``st.code`` box, one line
    each: every control or unprintable character of an item escaped, its own line breaks
    too (``\\n``), as ``exceed replay`` and ``exceed verify`` print each line."""
    return "\n".join(printable(str(item)) for item in items)
