"""The built-in rule sets, one package each.

A rule set's package holds everything that is its own: options, state and rules,
how its events become notebook observations (``reading``), its bots (``bots``)
and its extra commands. The engine finds rule sets through the ``cluedo.rulesets``
entry points (see pyproject.toml), never by importing this package.
"""
