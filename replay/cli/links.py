"""The dashboard links a command prints: whole addresses a person can click or paste.

``exceed find`` (a moment's event) and ``exceed insights`` (a habit's worst decisions)
name places on the dashboard's Game page. Both take ``--port N`` (the dashboard on
127.0.0.1 at that port; default ``$EXCEED_DASHBOARD_PORT`` if set, else 8501, the port
``exceed dashboard`` serves on) or ``--url URL`` (another address, whole: ``http://``
or ``https://`` and a host and port a browser reads, no space nor control character, no
query nor fragment,
``args.dashboard_url``),
and join a page's path (``/game?game=ID&...``, its values URL-encoded) to that address
here.
"""

from __future__ import annotations

import argparse

from replay.cli import args as types
from replay.cli.dashboard import HOST, PORT_ENV, port_default


def add_link_options(cmd: argparse.ArgumentParser) -> None:
    """Add ``--port`` and ``--url``, the dashboard address the links name."""
    cmd.add_argument("--port", type=types.port, default=port_default(),
                     help=f"the dashboard's port on {HOST} for the links (default "
                          f"${PORT_ENV} if set, else 8501, as `exceed dashboard`)")
    cmd.add_argument("--url", type=types.dashboard_url,
                     help="the dashboard's whole address for the links, http:// or "
                          "https:// (overrides --port)")


def base_url(args: argparse.Namespace) -> str:
    """The dashboard address the links name: ``--url``, else 127.0.0.1 at ``--port``."""
    return str(args.url) if args.url else f"http://{HOST}:{args.port}"


def whole(base: str, path: str) -> str:
    """The page ``path`` (``/game?...``) at the dashboard ``base``: a whole address."""
    return base.rstrip("/") + path


__all__ = ["add_link_options", "base_url", "whole"]
