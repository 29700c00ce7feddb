"""Shared by the Python tests: every game the bindings offer, with every player count."""

import sylvan


def game_counts():
    """(name, players) for every offered game and every player count it allows."""
    return [
        (g["name"], p)
        for g in sylvan.games()
        for p in range(g["min_players"], g["max_players"] + 1)
    ]
