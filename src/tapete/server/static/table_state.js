// @ts-check
// The state of one table's page, and how each thing that happens changes it: a pure function
// (state, update) -> new state, with no DOM, no timers and no network. table.js feeds it what the
// server and the person do and draws the result with table_render.js; timers and the socket stay
// there. The state is never changed in place: every update returns a new object, so a renderer
// may compare the old and the new one to know what to redraw.

/** @typedef {import("./frames.js").View} View */
/** @typedef {import("./frames.js").TableSummary} TableSummary */
/** @typedef {import("./frames.js").LastTrick} LastTrick */
/** @typedef {import("./frames.js").ChatFrame} ChatFrame */
/** @typedef {import("./frames.js").EventFrame} EventFrame */
/** @typedef {import("./frames.js").ErrorFrame} ErrorFrame */

/** The longest log and chat kept on the page. */
export const MAX_LOG = 300;

/**
 * What the page shows: loading, the waiting room, the live table (seated, or watching), the end
 * of a table one does not sit at, or an error.
 * @typedef {"loading" | "waiting" | "live" | "over" | "error"} Mode
 */

/** @typedef {"connecting" | "open" | "retrying" | "closed"} Connection */

/**
 * The end-of-deal breakdown, shown until the person closes it or the next deal's play begins.
 * @typedef {object} Breakdown
 * @property {string[]} lines
 * @property {string} key
 */

/**
 * @typedef {object} TableState
 * @property {Mode} mode
 * @property {TableSummary | null} summary
 * @property {string} problem  why the page could not load (mode "error")
 * @property {View | null} view  the last view the server sent
 * @property {number} receivedAt  when it arrived (ms since the epoch), for the turn clock
 * @property {string[]} log  narrated events, oldest first
 * @property {ChatFrame[]} chat
 * @property {LastTrick | null} heldTrick  a finished trick kept on screen for a moment
 * @property {string | null} lastTrickKey
 * @property {Breakdown | null} breakdown
 * @property {string[]} seenBreakdowns  the breakdowns already shown (each is shown once)
 * @property {boolean} matchBoxClosed  the person closed the match-over box (to see the table, the menu)
 * @property {Connection} connection
 * @property {string} error  the server's last refusal, until the next action or choice
 * @property {string} botLevel  the level chosen for the next bot
 */

/**
 * Everything that changes the page's state.
 * @typedef {{type: "summary", summary: TableSummary, seated: boolean}
 *   | {type: "summary_merged", table: TableSummary}
 *   | {type: "load_failed", problem: string}
 *   | {type: "needs_identity"}
 *   | {type: "welcome"}
 *   | {type: "state", view: View, at: number}
 *   | {type: "event", frame: EventFrame}
 *   | {type: "chat", frame: ChatFrame}
 *   | {type: "refused", frame: ErrorFrame}
 *   | {type: "connection", status: Connection}
 *   | {type: "release_trick"}
 *   | {type: "close_breakdown"}
 *   | {type: "close_match_over"}
 *   | {type: "acting"}
 *   | {type: "bot_level", level: string}
 *   | {type: "lost"}} Update
 */

/** @returns {TableState} */
export function initialState() {
  return {
    mode: "loading",
    summary: null,
    problem: "",
    view: null,
    receivedAt: 0,
    log: [],
    chat: [],
    heldTrick: null,
    lastTrickKey: null,
    breakdown: null,
    seenBreakdowns: [],
    matchBoxClosed: false,
    connection: "connecting",
    error: "",
    botLevel: "medium",
  };
}

/**
 * The mode a table summary calls for: the waiting room, the live table (also for a seated person
 * once the match is over, to see the end), or the end.
 * @param {TableSummary} summary
 * @param {boolean} seated  whether this page holds a seat at the table
 * @returns {Mode}
 */
export function modeFor(summary, seated) {
  if (summary.status === "waiting") return "waiting";
  if (summary.status === "live" || (summary.status === "finished" && seated)) return "live";
  return "over";
}

/**
 * The live table's overlay: the match's end (until closed), the deal's end (until closed or the
 * next deal's play), or none (play and bidding, and a finished match whose box was closed).
 * @param {TableState} state
 * @returns {"match_over" | "deal_over" | "play"}
 */
export function liveMode(state) {
  if (state.view && state.view.match_over) return state.matchBoxClosed ? "play" : "match_over";
  if (state.breakdown) return "deal_over";
  return "play";
}

/**
 * Whether the viewer holds a seat in the view.
 * @param {View | null} view
 */
export function seatedIn(view) {
  return Boolean(view) && view.seat !== null && view.seat !== undefined;
}

/**
 * Whether it is the viewer's turn with something to choose.
 * @param {View | null} view
 */
export function myTurn(view) {
  return seatedIn(view) && !view.match_over && view.current_player === view.seat && (view.legal || []).length > 0;
}

/**
 * @template T
 * @param {T[]} list
 * @param {T} item
 * @returns {T[]}
 */
function appendCapped(list, item) {
  const out = [...list, item];
  return out.length > MAX_LOG ? out.slice(out.length - MAX_LOG) : out;
}

/**
 * A new view: keep a just-finished trick on screen (the server's next view already has an empty
 * trick), and show the end-of-deal breakdown (it is in the views until the next deal's first
 * action) until the person closes it or the next deal's play begins, once per deal.
 * @param {TableState} state
 * @param {View} view
 * @param {number} at
 * @returns {TableState}
 */
function newView(state, view, at) {
  const lt = view.last_trick;
  const key = lt ? JSON.stringify(lt) : null;
  const playing = (view.trick || []).length > 0;
  let heldTrick = state.heldTrick;
  if (state.view && key && key !== state.lastTrickKey && !playing) heldTrick = lt;
  else if (playing) heldTrick = null;
  let { breakdown, seenBreakdowns } = state;
  if (view.breakdown && view.breakdown.length) {
    // Keyed by the deal, not by its words: after a language change the server sends the same
    // breakdown in other words, and a box the person closed stays closed.
    const bkey = String(view.deal_number);
    if (!seenBreakdowns.includes(bkey)) {
      seenBreakdowns = [...seenBreakdowns, bkey];
      breakdown = { lines: view.breakdown, key: bkey };
    } else if (breakdown && breakdown.key === bkey) {
      breakdown = { lines: view.breakdown, key: bkey };
    }
  } else if (breakdown) {
    // The next deal's play has begun (the server sends the breakdown only until its first
    // action): the box closes, so that it never covers the trick being played.
    breakdown = null;
  }
  const error = view.legal && view.legal.length ? "" : state.error;
  return { ...state, view, receivedAt: at, heldTrick, lastTrickKey: key, breakdown, seenBreakdowns, error };
}

/**
 * The state after one update (the old state is left as it was).
 * @param {TableState} state
 * @param {Update} u
 * @returns {TableState}
 */
export function update(state, u) {
  switch (u.type) {
    case "summary":
      return { ...state, summary: u.summary, mode: modeFor(u.summary, u.seated) };
    case "summary_merged":
      return { ...state, summary: { ...state.summary, ...u.table } };
    case "load_failed":
      return { ...state, mode: "error", problem: u.problem };
    case "needs_identity":
      return { ...state, mode: "loading" };
    case "welcome":
      // The server sends the chat history after every welcome: start the list afresh.
      return { ...state, chat: [] };
    case "state":
      return newView(state, u.view, u.at);
    case "event": {
      const lines = u.frame.lines && u.frame.lines.length ? u.frame.lines : [u.frame.text];
      let log = state.log;
      for (const line of lines) log = appendCapped(log, line);
      return { ...state, log };
    }
    case "chat":
      return { ...state, chat: appendCapped(state.chat, u.frame) };
    case "refused":
      // A click on a screen one step behind: the socket asks for the state again, and the fresh
      // screen says everything; an error line would only confuse.
      if (u.frame.code === "stale_version") return state;
      return { ...state, error: u.frame.message || u.frame.code };
    case "connection":
      return { ...state, connection: u.status };
    case "release_trick":
      return { ...state, heldTrick: null };
    case "close_breakdown":
      return { ...state, breakdown: null };
    case "close_match_over":
      return { ...state, matchBoxClosed: true, breakdown: null };
    case "acting":
      return state.error ? { ...state, error: "" } : state;
    case "bot_level":
      return { ...state, botLevel: u.level };
    case "lost":
      return { ...state, mode: "loading" };
    default:
      return state;
  }
}
