"""The Section X rule catalogue, in our own words (source: a short Dutch rules summary, the
only source of the rules; the board layout, the tile set and the key variant are this
project's inventions).

IDs match ``shared/rules/section-x.md``; the engine cites them in every refusal.
"""
from __future__ import annotations

from boardlib.core.catalogue import Catalogue, Rule

CATALOGUE = Catalogue("section_x", [
    Rule("SX-01", "Goal",
         "Every player leads a group of prisoners who try to get off a prison island into the "
         "free zones by laying tunnels, while getting in the way of the other groups."),
    Rule("SX-02", "Material",
         "A board, 54 tunnel tiles, and for each player one key, two doors and eight prisoners "
         "of their colour."),
    Rule("SX-03", "Board",
         "The island sits in the middle of an ocean of hexagonal fields, with six free zones "
         "around it; tunnel tiles are laid on the ocean fields as the game goes."),
    Rule("SX-04", "Set-up",
         "Each player takes two doors and eight prisoners and puts the prisoners on the island; "
         "the tunnel tiles are shuffled and stacked face down."),
    Rule("SX-05", "Rounds and turns",
         "The game lasts several rounds. Players take turns clockwise, and each turn has three "
         "phases in this order: take a tile, do one tile action, then move prisoners or a door."),
    Rule("SX-06", "Phase 1: draw",
         "Take the top tile of the stack. If you already hold three tiles you take none."),
    Rule("SX-07", "Phase 2: place a tile",
         "Lay a tile from your hand on any empty ocean field. Where it touches tiles already "
         "laid, every shared edge must match: an opening against an opening, a wall against a "
         "wall."),
    Rule("SX-08", "Phase 2: or rearrange",
         "Instead of laying a tile you may exchange two tiles on the board, move one tile to "
         "another field, or turn one tile."),
    Rule("SX-09", "Turning a tile",
         "You may only turn a tile with no prisoners on it that does not belong to another "
         "player's tunnel."),
    Rule("SX-10", "Moving or exchanging tiles",
         "You may only move or exchange tiles with no prisoners on them, or a hiding place on "
         "which only your own prisoners stand."),
    Rule("SX-11", "Distance rule",
         "A hiding place that carries your prisoners may be moved or exchanged, but it must not "
         "end up nearer to a free zone than where it was."),
    Rule("SX-12", "Phase 3: choose",
         "In the last phase choose one: move your prisoners, or place or move one of your "
         "doors."),
    Rule("SX-13", "Doors own tunnels",
         "Putting your door in a tunnel makes the tunnel yours: only you may move prisoners "
         "through that door, and only you may move, turn or exchange the tiles of that tunnel."),
    Rule("SX-14", "One door per tunnel",
         "A tunnel holds at most one door."),
    Rule("SX-15", "Tunnels joining",
         "When two tunnels grow into one, the owner of the longer piece keeps their door; the "
         "other door goes back to its owner."),
    Rule("SX-16", "Step budget",
         "When you move prisoners you have five steps in all for the turn, and no prisoner may "
         "take more than two. Prisoners may step forwards or back."),
    Rule("SX-17", "Room on a tile",
         "Each tunnel part of a tile holds one prisoner; a hiding place holds two."),
    Rule("SX-18", "Claimed free zone",
         "The first prisoner to reach a free zone claims it; no other prisoner may go in."),
    Rule("SX-19", "End of a round",
         "The round ends at once when one player has brought two (or three) prisoners to "
         "freedom in it; which count applies when is SX-I7."),
    Rule("SX-20", "Collapse",
         "At the end of a round the tunnels collapse: every prisoner in a tunnel is buried and "
         "out of the game, except prisoners on hiding places, which stay on the board together "
         "with their tiles."),
    Rule("SX-21", "New supply",
         "All other tunnel tiles are shuffled and form the supply again."),
    Rule("SX-22", "Free land",
         "Prisoners in the free zones go on to the free land, where they stay free for good; "
         "the zones are open again."),
    Rule("SX-23", "End of the game",
         "The game ends as soon as one player has brought five prisoners to freedom; that player "
         "wins."),
    Rule("SX-I1", "Board layout (this project's invention)",
         "The source says only that the ocean is divided into hexagonal fields. Here the "
         "board is a hexagon of radius 4 (61 fields). The seven fields around and at the "
         "centre are the island, the six corners are the gates of the free zones, and the other "
         "48 fields are ocean, the only fields that take tiles. An opening facing an island "
         "field leads to the island, one facing a gate leads into its free zone; one facing the "
         "rim or an empty field leads nowhere yet.", interpretation=True),
    Rule("SX-I2", "The 54 tiles (this project's invention)",
         "The source gives only their number. A tile has six edges, numbered 0 to 5. Each "
         "tunnel part joins some of its edges and "
         "holds one prisoner. The set: 8 straights, 8 wide curves, 6 tight curves, 4 forks, "
         "4 branches, 4 crossings, 4 double curves, 4 straight-and-curves, 2 triple curves, "
         "6 hiding places and 4 forked hiding places (hiding places are one chamber for two).",
         interpretation=True),
    Rule("SX-I3", "When tiles must fit",
         "Only a tile laid from the hand must fit. Exchanging, moving and turning may leave an "
         "opening against a wall - that is how players block each other, also at the open end "
         "of another player's door tunnel: a door protects its tunnel's own tiles, not the "
         "fields around it. The option strict_fit makes those actions fit too.",
         interpretation=True),
    Rule("SX-I4", "A step",
         "A step takes a prisoner from its place to a place joined to it by two facing "
         "openings: from the island into a part open to the island, from part to part across a "
         "shared edge, or from a part through a gate into its free zone. It may not enter a "
         "full place, a claimed zone, or a part with another player's door (unless the keys "
         "variant is on and a key is used, SX-I6). Each step is one move; End turn finishes.",
         interpretation=True),
    Rule("SX-I5", "Doors in detail",
         "A door stands on one tunnel part and claims the whole tunnel: all parts joined through "
         "facing openings. It may go on any part of a tunnel without a door; moving a door is "
         "lifting one of yours and placing it again by the same rule. When a tunnel splits the "
         "door stays with its part. When tunnels join, 'longer' counts tiles, and on a tie the "
         "door placed first stays.", interpretation=True),
    Rule("SX-I6", "Key - off by default",
         "The source gives each player a key but no rule for it, and says that only a door's "
         "owner moves prisoners through it (SX-13). So by default keys do nothing. The variant "
         "keys=True is this project's invention: once per round a player may let one prisoner "
         "step onto a part with another player's door; the key is then used up until the next "
         "round.", interpretation=True),
    Rule("SX-I7", "When a round ends",
         "Option round_target: prisoners to free for a round to end, by default 2 with two "
         "players and 3 with three or four (the source's 'two (or three)'). A round also ends "
         "at the end of the turn in which the last tile is drawn from the stack (the tiles "
         "have run out), and, our addition so that a game cannot stall, as soon as all six "
         "free zones are claimed. Each round end says which of these caused it.",
         interpretation=True),
    Rule("SX-I8", "Turn flow",
         "The tile action of phase 2 is compulsory whenever one is possible and skipped "
         "otherwise. Phase 3 may be passed. Tiles in hand are shuffled back at a collapse.",
         interpretation=True),
    Rule("SX-I9", "Measuring distance",
         "The distance of a field to a free zone is its hex distance to the nearest gate.",
         interpretation=True),
    Rule("SX-I10", "Other game ends",
         "If no player can still reach five freed prisoners, the game ends and the most freed "
         "wins (ties share). The option max_turns stops long games as a draw by limit.",
         interpretation=True),
    Rule("SX-I11", "Players",
         "Two to four players.", interpretation=True),
])
