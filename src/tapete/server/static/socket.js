// @ts-check
// One table's websocket (GET /ws/{table_id}), kept alive across dropped connections.
//
// Every (re)connection starts with hello and `since` = the last version this page has applied, so
// the server replays only the events missed while away, then one fresh state. Reconnection backs
// off exponentially (with jitter, so that a restarted server is not hit by every client at once)
// and stops for good on answers that a retry cannot fix (a bad token, a closed table).

import { language } from "./i18n.js";

// Codes after which this connection must not come back by itself: the token is gone, the seat was
// opened on another page (coming back would take it from there, and that page would take it back), or
// the sign-in behind it ended.
const FATAL = new Set(["bad_token", "table_closed", "no_table", "seat_moved", "signed_out"]);
const PING_MS = 25000;

export class TableSocket {
  /**
   * handlers: {onWelcome, onState, onEvent, onChat, onError, onStatus(status), onFatal(code, message)}
   * status is "connecting" | "open" | "retrying" | "closed".
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.version = null;
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.retryTimer = null;
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.status("connecting");
    let ping = null;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, since: this.version, lang: language() }));
      ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'), PING_MS);
    };
    ws.onmessage = (message) => {
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      this.dispatch(data);
    };
    ws.onclose = () => {
      clearInterval(ping);
      if (this.ws !== ws) return; // an old socket replaced by reconnect()
      this.ws = null;
      if (this.closed) {
        this.status("closed");
        return;
      }
      this.scheduleRetry();
    };
    ws.onerror = () => {
      /* onclose follows and handles the retry */
    };
  }

  scheduleRetry() {
    const base = Math.min(8000, 400 * 2 ** this.attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt += 1;
    this.status("retrying");
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  dispatch(data) {
    const h = this.handlers;
    switch (data.type) {
      case "welcome":
        this.attempt = 0;
        this.status("open");
        h.onWelcome && h.onWelcome(data);
        break;
      case "event":
        if (typeof data.version === "number") this.version = data.version;
        h.onEvent && h.onEvent(data);
        break;
      case "state":
        if (typeof data.version === "number") this.version = data.version;
        h.onState && h.onState(data);
        break;
      case "chat":
        h.onChat && h.onChat(data);
        break;
      case "table":
        h.onTable && h.onTable(data.table);
        break;
      case "error":
        if (FATAL.has(data.code)) {
          this.close();
          h.onFatal && h.onFatal(data.code, data.message);
        } else {
          if (data.code === "stale_version") this.send({ type: "sync" });
          h.onError && h.onError(data);
        }
        break;
      default:
        break; // pong and anything newer than this client
    }
  }

  status(value) {
    this.handlers.onStatus && this.handlers.onStatus(value);
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Play an action at the version the page shows, so a click on a stale screen is refused. */
  act(action) {
    return this.send({ type: "act", action, version: this.version });
  }

  chat(text) {
    return this.send({ type: "chat", text });
  }

  /** Drop the connection and open a fresh one from scratch (e.g. after a language change). */
  restart(fromScratch) {
    if (fromScratch) this.version = null;
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.connect();
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    if (this.ws) this.ws.close();
  }
}
