"""cluedo: the classic murder-mystery board game and its variants."""

from cluedo.compiled import guard as _guard

# Before any other module: use the compiled core only if it matches its sources.
_guard()
