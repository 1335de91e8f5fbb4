"""Reading saved Carcassonne states: a schema first, then every check that the position
is one a game can reach (CB-01 … CB-16, TU-01 … TU-08, KR-01, KR-02)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardlib.core import InvalidInputError, is_whole, require
from boardlib.core.schema import Boolean, Choice, ListOf, Optional, Record, Text, TupleOf, Whole

from .groups import Features
from .scoring import end_scoring, feature_points, neighbours, subset_sums
from .state import AFTER, COLOURS, FOLLOWERS, OVER, PHASES, TILE, CarcassonneState, Draft
from .tiles import CITY, CLOISTER, DIRS, FIELD, ROAD, START_LETTER, TILE_TYPES

if TYPE_CHECKING:
    from .rules import CarcassonneGame


def state_schema(game: CarcassonneGame) -> Record:
    """What a saved Carcassonne state looks like: ``CarcassonneState.to_dict``."""
    n = game.num_players
    tiles = len(game.pool) + 1
    letter = Choice(*sorted(TILE_TYPES))
    colour = Choice(*game.colours_in_play) if game.colours_in_play else Choice()
    place = Whole(-tiles, tiles)
    points = Whole(0, int(game.info().max_score))
    per_player = TupleOf(*[points] * n)
    holder = Optional(TupleOf(Whole(0, n - 1), Whole(1, tiles)))
    return Record({
        "phase": Choice(*PHASES.names), "player": Whole(0, n - 1), "turn": Whole(1, tiles),
        "tile": Optional(letter), "deck": ListOf(letter, max_length=tiles),
        "discarded": ListOf(letter, max_length=tiles),
        "board": ListOf(TupleOf(place, place, letter, Whole(0, 3)), min_length=1,
                        max_length=tiles),
        "followers": ListOf(TupleOf(place, place, Text(60), Whole(0, n - 1)),
                            max_length=FOLLOWERS * n),
        "supply": TupleOf(*[Whole(0, FOLLOWERS)] * n), "scores": per_player,
        "end_scores": Optional(per_player),
        "tokens": ListOf(TupleOf(place, place, Choice(*DIRS), colour), max_length=12),
        "placed": Optional(TupleOf(place, place)), "follower_done": Boolean(),
        "turn_tokens": ListOf(colour, max_length=2), "pending": Optional(colour),
        "king": holder, "baron": holder,
        "completed": TupleOf(Whole(0, tiles), Whole(0, 4 * tiles), Whole(0, tiles)),
        "missed": ListOf(colour, max_length=len(COLOURS)),
    })


def load_state(game: CarcassonneGame, data: Mapping[str, Any],
               derive_completed: bool = False) -> CarcassonneState:
    """A saved state, refused (``InvalidInputError``) unless a game can reach it.

    After the schema: the tiles fit in the order listed (CB-04), are this game's tiles
    (CB-01, TU-02), followers and supplies agree (CB-01, CB-06, CB-07), tokens lie on
    openings (TU-03, TU-05); then ``check_reachable``: the turn's own record (the tile
    laid, its follower), the King and Robber Baron (KR-01, TU-I3), the end scores
    (CB-14, CB-15, KR-02) and every score (a sum of features completed, CB-08 … CB-11).
    ``derive_completed`` (for prepared positions) takes the completed-feature counts from
    the board instead of checking them.
    """
    if derive_completed:
        data = {**data, "completed": [0, 0, 0]}
    state_schema(game).check(data)
    state = _build_loaded(game, data, derive_completed)
    check_reachable(state, derive_completed)
    return state


def check_reachable(s: CarcassonneState, derived: bool = False) -> None:
    """Refuse what the board does not give: the last tile laid and its follower, the King
    and the Robber Baron, end scores and scores (see ``load_state``). A prepared position
    (``derived``) may show completed features whose King or Robber Baron nobody holds."""
    o, n = s.game.options, s.game.num_players
    if s.phase == AFTER:
        require(s.placed == list(s.board)[-1], "'placed' must be the tile laid last (CB-03)")
        mine = [p for (pos, _), p in s.followers.items() if pos == s.placed]
        require(all(p == s.player for p in mine), "a follower of another player stands on "
                "the tile just laid (CB-06)")
        require(s.follower_done == bool(mine), "'follower_done' must say whether a follower "
                "went on the tile just laid (CB-03, CB-06)")
    else:
        require(not s.follower_done and not s.turn_tokens and s.pending is None,
                "before a tile is laid nothing else of the turn has happened (CB-03)")
    sizes: dict[str, list[int]] = {CITY: [], ROAD: [], CLOISTER: []}
    points: list[int] = []
    for g in s.groups.values():
        if g.done and g.kind != FIELD:
            assert g.tiles is not None  # only fields have no tile set
            size = len(g.tiles)
            sizes[g.kind].append(size)
            points.append(feature_points(g, o["small_city_2pts"]))
    for key, kind, what in (("king", CITY, "city"), ("baron", ROAD, "road")):
        holder = getattr(s, key)
        if not o["king_robber_baron"] or derived:
            require(derived or holder is None, f"{key} without the King and Robber Baron rule "
                    "(KR-01)")
            continue
        largest = max(sizes[kind], default=None)
        if largest is None:
            require(holder is None, f"no {what} is completed, so nobody holds the {key} (KR-01)")
        else:
            require(holder is not None and holder[1] == largest, f"the largest completed {what} "
                    f"has {largest} tiles, so the {key} holds {largest} (KR-01, TU-I3)")
    end = (0,) * n
    if s.phase == OVER:
        end = end_scoring(s).points
        require(s.end_scores == end, f"the end scores must be {list(end)}, what the board "
                "gives (CB-14, CB-15, KR-02)")
    sums = subset_sums(points)
    for p in range(n):
        earned = s.scores[p] - end[p]
        require(earned >= 0 and (sums >> earned) & 1, f"player {p}'s score {s.scores[p]} is "
                "not what the features completed on this board can give (CB-08 … CB-11)")


def _build_loaded(game: CarcassonneGame, data: Mapping[str, Any],
                  derive_completed: bool) -> CarcassonneState:
    n = game.num_players
    o = game.options
    phase = data["phase"]
    require(phase in (TILE, AFTER, OVER), f"unknown phase {phase!r}")
    player = data["player"]
    require(isinstance(player, int) and 0 <= player < n, f"bad player {player!r}")
    s = Draft.empty(game)
    s.phase = phase
    s.player = player
    s.turn = data["turn"]
    require(isinstance(s.turn, int) and s.turn >= 1, "bad turn number")
    s.board, s.frontier, s.feats = {}, {}, Features({}, {}, 0)
    s.openings, s.followers, s.tokens = (), {}, {}
    s.king = s.baron = None
    board = data["board"]
    require(isinstance(board, list) and board, "the board must list the laid tiles")
    # The messages are written only for a refusal: a board is checked tile by tile on every load.
    for k, entry in enumerate(board):
        if not (isinstance(entry, list) and len(entry) == 4):
            raise InvalidInputError(f"bad board entry {entry!r}")
        x, y, letter, r = entry
        if not (isinstance(x, int) and isinstance(y, int) and isinstance(r, int)
                and 0 <= r < 4 and letter in TILE_TYPES):
            raise InvalidInputError(f"bad board entry {entry!r}")
        if k == 0:
            require((x, y, letter, r) == (0, 0, START_LETTER, 0),
                    "the first tile must be the start tile at 0,0 (CB-02)")
        else:
            need = s.frontier.get((x, y))
            if not ((x, y) not in s.board and need is not None
                    and r in game.fits(letter, need)):
                raise InvalidInputError(f"tile {letter} at {x},{y} does not fit the tiles laid "
                                        "before it (CB-04)")
        s.lay((x, y), letter, r)
    tile = data["tile"]
    deck = data["deck"]
    discarded = data["discarded"]
    require(isinstance(deck, list) and all(t in TILE_TYPES for t in deck), "bad deck")
    require(isinstance(discarded, list) and all(t in TILE_TYPES for t in discarded),
            "bad discard list")
    s.deck, s.drawn, s.discarded = tuple(deck), 0, tuple(discarded)
    everything = sorted([e[2] for e in board] + deck + discarded + ([tile] if phase == TILE
                                                                    else []))
    require(everything == sorted(game.pool + [START_LETTER]),
            "the tiles on the board, in the pile, discarded and in hand are not this game's "
            "tiles (CB-01, TU-02)")
    if phase == TILE:
        s.tile = tile
        s.placements = s.placements_for(tile)
        require(bool(s.placements), f"the tile in hand ({tile}) fits nowhere (CB-05)")
    else:
        require(tile is None, "no tile is in hand after laying it")
        s.tile, s.placements = None, ()
    placed = data["placed"]
    if phase == AFTER:
        require(isinstance(placed, list) and tuple(placed) in s.board, "bad 'placed'")
        s.placed = tuple(placed)
    else:
        require(placed is None, "'placed' is only set after laying the tile")
        s.placed = None
    require(isinstance(data["follower_done"], bool), "'follower_done' must be true or false")
    s.follower_done = data["follower_done"]
    s.turn_tokens = tuple(data["turn_tokens"])
    s.pending = data["pending"]
    require(all(c in game.colours_in_play for c in s.turn_tokens) and len(s.turn_tokens) <= (
        2 if o["tu_v3"] else 1), "bad 'turn_tokens'")
    require(s.pending is None or (o["tu_v3"] and s.pending in s.turn_tokens), "bad 'pending'")
    # Tunnel tokens and the tunnels they finish (TU-05, TU-I2).
    tokens = data["tokens"]
    require(isinstance(tokens, list), "tokens must be a list")
    for entry in tokens:
        require(isinstance(entry, list) and len(entry) == 4, f"bad token {entry!r}")
        x, y, side, colour = entry
        opening = (x, y, side)
        require(colour in game.colours_in_play, f"no {colour!r} tokens in this game (TU-02)")
        require(s.opening_node(opening) is not None, f"no tunnel opening at {x},{y} {side}")
        require(opening not in s.tokens, f"two tokens on {x},{y} {side}")
        s.tokens[opening] = colour
    require(s.pending is None or s.token_count(s.pending) == 1,
            "a tunnel waiting for its second token needs exactly one token out (TU-V3)")
    for colour in game.colours_in_play:
        ops = s.colour_openings(colour)
        require(len(ops) <= 2, f"more than two {colour} tokens (TU-01)")
        if len(ops) == 2:
            # No TU-I2 check here: the two roads may have joined after the tunnel was built.
            s.feats.link(s.claimed_node(ops[0]), s.claimed_node(ops[1]))
    # Followers (CB-06) and supplies (CB-01).
    followers = data["followers"]
    require(isinstance(followers, list), "followers must be a list")
    counts = [0] * n
    for entry in followers:
        require(isinstance(entry, list) and len(entry) == 4, f"bad follower {entry!r}")
        x, y, label, p = entry
        require((x, y) in s.board and isinstance(p, int) and 0 <= p < n,
                f"bad follower {entry!r}")
        index = s.oriented_at((x, y)).label_index.get(label)
        if index is None:
            raise InvalidInputError(f"tile at {x},{y} has no feature {label!r}")
        node = ((x, y), index)
        require(node not in s.followers, f"two followers on {x},{y} {label}")
        s.followers[node] = p
        gid = s.node_group[node]
        g = s.groups[gid]
        s.groups[gid] = g.replace(followers=g.followers + ((node, p),))
        counts[p] += 1
    supply = data["supply"]
    require(isinstance(supply, list) and len(supply) == n and all(
        isinstance(v, int) and v == FOLLOWERS - c for v, c in zip(supply, counts)),
        "each supply must be 7 minus the player's followers on the board (CB-01)")
    s.supply = tuple(supply)
    scores = data["scores"]
    require(isinstance(scores, list) and len(scores) == n and all(
        isinstance(v, int) and v >= 0 for v in scores), "scores must be whole numbers >= 0")
    s.scores = tuple(scores)
    end = data["end_scores"]
    require((end is None) == (phase != OVER), "end scores exist exactly when the game is over")
    require(end is None or (isinstance(end, list) and len(end) == n and all(
        is_whole(v) and v >= 0 for v in end)), "end scores must be whole numbers >= 0")
    require(phase != OVER or not s.deck, "a game is over only when no tile is left to lay (CB-13)")
    s.end_scores = None if end is None else tuple(end)
    # Completed features were scored in their turn; this turn's wait for EndTurn.
    pending_groups: set[int] = set()
    placed = s.placed
    if phase == AFTER:
        assert placed is not None  # checked with the phase above
        for i in range(len(TILE_TYPES[s.board[placed][0]].features)):
            pending_groups.add(s.node_group[(placed, i)])
        for colour in s.turn_tokens:
            for op in s.colour_openings(colour):
                pending_groups.add(s.node_group[s.claimed_node(op)])
    done = [0, 0, 0]
    for gid, g in list(s.groups.items()):
        if g.kind == FIELD:
            continue
        if g.kind == CLOISTER:
            assert g.tiles is not None  # a cloister lies on one tile
            (pos,) = g.tiles
            complete = neighbours(s.board, pos) == 8
            if placed is not None and phase == AFTER \
                    and max(abs(pos[0] - placed[0]), abs(pos[1] - placed[1])) <= 1:
                complete = False
        else:
            complete = g.open == 0 and gid not in pending_groups
        if complete:
            require(not g.followers, "a follower stands on a feature completed in an earlier "
                    "turn (CB-07)")
            s.groups[gid] = g.replace(done=True)
            done[{CITY: 0, ROAD: 1, CLOISTER: 2}[g.kind]] += 1
    completed = done if derive_completed else data["completed"]
    require(completed == done, f"completed feature counts {completed} do not match the board "
            f"{done}")
    s.completed = (done[0], done[1], done[2])
    for key in ("king", "baron"):
        value = data[key]
        require(value is None or (isinstance(value, list) and len(value) == 2 and is_whole(value[0])
                                  and 0 <= value[0] < n and is_whole(value[1])), f"bad {key}")
        require(value is None or o["king_robber_baron"], f"{key} without KR-01")
        setattr(s, key, None if value is None else tuple(value))
    missed = data["missed"]
    require(isinstance(missed, list) and all(c in game.colours_in_play for c in missed),
            "bad 'missed'")
    s.missed = frozenset(missed)
    return s.build()


__all__ = ["state_schema", "load_state", "check_reachable"]
