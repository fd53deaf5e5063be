"""The Game page's keys stay the viewer's after a click on one of its radios.

A click on a perspective (the ``viewer-perspective`` box) or on an analysed decision (the
"Analysed decisions" box) left the focus on that radio button, and the browser gives a
focused radio the arrow keys: → then chose the next perspective (p2 became spectator)
instead of stepping one event, as the page's Keys line says it does. ``release_after_click``
draws a script that takes the focus off a radio of those groups once a pointer (mouse,
touch, pen) has clicked it, so the step keys work again. A radio reached with Tab keeps
its focus and its arrow keys: a keyboard user moves through the group as usual (and V
cycles the perspective). The script carries no data; a flag on ``window`` (one per
group) makes it listen once however often the page is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

_SCRIPT = """<script>(() => {
  const groups = "SELECTORS";
  const flag = "exceedRelease " + groups;
  if (window[flag]) { return; }
  window[flag] = true;
  document.addEventListener("pointerup", (event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest(groups)) { return; }
    setTimeout(() => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused.closest(groups)) { focused.blur(); }
    }, 0);
  }, true);
})();</script>"""


def release_after_click(keys: Sequence[str]) -> None:
    """The script for the radio groups drawn under the widget or container ``keys``
    (the page's own keys, as Streamlit writes them in a ``st-key-...`` class)."""
    selectors = ", ".join(f".st-key-{key.replace('.', '-')}" for key in keys)
    st.html(_SCRIPT.replace("SELECTORS", selectors), unsafe_allow_javascript=True)
