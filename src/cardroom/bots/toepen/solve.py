"""Exact Toepen card play in one fully known world: who takes trick 4 (toepen.md R4, R6.4).

Every player still in plays to take trick 4 himself (max^n with 0/1 payoffs): the player to move
stops at the first card that wins for him, and otherwise plays his first (weakest) useful card.
Cards of one hand that no other live card separates are equivalent and tried once. While more
than ``EXACT`` cards are live the player to move plays one greedy card instead (his weakest,
keeping his best card for trick 4), so a 6-player first trick costs what a 4-player one does.
A result of -1 means a folded player's card took trick 4, so nobody escapes (R6.4).

>>> from cardroom.games.toepen.cards import parse_cards
>>> hands = [parse_cards("10H 7S"), parse_cards("9H 8S"), parse_cards("JS JH")]
>>> Solver(hands, 0b111, 3).winner((), 3, 0)
0
"""

from __future__ import annotations

from cardroom.bots.toepen.reading import above
from cardroom.games.toepen.cards import follow_mask, iter_cards, suit_of

LAST = 4
EXACT = 12
"""Positions with more live cards than this are played greedily until they shrink."""


def greedy(hand: int, options: int, live: int) -> int:
    """The weakest of ``options``, keeping the card of ``hand`` with the fewest live cards above
    it for trick 4 (unless it is the only option)."""
    keep = min(iter_cards(hand), key=lambda c: ((live & above(c)).bit_count(), -(c & 7)))
    spare = [c for c in iter_cards(options) if c != keep] or [keep]
    return min(spare, key=lambda c: c & 7)


class Solver:
    """Memoised solutions for one world: ``hands`` by seat, ``in_hand`` mask, ``n`` seats."""

    def __init__(self, hands: list[int], in_hand: int, n: int) -> None:
        self.hands = list(hands)
        self.in_hand = in_hand
        self.n = n
        self.memo: dict[tuple[int, ...], int] = {}

    def play_out(self, trick: tuple[tuple[int, int], ...], trick_no: int, turn: int) -> int:
        """``winner`` from a position where ``turn`` may have folded: the next seat still in
        plays (R5.8), or the trick is complete."""
        if self.in_hand >> turn & 1:
            return self.winner(trick, trick_no, turn)
        if trick:
            return self.after(trick, trick_no, turn)
        return self.winner(trick, trick_no, self.next_seat(turn, 0))

    def next_seat(self, after: int, played: int) -> int:
        for i in range(1, self.n + 1):
            s = (after + i) % self.n
            if self.in_hand >> s & 1 and not played >> s & 1:
                return s
        return -1

    def winner(self, trick: tuple[tuple[int, int], ...], trick_no: int, turn: int) -> int:
        """The taker of trick 4 from here: ``trick`` so far, ``turn`` the seat to play."""
        key = (*self.hands, *[x for p in trick for x in p], trick_no, turn, self.in_hand)
        found = self.memo.get(key)
        if found is not None:
            return found
        hand = self.hands[turn]
        led = suit_of(trick[0][1]) if trick else None
        live = 0
        for h in self.hands:
            live |= h
        for _, c in trick:
            live |= 1 << c
        result, last = -2, -1
        options = follow_mask(hand, led)
        total = 0
        for s in range(self.n):
            if self.in_hand >> s & 1:
                total += self.hands[s].bit_count()
        if total > EXACT:
            options = 1 << greedy(hand, options, live)
        for c in iter_cards(options):
            if last >= 0 and suit_of(last) == suit_of(c):
                between = ((1 << c) - 1) & ~((2 << last) - 1)
                if not between & live & ~hand:
                    continue  # equivalent to ``last``
            last = c
            self.hands[turn] = hand & ~(1 << c)
            outcome = self.after((*trick, (turn, c)), trick_no, turn)
            self.hands[turn] = hand
            if result == -2:
                result = outcome
            if outcome == turn:
                result = outcome
                break
        self.memo[key] = result
        return result

    def after(self, trick: tuple[tuple[int, int], ...], trick_no: int, seat: int) -> int:
        played = 0
        for s, _ in trick:
            played |= 1 << s
        nxt = self.next_seat(seat, played)
        if nxt >= 0:
            return self.winner(trick, trick_no, nxt)
        led = suit_of(trick[0][1])
        best_seat, best = -1, -1
        for s, c in trick:
            if suit_of(c) == led and c > best:
                best_seat, best = s, c
        if trick_no == LAST:
            return best_seat if self.in_hand >> best_seat & 1 else -1
        leader = best_seat if self.in_hand >> best_seat & 1 else self.next_seat(best_seat, 0)
        return self.winner((), trick_no + 1, leader)
