"""Zyrcan's rules, each with the stable ID the engine, tests and notebook cite."""
from boardlib.core.catalogue import Catalogue, Rule

CATALOGUE = Catalogue("zyrcan", [
    Rule("ZY-01", "Players and fleets",
         "Three to five players play; each commands a fleet of twelve ships in their colour."),
    Rule("ZY-02", "Board size",
         "The hex board grows with the players: 42 hexes for three, 53 for four, 67 for five."),
    Rule("ZY-03", "Fleet make-up",
         "A fleet is four 1-engine ships, six 2-engine ships and two 3-engine ships."),
    Rule("ZY-04", "Engines are speed",
         "A ship moves exactly as many hexes as it has engines."),
    Rule("ZY-05", "Placement phase",
         "On an empty board, players take turns placing one ship each on an empty hex, "
         "until all ships are placed. Never on top of another ship."),
    Rule("ZY-06", "Attack phase",
         "Once every ship is placed, each turn is an attack with one of your own ships."),
    Rule("ZY-07", "Straight flight",
         "The attacker flies straight in one of the six hex directions."),
    Rule("ZY-08", "Exact distance",
         "It flies exactly its engine count in hexes: not one fewer, not one more."),
    Rule("ZY-09", "Flying over",
         "Ships on the hexes in between do not matter: the attacker passes over friend and foe."),
    Rule("ZY-10", "Landing on an enemy",
         "The flight must end on an enemy ship, which is destroyed; the attacker takes its hex. "
         "Ending on an empty hex, on your own ship or off the board is not allowed."),
    Rule("ZY-11", "Lost types stay lost",
         "When your last ship of an engine type is destroyed, you have no ship of that type any "
         "more: fleets only shrink."),
    Rule("ZY-12", "Passing ends the game",
         "A player who has no possible attack must pass, and the first pass ends the game."),
    Rule("ZY-13", "Winning",
         "Most engines on the board wins; on equal engines, most ships; if still equal, the tied "
         "leaders draw."),
    Rule("ZY-14", "Whole moves",
         "An attack is one whole move, then the next player takes a turn."),
    Rule("ZY-15", "Last fleet standing",
         "When only one player still has ships, that player wins."),
    Rule("ZY-I1", "Board shapes", "The source gives only hex counts. Here: 3 players play on a "
         "side-9 triangle without its corners (42), 4 players on seven offset rows of 8 and 7 "
         "(53), 5 players on a radius-4 hexagon with a hex beyond each corner (67). Any set of "
         "hexes can be a custom board.", interpretation=True),
    Rule("ZY-I2", "First player and order", "Player 0 starts unless the first_player option "
         "says otherwise; turns go in index order, and the attack phase continues the same "
         "rotation after the last ship is placed.", interpretation=True),
    Rule("ZY-I3", "Eliminated players", "A player without ships cannot attack, so on their "
         "turn they pass and the game ends; the outcome says which ending happened.",
         interpretation=True),
    Rule("ZY-I4", "Ties among many", "Everyone tied on engines and ships shares the draw; the "
         "outcome lists every co-winner.", interpretation=True),
])
