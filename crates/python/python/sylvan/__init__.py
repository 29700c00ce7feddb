"""Sylvan's forest board games in Python.

The games run in Rust (the native module ``sylvan._native``); ``sylvan.openspiel`` registers
them with OpenSpiel, ``sylvan.pettingzoo`` makes PettingZoo environments, and ``simulate``
plays random games in bulk with the GIL released.
"""

from sylvan._native import NativeGame, NativeState, games_without_ids
from sylvan._native import games as _games

__all__ = ["NativeGame", "NativeState", "games", "games_without_ids", "simulate"]


def games():
    """The games offered, as dicts: name, title, min_players, max_players, chance, hidden."""
    keys = ("name", "title", "min_players", "max_players", "chance", "hidden")
    return [dict(zip(keys, g)) for g in _games()]


def simulate(name, games, seed=0, players=2, options=""):
    """Plays ``games`` uniformly random games of ``name`` in Rust, with the GIL released.

    Game ``i`` is seeded with ``derive_seed(seed, i)``, as ``sylvan sim`` does. Returns a list
    of ``(returns, decisions)``, one per game.
    """
    return NativeGame(name, players, options).simulate(games, seed)
