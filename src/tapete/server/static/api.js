// @ts-check
// The REST side of the server (see the contract's "REST" section) and what the browser keeps
// between visits: the user's bearer token, and one seat token per table so that a reload (or a
// dropped connection) takes the same seat back.

import { language } from "./i18n.js";

const AUTH_KEY = "tapete.auth";
const SEAT_PREFIX = "tapete.seat.";
const WATCH_PREFIX = "tapete.watch.";

/** An HTTP error with the server's (already localised) message. */
export class ApiError extends Error {
  constructor(status, code, message, detail) {
    super(message);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

// ------------------------------------------------------------------ who I am
export function auth() {
  try {
    const data = JSON.parse(localStorage.getItem(AUTH_KEY) || "null");
    return data && data.token && data.user ? data : null;
  } catch {
    return null;
  }
}

export function setAuth(data) {
  if (data) localStorage.setItem(AUTH_KEY, JSON.stringify({ token: data.token, user: data.user }));
  else localStorage.removeItem(AUTH_KEY);
}

// ------------------------------------------------------------------ seat tokens
export function seatToken(tableId) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_PREFIX + tableId) || "null");
  } catch {
    return null;
  }
}

export function setSeatToken(tableId, seat, token) {
  if (token) localStorage.setItem(SEAT_PREFIX + tableId, JSON.stringify({ seat, token }));
  else localStorage.removeItem(SEAT_PREFIX + tableId);
}

export function watchToken(tableId) {
  return localStorage.getItem(WATCH_PREFIX + tableId);
}

export function setWatchToken(tableId, token) {
  if (token) localStorage.setItem(WATCH_PREFIX + tableId, token);
  else localStorage.removeItem(WATCH_PREFIX + tableId);
}

// ------------------------------------------------------------------ requests
/** A JSON request; resolves to the parsed body, rejects with ApiError. */
export async function request(method, path, body) {
  const headers = { Accept: "application/json", "Accept-Language": language() };
  const me = auth();
  if (me) headers.Authorization = `Bearer ${me.token}`;
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const sep = path.includes("?") ? "&" : "?";
  const response = await fetch(`${path}${sep}lang=${language()}`, init);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = (data && data.error) || {};
    // FastAPI's own validation errors come as {"detail": [...]}: keep the status, no message.
    throw new ApiError(response.status, err.code || `http_${response.status}`, err.message || "", err.detail);
  }
  return data;
}

export const get = (path) => request("GET", path);
export const post = (path, body = {}) => request("POST", path, body);
export const del = (path) => request("DELETE", path);

/** Download a finished game's record; a fetch (not a link) because it may need the bearer token. */
export async function downloadRecord(tableId) {
  const me = auth();
  const headers = me ? { Authorization: `Bearer ${me.token}` } : {};
  const response = await fetch(`/api/records/${encodeURIComponent(tableId)}?lang=${language()}`, { headers });
  if (!response.ok) {
    let message = "";
    try {
      message = (await response.json()).error.message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(response.status, `http_${response.status}`, message);
  }
  const blob = await response.blob();
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = /filename="?([^";]+)"?/.exec(disposition);
  const name = match ? match[1] : `tapete-${tableId}.json`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
