// @ts-check
// My games: the finished tables I sat at (GET /api/me/games), each with its replay and record.

import { downloadRecord, get } from "./api.js";
import { h, mount, toast } from "./dom.js";
import { tableTitle } from "./home.js";
import { errorText, signedIn } from "./identity.js";
import { language, t } from "./i18n.js";

function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(language());
}

export function gamesScreen(root, { refreshNav }) {
  let games = [];

  function row(table) {
    const names = (table.names || (table.seats || []).map((s) => s.name)).filter(Boolean).join(", ");
    return h(
      "li",
      { class: "lobby-table", "data-testid": "my-game", "data-table-id": table.id },
      h(
        "div",
        { class: "lobby-table-head" },
        h("strong", {}, tableTitle(table, games)),
        h("span", { class: "muted" }, when(table.finished_at || table.started_at || table.created_at)),
      ),
      names ? h("p", { class: "muted" }, names) : null,
      h(
        "div",
        { class: "row-actions" },
        h(
          "a",
          { class: "btn", href: `/replay/${table.id}`, "data-link": true, "data-testid": "my-game-replay" },
          t("web.games.replay"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn",
            "data-testid": "my-game-download",
            onclick: () => downloadRecord(table.id).catch((err) => toast(errorText(err), "error")),
          },
          t("web.games.download"),
        ),
      ),
    );
  }

  async function draw() {
    if (
      !signedIn(root, () => {
        refreshNav();
        draw();
      })
    )
      return;
    const list = h("div", { "data-testid": "my-games" }, h("p", { class: "muted" }, t("web.app.loading")));
    mount(root, h("section", { class: "panel" }, h("h2", {}, t("web.games.title")), list));
    try {
      const [data, gameData] = await Promise.all([get("/api/me/games"), get("/api/games").catch(() => [])]);
      games = Array.isArray(gameData) ? gameData : gameData.games || [];
      const tables = Array.isArray(data) ? data : data.games || data.tables || [];
      if (!tables.length)
        mount(list, h("p", { class: "muted", "data-testid": "my-games-empty" }, t("web.games.empty")));
      else mount(list, h("ul", { class: "plain" }, tables.map(row)));
    } catch (err) {
      mount(list, h("p", { class: "form-error" }, errorText(err)));
    }
  }

  draw();
  return { cleanup: () => {}, redraw: draw };
}
