"""Carcassonne in words: moves, what they touched, who is winning and the rules each move
triggered (the protocol of :mod:`boardlib.core.teaching`).

Places in marks: a tile's place ``(x, y)`` (``placed``, ``count``, ``points``), a
feature segment ``((x, y), feature_index)`` as the engine numbers them (``feature``,
``follower``, ``removed``, ``pennant``) and a tunnel opening ``(x, y, side)``
(``token``). Marks of a move: ``placed`` (the laid tile, labelled with its letter),
``follower``, ``token``; of the end of a turn: ``feature`` (each segment of a feature
that scored, in the colour of its only winner), ``points`` (per winner, "+8") and
``removed`` (followers going home).

Features are named by where they lie on their tile, in words ("the city on the north
edge", "the field north of the road"): :func:`feature_words`. Every number comes from
the engine: what a turn completed from ``completed_this_turn``, points from
``feature_points`` and ``end_scoring``, majorities from ``majority``, leaders from
``leaders`` (CB-16).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from boardlib.core.teaching import (Column, Mark, Played, SeatLine, Standings, Step, Table,
                                    Teacher, joined, plural, sentence)

from .groups import Group, Node, Pos, majority
from .moves import EndTurn, Move, PlaceFollower, PlaceTile, PlaceTunnelToken
from .rules import CarcassonneGame, CarcassonneState
from .scoring import (BARON, KING, Payment, completed_this_turn, end_scoring, feature_points,
                      leaders, neighbours)
from .state import FOLLOWERS, OVER, TILE
from .tiles import CITY, CLOISTER, DELTA, DIRS, FIELD, OPPOSITE, ROAD, TILE_TYPES, oriented

TILE_NAMES: dict[str, str] = {
    "A": "cloister with a road", "B": "cloister", "C": "city filling the tile",
    "D": "city edge with a straight road", "E": "city edge", "F": "city across, with a pennant",
    "G": "city across", "H": "two opposite city edges", "I": "two city edges at a corner",
    "J": "city edge with a road bending right", "K": "city edge with a road bending left",
    "L": "city edge with three roads", "M": "corner city with a pennant", "N": "corner city",
    "O": "corner city with a pennant and a road bend", "P": "corner city with a road bend",
    "Q": "three-sided city with a pennant", "R": "three-sided city",
    "S": "three-sided city with a pennant and a road", "T": "three-sided city with a road",
    "U": "straight road", "V": "road bend", "W": "three roads meeting",
    "X": "crossroads", "TU1": "city edge with three tunnel roads",
    "TU2": "city edge with two tunnel roads", "TU3": "two tunnel roads",
    "TU4": "road to houses with three tunnel roads",
}
"""A short name per tile, without directions (they change when the tile turns)."""

ROLE = {ROAD: "thief", CITY: "knight", CLOISTER: "monk", FIELD: "farmer"}
"""What a follower is called on each kind of feature (CB-06)."""
ROLES = {ROAD: "thieves", CITY: "knights", CLOISTER: "monks", FIELD: "farmers"}
ON = {ROAD: "on", CITY: "in", CLOISTER: "in", FIELD: "on"}
STOPS = {"junction": "a crossing", "city": "a city", "cloister": "a cloister",
         "houses": "houses"}
"""Where a road stops inside a tile (the tiles' inner ends), in words (CB-08)."""
SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
TURNED = ("not turned", "turned 90° clockwise", "turned 180°", "turned 270° clockwise")
TURN_STEPS = ("as drawn", "turned one step clockwise", "turned two steps clockwise",
              "turned three steps clockwise")
# Where each half-edge NL … WR lies on the tile's rim (x east, y north), for field names.
HALF_AT = ((-0.5, 1.0), (0.5, 1.0), (1.0, 0.5), (1.0, -0.5), (0.5, -1.0), (-0.5, -1.0),
           (-1.0, -0.5), (-1.0, 0.5))
COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
           "south-east")


def tile_words(letter: str) -> str:
    """``"U"`` -> ``"tile U (straight road)"``."""
    return f"tile {letter} ({TILE_NAMES[letter]})"


def place_words(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def opening_words(opening: tuple[int, int, str]) -> str:
    """``(1, 0, "E")`` -> ``"the tunnel opening on the east edge of 1,0"``."""
    x, y, side = opening
    return f"the tunnel opening on the {SIDE_WORDS[side]} edge of {x},{y}"


def edges_words(directions: Sequence[int]) -> str:
    words = [SIDE_WORDS[DIRS[d]] for d in sorted(directions)]
    return f"{joined(words)} edge{'s' if len(words) > 1 else ''}"


@lru_cache(maxsize=None)
def tile_feature_words(letter: str, rotation: int) -> tuple[str, ...]:
    """The names of a turned tile's features, in the engine's feature order.

    Cities and roads by the edges they reach; a field by the compass point its half-edges
    lie towards, seen from the tile's roads (else its cities): "the field north of the
    road". Where two fields would get one name, the one beside a city is "the field
    between the city and the road". The cloister is "the cloister".
    """
    tile = TILE_TYPES[letter]
    features = tile.features
    roads = sum(f.kind == ROAD for f in features)
    cities = sum(f.kind == CITY for f in features)
    if roads:
        beside = "the road" if roads == 1 else "the roads"
    else:
        beside = "the city" if cities == 1 else "the cities"
    names: list[str] = []
    for f in features:
        turned = [(d + rotation) % 4 for d in f.edges]
        if f.kind == CLOISTER:
            names.append("the cloister")
        elif f.kind == CITY:
            names.append("the city filling the tile" if len(turned) == 4 else
                         f"the city on the {edges_words(turned)}")
        elif f.kind == ROAD:
            if len(turned) == 2:
                names.append(f"the road between the {edges_words(turned)}")
            else:
                tunnel = "tunnel " if f.is_opening else ""
                names.append(f"the {tunnel}road on the {edges_words(turned)}")
        else:
            halves = [(h + 2 * rotation) % 8 for h in f.edges]
            x = sum(HALF_AT[h][0] for h in halves)
            y = sum(HALF_AT[h][1] for h in halves)
            if abs(x) < 1e-9 and abs(y) < 1e-9:
                around = "the cloister" if any(g.kind == CLOISTER for g in features) else beside
                names.append(f"the field around {around}" if len(halves) == 8 else
                             f"the field between {beside}")
            else:
                angle = math.degrees(math.atan2(y, x)) % 360
                names.append(f"the field {COMPASS[round(angle / 45) % 8]} of {beside}")
    for i, f in enumerate(features):
        if f.kind == FIELD and f.cities and roads and names.count(names[i]) > 1:
            names[i] = f"the field between the city and {beside}"
    return tuple(names)


def feature_words(letter: str, rotation: int, index: int) -> str:
    """The name of feature ``index`` of a turned tile, e.g. "the field north of the road"."""
    return tile_feature_words(letter, rotation)[index]


def around(pos: Pos) -> list[Pos]:
    """The 8 places around a tile, row by row from the north-west (CB-10, CB-14)."""
    return [(pos[0] + dx, pos[1] + dy) for dy in (1, 0, -1) for dx in (-1, 0, 1) if dx or dy]


def kind_of(state: Any, node: Node) -> str:
    pos, i = node
    return TILE_TYPES[state.board[pos][0]].features[i].kind


def node_words(state: Any, node: Node) -> str:
    """A feature segment on the board in words: "the city on the north edge on tile 0,1"."""
    pos, i = node
    letter, rotation = state.board[pos]
    return f"{feature_words(letter, rotation, i)} on tile {place_words(pos)}"


def feature_size_words(group: Group, adjective: str = "") -> str:
    """"the road of 3 tiles", "the city of 4 tiles with 2 pennants", "the cloister at 0,1";
    ``adjective`` goes before the kind ("the unfinished road of 3 tiles")."""
    assert group.tiles is not None
    kind = f"{adjective} {group.kind}" if adjective else group.kind
    if group.kind == CLOISTER:
        (pos,) = group.tiles
        return f"the {kind} at {place_words(pos)}"
    pennants = f" with {plural(group.pennants, 'pennant')}" if group.pennants else ""
    return f"the {kind} of {plural(len(group.tiles), 'tile')}{pennants}"


class CarcassonneTeacher(Teacher):
    """Carcassonne's moves, marks, standings and explanations in learner words."""

    game: CarcassonneGame

    def names(self, players: Sequence[int]) -> str:
        return joined([self.name(p) for p in players])

    def follower_node(self, before: Any, move: PlaceFollower) -> Node:
        return before.placed, before.oriented_at(before.placed).label_index[move.feature]

    # --- words -----------------------------------------------------------------------------
    def move_words(self, before: Any, move: Move, after: Any = None,
                   viewer: int | None = None) -> str:
        who = self.name(before.current_player)
        if isinstance(move, PlaceTile):
            return sentence(f"{who} laid {tile_words(before.tile)} at "
                            f"{place_words(move.position)}, {TURNED[move.rotation]}")
        if isinstance(move, PlaceFollower):
            node = self.follower_node(before, move)
            kind = kind_of(before, node)
            letter, rotation = before.board[node[0]]
            return sentence(f"{who} put a {ROLE[kind]} {ON[kind]} "
                            f"{feature_words(letter, rotation, node[1])}")
        if isinstance(move, PlaceTunnelToken):
            pair = self.pair(move.colour)
            words = f"{who} put a {pair} tunnel token on {opening_words(move.opening)}"
            partner = before.colour_openings(move.colour)
            if partner:
                words += f", finishing the {pair} tunnel from {opening_words(partner[0])}"
            return sentence(words)
        after = before.apply(move) if after is None else after
        gains = [(p, a - b) for p, (a, b) in enumerate(zip(after.scores, before.scores))
                 if a != b]
        words = f"{who} ended the turn"
        if gains:
            words += "; " + joined([f"{self.name(p)} scored {d}" for p, d in gains])
        if after.phase == OVER:
            words += "; the game is over"
        return sentence(words)

    def hint_words(self, state: Any, move: Move, viewer: int | None = None) -> str:
        if isinstance(move, PlaceTile):
            return (f"lay {tile_words(state.tile)} on {place_words(move.position)}, "
                    f"{TURN_STEPS[move.rotation]}")
        if isinstance(move, PlaceFollower):
            node = self.follower_node(state, move)
            kind = kind_of(state, node)
            letter, rotation = state.board[node[0]]
            return f"put a {ROLE[kind]} {ON[kind]} {feature_words(letter, rotation, node[1])}"
        if isinstance(move, PlaceTunnelToken):
            finish = " to finish the tunnel" if state.colour_openings(move.colour) else ""
            pair = self.pair(move.colour)
            return f"put a {pair} tunnel token on {opening_words(move.opening)}{finish}"
        return "end your turn"

    # --- marks -----------------------------------------------------------------------------
    def marks(self, before: Any, move: Move, after: Any = None,
              viewer: int | None = None) -> tuple[Mark, ...]:
        mover = before.current_player
        if isinstance(move, PlaceTile):
            return (Mark("placed", move.position, mover, before.tile),)
        if isinstance(move, PlaceFollower):
            node = self.follower_node(before, move)
            return (Mark("follower", node, mover, ROLE[kind_of(before, node)]),)
        if isinstance(move, PlaceTunnelToken):
            return tuple(Mark("token", o, mover, move.colour)
                         for o in [move.opening] + before.colour_openings(move.colour))
        after = before.apply(move) if after is None else after
        small = self.game.options["small_city_2pts"]
        marks: list[Mark] = []
        for done in completed_this_turn(before):
            g = before.groups[done.group]
            winners = majority(g.counts())
            marks += self.feature_marks(g.members, winners)
            marks += [Mark("points", self.anchor(g, before.placed), p,
                           f"+{feature_points(g, small)}") for p in winners]
            marks += [Mark("removed", node, p, ROLE[g.kind]) for node, p in g.followers]
        if after.phase == OVER:
            for pay in end_scoring(after).payments:
                if pay.amount and pay.players:
                    members = self.payment_nodes(after, pay)
                    marks += self.feature_marks(members, pay.players)
                    if members:
                        marks += [Mark("points", min(members)[0], p, f"+{pay.amount}")
                                  for p in pay.players]
        return tuple(marks)

    @staticmethod
    def feature_marks(members: Sequence[Node], winners: Sequence[int]) -> list[Mark]:
        seat = winners[0] if len(winners) == 1 else None
        return [Mark("feature", node, seat) for node in sorted(members)]

    @staticmethod
    def anchor(g: Group, placed: Pos | None) -> Pos:
        """Where a feature's points are shown: the tile just laid if it is part of it."""
        assert g.tiles is not None
        return placed if placed is not None and placed in g.tiles else min(g.tiles)

    @staticmethod
    def payment_nodes(state: Any, pay: Payment) -> list[Node]:
        """The segments an end-scoring payment is about (the fields of a farm)."""
        groups = state.groups
        if pay.kind == FIELD:
            return sorted(n for f in pay.fields for n in groups[f].members)
        if pay.group is None:
            return []
        return sorted(groups[pay.group].members)

    # --- explanations ----------------------------------------------------------------------
    def explain(self, before: Any, move: Move, after: Any = None,
                viewer: int | None = None) -> tuple[Step, ...]:
        after = before.apply(move) if after is None else after
        if isinstance(move, PlaceTile):
            return self.explain_tile(before, move, after)
        if isinstance(move, PlaceFollower):
            return self.explain_follower(before, move, after)
        if isinstance(move, PlaceTunnelToken):
            return self.explain_token(before, move, after)
        assert isinstance(move, EndTurn)
        return self.explain_end_turn(before, after)

    def explain_tile(self, before: CarcassonneState, move: PlaceTile,
                     after: CarcassonneState) -> tuple[Step, ...]:
        mover = before.current_player
        letter = before.tile
        assert letter is not None
        x, y = move.position
        sides = oriented(letter, move.rotation).sides
        kinds = {"C": "city", "R": "road", "F": "field"}
        shared = []
        for d, (dx, dy) in enumerate(DELTA):
            other = after.board.get((x + dx, y + dy))
            if other is not None:
                theirs = oriented(*other).sides[OPPOSITE[d]]
                shared.append(f"{SIDE_WORDS[DIRS[d]]}: {kinds[sides[d]]} against "
                              f"{kinds[theirs]}")
        who = self.name(mover)
        return (self.step(
            "CB-04", f"{sentence(who)} lays {tile_words(letter)} on {x},{y}, "
            f"{TURNED[move.rotation]}. It touches the land along "
            f"{plural(len(shared), 'edge')}, and every shared edge matches "
            f"({'; '.join(shared)}).", [Mark("placed", move.position, mover, letter)],
            event=self.move_words(before, move, after)),)

    def explain_follower(self, before: CarcassonneState, move: PlaceFollower,
                         after: CarcassonneState) -> tuple[Step, ...]:
        mover = before.current_player
        who = self.name(mover)
        node = self.follower_node(before, move)
        kind = kind_of(before, node)
        g = after.group_of(node)
        if kind == FIELD:
            size = f", a field over {plural(len({p for p, _ in g.members}), 'tile')}"
        else:
            size = "" if kind == CLOISTER else f", part of {feature_size_words(g)}"
        left = after.supply[mover]
        return (self.step(
            "CB-06", f"{sentence(who)} puts a {ROLE[kind]} {ON[kind]} "
            f"{node_words(before, node)}{size}. No follower stood on that {kind} yet, so "
            f"the place is free. {sentence(who)} has {plural(left, 'follower')} left in "
            f"hand (of {FOLLOWERS}, CB-01).",
            [Mark("follower", node, mover, ROLE[kind])]
            + [Mark("feature", n, mover) for n in sorted(g.members) if n != node],
            event=self.move_words(before, move, after)),)

    def pair(self, colour: str) -> str:
        """A pair of tunnel tokens in words, named by its owner's seat as the board labels
        it (TU-02): "Red 2" for Red's second pair, "Red" when Red has only one."""
        owner, number = self.game.token_set(colour)
        many = len(self.game.colours_of[owner]) > 1
        return self.name(owner) + (f" {number}" if many else "")

    def explain_token(self, before: CarcassonneState, move: PlaceTunnelToken,
                      after: CarcassonneState) -> tuple[Step, ...]:
        mover = before.current_player
        who = self.name(mover)
        partner = before.colour_openings(move.colour)
        steps = [self.step(
            "TU-03", f"{sentence(who)} claims {opening_words(move.opening)} with a "
            f"{self.pair(move.colour)} token.", [Mark("token", move.opening, mover, move.colour)],
            event="" if partner else self.move_words(before, move, after))]
        if partner:
            road = after.group_of(after.claimed_node(move.opening))
            assert road.tiles is not None  # a road lies on tiles
            steps.append(self.step(
                "TU-05", f"That is the second {self.pair(move.colour)} token, so the tunnel is "
                "finished: "
                f"the road now runs underground from {opening_words(partner[0])} to "
                f"{opening_words(move.opening)}, and the two roads are one road "
                f"of {plural(len(road.tiles), 'tile')}. The tunnel belongs to everybody "
                "(TU-06).",
                [Mark("token", o, mover, move.colour) for o in (partner[0], move.opening)]
                + [Mark("feature", n, None) for n in sorted(road.members)],
                event=sentence(f"{who} finished the {self.pair(move.colour)} tunnel")))
        elif before.pending is None and self.game.options["tu_v3"]:
            steps.append(self.step(
                "TU-V3", f"With shared tokens a tunnel is built whole: {who} places the "
                "second token now."))
        return tuple(steps)

    def explain_end_turn(self, before: CarcassonneState,
                         after: CarcassonneState) -> tuple[Step, ...]:
        steps: list[Step] = []
        for done in completed_this_turn(before):
            steps += self.completion_steps(before, before.groups[done.group])
        steps += self.royal_steps(before, after)
        for letter in after.discarded[len(before.discarded):]:
            steps.append(self.step(
                "CB-05", f"{sentence(tile_words(letter))} fits nowhere on the board, so it is "
                "removed from the game and the next tile is drawn.",
                event=f"{sentence(tile_words(letter))} fitted nowhere and was removed"))
        if after.phase == OVER:
            steps += self.end_steps(after)
        elif not steps:
            steps.append(self.step(
                "CB-03", f"{sentence(self.name(before.current_player))} ends the turn: "
                "nothing was completed, so nothing scores."))
        if after.phase != OVER:
            assert after.tile is not None  # a turn that goes on has its tile drawn (CB-05)
            nxt = self.name(after.current_player)
            steps.append(self.step(
                "CB-03", f"The next turn is {nxt}'s: {nxt} draws {tile_words(after.tile)}.",
                event=f"{sentence(nxt)} drew {tile_words(after.tile)}"))
        return tuple(steps)

    def count_marks(self, g: Group) -> list[Mark]:
        assert g.tiles is not None
        return [Mark("count", t, None, str(k)) for k, t in enumerate(sorted(g.tiles), 1)]

    def majority_step(self, g: Group, what: str, winners: Sequence[int]) -> Step:
        """CB-11 (CB-I1): who has followers on a feature and who takes its points."""
        counts = g.counts()
        role = ROLE[g.kind]
        if not counts:
            return self.step("CB-11", f"No {role} stands on {what}, so nobody scores it.")
        having = joined([f"{self.name(p)} {plural(c, role, ROLES[g.kind])}"
                         for p, c in sorted(counts.items())])
        if len(winners) == 1:
            verdict = (f"{self.name(winners[0])} alone has {ROLES[g.kind]} there and takes "
                       "the points"
                       if len(counts) == 1 else
                       f"{self.name(winners[0])} has the most and takes the points")
        else:
            verdict = (f"{self.names(winners)} have as many each, so all of them score in "
                       "full (CB-I1)")
        return self.step("CB-11", f"On {what}: {having}. {sentence(verdict)}.",
                         [Mark("follower", node, p, role) for node, p in sorted(g.followers)])

    def completion_steps(self, state: CarcassonneState, g: Group) -> list[Step]:
        """CB-08 … CB-12, TU-07, CB-07: a feature this turn completed, step by step."""
        small = self.game.options["small_city_2pts"]
        assert g.tiles is not None
        size, kind = len(g.tiles), g.kind
        winners = majority(g.counts())
        points = feature_points(g, small)
        what = feature_size_words(g)
        feature = self.feature_marks(g.members, winners)
        steps: list[Step] = []
        if kind == ROAD:
            steps.append(self.step(
                "CB-08", f"The road is complete: {self.road_ends(state, g)}. It runs over "
                f"{plural(size, 'tile')}.", self.count_marks(g) + feature))
            tunnels = [o for o, c in state.tokens.items() if state.token_count(c) == 2
                       and state.opening_node(o) in g.members]
            if tunnels:
                steps.append(self.step(
                    "TU-07", f"The road goes through {plural(len(tunnels) // 2, 'tunnel')}; "
                    "only its visible tiles count, a tunnel adds none.",
                    [Mark("token", o, None, state.tokens[o]) for o in sorted(tunnels)]))
        elif kind == CITY:
            steps.append(self.step(
                "CB-09", f"The city is complete: its wall is closed all round. It covers "
                f"{plural(size, 'tile')}.", self.count_marks(g) + feature))
        else:
            (pos,) = g.tiles
            steps.append(self.step(
                "CB-10", f"The cloister at {place_words(pos)} is complete: all "
                f"{neighbours(state.board, pos)} places around it hold tiles.",
                [Mark("count", t, None, str(k)) for k, t in enumerate(around(pos), 1)]
                + feature))
        twice = sorted({p for p, _ in g.members
                        if sum(1 for q, _ in g.members if q == p) > 1})
        if twice and kind != CLOISTER:
            steps.append(self.step(
                "CB-12", f"{joined([f'Tile {place_words(p)}' for p in twice])} "
                f"carr{'ies' if len(twice) == 1 else 'y'} two parts of this {kind} but "
                f"count{'s' if len(twice) == 1 else ''} once.",
                [Mark("count", p, None) for p in twice]))
        if kind == CITY and g.pennants:
            flags = [n for n in sorted(g.members)
                     if TILE_TYPES[state.board[n[0]][0]].features[n[1]].pennants]
            steps.append(self.step(
                "CB-09", f"It has {plural(g.pennants, 'pennant')}, each worth as much as a "
                "tile.", [Mark("pennant", n) for n in flags]))
        steps.append(self.majority_step(g, what, winners))
        worth = plural(points, "point")
        if kind == ROAD:
            rule, sum_words = "CB-08", f"scores 1 point per tile: {worth}"
        elif kind == CITY and small and size == 2:
            rule, sum_words = "CB-09", (f"of 2 tiles scores {worth} (the first-edition "
                                        "option)")
        elif kind == CITY:
            pennant_sum = f" + {g.pennants} × 2" if g.pennants else ""
            rule, sum_words = "CB-09", (f"scores 2 points per tile and 2 per pennant: {size} × 2"
                                        f"{pennant_sum} = {worth}")
        else:
            rule, sum_words = "CB-10", f"scores {worth}"
        gets = (f"{worth} for {self.names(winners)}" if winners else "nobody scores it")
        anchor = self.anchor(g, state.placed)
        steps.append(self.step(
            rule, f"A completed {kind} {sum_words}"
            + (f" for {self.names(winners)}." if winners else ", but nobody takes them."),
            [Mark("points", anchor, p, f"+{points}") for p in winners],
            event=sentence(f"{what} is complete: {gets}")))
        if g.followers:
            home = (f"The {ROLE[kind]} on it goes back to its owner" if len(g.followers) == 1
                    else f"The {len(g.followers)} {ROLES[kind]} on it go back to their owners")
            steps.append(self.step(
                "CB-07", f"{home}, to be placed again.",
                [Mark("removed", node, p, ROLE[kind]) for node, p in sorted(g.followers)],
                event=f"{plural(len(g.followers), 'follower')} went home"))
        return steps

    @staticmethod
    def road_ends(state: CarcassonneState, g: Group) -> str:
        """How a completed road is closed: where its two ends stop, or a loop (CB-08)."""
        stops = []
        for pos, i in sorted(g.members):
            end = TILE_TYPES[state.board[pos][0]].features[i].inner_end
            if end is not None and end != "tunnel":
                stops.append(STOPS[end])
        if not stops:
            return "it closes a loop"
        if len(set(stops)) == 1:
            return f"both its ends stop at {stops[0]}"
        return f"one end stops at {stops[0]}, the other at {joined(stops[1:])}"

    def royal_steps(self, before: CarcassonneState, after: CarcassonneState) -> list[Step]:
        """KR-01 (TU-09, TU-I3): the King or the Robber Baron changes hands."""
        steps = []
        if after.king != before.king and after.king is not None:
            holder, size = after.king
            steps.append(self.step(
                "KR-01", f"{sentence(self.name(holder))} completed the largest city so far "
                f"({plural(size, 'tile')}) and becomes King; only a larger city takes the "
                "title over (TU-I3).", event=f"{sentence(self.name(holder))} became King"))
        if after.baron != before.baron and after.baron is not None:
            holder, size = after.baron
            rule = "TU-09" if any(e.rule == "TU-09" for e in after.events) else "KR-01"
            how = (" by placing the last token of a tunnel" if rule == "TU-09" else "")
            steps.append(self.step(
                rule, f"{sentence(self.name(holder))} completed the longest road so far "
                f"({plural(size, 'tile')}){how}, and becomes Robber Baron; only a longer road "
                "takes the title over (TU-I3).",
                event=f"{sentence(self.name(holder))} became Robber Baron"))
        return steps

    # --- the end ---------------------------------------------------------------------------
    def end_steps(self, state: CarcassonneState) -> list[Step]:
        """CB-13 … CB-16 and KR-02: the end scoring, payment by payment, and the winner."""
        end = end_scoring(state)
        assert end.points == state.end_scores
        steps = [self.step("CB-13", "The last tile has been laid and scored, so the game is "
                           "over. Now unfinished features and farms score." if end.payments else
                           "The last tile has been laid and scored, so the game is over. No "
                           "unfinished feature or farm holds a follower, so nothing more "
                           "scores.")]
        for pay in end.payments:
            if pay.kind in (ROAD, CITY, CLOISTER):
                steps.append(self.unfinished_step(state, pay))
            elif pay.kind == FIELD:
                steps += self.farm_steps(state, pay)
            else:
                steps.append(self.royal_bonus_step(state, pay))
        outcome = state.outcome()
        assert outcome is not None
        scores = joined([f"{self.name(p)} {s}" for p, s in enumerate(state.scores)])
        best = state.scores[outcome.winners[0]]
        verdict = (f"{self.names(outcome.winners)} wins with {best} points" if
                   len(outcome.winners) == 1 else
                   f"{self.names(outcome.winners)} share the win with {best} points (CB-I1)")
        steps.append(self.step("CB-16", f"Final scores: {scores}. {sentence(verdict)}.",
                               event=sentence(verdict)))
        return steps

    def unfinished_step(self, state: CarcassonneState, pay: Payment) -> Step:
        """CB-14: an unfinished road, city or cloister with followers on it."""
        assert pay.group is not None
        g = state.groups[pay.group]
        assert g.tiles is not None
        size = len(g.tiles)
        if pay.kind == ROAD:
            how = f"1 point per tile: {pay.amount}"
        elif pay.kind == CITY:
            how = f"1 point per tile and 1 per pennant: {size} + {g.pennants} = {pay.amount}"
        else:
            (pos,) = g.tiles
            how = (f"1 point plus 1 per neighbouring tile: 1 + "
                   f"{neighbours(state.board, pos)} = {pay.amount}")
        counts = g.counts()
        having = joined([f"{self.name(p)} {c}" for p, c in sorted(counts.items())])
        what = feature_size_words(g, "unfinished")
        if pay.kind == CLOISTER:
            (pos,) = g.tiles
            counted = [Mark("count", t, None, str(k)) for k, t in enumerate(
                [t for t in around(pos) if t in state.board], 1)]
        else:
            counted = self.count_marks(g)
        return self.step(
            "CB-14", f"{sentence(what)} scores {how} for {self.names(pay.players)} "
            f"({ROLES[g.kind]} on it: {having}; the most take it, CB-11).",
            counted + self.feature_marks(g.members, pay.players)
            + [Mark("follower", node, p, ROLE[g.kind]) for node, p in sorted(g.followers)]
            + [Mark("points", min(g.tiles), p, f"+{pay.amount}") for p in pay.players],
            event=sentence(f"{what} scores {pay.amount} for {self.names(pay.players)}"))

    def farm_steps(self, state: CarcassonneState, pay: Payment) -> list[Step]:
        """CB-15 with CB-11: a farm under the game's farm rule, in three steps."""
        groups = state.groups
        fields = [groups[f] for f in pay.fields]
        field_nodes = sorted(n for f in fields for n in f.members)
        city_marks = [Mark("count", n, None, str(k))
                      for k, c in enumerate(pay.cities, 1) for n in sorted(groups[c].members)]
        style = self.game.options["farms"]
        farmers = [Mark("follower", node, p, "farmer")
                   for f in fields for node, p in sorted(f.followers)]
        points = [Mark("points", field_nodes[0][0], p, f"+{pay.amount}") for p in pay.players]
        cities = plural(len(pay.cities), "completed city", "completed cities")
        if style == "3rd":
            (field,) = fields
            tiles = len({p for p, _ in field.members})
            if not pay.cities:
                return [self.step(
                    "CB-15", f"A farm: the field over {plural(tiles, 'tile')} borders no "
                    f"completed city, so {self.names(pay.players)}'s farmers score nothing.",
                    [Mark("feature", n) for n in field_nodes] + farmers)]
            first = self.step(
                "CB-15", f"A farm: the field over {plural(tiles, 'tile')} borders {cities}.",
                [Mark("feature", n) for n in field_nodes] + city_marks)
            second = self.majority_step(field, "the field", pay.players)
            rule = f"Each completed city it borders pays 3 points: 3 × {len(pay.cities)} = "
        else:
            city = groups[pay.cities[0]]
            assert city.tiles is not None
            first = self.step(
                "CB-15", f"The completed city of {plural(len(city.tiles), 'tile')} is "
                f"supplied by {plural(len(fields), 'field')} with farmers on them.",
                [Mark("feature", n) for n in field_nodes] + city_marks)
            if style == "1st":
                total: dict[int, int] = {}
                for f in fields:
                    for p, k in f.counts().items():
                        total[p] = total.get(p, 0) + k
                having = joined([f"{self.name(p)} {plural(k, 'farmer')}"
                                 for p, k in sorted(total.items())])
                second = self.step(
                    "CB-11", f"Farmers on all those fields together: {having}. "
                    f"{sentence(self.names(pay.players))} "
                    f"{'has' if len(pay.players) == 1 else 'have'} the most (first edition).",
                    farmers)
                rule = "The city pays its farmers' majority 4 points: "
            else:
                each = joined([f"{self.names(majority(f.counts()))} on the field of "
                               f"{plural(len({p for p, _ in f.members}), 'tile')}"
                               for f in fields])
                second = self.step(
                    "CB-11", f"The majority of each field: {each}. Each of them is paid once "
                    "for this city (second edition).", farmers)
                rule = "The city pays each of them 3 points: "
        third = self.step(
            "CB-15", f"{rule}{pay.amount} for {self.names(pay.players) or 'nobody'}.", points,
            event=sentence(f"a farm scores {pay.amount} for {self.names(pay.players)}")
            if pay.players and pay.amount else "")
        return [first, second, third]

    def royal_bonus_step(self, state: CarcassonneState, pay: Payment) -> Step:
        """KR-02: the King's and the Robber Baron's points at the end."""
        title, what = ("King", "city") if pay.kind == KING else ("Robber Baron", "road")
        many = "cities" if what == "city" else "roads"
        return self.step(
            "KR-02", f"{sentence(self.names(pay.players))}, the {title}, scores 1 point per "
            f"completed {what} in the game: {plural(pay.amount, what, many)}, "
            f"{plural(pay.amount, 'point')}.",
            event=sentence(f"the {title} scores {pay.amount}"))

    # --- standings -------------------------------------------------------------------------
    def standings(self, state: Any, viewer: int | None = None,
                  played: Sequence[Played] | None = None) -> Standings:
        """Scores (CB-16 decides by them), what the end would add now (CB-14, CB-15,
        KR-02), followers in hand (CB-01) and tunnel tokens left (TU-02); at the end the
        points by feature. The pile's order is never used: only how many tiles it holds."""
        game = self.game
        n = game.num_players
        over = state.phase == OVER
        columns = [Column("score", "Score", "CB-16", decides=True)]
        if not over:
            columns.append(Column("if_ended", "If it ended now", "CB-14"))
        columns.append(Column("followers", "Followers in hand", "CB-01"))
        tokens = game.options["tunnel"] and not game.options["tu_v3"]
        if tokens:
            columns.append(Column("tokens", "Tunnel tokens left", "TU-02"))
        projected = None if over else end_scoring(state).points
        lines = []
        for p in range(n):
            values: list[int] = [state.scores[p]]
            if projected is not None:
                values.append(state.scores[p] + projected[p])
            values.append(state.supply[p])
            if tokens:
                mine = game.colours_of[p]
                values.append(2 * len(mine) - sum(1 for c in state.tokens.values()
                                                  if c in mine))
            notes = [title for title, holder in (("King", state.king),
                                                 ("Robber Baron", state.baron))
                     if holder is not None and holder[0] == p]
            if p == state.current_player:
                notes.append("to move")
            lines.append(SeatLine(p, self.name(p), tuple(values), note=", ".join(notes)))
        ahead = state.outcome().winners if over else leaders(state.scores)
        best = state.scores[ahead[0]]
        names = self.names(ahead)
        if over:
            summary = (f"{names} won with {best} points (CB-16)" if len(ahead) == 1 else
                       f"{names} share the win with {best} points (CB-16, CB-I1)")
        elif len(ahead) == 1:
            summary = f"{names} leads with {best} points (CB-16)"
        else:
            summary = f"{names} are level with {best} points (CB-16)"
        facts = [f"{plural(len(state.deck) - state.drawn, 'tile')} left in the pile (CB-13)."]
        if state.phase == TILE:
            facts.append(f"{sentence(self.name(state.player))} is laying "
                         f"{tile_words(state.tile)}.")
        for title, holder, what in (("King", state.king, "city"),
                                    ("Robber Baron", state.baron, "road")):
            if holder is not None:
                facts.append(f"{sentence(self.name(holder[0]))} is {title} (longest {what} "
                             f"completed: {plural(holder[1], 'tile')}, KR-01)."
                             if what == "road" else
                             f"{sentence(self.name(holder[0]))} is {title} (largest {what} "
                             f"completed: {plural(holder[1], 'tile')}, KR-01).")
        breakdown = self.points_by_feature(state, played) if over else None
        return Standings(Table("Scores", tuple(columns), tuple(lines)), ahead,
                         sentence(summary) + ".", tuple(facts), over, breakdown)

    def points_by_feature(self, state: Any, played: Sequence[Played] | None) -> Table:
        """Points per player by what paid them: roads, cities, cloisters, farms and the
        King and Robber Baron; during the game from ``played`` (each turn's completed
        features, CB-08 … CB-11), at the end from ``end_scoring`` (CB-14, CB-15, KR-02).
        Without ``played`` only the end scoring is split."""
        n = self.game.num_players
        small = self.game.options["small_city_2pts"]
        keys = (ROAD, CITY, CLOISTER, FIELD, "royal")
        points = {p: dict.fromkeys(keys, 0) for p in range(n)}
        played = played or None
        earlier = [0] * n
        if played is not None:
            first = played[0].before
            assert isinstance(first, CarcassonneState)
            earlier = list(first.scores)
            for turn in played:
                before = turn.before
                if isinstance(turn.move, EndTurn):
                    assert isinstance(before, CarcassonneState)
                    for done in completed_this_turn(before):
                        g = before.groups[done.group]
                        for p in majority(g.counts()):
                            points[p][g.kind] += feature_points(g, small)
        for pay in end_scoring(state).payments:
            key = "royal" if pay.kind in (KING, BARON) else pay.kind
            for p in pay.players:
                points[p][key] += pay.amount
        columns = [Column(ROAD, "Roads", "CB-08"), Column(CITY, "Cities", "CB-09"),
                   Column(CLOISTER, "Cloisters", "CB-10"), Column(FIELD, "Farms", "CB-15")]
        if self.game.options["king_robber_baron"]:
            columns.append(Column("royal", "King and Robber Baron", "KR-02"))
        if played is not None and any(earlier):
            columns.insert(0, Column("earlier", "Before this record", "CB-16"))
        lines = []
        for p in range(n):
            values = [points[p][c.key] if c.key != "earlier" else earlier[p] for c in columns]
            lines.append(SeatLine(p, self.name(p), tuple(values)))
        title = "Points by feature" if played is not None else "End scoring by feature"
        return Table(title, tuple(columns), tuple(lines))


__all__ = ["CarcassonneTeacher", "TILE_NAMES", "ROLE", "tile_words", "feature_words",
           "tile_feature_words", "opening_words", "node_words", "feature_size_words"]
