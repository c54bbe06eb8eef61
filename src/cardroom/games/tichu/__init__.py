"""Tichu (4-player "Tichu Nanking"), per ``shared/rules/tichu.md``."""
