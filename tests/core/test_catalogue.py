"""Every catalogue lists its rules once, with IDs of its own game."""
import boardlib
from boardlib.zyrcan import CATALOGUE


def test_zyrcan_catalogue_matches_the_specification_ids():
    ids = [r.id for r in CATALOGUE]
    assert ids == [f"ZY-{i:02d}" for i in range(1, 16)] + [f"ZY-I{i}" for i in range(1, 5)]
    assert [r.id for r in CATALOGUE.interpretations] == ids[-4:]
    assert "ZY-08" in CATALOGUE and CATALOGUE["ZY-08"].title == "Exact distance"
    assert "<table>" in CATALOGUE._repr_html_() and "| ZY-15 |" in CATALOGUE.to_markdown()


def test_every_refusal_cites_a_catalogue_rule():
    game = boardlib.load("zyrcan")
    state = game.new_initial_state()
    for move in ["place 9 at 1,1", "place 1 at 0,0", "attack 1,1 E", "pass"]:
        assert state.why_illegal(game.parse_move(move)).rule in CATALOGUE
