// @ts-check
// The replay of a finished game (GET /api/replay/{id}): one frame per action, every hand face up
// (the game is over, so nothing is hidden any more), stepped by buttons, a slider or the arrow keys.

import { downloadRecord, get } from "./api.js";
import { renderBoard } from "./board.js";
import { h, mount, toast } from "./dom.js";
import { errorText } from "./identity.js";
import { t } from "./i18n.js";

const PLAY_MS = 900;

export function replayScreen(root, { tableId }) {
  let data = null;
  let index = 0;
  let playing = null;
  let games = [];
  const slots = {
    board: h("div", { class: "table-play" }),
    info: h("div", { class: "table-side-info" }),
    text: h("p", { class: "replay-text", "data-testid": "replay-frame-text", "aria-live": "polite" }),
    counter: h("span", { class: "muted", "data-testid": "replay-counter" }),
    slider: null,
    play: null,
  };

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
    const parts = renderBoard(view, { replay: true });
    mount(slots.board, parts.board);
    mount(slots.info, parts.info);
    slots.text.textContent = frame.text || (index === 0 ? t("web.replay.start") : "");
    slots.counter.textContent = t("web.replay.frame", { index, total: data.frames.length - 1 });
    slots.slider.value = index;
    slots.play.textContent = playing ? t("web.replay.pause") : t("web.replay.play");
    slots.play.setAttribute("aria-pressed", playing ? "true" : "false");
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
    mount(
      root,
      h(
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
        slots.text,
        h("div", { class: "table-main" }, slots.board, h("div", { class: "table-side" }, slots.info)),
      ),
    );
    drawFrame();
  }

  mount(root, h("p", { class: "muted" }, t("web.app.loading")));
  Promise.all([get(`/api/replay/${encodeURIComponent(tableId)}`), get("/api/games").catch(() => ({ games: [] }))])
    .then(([d, g]) => {
      if (!d.frames || !d.frames.length) throw new Error("empty replay");
      games = g.games || [];
      data = d;
      draw();
    })
    .catch((err) => mount(root, h("p", { class: "form-error", "data-testid": "replay-error" }, errorText(err))));
  document.addEventListener("keydown", onKey);
  return {
    cleanup: () => {
      clearInterval(playing);
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
