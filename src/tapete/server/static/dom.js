// @ts-check
// Tiny DOM helpers. Everything a person typed (names, chat) goes in through textContent, never
// innerHTML, so no one can inject markup into another player's page; innerHTML is used only for
// the card SVG that cards.js builds from validated card strings.

/**
 * Build an element: h("button", {class: "x", onclick: fn, "data-testid": "go"}, "text", child...).
 * Attributes whose value is false/null/undefined are left out; true gives an empty attribute.
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "value" && "value" in el) {
      el.value = value;
    } else if (name === "checked" || name === "selected" || name === "disabled") {
      el[name] = Boolean(value);
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** An element holding trusted SVG markup (from cards.js only). */
export function svgBox(tag, attrs, svg) {
  const el = h(tag, attrs);
  el.innerHTML = svg;
  return el;
}

/** Show a short message at the bottom of the screen for a few seconds. */
export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("div", { class: `toast toast-${kind}`, "data-testid": `toast-${kind}` }, text);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3500);
}

/** Copy text to the clipboard; falls back to selecting it where the Clipboard API is refused. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.select();
      return document.execCommand && document.execCommand("copy");
    }
    return false;
  }
}
