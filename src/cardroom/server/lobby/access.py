"""Who may do what at a table: the owner secret, the invite secret, the guest identity.

Whoever creates a table receives its owner secret; the join link carries the invite secret,
derived from the owner secret so that the owner can always show the link again. Only hashes
are stored. A request presents them as headers (``X-Cardroom-Owner``, ``X-Cardroom-Invite``,
``X-Cardroom-Guest``) or body fields (``owner``, ``invite``). The policy, as a game-night host
expects it (README, "Ownership and invites"):

- anyone may watch a public table; a private table is seen only by holders of its invite or
  owner secret (or of one of its seats' tokens): it is not listed, and its page, socket,
  replay and record answer as for an unknown table to anyone else;
- an empty seat of an open public table may be taken by anyone; every other human seating (a
  private table, a bot's seat, a running game) needs the invite or the owner secret;
- bots are put in, changed and removed by the owner; a seated human may hand its own seat to a
  bot; the owner may free a human's seat (a kick);
- one seat per guest (and per account) unless the table allows hot-seat play;
- a seat taken by a signed-in account is that account's from any device: taking it again
  moves it to the new device; a rated table seats only signed-in players, and a seat left
  during a rated match plays on as a bot that nobody may take over.

>>> owner = "s3cret-owner"
>>> invite_for(owner) == invite_for(owner), invite_for(owner) != owner
(True, True)
>>> clean_secret("abc"), clean_secret("a\\u00e9"), clean_secret(7)
('abc', None, None)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Final

OWNER_HEADER: Final = "x-cardroom-owner"
INVITE_HEADER: Final = "x-cardroom-invite"
GUEST_HEADER: Final = "x-cardroom-guest"
MAX_SECRET: Final = 200


def hash_token(secret: str) -> str:
    """Only a secret's hash is stored; the secret itself goes to its holder once.

    >>> len(hash_token("abc")), hash_token("abc") == hash_token("abc")
    (64, True)
    """
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(18)


def invite_for(owner: str) -> str:
    """The invite secret of the table whose owner secret is ``owner``."""
    mac = hmac.new(owner.encode(), b"cardroom invite", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode()[:24]


def clean_secret(value: object) -> str | None:
    """A presented secret if it could be one (printable ASCII, bounded), else ``None``."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_SECRET:
        return None
    return value if value.isascii() and value.isprintable() else None


def matches(digest: str | None, secret: str | None) -> bool:
    """Whether ``secret`` hashes to the stored ``digest`` (constant time)."""
    if digest is None or secret is None:
        return False
    return hmac.compare_digest(digest, hash_token(secret))


def holder_key(address: str) -> str:
    """Whose share of the room a request spends (open tables, seats, bot-only tables): its
    address's, signed in or not (accounts are cheap to make, addresses are not). A hash, so
    that no address is stored in the clear.

    >>> holder_key("10.0.0.1") == holder_key("10.0.0.1") != holder_key("10.0.0.2")
    True
    """
    return hash_token(f"address {address}")


@dataclass(frozen=True, slots=True)
class Credentials:
    """What one request presents: the secrets it knows, the guest it comes from (a hash), the
    account it is signed in as (``None``: a guest) and the holder it counts against
    (``holder_key``)."""

    owner: str | None = None
    invite: str | None = None
    guest: str | None = None
    account_id: str | None = None
    holder: str | None = None


@dataclass(frozen=True, slots=True)
class Access:
    """A table's credentials (hashes) and seating policy."""

    owner_hash: str | None = None
    invite_hash: str | None = None
    private: bool = False
    hot_seat: bool = False
    rated: bool = False
    """Every human seat needs a signed-in account; leaving a running match forfeits it."""

    @classmethod
    def create(cls, *, private: bool, hot_seat: bool) -> tuple[Access, str]:
        """A new table's access and its owner secret."""
        owner = new_secret()
        access = cls(hash_token(owner), hash_token(invite_for(owner)), private, hot_seat)
        return access, owner

    def is_owner(self, who: Credentials) -> bool:
        return matches(self.owner_hash, who.owner)

    def is_invited(self, who: Credentials) -> bool:
        """The owner, or someone with the join link."""
        return self.is_owner(who) or matches(self.invite_hash, who.invite)

    def may_see(self, who: Credentials) -> bool:
        """A public table is everyone's to watch; a private one only its invitees' (it is not
        listed, and its page, replay and record answer as for an unknown id)."""
        return not self.private or self.is_invited(who)
