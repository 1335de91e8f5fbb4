"""Room 25: the rule engine (catalogue ``R25-01`` … ``R25-49``, interpretations
``R25-I1`` … ``R25-I8``), gathered from the modules that hold each rule.

Characters start in the Central Room of a 5x5 complex of face-down rooms (R25-04). Every
turn they secretly program two actions (R25-07), carry them out in turn order (R25-08),
and the countdown moves on (R25-10). Rooms strike the moment someone enters (R25-15,
R25-21 … R25-36). A side escapes when one of them, inside Room 25, Controls it off the edge
from an Exit Zone (R25-11, R25-I3). Five modes decide who plays whom and who wins.

Where to read a rule (``WHERE`` below maps every rule ID to the one function or table that
states it):

* ``complex`` — the 25 places, adjacency, lines and the deal (R25-04, R25-13, R25-18);
* ``rooms`` — room kinds and compositions (R25-37, R25-I1);
* ``modes`` — characters, seats, sides and countdown lengths (R25-01 … R25-03, R25-38,
  R25-44, R25-46);
* ``turn`` — the turn as data (``PHASES``) and its steps: clue, programming, execution,
  countdown, reminder markers (R25-05 … R25-10, R25-20);
* ``actions`` — Move, Look, Push and Control (R25-14 … R25-17, R25-19);
* ``effects`` — what each room does (R25-12, R25-15, R25-21 … R25-36);
* ``deaths`` — deaths and masks (R25-39, R25-40, R25-43);
* ``victory`` — escapes and endings (R25-11, R25-22, R25-41 … R25-49, R25-I3);
* ``position`` (the fields and the draft a move is played on), ``state`` (a position:
  observations, legal moves), ``refusals`` (why a move is refused), ``saves``, ``moves``
  and ``game``.

This module imports neither matplotlib nor ipywidgets.
"""
from __future__ import annotations

from .complex import (CENTER, CENTRAL_LINES, COLS, EXIT_ZONES, FREE_LINES, INNER, LINES,
                      LINES_OF, NEIGHBOURS, POS_INDEX, POS_NAMES, SIZE, exit_controls,
                      line_name)
from .game import Room25Game
from .modes import (ACTION_LETTERS, ACTION_NAMES, ACTIONS, CHARACTERS, GUARD, MODES, PRISONER,
                    SYMBOLS, TURNS)
from .moves import (DEFER, PASS, REVEAL, Clue, Control, Defer, Illusion, Look, Move, Pass,
                    Program, Push, Remind, Reveal, Swap, Vision)
from .position import CLUE, EXEC, OVER, PENDING, PROGRAM, Flood, Pending, Trap
from .state import Room25State
from .turn import PHASES

# Where each rule of the catalogue is stated: one function, class or table per rule ID,
# whose docstring (or, for a table, the comment above it) cites the rule.
WHERE = {
    "R25-01": "modes.CHARACTERS", "R25-02": "modes.TURNS", "R25-03": "modes.one_each",
    "R25-04": "complex.deal_complex", "R25-05": "turn.first_clue", "R25-06": "turn.PHASES",
    "R25-07": "turn.program", "R25-08": "turn.execute", "R25-09": "turn.lose_action",
    "R25-10": "turn.countdown", "R25-11": "victory.escape", "R25-12": "effects.room_25",
    "R25-13": "complex.NEIGHBOURS", "R25-14": "actions.look", "R25-15": "effects.enter",
    "R25-16": "actions.push", "R25-17": "actions.slide", "R25-18": "complex.CENTRAL_LINES",
    "R25-19": "actions.control_slides", "R25-20": "turn.lay_marker",
    "R25-21": "effects.central_room", "R25-22": "effects.room_25",
    "R25-23": "effects.vortex", "R25-24": "effects.vision", "R25-25": "effects.trapped",
    "R25-26": "effects.moving", "R25-27": "effects.control_room", "R25-28": "effects.twin",
    "R25-29": "effects.empty", "R25-30": "effects.deadly", "R25-31": "effects.prison_exits",
    "R25-32": "effects.illusion", "R25-33": "effects.flooded", "R25-34": "effects.acid_bath",
    "R25-35": "effects.cold_programs", "R25-36": "effects.dark_blocks_look",
    "R25-37": "rooms.validate_composition", "R25-38": "modes.deal_roles",
    "R25-39": "deaths.reveal", "R25-40": "deaths.masks_fall",
    "R25-41": "victory.prisoners_escape", "R25-42": "victory.guards_win",
    "R25-43": "deaths.deaths_reveal", "R25-44": "modes.teams",
    "R25-45": "victory.side_escapes", "R25-46": "modes.pairs",
    "R25-47": "victory.cooperative_escape", "R25-48": "victory.side_escapes",
    "R25-49": "modes.solo",
    "R25-I1": "rooms.standard_composition", "R25-I2": "actions.control_slides",
    "R25-I3": "victory.room_25_slides_off", "R25-I4": "state.Room25State.observation",
    "R25-I5": "turn.execute", "R25-I6": "turn.free_moves", "R25-I7": "effects.swap_places",
    "R25-I8": "deaths.reveal",
}

GAME_CLASS = Room25Game

__all__ = ["Room25Game", "Room25State", "GAME_CLASS", "WHERE", "Clue", "Program", "Defer",
           "Pass", "Move", "Look", "Push", "Control", "Vision", "Swap", "Illusion", "Reveal",
           "Remind", "DEFER", "PASS", "REVEAL", "POS_NAMES", "POS_INDEX", "NEIGHBOURS", "INNER",
           "EXIT_ZONES", "LINES", "LINES_OF", "CENTRAL_LINES", "FREE_LINES", "CENTER", "SIZE",
           "COLS", "CHARACTERS", "SYMBOLS", "ACTIONS", "ACTION_NAMES", "ACTION_LETTERS",
           "PRISONER", "GUARD", "MODES", "TURNS", "PHASES", "CLUE", "PROGRAM", "EXEC",
           "PENDING", "OVER", "Trap", "Flood", "Pending", "exit_controls", "line_name"]
