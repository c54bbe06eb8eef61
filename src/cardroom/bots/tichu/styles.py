"""Deliberately different Tichu styles: the arena's opponent pool, and the gentle level.

A change to the heuristic is judged against several opponents, not one frozen bot (tuned
against one, a bot learns mostly to beat that one). Each style here is the heuristic with
one habit pushed to an extreme, so it punishes a different weakness:

- ``eager`` plays its high cards early: it leads its highest unit and follows with its
  strongest play (it tests whether we keep control cards for the end);
- ``bomber`` bombs an opponent's play at once (it tests whether we lead into bombs and how
  we play once our tricks can be taken any time);
- ``fighter`` never passes an opponent's trick it can beat without a bomb (it tests whether
  we win the lead back cheaply);
- ``gambler`` calls Tichu and Grand Tichu on loose hands (it tests whether we stop callers);
- ``novice`` is the ``beginner`` level: sound, but it opens with a random unit of its plan
  some of the time, contests tricks timidly and calls only on very strong hands. It never
  passes when it could go out and never gives up a trick it must win, so it plays like a
  learner, not like a random bot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.bidding import TICHU_P
from cardroom.bots.tichu.heuristic import (
    FOLLOW_SLACK,
    HEURISTIC_GRAND_P,
    Option,
    Table,
    TichuHeuristicBot,
    bomb_key,
    cheapest,
    choose_lead,
    plan,
    unit_plays,
)

GAMBLER_TICHU: Final = 0.35
GAMBLER_GRAND: Final = 0.35
"""The gambler's call thresholds (model chance of going out first; the heuristic's are 0.6)."""
NOVICE_TICHU: Final = 0.8
NOVICE_GRAND: Final = 0.95
NOVICE_SLACK: Final = 0.5
NOVICE_WANDER: Final = 0.5
"""Share of the novice's leads that open a random unit of its plan instead of the lowest."""
STYLE_CONTROL_SLACK: Final = 0.5
"""The styles keep the heuristic's play as it was when the pool was first measured (control
cards only on tricks that matter, the lowest unit led first): a change to the heuristic must
not change its opponents."""


class _Style(TichuHeuristicBot):
    """The heuristic as the pool measured it, with the given calls and follow slack."""

    def __init__(
        self,
        tichu_threshold: float = TICHU_P,
        grand_threshold: float = HEURISTIC_GRAND_P,
        follow_slack: float = FOLLOW_SLACK,
    ) -> None:
        super().__init__(
            tichu_threshold,
            grand_threshold,
            follow_slack,
            control_slack=STYLE_CONTROL_SLACK,
            winners_first=False,
        )


def _opponent_on_top(table: Table) -> bool:
    return table.top_seat in table.opponents


def _non_bombs(plays: Sequence[Option]) -> list[Option]:
    return [o for o in plays if o.combo is not None and not o.combo.is_bomb()]


def _bombs(plays: Sequence[Option]) -> list[Option]:
    return [o for o in plays if o.combo is not None and o.combo.is_bomb()]


def _going_out(table: Table, plays: Sequence[Option]) -> str | None:
    return next((o.text for o in plays if o.combo and o.combo.cards == table.hand), None)


class TichuEagerBot(_Style):
    """Leads its highest unit, follows with its strongest play: high cards early."""

    name = "eager"

    def lead(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str:
        out = _going_out(table, plays)
        if out is not None:
            return out
        for unit in sorted(plan(table.hand).units, key=lambda u: -u.top):
            candidates = unit_plays(table, plays, unit)
            if candidates:
                return candidates[0].text
        return choose_lead(table, plays, history, winners_first=False)

    def follow(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str | None:
        normal = _non_bombs(plays)
        if normal and _opponent_on_top(table):
            return max(normal, key=lambda o: (o.combo.strength if o.combo else 0, o.text)).text
        return super().follow(table, plays, history)


class TichuBomberBot(_Style):
    """Bombs any opponent's play at once, in turn or out of it."""

    name = "bomber"

    def bombs_now(self, table: Table) -> bool:
        return True

    def follow(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str | None:
        bombs = _bombs(plays)
        if bombs and _opponent_on_top(table):
            return min(bombs, key=lambda o: bomb_key(o, table.hand)).text
        return super().follow(table, plays, history)


class TichuFighterBot(_Style):
    """Never passes an opponent's trick it can beat without a bomb (cheapest such play)."""

    name = "fighter"

    def follow(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str | None:
        normal = _non_bombs(plays)
        if normal and _opponent_on_top(table):
            return cheapest(table, normal)
        return super().follow(table, plays, history)


class TichuGamblerBot(_Style):
    """Calls Tichu and Grand Tichu on loose hands; plays like the heuristic otherwise."""

    name = "gambler"

    def __init__(self) -> None:
        super().__init__(tichu_threshold=GAMBLER_TICHU, grand_threshold=GAMBLER_GRAND)


class TichuNoviceBot(_Style):
    """The gentle level: sound moves, a wandering plan, timid contests, rare calls."""

    name = "novice"

    def __init__(self, wander: float = NOVICE_WANDER) -> None:
        super().__init__(NOVICE_TICHU, NOVICE_GRAND, NOVICE_SLACK)
        self.wander = wander
        self.rng = random.Random()

    @classmethod
    def from_arg(cls, arg: str) -> TichuNoviceBot:
        """``novice:0.3``: the share of leads that open a random unit."""
        wander = float(arg)
        if not 0.0 <= wander <= 1.0:
            raise ValueError(f"novice takes a share in [0, 1], not {arg!r}")
        return cls(wander)

    def act(self, view: SeatView, rng: random.Random) -> str:
        self.rng = rng
        return super().act(view, rng)

    def lead(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str:
        out = _going_out(table, plays)
        if out is None and self.rng.random() < self.wander:
            units = list(plan(table.hand).units)
            self.rng.shuffle(units)
            for unit in units:
                candidates = unit_plays(table, plays, unit)
                if candidates:
                    return candidates[0].text
        return out or choose_lead(table, plays, history, winners_first=False)
