// @ts-check
// The lobby: who I am, join by invite code, and the public tables (waiting and live) with their seats.

import { auth, get } from "./api.js";
import { botName } from "./board.js";
import { h, mount } from "./dom.js";
import { errorText, identityForm } from "./identity.js";
import { t } from "./i18n.js";

const REFRESH_MS = 4000;
/** Tables the lobby shows: its first page. */
const LOBBY_PAGE = 50;

/** The table title people read: the game, then the preset by its display name ("… · Aragonés"). */
export function tableTitle(table, games) {
  const game = games && games.find((g) => g.name === table.game);
  const title = table.title || (game ? game.title : table.game);
  // The preset by its display name ("Clásico", "Contrée"), as the create form showed it.
  const preset = game && (game.presets || []).find((p) => p.name === table.preset);
  return `${title} · ${(preset && preset.title) || table.preset}`;
}

/** A code from what someone pasted: the code itself, or an invite link ending in /t/CODE. */
export function codeFrom(text) {
  const trimmed = String(text).trim();
  const m = /\/t\/([A-Za-z0-9]+)\/?$/.exec(trimmed);
  return (m ? m[1] : trimmed).toUpperCase();
}

export function homeScreen(root, { navigate, refreshNav }) {
  let timer = null;
  let games = [];
  const list = h("div", { class: "lobby-list", "data-testid": "lobby-list" });

  function joinBox() {
    const input = h("input", {
      type: "text",
      "data-testid": "join-code",
      "aria-label": t("web.lobby.join.code"),
      placeholder: t("web.lobby.join.placeholder"),
      autocapitalize: "characters",
      maxlength: 80,
    });
    return h(
      "section",
      { class: "panel" },
      h("h2", {}, t("web.lobby.join.title")),
      h(
        "form",
        {
          class: "inline-form",
          onsubmit: (e) => {
            e.preventDefault();
            const code = codeFrom(input.value);
            if (code) navigate(`/t/${encodeURIComponent(code)}`);
          },
        },
        input,
        h("button", { type: "submit", class: "btn", "data-testid": "join-submit" }, t("web.lobby.join.submit")),
      ),
      h(
        "p",
        {},
        h(
          "a",
          { href: "/?view=create", class: "btn primary", "data-link": true, "data-testid": "create-table" },
          t("web.lobby.create"),
        ),
      ),
    );
  }

  function seatChips(table) {
    return h(
      "ul",
      { class: "seat-chips" },
      (table.seats || []).map((s) =>
        h(
          "li",
          { class: `chip chip-${s.kind}` },
          s.kind === "open"
            ? t("web.lobby.seat.open")
            : s.kind === "bot"
              ? botName(s.seat, s.level)
              : s.name,
        ),
      ),
    );
  }

  function row(table) {
    const open = (table.seats || []).some((s) => s.kind === "open");
    const status = table.status === "live" ? t("web.lobby.status.live") : t("web.lobby.status.waiting");
    return h(
      "li",
      { class: "lobby-table", "data-testid": "lobby-table", "data-table-id": table.id, "data-status": table.status },
      h(
        "div",
        { class: "lobby-table-head" },
        h("strong", {}, tableTitle(table, games)),
        h("span", { class: `badge badge-${table.status}` }, status),
        table.rated ? h("span", { class: "badge" }, t("web.lobby.rated")) : null,
      ),
      seatChips(table),
      h(
        "div",
        { class: "row-actions" },
        table.my_seat !== null && table.my_seat !== undefined
          ? h(
              "a",
              { class: "btn primary", href: `/table/${table.id}`, "data-link": true, "data-testid": "lobby-back" },
              t("web.lobby.back_to_seat"),
            )
          : null,
        table.replaced ? h("span", { class: "muted", "data-testid": "lobby-replaced" }, t("web.lobby.replaced")) : null,
        table.my_seat === null && table.status === "waiting" && open
          ? h(
              "a",
              { class: "btn", href: `/table/${table.id}`, "data-link": true, "data-testid": "lobby-join" },
              t("web.lobby.join_table"),
            )
          : null,
        table.my_seat === null && table.status === "live"
          ? h(
              "a",
              { class: "btn", href: `/table/${table.id}`, "data-link": true, "data-testid": "lobby-watch" },
              t("web.lobby.watch"),
            )
          : null,
      ),
    );
  }

  async function refresh() {
    try {
      // The first page of the lobby (the server pages it; the asker's own tables come first).
      const data = await get(`/api/lobby?order=newest&offset=0&limit=${LOBBY_PAGE}`);
      const tables = Array.isArray(data) ? data : data.tables || [];
      if (!tables.length) mount(list, h("p", { class: "muted", "data-testid": "lobby-empty" }, t("web.lobby.empty")));
      else mount(list, h("ul", { class: "plain" }, tables.map(row)));
    } catch (err) {
      mount(list, h("p", { class: "form-error" }, errorText(err)));
    }
  }

  function draw() {
    const me = auth();
    mount(
      root,
      h(
        "div",
        { class: "home" },
        me
          ? h("p", { class: "welcome", "data-testid": "welcome" }, t("web.lobby.hello", { name: me.user.name }))
          : identityForm(() => {
              refreshNav();
              draw();
            }),
        joinBox(),
        h("section", { class: "panel" }, h("h2", {}, t("web.lobby.tables")), list),
      ),
    );
    refresh();
  }

  get("/api/games")
    .then((data) => {
      games = Array.isArray(data) ? data : data.games || [];
    })
    .catch(() => {})
    .finally(draw);
  timer = setInterval(refresh, REFRESH_MS);
  return { cleanup: () => clearInterval(timer), redraw: draw };
}
