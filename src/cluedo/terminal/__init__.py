"""The terminal game: ``cluedo play``, drawn with Rich, one presenter per rule set
where the generic one is not enough (:mod:`cluedo.terminal.presenters`)."""
