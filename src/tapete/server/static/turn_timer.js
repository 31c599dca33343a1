// @ts-check
// The turn clock as a bar in the turn banner: full when a turn starts, shrinking as its time runs, in a
// warning colour when little is left. Drawn with the banner from the view's clock ({seat, seconds_left},
// when the table has a turn clock) and the table's clock_seconds; the controller's one-second tick
// (tickTimers) moves it on between views. The seat panel keeps its clock in seconds as text.

import { clockLeft } from "./board.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Little time left: under this share of the turn, or this many seconds. */
const WARN_SHARE = 0.25;
const WARN_SECONDS = 10;

/**
 * @param {number} left
 * @param {number} total
 */
function warns(left, total) {
  return left <= WARN_SECONDS || left < total * WARN_SHARE;
}

/**
 * Set the bar to `left` seconds of `total`.
 * @param {HTMLElement} bar
 * @param {number} left
 * @param {number} total
 */
function setBar(bar, left, total) {
  const shown = Math.max(0, Math.min(total, left));
  bar.setAttribute("aria-valuenow", String(shown));
  bar.setAttribute("aria-valuetext", t("web.table.clock", { seconds: shown }));
  bar.classList.toggle("warn", warns(shown, total));
  const fill = bar.firstElementChild;
  if (fill instanceof HTMLElement) fill.style.width = `${total ? (100 * shown) / total : 0}%`;
}

/**
 * The bar of the turn clock running now, or null where the table has no clock (or nobody's runs).
 * @param {import("./table_state.js").TableState} state
 * @returns {HTMLElement | null}
 */
export function timerBar(state) {
  const view = state.view;
  const total = (state.summary && state.summary.clock_seconds) || 0;
  if (!view || !view.clock || view.match_over || total <= 0) return null;
  const bar = h(
    "div",
    {
      class: "turn-timer",
      role: "progressbar",
      "data-testid": "turn-timer",
      "aria-label": t("web.motion.time_left"),
      "aria-valuemin": "0",
      "aria-valuemax": String(total),
    },
    h("div", { class: "turn-timer-fill" }),
  );
  setBar(bar, clockLeft(view, state.receivedAt) ?? 0, total);
  return bar;
}

/**
 * The bars on the page, a second later (called by the controller's clock tick).
 * @param {ParentNode} root
 * @param {import("./table_state.js").TableState} state
 */
export function tickTimers(root, state) {
  const view = state.view;
  const total = (state.summary && state.summary.clock_seconds) || 0;
  if (!view || !view.clock || total <= 0) return;
  const left = clockLeft(view, state.receivedAt) ?? 0;
  for (const bar of root.querySelectorAll('[data-testid="turn-timer"]')) {
    if (bar instanceof HTMLElement) setBar(bar, left, total);
  }
}
