"""Links for people to carry to another device: a seat's private link as a QR code."""

from __future__ import annotations

import functools
import io

import segno

from cluedo.web.guard import WebError

MAX_QR_TEXT = 512
"""Longest text a QR code is made of, in characters (a seat's link is far shorter)."""


def qr_svg(text: str | None) -> bytes:
    """An SVG QR code of ``text``, or :class:`WebError` when there is none or it is too long.

    >>> qr_svg("/t/ABCD2345").startswith(b"<svg")
    True
    """
    if not text:
        raise WebError(
            "a QR code needs the text to encode: /api/qr.svg?text=...",
            "bad-request",
            f"1 to {MAX_QR_TEXT} characters",
        )
    if len(text) > MAX_QR_TEXT:
        raise WebError(
            f"a QR code is made of at most {MAX_QR_TEXT} characters, not {len(text)}",
            "too-large",
            f"1 to {MAX_QR_TEXT} characters",
        )
    return _svg(text)


@functools.lru_cache(maxsize=256)
def _svg(text: str) -> bytes:
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(
        out, kind="svg", scale=4, border=2, light="#fff", xmldecl=False, title="QR code of a link"
    )
    return out.getvalue()
