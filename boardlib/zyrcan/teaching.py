"""Zyrcan in words: moves, what they touched, who is winning and the rules each move
triggered (the protocol of :mod:`boardlib.core.teaching`).

Every place in a mark is a ``Hex``. Marks of a placement: ``placed`` (the new ship);
of an attack: ``from`` and ``to`` (the attacker's flight) and ``removed`` (the destroyed
ship, in its owner's colour). An explained attack also shows ``path`` (the straight line,
ZY-07), ``count`` (the hexes counted, ZY-08) and ``over`` (the ships flown over, ZY-09).

The numbers come from the engine: the flight from ``ZyrcanGame.landing``, the destroyed
ship from the state after the move, totals from ``ZyrcanState.engines`` and
``ship_count``, the leaders from ``ZyrcanState.leaders`` (ZY-13, ZY-I4).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardlib.core.teaching import (Column, Mark, Played, SeatLine, Standings, Step, Table,
                                    Teacher, joined, plural, sentence)
from boardlib.grids.hex import DIRECTION_NAMES, Hex, line

from .rules import (ATTACK, ENGINE_TYPES, FLEET, OVER, PLACEMENT, Attack, Move, Place, Ship,
                    ZyrcanGame, ZyrcanState)

DIRECTION_WORDS = {"E": "east", "NE": "north-east", "NW": "north-west", "W": "west",
                   "SW": "south-west", "SE": "south-east"}


def direction_words(direction: int) -> str:
    """``0`` -> ``"east"``: a hex direction (the engine's order) in words."""
    return DIRECTION_WORDS[DIRECTION_NAMES[direction]]


class Flight:
    """An attack as the engine flies it: the ship, where it lands, what lies between."""

    def __init__(self, before: ZyrcanState, move: Attack) -> None:
        ship = before.ship_at(move.origin)
        assert ship is not None
        self.ship = ship
        self.origin = move.origin
        self.direction = move.direction
        end = before.game.landing(move.origin, ship.engines, move.direction)
        assert end is not None
        self.end: Hex = end
        self.hexes: list[Hex] = line(move.origin, move.direction, ship.engines)
        self.victim = before.ship_at(end)
        self.over = [(h, s) for h in self.hexes[:-1] if (s := before.ship_at(h)) is not None]


class ZyrcanTeacher(Teacher):
    """Zyrcan's moves, marks, standings and explanations in learner words."""

    game: ZyrcanGame

    def ship_words(self, ship: Ship) -> str:
        return f"{self.name(ship.owner)}'s {ship.engines}-engine ship"

    # --- words -----------------------------------------------------------------------------
    def move_words(self, before: Any, move: Move, after: Any = None,
                   viewer: int | None = None) -> str:
        who = self.name(before.current_player)
        if isinstance(move, Place):
            return sentence(f"{who} placed a {move.engines}-engine ship on {move.at}")
        if isinstance(move, Attack):
            flight = Flight(before, move)
            assert flight.victim is not None
            return sentence(f"{self.ship_words(flight.ship)} flew from {move.origin} to "
                            f"{flight.end} and destroyed {self.ship_words(flight.victim)}")
        if before.ship_count(before.current_player) == 0:
            return sentence(f"{who} had no ships left and passed")
        return sentence(f"{who} could not attack and passed")

    def hint_words(self, state: Any, move: Move, viewer: int | None = None) -> str:
        if isinstance(move, Place):
            return f"place a {move.engines}-engine ship on {move.at}"
        if isinstance(move, Attack):
            flight = Flight(state, move)
            assert flight.victim is not None
            return (f"fly the {flight.ship.engines}-engine ship on {move.origin} "
                    f"{direction_words(move.direction)} to {flight.end} and destroy "
                    f"{self.ship_words(flight.victim)}")
        if state.ship_count(state.current_player) == 0:
            return "pass: you have no ships left"
        return "pass: none of your ships can land on an enemy ship"

    # --- marks -----------------------------------------------------------------------------
    def marks(self, before: Any, move: Move, after: Any = None,
              viewer: int | None = None) -> tuple[Mark, ...]:
        mover = before.current_player
        if isinstance(move, Place):
            return (Mark("placed", move.at, mover, str(move.engines)),)
        if isinstance(move, Attack):
            flight = Flight(before, move)
            assert flight.victim is not None
            return (Mark("from", move.origin, mover),
                    Mark("to", flight.end, mover, str(flight.ship.engines)),
                    Mark("removed", flight.end, flight.victim.owner,
                         str(flight.victim.engines)))
        return ()

    # --- explanations ----------------------------------------------------------------------
    def explain(self, before: Any, move: Move, after: Any = None,
                viewer: int | None = None) -> tuple[Step, ...]:
        after = before.apply(move) if after is None else after
        if isinstance(move, Place):
            return self.explain_place(before, move, after)
        if isinstance(move, Attack):
            return self.explain_attack(before, move, after)
        return self.explain_pass(before, after)

    def explain_place(self, before: ZyrcanState, move: Place,
                      after: ZyrcanState) -> tuple[Step, ...]:
        mover = before.current_player
        who = self.name(mover)
        left = after.reserve(mover)
        kept = [f"{left[e]} with {plural(e, 'engine')}" for e in ENGINE_TYPES if left[e]]
        still = (f"{sentence(who)} still has {plural(sum(left.values()), 'ship')} to place: "
                 f"{joined(kept)}." if kept else
                 f"That was the last ship of {who}'s fleet ({FLEET[1]}, {FLEET[2]} and "
                 f"{FLEET[3]} ships with 1, 2 and 3 engines, ZY-03).")
        steps = [self.step(
            "ZY-05", f"{sentence(who)} puts a {move.engines}-engine ship on the empty hex "
            f"{move.at}. {still}", [Mark("placed", move.at, mover, str(move.engines))],
            event=f"{sentence(who)} placed a {move.engines}-engine ship on {move.at}")]
        if after.phase == ATTACK:
            first = self.name(after.current_player)
            steps.append(self.step(
                "ZY-06", f"Every ship is on the board, so the attack phase begins: "
                f"{first} attacks first, and from now on every turn is an attack.",
                event=f"Every ship is placed: the attack phase begins with {first}"))
        return tuple(steps)

    def explain_attack(self, before: ZyrcanState, move: Attack,
                       after: ZyrcanState) -> tuple[Step, ...]:
        mover = before.current_player
        who = self.name(mover)
        flight = Flight(before, move)
        ship, end, victim = flight.ship, flight.end, flight.victim
        assert victim is not None and after.destroyed == victim
        steps = [
            self.step("ZY-06", f"{sentence(who)} attacks with the {ship.engines}-engine ship "
                      f"on {move.origin}.", [Mark("from", move.origin, mover)]),
            self.step("ZY-07", f"It flies in a straight line {direction_words(move.direction)}"
                      f", through {joined([str(h) for h in flight.hexes])}.",
                      [Mark("from", move.origin, mover)]
                      + [Mark("path", h, mover) for h in flight.hexes]),
            self.step("ZY-08", f"A {ship.engines}-engine ship flies exactly "
                      f"{plural(ship.engines, 'hex', 'hexes')} (ZY-04), no fewer and no more: "
                      f"{end} is {plural(move.origin.distance(end), 'hex', 'hexes')} from "
                      f"{move.origin}.",
                      [Mark("count", h, mover, str(k)) for k, h in enumerate(flight.hexes, 1)]),
        ]
        if flight.over:
            passed = joined([f"{self.ship_words(s)} on {h}" for h, s in flight.over])
            steps.append(self.step(
                "ZY-09", f"It flies over {passed}: ships in between do not stop it, friend or "
                "foe.",
                [Mark("over", h, s.owner, str(s.engines)) for h, s in flight.over]))
        steps.append(self.step(
            "ZY-10", f"It lands on {end}, where {self.ship_words(victim)} stood: that ship is "
            f"destroyed and {who}'s ship takes its hex.",
            [Mark("removed", end, victim.owner, str(victim.engines)),
             Mark("to", end, mover, str(ship.engines))],
            event=f"{sentence(self.ship_words(victim))} on {end} was destroyed by "
                  f"{self.ship_words(ship)} from {move.origin}"))
        lost = self.name(victim.owner)
        if victim not in after.ships().values():
            steps.append(self.step(
                "ZY-11", f"That was {lost}'s last {victim.engines}-engine ship: {lost} has no "
                f"{victim.engines}-engine ship any more, and never will again.",
                event=f"{sentence(lost)} has no {victim.engines}-engine ship left"))
            if after.ship_count(victim.owner) == 0:
                steps.append(self.step(
                    "ZY-I3", f"{sentence(lost)} has no ships left at all: {lost}'s fleet is "
                    "destroyed.", event=f"{sentence(lost)}'s fleet is destroyed"))
        if after.phase == OVER:
            steps.append(self.step(
                "ZY-15", f"Only {who}'s fleet is left, so the game is over.",
                event=f"Only {who}'s fleet is left"))
            steps.append(self.winning_step(after))
        else:
            steps.append(self.step(
                "ZY-14", f"The attack is a whole move; now {self.name(after.current_player)} "
                "attacks."))
        return tuple(steps)

    def explain_pass(self, before: ZyrcanState, after: ZyrcanState) -> tuple[Step, ...]:
        mover = before.current_player
        who = self.name(mover)
        if after.ended == "eliminated":
            first = self.step("ZY-I3", f"{sentence(who)} has no ships left, so cannot attack "
                              "and must pass; the pass ends the game.",
                              event=f"{sentence(who)} has no ships left and passes: the game "
                                    "ends")
        else:
            ships = sorted(h for h, s in before.ships().items() if s.owner == mover)
            first = self.step(
                "ZY-12", f"{sentence(who)} has {plural(len(ships), 'ship')} and none of them "
                f"can land on an enemy ship, so {who} must pass; the first pass ends the game.",
                [Mark("piece", h, mover) for h in ships],
                event=f"{sentence(who)} cannot attack and passes: the game ends")
        return first, self.winning_step(after)

    def winning_step(self, state: ZyrcanState) -> Step:
        """ZY-13 (and ZY-I4): the totals at the end and who they make the winner."""
        outcome = state.outcome()
        assert outcome is not None
        n = self.game.num_players
        totals = joined([f"{self.name(p)} {plural(state.engines(p), 'engine')} in "
                         f"{plural(state.ship_count(p), 'ship')}" for p in range(n)])
        winners = outcome.winners
        names = joined([self.name(p) for p in winners])
        engines = state.engines(winners[0])
        if len(winners) > 1:
            rule, verdict = "ZY-I4", (f"{names} are level on engines and ships, so they "
                                      "share the win")
        elif sum(1 for p in range(n) if state.engines(p) == engines) > 1:
            rule, verdict = "ZY-13", (f"{names} is level on engines but has the most ships, "
                                      "and wins")
        else:
            rule, verdict = "ZY-13", f"{names} has the most engines and wins"
        ships = sorted(h for h, s in state.ships().items() if s.owner in winners)
        return self.step(rule, f"On the board: {totals}. {sentence(verdict)}.",
                         [Mark("piece", h, s.owner) for h in ships
                          if (s := state.ship_at(h)) is not None],
                         event=sentence(verdict) + f" with {plural(engines, 'engine')}")

    # --- standings -------------------------------------------------------------------------
    def standings(self, state: Any, viewer: int | None = None,
                  played: Sequence[Played] | None = None) -> Standings:
        """Engines and ships on the board per fleet (ZY-13 decides by them), ships per
        engine type (ZY-03, ZY-11) and, while placing, the ships still to place (ZY-05)."""
        n = self.game.num_players
        columns = [Column("engines", "Engines", "ZY-13", decides=True),
                   Column("ships", "Ships", "ZY-13", decides=True)]
        columns += [Column(f"type{e}", f"{e}-engine", "ZY-11") for e in ENGINE_TYPES]
        placing = state.phase == PLACEMENT
        if placing:
            columns.append(Column("to_place", "To place", "ZY-05"))
        on_board: dict[int, dict[int, int]] = {p: dict.fromkeys(ENGINE_TYPES, 0)
                                               for p in range(n)}
        for ship in state.ships().values():
            on_board[ship.owner][ship.engines] += 1
        lines = []
        for p in range(n):
            values: list[int] = [state.engines(p), state.ship_count(p)]
            values += [on_board[p][e] for e in ENGINE_TYPES]
            if placing:
                values.append(sum(state.reserve(p).values()))
            note = "to move" if p == state.current_player else ""
            lines.append(SeatLine(p, self.name(p), tuple(values),
                                  out=not placing and state.ship_count(p) == 0, note=note))
        over = state.phase == OVER
        leaders = state.outcome().winners if over else state.leaders()
        names = joined([self.name(p) for p in leaders])
        engines = state.engines(leaders[0])
        ships = state.ship_count(leaders[0])
        total = f"{plural(engines, 'engine')} in {plural(ships, 'ship')}"
        if over:
            summary = (f"{names} won with {total} (ZY-13)" if len(leaders) == 1 else
                       f"{names} share the win with {total} each (ZY-13, ZY-I4)")
        elif len(leaders) == 1:
            summary = f"{names} leads with {total} (ZY-13)"
        else:
            summary = f"{names} are level with {total} each (ZY-13)"
        facts = ("Most engines on the board wins; on equal engines, most ships (ZY-13).",)
        return Standings(Table("Fleets", tuple(columns), tuple(lines)), leaders,
                         sentence(summary) + ".", facts, over)


__all__ = ["ZyrcanTeacher", "Flight", "direction_words", "DIRECTION_WORDS"]
