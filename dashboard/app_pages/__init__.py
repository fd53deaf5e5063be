"""The dashboard pages, run by the router in ``dashboard/app.py`` (``st.navigation``)."""
