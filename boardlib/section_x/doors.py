"""Doors and the tunnels they claim (SX-13, SX-14, SX-15, SX-I5).

A tunnel is a connected set of tunnel parts: parts joined through facing openings, step by
step (SX-I5; :func:`.tunnels.tunnel_graph` draws it as a networkx graph, the rules ask
``state.index.tunnel``). A door stands on one part and makes its owner the owner of the
whole tunnel (SX-13).
"""
from __future__ import annotations

from typing import Iterator

from boardlib.core.api import Illegal

from .board import PlacedDoor, field_of, parse_place, place_text
from .index import HeldTunnel
from .moves import Door, Move, MoveList
from .state import Draft, SectionXPosition, replaced
from .tiles import DOORS

# --- SX-13: a door makes its owner the owner of the tunnel --------------------------------


def foreign_owner(state: SectionXPosition, player: int, *, door_part: int | None = None,
                  tile_field: int | None = None) -> int | None:
    """SX-13: the other player whose door stops ``player`` here, or ``None``.

    Only a door's owner may move prisoners through it: ``door_part`` is a part a prisoner of
    ``player`` would step onto. Only a tunnel's owner may move, rotate or swap its tiles:
    ``tile_field`` is the field of a tile ``player`` would rearrange (a tile with several
    parts may lie in several tunnels; the first part's owner is named).
    """
    index = state.door_index
    if door_part is not None:
        owner = index.door_at.get(door_part)
        return None if owner == player else owner
    laid = state.board[tile_field]          # type: ignore[index]
    for i in range(len(laid.kind.parts)):   # type: ignore[union-attr]
        owner = index.owner(4 * tile_field + i)          # type: ignore[operator]
        if owner is not None and owner != player:
            return owner
    return None


# --- SX-14 and SX-I5: where a door may go -------------------------------------------------


def door_problem(state: SectionXPosition, move: Door) -> Illegal | None:
    """SX-I5, SX-14: a door of yours — from your hand, or lifted from its part — may go on
    any part of a tunnel that holds no other door."""
    p = state.player
    dst = parse_place(move.dst)
    if dst is None or not state.part_exists(dst):
        return Illegal("SX-I5", f"A door stands on a tunnel part of a tile; {move.dst!r} is "
                       "none.")
    lifted: HeldTunnel | None = None
    if move.src is None:
        if None not in state.doors[p]:
            return Illegal("SX-I5", "Both your doors are on the board; move one of them "
                           "instead.")
    else:
        src = parse_place(move.src)
        lifted = next((h for h in state.door_index.held
                       if h.player == p and h.door.part == src), None)
        if lifted is None:
            return Illegal("SX-I5", f"You have no door on {move.src}.")
        if src == dst:
            return Illegal("SX-I5", f"Your door already stands on {move.dst}.")
    holder = state.door_index.holding.get(dst)
    if holder is not None and holder != lifted:       # lifting a door frees its own tunnel
        whose = "your other" if holder.player == p else f"player {holder.player}'s"
        return Illegal("SX-14", f"The tunnel through {move.dst} already has a door ({whose}); "
                       "a tunnel holds only one.")
    return None


class DoorMoves(MoveList):
    """The door moves of the player to move: the moves :func:`door_problem` allows.

    First a door from the hand (if one is left) onto every part outside the tunnels that
    hold a door; then each door on the board, slot by slot, onto those parts and the other
    parts of its own tunnel. Parts in board order.
    """

    def __init__(self, state: SectionXPosition) -> None:
        p = state.player
        self.parts = state.index.parts
        self.door_index = state.door_index
        free = len(self.parts) - self.door_index.taken()
        # per door that may move (None: one from the hand), how many moves it has
        self.choices: list[tuple[HeldTunnel | None, int]] = []
        if None in state.doors[p]:
            self.choices.append((None, free))
        for held in self.door_index.held:
            if held.player == p:     # lifting it frees its own tunnel, but for its own part
                self.choices.append((held, free + len(held.tunnel.parts) - 1))
        self.size = sum(count for _, count in self.choices)

    def left_out(self, door: HeldTunnel | None) -> list[int]:
        """The parts ``door`` may not go to, sorted."""
        taken = self.door_index.taken_parts
        if door is None:
            return taken
        own = door.tunnel.parts
        return sorted([c for c in taken if c not in own] + [door.door.part])

    def __iter__(self) -> Iterator[Move]:
        for door, _ in self.choices:
            skip = set(self.left_out(door))
            src = None if door is None else place_text(door.door.part)
            for part in self.parts:
                if part not in skip:
                    yield Door(place_text(part), src)

    def nth(self, i: int) -> Move:
        for door, count in self.choices:
            if i < count:
                break
            i -= count
        parts = self.parts
        for part in self.left_out(door):  # each part left out before the i-th free one
            if part > parts[i]:           # moves it one on
                break
            i += 1
        return Door(place_text(parts[i]), None if door is None else place_text(door.door.part))


def place_door(draft: Draft, move: Door) -> None:
    """SX-13, SX-I5: put a door from the hand on a part, or move one of yours there."""
    p = draft.player
    dst = parse_place(move.dst)
    assert dst is not None
    row = draft.doors[p]
    if move.src is None:
        slot = row.index(None)
        draft.event("SX-13", f"player {p} puts a door on {move.dst} and owns its tunnel")
    else:
        src = parse_place(move.src)
        slot = next(s for s, door in enumerate(row) if door is not None and door.part == src)
        draft.event("SX-I5", f"player {p} moves a door from {move.src} to {move.dst}")
    draft.doors = replaced(draft.doors, p, replaced(row, slot, PlacedDoor(dst, draft.stamp)))
    draft.stamp += 1


# --- SX-15: joined tunnels ------------------------------------------------------------------


def settle_joined_tunnels(draft: Draft, before: SectionXPosition) -> None:
    """SX-15: when a tile action joins tunnels that each hold a door, the owner of the longer
    piece keeps their door and the other doors go back to their owners.

    "Longer" counts a piece's tiles on the board ``before`` the action; on a tie the door
    placed earlier stays (SX-I5). A tunnel that splits keeps its door on the part it stands
    on (the doors have moved along with their tiles already).
    """
    index = draft.index
    touched = index.touched
    if touched is not None:     # only tunnels next to a changed tile can have joined
        near = [h for h in before.door_index.held if not h.tunnel.fields.isdisjoint(touched)]
        if len(near) < 2:
            return
    by_tunnel: dict[frozenset[int], list[tuple[int, int]]] = {}
    for p, row in enumerate(draft.doors):
        for slot, door in enumerate(row):
            if door is not None:
                tunnel = index.tunnel(door.part).parts
                by_tunnel.setdefault(tunnel, []).append((p, slot))
    joined = [doors for doors in by_tunnel.values() if len(doors) > 1]
    if not joined:
        return

    def length_before(p: int, slot: int) -> int:
        door = before.doors[p][slot]
        assert door is not None
        return before.index.tunnel(door.part).size

    rows = [list(row) for row in draft.doors]
    for doors in joined:
        placed: dict[tuple[int, int], PlacedDoor] = {}
        for p, slot in doors:
            door = rows[p][slot]
            assert door is not None
            placed[p, slot] = door
        keep = max(doors, key=lambda d: (length_before(*d), -placed[d].stamp))
        for p, slot in doors:
            if (p, slot) == keep:
                continue
            why = ("longer piece" if length_before(*keep) > length_before(p, slot)
                   else "pieces equally long: the door placed earlier, SX-I5")
            keeper, _ = keep
            draft.event("SX-15", f"tunnels joined: player {keeper}'s door stays ({why}), "
                        f"player {p}'s door on {place_text(placed[p, slot].part)} goes back "
                        "to them")
            rows[p][slot] = None
    draft.doors = tuple(tuple(row) for row in rows)


def carried_doors(doors: tuple[tuple[PlacedDoor | None, ...], ...],
                  relocated: dict[int, int]) -> tuple[tuple[PlacedDoor | None, ...], ...]:
    """SX-I5: doors travel with the tiles ``relocated`` from field to field."""
    if not any(d is not None and field_of(d.part) in relocated for row in doors for d in row):
        return doors

    def carried(door: PlacedDoor | None) -> PlacedDoor | None:
        if door is None or field_of(door.part) not in relocated:
            return door
        return PlacedDoor(4 * relocated[field_of(door.part)] + door.part % 4, door.stamp)
    return tuple(tuple(carried(d) for d in row) for row in doors)


__all__ = ["DOORS", "foreign_owner", "door_problem", "DoorMoves", "place_door",
           "settle_joined_tunnels", "carried_doors"]
