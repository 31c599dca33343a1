// @ts-check
// The card table drawn from one view model (the contract's "View model", built by the server's
// wire.py). The live table and the replayer both draw with renderBoard(); only the live table
// passes onAct. Nothing here decides what is legal or hidden: the hand, the legal choices and
// every sentence come from the server; the client only lays them out.

import { backSvg, cardLabel, cardSvg, suitLabel, suitSvg } from "./cards.js";
import { h, svgBox } from "./dom.js";
import { t } from "./i18n.js";

// Where each seat sits, counted from the seat at the bottom (me, or seat 0 for spectators).
// Play goes to the right (anticlockwise, as both games are dealt and played), so the next seat
// is on the right.
const POSITIONS = {
  2: ["bottom", "top"],
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],
};

// More bid buttons than this become one list, so a coinche auction does not fill the screen.
const MAX_BID_BUTTONS = 8;

export function positionOf(view, seat) {
  const n = view.players;
  const base = view.seat === null || view.seat === undefined ? 0 : view.seat;
  const names = POSITIONS[n] || POSITIONS[4];
  return names[(seat - base + n) % n];
}

const LEVEL_KEYS = {
  random: "web.level.random",
  easy: "web.level.easy",
  medium: "web.level.medium",
  hard: "web.level.hard",
  expert: "web.level.expert",
};

/** A bot level in the viewer's language (the level's own name for one without a text). */
export function levelName(level) {
  return LEVEL_KEYS[level] ? t(LEVEL_KEYS[level]) : level;
}

/** A bot's name in the viewer's language, from its seat (0-3, told 1-4) and level: "Bot 2 (medium)". */
export function botName(seat, level) {
  return t("web.table.bot_name", { seat: seat + 1, level: levelName(level) });
}

/**
 * A seat's name: a bot's from its seat and level in the viewer's language ("Bot 2 (medium)"; its
 * stored name is in the language of whoever added it), a person's own, or "Seat N" for an open seat.
 */
export function seatName(view, seat) {
  const level = view.levels && view.levels[seat];
  if (level && view.kinds && view.kinds[seat] === "bot") return botName(seat, level);
  const name = view.names && view.names[seat];
  return name ? name : t("web.table.seat_number", { seat: seat + 1 });
}

/** @typedef {import("./frames.js").View} View */
/** @typedef {import("./frames.js").DeckFaces} DeckFaces */
/** @typedef {import("./frames.js").LastTrick} LastTrick */

/**
 * @typedef {object} BoardOptions
 * @property {((action: string) => void) | null} [onAct]  live play: send an action
 * @property {LastTrick | null} [heldTrick]  a finished trick kept on screen for a moment
 * @property {number} [receivedAt]  when the view arrived (ms), for the clock
 * @property {HTMLElement | null} [overlay]  drawn over the board
 * @property {boolean} [replay]  no connection marks or clock
 */

/**
 * @param {string} card
 * @param {DeckFaces} deck
 * @param {Record<string, unknown>} [attrs]
 */
function cardEl(card, deck, attrs = {}) {
  return svgBox("span", { class: "card", "data-card": card, ...attrs }, cardSvg(card, deck));
}

/**
 * @param {DeckFaces} deck
 * @param {Record<string, unknown>} [attrs]
 */
function backEl(deck, attrs = {}) {
  return svgBox("span", { class: "card card-back", ...attrs }, backSvg(deck));
}

/** The side (team) label of a seat: "Team 1" or "Team 2" at four players, nothing otherwise. */
function teamLabel(view, seat) {
  return view.players === 4 ? t("web.table.team", { team: view.sides[seat] + 1 }) : null;
}

/** Seconds left on the turn clock of a seat now, from the view and the time it arrived. */
export function clockLeft(view, receivedAt) {
  if (!view.clock) return null;
  const elapsed = (Date.now() - receivedAt) / 1000;
  return Math.max(0, Math.ceil(view.clock.seconds_left - elapsed));
}

// ------------------------------------------------------------------ seats
/**
 * @param {View} view
 * @param {number} seat
 * @param {BoardOptions} opts
 */
function seatPanel(view, seat, opts) {
  const me = view.seat === seat;
  const toAct = !view.match_over && view.current_player === seat;
  const kind = (view.kinds && view.kinds[seat]) || "open";
  const badges = [];
  if (me) badges.push(h("span", { class: "badge badge-me" }, t("web.table.you")));
  if (kind === "bot") badges.push(h("span", { class: "badge" }, t("web.table.bot")));
  if (view.dealer === seat)
    badges.push(h("span", { class: "badge badge-dealer", title: t("web.table.dealer") }, t("web.table.dealer")));
  if (opts.replay) {
    // A replay has no connections, clocks or stand-ins to show.
  } else if (view.away && view.away[seat]) {
    badges.push(h("span", { class: "badge badge-away", "data-testid": `away-${seat}` }, t("web.table.away")));
  } else if (kind === "human" && view.connected && !view.connected[seat]) {
    badges.push(h("span", { class: "badge badge-away" }, t("web.table.offline")));
  }
  const team = teamLabel(view, seat);
  if (team) badges.push(h("span", { class: `badge badge-team team-${view.sides[seat]}` }, team));

  let clock = null;
  if (toAct && view.clock && view.clock.seat === seat && !opts.replay) {
    const left = clockLeft(view, opts.receivedAt || Date.now());
    clock = h(
      "span",
      { class: "clock", "data-testid": `clock-${seat}`, "data-clock-seat": seat, role: "timer" },
      t("web.table.clock", { seconds: left }),
    );
  }

  // Cards: every hand in a replay or for spectators the owner lets see them; else backs, with the
  // cards publicly known to be in the hand (a taken retourne, an exchanged indicator) face up.
  let cards = null;
  if (!me) {
    // Every hand (replays, spectators allowed to), else a hand the rules show this viewer (a partner's).
    const hand = view.hands ? view.hands[seat] : (view.shown_hands && view.shown_hands[String(seat)]) || null;
    const row = h("div", { class: "seat-cards", "data-testid": `seat-cards-${seat}` });
    if (hand) {
      for (const c of hand) row.append(cardEl(c, view, { "data-testid": "seat-card" }));
    } else {
      const known = (view.known && view.known[seat]) || [];
      for (const c of known) row.append(cardEl(c, view, { "data-testid": "known-card" }));
      const backs = Math.max(0, ((view.hand_sizes && view.hand_sizes[seat]) || 0) - known.length);
      for (let i = 0; i < backs; i++) row.append(backEl(view));
    }
    cards = row;
  }

  // What this seat said: its cantes, its last bid while bidding, its declarations.
  const said = [];
  for (const c of [...(view.cantes || []), ...(view.exchanges || [])]) if (c.seat === seat) said.push(c.text);
  const bids = (view.bids || []).filter((b) => b.seat === seat);
  if (bids.length && view.phase === "bidding") said.push(bids[bids.length - 1].text);
  for (const d of view.declarations || []) if (d.seat === seat) said.push(d.text);
  if (view.contract && view.contract.taker === seat) said.push(t("web.table.taker"));

  const won = view.tricks_won ? view.tricks_won[seat] : 0;
  return h(
    "section",
    {
      class: `seat pos-${positionOf(view, seat)}${toAct ? " to-act" : ""}${me ? " seat-me" : ""}`,
      "data-testid": `seat-panel-${seat}`,
      "data-seat": seat,
      "aria-current": toAct ? "true" : false,
      "aria-label": t("web.table.seat_label", { name: seatName(view, seat), seat: seat + 1 }),
    },
    h(
      "div",
      { class: "seat-head" },
      h("span", { class: "seat-name", "data-testid": `seat-name-${seat}` }, seatName(view, seat)),
      // The server's log names seats by number: show it so people can match the two.
      view.names && view.names[seat] ? h("span", { class: "seat-number" }, t("web.table.seat_number", { seat: seat + 1 })) : null,
      toAct ? h("span", { class: "turn-dot", title: t("web.table.to_act") }, "●") : null,
      clock,
    ),
    h("div", { class: "badges" }, badges),
    cards,
    h(
      "div",
      { class: "seat-foot" },
      won ? h("span", { class: "tricks-won" }, t("web.table.tricks_won", { count: won })) : null,
      said.length ? h("span", { class: "said", "data-testid": `said-${seat}` }, said.join(" · ")) : null,
    ),
  );
}

// ------------------------------------------------------------------ the middle of the table
/**
 * @param {View} view
 * @param {BoardOptions} opts
 */
function centre(view, opts) {
  const trick = h("div", { class: "trick", role: "group", "data-testid": "trick", "aria-label": t("web.table.trick") });
  let plays = view.trick || [];
  let held = false;
  // Right after a trick is won the server shows an empty trick; the live table keeps the finished
  // trick on screen for a moment (opts.heldTrick) so people see the last card and who took it.
  if (!plays.length && opts.heldTrick) {
    plays = opts.heldTrick.cards;
    held = true;
  }
  for (const [seat, card] of plays) {
    const winner = held && opts.heldTrick.winner === seat;
    trick.append(
      cardEl(card, view, {
        class: `card trick-card at-${positionOf(view, seat)}${winner ? " trick-winner" : ""}${held ? " held" : ""}`,
        "data-testid": "trick-card",
        "data-seat": seat,
      }),
    );
  }
  if (held) {
    trick.append(
      h("div", { class: "trick-note" }, t("web.table.trick_won_by", { name: seatName(view, opts.heldTrick.winner) })),
    );
  }

  // The pile: the stock (or the undealt cards) with the trump card under it, or the retourne.
  const pile = h("div", { class: "pile", role: "group", "aria-label": t("web.table.pile") });
  if (view.stock) {
    pile.append(
      h(
        "div",
        { class: "stock", "data-testid": "stock", title: t("web.table.stock", { count: view.stock }) },
        backEl(view),
        h("span", { class: "stock-count" }, String(view.stock)),
      ),
    );
  }
  if (view.indicator) {
    pile.append(
      h(
        "div",
        { class: "indicator", "data-testid": "indicator", title: t("web.table.indicator") },
        cardEl(view.indicator, view, { "data-testid": "indicator-card" }),
      ),
    );
  }
  if (view.retourne) {
    pile.append(
      h(
        "div",
        { class: "indicator", "data-testid": "retourne", title: t("web.table.retourne") },
        cardEl(view.retourne, view, { "data-testid": "retourne-card" }),
      ),
    );
  }
  if (view.bergere) {
    pile.append(h("div", { class: "indicator", title: t("web.table.bergere") }, cardEl(view.bergere, view, {})));
  }
  return [pile.childElementCount ? pile : null, h("section", { class: "centre" }, trick)];
}

// ------------------------------------------------------------------ side panel
/** @param {View} view */
function infoPanel(view) {
  const rows = [];
  const score = view.score || /** @type {Partial<import("./frames.js").Score>} */ ({});
  rows.push(
    h(
      "div",
      { class: "info-score" },
      h("div", { class: "info-label" }, t("web.table.score")),
      h("div", { class: "score-text", "data-testid": "score" }, score.text || ""),
      mySide(view) !== null
        ? h("div", { class: "your-side", "data-testid": "your-side" }, t("web.table.your_side", { side: sideName(view, mySide(view)) }))
        : null,
      score.target ? h("div", { class: "muted" }, t("web.table.target", { target: score.target })) : null,
      score.partidas
        ? h("div", { "data-testid": "partidas" }, t("web.table.partidas", { score: score.partidas.join(" – ") }))
        : null,
    ),
  );
  rows.push(
    h("div", { class: "muted", "data-testid": "deal-number" }, t("web.table.deal", { number: view.deal_number })),
  );
  if (view.trump) {
    rows.push(
      h(
        "div",
        { class: "info-trump", "data-testid": "trump", "data-trump": view.trump },
        h("span", { class: "info-label" }, t("web.table.trump")),
        svgBox("span", { class: "suit-icon" }, suitSvg(view.trump, view)),
        h("span", {}, suitLabel(view.trump, view)),
      ),
    );
  }
  if (view.contract) {
    rows.push(
      h(
        "div",
        { "data-testid": "contract" },
        h("span", { class: "info-label" }, t("web.table.contract")),
        ` ${view.contract.text}`,
        view.contract.taker !== null && view.contract.taker !== undefined
          ? h("span", { class: "muted" }, ` (${seatName(view, view.contract.taker)})`)
          : null,
      ),
    );
  }
  const flags = [];
  if (view.arrastre) flags.push(t("web.table.arrastre"));
  if (view.vueltas) flags.push(t("web.table.vueltas"));
  if (flags.length)
    rows.push(
      h(
        "div",
        { class: "flags" },
        flags.map((f) => h("span", { class: "badge" }, f)),
      ),
    );

  if (view.deal_points && view.deal_points.length) {
    const sides = view.deal_points.map((points, side) =>
      h(
        "li",
        { class: side === mySide(view) ? "mine" : null, "data-side": side },
        t("web.table.side_points", { side: sideLabel(view, side), points }),
      ),
    );
    rows.push(
      h(
        "div",
        { "data-testid": "deal-points" },
        h("div", { class: "info-label" }, t("web.table.deal_points")),
        h("ul", { class: "plain" }, sides),
      ),
    );
  }
  if (view.sheet && view.sheet.length) rows.push(scoreSheet(view, view.sheet));
  if (view.bids && view.bids.length) {
    rows.push(
      h(
        "div",
        { "data-testid": "bids" },
        h("div", { class: "info-label" }, t("web.table.bids")),
        h(
          "ol",
          { class: "plain" },
          view.bids.map((b) => h("li", {}, `${seatName(view, b.seat)}: ${b.text}`)),
        ),
      ),
    );
  }
  if (view.cantes && view.cantes.length) {
    rows.push(
      h(
        "div",
        { "data-testid": "cantes" },
        h("div", { class: "info-label" }, t("web.table.cantes")),
        h(
          "ul",
          { class: "plain" },
          // Each line says who sang (the server names the seat).
          view.cantes.map((c) => h("li", {}, c.text)),
        ),
      ),
    );
  }
  if (view.exchanges && view.exchanges.length) {
    rows.push(
      h(
        "div",
        { "data-testid": "exchanges" },
        h("div", { class: "info-label" }, t("web.table.indicator")),
        h(
          "ul",
          { class: "plain" },
          view.exchanges.map((c) => h("li", {}, c.text)),
        ),
      ),
    );
  }
  if (view.declarations && view.declarations.length) {
    rows.push(
      h(
        "div",
        {},
        h("div", { class: "info-label" }, t("web.table.declarations")),
        h(
          "ul",
          { class: "plain" },
          view.declarations.map((d) => h("li", {}, d.text)),
        ),
      ),
    );
  }
  if (view.last_trick) {
    const lt = view.last_trick;
    rows.push(
      h(
        "div",
        { class: "last-trick", "data-testid": "last-trick" },
        h("div", { class: "info-label" }, t("web.table.last_trick", { name: seatName(view, lt.winner) })),
        h(
          "div",
          { class: "mini-cards" },
          lt.cards.map(([seat, card]) =>
            cardEl(card, view, {
              class: `card${seat === lt.winner ? " trick-winner" : ""}`,
              title: seatName(view, seat),
            }),
          ),
        ),
      ),
    );
  }
  if (view.spectators) rows.push(h("div", { class: "muted" }, t("web.table.spectators", { count: view.spectators })));
  return h("aside", { class: "info", "data-testid": "info", "aria-label": t("web.table.info") }, rows);
}

/**
 * A seat's short name for tight places (the scoreboard): a person's name, or "Bot 3" for a bot.
 * @param {View} view
 * @param {number} seat
 */
function shortName(view, seat) {
  if (view.kinds && view.kinds[seat] === "bot") return t("web.table.bot_short", { seat: seat + 1 });
  return seatName(view, seat);
}

/**
 * A side's short name for the scoreboard: "You & Bot 3", "Bot 2 & Bot 4", "You", "Ana".
 * @param {View} view
 * @param {number} side
 */
function shortSideName(view, side) {
  const me = view.seat !== null && view.seat !== undefined ? view.seat : null;
  if (view.players !== 4) return side === me ? t("web.table.you_short") : shortName(view, side);
  const members = [0, 1, 2, 3].filter((s) => (view.sides ? view.sides[s] === side : s % 2 === side));
  if (me !== null && members.includes(me)) {
    const partner = members.find((s) => s !== me);
    return t("web.table.side_short_you", { partner: partner === undefined ? "" : shortName(view, partner) });
  }
  return t("web.table.side_short", { a: shortName(view, members[0]), b: shortName(view, members[1]) });
}

/**
 * The score strip on the board, always in sight: a row a side (yours first and marked) with the
 * match score and, where the game counts them as it goes, the points of this deal; then the
 * trumps and the contract, the two things a player looks up most.
 * @param {View} view
 */
function scoreboard(view) {
  const score = view.score || /** @type {Partial<import("./frames.js").Score>} */ ({});
  const labels = score.labels || [];
  const dealPoints = view.deal_points && view.deal_points.length ? view.deal_points : null;
  const mine = mySide(view);
  const order = labels.map((_, side) => side);
  if (mine !== null) order.sort((a, b) => (a === mine ? -1 : b === mine ? 1 : a - b));
  const rows = order.map((side) =>
    h(
      "tr",
      { class: side === mine ? "mine" : null, "data-side": side },
      h("th", { scope: "row", class: "sb-side" }, shortSideName(view, side)),
      h("td", { class: "sb-score", "data-testid": `scoreboard-score-${side}` }, labels[side]),
      dealPoints
        ? h("td", { class: "sb-deal", "data-testid": `scoreboard-deal-${side}` }, String(dealPoints[side] ?? ""))
        : null,
    ),
  );
  const extra = [];
  if (view.trump) {
    extra.push(
      h(
        "span",
        { class: "sb-trump", title: `${t("web.table.trump")} ${suitLabel(view.trump, view)}` },
        svgBox("span", { class: "suit-icon", "aria-label": suitLabel(view.trump, view) }, suitSvg(view.trump, view)),
      ),
    );
  }
  if (view.contract) extra.push(h("span", { class: "sb-contract" }, view.contract.text));
  if (score.partidas) extra.push(h("span", {}, t("web.table.partidas", { score: score.partidas.join(" – ") })));
  for (const flag of [view.arrastre ? t("web.table.arrastre") : "", view.vueltas ? t("web.table.vueltas") : ""])
    if (flag) extra.push(h("span", { class: "badge" }, flag));
  return h(
    "section",
    { class: "scoreboard", "data-testid": "scoreboard", "aria-label": t("web.table.score") },
    h(
      "table",
      {},
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col", class: "sr-only-cell" }, h("span", { class: "sr-only" }, t("web.table.sides"))),
          h("th", { scope: "col" }, score.target ? t("web.table.score_to", { target: score.target }) : t("web.table.score")),
          dealPoints ? h("th", { scope: "col" }, t("web.table.this_deal")) : null,
        ),
      ),
      h("tbody", {}, rows),
    ),
    extra.length ? h("div", { class: "sb-extra" }, extra) : null,
  );
}

/**
 * A scoring side's name: a team at four players, told by who sits in it ("you and Ana", "Ana and
 * Bot 3"), else the seat's player.
 */
export function sideName(view, side) {
  if (view.players !== 4) return seatName(view, side);
  const members = [0, 1, 2, 3].filter((s) => (view.sides ? view.sides[s] === side : s % 2 === side));
  const mine = view.seat !== null && view.seat !== undefined && members.includes(view.seat);
  if (mine) {
    const partner = members.find((s) => s !== view.seat);
    return t("web.table.team_you", { partner: partner === undefined ? "" : seatName(view, partner) });
  }
  return t("web.table.team_of", { a: seatName(view, members[0]), b: seatName(view, members[1]) });
}

/**
 * The side of the person looking (null for a spectator).
 * @param {View} view
 * @returns {number | null}
 */
export function mySide(view) {
  if (view.seat === null || view.seat === undefined || !view.sides) return null;
  return view.sides[view.seat];
}

/**
 * A side's name, saying which one is yours.
 * @param {View} view
 * @param {number} side
 */
export function sideLabel(view, side) {
  const name = sideName(view, side);
  return side === mySide(view) ? t("web.table.yours", { side: name }) : name;
}

/**
 * The score sheet as players keep it: a line a deal, a column a side (yours marked), the points the
 * deal scored and the score after it.
 * @param {View} view
 * @param {import("./frames.js").SheetRow[]} sheet
 */
function scoreSheet(view, sheet) {
  const units = sheet[0].points.length;
  const sides = Array.from({ length: units }, (_, side) => side);
  const mine = mySide(view);
  return h(
    "details",
    { class: "score-sheet", "data-testid": "score-sheet", open: true },
    h("summary", { class: "info-label" }, t("web.table.sheet")),
    h(
      "table",
      {},
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("web.table.sheet_deal")),
          sides.map((side) =>
            h("th", { scope: "col", class: side === mine ? "mine" : null, title: sideLabel(view, side) }, shortSideName(view, side)),
          ),
        ),
      ),
      h(
        "tbody",
        {},
        sheet.map((row) =>
          h(
            "tr",
            { "data-deal": row.deal },
            h("th", { scope: "row" }, String(row.deal)),
            sides.map((side) =>
              h(
                "td",
                { class: side === mine ? "mine" : null, title: String(row.totals[side]) },
                `${row.points[side] > 0 ? "+" : ""}${row.points[side]}`,
                h("span", { class: "sheet-total muted" }, ` ${row.totals[side]}`),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

// ------------------------------------------------------------------ my hand and choices
/**
 * @param {View} view
 * @param {BoardOptions} opts
 */
function handRow(view, opts) {
  const legalCards = new Set((view.legal || []).filter((l) => l.kind === "card").map((l) => l.card));
  const myTurn = view.current_player === view.seat && (view.legal || []).length > 0;
  const row = h("div", { class: "hand", role: "group", "data-testid": "hand", "aria-label": t("web.table.your_hand") });
  for (const card of view.hand || []) {
    const legal = legalCards.has(card);
    const label = cardLabel(card, view);
    const button = h("button", {
      type: "button",
      // Dim the cards the rules forbid only when some card may be played (not while bidding).
      class: `card hand-card${legal ? " legal" : myTurn && legalCards.size ? " illegal" : ""}`,
      "data-card": card,
      "data-legal": legal ? "true" : "false",
      "data-testid": "hand-card",
      // Not legal cards still go to the server, which says why (the explanation is the point).
      onclick: opts.onAct ? () => opts.onAct(card) : null,
    });
    button.innerHTML = cardSvg(card, view);
    // The button is named by its picture (an image named after the card), not by an aria-label:
    // the picture's corner index ("3") would be visible text missing from such a label (WCAG
    // 2.5.3, label in name).
    button.querySelector("svg")?.setAttribute("aria-label", legal ? t("web.table.play_card", { card: label }) : label);
    row.append(button);
  }
  return row;
}

/**
 * @param {View} view
 * @param {BoardOptions} opts
 */
function actionBar(view, opts) {
  const others = (view.legal || []).filter((l) => l.kind !== "card");
  const bar = h("div", { class: "actions", "data-testid": "actions" });
  if (!others.length || !opts.onAct) return { bar, grid: null };
  const bids = others.filter((l) => l.kind === "bid");
  const grid = bids.length && view.bid_grid ? bidGrid(view, view.bid_grid, bids, opts.onAct) : null;
  const listed = bids.length > MAX_BID_BUTTONS || grid;
  const buttons = listed ? others.filter((l) => l.kind !== "bid") : others;
  for (const l of buttons) {
    bar.append(
      h(
        "button",
        {
          type: "button",
          class: `btn action action-${l.kind}`,
          "data-testid": "legal-action",
          "data-action": l.action,
          "data-kind": l.kind,
          onclick: () => opts.onAct(l.action),
        },
        l.label,
      ),
    );
  }
  if (bids.length > MAX_BID_BUTTONS && !grid) {
    const select = h(
      "select",
      { "data-testid": "bid-select", "aria-label": t("web.table.bid_choice") },
      bids.map((l) => h("option", { value: l.action }, l.label)),
    );
    bar.append(
      h(
        "span",
        { class: "bid-group" },
        select,
        h(
          "button",
          {
            type: "button",
            class: "btn action action-bid",
            "data-testid": "bid-submit",
            onclick: () => opts.onAct(select.value),
          },
          t("web.table.bid"),
        ),
      ),
    );
  }
  return { bar, grid };
}

/**
 * The bidding box: a row a value, a column a contract (its suit drawn), a button in each cell that
 * holds a legal bid (named in full for screen readers), as colver.net and Board Game Arena lay it out.
 * @param {View} view
 * @param {import("./frames.js").BidGrid} grid
 * @param {import("./frames.js").Choice[]} bids
 * @param {(action: string) => void} onAct
 */
function bidGrid(view, grid, bids, onAct) {
  const labels = new Map(bids.map((l) => [l.action, l.label]));
  const head = h(
    "tr",
    {},
    h("th", {}, ""),
    grid.columns.map((c) =>
      h(
        "th",
        { scope: "col", title: c.text, "data-contract": c.key },
        c.suit ? svgBox("span", { class: "suit-icon", "aria-label": c.text }, suitSvg(c.suit, view)) : c.text,
      ),
    ),
  );
  const rows = grid.rows.map((row) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, row.text),
      row.cells.map((action, i) =>
        h(
          "td",
          {},
          action
            ? h(
                "button",
                {
                  type: "button",
                  class: "btn bid-cell",
                  "data-testid": "bid-cell",
                  "data-action": action,
                  "data-contract": grid.columns[i].key,
                  "aria-label": labels.get(action) || action,
                  title: labels.get(action) || action,
                  onclick: () => onAct(action),
                },
                row.text,
              )
            : null,
        ),
      ),
    ),
  );
  return h(
    "div",
    { class: "bid-grid-box", "data-testid": "bid-grid", role: "group", "aria-label": t("web.table.bid_choice") },
    h("table", { class: "bid-grid", "aria-label": t("web.table.bid_choice") }, h("thead", {}, head), h("tbody", {}, rows)),
  );
}

// ------------------------------------------------------------------ the whole board
/**
 * The table for a view. opts: {onAct(action) (live play), heldTrick, receivedAt, overlay (drawn over the board),
 * replay (no connection marks or clock)}. Returns {board, hand, actions} elements for the caller to place.
 * @param {View} view
 * @param {BoardOptions} [opts]
 */
export function renderBoard(view, opts = {}) {
  const n = view.players;
  const seats = [];
  for (let s = 0; s < n; s++) seats.push(seatPanel(view, s, opts));
  // The player's own place at the bottom of the table: the live page puts the turn banner, the
  // choices and the hand here, so the hand lies on the table, not under it.
  const dock = h("div", { class: "dock", "data-testid": "dock" });
  const mine = view.seat !== null && view.seat !== undefined;
  // The bidding box lies in the middle of the table (empty while bidding); the other choices
  // (pass, coinche, cantes, declarations) go to the player's place with the hand.
  const choices = mine ? actionBar(view, opts) : { bar: null, grid: null };
  const board = h(
    "div",
    {
      class: `board players-${n}`,
      "data-testid": "board",
      "data-version": view.version,
      "data-phase": view.phase,
      "data-current": view.current_player,
      "data-seat": view.seat === null || view.seat === undefined ? "" : view.seat,
      "data-deal": view.deal_number,
      "data-match-over": view.match_over ? "true" : "false",
    },
    seats,
    centre(view, opts),
    scoreboard(view),
    choices.grid,
    dock,
    opts.overlay || null,
  );
  return {
    board,
    dock,
    info: infoPanel(view),
    hand: mine ? handRow(view, opts) : null,
    actions: choices.bar,
  };
}
