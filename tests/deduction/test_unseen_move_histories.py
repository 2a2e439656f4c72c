"""An observation that rules out one history of unseen moves drops that history only."""

from __future__ import annotations

import pytest

from cluedo import deduction as d

CATS = {"suspect": ("a", "b", "c"), "weapon": ("d", "e", "f"), "room": ("g", "h", "i")}


def test_a_refutation_failure_prunes_the_branch_where_the_seen_card_moved_on() -> None:
    nb = d.Notebook.create(CATS, [("0", 2), ("1", 2), ("2", 2)])
    nb.observe(d.Hand("2", ("a", "d")))
    nb.observe(d.Transfer("2", "1", "a"))  # seen: a goes to 1
    nb.observe(d.Transfer("1", "0", None))  # unseen: 1 passes 0 one of its cards
    assert nb.probability("a", "0") > 0
    nb.observe(d.HasNone("0", ("a", "e", "g")))  # so that card was not a
    assert nb.probability("a", "0") == 0
    assert nb.probability("a", "1") == 1


def test_an_observation_no_history_allows_is_still_refused() -> None:
    nb = d.Notebook.create(CATS, [("0", 2), ("1", 2), ("2", 2)])
    nb.observe(d.Hand("2", ("a", "d")))
    nb.observe(d.Transfer("2", "0", "a"))
    with pytest.raises(d.ContradictionError):
        nb.observe(d.HasNone("0", ("a", "e", "g")))
