"""Mechanics shared by the games: majorities, rankings with tie-break chains, randomness, tallies, sheets."""
