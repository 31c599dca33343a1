// @ts-check
// Banners over the table: the short exclamations the game says a moment is worth ("¡Las cuarenta!",
// "Capot !"), in the reader's language, as the server sends them in an event frame. The
// client never decides what is worth a banner: it only shows what it is given, for a moment.
//
// The banners live in a layer of the live page's root, not in the board (redrawn with every view), so a
// banner outlives the redraws that follow its event. The layer is a status region: screen readers hear
// each banner once. Under prefers-reduced-motion a banner appears and goes without any animation.

import { h } from "./dom.js";
import { motionWanted } from "./motion.js";

/** How long a banner stays up. */
export const BANNER_MS = 1500;

/** The layer banners appear in: append it once to the live page's root, before the first banner. */
export function bannerLayer() {
  return h("div", {
    class: "banner-layer",
    "data-testid": "banner-layer",
    role: "status",
    "aria-live": "polite",
    "aria-atomic": "false",
  });
}

/**
 * Show one event's banners (each a line) over the board for BANNER_MS, then take them away.
 * @param {HTMLElement} layer  from bannerLayer(), in the page
 * @param {string[]} texts
 * @param {Element | null} board  the board to centre on (else the layer's own place)
 */
export function showBanner(layer, texts, board) {
  if (!texts.length) return;
  if (board) {
    const r = board.getBoundingClientRect();
    if (r.width && r.height) {
      layer.style.left = `${r.left + r.width / 2}px`;
      layer.style.top = `${r.top + r.height / 2}px`;
    }
  }
  const banner = h(
    "div",
    { class: "table-banner", "data-testid": "banner" },
    texts.map((text) => h("span", { class: "table-banner-line" }, text)),
  );
  layer.append(banner);
  const moving = motionWanted() && typeof banner.animate === "function";
  if (moving) {
    banner.animate(
      [
        { opacity: 0, transform: "scale(0.7)" },
        { opacity: 1, transform: "scale(1.06)", offset: 0.6 },
        { opacity: 1, transform: "scale(1)" },
      ],
      { duration: 280, easing: "ease-out", id: "tapete-banner" },
    );
  }
  setTimeout(() => {
    if (!moving || typeof banner.animate !== "function") {
      banner.remove();
      return;
    }
    const out = banner.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 220, easing: "ease-in", fill: "forwards" });
    out.onfinish = () => banner.remove();
    out.oncancel = () => banner.remove();
  }, BANNER_MS);
}
