"""Section X puzzles: at least one per rule section of the lesson, judged by the engine.

Every position is built with :func:`boardlib.section_x.positions.position` (the public API,
validated like a save file), sometimes followed by moves the engine plays. Red is seat 0,
Blue 1, as on every board. What counts as the answer is computed by the engine from what
the board shows (never from the hidden stack or another player's hand):

* :func:`escaped_value` (SX-01, SX-18, SX-19): prisoners freed or in a free zone;
* :func:`way_out` (SX-07, SX-08, SX-I3): the steps of a seat's shortest escape route from a
  place (``tunnels.escape_route``, SX-I4, SX-13, SX-18);
* :func:`nearest` (SX-I5): the steps to freedom of a seat's prisoner nearest to it;
* :func:`reach` (SX-04, SX-06): the tunnel parts a seat's prisoner on the island could reach;
* :func:`zone_openings` (SX-03, SX-I1): the tunnel parts that open into a free zone;
* :func:`off_island`, :func:`owned_parts`, :func:`doors_on_board`, :func:`endangered`,
  :func:`hiding_distance` and :func:`wins_now`: plain engine facts (SX-17, SX-13, SX-15,
  SX-20 and SX-I7, SX-11, SX-23 and SX-I10);
* :class:`Kind`: every legal move of one kind solves it; the puzzle is about what the rules
  refuse, and the engine's ``why_illegal`` answers each wrong try.

``PUZZLES`` lists them all; ``for_rule("SX-07")`` those of one section, :func:`try_it` the
card a lesson shows.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardlib.core.api import State
from boardlib.core.puzzles import Answers, Best, Puzzle, Worse, by_id, by_rule, check_unique
from boardlib.core.teaching import Teacher, plural

from . import tunnels
from .board import BURIED, FIELD_INDEX, GATE_DISTANCE, ISLAND
from .moves import MoveTile, RotateTile, Step
from .positions import EAST, SOUTH_EAST, H, act, position, tiles_running_out
from .rules import SectionXState

RED, BLUE = 0, 1
NO_WAY = 99.0
"""The length of a way out that does not exist (longer than any on the board)."""

Value = Callable[[State, Any, State], float]


def _sx(state: State) -> SectionXState:
    assert isinstance(state, SectionXState)
    return state


# --- what the engine measures --------------------------------------------------------------

def escaped_value(seat: int) -> Value:
    """SX-18, SX-23: ``seat``'s prisoners freed for good or in a free zone after the move."""
    return lambda before, move, after: float(_sx(after).escaped(seat))


def escaped_words(value: float) -> str:
    return f"{plural(int(value), 'prisoner')} free or in a free zone"


def way_out(seat: int, start: str = tunnels.ISLAND_NODE) -> Value:
    """SX-I4, SX-13, SX-18: steps of ``seat``'s shortest escape route from ``start`` after
    the move (:data:`NO_WAY` if there is none)."""
    def value(before: State, move: Any, after: State) -> float:
        route = tunnels.escape_route(_sx(after), seat, start)
        return NO_WAY if route is None else float(len(route) - 1)
    return value


def way_words(who: str, start: str = "the island") -> Callable[[float], str]:
    def words(value: float) -> str:
        if value >= NO_WAY:
            return f"{who} has no way out from {start}"
        return f"{who}'s way out from {start} is {plural(int(value), 'step')}"
    return words


def nearest(seat: int) -> Value:
    """SX-I4, SX-13, SX-18: steps to freedom of ``seat``'s prisoner nearest to it after the
    move (the shortest of ``tunnels.escape_routes``; :data:`NO_WAY` if none has a way)."""
    def value(before: State, move: Any, after: State) -> float:
        routes = tunnels.escape_routes(_sx(after), seat).values()
        return min((float(len(r) - 1) for r in routes if r is not None), default=NO_WAY)
    return value


def nearest_words(value: float) -> str:
    if value >= NO_WAY:
        return "none of your prisoners has a way out"
    return f"your nearest prisoner is {plural(int(value), 'step')} from freedom"


def zone_openings(before: State, move: Any, after: State) -> float:
    """SX-03, SX-I1: how many tunnel parts open straight into a free zone after the move."""
    g = tunnels.tunnel_graph(_sx(after))
    return float(sum(1 for a, b in g.edges if "zone" in (g.nodes[a]["kind"], g.nodes[b]["kind"])
                     and "part" in (g.nodes[a]["kind"], g.nodes[b]["kind"])))


def openings_words(value: float) -> str:
    return f"{plural(int(value), 'tunnel part')} open into a free zone"


def reach(seat: int) -> Value:
    """SX-I4: how many tunnel parts ``seat``'s prisoner on the island could reach after the
    move, steps unlimited."""
    def value(before: State, move: Any, after: State) -> float:
        places = tunnels.reachable(_sx(after), seat)
        return float(sum(1 for p in places if "/" in p))
    return value


def reach_words(value: float) -> str:
    return f"a prisoner on the island could reach {plural(int(value), 'tunnel part')}"


def off_island(seat: int) -> Value:
    """SX-I4: ``seat``'s prisoners that have left the island and are not buried."""
    def value(before: State, move: Any, after: State) -> float:
        places = _sx(after).prisoners_of(seat)
        return float(len(places) - places.count(ISLAND) - places.count(BURIED))
    return value


def off_words(value: float) -> str:
    return f"{plural(int(value), 'prisoner')} off the island"


def owned_parts(seat: int) -> Value:
    """SX-13, SX-I5: the tunnel parts ``seat`` owns through a door after the move."""
    def value(before: State, move: Any, after: State) -> float:
        g = tunnels.tunnel_graph(_sx(after))
        return float(sum(1 for _, owner in g.nodes(data="owner") if owner == seat))
    return value


def owned_words(value: float) -> str:
    return f"you own {plural(int(value), 'tunnel part')}"


def doors_on_board(seat: int) -> Value:
    """SX-15: how many of ``seat``'s doors stand on the board after the move."""
    return lambda before, move, after: float(
        sum(1 for d in _sx(after).doors[seat] if d is not None))


def doors_words(value: float) -> str:
    return f"{plural(int(value), 'door')} of yours on the board"


def endangered(seat: int) -> Value:
    """SX-20: ``seat``'s prisoners on tunnel parts that are not hiding places, buried if the
    round ended now."""
    def value(before: State, move: Any, after: State) -> float:
        g = tunnels.tunnel_graph(_sx(after))
        return float(sum(list(d["prisoners"]).count(seat) for _, d in g.nodes(data=True)
                         if d["kind"] == "part" and not d["hiding"]))
    return value


def endangered_words(value: float) -> str:
    return f"{plural(int(value), 'prisoner')} would be buried in a collapse"


def hiding_distance(field: str) -> Value:
    """SX-11, SX-I9: the distance to the nearest gate of the field holding the hiding place
    that stood on ``field`` (followed when the move takes it elsewhere)."""
    def value(before: State, move: Any, after: State) -> float:
        where = H(field)
        if isinstance(move, MoveTile) and move.src == where:
            where = move.dst
        return float(GATE_DISTANCE[FIELD_INDEX[where]])
    return value


def distance_words(value: float) -> str:
    return f"your hiding place is {plural(int(value), 'field')} from the nearest gate"


def wins_now(before: State, move: Any, after: State) -> float:
    """SX-23, SX-I10: 1 if the move ends the game with the mover the (only) winner."""
    outcome = after.outcome()
    return 1.0 if outcome is not None and outcome.winners == (before.current_player,) else 0.0


def yes_no(yes: str, no: str) -> Callable[[float], str]:
    return lambda value: yes if value else no


class Kind(Answers):
    """Every legal move of one ``kind`` solves it: the puzzle is about what the rules refuse,
    and each illegal try gets the engine's ``why_illegal``. Another legal move is told
    ``why`` (rule ``rule``)."""

    def __init__(self, kind: type, why: str, rule: str) -> None:
        self.kind = kind
        self.why = why
        self.rule = rule

    def accepted(self, state: State) -> tuple[Any, ...]:
        return tuple(m for m in state.legal_moves() if isinstance(m, self.kind))

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        return Worse(self.why, self.rule, words.marks(state, move))


# --- the positions -------------------------------------------------------------------------

def corridor_cut() -> SectionXState:
    """Red's prisoner on 2,0 of the corridor east; Blue to lay or rearrange (SX-I3)."""
    return position(tiles=EAST, prisoners={RED: ["2,0/0"]}, player=BLUE,
                    hands={BLUE: ["tight-curve"]}, seed=1)


def half_way() -> SectionXState:
    """Red has taken two steps this turn, island to 3,0 (SX-12, SX-16)."""
    walk = act(tiles=EAST)
    return walk.apply(Step("island", "2,0/0")).apply(Step("2,0/0", "3,0/0"))


def owned() -> SectionXState:
    """The lesson's SX-13 position: Red's door on the corridor east, Blue to act."""
    return act(tiles={**EAST, "-2,0": ("straight", 0)}, doors={RED: ["2,0/0"]}, player=BLUE)


ROW = {"0,-3": ("straight", 0), "1,-3": ("straight", 0), "3,-3": ("straight", 0)}


def two_doors(player: int) -> Callable[[], SectionXState]:
    """The lesson's SX-15 row: Red's two-tile tunnel and Blue's one tile, a gap between."""
    return lambda: position(tiles=ROW, doors={RED: ["0,-3/0"], BLUE: ["3,-3/0"]},
                            player=player, hands={player: ["straight"]}, seed=1)


def round_end() -> SectionXState:
    """The lesson's SX-19 position: Red has one prisoner in zone 5, one on 3,0."""
    return act(tiles={**EAST, "-2,0": ("hiding", 0)},
               prisoners={RED: ["zone 5", "3,0/0", "-2,0/0"], BLUE: ["2,0/0"]},
               doors={BLUE: ["2,0/0"]}, seed=1)


# --- the puzzles, section by section -------------------------------------------------------

PUZZLES: tuple[Puzzle, ...] = check_unique([
    Puzzle("sx-01-goal", ("SX-01", "SX-18"),
           lambda: act(tiles=EAST, prisoners={RED: ["3,0/0"]}), RED,
           "You are Red. Your prisoners want off the island into a free zone. Bring one "
           "there with a single step.",
           Best(escaped_value(RED), escaped_words, "SX-01"),
           "The goal of every group is freedom (SX-01): your prisoner on 3,0 stands next to "
           "zone 0, and one step through the facing openings takes it in (SX-18).",
           "Which of your prisoners is next to a free zone?", "Into freedom"),
    Puzzle("sx-03-board", ("SX-03", "SX-I1"), lambda: position(), RED,
           "The island is in the middle, the ocean around it, and six free zones beyond. Lay "
           "your straight so that it opens into a free zone.",
           Best(zone_openings, openings_words, "SX-03"),
           "Tiles go on the ocean fields around the island, and the free zones lie around the "
           "ocean (SX-03): here at its six corners (SX-I1). A straight on a field next to a "
           "corner, pointing at it, opens into that zone.",
           "Look at the board's six corners.", "The board"),
    Puzzle("sx-04-setup", ("SX-04", "SX-07", "SX-I4"), lambda: position(), RED,
           "Set-up: all your prisoners wait on the island and the ocean is empty. Lay your "
           "straight so that a prisoner could step onto it from the island.",
           Best(reach(RED), reach_words, "SX-I4"),
           "Everyone starts on the island (SX-04). A prisoner steps only through facing "
           "openings (SX-I4), so the straight must lie next to the island with an opening "
           "turned towards it.",
           "Only the fields next to the island will do, and the straight must point at it.",
           "Off the island"),
    Puzzle("sx-I2-kinds", ("SX-I2", "SX-07"),
           lambda: position(tiles={"3,0": ("straight", 0)},
                            hands={RED: ["tight-curve", "hiding", "straight"]}), RED,
           "Your hand holds three kinds of tile. Lay the one that opens a way from the island "
           "to zone 0, in the fewest steps.",
           Best(way_out(RED), way_words("Red"), "SX-I2", least=True),
           "Each kind joins its edges its own way (SX-I2): only a tile that joins the edge "
           "facing the island with the edge facing 3,0 completes the corridor, and it must "
           "fit the straight already there (SX-07).",
           "Look at which edges each tile in your hand joins.", "Which tile?"),
    Puzzle("sx-05-phases", ("SX-05", "SX-12", "SX-I4"),
           lambda: act(tiles=EAST, hands={RED: ["straight"]}), RED,
           "Phase 3: your tile action is done for this turn. Get a prisoner off the island.",
           Best(off_island(RED), off_words, "SX-05"),
           "A turn runs draw, tile action, prisoners or door, in that order (SX-05): in phase 3 "
           "no tile may be laid any more, but a prisoner may step from the island onto 2,0.",
           "The straight in your hand must wait for your next turn.", "Three phases"),
    Puzzle("sx-06-draw", ("SX-06", "SX-I4"),
           lambda: position(hands={RED: ["straight", "fork", "branch"]}), RED,
           "You hold three tiles, so you drew none this turn. Lay one so that a prisoner "
           "on the island could reach as many tunnel parts as possible.",
           Best(reach(RED), reach_words, "SX-06"),
           "With three tiles in hand you draw none (SX-06), so choose among them: a tile "
           "laid next to the island with an opening towards it is a part a prisoner can "
           "step onto (SX-I4).",
           "Each of these tiles is one part; it only counts if it opens to the island.",
           "A full hand"),
    Puzzle("sx-07-fit", ("SX-07",),
           lambda: position(tiles={"2,0": ("straight", 0)},
                            hands={RED: ["straight", "tight-curve"]}), RED,
           "Finish the corridor east: lay a tile so that a prisoner on the island has a way "
           "out to zone 0.",
           Best(way_out(RED), way_words("Red"), "SX-07", least=True),
           "A laid tile must fit: an opening against an opening, a wall against a wall "
           "(SX-07). The straight on 3,0, turned like the one on 2,0, joins the island to "
           "zone 0.",
           "The tile on 3,0 must continue the straight on 2,0.", "It must fit"),
    Puzzle("sx-08-move", ("SX-08", "SX-10"),
           lambda: position(tiles={"2,0": ("straight", 0), "-3,3": ("straight", 0)},
                            hands={RED: ["tight-curve"]}), RED,
           "Your tight curve cannot finish the corridor east. Make a way out from the island "
           "to zone 0 anyway.",
           Best(way_out(RED), way_words("Red"), "SX-08", least=True),
           "Instead of laying a tile you may move one on the board (SX-08): the straight on "
           "-3,3 carries no prisoners (SX-10), and moved to 3,0 it continues the corridor.",
           "Is there a tile on the board that would do?", "Move a tile"),
    Puzzle("sx-08-rotate", ("SX-08", "SX-09"),
           lambda: position(tiles={"2,0": ("straight", 0), "3,0": ("straight", 1)},
                            hands={RED: ["tight-curve"]}), RED,
           "The corridor east is broken: the straight on 3,0 lies the wrong way. Make a way "
           "out from the island to zone 0.",
           Best(way_out(RED), way_words("Red"), "SX-08", least=True),
           "Turning a tile is a tile action too (SX-08), and nothing stops you here: no "
           "prisoners on it, no door (SX-09).",
           "Turn, do not lay.", "Turn a tile"),
    Puzzle("sx-I3-cut", ("SX-I3", "SX-09", "SX-10"), corridor_cut, BLUE,
           "You are Blue. Red's prisoner on 2,0 is two steps from zone 0. Cut its way out "
           "with your tile action.",
           Best(way_out(RED, "2,0/0"), way_words("Red", "2,0"), "SX-I3"),
           "Only a tile laid from the hand must fit (SX-I3): moving or turning the empty "
           "straight on 3,0 leaves Red's tunnel ending against a wall. The tile under Red's "
           "prisoner may not be touched (SX-09, SX-10).",
           "Which tile of the corridor carries no prisoner?", "Block a tunnel"),
    Puzzle("sx-09-turn", ("SX-09", "SX-13"),
           lambda: position(tiles={**EAST, "-2,0": ("straight", 0)},
                            prisoners={BLUE: ["2,0/0"]}, doors={BLUE: ["3,0/0"]},
                            hands={RED: ["tight-curve"]}), RED,
           "Turn a tile. Blue's prisoner stands on 2,0 and Blue's door on 3,0: which tile "
           "may you turn?",
           Kind(RotateTile, "The goal is to turn a tile.", "SX-09"),
           "You may not turn a tile with prisoners on it, nor one of another player's tunnel "
           "(SX-09, SX-13): the straight on -2,0 is the only one left.",
           "Neither tile of the corridor east is free.", "What may turn"),
    Puzzle("sx-10-hands-off", ("SX-10", "SX-09", "SX-08"),
           lambda: position(tiles={"2,0": ("straight", 0), "3,0": ("straight", 1),
                                   "0,2": ("straight", 2), "-3,3": ("straight", 2)},
                            prisoners={BLUE: ["3,0/0"]}, hands={RED: ["tight-curve"]}), RED,
           "Blue's prisoner sits on the crooked straight on 3,0. Make a way out from the "
           "island to a free zone.",
           Best(way_out(RED), way_words("Red"), "SX-10", least=True),
           "A tile with a prisoner on it may be neither moved, exchanged (SX-10) nor turned "
           "(SX-09), so the corridor east stays broken; but the straight on -3,3 is free: "
           "moved to 0,3 (SX-08) it finishes the corridor to zone 5.",
           "Leave the tile with Blue's prisoner alone; look south-east.", "Hands off"),
    Puzzle("sx-11-distance", ("SX-11", "SX-I9"),
           lambda: position(tiles={"2,1": ("hiding", 0)},
                            prisoners={RED: ["2,1/0", "2,1/0"]}), RED,
           "Your two prisoners hide on 2,1, two fields from the nearest gate. Move the hiding "
           "place as far from the gates as you can.",
           Best(hiding_distance("2,1"), distance_words, "SX-11"),
           "A hiding place carrying your prisoners may move, but never nearer to a free zone "
           "(SX-11); distance is counted to the nearest gate (SX-I9).",
           "The fields touching the island's corners are three from every gate.",
           "The distance rule"),
    Puzzle("sx-12-choose", ("SX-12", "SX-16"), half_way, RED,
           "You have moved a prisoner two steps, to 3,0. Get another prisoner off the island.",
           Best(off_island(RED), off_words, "SX-12"),
           "Phase 3 is prisoners or a door (SX-12): having stepped, you may not place a door "
           "any more, and the prisoner on 3,0 has had its two steps (SX-16); but you have "
           "steps left for another prisoner, onto 2,0.",
           "Which of your prisoners can still step, and where to?", "Prisoners or a door"),
    Puzzle("sx-16-budget", ("SX-16", "SX-18"),
           lambda: act(tiles={**EAST, **SOUTH_EAST}, prisoners={RED: ["3,0/0", "0,3/0"]},
                       steps={RED: [2, 1]}), RED,
           "This turn your prisoner on 3,0 has taken two steps and the one on 0,3 one. Bring "
           "a prisoner into a free zone.",
           Best(escaped_value(RED), escaped_words, "SX-16"),
           "Five steps a turn, at most two per prisoner (SX-16): the prisoner on 3,0 has had "
           "its two, the one on 0,3 may still take its second, into zone 5 (SX-18).",
           "Count each prisoner's steps.", "The step budget"),
    Puzzle("sx-17-room", ("SX-17", "SX-I4"),
           lambda: act(tiles={"2,0": ("hiding", 0), "3,0": ("straight", 0)},
                       prisoners={RED: ["2,0/0", "3,0/0"], BLUE: ["zone 0"]}), RED,
           "Get one more prisoner off the island.",
           Best(off_island(RED), off_words, "SX-17"),
           "A tunnel part holds one prisoner, a hiding place two (SX-17): the hiding place "
           "on 2,0 has room for one more, the straight on 3,0 has none.",
           "Count who stands where: one, or two?", "Room on a tile"),
    Puzzle("sx-18-zone", ("SX-18", "SX-01"),
           lambda: act(tiles={**EAST, **SOUTH_EAST},
                       prisoners={RED: ["3,0/0", "0,3/0"], BLUE: ["zone 0"]}), RED,
           "Blue has a prisoner in zone 0. Bring one of yours into a free zone.",
           Best(escaped_value(RED), escaped_words, "SX-18"),
           "The first prisoner in a free zone claims it (SX-18): zone 0 is Blue's now, so "
           "your prisoner on 0,3 takes zone 5 instead.",
           "Which zone is still open?", "Claimed zones"),
    Puzzle("sx-13-doors", ("SX-13", "SX-I4"), owned, BLUE,
           "You are Blue. Red's door stands on 2,0. Get a prisoner off the island.",
           Best(off_island(BLUE), off_words, "SX-13"),
           "A door makes its owner the owner of the whole tunnel (SX-13): only Red may pass "
           "2,0, but the straight on -2,0 belongs to nobody.",
           "Which tunnel has no door?", "Doors own tunnels"),
    Puzzle("sx-14-one-door", ("SX-14", "SX-13", "SX-I5"), owned, BLUE,
           "You are Blue. Claim a tunnel with one of your doors.",
           Best(owned_parts(BLUE), owned_words, "SX-14"),
           "A tunnel holds at most one door (SX-14): the corridor east is Red's already, with "
           "3,0 as much as 2,0 (SX-I5). The straight on -2,0 is free for your door.",
           "Red's door claims every part joined to 2,0.", "One door per tunnel"),
    Puzzle("sx-I6-key", ("SX-I6", "SX-13"),
           lambda: act(tiles=EAST, doors={RED: ["2,0/0"]}, player=BLUE, keys=True), BLUE,
           "The keys variant: you are Blue, and Red's door stands on 2,0. Get a prisoner off "
           "the island.",
           Best(off_island(BLUE), off_words, "SX-I6"),
           "With keys on, your key opens one other player's door once a round (SX-I6); "
           "without it, Red's door would stop you (SX-13).",
           "Your key is still unused this round.", "The key"),
    Puzzle("sx-15-join", ("SX-15", "SX-13"), two_doors(RED), RED,
           "Your tunnel on 0,-3 and 1,-3 has your door; Blue's one tile on 3,-3 has Blue's. "
           "Lay your straight so that you own as many tunnel parts as possible.",
           Best(owned_parts(RED), owned_words, "SX-15"),
           "When two tunnels grow into one, the owner of the longer piece keeps their door "
           "and the other door goes back (SX-15): yours is longer, so closing the gap on "
           "2,-3 makes all four parts yours (SX-13).",
           "Close the gap between the tunnels.", "Joining tunnels"),
    Puzzle("sx-15-keep", ("SX-15", "SX-14"), two_doors(BLUE), BLUE,
           "You are Blue, with one door on 3,-3; Red's tunnel is longer. Lay your straight "
           "and keep your door on the board.",
           Best(doors_on_board(BLUE), doors_words, "SX-15"),
           "If you close the gap on 2,-3, your shorter tunnel joins Red's longer one and your "
           "door goes back (SX-15): one tunnel holds one door (SX-14).",
           "Anywhere but the gap.", "Keep your door"),
    Puzzle("sx-19-round", ("SX-19", "SX-I7", "SX-18"), round_end, RED,
           "Two players: a round ends when one of them has two prisoners free in it. You have "
           "one in zone 5. End the round.",
           Best(escaped_value(RED), escaped_words, "SX-19"),
           "Your second prisoner in a free zone ends the round at once (SX-19; two with two "
           "players, SX-I7): the step from 3,0 into zone 0.",
           "Which prisoner is one step from an open zone?", "End of a round"),
    Puzzle("sx-20-collapse", ("SX-20", "SX-17", "SX-18"),
           lambda: act(tiles={"2,0": ("hiding", 0), "3,0": ("straight", 0)},
                       prisoners={RED: ["3,0/0"], BLUE: ["zone 0"]}), RED,
           "Blue holds zone 0 and the round may end any moment. Put your prisoner on 3,0 "
           "where a collapse would spare it.",
           Best(endangered(RED), endangered_words, "SX-20", least=True),
           "At the end of a round every prisoner in a tunnel is buried, except those on "
           "hiding places (SX-20): step back onto the hiding place on 2,0. Zone 0 is "
           "claimed (SX-18).",
           "Forwards is closed; what about back?", "The collapse"),
    Puzzle("sx-I7-run-out", ("SX-I7", "SX-20"), lambda: tiles_running_out(seed=3), RED,
           "One tile is left on the stack: Blue draws it next turn, and the round ends with "
           "that turn. Keep all your prisoners safe from the collapse.",
           Best(endangered(RED), endangered_words, "SX-I7", least=True),
           "When the tiles run out, the round ends at the end of that turn (SX-I7), and every "
           "prisoner in a tunnel is buried except those on hiding places (SX-20): your two on "
           "the hiding place on -3,-1 are safe where they are, and so are those on the island.",
           "Any prisoner that steps into a tunnel now is lost.", "The tiles run out"),
    Puzzle("sx-23-win", ("SX-23",),
           lambda: act(tiles=EAST, prisoners={RED: ["freed"] * 4 + ["3,0/0"]}), RED,
           "Four of your prisoners are free for good. Win the game.",
           Best(wins_now, yes_no("you win at once", "the game goes on"), "SX-23"),
           "The first player with five prisoners free wins at once (SX-23): the step from "
           "3,0 into zone 0 is the fifth.",
           "One step is enough.", "Five free"),
    Puzzle("sx-I10-hopeless", ("SX-I10", "SX-23"),
           lambda: act(tiles={**EAST, "-2,0": ("straight", 0)},
                       prisoners={RED: ["buried"] * 3 + ["zone 5", "3,0/0", "-2,0/0"],
                                  BLUE: ["buried"] * 4 + ["2,0/0"]}, seed=1), RED,
           "Too many prisoners are buried for anyone to reach five. End the game as its "
           "winner.",
           Best(wins_now, yes_no("you win at once", "the game goes on"), "SX-I10"),
           "When nobody can still reach five freed prisoners, the game ends and the most "
           "freed wins (SX-I10): ending the round now frees your two, and nobody can get "
           "five any more.",
           "End the round.", "Nobody reaches five"),
    Puzzle("sx-I5-route", ("SX-I5", "SX-13", "SX-18"),
           lambda: act(tiles={**EAST, **SOUTH_EAST}, doors={BLUE: ["2,0/0"]}), RED,
           "Two corridors lead off the island; Blue's door stands on the east one. Step a "
           "prisoner onto your shortest way out.",
           Best(nearest(RED), nearest_words, "SX-I5", least=True),
           "Blue's door claims its whole tunnel, 3,0 too (SX-I5, SX-13), so your way out is "
           "the south-east corridor to zone 5 (SX-18).",
           "Which corridor has no door?", "The shortest escape route"),
    Puzzle("sx-I5-components", ("SX-I5", "SX-13"),
           lambda: act(tiles={**EAST, "-2,0": ("straight", 0)}), RED,
           "Two tunnels: the corridor east (two tiles) and one straight on -2,0. Place a door "
           "so that you own as many tunnel parts as possible.",
           Best(owned_parts(RED), owned_words, "SX-I5"),
           "A tunnel is a component of the tunnel graph: all parts joined through facing "
           "openings (SX-I5). A door on either tile of the corridor east claims both (SX-13).",
           "Which tunnel is longer?", "Components are tunnels"),
    Puzzle("sx-13-claim", ("SX-13", "SX-14", "SX-I5"),
           lambda: act(tiles={**EAST, **SOUTH_EAST}, doors={RED: ["3,0/0"]}, player=BLUE),
           BLUE,
           "You are Blue. Red's door stands at the far end of the corridor east, on 3,0. "
           "Claim a tunnel with one of your doors.",
           Best(owned_parts(BLUE), owned_words, "SX-13"),
           "A door claims the whole component it stands in (SX-13, SX-I5): Red's door on 3,0 "
           "owns 2,0 too, and one door per tunnel (SX-14) leaves you the south-east corridor.",
           "Is 2,0 joined to 3,0?", "A door claims a component"),
    Puzzle("sx-15-tie", ("SX-15", "SX-I5"),
           lambda: position(tiles={**ROW, "4,-3": ("straight", 0)},
                            doors={RED: ["0,-3/0"], BLUE: ["3,-3/0"]}, player=BLUE,
                            hands={BLUE: ["straight"]}, seed=1), BLUE,
           "You are Blue. Your tunnel on 3,-3 and 4,-3 is as long as Red's on 0,-3 and 1,-3, "
           "and Red placed its door first. Lay your straight and keep your door on the board.",
           Best(doors_on_board(BLUE), doors_words, "SX-15"),
           "Closing the gap on 2,-3 would join two tunnels of two tiles each; on a tie the "
           "door placed earlier stays (SX-15, SX-I5), and that is Red's.",
           "Anywhere but the gap.", "A tie when tunnels join"),
    Puzzle("sx-20-spared", ("SX-20", "SX-17"),
           lambda: act(tiles={"-2,0": ("hiding", 0), "2,0": ("straight", 0)},
                       prisoners={RED: ["2,0/0"], BLUE: ["zone 0"]}), RED,
           "The round may end any moment. Leave as few of your prisoners as possible where a "
           "collapse would bury them.",
           Best(endangered(RED), endangered_words, "SX-20", least=True),
           "A collapse buries every prisoner in a tunnel except those on hiding places (SX-20); "
           "the island is safe too: step back from 2,0. A step onto the hiding place on -2,0 "
           "only moves a prisoner from safe to safe.",
           "Which of your prisoners stands in a plain tunnel?", "Spared by the collapse"),
])
"""Every Section X puzzle, in the order of the lesson's sections."""


def for_rule(rule: str) -> tuple[Puzzle, ...]:
    """The puzzles of one section (``"SX-07"``)."""
    return by_rule(PUZZLES, rule)


def puzzle(puzzle_id: str) -> Puzzle:
    """The puzzle with this id."""
    return by_id(PUZZLES, puzzle_id)


def try_it(key: str, **kwargs: Any) -> Any:
    """A puzzle as a card that opens its board (``PuzzleCard``): ``try_it("SX-07")`` (the
    section's first puzzle) or ``try_it("sx-15-keep")``; keywords go to the board."""
    from boardlib.widgets.puzzle import PuzzleCard

    chosen = puzzle(key) if key.startswith("sx-") else for_rule(key)[0]
    return PuzzleCard(chosen, **kwargs)


__all__ = ["PUZZLES", "for_rule", "puzzle", "try_it", "escaped_value", "way_out", "reach",
           "off_island", "owned_parts", "doors_on_board", "endangered", "hiding_distance",
           "wins_now", "nearest", "zone_openings", "Kind", "NO_WAY"]
