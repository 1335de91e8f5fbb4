"""Carcassonne with The Tunnel: every rule with the stable ID the engine, tests and notebook cite.

The statements are our own summaries of ``shared/rules/carcassonne-tunnel.md`` and of the
seed text; interpretations mark decisions this project made where the sources are silent.
"""
from boardlib.core.catalogue import Catalogue, Rule

CATALOGUE = Catalogue("carcassonne", [
    # --- base game ----------------------------------------------------
    Rule("CB-01", "Players and pieces",
         "Two to five players. The land is 72 square tiles, the start tile among them, and "
         "everyone owns 7 followers."),
    Rule("CB-02", "Set-up",
         "The start tile (a type D: city on one side, straight road across) lies face up in the "
         "middle; all other tiles are shuffled into a face-down pile."),
    Rule("CB-03", "Turn order",
         "On your turn you draw a tile and lay it; afterwards you may put one follower on that "
         "tile; finally every feature your turn finished is scored."),
    Rule("CB-04", "Laying a tile",
         "The new tile must touch the land along at least one whole edge, and every edge it "
         "touches must continue the picture: city meets city, road meets road, field meets "
         "field. You may turn it to any of its four orientations."),
    Rule("CB-05", "Tiles that fit nowhere",
         "If the drawn tile cannot be laid anywhere, it leaves the game and a new tile is "
         "drawn."),
    Rule("CB-06", "Placing a follower",
         "A follower from your supply may go on one feature of the tile you just laid: a road "
         "(as a thief), a city (knight), a cloister (monk) or a field (farmer). It may not go "
         "there if anyone's follower already stands anywhere on the connected feature."),
    Rule("CB-07", "Followers come home",
         "When a feature is scored during the game, its followers go back to their owners' "
         "supplies. Farmers never come back before the end. A follower can be placed, score and "
         "return within one turn."),
    Rule("CB-08", "Completed road",
         "A road is complete when both of its ends stop (at a crossing, a city, a cloister or a "
         "group of houses) or when it closes into a loop. It scores 1 point per tile."),
    Rule("CB-09", "Completed city",
         "A city is complete when its wall is closed all round. It scores 2 points per tile and "
         "2 per pennant. With the option small_city_2pts a finished city of only two tiles "
         "scores just 2 (the first-edition rule)."),
    Rule("CB-10", "Completed cloister",
         "A cloister is complete once all eight places around it hold tiles; it scores 9."),
    Rule("CB-11", "Majority",
         "Whoever has the most followers on a feature takes its points; players tied for most "
         "each take the full points; everyone else gets nothing."),
    Rule("CB-12", "A tile counts once",
         "A tile adds to a feature only once, even if the feature passes through it twice."),
    Rule("CB-13", "End of the game",
         "The game ends once the last tile has been laid and its turn scored."),
    Rule("CB-14", "Unfinished features at the end",
         "At the end, each unfinished road gives 1 point per tile, each unfinished city 1 per "
         "tile and 1 per pennant, each unfinished cloister 1 plus 1 per tile around it."),
    Rule("CB-15", "Farms",
         "Only at the end: each field pays its majority farmers 3 points for every completed "
         "city it touches (third edition). Option farms='1st': each completed city pays 4 "
         "points to whoever has the most farmers over all fields touching it. Option "
         "farms='2nd': 3 points per city, but a city pays any one player at most once."),
    Rule("CB-16", "Winner",
         "The highest score wins; players level on the highest score share the victory."),
    # --- The Tunnel ---------------------------------------------------
    Rule("TU-01", "Contents of The Tunnel",
         "Four extra land tiles with ten tunnel openings between them, and twelve tunnel "
         "tokens: a pair in each of six colours."),
    Rule("TU-02", "Tunnel set-up",
         "The four tiles are mixed into the pile. Players take tunnel tokens in their colour: "
         "3 colour pairs each with two players (or 2 pairs with the option "
         "two_player_token_sets=2, as the magazine printed it), 2 pairs each with three "
         "players, 1 pair each with four or five."),
    Rule("TU-03", "Claiming an opening",
         "Once in your turn you may put one of your tunnel tokens on any tunnel opening on the "
         "board that no token claims yet, the one on your new tile included. This does not "
         "replace placing a follower: you may do both."),
    Rule("TU-04", "Broken-off roads",
         "A road running into an opening without a finished tunnel is broken off: it is not "
         "complete, and a single token on the opening does not change that."),
    Rule("TU-05", "Finishing a tunnel",
         "Putting the second token of a colour on another free opening finishes the tunnel: "
         "the roads at its two openings become one road, running underground between them. "
         "The tunnel exit is not a road end; the joined road completes in the normal way."),
    Rule("TU-06", "Tunnels belong to everybody",
         "Token colours only say which two openings are joined. Any player's thief may score a "
         "road through a tunnel, and a road may dive underground more than once."),
    Rule("TU-07", "Scoring through tunnels",
         "A tunnel is worth nothing by itself: a road scores only its visible tiles, and a tile "
         "holding both the entrance and the exit still counts once."),
    Rule("TU-08", "Tokens stay",
         "Tunnel tokens stay on the board after scoring, so only a handful of tunnels (five at "
         "most with these tiles) can ever be built."),
    Rule("TU-09", "Tunnels and the Robber Baron",
         "With King & Robber Baron: if placing a tunnel token finishes the longest road so far, "
         "the token's placer becomes Robber Baron, not whoever laid the road's last tile."),
    Rule("TU-V1", "Variant: own road only",
         "Option tu_v1: you may claim an opening only if at least one of your followers stands "
         "on the road leading into it."),
    Rule("TU-V2", "Variant: taking over a neglected tunnel",
         "Option tu_v2: if a token's owner let at least one chance to place its partner go by, "
         "a player whose follower is trapped on that road may place the partner token in their "
         "own turn."),
    Rule("TU-V3", "Variant: shared tokens, built in pairs",
         "Option tu_v3: tokens belong to nobody, and a tunnel is built whole: only at an "
         "opening whose road carries a follower, and the second token must follow the first "
         "in the same turn."),
    Rule("TU-V4", "Variant: no blocking",
         "Option tu_v4: a tunnel token may not be used to block another player's follower."),
    # --- King & Robber Baron --------------------------------------------
    Rule("KR-01", "King and Robber Baron",
         "Option king_robber_baron: the first player to complete a city becomes King; a player "
         "who later completes a bigger city takes the title. The Robber Baron goes the same way "
         "to the longest completed road, counting visible tiles only (TU-07)."),
    Rule("KR-02", "Royal bonus",
         "At the end the King gains 1 point for every city completed in the game and the "
         "Robber Baron 1 point for every completed road."),
    # --- interpretations ----------------------------------------------
    Rule("CB-I1", "Ties are shared",
         "Equal majorities and equal winning scores are shared; nothing breaks the tie.",
         interpretation=True),
    Rule("TU-I1", "What blocking and a chance mean",
         "For TU-V4, blocking is putting the first token of a colour on an opening whose road "
         "carries another player's follower and none of yours. For TU-V2, the owner missed a "
         "chance when one of their turns (after the one the first token went down in) ended "
         "with the token still alone while a free opening on another road existed; the "
         "trapped player is anyone with a follower on that token's road.",
         interpretation=True),
    Rule("TU-I2", "A tunnel may close a road into a loop",
         "The second token of a colour may go on the other opening of the very road the first "
         "token claims: the tunnel closes that road into a loop, which is complete and scores "
         "at once. The option tu_no_self_link forbids such a link: a tunnel must then join two "
         "different roads.",
         interpretation=True),
    Rule("TU-I3", "Titles need strictly more",
         "The King or Robber Baron changes hands only for a strictly bigger city or strictly "
         "longer road than the current holder's.",
         interpretation=True),
    Rule("CB-I2", "The engine's turn",
         "A turn is the moves PlaceTile(position, rotation), then optionally PlaceFollower and "
         "PlaceTunnelToken in either order, then EndTurn, which scores. Drawing is a chance "
         "event from a pile shuffled by the game's seed; the pile order is part of the state "
         "and hidden from players.",
         interpretation=True),
    Rule("TU-I4", "Shared tokens in TU-V3",
         "With tu_v3 the colour pairs in play (as TU-02 counts them) form one common pool; the "
         "first token may go only on an opening whose road carries a follower, and until its "
         "partner is placed nothing else may happen in that turn.",
         interpretation=True),
])
