"""Password hashing with argon2id (``argon2-cffi``: memory-hard, the winner of the Password
Hashing Competition, RFC 9106). Hashing runs in a worker thread so a sign-in never stalls the
event loop. A sign-in for a name nobody has verifies against a dummy hash made with the same
parameters, so a wrong name and a wrong password cost the same time."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_PASSWORD = 8
MAX_PASSWORD = 256
"""Bounded: argon2 hashes any length, but a megabyte password is a denial of service."""


class BadPassword(ValueError):
    pass


def check_password(value: object) -> str:
    if not isinstance(value, str) or not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise BadPassword(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return value


def _secret(password: str) -> bytes:
    """The bytes argon2 hashes: UTF-8, a lone surrogate (JSON can carry ``"\\udc80"``) kept as
    its own bytes, where argon2's plain encoding raised (a 500 at sign-up and sign-in)."""
    return password.encode("utf-8", "surrogatepass")


@dataclass
class Passwords:
    """argon2id with ``memory_kib`` KiB and ``time_cost`` passes (argon2-cffi's defaults are
    RFC 9106's second recommendation: 64 MiB, 3 passes, 4 lanes)."""

    memory_kib: int = 65536
    time_cost: int = 3
    _hasher: PasswordHasher = field(init=False)
    _dummy: str = field(init=False)

    def __post_init__(self) -> None:
        self._hasher = PasswordHasher(memory_cost=self.memory_kib, time_cost=self.time_cost)
        self._dummy = self._hasher.hash(secrets.token_urlsafe(16))

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self._hasher.hash, _secret(password))

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``; ``None`` (no such account) is checked
        against the dummy hash and is never a match."""
        digest = self._dummy if stored is None else stored
        try:
            ok = await asyncio.to_thread(self._hasher.verify, digest, _secret(password))
        except (VerificationError, InvalidHashError):
            return False
        return ok and stored is not None
