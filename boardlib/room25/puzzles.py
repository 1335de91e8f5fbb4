"""Room 25 puzzles: one or more per rule section of the lesson, judged by the engine.

Every position is built with :func:`boardlib.room25.scenarios.position` (the public API and
its checks) and played on with ``program`` and ``play``. Room 25 hides information (R25-I4),
so a puzzle is posed to the solving seat as that seat sees it, and nothing it shows may
depend on what that seat may not see:

* the rooms a good answer relies on are face up or were seen by the seat (``seen=``);
* :class:`Foreseen` judges only the moves whose result the seat can foresee. A move that
  would turn up a room the seat does not know (moving, pushing or trading into it) is a
  *gamble*: never accepted, and refused with words that name only the place, never what
  lies there (:func:`gambles`);
* roles that decide a result are public (a revealed guard) or the seat's own.

What counts as the best answer is the engine's: the move is played and a number is read off
the position it leads to (:func:`alive`, :func:`closer`, :func:`wins`, :func:`learns` …),
the best value wins (:class:`boardlib.core.puzzles.Best`). Wrong moves the rules refuse get
the engine's own refusal and rule ID.

``PUZZLES`` lists them all; ``for_rule("R25-16")`` those of one section; ``try_it`` gives a
section's first puzzle as a card for the lesson.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import boardlib
from boardlib.core.api import State
from boardlib.core.puzzles import Answers, Puzzle, Worse, by_id, by_rule, check_unique
from boardlib.core.teaching import Mark, Teacher, plural

from .complex import CENTER, EXIT_ZONES, INNER, POS_NAMES, distance
from .game import Room25Game
from .moves import Clue, Control, Illusion, Look, Move, Program, Push, Remind, Reveal, Swap, Vision
from .scenarios import play, position, program
from .state import Room25State

Value = Callable[[Room25State, Any, Room25State], float]


# --- games ----------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def game(mode: str = "cooperative", composition: str = "beginner") -> Room25Game:
    """The game a puzzle is played in (fixed seed: the same complex every time)."""
    made = boardlib.load("room25", mode=mode, composition=composition, seed=1)
    assert isinstance(made, Room25Game)
    return made


def coop(**layout: Any) -> Room25State:
    """A Cooperative position (4 players: Red the Scientist, Blue the Nerd, …)."""
    return position(game(), **layout)


# --- what the seat knows --------------------------------------------------------------------

def known_places(state: Room25State, seat: int) -> frozenset[int]:
    """The places whose room ``seat`` knows: face up or seen (R25-I4)."""
    return frozenset(p for p in range(25) if state.known_kind(seat, p) is not None)


def gambles(before: Room25State, move: Any, after: Room25State) -> tuple[int, ...]:
    """The places (as they were before ``move``) of rooms the move turns face up that the
    mover's seat did not know: what happens there depends on what the seat cannot see."""
    seat = before.current_player
    fresh = after.up & ~before.up & ~before.seen[seat]
    return tuple(sorted(before.where[t] for t in range(25) if fresh >> t & 1))


# --- what the engine measures (value of a move for its mover) -------------------------------

def mover(before: Room25State) -> int:
    c = before.current_character
    assert c is not None
    return c


def alive(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-30, R25-25, R25-33, R25-34: 1 if the character who moved is still alive."""
    c = mover(before)
    return 1.0 if after.alive(c) and c not in after.deaths else 0.0


def out_alive(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-15, R25-23: 1 if the mover is alive and out of the Central Room."""
    place = after.position(mover(before))
    return 1.0 if place is not None and place != CENTER else 0.0


def closer(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-11: minus the mover's steps to Room 25 (face up), if alive (-99 if dead)."""
    place = after.position(mover(before))
    if after.is_terminal():
        return 0.0 if after.returns()[before.current_player] > 0 else -99.0
    return -99.0 if place is None else -float(distance(place, after.room25_position()))


def wins(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-11, R25-41 … R25-48: what the game pays the mover's seat if the move ends it
    (1 a win, 1/2 a partial Cooperative escape), else 0."""
    outcome = after.outcome()
    seat = before.current_player
    if outcome is None or seat not in outcome.winners:
        return 0.0
    return float(outcome.scores[seat])


def learns(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-05, R25-14, R25-24: how many rooms more the mover's seat knows."""
    seat = before.current_player
    return float(len(known_places(after, seat)) - len(known_places(before, seat)))


def time_left(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-12: the turns left on the countdown after the move (0 if the mover died)."""
    return float(after.remaining_turns()) if after.alive(mover(before)) else 0.0


def kills(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-42, R25-48: characters of other sides (public roles or teams) who died."""
    me = mover(before)
    game_ = before.game
    def enemy(c: int) -> bool:
        if game_.mode == "suspicion":
            return before.roles[c] != before.roles[me]
        return game_.team[c] != game_.team[me]
    return float(sum(1 for c in after.deaths if c not in before.deaths and enemy(c)))


def team_alive(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-34, R25-47: living characters after the move."""
    return float(sum(1 for c in range(before.game.num_chars) if after.alive(c)))


def masks(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-40: roles shown after the move."""
    return float(sum(1 for c in range(before.game.num_chars) if after.role_public(c)))


def direct(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-39, R25-I5: 1 if the mover now acts on the spot."""
    return 1.0 if after.direct(mover(before)) else 0.0


def remind_danger(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-20: 1 if the mover's reminder marker lies on a room their seat knows is deadly."""
    tile = after.marker[mover(before)]
    if tile < 0:
        return 0.0
    return 1.0 if after.known_kind(before.current_player, after.where[tile]) == "deadly" else 0.0


def outer_unknown(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-04: 1 if the move looks at an outer room (where Room 25 lies) the seat did not
    know; 1/2 for an unknown inner room."""
    at = getattr(move, "at", None)
    if at is None or not learns(before, move, after):
        return 0.0
    return 0.5 if at in INNER else 1.0


def in_exit_zone(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-17, R25-11: 1 if Room 25 lies in an Exit Zone after the move, with the mover."""
    place = after.room25_position()
    with_it = after.position(mover(before)) == place
    return (1.0 if place in EXIT_ZONES else 0.0) + (0.5 if with_it else 0.0)


def two_ml(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-21: 1 for a program of two actions that work in the Central Room (Move, Look)."""
    return 1.0 if isinstance(move, Program) and {move.first, move.second} == {"M", "L"} else 0.0


def two_actions(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-01, R25-07: 1 for a program of two different tokens."""
    return 1.0 if isinstance(move, Program) and move.second else 0.0


WORDS: dict[Value, Callable[[float], str]] = {
    alive: lambda v: "you survive" if v else "you die",
    out_alive: lambda v: "you stand alive outside the Central Room" if v else
    "you end in the Central Room or dead",
    closer: lambda v: ("you escape" if v == 0 else "you die" if v <= -99 else
                       f"{plural(int(-v), 'step')} from Room 25"),
    wins: lambda v: ("your side wins" if v == 1 else "a partial victory" if v else
                     "nobody wins yet"),
    learns: lambda v: f"you learn {plural(int(v), 'new room')}" if v else "you learn nothing new",
    time_left: lambda v: f"{plural(int(v), 'turn')} left" if v else "you die",
    kills: lambda v: (f"{plural(int(v), 'enemy', 'enemies')} die{'s' * (v == 1)}" if v else
                      "no enemy dies"),
    team_alive: lambda v: f"{plural(int(v), 'character')} alive",
    masks: lambda v: f"{plural(int(v), 'role')} shown",
    direct: lambda v: "you act on the spot" if v else "you still program",
    remind_danger: lambda v: "the marker lies on a room you know is deadly" if v else
    "the marker lies on no room you know is deadly",
    outer_unknown: lambda v: ("you see an unknown outer room" if v == 1 else
                              "you see an unknown inner room" if v else "you learn nothing"),
    in_exit_zone: lambda v: ("Room 25 is in an Exit Zone with you" if v == 1.5 else
                             "Room 25 is in an Exit Zone" if v >= 1 else
                             "Room 25 is not in an Exit Zone"),
    two_ml: lambda v: "both actions can be carried out here" if v else
    "an action would be lost here",
    two_actions: lambda v: "two different tokens" if v else "a single token",
}


def place_marks(state: Room25State, move: Any) -> tuple[Mark, ...]:
    """For the board: the mover's room, and the room the move names (if it names one)."""
    seat = state.current_player
    c = state.current_character
    here = None if c is None else state.position(c)
    marks = [] if here is None else [Mark("from", here, seat)]
    at = getattr(move, "at", getattr(move, "to", None))
    if isinstance(at, int):
        marks.append(Mark("to", at, seat))
    return tuple(marks)


class Foreseen(Answers):
    """The moves of the kinds ``kinds`` whose engine-computed ``value`` is best, among those
    whose result the seat can foresee (no :func:`gambles`). ``rule``: the rule that makes
    the value matter. A gamble is refused without a word about the unknown room."""

    def __init__(self, value: Value, rule: str, kinds: tuple[type, ...] = (Move,)) -> None:
        self.value = value
        self.rule = rule
        self.kinds = kinds
        self.words = WORDS[value]

    def candidates(self, state: Room25State) -> dict[Any, float]:
        out = {}
        for m in state.legal_moves():
            if isinstance(m, self.kinds):
                after = state.apply(m)
                assert isinstance(after, Room25State)
                if not gambles(state, m, after):
                    out[m] = self.value(state, m, after)
        return out

    def accepted(self, state: State) -> tuple[Any, ...]:
        assert isinstance(state, Room25State)
        values = self.candidates(state)
        if not values:
            return ()
        best = max(values.values())
        return tuple(m for m, v in values.items() if v == best)

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        assert isinstance(state, Room25State)
        marks = place_marks(state, move)
        if not isinstance(move, self.kinds):
            kinds = " or ".join(k.__name__ for k in self.kinds)
            return Worse(f"Legal, but this puzzle asks for a {kinds}.", self.rule, marks)
        after = state.apply(move)
        assert isinstance(after, Room25State)
        unknown = gambles(state, move, after)
        if unknown:
            where = ", ".join(POS_NAMES[p] for p in unknown)
            return Worse(f"A gamble: you do not know the room at {where}, and what happens "
                         "there is what you cannot see. Choose a move whose result you know.",
                         "R25-I4", marks)
        values = self.candidates(state)
        best = max(values.values())
        return Worse(f"That move: {self.words(values[move])}. The best move here: "
                     f"{self.words(best)}.", self.rule, marks)


# --- positions ------------------------------------------------------------------------------

def sus(**layout: Any) -> Room25State:
    return position(game("suspicion"), **layout)


def solo(**layout: Any) -> Room25State:
    return position(game("solo"), **layout)


def expert(**layout: Any) -> Room25State:
    return position(game("cooperative", "expert"), **layout)


ESCAPE: dict[str, Any] = {"rooms": {"a1": "room25"}, "chars": {c: "a1" for c in range(4)}}


def p_first_clue() -> Room25State:
    return game().new_initial_state()


def p_programming() -> Room25State:
    return coop()


def p_last_turn() -> Room25State:
    return program(coop(turn=8, **ESCAPE), {0: "control", 1: "look", 2: "look", 3: "look"})


def p_escape() -> Room25State:
    return program(coop(**ESCAPE), {0: "control", 1: "look", 2: "look", 3: "look"})


def p_escape_e2() -> Room25State:
    return program(coop(rooms={"e2": "room25"}, chars={c: "e2" for c in range(4)}),
                   {0: "control", 1: "look", 2: "look", 3: "look"})


def p_race() -> Room25State:
    rivals = game("competition")
    return program(position(rivals, **ESCAPE), {0: "control", 1: "look", 2: "look", 3: "look"})


def p_safe_step() -> Room25State:
    """Red's clues: b3 empty, c2 deadly, d3 vortex, c4 face up Deadly."""
    return program(coop(rooms={"b3": "empty", "c2": "deadly", "d3": "vortex", "c4": "deadly"},
                        face_up=["c4"], seen={0: ["b3", "c2", "d3"]}), {0: "move, look"})


def p_order() -> Room25State:
    return program(coop(rooms={"b3": "room25", "c2": "deadly"}, face_up=["b3"],
                        seen={0: ["c2", "d3", "c4"]}, order=[0, 1, 2, 3]), {0: "move"})


def p_lost_push() -> Room25State:
    return program(coop(rooms={"b3": "empty", "a3": "deadly"}, chars={0: "b3"},
                        seen={0: ["a3"]}), {0: "push, look"})


def p_countdown() -> Room25State:
    return program(coop(turn=8, rooms={"a1": "room25", "b1": "empty"},
                        chars={0: "b1", 1: "a1", 2: "a1", 3: "a1"}, seen={0: ["c1", "b2"]}),
                   {0: "move", 1: "look", 2: "look", 3: "look"})


def p_alarm() -> Room25State:
    return program(sus(rooms={"b3": "room25", "c2": "empty"}, face_up=["b3"],
                       roles=["prisoner"] * 4, seen={0: ["c2"]}, turn=2), {0: "move"})


def p_adjacent() -> Room25State:
    return program(coop(rooms={"b2": "empty", "a2": "room25", "b1": "empty"}, face_up=["a2"],
                        chars={0: "b2"}, seen={0: ["b1", "c2"]}), {0: "move"})


def p_look() -> Room25State:
    return program(coop(rooms={"b3": "deadly"}, seen={0: ["b3", "c2"]}), {0: "look"})


def p_move_rooms() -> Room25State:
    return program(coop(rooms={"b3": "vortex", "c2": "empty", "d3": "deadly"},
                        seen={0: ["b3", "c2", "d3", "c4"]}), {0: "move"})


def p_push_guard() -> Room25State:
    return program(sus(rooms={"b3": "empty", "a3": "deadly"}, face_up=["a3"],
                       roles=["guard", "prisoner", "prisoner", "prisoner"],
                       chars={0: "b3", 1: "b3"}, seen={0: ["b2", "b4"]}),
                   {0: "push", 1: "look"})


def p_slide() -> Room25State:
    return program(coop(rooms={"b2": "room25"}, chars={c: "b2" for c in range(4)}),
                   {0: "control", 1: "look", 2: "look", 3: "look"})


def p_one_way() -> Room25State:
    two = program(coop(rooms={"b2": "room25", "b4": "empty"},
                       chars={0: "b4", 1: "b2", 2: "b2", 3: "b2"}),
                  {0: "control", 1: "control", 2: "look", 3: "look"})
    return play(two, "control col b up")


def p_reminder() -> Room25State:
    return coop(rooms={"b3": "deadly"}, seen={0: ["b3"]})


def p_central() -> Room25State:
    return coop()


def p_vision() -> Room25State:
    return play(program(coop(rooms={"b3": "vision"}, seen={0: ["b3"]}), {0: "move"}), "move b3")


def p_vision_outer() -> Room25State:
    return play(program(coop(rooms={"b3": "vision"}, seen={0: ["b3"]}), {0: "move"}), "move b3")


def p_trapped() -> Room25State:
    caught = solo(rooms={"b2": "empty", "a2": "trapped", "a1": "empty"},
                  chars={0: "b2", 1: "b2"}, seen={0: ["a2", "a1"]})
    return play(caught, "look b1", "push 0 to a2", "pass", "pass")


def p_moving() -> Room25State:
    moving = position(game("suspicion", "expert"), rooms={"b3": "mobile", "a1": "room25"},
                      face_up=["a1"], seen={0: ["b3"]}, roles=["prisoner"] * 4)
    return play(program(moving, {0: "move"}), "move b3")


def p_illusion() -> Room25State:
    return play(program(expert(rooms={"b3": "illusion", "a1": "deadly", "e5": "empty"},
                               seen={0: ["b3", "a1", "e5"]}), {0: "move"}), "move b3")


def p_control_room() -> Room25State:
    return play(program(coop(rooms={"b3": "control", "b5": "room25"}, face_up=["b5"],
                             seen={0: ["b3"]}), {0: "move"}), "move b3")


def p_twin() -> Room25State:
    return program(expert(rooms={"b3": "twin", "b1": "twin", "a1": "room25"},
                          face_up=["b1", "a1"], seen={0: ["b3", "c2", "d3", "c4"]}),
                   {0: "move"})


def p_prison() -> Room25State:
    return program(expert(rooms={"b2": "prison", "c2": "empty", "a2": "room25"}, face_up=["a2"],
                          chars={0: "b2", 1: "c2"}), {0: "move"})


def p_flooded() -> Room25State:
    first = play(program(coop(rooms={"b3": "flooded", "c2": "empty"},
                              seen={1: ["c2", "d3", "c4"]}), {0: "move, look", 1: "move"}),
                 "move b3")
    return first


def p_acid() -> Room25State:
    return program(coop(rooms={"b3": "acid", "c2": "empty"}, chars={1: "b3"},
                        seen={0: ["c2", "d3", "c4"]}), {0: "move"})


def p_cold() -> Room25State:
    return coop(rooms={"b3": "cold"}, chars={0: "b3"})


def p_dark() -> Room25State:
    return solo(rooms={"b3": "dark", "a3": "empty"}, chars={0: "b3"}, seen={0: ["a3"]})


def p_expert() -> Room25State:
    return program(expert(rooms={"b3": "acid", "c2": "cold", "d3": "illusion", "c4": "empty"},
                          chars={1: "b3"}, seen={0: ["c2", "d3", "c4"]}), {0: "move"})


def p_reveal() -> Room25State:
    return sus(roles=["guard", "prisoner", "prisoner", "prisoner"])


def p_masks() -> Room25State:
    masks_ = sus(roles=["prisoner", "prisoner", "prisoner", "guard"], rooms={"b3": "room25"},
                 chars={0: "b3", 1: "b3"}, turn=6, seen={2: ["c2", "d3", "c4"]})
    return play(program(masks_, {0: "look", 1: "look", 2: "move"}), "defer", "defer")


def p_suspicion_escape() -> Room25State:
    return program(sus(turn=10, roles=["prisoner", "prisoner", "prisoner", "guard"],
                       shown={3: 1}, rooms={"a1": "room25"},
                       chars={0: "a1", 1: "a1", 2: None}), {0: "control", 1: "look"})


def p_team() -> Room25State:
    return program(position(game("team"), rooms={"a1": "room25"}, chars={0: "a1", 2: "a1"}),
                   {0: "control", 2: "look"})


def p_partial() -> Room25State:
    return program(coop(turn=8, rooms={"a1": "room25"}, chars={0: "a1", 1: "a1", 2: "a1",
                                                                3: None}),
                   {0: "control", 1: "look", 2: "look"})


def p_competition() -> Room25State:
    rivals = game("competition")
    return program(position(rivals, rooms={"b3": "empty", "a3": "deadly"}, face_up=["a3"],
                            chars={0: "b3", 2: "b3", 3: None}, seen={0: ["b2", "b4"]}),
                   {0: "push", 2: "look"})


def p_solo() -> Room25State:
    return solo(rooms={"b3": "room25", "c2": "deadly"}, face_up=["b3"],
                seen={0: ["c2", "d3", "c4"]})


def p_turn() -> Room25State:
    return program(coop(rooms={"b3": "empty"}, seen={0: ["b3"]}), {0: "move, look"})


def p_execution() -> Room25State:
    return play(p_turn(), "move b3")


def p_composition() -> Room25State:
    return p_expert()


# --- the puzzles ----------------------------------------------------------------------------

def make(id_: str, rules: tuple[str, ...], setup: Callable[[], Room25State], goal: str,
         value: Value, kinds: tuple[type, ...], explanation: str, hint: str, title: str,
         seat: int = 0, why_rule: str | None = None) -> Puzzle:
    return Puzzle(f"room25-{id_}", rules, setup, seat, goal,
                  Foreseen(value, why_rule or rules[0], kinds), explanation, hint, title)


PROGRAMS = (Program,)
ROOM_MOVES = (Move,)

PUZZLES: tuple[Puzzle, ...] = check_unique([
    make("01-tokens", ("R25-01", "R25-07"), p_programming,
         "Program the Scientist with two different action tokens.", two_actions, PROGRAMS,
         "R25-01: four tokens, and a program is two different ones (or a single one).",
         "Move then Look is a classic.", "Two tokens"),
    make("02-last-turn", ("R25-02", "R25-11", "R25-47"), p_last_turn,
         "Turn 8 of 8, the last of Cooperative's countdown: the whole team is in Room 25 on "
         "a1. Get out now.", wins, (Control,),
         "R25-02: Cooperative has 8 turns; this is the last, and a1 slides off the edge.",
         "a1 is a corner: two slides push it off.", "The last turn"),
    make("03-order", ("R25-03", "R25-08", "R25-11"), p_order,
         "You act first in the order. Room 25 is face up next to you: step in.", closer,
         ROOM_MOVES, "R25-03: first in the order, first to act; b3 is Room 25.",
         "Room 25 is the blue room.", "First to act"),
    make("04-outer-ring", ("R25-04", "R25-24"), p_vision_outer,
         "The Vision lets you look at any face-down room. Where should you look for Room 25?",
         outer_unknown, (Vision,),
         "R25-04: Room 25 is dealt among the twelve outer places, never within two steps "
         "of the centre.", "Look on the edge of the complex.", "Where Room 25 hides"),
    make("05-first-clue", ("R25-05",), p_first_clue,
         "Before the first programming, take your first clue.", learns, (Clue,),
         "R25-05: each player secretly looks at one face-down room next to the Central Room.",
         "Only the four rooms around c3 may be looked at.", "The first clue"),
    make("06-turn", ("R25-06", "R25-07"), p_programming,
         "The turn begins with programming: program the Scientist to move and look.",
         two_actions, PROGRAMS,
         "R25-06: programming first, then execution, then the countdown.",
         "Choose two different tokens.", "A turn"),
    make("07-programming", ("R25-07",), p_programming,
         "Program two actions for the Scientist (two of the same kind are refused).",
         two_actions, PROGRAMS, "R25-07: two different tokens, in order.",
         "Move and Look differ.", "Programming"),
    make("08-execution", ("R25-08", "R25-14"), p_execution,
         "Second actions now: the Scientist programmed Look. Learn a new room.", learns,
         (Look,), "R25-08: everyone's first action, then everyone's second one.",
         "Look at a face-down room next to b3 you have not seen.", "Execution"),
    make("09-lost", ("R25-09", "R25-14"), p_lost_push,
         "Your Push was lost (you are alone). Use your Look well.", learns, (Look,),
         "R25-09: an action that cannot be carried out is lost; the Look still counts.",
         "a3 you know already.", "A lost action"),
    make("10-countdown", ("R25-10", "R25-11"), p_countdown,
         "The last turn: the others wait in Room 25 on a1. Join them.", closer, ROOM_MOVES,
         "R25-10: after this turn the countdown is over; a1 is Room 25.",
         "a1 is next to b1.", "No time left"),
    make("11-escape", ("R25-11", "R25-22", "R25-47"), p_escape,
         "Everyone is in Room 25 on a1, an Exit Zone. Escape.", wins, (Control,),
         "R25-11: the Control of someone inside pushes Room 25 off the edge.",
         "a1 is the end of row 1 and of column a.", "Escape"),
    make("11-edge", ("R25-11", "R25-I3", "R25-47"), p_escape_e2,
         "Everyone is in Room 25 on e2. Which slide takes it off the edge?", wins, (Control,),
         "R25-11 and R25-I3: only the slide that pushes e2 off its end gets you out.",
         "e2 is the right end of row 2.", "Off the edge"),
    make("11-race", ("R25-45", "R25-48", "R25-11"), p_race,
         "Competition: everybody is in Room 25 on a1, and your Scientist controls first.",
         wins, (Control,),
         "R25-45, R25-48: only the side of whoever makes the escaping Control gets out; "
         "the rivals are passengers.", "Slide a1 off.", "The race"),
    make("12-alarm", ("R25-12",), p_alarm,
         "Suspicion, turn 2: Room 25 is face up on b3. Keep all ten turns.", time_left,
         ROOM_MOVES, "R25-12: entering Room 25 in the first five turns sets off the alarm.",
         "c2 you know is empty.", "Don't ring the alarm"),
    make("13-adjacent", ("R25-13", "R25-15"), p_adjacent,
         "From b2, get into Room 25.", closer, ROOM_MOVES,
         "R25-13: adjacent means sharing a side; a2 is next to b2.",
         "Never diagonal.", "Sharing a side"),
    make("14-look", ("R25-14",), p_look,
         "Look at a room you have not seen yet.", learns, (Look,),
         "R25-14: Look at an adjacent face-down room; only you learn it.",
         "You know b3 and c2 already.", "Look"),
    make("15-move", ("R25-15", "R25-23", "R25-30"), p_move_rooms,
         "Your clues: b3 Vortex, c2 Empty, d3 Deadly. Step out of the Central Room alive.",
         out_alive, ROOM_MOVES, "R25-15: a room strikes the moment you enter it.",
         "The Vortex sends you back; Deadly kills.", "Move"),
    make("16-push", ("R25-16", "R25-42"), p_push_guard,
         "You are the guard, alone with the Nerd (a prisoner) in b3. Push well.", kills,
         (Push,), "R25-16: whoever is pushed suffers the room; a3 is Deadly.",
         "a3 is face up.", "Push"),
    make("17-control", ("R25-17", "R25-11"), p_slide,
         "Everyone is in Room 25 on b2. Slide it into an Exit Zone.", in_exit_zone,
         (Control,), "R25-17: a slide carries the rooms and whoever is inside.",
         "a2 and b1 are Exit Zones.", "Control"),
    make("18-one-way", ("R25-18", "R25-19", "R25-I2"), p_one_way,
         "The Scientist slid column b up: Room 25 is on b1 with you. Slide it into a "
         "corner Exit Zone.", in_exit_zone, (Control,),
         "R25-19: a line may slide again, but only the same way; c3's lines never slide "
         "(R25-18).", "Column b may go up again, not down.", "One way", seat=1),
    make("20-reminder", ("R25-20",), p_reminder,
         "You saw a Deadly room. Lay your reminder marker on it.", remind_danger, (Remind,),
         "R25-20: the reminder marker is a note, laid at any moment of your turn.",
         "Your clue was b3.", "A note to self"),
    make("21-central", ("R25-21", "R25-09"), p_central,
         "In the Central Room, program two actions that are both carried out.", two_ml,
         PROGRAMS, "R25-21: in the Central Room only Move and Look work.",
         "Push and Control are lost there.", "The Central Room"),
    make("23-vortex", ("R25-23", "R25-29", "R25-30"), p_move_rooms,
         "b3 Vortex, c2 Empty, d3 Deadly: which room takes you out of the centre?",
         out_alive, ROOM_MOVES,
         "R25-23: the Vortex sends you back; the Empty room (R25-29) does nothing.",
         "Empty is green.", "Vortex, Empty, Deadly"),
    make("24-vision", ("R25-24",), p_vision,
         "The Vision room: look at any face-down room you have not seen.", learns,
         (Vision,), "R25-24: whoever enters the Vision looks at any face-down room.",
         "b3 is yours already.", "Vision"),
    make("25-trapped", ("R25-25", "R25-I5", "R25-49"), p_trapped,
         "Solo: the Nerd pushed the Scientist into the Trapped room a2. Survive.", alive,
         (Move, Look, Push, Control), "R25-25: the next action must take you out of the trap.",
         "Only one action takes you out.", "Trapped"),
    make("26-moving", ("R25-26",), p_moving,
         "You are in the Moving room. Take it next to Room 25 (a1).", closer, (Swap,),
         "R25-26: the Moving room travels with you to a face-down room's place.",
         "a2 and b1 touch a1.", "The Moving room"),
    make("26-illusion", ("R25-32", "R25-26"), p_illusion,
         "The Illusion room: trade it for a room you know is safe.", alive, (Illusion,),
         "R25-32: the room you choose turns up under you, and you suffer it.",
         "You saw a1 and e5.", "Illusion"),
    make("27-control-room", ("R25-27",), p_control_room,
         "The Control room gives you a free slide: bring Room 25 (b5) next to you (b3)?",
         closer, (Control,), "R25-27: the Control room slides any line but c3's.",
         "Column b carries both.", "Control room"),
    make("28-twin", ("R25-28", "R25-13"), p_twin,
         "b3 is a Twin; its twin is face up on b1, next to Room 25 (a1). Get closest.",
         closer, ROOM_MOVES, "R25-28: entering a Twin takes you to the other, face up.",
         "Twins jump.", "Twins"),
    make("31-prison", ("R25-31",), p_prison,
         "The Scientist is in the Prison cell b2; the Nerd waits in c2.", out_alive,
         ROOM_MOVES, "R25-31: out of the cell only into an occupied room or the centre.",
         "Follow the Nerd.", "Prison cell"),
    make("33-flooded", ("R25-33",), p_flooded,
         "The Scientist flooded b3. Move the Nerd out of the centre, safely.", out_alive,
         ROOM_MOVES, "R25-33: the first entry locks the Flooded room.",
         "b3 is locked now.", "Flooded", seat=1),
    make("34-acid", ("R25-34",), p_acid,
         "The Nerd stands in the Acid bath b3. Move out of the centre and keep everyone alive.",
         team_alive, ROOM_MOVES, "R25-34: a second one in the Acid bath kills the first.",
         "c2 is empty.", "Acid bath"),
    make("35-cold", ("R25-35", "R25-07"), p_cold,
         "The Scientist is in a Cold room: program what you can.", direct, PROGRAMS,
         "R25-35: in the Cold room you program one action only.",
         "One token only.", "Cold room"),
    make("36-dark", ("R25-36", "R25-I5"), p_dark,
         "Solo: the Scientist is in the Dark room b3. Move out to safety.", out_alive,
         ROOM_MOVES, "R25-36: in the Dark room you cannot Look.",
         "a3 is empty.", "Dark room"),
    make("37-expert", ("R25-37", "R25-34", "R25-35"), p_composition,
         "The expert complex: b3 Acid (the Nerd inside), c2 Cold, d3 Illusion, c4 Empty. "
         "Keep everyone alive.", team_alive, ROOM_MOVES,
         "R25-37: the expert composition adds Acid, Cold and Illusion rooms.",
         "Green is safe.", "Expert rooms"),
    make("38-reveal", ("R25-38", "R25-39"), p_reveal,
         "Suspicion: you are the guard. Show your role and act on the spot.", direct,
         (Reveal,), "R25-38: your role is yours to know; R25-39: a revealed guard "
         "chooses actions on the spot.",
         "Reveal is a button.", "The guard"),
    make("40-masks", ("R25-40",), p_masks,
         "Two are in Room 25 on b3; the Dude makes a third of four.", masks, ROOM_MOVES,
         "R25-40: once a clear majority is in Room 25, everyone outside shows their role.",
         "b3 is Room 25.", "Masks fall", seat=2),
    make("41-prisoners", ("R25-41", "R25-43"), p_suspicion_escape,
         "Suspicion, the last turn: two prisoners in Room 25 on a1, one dead, the guard "
         "revealed. Escape.", wins, (Control,),
         "R25-41: with one prisoner dead, the others may still escape in the last turn.",
         "a1 is a corner.", "Prisoners escape"),
    make("44-team", ("R25-44", "R25-45"), p_team,
         "Team: you and your partner (the Nerd) are in Room 25 on a1. Escape.", wins,
         (Control,), "R25-44: one prisoner each, two teams; R25-45: the team whose member "
         "controls out wins.",
         "a1 slides off two ways.", "Team"),
    make("46-partial", ("R25-46", "R25-47"), p_partial,
         "Cooperative, the last turn, the Babe is dead. Save the others.", wins, (Control,),
         "R25-46: all prisoners, eight turns; R25-47: one dead and the rest out in the "
         "last turn is a partial victory.",
         "Slide a1 off the edge.", "Partial victory"),
    make("48-competition", ("R25-48", "R25-16"), p_competition,
         "Competition: the rival's Dude is with you in b3, the Babe is dead. Push.", wins,
         (Push,), "R25-48: you also win when yours are the last alive.",
         "a3 is Deadly.", "Last alive"),
    make("49-solo", ("R25-49", "R25-I5"), p_solo,
         "Solo: choose the Scientist's action on the spot. Room 25 is face up on b3.", closer,
         ROOM_MOVES, "R25-49: in Solo each action is chosen on the spot.",
         "Step in.", "Solo"),
])


def for_rule(rule: str) -> tuple[Puzzle, ...]:
    """The puzzles of the section whose rule is ``rule``."""
    return by_rule(PUZZLES, rule)


def puzzle(puzzle_id: str) -> Puzzle:
    """The puzzle with this id."""
    return by_id(PUZZLES, puzzle_id)


def try_it(rule: str, number: int = 0, **kwargs: Any) -> Any:
    """The first (or ``number``-th) puzzle of a rule section, as a card that opens its
    board (``PuzzleCard``),
    drawn as the solving seat knows the complex (R25-I4); keywords go to the board."""
    from boardlib.widgets.puzzle import PuzzleCard

    from .widget import Room25Controller

    chosen = for_rule(rule)[number]
    kwargs.setdefault("controller", Room25Controller(viewer=chosen.seat))
    kwargs.setdefault("viewer", chosen.seat)
    kwargs.setdefault("hint_bot", "role")
    return PuzzleCard(chosen, **kwargs)


__all__ = ["PUZZLES", "Foreseen", "gambles", "known_places", "for_rule", "puzzle", "try_it",
           "alive", "closer", "wins", "learns", "kills", "masks", "game"]


def move_then_look(before: Room25State, move: Any, after: Room25State) -> float:
    """R25-07, R25-21: 1 for the program Move, then Look (both work in the Central Room; the
    guided first game asks for it)."""
    return 1.0 if isinstance(move, Program) and (move.first, move.second) == ("M", "L") else 0.0


WORDS[move_then_look] = lambda v: "Move, then Look" if v else "another program than Move, then Look"
