"""Why a move is refused: the rule it breaks and one sentence a learner understands.

``why_not(pos, move)`` is asked only about moves that are not legal; it reads nothing the
player to move may not know (R25-I4).
"""
from __future__ import annotations

from typing import Any

from boardlib.core.api import Illegal, is_whole

from .complex import CENTER, CENTRAL_LINES, LINES_OF, NEIGHBOURS
from .modes import ACTION_NAMES, ACTION_TOKENS, GUARD
from .moves import (ACTION_MOVES, LETTER_OF, Clue, Control, Defer, Illusion, Look, Move, Pass,
                    Program, Push, Remind, Reveal, Swap, Vision)
from .position import CLUE, OVER, PENDING, PROGRAM, acts_on_the_spot
from .turn import slot


def why_not(pos: Any, move: Any) -> Illegal:
    """Why ``move``, which is not among the legal moves, is refused: the rule and a sentence a
    learner understands. It reads only what the player to move may know (R25-I4)."""
    game = pos.game
    if pos.phase == OVER:
        rule = pos.result.rule if pos.result else "R25-10"
        return Illegal(rule, "The game is over; no more moves can be made.")
    t = type(move)
    c = pos.current_character
    name = game.names[c] if c is not None else ""
    # Free moves first: they are allowed in several phases.
    if t is Remind:
        if not game.options["reminder_markers"]:
            return Illegal("R25-I6", "Reminder markers are switched off in this game.")
        if not is_whole(move.at) or not 0 <= move.at < 25:
            return Illegal("R25-04", "The complex has 25 places, a1 to e5.")
        if c is None:
            return Illegal("R25-20", "A reminder marker is laid during a character's own "
                           "decision, when they program or act.")
        return Illegal("R25-20", f"{name}'s reminder marker is still on a room; it comes "
                       "back only when that room is turned face up.")
    if t is Reveal:
        if game.mode != "suspicion":
            return Illegal("R25-39", f"There are no guards in {game.mode} mode.")
        if c is None:
            return Illegal("R25-I8", "A guard reveals at one of their own decisions in a "
                           "turn, not during the first clue.")
        if pos.roles[c] != GUARD:
            return Illegal("R25-39", "Only a guard may reveal; prisoners never reveal by "
                           "choice.")
        return Illegal("R25-39", f"{name}'s role is already public.")
    if pos.phase == CLUE:
        if t is not Clue:
            return Illegal("R25-05", "First every player takes their first clue: look at a "
                           "room next to the Central Room.")
        if not isinstance(move.at, int) or move.at not in NEIGHBOURS[CENTER]:
            return Illegal("R25-05", "The first clue must be a room orthogonally next to "
                           "the Central Room.")
        return Illegal("R25-05", "That room is already face up; pick a face-down one.")
    if t is Clue:
        return Illegal("R25-05", "The first clue is taken only once, before the first "
                       "programming.")
    if pos.phase == PENDING:
        kind, pc = pos.pending
        rule = {"vision": "R25-24", "mobile": "R25-26", "illusion": "R25-32",
                "control": "R25-27"}[kind]
        wanted = {"vision": Vision, "mobile": Swap, "illusion": Illusion,
                  "control": Control}[kind]
        room = {"vision": "Vision", "mobile": "Moving", "illusion": "Illusion",
                "control": "Control"}[kind]
        if t is not wanted:
            return Illegal(rule, f"First finish the {room} room's effect for "
                           f"{game.names[pc]}.")
        if t is Control:
            return why_not_slide(pos, move, any_line=True)
        if not isinstance(move.at, int) or not 0 <= move.at < 25:
            return Illegal("R25-04", "The complex has 25 places, a1 to e5.")
        return Illegal(rule, "Choose a face-down room.")
    if t in (Vision, Swap, Illusion):
        rule = {Vision: "R25-24", Swap: "R25-26", Illusion: "R25-32"}[t]
        return Illegal(rule, "That room power is used only right after entering the room.")
    if pos.phase == PROGRAM:
        if t is not Program:
            return Illegal("R25-07", "Now is programming: choose the actions, they are "
                           "performed later.")
        if move.char != c:
            return Illegal("R25-07", f"It is {name}'s turn to program.")
        if not all(a in ACTION_TOKENS for a in (move.first, move.second or "M")):
            return Illegal("R25-01", "The four actions are move, look, push and control.")
        if move.first == move.second:
            return Illegal("R25-07", "The two programmed actions must be two different "
                           "tokens.")
        if pos.cold >> c & 1:
            return Illegal("R25-35", "In the Cold room you may program only one action.")
        return Illegal("R25-07", "That is not a program.")
    if t is Program:
        if acts_on_the_spot(pos, c):
            return Illegal("R25-39", f"{name} acts on the spot this turn and does not "
                           "program.")
        return Illegal("R25-07", "Actions are programmed only in the programming phase.")
    # Execution.
    act = slot(pos, c)
    if t is Defer:
        return Illegal("R25-07", "Only a character who programmed a single action can keep "
                       "it for the second round, and only during the first.")
    if t is Pass:
        return Illegal("R25-09", "A programmed action must be performed; only a character "
                       "acting on the spot may pass.")
    if t not in ACTION_MOVES:
        return Illegal("R25-08", f"{move!r} is not a Room 25 move.")
    letter = LETTER_OF[t]
    if act == "*":
        if letter in pos.did[c]:
            rule = "R25-I5" if game.mode == "solo" else "R25-39"
            return Illegal(rule, f"{name} already used {ACTION_NAMES[letter]} this turn; "
                           "the second action must be a different one.")
    else:
        planned = pos.prog[c] if act == "?" else act
        if letter != planned:
            return Illegal("R25-08", f"{name}'s programmed action now is "
                           f"{ACTION_NAMES.get(planned, planned)}, not "
                           f"{ACTION_NAMES[letter]}.")
    tile = pos.loc[c]
    here = pos.where[tile]
    kind = game.kinds[tile]
    if t is Control:
        return why_not_slide(pos, move, any_line=False, here=here)
    target = move.to if t in (Move, Push) else move.at
    if not isinstance(target, int) or not 0 <= target < 25:
        return Illegal("R25-04", "The complex has 25 places, a1 to e5.")
    if t is Look and kind == "dark":
        return Illegal("R25-36", "Nobody can Look from the Dark room.")
    if t is Push:
        if here == CENTER:
            return Illegal("R25-16", "Nobody may be pushed out of the Central Room.")
        d = move.char
        if not isinstance(d, int) or not 0 <= d < game.num_chars or d == c \
                or pos.loc[d] != tile:
            return Illegal("R25-16", "You can push only another character who is in your "
                           "room.")
    if target not in NEIGHBOURS[here]:
        return Illegal("R25-13", "Only a room sharing a side with yours is adjacent; never "
                       "diagonally, never your own.")
    if t is Look:
        return Illegal("R25-14", "You can Look only at a face-down room.")
    if pos.locked >> pos.grid[target] & 1:
        return Illegal("R25-33", "The Flooded room is locked: nobody may enter it.")
    if t is Move and kind == "prison":
        return Illegal("R25-31", "From the Prison cell you may move only into a room "
                       "holding another character, or into the Central Room.")
    return Illegal("R25-08", "That move is not possible now.")


def why_not_slide(pos: Any, move: Control, any_line: bool, here: int = CENTER) -> Illegal:
    """Why a slide is refused: not a line, a central line (R25-18), not your own line
    (R25-17, R25-21), or against this turn's slide of the line (R25-19)."""
    line, d = move.line, move.direction
    if not isinstance(line, int) or not 0 <= line < 10 or d not in (-1, 1):
        return Illegal("R25-17", "Control slides one of the five rows or five columns by "
                       "one place.")
    if line in CENTRAL_LINES:
        return Illegal("R25-18", "The Central Room never moves: its row and its column "
                       "cannot slide.")
    if not any_line and line not in LINES_OF[here]:
        if here == CENTER:
            return Illegal("R25-21", "From the Central Room only Look and Move are "
                           "possible.")
        return Illegal("R25-17", "Control slides the row or the column of your own room.")
    if pos.shifts[line] == -d:
        return Illegal("R25-19", "This line already slid the other way this turn; it may "
                       "slide again only in the same direction.")
    return Illegal("R25-17", "That slide is not possible now.")


__all__ = ["why_not", "why_not_slide"]
