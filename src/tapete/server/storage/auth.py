"""Secrets at rest: bearer tokens and passwords.

A database leak must not hand out sessions or passwords: tokens are stored only as their sha256 (a token is
256 random bits, so a fast hash is enough), passwords only as salted scrypt (slow on purpose, since people pick
guessable passwords). Comparisons are constant-time so response times do not leak how much matched.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

#: scrypt cost: 2**14 x 8 uses 16 MiB and about 50 ms per hash (OWASP's minimum for scrypt).
SCRYPT_N: Final = 2**14
SCRYPT_R: Final = 8
SCRYPT_P: Final = 1
SALT_BYTES: Final = 16
KEY_BYTES: Final = 32
_MAXMEM: Final = 64 * 1024 * 1024


def new_token() -> str:
    """A fresh bearer token (43 URL-safe characters, 256 random bits)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The sha256 hex of a token: what the database keeps, and what a lookup compares."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=_MAXMEM, dklen=KEY_BYTES)


def hash_password(password: str) -> str:
    """``scrypt$n$r$p$salt$key`` (hex): the parameters travel with the hash so they can be raised later."""
    salt = secrets.token_bytes(SALT_BYTES)
    key = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${key.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches a :func:`hash_password` string (False for a malformed one)."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt":
        return False
    try:
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt, key = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
    except ValueError:
        return False
    return hmac.compare_digest(_scrypt(password, salt, n, r, p), key)


def burn_password_time(password: str) -> None:
    """Spend what a real check would, so a login for an unknown name is not visibly faster."""
    _scrypt(password, b"\0" * SALT_BYTES, SCRYPT_N, SCRYPT_R, SCRYPT_P)
