"""What a table command yields, free of any transport: ``Accepted`` or ``Refused`` (with a
``Refusal`` kind and a reason), or a ``LobbyError`` (with a ``Problem`` kind).

The web layer alone turns these into wire replies (``reject`` codes) and HTTP statuses, each in
one place, so table logic never builds a message for a socket.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from cardroom.engine.message import Json

T = TypeVar("T")

NOT_MEANING = frozenset({"decided", "active", "awaited", "calls", "hand_sizes"})
"""Observation keys whose change does not change what a seat's pending action means (so does
not make it ``Refusal.STALE``): others' simultaneous decisions and calls. A client asks again
only when the rest changed."""


class Refusal(StrEnum):
    """Why a table refused a player's command."""

    NOT_YOURS = "not_yours"  # the token holds no (or no longer this) seat
    NOT_RUNNING = "not_running"  # the game is open or finished
    STALE = "stale"  # the table changed in a way that changes the act's meaning
    NOTATION = "notation"  # the action text does not parse
    ILLEGAL = "illegal"  # a well-formed action the rules forbid now
    NOT_ACTIVE = "not_active"  # the seat has nothing to decide now
    NOT_STORED = "not_stored"  # the store failed; nothing changed
    NAME_TAKEN = "name_taken"  # a spectator signed with a seated player's name


@dataclass(frozen=True, slots=True)
class Accepted(Generic[T]):
    value: T


@dataclass(frozen=True, slots=True)
class Refused:
    refusal: Refusal
    reason: str
    """For people; never carries hidden state."""
    said: Json | None = None
    """The reason as a message (a key, typed parameters) for a refusal a person meets in play,
    said in the reader's language, a seat counted from 1 (``EngineError.said``)."""


Outcome = Accepted[T] | Refused


class Problem(StrEnum):
    """The kind of a ``LobbyError`` (the web layer maps each to an HTTP status)."""

    BAD_REQUEST = "bad_request"
    CONFLICT = "conflict"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    GONE = "gone"
    BUSY = "busy"
    TOO_MANY = "too_many"  # the requester holds its share (ops/limits, README; reviews, hints)


class LobbyCode(StrEnum):
    """Why a lobby request was refused, for people: the HTTP error body carries it (``code``,
    with ``params``) and a page says ``lobby.error.<code>`` from the catalogue, in the reader's
    language (every code has a text in every catalogue: tests/server/test_lobby.py). Codes
    are chosen for the refusals a page can meet; the others go without (the English ``error``)."""

    # creating a table (the lobby, quick play, the challenge)
    CREATED_TOO_MANY = "created_too_many"
    OPEN_TABLES = "open_tables"  # {n}
    SERVER_FULL = "server_full"  # {n}
    RATED_SIGN_IN = "rated_sign_in"
    RATED_HOT_SEAT = "rated_hot_seat"
    RATED_STANDARD = "rated_standard"
    NAME_CONTROL = "name_control"  # {char}
    NAME_INVISIBLE = "name_invisible"
    NAME_TOO_LONG = "name_too_long"  # {max}
    NAME_ACCENTS = "name_accents"
    NAME_EMPTY = "name_empty"
    # a table and its seats
    NO_TABLE = "no_table"  # {id}
    TABLE_GONE = "table_gone"
    TABLE_CLOSED = "table_closed"
    TABLE_FINISHED = "table_finished"
    SEAT_TAKEN = "seat_taken"  # {name}
    SEAT_EMPTY = "seat_empty"
    ONE_SEAT = "one_seat"
    INVITE_PRIVATE = "invite_private"
    INVITE_BOT_SEAT = "invite_bot_seat"
    INVITE_RUNNING = "invite_running"
    RATED_SEAT_SIGN_IN = "rated_seat_sign_in"
    RATED_LEFT = "rated_left"
    RATED_OWN_BOT = "rated_own_bot"
    RATED_LEAVE = "rated_leave"
    BOT_LEVEL = "bot_level"  # {level}
    OWNER_BOT = "owner_bot"
    OWNER_REMOVE_BOT = "owner_remove_bot"
    FREE_OWN_SEAT = "free_own_seat"
    RUNNING_BOT_SEAT = "running_bot_seat"
    SEATS_HELD = "seats_held"  # {n}
    BOT_TABLES_HELD = "bot_tables_held"  # {n}
    REMATCH_WHO = "rematch_who"
    REMATCH_FINISHED = "rematch_finished"
    NOT_FINISHED = "not_finished"
    AFTER_BOARDS = "after_boards"
    # reviews and hints
    REVIEWS_BUSY = "reviews_busy"  # {n}
    REVIEW_OWN_SEAT = "review_own_seat"
    NO_ROUND_OVER = "no_round_over"
    HINT_BUSY = "hint_busy"
    HINTS_OFF = "hints_off"
    HINT_OWN_SEAT = "hint_own_seat"
    NO_DECISION = "no_decision"
    # the daily challenge, duplicate events, a player's record
    CHALLENGE_STARTING = "challenge_starting"
    CHALLENGE_PLAYED = "challenge_played"
    CHALLENGE_JOINED = "challenge_joined"
    BAD_DAY = "bad_day"
    DAY_NOT_BEGUN = "day_not_begun"
    NO_EVENT = "no_event"
    EVENT_CLOSED = "event_closed"
    EVENT_STARTED = "event_started"
    EVENT_OWNER = "event_owner"
    IN_TEAM = "in_team"
    NOT_IN_TEAM = "not_in_team"
    TEAM_FULL = "team_full"  # {team}
    HANDED_OVER = "handed_over"
    NO_BOARD = "no_board"  # {board}
    NO_PLAYER = "no_player"  # {name}


class LobbyError(ValueError):
    """A seat or table request that cannot be granted: ``msg`` in English (the body's
    ``error``), ``problem`` its HTTP status, ``code`` and ``params`` (the message's values) what
    a page says instead, in the reader's language; no code: the page shows ``msg``."""

    def __init__(
        self,
        msg: str,
        problem: Problem = Problem.CONFLICT,
        code: LobbyCode | None = None,
        **params: object,
    ) -> None:
        super().__init__(msg)
        self.problem = problem
        self.code = code
        self.params = params


class ActorStopped(RuntimeError):
    """The table's actor is no longer running (server shutdown or lost log ownership)."""
