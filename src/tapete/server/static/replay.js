// @ts-check
// The replay of a finished game (GET /api/replay/{id}): one frame per action, every hand face up
// (the game is over, so nothing is hidden any more), stepped by buttons, a slider or the arrow keys.
//
// The analysis (GET/POST /api/replay/{id}/analysis, tapete.server.analysis) shows what each card
// cost against the best card with every hand known: a badge on each card of the trick, a line under
// the frame's text for the card just played, and each player's points lost (this deal, the game).
// It is computed on the server once somebody asks; the page polls until it is there.

import { downloadRecord, get, post } from "./api.js";
import { renderBoard, seatName } from "./board.js";
import { cardLabel } from "./cards.js";
import { h, mount, toast } from "./dom.js";
import { errorText } from "./identity.js";
import { t } from "./i18n.js";

const PLAY_MS = 900;
// How often the page asks how the analysis is going, and for how long after it asked for one (in a
// cluster the polls may reach a node that does not know of the work until it is saved).
const POLL_MS = 1500;
const POLL_FOR_MS = 15 * 60 * 1000;

/** @typedef {import("./frames.js").Analysis} Analysis */
/** @typedef {import("./frames.js").CardCost} CardCost */

/** Why a card was not analysed, in words. */
const WHY = {
  reach: "web.analysis.why.reach",
  nodes: "web.analysis.why.nodes",
  solver: "web.analysis.why.solver",
};

/** A cost as a badge says it: "−12", "0", or "?" for a card not analysed. */
export function costMark(cost) {
  if (cost === null || cost === undefined) return "?";
  return cost > 0 ? `\u2212${cost}` : "0";
}

export function replayScreen(root, { tableId }) {
  let data = null;
  let index = 0;
  let playing = null;
  let games = [];
  /** @type {Analysis | null} */
  let analysis = null;
  /** When this page asked for the analysis (0: it did not), and the poll under way. */
  let askedAt = 0;
  let poll = null;
  /** The analysed cards by card string, in frame order. */
  /** @type {Map<string, CardCost[]>} */
  let costs = new Map();
  const slots = {
    board: h("div", { class: "table-play" }),
    info: h("div", { class: "table-side-info" }),
    text: h("p", { class: "replay-text", "data-testid": "replay-frame-text", "aria-live": "polite" }),
    cost: h("p", { class: "replay-cost", "data-testid": "replay-card-cost", "aria-live": "polite" }),
    analysis: h("section", { class: "replay-analysis", "data-testid": "replay-analysis" }),
    counter: h("span", { class: "muted", "data-testid": "replay-counter" }),
    slider: null,
    play: null,
  };
  const analysisPath = `/api/replay/${encodeURIComponent(tableId)}/analysis`;

  function gameTitle(name) {
    const game = games.find((g) => g.name === name);
    return game ? game.title : name;
  }

  function go(i) {
    if (!data) return;
    index = Math.max(0, Math.min(data.frames.length - 1, i));
    drawFrame();
  }

  function toggle() {
    if (playing) {
      clearInterval(playing);
      playing = null;
    } else {
      if (index >= data.frames.length - 1) index = 0;
      playing = setInterval(() => {
        if (index >= data.frames.length - 1) toggle();
        else go(index + 1);
      }, PLAY_MS);
    }
    drawFrame();
  }

  function drawFrame() {
    const frame = data.frames[index];
    // The deck's faces and names are sent once for the whole replay, not in every frame.
    const view = { ...frame.view, faces: data.faces, cards: data.cards, suits: data.suits, seat: null, legal: [] };
    // The card that completed a trick: the trick stays on the board, as the live table keeps it a moment
    // (the deal's last trick comes with its frame, whose view is already the next deal's).
    const last = frame.ended_trick || view.last_trick;
    const completed =
      !(view.trick && view.trick.length) &&
      last &&
      last.cards.some(([seat, card]) => seat === frame.seat && card === frame.action);
    const parts = renderBoard(view, { replay: true, heldTrick: completed ? last : null });
    markTrick(parts.board);
    mount(slots.board, parts.board);
    mount(slots.info, parts.info);
    slots.text.textContent = frame.text || (index === 0 ? t("web.replay.start") : "");
    drawCost(view);
    drawAnalysis(view);
    slots.counter.textContent = t("web.replay.frame", { index, total: data.frames.length - 1 });
    slots.slider.value = index;
    slots.play.textContent = playing ? t("web.replay.pause") : t("web.replay.play");
    slots.play.setAttribute("aria-pressed", playing ? "true" : "false");
  }

  // ------------------------------------------------------------------ the analysis
  /** The analysed card shown at frame i: the last one of that card string at or before it. */
  function costAt(card, i) {
    const found = (costs.get(card) || []).filter((m) => m.frame <= i);
    return found.length ? found[found.length - 1] : null;
  }

  function deck() {
    return { faces: data.faces, cards: data.cards, suits: data.suits };
  }

  /** What a card cost, in a sentence (the card just played, and a badge's title). */
  function costText(move) {
    const card = cardLabel(move.card, deck());
    if (move.note === "forced") return t("web.analysis.card.forced", { card });
    if (move.cost === null) return t("web.analysis.card.not", { card, why: t(WHY[move.note] || WHY.reach) });
    if (move.cost === 0) return t("web.analysis.card.best", { card });
    return t("web.analysis.card.cost", { card, cost: move.cost, best: cardLabel(move.best, deck()) });
  }

  function ownText(move, view) {
    if (move.own === undefined || move.own === null) return "";
    const name = seatName(view, move.seat);
    if (move.own === 0) return t("web.analysis.card.own_best", { name });
    return t("web.analysis.card.own", { name, cost: move.own.toFixed(1), best: cardLabel(move.own_best, deck()) });
  }

  /** A badge on each card of the trick on the board with what it cost. */
  function markTrick(board) {
    if (!analysis || analysis.status !== "ready") return;
    for (const el of board.querySelectorAll("[data-testid=trick-card]")) {
      const move = costAt(el.getAttribute("data-card"), index);
      if (!move || String(move.seat) !== el.getAttribute("data-seat")) continue;
      const bad = move.cost !== null && move.cost > 0;
      el.append(
        h(
          "span",
          {
            class: `cost-badge${bad ? " cost-lost" : ""}${move.cost === null ? " cost-unknown" : ""}`,
            "data-testid": "cost-badge",
            "data-cost": move.cost === null ? "" : move.cost,
            title: costText(move),
          },
          costMark(move.cost),
        ),
      );
    }
  }

  /** The line under the frame's text: what the card just played cost. */
  function drawCost(view) {
    const frame = data.frames[index];
    const move = analysis && analysis.status === "ready" ? costAt(frame.action, index) : null;
    if (!move || move.frame !== index) {
      slots.cost.textContent = "";
      return;
    }
    slots.cost.textContent = [costText(move), ownText(move, view)].filter(Boolean).join(" ");
  }

  /** The analysis box: ask for it, how it is going, or each player's points lost. */
  function drawAnalysis(view) {
    const status = analysis ? analysis.status : "none";
    if (status === "ready") {
      mount(slots.analysis, totals(view));
      return;
    }
    if (status === "running" || (status === "none" && askedAt)) {
      const text =
        status === "running" && analysis.total
          ? t("web.analysis.running", { done: analysis.done, total: analysis.total })
          : t("web.analysis.waiting");
      mount(slots.analysis, h("p", { class: "muted", "data-testid": "replay-analysis-progress" }, text));
      return;
    }
    mount(
      slots.analysis,
      status === "failed" ? h("p", { class: "form-error" }, t("web.analysis.failed")) : null,
      h(
        "button",
        { type: "button", class: "btn", "data-testid": "replay-analyse", onclick: ask },
        status === "failed" ? t("web.analysis.retry") : t("web.analysis.ask"),
      ),
      h("p", { class: "muted" }, t("web.analysis.hint")),
    );
  }

  /** Each player's points lost, every hand known (and by what they knew), in this deal and the game. */
  function totals(view) {
    const n = analysis.players;
    const deal = Math.max(0, (view.deal_number || 1) - 1);
    const inDeal = new Array(n).fill(0);
    const ownInDeal = new Array(n).fill(0);
    for (const m of analysis.moves) {
      if (m.deal !== deal) continue;
      inDeal[m.seat] += m.cost || 0;
      ownInDeal[m.seat] += m.own || 0;
    }
    const own = analysis.own_lost;
    const head = h(
      "tr",
      {},
      h("th", { scope: "col" }, t("web.analysis.player")),
      h("th", { scope: "col" }, t("web.analysis.deal")),
      h("th", { scope: "col" }, t("web.analysis.game")),
      own ? h("th", { scope: "col", title: t("web.analysis.own_title") }, t("web.analysis.own_head")) : null,
    );
    const rows = [];
    for (let seat = 0; seat < n; seat++) {
      rows.push(
        h(
          "tr",
          { "data-testid": "analysis-total", "data-seat": seat, "data-lost": analysis.lost[seat] },
          h("th", { scope: "row" }, seatName(view, seat)),
          h("td", {}, costMark(inDeal[seat])),
          h("td", {}, costMark(analysis.lost[seat])),
          own ? h("td", {}, `${costMark(Number(ownInDeal[seat].toFixed(1)))} / ${costMark(own[seat])}`) : null,
        ),
      );
    }
    return [
      h("h3", {}, t("web.analysis.heading")),
      h("table", { class: "analysis-totals", "data-testid": "analysis-totals" }, h("thead", {}, head), h("tbody", {}, rows)),
      analysis.analysed < analysis.cards
        ? h("p", { class: "muted" }, t("web.analysis.counts", { analysed: analysis.analysed, cards: analysis.cards }))
        : null,
    ];
  }

  function setAnalysis(answer) {
    analysis = answer;
    costs = new Map();
    if (answer && answer.status === "ready") {
      for (const m of answer.moves) {
        if (!costs.has(m.card)) costs.set(m.card, []);
        costs.get(m.card).push(m);
      }
      askedAt = 0;
    }
    if (data) drawFrame();
    schedule();
  }

  /** Poll while the work is under way here, or for a while after this page asked for it. */
  function schedule() {
    clearTimeout(poll);
    poll = null;
    const status = analysis ? analysis.status : "none";
    const waiting = status === "running" || (status === "none" && askedAt && Date.now() - askedAt < POLL_FOR_MS);
    if (!waiting) return;
    poll = setTimeout(() => {
      get(analysisPath)
        .then(setAnalysis)
        .catch(() => schedule());
    }, POLL_MS);
  }

  function ask() {
    askedAt = Date.now();
    drawFrame();
    post(analysisPath)
      .then(setAnalysis)
      .catch((err) => {
        askedAt = 0;
        drawFrame();
        toast(errorText(err), "error");
      });
  }

  function onKey(e) {
    if (!data || e.target.matches("input, select, textarea")) return;
    if (e.key === "ArrowRight") go(index + 1);
    else if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(data.frames.length - 1);
  }

  function button(testid, key, onclick) {
    return h(
      "button",
      { type: "button", class: "btn", "data-testid": testid, "aria-label": t(key), title: t(key), onclick },
      t(key),
    );
  }

  function draw() {
    if (!data) return;
    slots.slider = h("input", {
      type: "range",
      min: 0,
      max: data.frames.length - 1,
      value: index,
      "data-testid": "replay-slider",
      "aria-label": t("web.replay.position"),
      oninput: (e) => go(Number(e.target.value)),
    });
    slots.play = h("button", { type: "button", class: "btn primary", "data-testid": "replay-play", onclick: toggle });
    // On a narrow screen the side panel (the analysis, the score) is a drawer over the table, as at a live table.
    const sideId = `replay-side-${tableId}`;
    const showSide = (open) => {
      page.classList.toggle("side-open", open);
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
        onclick: () => showSide(!page.classList.contains("side-open")),
      },
      t("web.table.details"),
    );
    const sideClose = h(
      "button",
      { type: "button", class: "btn small side-close", "data-testid": "side-close", onclick: () => showSide(false) },
      t("web.table.hide_details"),
    );
    const page = h(
      "div",
      { class: "table-page replay", "data-testid": "replay" },
      h(
        "div",
        { class: "table-top" },
        h("h2", {}, t("web.replay.title", { game: gameTitle(data.game), preset: data.preset })),
        h(
          "button",
          {
            type: "button",
            class: "btn",
            "data-testid": "replay-download",
            onclick: () => downloadRecord(tableId).catch((err) => toast(errorText(err), "error")),
          },
          t("web.games.download"),
        ),
        sideToggle,
      ),
      h(
        "div",
        { class: "replay-controls", role: "toolbar", "aria-label": t("web.replay.controls") },
        button("replay-first", "web.replay.first", () => go(0)),
        button("replay-prev", "web.replay.prev", () => go(index - 1)),
        slots.play,
        button("replay-next", "web.replay.next", () => go(index + 1)),
        button("replay-last", "web.replay.last", () => go(data.frames.length - 1)),
        slots.slider,
        slots.counter,
      ),
      h("div", { class: "replay-says" }, slots.text, slots.cost),
      h(
        "div",
        { class: "table-main" },
        slots.board,
        h("div", { class: "table-side", id: sideId }, sideClose, slots.analysis, slots.info),
      ),
    );
    mount(root, page);
    drawFrame();
  }

  mount(root, h("p", { class: "muted" }, t("web.app.loading")));
  Promise.all([get(`/api/replay/${encodeURIComponent(tableId)}`), get("/api/games").catch(() => ({ games: [] }))])
    .then(([d, g]) => {
      if (!d.frames || !d.frames.length) throw new Error("empty replay");
      games = g.games || [];
      data = d;
      draw();
      get(analysisPath)
        .then(setAnalysis)
        .catch(() => setAnalysis(null));
    })
    .catch((err) => mount(root, h("p", { class: "form-error", "data-testid": "replay-error" }, errorText(err))));
  document.addEventListener("keydown", onKey);
  return {
    cleanup: () => {
      clearInterval(playing);
      clearTimeout(poll);
      document.removeEventListener("keydown", onKey);
    },
    // The frames' texts are the server's, in the language of the request: fetch them again.
    redraw: () => {
      get(`/api/replay/${encodeURIComponent(tableId)}`)
        .then((d) => {
          data = d;
          draw();
        })
        .catch(() => draw());
    },
  };
}
