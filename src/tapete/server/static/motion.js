// @ts-check
// Motion at the live table, around each redraw (FLIP with the Web Animations API): the controller takes a
// snapshot of where the cards and seats are before it draws a new view, and after drawing asks this module
// to move what changed from where it was: cards dealt into the hand fly in from the pile, a card played
// slides to the trick from the hand (mine) or from its seat (the others'), and a finished trick, when the
// table clears it, sweeps to the seat that took it.
//
// Motion is decoration only: it changes no state, takes no input (the flying cards are the real buttons,
// clickable all along; a swept trick is a copy with no test ids, hidden from screen readers, that lets
// every click through), lasts 150-400 ms, and does not happen at all under prefers-reduced-motion.
// It finds things by the board's stable test ids: hand-card, trick-card, seat-panel-N, stock, trick.

/** How long a played card takes to reach the trick, a dealt card the hand, a trick its taker (ms). */
const PLAY_MS = 260;
const DEAL_MS = 260;
const SWEEP_MS = 340;
/** The last dealt card starts at most this long after the first. */
const DEAL_SPREAD_MS = 140;

/** Whether the person lets things move (no prefers-reduced-motion: reduce). */
export function motionWanted() {
  return !(typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * Where things were before a redraw.
 * @typedef {object} Snapshot
 * @property {boolean} board  whether a board was drawn (nothing moves into the first drawing)
 * @property {Map<string, DOMRect>} hand  the hand's cards, by card string
 * @property {Map<number, DOMRect>} seats  the seat panels, by seat
 * @property {{card: string, seat: number, el: HTMLElement, rect: DOMRect}[]} trick  the cards in the middle
 */

/**
 * @param {Element} el
 * @param {string} name
 */
function data(el, name) {
  return el instanceof HTMLElement ? el.dataset[name] || "" : "";
}

/**
 * Where the cards and seats are now.
 * @param {ParentNode} root
 * @returns {Snapshot}
 */
export function snapshot(root) {
  /** @type {Snapshot} */
  const snap = { board: false, hand: new Map(), seats: new Map(), trick: [] };
  snap.board = Boolean(root.querySelector('[data-testid="board"]'));
  if (!snap.board) return snap;
  for (const el of root.querySelectorAll('[data-testid="hand-card"]')) {
    const card = data(el, "card");
    if (card) snap.hand.set(card, el.getBoundingClientRect());
  }
  for (const el of root.querySelectorAll('[data-testid^="seat-panel-"]')) {
    const seat = Number(data(el, "seat") || (el.getAttribute("data-testid") || "").slice("seat-panel-".length));
    if (Number.isInteger(seat)) snap.seats.set(seat, el.getBoundingClientRect());
  }
  for (const el of root.querySelectorAll('[data-testid="trick-card"]')) {
    const card = data(el, "card");
    if (card && el instanceof HTMLElement) {
      snap.trick.push({ card, seat: Number(data(el, "seat")), el, rect: el.getBoundingClientRect() });
    }
  }
  return snap;
}

/** @param {DOMRect} r */
function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** @param {DOMRect} r */
function visible(r) {
  return r.width > 0 && r.height > 0;
}

/**
 * Move an element from where `from` is to where it is drawn now, its own place and transform kept: the
 * offset goes in the individual `translate` property, which applies on top of any `transform` (a card
 * coming from a seat panel grows from that panel's size too).
 * @param {HTMLElement} el
 * @param {DOMRect} from
 * @param {{duration: number, delay?: number, id: string, shrink?: boolean}} how
 */
function flyFrom(el, from, how) {
  const to = el.getBoundingClientRect();
  if (!visible(to) || !visible(from) || typeof el.animate !== "function") return;
  const a = centre(from);
  const b = centre(to);
  const dx = Math.round(a.x - b.x);
  const dy = Math.round(a.y - b.y);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  /** @type {KeyframeAnimationOptions} */
  const timing = {
    duration: how.duration,
    delay: how.delay || 0,
    easing: "cubic-bezier(0.2, 0.7, 0.3, 1)",
    fill: "backwards",
    id: how.id,
  };
  // Added to whatever translate the layout gives the element, so that it ends exactly where it lies.
  el.animate([{ translate: `${dx}px ${dy}px`, composite: "add" }, { translate: "0px 0px", composite: "add" }], timing);
  const scale = how.shrink ? Math.max(0.3, Math.min(1, from.width / to.width)) : 1;
  if (scale < 0.98) el.animate([{ scale: String(scale) }, { scale: "1" }], timing);
}

/**
 * What a redraw changed that is worth moving, besides what the snapshots show.
 * @typedef {object} Moves
 * @property {number | null} mySeat  the viewer's seat (a card of mine flies from my hand)
 * @property {number | null} sweepTo  the seat that took the trick the table just cleared, if it did
 * @property {string[]} swept  that trick's cards
 * @property {"new" | "all" | "none"} deal  which cards of my hand fly in from the pile: those not in it before
 *   (cards drawn, the rest of a deal), all of them (a deal that starts now), or none (the deal-over box is up)
 */

/**
 * After a redraw: move what changed since `before` (cards dealt, played, a trick swept). Does nothing under
 * prefers-reduced-motion, nor into a first drawing.
 * @param {ParentNode} root
 * @param {Snapshot} before
 * @param {Moves} moves
 * @param {HTMLElement | null} layer  where copies of a swept trick fly (fixed over the page, no pointer events)
 */
export function animateRedraw(root, before, moves, layer) {
  if (!before.board || !motionWanted()) return;
  const seenInTrick = new Set(before.trick.map((t) => t.card));

  // A card played: from my hand (where that card was), or from its seat's panel.
  for (const el of root.querySelectorAll('[data-testid="trick-card"]')) {
    const card = data(el, "card");
    if (!(el instanceof HTMLElement) || !card || seenInTrick.has(card)) continue;
    const seat = Number(data(el, "seat"));
    const fromHand = seat === moves.mySeat ? before.hand.get(card) : undefined;
    const from = fromHand || before.seats.get(seat);
    if (from) flyFrom(el, from, { duration: PLAY_MS, id: "tapete-play", shrink: !fromHand });
  }

  // Cards dealt or drawn into my hand: from the pile (the stock, else the middle of the table).
  /** @type {HTMLElement[]} */
  const dealt = [];
  for (const el of root.querySelectorAll('[data-testid="hand-card"]')) {
    const card = data(el, "card");
    if (el instanceof HTMLElement && card && (moves.deal === "all" || (moves.deal === "new" && !before.hand.has(card)))) {
      dealt.push(el);
    }
  }
  if (dealt.length) {
    const pile = root.querySelector('[data-testid="stock"]') || root.querySelector('[data-testid="trick"]');
    const from = pile ? pile.getBoundingClientRect() : null;
    if (from && visible(from)) {
      const step = dealt.length > 1 ? Math.min(40, DEAL_SPREAD_MS / (dealt.length - 1)) : 0;
      dealt.forEach((el, i) => flyFrom(el, from, { duration: DEAL_MS, delay: Math.round(i * step), id: "tapete-deal", shrink: true }));
    }
  }

  // A finished trick cleared from the middle: copies of its cards sweep to the seat that took it.
  if (moves.sweepTo !== null && layer) {
    const target = root.querySelector(`[data-testid="seat-panel-${moves.sweepTo}"]`);
    const to = target ? target.getBoundingClientRect() : null;
    if (to && visible(to)) {
      for (const t of before.trick) {
        if (moves.swept.includes(t.card) && visible(t.rect)) sweep(layer, t.el, t.rect, to);
      }
    }
  }
}

/**
 * A copy of a trick card, where the card was, flying to (and fading into) the seat that took it.
 * @param {HTMLElement} layer
 * @param {HTMLElement} el  the card as it was drawn (now out of the page)
 * @param {DOMRect} from
 * @param {DOMRect} to
 */
function sweep(layer, el, from, to) {
  const ghost = /** @type {HTMLElement} */ (el.cloneNode(true));
  for (const node of [ghost, ...ghost.querySelectorAll("[data-testid]")]) node.removeAttribute("data-testid");
  ghost.className = "card motion-ghost";
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, {
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${from.width}px`,
    height: `${from.height}px`,
  });
  layer.append(ghost);
  if (typeof ghost.animate !== "function") {
    ghost.remove();
    return;
  }
  const a = centre(from);
  const b = centre(to);
  const run = ghost.animate(
    [
      { transform: "translate(0px, 0px) scale(1)", opacity: 1 },
      { transform: `translate(${Math.round(b.x - a.x)}px, ${Math.round(b.y - a.y)}px) scale(0.4)`, opacity: 0 },
    ],
    { duration: SWEEP_MS, easing: "cubic-bezier(0.5, 0, 0.75, 0)", fill: "forwards", id: "tapete-sweep" },
  );
  run.onfinish = () => ghost.remove();
  run.oncancel = () => ghost.remove();
}

/** The layer swept tricks fly in: append it once to the live page's root. */
export function motionLayer() {
  const layer = document.createElement("div");
  layer.className = "motion-layer";
  layer.setAttribute("aria-hidden", "true");
  return layer;
}
