"""Bots that see only observations (R25-I4) and the networkx views of the complex."""

import networkx as nx
import pytest

import boardlib
from boardlib.room25.bots import (GuardBot, ObservationRandomBot, PrisonerBot, RoleBot)
from boardlib.room25.graphs import (complex_graph, exit_graph, exit_moves, route_to_room25,
                                    safe_graph, safe_route)
from boardlib.room25.rules import CENTER, EXIT_ZONES, NEIGHBOURS, POS_INDEX, POS_NAMES
from boardlib.room25.scenarios import position

from .helpers import load, play, program_all

BOT_CLASSES = (ObservationRandomBot, PrisonerBot, GuardBot, RoleBot)


def _hidden_variant(state, player):
    """The same position with information ``player`` may not see changed: two unseen
    face-down rooms swapped, other characters' programs and roles changed."""
    data = state.to_dict()
    grid = list(data["grid"])
    hidden = [p for p in range(25) if not data["face_up"] >> grid[p] & 1
              and not data["seen"][player] >> grid[p] & 1
              and state.game.kinds[grid[p]] != state.kind_at(0)]
    p, q = next((a, b) for a in hidden for b in hidden
                if state.game.kinds[grid[a]] != state.game.kinds[grid[b]])
    grid[p], grid[q] = grid[q], grid[p]
    data["grid"] = grid
    game = state.game
    prog = list(data["prog"])
    for c in range(game.num_chars):
        if game.owner[c] != player and len(prog[c]) == 2 and not data["did"][c]:
            prog[c] = prog[c][::-1]
    data["prog"] = prog
    roles = list(data["roles"])
    others = [c for c in range(game.num_chars) if game.owner[c] != player
              and not data["shown"][c]]
    a, b = next((a, b) for a in others for b in others if roles[a] != roles[b])
    roles[a], roles[b] = roles[b], roles[a]
    data["roles"] = roles
    return game.state_from_dict(data)


def _decision_points(seed):
    """A few suspicion positions along a random game (programming and execution)."""
    game = load("suspicion", players=5, seed=seed)
    state = game.new_initial_state()
    bot = ObservationRandomBot(seed)
    points = []
    while not state.is_terminal() and len(points) < 12:
        if state.phase in ("program", "exec") and state.turn <= 3:
            points.append(state)
        state = state.apply(bot.choose(state))
    return points


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_R25_I4_bot_choice_ignores_what_it_may_not_see(seed):
    checked = 0
    for state in _decision_points(seed):
        player = state.current_player
        try:
            other = _hidden_variant(state, player)
        except StopIteration:
            continue
        assert other.to_dict() != state.to_dict()          # the hidden information differs
        assert other.observation(player) == state.observation(player)
        assert other.legal_moves() == state.legal_moves()
        for cls in BOT_CLASSES:
            assert cls(seed=9).choose(other) == cls(seed=9).choose(state), cls.__name__
        checked += 1
    assert checked >= 5


def test_R25_I4_observation_masks_roles_and_programs():
    g = load("suspicion", players=4, seed=2)
    s = position(g, roles=["guard", "prisoner", "prisoner", "prisoner"])
    s = play(s, "program 0: move, look")
    obs1 = s.observation(1)
    assert obs1["characters"][0]["role"] is None and obs1["characters"][0]["program"] is None
    assert obs1["characters"][1]["role"] == "prisoner"
    assert s.observation(0)["characters"][0]["role"] == "guard"
    assert all(r["kind"] is None for r in obs1["rooms"] if not r["face_up"])


@pytest.mark.parametrize("mode", ["suspicion", "cooperative", "competition", "team", "solo"])
def test_observation_bots_finish_games_reproducibly(mode):
    def run():
        game = load(mode, seed=4)
        state = game.new_initial_state()
        bots = [RoleBot(seed=p) for p in range(game.num_players)]
        moves = []
        while not state.is_terminal():
            move = bots[state.current_player].choose(state)
            moves.append(str(move))
            state = state.apply(move)
        return moves, state.outcome()
    assert run() == run()


def test_prisoner_bot_survives_better_than_random():
    def deaths(cls):
        total = 0
        for seed in range(12):
            state = load("cooperative", players=4, seed=seed).new_initial_state()
            bots = [cls(seed=seed * 10 + p) for p in range(4)]
            while not state.is_terminal():
                state = state.apply(bots[state.current_player].choose(state))
            total += len(state.deaths)
        return total
    assert deaths(PrisonerBot) < deaths(ObservationRandomBot)


def test_guard_bot_pushes_into_known_danger():
    g = load("suspicion", players=4)
    s = position(g, roles=["guard", "prisoner", "prisoner", "prisoner"],
                 rooms={"b2": "empty", "a2": "deadly", "b1": "empty"}, face_up=["a2", "b1"],
                 chars={0: "b2", 1: "b2"})
    s = play(s, str(GuardBot(seed=0).choose(s)))
    assert s.prog[0][0] == "P"
    s = program_all(s)
    assert str(GuardBot(seed=0).choose(s)) == "push 1 to a2"


# --- graphs ---------------------------------------------------------------------------------------

def test_complex_graph_is_the_5x5_grid():
    g = complex_graph()
    assert g.number_of_nodes() == 25 and g.number_of_edges() == 40
    assert all(set(g[p]) == set(NEIGHBOURS[p]) for p in range(25))
    assert nx.is_isomorphic(g, nx.grid_2d_graph(5, 5))


def test_safe_route_avoids_known_deadly_and_locked_rooms():
    g = load("cooperative", players=4)
    s = position(g, rooms={"b3": "deadly", "c2": "flooded"}, face_up=["b3"])
    route = safe_route(s, "c3", "a3")
    assert len(route) == 5 and POS_INDEX["b3"] not in route  # not the 3-step way through b3
    data = s.to_dict()
    data["locked"] = 1 << s.grid[POS_INDEX["c2"]]
    data["face_up"] |= data["locked"]
    locked = g.state_from_dict(data)
    assert POS_INDEX["c2"] not in safe_graph(locked)
    route = safe_route(locked, "c3", "c1")
    assert route is not None and POS_INDEX["c2"] not in route and len(route) == 5
    # From an observation: a Deadly room only that player saw is avoided by that player.
    s2 = play(program_all(position(g, rooms={"b3": "deadly"}), {0: "look"}), "look b3")
    assert POS_INDEX["b3"] not in safe_route(s2.observation(0), "c3", "a3")
    assert POS_INDEX["b3"] in safe_route(s2.observation(1), "c3", "a3")


def test_route_to_room25_needs_it_known():
    g = load("cooperative", players=4)
    s = position(g, rooms={"a1": "room25"})
    assert route_to_room25(s.observation(0), CENTER) is None
    s = position(g, rooms={"a1": "room25"}, face_up=["a1"])
    assert len(route_to_room25(s, CENTER)) == 5


def test_exit_moves_match_the_engine():
    assert [str(m) for m in exit_moves("a1")] == ["control row 1 left", "control col a up"]
    assert exit_moves("c1") == [] and exit_moves("b2") == []
    eg = exit_graph()
    assert set(eg.predecessors("out")) == set(EXIT_ZONES) and eg.number_of_edges() == 16
    g = load("cooperative", players=4)
    for place in EXIT_ZONES:
        for move in exit_moves(place):
            name = POS_NAMES[place]
            s = position(g, rooms={name: "room25"}, chars={c: name for c in range(4)})
            s = program_all(s, {0: "control", 1: "look", 2: "look", 3: "look"})
            end = s.apply(move)
            assert end.outcome() is not None and end.outcome().termination == "escape", (name, move)


def test_the_registry_finds_room25():
    # (that its rules import no drawing: tests/test_rules_isolation.py, with every game)
    assert boardlib.game_class("room25").name == "room25"
