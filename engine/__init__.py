"""Event-sourced rules engine for the card game EXCEED."""
