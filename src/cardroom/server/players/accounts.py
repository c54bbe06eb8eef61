"""Accounts and sign-in sessions: sign up, sign in, sign out, and who a session cookie is.

A session is a random id given to the browser once (the cookie) and stored only as a hash, so
a leaked database signs nobody in; signing out deletes it (revoked at once, on every node).
Every sign-in makes a new session (no fixation: an id planted before sign-in is never
promoted). Sign-in attempts are rate-limited per name and per address, and a wrong name gets
the same answer, after the same work, as a wrong password (``passwords.Passwords.verify``).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from cardroom.server.ops.limits import RateLimiter
from cardroom.server.players.names import MAX_NAME, MIN_NAME, BadAccountName, account_name
from cardroom.server.players.passwords import (
    MAX_PASSWORD,
    MIN_PASSWORD,
    BadPassword,
    Passwords,
    check_password,
)
from cardroom.storage import utc_now
from cardroom.storage.players import BOT, HUMAN, Account, NameTaken, PlayerStore

SESSION_DAYS = 30
WRONG = "wrong name or password"


class AccountError(ValueError):
    """A refused account request; ``status`` is the HTTP status, ``retry`` seconds to wait;
    ``code`` and ``params`` name the reason for the browser's catalogue (``account.error.*``)."""

    def __init__(
        self,
        msg: str,
        status: int,
        retry: float = 0.0,
        code: str = "",
        params: dict[str, object] | None = None,
    ) -> None:
        super().__init__(msg)
        self.status = status
        self.retry = retry
        self.code = code
        self.params = params or {}


def session_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def bot_account(level: str) -> Account:
    """The rated player of a bot level: ``bot:heuristic`` and so on."""
    name = f"bot:{level}"
    return Account(name, name, BOT, None, "")


@dataclass
class Accounts:
    store: PlayerStore
    passwords: Passwords
    by_name: RateLimiter
    by_address: RateLimiter

    def _limit(self, limiter: RateLimiter, key: str, what: str) -> None:
        wait = limiter.take(key)
        if wait > 0:
            raise AccountError(
                f"too many attempts {what}; try again later", 429, wait, code="too_many"
            )

    async def _new_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        expires = (datetime.now(UTC) + timedelta(days=SESSION_DAYS)).isoformat(
            timespec="milliseconds"
        )
        await self.store.add_session(session_hash(token), account.id, utc_now(), expires)
        return token

    async def sign_up(
        self, name: object, password: object, address: str, guest_hash: str | None
    ) -> tuple[Account, str, int]:
        """A new account, its first session and how many guest matches it took over."""
        try:
            shown, key = account_name(name)
        except BadAccountName as exc:
            bounds: dict[str, object] = {"min": MIN_NAME, "max": MAX_NAME}
            raise AccountError(str(exc), 400, code="name", params=bounds) from None
        try:
            secret = check_password(password)
        except BadPassword as exc:
            bounds = {"min": MIN_PASSWORD, "max": MAX_PASSWORD}
            raise AccountError(str(exc), 400, code="password", params=bounds) from None
        self._limit(self.by_address, address, "from your address")
        account = Account("u:" + secrets.token_urlsafe(12), shown, HUMAN,
                          await self.passwords.hash(secret), utc_now())  # fmt: skip
        try:
            await self.store.create_account(account, key)
        except NameTaken:
            raise AccountError(
                f"the name {shown!r} is taken", 409, code="taken", params={"name": shown}
            ) from None
        claimed = 0 if guest_hash is None else await self.store.claim_guest(guest_hash, account.id)
        return account, await self._new_session(account), claimed

    async def sign_in(self, name: object, password: object, address: str) -> tuple[Account, str]:
        """The account and a new session; ``AccountError`` 401 for a wrong name or password
        alike, 429 when this address or this name tried too often."""
        if not isinstance(name, str) or not isinstance(password, str):
            raise AccountError("'name' and 'password' must be strings", 400)
        try:
            key = account_name(name)[1]
        except BadAccountName:
            key = None
        self._limit(self.by_address, address, "from your address")
        self._limit(self.by_name, key or name[:100], "for this name")
        account = None if key is None else await self.store.account_by_key(key)
        stored = account.password_hash if account is not None and account.kind == HUMAN else None
        if not await self.passwords.verify(stored, password[:1024]) or account is None:
            raise AccountError(WRONG, 401, code="wrong")
        return account, await self._new_session(account)

    async def sign_out(self, token: str | None, everywhere: bool = False) -> None:
        """End this session (or, ``everywhere``, every session of its account)."""
        account = await self.current(token) if everywhere else None
        if account is not None:
            await self.store.revoke_sessions(account.id)
        elif token:
            await self.store.revoke_session(session_hash(token))

    async def current(self, token: str | None) -> Account | None:
        """The account a session cookie signs in (``None``: a guest)."""
        if not token or len(token) > 100:
            return None
        return await self.store.session_account(session_hash(token), utc_now())

    async def player(self, name: str) -> Account | None:
        """An account by its name as anyone may type it (any case, look-alikes), or a bot."""
        if name.startswith("bot:"):
            return await self.store.account(name)
        try:
            key = account_name(name)[1]
        except BadAccountName:
            return None
        return await self.store.account_by_key(key)
