// One table's page (/table/{id} or /t/{code}): the waiting room until the owner starts, then the
// live table over the websocket. Seat tokens live in localStorage per table, so a reload - or the
// same link opened later - takes the same seat back.

import {
  ApiError,
  auth,
  del,
  downloadRecord,
  get,
  post,
  seatToken,
  setSeatToken,
  setWatchToken,
  watchToken,
} from "./api.js";
import { botName, clockLeft, levelName, renderBoard, seatName } from "./board.js";
import { copyText, h, mount, toast } from "./dom.js";
import { tableTitle } from "./home.js";
import { errorText, identityForm } from "./identity.js";
import { t } from "./i18n.js";
import { TableSocket } from "./socket.js";

const POLL_MS = 1500;
// How long a finished trick stays in the middle before the table clears it.
const HOLD_TRICK_MS = 1300;
const BOT_LEVELS = ["easy", "medium", "hard", "expert"];
const MAX_LOG = 300;
// Events replayed into the log when the page first connects.
const RECENT_EVENTS = 30;

function seatsOf(summary) {
  return summary.seats || [];
}

function playersOf(summary) {
  return summary.players || seatsOf(summary).length;
}

export function tableScreen(root, { tableId, code, navigate, refreshNav }) {
  let summary = null;
  let games = [];
  let pollTimer = null;
  let clockTimer = null;
  let sock = null;
  let mode = "loading"; // loading | waiting | live | over | error
  let disposed = false;

  // live state
  let view = null;
  let receivedAt = 0;
  const log = [];
  const chat = [];
  let heldTrick = null;
  let holdTimer = null;
  let lastTrickKey = null;
  let breakdown = null;
  const seenBreakdowns = new Set();
  let connection = "connecting";
  let lastError = "";
  let els = null;
  let waitingDrawn = null;
  let botLevel = "medium";

  // ---------------------------------------------------------------- loading and polling
  async function load() {
    try {
      summary = code
        ? await get(`/api/code/${encodeURIComponent(code)}`)
        : await get(`/api/tables/${encodeURIComponent(tableId)}`);
      tableId = summary.id;
    } catch (err) {
      mode = "error";
      mount(
        root,
        h(
          "section",
          { class: "panel", "data-testid": "table-error" },
          h(
            "p",
            { class: "form-error" },
            err instanceof ApiError && err.status === 404 ? t("web.table.not_found") : errorText(err),
          ),
          h("a", { href: "/", "data-link": true, class: "btn" }, t("web.nav.lobby")),
        ),
      );
      return;
    }
    decide();
  }

  async function poll() {
    if (disposed || mode !== "waiting") return;
    try {
      summary = await get(`/api/tables/${encodeURIComponent(tableId)}`);
    } catch {
      // Keep the last summary and try again later.
      clearTimeout(pollTimer);
      pollTimer = setTimeout(poll, POLL_MS * 2);
      return;
    }
    decide();
  }

  /** Waiting room, live table or the end: from the table's status and whether I hold a seat. */
  function decide() {
    if (disposed) return;
    const status = summary.status;
    if (status === "waiting") {
      mode = "waiting";
      // Redraw only when something changed, so a polled page does not reset what one is choosing.
      const drawn = JSON.stringify(summary);
      if (drawn !== waitingDrawn) drawWaiting();
      clearTimeout(pollTimer);
      pollTimer = setTimeout(poll, POLL_MS);
      return;
    }
    clearTimeout(pollTimer);
    if (status === "live" || (status === "finished" && mySeat() !== null)) {
      if (mode !== "live") startLive();
      return;
    }
    mode = "over";
    drawOver();
  }

  // ---------------------------------------------------------------- waiting room
  function isOwner() {
    const me = auth();
    return Boolean(me && summary.owner_id && me.user.id === summary.owner_id);
  }

  /** My seat: the server's word (my_seat, from the bearer token), else the seat token kept here. */
  function mySeat() {
    if (summary && summary.my_seat !== null && summary.my_seat !== undefined) return summary.my_seat;
    const held = seatToken(tableId);
    return held ? held.seat : null;
  }

  async function act(fn) {
    try {
      await fn();
    } catch (err) {
      toast(errorText(err), "error");
    }
    await poll();
  }

  function sit(seat) {
    return act(async () => {
      const data = await post(`/api/tables/${tableId}/seats/${seat}`, {});
      setSeatToken(tableId, data.seat ?? seat, data.seat_token);
    });
  }

  function leave(seat) {
    return act(async () => {
      await del(`/api/tables/${tableId}/seats/${seat}`);
      setSeatToken(tableId, null, null);
    });
  }

  function addBot(seat, level) {
    return act(() => post(`/api/tables/${tableId}/bots/${seat}`, { level }));
  }

  function fillBots(level) {
    return act(async () => {
      for (const s of seatsOf(summary)) {
        if (s.kind === "open") await post(`/api/tables/${tableId}/bots/${s.seat}`, { level });
      }
    });
  }

  function start() {
    return act(() => post(`/api/tables/${tableId}/start`, {}));
  }

  function abandon() {
    return act(() => del(`/api/tables/${tableId}`));
  }

  function levelSelect(testid) {
    return h(
      "select",
      { "data-testid": testid, "aria-label": t("web.wait.bot_level"), onchange: (e) => (botLevel = e.target.value) },
      BOT_LEVELS.map((lv) => h("option", { value: lv, selected: lv === botLevel }, levelName(lv))),
    );
  }

  function seatRow(s, players) {
    const mine = mySeat() === s.seat;
    const owner = isOwner();
    const partner = players === 4 ? seatsOf(summary).find((o) => o.seat === (s.seat + 2) % 4) : null;
    let who;
    if (s.kind === "open") who = h("span", { class: "muted" }, t("web.wait.open"));
    else if (s.kind === "bot") who = h("span", {}, botName(s.seat, s.level));
    else who = h("span", {}, s.name);
    const buttons = [];
    if (s.kind === "open" && mySeat() === null && auth()) {
      buttons.push(
        h(
          "button",
          { type: "button", class: "btn primary", "data-testid": `sit-${s.seat}`, onclick: () => sit(s.seat) },
          t("web.wait.sit"),
        ),
      );
    }
    if (s.kind === "open" && owner) {
      const level = levelSelect(`bot-level-${s.seat}`);
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
              onclick: () => addBot(s.seat, level.value),
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
          { type: "button", class: "btn", "data-testid": "leave-seat", onclick: () => leave(s.seat) },
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
        h("strong", {}, t("web.table.seat_number", { seat: s.seat })),
        players === 4
          ? h("span", { class: `badge team-${s.seat % 2}` }, t("web.table.team", { team: s.seat % 2 }))
          : null,
        mine ? h("span", { class: "badge badge-me" }, t("web.table.you")) : null,
      ),
      who,
      hint,
      h("span", { class: "row-actions" }, buttons),
    );
  }

  function describe() {
    const bits = [];
    if (summary.target) bits.push(t("web.wait.target", { target: summary.target }));
    if (summary.clock_seconds) bits.push(t("web.wait.clock", { seconds: summary.clock_seconds }));
    bits.push(summary.public ? t("web.wait.public") : t("web.wait.private"));
    if (summary.rated) bits.push(t("web.wait.rated"));
    if (summary.spectators_see_hands) bits.push(t("web.wait.spectators_see_hands"));
    const options = Object.entries(summary.options || {}).map(([k, v]) => `${k}=${v}`);
    return h(
      "div",
      { class: "muted" },
      h("p", {}, bits.join(" · ")),
      options.length ? h("p", {}, t("web.wait.options", { options: options.join(", ") })) : null,
    );
  }

  function drawWaiting() {
    waitingDrawn = JSON.stringify(summary);
    const players = playersOf(summary);
    const invite = `${location.origin}${summary.invite || `/t/${summary.code}`}`;
    const inviteInput = h("input", {
      type: "text",
      readonly: true,
      value: invite,
      "data-testid": "invite-link",
      "aria-label": t("web.wait.invite"),
    });
    const full = seatsOf(summary).every((s) => s.kind !== "open");
    const owner = isOwner();
    const fillLevel = levelSelect("fill-bots-level");
    const ownerTools = owner
      ? h(
          "div",
          { class: "owner-tools" },
          seatsOf(summary).some((s) => s.kind === "open")
            ? h(
                "span",
                { class: "bot-group" },
                fillLevel,
                h(
                  "button",
                  {
                    type: "button",
                    class: "btn",
                    "data-testid": "fill-bots",
                    onclick: () => fillBots(fillLevel.value),
                  },
                  t("web.wait.fill_bots"),
                ),
              )
            : null,
          h(
            "button",
            { type: "button", class: "btn primary", disabled: !full, "data-testid": "start-table", onclick: start },
            t("web.wait.start"),
          ),
          full ? null : h("small", { class: "muted" }, t("web.wait.need_full")),
          h(
            "button",
            { type: "button", class: "btn", "data-testid": "abandon-table", onclick: abandon },
            t("web.wait.abandon"),
          ),
        )
      : h("p", { class: "muted", "data-testid": "wait-owner" }, t("web.wait.owner_starts"));

    mount(
      root,
      h(
        "div",
        { class: "waiting", "data-testid": "waiting-room", "data-table-id": tableId },
        h(
          "section",
          { class: "panel" },
          h("h2", {}, tableTitle(summary, games)),
          describe(),
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
            h(
              "p",
              {},
              t("web.wait.code"),
              " ",
              h("code", { class: "code", "data-testid": "invite-code" }, summary.code),
            ),
          ),
        ),
        auth()
          ? null
          : identityForm(() => {
              refreshNav();
              drawWaiting();
            }),
        h(
          "section",
          { class: "panel" },
          h("h2", {}, t("web.wait.seats")),
          h(
            "ol",
            { class: "plain wait-seats" },
            seatsOf(summary).map((s) => seatRow(s, players)),
          ),
          ownerTools,
        ),
      ),
    );
  }

  // ---------------------------------------------------------------- finished (not seated)
  function drawOver() {
    mount(
      root,
      h(
        "section",
        { class: "panel", "data-testid": "table-finished" },
        h("h2", {}, tableTitle(summary, games)),
        h("p", {}, summary.status === "abandoned" ? t("web.table.abandoned") : t("web.table.finished")),
        summary.status === "finished"
          ? h(
              "a",
              { class: "btn", href: `/replay/${tableId}`, "data-link": true, "data-testid": "open-replay" },
              t("web.games.replay"),
            )
          : null,
        h("a", { class: "btn", href: "/", "data-link": true }, t("web.nav.lobby")),
      ),
    );
  }

  // ---------------------------------------------------------------- live table
  async function startLive() {
    mode = "live";
    let token = null;
    let seat = seatToken(tableId);
    if (!seat && summary.my_seat !== null && summary.my_seat !== undefined) {
      // I sit here but this browser lost the token (cleared storage, another device): the
      // server issues a new token for one's own seat.
      try {
        const data = await post(`/api/tables/${tableId}/seats/${summary.my_seat}`, {});
        setSeatToken(tableId, summary.my_seat, data.seat_token);
        seat = seatToken(tableId);
      } catch {
        seat = null;
      }
    }
    if (seat) token = seat.token;
    else {
      token = watchToken(tableId);
      if (!token) {
        if (!auth()) {
          mount(
            root,
            identityForm(() => {
              refreshNav();
              mode = "loading";
              decide();
            }),
          );
          mode = "loading";
          return;
        }
        try {
          const data = await post(`/api/tables/${tableId}/watch`, {});
          token = data.spectator_token;
          setWatchToken(tableId, token);
        } catch (err) {
          mode = "error";
          mount(root, h("p", { class: "form-error", "data-testid": "table-error" }, errorText(err)));
          return;
        }
      }
    }
    drawLiveSkeleton();
    sock = new TableSocket(tableId, token, {
      onWelcome: () => {
        // The server sends the chat history after every welcome: start the list afresh.
        chat.length = 0;
        if (els) els.chat.replaceChildren();
      },
      onTable: (table) => {
        summary = { ...summary, ...table };
      },
      onState: onState,
      onEvent: (e) => {
        const lines = e.lines && e.lines.length ? e.lines : [e.text];
        for (const line of lines) addLog(line);
      },
      onChat: (c) => {
        chat.push(c);
        if (chat.length > MAX_LOG) chat.shift();
        drawChatLine(c);
      },
      onError: (e) => {
        // A click on a screen one step behind: the socket has asked for the state again, and
        // the fresh screen says everything; an error line would only confuse.
        if (e.code === "stale_version") return;
        lastError = e.message || e.code;
        drawError();
      },
      onStatus: (s) => {
        connection = s;
        drawConnection();
      },
      onFatal: (codeName, message) => {
        // A seat token the server no longer knows (the seat was given up, the table is gone):
        // forget it and show the table as anyone would see it.
        if (codeName === "bad_token") {
          if (seatToken(tableId) && seatToken(tableId).token === token) setSeatToken(tableId, null, null);
          else setWatchToken(tableId, null);
        }
        toast(message || t("web.table.connection_lost"), "error");
        mode = "loading";
        sock = null;
        load();
      },
    });
    // Catch up on the last events too, so that the log says what just happened at the table.
    sock.version = Math.max(0, (summary.version || 0) - RECENT_EVENTS);
    sock.connect();
    clockTimer = setInterval(tickClock, 1000);
  }

  function onState(message) {
    const previous = view;
    view = message.view;
    receivedAt = Date.now();
    // Hold a finished trick on screen briefly (the server's next view already has an empty trick).
    const lt = view.last_trick;
    const key = lt ? JSON.stringify(lt) : null;
    if (previous && key && key !== lastTrickKey && !(view.trick || []).length) {
      heldTrick = lt;
      clearTimeout(holdTimer);
      holdTimer = setTimeout(() => {
        heldTrick = null;
        drawLive();
      }, HOLD_TRICK_MS);
    } else if ((view.trick || []).length) {
      heldTrick = null;
    }
    lastTrickKey = key;
    // The end-of-deal breakdown appears in only a state or two (until the next deal's first
    // action), so latch it until the player closes it.
    if (view.breakdown && view.breakdown.length) {
      const bkey = `${view.deal_number}|${view.breakdown.join("|")}`;
      if (!seenBreakdowns.has(bkey)) {
        seenBreakdowns.add(bkey);
        breakdown = { lines: view.breakdown, key: bkey };
      }
    }
    if (view.legal && view.legal.length) lastError = "";
    drawLive();
  }

  function addLog(line) {
    log.push(line);
    if (log.length > MAX_LOG) log.shift();
    if (els) {
      els.log.append(h("li", {}, line));
      while (els.log.childElementCount > MAX_LOG) els.log.firstElementChild.remove();
      els.log.scrollTop = els.log.scrollHeight;
    }
  }

  function drawChatLine(c) {
    if (!els) return;
    els.chat.append(h("li", { "data-testid": "chat-line" }, h("strong", {}, c.from || c.sender || ""), ": ", c.text));
    els.chat.scrollTop = els.chat.scrollHeight;
  }

  function drawConnection() {
    if (!els) return;
    const text = {
      connecting: t("web.table.connecting"),
      retrying: t("web.table.reconnecting"),
      closed: t("web.table.disconnected"),
    }[connection];
    els.connection.textContent = text || "";
    els.connection.dataset.status = connection;
    els.connection.hidden = !text;
  }

  function drawError() {
    if (!els) return;
    els.error.textContent = lastError;
    els.error.hidden = !lastError;
  }

  function tickClock() {
    if (!view || !els) return;
    for (const el of root.querySelectorAll("[data-clock-seat]")) {
      el.textContent = t("web.table.clock", { seconds: clockLeft(view, receivedAt) });
    }
  }

  function drawLiveSkeleton() {
    const chatInput = h("input", {
      type: "text",
      maxlength: 300,
      "data-testid": "chat-input",
      "aria-label": t("web.chat.message"),
      placeholder: t("web.chat.placeholder"),
    });
    const chatForm = h(
      "form",
      {
        class: "inline-form",
        onsubmit: (e) => {
          e.preventDefault();
          const text = chatInput.value.trim();
          if (text && sock && sock.chat(text)) chatInput.value = "";
        },
      },
      chatInput,
      h("button", { type: "submit", class: "btn", "data-testid": "chat-send" }, t("web.chat.send")),
    );
    els = {
      play: h("div", { class: "table-play" }),
      side: h("div", { class: "table-side-info" }),
      log: h("ol", {
        class: "log",
        "data-testid": "event-log",
        "aria-label": t("web.table.log"),
        "aria-live": "polite",
      }),
      chat: h("ol", { class: "log chat", "data-testid": "chat-log", "aria-label": t("web.chat.title") }),
      connection: h("div", { class: "connection", "data-testid": "connection-status", role: "status" }),
      error: h("div", { class: "play-error", "data-testid": "error-message", role: "alert", hidden: true }),
      overlay: h("div", { class: "overlay-slot" }),
      // Screen readers hear when the turn comes to the player (the banner itself is redrawn each time).
      announce: h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "announce" }),
    };
    mount(
      root,
      h(
        "div",
        { class: "table-page", "data-testid": "table-page", "data-table-id": tableId },
        h(
          "div",
          { class: "table-top" },
          h("h2", {}, tableTitle(summary, games)),
          els.connection,
          h("span", { class: "muted", "data-testid": "table-code" }, t("web.wait.code"), " ", summary.code),
        ),
        h(
          "div",
          { class: "table-main" },
          els.play,
          h(
            "div",
            { class: "table-side" },
            els.side,
            h("details", { class: "side-box", open: true }, h("summary", {}, t("web.table.log")), els.log),
            h("details", { class: "side-box", open: true }, h("summary", {}, t("web.chat.title")), els.chat, chatForm),
          ),
        ),
        els.overlay,
        els.announce,
      ),
    );
    for (const line of log) els.log.append(h("li", {}, line));
    for (const c of chat) drawChatLine(c);
    drawConnection();
    drawError();
    if (view) drawLive();
  }

  function breakdownBox() {
    if (!breakdown || (view && view.match_over)) return null;
    return h(
      "div",
      { class: "breakdown", "data-testid": "deal-breakdown", role: "dialog", "aria-label": t("web.table.deal_over") },
      h("h3", {}, t("web.table.deal_over")),
      h(
        "ul",
        { class: "plain breakdown-lines" },
        breakdown.lines.map((line) => h("li", {}, line)),
      ),
      h(
        "button",
        {
          type: "button",
          class: "btn primary",
          "data-testid": "breakdown-continue",
          onclick: () => {
            breakdown = null;
            drawLive();
          },
        },
        t("web.table.continue"),
      ),
    );
  }

  function matchOverBox() {
    if (!view || !view.match_over) return null;
    const seated = view.seat !== null && view.seat !== undefined;
    let headline = t("web.table.match_over");
    if (seated && view.winner !== null && view.winner !== undefined) {
      headline = view.sides[view.seat] === view.winner ? t("web.table.you_won") : t("web.table.you_lost");
    }
    return h(
      "div",
      {
        class: "overlay",
        "data-testid": "match-over",
        role: "dialog",
        "aria-modal": "true",
        "aria-label": t("web.table.match_over"),
      },
      h(
        "div",
        { class: "overlay-box panel" },
        h("h2", {}, headline),
        h(
          "ul",
          { class: "plain" },
          (view.breakdown || []).map((line) => h("li", {}, line)),
        ),
        h("p", { class: "score-text" }, view.score ? view.score.text : ""),
        h(
          "div",
          { class: "row-actions" },
          h(
            "a",
            { class: "btn primary", href: `/replay/${tableId}`, "data-link": true, "data-testid": "match-replay" },
            t("web.games.replay"),
          ),
          h(
            "button",
            {
              type: "button",
              class: "btn",
              "data-testid": "match-download",
              onclick: () => downloadRecord(tableId).catch((err) => toast(errorText(err), "error")),
            },
            t("web.games.download"),
          ),
          h("a", { class: "btn", href: "/", "data-link": true, "data-testid": "match-lobby" }, t("web.nav.lobby")),
        ),
      ),
    );
  }

  function drawLive() {
    if (!els || !view) return;
    const seated = view.seat !== null && view.seat !== undefined;
    const onAct =
      seated && !view.match_over
        ? (action) => {
            lastError = "";
            drawError();
            if (!sock || !sock.act(action)) toast(t("web.table.not_connected"), "error");
          }
        : null;
    const parts = renderBoard(view, { onAct, heldTrick, receivedAt, overlay: breakdownBox() });
    const myTurn = seated && !view.match_over && view.current_player === view.seat && (view.legal || []).length > 0;
    const away = seated && view.away && view.away[view.seat];
    const banner = h(
      "div",
      {
        class: `turn-banner${myTurn ? " mine" : ""}`,
        "data-testid": "turn-banner",
        "data-my-turn": myTurn ? "true" : "false",
      },
      view.match_over
        ? t("web.table.match_over")
        : myTurn
          ? t("web.table.your_turn")
          : seated
            ? t("web.table.waiting_for", { name: seatName(view, view.current_player) })
            : t("web.table.watching", { name: seatName(view, view.current_player) }),
    );
    mount(
      els.play,
      parts.board,
      banner,
      away
        ? h(
            "div",
            { class: "away-note", "data-testid": "away-note" },
            t("web.table.you_are_away"),
            " ",
            h(
              "button",
              {
                type: "button",
                class: "btn",
                "data-testid": "take-back",
                onclick: () => sock && sock.send({ type: "sync" }),
              },
              t("web.table.take_back"),
            ),
          )
        : null,
      els.error,
      parts.actions,
      parts.hand,
      seated ? null : h("p", { class: "muted", "data-testid": "spectator-note" }, t("web.table.spectating")),
    );
    mount(els.side, parts.info);
    const announce = myTurn ? t("web.table.your_turn") : "";
    if (els.announce.textContent !== announce) els.announce.textContent = announce;
    mount(els.overlay, matchOverBox());
  }

  // ---------------------------------------------------------------- life cycle
  get("/api/games")
    .then((data) => {
      games = Array.isArray(data) ? data : data.games || [];
    })
    .catch(() => {})
    .finally(load);
  mount(root, h("p", { class: "muted" }, t("web.app.loading")));

  return {
    cleanup: () => {
      disposed = true;
      clearTimeout(pollTimer);
      clearInterval(clockTimer);
      clearTimeout(holdTimer);
      if (sock) sock.close();
    },
    // A new language: texts the server made (labels, narration) must be made again, so the
    // socket says hello afresh; the page's own texts are redrawn.
    redraw: () => {
      if (mode === "live") {
        drawLiveSkeleton();
        if (sock) sock.restart(true);
      } else if (mode === "waiting") drawWaiting();
      else if (mode === "over") drawOver();
    },
  };
}
