"""The JSON protocol over stdin and stdout (``cluedo engine``), for bots in any language."""
