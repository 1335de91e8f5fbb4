"""Scenario tests for The Tunnel (TU-01 ... TU-09, TU-V1 ... TU-V4, TU-I1, TU-I2) and
King & Robber Baron (KR-01, KR-02, TU-I3)."""
import pytest

import boardlib
from boardlib.carcassonne.rules import PlaceTunnelToken, end_scoring
from boardlib.carcassonne.features import feature_graph, rescore_end

from cc_helpers import events_text, play, position


def refusal(state, text):
    problem = state.why_illegal(state.game.parse_move(text))
    assert problem is not None, f"{text} was accepted"
    return problem


# West of the start tile an L turned 180 stops D's road at its junction. TU2 (city north,
# separate tunnel roads west and east) then goes east of D: the road L-D-TU2 runs into the
# west opening of TU2, and TU2's east road into its east opening.
WEST_L = [[-1, 0, "L", 2]]


def test_TU_01_contents_and_tunnel_off():
    game = boardlib.load("carcassonne", tunnel=True)
    assert sum(letter.startswith("TU") for letter in game.pool) == 4
    off = boardlib.load("carcassonne", tunnel=False)
    assert not any(letter.startswith("TU") for letter in off.pool)
    s = position("U", tunnel=False, deck=["U"])
    s = play(s, "tile 1,0 rot 0")
    assert refusal(s, "token blue 1,0 W").rule == "TU-01"
    assert not [m for m in s.legal_moves() if isinstance(m, PlaceTunnelToken)]


@pytest.mark.parametrize("players,sets,expected", [
    (2, 3, [("blue", "green", "black"), ("red", "yellow", "grey")]),
    (2, 2, [("blue", "green"), ("red", "yellow")]),
    (3, 3, [("blue", "yellow"), ("red", "black"), ("green", "grey")]),
    (4, 3, [("blue",), ("red",), ("green",), ("yellow",)]),
    (5, 3, [("blue",), ("red",), ("green",), ("yellow",), ("black",)]),
])
def test_TU_02_token_sets_by_player_count(players, sets, expected):
    game = boardlib.load("carcassonne", players=players, two_player_token_sets=sets)
    assert [list(c) for c in game.colours_of] == [list(c) for c in expected]


def test_TU_02_only_your_own_colours():
    s = position("TU2", board=WEST_L)
    s = play(s, "tile 1,0 rot 0")
    p = refusal(s, "token red 1,0 W")
    assert p.rule == "TU-02" and "player 1" in p.reason
    assert refusal(s, "token pink 1,0 W").rule == "TU-02"


def test_TU_03_claiming_openings():
    s = position("TU2", board=WEST_L, deck=["B"])
    assert refusal(s, "token blue 1,0 W").rule == "TU-03"  # no tile laid yet
    s = play(s, "tile 1,0 rot 0")
    assert refusal(s, "token blue 0,0 W").rule == "TU-03"  # D has no opening
    legal = {str(m) for m in s.legal_moves() if isinstance(m, PlaceTunnelToken)}
    assert legal == {f"token {c} 1,0 {side}" for c in ("blue", "green", "black")
                     for side in "WE"}
    # A token and a follower in the same turn, in either order.
    s = play(s, "token blue 1,0 W", "follower road:W")
    assert refusal(s, "token green 1,0 E").rule == "TU-03"  # one token per turn
    s = play(s, "end turn", "tile 0,-1 rot 0")
    assert refusal(s, "token red 1,0 W").rule == "TU-03"  # already claimed
    assert "TU-03" in "".join(events_text(play(s, "token red 1,0 E")))


def test_TU_04_road_into_an_unlinked_opening_is_broken_off():
    s = position("TU2", board=WEST_L, deck=["L"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn")
    assert s.scores == (0, 0)  # L-D-TU2 stops only at the opening: not complete
    s = play(s, "tile 2,0 rot 0", "end turn")  # last tile: TU2's east road is closed
    assert s.is_terminal()
    # End scoring: an unfinished road of 3 visible tiles (CB-14).
    assert s.end_scores == (3, 0) and rescore_end(s)[0] == (3, 0)


def test_TU_05_TU_07_second_token_links_and_same_tile_counts_once():
    s = position("TU2", board=WEST_L, deck=["L", "B", "B"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
             "tile 2,0 rot 0", "end turn",  # closes TU2's east road at a junction
             "tile 0,-1 rot 0", "token blue 1,0 E")
    assert "TU-05" in "".join(events_text(s))
    s = play(s, "end turn")
    # L, D, TU2 (entrance and exit on it, counted once), L: 4 points, not 5.
    assert s.scores == (4, 0)
    assert "road of 4 tile(s) completed: +4 player 0 (CB-08)" in events_text(s)
    graph = feature_graph(s)
    tunnel_edges = [e for e in graph.edges(data=True) if e[2]["via"] == "tunnel"]
    assert len(tunnel_edges) == 1 and tunnel_edges[0][2]["colour"] == "blue"


def test_TU_05_road_is_not_complete_at_the_tunnel_exit():
    s = position("TU2", board=WEST_L, deck=["B", "B", "B"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
             "tile 0,-1 rot 0", "end turn", "tile 1,-1 rot 0", "token blue 1,0 E",
             "end turn")
    assert s.scores == (0, 0)  # TU2's east edge is still open
    road = s.group_of(((1, 0), 1))
    assert road is s.group_of(((1, 0), 2)) and road.open == 1


def test_TU_06_tunnel_serves_any_players_thief():
    s = position("TU2", board=WEST_L, deck=["L", "B"])
    s = play(s, "tile 1,0 rot 0", "token blue 1,0 W", "end turn",
             "tile 2,0 rot 0", "follower road:W", "end turn",  # player 1's thief
             "tile 0,-1 rot 0", "token blue 1,0 E", "end turn")
    assert s.scores == (0, 4)


def test_TU_07_visible_tiles_only():
    # Road A: L-D-TU2 into TU2's west opening. Road B: TU3 (south of TU2) east opening,
    # closed by an L. A blue tunnel joins them: 5 visible tiles, the tunnel adds none.
    s = position("TU2", board=WEST_L, deck=["TU3", "L"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
             "tile 1,-1 rot 0", "end turn",
             "tile 2,-1 rot 0", "token blue 1,-1 E")
    s = play(s, "end turn")
    assert s.scores == (5, 0)
    assert "road of 5 tile(s) completed: +5 player 0 (CB-08)" in events_text(s)


def test_TU_08_tokens_stay_after_scoring():
    s = position("TU2", board=WEST_L, deck=["L", "B", "B"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
             "tile 2,0 rot 0", "end turn", "tile 0,-1 rot 0", "token blue 1,0 E",
             "end turn")
    assert s.scores == (4, 0)
    assert s.tokens == {(1, 0, "W"): "blue", (1, 0, "E"): "blue"}
    s = play(s, "tile 1,-1 rot 0")
    assert refusal(s, "token blue 1,0 E").rule == "TU-08"


def test_TU_09_robber_baron_goes_to_the_token_placer():
    s = position("TU2", board=WEST_L, deck=["L", "B"], king_robber_baron=True)
    s = play(s, "tile 1,0 rot 0", "token blue 1,0 W", "end turn",
             "tile 2,0 rot 0", "follower road:W", "end turn")  # player 1 lays the last tile
    assert s.baron is None
    s = play(s, "tile 0,-1 rot 0", "token blue 1,0 E", "end turn")
    assert s.baron == (0, 4)
    assert "player 0 becomes Robber Baron (road of 4) (TU-09)" in events_text(s)
    assert s.is_terminal() and s.end_scores == (1, 0)  # KR-02: 1 completed road


def _self_link_position(**options):
    # TU3 west of D: its east opening's road runs through D into TU2's west opening.
    s = position("TU3", deck=["TU2", "B"], **options)
    return play(s, "tile -1,0 rot 0", "token blue -1,0 E", "end turn",
                "tile 1,0 rot 0", "end turn", "tile 0,-1 rot 0")


def test_TU_I2_a_tunnel_may_close_a_road_into_a_loop_that_scores():
    s = _self_link_position()
    loop = s.node_group[((1, 0), s.oriented_at((1, 0)).openings[0][1])]
    assert s.groups[loop].open == 2          # the two unlinked openings of one road
    s = play(s, "token blue 1,0 W")
    assert s.groups[s.node_group[((0, 0), 1)]].open == 0
    s = play(s, "end turn")
    assert "road of 3 tile(s) completed (3 points), nobody scores (CB-08)" in events_text(s)
    assert s.game.state_from_json(s.to_json()) == s


def test_TU_I2_option_tu_no_self_link_refuses_a_tunnel_from_a_road_to_itself():
    s = _self_link_position(tu_no_self_link=True)
    p = refusal(s, "token blue 1,0 W")
    assert p.rule == "TU-I2"
    assert s.why_illegal(s.game.parse_move("token blue 1,0 E")) is None


def test_TU_V1_only_on_a_road_with_your_follower():
    s = position("TU2", board=WEST_L, tu_v1=True)
    s = play(s, "tile 1,0 rot 0")
    assert refusal(s, "token blue 1,0 W").rule == "TU-V1"
    s = play(s, "follower road:W")
    assert s.why_illegal(s.game.parse_move("token blue 1,0 W")) is None
    assert refusal(s, "token blue 1,0 E").rule == "TU-V1"
    # Without the variant any free opening may be claimed.
    plain = play(position("TU2", board=WEST_L), "tile 1,0 rot 0")
    assert plain.why_illegal(plain.game.parse_move("token blue 1,0 E")) is None


def test_TU_V4_TU_I1_no_blocking_another_players_follower():
    trapped = [[-1, 0, "road:E", 1]]  # player 1's thief on the road into TU2's west opening
    s = position("TU2", board=WEST_L, followers=trapped, tu_v4=True)
    s = play(s, "tile 1,0 rot 0")
    assert refusal(s, "token blue 1,0 W").rule == "TU-V4"
    assert s.why_illegal(s.game.parse_move("token blue 1,0 E")) is None  # nobody there
    plain = play(position("TU2", board=WEST_L, followers=trapped), "tile 1,0 rot 0")
    assert plain.why_illegal(plain.game.parse_move("token blue 1,0 W")) is None


def test_TU_V2_TU_I1_trapped_player_places_a_neglected_second_token():
    trapped = [[-1, 0, "road:E", 1]]
    for variant in (True, False):
        s = position("TU2", board=WEST_L, followers=trapped, deck=["B", "B", "B", "B"],
                     tu_v2=variant)
        s = play(s, "tile 1,0 rot 0", "token blue 1,0 W", "end turn",
                 "tile 0,-1 rot 0")
        # Player 1 cannot use blue yet: its owner has not had a chance to link it.
        assert refusal(s, "token blue 1,0 E").rule == "TU-02"
        s = play(s, "end turn", "tile 1,-1 rot 0", "end turn")  # owner lets a chance go by
        assert s.missed == (frozenset({"blue"}) if variant else frozenset())
        s = play(s, "tile 0,-2 rot 0")
        move = s.game.parse_move("token blue 1,0 E")
        if variant:
            assert s.why_illegal(move) is None
            s = play(s, "token blue 1,0 E")
            assert s.group_of(((1, 0), 1)) is s.group_of(((1, 0), 2))
        else:
            assert s.why_illegal(move).rule == "TU-02"


def test_TU_V3_shared_tokens_built_in_pairs():
    s = position("TU2", board=WEST_L, deck=["L"], tu_v3=True)
    s = play(s, "tile 1,0 rot 0")
    assert refusal(s, "token red 1,0 W").rule == "TU-V3"  # no follower on that road yet
    s = play(s, "follower road:W", "token red 1,0 W")  # red is player 1's colour normally
    assert s.pending == "red"
    assert refusal(s, "end turn").rule == "TU-V3"
    assert {str(m) for m in s.legal_moves()} == {"token red 1,0 E"}
    s = play(s, "token red 1,0 E", "end turn")
    assert s.scores == (0, 0) and s.group_of(((1, 0), 1)).open == 1
    s = play(s, "tile 2,0 rot 0", "end turn")
    assert s.scores == (4, 0)


def test_KR_01_TU_I3_KR_02_king_changes_only_for_a_bigger_city():
    board = [[-1, 0, "L", 2], [-1, -1, "N", 1], [1, 0, "L", 0]]
    s = position("E", deck=["E", "U", "E"], board=board, king_robber_baron=True,
                 completed=(0, 1, 0))
    s = play(s, "tile 0,1 rot 180", "end turn")  # 2-tile city, nobody's knight on it
    assert s.king == (0, 2) and "player 0 becomes King (city of 2) (KR-01)" in events_text(s)
    s = play(s, "tile 1,1 rot 180", "end turn")  # another 2-tile city: not bigger
    assert s.king == (0, 2)
    s = play(s, "tile 2,0 rot 0", "end turn", "tile 0,-1 rot 270", "end turn")
    assert s.king == (1, 3) and s.is_terminal()
    # KR-02: 3 completed cities to the King; the pre-built road has no Robber Baron.
    assert s.end_scores == (0, 3)
    assert end_scoring(s).points == (0, 3) == rescore_end(s)[0]


def test_KR_01_robber_baron_for_the_longest_road():
    s = position("L", deck=["L"], king_robber_baron=True)
    s = play(s, "tile 1,0 rot 0", "end turn", "tile -1,0 rot 180", "end turn")
    assert s.baron == (1, 3)
    assert "player 1 becomes Robber Baron (road of 3) (KR-01)" in events_text(s)
