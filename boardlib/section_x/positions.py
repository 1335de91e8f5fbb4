"""Prepared Section X positions for tests and notebook lessons.

``position(...)`` describes a position in the words of the rules (tile kinds on
fields, where prisoners and doors stand) and builds it through
``state_from_dict``, so every prepared position is validated like a save file.

>>> s = position(tiles={"2,-1": ("straight", 0)}, prisoners={0: ["2,-1/0"]})
>>> s.tile_at(Hex(2, -1))[0].name
'straight'
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from boardlib.grids.hex import Hex

from .board import OCEAN
from .rules import ACT_PHASE, PRISONERS, SectionXGame, SectionXState
from .tiles import KIND_BY_NAME, NUM_TILES, TILE_KINDS


def position(*, players: int = 2, tiles: Mapping[str, tuple[str, int]] | None = None,
             hands: Mapping[int, Sequence[str]] | None = None,
             prisoners: Mapping[int, Sequence[str]] | None = None,
             doors: Mapping[int, Sequence[str]] | None = None,
             player: int = 0, phase: str = "tile", steps: Mapping[int, Sequence[int]] | None = None,
             keys_left: Sequence[bool] | None = None, stack: Sequence[str] | None = None,
             turn: int = 0, round: int = 1, **options: Any) -> SectionXState:
    """A validated position.

    ``tiles`` maps ``"q,r"`` to ``(kind name, rotation)``; ``hands`` maps a player
    to kind names; ``prisoners`` maps a player to the places of some of their
    prisoners (the rest stay on the island; ``"freed"`` and ``"buried"`` allowed);
    ``doors`` maps a player to the parts their doors stand on (placed in that
    order, player by player); ``steps`` gives per player the steps already taken
    by their prisoners this turn (in the same order as ``prisoners``);
    ``stack`` lists kinds for the top of the stack (drawn first). All other
    tiles go, in id order, to the bottom of the stack. In phase 2 the player to move has
    always drawn a tile in phase 1 (SX-06): unless ``hands`` gives them a hand (an empty
    one too), they hold one straight. ``keys_left`` says which
    players still have their key this round (SX-I6); other keyword arguments are
    game options (``keys``, ``strict_fit``, ``round_target``, ``max_turns``, ``seed``).
    """
    game = SectionXGame(players=players, **options)
    free = list(range(NUM_TILES))

    def take(kind: str) -> int:
        k = KIND_BY_NAME[kind]
        for t in free:
            if TILE_KINDS[t] is k:
                free.remove(t)
                return t
        raise ValueError(f"no {kind} tile left (SX-I2 has only {k.count})")

    board = {field: [take(kind), rot] for field, (kind, rot) in (tiles or {}).items()}
    hands = dict(hands or {})
    if phase == "tile" and player not in hands:
        hands[player] = ["straight"]
    hand_lists = [[take(k) for k in hands.get(p, ())] for p in range(players)]
    top = [take(k) for k in (stack or ())]
    stack_ids = free + list(reversed(top))          # the end of the list is the top
    places = []
    used = []
    for p in range(players):
        mine = list((prisoners or {}).get(p, ()))
        mine += ["island"] * (PRISONERS - len(mine))
        places.extend(mine)
        s = list((steps or {}).get(p, ()))
        used.extend(s + [0] * (PRISONERS - len(s)))
    stamp = 0
    door_rows = []
    for p in range(players):
        row: list[Any] = []
        for part in (doors or {}).get(p, ()):
            row.append([part, stamp])
            stamp += 1
        door_rows.append(row + [None] * (2 - len(row)))
    if keys_left is None:
        keys_left = [bool(game.options["keys"])] * players
    data = {
        "board": board, "hands": hand_lists, "stack": stack_ids, "prisoners": places,
        "steps": used, "steps_total": sum(used), "doors": door_rows, "door_stamp": stamp,
        "keys": list(keys_left), "player": player, "phase": phase, "turn": turn, "round": round,
        "events": [], "result": None,
    }
    return game.state_from_dict(data)


def act(**kwargs: Any) -> SectionXState:
    """A position in phase 3 (prisoners or door)."""
    return position(phase=ACT_PHASE, **kwargs)


def tiles_running_out(players: int = 2, **options: Any) -> SectionXState:
    """A board full of tiles where the next draw takes the last one (SX-I7).

    Every ocean field holds a tile (kind after kind, unturned), player 0 holds three more and
    player 1 two; the one tile left is on the stack. It is player 0's phase 3: when the turn
    passes, player 1 draws the last tile, and at the end of that turn the tiles have run out
    and the round ends. Player 0 has two prisoners in the hiding place on -3,-1, player 1
    one in the tunnel on -2,2."""
    names = [k.name for k in TILE_KINDS]
    tiles = {f"{h.q},{h.r}": (name, 0) for h, name in zip(OCEAN, names)}
    hidden = next(f for f, (name, _) in tiles.items() if name == "hiding")
    rest = names[len(OCEAN):]
    return position(players=players, phase=ACT_PHASE, tiles=tiles,
                    hands={0: rest[:3], 1: rest[3:5]}, stack=rest[5:],
                    prisoners={0: [f"{hidden}/0"] * 2, 1: [f"{OCEAN[0].q},{OCEAN[0].r}/0"]},
                    **options)


def H(text: str) -> Hex:
    """``H("2,-1")`` is ``Hex(2, -1)``."""
    return Hex.parse(text)


# Two corridors of straights from the island: to zone 0 (east) and to zone 5 (south-east).
EAST: dict[str, tuple[str, int]] = {"2,0": ("straight", 0), "3,0": ("straight", 0)}
SOUTH_EAST: dict[str, tuple[str, int]] = {"0,2": ("straight", 2), "0,3": ("straight", 2)}

__all__ = ["position", "act", "tiles_running_out", "H", "EAST", "SOUTH_EAST"]
