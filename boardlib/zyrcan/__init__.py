"""Zyrcan: hex ship battle for 3–5 players (rules in ``rules``, drawing in ``draw``)."""
from .catalogue import CATALOGUE
from .rules import (ATTACK, FLEET, OVER, PLACEMENT, Attack, Pass, Place, Ship, ZyrcanGame,
                    ZyrcanState, position)

__all__ = ["CATALOGUE", "ATTACK", "FLEET", "OVER", "PLACEMENT", "Attack", "Pass", "Place", "Ship",
           "ZyrcanGame", "ZyrcanState", "position"]
