"""The browser front end: a server holding every table, a lobby, and a page.

``store`` keeps tables and their games in a database (a game is its rules,
options, seed and action list, so a restart replays it); ``tables`` runs the
games in memory and sends each seat only its own view; ``messages`` reads
every request body and websocket message as a typed model; ``lobby`` creates
and fills tables; ``guard`` checks what arrives at the edge; ``app`` is the
Starlette application; ``command`` is ``cluedo serve``. See docs/web.md.
"""
