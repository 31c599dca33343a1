// @ts-check
// How one table's page looks in each mode, from its state (table_state.js): one function per mode
// (the waiting room, the live table with its deal-over and match-over boxes, the end of a table
// one does not sit at, a page that could not load). They build elements and call the handlers
// they are given; they keep no state of their own and talk to no server.

import { botName, clockLeft, levelName, renderBoard, seatName } from "./board.js";
import { copyText, h, mount, toast } from "./dom.js";
import { tableTitle } from "./home.js";
import { identityForm } from "./identity.js";
import { rulesHref } from "./rules.js";
import { t } from "./i18n.js";
import { liveMode, myTurn, seatedIn } from "./table_state.js";
import { timerBar } from "./turn_timer.js";

/** @typedef {import("./table_state.js").TableState} TableState */
/** @typedef {import("./table_state.js").Connection} Connection */
/** @typedef {import("./frames.js").TableSummary} TableSummary */
/** @typedef {import("./frames.js").SeatSummary} SeatSummary */
/** @typedef {import("./frames.js").ChatFrame} ChatFrame */

const BOT_LEVELS = ["easy", "medium", "hard", "expert"];

/**
 * What every mode needs to know of the page besides the state.
 * @typedef {object} Page
 * @property {string} tableId
 * @property {unknown[]} games  the games list (GET /api/games), for the title
 * @property {number | null} mySeat  the seat this page holds, if any
 * @property {boolean} owner  whether the signed-in person owns the table
 * @property {boolean} signedIn
 */

/**
 * @typedef {object} WaitingHandlers
 * @property {(seat: number) => void} sit
 * @property {(seat: number) => void} leave
 * @property {(seat: number, level: string) => void} addBot
 * @property {(level: string) => void} fillBots
 * @property {() => void} start
 * @property {() => void} abandon
 * @property {(level: string) => void} chooseLevel
 * @property {() => void} identified  the person just gave a name
 */

/**
 * @typedef {object} LiveHandlers
 * @property {((action: string) => void) | null} onAct  null for spectators and once the match is over
 * @property {() => void} takeBack  take one's seat back from the stand-in
 * @property {(() => void) | null} leave  leave the match (a bot takes the seat); null for spectators
 * @property {() => void} closeBreakdown
 * @property {() => void} closeMatchOver  close the match-over box (to see the table and the menu)
 * @property {() => void} download
 */

/**
 * The parts of the live page that stay while the view changes (the log, the chat and its input).
 * @typedef {object} LiveElements
 * @property {HTMLElement} play
 * @property {HTMLElement} side
 * @property {HTMLElement} log
 * @property {HTMLElement} chat
 * @property {HTMLElement} connection
 * @property {HTMLElement} error
 * @property {HTMLElement} overlay
 * @property {HTMLElement} announce
 * @property {HTMLElement} tools  the table's own buttons in its title bar (leave)
 * @property {HTMLElement} root
 */

// ---------------------------------------------------------------- loading and errors
export function renderLoading() {
  return h("p", { class: "muted" }, t("web.app.loading"));
}

/** @param {string} problem */
export function renderLoadError(problem) {
  return h(
    "section",
    { class: "panel", "data-testid": "table-error" },
    h("p", { class: "form-error" }, problem),
    h("a", { href: "/", "data-link": true, class: "btn" }, t("web.nav.lobby")),
  );
}

/** @param {string} problem */
export function renderFailure(problem) {
  return h("p", { class: "form-error", "data-testid": "table-error" }, problem);
}

// ---------------------------------------------------------------- waiting room
/**
 * @param {string} testid
 * @param {string} chosen
 * @param {(level: string) => void} choose
 * @returns {HTMLSelectElement}
 */
function levelSelect(testid, chosen, choose) {
  const select = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      { "data-testid": testid, "aria-label": t("web.wait.bot_level") },
      BOT_LEVELS.map((lv) => h("option", { value: lv, selected: lv === chosen }, levelName(lv))),
    )
  );
  select.addEventListener("change", () => choose(select.value));
  return select;
}

/**
 * @param {TableState} state
 * @param {Page} page
 * @param {WaitingHandlers} on
 * @param {SeatSummary} s
 */
function seatRow(state, page, on, s) {
  const summary = /** @type {TableSummary} */ (state.summary);
  const players = summary.players;
  const mine = page.mySeat === s.seat;
  const partner = players === 4 ? summary.seats.find((o) => o.seat === (s.seat + 2) % 4) : null;
  let who;
  if (s.kind === "open") who = h("span", { class: "muted" }, t("web.wait.open"));
  else if (s.kind === "bot") who = h("span", {}, botName(s.seat, s.level));
  else who = h("span", {}, s.name);
  const buttons = [];
  if (s.kind === "open" && page.mySeat === null && page.signedIn) {
    buttons.push(
      h(
        "button",
        { type: "button", class: "btn primary", "data-testid": `sit-${s.seat}`, onclick: () => on.sit(s.seat) },
        t("web.wait.sit"),
      ),
    );
  }
  if (s.kind === "open" && page.owner) {
    const level = levelSelect(`bot-level-${s.seat}`, state.botLevel, on.chooseLevel);
    buttons.push(
      h(
        "span",
        { class: "bot-group" },
        level,
        h(
          "button",
          {
            type: "button",
            class: "btn",
            "data-testid": `add-bot-${s.seat}`,
            onclick: () => on.addBot(s.seat, level.value),
          },
          t("web.wait.add_bot"),
        ),
      ),
    );
  }
  if (mine) {
    buttons.push(
      h(
        "button",
        { type: "button", class: "btn", "data-testid": "leave-seat", onclick: () => on.leave(s.seat) },
        t("web.wait.leave"),
      ),
    );
  }
  const hint =
    partner && s.kind === "open" && partner.kind !== "open"
      ? h("small", { class: "muted" }, t("web.wait.partner_of", { name: partner.name }))
      : null;
  return h(
    "li",
    { class: `wait-seat${mine ? " mine" : ""}`, "data-testid": `seat-${s.seat}`, "data-kind": s.kind },
    h(
      "span",
      { class: "wait-seat-name" },
      h("strong", {}, t("web.table.seat_number", { seat: s.seat + 1 })),
      players === 4
        ? h("span", { class: `badge team-${s.seat % 2}` }, t("web.table.team", { team: (s.seat % 2) + 1 }))
        : null,
      mine ? h("span", { class: "badge badge-me" }, t("web.table.you")) : null,
    ),
    who,
    hint,
    h("span", { class: "row-actions" }, buttons),
  );
}

/**
 * A changed rule in words, from the game's option schema (GET /api/games): "Order of the sota and
 * the caballo: caballo above sota", falling back to the raw name and value for an unknown option.
 * @param {TableSummary} summary
 * @param {unknown[]} games
 * @param {string} name
 * @param {string} value
 */
function optionWords(summary, games, name, value) {
  const game = /** @type {{name: string, options?: {name: string, label?: string, choices?: {value: unknown, label: string}[] | null}[]} | undefined} */ (
    games.find((g) => /** @type {{name: string}} */ (g).name === summary.game)
  );
  const option = game && (game.options || []).find((o) => o.name === name);
  if (!option) return `${name}=${value}`;
  const choice = (option.choices || []).find((c) => String(c.value) === String(value));
  return `${option.label || name}: ${choice ? choice.label : value}`;
}

/**
 * @param {TableSummary} summary
 * @param {unknown[]} games
 */
function describe(summary, games) {
  const bits = [];
  if (summary.target) bits.push(t("web.wait.target", { target: summary.target }));
  if (summary.clock_seconds) bits.push(t("web.wait.clock", { seconds: summary.clock_seconds }));
  bits.push(summary.public ? t("web.wait.public") : t("web.wait.private"));
  if (summary.rated) bits.push(t("web.wait.rated"));
  if (summary.spectators_see_hands) bits.push(t("web.wait.spectators_see_hands"));
  const options = Object.entries(summary.options || {}).map(([k, v]) => optionWords(summary, games, k, v));
  return h(
    "div",
    { class: "muted" },
    h("p", {}, bits.join(" · ")),
    options.length ? h("p", { "data-testid": "changed-rules" }, t("web.wait.options", { options: options.join("; ") })) : null,
  );
}

/**
 * The waiting room: settings, the invitation, the seats, and the owner's tools.
 * @param {TableState} state
 * @param {Page} page
 * @param {WaitingHandlers} on
 */
export function renderWaiting(state, page, on) {
  const summary = /** @type {TableSummary} */ (state.summary);
  const invite = `${location.origin}${summary.invite || `/t/${summary.code}`}`;
  const inviteInput = /** @type {HTMLInputElement} */ (
    h("input", {
      type: "text",
      readonly: true,
      value: invite,
      "data-testid": "invite-link",
      "aria-label": t("web.wait.invite"),
    })
  );
  const seats = summary.seats || [];
  const full = seats.every((s) => s.kind !== "open");
  const fillLevel = levelSelect("fill-bots-level", state.botLevel, on.chooseLevel);
  const ownerTools = page.owner
    ? h(
        "div",
        { class: "owner-tools" },
        seats.some((s) => s.kind === "open")
          ? h(
              "span",
              { class: "bot-group" },
              fillLevel,
              h(
                "button",
                { type: "button", class: "btn", "data-testid": "fill-bots", onclick: () => on.fillBots(fillLevel.value) },
                t("web.wait.fill_bots"),
              ),
            )
          : null,
        h(
          "button",
          { type: "button", class: "btn primary", disabled: !full, "data-testid": "start-table", onclick: on.start },
          t("web.wait.start"),
        ),
        full ? null : h("small", { class: "muted" }, t("web.wait.need_full")),
        h(
          "button",
          { type: "button", class: "btn", "data-testid": "abandon-table", onclick: on.abandon },
          t("web.wait.abandon"),
        ),
      )
    : h("p", { class: "muted", "data-testid": "wait-owner" }, t("web.wait.owner_starts"));

  return h(
    "div",
    { class: "waiting", "data-testid": "waiting-room", "data-table-id": page.tableId },
    h(
      "section",
      { class: "panel" },
      h("h2", {}, tableTitle(summary, page.games)),
      describe(summary, page.games),
      h(
        "p",
        {},
        h("a", { href: rulesHref(summary.game, summary.preset), "data-link": true, "data-testid": "table-rules" }, t("web.rules.heading")),
      ),
      h(
        "div",
        { class: "invite" },
        h("label", {}, h("span", {}, t("web.wait.invite")), inviteInput),
        h(
          "button",
          {
            type: "button",
            class: "btn",
            "data-testid": "copy-invite",
            onclick: async () =>
              toast((await copyText(invite, inviteInput)) ? t("web.wait.copied") : t("web.wait.copy_failed")),
          },
          t("web.wait.copy"),
        ),
        h("p", {}, t("web.wait.code"), " ", h("code", { class: "code", "data-testid": "invite-code" }, summary.code)),
      ),
    ),
    page.signedIn ? null : identityForm(on.identified),
    h(
      "section",
      { class: "panel" },
      h("h2", {}, t("web.wait.seats")),
      h(
        "ol",
        { class: "plain wait-seats" },
        seats.map((s) => seatRow(state, page, on, s)),
      ),
      ownerTools,
    ),
  );
}

// ---------------------------------------------------------------- finished (not seated)
/**
 * @param {TableState} state
 * @param {Page} page
 */
export function renderOver(state, page) {
  const summary = /** @type {TableSummary} */ (state.summary);
  return h(
    "section",
    { class: "panel", "data-testid": "table-finished" },
    h("h2", {}, tableTitle(summary, page.games)),
    h("p", {}, summary.status === "abandoned" ? t("web.table.abandoned") : t("web.table.finished")),
    summary.status === "finished"
      ? h(
          "a",
          { class: "btn", href: `/replay/${page.tableId}`, "data-link": true, "data-testid": "open-replay" },
          t("web.games.replay"),
        )
      : null,
    h("a", { class: "btn", href: "/", "data-link": true }, t("web.nav.lobby")),
  );
}

// ---------------------------------------------------------------- the live table
/**
 * The frame of the live page, drawn once per connection: the places views, log and chat go.
 * @param {TableState} state
 * @param {Page} page
 * @param {(text: string) => boolean} sendChat  true if the line went out
 * @returns {LiveElements}
 */
export function liveSkeleton(state, page, sendChat) {
  const summary = /** @type {TableSummary} */ (state.summary);
  const chatInput = /** @type {HTMLInputElement} */ (
    h("input", {
      type: "text",
      maxlength: 300,
      "data-testid": "chat-input",
      "aria-label": t("web.chat.message"),
      placeholder: t("web.chat.placeholder"),
    })
  );
  const chatForm = h(
    "form",
    {
      class: "inline-form",
      onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const text = chatInput.value.trim();
        if (text && sendChat(text)) chatInput.value = "";
      },
    },
    chatInput,
    h("button", { type: "submit", class: "btn", "data-testid": "chat-send" }, t("web.chat.send")),
  );
  const els = {
    play: h("div", { class: "table-play" }),
    side: h("div", { class: "table-side-info" }),
    log: h("ol", { class: "log", "data-testid": "event-log", "aria-label": t("web.table.log"), "aria-live": "polite" }),
    chat: h("ol", { class: "log chat", "data-testid": "chat-log", "aria-label": t("web.chat.title") }),
    connection: h("div", { class: "connection", "data-testid": "connection-status", role: "status" }),
    error: h("div", { class: "play-error", "data-testid": "error-message", role: "alert", hidden: true }),
    overlay: h("div", { class: "overlay-slot" }),
    // Screen readers hear when the turn comes to the player (the banner itself is redrawn each time).
    announce: h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "announce" }),
    tools: h("span", { class: "table-tools" }),
    root: h("div"),
  };
  // On a narrow screen the side panel (score sheet, log, chat) is a drawer over the table, opened
  // from the title bar, so that the table itself fits the screen.
  const sideId = `table-side-${page.tableId}`;
  /** @param {boolean} open */
  const showSide = (open) => {
    els.root.classList.toggle("side-open", open);
    sideToggle.setAttribute("aria-expanded", open ? "true" : "false");
    (open ? sideClose : sideToggle).focus({ preventScroll: true });
  };
  const sideToggle = h(
    "button",
    {
      type: "button",
      class: "btn small side-toggle",
      "data-testid": "side-toggle",
      "aria-expanded": "false",
      "aria-controls": sideId,
      onclick: () => showSide(!els.root.classList.contains("side-open")),
    },
    t("web.table.details"),
  );
  const sideClose = h(
    "button",
    { type: "button", class: "btn small side-close", "data-testid": "side-close", onclick: () => showSide(false) },
    t("web.table.hide_details"),
  );
  els.root = h(
    "div",
    { class: "table-page", "data-testid": "table-page", "data-table-id": page.tableId },
    h(
      "div",
      { class: "table-top" },
      h("h2", {}, tableTitle(summary, page.games)),
      els.connection,
      h("span", { class: "muted table-code", "data-testid": "table-code" }, t("web.wait.code"), " ", summary.code),
      // In a new tab: following it must not take the player away from the game.
      h(
        "a",
        { href: rulesHref(summary.game, summary.preset), target: "_blank", rel: "noopener", "data-testid": "table-rules" },
        t("web.rules.heading"),
      ),
      els.tools,
      sideToggle,
    ),
    h(
      "div",
      { class: "table-main" },
      els.play,
      h(
        "div",
        { class: "table-side", id: sideId, "data-testid": "table-side" },
        sideClose,
        els.side,
        h("details", { class: "side-box", open: true }, h("summary", {}, t("web.table.log")), els.log),
        h("details", { class: "side-box", open: true }, h("summary", {}, t("web.chat.title")), els.chat, chatForm),
      ),
    ),
    els.overlay,
    els.announce,
  );
  return els;
}

/**
 * The log's lines (appending only what is new when the old lines are still there).
 * @param {HTMLElement} el
 * @param {string[]} lines
 */
export function renderLog(el, lines) {
  mount(
    el,
    lines.map((line) => h("li", {}, line)),
  );
  el.scrollTop = el.scrollHeight;
}

/**
 * @param {HTMLElement} el
 * @param {ChatFrame[]} chat
 */
export function renderChat(el, chat) {
  mount(
    el,
    chat.map((c) => h("li", { "data-testid": "chat-line" }, h("strong", {}, c.from || ""), ": ", c.text)),
  );
  el.scrollTop = el.scrollHeight;
}

/**
 * @param {HTMLElement} el
 * @param {Connection} status
 */
export function renderConnection(el, status) {
  const text = {
    connecting: t("web.table.connecting"),
    retrying: t("web.table.reconnecting"),
    closed: t("web.table.disconnected"),
  }[status];
  el.textContent = text || "";
  el.dataset.status = status;
  el.hidden = !text;
}

/**
 * @param {HTMLElement} el
 * @param {string} error
 */
export function renderError(el, error) {
  el.textContent = error;
  el.hidden = !error;
}

/**
 * The deal is over: its breakdown, until the person goes on.
 * @param {TableState} state
 * @param {() => void} onContinue
 */
export function renderDealOver(state, onContinue) {
  if (!state.breakdown) return null;
  return h(
    "div",
    { class: "breakdown", "data-testid": "deal-breakdown", role: "dialog", "aria-label": t("web.table.deal_over") },
    h("h3", {}, t("web.table.deal_over")),
    h(
      "ul",
      { class: "plain breakdown-lines" },
      state.breakdown.lines.map((line) => h("li", {}, line)),
    ),
    h(
      "button",
      { type: "button", class: "btn primary", "data-testid": "breakdown-continue", onclick: onContinue },
      t("web.table.continue"),
    ),
  );
}

/**
 * The match's result as the game keeps the match: partidas won where the game counts them (the
 * last partida's malas and buenas are only how the last one ended), else the match score.
 * @param {import("./frames.js").View} view
 */
export function matchResult(view) {
  const score = view.score;
  if (!score) return "";
  if (score.partidas) return t("web.table.partidas", { score: score.partidas.join(" – ") });
  return score.text || "";
}

/**
 * The match is over: who won and by how much, the last deal's breakdown below it, and where to go
 * next. Closed by its button, Escape or a click beside it, to see the table and reach the menu.
 * @param {TableState} state
 * @param {Page} page
 * @param {() => void} download
 * @param {() => void} close
 */
export function renderMatchOver(state, page, download, close) {
  const view = state.view;
  if (!view) return null;
  let headline = t("web.table.match_over");
  if (seatedIn(view) && view.winner !== null && view.winner !== undefined) {
    headline = view.sides[view.seat] === view.winner ? t("web.table.you_won") : t("web.table.you_lost");
  }
  const lines = view.breakdown || [];
  // The server adds the match's own line ("team 0 wins the match") after the last deal's breakdown.
  const matchLine = lines.length ? lines[lines.length - 1] : "";
  const dealLines = lines.slice(0, -1);
  return h(
    "div",
    {
      class: "overlay",
      "data-testid": "match-over",
      role: "dialog",
      "aria-modal": "true",
      "aria-label": t("web.table.match_over"),
      onclick: (/** @type {MouseEvent} */ e) => {
        if (e.target === e.currentTarget) close();
      },
    },
    h(
      "div",
      { class: "overlay-box panel" },
      h("h2", { "data-testid": "match-headline" }, headline),
      h("p", { class: "match-result", "data-testid": "match-result" }, matchResult(view)),
      matchLine ? h("p", { "data-testid": "match-line" }, matchLine) : null,
      dealLines.length
        ? h(
            "details",
            { class: "match-last-deal" },
            h("summary", {}, t("web.table.last_deal")),
            h(
              "ul",
              { class: "plain", "data-testid": "match-last-deal" },
              dealLines.map((line) => h("li", {}, line)),
            ),
          )
        : null,
      h(
        "div",
        { class: "row-actions" },
        h(
          "a",
          { class: "btn primary", href: `/replay/${page.tableId}`, "data-link": true, "data-testid": "match-replay" },
          t("web.games.replay"),
        ),
        h(
          "button",
          { type: "button", class: "btn", "data-testid": "match-download", onclick: download },
          t("web.games.download"),
        ),
        h("a", { class: "btn", href: "/", "data-link": true, "data-testid": "match-lobby" }, t("web.nav.lobby")),
        h("button", { type: "button", class: "btn", "data-testid": "match-close", onclick: close }, t("web.table.close")),
      ),
    ),
  );
}

/**
 * The banner over the hand: whose turn it is, or that the match is over; under it, the turn clock's bar
 * when the table has a clock.
 * @param {TableState} state
 */
function turnBanner(state) {
  const view = /** @type {import("./frames.js").View} */ (state.view);
  const mine = myTurn(view);
  const seated = seatedIn(view);
  return h(
    "div",
    { class: `turn-banner${mine ? " mine" : ""}`, "data-testid": "turn-banner", "data-my-turn": mine ? "true" : "false" },
    view.match_over
      ? t("web.table.match_over")
      : mine
        ? t("web.table.your_turn")
        : seated
          ? t("web.table.waiting_for", { name: seatName(view, view.current_player) })
          : t("web.table.watching", { name: seatName(view, view.current_player) }),
    timerBar(state),
  );
}

/**
 * The live table for the last view: the board (bidding or play, as the view's phase says), the
 * banner, my choices and hand, the side panel, and the deal-over or match-over box.
 * @param {LiveElements} els
 * @param {TableState} state
 * @param {Page} page
 * @param {LiveHandlers} on
 */
export function renderLive(els, state, page, on) {
  const view = state.view;
  if (!view) return;
  const over = liveMode(state);
  const seated = seatedIn(view);
  const parts = renderBoard(view, {
    onAct: on.onAct,
    heldTrick: state.heldTrick,
    receivedAt: state.receivedAt,
    overlay: over === "deal_over" ? renderDealOver(state, on.closeBreakdown) : null,
  });
  const away = seated && view.away && view.away[view.seat];
  mount(els.play, parts.board);
  mount(
    parts.dock,
    turnBanner(state),
    away
      ? h(
          "div",
          { class: "away-note", "data-testid": "away-note" },
          t("web.table.you_are_away"),
          " ",
          h("button", { type: "button", class: "btn", "data-testid": "take-back", onclick: on.takeBack }, t("web.table.take_back")),
        )
      : null,
    els.error,
    parts.actions,
    parts.hand,
    seated ? null : h("p", { class: "spectator-note", "data-testid": "spectator-note" }, t("web.table.spectating")),
  );
  mount(
    els.tools,
    on.leave
      ? h("button", { type: "button", class: "btn small", "data-testid": "leave-table", onclick: on.leave }, t("web.table.leave"))
      : null,
  );
  mount(els.side, parts.info);
  const announce = myTurn(view) ? t("web.table.your_turn") : "";
  if (els.announce.textContent !== announce) els.announce.textContent = announce;
  mount(els.overlay, over === "match_over" ? renderMatchOver(state, page, on.download, on.closeMatchOver) : null);
}

/**
 * The turn clocks on the page, a second later.
 * @param {HTMLElement} root
 * @param {TableState} state
 */
export function tickClocks(root, state) {
  if (!state.view) return;
  for (const el of root.querySelectorAll("[data-clock-seat]")) {
    el.textContent = t("web.table.clock", { seconds: clockLeft(state.view, state.receivedAt) });
  }
}
