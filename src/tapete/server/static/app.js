// @ts-check
// tapete in the browser: a single page app served by `tapete serve` (no build step, no CDN).
//
// Routes (the server answers each with index.html): /  (lobby; ?view=create, with &game= and
// &preset= to choose them; ?view=games), /t/{code} (an invite), /table/{id}, /replay/{id}, and
// /rules/{game} or /rules/{game}/{preset} (a preset's rules). Links marked data-link are followed
// without reloading the page.

import { auth, post, setAuth } from "./api.js";
import { createScreen } from "./create.js";
import { h, mount } from "./dom.js";
import { gamesScreen } from "./games.js";
import { homeScreen } from "./home.js";
import { initialLanguage, language, LANGUAGES, onLanguageChange, setLanguage, t } from "./i18n.js";
import { replayScreen } from "./replay.js";
import { rulesScreen } from "./rules.js";
import { tableScreen } from "./table.js";

const LANGUAGE_KEYS = { en: "web.lang.en", es: "web.lang.es", fr: "web.lang.fr" };

let screen = null;

function navigate(url, replace = false) {
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  route();
}

function refreshNav() {
  const nav = document.getElementById("topnav");
  const me = auth();
  mount(
    nav,
    h("a", { href: "/", "data-link": true, "data-testid": "nav-lobby" }, t("web.nav.lobby")),
    h("a", { href: "/?view=create", "data-link": true, "data-testid": "nav-create" }, t("web.nav.create")),
    me ? h("a", { href: "/?view=games", "data-link": true, "data-testid": "nav-games" }, t("web.nav.games")) : null,
    me
      ? h(
          "span",
          { class: "me" },
          h("span", { class: "me-name", "data-testid": "me-name" }, me.user.name),
          h(
            "button",
            {
              type: "button",
              class: "link-button",
              "data-testid": "signout",
              onclick: async () => {
                // Revoke the token on the server first (its seat and spectator tokens go with it);
                // forget it here whatever the answer, so that signing out always works offline too.
                try {
                  await post("/api/logout");
                } catch {
                  /* already expired or unreachable: nothing more to revoke */
                }
                setAuth(null);
                refreshNav();
                route();
              },
            },
            t("web.nav.signout"),
          ),
        )
      : null,
  );
  const switcher = document.getElementById("lang-switch");
  mount(
    switcher,
    LANGUAGES.map((lang) =>
      h(
        "button",
        {
          type: "button",
          class: `lang-button${lang === language() ? " active" : ""}`,
          "aria-pressed": lang === language() ? "true" : "false",
          // The name is what the button shows ("EN"); the language's own name is its description
          // (an aria-label of "English" over a visible "EN" fails WCAG 2.5.3, label in name).
          title: t(LANGUAGE_KEYS[lang]),
          "data-testid": `lang-${lang}`,
          onclick: () => setLanguage(lang),
        },
        lang.toUpperCase(),
      ),
    ),
  );
  switcher.setAttribute("role", "group");
  switcher.setAttribute("aria-label", t("web.lang.choose"));
}

function route() {
  if (screen) screen.cleanup();
  screen = null;
  const root = document.getElementById("app");
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  const ctx = { navigate, refreshNav };
  let m;
  if ((m = /^\/t\/([^/]+)\/?$/.exec(path))) {
    screen = tableScreen(root, { ...ctx, code: decodeURIComponent(m[1]) });
    document.title = `${t("web.app.title.table")} · tapete`;
  } else if ((m = /^\/table\/([^/]+)\/?$/.exec(path))) {
    screen = tableScreen(root, { ...ctx, tableId: decodeURIComponent(m[1]) });
    document.title = `${t("web.app.title.table")} · tapete`;
  } else if ((m = /^\/replay\/([^/]+)\/?$/.exec(path))) {
    screen = replayScreen(root, { ...ctx, tableId: decodeURIComponent(m[1]) });
    document.title = `${t("web.replay.heading")} · tapete`;
  } else if ((m = /^\/rules\/([^/]+)(?:\/([^/]+))?\/?$/.exec(path))) {
    screen = rulesScreen(root, { game: decodeURIComponent(m[1]), preset: m[2] ? decodeURIComponent(m[2]) : undefined });
    document.title = `${t("web.rules.heading")} · tapete`;
  } else if (params.get("view") === "create") {
    screen = createScreen(root, ctx);
    document.title = `${t("web.create.title")} · tapete`;
  } else if (params.get("view") === "games") {
    screen = gamesScreen(root, ctx);
    document.title = `${t("web.games.title")} · tapete`;
  } else {
    screen = homeScreen(root, ctx);
    document.title = `${t("web.app.title.lobby")} · tapete`;
  }
  root.focus({ preventScroll: true });
}

// Follow in-app links without a reload (ctrl/cmd-click still opens a new tab).
document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const link = target && target.closest("a[data-link]");
  if (!link || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});

window.addEventListener("popstate", route);

onLanguageChange(() => {
  refreshNav();
  if (screen && screen.redraw) screen.redraw();
});

async function boot() {
  try {
    await setLanguage(initialLanguage());
  } catch {
    await setLanguage("en").catch(() => {});
  }
  document.getElementById("app").setAttribute("tabindex", "-1");
  refreshNav();
  route();
  document.body.dataset.ready = "true";
}

boot();
