"""Seat keys: each seat's link carries one, and it is the only key to that seat's view and moves.

A key is 192 random bits from ``secrets``; the store keeps only its SHA-256 digest, so a copy of
the store seats nobody, and a key is checked against a digest in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["TOKEN_BYTES", "new_room_id", "new_token", "token_digest", "token_matches"]

TOKEN_BYTES = 24  # 192 bits: the issue asks for at least 128
ROOM_ID_BYTES = 12  # a room's name in links; not a key (the seat keys are), but not guessable either
_NOTHING = hashlib.sha256(b"").hexdigest()


def new_token() -> str:
    """A fresh seat (or host) key, URL-safe: 32 characters."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_room_id() -> str:
    return secrets.token_urlsafe(ROOM_ID_BYTES)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(given: object, digest: str) -> bool:
    """Whether ``given`` is the key whose digest is ``digest``, in time that does not depend on
    how much of it is right; anything but a string is no key (and is compared all the same)."""
    candidate = token_digest(given) if isinstance(given, str) else _NOTHING
    return hmac.compare_digest(candidate, digest) and isinstance(given, str)
