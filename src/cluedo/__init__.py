"""cluedo: the classic murder-mystery board game and its variants."""
