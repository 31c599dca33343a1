// @ts-check
// The shapes of what the server sends, as JSDoc types for the type check (tools/js: tsc --noEmit).
// They mirror src/tapete/server/wire.py (the view of a table) and src/tapete/server/protocol.py
// (the websocket frames) and src/tapete/server/rest.py (the table summary): change them together.
// This module holds types only; importing it costs nothing at run time.

/**
 * How a card string is drawn and named: [face rank, face suit, name in the reader's language].
 * Face ranks: Spanish "1".."7" "S" "C" "R"; French "2".."9" "T" "J" "Q" "K" "A". Face suits:
 * Spanish "o" "c" "e" "b"; French "s" "h" "d" "c".
 * @typedef {[string, string, string]} CardFace
 */

/**
 * A suit of the game's card strings: [face suit letter, name in the reader's language].
 * @typedef {[string, string]} SuitFace
 */

/**
 * The deck of a view: which faces to draw, and how each card and suit of the game is drawn and named.
 * @typedef {object} DeckFaces
 * @property {"spanish" | "french"} faces
 * @property {Record<string, CardFace>} cards  by card string ("Rc", "Jh")
 * @property {Record<string, SuitFace>} suits  by suit letter of the card strings ("c", "h")
 */

/**
 * One button: a card of the hand or another action, with its label in the reader's language.
 * @typedef {object} Choice
 * @property {string} action  the action's string, as sent back in an "act" message
 * @property {string} kind  "card", or the game's kind of call ("pass", "bid", "sing", ...)
 * @property {string | null} card  the card string for a card, else null
 * @property {string} label
 */

/** @typedef {[number, string]} Play  a seat and the card string it played */

/**
 * @typedef {object} LastTrick
 * @property {number} leader
 * @property {number} winner
 * @property {Play[]} cards
 */

/**
 * @typedef {object} Score
 * @property {number[]} sides
 * @property {string[]} labels
 * @property {number} target
 * @property {string} text
 * @property {number[]} [partidas]
 * @property {number} [partidas_to_win]
 * @property {number} [litige]
 * @property {number} [deals_to_win]
 */

/**
 * Something a seat said (a cante, a bid, a declaration), in the reader's language.
 * @typedef {object} Said
 * @property {number} seat
 * @property {string} [action]
 * @property {string} text
 */

/**
 * @typedef {object} Contract
 * @property {string} name
 * @property {string} text
 * @property {number | null} taker
 * @property {number} multiplier
 */

/**
 * @typedef {object} Bidding
 * @property {number} round
 * @property {Said | null} high
 * @property {number | null} coinched_by
 * @property {boolean} surcoinched
 */

/**
 * A column of the bidding box: a contract (its key, its suit letter if it is a suit, its name).
 * @typedef {object} BidColumn
 * @property {string} key
 * @property {string | null} suit
 * @property {string} text
 */

/**
 * The legal bids as a bidding box lays them out: a row a value, a column a contract, in each cell
 * the action string of a legal bid or null (Game.view_extras: ``bid_grid``).
 * @typedef {object} BidGrid
 * @property {BidColumn[]} columns
 * @property {{text: string, cells: (string | null)[]}[]} rows
 */

/**
 * A line of the score sheet: a finished deal, its points by side, the score by side after it.
 * @typedef {object} SheetRow
 * @property {number} deal
 * @property {number[]} points
 * @property {number[]} totals
 */

/**
 * The table as one viewer sees it (wire.py: seat_view / spectator_view). The fields after
 * `clock` are the game's own (Game.view_extras): each game sends those it has.
 * @typedef {object} View
 * @property {string} game
 * @property {string} preset
 * @property {"spanish" | "french"} faces
 * @property {Record<string, CardFace>} cards
 * @property {Record<string, SuitFace>} suits
 * @property {number | null} seat
 * @property {number} players
 * @property {number[]} sides
 * @property {string[]} names
 * @property {string[]} kinds
 * @property {(string | null)[]} levels
 * @property {boolean[]} connected
 * @property {boolean[]} away
 * @property {number} spectators
 * @property {string} phase
 * @property {number} current_player
 * @property {number} dealer
 * @property {string[]} hand
 * @property {number[]} hand_sizes
 * @property {string[][]} known
 * @property {Play[]} trick
 * @property {LastTrick | null} last_trick
 * @property {number[]} tricks_won
 * @property {Choice[]} legal
 * @property {number} deal_number
 * @property {boolean} match_over
 * @property {number | null} winner
 * @property {string[] | null} breakdown
 * @property {number} version
 * @property {{seat: number, seconds_left: number} | null} clock
 * @property {string[][]} [hands]  every hand: replays, and spectators the owner lets see them
 * @property {Score} [score]
 * @property {string | null} [trump]
 * @property {string | null} [indicator]
 * @property {string | null} [retourne]
 * @property {string | null} [bergere]
 * @property {number | null} [stock]
 * @property {string[][] | null} [covered]
 * @property {boolean} [arrastre]
 * @property {boolean} [vueltas]
 * @property {string[]} [flags]  the game's public states worth a badge, in the reader's language
 * @property {number[]} [deal_points]
 * @property {number[]} [cante_points]
 * @property {number[]} [declared_points]
 * @property {Said[]} [cantes]
 * @property {Said[]} [exchanges]  the trump card taken in exchange, by whom
 * @property {Record<string, string[]>} [shown_hands]  hands the rules show to this viewer, by seat
 * @property {number | null} [exchanged_by]
 * @property {Contract | null} [contract]
 * @property {Bidding | null} [bidding]
 * @property {BidGrid | null} [bid_grid]  the legal bids of the seat to act, as a grid
 * @property {SheetRow[]} [sheet]  the score sheet: one row a finished deal
 * @property {Said[]} [bids]
 * @property {Said[]} [declarations]
 * @property {{seat: number, played: number} | null} [trump_pair]  who holds the king and queen of trumps, once said
 */

/**
 * A seat of the table summary (rest.py / live.py: LiveTable.summary).
 * @typedef {object} SeatSummary
 * @property {number} seat
 * @property {number} side
 * @property {"open" | "human" | "bot"} kind
 * @property {string} name
 * @property {string | null} level
 * @property {boolean} connected
 * @property {boolean} away
 */

/**
 * The table's settings, status and seats (GET /api/tables/{id} and the "table" frame).
 * @typedef {object} TableSummary
 * @property {string} id
 * @property {string} code
 * @property {string} invite
 * @property {string} game
 * @property {string} title
 * @property {string} preset
 * @property {Record<string, string>} options
 * @property {number} target
 * @property {number} clock_seconds
 * @property {boolean} public
 * @property {boolean} spectators_see_hands
 * @property {boolean} rated
 * @property {string | null} owner_id
 * @property {"waiting" | "live" | "finished" | "abandoned"} status
 * @property {number} players
 * @property {number} version
 * @property {number} spectators
 * @property {SeatSummary[]} seats
 * @property {number | null} [my_seat]
 * @property {boolean} [replaced]  a bot plays the asker's seat (they left, or were away): they may take it back
 */

// ------------------------------------------------------------------ websocket frames (protocol.py)
/**
 * @typedef {object} WelcomeFrame
 * @property {"welcome"} type
 * @property {"seat" | "spectator"} role
 * @property {number | null} seat
 * @property {number} version
 * @property {string} table_id
 */

/**
 * @typedef {object} StateFrame
 * @property {"state"} type
 * @property {number} version
 * @property {View} view
 */

/**
 * One applied action, narrated for this reader; a fresh state always follows.
 * @typedef {object} EventFrame
 * @property {"event"} type
 * @property {number} version
 * @property {number} seat
 * @property {string} action
 * @property {string} text
 * @property {string[]} lines
 * @property {string[]} [banners]  exclamations over the table for this action ("¡Las cuarenta!"), usually none
 */

/**
 * @typedef {object} ChatFrame
 * @property {"chat"} type
 * @property {string} from
 * @property {string} text
 * @property {string} at
 */

/**
 * @typedef {object} TableFrame
 * @property {"table"} type
 * @property {TableSummary} table
 */

/**
 * @typedef {object} ErrorFrame
 * @property {"error"} type
 * @property {string} code
 * @property {string} message
 * @property {Record<string, unknown>} detail
 */

/** @typedef {{type: "pong"}} PongFrame */

/** @typedef {WelcomeFrame | StateFrame | EventFrame | ChatFrame | TableFrame | ErrorFrame | PongFrame} ServerFrame */

/**
 * One position of a replay (replay.py); its view lacks `cards` and `suits`, sent once for all.
 * @typedef {object} ReplayFrame
 * @property {number} version
 * @property {number | null} seat
 * @property {string | null} action
 * @property {string} text
 * @property {string[]} [lines]
 * @property {View} view
 */

export {};

/**
 * What one card of a finished match cost (GET /api/replay/{id}/analysis: tapete.server.analysis).
 * @typedef {object} CardCost
 * @property {number} frame  the replay frame that shows the card played
 * @property {number} deal  the deal, from 0
 * @property {number} seat
 * @property {string} card
 * @property {number | null} cost  points lost against the best legal move, every hand known; null: not analysed
 * @property {string} [best]  a best legal move
 * @property {string} [note]  "forced" (the only legal card), or why not analysed: "reach", "nodes", "solver"
 * @property {number} [own]  points lost as the expert judged it from the player's own information
 * @property {string} [own_best]
 */

/**
 * The analysis of a finished match, or where it stands.
 * @typedef {object} Analysis
 * @property {"ready" | "running" | "failed" | "none"} status
 * @property {number} [done]  running: cards analysed so far
 * @property {number} [total]
 * @property {number} [players]
 * @property {CardCost[]} [moves]
 * @property {number[]} [lost]  each seat's points lost over the match, every hand known
 * @property {number[] | null} [own_lost]
 * @property {number} [analysed]
 * @property {number} [cards]
 */
