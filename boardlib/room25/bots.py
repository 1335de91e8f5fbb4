"""Bots for Room 25 that play from observations only (R25-I4).

Every bot here reads ``state.observation(state.current_player)`` and
``state.legal_moves()`` (which depend only on what the mover may know) and
nothing else, so hidden rooms, roles and programs cannot steer its choice.

* ``PrisonerBot`` explores, avoids rooms it knows to be dangerous, heads for
  Room 25 once known and slides it out when its side is inside.
* ``GuardBot`` walks towards other characters and pushes them into the worst
  rooms it knows (or into unknown ones).
* ``ObservationRandomBot`` picks at random among the legal moves.
* ``RoleBot`` plays the guard bot when its observation says it is a guard,
  else the prisoner bot.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from boardlib.core.bots import Bot

from .graphs import exit_moves, room25_place, safe_route
from .rules import (CENTER, EXIT_ZONES, LINES, NEIGHBOURS, POS_INDEX, Clue, Control, Defer,
                    Illusion, Look, Move, Pass, Program, Push, Remind, Reveal, Swap, Vision)

# How bad entering a room is, when its kind is known (None: unknown).
DANGER = {"deadly": 100.0, "trapped": 25.0, "flooded": 40.0, "acid": 8.0, "vortex": 15.0,
          "prison": 10.0, "dark": 2.0, "cold": 2.0, "illusion": 4.0, "mobile": 3.0,
          "twin": 1.0, "empty": 0.0, "vision": 0.0, "control": 0.0, "central": 8.0,
          "room25": -30.0, None: 6.0}


_LETTERS = {Move: "M", Look: "L", Push: "P", Control: "C"}


class ObservationBot(Bot):
    """Base: ``choose`` hands ``decide`` the mover's observation and the legal moves only."""

    name = "observation"

    def choose(self, state: Any) -> Any:
        player = state.current_player
        return self.decide(state.observation(player), state.legal_moves())

    def decide(self, obs: Mapping[str, Any], moves: tuple[Any, ...]) -> Any:
        raise NotImplementedError


class ObservationRandomBot(ObservationBot):
    """Uniformly random among the legal moves (it never needs more than the observation)."""

    name = "room25-random"

    def decide(self, obs: Mapping[str, Any], moves: tuple[Any, ...]) -> Any:
        return self.rng.choice(moves)


class _Helper:
    """Reading an observation."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.obs = obs
        self.kinds = [r["kind"] for r in obs["rooms"]]
        self.face_up = [r["face_up"] for r in obs["rooms"]]
        self.me = obs["current_character"]
        chars = obs["characters"]
        self.chars = chars
        self.place = (POS_INDEX[chars[self.me]["place"]]
                      if self.me is not None and chars[self.me]["place"] else CENTER)
        self.r25 = room25_place(obs)
        self.occupied = {POS_INDEX[c["place"]] for i, c in enumerate(chars)
                         if c["alive"] and i != self.me}

    def danger(self, place: int) -> float:
        kind = self.kinds[place]
        value = DANGER.get(kind, 0.0)
        if kind == "acid" and place in self.occupied:
            value = 100.0
        return value

    def distance_to(self, start: int, goal: int | None) -> float:
        if goal is None:
            return 0.0
        route = safe_route(self.obs, start, goal)
        return 20.0 if route is None else float(len(route) - 1)

    def unknown_neighbours(self, place: int) -> int:
        return sum(1 for q in NEIGHBOURS[place] if self.kinds[q] is None)

    def exit_distance(self, place: int) -> int:
        """Steps to the nearest Exit Zone place that may still hide Room 25."""
        open_places = [p for p in EXIT_ZONES if self.kinds[p] in (None, "room25")]
        if not open_places:
            return 0
        return min(abs(p // 5 - place // 5) + abs(p % 5 - place % 5) for p in open_places)

    def outside(self) -> list[int]:
        """Places of living characters (not known guards) who are not in Room 25."""
        return [POS_INDEX[c["place"]] for c in self.chars if c["alive"] and c["role"] != "guard"
                and POS_INDEX[c["place"]] != self.r25]

    def everyone_inside(self) -> bool:
        """Are all living characters not known to be guards in Room 25?"""
        if self.r25 is None:
            return False
        needed = [c for c in self.chars if c["alive"] and c["role"] != "guard"]
        return bool(needed) and all(POS_INDEX[c["place"]] == self.r25 for c in needed)


def slid_place(place: int, move: Control) -> int | None:
    """Where the room on ``place`` goes when ``move`` slides its line: a place, -1 for off
    the edge, None if the line does not hold it (R25-17)."""
    places = LINES[move.line]
    if place not in places:
        return None
    i = places.index(place) + move.direction
    return places[i] if 0 <= i < len(places) else -1


class PrisonerBot(ObservationBot):
    """Explores, avoids known dangers, finds Room 25 and slides it out."""

    name = "room25-prisoner"

    def decide(self, obs: Mapping[str, Any], moves: tuple[Any, ...]) -> Any:
        h = _Helper(obs)
        # Acting on the spot (Solo, R25-I5): follow the plan's action for this round.
        letter = None
        me = h.chars[h.me] if h.me is not None else None
        if me is not None and me["acts_directly"] and obs["phase"] == "exec":
            want = [a for a in self.wants(h) if a not in me["performed"]]
            letter = want[0] if want else None
        best, best_score = None, float("-inf")
        for move in moves:
            score = self.score(h, move) + self.rng.random() * 0.01
            if letter is not None and _LETTERS.get(type(move)) == letter:
                score += 40.0
            if score > best_score:
                best, best_score = move, score
        return best

    def wants(self, h: _Helper) -> str:
        """The program: two action letters in order."""
        if h.r25 is not None and h.place == h.r25:
            # A single Control: used at once if everyone is in, else kept for the second
            # action (R25-07), when the others may have arrived.
            return "C"
        if h.r25 is not None:
            return "ML"
        safe_next = any(h.kinds[q] is not None and h.danger(q) < 5 for q in NEIGHBOURS[h.place])
        if h.kinds[h.place] == "dark":
            return "ML"  # no looking from here (R25-36)
        if h.unknown_neighbours(h.place) and not safe_next:
            return "LM"
        return "ML"

    def score(self, h: _Helper, move: Any) -> float:
        t = type(move)
        if t is Program:
            want = self.wants(h)
            plan = move.first + move.second
            if plan == want:
                return 10.0
            if plan == want[0]:
                return 8.0
            return 5.0 if move.first == want[0] else 0.0
        if t is Move:
            s = -h.danger(move.to)
            if h.r25 is not None:
                s -= 3.0 * h.distance_to(move.to, h.r25)
            else:
                # Explore towards the Exit Zones, where Room 25 hides (R25-04).
                s += h.unknown_neighbours(move.to) - 2.0 * h.exit_distance(move.to)
                if h.kinds[move.to] is not None and not h.face_up[move.to] and s > -5:
                    s += 4.0  # a room we looked at and know to be safe: reveal it
            return s
        if t in (Look, Vision, Clue):
            place = move.at
            if h.kinds[place] is not None:
                return -1.0
            return 2.0 + (1.0 if place in EXIT_ZONES else 0.0)
        if t is Push:
            return -h.danger(move.to)
        if t is Control:
            if h.r25 is None:
                return -1.0
            to = slid_place(h.r25, move)
            if to == -1:
                return 50.0 if h.everyone_inside() else -20.0
            if to is None:
                return -1.0
            # Keep the room in an Exit Zone and close to those still on their way.
            away = sum(abs(to // 5 - p // 5) + abs(to % 5 - p % 5) for p in h.outside())
            return (0.0 if to in EXIT_ZONES else -3.0) - (0.0 if h.everyone_inside() else 1.0) \
                - 0.5 * away
        if t is Defer:
            return 0.5
        if t is Pass:
            return -0.5
        if t in (Swap, Illusion):
            return 1.0 if move.at in EXIT_ZONES else 0.0
        if t in (Remind, Reveal):
            return -1000.0
        return 0.0


class GuardBot(ObservationBot):
    """Walks towards other characters and pushes them into danger."""

    name = "room25-guard"

    def decide(self, obs: Mapping[str, Any], moves: tuple[Any, ...]) -> Any:
        h = _Helper(obs)
        best, best_score = None, float("-inf")
        for move in moves:
            score = self.score(h, move) + self.rng.random() * 0.01
            if score > best_score:
                best, best_score = move, score
        return best

    def score(self, h: _Helper, move: Any) -> float:
        t = type(move)
        company = h.place in h.occupied and h.place != CENTER
        if t is Program:
            want = "PM" if company else "MP"
            plan = move.first + move.second
            return 10.0 if plan == want else (5.0 if move.first == want[0] else 0.0)
        if t is Push:
            return 5.0 + h.danger(move.to)
        if t is Move:
            s = -h.danger(move.to)
            if move.to in h.occupied and move.to != CENTER:
                s += 8.0
            targets = [p for p in h.occupied if p != CENTER]
            if targets:
                s -= min(h.distance_to(move.to, p) for p in targets)
            return s
        if t in (Look, Vision, Clue):
            return 1.0 if h.kinds[move.at] is None else -1.0
        if t is Control:
            if h.r25 is not None and move in exit_moves(h.r25):
                return -50.0  # never help the escape
            return 0.0
        if t in (Remind, Reveal):
            return -1000.0
        if t is Pass:
            return -0.5
        return 0.0


class RoleBot(ObservationBot):
    """The guard bot if the observation says this character is a guard, else the prisoner bot."""

    name = "room25-role"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.prisoner = PrisonerBot(seed)
        self.guard = GuardBot(seed)

    def decide(self, obs: Mapping[str, Any], moves: tuple[Any, ...]) -> Any:
        me = obs["current_character"]
        role = obs["characters"][me]["role"] if me is not None else None
        return (self.guard if role == "guard" else self.prisoner).decide(obs, moves)


__all__ = ["ObservationBot", "ObservationRandomBot", "PrisonerBot", "GuardBot", "RoleBot",
           "DANGER"]
