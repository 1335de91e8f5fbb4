"""Room 25 in words: moves, what they touched, the countdown and the rules each move
triggered (the protocol of :mod:`boardlib.core.teaching`).

Every place in a mark is a place of the complex, a whole number 0 … 24 (``a1`` … ``e5``,
``boardlib.room25.complex.POS_NAMES``). Marks of a move: ``from`` and ``to`` (a character
moved or pushed), ``looked`` (a room looked at in secret: the place, never what is there,
R25-05, R25-14, R25-24), ``shifted`` (every place of a slid line, R25-17), ``effect`` (a
room that turned face up, R25-15, or the rooms a Moving or Illusion room traded,
R25-26, R25-32), ``placed`` (a reminder marker, R25-20), ``piece`` (a guard who revealed,
R25-39) and ``removed`` (where a character died).

Room 25 hides roles, programmes and face-down rooms (R25-I4). Every answer here reads only
what the viewing seat may see: the engine's events (which are public), the places of the
characters, the rooms face up, the roles made public (``Room25State.role_public``) and
the viewer's own; a programme's actions are named to its owner only.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from boardlib.core.teaching import (Column, Mark, Played, SeatLine, Standings, Step, Table,
                                    Teacher, joined, plural, sentence)

from .complex import LINES, POS_NAMES, line_name
from .game import Room25Game
from .modes import ACTION_NAMES
from .moves import (Clue, Control, Defer, Illusion, Look, Move, Pass, Program, Push, Remind,
                    Reveal, Swap, Vision)
from .state import Room25State

DEATH_RULES = ("R25-25", "R25-30", "R25-33", "R25-34")
"""The rules a character dies by (``boardlib.room25.deaths.die``)."""
ENGINE_SEAT = re.compile(r"\bplayer (\d)\b")

DECIDES = {
    "suspicion": ("R25-41", "The prisoners win if all of them are in Room 25 and one of them "
                  "Controls it off an edge from an Exit Zone (R25-41); the guards win when two "
                  "prisoners are dead or the countdown ends (R25-42)."),
    "cooperative": ("R25-47", "Everyone wins if every character is in Room 25 when it is "
                    "Controlled off an edge in time; with one character dead, the others may "
                    "still escape in the last turn for a partial victory (R25-47)."),
    "team": ("R25-45", "The team whose character Controls Room 25 off an edge, with the whole "
             "team inside, escapes and wins (R25-45)."),
    "competition": ("R25-48", "The player whose character Controls Room 25 off an edge, with "
                    "both of their characters inside, escapes and wins (R25-48)."),
    "solo": ("R25-49", "You win if all your characters are in Room 25 when it is Controlled "
             "off an edge before the countdown ends (R25-49)."),
}
"""What decides the game in each mode, in words, with the rule that says so."""


def place(pos: int) -> str:
    """``7`` -> ``"c2"``: a place of the complex as the board writes it."""
    return POS_NAMES[pos]


def actor(state: Room25State, move: Any) -> int | None:
    """The character who makes ``move`` (``None``: a first clue is a player's, R25-05)."""
    if isinstance(move, Program):
        return move.char
    return state.current_character


def program_words(move: Program) -> str:
    """``"look, then move"``: a programme's actions in order (R25-07)."""
    return ", then ".join(ACTION_NAMES[a] for a in move.first + move.second)


class Room25Teacher(Teacher):
    """Room 25's moves, marks, countdown and explanations in learner words (R25-I4: only
    what the viewer may see)."""

    game: Room25Game

    def character(self, c: int) -> str:
        """``"Red's Nerd"``: a character named with its seat."""
        return f"{self.name(self.game.owner[c])}'s {self.game.names[c]}"

    def who(self, state: Room25State, move: Any) -> str:
        c = actor(state, move)
        return self.name(state.current_player) if c is None else self.character(c)

    def engine_text(self, text: str) -> str:
        """An engine event as a sentence, its seats named as the board names them."""
        return sentence(ENGINE_SEAT.sub(lambda m: self.name(int(m.group(1))), text)) + "."

    # --- words -----------------------------------------------------------------------------
    def move_words(self, before: Any, move: Any, after: Any = None,
                   viewer: int | None = None) -> str:
        """The move in the past tense; a programme only by its length (R25-07, R25-I4)."""
        who = self.who(before, move)
        if isinstance(move, Clue):
            return (f"{sentence(who)} looked in secret at the room at {place(move.at)} "
                    "(a first clue)")
        if isinstance(move, Program):
            # Never the actions, not even to their owner: a hot-seat move list stays on
            # screen when the next player takes it (R25-I4); the board shows one's own.
            seat, name = self.name(before.current_player), self.game.names[move.char]
            count = plural(1 + bool(move.second), "action")
            return sentence(f"{seat} programmed {name} with {count}, face down")
        return sentence(f"{who} {self.deed(before, move, past=True)}")

    def hint_words(self, state: Any, move: Any, viewer: int | None = None) -> str:
        """The move as advice to the player who makes it (their own programme: R25-07)."""
        if isinstance(move, Clue):
            return f"look in secret at the room at {place(move.at)} as your first clue"
        if isinstance(move, Program):
            return f"program {self.game.names[move.char]} to {program_words(move)}"
        name = self.game.names[actor(state, move) or 0]
        return f"{name}: {self.deed(state, move, past=False)}"

    def deed(self, state: Room25State, move: Any, past: bool) -> str:
        """What an action does, in the past tense (``past``) or as advice."""
        def verb(done: str, do: str) -> str:
            return done if past else do

        names = self.game.names
        if isinstance(move, Move):
            return f"{verb('moved', 'move')} into the room at {place(move.to)}"
        if isinstance(move, Look):
            return f"{verb('looked', 'look')} in secret at the room at {place(move.at)}"
        if isinstance(move, Push):
            pushed = self.character(move.char) if past else names[move.char]
            return f"{verb('pushed', 'push')} {pushed} into the room at {place(move.to)}"
        if isinstance(move, Control):
            return f"{verb('slid', 'slide')} {line_name(move.line, move.direction)}"
        if isinstance(move, Vision):
            return (f"{verb('used', 'use')} the Vision room to look at the room at "
                    f"{place(move.at)}")
        if isinstance(move, Swap):
            return (f"{verb('swapped', 'swap')} the Moving room with the room at "
                    f"{place(move.at)}")
        if isinstance(move, Illusion):
            return (f"{verb('traded', 'trade')} the Illusion room for the room at "
                    f"{place(move.at)}")
        if isinstance(move, Remind):
            return f"{verb('put', 'put')} a reminder marker on {place(move.at)}"
        if isinstance(move, Reveal):
            return verb("revealed being a guard", "reveal being a guard")
        if isinstance(move, Defer):
            return verb("kept a single action for the second round",
                        "keep your single action for the second round")
        if isinstance(move, Pass):
            return verb("let this action go", "let this action go")
        raise TypeError(f"not a Room 25 move: {move!r}")

    # --- marks -----------------------------------------------------------------------------
    def marks(self, before: Any, move: Any, after: Any = None,
              viewer: int | None = None) -> tuple[Mark, ...]:
        """What the move itself touched, then the rooms it turned face up and where a
        character died (all public, R25-I4)."""
        after = before.apply(move) if after is None else after
        turned, died = self.outcome_marks(before, after)
        # a room turned up first, so the mover's ring on the same room is drawn over it
        return turned + self.move_marks(before, move) + died

    def move_marks(self, before: Room25State, move: Any) -> tuple[Mark, ...]:
        c = actor(before, move)
        seat = before.current_player
        here = None if c is None else before.position(c)
        if isinstance(move, Clue):
            return (Mark("looked", move.at, seat),)
        if isinstance(move, Move) and here is not None:
            return (Mark("from", here, seat), Mark("to", move.to, seat))
        if isinstance(move, Push) and here is not None:
            pushed = self.game.names[move.char][0]
            return (Mark("from", here, seat), Mark("to", move.to, seat, pushed))
        if isinstance(move, (Look, Vision)):
            return (Mark("looked", move.at, seat),)
        if isinstance(move, Control):
            return tuple(Mark("shifted", p, seat) for p in LINES[move.line])
        if isinstance(move, (Swap, Illusion)) and here is not None:
            return (Mark("effect", here, seat), Mark("effect", move.at, seat))
        if isinstance(move, Remind):
            return (Mark("placed", move.at, seat),)
        if isinstance(move, Reveal) and here is not None:
            return (Mark("piece", here, seat, "G"),)
        return ()

    def outcome_marks(self, before: Room25State,
                      after: Room25State) -> tuple[tuple[Mark, ...], tuple[Mark, ...]]:
        """The rooms the move turned face up (R25-15) and where characters died."""
        newly = after.up & ~before.up        # tiles turned face up by the move
        turned = sorted(p for t in range(25) if newly >> t & 1
                        if before.grid[p := after.where[t]] == t)
        return (tuple(Mark("effect", p) for p in turned), self.death_marks(after))

    def death_marks(self, after: Room25State) -> tuple[Mark, ...]:
        """Where each character the move killed died: the room they died in, where it lies
        after the move (the engine's ``died_in``; R25-25, R25-30, R25-33, R25-34)."""
        return tuple(Mark("removed", after.where[tile], self.game.owner[c])
                     for c, tile in after.died_in)

    # --- explanations ----------------------------------------------------------------------
    def explain(self, before: Any, move: Any, after: Any = None,
                viewer: int | None = None) -> tuple[Step, ...]:
        """One step per event the engine reported, in order, each with its rule; the move's
        own marks go with the first step, a death's with the step that tells it."""
        after = before.apply(move) if after is None else after
        own = self.move_marks(before, move)
        deaths = {self.game.names[c]: mark
                  for (c, _), mark in zip(after.died_in, self.death_marks(after))}
        steps = []
        for i, event in enumerate(after.events):
            text = self.engine_text(event.text)
            marks = list(own) if i == 0 else []
            if event.rule in DEATH_RULES:       # the engine's death events start with the name
                marks += [m for name, m in deaths.items() if text.startswith(name + " ")]
            steps.append(self.step(event.rule, text, marks, event=text))
        if not steps:       # every move reports an event; a safeguard says what was done
            steps.append(self.step(type(move).NOTATION.rule,
                                   sentence(self.move_words(before, move, after, viewer)) + ".",
                                   own))
        return tuple(steps)

    # --- standings -------------------------------------------------------------------------
    def standings(self, state: Any, viewer: int | None = None,
                  played: Sequence[Played] | None = None) -> Standings:
        """Per seat: characters alive (an escape needs them, R25-11), each character's place
        or death and its role as far as ``viewer`` knows (R25-38, R25-I4); the countdown
        (R25-10, R25-12) and what decides the game in this mode."""
        game = self.game
        over = state.is_terminal()
        rule, decides = DECIDES[game.mode]
        columns = (Column("alive", "Alive", "R25-11", decides=True),
                   Column("characters", "Characters", "R25-38"))
        lines = []
        for p in range(game.num_players):
            chars = game.chars_of[p]
            alive = sum(1 for c in chars if state.alive(c))
            described = [self.describe(state, c, viewer) for c in chars]
            note = "to move" if not over and state.current_player == p else ""
            lines.append(SeatLine(p, self.name(p), (alive, ", ".join(described)),
                                  out=alive == 0, note=note))
        remaining = state.remaining_turns()
        facts = [f"Turn {state.turn} of {state.last_turn}: "
                 f"{plural(remaining, 'turn')} left, this one included (R25-10)."]
        if state.alarm:
            facts.append("The alarm has sounded: the countdown is shortened (R25-12).")
        facts.append(decides)
        table = Table("Characters", columns, tuple(lines))
        if over:
            outcome = state.outcome()
            assert outcome is not None
            names = joined([self.name(p) for p in outcome.winners])
            summary = (f"{sentence(names)} won ({outcome.rule})." if names
                       else f"Nobody won ({outcome.rule}).")
            return Standings(table, outcome.winners, summary, tuple(facts), True)
        summary = (f"Nobody has escaped yet: {plural(remaining, 'turn')} left on the "
                   f"countdown ({rule}).")
        return Standings(table, (), summary, tuple(facts), False)

    def describe(self, state: Room25State, c: int, viewer: int | None) -> str:
        """``"Nerd c2 guard"``: a character's place or death, and in Suspicion its role if
        ``viewer`` may know it (their own, or made public: R25-38, R25-I4)."""
        pos = state.position(c)
        where = "dead" if pos is None else place(pos)
        # Only Suspicion deals roles that differ (R25-38); elsewhere all are prisoners.
        known = self.game.mode == "suspicion" and (
            state.role_public(c) or (viewer is not None and self.game.owner[c] == viewer))
        return f"{self.game.names[c]} {where}" + (f" {state.roles[c]}" if known else "")


__all__ = ["Room25Teacher", "DECIDES", "DEATH_RULES", "place", "actor", "program_words"]
