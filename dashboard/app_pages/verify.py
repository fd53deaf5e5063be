"""Verify: the indexed games re-simulated on this engine with their divergences grouped
(``dashboard/corpus_triage.py``); and one uploaded game log: its header summary, its
re-simulation, then the viewer. The upload is held in memory only: never indexed, never
written to disk. File names are shown as plain text, never as Markdown. A file over the
cap is refused by Streamlit in the browser, never sent; its one line ("File must be
8.0MB or smaller.") is shown beside the file (``data.REFUSED_UPLOAD_STYLE``).
"""

from __future__ import annotations

import streamlit as st

from dashboard import corpus_triage, data, viewer_panel
from replay.query import GameUnavailable, inspect_upload, open_game_bytes, strike_positions

st.title("Verify a log")
st.subheader("Indexed games")
corpus_triage.render(data.db_path())

st.subheader("Upload a log")
st.caption(f"Upload one .exlog file (at most {data.MAX_UPLOAD_BYTES >> 20} MiB). It is read in "
           "memory, never stored or indexed, re-simulated on this engine, then opened in the "
           "viewer below.")
# Streamlit's browser refuses a file over the cap before sending it (the page never sees
# it) and says why only in a hover tooltip and a visually hidden alert: the file's chip
# turned red, nothing more on a phone. This style shows that alert beside the chip.
st.html(data.REFUSED_UPLOAD_STYLE)
upload = st.file_uploader("Game log", key="verify.upload", accept_multiple_files=False)
if upload is None:
    st.stop()
payload = upload.getvalue()
report = inspect_upload(payload, upload.name, data.MAX_UPLOAD_BYTES)
name = data.plain(report.name)
if report.error is not None:
    st.error(data.plain(report.error))
elif report.status == "identical":
    st.success(f"{name}: identical: this engine replays it exactly")
elif report.status == "unfinished":
    st.warning(f"{name}: an unfinished game; the recorded part replays identically")
else:
    st.error(f"{name}: diverges from this engine (details below)")
if report.summary:
    st.subheader("Header")
    st.code(data.lines(report.summary), language=None)
if report.verification:
    st.subheader("Verification")
    st.code(data.lines(report.verification), language=None)
if not report.summary:
    st.stop()

st.subheader("Replay")
try:
    game = open_game_bytes(payload, report.name)
except GameUnavailable as error:
    st.info(f"It cannot be replayed: {data.plain(str(error))}")
    st.stop()
viewer_panel.render(game, f"upload.{game.game_id}", strike_positions(game))
