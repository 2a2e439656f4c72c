"""Pieces of play that several rule sets share, written once."""
