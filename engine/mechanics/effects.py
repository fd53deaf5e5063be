"""Loads the mechanics' effect handlers and condition predicates, so that they are
registered whenever ``engine.effects`` is (its ``__init__`` imports this module last).
A new mechanic with effects adds its ``effects`` module here."""

from __future__ import annotations

from engine.mechanics.critical import effects as critical

__all__ = ["critical"]
