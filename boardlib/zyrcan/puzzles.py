"""Zyrcan puzzles: one or more per rule section (ZY-01 … ZY-15), judged by the engine.

Every position is built with :func:`boardlib.zyrcan.rules.position` (the public API, and
``load_state``'s checks). Red is seat 0, Blue 1, Yellow 2, as on every board. What counts
as the answer is computed by the engine, never listed by hand:

* :func:`engines_destroyed` (ZY-10, ZY-13): the engines of the ship an attack destroys;
* :class:`Reaches`: placements from which the new ship could hit a given ship once the
  attacks begin (the engine's own flight, ``ZyrcanGame.landing``, ZY-04/ZY-07/ZY-08);
* :class:`LeavesNoReply`: attacks after which the next player has no reply that hurts
  you; a wrong answer is refuted by one such reply, marked on the board;
* plain engine facts (types lost, ZY-11; the leaders, ZY-13; the game over, ZY-15).

``PUZZLES`` lists them all; ``for_rule("ZY-08")`` those of one section.
"""
from __future__ import annotations

from typing import Any

from boardlib.core.api import State
from boardlib.core.puzzles import Answers, Best, Puzzle, Worse, by_id, by_rule, check_unique
from boardlib.core.teaching import Mark, Teacher, plural
from boardlib.grids.hex import Hex

from .rules import ENGINE_TYPES, PLACEMENT, Attack, Place, Ship, ZyrcanState, position

RED, BLUE, YELLOW = 0, 1, 2


# --- what the engine measures --------------------------------------------------------------

def engines_destroyed(before: State, move: Any, after: State) -> float:
    """ZY-10, ZY-13: the engines of the ship ``move`` destroyed (0 for anything else)."""
    victim = getattr(after, "destroyed", None)
    return float(victim.engines) if isinstance(move, Attack) and victim is not None else 0.0


def destroyed_words(value: float) -> str:
    return f"{plural(int(value), 'enemy engine')} destroyed" if value else "nothing destroyed"


def most_engines(rule: str) -> Best:
    """Accept the attacks that destroy the most engines (ZY-13 counts engines)."""
    return Best(engines_destroyed, destroyed_words, rule)


def types_lost(before: State, move: Any, after: State) -> float:
    """ZY-11: how many engine types some fleet lost for good by ``move``."""
    def types(state: ZyrcanState) -> set[tuple[int, int]]:
        return {(s.owner, s.engines) for s in state.ships().values()}
    assert isinstance(before, ZyrcanState) and isinstance(after, ZyrcanState)
    return float(len(types(before) - types(after)))


def lead_alone(before: State, move: Any, after: State) -> float:
    """ZY-13: 1 if the mover alone would win were the game to end now (the engine's
    ``leaders``), else 0."""
    assert isinstance(after, ZyrcanState)
    return 1.0 if after.leaders() == (before.current_player,) else 0.0


def wins_now(before: State, move: Any, after: State) -> float:
    """ZY-15: 1 if the move ends the game with the mover the winner."""
    outcome = after.outcome()
    return 1.0 if outcome is not None and outcome.winners == (before.current_player,) else 0.0


class Reaches(Answers):
    """Placements (ZY-05) of a ship from which it could destroy the ship on ``target`` in
    the attack phase: the engine's flight (``landing``, ZY-04, ZY-07, ZY-08) ends there.
    ``engines``: only ships of that type count. ``target`` ``None``: any enemy ship."""

    def __init__(self, target: Hex | None, engines: int | None = None,
                 rule: str = "ZY-08") -> None:
        self.target = target
        self.engines = engines
        self.rule = rule

    def reaches(self, state: State, move: Any) -> bool:
        if not isinstance(move, Place) or not isinstance(state, ZyrcanState):
            return False
        if self.engines is not None and move.engines != self.engines:
            return False
        return any(self.hits(state, state.game.landing(move.at, move.engines, d))
                   for d in range(6))

    def hits(self, state: ZyrcanState, end: Hex | None) -> bool:
        if end is None:
            return False
        if self.target is not None:
            return end == self.target
        ship = state.ship_at(end)
        return ship is not None and ship.owner != state.current_player

    def accepted(self, state: State) -> tuple[Any, ...]:
        return tuple(m for m in state.legal_moves() if self.reaches(state, m))

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        assert isinstance(move, Place) and isinstance(state, ZyrcanState)
        placed = Mark("placed", move.at, state.current_player, str(move.engines))
        if self.target is None:
            ends = [e for d in range(6)
                    if (e := state.game.landing(move.at, move.engines, d)) is not None]
            return Worse(f"From {move.at} a {move.engines}-engine ship could not hit any enemy "
                         f"ship: each straight flight of exactly "
                         f"{plural(move.engines, 'hex', 'hexes')} ends on an empty hex, on "
                         "your own ship or off the board.", "ZY-10",
                         (placed, *(Mark("path", e, state.current_player) for e in ends)))
        ship = state.ship_at(self.target)
        assert ship is not None
        marks = (placed, Mark("piece", self.target, ship.owner, str(ship.engines)))
        if self.engines is not None and move.engines != self.engines:
            return Worse(f"That is a {move.engines}-engine ship; the goal asks for a "
                         f"{self.engines}-engine one.", "ZY-03", marks)
        away = move.at.distance(self.target)
        line = any(move.at + d.scale(away) == self.target for d in _directions())
        why = (f"it is {plural(away, 'hex', 'hexes')} away, and a {move.engines}-engine ship "
               f"flies exactly {plural(move.engines, 'hex', 'hexes')}" if line else
               "it is on no straight line from there")
        return Worse(f"From {move.at} that ship could never hit the ship on {self.target}: "
                     f"{why}.", "ZY-08" if line else "ZY-07", marks)


class OutOfReach(Answers):
    """Placements (ZY-05) on a hex no enemy ship on the board could fly to: for every enemy
    ship, the engine's flight (``landing``) in every direction ends elsewhere (ZY-04,
    ZY-07, ZY-08). A wrong answer is refuted by the enemy ship that could hit it."""

    def __init__(self, rule: str = "ZY-08") -> None:
        self.rule = rule

    def hunters(self, state: State, at: Hex) -> list[tuple[Hex, Ship]]:
        assert isinstance(state, ZyrcanState)
        me = state.current_player
        return [(h, ship) for h, ship in sorted(state.ships().items()) if ship.owner != me
                and any(state.game.landing(h, ship.engines, d) == at for d in range(6))]

    def accepted(self, state: State) -> tuple[Any, ...]:
        return tuple(m for m in state.legal_moves()
                     if isinstance(m, Place) and not self.hunters(state, m.at))

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        (h, ship), *more = self.hunters(state, move.at)
        also = f" (and {plural(len(more), 'other enemy ship')})" if more else ""
        return Worse(f"On {move.at} your ship could be hit: {words.name(ship.owner)}'s "
                     f"{ship.engines}-engine ship on {h} is exactly "
                     f"{plural(ship.engines, 'hex', 'hexes')} away in a straight line{also}.",
                     self.rule,
                     (Mark("placed", move.at, state.current_player, str(move.engines)),
                      Mark("from", h, ship.owner, str(ship.engines)),
                      *(Mark("from", g, s.owner, str(s.engines)) for g, s in more)))


def _directions() -> tuple[Hex, ...]:
    from boardlib.grids.hex import DIRECTIONS
    return DIRECTIONS


class LeavesNoReply(Answers):
    """Attacks after which the next player cannot destroy any of the mover's ships
    (``own=True``) or has no attack at all (``own=False``: ZY-12, no attack means a pass).
    A wrong answer is refuted by one such reply, marked on the board."""

    def __init__(self, rule: str, own: bool = True) -> None:
        self.rule = rule
        self.own = own

    def replies(self, state: State, move: Any) -> tuple[Attack, ...]:
        seat = state.current_player
        after = state.apply(move)
        if after.is_terminal():
            return ()
        return tuple(r for r in after.legal_moves() if isinstance(r, Attack)
                     and (not self.own or getattr(after.apply(r), "destroyed", None)
                          in {Ship(seat, e) for e in ENGINE_TYPES}))

    def accepted(self, state: State) -> tuple[Any, ...]:
        return tuple(m for m in state.legal_moves() if not self.replies(state, m))

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        after = state.apply(move)
        replies = self.replies(state, move)
        reply = replies[0]
        who = words.name(after.current_player)
        marks = words.marks(after, reply)   # the reply: its ship, and yours it destroys
        count = len(replies)
        if self.own:
            text = (f"Then {who} can hit back: {words.hint_words(after, reply)}"
                    + (f" ({count} replies hurt you)" if count > 1 else "") + ".")
        else:
            text = (f"Then {who} still has {plural(count, 'attack')}, for example: "
                    f"{words.hint_words(after, reply)}.")
        return Worse(text, self.rule, marks)


class EveryLegal(Answers):
    """Any legal move solves it: the puzzle is about what the rules refuse (the engine's
    ``why_illegal`` answers every wrong try)."""

    def accepted(self, state: State) -> tuple[Any, ...]:
        return state.legal_moves()

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:  # pragma: no cover
        raise AssertionError("every legal move is accepted")


def yes_no(yes: str, no: str) -> Any:
    return lambda value: yes if value else no


def ships(**placed: tuple[int, int]) -> dict[Hex, tuple[int, int]]:
    """``ships(h2_2=(RED, 1))`` -> ``{Hex(2, 2): (0, 1)}``: hexes written ``h<q>_<r>``
    (``m`` for a minus: ``hm1_3`` is -1,3)."""
    out = {}
    for name, ship in placed.items():
        q, r = name[1:].replace("m", "-").split("_")
        out[Hex(int(q), int(r))] = ship
    return out


def attack_position(players: int = 3, to_move: int = RED, **placed: tuple[int, int]) -> Any:
    return lambda: position(players, ships(**placed), to_move=to_move)


def placing_position(to_move: int = RED, **placed: tuple[int, int]) -> Any:
    return lambda: position(3, ships(**placed), to_move=to_move, phase=PLACEMENT)


# --- the puzzles, section by section -------------------------------------------------------

PUZZLES: tuple[Puzzle, ...] = check_unique([
    Puzzle("zyrcan-01-fleets", ("ZY-01",), attack_position(
        h3_3=(RED, 1), h4_3=(RED, 1), h3_2=(BLUE, 1), h2_3=(YELLOW, 2)), RED,
        "You are Red. Three fleets share the board, each in its own colour. Destroy the enemy "
        "ship with the most engines.",
        most_engines("ZY-13"),
        "Every player has a fleet in their own colour (ZY-01): the two other Red ships are "
        "yours and cannot be attacked, Blue's and Yellow's are enemies. Yellow's ship has two "
        "engines, Blue's one, and engines are what wins (ZY-13).",
        "Only the ships that are not red are enemies. Count the engines on each.",
        "Whose ship is whose"),
    Puzzle("zyrcan-02-board", ("ZY-02", "ZY-I1"), attack_position(
        4, h0_0=(RED, 3), h3_0=(BLUE, 2), h0_3=(YELLOW, 1), hm2_6=(BLUE, 1),
        h6_1=(BLUE, 3)), RED,
        "Four players: the board has 53 hexes in seven rows. You are Red, in the top corner. "
        "Destroy the ship with the most engines you can reach.",
        most_engines("ZY-13"),
        "With four players the board has 53 hexes (ZY-02), laid out as rows of 8 and 7 "
        "(interpretation ZY-I1). From the corner your 3-engine ship reaches Blue's 2-engine "
        "ship three hexes east; the south-west line runs off the board, and Blue's 3-engine "
        "ship is on no line from you.",
        "From a corner some directions run off the board at once. Try east and south-east.",
        "A bigger board"),
    Puzzle("zyrcan-03-fleet", ("ZY-03", "ZY-05"), placing_position(
        h5_2=(BLUE, 3), h1_6=(YELLOW, 2)), RED,
        "Placement. Your fleet has 4 ships with 1 engine, 6 with 2 and 2 with 3. Place one "
        "of your two 3-engine ships where it could destroy Blue's ship on 5,2 once the "
        "attacks begin. (Pick the 3-engine ship beside the board first.)",
        Reaches(Hex(5, 2), engines=3),
        "A fleet has exactly two 3-engine ships (ZY-03), the only ships that fly three "
        "hexes (ZY-04). Placed three hexes from 5,2 on a straight line, it can hit Blue's "
        "ship as soon as the attack phase starts (ZY-05, ZY-06).",
        "Count three hexes from 5,2 along a straight line: 2,2 is one such hex.",
        "Your fastest ships"),
    Puzzle("zyrcan-04-speed", ("ZY-04",), attack_position(
        h2_4=(RED, 1), h4_2=(RED, 2), h4_4=(BLUE, 3), h6_2=(BLUE, 1), h6_0=(YELLOW, 1)), RED,
        "Destroy Blue's 3-engine ship on 4,4. Which of your ships can reach it?",
        most_engines("ZY-13"),
        "A ship moves exactly as many hexes as it has engines (ZY-04). 4,4 is two hexes from "
        "both of your ships, so only the 2-engine ship on 4,2 reaches it, flying south-east; "
        "the 1-engine ship on 2,4 gets only one hex.",
        "Count the hexes from each of your ships to 4,4 and compare with its engines.",
        "Engines are speed"),
    Puzzle("zyrcan-05-place", ("ZY-05",), placing_position(
        h4_3=(BLUE, 2), h1_1=(YELLOW, 2)), RED,
        "Placement. Place a 1-engine ship where it could destroy Blue's ship on 4,3 in the "
        "first attack. Ships go on empty hexes only.",
        Reaches(Hex(4, 3), engines=1, rule="ZY-05"),
        "In the placement phase each player puts one ship on any empty hex, never on another "
        "ship (ZY-05). A 1-engine ship right next to 4,3 will be able to hit it once all "
        "ships are placed.",
        "Any empty hex touching 4,3 will do; 4,3 itself is taken.",
        "Placing"),
    Puzzle("zyrcan-06-attack", ("ZY-06",), attack_position(
        h2_2=(RED, 1), h3_2=(BLUE, 2), h4_4=(YELLOW, 1), h3_3=(RED, 2), h5_3=(YELLOW, 3)), RED,
        "The attack phase: it is Red's turn. Attack with one of your own ships and destroy "
        "the most engines.",
        most_engines("ZY-13"),
        "Each turn is one attack with one of your own ships (ZY-06). Your 2-engine ship on 3,3 "
        "flies two hexes east and destroys Yellow's 3-engine ship on 5,3.",
        "Your 2-engine ship on 3,3 has a target two hexes east.",
        "Your own ships"),
    Puzzle("zyrcan-07-straight", ("ZY-07",), attack_position(
        h2_2=(RED, 2), h3_3=(BLUE, 3), h4_2=(BLUE, 1), h6_1=(YELLOW, 2)), RED,
        "Red's 2-engine ship on 2,2 wants Blue's 3-engine ship on 3,3. Can it get it? "
        "Destroy what it can.",
        most_engines("ZY-07"),
        "A ship flies straight along one of the six hex directions (ZY-07). 3,3 is two hexes "
        "away but on no straight line from 2,2, so the only target is Blue's ship on 4,2, "
        "two hexes east.",
        "Follow the six straight lines out of 2,2 for two hexes each.",
        "Straight lines only"),
    Puzzle("zyrcan-08-exact", ("ZY-08",), attack_position(
        h2_2=(RED, 2), h3_2=(BLUE, 2), h2_4=(YELLOW, 1), h2_5=(BLUE, 1), h6_1=(YELLOW, 1)), RED,
        "Red's 2-engine ship has three enemies near it on straight lines. Destroy one.",
        most_engines("ZY-08"),
        "A ship travels exactly as many hexes as it has engines, no fewer and no more (ZY-08). "
        "Blue's ship on 3,2 is one hex away and Blue's on 2,5 three; only Yellow's on 2,4 is "
        "exactly two.",
        "Exactly two hexes: not one, not three.",
        "Exactly the engine count"),
    Puzzle("zyrcan-09-over", ("ZY-09",), attack_position(
        h1_4=(RED, 3), h2_4=(RED, 1), h3_4=(BLUE, 1), h4_4=(YELLOW, 2), h6_1=(BLUE, 1)), RED,
        "Destroy the enemy ship with the most engines. Ships in the way do not stop a flight.",
        most_engines("ZY-13"),
        "Ships on the hexes in between are ignored, friend or foe (ZY-09): your 3-engine ship "
        "on 1,4 flies east over your own ship and Blue's, and destroys Yellow's 2-engine ship "
        "on 4,4.",
        "Look at your 3-engine ship and count three hexes east.",
        "Flying over"),
    Puzzle("zyrcan-10-land", ("ZY-10",), attack_position(
        h2_2=(RED, 1), h3_2=(BLUE, 2), h2_3=(RED, 2), h1_2=(YELLOW, 1), h3_1=(BLUE, 1),
        h6_1=(YELLOW, 1)), RED,
        "Your 1-engine ship on 2,2 is surrounded. Destroy the most engines with it.",
        most_engines("ZY-10"),
        "An attack must end on an enemy ship, which is destroyed; never on an empty hex, your "
        "own ship or off the board (ZY-10). Of the three enemies next to 2,2, Blue's on 3,2 "
        "has the most engines.",
        "Your own ship on 2,3 is no target. Which neighbour has two engines?",
        "Land on an enemy"),
    Puzzle("zyrcan-11-lost", ("ZY-11",), attack_position(
        h2_2=(RED, 1), h3_2=(BLUE, 3), h4_4=(BLUE, 2), h4_2=(RED, 2), h0_5=(BLUE, 2),
        h5_0=(YELLOW, 1), h6_0=(YELLOW, 1)), RED,
        "Blue has one 3-engine ship left. Make Blue lose a type of ship for good.",
        Best(types_lost, yes_no("a fleet lost a type of ship", "no fleet lost a type of ship"),
             "ZY-11"),
        "When a player loses the last ship of an engine type, that type is gone for good "
        "(ZY-11): after your 1-engine ship destroys the ship on 3,2, Blue never has a "
        "3-engine ship again.",
        "Blue's two 2-engine ships are not the last of their type.",
        "Lost types stay lost"),
    Puzzle("zyrcan-12-pass", ("ZY-12",), attack_position(
        h1_2=(RED, 1), h2_2=(BLUE, 1), h0_6=(RED, 2), h5_3=(BLUE, 2), h2_6=(YELLOW, 1),
        h6_0=(YELLOW, 1)), RED,
        "Attack so that Blue, who plays next, has no attack at all: Blue must then pass, and "
        "the first pass ends the game.",
        LeavesNoReply("ZY-12", own=False),
        "A player who cannot attack must pass, and the first pass ends the game at once "
        "(ZY-12). Destroying Blue's 1-engine ship on 2,2 leaves Blue's 2-engine ship on 5,3 "
        "with nothing two hexes away to hit.",
        "Which of Blue's ships could attack after your move? Remove that one.",
        "Leave no attack"),
    Puzzle("zyrcan-13-win", ("ZY-13",), attack_position(
        h1_1=(RED, 1), h2_1=(BLUE, 2), h1_2=(YELLOW, 1), h3_4=(BLUE, 1), h6_2=(YELLOW, 3),
        h1_5=(RED, 3)), RED,
        "Make the attack after which you lead: most engines wins, then most ships.",
        Best(lead_alone, yes_no("you lead", "you do not lead alone"), "ZY-13"),
        "Most engines on the board wins; on equal engines most ships (ZY-13). Red and Yellow "
        "both have 4 engines. Destroying Blue's bigger ship leaves that tie; destroying "
        "Yellow's 1-engine ship puts you ahead, 4 engines to 3: what counts is your total "
        "against the best of the others.",
        "The most engines destroyed is not always best: whose engines?",
        "Who wins"),
    Puzzle("zyrcan-14-whole", ("ZY-14",), attack_position(
        h2_2=(RED, 1), h3_2=(BLUE, 1), h1_2=(BLUE, 1), h1_0=(BLUE, 2), h6_1=(YELLOW, 1),
        h2_6=(RED, 2)), RED,
        "An attack is a whole move, and then Blue attacks. Attack so that Blue cannot hit "
        "back at any of your ships.",
        LeavesNoReply("ZY-14"),
        "After an attack the turn passes to the next player (ZY-14), so look at the board "
        "Blue gets: after you take the ship on 3,2, none of Blue's ships can land on yours; "
        "after you take the one on 1,2, Blue's 2-engine ship on 1,0 hits back.",
        "Where does your ship stand after each attack, and which Blue ship is then one or two "
        "hexes away on a line?",
        "Whole moves"),
    Puzzle("zyrcan-15-last", ("ZY-15",), attack_position(
        h2_2=(RED, 1), h2_3=(RED, 2), h3_2=(BLUE, 1)), RED,
        "Only Red and Blue have ships left, and Blue has one. Win the game now.",
        Best(wins_now, yes_no("you win at once", "the game goes on"), "ZY-15"),
        "If only one fleet is left, that fleet wins (ZY-15): destroying Blue's last ship ends "
        "the game at once, however many engines anyone has.",
        "Which of your ships is exactly its engine count from 3,2?",
        "Last fleet standing"),
])
"""Every Zyrcan puzzle, in the order of the notebook's sections."""


def for_rule(rule: str) -> tuple[Puzzle, ...]:
    """The puzzles of one section (``"ZY-08"``)."""
    return by_rule(PUZZLES, rule)


def puzzle(puzzle_id: str) -> Puzzle:
    """The puzzle with this id."""
    return by_id(PUZZLES, puzzle_id)


__all__ = ["PUZZLES", "for_rule", "puzzle", "engines_destroyed", "types_lost", "lead_alone",
           "wins_now", "Reaches", "OutOfReach", "LeavesNoReply", "EveryLegal", "most_engines",
           "ENGINE_TYPES"]
