"""Tiny Parlour: a rule set that lives only in the test suite.

It is installed at test time as an entry point (see ``tests/house/conftest.py``),
never named by the package, so that the tests can show a rule set published as
its own package plays in every front end.
"""

from tiny_rules.rules import TinyOptions, TinyRules, TinyState

__all__ = ["TinyOptions", "TinyRules", "TinyState"]
