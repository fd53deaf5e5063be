"""Verify: upload one game log to see its header summary and re-simulate it on this engine."""

from __future__ import annotations

import streamlit as st

from dashboard import data
from replay.query import inspect_upload

st.title("Verify a log")
st.caption(f"Upload one .exlog file (at most {data.MAX_UPLOAD_BYTES >> 20} MiB). It is read in "
           "memory, never stored, and re-simulated on this engine.")
upload = st.file_uploader("Game log", key="verify.upload", accept_multiple_files=False)
if upload is None:
    st.stop()
report = inspect_upload(upload.getvalue(), upload.name, data.MAX_UPLOAD_BYTES)
if report.error is not None:
    st.error(report.error)
elif report.status == "identical":
    st.success(f"{report.name}: identical: this engine replays it exactly")
elif report.status == "unfinished":
    st.warning(f"{report.name}: an unfinished game; the recorded part replays identically")
else:
    st.error(f"{report.name}: diverges from this engine (details below)")
if report.summary:
    st.subheader("Header")
    st.code("\n".join(report.summary), language=None)
if report.verification:
    st.subheader("Verification")
    st.code("\n".join(report.verification), language=None)
