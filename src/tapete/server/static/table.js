// @ts-check
// One table's page (/table/{id} or /t/{code}): the waiting room until the owner starts, then the
// live table over the websocket. Seat tokens live in localStorage per table, so a reload - or the
// same link opened later - takes the same seat back.
//
// This module is the page's controller: it owns the network (REST polling, the socket) and the
// timers, turns what happens into updates of the page's state (table_state.js: a pure function)
// and draws the new state with one render function per mode (table_render.js). Around the drawing it
// adds what is only feedback: motion (motion.js), banners (banner.js), sounds (sound.js) and the turn
// clock's bar (turn_timer.js); none of them changes the state or waits for anything.

import {
  ApiError,
  auth,
  del,
  downloadRecord,
  get,
  post,
  seatToken,
  setAuth,
  setSeatToken,
  setWatchToken,
  watchToken,
} from "./api.js";
import { bannerLayer, showBanner } from "./banner.js";
import { h, mount, toast } from "./dom.js";
import { errorText, identityForm } from "./identity.js";
import { t } from "./i18n.js";
import { animateRedraw, motionLayer, motionWanted, snapshot } from "./motion.js";
import { TableSocket } from "./socket.js";
import { flourish, playCard, soundToggle, yourTurn } from "./sound.js";
import { initialState, liveMode, myTurn, update } from "./table_state.js";
import {
  liveSkeleton,
  renderChat,
  renderConnection,
  renderError,
  renderFailure,
  renderLive,
  renderLoadError,
  renderLoading,
  renderLog,
  renderOver,
  renderWaiting,
  tickClocks,
} from "./table_render.js";
import { tickTimers } from "./turn_timer.js";

/** @typedef {import("./table_state.js").TableState} TableState */
/** @typedef {import("./table_state.js").Update} Update */
/** @typedef {import("./table_render.js").Page} Page */
/** @typedef {import("./table_render.js").LiveElements} LiveElements */
/** @typedef {import("./frames.js").TableSummary} TableSummary */
/** @typedef {import("./frames.js").EventFrame} EventFrame */

/**
 * Where the keyboard focus is in the page, to find it again after a redraw replaced the element:
 * its test id, its card (a card in the hand), and its place among the elements with that id.
 * @typedef {{testid: string, card: string | null, index: number}} FocusPlace
 */

/**
 * @param {HTMLElement} root
 * @returns {FocusPlace | null}
 */
function focusedPlace(root) {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !root.contains(el)) return null;
  const testid = el.dataset.testid;
  if (!testid) return null;
  const same = Array.from(root.querySelectorAll(`[data-testid="${testid}"]`));
  return { testid, card: el.dataset.card || null, index: same.indexOf(el) };
}

/**
 * Put the focus back where it was before a redraw (the same card, or the element in the same
 * place), or on the hand when the card played is gone, rather than let it fall to the page body.
 * @param {HTMLElement} root
 * @param {FocusPlace | null} place
 */
function restoreFocus(root, place) {
  if (!place) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && root.contains(active)) return;
  /** @type {HTMLElement[]} */
  const same = Array.from(root.querySelectorAll(`[data-testid="${place.testid}"]`));
  let target =
    (place.card && same.find((el) => el.dataset.card === place.card)) ||
    same[Math.min(Math.max(place.index, 0), same.length - 1)] ||
    null;
  if (!target && ["hand-card", "legal-action", "breakdown-continue"].includes(place.testid)) {
    // The card played is gone: the hand, else a choice, else the end-of-deal box's button.
    target =
      root.querySelector('[data-testid="hand-card"]') ||
      root.querySelector('[data-testid="legal-action"]') ||
      root.querySelector('[data-testid="breakdown-continue"]');
  }
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
}

/**
 * Whether a key goes to a place where one types (the chat, a select), and is not the table's.
 * @param {EventTarget | null} target
 */
function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
}

const POLL_MS = 1500;
// How long a finished trick stays in the middle before the table clears it.
const HOLD_TRICK_MS = 1300;
// Events replayed into the log when the page first connects.
const RECENT_EVENTS = 30;

/**
 * @param {HTMLElement} root
 * @param {{tableId?: string, code?: string, navigate?: (url: string, replace?: boolean) => void, refreshNav: () => void}} args
 */
export function tableScreen(root, { tableId, code, navigate, refreshNav }) {
  let state = initialState();
  /** @type {unknown[]} */
  let games = [];
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let pollTimer;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let clockTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let holdTimer;
  /** @type {TableSocket | null} */
  let sock = null;
  /** @type {LiveElements | null} */
  let els = null;
  /** @type {FocusPlace | null} */
  let lostFocus = null;
  // Layers of the live page that redraws leave alone: copies of a trick sweeping away, the banners.
  /** @type {HTMLElement | null} */
  let sweeps = null;
  /** @type {HTMLElement | null} */
  let banners = null;
  let disposed = false;
  // What the waiting room was last drawn from, so a polled page does not reset what one is choosing.
  let waitingDrawn = "";

  // ---------------------------------------------------------------- state and drawing
  /** @param {Update} u */
  function dispatch(u) {
    const before = state;
    state = update(state, u);
    if (state !== before) draw(before);
  }

  /** @returns {Page} */
  function page() {
    const me = auth();
    const summary = state.summary;
    return {
      tableId: tableId || "",
      games,
      mySeat: mySeat(),
      owner: Boolean(me && summary && summary.owner_id && me.user.id === summary.owner_id),
      signedIn: Boolean(me),
    };
  }

  /** My seat: the server's word (my_seat, from the bearer token), else the seat token kept here. */
  function mySeat() {
    const summary = state.summary;
    if (summary && summary.my_seat !== null && summary.my_seat !== undefined) return summary.my_seat;
    const held = seatToken(tableId);
    return held ? held.seat : null;
  }

  /**
   * Draw what changed between two states.
   * @param {TableState} before
   */
  function draw(before) {
    if (disposed) return;
    if (state.mode === "error") {
      if (before.mode !== "error") mount(root, renderLoadError(state.problem));
      return;
    }
    if (state.mode === "waiting") {
      const drawn = JSON.stringify([state.summary, state.botLevel, page().signedIn]);
      if (drawn !== waitingDrawn || before.mode !== "waiting") drawWaiting();
      return;
    }
    if (state.mode === "over") {
      mount(root, renderOver(state, page()));
      return;
    }
    if (state.mode !== "live" || !els) return;
    if (state.log !== before.log) renderLog(els.log, state.log);
    if (state.chat !== before.chat) renderChat(els.chat, state.chat);
    if (state.connection !== before.connection) renderConnection(els.connection, state.connection);
    if (state.error !== before.error) renderError(els.error, state.error);
    if (state.heldTrick && state.heldTrick !== before.heldTrick) {
      clearTimeout(holdTimer);
      holdTimer = setTimeout(() => dispatch({ type: "release_trick" }), HOLD_TRICK_MS);
    }
    if (
      state.view !== before.view ||
      state.heldTrick !== before.heldTrick ||
      state.breakdown !== before.breakdown ||
      state.matchBoxClosed !== before.matchBoxClosed ||
      state.error !== before.error
    )
      drawLive(before);
    if (before.view && state.view !== before.view && !myTurn(before.view) && myTurn(state.view)) yourTurn();
  }

  function drawWaiting() {
    waitingDrawn = JSON.stringify([state.summary, state.botLevel, page().signedIn]);
    mount(root, renderWaiting(state, page(), waitingHandlers));
  }

  /**
   * Draw the live table for the current state; with the state drawn before, move what changed.
   * @param {TableState} [before]
   */
  function drawLive(before) {
    if (!els || !state.view) return;
    const view = state.view;
    const seated = view.seat !== null && view.seat !== undefined;
    // Where the keyboard was: now, or before a redraw that left no place for it (the hand empty at
    // the end of a deal), so that it comes back once there is one.
    const focus = focusedPlace(root) || (document.activeElement === document.body ? lostFocus : null);
    const was = before && before.view && motionWanted() ? snapshot(els.root) : null;
    renderLive(els, state, page(), {
      onAct:
        seated && !view.match_over
          ? (action) => {
              dispatch({ type: "acting" });
              if (!sock || !sock.act(action)) toast(t("web.table.not_connected"), "error");
            }
          : null,
      takeBack: () => sock && sock.send({ type: "sync" }),
      // Leaving a live table hands the seat to a bot; the lobby offers it back ("Back to my seat").
      leave: seated && !view.match_over
        ? () =>
            del(`/api/tables/${tableId}/seats/${view.seat}`)
              .then(() => {
                setSeatToken(tableId, null, null);
                toast(t("web.table.left"), "info");
                if (navigate) navigate("/");
              })
              .catch((err) => toast(errorText(err), "error"))
        : null,
      closeBreakdown: () => dispatch({ type: "close_breakdown" }),
      closeMatchOver: () => dispatch({ type: "close_match_over" }),
      download: () => downloadRecord(tableId).catch((err) => toast(errorText(err), "error")),
    });
    restoreFocus(root, focus);
    lostFocus = focus && document.activeElement === document.body ? focus : null;
    if (was && before) {
      // The held trick the table cleared now (released, or replaced by the next trick's first card).
      const cleared = before.heldTrick && state.heldTrick !== before.heldTrick ? before.heldTrick : null;
      // A new deal's cards are dealt when its table shows: once the last deal's box is closed.
      const over = liveMode(state);
      const closed = liveMode(before) === "deal_over" && over === "play";
      animateRedraw(
        els.root,
        was,
        {
          mySeat: seated ? view.seat : null,
          sweepTo: cleared ? cleared.winner : null,
          swept: cleared ? cleared.cards.map(([, card]) => card) : [],
          deal: over === "deal_over" ? "none" : closed ? "all" : "new",
        },
        sweeps,
      );
    }
  }

  /**
   * An event at the table: its banners and its sound, if it is news (the action after the view shown),
   * not an old event replayed into the log on connecting.
   * @param {EventFrame} frame
   */
  function feedback(frame) {
    const view = state.view;
    if (!els || !view || frame.version !== view.version + 1) return;
    const said = frame.banners || [];
    if (said.length && banners) {
      showBanner(banners, said, els.root.querySelector('[data-testid="board"]'));
      flourish();
    } else if (view.cards && frame.action in view.cards) {
      playCard();
    }
  }

  /**
   * Escape closes the box over the table (the deal's end, the match's end). A digit 1-9 puts the focus on
   * that card of the hand (as in the terminal), to play it with Enter or Space; not while typing (the
   * chat) nor under the match-over box.
   * @param {KeyboardEvent} event
   */
  function onKey(event) {
    if (disposed || state.mode !== "live") return;
    const over = liveMode(state);
    if (event.key === "Escape") {
      if (over === "match_over") dispatch({ type: "close_match_over" });
      else if (over === "deal_over") dispatch({ type: "close_breakdown" });
      return;
    }
    if (!/^[1-9]$/.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!els || over === "match_over" || typing(event.target)) return;
    const card = els.root.querySelectorAll('[data-testid="hand-card"]')[Number(event.key) - 1];
    if (card instanceof HTMLElement) {
      event.preventDefault();
      card.focus();
    }
  }
  document.addEventListener("keydown", onKey);

  /** The whole live page afresh (on connecting, and after a language change). */
  function drawLiveSkeleton() {
    els = liveSkeleton(state, page(), (text) => Boolean(sock && sock.chat(text)));
    sweeps = motionLayer();
    banners = bannerLayer();
    els.root.append(sweeps, banners);
    const top = els.root.querySelector(".table-top");
    if (top) top.append(soundToggle());
    mount(root, els.root);
    renderLog(els.log, state.log);
    renderChat(els.chat, state.chat);
    renderConnection(els.connection, state.connection);
    renderError(els.error, state.error);
    drawLive();
  }

  // ---------------------------------------------------------------- loading and polling
  async function load() {
    try {
      const summary = /** @type {TableSummary} */ (
        code ? await get(`/api/code/${encodeURIComponent(code)}`) : await get(`/api/tables/${encodeURIComponent(tableId)}`)
      );
      tableId = summary.id;
      arrive(summary);
    } catch (err) {
      dispatch({
        type: "load_failed",
        problem: err instanceof ApiError && err.status === 404 ? t("web.table.not_found") : errorText(err),
      });
    }
  }

  async function poll() {
    if (disposed || state.mode !== "waiting") return;
    try {
      arrive(/** @type {TableSummary} */ (await get(`/api/tables/${encodeURIComponent(tableId)}`)));
    } catch {
      // Keep the last summary and try again later.
      clearTimeout(pollTimer);
      pollTimer = setTimeout(poll, POLL_MS * 2);
    }
  }

  /**
   * A fresh summary: the waiting room (polled), the live table (connect once) or the end.
   * @param {TableSummary} summary
   */
  function arrive(summary) {
    if (disposed) return;
    const wasLive = state.mode === "live";
    const held = seatToken(summary.id);
    const seated = (summary.my_seat !== null && summary.my_seat !== undefined) || Boolean(held);
    dispatch({ type: "summary", summary, seated });
    clearTimeout(pollTimer);
    if (state.mode === "waiting") pollTimer = setTimeout(poll, POLL_MS);
    else if (state.mode === "live" && !wasLive) startLive();
  }

  // ---------------------------------------------------------------- waiting room
  /** @param {() => Promise<unknown>} fn */
  async function act(fn) {
    try {
      await fn();
    } catch (err) {
      toast(errorText(err), "error");
    }
    await poll();
  }

  /** @type {import("./table_render.js").WaitingHandlers} */
  const waitingHandlers = {
    sit: (seat) =>
      act(async () => {
        const data = await post(`/api/tables/${tableId}/seats/${seat}`, {});
        setSeatToken(tableId, data.seat ?? seat, data.seat_token);
      }),
    leave: (seat) =>
      act(async () => {
        await del(`/api/tables/${tableId}/seats/${seat}`);
        setSeatToken(tableId, null, null);
      }),
    addBot: (seat, level) => act(() => post(`/api/tables/${tableId}/bots/${seat}`, { level })),
    fillBots: (level) =>
      act(async () => {
        for (const s of (state.summary && state.summary.seats) || []) {
          if (s.kind === "open") await post(`/api/tables/${tableId}/bots/${s.seat}`, { level });
        }
      }),
    start: () => act(() => post(`/api/tables/${tableId}/start`, {})),
    abandon: () => act(() => del(`/api/tables/${tableId}`)),
    chooseLevel: (level) => {
      // Remembered for the next redraw, without redrawing now (the select shows it already).
      state = update(state, { type: "bot_level", level });
      waitingDrawn = JSON.stringify([state.summary, state.botLevel, page().signedIn]);
    },
    identified: () => {
      refreshNav();
      drawWaiting();
    },
  };

  // ---------------------------------------------------------------- live table
  /** The token to connect with: my seat's (asking for a new one if this browser lost it), or a spectator's. */
  async function connectToken() {
    const summary = /** @type {TableSummary} */ (state.summary);
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
    if (seat) return seat.token;
    const watching = watchToken(tableId);
    if (watching) return watching;
    if (!auth()) {
      dispatch({ type: "needs_identity" });
      mount(
        root,
        identityForm(() => {
          refreshNav();
          load();
        }),
      );
      return null;
    }
    try {
      const data = await post(`/api/tables/${tableId}/watch`, {});
      setWatchToken(tableId, data.spectator_token);
      return data.spectator_token;
    } catch (err) {
      dispatch({ type: "load_failed", problem: errorText(err) });
      mount(root, renderFailure(errorText(err)));
      return null;
    }
  }

  async function startLive() {
    const token = await connectToken();
    if (!token || disposed) return;
    drawLiveSkeleton();
    sock = new TableSocket(tableId, token, {
      onWelcome: () => dispatch({ type: "welcome" }),
      onTable: (table) => dispatch({ type: "summary_merged", table }),
      onState: (message) => dispatch({ type: "state", view: message.view, at: Date.now() }),
      onEvent: (frame) => {
        dispatch({ type: "event", frame });
        feedback(frame);
      },
      onChat: (frame) => dispatch({ type: "chat", frame }),
      onError: (frame) => dispatch({ type: "refused", frame }),
      onStatus: (status) => dispatch({ type: "connection", status }),
      onFatal: (codeName, message) => {
        if (codeName === "seat_moved") {
          // The seat is played from another page or device now: say so and offer to play here,
          // rather than take it back at once (the other page would do the same, for ever).
          sock = null;
          els = null;
          dispatch({ type: "lost" });
          mount(
            root,
            h(
              "section",
              { class: "panel", "data-testid": "seat-moved" },
              h("p", {}, message || t("web.table.connection_lost")),
              h(
                "button",
                {
                  type: "button",
                  class: "btn primary",
                  "data-testid": "play-here",
                  onclick: () => {
                    setSeatToken(tableId, null, null);
                    load();
                  },
                },
                t("web.table.play_here"),
              ),
            ),
          );
          return;
        }
        if (codeName === "signed_out") {
          setAuth(null);
          setSeatToken(tableId, null, null);
          setWatchToken(tableId, null);
          refreshNav();
        }
        // A seat token the server no longer knows (the seat was given up, the table is gone):
        // forget it and show the table as anyone would see it.
        if (codeName === "bad_token") {
          const held = seatToken(tableId);
          if (held && held.token === token) setSeatToken(tableId, null, null);
          else setWatchToken(tableId, null);
        }
        toast(message || t("web.table.connection_lost"), "error");
        sock = null;
        els = null;
        dispatch({ type: "lost" });
        load();
      },
    });
    // Catch up on the last events too, so that the log says what just happened at the table.
    sock.version = Math.max(0, ((state.summary && state.summary.version) || 0) - RECENT_EVENTS);
    sock.connect();
    clearInterval(clockTimer);
    clockTimer = setInterval(() => {
      tickClocks(root, state);
      tickTimers(root, state);
    }, 1000);
  }

  // ---------------------------------------------------------------- life cycle
  get("/api/games")
    .then((data) => {
      games = Array.isArray(data) ? data : data.games || [];
    })
    .catch(() => {})
    .finally(load);
  mount(root, renderLoading());

  return {
    cleanup: () => {
      disposed = true;
      document.removeEventListener("keydown", onKey);
      clearTimeout(pollTimer);
      clearInterval(clockTimer);
      clearTimeout(holdTimer);
      if (sock) sock.close();
    },
    // A new language: texts the server made (labels, narration) must be made again, so the
    // socket says hello afresh; the page's own texts are redrawn.
    redraw: () => {
      if (state.mode === "live") {
        drawLiveSkeleton();
        if (sock) sock.restart(true);
      } else if (state.mode === "waiting") drawWaiting();
      else if (state.mode === "over") mount(root, renderOver(state, page()));
    },
  };
}
