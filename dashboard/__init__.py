"""Streamlit dashboard over the replay index: strike timelines, replays and analytics."""
