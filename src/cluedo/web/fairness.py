"""A shuffle nobody can choose and everyone can check afterwards.

At a table's creation the server draws a secret. The game's seed comes from
it, and a commitment to it - a hash that cannot be turned back into the secret
- is public from the start. When the game ends the secret is shown, and anyone
can check that it matches the commitment, that the seed comes from it, and that
the recorded game follows from that seed (``cluedo verify``).

Both hashes are SHA-256 over a domain tag and the secret's 32 bytes; the tags
differ, so the commitment says nothing about the seed.
"""

from __future__ import annotations

import hashlib
import secrets

SEED_TAG = b"cluedo-shuffle-seed-v1:"
COMMIT_TAG = b"cluedo-shuffle-commit-v1:"
SECRET_BYTES = 32


def draw_secret() -> bytes:
    """A fresh secret from the operating system's random source."""
    return secrets.token_bytes(SECRET_BYTES)


def seed_of(secret: bytes) -> int:
    """The game's seed: the first 62 bits of SHA-256(seed tag + secret)."""
    digest = hashlib.sha256(SEED_TAG + secret).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def commitment_of(secret: bytes) -> str:
    """The public commitment: SHA-256(commit tag + secret), in hex."""
    return hashlib.sha256(COMMIT_TAG + secret).hexdigest()
