// @ts-check
// Card faces and backs as inline SVG, drawn here so that the server ships no images and every
// card scales sharply from a phone to a large screen.
//
// The client knows no game. A view says which faces to draw ("spanish" or "french") and, for
// each card string of its game, the face to draw and the card's name in the reader's language
// (View.cards: "Rc" -> ["R", "c", "rey de copas"]; see frames.js). Face ranks: Spanish "1".."7",
// "S" sota, "C" caballo, "R" rey, suits "o" oros, "c" copas, "e" espadas, "b" bastos; French
// "A" "2".."10" "J" "Q" "K", suits "s" "h" "d" "c". The same card string can be a different card
// in another game ("7c"), and the same game can be shown with either faces (a Spanish
// deck under deck_faces=french), so every function takes the view's deck as well as the card.
//
// A face is a 200x300 viewBox. Suit symbols are drawn in a 100x100 box and placed by place().
// No <defs>/ids: many cards share one document and duplicate ids would cross-reference.

/** @typedef {import("./frames.js").DeckFaces} DeckFaces */

import { t } from "./i18n.js";

const INK = "#1b1b1b";
const GOLD = "#e8b422";
const GOLD_DARK = "#8a5a00";

// ------------------------------------------------------------------ suit symbols (100x100 box)
const SPANISH_SUITS = {
  // oros: a gold coin with a rim and a red heart
  o: `<circle cx="50" cy="50" r="45" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="5"/>
      <circle cx="50" cy="50" r="31" fill="none" stroke="${GOLD_DARK}" stroke-width="3"/>
      <circle cx="50" cy="50" r="13" fill="#c0392b" stroke="${GOLD_DARK}" stroke-width="3"/>`,
  // copas: a red chalice with a golden rim
  c: `<path d="M18 12 H82 C82 42 70 55 57 58 V70 C57 77 70 82 75 93 H25 C30 82 43 77 43 70 V58 C30 55 18 42 18 12 Z"
        fill="#c0392b" stroke="#6e0f0f" stroke-width="4" stroke-linejoin="round"/>
      <path d="M18 12 H82" stroke="${GOLD}" stroke-width="7" stroke-linecap="round"/>
      <rect x="40" y="62" width="20" height="7" rx="2" fill="${GOLD}"/>`,
  // espadas: an upright blue sword with a golden guard
  e: `<path d="M50 2 L58 15 V66 H42 V15 Z" fill="#a9c1da" stroke="#1f3a5a" stroke-width="3" stroke-linejoin="round"/>
      <path d="M50 16 V62" stroke="#1f3a5a" stroke-width="2"/>
      <rect x="24" y="64" width="52" height="9" rx="4" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2.5"/>
      <rect x="44.5" y="73" width="11" height="16" fill="#2a5db0" stroke="#1f3a5a" stroke-width="2.5"/>
      <circle cx="50" cy="92" r="6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2.5"/>`,
  // bastos: a green cudgel with knots and a sprouting leaf
  b: `<path d="M40 97 L32 24 C30 5 70 5 68 24 L60 97 Z" fill="#3f8f3a" stroke="#1e4d1a" stroke-width="4"
        stroke-linejoin="round"/>
      <ellipse cx="43" cy="38" rx="6" ry="3.5" fill="#1e4d1a"/>
      <ellipse cx="57" cy="56" rx="6" ry="3.5" fill="#1e4d1a"/>
      <ellipse cx="46" cy="77" rx="5" ry="3" fill="#1e4d1a"/>
      <path d="M66 28 C78 18 88 22 92 27 C83 33 75 33 66 28 Z" fill="#7cc55a" stroke="#1e4d1a" stroke-width="2"/>`,
};

const FRENCH_PATHS = {
  h: "M50 90 C22 68 5 50 5 31 C5 15 17 6 30 6 C40 6 47 12 50 21 C53 12 60 6 70 6 C83 6 95 15 95 31 C95 50 78 68 50 90 Z",
  d: "M50 3 L88 50 L50 97 L12 50 Z",
  s:
    "M50 4 C78 30 95 45 95 61 C95 75 84 83 71 83 C62 83 56 79 53 72 C54 82 58 90 66 96 H34 C42 90 46 82 47 72 " +
    "C44 79 38 83 29 83 C16 83 5 75 5 61 C5 45 22 30 50 4 Z",
  c:
    "M50 6 A20 20 0 0 1 67 37 A20 20 0 1 1 54 66 C55 80 59 89 67 96 H33 C41 89 45 80 46 66 A20 20 0 1 1 33 37 " +
    "A20 20 0 0 1 50 6 Z",
};
const FRENCH_COLOUR = { h: "#c8102e", d: "#c8102e", s: INK, c: INK };
const SPANISH_COLOUR = { o: "#a66f00", c: "#b3261e", e: "#1f4f96", b: "#2e7030" };

function frenchSuit(suit) {
  return `<path d="${FRENCH_PATHS[suit]}" fill="${FRENCH_COLOUR[suit]}"/>`;
}

/** A suit symbol (100x100 box) centred on (cx, cy), size units wide, upside down if flip. */
function place(symbol, cx, cy, size, flip = false) {
  const k = size / 100;
  const turn = flip ? " rotate(180 50 50)" : "";
  return `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${k})${turn}">${symbol}</g>`;
}

// ------------------------------------------------------------------ pip layouts (card box 200x300)
const PIPS = {
  1: [[100, 150]],
  2: [
    [100, 85],
    [100, 215],
  ],
  3: [
    [100, 70],
    [100, 150],
    [100, 230],
  ],
  4: [
    [65, 85],
    [135, 85],
    [65, 215],
    [135, 215],
  ],
  5: [
    [65, 80],
    [135, 80],
    [100, 150],
    [65, 220],
    [135, 220],
  ],
  6: [
    [65, 75],
    [135, 75],
    [65, 150],
    [135, 150],
    [65, 225],
    [135, 225],
  ],
  7: [
    [65, 70],
    [135, 70],
    [100, 110],
    [65, 150],
    [135, 150],
    [65, 230],
    [135, 230],
  ],
  8: [
    [65, 70],
    [135, 70],
    [100, 110],
    [65, 150],
    [135, 150],
    [100, 190],
    [65, 230],
    [135, 230],
  ],
  9: [
    [65, 66],
    [135, 66],
    [65, 122],
    [135, 122],
    [100, 150],
    [65, 178],
    [135, 178],
    [65, 234],
    [135, 234],
  ],
  10: [
    [65, 66],
    [135, 66],
    [100, 95],
    [65, 122],
    [135, 122],
    [65, 178],
    [135, 178],
    [100, 205],
    [65, 234],
    [135, 234],
  ],
};

function pips(symbol, count, flipLowerHalf, scale = 1) {
  const size = (count === 1 ? 100 : count <= 3 ? 60 : count <= 6 ? 50 : 42) * scale;
  return PIPS[count].map(([x, y]) => place(symbol, x, y, size, flipLowerHalf && y > 150)).join("");
}

// ------------------------------------------------------------------ frames and corners
function frame(fill = "#fffdf7") {
  return `<rect x="2" y="2" width="196" height="296" rx="14" fill="${fill}" stroke="#6b6b6b" stroke-width="3"/>`;
}

function corners(text, colour, suitSymbol) {
  const one =
    `<text x="24" y="40" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" ` +
    `font-size="32" font-weight="700" fill="${colour}">${text}</text>` +
    (suitSymbol ? place(suitSymbol, 24, 60, 24) : "");
  return one + `<g transform="rotate(180 100 150)">${one}</g>`;
}

// Spanish decks tell the suit by breaks in the frame line ("pintas"): none for oros, one for
// copas, two for espadas, three for bastos, so a fanned hand shows the suit at its edge.
function pintas(suit) {
  const parts = { o: 1, c: 2, e: 3, b: 4 }[suit];
  const left = 40;
  const width = 120;
  const gap = 8;
  const seg = (width - gap * (parts - 1)) / parts;
  let out = "";
  for (let i = 0; i < parts; i++) {
    const x = left + i * (seg + gap);
    for (const y of [10, 290]) {
      out += `<path d="M${x} ${y} H${x + seg}" stroke="${SPANISH_COLOUR[suit]}" stroke-width="3"/>`;
    }
  }
  return out;
}

// ------------------------------------------------------------------ court cards
const ROBE = { o: "#d9a21b", c: "#c0392b", e: "#2a5db0", b: "#3f8f3a" };
const SKIN = "#f4c99b";

function spanishFigure(rank, suit) {
  const robe = ROBE[suit];
  const symbol = SPANISH_SUITS[suit];
  let art = `<rect x="34" y="44" width="132" height="212" rx="8" fill="#f6efe0" stroke="${robe}" stroke-width="3"/>`;
  if (rank === "C") {
    // caballo: a rider on a horse
    art +=
      `<g fill="#8b5a2b" stroke="${INK}" stroke-width="2">` +
      `<rect x="62" y="214" width="9" height="34"/><rect x="80" y="214" width="9" height="34"/>` +
      `<rect x="112" y="214" width="9" height="34"/><rect x="130" y="214" width="9" height="34"/>` +
      `<ellipse cx="100" cy="208" rx="50" ry="22"/>` +
      `<path d="M62 206 L46 162 Q42 148 56 144 L72 152 L80 198 Z"/>` +
      `<path d="M150 200 Q164 214 158 236" fill="none" stroke-width="5"/></g>` +
      `<path d="M84 200 L88 152 Q100 144 112 152 L116 200 Z" fill="${robe}" stroke="${INK}" stroke-width="2"/>` +
      `<circle cx="100" cy="132" r="16" fill="${SKIN}" stroke="${INK}" stroke-width="2"/>` +
      `<path d="M82 124 Q100 100 118 124 Z" fill="${robe}" stroke="${INK}" stroke-width="2"/>` +
      place(symbol, 138, 150, 34);
  } else {
    art +=
      `<path d="M62 250 L74 162 Q100 146 126 162 L138 250 Z" fill="${robe}" stroke="${INK}" stroke-width="2"/>` +
      `<rect x="70" y="204" width="60" height="8" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/>` +
      `<circle cx="100" cy="130" r="20" fill="${SKIN}" stroke="${INK}" stroke-width="2"/>` +
      `<circle cx="93" cy="127" r="2" fill="${INK}"/><circle cx="107" cy="127" r="2" fill="${INK}"/>`;
    if (rank === "R") {
      // rey: a crown and a beard
      art +=
        `<path d="M80 114 L83 88 L92 102 L100 84 L108 102 L117 88 L120 114 Z" fill="${GOLD}" ` +
        `stroke="${GOLD_DARK}" stroke-width="2" stroke-linejoin="round"/>` +
        `<path d="M84 136 Q100 166 116 136 Q100 148 84 136 Z" fill="#6d6d6d"/>`;
    } else {
      // sota: a page's cap with a feather
      art +=
        `<path d="M78 120 Q100 94 122 120 Z" fill="${robe}" stroke="${INK}" stroke-width="2"/>` +
        `<path d="M118 108 Q142 86 134 72 Q128 92 112 106 Z" fill="#d8412f" stroke="${INK}" stroke-width="1.5"/>`;
    }
    art += place(symbol, 142, 176, 40);
  }
  return art;
}

function frenchFigure(rank, suit) {
  const colour = FRENCH_COLOUR[suit];
  const symbol = frenchSuit(suit);
  const half =
    `<text x="100" y="128" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" ` +
    `font-size="70" font-weight="700" fill="${colour}">${rank}</text>` +
    place(symbol, 100, 62, 26);
  return (
    `<rect x="34" y="44" width="132" height="212" rx="8" fill="#f8f1e0" stroke="${colour}" stroke-width="3"/>` +
    `<path d="M34 256 L166 44" stroke="${colour}" stroke-width="1.5" opacity="0.5"/>` +
    half +
    `<g transform="rotate(180 100 150)">${half}</g>`
  );
}

// ------------------------------------------------------------------ public API
/**
 * The face of a card string: {rank, suit} as drawn, or null if the deck has no such card.
 * @param {string} card
 * @param {DeckFaces} deck
 * @returns {{rank: string, suit: string} | null}
 */
export function parseCard(card, deck) {
  const face = deck && deck.cards ? deck.cards[String(card)] : undefined;
  return face ? { rank: face[0], suit: face[1] } : null;
}

/** @param {DeckFaces} deck */
function isFrench(deck) {
  return Boolean(deck) && deck.faces === "french";
}

const SVG_OPEN = (label) =>
  `<svg class="card-svg" viewBox="0 0 200 300" xmlns="http://www.w3.org/2000/svg" role="img" ` +
  `aria-label="${escapeAttr(label)}" focusable="false">`;

function escapeAttr(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * The SVG markup of a card face (a back if the string is not a card of the deck).
 * @param {string} card
 * @param {DeckFaces} deck
 */
export function cardSvg(card, deck) {
  const parsed = parseCard(card, deck);
  if (!parsed) return backSvg(deck);
  const { rank, suit } = parsed;
  let body;
  if (!isFrench(deck)) {
    const colour = SPANISH_COLOUR[suit];
    const number = { S: "10", C: "11", R: "12" }[rank] || rank;
    const figure = rank === "S" || rank === "C" || rank === "R";
    body =
      frame() +
      pintas(suit) +
      corners(number, colour, null) +
      (figure ? spanishFigure(rank, suit) : pips(SPANISH_SUITS[suit], Number(rank), false, rank === "1" ? 1.1 : 1.15));
  } else {
    const colour = FRENCH_COLOUR[suit];
    const symbol = frenchSuit(suit);
    const text = rank === "T" ? "10" : rank;
    const count = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, T: 10, A: 1 }[rank];
    body = frame() + corners(text, colour, symbol) + (count ? pips(symbol, count, true) : frenchFigure(text, suit));
  }
  return `${SVG_OPEN(cardLabel(card, deck))}${body}</svg>`;
}

/**
 * The SVG markup of a card back (the same for both faces; only the colour differs).
 * @param {DeckFaces} [deck]
 */
export function backSvg(deck) {
  const colour = isFrench(deck) ? "#1d3f7a" : "#8e1b1b";
  // A lattice of small diamonds, as one path: no pattern element, so no shared ids.
  let lattice = "";
  for (let row = 0; row < 11; row++) {
    for (let col = 0; col < 7; col++) {
      const x = 34 + col * 22 + (row % 2 ? 11 : 0);
      const y = 40 + row * 22;
      if (x > 170) continue;
      lattice += `M${x} ${y - 8} L${x + 7} ${y} L${x} ${y + 8} L${x - 7} ${y} Z `;
    }
  }
  return (
    `${SVG_OPEN(t("web.card.back"))}` +
    `<rect x="2" y="2" width="196" height="296" rx="14" fill="#fbf8f0" stroke="#6b6b6b" stroke-width="3"/>` +
    `<rect x="14" y="14" width="172" height="272" rx="8" fill="${colour}"/>` +
    `<path d="${lattice}" fill="rgba(255,255,255,0.18)"/>` +
    `<rect x="22" y="22" width="156" height="256" rx="6" fill="none" stroke="rgba(255,255,255,0.6)" stroke-width="2"/>` +
    `<ellipse cx="100" cy="150" rx="38" ry="52" fill="${colour}" stroke="${GOLD}" stroke-width="4"/>` +
    `<circle cx="100" cy="150" r="16" fill="${GOLD}"/></svg>`
  );
}

/**
 * A suit symbol alone, as a small square SVG (trump and contract displays).
 * @param {string} suit  a suit letter of the game's card strings
 * @param {DeckFaces} deck
 */
export function suitSvg(suit, deck) {
  const face = deck && deck.suits ? deck.suits[suit] : undefined;
  if (!face) return "";
  const letter = face[0];
  const symbol = isFrench(deck) ? FRENCH_PATHS[letter] && frenchSuit(letter) : SPANISH_SUITS[letter];
  if (!symbol) return "";
  return (
    `<svg class="suit-svg" viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg" role="img" ` +
    `aria-label="${escapeAttr(face[1])}" focusable="false">${symbol}</svg>`
  );
}

/**
 * The suit's name in the reader's language, as the server sent it.
 * @param {string} suit  a suit letter of the game's card strings
 * @param {DeckFaces} deck
 */
export function suitLabel(suit, deck) {
  const face = deck && deck.suits ? deck.suits[suit] : undefined;
  return face ? face[1] : String(suit);
}

/**
 * The card's name in the reader's language, as the server sent it ("rey de copas", "dame de cœur").
 * @param {string} card
 * @param {DeckFaces} deck
 */
export function cardLabel(card, deck) {
  const face = deck && deck.cards ? deck.cards[String(card)] : undefined;
  return face ? face[2] : t("web.card.back");
}
