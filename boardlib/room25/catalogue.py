"""Room 25's rules, each with the stable ID the engine, tests and notebook cite.

Statements are our own summaries of the rulebook (Greek edition, see the shared
seed); where it is silent the project's readings are marked "Our reading".
"""
from boardlib.core.catalogue import Catalogue, Rule

CATALOGUE = Catalogue("room25", [
    # --- set-up and the turn ---------------------------------------------------------------
    Rule("R25-01", "Characters",
         "Every player takes a character (all six are equal, none has a power) with four action "
         "tokens: Move, Look, Push and Control, plus a turn-order marker and a reminder marker."),
    Rule("R25-02", "Length of the countdown",
         "Suspicion, Competition and Team last 10 turns; Cooperative and Solo only 8."),
    Rule("R25-03", "Turn order",
         "The first player's marker leads the countdown track and the others follow clockwise; "
         "here seat 0 starts and the order follows the seats."),
    Rule("R25-04", "Building the complex",
         "The 25 rooms form a 5x5 square with the Central Room face up in the middle. The 12 "
         "places within two orthogonal steps of the centre get 12 face-down rooms drawn from "
         "the shuffled rest (without Room 25 and Vision); the remaining 10 plus Vision and "
         "Room 25 are shuffled into the 12 outer places (three per corner), the Exit Zones."),
    Rule("R25-05", "First clue",
         "Before the first programming, every player secretly looks at one face-down room next "
         "to the Central Room. One room per player, whatever the mode."),
    Rule("R25-06", "Turns",
         "A game lasts 8 or 10 turns; each turn is programming, then execution, then the "
         "countdown."),
    Rule("R25-07", "Programming",
         "Each character secretly picks two different action tokens and puts them in order; the "
         "top one runs first. A character may program just one action and decide during "
         "execution whether it runs with the first or the second actions. Here the secret, "
         "simultaneous choice is played as hidden commits one after another."),
    Rule("R25-08", "Execution",
         "Following the turn order, each character reveals and performs its first action; then "
         "everyone performs their second action in the same order."),
    Rule("R25-09", "Forced and lost actions",
         "A programmed action must be carried out even when it hurts you. If it cannot be "
         "carried out at all (say, a Push when nobody else is in your room), it is lost."),
    Rule("R25-10", "Countdown",
         "After execution the tokens come back, the countdown moves on by one turn, the first "
         "player goes to the back of the order and the next one leads."),
    Rule("R25-11", "Escape",
         "To escape, find Room 25, get everyone who must escape into it, bring it into an Exit "
         "Zone, and have one of them push it off the edge of the complex with their Control "
         "action while all of them are inside. Nobody escapes alone (except in the last turn, "
         "as R25-45 and R25-48 allow). Enemies inside, even guards, do not stop the escape: "
         "they ride along as passengers and do not escape (R25-I3)."),
    Rule("R25-12", "Alarm",
         "In the 10-turn modes, a character entering Room 25 during the first five turns sets "
         "off the alarm: the countdown jumps so that only five turns remain, the current one "
         "counting as the first of them."),
    # --- actions ---------------------------------------------------------------------------
    Rule("R25-13", "Adjacency",
         "Adjacent rooms share a side; diagonal rooms are never adjacent."),
    Rule("R25-14", "Look",
         "Secretly look at one face-down room adjacent to yours and leave it face down. You may "
         "hint at how dangerous it is, but may not show or name it."),
    Rule("R25-15", "Move",
         "Step into an adjacent room. A face-down room turns face up for good when entered, "
         "and a room's effect strikes every time someone enters it."),
    Rule("R25-16", "Push",
         "Send another character from your room into an adjacent room while you stay; they "
         "suffer that room's effect (turning it up if needed). Nobody may be pushed out of the "
         "Central Room, though pushing into it is fine."),
    Rule("R25-17", "Control",
         "Slide the row or the column of your room by one place in the direction you choose. "
         "Rooms carry their occupants along; the room pushed off one end comes back in at the "
         "other end. A Control marker shows which line moved and which way."),
    Rule("R25-18", "The centre never moves",
         "The Central Room stays in the middle: its row and its column can never slide."),
    Rule("R25-19", "One direction per line and turn",
         "A line may slide several times in a turn, but always the same way."),
    Rule("R25-20", "Reminder marker",
         "At any moment of your own turn you may put your reminder marker on any room as a "
         "memo; it returns to you when that room is turned face up, and you may lay it again "
         "at once. Each character has one (R25-I6)."),
    # --- rooms -----------------------------------------------------------------------------
    Rule("R25-21", "Central Room",
         "Everyone starts here. Only Look and Move can be used in it, and it never moves."),
    Rule("R25-22", "Room 25",
         "The exit room (see R25-11)."),
    Rule("R25-23", "Vortex",
         "Whoever enters is sent straight back to the Central Room."),
    Rule("R25-24", "Vision",
         "Whoever enters secretly looks at any face-down room of the complex."),
    Rule("R25-25", "Trapped room",
         "Your very next action must take you out of this room, otherwise you die when it ends."),
    Rule("R25-26", "Moving room",
         "After entering, swap this room (with everyone in it) with any face-down room, which "
         "stays face down. Nothing happens when no room is face down."),
    Rule("R25-27", "Control room",
         "Whoever enters slides any line except the central row and column by one place, in a "
         "direction of their choice, as a Control would."),
    Rule("R25-28", "Twin rooms",
         "If the other Twin room is already face up, you are moved into it (without triggering "
         "it again); otherwise nothing happens."),
    Rule("R25-29", "Empty room", "Nothing happens."),
    Rule("R25-30", "Deadly room", "Whoever enters dies at once."),
    Rule("R25-31", "Prison cell",
         "You may Move out only into an adjacent room where another living character stands, or "
         "into the Central Room when it is adjacent. Being pushed or slid by Control still works."),
    Rule("R25-32", "Illusion room",
         "On entering, the Illusion room trades places with a face-down room of your choice: "
         "that room is turned up, you stand in it and suffer its effect, and the Illusion room "
         "lies face up where the other one was, carrying anyone else who stood in it (R25-I7). "
         "Nothing happens when no room is face down."),
    Rule("R25-33", "Flooded room",
         "The first entry locks it: nobody may enter it again for the rest of the game. Whoever "
         "is still inside at the end of their second action of the next turn drowns."),
    Rule("R25-34", "Acid bath",
         "When a character enters while someone is already inside, whoever was there first "
         "dies."),
    Rule("R25-35", "Cold room",
         "A character standing here when programming starts may program only one action."),
    Rule("R25-36", "Dark room",
         "A character in this room cannot Look; a programmed Look performed here is lost."),
    Rule("R25-37", "Compositions",
         "Besides Central and Room 25 a complex holds 23 rooms chosen for the mode and "
         "difficulty. The box has 8 Empty; 2 each of Dark, Cold, Trapped, Flooded, Acid, Vortex, "
         "Deadly, Prison, Twin; 1 each of Vision, Control, Illusion, Moving. Experts may choose "
         "their own rooms and drop the reminder markers. Two Vortex with two Deadly rooms is "
         "discouraged."),
    # --- modes -----------------------------------------------------------------------------
    Rule("R25-38", "Suspicion: roles",
         "4 to 6 players, 10 turns. Roles are dealt face down from 4 prisoners and 1 guard (4 "
         "players) or 4 prisoners and 2 guards (5-6 players); the spare role stays unseen, so "
         "there may be fewer guards than tiles, even none."),
    Rule("R25-39", "Suspicion: revealed guard",
         "A guard may reveal their role during their own turn. From the next turn on they skip "
         "programming: at their place in the order they pick an action and do it at once, and "
         "their second action must differ from the first. Prisoners never reveal by choice."),
    Rule("R25-40", "Suspicion: masks fall",
         "As soon as a clear majority of the living characters stands in Room 25, every "
         "character outside it must reveal their role."),
    Rule("R25-41", "Suspicion: prisoners win",
         "Prisoners win when all of them are in Room 25 and it is Controlled out before the end "
         "of the countdown. If exactly one prisoner is dead or missing, the others may still "
         "escape, but only during the last turn."),
    Rule("R25-42", "Suspicion: guards win",
         "Guards win when two prisoners have died or when the prisoners have not escaped by the "
         "end of the countdown."),
    Rule("R25-43", "Suspicion: deaths",
         "The first character to die keeps their role hidden. When a second dies, the first "
         "reveals, and if the first was a prisoner the second reveals too; a second dead "
         "prisoner ends the game for the guards. Our reading: every later death is revealed "
         "at once."),
    Rule("R25-44", "Team: set-up",
         "Two teams, one prisoner per player, seated alternately (A, B, A, B ...). With 4 "
         "players each team takes a pair of matching characters, with 6 one character of each "
         "symbol. Teams agree beforehand how teammates may talk. Our reading: two equal teams, "
         "so 4 or 6 players."),
    Rule("R25-45", "Team: winning",
         "The first team to get all its prisoners out, or to eliminate the other team, wins. "
         "Only the team whose member makes the escaping Control gets out; the other team's "
         "characters inside are passengers, so both teams never win together. A team with a "
         "dead member may escape only in the last turn. When nobody escaped, the team with "
         "more characters in Room 25 wins (our reading: equal numbers, nobody)."),
    Rule("R25-46", "Cooperative: set-up",
         "2 to 6 players, 8 turns, prisoners only. With 2 or 3 players each runs a matching "
         "pair (Scientist & Nerd, Dude & Babe, Colossus & Little Girl) and programs each "
         "character separately; the order never puts a player's two characters back to back."),
    Rule("R25-47", "Cooperative: winning",
         "Total victory when everyone escapes in time; partial victory when at most one "
         "character died and all the others escape, which with a dead character is possible "
         "only in the last turn (as in R25-41); otherwise everyone loses."),
    Rule("R25-48", "Competition",
         "2 or 3 players, 10 turns, no guards; each player runs two prisoners set up as in "
         "Cooperative. You win when both your characters escape or when yours are the last "
         "left alive; with one of yours dead, the other may escape alone, but only in the last "
         "turn. Only the player whose character makes the escaping Control gets out; the "
         "others' characters inside are passengers. Our reading: nobody wins when the "
         "countdown runs out."),
    Rule("R25-49", "Solo",
         "One player runs four prisoners, 8 turns, choosing actions on the spot without "
         "programming. Win when all four escape; lose at the first death or when turn 8 ends "
         "(the seed also says \"before the 8th turn\"; here the 8th turn is still played, as "
         "the 8-space track shows)."),
    # --- interpretations -------------------------------------------------------------------
    Rule("R25-I1", "Default compositions",
         "The seed lost its tables, so: beginner = Central, Room 25, Vision, 8 Empty, 2 Dark, "
         "2 Cold, 2 Trapped, 2 Flooded, 2 Acid, 2 Vortex, 1 Deadly, 1 Control; expert Suspicion "
         "= Central, Room 25, Vision, 6 Empty, 2 Dark, 2 Cold, 2 Trapped, 2 Flooded, 2 Acid, 1 "
         "Vortex, 2 Deadly, Control, Illusion, Moving; expert other modes = Central, Room 25, "
         "Vision, 4 Empty, 2 Dark, 2 Cold, 2 Trapped, 2 Flooded, 2 Acid, 1 Vortex, 1 Deadly, "
         "Control, Illusion, 2 Twin, 2 Prison. Custom lists are checked: 25 rooms, one Central, "
         "one Room 25, no more of a kind than the box holds; 2 Vortex with 2 Deadly warns.",
         interpretation=True),
    Rule("R25-I2", "Same direction",
         "Once a line has slid this turn, sliding it the opposite way in the same turn is "
         "refused.", interpretation=True),
    Rule("R25-I3", "Who escapes, and how",
         "Room 25 leaves the complex only when the Control action of a character inside it "
         "pushes it off an edge, which only an Exit Zone place allows. Then that character's "
         "side alone escapes (the prisoners in Suspicion, everyone in Cooperative and Solo, "
         "the acting player in Competition, the acting team in Team), if every living member "
         "of the side is inside (or the mode's last-turn exception holds). Every other slide "
         "of Room 25 off an edge, by someone outside it, by an enemy inside, by the Control "
         "room, or by a side that may not escape yet, is an ordinary shift: the room comes "
         "back in at the far end with its occupants.", interpretation=True),
    Rule("R25-I4", "Hidden information",
         "The engine keeps roles, face-down rooms and programmed actions secret; "
         "observation(player) shows a player only what they may know, and bots play from "
         "observations only. No text a player sees tells more than the rules make public: a "
         "failed escape says only that nobody escaped. Each new game is a fresh deal unless a "
         "seed is given, and the seed shows only in saves. When a bot plays a seat, Undo may "
         "not take back a move that showed a human seat something "
         "(state.revealed_to(player)).", interpretation=True),
    Rule("R25-I5", "Acting on the spot",
         "Characters who act on the spot (Solo, revealed guards) act in turn order, all first "
         "actions then all second actions, choosing each one when it comes, and a character's "
         "two actions differ; Cold and Dark still apply. Passing loses the action, and a "
         "passed action is the Trapped room's \"next action\": a trapped character who passes "
         "dies.", interpretation=True),
    Rule("R25-I6", "Reminder markers",
         "Reminder markers can be switched off (option reminder_markers, as R25-37 allows "
         "experts). There is one per character, as the components list it, so a player who "
         "runs two or four characters has two or four.", interpretation=True),
    Rule("R25-I7", "Rooms carry their occupants",
         "Whenever a room moves (Control, the Control room, the Moving room, the Illusion "
         "swap) everyone in it moves with it; only the character who set off an effect "
         "suffers a newly revealed room.", interpretation=True),
    Rule("R25-I8", "Readings where the rulebook is silent",
         "A guard may reveal at any decision of theirs in a turn, programming included. Masks "
         "fall on a clear majority of the living characters. A character may be pushed out of "
         "a Prison cell into any adjacent room (R25-31 limits only their own Move). When no "
         "guard was dealt and the prisoners fail, the prisoners lose and nobody wins.",
         interpretation=True),
])
