// @ts-check
// Optional sounds at the table, off until the person turns them on (remembered in localStorage):
// a soft click when a card is played, a chime when the turn comes to the player, a short flourish
// with a banner. Synthesized with the Web Audio API, no audio files. No AudioContext is made before
// the person turns sounds on (browsers' autoplay rules, and nobody gets noise they did not ask for).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_KEY = "tapete.sound";

/** @type {AudioContext | null} */
let context = null;

/** Whether the person turned sounds on (off by default). */
export function soundOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

/** @param {boolean} on */
function remember(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // A browser that keeps nothing: sounds last as long as the page.
  }
}

/** The audio context, made on first use once sounds are on; null while they are off or where there is none. */
function audio() {
  if (!soundOn()) return null;
  if (!context) {
    const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Context) return null;
    try {
      context = /** @type {AudioContext} */ (new Context());
    } catch {
      return null;
    }
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/**
 * One soft note: a sine (or triangle) with a quick attack and an exponential fade.
 * @param {AudioContext} ctx
 * @param {number} freq  Hz
 * @param {number} at  seconds from now
 * @param {number} length  seconds
 * @param {number} volume  peak gain (kept low)
 * @param {OscillatorType} [type]
 */
function note(ctx, freq, at, length, volume, type = "sine") {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** A card put down: a short, soft tick. */
export function playCard() {
  const ctx = audio();
  if (!ctx) return;
  note(ctx, 1900, 0, 0.045, 0.05, "triangle");
  note(ctx, 420, 0, 0.06, 0.04);
}

/** The turn has come to the player: two bell-like notes. */
export function yourTurn() {
  const ctx = audio();
  if (!ctx) return;
  note(ctx, 880, 0, 0.35, 0.06);
  note(ctx, 1320, 0.12, 0.45, 0.05);
}

/** A banner over the table: a quick rising arpeggio. */
export function flourish() {
  const ctx = audio();
  if (!ctx) return;
  [523.25, 659.25, 783.99, 1046.5].forEach((freq, i) => note(ctx, freq, i * 0.07, 0.3, 0.05, "triangle"));
}

/**
 * The button that turns sounds on and off (aria-pressed says which), for the table's top bar.
 * Turning them on is a click, so the audio context starts inside a user gesture.
 * @returns {HTMLButtonElement}
 */
export function soundToggle() {
  const button = /** @type {HTMLButtonElement} */ (
    h(
      "button",
      {
        type: "button",
        class: "btn sound-toggle",
        "data-testid": "sound-toggle",
        "aria-pressed": soundOn() ? "true" : "false",
      },
      t("web.motion.sounds"),
    )
  );
  button.addEventListener("click", () => {
    const on = !soundOn();
    remember(on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) playCard();
    else if (context) context.suspend().catch(() => {});
  });
  return button;
}
