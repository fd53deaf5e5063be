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
new block. The text then shows exactly as it was written.

``html`` is its counterpart for text placed inside HTML (the arena picture, drawn with
``unsafe_allow_html``) and inside plotly's hover texts, labels and axis names, which
read ``<b>``, ``<br>``, ``<a href>`` and entities: ``&``, ``<``, ``>``, quotes and ``%``
(plotly's ``%{field}`` templates) become entities, and control characters spaces. Use one or the other, never both on one string.
"""

from __future__ import annotations

import re

MARKDOWN_SPECIALS = frozenset("\\`*_{}[]()<>#+-.!|~:$=^&\"'@")
"""ASCII punctuation that Markdown or a Streamlit directive could read; each gets a backslash
(CommonMark lets any ASCII punctuation be escaped, and shows it as itself)."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u0085\u2028\u2029]+")
_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;",
                           "%": "&#37;"})
"""Named ``amp``/``lt``/``gt`` and numeric quotes: the entities both HTML and plotly read
(plotly knows no ``&quot;``); ``%`` too, so a name inside a plotly ``hovertemplate`` or
``texttemplate`` cannot start a ``%{...}`` field."""


def markdown(text: object) -> str:
    """``text`` (any value, shown as ``str``) as Markdown that renders exactly as written."""
    flat = _CONTROL.sub(" ", str(text))
    return "".join(f"\\{c}" if c in MARKDOWN_SPECIALS else c for c in flat)


def html(text: object) -> str:
    """``text`` (any value, shown as ``str``) for HTML or a plotly text: ``&``, ``<``,
    ``>`` and quotes as entities, control characters as spaces."""
    return _CONTROL.sub(" ", str(text)).translate(_ENTITIES)
