// @ts-check
// The browser's texts: the server's "web" catalog (GET /api/i18n/{lang}), never literals in the client.
//
// Keys are the ids of tapete.text.catalog_web; placeholders are Python's str.format fields
// ("{name}"), filled here by name. A key missing from the catalog shows as the key itself, so a
// mistake is visible on screen instead of an empty button (tests/server/test_static.py catches it first).

export const LANGUAGES = ["en", "es", "fr"];
const STORAGE_KEY = "tapete.lang";

let catalog = {};
let current = "en";
const listeners = new Set();

/** The language to start with: the one chosen before, else the browser's, else English. */
export function initialLanguage() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const two = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(two)) return two;
  }
  return "en";
}

export function language() {
  return current;
}

/** Fetch a language's catalog, make it current and remember the choice. */
export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  const response = await fetch(`/api/i18n/${lang}`);
  if (!response.ok) throw new Error(`i18n ${lang}: HTTP ${response.status}`);
  catalog = await response.json();
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

/** Call fn(lang) after every language change (screens redraw, the table socket says hello again). */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * A value in the form its field asks for: "{name:de}" is "de Ana", in French "d'Ana" (elided before a
 * vowel), in English "of Ana"; a field without a form is the value itself.
 * @param {unknown} value
 * @param {string | undefined} form
 */
function inForm(value, form) {
  const text = String(value);
  if (form !== "de") return text;
  if (current === "fr") return /^[aeiouyàâäéèêëîïôöûüùœæ]/i.test(text) ? `d'${text}` : `de ${text}`;
  return current === "es" ? `de ${text}` : `of ${text}`;
}

/** The text of a key in the current language, with {fields} (and {field:de}) filled from params. */
export function t(key, params) {
  let text = catalog[key];
  if (text === undefined) {
    console.warn("tapete: no text for", key);
    text = key;
  }
  if (params) {
    text = text.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, form) =>
      name in params ? inForm(params[name], form) : whole,
    );
  }
  return text;
}
