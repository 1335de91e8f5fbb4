"""Deaths and masks: who dies, and when secret roles become public (R25-39, R25-40, R25-43).

What a death means for the game (two dead prisoners, a lost Solo game, the last side
alive) is decided in ``victory.after_death``.
"""
from __future__ import annotations

from .modes import PRISONER
from .position import NO_FLOOD, NO_TRAP, Draft, replaced
from .victory import after_death


def die(d: Draft, c: int, rule: str, why: str) -> None:
    """Character ``c`` dies by ``rule``: off the board, their clocks stopped, the room they
    died in kept for the move's record (``died_in``: a death on entering a room is in the
    room entered); then the roles of the dead (R25-43), the game's end (``after_death``)
    and the masks (R25-40)."""
    d.died_in += ((c, d.loc[c]),)
    d.loc = replaced(d.loc, c, -1)
    d.trap = replaced(d.trap, c, NO_TRAP)
    d.flood = replaced(d.flood, c, NO_FLOOD)
    earlier = list(d.deaths)
    d.deaths += (c,)
    d.event(rule, f"{d.game.names[c]} {why}")
    if d.game.mode == "suspicion":
        deaths_reveal(d, c, earlier)
    after_death(d)
    masks_fall(d)          # a death can leave a clear majority in Room 25


def deaths_reveal(d: Draft, c: int, earlier: list[int]) -> None:
    """R25-43 Deaths (Suspicion): the first dead keeps their role secret. When a second dies,
    the first reveals, and if the first was a prisoner the second reveals too. Our reading:
    every later death is revealed at once."""
    if not earlier:
        return
    game = d.game
    for e in earlier:
        if not d.shown[e]:
            d.show_role(e)
            d.event("R25-43", f"the dead {game.names[e]} reveals: {d.roles[e]}")
    if not d.shown[c] and (len(earlier) >= 2 or d.roles[earlier[0]] == PRISONER):
        d.show_role(c)
        d.event("R25-43", f"the dead {game.names[c]} reveals: {d.roles[c]}")


def masks_fall(d: Draft) -> None:
    """R25-40 Masks fall (Suspicion): whenever a clear majority of the living characters is in
    Room 25 (R25-I8: of the living), everyone outside it reveals their role."""
    game = d.game
    if game.mode != "suspicion" or d.result is not None:
        return
    tile = game.room25_tile
    if not d.up >> tile & 1:
        return
    living = [c for c, t in enumerate(d.loc) if t >= 0]
    inside = sum(1 for c in living if d.loc[c] == tile)
    if 2 * inside <= len(living):
        return
    for c in living:
        if d.loc[c] != tile and not d.shown[c]:
            d.show_role(c)
            d.event("R25-40", f"masks fall: {game.names[c]} is a {d.roles[c]}")


def reveal(d: Draft, c: int) -> None:
    """R25-39 The revealed guard: a guard may reveal during their own turn (R25-I8: at any
    decision of theirs, programming included); from the next turn on they act on the spot.
    Prisoners never reveal by choice."""
    d.show_role(c)
    d.event("R25-39", f"{d.game.names[c]} reveals: guard. From the next turn on they act "
                      "without programming")


__all__ = ["die", "deaths_reveal", "masks_fall", "reveal"]
