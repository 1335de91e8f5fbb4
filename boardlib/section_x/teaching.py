"""Section X in words: moves, what they touched, who is winning and the rules each move
triggered (the protocol of :mod:`boardlib.core.teaching`).

Places in marks: a ``Hex`` is an ocean field (a tile laid, moved, swapped or turned); a
``str`` is a place as the moves write it (``"island"``, ``"zone 3"``, ``"2,-1/0"``: part 0
of the tile on 2,-1), where a prisoner stepped or a door went. Marks of a tile action:
``placed`` (a tile laid, SX-07), ``from``/``to`` (a tile moved, SX-08; both fields ``to``
for a swap), ``turned`` (a tile turned, SX-08); of a step: ``from`` and ``to`` (SX-16);
of a door: ``placed`` (SX-13), or ``from``/``to`` for a door moved (SX-I5).

The numbers come from the engine: the steps from ``SectionXPosition.used``/``used_total``
and :func:`.prisoners.mover`, totals from ``escaped``, ``freed``, ``in_zones`` and
``buried``, the round's target from ``SectionXGame.round_target`` (SX-I7), the events'
facts from the engine's own events (their seats named in words). Nothing said depends on
the face-down stack's order or another seat's hand (hidden information): a tile drawn is
never named, a hand is counted only.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from boardlib.core.api import Event
from boardlib.core.teaching import (Column, Mark, Played, SeatLine, Standings, Step, Table,
                                    Teacher, joined, plural, sentence)
from boardlib.grids.hex import Hex

from .board import (FIELDS, ISLAND, field_of, is_zone, parse_place, part_of, place_text,
                    zone_gate)
from .moves import Door, EndTurn, Move, MoveTile, PlaceTile, RotateTile, SwapTiles
from .moves import Step as StepMove
from .phases import OVER
from .prisoners import STEPS_PER_PRISONER, STEPS_PER_TURN, mover
from .rounds import TARGET_FREED
from .state import SectionXPosition
from .tiles import KIND_BY_NAME, PRISONERS

ENGINE_SEAT = re.compile(r"\bplayer (\d)")
ENGINE_PART = re.compile(r"-?\d+,-?\d+/\d")
ENGINE_ZONE = re.compile(r"(?<!free )\bzone (\d)")
ORDINALS = ("first", "second", "third")


def turned_words(rotation: int) -> str:
    """``2`` -> ``"turned 2 sixths anticlockwise"`` (the board's ↺ adds one sixth)."""
    if rotation == 0:
        return "not turned"
    return f"turned {plural(rotation, 'sixth')} anticlockwise"


class SectionXTeacher(Teacher):
    """Section X's moves, marks, standings and explanations in learner words."""

    # --- words for places and tiles ----------------------------------------------------
    @staticmethod
    def tile_words(state: SectionXPosition, field: Hex) -> str:
        """``"the straight tile on 2,-1"``."""
        look = state.tile_at(field)
        return f"the tile on {field}" if look is None else f"the {look[0].title} on {field}"

    def place_words(self, state: SectionXPosition, text: str) -> str:
        """A place as moves write it, in words: ``"the island"``, ``"free zone 3"``,
        ``"the straight on 2,-1"``, ``"the second tunnel of the crossing on 2,-1"``."""
        code = parse_place(text)
        if code is None or code == ISLAND:
            return "the island"
        if is_zone(code):
            return f"free zone {zone_gate(code)}"
        field = FIELDS[field_of(code)]
        look = state.tile_at(field)
        if look is None:
            return f"the tile on {field}"
        kind = look[0]
        if len(kind.parts) == 1:
            return f"the {kind.title} on {field}"
        return f"the {ORDINALS[part_of(code)]} tunnel of the {kind.title} on {field}"

    def engine_words(self, text: str, state: SectionXPosition) -> str:
        """An engine event's text with its seats named as the board names them and its
        tunnel parts in words (as they are in ``state``)."""
        text = ENGINE_PART.sub(lambda m: self.place_words(state, m[0]), text)
        text = ENGINE_ZONE.sub(r"free zone \1", text)
        return sentence(ENGINE_SEAT.sub(lambda m: self.name(int(m[1])), text))

    # --- words -------------------------------------------------------------------------
    def move_words(self, before: Any, move: Move, after: Any = None,
                   viewer: int | None = None) -> str:
        who = self.name(before.current_player)
        if isinstance(move, PlaceTile):
            title = KIND_BY_NAME[move.kind].title
            return sentence(f"{who} laid a {title} tile on {move.field}, "
                            f"{turned_words(move.rotation)}")
        if isinstance(move, SwapTiles):
            return sentence(f"{who} swapped {self.tile_words(before, move.a)} with "
                            f"{self.tile_words(before, move.b)}")
        if isinstance(move, MoveTile):
            return sentence(f"{who} moved {self.tile_words(before, move.src)} to {move.dst}")
        if isinstance(move, RotateTile):
            return sentence(f"{who} turned {self.tile_words(before, move.field)}: now "
                            f"{turned_words(move.rotation)}")
        if isinstance(move, StepMove):
            return sentence(f"{who} moved a prisoner from {self.place_words(before, move.src)} "
                            f"to {self.place_words(before, move.dst)}")
        if isinstance(move, Door):
            if move.src is None:
                return sentence(f"{who} put a door on {self.place_words(before, move.dst)}")
            return sentence(f"{who} moved a door from {self.place_words(before, move.src)} "
                            f"to {self.place_words(before, move.dst)}")
        return sentence(f"{who} ended the turn")

    def hint_words(self, state: Any, move: Move, viewer: int | None = None) -> str:
        if isinstance(move, PlaceTile):
            return (f"lay your {KIND_BY_NAME[move.kind].title} tile on {move.field}, "
                    f"{turned_words(move.rotation)}")
        if isinstance(move, SwapTiles):
            return (f"swap {self.tile_words(state, move.a)} with "
                    f"{self.tile_words(state, move.b)}")
        if isinstance(move, MoveTile):
            return f"move {self.tile_words(state, move.src)} to {move.dst}"
        if isinstance(move, RotateTile):
            return (f"turn {self.tile_words(state, move.field)} so that it is "
                    f"{turned_words(move.rotation)}")
        if isinstance(move, StepMove):
            return (f"move a prisoner from {self.place_words(state, move.src)} to "
                    f"{self.place_words(state, move.dst)}")
        if isinstance(move, Door):
            if move.src is None:
                return f"put a door on {self.place_words(state, move.dst)}"
            return (f"move your door from {self.place_words(state, move.src)} to "
                    f"{self.place_words(state, move.dst)}")
        return "end your turn"

    # --- marks -------------------------------------------------------------------------
    def marks(self, before: Any, move: Move, after: Any = None,
              viewer: int | None = None) -> tuple[Mark, ...]:
        p = before.current_player
        if isinstance(move, PlaceTile):
            return (Mark("placed", move.field, p),)
        if isinstance(move, SwapTiles):
            return (Mark("to", move.a, p), Mark("to", move.b, p))
        if isinstance(move, MoveTile):
            return (Mark("from", move.src, p), Mark("to", move.dst, p))
        if isinstance(move, RotateTile):
            return (Mark("turned", move.field, p),)
        if isinstance(move, StepMove):
            return (Mark("from", move.src, p), Mark("to", move.dst, p))
        if isinstance(move, Door):
            if move.src is None:
                return (Mark("placed", move.dst, p, "door"),)
            return (Mark("from", move.src, p), Mark("to", move.dst, p, "door"))
        return ()

    # --- explanations ------------------------------------------------------------------
    def explain(self, before: Any, move: Move, after: Any = None,
                viewer: int | None = None) -> tuple[Step, ...]:
        after = before.apply(move) if after is None else after
        marks = self.marks(before, move, after, viewer)
        steps: list[Step | None] = [self.move_step(before, move, after, marks)]
        if isinstance(move, StepMove):
            steps += self.step_steps(before, move, marks)[1:]
        steps += [self.event_step(before, after, e, marks) for e in after.events]
        return tuple(s for s in steps if s is not None)

    def move_step(self, before: SectionXPosition, move: Move, after: SectionXPosition,
                  marks: Sequence[Mark]) -> Step | None:
        """The step of the rule the move itself follows (a door's is its engine event)."""
        p = before.current_player
        who = self.name(p)
        if isinstance(move, PlaceTile):
            left = len(after.hands[p])
            return self.step(
                "SX-07", f"{sentence(who)} lays a {KIND_BY_NAME[move.kind].title} tile from the "
                f"hand on the empty ocean field {move.field}: every edge it shares with a tile "
                f"matches, opening to opening and wall to wall. {sentence(who)} holds "
                f"{plural(left, 'tile')} now.", marks)
        if isinstance(move, (SwapTiles, MoveTile)):
            what = (f"swaps {self.tile_words(before, move.a)} with "
                    f"{self.tile_words(before, move.b)}" if isinstance(move, SwapTiles) else
                    f"moves {self.tile_words(before, move.src)} to {move.dst}")
            return self.step(
                "SX-08", f"Instead of laying a tile, {who} {what}. Only tiles without "
                "prisoners, or a hiding place holding only the mover's own prisoners, may be "
                "moved (SX-10).", marks)
        if isinstance(move, RotateTile):
            return self.step(
                "SX-08", f"Instead of laying a tile, {who} turns "
                f"{self.tile_words(before, move.field)}; it has no prisoners on it and is in "
                "no other player's tunnel (SX-09).", marks)
        if isinstance(move, StepMove):
            return self.step_steps(before, move, marks)[0]
        if isinstance(move, EndTurn):
            steps = before.used_total
            done = (f"after {plural(steps, 'step')}" if steps else "without moving a prisoner")
            return self.step("SX-05", f"{sentence(who)} ends the turn {done}; play goes "
                             "clockwise.")
        return None

    def step_steps(self, before: SectionXPosition, move: StepMove,
                   marks: Sequence[Mark]) -> list[Step]:
        """A prisoner's step: the steps it uses (SX-16), the openings that join the two
        places (SX-I4), the room where it arrives (SX-17) and an own door passed (SX-13)."""
        p = before.current_player
        who = self.name(p)
        src, dst = parse_place(move.src), parse_place(move.dst)
        assert src is not None and dst is not None
        k = mover(before, src)
        there, here = self.place_words(before, move.src), self.place_words(before, move.dst)
        steps = [self.step(
            "SX-16", f"{sentence(who)}'s prisoner steps from {there} to {here}: its step "
            f"{before.used[k] + 1} of {STEPS_PER_PRISONER}, and {who}'s step "
            f"{before.used_total + 1} of {STEPS_PER_TURN} this turn.", marks)]
        ways = before.joined(src)
        joined_to = (f"only to {here}" if len(ways) == 1 else
                     f"to {plural(len(ways), 'place')}, {here} among them")
        steps.append(self.step(
            "SX-I4", f"{sentence(there)} is joined through facing openings {joined_to}: a "
            "prisoner steps only between places joined so.", [Mark("from", move.src, p)]
            + [Mark("path", self.place_text(c), p) for c in ways]))
        if dst >= 0:
            room = before.capacity(dst)
            now = len(before.occupancy().get(dst, ())) + 1
            steps.append(self.step(
                "SX-17", f"{sentence(here)} has room for {plural(room, 'prisoner')}; now "
                f"{now} {'is' if now == 1 else 'are'} there.",
                [Mark("count", move.dst, p, f"{now}/{room}")]))
            if before.door_at(dst) == p:
                steps.append(self.step(
                    "SX-13", f"{sentence(who)}'s own door stands on {here}: only {who} may "
                    "move prisoners through it.", [Mark("piece", move.dst, p, "door")]))
        return steps

    @staticmethod
    def place_text(code: int) -> str:
        """A place as moves write it (the ``at`` of a mark)."""
        return place_text(code)

    def event_step(self, before: SectionXPosition, after: SectionXPosition, event: Event,
                   move_marks: Sequence[Mark] = ()) -> Step:
        """One engine event as a step, with what the rule means for this move."""
        text = self.engine_words(event.text, before)
        more = ""
        marks: Sequence[Mark] = ()
        if event.rule == "SX-06":
            more = f" ({plural(len(after.stack), 'tile')} left in the stack)."
        elif event.rule == "SX-13":
            more = ": only its owner may move prisoners through that door."
            marks = move_marks
        elif event.rule == "SX-I5":
            marks = move_marks
        elif event.rule == "SX-18":
            more = ": no other prisoner may enter that zone this round."
        elif event.rule == "SX-20" and "buried" in event.text:
            lost = [f"{plural(after.buried(p) - before.buried(p), 'prisoner')} of "
                    f"{self.name(p)}" for p in range(after.num_players)
                    if after.buried(p) > before.buried(p)]
            safe = sum(1 for c in after.locs if c >= 0)
            text = (f"The tunnels collapse: every prisoner in a tunnel is buried "
                    f"({joined(lost) if lost else 'none'}); those on hiding places stay on "
                    f"the board ({safe})")
        elif event.rule == "SX-22":
            freed = sum(after.freed(p) - before.freed(p) for p in range(after.num_players))
            text = (f"{sentence(plural(freed, 'prisoner'))} in the free zones go on to the "
                    "free land, freed for good; the zones are open again")
        elif event.rule == "SX-19":
            more = f" (the round's target is {after.game.round_target})."
        elif event.rule == "SX-23":
            more = f" ({TARGET_FREED} freed prisoners win)."
        line = text + (more if more else ".")
        return self.step(event.rule, line, marks, event=line)

    # --- standings ---------------------------------------------------------------------
    def standings(self, state: Any, viewer: int | None = None,
                  played: Sequence[Played] | None = None) -> Standings:
        """Freed prisoners decide (SX-23; those in a free zone count, SX-I10's most freed on a
        stalled game), then where each seat's prisoners are (SX-18, SX-20) and the tiles in
        hand (counted only: the hands are hidden, SX-06)."""
        n = state.num_players
        columns = (Column("freed", "Freed", "SX-23", decides=True),
                   Column("in_zone", "In a zone", "SX-18"),
                   Column("on_board", "On the board", "SX-16"),
                   Column("island", "On the island", "SX-04"),
                   Column("buried", "Buried", "SX-20"),
                   Column("hand", "Tiles in hand", "SX-06"))
        lines = []
        for p in range(n):
            places = state.prisoners_of(p)
            values = (state.escaped(p), state.in_zones(p), sum(1 for c in places if c >= 0),
                      places.count(ISLAND), state.buried(p), len(state.hands[p]))
            note = "to move" if p == state.current_player else ""
            lines.append(SeatLine(p, self.name(p), values,
                                  out=state.buried(p) > PRISONERS - TARGET_FREED, note=note))
        over = state.phase == OVER
        best = max(state.escaped(p) for p in range(n))
        leaders = (state.outcome().winners if over
                   else tuple(p for p in range(n) if state.escaped(p) == best))
        names = joined([self.name(p) for p in leaders])
        if over:
            rule = state.outcome().rule
            summary = (f"{names} won with {plural(best, 'prisoner')} freed ({rule})"
                       if len(leaders) == 1 else
                       f"{names} share the win with {plural(best, 'prisoner')} freed each "
                       f"({rule})" if leaders else
                       f"The game stopped at the turn limit as a draw ({rule})")
        elif len(leaders) == 1:
            summary = f"{names} leads with {plural(best, 'prisoner')} freed (SX-23)"
        else:
            summary = f"{names} are level with {plural(best, 'prisoner')} freed each (SX-23)"
        claimed = sum(state.in_zones(p) for p in range(n))
        facts = (f"Round {state.round}: it ends when a player has freed "
                 f"{plural(state.game.round_target, 'prisoner')} in it (SX-19, SX-I7).",
                 f"Free zones claimed: {claimed} of 6 (SX-18).",
                 f"Tiles left in the stack: {len(state.stack)} (SX-I7).",
                 f"{TARGET_FREED} freed prisoners win (SX-23).")
        return Standings(Table("Prisoners", columns, tuple(lines)), leaders,
                         sentence(summary) + ".", facts, over)


__all__ = ["SectionXTeacher", "turned_words", "ORDINALS"]
