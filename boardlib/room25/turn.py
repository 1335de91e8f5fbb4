"""The turn: the first clue, programming, execution and the countdown, as data and as the
steps that play them (R25-05 … R25-10, R25-20, R25-I5).

``PHASES`` declares the turn. ``legal_moves(state)`` lists what the character to decide
may do; ``play(d, move)`` carries a move out on a draft and ``advance(d)`` then plays every
step that needs no decision (skipped and lost slots, the end of a pass, the countdown), so
every position waits for a decision or is over.
"""
from __future__ import annotations

from typing import Any

from boardlib.core.phases import Phase, Phases

from . import actions
from .complex import CENTER, FREE_LINES, NEIGHBOURS, POS_NAMES
from .deaths import masks_fall, reveal
from .effects import cold_programs, drown, illusion, moving, spring_trap, vision
from .modes import ACTION_NAMES, ACTIONS, GUARD
from .moves import (CLUES, CONTROLS, DEFER, ILLUSIONS, LETTER_OF, PASS, PROGRAMS, REMINDS, REVEAL,
                    SINGLES, SWAPS, VISIONS, Control, Defer, Pass, Program, Remind, Reveal)
from .position import (CLUE, COUNTDOWN, EXEC, NO_FLOOD, NO_TRAP, OVER, PENDING, PROGRAM,
                       Draft, acts_on_the_spot, replaced)
from .victory import countdown_over


# R25-06 A turn: programming, then execution, then the countdown, which leads to the next
# turn's programming or, after the last turn, ends the game. The first clue comes once
# before it all; a room that asks for a choice interrupts execution until it is made; an
# escape or a death may end the game at once. ``then`` lists the phases that may follow.
# Positions wait only where someone decides: the countdown is passed through at once.
PHASES = Phases(
    Phase(CLUE, "R25-05", "first clue", "each player once, in turn order, before the first "
          "programming", then=(PROGRAM,)),
    Phase(PROGRAM, "R25-07", "programming", "each living character that programs, in turn "
          "order (hidden commits)", then=(EXEC,)),
    Phase(EXEC, "R25-08", "execution", "first actions then second actions, each living "
          "character in turn order", then=(PENDING, COUNTDOWN, OVER)),
    Phase(PENDING, "R25-15", "a room's choice", "the character who entered a room that asks "
          "for a choice", then=(EXEC, OVER)),
    Phase(COUNTDOWN, "R25-10", "countdown", "nobody: the tokens come back and the order "
          "turns", then=(PROGRAM, OVER)),
    Phase(OVER, "R25-06", "game over", "nobody", then=()),
)
WAITING_PHASES = tuple(p.name for p in PHASES if p.name != COUNTDOWN)


# --- what the character to decide may do -------------------------------------------------------

def slot(pos: Any, c: int) -> str:
    """What ``c``'s current execution slot asks for: an action letter, ``?`` (a single
    programmed action: now or in the second round, R25-07), ``*`` (choose on the spot,
    R25-I5) or ``""`` (nothing to do)."""
    prog: str = pos.prog[c]          # a character with a program never acts on the spot
    if len(prog) == 2:
        return prog[pos.pass_no - 1]
    if len(prog) == 1:
        if pos.pass_no == 1:
            return "?"
        return prog if pos.did[c] == "-" else ""
    if acts_on_the_spot(pos, c):
        if cold_programs(pos, c) and any(a != "-" for a in pos.did[c]):
            return ""                                              # R25-35
        return "*"
    return ""


def free_moves(pos: Any, c: int) -> list[Any]:
    """What ``c`` may do at any decision of theirs besides the decision itself: lay their
    reminder marker while it is in hand (R25-20, R25-I6) and, as a hidden guard, reveal
    (R25-39, R25-I8)."""
    out: list[Any] = []
    if pos.game.options["reminder_markers"] and pos.marker[c] < 0:
        out.extend(REMINDS)
    if pos.game.mode == "suspicion" and pos.roles[c] == GUARD and pos.shown[c] == 0:
        out.append(REVEAL)
    return out


def legal_moves(pos: Any) -> tuple[Any, ...]:
    """Every legal move of the character (or, for the first clue, the player) to decide."""
    phase = pos.phase
    if phase == CLUE:
        grid, up = pos.grid, pos.up
        return tuple(CLUES[q] for q in NEIGHBOURS[CENTER] if not up >> grid[q] & 1)
    if phase == PENDING:
        room, c = pos.pending
        if room == "control":                                      # R25-27
            shifts = pos.shifts
            return tuple([CONTROLS[k, d] for k in FREE_LINES for d in (-1, 1)
                          if shifts[k] != -d] + free_moves(pos, c))
        table = {"vision": VISIONS, "mobile": SWAPS, "illusion": ILLUSIONS}[room]
        up, grid = pos.up, pos.grid
        return tuple([table[q] for q in range(25) if not up >> grid[q] & 1]
                     + free_moves(pos, c))
    c = pos.order[pos.cursor]
    if phase == PROGRAM:
        moves = list(SINGLES[c] if cold_programs(pos, c) else PROGRAMS[c])
        return tuple(moves + free_moves(pos, c))
    act = slot(pos, c)
    options = actions.OPTIONS
    if act == "*":
        moves = []
        for a in ACTIONS:
            if a not in pos.did[c]:
                moves.extend(options[a](pos, c))
        moves.append(PASS)
    elif act == "?":
        moves = options[pos.prog[c]](pos, c)
        moves.append(DEFER)
    else:
        moves = options[act](pos, c)
    return tuple(moves + free_moves(pos, c))


def waits_for_a_decision(pos: Any) -> bool:
    """Does the position wait for someone's decision (checked on loading a save)?"""
    if pos.phase in (CLUE, PENDING):
        return True
    if pos.cursor >= len(pos.order):
        return False
    c = pos.order[pos.cursor]
    if pos.loc[c] < 0:
        return False
    if pos.phase == PROGRAM:
        return not acts_on_the_spot(pos, c) and pos.prog[c] == ""
    act = slot(pos, c)
    if act in ("*", "?"):
        return True
    return act != "" and bool(actions.OPTIONS[act](pos, c))


# --- carrying out a move ------------------------------------------------------------------------

def play(d: Draft, move: Any) -> None:
    """Carry out a legal move on the draft."""
    t = type(move)
    if t is Remind:
        lay_marker(d, move)
    elif t is Reveal:
        reveal(d, current_character(d))
    elif d.phase == CLUE:
        first_clue(d, move)
    elif d.phase == PROGRAM:
        program(d, move)
    elif d.phase == PENDING:
        resolve(d, move)
        if d.pending is None and d.result is None:
            end_action(d, d.order[d.cursor])
    else:
        execute(d, move)


def current_character(pos: Any) -> int:
    """The character whose decision it is: the one a room asks, or the next in the order."""
    c: int = pos.pending.char if pos.phase == PENDING else pos.order[pos.cursor]
    return c


def lay_marker(d: Draft, move: Remind) -> None:
    """R25-20 Reminder marker: at any moment of your turn, lay your marker on any room as a
    note; it comes back when that room is turned face up, and may be laid again at once
    (one per character, R25-I6)."""
    c = current_character(d)
    d.marker = replaced(d.marker, c, d.grid[move.at])
    d.event("R25-20", f"{d.game.names[c]} puts their reminder marker on {POS_NAMES[move.at]}")


def first_clue(d: Draft, move: Any) -> None:
    """R25-05 First clue: before the first programming each player secretly looks at one
    face-down room next to the Central Room (one each, whatever the mode)."""
    p = d.game.clue_players[d.cursor]
    d.show_room(p, d.grid[move.at])
    d.event("R25-05", f"player {p} secretly looks at {POS_NAMES[move.at]}")
    d.cursor += 1


def program(d: Draft, move: Program) -> None:
    """R25-07 Programming: each character secretly chooses two different action tokens, in
    order (or a single one, to be carried out with the first or the second actions). The
    simultaneous choice is played as hidden commits one after another: the others see only
    how many tokens were laid."""
    c = move.char
    d.prog = replaced(d.prog, c, move.first + move.second)
    n = len(d.prog[c])
    d.event("R25-07", f"{d.game.names[c]} programs {n} action{'s' * (n > 1)} face down")
    d.cursor += 1


def execute(d: Draft, move: Any) -> None:
    """R25-08 Execution and R25-I5 Acting on the spot: in turn order each character carries
    out their first action, then everyone their second. A single programmed action may wait
    for the second round (``Defer``); a character acting on the spot chooses each action when
    it comes, or passes, which uses the action up (a trapped character who passes dies)."""
    c = d.order[d.cursor]
    names = d.game.names
    t = type(move)
    if t is Defer:
        d.did = replaced(d.did, c, d.did[c] + "-")
        d.event("R25-07", f"{names[c]} keeps their single action for the second round")
        end_slot(d, c)
        return
    d.step += 1
    if t is Pass:
        # A passed action is used up: it is the Trapped room's "next action" (R25-25).
        d.did = replaced(d.did, c, d.did[c] + "-")
        d.event("R25-I5" if d.game.mode == "solo" else "R25-39",
                f"{names[c]} passes this action")
    else:
        d.use_token(c, LETTER_OF[t])
        actions.PERFORM[t](d, c, move)
        masks_fall(d)
    if d.pending is None and d.result is None:
        end_action(d, c)


def resolve(d: Draft, move: Any) -> None:
    """Carry out the choice the room just entered asks for (R25-24, R25-26, R25-27, R25-32)."""
    assert d.pending is not None
    room, c = d.pending
    d.pending = None
    d.phase = EXEC
    if room == "vision":
        vision(d, c, move)
    elif room == "mobile":
        moving(d, c, move)
    elif room == "illusion":
        illusion(d, c, move)
    else:
        control: Control = move
        actions.slide(d, c, control.line, control.direction, "R25-27")
    masks_fall(d)


def end_action(d: Draft, c: int) -> None:
    """After ``c``'s action and any choice it caused: the Trapped room (R25-25), then the end
    of the slot."""
    if d.trap[c] != NO_TRAP:
        spring_trap(d, c)
        if d.result is not None:
            return
    end_slot(d, c)


def end_slot(d: Draft, c: int) -> None:
    """A slot is over: after a second action, the Flooded room's deadline (R25-33)."""
    if d.pass_no == 2 and d.flood[c] != NO_FLOOD:
        drown(d, c)
    d.cursor += 1


def lose_action(d: Draft, c: int, letter: str) -> None:
    """R25-09 Forced and lost actions: a programmed action must be carried out, even when it
    hurts; one that cannot be carried out at all is lost (and counts as an action)."""
    d.step += 1
    d.use_token(c, letter)
    d.event("R25-09", f"{d.game.names[c]}'s {ACTION_NAMES[letter]} cannot be carried out "
                      f"{actions.why_lost(d, c, letter)}: the action is lost")
    end_action(d, c)


def countdown(d: Draft) -> None:
    """R25-10 Countdown: the tokens come back, the countdown moves on a turn, the first in
    the order becomes last and the next leads; after the last turn the mode's ending decides
    (``victory.countdown_over``)."""
    if d.turn >= d.last_turn:
        countdown_over(d)
        return
    d.turn += 1
    d.order = d.order[1:] + d.order[:1]
    n = d.game.num_chars
    d.prog = ("",) * n
    d.did = ("",) * n
    d.shifts = (0,) * 10
    d.event("R25-10", f"turn {d.turn} begins, {d.last_turn - d.turn + 1} left; "
                      f"{d.game.names[d.order[0]]} plays first")
    start_programming(d)


def start_programming(d: Draft) -> None:
    """Programming begins: note who stands in a Cold room (R25-35)."""
    d.phase = PROGRAM
    d.cursor = 0
    kinds = d.game.kinds
    cold = 0
    for c, t in enumerate(d.loc):
        if t >= 0 and kinds[t] == "cold":
            cold |= 1 << c
    d.cold = cold


def advance(d: Draft) -> None:
    """Play every step that needs no decision: players without a face-down room to take as
    their first clue, characters who do not program, dead characters, empty and lost slots
    (R25-09), the change to the second actions (R25-08) and the countdown (R25-10)."""
    game = d.game
    while d.result is None:
        phase = d.phase
        if phase == PENDING:
            return
        if phase == CLUE:
            if d.cursor < len(game.clue_players):
                if any(not d.up >> d.grid[q] & 1 for q in NEIGHBOURS[CENTER]):
                    return
                d.cursor += 1
                continue
            start_programming(d)
            continue
        order = d.order
        if phase == PROGRAM:
            while d.cursor < len(order):
                c = order[d.cursor]
                if d.loc[c] >= 0 and not acts_on_the_spot(d, c):
                    return
                d.cursor += 1
            d.phase = EXEC
            d.pass_no = 1
            d.cursor = 0
            continue
        if d.cursor >= len(order):
            if d.pass_no == 1:
                d.pass_no = 2
                d.cursor = 0
            else:
                countdown(d)
            continue
        c = order[d.cursor]
        if d.loc[c] < 0:
            d.cursor += 1
            continue
        act = slot(d, c)
        if act == "":
            d.did = replaced(d.did, c, d.did[c] + "-")
            end_slot(d, c)
            continue
        if act in ("*", "?") or actions.OPTIONS[act](d, c):
            return
        lose_action(d, c, act)


__all__ = ["PHASES", "WAITING_PHASES", "slot", "free_moves", "legal_moves",
           "waits_for_a_decision", "play", "current_character", "lay_marker", "first_clue",
           "program", "execute", "resolve", "end_action", "end_slot", "lose_action",
           "countdown", "start_programming", "advance"]
