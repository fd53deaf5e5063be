"""Replay layer: read recorded EXCEED games, step through them, verify and index them."""
