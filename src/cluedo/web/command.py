"""``cluedo serve``: the browser game on this machine (loopback unless told otherwise)."""

from __future__ import annotations

import ipaddress

import typer


def served_names(host: str, allowed: list[str]) -> list[str]:
    """The names the server answers to besides IP addresses and localhost: those given
    with ``--allowed-host``, and ``--host`` itself when it is a name.

    >>> served_names("0.0.0.0", ["cluedo.example"])
    ['cluedo.example']
    >>> served_names("game.lan", [])
    ['game.lan']
    """
    names = list(allowed)
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host and host not in names:
            names.append(host)
    return names


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command."""

    @app.command("serve")
    def serve_command(
        host: str = typer.Option("127.0.0.1", help="address to listen on (loopback by default)"),
        port: int = typer.Option(8000, help="port to listen on", min=0, max=65535),
        database: str = typer.Option(
            None,
            help="SQLAlchemy URL, e.g. postgresql://user@host/db "
            "(default: SQLite in the user's data folder)",
        ),
        bot_delay: float = typer.Option(
            0.6, help="seconds a bot waits before acting, so people can follow", min=0, max=5
        ),
        table_burst: int = typer.Option(
            10, help="new tables one address may open at once (then one per --table-every)", min=1
        ),
        table_every: float = typer.Option(
            6.0, help="seconds for one address to earn one more new table", min=0
        ),
        sockets_per_address: int = typer.Option(
            50, help="websockets one address may hold open at once", min=1
        ),
        allowed_host: list[str] = typer.Option(  # noqa: B008 - typer's way
            [],
            metavar="NAME",
            help="a name browsers use to reach this server (repeat for more); IP addresses "
            "and localhost are always allowed, other names are refused",
        ),
    ) -> None:
        """Serve the game to browsers: open tables, invite friends, play against bots."""
        import uvicorn

        from cluedo.web.app import create_app

        limits = {
            "table_burst": table_burst,
            "table_every": table_every,
            "sockets_per_address": sockets_per_address,
            "allowed_hosts": served_names(host, allowed_host),
        }
        from cluedo.web.store import DatabaseInUse, Store

        store = Store(database)
        try:
            store.claim()
        except DatabaseInUse as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        application = create_app(bot_delay=bot_delay, store=store, defaults=limits)
        typer.echo(f"cluedo: open http://{host}:{port}/ in a browser (Ctrl-C stops)")
        # No per-message compression: frames are small and loopback or LAN is fast, and
        # deflating every frame for every seat was the largest cost under load.
        uvicorn.run(
            application,
            host=host,
            port=port,
            log_level="warning",
            ws_max_size=65536,
            ws_per_message_deflate=False,
        )
