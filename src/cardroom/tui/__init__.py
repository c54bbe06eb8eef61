"""The terminal client: renders observation JSON as text and reads canonical action text.

It holds no rules: what may be played comes from ``obs["legal"]`` and every typed action is
checked by the game (in-process ``Runner``) or by the server (``reject`` messages).
"""
